// The single-file page in real headless Chromium, opened from file:// with every
// other request blocked: every scheme through #record=, several typed into the form,
// bad input, a played mismatch, user text rendered literally, 360 px layout, and
// screenshots (tests/artifacts/, git-ignored) of each scheme at desktop and 360 px.
import test from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, PAGE_URL, b64url, shot, nextVerdict } from './browser.mjs';
import { createRequire } from 'node:module';
import { loadCases, VERIFIER } from '../node/helpers.mjs';
import { drawn as drawnInPage, PAGED, comparePaged } from './drawn.mjs';

const cases = loadCases();
const fv = createRequire(import.meta.url)(VERIFIER);
let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); });

/** The scheme menu sits under "Details" (the page starts from the game picker). */
async function chooseScheme(page, id) {
  await page.$eval('#tech', (d) => { d.open = true; });
  await page.selectOption('#scheme', id);
}

/** What the page drew (tests/browser/drawn.mjs: the one reader of the drawing). */
const drawn = (page) => page.evaluate(drawnInPage);

/** Compares every expected key that the page draws with what it drew. */
function compare(name, expect, got) {
  for (const [k, want] of Object.entries(expect)) {
    if (k.endsWith('Ok') && typeof want === 'boolean') {
      assert.equal(got.checks[k], want, `${name}: check ${k}`);
    } else if (k === 'gameSeed' || k === 'handValue' || k === 'root' || k === 'walked') {
      continue; // shown as text in the checks (a short walk's steps: in its step_limit hint); not a drawn element
    } else if (PAGED.includes(k)) {
      // Paged: every drawn item equals its expected one, and the list has them all.
      comparePaged(assert, name, k, got[k], want);
    } else if (k === 'history') {
      assert.deepEqual(got.history.slice(0, want.length), want, `${name}: history`);
    } else if (want === null) {
      // SPEC "Vectors": null means the key is absent (or null).
      assert.ok(got[k] === undefined || got[k] === null, `${name}: ${k} absent`);
    } else {
      assert.deepEqual(got[k], want, `${name}: ${k}`);
    }
  }
}

/** One passing case per scheme and per match_seed_v2 game (and both poker reveals). */
function onePerScheme() {
  const picked = new Map();
  for (const c of cases) {
    if (c.expect.error) continue;
    if (c.record.terminal && !c.record.maxSteps) continue;
    const key = `${c.record.scheme}/${c.record.game || ''}/${c.record.leaves ? 'leaves' : ''}/${c.record.history ? 'h' : ''}`;
    if (!picked.has(key)) picked.set(key, c);
  }
  return [...picked.values()];
}

test('every scheme through #record=, from file:// with no request made', async () => {
  const { page, blocked, errors, context } = await openPage(browser);
  const schemes = new Set();
  for (const c of onePerScheme()) {
    await page.goto('about:blank');
    await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url(c.record)));
    compare(c.name, c.expect, await drawn(page));
    const tag = c.name.replace(/^public\//, '').replace(/[^a-z0-9_-]+/gi, '-');
    await shot(page, `desktop-${tag}`);
    schemes.add(c.record.scheme);
  }
  await page.waitForSelector('#selftest[data-selftest]', { state: 'attached' });
  assert.equal(await page.getAttribute('#selftest', 'data-selftest'), 'passed');
  for (const s of ['match_seed_v2', 'poker_hmac_v1', 'chess_colour_v1', 'selfpoker', 'crash', 'platforms', 'battle', 'hash_chain', 'dice', 'mines']) {
    assert.ok(schemes.has(s), `no case drawn for ${s}`);
  }
  assert.deepEqual(blocked, [], 'the page made requests');
  assert.deepEqual(errors, []);
  await context.close();
});

test('360 px wide: no horizontal scrolling, screenshots of each scheme', async () => {
  const { page, blocked, errors, context } = await openPage(browser, { width: 360, height: 740 });
  for (const c of onePerScheme()) {
    await page.goto('about:blank');
    await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url(c.record)));
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 360, `${c.name}: page is ${wide} px wide at 360 px`);
    await shot(page, `mobile-${c.name.replace(/^public\//, '').replace(/[^a-z0-9_-]+/gi, '-')}`);
  }
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});

