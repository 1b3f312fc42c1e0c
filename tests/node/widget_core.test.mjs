// The badge's own core (pkg/widget.mjs: the size-built wasm, packed with LZMA, with
// JSON read by the engine's JSON.parse and values crossing one by one) against the
// page's and CLI's core (pkg/verifier.js: serde_json over the text). Every vector,
// and hostile variants of each, must give the same report, or the same error code,
// field and params: the badge may never say something the page would not.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, VERIFIER, loadCases, judge, deepEqual } from './helpers.mjs';

const full = createRequire(import.meta.url)(VERIFIER);
// The badge's wasm instance, kept to read its memory (the allocator test below): Node
// has no Worker here, so the badge's core runs in this thread, through this constructor.
const instances = [];
const NativeInstance = WebAssembly.Instance;
WebAssembly.Instance = function Instance(module, imports) {
  const made = new NativeInstance(module, imports);
  instances.push(made);
  return made;
};
const { FairVerifier: small } = await import(pathToFileURL(path.join(ROOT, 'pkg/widget.mjs')).href);
await small.ready; // the wasm is unpacked in slices after load

/** A report, or the error as {code, field, params} (messages differ by design: the
 *  badge's come from the English catalog). A JSON syntax error's `line` and `column`
 *  are the page's alone: the engine's JSON.parse does not say where, and the badge
 *  shows no position. */
function outcome(api, input, options) {
  try {
    return { report: options ? api.verify(input, options) : api.verify(input) };
  } catch (e) {
    assert.equal(e.name, 'VerifyError', `${e.name}: ${e.message}`);
    assert.ok(e.message, `a VerifyError without a message (${e.code})`);
    const { line, column, ...params } = e.params || {};
    if (e.code !== 'bad_json') Object.assign(params, line === undefined ? {} : { line }, column === undefined ? {} : { column });
    // A key written twice: the page names its path and both values, the badge (whose
    // reader is the engine's) only that there is one (src/duplicates.rs).
    if (e.code === 'bad_json' && params.duplicate === true) {
      const { values, ...kept } = params;
      return { error: { code: e.code, field: '', params: kept } };
    }
    return { error: { code: e.code, field: e.field, params } };
  }
}

/** JSON text that keeps -0 apart from 0 (deepEqual and JSON.stringify do not). */
const canon = (v) => JSON.stringify(v, (k, x) => (Object.is(x, -0) ? '-0' : x));

/** What the badge's core leaves out by design (docs/widget.md): the diagnosis of a
 *  player's slips and the hints about typing, since its record comes from the host
 *  page and no player typed it; the notes the badge never renders (a field no scheme
 *  reads, a chess draw of two equal seeds); and `playedRead`, which only the page draws. Everything else of the page's report, the verdict
 *  first, must be the badge's too; the badge must not carry these at all. */
const TYPING_HINTS = ['lookalike_char', 'seed_wrapped', 'unknown_field', 'seeds_equal'];
function withoutTyping(o) {
  if (!o.report) return o;
  const { diagnosis, diagnosisWhere, playedRead, ...report } = o.report;
  if (report.hints) {
    report.hints = report.hints.filter((h) => !TYPING_HINTS.includes(h.code));
    if (report.hints.length === 0) delete report.hints;
  }
  return { report };
}

function same(input, label, options) {
  const a = withoutTyping(outcome(full, input, options));
  const b = outcome(small, input, options);
  if (b.report && (b.report.diagnosis || b.report.playedRead || (b.report.hints || []).some((h) => TYPING_HINTS.includes(h.code)))) {
    return `${label}: the badge carries a diagnosis or a typing hint`;
  }
  if (!deepEqual(a, b) || canon(a) !== canon(b)) {
    return `${label}: page ${JSON.stringify(a).slice(0, 300)}\n  badge ${JSON.stringify(b).slice(0, 300)}`;
  }
  return null;
}

