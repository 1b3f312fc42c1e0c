// The form a player types into, and the verdict's words around it (issue 32, the
// page side): client seeds never prefilled, one input per seat where the game fixes
// the seats, no auto-capitalised seed, id, hash or nonce; pass words that say what is
// proven and what is not; a cancelled walk with no "checking" line and a Verify again
// beside it; a link of any shape fills the form it was checked with, and the old
// verdict goes at once; evidence a support agent reads at 360 px (no raw data).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { launch, openPage, PAGE, PAGE_URL, ARTIFACTS, b64url, shot, loadPageCore, nextVerdict } from './browser.mjs';
import { VERIFIER, loadCases } from '../node/helpers.mjs';

const fv = createRequire(import.meta.url)(VERIFIER);
const cases = loadCases();
const catalog = (lang) => JSON.parse(fs.readFileSync(path.join(path.dirname(PAGE), `../www/i18n/${lang}.json`), 'utf8'));
const en = catalog('en');
const passing = (pred) => cases.find((c) => c.record && c.record.scheme && pred(c.record) && c.expect.error === undefined
  && fv.verify(c.record).verdict === 'pass');
let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); });

/** Waits for the next result drawn since the last one waited for (browser.mjs
 *  nextVerdict; a new page: its first), and says its verdict. */
const finalVerdict = async (page) => (await nextVerdict(page)).verdict;

/** Every input of the form as a phone keyboard sees it. */
const formInputs = (page) => page.$$eval('#fields input[type=text], #fields textarea', (list) => list.map((i) => ({
  id: i.id, field: i.closest('[data-field]').dataset.field, value: i.value, seat: i.dataset.seat ?? null,
  label: i.labels && i.labels[0] ? i.labels[0].textContent : '',
  autocapitalize: i.getAttribute('autocapitalize'), autocorrect: i.getAttribute('autocorrect'),
  spellcheck: i.getAttribute('spellcheck'), inputmode: i.getAttribute('inputmode'),
})));

test('every game: a fresh form has empty client seeds, one input per fixed seat, nothing auto-capitalised', async () => {
  const { page, errors, context } = await openPage(browser, { width: 360, height: 780 });
  await page.goto(PAGE_URL);
  await loadPageCore(page);
  const schemes = await page.evaluate(() => FairVerifier.schemes());
  let seatGames = 0;
  for (const d of schemes) {
    const clients = new Set(d.fields.filter((f) => f.role === 'client').map((f) => f.name));
    for (const g of d.games) {
      // A fresh page each time: the game picked first, as a player does.
      await page.goto('about:blank');
      await page.goto(PAGE_URL);
      await page.click(`#game-${g.family}`);
      if (await page.$(`#kind-${d.id}`)) await page.check(`#kind-${d.id}`);
      if (await page.$('#f-game')) await page.selectOption('#f-game', g.id);
      const inputs = await formInputs(page);
      const where = `${d.id}/${g.id}`;
      assert.ok(inputs.length > 0, `${where}: a form`);
      for (const i of inputs) {
        assert.equal(i.autocapitalize, 'off', `${where} ${i.id}: autocapitalize`);
        assert.equal(i.autocorrect, 'off', `${where} ${i.id}: autocorrect`);
        assert.equal(i.spellcheck, 'false', `${where} ${i.id}: spellcheck`);
        const field = d.fields.find((f) => f.name === i.field);
        assert.equal(i.inputmode, field.kind === 'int' ? 'numeric' : 'text', `${where} ${i.id}: inputmode`);
        if (clients.has(i.field)) assert.equal(i.value, '', `${where} ${i.id}: a client seed is empty, never prefilled`);
      }
      const list = d.fields.find((f) => f.role === 'client' && f.kind === 'list');
      if (list && g.players > 0) {
        seatGames += 1;
        const seats = inputs.filter((i) => i.field === list.name);
        assert.equal(seats.length, g.players, `${where}: one input per player`);
        assert.deepEqual(seats.map((s) => s.seat), [...Array(g.players).keys()].map(String), `${where}: in the site's order`);
        // Named as the site lists the players, never by a seat (the seats are drawn
        // from these seeds: issue 41).
        assert.deepEqual(seats.map((s) => s.label), seats.map((s, i) => `Player ${i + 1}`), `${where}: players as listed`);
      }
    }
  }
  assert.equal(seatGames, 8, 'the eight match_seed_v2 games have seat inputs');
  // Picking games one after another (the old `[""]` trap): still empty seats.
  await page.click('#game-bridge');
  await page.click('#game-table');
  await page.click('#game-bridge');
  const again = await formInputs(page);
  assert.deepEqual(again.filter((i) => i.field === 'clientSeeds').map((i) => i.value), ['', '', '', '']);
  await shot(page, 'form-360-bridge-seats', { fullPage: false });
  assert.deepEqual(errors, []);
  await context.close();
});

