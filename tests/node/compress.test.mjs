// pkg/'s precompressed copies (issue 36, tools/compress.mjs): each FILE.gz and FILE.br
// decompresses (with Node's zlib, and the .gz with the system's gzip too) to FILE's
// exact bytes, so the SHA-256 build.sh prints is what a browser runs; they are
// listed in SHA256SUMS; compressing again in another process gives the same bytes
// (no date, name or machine in them); and verifier.html.br (what a browser accepting br gets) is at most 600 KB.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { ROOT } from './helpers.mjs';

const PKG = path.join(ROOT, 'pkg');
const sha256 = (b) => crypto.createHash('sha256').update(b).digest('hex');
const FILES = ['verifier.html', 'verifier-nowasm.html', 'verifier.js', 'widget.js', 'widget.mjs', 'widget-chain.js', 'widget-cards.js'];

test('every FILE.gz / FILE.br in pkg/ decompresses to FILE, and SHA256SUMS lists them', () => {
  const sums = fs.readFileSync(path.join(PKG, 'SHA256SUMS'), 'utf8');
  for (const f of FILES) {
    const want = fs.readFileSync(path.join(PKG, f));
    const gz = fs.readFileSync(path.join(PKG, `${f}.gz`));
    const br = fs.readFileSync(path.join(PKG, `${f}.br`));
    assert.equal(sha256(zlib.gunzipSync(gz)), sha256(want), `${f}.gz`);
    assert.equal(sha256(zlib.brotliDecompressSync(br)), sha256(want), `${f}.br`);
    // The system's gzip reads it too, and checks its CRC and length.
    assert.equal(sha256(execFileSync('gzip', ['-dc'], { input: gz, maxBuffer: 64 << 20 })), sha256(want), `${f}.gz by gzip -dc`);
    // No name, no modification time, a fixed OS byte in the gzip header.
    assert.deepEqual([...gz.subarray(0, 10)], [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255], `${f}.gz header`);
    assert.ok(gz.length < want.length && br.length < gz.length, `${f}: ${want.length} → gz ${gz.length}, br ${br.length}`);
    for (const c of [`${f}.gz`, `${f}.br`]) assert.ok(sums.includes(`${sha256(fs.readFileSync(path.join(PKG, c)))}  ${c}\n`), `SHA256SUMS lists ${c}`);
  }
  // What a browser that accepts `gzip, br` is sent (serve.py prefers brotli): at most
  // 600 KB (issue 36); the gzip copy, for clients without brotli, is said in docs.
  assert.ok(fs.statSync(path.join(PKG, 'verifier.html.br')).size <= 600 * 1024, 'verifier.html.br at most 600 KB');
});

test('compressing pkg/\'s files again, elsewhere and in another process, gives the same bytes', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-compress-'));
  try {
    for (const f of FILES) fs.copyFileSync(path.join(PKG, f), path.join(dir, f));
    execFileSync(process.execPath, [path.join(ROOT, 'tools/compress.mjs'), dir]);
    for (const f of FILES) {
      for (const c of [`${f}.gz`, `${f}.br`]) {
        assert.equal(sha256(fs.readFileSync(path.join(dir, c))), sha256(fs.readFileSync(path.join(PKG, c))), c);
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
