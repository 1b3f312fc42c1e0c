// The badge's QR encoder (www/widget/qr.js, for "Check on your phone", issue 46):
// every code it draws, rendered as a camera would see it on a screen, is read back
// (jsQR, an independent decoder) to exactly the text it was given, at every version
// a link can need; every module is the one the page's encoder (uqr, ECC L) draws for
// the same text with the same mask (pattern 2), so the badge's code holds as much as
// the page's; past version 40 it refuses.
import test from 'node:test';
import assert from 'node:assert/strict';
import jsQR from 'jsqr';
import { encode } from 'uqr';
import { qrRows } from '../../www/widget/qr.js';

/** `rows` drawn at `px` pixels a module with the 4-module quiet zone, RGBA. */
function pixels(rows, px) {
  const q = 4;
  const w = (rows.length + 2 * q) * px;
  const img = new Uint8ClampedArray(w * w * 4).fill(255);
  rows.forEach((row, y) => row.forEach((dark, x) => {
    if (!dark) return;
    for (let i = 0; i < px; i++) {
      for (let j = 0; j < px; j++) {
        const o = (((y + q) * px + i) * w + (x + q) * px + j) * 4;
        img[o] = img[o + 1] = img[o + 2] = 0;
      }
    }
  }));
  return { img, w };
}

/** A link of `len` characters as the badge makes them (base64url record, lang). */
function link(len) {
  let s = 'https://casino.example/fair/verifier.html#lang=ro&record=';
  const body = Buffer.from(JSON.stringify({ scheme: 'selfpoker', seed: 'Ab9-_'.repeat(800) })).toString('base64url');
  return (s + body).slice(0, len);
}

test('each code decodes (jsQR) to exactly its text, and is uqr\'s code with the same mask', () => {
  for (const len of [1, 20, 60, 140, 300, 500, 800, 1200, 1700, 2300, 2953]) {
    const text = link(len);
    const rows = qrRows(text);
    const page = encode(text, { ecc: 'L', border: 0, maskPattern: 2 });
    assert.equal(rows.length, page.size, `${len} characters: ${rows.length} modules, uqr ${page.size}`);
    assert.deepEqual(rows, page.data, `${len} characters: the same modules as uqr's with the same mask`);
    const { img, w } = pixels(rows, 2);
    const read = jsQR(img, w, w);
    assert.ok(read, `${len} characters: no code read`);
    assert.equal(read.data, text);
  }
});

test('a text past version 40 (2,953 bytes at ECC L) is refused', () => {
  assert.throws(() => qrRows(link(2953) + 'x'), RangeError);
  assert.throws(() => qrRows('é'.repeat(1477)), RangeError);
  assert.equal(qrRows('é'.repeat(1476)).length, 177);
});