/** Types a match_seed_v2 record into the form, field by field and seat by seat. */
async function typeMatch(page, rec) {
  await page.click(`#game-${rec.game === 'table' ? 'table' : rec.game}`);
  await page.selectOption('#f-game', rec.game);
  for (const name of ['matchId', 'serverSeed', 'commitment']) await page.fill(`#f-${name}`, rec[name]);
  for (const [i, s] of rec.clientSeeds.entries()) if (s !== '') await page.fill(`#f-clientSeeds-${i}`, s);
  for (const name of ['rolls', 'deals', 'draws', 'tileSet']) if (rec[name] !== undefined) await page.fill(`#f-${name}`, String(rec[name]));
  if (rec.hands !== undefined) await page.fill('#f-hands', rec.hands.map((h) => (h.buyer === null ? '-' : h.buyer)).join(', '));
  await page.click('#verify');
}

test('a match typed seat by seat with empty seats (last, first) passes with the right result', async () => {
  const last = passing((r) => r.scheme === 'match_seed_v2' && !r.played && r.clientSeeds.length === 4 && r.clientSeeds[3] === '' && r.clientSeeds.some((s) => s !== ''));
  const first = passing((r) => r.scheme === 'match_seed_v2' && !r.played && r.game === 'table' && r.clientSeeds[0] === '' && r.clientSeeds[1] !== '');
  assert.ok(last && first, 'vectors with empty seats');
  const { page, errors, context } = await openPage(browser, { width: 360, height: 780 });
  for (const c of [last, first]) {
    await page.goto('about:blank');
    await page.goto(PAGE_URL);
    await typeMatch(page, c.record);
    assert.equal(await finalVerdict(page), 'pass', c.name);
    const got = await page.evaluate(() => document.querySelector('#result').fvReport);
    const want = fv.verify(c.record);
    for (const k of ['seats', 'rolls', 'deals', 'hands', 'tiles']) if (want[k] !== undefined) assert.deepEqual(got[k], want[k], `${c.name}: ${k}`);
  }
  await shot(page, 'form-360-table-empty-seat-pass', { fullPage: false });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link fills its seats; a list that does not fit the seats is shown as it is', async () => {
  const c = passing((r) => r.scheme === 'match_seed_v2' && r.game === 'bridge' && !r.played && r.clientSeeds.includes(''));
  const { page, errors, context } = await openPage(browser);
  await page.goto(PAGE_URL + '#record=' + b64url(c.record));
  assert.equal(await finalVerdict(page), 'pass');
  const seats = (await formInputs(page)).filter((i) => i.field === 'clientSeeds');
  assert.deepEqual(seats.map((s) => s.value), c.record.clientSeeds);
  // Five seeds for a 4-seat game: the core refuses it, and the form shows all five.
  const five = { ...c.record, clientSeeds: [...c.record.clientSeeds, 'extra'] };
  await page.goto('about:blank');
  await page.goto(PAGE_URL + '#record=' + b64url(five));
  assert.equal(await finalVerdict(page), 'error');
  assert.deepEqual(await page.$eval('#f-clientSeeds', (t) => JSON.parse(t.value)), five.clientSeeds);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the pass words say what is proven, name the inputs to check, and lead to what you were shown', async () => {
  const bridge = passing((r) => r.game === 'bridge' && !r.played);
  const dice = passing((r) => r.scheme === 'dice' && r.nonce !== undefined && r.serverSeedHash && !r.played);
  const crash = cases.find((c) => c.record.scheme === 'crash' && c.record.terminal && !c.record.played && c.expect.chainOk === true);
  const table = passing((r) => r.game === 'table' && !r.played);
  const { page, errors, context } = await openPage(browser, { width: 360, height: 780 });
  const proven = async (rec) => {
    await page.goto('about:blank');
    await page.goto(PAGE_URL + '#record=' + b64url(rec));
    assert.equal(await finalVerdict(page), 'pass');
    return page.$eval('#verdict .proven', (p) => ({ moment: p.dataset.proven, text: p.textContent }));
  };
  const b = await proven(bridge.record);
  assert.equal(b.moment, 'deal');
  assert.ok(b.text.startsWith(en['render.verdict.pass.proven.deal']), b.text);
  for (const f of ['field.matchId', 'field.clientSeeds']) assert.ok(b.text.includes(`“${en[f]}”`), `${f} named: ${b.text}`);
  await shot(page, 'form-360-bridge-pass', { fullPage: false });
  // One tap to enter what was shown.
  await page.click('#enter-played');
  assert.ok(await page.evaluate(() => {
    const target = document.getElementById('played-entry') || document.getElementById('f-played');
    return !!target && target.contains(document.activeElement);
  }), 'the keyboard is in what-you-were-shown');
  const d = await proven(dice.record);
  assert.equal(d.moment, 'bet');
  assert.ok(!/deal/i.test(d.text), `no deal for dice: ${d.text}`);
  assert.ok(d.text.includes(`“${en['field.nonce']}”`) && d.text.includes(`“${en['field.clientSeed']}”`), d.text);
  assert.equal((await proven(table.record)).moment, 'dice');
  // The vectors' chains bring their own terminal (none of the published ones): no pass,
  // the round is unchecked and says why, and names no moment proven (SPEC §6 terminal rule).
  await page.goto('about:blank');
  await page.goto(PAGE_URL + '#record=' + b64url(crash.record));
  assert.equal(await finalVerdict(page), 'unchecked');
  assert.equal(await page.$('#verdict .proven'), null);
  assert.ok(await page.$('[data-hint="terminal_unpublished"]'), 'the hint: the terminal is no published one');
  // In Russian too (the catalogs carry every new key).
  await page.goto('about:blank');
  await page.goto(PAGE_URL + '#lang=ru&record=' + b64url(dice.record));
  await finalVerdict(page);
  assert.ok((await page.textContent('#verdict .proven')).startsWith(catalog('ru')['render.verdict.pass.proven.bet']));
  assert.deepEqual(errors, []);
  await context.close();
});

