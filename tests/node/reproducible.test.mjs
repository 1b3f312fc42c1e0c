// Two builds from clean copies of the source, in different folders, give
// byte-identical pkg/ files (so a player can rebuild and compare fingerprints).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { ROOT } from './helpers.mjs';

function cleanCopy(dest) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT })
    .toString().split('\0').filter(Boolean);
  for (const f of files) {
    const src = path.join(ROOT, f);
    if (!fs.existsSync(src) || fs.statSync(src).isDirectory()) continue;
    fs.mkdirSync(path.dirname(path.join(dest, f)), { recursive: true });
    fs.copyFileSync(src, path.join(dest, f));
    fs.chmodSync(path.join(dest, f), fs.statSync(src).mode);
  }
  // The vector copy test reads ../shared; node_modules is reused to stay offline-fast.
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dest, 'node_modules'));
}

function digests(dir, rel = '', out = {}) {
  for (const f of fs.readdirSync(path.join(dir, rel)).sort()) {
    const file = path.join(dir, rel, f);
    if (fs.statSync(file).isDirectory()) digests(dir, `${rel}${f}/`, out);
    else out[`${rel}${f}`] = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return out;
}

test('two clean builds in different folders are byte-identical', { timeout: 20 * 60 * 1000 }, () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-repro-'));
  const results = [];
  for (const name of ['first', 'second-build-elsewhere']) {
    const dir = path.join(base, name);
    cleanCopy(dir);
    execFileSync('./build.sh', ['build'], {
      cwd: dir, stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CARGO_TARGET_DIR: path.join(dir, 'target') },
    });
    results.push(digests(path.join(dir, 'pkg')));
  }
  for (const f of ['fairverify.wasm', 'widget.wasm', 'widget.js', 'widget.mjs', 'schemas/crash.schema.json', 'SHA256SUMS', 'verifier.html', 'verifier.js',
    'verifier-nowasm.html', 'fairverify-nowasm.wasm', 'verifier.html.gz', 'verifier.html.br', 'widget.js.gz', 'widget.js.br',
    'verifier.js.gz', 'verifier.js.br', 'widget-chain.js', 'widget-cards.js']) assert.ok(results[0][f], `pkg/${f} was not built`);
  assert.deepEqual(results[0], results[1]);
  // And the same as this checkout's own pkg/, built by ./build.sh test just before.
  const ours = digests(path.join(ROOT, 'pkg'));
  assert.equal(ours['fairverify.wasm'], results[0]['fairverify.wasm'], 'pkg/fairverify.wasm differs from a clean rebuild');
  assert.equal(ours['widget.wasm'], results[0]['widget.wasm'], 'pkg/widget.wasm differs from a clean rebuild');
  assert.equal(ours['fairverify-nowasm.wasm'], results[0]['fairverify-nowasm.wasm'], 'pkg/fairverify-nowasm.wasm differs from a clean rebuild');
  console.log(`reproducible: ${Object.entries(results[0]).map(([f, h]) => `${f} ${h.slice(0, 16)}`).join(', ')}`);
  fs.rmSync(base, { recursive: true, force: true });
});
