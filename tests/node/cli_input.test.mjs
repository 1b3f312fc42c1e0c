// verifier.js reading real files: bytes, not text (BOM, UTF-16, invalid UTF-8 with
// its offset), the size limit before parsing, wrapped records, several files with
// the batch verdict as exit status, --human output from the English catalog, bad arguments.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadCases, runCli, VERIFIER, ROOT } from './helpers.mjs';

const cases = loadCases(path.join(ROOT, 'tests/vectors'));
const passing = cases.find((c) => c.record.scheme === 'dice' && c.expect.commitmentOk === true);
const failing = cases.find((c) => c.record.scheme === 'dice' && c.expect.commitmentOk === false);
const en = JSON.parse(fs.readFileSync(path.join(ROOT, 'www/i18n/en.json'), 'utf8'));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-input-'));
let n = 0;

function file(content) {
  const p = path.join(dir, `r${n++}.json`);
  fs.writeFileSync(p, content);
  return p;
}

function utf16(text, le) {
  const b = Buffer.from('\ufeff' + text, 'utf16le');
  if (!le) b.swap16();
  return b;
}

const passText = JSON.stringify(passing.record);
const report = (r) => JSON.parse(r.stdout);

test('a BOM file passes; UTF-16 files (LE, BE) are decoded to the same report', () => {
  const plain = report(runCli([file(passText)]));
  assert.equal(plain.verdict, 'pass');
  for (const [what, bytes] of [
    ['UTF-8 BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(passText + '\r\n')])],
    ['UTF-16LE', utf16(passText, true)],
    ['UTF-16BE', utf16(passText, false)],
  ]) {
    const r = runCli([file(bytes)]);
    assert.equal(r.code, 0, what);
    assert.deepEqual(report(r), plain, what);
  }
  // A non-ASCII seed survives UTF-16 exactly: the same result as the UTF-8 file.
  const rec = { ...passing.record, clientSeed: 'é🎲' };
  assert.deepEqual(report(runCli([file(utf16(JSON.stringify(rec), true))])), report(runCli([file(JSON.stringify(rec))])));
});

test('invalid UTF-8 in a seed is bad_utf8 with the byte offset, never replaced', () => {
  const key = '"serverSeed":"';
  const at = Buffer.from(passText).indexOf(key) + key.length;
  const bytes = Buffer.concat([Buffer.from(passText).subarray(0, at), Buffer.from([0xff, 0xfe]), Buffer.from(passText).subarray(at)]);
  for (const args of [[file(bytes)], ['-']]) {
    const r = runCli(args, args[0] === '-' ? bytes : undefined);
    assert.equal(r.code, 2);
    const e = report(r).error;
    assert.equal(e.code, 'bad_utf8');
    assert.equal(e.params.offset, at);
    assert.match(e.message, new RegExp(`offset ${at}\\b`));
  }
});

test('a 20 MB record is too_large, file or standard input, refused before it is parsed', () => {
  const big = JSON.stringify({ ...passing.record, pad: 'x'.repeat(20_000_000) });
  const p = file(big);
  const t0 = Date.now();
  runCli(['--version']);
  const startup = Date.now() - t0;
  for (const args of [[p], ['-']]) {
    const t = Date.now();
    const r = runCli(args, args[0] === '-' ? big : undefined);
    const took = Date.now() - t;
    assert.equal(r.code, 2);
    const e = report(r).error;
    assert.equal(e.code, 'too_large');
    // A file's size is known; standard input is read only until it passes the limit
    // (an endless stream never ends), so its size is what was read by then.
    if (args[0] === '-') assert.ok(e.params.size > e.params.limit && e.params.size <= Buffer.byteLength(big), String(e.params.size));
    else assert.equal(e.params.size, Buffer.byteLength(big));
    assert.equal(e.params.limit, 16 * 1024 * 1024);
    // Refused by its size before any parse (a parse would report the `pad` field, not
    // the size); the time it takes is for ./build.sh bench, not a shared machine's test.
    assert.equal(e.field, '');
    console.log(`# ${args[0]}: too_large in ${took} ms (start-up ${startup} ms)`);
  }
});

test('a wrapped record in a file is the record; wrapped 1e309 is refused as a bare one', () => {
  const r = runCli([file(JSON.stringify({ name: 'mine', record: passing.record }))]);
  assert.equal(r.code, 0);
  assert.equal(report(r).face, passing.expect.face);
  const hash = 'a'.repeat(64);
  const bare = `{"scheme":"crash","hash":"${hash}","history":1e309}`;
  for (const text of [bare, `{"name":"x","record":${bare}}`]) {
    const r2 = runCli([file(text)]);
    assert.equal(r2.code, 2, text);
    assert.equal(report(r2).error.code, 'bad_json', text);
  }
});

test('several files: each checked and reported, the exit status is the batch verdict', () => {
  const pass = file(passText);
  const fail = file(JSON.stringify(failing.record));
  const bad = file('{"scheme": "dice"}');
  const lines = (r) => r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  let r = runCli([pass, fail]);
  assert.equal(r.code, 1);
  let out = lines(r);
  assert.deepEqual(out.map((o) => o.file), [pass, fail]);
  assert.deepEqual(out.map((o) => o.result.verdict), ['pass', 'fail']);
  // A failed record outweighs a file that cannot be checked (the batch rule).
  r = runCli([fail, bad, pass]);
  assert.equal(r.code, 1);
  out = lines(r);
  assert.equal(out.length, 3);
  assert.equal(out[1].result.error.code, 'missing_field');
  assert.equal(runCli([pass, pass]).code, 0);
  // Unchecked (a crash round without its terminal) is worse than pass, better than fail.
  const unchecked = file(JSON.stringify({ scheme: 'crash', hash: 'a'.repeat(64) }));
  r = runCli([pass, unchecked]);
  assert.equal(r.code, 3);
  assert.deepEqual(lines(r).map((o) => o.result.verdict), ['pass', 'unchecked']);
  assert.equal(runCli([unchecked]).code, 3);
  assert.equal(runCli([unchecked, fail, pass]).code, 1);
  assert.equal(runCli([bad, unchecked]).code, 2);
  // A file that cannot be read is invalid input, and the others are still checked.
  r = runCli([path.join(dir, 'nope.json'), pass]);
  assert.equal(r.code, 2);
  out = lines(r);
  assert.equal(out[0].result.error.code, 'io_error');
  assert.equal(out[1].result.verdict, 'pass');
  assert.equal(runCli([bad, pass]).code, 2);
  // --help states the precedence.
  assert.match(runCli(['--help']).stdout, /1 fail > 2 invalid input > 3 unchecked > 0 pass/);
});

test('--human: verdict, checks, differences, results from the English catalog; --lang falls back to English', () => {
  // A face the seeds do not give (1–6: another is an input error, SPEC).
  const face = JSON.parse(runCli(['--json', file(JSON.stringify(failing.record))]).stdout).face;
  const shownFace = (face % 6) + 1;
  const played = file(JSON.stringify({ ...failing.record, played: { face: shownFace } }));
  const r = runCli(['--human', played]);
  assert.equal(r.code, 1);
  // Each check in the sentence for its outcome (issue 44: never a sentence that says
  // it holds beside a ✗).
  // The seed misses its published hash: the outcome is the entered seed's, headed as
  // such, never as the game's result (turn-8 reading ru 9).
  for (const key of ['verdict.fail', 'check.heading', 'render.check.commitmentOk.bad', 'render.result.fromFailed.summary', 'cli.fullReport']) {
    assert.ok(r.stdout.includes(en[key]), `${key} in\n${r.stdout}`);
  }
  assert.ok(r.stdout.includes(`✗ ${en['render.check.played.bad'].one.replace('{count}', '1')}`), r.stdout);
  assert.ok(!r.stdout.includes(en['check.commitmentOk']), 'no sentence that says the commitment holds');
  assert.ok(r.stdout.includes(en['diff.headingCount'].one.replace('{count}', '1')), r.stdout);
  // The page's sentence for the difference, the place by its name (issue 44: never a
  // key such as "face").
  const says = en['render.diff.says.face'].replace('{played}', String(shownFace)).replace('{computed}', String(failing.expect.face));
  assert.ok(r.stdout.includes(en['render.diff.line'].replace('{place}', en['render.diff.at.face']).replace('{says}', says)), r.stdout);
  assert.ok(!/^\s*face\b/m.test(r.stdout), r.stdout);
  assert.ok(r.stdout.includes(failing.record.serverSeedHash), 'the published hash, verbatim');
  assert.ok(r.stdout.split('\n').length < 25, 'one screen');
  for (const lang of [['--lang', 'xx'], ['--lang=tlh']]) {
    assert.equal(runCli(['--human', ...lang, played]).stdout, r.stdout, lang.join(' '));
  }
  // A language with a catalog: --lang, else LC_ALL / LC_MESSAGES / LANG.
  const ro = JSON.parse(fs.readFileSync(path.join(ROOT, 'www/i18n/ro.json'), 'utf8'));
  const roOut = runCli(['--human', '--lang', 'ro', played]).stdout;
  assert.ok(roOut.includes(ro['verdict.fail']) && roOut.includes(ro['check.heading']), roOut);
  const env = (vars) => spawnSync(process.execPath, [VERIFIER, '--human', played], { encoding: 'utf8', env: { ...process.env, LC_ALL: '', LC_MESSAGES: '', LANG: '', ...vars } }).stdout;
  assert.equal(env({ LANG: 'ro_RO.UTF-8' }), roOut);
  assert.equal(env({ LC_ALL: 'C', LANG: 'ro_RO.UTF-8' }), r.stdout, 'LC_ALL before LANG');
  assert.equal(env({ LC_ALL: 'it_IT.UTF-8' }) === r.stdout, false, 'Italian');
  const pass = runCli(['--human', file(passText)]);
  assert.equal(pass.code, 0);
  assert.ok(pass.stdout.startsWith(en['verdict.pass']), pass.stdout);
  // Invalid input: the catalog's sentence for the code, the field by its label.
  const e = runCli(['--human', file('{"scheme": "dice"}')]);
  const err = report(runCli([file('{"scheme": "dice"}')])).error;
  assert.equal(e.code, 2);
  // A field left empty is "not checked yet", as the page says it (turn 7), never "invalid".
  assert.ok(err.code === 'missing_field' && e.stdout.startsWith(`… ${en['render.status.incomplete']}`) && !e.stdout.includes(en['verdict.error']), e.stdout);
  // The page's sentence for the code, with the field's label in it.
  assert.ok(e.stdout.includes(en[`render.err.${err.code}`].replace('{field}', en[`field.${err.field}`])), e.stdout);
  assert.ok(e.stdout.includes(en['cli.field'].replace('{field}', en[`field.${err.field}`])), e.stdout);
  // Never the record's key beside it ("(serverSeedHash)"), nor a bare code: in words (issue 44).
  assert.ok(!e.stdout.includes(`(${err.field})`) && !e.stdout.includes(`(${err.code})`), e.stdout);
  assert.ok(e.stdout.includes(en['cli.code'].replace('{code}', err.code)), e.stdout);
  // A key no catalog has shows the core's code, not nothing.
  const tooBig = runCli(['--human', '-'], JSON.stringify({ ...passing.record, pad: 'x'.repeat(17 << 20) }));
  const sentence = en['render.err.too_large'].split('{')[0].trim();
  assert.ok(tooBig.stdout.includes(sentence) && tooBig.stdout.includes(en['cli.code'].replace('{code}', 'too_large')), tooBig.stdout);
});

test('standard output at a terminal gets --human by default, a pipe gets JSON', () => {
  const p = file(passText);
  assert.equal(report(runCli([p])).verdict, 'pass');
  const tty = spawnSync('script', ['-qec', `${process.execPath} ${VERIFIER} ${p}`, '/dev/null'], { encoding: 'utf8', env: { ...process.env, LANG: 'C' } });
  if (tty.error) return; // no `script` (util-linux): nothing more to check here
  assert.equal(tty.status, 0);
  assert.ok(tty.stdout.includes(en['verdict.pass']), tty.stdout);
  const json = spawnSync('script', ['-qec', `${process.execPath} ${VERIFIER} --json ${p}`, '/dev/null'], { encoding: 'utf8' });
  assert.equal(JSON.parse(json.stdout).verdict, 'pass');
});

test('bad command lines are refused with exit 2 and a message', () => {
  for (const args of [['--frobnicate'], ['--jsonl', 'a.json'], ['--json', '--human', 'a.json'], ['--lang'], ['--self-test', '--jsonl']]) {
    const r = runCli(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.stderr, /^fairverify: /, args.join(' '));
    assert.equal(r.stdout, '');
  }
  // `--` ends the options: a file named like an option is a file.
  const p = path.join(dir, '--json');
  fs.writeFileSync(p, passText);
  const r = spawnSync(process.execPath, [VERIFIER, '--', '--json'], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