async function typeCase(page, c, order) {
  await chooseScheme(page, c.record.scheme);
  if (c.record.game) await page.selectOption('#f-game', c.record.game);
  for (const name of order) {
    const v = c.record[name];
    // Client seeds of a game that fixes its seats: one input per seat.
    if (Array.isArray(v) && await page.$(`#f-${name}-0`)) {
      for (const [i, s] of v.entries()) await page.fill(`#f-${name}-${i}`, `  ${s} `);
      continue;
    }
    const text = Array.isArray(v) ? (typeof v[0] === 'string' ? v.join('\n') : v.join(', ')) : String(v);
    // Pasted whitespace around seeds is trimmed by the form.
    await page.fill(`#f-${name}`, Array.isArray(v) ? text : `  ${text} `);
  }
  // The edits withdrew the last verdict (its banner says `stale`) until this one is shown.
  await nextVerdict(page, () => page.click('#verify'));
  compare(c.name, c.expect, await drawn(page));
}

test('typing into the form: selfpoker, dice, mines and backgammon', async () => {
  const { page, blocked, errors, context } = await openPage(browser);
  await page.goto(PAGE_URL);
  const find = (pred) => cases.find((c) => !c.expect.error && pred(c.record));
  await typeCase(page, find((r) => r.scheme === 'selfpoker'), ['seed', 'commit', 'players']);
  await typeCase(page, find((r) => r.scheme === 'dice' && r.clientSeed), ['serverSeed', 'serverSeedHash', 'clientSeed', 'nonce', 'selected']);
  await typeCase(page, find((r) => r.scheme === 'mines' && r.clientSeed), ['serverSeed', 'serverSeedHash', 'clientSeed', 'nonce', 'mines']);
  const table = find((r) => r.game === 'table' && r.clientSeeds.every((s) => s !== '' && s.trim() === s));
  await typeCase(page, table, ['matchId', 'serverSeed', 'commitment', 'clientSeeds', 'rolls']);
  await shot(page, 'typed-table');
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('bad input shows a clear error next to the field and the page stays usable', async () => {
  const { page, blocked, errors, context } = await openPage(browser);
  await page.goto(PAGE_URL);
  await chooseScheme(page, 'crash');
  await page.fill('#f-hash', 'abc123');
  assert.equal((await nextVerdict(page, () => page.click('#verify'))).verdict, 'error');
  assert.equal(await page.getAttribute('.errmsg', 'data-code'), 'bad_hex');
  assert.match(await page.textContent('#f-hash-err'), /64 hexadecimal digits/);
  await shot(page, 'error-crash-hash');
  // Still usable: fix the field and verify.
  const good = cases.find((c) => c.record.scheme === 'crash' && !c.expect.error && !c.record.terminal);
  await page.fill('#f-hash', good.record.hash);
  // A crash round without its chain terminal: recomputed, but unchecked (SPEC verdicts).
  assert.equal((await nextVerdict(page, () => page.click('#verify'))).verdict, 'unchecked');
  assert.equal(await page.getAttribute('.missing', 'data-missing'), 'terminal');
  assert.equal(await page.getAttribute('.multiplier', 'data-multiplier'), good.expect.multiplier);
  assert.equal(await page.textContent('#f-hash-err'), '');
  // A link to something that is not a record.
  await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url([1, 2])));
  assert.notEqual(await page.getAttribute('#verdict', 'data-verdict'), 'pass');
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a played mismatch is marked in place with both values', async () => {
  const { page, blocked, errors, context } = await openPage(browser);
  const c = cases.find((x) => x.record.game === 'bridge' && x.expect.commitmentOk);
  const deals = JSON.parse(JSON.stringify(c.expect.deals));
  const [a, b] = [deals[1][2][5], deals[1][3][0]];
  deals[1][2][5] = b;
  deals[1][3][0] = a;
  await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url({ ...c.record, played: { deals } })));
  assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'fail');
  const marked = await page.$$eval('.mismatch', (els) => els.map((e) => [e.getAttribute('data-path'), e.getAttribute('data-card'), e.getAttribute('data-played')]));
  assert.deepEqual(marked, [['deals[1][2][5]', String(a), String(b)], ['deals[1][3][0]', String(b), String(a)]]);
  await shot(page, 'played-mismatch');
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('user text is shown literally and never executed', async () => {
  const { page, blocked, errors, context } = await openPage(browser);
  const evil = '<img src=x onerror=alert(1)>';
  const c = cases.find((x) => x.record.game === 'dame');
  const rec = { ...c.record, clientSeeds: [evil, c.record.clientSeeds[1]] };
  await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url(rec)));
  const text = await page.textContent('ol.seats');
  assert.ok(text.includes(evil), 'the seed is shown as text');
  assert.equal(await page.$$eval('#result img', (e) => e.length), 0);
  assert.deepEqual(blocked, [], 'no request for "x"');
  assert.deepEqual(errors, [], 'no alert, no error');
  await context.close();
});

