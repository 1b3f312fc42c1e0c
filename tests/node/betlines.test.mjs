// The bet lines reader (www/page/betlines.js, issue 18), bundled for Node as the page
// bundles it: separators, quotes, headers, selections, positions, and date-times
// converted exactly to milliseconds (checked against Date.parse of the same instant)
// or refused with their reason; what it reads verifies like the same `bets` record.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as esbuild from 'esbuild';
import { ROOT, VERIFIER, loadCases } from './helpers.mjs';

async function reader() {
  const out = await esbuild.build({
    entryPoints: [path.join(ROOT, 'www/page/betlines.js')], bundle: true, format: 'esm', write: false,
    platform: 'neutral', logLevel: 'silent',
  });
  return import('data:text/javascript;base64,' + Buffer.from(out.outputFiles[0].text).toString('base64'));
}

const B = await reader();

test('separators (comma, semicolon, tab), quotes, a header, and the columns read', () => {
  const r = B.readBetLines('Nonce;Selection;Result\n1732756271411, 1 2 3, 4\n1732756271412;1-3;2\n1732756271413\t"3,5"\t\n');
  assert.equal(r.ok, true);
  assert.equal(r.game, 'dice');
  assert.equal(r.header, true);
  assert.deepEqual(r.bets, [
    { nonce: 1732756271411, selected: [1, 2, 3], played: { face: 4 } },
    { nonce: 1732756271412, selected: [1, 2, 3], played: { face: 2 } },
    { nonce: 1732756271413, selected: [3, 5] },
  ]);
  assert.deepEqual(r.columns.map((c) => c.role), ['nonce', 'selection', 'result']);
  assert.deepEqual(r.selection, { how: 'range', text: '1-3', faces: [1, 2, 3] });
  assert.deepEqual(B.splitLine('a, "b ""c"", d" ,e,', ','), ['a', 'b "c", d', 'e', '']);
});

test('a header names the columns in any order; other columns are ignored and said', () => {
  const r = B.readBetLines('amount,roll,time,bet,client seed\n5.00,6,1732756271411,246,abc\n1.00,,1732756271412,15,abc\n');
  assert.equal(r.ok, true);
  assert.deepEqual(r.bets, [
    { nonce: 1732756271411, selected: [2, 4, 6], clientSeed: 'abc', played: { face: 6 } },
    { nonce: 1732756271412, selected: [1, 5], clientSeed: 'abc' },
  ]);
  assert.deepEqual(r.columns.map((c) => [c.role, c.header]), [['nonce', 'time'], ['selection', 'bet'], ['result', 'roll'], ['clientSeed', 'client seed']]);
  assert.deepEqual(r.ignored, [{ column: 1, header: 'amount' }]);
  assert.deepEqual(r.selection, { how: 'digits', text: '246', faces: [2, 4, 6] });
});

test('mines: nonce, mines, positions; the game from the columns or the form', () => {
  const r = B.readBetLines('1732756271411\t3\t3 7 12\n1732756271412\t0\t-\n');
  assert.equal(r.game, 'mines');
  assert.deepEqual(r.bets, [{ nonce: 1732756271411, mines: 3, played: { mines: [3, 7, 12] } }, { nonce: 1732756271412, mines: 0 }]);
  assert.deepEqual(r.columns.map((c) => c.role), ['nonce', 'mines', 'positions']);
  // "3, 4" could be either: the form's game decides, else dice.
  assert.equal(B.readBetLines('1732756271411; 3; 4').game, 'dice');
  assert.equal(B.readBetLines('1732756271411; 3; 4', { prefer: 'mines' }).game, 'mines');
  assert.equal(B.readBetLines('1732756271411; 3; 4', { game: 'mines' }).bets[0].played.mines[0], 4);
  assert.equal(B.readBetLines('nonce,mines,positions\n1732756271411; 3; 4').game, 'mines');
});

