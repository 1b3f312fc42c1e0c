// `verifier.js --history`: a chain record's whole history (every round of its chain
// from round 1 to the record's round, counted on the walk to the terminal) printed
// as data (--json: {report, history}) and in words from the catalogs (--human), a
// dice bet list's faces; the exit code is the record's verdict's. The chains are made
// here with Node's SHA-256 and the counts computed by the tests' own crash port
// (crash_oracle.mjs) and Node's HMAC, not by the verifier.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { loadCases, runCli, ROOT } from './helpers.mjs';
import { crashCounts, pointText } from './crash_oracle.mjs';

const sha = (s) => createHash('sha256').update(s).digest('hex');
const catalog = (lang) => JSON.parse(fs.readFileSync(path.join(ROOT, `www/i18n/${lang}.json`), 'utf8'));

function tmpFile(obj) {
  const p = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fv-h-')), 'r.json');
  fs.writeFileSync(p, typeof obj === 'string' ? obj : JSON.stringify(obj));
  return p;
}

function chain(n) {
  const links = [randomBytes(32).toString('hex')];
  for (let i = 0; i < n; i++) links.push(sha(links[i]));
  return links;
}

const n = 3000;
const links = chain(n);
const crash = { scheme: 'crash', hash: links[0], terminal: links[n] };

test('--history --json on a crash record: the report and every round counted, as an independent port counts them', () => {
  // A chain the record brings: every round counted, and unchecked, since it is none of
  // the operator's published chains (SPEC §6's terminal rule: exit 3, never 0).
  const r = runCli(['--history', '--json', tmpFile(crash)]);
  assert.equal(r.code, 3, r.stderr);
  const { report, history } = JSON.parse(r.stdout);
  assert.deepEqual([report.verdict, report.round, report.chainOk], ['unchecked', n, true]);
  assert.equal(report.hints[0].code, 'terminal_unpublished');
  const want = crashCounts(links.slice(0, n));
  assert.deepEqual(
    [history.rounds, history.round, history.found, history.instant, history.by40, history.over2, history.over10, history.over100],
    [n, n, true, want.instant, want.by40, want.over2, want.over10, want.over100]);
  assert.deepEqual(history.highest, { point: pointText(want.highest), round: want.highestRound });
  assert.deepEqual(history.longestBelow2, { length: want.longest, endRound: want.longestEnd });
  assert.equal(history.shares.length, 23);
  // The same from standard input, and from a named record.
  const s = runCli(['--history', '--json', '-'], JSON.stringify({ name: 'mine', record: crash }));
  assert.equal(s.code, 3);
  assert.equal(JSON.parse(s.stdout).history.over2, want.over2);
});

test('--history --human: the counts in the catalog’s words, in the language asked for', () => {
  const want = crashCounts(links.slice(0, n));
  for (const lang of ['en', 'ru', 'zh']) {
    const r = runCli(['--history', '--human', '--lang', lang, tmpFile(crash)]);
    assert.equal(r.code, 3);
    const c = catalog(lang);
    const num = (x) => new Intl.NumberFormat(lang).format(x);
    assert.ok(r.stdout.includes(c['history.heading']), `${lang}: heading`);
    assert.ok(r.stdout.includes(c['history.caveat']), `${lang}: what statistics cannot prove`);
    for (const count of [want.instant, want.over2, want.over10]) assert.ok(r.stdout.includes(`: ${num(count)}`) || r.stdout.includes(`：${num(count)}`), `${lang}: ${count}`);
    assert.doesNotMatch(r.stdout, /history\.|undefined|null|NaN/);
  }
});

