// The message catalogs (www/i18n/*.json): every catalog has exactly the English
// keys, the same placeholders, and the plural forms its language needs; every key
// the code and the scheme descriptors name exists; t() picks plural forms, formats
// numbers and falls back to English.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as esbuild from 'esbuild';
import { ROOT, VERIFIER, loadCases, onePerScheme } from './helpers.mjs';
import { describe } from '../../www/core/descriptors.js';

const I18N = path.join(ROOT, 'www/i18n');
const readCatalog = (f) => JSON.parse(fs.readFileSync(path.join(I18N, f), 'utf8'));
const en = readCatalog('en.json');

const placeholders = (msg) => {
  const texts = typeof msg === 'object' && msg !== null ? Object.values(msg) : [msg];
  return [...new Set(texts.flatMap((s) => [...String(s).matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1])))].sort();
};

/** Problems of catalog `cat` (language `lang`) against English; [] when it is right. */
function catalogProblems(cat, lang) {
  const out = [];
  const need = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.slice().sort();
  for (const key of Object.keys(en)) if (!Object.hasOwn(cat, key)) out.push(`${lang}: lacks ${key}`);
  for (const key of Object.keys(cat)) if (!Object.hasOwn(en, key)) out.push(`${lang}: extra key ${key}`);
  for (const [key, msg] of Object.entries(cat)) {
    if (!Object.hasOwn(en, key)) continue;
    const plural = typeof en[key] === 'object';
    if (plural !== (typeof msg === 'object' && msg !== null)) {
      out.push(`${lang}: ${key} must be ${plural ? 'an object of plural forms' : 'a string'}`);
      continue;
    }
    if (plural) {
      const has = Object.keys(msg).sort();
      if (has.join() !== need.join()) out.push(`${lang}: ${key} has plural forms ${has.join(',')}, ${lang} needs ${need.join(',')}`);
      for (const [form, s] of Object.entries(msg)) if (typeof s !== 'string' || !s) out.push(`${lang}: ${key}.${form} is empty`);
    } else if (typeof msg !== 'string' || (!msg && en[key])) {
      out.push(`${lang}: ${key} is empty`);
    }
    const a = placeholders(en[key]).join();
    const b = placeholders(msg).join();
    if (a !== b) out.push(`${lang}: ${key} has placeholders {${b}}, English has {${a}}`);
  }
  return out;
}

test('every catalog has the English keys, placeholders and its plural forms', () => {
  const files = fs.readdirSync(I18N).filter((f) => f.endsWith('.json')).sort();
  assert.ok(files.includes('en.json'));
  const problems = files.flatMap((f) => catalogProblems(readCatalog(f), f.replace(/\.json$/, '')));
  assert.deepEqual(problems, []);
});

