// The badge's numbers and plural forms without Intl (www/i18n/plain.js, issue 25):
// for every catalog language, each answer equals what Intl says in Node (ICU, the
// independent reference: the same data the browsers' Intl carries), and the words
// t() builds with them on equal the words it builds with Intl.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { ROOT } from './helpers.mjs';
import { PLAIN_FORMATS } from '../../www/i18n/plain.js';

const I18N = path.join(ROOT, 'www/i18n');
const LANGS = fs.readdirSync(I18N).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();

/** Whole numbers worth checking: small ones (every plural rule's cases), each
 *  grouping threshold, and a spread of large ones up to the largest safe integer. */
function integers() {
  const out = [];
  for (let n = 0; n <= 2100; n++) out.push(n);
  for (let p = 1, k = 0; k < 16; k++, p *= 10) out.push(p - 1, p, p + 1, 2 * p, 11 * p, 1000000 * k);
  let x = 12345;
  for (let i = 0; i < 500; i++) { x = (x * 48271) % 2147483647; out.push(x, x * 1009, x * 4194301); }
  out.push(Number.MAX_SAFE_INTEGER);
  return out.filter((n) => Number.isSafeInteger(n));
}

test('every catalog language has plain numbers, decimal signs and plural forms', () => {
  assert.ok(LANGS.length >= 6, LANGS.join(','));
  for (const lang of LANGS) {
    assert.equal(typeof PLAIN_FORMATS.number(1234, lang), 'string', lang);
    assert.equal(typeof PLAIN_FORMATS.decimal(lang), 'string', lang);
    assert.equal(typeof PLAIN_FORMATS.plural(1, lang), 'string', lang);
  }
});

test('plain numbers, decimal signs and plural forms equal Intl\'s in every catalog language', () => {
  const ns = integers();
  for (const lang of LANGS) {
    const nf = new Intl.NumberFormat(lang);
    const pr = new Intl.PluralRules(lang);
    for (const n of ns) {
      assert.equal(PLAIN_FORMATS.number(n, lang), nf.format(n), `${lang} ${n}`);
      assert.equal(PLAIN_FORMATS.plural(n, lang), pr.select(n), `${lang} plural ${n}`);
    }
    const sign = nf.formatToParts(1.5).find((p) => p.type === 'decimal').value;
    assert.equal(PLAIN_FORMATS.decimal(lang), sign, `${lang} decimal sign`);
  }
  // What they do not answer is left to Intl.
  for (const v of [-1, 1.5, NaN, Infinity, 2 ** 53]) {
    assert.equal(PLAIN_FORMATS.number(v, 'en'), null, String(v));
    assert.equal(PLAIN_FORMATS.plural(v, 'en'), null, String(v));
  }
  assert.equal(PLAIN_FORMATS.number(5, 'en', { maximumFractionDigits: 2 }), null);
  assert.equal(PLAIN_FORMATS.number(5, 'xx'), null);
  assert.equal(PLAIN_FORMATS.decimal('xx'), null);
});

/** www/i18n/i18n.js bundled with every catalog (a module instance of its own). */
async function i18n() {
  const r = await esbuild.build({
    entryPoints: ['www/i18n/i18n.js'], absWorkingDir: ROOT, bundle: true, write: false, format: 'esm',
  });
  return import('data:text/javascript;base64,' + Buffer.from(r.outputFiles[0].text).toString('base64'));
}

test('t() and decimalText() say the same with plain formats as with Intl', async () => {
  const withIntl = await i18n();
  const plain = await i18n();
  plain.usePlainFormats(PLAIN_FORMATS);
  const catalogs = Object.fromEntries(LANGS.map((l) => [l, JSON.parse(fs.readFileSync(path.join(I18N, `${l}.json`), 'utf8'))]));
  const counts = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 100, 101, 102, 111, 1000, 1234, 12345, 1000000, 2000001];
  let compared = 0;
  for (const lang of LANGS) {
    for (const [key, msg] of Object.entries(catalogs[lang])) {
      if (!/^widget\./.test(key)) continue;
      for (const count of typeof msg === 'object' ? counts : [7]) {
        const params = { count, n: count, links: count * 37, round: String(count), label: 'Dice', percent: 42 };
        assert.equal(plain.t(key, params, lang), withIntl.t(key, params, lang), `${lang} ${key} ${count}`);
        compared++;
      }
    }
    for (const d of ['1.15', '2.71', '0.10', '1000.50', '00.5', '1234567.891', '0.000000000000001234', '0.5488135039273248', '00.5488135039273248']) {
      assert.equal(plain.decimalText(d, lang), withIntl.decimalText(d, lang), `${lang} ${d}`);
    }
  }
  assert.ok(compared > 100, `${compared} messages compared`);
});
