// An evidence file has one record, which a browser and the core cannot take
// differently (issue 43; turn-8 attack A2, A3): the core reads only the layout the page
// writes (the record's element first in the document, src/input.rs) and refuses any
// other HTML. For each file made here, crafted or saved by the page: either the core
// refuses it, or `document.getElementById('fairverify-record').textContent` in
// Chromium is exactly the text the core read. And the page's own evidence of a record
// whose match id and client seed name the marker's id is read back to its own
// verdict, by verifier.js and by the page, with no word against its script.
// Headless Chromium from file:// (the crafted files with scripts off and on: they hold
// no script that runs, so the parser's document is what is compared); each verdict is
// waited for with nextVerdict.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { launch, openPage, PAGE, PAGE_URL, b64url, nextVerdict, shot } from './browser.mjs';
import { VERIFIER, loadCases, runCli } from '../node/helpers.mjs';

const fv = createRequire(import.meta.url)(VERIFIER);
const en = JSON.parse(fs.readFileSync(path.join(path.dirname(PAGE), '../www/i18n/en.json'), 'utf8'));
const MARK = '<script type="application/json" id="fairverify-record">';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-evlayout-'));

let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); });

/** A bridge record whose server seed is not the one committed (a fail, whose evidence
 *  carries the recipe), with a match id and a client seed that name the marker's id. */
function hostile() {
  const bridge = loadCases().find((c) => c.record.game === 'bridge' && c.record.matchId !== undefined && !c.expect.error && fv.verify(c.record).verdict === 'pass');
  const r = bridge.record;
  const seeds = [...r.clientSeeds];
  seeds[seeds.length - 1] = `</script>${MARK}{}</script><!-- fairverify-record`;
  return { ...r, matchId: '53247-fairverify-record', clientSeeds: seeds, serverSeed: (r.serverSeed[0] === 'a' ? 'b' : 'a') + r.serverSeed.slice(1) };
}

/** The core's reading of a file's bytes: its record's text, or null when refused
 *  (with the reason `evidence: "layout"` for HTML). */
function coreRead(bytes) {
  try {
    return { text: fv.decodeFile(bytes) };
  } catch (e) {
    return { refused: (e.params && e.params.evidence) || e.code };
  }
}

/** What Chromium's parser makes of a file: the text of the element
 *  getElementById('fairverify-record') gives, or null. */
async function domRead(context, file) {
  const p = await context.newPage();
  await p.goto('file://' + file);
  const t = await p.evaluate(() => { const e = document.getElementById('fairverify-record'); return e ? e.textContent : null; });
  await p.close();
  return t;
}

test('crafted evidence files: the core refuses each, or Chromium takes the very record the core read', async () => {
  const genuine = JSON.stringify({ scheme: 'dice', serverSeed: 'a'.repeat(64), clientSeed: 'x', nonce: 0 });
  const forged = JSON.stringify({ scheme: 'dice', serverSeed: 'd'.repeat(64), clientSeed: 'x', nonce: 0 });
  const layout = (rec, after = '', head = '') => `<!DOCTYPE html>\n<html lang="en" dir="ltr" id="fairverify-evidence"><head><meta charset="utf-8">${head}${MARK}${rec}</script><title>x</title></head><body><p>evidence</p>${after}</body></html>\n`;
  const old = (body) => `<!DOCTYPE html><html><head><title>x</title></head><body><p>evidence</p>${body}</body></html>`;
  const files = {};
  // A2: an id written with character references, before or after the marker, in the
  // layout of before (the record last): 5 spellings x 2 orders.
  const ids = { f: '"&#102;airverify-record"', hex: '"fairverify&#x002d;record"', lead0: '"fairverify&#0045;record"', nosemi: '"fairverify&#45record"', unquoted: 'fairv&#101;rify-record' };
  for (const [name, id] of Object.entries(ids)) {
    const other = `<script type="application/json" id=${id}>${forged}</script>`;
    files[`old, ${name} before`] = old(`${other}${MARK}${genuine}</script>`);
    files[`old, ${name} after`] = old(`${MARK}${genuine}</script>${other}`);
    // In the layout, after the record's element: read, and the same for a browser.
    files[`layout, ${name} after`] = layout(genuine, other);
  }
  // A2: a bogus comment (ended by the first `>`) just before the marker.
  for (const [name, opener] of Object.entries({ cdata: '<![CDATA[ ', pi: '<?x ', bang: '<!x ', endtag: '</x ' })) {
    files[`old, ${name}`] = old(`${opener}${MARK}${genuine}</script>`);
    files[`layout, ${name} before`] = layout(genuine, '', opener);
    files[`layout, ${name} in the record`] = layout(`{"a":"${opener}"}`);
  }
  // Evidence in the layout of before, as the page wrote it; the layout with a `<`,
  // a script-data escape or another end tag in the record's text; a root id asked for
  // later; a comment left open after the record; a carriage return.
  files['old, as written'] = old(`<pre id="record">${genuine}</pre>${MARK}${genuine}</script>`);
  files['layout'] = layout(genuine);
  files['layout, <!--<script> in the record'] = layout(`{"a":"<!--<script>"}</script>${forged}</script>`);
  files['layout, </SCRIPT>'] = layout(`${genuine}</SCRIPT>${forged}`);
  files['layout, </script >'] = layout(`${genuine}</script >${forged}`);
  files['layout, <html id> after'] = layout(genuine, `<html id="fairverify-record"><p>${forged}</p>`);
  files['layout, <html id> in head'] = layout(genuine).replace('<title>', '<html id="fairverify-record"><title>');
  files['layout, comment left open'] = layout(genuine, `<!-- ${MARK}${forged}</script>`);
  files['layout, CR in the record'] = layout(genuine.replace(',', ',\r\n'));
  files['layout, svg before'] = layout(genuine, '', '<svg><title>');
  // Scripts off and on (a parser with scripting on reads <noscript> as raw text).
  const contexts = [await browser.newContext({ javaScriptEnabled: false }), await browser.newContext()];
  const read = [];
  const refused = [];
  let i = 0;
  for (const [name, html] of Object.entries(files)) {
    const file = path.join(dir, `crafted-${i++}.html`);
    fs.writeFileSync(file, html);
    const core = coreRead(fs.readFileSync(file));
    if (core.refused !== undefined) {
      assert.equal(core.refused, 'layout', `${name}: refused as not evidence`);
      refused.push(name);
      continue;
    }
    for (const [k, context] of contexts.entries()) {
      assert.equal(await domRead(context, file), core.text, `${name}: the browser's record is the core's (scripts ${k ? 'on' : 'off'})`);
    }
    read.push(name);
  }
  for (const context of contexts) await context.close();
  // Every file of the layout of before, every bogus comment and every `<` in the
  // record is refused; the layout with anything after its record is read.
  assert.deepEqual(refused.filter((n) => !n.startsWith('old')).sort(), [
    'layout, </SCRIPT>', 'layout, </script >', 'layout, <!--<script> in the record',
    'layout, CR in the record', 'layout, bang before', 'layout, bang in the record', 'layout, cdata before',
    'layout, cdata in the record', 'layout, endtag before', 'layout, endtag in the record', 'layout, pi before',
    'layout, pi in the record', 'layout, svg before'].sort());
  assert.equal(refused.filter((n) => n.startsWith('old')).length, 15, refused.join(' | '));
  assert.equal(read.length, 9, read.join(' | '));
});

