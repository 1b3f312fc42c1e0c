// One rule, three surfaces (issue 22): the verdict of a batch is the core's, and
// the page's list of records, `verifier.js --jsonl` and several files on the
// command line all give the same one (and exit with its status: 0 pass, 1 fail,
// 2 invalid, 3 unchecked). A file's bytes are decoded by the core on the page as
// in the CLI: a UTF-16LE file without a byte-order mark gets the same verdict.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { launch, openPage, PAGE_URL, nextVerdict } from './browser.mjs';
import { VERIFIER, loadCases, runCli } from '../node/helpers.mjs';

const fv = createRequire(import.meta.url)(VERIFIER);
const cases = loadCases();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-surfaces-'));
let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); });

const REC = {
  pass: cases.find((c) => c.record.scheme === 'dice' && c.expect.commitmentOk === true).record,
  fail: cases.find((c) => c.record.scheme === 'dice' && c.expect.commitmentOk === false).record,
  invalid: { scheme: 'dice', serverSeed: 'a' },
  unchecked: { scheme: 'crash', hash: 'ab'.repeat(32) },
};
// Each batch with the verdict SPEC's statuses and the batch rule give it: a failed
// record first (evidence against the operator), then a record that could not be
// checked, then one that proved nothing; pass only when all passed.
const BATCHES = [
  [['pass', 'fail', 'invalid'], 'fail', 1],
  [['invalid', 'pass', 'fail'], 'fail', 1],
  [['pass', 'invalid', 'unchecked'], 'invalid', 2],
  [['unchecked', 'pass'], 'unchecked', 3],
  [['pass', 'pass'], 'pass', 0],
];

test('a batch gets one verdict on the page, from --jsonl and from several files', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(PAGE_URL);
  for (const [kinds, verdict, exit] of BATCHES) {
    const lines = kinds.map((k) => JSON.stringify(REC[k]));
    await page.evaluate(() => { document.querySelector('#result').replaceChildren(); });
    await page.fill('#paste', lines.join('\n'));
    await nextVerdict(page, () => page.click('#paste-go'));
    assert.ok(await page.$('#batch-summary'), 'drawn: #batch-summary');
    const s = await page.$eval('#batch-summary', (e) => ({ ...e.dataset }));
    const banner = await page.getAttribute('#verdict', 'data-verdict');
    const jsonl = runCli(['--jsonl'], lines.join('\n') + '\n');
    const files = kinds.map((k, i) => {
      const f = path.join(dir, `${kinds.join('-')}-${i}.json`);
      fs.writeFileSync(f, JSON.stringify(REC[k]));
      return f;
    });
    const several = runCli(files);
    const got = { page: [banner, Number(s.exit)], jsonl: jsonl.code, files: several.code };
    assert.deepEqual(got, { page: [verdict, exit], jsonl: exit, files: exit }, kinds.join(', '));
    assert.equal(s.verdict, verdict);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a UTF-16LE file without a byte-order mark: the same verdict on the page and in the CLI', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(PAGE_URL);
  for (const [name, record] of [['pass', REC.pass], ['fail', REC.fail]]) {
    const bytes = Buffer.from(JSON.stringify(record), 'utf16le');
    assert.notEqual(bytes[0], 0xff, 'no byte-order mark');
    const f = path.join(dir, `utf16-${name}.json`);
    fs.writeFileSync(f, bytes);
    const cli = JSON.parse(runCli([f, '--json']).stdout);
    await page.evaluate(() => { document.querySelector('#result').replaceChildren(); });
    await nextVerdict(page, () => page.setInputFiles('#file', { name: 'record.json', mimeType: 'application/json', buffer: bytes }));
    const onPage = await page.getAttribute('#verdict', 'data-verdict');
    assert.equal(cli.verdict, name);
    assert.equal(onPage, cli.verdict, name);
    assert.deepEqual(await page.evaluate(() => JSON.parse(JSON.stringify(document.querySelector('#result').fvReport))), fv.verify(record));
  }
  assert.deepEqual(errors, []);
  await context.close();
});
