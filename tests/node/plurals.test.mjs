// Sentences with a number, said for every number (issue 34): the plural form of a
// message is chosen by its count, or, in a message without {count}, by its first
// number ("{maxSteps} steps"); counts are grouped, round numbers never; positions are
// ordinals ("the 2nd hole card", never "hole card 2", which reads as the deuce). The
// expected words are the languages' own grammar, written out here, not read back from
// the catalogs.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as esbuild from 'esbuild';
import { ROOT } from './helpers.mjs';

async function words() {
  const r = await esbuild.build({
    stdin: { contents: "export * from './www/i18n/i18n.js'; export { ordinal } from './www/render/words.js'; export { numbersTable } from './www/render/history.js';", resolveDir: ROOT, loader: 'js' },
    absWorkingDir: ROOT, bundle: true, write: false, format: 'esm',
  });
  return import('data:text/javascript;base64,' + Buffer.from(r.outputFiles[0].text).toString('base64'));
}

const group = (lang, n) => new Intl.NumberFormat(lang).format(n);
// Intl's spaces (U+00A0, U+202F) as plain spaces, to compare with the grammar below.
const plain = (s) => s.replace(/[\u00a0\u202f]/g, ' ');

test('Russian: the forms of 1, 2, 5, 11, 21 and 1161 (21 and 1161 take the form of 1, written for any such number)', async () => {
  const w = await words();
  // [n, the noun after a number (nominative), after «после» (genitive), «Посчитан(о)»]
  const ru = [[1, 'шаг', 'шага', 'Посчитан', 'раунд'], [2, 'шага', 'шагов', 'Посчитано', 'раунда'], [5, 'шагов', 'шагов', 'Посчитано', 'раундов'],
    [11, 'шагов', 'шагов', 'Посчитано', 'раундов'], [21, 'шаг', 'шага', 'Посчитан', 'раунд'], [1161, 'шаг', 'шага', 'Посчитан', 'раунд']];
  for (const [n, nom, gen, verb, round] of ru) {
    const g = plain(group('ru', n));
    const advice = plain(w.t('render.verdict.fail.next.stepLimit', { maxSteps: n, field: 'X' }, 'ru'));
    assert.ok(advice.includes(`(${g} ${nom})`), `${n}: ${advice}`);
    assert.ok(plain(w.t('render.check.computed.chainNotFound', { maxSteps: n }, 'ru')).endsWith(`за ${g} ${nom}`), String(n));
    const hint = plain(w.t('hint.step_limit', { walked: n, field: 'X' }, 'ru'));
    assert.ok(hint.includes(`после ${g} ${gen} `), `${n}: ${hint}`);
    // A count grouped, the round number beside it never: "Посчитан 1 161 раунд: … по раунд 1161."
    const counted = plain(w.t('history.rounds', { count: n, round: String(n) }, 'ru'));
    assert.equal(counted, `${verb} ${g} ${round}: с раунда 1 по раунд ${n}.`);
    assert.doesNotMatch(counted, /последний/, 'not a sentence written for exactly one round');
    assert.equal(plain(w.t('history.go', { count: n }, 'ru')), `Пересчитать ${g} ${round}`);
  }
});

test('Arabic: the forms of 1, 2, 3, 5, 11, 21, 100 and 1161 (one and two in words, 3–10 plural, 11–99 and 100+ singular)', async () => {
  const w = await words();
  const ar = [[1, 'خلال خطوة واحدة'], [2, 'خلال خطوتين'], [3, 'خلال # خطوات'], [5, 'خلال # خطوات'], [11, 'خلال # خطوة'],
    [21, 'خلال # خطوة'], [100, 'خلال # خطوة'], [1161, 'خلال # خطوة']];
  for (const [n, want] of ar) {
    const said = w.t('render.check.computed.chainNotFound', { maxSteps: n }, 'ar');
    assert.ok(said.endsWith(want.replace('#', group('ar', n))), `${n}: ${said}`);
    const hint = w.t('hint.step_limit', { walked: n, field: 'X' }, 'ar');
    assert.ok(hint.includes(`بعد ${want.replace('خلال ', '').replace('#', group('ar', n))} `), `${n}: ${hint}`);
  }
  const rounds = [[1, 'عُدّت جولة واحدة'], [2, 'عُدّت جولتان'], [3, 'عُدّت 3 جولات'], [11, 'عُدّت 11 جولة'], [100, 'عُدّت 100 جولة'], [1161, `عُدّت ${group('ar', 1161)} جولة`]];
  for (const [n, want] of rounds) assert.ok(w.t('history.rounds', { count: n, round: String(n) }, 'ar').startsWith(want), String(n));
});

test('a plural message without {count} is said for its first number; text params never choose', async () => {
  const w = await words();
  assert.equal(w.t('render.check.computed.chainNotFound', { maxSteps: 1 }, 'en'), 'not reached within 1 step');
  assert.equal(w.t('render.check.computed.chainNotFound', { maxSteps: 10000 }, 'en'), 'not reached within 10,000 steps');
  // Romanian: 1 pas, 2–19 pași, 20 and more "de pași".
  assert.equal(w.t('render.check.computed.chainNotFound', { maxSteps: 1 }, 'ro'), 'nu a fost atins în 1 pas');
  assert.equal(w.t('render.check.computed.chainNotFound', { maxSteps: 10 }, 'ro'), 'nu a fost atins în 10 pași');
  assert.equal(w.t('render.check.computed.chainNotFound', { maxSteps: 20 }, 'ro'), 'nu a fost atins în 20 de pași');
  // {line} is an id given as text: the number that chooses is {maxSteps}.
  assert.match(w.t('flow.rounds.chain.bad', { line: '1', maxSteps: 5 }, 'en'), /line 1\) .* 5 steps$/);
});