test('the badge\'s core gives every vector the page\'s report (objects and JSON text)', () => {
  const cases = loadCases();
  const bad = [];
  for (const c of cases) {
    for (const [input, how] of [[c.record, 'object'], [JSON.stringify(c.record), 'text']]) {
      const why = same(input, `${c.name} (${how})`);
      if (why) bad.push(why);
    }
    const r = outcome(small, c.record);
    // The vector's own diagnosis is the page's (checked by wasm_conformance); the
    // badge's verdict and every other key are held to it here.
    const { diagnosis, ...expect } = c.expect;
    const verdict = judge(expect, r.report || { error: r.error });
    if (verdict) bad.push(`${c.name}: ${verdict}`);
  }
  console.log(`badge core: ${cases.length * 2} inputs compared with verifier.js`);
  assert.deepEqual(bad, []);
});

test('the badge\'s core refuses and accepts the same hostile JSON as the page', () => {
  const nest = (n) => '['.repeat(n) + ']'.repeat(n);
  const dice = { scheme: 'dice', serverSeed: 'a'.repeat(64), serverSeedHash: 'b'.repeat(64), clientSeed: 'c', nonce: 1, selected: [1, 2] };
  const diceText = JSON.stringify(dice);
  const texts = [
    '', ' ', 'null', 'true', '1', '"x"', '[]', '{}', '{"scheme":1}', '{"scheme":"nope"}',
    `{"scheme":"dice","x":${nest(125)}}`, `{"scheme":"dice","x":${nest(126)}}`,
    `{"scheme":"dice","x":${nest(127)}}`, `{"scheme":"dice","x":${nest(128)}}`, nest(127), nest(128), nest(5000),
    '{"scheme":"dice","clientSeed":"\\ud800"}', '{"scheme":"dice","\\udc00":1}', '{"scheme":"dice","clientSeed":"\\ud83d\\ude00"}',
    diceText.replace('"nonce":1', '"nonce":1e400'), diceText.replace('"nonce":1', '"nonce":-1e400'),
    diceText.replace('"nonce":1', '"nonce":1.0'), diceText.replace('"nonce":1', '"nonce":1e0'),
    diceText.replace('"nonce":1', '"nonce":-0'), diceText.replace('"nonce":1', '"nonce":0.5'),
    diceText.replace('"nonce":1', '"nonce":9007199254740991'), diceText.replace('"nonce":1', '"nonce":9007199254740992'),
    diceText.replace('"nonce":1', '"nonce":9007199254740993'), diceText.replace('"nonce":1', '"nonce":18446744073709551615'),
    diceText.replace('"nonce":1', '"nonce":18446744073709551616'), diceText.replace('"nonce":1', '"nonce":-9223372036854775808'),
    diceText.replace('"nonce":1', '"nonce":1e20'), diceText.replace('"nonce":1', '"nonce":"1"'),
    diceText.replace('"nonce":1', '"nonce":1,"nonce":2'), diceText.replace('"nonce":1', '"nonce":1,"__proto__":{"x":1}'),
    diceText.replace('"nonce":1', '"nonce":1,"played":{"face":"3"}'), diceText.replace('"nonce":1', '"nonce":1,"played":{"__proto__":3}'),
    diceText.replace('"nonce":1', '"nonce":1,"played":{"face":3.0}'), diceText.replace('"nonce":1', '"nonce":1,"played":{"face":" 3 "}'),
    diceText.replace('"nonce":1', '"nonce":1,"played":{"face":"3e0"}'), diceText.replace('"nonce":1', '"nonce":1,"played":{"face":"0x3"}'),
    diceText.replace('"nonce":1', '"nonce":1,"played":{"face":9007199254740993}'),
    diceText.replace('"nonce":1', '"nonce":1,"played":{"face":18446744073709551615}'),
    diceText.replace('"nonce":1', '"nonce":1,"played":{"face":-9223372036854775808}'),
    diceText.replace('"nonce":1', '"nonce":1,"played":{"face":{"__proto__":3}}'),
    diceText.replace('"nonce":1', '"nonce":1,"played":{"face":{"__proto__":{"x":1}}}'),
    diceText.replace('"nonce":1', '"nonce":1,"played":{"face":-0}'), diceText.replace('"nonce":1', '"nonce":-0'),
    '\ufeff' + diceText, diceText + ' ', diceText + 'x', diceText.slice(0, -1), `{"name":"n","record":${diceText}}`,
    `{"name":"n","record":${diceText},"extra":1}`, `[${diceText}]`,
    // Issue 43: numbers JavaScript's JSON.parse rounds to integers.
    diceText.replace('"nonce":1', '"nonce":17327562714110e-1'), diceText.replace('"nonce":1', '"nonce":1.0000000000000001'),
    diceText.replace('"selected":[1,2]', '"selected":[6.0]'), diceText.replace('"selected":[1,2]', '"selected":[1,2.0]'),
    diceText.replace('"nonce":1', '"nonce":1,"played":{"face":6.0}'),
    diceText.replace('"nonce":1', '"nonce":1,"bets":7.0'),
  ];
  // A key written twice (issue 43): refused by both, whatever its depth or spelling.
  const twice = [
    diceText.replace('"nonce":1', '"nonce":1,"nonce":1'), diceText.replace('"nonce":1', '"nonce":1,"n\u006fnce":2'),
    diceText.replace('"nonce":1', '"nonce":1,"played":{"face":3,"face":4}'),
    `{"name":"n","record":${diceText},"name":"m"}`, `[${diceText},${diceText.replace('"nonce":1', '"nonce":1,"clientSeed":"d"')}]`,
  ];
  texts.push(...twice);
  for (const t of twice) {
    assert.equal(outcome(full, t).error?.params?.duplicate, true, t);
    assert.equal(outcome(small, t).error?.params?.duplicate, true, t);
  }
  for (const t of texts.slice(-11, -5)) assert.notEqual(t, diceText);
  const bad = [];
  texts.forEach((t, i) => {
    const why = same(t, `text ${i} ${JSON.stringify(t.slice(0, 60))}`);
    if (why) bad.push(why);
  });
  // Objects that JSON.stringify reshapes: undefined, functions, NaN, Dates, cycles, BigInt.
  const cyc = { ...dice };
  cyc.self = cyc;
  const objects = [
    { ...dice, x: undefined }, { ...dice, played: { face: NaN } }, { ...dice, nonce: Infinity },
    { ...dice, f() {} }, { ...dice, when: new Date(0) }, cyc, { ...dice, nonce: 1n }, undefined, null,
  ];
  objects.forEach((o, i) => {
    const why = same(o, `object ${i}`);
    if (why) bad.push(why);
  });
  assert.deepEqual(bad, []);
});