test('date-times convert exactly to milliseconds, only with an offset and milliseconds', () => {
  for (let i = 0; i < 200; i++) {
    const ms = 1_600_000_000_000 + Math.floor(Math.random() * 200_000_000_000);
    const off = [0, 60, 120, -300, 330, 345, -570, 840][i % 8];
    const local = new Date(ms + off * 60000).toISOString().slice(0, 23);
    const a = Math.abs(off);
    const sign = off < 0 ? '-' : '+';
    const hh = String(Math.floor(a / 60)).padStart(2, '0');
    const mm = String(a % 60).padStart(2, '0');
    for (const text of [off === 0 ? `${local}Z` : `${local}${sign}${hh}:${mm}`, `${local.replace('T', ' ')}${sign}${hh}${mm}`]) {
      assert.equal(Date.parse(text.replace(' ', 'T').replace(/([+-]\d\d)(\d\d)$/, '$1:$2')), ms);
      assert.deepEqual(B.parseNonce(text), { nonce: ms, from: 'date' }, text);
    }
  }
  assert.deepEqual(B.parseDateTime('2024-11-28T01:11:11.411000Z'), { nonce: 1732756271411 });
  assert.deepEqual(B.parseDateTime('2024-11-28 01:11:11.411 UTC'), { nonce: 1732756271411 });
  assert.deepEqual(B.parseDateTime('2024-11-28T01:11:11.411'), { error: 'noOffset' });
  assert.deepEqual(B.parseDateTime('2024-11-28T01:11:11Z'), { error: 'noMillis' });
  assert.deepEqual(B.parseDateTime('2024-11-28T01:11:11.41Z'), { error: 'noMillis' });
  assert.deepEqual(B.parseDateTime('2024-11-28T01:11Z'), { error: 'noMillis' });
  assert.deepEqual(B.parseDateTime('2024-11-28T01:11:11.4115Z'), { error: 'finerThanMillis' });
  assert.deepEqual(B.parseDateTime('2023-02-29T01:11:11.411Z'), { error: 'badTime' });
  assert.deepEqual(B.parseDateTime('2024-11-28T24:00:00.000Z'), { error: 'badTime' });
  assert.deepEqual(B.parseDateTime('2024-11-28T01:11:11.411 CET'), { error: 'badTime' });
  const r = B.readBetLines('1732756271411, 1, 2\n2024-11-28T01:11:11.411, 1, 2');
  assert.deepEqual(r, { ok: false, game: 'dice', error: { code: 'noOffset', line: 2, value: '2024-11-28T01:11:11.411' } });
});

test('refusals name the line and the value', () => {
  const err = (text, opts) => B.readBetLines(text, opts).error;
  assert.deepEqual(err(''), { code: 'empty' });
  assert.deepEqual(err('nonce,selection'), { code: 'empty' });
  assert.equal(B.readBetLines('1732756271411, 7, 1').game, 'mines', '7 can only be a number of mines');
  assert.deepEqual(err('1732756271411, 7, 1', { game: 'dice' }), { code: 'selection', line: 1, value: '7' });
  assert.deepEqual(err('1732756271411, 3-1, 1'), { code: 'selection', line: 1, value: '3-1' });
  assert.deepEqual(err('1732756271411, 1 2, 9'), { code: 'face', line: 1, value: '9' });
  assert.deepEqual(err('1732756271411\n'), { code: 'columns', line: 1, value: 1 });
  assert.deepEqual(err('\n1732756271411, 26, 1', { game: 'mines' }), { code: 'mineCount', line: 2, value: '26' });
  assert.deepEqual(err('1732756271411, 2, 1 26', { game: 'mines' }), { code: 'positions', line: 1, value: '1 26' });
  assert.deepEqual(err('99999999999999999999, 1, 1'), { code: 'nonceRange', line: 1, value: '99999999999999999999' });
  assert.deepEqual(B.parseFace('4 win'), { face: 4 });
  assert.equal(B.looksLikeBetLines('hello, world'), false);
  assert.equal(B.looksLikeBetLines('{"nonce": 1}'), false);
  assert.equal(B.looksLikeBetLines('time,bet\n2024-11-28T01:11:11.411Z,1'), true);
});

test('what the reader reads verifies like the same bets record (verifier.js)', () => {
  const fv = createRequire(import.meta.url)(VERIFIER);
  const rec = loadCases().find((c) => c.record.scheme === 'dice' && !c.expect.error && c.record.nonce !== undefined).record;
  const { nonce: _n, selected: _s, ...seeds } = rec;
  const bets = Array.from({ length: 40 }, (_, i) => ({ nonce: 1_730_000_000_000 + i * 104_729, selected: [1 + (i % 6)] }));
  const computed = fv.verify({ ...seeds, bets });
  const lines = bets.map((b, i) => `${new Date(b.nonce).toISOString()};${b.selected.join(' ')};${computed.bets[i].face}`).join('\n');
  const r = B.readBetLines(lines);
  assert.equal(r.ok, true);
  const page = fv.verify({ ...seeds, bets: r.bets });
  const withPlayed = fv.verify({ ...seeds, bets: bets.map((b, i) => ({ ...b, played: { face: computed.bets[i].face } })) });
  assert.deepEqual(page, withPlayed);
  assert.equal(page.checks.find((c) => c.code === 'played').ok, true);
});
