// No import cycles (issue 35): www/**/*.js's static imports and src/**/*.rs's `crate::`
// and `super::` paths form no cycle of two files or more (tools/imports.mjs says how
// each is read). The detector is checked first on small graphs with known cycles.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ROOT } from './helpers.mjs';
import { cycles, jsGraph, rustGraph, projectCycles } from '../../tools/imports.mjs';

test('the detector finds a two-file and a longer JavaScript cycle, and not a one-way import', () => {
  const g = jsGraph({
    'www/a/one.js': "import { two } from './two.js';\nexport const one = 1;",
    'www/a/two.js': "import { one } from './one.js';\nexport const two = 2;",
    'www/b/x.js': "import './y.js';",
    'www/b/y.js': "export { z } from '../b/z.js';",
    'www/b/z.js': "import * as x from './x.js'; // import { w } from './w.js'",
    'www/b/w.js': "import { z } from './z.js';\nconst later = () => import('./x.js');",
  });
  assert.deepEqual(cycles(g), [['www/a/one.js', 'www/a/two.js'], ['www/b/x.js', 'www/b/y.js', 'www/b/z.js']]);
});

test('the detector reads Rust paths: use trees, super::, code paths; not children, comments or tests', () => {
  const g = rustGraph({
    'src/lib.rs': 'mod a;\nmod s;\npub use a::A;',
    'src/a.rs': 'use crate::{b::{self, B}, s::Opts};\n// use crate::c::C;\npub struct A;',
    'src/b.rs': "pub fn f<'x>(c: &'x char) -> bool { *c == '\"' && crate::a::A == crate::a::A }",
    'src/c.rs': '#[cfg(test)]\nmod tests {\n    use crate::d::D;\n}\npub struct C;',
    'src/d.rs': 'use crate::c::C;',
    'src/s/mod.rs': 'pub mod k;\npub use k::K;\npub struct Opts;\npub const ALL: [&k::K; 0] = [];',
    'src/s/k.rs': 'use super::Opts;\npub struct K;',
  });
  assert.deepEqual(g['src/s/mod.rs'], [], 'a parent naming its child is not an import');
  assert.deepEqual(g['src/s/k.rs'], ['src/s/mod.rs']);
  assert.deepEqual(cycles(g), [['src/a.rs', 'src/b.rs']]);
});

test('no import cycle in www/ or src/', () => {
  const found = projectCycles(ROOT);
  assert.deepEqual(found.map((c) => c.join(' <-> ')), [], 'import cycles (each line: the files of one cycle)');
});