// Security review, turn 5, finding 7: the badge's reader marks floats as "\udfff<number>"
// before JSON.parse, and took any string opening with U+DFFF for one ("\udfff50" read
// as 50 where the page says bad_json). Every escape JSON has, the lone surrogates and
// pairs, invalid escapes and raw controls, at the start, middle and end of a value, a
// key and a list entry: the badge's answer is the page's.
test('the badge\'s JSON reader equals the page\'s on lone surrogates and every escape', () => {
  const hash = 'ab'.repeat(32);
  const escapes = [
    '\\udfff', '\\uDFFF', '\\uDfFf', '\\udc00', '\\ud800', '\\udbff', '\\udfff50', '\\udfff1.5', '\\uDFFF-2e1',
    '\\udfff\\ud800', '\\ud800\\udfff', '\\udbff\\udfff', '\\ud83d\\ude00', '\\ud83d', '\\ude00\\ud83d',
    '\\b', '\\f', '\\n', '\\r', '\\t', '\\/', '\\\\', '\\"', '\\u0000', '\\u001f', '\\u00e9', '\\u00E9', '\\u2028',
    '\\uFEFF', '\\x41', "\\'", '\\U0041', '\\u12', '\\u12g4', '\\a', '\\', '\u0001', '\t', '\u2028', '\ud800', '\udfff',
  ];
  const places = (e) => [
    `{"scheme":"battle","hash":"${hash}","chances":["${e}","50"]}`,
    `{"scheme":"battle","hash":"${hash}","chances":["${e}50","${e}50"]}`,
    `{"scheme":"battle","hash":"${hash}","chances":[50,50],"note":"a${e}"}`,
    `{"scheme":"battle","hash":"${hash}","chances":[50,50],"note":"${e}z"}`,
    `{"scheme":"battle","hash":"${hash}","chances":[50,50],"${e}":1}`,
    `{"scheme":"crash","hash":"${hash}","played":{"multiplier":"${e}2.5"}}`,
    `{"scheme":"dice","serverSeed":"${e}","clientSeed":"c${e}","nonce":1732379935843,"selected":[1]}`,
    `{"scheme":"${e}dice"}`,
  ];
  const texts = escapes.flatMap(places);
  // The review's own case: a two-round private chain's chances as marked strings.
  texts.push(`{"scheme":"battle","hash":"${hash}","chances":["\\udfff50","\\udfff50"]}`);
  texts.push(`{"scheme":"battle","hash":"${hash}","chances":["\\udfff50.0","\\udfff5e1"],"x":1.5}`);
  const bad = [];
  texts.forEach((t, i) => {
    const why = same(t, `text ${i} ${JSON.stringify(t.slice(0, 120))}`);
    if (why) bad.push(why);
  });
  console.log(`badge reader: ${texts.length} hostile texts compared with verifier.js`);
  assert.deepEqual(bad, []);
});