test('a JSON-lines history verifies as a batch with a summary', async () => {
  const { page, blocked, errors, context } = await openPage(browser);
  await page.goto(PAGE_URL);
  const dice = cases.filter((c) => c.record.scheme === 'dice').slice(0, 6);
  const lines = dice.map((c) => JSON.stringify(c.record)).concat(['{"scheme": "dice"}']).join('\n');
  await page.fill('#paste', lines);
  await nextVerdict(page, () => page.click('#paste-go'));
  assert.ok(await page.$('#batch-summary'), 'drawn: #batch-summary');
  const want = { pass: 0, fail: 0 };
  for (const c of dice) {
    if (c.expect.error) continue;
    if (c.expect.commitmentOk === false) want.fail++; else want.pass++;
  }
  const invalid = 1 + dice.filter((c) => c.expect.error).length;
  assert.equal(await page.getAttribute('#batch-summary', 'data-passed'), String(want.pass));
  assert.equal(await page.getAttribute('#batch-summary', 'data-failed'), String(want.fail));
  assert.equal(await page.getAttribute('#batch-summary', 'data-invalid'), String(invalid));
  await page.click('.batch-item summary');
  await page.waitForSelector('.batch-item[open] .diceroll');
  await shot(page, 'batch-dice');
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard only: pick an example, edit a field, Tab to Verify, Enter', async () => {
  const { page, blocked, errors, context } = await openPage(browser);
  await page.goto(PAGE_URL);
  await page.focus('#examples');
  // Choose the dice example with the keyboard.
  const idx = await page.$$eval('#examples option', (o) => o.findIndex((x) => x.textContent === 'Dice'));
  await nextVerdict(page, async () => { for (let i = 0; i < idx; i++) await page.keyboard.press('ArrowDown'); });
  assert.equal(await page.$eval('#scheme', (s) => s.value), 'dice');
  // Change the client seed, Tab through to the Verify button, press Enter.
  await page.focus('#f-clientSeed');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('typed by keyboard');
  let guard = 0;
  while (await page.evaluate(() => document.activeElement.id) !== 'verify' && guard++ < 20) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'verify');
  await nextVerdict(page, () => page.keyboard.press('Enter'));
  assert.ok(await page.$('.diceroll'), 'the roll is drawn');
  // The record as typed, verified by verifier.js here (the page's core is in its worker).
  const typed = await page.evaluate(() => {
    const r = { scheme: 'dice' };
    for (const f of ['serverSeed', 'serverSeedHash', 'clientSeed', 'nonce']) r[f] = document.getElementById('f-' + f).value.trim();
    r.nonce = Number(r.nonce);
    r.selected = document.getElementById('f-selected').value.split(',').map(Number);
    return r;
  });
  assert.equal(typed.clientSeed, 'typed by keyboard');
  const expected = fv.verify(typed).face;
  assert.equal(await page.getAttribute('.diceroll [data-die]', 'data-die'), String(expected));
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});