test('Cancel leaves no "checking" line, and Verify again is beside the banner', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(PAGE_URL);
  const rec = { scheme: 'hash_chain', hash: 'ab'.repeat(32), terminal: 'cd'.repeat(32), maxSteps: 100000000 };
  await page.evaluate((h) => { location.hash = h; }, '#record=' + b64url(rec));
  await page.waitForSelector('#result[data-walking] #verdict[data-verdict="checking"]');
  await page.waitForSelector('#result li.pending');
  assert.equal((await nextVerdict(page, () => page.click('#chain-cancel'))).verdict, 'cancelled');
  const after = await page.evaluate(() => ({
    pending: document.querySelectorAll('#result li.pending, #result [data-verdict="checking"]').length,
    cancelled: [...document.querySelectorAll('#result li.cancelled')].map((li) => li.dataset.check),
    text: document.querySelector('#result').textContent,
    again: !!document.querySelector('#verdict + .actions #verify-again'),
  }));
  assert.equal(after.pending, 0, 'nothing says it is still being checked');
  assert.deepEqual(after.cancelled, ['chainOk']);
  assert.ok(!after.text.includes(en['render.check.pending']), 'no "being checked"');
  assert.ok(after.text.includes(en['render.check.chainOk.cancelled']));
  // draw.chainNotFound has plural forms (its count): its words before the number.
  const notFound = typeof en['draw.chainNotFound'] === 'string' ? en['draw.chainNotFound'] : en['draw.chainNotFound'].other;
  assert.ok(!after.text.includes(notFound.split('{')[0]), 'a cancelled walk found nothing, and says so');
  assert.ok(after.again, 'Verify again right after the banner');
  await shot(page, 'form-cancelled');
  // Verify again runs the same check again.
  await page.click('#verify-again');
  await page.waitForSelector('#result[data-walking] #verdict[data-verdict="checking"]');
  assert.equal((await nextVerdict(page, () => page.click('#chain-cancel'))).verdict, 'cancelled');
  // A round history's cancelled walk: Verify again there too.
  await page.fill('#paste', `${'ab'.repeat(32)}\n${'ef'.repeat(32)}`);
  await page.waitForSelector('#paste-found[data-kind="rounds"]');
  await page.selectOption('#rounds-game', 'hash_chain');
  await page.fill('#rounds-terminal', 'cd'.repeat(32));
  await page.click('#paste-go');
  await page.waitForSelector('#verdict[data-verdict="checking"]');
  await page.waitForFunction(() => !document.querySelector('#chain-progress').hidden);
  assert.equal((await nextVerdict(page, () => page.click('#chain-cancel'))).verdict, 'cancelled');
  assert.ok(await page.$('#verdict[data-verdict="cancelled"] + .actions #verify-again'), 'Verify again beside the banner');
  // A failed verdict has it too.
  const bad = { ...passing((r) => r.scheme === 'dice' && r.serverSeedHash && r.nonce !== undefined).record, serverSeed: 'not the seed' };
  await page.evaluate((h) => { location.hash = h; }, '#record=' + b64url(bad));
  assert.equal(await finalVerdict(page), 'fail');
  assert.ok(await page.$('#verdict ~ .actions #verify-again'), 'Verify again beside a fail');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a wrapped link fills the form it was checked with; the old verdict goes at once', async () => {
  const dice = passing((r) => r.scheme === 'dice' && r.serverSeedHash && r.nonce !== undefined && r.clientSeed);
  const bad = { ...dice.record, serverSeed: 'not the seed' };
  const { page, errors, context } = await openPage(browser);
  await page.goto(PAGE_URL + '#record=' + b64url(bad));
  assert.equal(await finalVerdict(page), 'fail');
  assert.equal(await page.inputValue('#f-serverSeed'), 'not the seed');
  // A wrapped record: the form shows the inner record, and the fail is gone the
  // moment the new link is taken (never beside the new inputs).
  const seen = await page.evaluate((h) => new Promise((resolve) => {
    window.addEventListener('hashchange', () => resolve(document.querySelector('#verdict').dataset.verdict), { once: true });
    location.hash = h;
  }), '#record=' + b64url({ name: 'my round', record: dice.record }));
  assert.equal(seen, 'checking', 'the old verdict went at once');
  assert.equal(await finalVerdict(page), 'pass');
  assert.equal(await page.inputValue('#f-serverSeed'), dice.record.serverSeed);
  assert.equal(await page.inputValue('#f-clientSeed'), dice.record.clientSeed);
  // First load with a wrapped link (an empty form before it).
  await page.goto('about:blank');
  await page.goto(PAGE_URL + '#record=' + b64url({ name: 'n', record: bad }));
  assert.equal(await finalVerdict(page), 'fail');
  assert.equal(await page.inputValue('#f-serverSeed'), 'not the seed');
  assert.deepEqual(errors, []);
  await context.close();
});