test('positions read as ordinals in every language: whose card, which one', async () => {
  const w = await words();
  const want = {
    en: ['Player 3’s 2nd hole card (deck position 6)', 'The 3rd board card (deck position 11)', 'Roll 9, the 2nd die'],
    ro: ['Jucătorul 3, a doua carte din mână (poziția 6 în pachet)', 'Cărțile comune: a treia carte (poziția 11 în pachet)', 'Roll 9, al doilea zar'],
    it: ['Giocatore 3, seconda carta coperta (posizione 6 del mazzo)', 'Carte comuni: terza carta (posizione 11 del mazzo)', 'Roll 9, secondo dado'],
    ru: ['Игрок 3, вторая карманная карта (позиция 6 в колоде)', 'Борд, третья карта (позиция 11 в колоде)', 'Roll 9, второй кубик'],
    ar: ['الورقة الثانية في يد اللاعب 3 (الموضع 6 في الورق)', 'ورقة الطاولة الثالثة (الموضع 11 في الورق)', 'Roll 9، النرد الثاني'],
    zh: ['玩家 3 的第 2 张底牌（牌序第 6 位）', '第 3 张公共牌（牌序第 11 位）', 'Roll 9，第 2 颗骰子'],
  };
  for (const [lang, [hole, board, die]] of Object.entries(want)) {
    assert.equal(w.t('render.diff.at.deckHole', { player: '3', nth: w.ordinal('card', 2, lang), position: '6' }, lang), hole, lang);
    assert.equal(w.t('render.diff.at.deckBoard', { nth: w.ordinal('card', 3, lang), position: '11' }, lang), board, lang);
    assert.equal(w.t('render.diff.at.roll', { roll: 'Roll 9', nth: w.ordinal('die', 2, lang) }, lang), die, lang);
    // Beyond the words a catalog has: the digits, still an ordinal.
    assert.match(w.ordinal('card', 14, lang), /14/, lang);
  }
});

test('<html lang> of the Chinese catalog is zh-Hans (Simplified glyphs); the others as named', async () => {
  const w = await words();
  assert.equal(w.langTag('zh'), 'zh-Hans');
  for (const l of ['en', 'ro', 'it', 'ru', 'ar']) assert.equal(w.langTag(l), l);
});

test('a multiplier is spelled one way on a screen: never grouped, as the crash points are', async () => {
  const w = await words();
  for (const lang of ['en', 'ro', 'it', 'ru', 'ar', 'zh']) {
    w.setLanguage(lang);
    // A row of the core's crash view (src/history/view.rs): the threshold typed as one.
    const row = [{ key: 'draw.multiplier', params: { value: { threshold: '10000.00' } } }, 12345, { share: 0.0001 }, { share: 0.0001 }];
    const rows = w.numbersTable({ view: { table: { columns: ['history.col.atLeast', 'history.col.rounds', 'history.col.share', 'history.col.formula'], rows: [row] } } }).rows;
    // The threshold as decimalText would write it (no group separator), the count grouped.
    assert.equal(rows[0][0], w.t('draw.multiplier', { value: '10000' }), lang);
    assert.equal(rows[0][1], group(lang, 12345), lang);
  }
  w.setLanguage('en');
});

test('a hint is said for its own number, through the params the surfaces build (issue 44: a defaulted count said "after 10 step")', async () => {
  const r = await esbuild.build({
    stdin: { contents: "export * from './www/i18n/i18n.js'; export { hintParams, hintKey } from './www/render/words.js';", resolveDir: ROOT, loader: 'js' },
    absWorkingDir: ROOT, bundle: true, write: false, format: 'esm',
  });
  const w = await import('data:text/javascript;base64,' + Buffer.from(r.outputFiles[0].text).toString('base64'));
  // The hint as the core writes it (no `count`: the number is `walked`), said through
  // hintParams as the page, the badge and the CLI say it.
  const label = (x) => x || '';
  const want = { en: [[1, 'after 1 step,'], [10, 'after 10 steps,']], ru: [[2, 'после 2 шагов'], [10, 'после 10 шагов'], [21, 'после 21 шага']],
    ar: [[10, 'بعد 10 خطوات'], [11, 'بعد 11 خطوة']] };
  for (const [lang, cases] of Object.entries(want)) {
    for (const [n, words] of cases) {
      const h = { code: 'step_limit', field: 'maxSteps', walked: n };
      const params = w.hintParams(h, label, lang);
      assert.ok(!('count' in params), `${lang} ${n}: hintParams gave a count the hint does not have: ${JSON.stringify(params)}`);
      const said = plain(w.t(w.hintKey(h, lang), params, lang));
      assert.ok(said.includes(words), `${lang} ${n}: “${words}” not in: ${said}`);
    }
  }
});