test('--history: a walk that stops short decides nothing (SPEC §6), other records are refused with the core’s error', () => {
  let r = runCli(['--history', '--json', tmpFile({ ...crash, maxSteps: n - 1 })]);
  assert.equal(r.code, 3);
  const out = JSON.parse(r.stdout);
  assert.equal(out.report.verdict, 'unchecked');
  assert.ok(out.report.hints.some((h) => h.code === 'step_limit'), JSON.stringify(out.report.hints));
  assert.equal(out.history.found, false);
  r = runCli(['--history', '--json', tmpFile({ scheme: 'hash_chain', hash: links[0], terminal: links[n] })]);
  assert.equal(r.code, 2);
  assert.deepEqual([JSON.parse(r.stdout).error.code, JSON.parse(r.stdout).error.field], ['unknown_scheme', 'scheme']);
  r = runCli(['--history', '--json', tmpFile({ scheme: 'crash', hash: links[0] })]);
  assert.equal(r.code, 2);
  assert.deepEqual([JSON.parse(r.stdout).error.code, JSON.parse(r.stdout).error.field], ['missing_field', 'terminal']);
  r = runCli(['--history', '--json', tmpFile('not json')]);
  assert.equal(r.code, 2);
  assert.equal(JSON.parse(r.stdout).error.code, 'bad_json');
  // The command line: one record only, not with --jsonl.
  for (const args of [['--history', 'a.json', 'b.json'], ['--history'], ['--history', '--jsonl'], ['--history', '--self-test']]) {
    r = runCli(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.stderr, /--history/);
  }
});

test('--history on platforms and battle records, and on a dice bet list (faces by Node’s HMAC)', () => {
  const p = JSON.parse(runCli(['--history', '--json', tmpFile({ ...crash, scheme: 'platforms' })]).stdout).history;
  assert.equal(p.rounds, n);
  assert.equal(p.platforms.reduce((a, b) => a + b, 0), n);
  assert.equal(p.degreesOfFreedom, 24);
  const b = JSON.parse(runCli(['--history', '--json', tmpFile({ ...crash, scheme: 'battle', chances: [50, 50] })]).stdout).history;
  // Where the wheel stopped, by tenths; a winner for the record's round only.
  const point = (h) => Number(BigInt('0x' + h.slice(0, 16))) / Number(2n ** 64n - 1n);
  const half = links.slice(0, n).filter((h) => point(h) < 0.5).length;
  assert.equal(b.tenths.slice(0, 5).reduce((a, c) => a + c, 0), half);
  assert.equal(b.tenths.reduce((a, c) => a + c, 0), n);
  assert.equal(b.winner, point(crash.hash) < 0.5 ? 0 : 1);
  assert.equal(b.winners, undefined);
  const vec = loadCases().find((c) => c.record.scheme === 'dice' && !c.expect.error && c.expect.commitmentOk === true && c.record.nonce !== undefined).record;
  const { nonce: _n, selected: _s, played: _p, ...seeds } = vec;
  const bets = Array.from({ length: 500 }, (_, i) => ({ nonce: 1_700_000_000_000 + i, selected: [2, 5] }));
  const faces = Array(6).fill(0);
  for (const bet of bets) faces[Number(BigInt('0x' + createHmac('sha256', `${seeds.serverSeed}:${seeds.clientSeed}:${bet.nonce}`).update('').digest('hex')) % 6n)]++;
  const r = runCli(['--history', '--json', tmpFile({ ...seeds, bets })]);
  assert.equal(r.code, 0);
  const d = JSON.parse(r.stdout).history;
  assert.deepEqual([d.game, d.bets, d.faces], ['dice', 500, faces]);
  const h = runCli(['--history', '--human', '--lang', 'it', tmpFile({ ...seeds, bets })]);
  assert.ok(h.stdout.includes(catalog('it')['history.bets.dice.heading']));
});

test('--help names --history in every language', () => {
  for (const lang of ['en', 'ro', 'it', 'ru', 'ar', 'zh']) {
    const r = runCli(['--help', '--lang', lang]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /--history FILE/);
    // Wrapped at any column (Chinese between any two characters): compared without spaces.
    const words = catalog(lang)['cli.help.history'].replace(/\s+/g, '');
    assert.ok(r.stdout.replace(/\s+/g, '').includes(words), `${lang}: the whole sentence`);
  }
});