test('the catalog check catches a missing key, an extra key, other placeholders and wrong plural forms', () => {
  const plural = Object.keys(en).find((k) => typeof en[k] === 'object');
  const withParam = Object.keys(en).find((k) => typeof en[k] === 'string' && /\{/.test(en[k]));
  const ok = JSON.parse(JSON.stringify(en));
  assert.deepEqual(catalogProblems(ok, 'en'), []);
  const missing = { ...ok };
  delete missing['verdict.pass'];
  assert.match(catalogProblems(missing, 'en').join('\n'), /lacks verdict\.pass/);
  assert.match(catalogProblems({ ...ok, 'verdict.nope': 'x' }, 'en').join('\n'), /extra key verdict\.nope/);
  assert.match(catalogProblems({ ...ok, [withParam]: 'no placeholder here' }, 'en').join('\n'), /placeholders/);
  // Russian needs one, few, many and other: English's forms are not enough.
  const ru = { ...ok };
  assert.match(catalogProblems(ru, 'ru').join('\n'), new RegExp(`${plural.replace(/\./g, '\\.')} has plural forms one,other, ru needs few,many,one,other`));
  assert.match(catalogProblems({ ...ok, [plural]: 'a string' }, 'en').join('\n'), /must be an object of plural forms/);
});

/** The keys the code names literally: t('key'), tr('key'), _t('key'), data-i18n="key". */
function literalKeys() {
  const keys = new Set();
  const walk = (dir) => {
    for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, f.name);
      if (f.isDirectory()) walk(p);
      else if (/\.(js|html)$/.test(f.name)) {
        const s = fs.readFileSync(p, 'utf8');
        for (const m of s.matchAll(/\b(?:t|tr|_t|parts|note|status|progressTitle)\(\s*(?:'#[^']*',\s*)?'([a-z][A-Za-z0-9_.]*)'/g)) keys.add(m[1]);
        for (const m of s.matchAll(/\b(?:t|tr|_t)\(\s*[a-z]+ \? '([a-z][A-Za-z0-9_.]*)' : '([a-z][A-Za-z0-9_.]*)'/g)) { keys.add(m[1]); keys.add(m[2]); }
        for (const m of s.matchAll(/data-i18n="([^"]+)"/g)) keys.add(m[1]);
      }
    }
  };
  walk(path.join(ROOT, 'www'));
  return [...keys].filter((k) => k.includes('.'));
}

test('every message key the code names exists in en.json', () => {
  const keys = literalKeys();
  assert.ok(keys.length > 100, `only ${keys.length} keys found: the scan is broken`);
  assert.deepEqual(keys.filter((k) => !Object.hasOwn(en, k)), []);
});

test('every key a scheme descriptor or an error code names exists in en.json', () => {
  const fv = createRequire(import.meta.url)(VERIFIER);
  const need = new Set();
  for (const d of describe(fv)) {
    need.add(d.label);
    need.add(d.help);
    need.add(`widget.pass.${d.id}`);
    need.add(`widget.playedDiffers.${d.id}`);
    for (const g of d.games) {
      need.add(g.label);
      for (let seat = 0; g.seats && seat < g.players; seat++) need.add(`seat.${g.seats}.${seat}`);
    }
    for (const f of d.fields) {
      need.add(f.label);
      if (f.help) need.add(f.help);
    }
    for (const c of ['check.commitmentOk', 'check.played']) need.add(c);
  }
  for (const c of loadCases(path.join(ROOT, 'tests/vectors'))) {
    if (c.expect.error !== true) continue;
    try { fv.verify(c.record); } catch (e) { need.add(`err.${e.code}`); }
  }
  // What a game recomputes is said in words when a played key is unknown: every key the
  // core lists (params.known) and every result key of a descriptor.
  let listed = 0;
  for (const c of onePerScheme(loadCases(path.join(ROOT, 'tests/vectors')))) {
    try { fv.verify({ ...c.record, played: { notRecomputed: 1 } }); } catch (e) {
      assert.equal(e.code, 'unknown_field', c.name);
      for (const k of e.params.known) { need.add(`render.key.${k}`); listed++; }
    }
  }
  for (const d of describe(fv)) for (const r of d.results || []) need.add(`render.key.${r.key}`);
  assert.ok(listed > 20, `only ${listed} known keys listed`);
  assert.ok(need.size > 50);
  assert.deepEqual([...need].filter((k) => !Object.hasOwn(en, k)).sort(), []);
});

/** www/i18n/i18n.js bundled with English and a small test catalog ('ro'). */
async function i18nWith(ro) {
  const r = await esbuild.build({
    entryPoints: ['www/i18n/i18n.js'], absWorkingDir: ROOT, bundle: true, write: false, format: 'esm',
    plugins: [{
      name: 'test-catalogs',
      setup(b) {
        b.onLoad({ filter: /catalogs\.js$/ }, () => ({
          contents: `import en from './en.json'; export const CATALOGS = { en, ro: ${JSON.stringify(ro)} }; export const FALLBACK = 'en';`,
          resolveDir: I18N, loader: 'js',
        }));
      },
    }],
  });
  return import('data:text/javascript;base64,' + Buffer.from(r.outputFiles[0].text).toString('base64'));
}

test('t(): placeholders, plural forms by Intl.PluralRules, numbers by Intl.NumberFormat, English fallback', async () => {
  const pluralKey = 'verdict.rounds.pass';
  const i = await i18nWith({ 'verdict.pass': 'Verificat', [pluralKey]: { one: '{count} rundă', few: '{count} runde', other: '{count} de runde' } });
  assert.equal(i.t(pluralKey, { count: 1 }, 'en'), '✓ 1 round verified');
  assert.equal(i.t(pluralKey, { count: 1234 }, 'en'), '✓ 1,234 rounds verified');
  assert.equal(i.t(pluralKey, { count: 1 }, 'ro'), '1 rundă');
  assert.equal(i.t(pluralKey, { count: 3 }, 'ro'), '3 runde');
  assert.equal(i.t(pluralKey, { count: 1234 }, 'ro'), `${new Intl.NumberFormat('ro').format(1234)} de runde`);
  assert.equal(i.t('verdict.pass', {}, 'ro'), 'Verificat');
  assert.equal(i.t('verdict.fail', {}, 'ro'), en['verdict.fail'], 'a key missing in ro falls back to English');
  assert.equal(i.t('draw.seatOnly', { seat: 2 }, 'en'), 'Seat 2');
  assert.equal(i.t('draw.seat', { seat: 'North', player: 1234 }, 'en'), 'North · player 1,234');
  assert.equal(i.pickLanguage(['fr-FR', 'ro-RO', 'en']), 'ro');
  assert.equal(i.pickLanguage(['fr']), 'en');
  // A param that is not text (a DOM node for a seed) is handed back as is.
  const node = { seed: true };
  assert.deepEqual(i.parts('draw.seatSeed', { seed: node }, 'en'), [' · client seed “', node, '”']);
});

test('decimalText(): a crash point in the language\'s decimal sign, its digits exact and never grouped', async () => {
  const i = await i18nWith({});
  assert.equal(i.decimalText('1.15', 'en'), '1.15');
  assert.equal(i.decimalText('1.15', 'ro'), '1,15');
  assert.equal(i.decimalText('1.15', 'ru'), '1,15');
  assert.equal(i.decimalText('2627.10', 'ro'), '2627,10', 'no thousands sign: it would read as a decimal');
  assert.equal(i.decimalText('-0.50', 'it'), '-0,50');
  assert.equal(i.decimalText('1.00', 'en'), '1.00', 'trailing zeros kept');
  // Not a decimal: as it is.
  for (const s of ['12', 'abc', '1e5', '1.', '.5', '']) assert.equal(i.decimalText(s, 'ro'), s);
  // More digits than a double keeps (battle's wheel point): every digit, the language's sign.
  assert.equal(i.decimalText('1234567890123.4567', 'ro'), '1234567890123,4567');
  assert.equal(i.decimalText('0.5488135039273248', 'ru'), '0,5488135039273248');
  assert.equal(i.decimalText('0.5488135039273248', 'en'), '0.5488135039273248');
  assert.equal(i.decimalText(7, 'ro'), '7');
});

test('Chinese lists set digits and cards apart from 和 with a space, CJK text not', async () => {
  // Issue 44 (zh): 「你看到的是 2和2」 read as one token; the catalog spaces its placeholders.
  const { listParts } = await i18nWith({});
  assert.equal(listParts(['2', '2'], 'zh').join(''), '2 和 2');
  assert.equal(listParts(['K♠', 'K♦'], 'zh').join(''), 'K♠ 和 K♦');
  assert.equal(listParts(['9', '13', '24'], 'zh').join(''), '9、13 和 24');
  assert.equal(listParts(['座位 1 · 玩家 1', '座位 2'], 'zh').join(''), '座位 1 · 玩家 1 和座位 2');
  assert.equal(listParts(['东家', '西家'], 'zh').join(''), '东家和西家');
  assert.equal(listParts(['2', '2'], 'en').join(''), '2 and 2');
});