// Stands in for a broken build: the self-test runs in the page's worker, whose answer
// this wraps so that it reports `failure` (with `afterVerdict`, held until a pass
// verdict is on the page).
const failSelfTest = (page, failure, afterVerdict = false) => page.addInitScript(([failure, afterVerdict]) => {
  const Real = window.Worker;
  window.Worker = class extends Real {
    set onmessage(fn) {
      super.onmessage = (e) => {
        const d = e.data;
        if (d && d.type === 'done' && d.value && d.value.selfTest) {
          const failed = { data: { ...d, value: { ...d.value, selfTest: { passed: 24, failed: 1, failures: [failure] } } } };
          const later = () => (!afterVerdict || document.querySelector('#verdict[data-verdict="pass"]') ? fn(failed) : setTimeout(later, 20));
          later();
        } else fn(e);
      };
    }
    get onmessage() { return super.onmessage; }
  };
}, [failure, afterVerdict]);

test('a failing self-test shows a red warning', async () => {
  const { page, context } = await openPage(browser);
  await failSelfTest(page, 'public/crash/random/0');
  await page.goto(PAGE_URL);
  await page.waitForSelector('#selftest[data-selftest="failed"]');
  assert.match(await page.textContent('#selftest'), /do not trust/);
  // In the page's colour for what failed (the one its failed checks use), not its muted
  // colour for a passed self-test.
  const [color, bad, muted] = await page.$eval('#selftest', (e) => {
    const probe = (style) => { const p = document.createElement('p'); p.style.color = style; document.body.append(p); const c = getComputedStyle(p).color; p.remove(); return c; };
    const root = getComputedStyle(document.documentElement);
    return [getComputedStyle(e).color, probe(root.getPropertyValue('--bad')), probe(root.getPropertyValue('--muted'))];
  });
  assert.equal(color, bad);
  assert.notEqual(color, muted);
  await context.close();
});

// Issue 36: a #record= link's verdict is drawn before the self-test answers (the
// worker verifies the link first). A self-test that then fails still says, at the
// top of the page above that verdict, not to trust the page's results.
test('a self-test failing after a link\'s verdict is drawn still warns above it', async () => {
  const { page, context } = await openPage(browser);
  await failSelfTest(page, 'public/dice/0', true);
  const c = cases.find((x) => x.record.scheme === 'match_seed_v2' && x.record.game === 'bridge' && !x.expect.error && x.expect.commitmentOk === true);
  assert.equal((await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url(c.record)))).verdict, 'pass');
  await page.waitForSelector('#selftest[data-selftest="failed"]');
  const where = await page.evaluate(() => {
    const box = document.getElementById('selftest');
    const verdict = document.getElementById('verdict');
    return {
      inNotices: !!box.closest('#notices'),
      before: !!(box.compareDocumentPosition(verdict) & Node.DOCUMENT_POSITION_FOLLOWING),
      text: box.textContent,
    };
  });
  assert.ok(where.inNotices, 'the warning is among the page\'s notices at the top');
  assert.ok(where.before, 'above the verdict');
  assert.match(where.text, /do not trust/);
  assert.match(where.text, /public\/dice\/0/);
  await context.close();
});

