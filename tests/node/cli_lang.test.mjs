// The CLI in every registered language (issue 13): `--lang L --help` is L's catalog,
// not the English text (option names stay as typed), and `--lang L --human` on a bad
// record prints the error message from L's catalog. LC_ALL/LANG pick it too.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { VERIFIER, ROOT, runCli } from './helpers.mjs';
import { registeredCatalogs, literal } from './i18ntest_langs.mjs';

const CATS = registeredCatalogs();
const en = CATS.en;
const others = Object.keys(CATS).filter((l) => l !== 'en');
const squash = (s) => s.replace(/\s+/g, '');

function run(args, env = {}) {
  const r = spawnSync(process.execPath, [VERIFIER, ...args], {
    encoding: 'utf8', env: { ...process.env, LC_ALL: '', LC_MESSAGES: '', LANG: 'C', ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-cli-lang-'));
const BAD = {
  'unknown_scheme.json': '{"scheme": "no-such-scheme"}\n',
  'bad_json.json': '{"scheme": "crash",\n "serverSeed": }\n',
};
for (const [f, s] of Object.entries(BAD)) fs.writeFileSync(path.join(dir, f), s);

const helpKeys = Object.keys(en).filter((k) => k.startsWith('cli.help.'));
const englishHelp = run(['--help']).stdout;

test('the English help is built from the cli.help.* keys, with the options as typed', () => {
  assert.ok(helpKeys.length >= 10, 'cli.help.* keys in en.json');
  for (const k of helpKeys) {
    for (const piece of literal(en[k])[0].split('\u0000')) assert.ok(squash(englishHelp).includes(squash(piece)), `${k}: ${piece}`);
  }
  for (const flag of ['--jsonl', '--self-test', '--version', '--json', '--human', '--lang CODE', 'LC_ALL', 'bad_utf8', 'too_large']) {
    assert.ok(englishHelp.includes(flag), flag);
  }
});

for (const lang of others) {
  const cat = CATS[lang];
  test(`${lang}: --lang ${lang} --help is ${lang}'s catalog, not the English text`, () => {
    const r = run(['--lang', lang, '--help']);
    assert.equal(r.code, 0, r.stderr);
    const missing = helpKeys.filter((k) => !Object.hasOwn(cat, k));
    assert.deepEqual(missing, [], `${lang}.json lacks help keys (translators)`);
    assert.notEqual(r.stdout, englishHelp);
    const out = squash(r.stdout);
    for (const k of helpKeys) {
      for (const piece of literal(cat[k])[0].split('\u0000')) assert.ok(out.includes(squash(piece)), `${lang} ${k} not shown: ${piece}`);
      if (cat[k] === en[k]) continue;
      for (const piece of literal(en[k])[0].split('\u0000')) {
        if (piece.trim().split(/\s+/).length >= 3 && !squash(literal(cat[k])[0]).includes(squash(piece))) {
          assert.ok(!out.includes(squash(piece)), `${lang} help shows English: ${piece}`);
        }
      }
    }
    // Option names and codes are never translated.
    for (const flag of ['--jsonl', '--self-test', '--version', '--json', '--human', '--lang CODE', 'node verifier.js FILE...']) {
      assert.ok(r.stdout.includes(flag), `${lang}: ${flag}`);
    }
    // LANG picks the same help when --lang is not given.
    assert.equal(run(['--help'], { LANG: `${lang}_XX.UTF-8` }).stdout, r.stdout);
  });

  test(`${lang}: --lang ${lang} --human on a bad record prints ${lang}'s message`, () => {
    for (const f of Object.keys(BAD)) {
      const file = path.join(dir, f);
      const json = JSON.parse(run(['--json', file]).stdout);
      const code = json.error && json.error.code;
      assert.ok(code, `${f}: an error`);
      const r = run(['--lang', lang, '--human', file]);
      assert.equal(r.code, 2, r.stderr);
      // The sentence is the page's (render.err.<code>…, with its values), else err.<code>.
      const pieces = (k) => literal(cat[k])[0].split('\u0000').map((x) => x.trim()).filter((x) => x.length >= 3);
      const candidates = Object.keys(en).filter((k) => k === `err.${code}` || k === `render.err.${code}` || k.startsWith(`render.err.${code}.`));
      const key = candidates.find((k) => Object.hasOwn(cat, k) && pieces(k).length && pieces(k).every((x) => r.stdout.includes(x)));
      assert.ok(key, `${lang} ${f}: none of ${candidates.join(', ')} is in\n${r.stdout}`);
      if (cat[key] !== en[key]) {
        for (const p of literal(en[key])[0].split('\u0000').map((s) => s.trim()).filter((s) => s.split(/\s+/).length >= 3)) {
          assert.ok(!r.stdout.includes(p), `${lang} ${f}: English "${p}" in\n${r.stdout}`);
        }
        // The verdict line is the language's too.
        assert.ok(r.stdout.includes(cat['verdict.error']), `${lang}: verdict.error`);
      }
      // The code stays as is, inside the language's words ("(cod de eroare: bad_hex)").
      assert.ok(r.stdout.includes(cat['cli.code'].replace('{code}', code)), `${lang}: cli.code\n${r.stdout}`);
    }
  });
}

test('every catalog in www/i18n is a language of the CLI: --lang gives its own help title', () => {
  const files = fs.readdirSync(path.join(ROOT, 'www/i18n')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
  assert.ok(files.length >= 6, files.join(', '));
  for (const lang of files) {
    const cat = JSON.parse(fs.readFileSync(path.join(ROOT, 'www/i18n', `${lang}.json`), 'utf8'));
    const r = runCli(['--help', '--lang', lang]);
    assert.equal(r.code, 0, lang);
    assert.ok(r.stdout.includes(cat['cli.help.title']), `${lang}: --help is not in ${lang}:\n${r.stdout.slice(0, 200)}`);
  }
});
