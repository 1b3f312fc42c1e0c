// Every repository path that README.md, docs/**.md or a source comment names exists
// (tools/docpaths.mjs): a doc naming a moved or deleted file misleads its reader.
// The finder is tested on texts with known answers first, so the last test cannot
// pass by finding nothing.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ROOT } from './helpers.mjs';
import { namedPaths, missingPaths, comments, check, repoFiles, documents } from '../../tools/docpaths.mjs';

test('the finder reads backticked and bare paths, drops line numbers and punctuation, skips ../', () => {
  const text = 'See `src/report.rs:432-435` and www/render/seen.js:37, then tools/imports.mjs. '
    + 'Not ../shared/vectors/x.jsonl, nor a URL like https://example.org/src/x.rs; (docs/testing.md).';
  assert.deepEqual(namedPaths(text), ['src/report.rs', 'www/render/seen.js', 'tools/imports.mjs', 'docs/testing.md']);
});

test('globs and placeholders need one matching file; built output is not checked', () => {
  const files = ['src/history/battle.rs', 'www/i18n/en.json', 'tests/vectors/dice.jsonl'];
  assert.deepEqual(missingPaths(['src/history/<game>.rs', 'www/i18n/{lang}.json', 'www/i18n/${l}.json', 'tests/vectors/*.jsonl', 'src/history/', 'src/history'], files), []);
  assert.deepEqual(missingPaths(['src/history/<game>.go', 'www/page/core.js', 'src/hist'], files), ['src/history/<game>.go', 'www/page/core.js', 'src/hist']);
  assert.deepEqual(missingPaths(['pkg/verifier.html', 'tests/artifacts/x.png'], files), []);
});

test('only comments of a source file are read', () => {
  const src = "// names www/a.js\nconst x = 'www/b.js'; // and www/c.js\n/* www/d.js\n * www/e.js */\nlet y = 'src/f.rs';\n";
  assert.deepEqual(namedPaths(comments(src)), ['www/a.js', 'www/c.js', 'www/d.js', 'www/e.js']);
});

test('a document naming a missing file is found', () => {
  const files = repoFiles(ROOT);
  assert.ok(documents(files).length >= 10, 'the documents were not found');
  assert.ok(files.includes('docs/testing.md'));
  assert.deepEqual(missingPaths(namedPaths('`www/widget/walker.js`'), files), ['www/widget/walker.js']);
});

test('every path README.md, docs/ and the source comments name exists', () => {
  assert.deepEqual(check(ROOT), []);
});
