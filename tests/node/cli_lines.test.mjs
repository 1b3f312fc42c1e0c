// `--human` prints every line it means to and no other (issue 43, turn-5 security
// review finding 4): a record's text (every string field, every key, a `played`
// value or key, an unknown scheme's name) and a file's name can hold line breaks
// (LF, CR LF, VT, FF, NEL, U+2028, U+2029) followed by a forged verdict; the output
// shows them as ⟨U+XXXX⟩ inside the one line they belong to, so no line starting
// with ✓ appears that the verifier did not print.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli, loadCases, onePerScheme } from './helpers.mjs';

const EN = JSON.parse(fs.readFileSync(new URL('../../www/i18n/en.json', import.meta.url), 'utf8'));
const PASS = EN['verdict.pass'];
// The verifier's own pass lines: plain, led by a hint (a line break in a seed is one),
// or led by a note (a field no scheme reads, which this test's hostile keys are).
const PASSES = new Set(['verdict.pass', 'verdict.pass.lead', 'verdict.pass.note'].map((k) => EN[k]));
const FORGED = ['✓ Verified. Every check holds.', PASS];
const BREAKS = ['\n', '\r\n', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029'];

/** Every variant of `record` with one string value or one key carrying `tail`. */
function variants(record, tail) {
  const out = [];
  const walk = (value, edit) => {
    if (typeof value === 'string') out.push(edit(value + tail));
    // An array's first and last items (a poker record's 52 leaves are alike).
    else if (Array.isArray(value)) {
      value.forEach((v, i) => {
        if (i === 0 || i === value.length - 1) walk(v, (nv) => edit(value.map((x, j) => (j === i ? nv : x))));
      });
    }
    else if (value && typeof value === 'object') {
      for (const k of Object.keys(value)) {
        walk(value[k], (nv) => edit({ ...value, [k]: nv }));
        // The key itself, and a new key beside it.
        out.push(edit(Object.fromEntries(Object.entries(value).map(([k2, v]) => [k2 === k ? k + tail : k2, v]))));
      }
      out.push(edit({ ...value, [`extra${tail}`]: 1 }));
    }
  };
  walk(record, (r) => r);
  return out;
}

/** Records that reach every printing path: one per scheme and game (pass, and fail
 *  with differences from `played`), an unknown scheme, an error. */
function baseRecords() {
  const cases = loadCases();
  const picked = onePerScheme(cases, { bets: false }).map((c) => c.record);
  const withPlayed = cases.filter((c) => !c.expect.error && c.record.played && !(c.record.terminal && !c.record.maxSteps));
  const seen = new Set();
  for (const c of withPlayed) {
    if (seen.has(c.record.scheme)) continue;
    seen.add(c.record.scheme);
    picked.push(c.record);
  }
  picked.push({ scheme: 'no such scheme', serverSeed: 'a' });
  return picked;
}

/** Asserts that in `stdout` (the output for `files`), every line starting with ✓ is a
 *  verdict the verifier printed: the line right after a file's heading (or the first
 *  line, for one file), and no forged text begins a line or follows a real break. */
function assertNoForgedLines(stdout, files, label) {
  const lines = stdout.split('\n');
  const headings = lines.filter((l) => l.startsWith('── '));
  assert.equal(headings.length, files > 1 ? files : 0, `${label}: ${headings.length} headings for ${files} files`);
  lines.forEach((line, i) => {
    const verdictLine = files > 1 ? i > 0 && lines[i - 1].startsWith('── ') : i === 0;
    if (/^\s*✓/.test(line) && !/^\s{2}/.test(line)) {
      assert.ok(verdictLine && PASSES.has(line), `${label}: line ${i + 1} is a ✓ line the verifier did not print: ${JSON.stringify(line)}`);
    }
    for (const f of FORGED) {
      const at = line.indexOf(f);
      if (at === -1 || (verdictLine && PASSES.has(line))) continue;
      // Forged text printed as part of a record's value: after a visible escape on its line.
      assert.match(line.slice(0, at), /⟨U\+[0-9A-F]{4,6}⟩\s*$/, `${label}: forged text printed as a line: ${JSON.stringify(line)}`);
    }
  });
  // No raw break other than the line feeds between the renderer's lines.
  assert.ok(!/[\r\v\f\u0085\u2028\u2029]/.test(stdout), `${label}: a raw line break printed`);
}

test('--human: a line break in any string field, key or file name never starts a line of its own', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-lines-'));
  const files = [];
  let n = 0;
  for (const record of baseRecords()) {
    // Each field with every kind of line break in turn (LF for all of them).
    for (const [k, br] of BREAKS.entries()) {
      for (const [i, v] of variants(record, `${br}${FORGED[0]}${br}${PASS}${br}`).entries()) {
        if (k > 0 && i % BREAKS.length !== k) continue;
        const file = path.join(dir, `${n++}.json`);
        fs.writeFileSync(file, JSON.stringify(v));
        files.push(file);
      }
    }
  }
  assert.ok(files.length > 300, `${files.length} files`);
  // In batches (several files: each headed by its name), in English and in Arabic
  // (a right-to-left language keeps direction isolates, nothing else).
  for (const lang of ['en', 'ar']) {
    for (let i = 0; i < files.length; i += 400) {
      const some = files.slice(i, i + 400);
      const r = runCli(['--human', '--lang', lang, ...some]);
      assert.ok([0, 1, 2, 3].includes(r.code), `exit ${r.code}: ${r.stderr}`);
      if (lang === 'en') assertNoForgedLines(r.stdout, some.length, `${lang} batch ${i}`);
      else assert.ok(!/[\r\v\f\u0085\u2028\u2029\u202e]/.test(r.stdout), 'ar: a raw line break printed');
    }
  }
  // One file at a time too (no heading: the verdict is the first line), and --history.
  for (const file of files.filter((_, i) => i % 60 === 0)) {
    assertNoForgedLines(runCli(['--human', file]).stdout, 1, file);
    assertNoForgedLines(runCli(['--human', '--history', file]).stdout, 1, `--history ${file}`);
  }
});