test('the badge\'s core matches the page for walks, shown commitments and played values', () => {
  const bad = [];
  for (const c of loadCases()) {
    const r = c.record;
    if (!r || typeof r !== 'object') continue;
    const variants = [];
    if (r.terminal !== undefined) {
      variants.push([r, { walk: 'pending' }], [r, { walk: { steps: 3, found: true } }], [r, { walk: { steps: 0, found: false } }]);
    }
    const commitment = ['serverSeedHash', 'commitment', 'hash', 'commitA'].find((k) => typeof r[k] === 'string');
    if (commitment) variants.push([r, { shown: r[commitment] }], [r, { shown: 'ab'.repeat(32) }]);
    variants.forEach(([rec, opts], i) => {
      const why = same(rec, `${c.name} options ${i} ${JSON.stringify(opts)}`, opts);
      if (why) bad.push(why);
    });
  }
  assert.deepEqual(bad, []);
});

test('the badge\'s core finds seed_case where the page does, beyond ASCII (its case mappings are the engine\'s)', async () => {
  const { createHash } = await import('node:crypto');
  const sha256 = (s) => createHash('sha256').update(s, 'utf8').digest('hex');
  const c = loadCases().find((x) => x.record && typeof x.record.serverSeed === 'string' && typeof x.record.serverSeedHash === 'string');
  assert.ok(c, 'a vector with serverSeed and serverSeedHash');
  const bad = [];
  // Typed, and the seed the hash was made from: ß becomes SS, a final Σ becomes ς,
  // the Kelvin sign a k, İ an i with a dot above, ǅ (title case) Ǆ or ǆ.
  for (const [typed, seed, cased] of [
    ['ΣΑΣ Straße İ ǅ K', 'σας straße i̇ ǆ k', 'lower'],
    ['straße σας ǅ ﬃ', 'STRASSE ΣΑΣ Ǆ FFI', 'upper'],
  ]) {
    const rec = { ...c.record, serverSeed: typed, serverSeedHash: sha256(seed) };
    const why = same(rec, `${c.name} seed ${JSON.stringify(typed)}`);
    if (why) bad.push(why);
    const hint = (full.verify(rec).hints || []).find((h) => h.code === 'seed_case');
    assert.equal(hint && hint.case, cased, `the page's seed_case for ${JSON.stringify(typed)}`);
  }
  assert.deepEqual(bad, []);
});

test('the badge\'s core reads a played multiplier written as a number as the page does (serde_json\'s text of it)', () => {
  const c = loadCases().find((x) => x.record && x.record.scheme === 'crash' && x.expect && typeof x.expect.multiplier === 'string');
  assert.ok(c, 'a crash vector with its multiplier');
  const text = JSON.stringify({ ...c.record, played: { multiplier: 0 } });
  const bad = [];
  const shown = c.expect.multiplier;
  // As JSON text, so 2.0 stays a float as the page's serde_json reads it; across the
  // notations (zmij writes plain from 1e-5 to below 1e16, JavaScript from 1e-6 to below 1e21).
  const numbers = [shown, `${shown}0`, `${shown}1`, `${shown}e0`, `${Number(shown) * 100}e-2`, '2', '2.0', '2.5', '0.0', '-0.0', '-2.5',
    '1e-5', '0.00001', '1.5e-5', '9.99e-6', '1e-6', '1e-7', '5e-324', '123456789012345.67', '9999999999999998.0',
    '1e16', '1.5e16', '1.2345678901234567e20', '1e21', '1.7976931348623157e308', '100.125', '0.1', '0.10', '33.333'];
  for (const n of numbers) {
    const why = same(text.replace('"multiplier":0', `"multiplier":${n}`), `${c.name} played multiplier ${n}`);
    if (why) bad.push(why);
  }
  assert.deepEqual(bad, []);
});