/** Saves the evidence of `record` (opened by a link in `lang`) and opens it with
 *  scripts off at 360 px: {page, file, context}. */
async function evidenceAt360(page, record, lang, dir) {
  await page.goto('about:blank');
  await page.goto(`${PAGE_URL}#lang=${lang}&record=${b64url(record)}`);
  await finalVerdict(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#evidence')]);
  const file = path.join(dir, `${lang}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const p = await context.newPage();
  await p.goto('file://' + file);
  return { p, file, context };
}

test('evidence at 360 px: no table wider than the screen, results in words, shown beside recomputed, a pass printed on one page', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-form-evidence-'));
  // One deal of a passing bridge match (the number of deals is the player's to choose).
  const bridge = { record: { ...passing((r) => r.game === 'bridge' && !r.played).record, deals: 1 } };
  const table = passing((r) => r.game === 'table' && !r.played);
  const dice = passing((r) => r.scheme === 'dice' && r.nonce !== undefined && r.serverSeedHash && !r.played);
  const deals = fv.verify(bridge.record).deals.map((d) => d.map((s) => s.slice()));
  [deals[0][1][5], deals[0][2][3]] = [deals[0][2][3], deals[0][1][5]];
  const tampered = { ...bridge.record, played: { deals } };
  const { page, errors, context } = await openPage(browser, { width: 360, height: 740 });
  for (const lang of ['ru', 'ro', 'ar']) {
    for (const [name, rec] of [['bridge', bridge.record], ['table', table.record], ['dice', dice.record], ['bridge-fail', tampered]]) {
      const { p, file, context: off } = await evidenceAt360(page, rec, lang, dir);
      const seen = await p.evaluate(() => {
        const body = document.body.cloneNode(true);
        body.querySelectorAll('pre, script').forEach((n) => n.remove());
        return {
          wide: document.documentElement.scrollWidth,
          text: body.innerText,
          cards: document.querySelectorAll('#results .card').length,
          rows: [...document.querySelectorAll('table.sidebyside tr[data-diff]')].map((tr) => [...tr.cells].map((c) => c.textContent)),
        };
      });
      const where = `${lang} ${name}`;
      assert.ok(seen.wide <= 360, `${where}: evidence is ${seen.wide} px wide at 360`);
      assert.ok(!/\b(true|false)\b/.test(seen.text), `${where}: a raw boolean`);
      assert.ok(!/\[\s*\[?\d/.test(seen.text), `${where}: raw arrays of numbers`);
      if (name.startsWith('bridge')) assert.equal(seen.cards, 52 * rec.deals, `${where}: every card drawn as a card`);
      if (name === 'bridge-fail') {
        // The two swapped cards, each as shown and as recomputed, side by side.
        assert.equal(seen.rows.length, 2, `${where}: ${JSON.stringify(seen.rows)}`);
        for (const [, shown, recomputed] of seen.rows) assert.notEqual(shown, recomputed);
      }
      if (lang === 'ru') await shot(p, `evidence-360-form-${lang}-${name}`);
      if (name !== 'bridge-fail') {
        const pdf = await p.pdf({ format: 'A4', path: path.join(ARTIFACTS, `evidence-print-${lang}-${name}.pdf`) });
        const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) || []).length;
        assert.equal(pages, 1, `${where}: a printed pass is one page (${pages}); ${file}`);
      }
      await off.close();
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
});
