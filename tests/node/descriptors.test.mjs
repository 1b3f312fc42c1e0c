// Adding a scheme means its Rust file (with its descriptor), its vectors and its
// drawing (docs/adding-a-scheme.md): every scheme the core describes has vectors
// (tests/verdicts.rs checks that natively) and a drawing in www/render, and nothing
// is drawn for a scheme the core does not describe.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as esbuild from 'esbuild';
import { ROOT, VERIFIER, vectorsDir } from './helpers.mjs';

const fv = createRequire(import.meta.url)(VERIFIER);

test('every described scheme has vectors and a drawing, and every drawing a scheme', async () => {
  const ids = fv.schemes().map((d) => d.id).sort();
  assert.ok(ids.length >= 10, `the core describes ${ids.length} schemes`);
  for (const id of ids) {
    assert.ok(fs.existsSync(path.join(vectorsDir(), `${id}.jsonl`)), `${id} has no vectors file`);
  }
  // The drawings, from the render module itself (bundled for Node: it only touches
  // the DOM when it draws).
  const out = await esbuild.build({
    entryPoints: [path.join(ROOT, 'www/render/report.js')], bundle: true, format: 'esm', write: false,
    platform: 'neutral', logLevel: 'silent',
  });
  const src = out.outputFiles[0].text;
  const mod = await import('data:text/javascript;base64,' + Buffer.from(src).toString('base64'));
  assert.deepEqual(mod.drawnSchemes().slice().sort(), ids);
});
