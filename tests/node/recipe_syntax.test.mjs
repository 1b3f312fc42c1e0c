// The recipes' templates (src/recipe/templates/, issue 45) checked by their own
// languages' tools: every template filled with the records of every scheme (every
// vector, bet lists, round histories of each game), then `node --check` on each
// JavaScript one, `python3 -m py_compile` on the Python ones and `gofmt -l` on the Go
// ones (a program gofmt would change is listed, and fails). A tool that is missing
// fails the test, unless FV_NO_RECIPE_TOOLS=1 says the machine may skip it (said
// loudly); recipe.test.mjs runs the programs themselves.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { ROOT, VERIFIER, loadCases } from './helpers.mjs';

const require = createRequire(import.meta.url);
const FV = require(VERIFIER);
const en = JSON.parse(fs.readFileSync(path.join(ROOT, 'www/i18n/en.json'), 'utf8'));
const WORDS = Object.fromEntries(Object.entries(en).filter(([k]) => k.startsWith('recipe.')));
const TEMPLATES = path.join(ROOT, 'src/recipe/templates');

/** `cmd` is installed (it could be started); else the test fails, or with
 *  FV_NO_RECIPE_TOOLS=1 skips it. */
function tool(t, cmd, args) {
  const p = spawnSync(cmd, args, { encoding: 'utf8' });
  if (!p.error) return true;
  if (process.env.FV_NO_RECIPE_TOOLS === '1') {
    t.diagnostic(`FV_NO_RECIPE_TOOLS=1: ${cmd} is missing, its recipes were NOT checked`);
    return false;
  }
  assert.fail(`${cmd} is missing: install it, or set FV_NO_RECIPE_TOOLS=1 to skip its check`);
}

function samples() {
  const cases = loadCases().filter((c) => c.expect.error !== true);
  const recipes = cases.map((c) => ({ name: c.name, ...FV.recipe(c.record, WORDS) }));
  for (const scheme of ['dice', 'mines']) {
    const list = cases.filter((c) => c.record.scheme === scheme).slice(0, 3);
    const { nonce: _n, selected: _s, mines: _m, ...base } = list[0].record;
    const key = scheme === 'dice' ? 'selected' : 'mines';
    const bets = list.map((c, i) => ({ nonce: c.record.nonce, [key]: c.record[key], ...(i === 1 ? { clientSeed: 'own "seed"' } : {}) }));
    recipes.push({ name: `bets/${scheme}`, ...FV.recipe({ ...base, bets }, WORDS) });
  }
  const sha = (s) => require('node:crypto').createHash('sha256').update(s).digest('hex');
  const h = '5e'.repeat(32);
  const older = sha(h);
  const terminal = { terminal: sha(older), maxSteps: 5 };
  for (const [game, text, options] of [
    ['crash', `${h}\n${older}`, null],
    ['platforms', `${older}\n${h}`, terminal],
    ['battle', `${h},1,"12,5","87,5"\n${older};0;50;50`, terminal],
    ['chain', `${h}\n${older}`, terminal],
  ]) recipes.push({ name: `rounds/${game}`, ...FV.recipeRounds(game, text, options, WORDS) });
  // With no words, every comment is left out: the programs must still be whole.
  for (const c of cases.filter((x, i) => i % 10 === 0)) recipes.push({ name: `${c.name} (no words)`, ...FV.recipe(c.record, null) });
  return recipes;
}

test('every recipe template, filled, passes node --check, py_compile and gofmt -l', (t) => {
  const kinds = fs.readdirSync(TEMPLATES).filter((f) => f.endsWith('.tmpl'));
  const langs = new Set(kinds.map((f) => ({ js: 'node', py: 'python', go: 'go' })[f.split('.').at(-2)]));
  assert.deepEqual([...langs].sort(), ['go', 'node', 'python'], 'a template per language, named <kind>.<lang>.<ext>.tmpl');
  const recipes = samples();
  assert.deepEqual(new Set(recipes.map((r) => r.scheme)).size, 10, 'every scheme');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-recipe-syntax-'));
  const files = { node: [], python: [], go: [] };
  recipes.forEach((r, i) => {
    const d = path.join(dir, `r${i}`);
    fs.mkdirSync(d);
    const file = path.join(d, r.file);
    fs.writeFileSync(file, r.text);
    files[r.language].push({ file, name: r.name });
  });
  const failures = [];
  if (tool(t, process.execPath, ['--version'])) {
    for (const f of files.node) {
      const p = spawnSync(process.execPath, ['--check', f.file], { encoding: 'utf8' });
      if (p.status !== 0) failures.push(`node --check ${f.name}: ${p.stderr.slice(0, 300)}`);
    }
  }
  if (tool(t, 'python3', ['--version'])) {
    const p = spawnSync('python3', ['-m', 'py_compile', ...files.python.map((f) => f.file)], { encoding: 'utf8' });
    if (p.status !== 0) failures.push(`py_compile: ${p.stderr.slice(0, 600)}`);
  }
  if (tool(t, 'gofmt', ['-l', os.devNull])) {
    const p = spawnSync('gofmt', ['-l', ...files.go.map((f) => f.file)], { encoding: 'utf8' });
    if (p.status !== 0) failures.push(`gofmt: ${p.stderr.slice(0, 600)}`);
    const listed = p.stdout.split('\n').filter(Boolean);
    for (const l of listed) failures.push(`gofmt -l lists ${files.go.find((f) => f.file === l)?.name ?? l}`);
  }
  t.diagnostic(`checked ${files.node.length} node, ${files.python.length} python, ${files.go.length} go recipes`);
  fs.rmSync(dir, { recursive: true, force: true });
  assert.deepEqual(failures, []);
});