test('Copy link makes a #record= link that reproduces the result; a file of records opens as a batch', async () => {
  const { page, blocked, errors, context } = await openPage(browser);
  await page.goto(PAGE_URL);
  const c = cases.find((x) => x.record.scheme === 'chess_colour_v1' && x.record.seedB === null);
  await chooseScheme(page, 'chess_colour_v1');
  for (const f of ['seedA', 'commitA', 'clientA', 'clientB']) await page.fill(`#f-${f}`, c.record[f]);
  await page.click('#copy-link');
  const link = await page.inputValue('#link-out');
  assert.ok(link.startsWith(PAGE_URL + '#record='), link);
  const rec = JSON.parse(Buffer.from(link.split('#record=')[1], 'base64url').toString('utf8'));
  assert.equal(rec.seedB, null, 'an empty seed of B is a bot (null)');
  await page.goto('about:blank');
  await nextVerdict(page, () => page.goto(link));
  compare(c.name, c.expect, await drawn(page));

  // A JSON array in a file, through the file input.
  const fs = await import('node:fs');
  const os = await import('node:os');
  const pathMod = await import('node:path');
  const file = pathMod.join(fs.mkdtempSync(pathMod.join(os.tmpdir(), 'fv-file-')), 'records.json');
  const mines = cases.filter((x) => x.record.scheme === 'mines').slice(0, 5);
  fs.writeFileSync(file, JSON.stringify(mines.map((x) => ({ name: x.name, record: x.record }))));
  await nextVerdict(page, () => page.setInputFiles('#file', file));
  assert.ok(await page.$('#batch-summary'), 'drawn: #batch-summary');
  const failed = mines.filter((x) => x.expect.commitmentOk === false).length;
  assert.equal(await page.getAttribute('#batch-summary', 'data-failed'), String(failed));
  assert.equal(await page.getAttribute('#batch-summary', 'data-passed'), String(mines.length - failed));
  // Each item: its name and its game as players call it, not the scheme's id.
  assert.match(await page.textContent('.batch-item summary'), /public\/mines\/\d+ · Mines/);
  assert.doesNotMatch(await page.textContent('#result'), /· mines/);
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the form is built from the scheme descriptors: every field of every scheme and game, its help, its terminals', async () => {
  const { createRequire } = await import('node:module');
  const { VERIFIER } = await import('../node/helpers.mjs');
  const { describe, fieldsFor } = await import('../../www/core/descriptors.js');
  const fs = await import('node:fs');
  const pathMod = await import('node:path');
  const en = JSON.parse(fs.readFileSync(pathMod.join(pathMod.dirname(VERIFIER), '../www/i18n/en.json'), 'utf8'));
  const descriptors = describe(createRequire(import.meta.url)(VERIFIER));
  const { page, blocked, errors, context } = await openPage(browser);
  await page.goto(PAGE_URL);
  assert.deepEqual(await page.$$eval('#scheme option', (o) => o.map((x) => x.value)), descriptors.map((d) => d.id));
  let checked = 0;
  for (const d of descriptors) {
    await chooseScheme(page, d.id);
    for (const g of d.games) {
      if (d.games.length > 1) await page.selectOption('#f-game', g.id);
      const shown = await page.$$eval('#fields [data-field]', (els) => els.map((e) => e.getAttribute('data-field')));
      const want = fieldsFor(d, g.id).map((f) => f.name);
      assert.deepEqual(shown, want, `${d.id}/${g.id}: the form's fields`);
      for (const f of fieldsFor(d, g.id)) {
        // One input per seat: the field's name is the legend above the seats' names. The
        // played field opens as the entry of what you were shown (www/page/seen.js),
        // named by its summary; its JSON box keeps the field's label inside.
        const label = await page.$eval(`[data-field="${f.name}"]`, (w) => (w.querySelector('#played-entry > summary') || w.querySelector('legend') || w.querySelector('label')).textContent);
        assert.ok(label.startsWith(en[f.label]), `${d.id}/${f.name}: label ${label}`);
        checked++;
      }
    }
    assert.equal(await page.textContent('#how-text'), en[d.help], `${d.id}: help text`);
    // Each published terminal by the core's name (data-terminal), said in the catalog's words.
    const terminals = await page.$$eval('#fields .terminals button', (b) => b.map((x) => [x.dataset.terminal, x.textContent]));
    assert.deepEqual(terminals, (d.terminals || []).map((x) => [x.name, en[`page.terminals.name.${x.name}`]]), `${d.id}: published terminals`);
  }
  assert.ok(checked > 40, `only ${checked} fields checked`);
  // The round-history games are the chain schemes.
  assert.deepEqual(await page.$$eval('#rounds-game option', (o) => o.map((x) => x.value)), descriptors.filter((d) => d.chain).map((d) => d.id));
  // Named as the picker names them, in the player's language: never a scheme id.
  const ro = JSON.parse(fs.readFileSync(pathMod.join(pathMod.dirname(VERIFIER), '../www/i18n/ro.json'), 'utf8'));
  for (const [lang, cat] of [['en', en], ['ro', ro]]) {
    await page.goto('about:blank');
    await page.goto(PAGE_URL + '#lang=' + lang);
    const names = await page.$$eval('#rounds-game option', (o) => o.map((x) => x.textContent));
    assert.deepEqual(names, descriptors.filter((d) => d.chain).map((d) => cat[`entry.game.${d.games[0].family}`]), `${lang}: history games`);
  }
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});
