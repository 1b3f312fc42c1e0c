// The core's classify and betLines through the built wasm (pkg/verifier.js), as the
// page's worker calls them: a file's bytes decoded and classified in one call (its
// text comes back with the answer), a paste's text classified with the form's
// scheme, bet lines read for a game; and no bet-line rules or paste guessing left
// in www/ (issue 35: the core decides, the page words it).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, VERIFIER, loadCases } from './helpers.mjs';

const fv = createRequire(import.meta.url)(VERIFIER);
const dice = loadCases().find((c) => c.record.scheme === 'dice' && !c.expect.error && c.record.nonce !== undefined).record;

test('a file\'s bytes cross once: decoded, classified, and their text given back', () => {
  const text = JSON.stringify(dice);
  const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  const f = fv.classify(new Uint8Array(le));
  assert.deepEqual([f.kind, f.scheme, f.guessed, f.text], ['record', 'dice', false, text]);
  const bad = fv.classify(new Uint8Array([0x7b, 0xff, 0x7d]));
  assert.deepEqual([bad.kind, bad.error.code, bad.error.params.offset], ['error', 'bad_utf8', 1]);
  assert.equal(bad.text, undefined);
});

test('a paste: the form\'s scheme decides between games; bets and histories', () => {
  const lines = '1732756271411; 3; 4\n1732756271412; 5; 6';
  assert.equal(fv.classify(lines).game, 'dice');
  const mines = fv.classify(lines, { scheme: 'mines' });
  assert.deepEqual([mines.kind, mines.count, mines.game], ['bets', 2, 'mines']);
  assert.deepEqual(mines.read.bets[0], { nonce: 1732756271411, mines: 3, played: { mines: [4] } });
  const hash = 'ab'.repeat(32);
  assert.deepEqual(fv.classify(`${hash},2,71`), { kind: 'rounds', count: 1, game: 'crash' });
  assert.equal(fv.classify('not a record').kind, 'unknown');
  // A lone surrogate is not text: refused as data, not thrown.
  assert.equal(fv.classify('{"a": "\ud800"}').error.code, 'bad_utf8');
});

test('betLines: the reading for the form\'s game, or the line refused with its code', () => {
  const r = fv.betLines('time,bet\n2024-11-28T01:11:11.411Z,1-3', { game: 'dice' });
  assert.deepEqual([r.ok, r.game, r.bets], [true, 'dice', [{ nonce: 1732756271411, selected: [1, 2, 3] }]]);
  assert.deepEqual(r.selection, { how: 'range', text: '1-3', faces: [1, 2, 3] });
  const no = fv.betLines('2024-11-28T01:11:11.411, 1, 2');
  assert.deepEqual(no, { ok: false, game: 'dice', error: { code: 'noOffset', line: 1, value: '2024-11-28T01:11:11.411' } });
});

test('www/ keeps no bet-line rules and no paste guessing (the core classifies)', () => {
  const files = [];
  const walk = (d) => {
    for (const f of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, f.name);
      if (f.isDirectory()) walk(p); else if (f.name.endsWith('.js')) files.push(p);
    }
  };
  walk(path.join(ROOT, 'www'));
  const having = (re) => files.filter((f) => re.test(fs.readFileSync(f, 'utf8'))).map((f) => path.relative(ROOT, f)).sort();
  assert.deepEqual(having(/parseDateTime|parseSelection|looksLikeBetLines|readBetLines|guessScheme|roundGame/), []);
  assert.deepEqual(having(/JSON\.parse/).filter((f) => f.startsWith('www/page/input')), []);
  assert.deepEqual(having(/client\.classify\(/), ['www/page/input.js']);
});

test('the badge\'s wasm leaves classify and bet lines out (feature widget): it does not grow', () => {
  const exportsOf = (file) => WebAssembly.Module.exports(new WebAssembly.Module(fs.readFileSync(path.join(ROOT, 'pkg', file)))).map((e) => e.name);
  const page = exportsOf('fairverify.wasm');
  assert.ok(page.includes('classify') && page.includes('betLines'), 'the page\'s core has them');
  const badge = exportsOf('widget.wasm');
  assert.deepEqual(badge.filter((n) => /classify|betLines/.test(n)), []);
  // Nor their code: a refusal code only bet lines use.
  assert.equal(fs.readFileSync(path.join(ROOT, 'pkg/widget.wasm')).includes('finerThanMillis'), false);
  assert.equal(fs.readFileSync(path.join(ROOT, 'pkg/fairverify.wasm')).includes('finerThanMillis'), true);
});
