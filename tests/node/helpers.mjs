// Shared by every Node and browser test (and the build's vector readers): paths, the
// one vector loader, the one deep-equal (the shipped self-test's own), the pass rule,
// running the CLI.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { deepEqual } from '../../www/core/equal.js';

export { deepEqual };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const VERIFIER = path.join(ROOT, 'pkg/verifier.js');

export function vectorsDir() {
  return process.env.VECTORS_DIR ? path.resolve(process.env.VECTORS_DIR) : path.join(ROOT, 'tests/vectors');
}

export function loadCases(dir = vectorsDir()) {
  const cases = [];
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.jsonl')).sort()) {
    fs.readFileSync(path.join(dir, f), 'utf8').split('\n').forEach((line, i) => {
      if (!line.trim()) return;
      const c = JSON.parse(line);
      cases.push({ file: f, name: c.name ?? `${f}:${i + 1}`, record: c.record, expect: c.expect });
    });
  }
  return cases;
}

/** The self-test's golden cases: one per scheme and game (and per error file), from
 *  the reference implementations' vectors in `dir`; chain records only with their
 *  step limit (a self-test never walks a whole chain). The page's and the
 *  no-WebAssembly build's self-tests carry the same pick (tools/bundle.mjs,
 *  tools/nowasm.mjs). */
export function goldenCases(dir) {
  const picked = [];
  const seen = new Set();
  for (const c of loadCases(dir)) {
    const key = (c.record.scheme || c.file) + '/' + (c.record.game || '') + '/' + (c.expect.error === true);
    if (seen.has(key)) continue;
    if (c.record.maxSteps === undefined && c.record.terminal !== undefined) continue;
    seen.add(key);
    picked.push({ name: c.name, record: c.record, expect: c.expect });
  }
  return picked;
}

/** One passing case per scheme and game, poker reveal, crash history and (with
 *  `bets`) bet list: the records the page's drawing and language tests show. Chain
 *  records without a `maxSteps` bound are left out (their walk is the chain tests'). */
export function onePerScheme(cases, { bets = true } = {}) {
  const picked = new Map();
  for (const c of cases) {
    if (c.expect.error) continue;
    if (c.record.terminal && !c.record.maxSteps) continue;
    const r = c.record;
    const key = `${r.scheme}/${r.game || ''}/${r.leaves ? 'leaves' : ''}/${r.history ? 'h' : ''}/${bets && r.bets ? 'b' : ''}`;
    if (!picked.has(key)) picked.set(key, c);
  }
  return [...picked.values()];
}

/** The pass rule; returns null on pass, else why it failed. `result` is a report or {error}. */
export function judge(expect, result) {
  const isError = result && typeof result === 'object' && 'error' in result && !('verdict' in result);
  if (expect.error === true) return isError ? null : `expected an error, got verdict ${result.verdict}`;
  if (isError) return `unexpected error ${JSON.stringify(result.error)}`;
  for (const [k, want] of Object.entries(expect)) {
    // SPEC "Vectors": null in expect means the key is absent (or null).
    if (want === null && (!(k in result) || result[k] === null)) continue;
    if (!(k in result)) return `\`${k}\` missing from the report`;
    if (!deepEqual(result[k], want)) {
      return `\`${k}\`: expected ${JSON.stringify(want).slice(0, 200)}, got ${JSON.stringify(result[k]).slice(0, 200)}`;
    }
  }
  return null;
}

export function runCli(args, input) {
  const r = spawnSync(process.execPath, [VERIFIER, ...args], {
    input, encoding: 'utf8', maxBuffer: 1 << 30,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A language's catalog as www/i18n has it. @param {string} lang */
export const catalog = (lang) => JSON.parse(fs.readFileSync(path.join(ROOT, `www/i18n/${lang}.json`), 'utf8'));

/** The first vector (not an error case) whose record and expect `pred` accepts; the
 *  test fails, naming `what`, if none does. */
export function findCase(cases, pred, what) {
  const c = cases.find((x) => !x.expect.error && pred(x.record, x.expect));
  if (!c) throw new Error(`no vector: ${what}`);
  return c;
}

/** `content` in a file of its own (a fresh temporary folder), for the CLI to read. */
export function tmpFile(content, name = 'r.json') {
  const p = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fv-test-')), name);
  fs.writeFileSync(p, content);
  return p;
}