test('the badge\'s allocator (lol_alloc\'s free list) reuses what it frees: a thousand verifications, memory flat, reports unchanged', () => {
  const cases = loadCases().filter((c) => c.record && typeof c.record === 'object');
  // Small and large blocks interleaved: every vector, and a record whose client seed
  // is 200 KB (a block far beyond the others, grown by realloc as the text is read).
  const big = { ...cases[0].record, clientSeed: 'x'.repeat(200_000) };
  const round = () => {
    const out = cases.map((c) => canon(outcome(small, c.record)));
    out.push(canon(outcome(small, big)), canon(outcome(small, JSON.stringify(big))));
    return out;
  };
  const first = round();
  const memory = () => {
    const mine = instances.filter((i) => i.exports.memory);
    assert.ok(mine.length >= 1, 'the badge\'s wasm instance was not seen');
    return mine[mine.length - 1].exports.memory.buffer.byteLength;
  };
  const warm = memory();
  const rounds = Math.ceil(1000 / first.length);
  for (let i = 0; i < rounds; i++) assert.deepEqual(round(), first, `round ${i + 2} differs from the first`);
  // Each size class's freed blocks serve the next round: no new page after the first.
  assert.equal(memory(), warm, `memory grew from ${warm} to ${memory()} bytes over ${rounds} more rounds`);
  console.log(`badge allocator: ${rounds + 1} rounds of ${first.length} verifications in ${warm / 65536} pages`);
});

/** A dice or mines `bets` record: `count` bets under one long shared client seed
 *  (`seedBytes`), a few with their own seed and a few with `played` (one wrong). */
function betsRecord(game, count, seedBytes, mines = (i) => 1 + (i % 24)) {
  const bets = [];
  for (let i = 0; i < count; i++) {
    const b = { nonce: 1732429730859 + i };
    if (game === 'dice') b.selected = [1 + (i % 6)];
    else b.mines = mines(i);
    if (i % 97 === 3) b.clientSeed = `own-${i}`;
    if (i % 101 === 5) b.played = game === 'dice' ? { face: 1 + (i % 6) } : { mines: [1 + (i % 25)] };
    bets.push(b);
  }
  return { scheme: game, serverSeed: 'a1'.repeat(32), serverSeedHash: 'f'.repeat(64), clientSeed: 'c'.repeat(seedBytes), bets };
}

test('issue 43: a list of bets under a 1 MB client seed, in the badge\'s core in steps of at most n bets, gives the page\'s report', () => {
  for (const [game, count, mines] of [['dice', 10_000, undefined], ['mines', 2_000, () => 24], ['mines', 3_000, undefined]]) {
    const rec = betsRecord(game, count, 1 << 20, mines);
    const text = JSON.stringify(rec);
    const page = withoutTyping(outcome(full, text));
    assert.ok(page.report, `${game}: ${JSON.stringify(page).slice(0, 200)}`);
    // One call (the badge's worker before this change), and in steps.
    assert.equal(canon(outcome(small, text)), canon(page), `${game}: the badge's one call`);
    const n = 97;
    const v = small.verification(text);
    let calls = 0;
    let last = 0;
    while (!v.advance(n)) {
      calls++;
      assert.ok(v.steps - last <= n, `${game}: a step did ${v.steps - last} bets, more than ${n}`);
      last = v.steps;
      assert.equal(v.total, count);
    }
    assert.ok(calls >= Math.ceil(count / n), `${game}: ${count} bets in ${calls} steps of at most ${n}`);
    const stepped = { report: v.report() };
    v.free();
    assert.equal(canon(stepped), canon(page), `${game}: the badge in steps`);
  }
});