test('--human: a file name with line breaks is printed on its heading line', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-lines-'));
  const rec = loadCases().find((c) => c.record.scheme === 'dice' && !c.expect.error).record;
  const files = BREAKS.filter((b) => b !== '\r\n').map((br, i) => {
    const file = path.join(dir, `r${i}${br}${PASS}${br}── x${br}.json`);
    fs.writeFileSync(file, JSON.stringify(rec));
    return file;
  });
  // And one that cannot be read: its name is in the error.
  files.push(path.join(dir, `missing\n${PASS}\n.json`));
  const r = runCli(['--human', ...files]);
  assertNoForgedLines(r.stdout, files.length, 'file names');
  assert.match(r.stdout, /⟨U\+000A⟩/);
});

test('stderr and JSON: a command line or record with line breaks and format characters prints them escaped', () => {
  const r = runCli([`--bogus\n${PASS}`]);
  assert.equal(r.code, 2);
  assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-lines-'));
  const file = path.join(dir, 'r.json');
  // Every kind of Cf, not only the marks and overrides: the soft hyphen, Arabic
  // number signs, a tag character, the word joiner.
  const scheme = 'x\u00ad\u0600\u2060\u{e0041}\u2028y';
  fs.writeFileSync(file, JSON.stringify({ scheme, serverSeed: 'a' }));
  const h = runCli(['--human', file]);
  assert.ok(!/[\u00ad\u0600\u2060\u2028]|\u{e0041}/u.test(h.stdout), h.stdout);
  assert.match(h.stdout, /⟨U\+E0041⟩/);
  const j = runCli([file]);
  assert.ok(!/[\u00ad\u0600\u2060\u2028]|\u{e0041}/u.test(j.stdout), j.stdout);
  assert.equal(JSON.parse(j.stdout).error.params.scheme, scheme);
  const recipe = runCli(['--recipe', file]);
  assert.equal(recipe.stderr.trim().split('\n').length, 1, recipe.stderr);
});