test('the page\'s evidence of a record whose match id and client seed name the id: read back to its own verdict, its script not called foreign', async () => {
  const record = hostile();
  const verdict = fv.verify(record).verdict;
  assert.equal(verdict, 'fail');
  const { page, errors, context } = await openPage(browser, { width: 1200, height: 900 });
  try {
    await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url(record)));
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#evidence')]);
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    assert.match(download.suggestedFilename(), /53247-fairverify-record-fail\.html$/);
    const html = fs.readFileSync(file, 'utf8');
    assert.ok(html.startsWith(`<!DOCTYPE html>\n<html lang="en" dir="ltr" id="fairverify-evidence"><head><meta charset="utf-8">${MARK}`), html.slice(0, 200));
    assert.ok(html.includes('<pre dir="ltr" id="recipe">'), 'a fail carries its script');
    // The core reads the record verified; the browser's parser takes the same text.
    const core = coreRead(fs.readFileSync(file));
    assert.equal(JSON.stringify(JSON.parse(core.text)), JSON.stringify(record));
    const off = await browser.newContext({ javaScriptEnabled: false });
    assert.equal(await domRead(off, file), core.text);
    await off.close();
    // verifier.js: its own verdict, no word against its script.
    const human = runCli(['--human', '--lang', 'en', file]);
    assert.equal(human.code, 1, human.stdout + human.stderr);
    assert.ok(!human.stdout.includes(en['evidence.scriptDiffers']), human.stdout);
    const json = runCli([file]);
    assert.equal(JSON.parse(json.stdout).verdict, verdict);
    assert.equal(json.stderr, '');
    // The page's file input: the same verdict.
    await page.evaluate(() => { document.querySelector('#result').replaceChildren(); document.querySelector('#result').fvReport = null; });
    assert.equal((await nextVerdict(page, () => page.setInputFiles('#file', file))).verdict, verdict);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('evidence in the layout of before: refused on the page and by verifier.js, with words that say what to do', async () => {
  const record = JSON.stringify(loadCases().find((c) => c.record.scheme === 'dice' && !c.expect.error).record);
  const file = path.join(dir, 'old-evidence.html');
  fs.writeFileSync(file, `<!DOCTYPE html>\n<html lang="en" dir="ltr"><head><meta charset="utf-8"><title>x</title></head><body><pre id="record">${record}</pre><pre dir="ltr" id="recipe-command">recipe.py: python3 recipe.py</pre><pre dir="ltr" id="recipe">print(1)</pre>${MARK}${record}</script></body></html>\n`);
  const human = runCli(['--human', '--lang', 'en', file]);
  assert.equal(human.code, 2, human.stdout);
  assert.ok(human.stdout.includes(en['render.err.bad_json.evidence']), human.stdout);
  // Refused whole, as on the page: nothing is said of its script (neither vouched
  // for nor called foreign: turn-8 attack A3 called a genuine one "do not run it").
  assert.ok(!human.stdout.includes(en['evidence.scriptDiffers']), human.stdout);
  const cli = runCli([file]);
  const json = JSON.parse(cli.stdout);
  assert.deepEqual([json.error.code, json.error.params.evidence], ['bad_json', 'layout']);
  assert.equal(cli.stderr, '');
  const { page, errors, context } = await openPage(browser, { width: 360, height: 740 });
  try {
    await page.goto(PAGE_URL);
    await nextVerdict(page, () => page.setInputFiles('#file', file));
    assert.equal(await page.textContent('.errmsg'), en['render.err.bad_json.evidence']);
    assert.equal(await page.$('#evidence-script'), null);
    await page.locator('#verdict').scrollIntoViewIfNeeded();
    await shot(page, 'evidence-old-layout', { fullPage: false });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
