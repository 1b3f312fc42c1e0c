// A QR code encoder for the badge's "Check on your phone" (issue 46), smaller than the
// page's uqr: byte mode only, error correction L only, versions 1 to 40, one mask.
// The algorithm is Project Nayuki's QR Code generator's (MIT), the one uqr ports;
// only what a link needs is kept.

// Error correction level L, versions 1 to 40 (index v - 1): EC codewords per block, and
// the number of blocks (ISO/IEC 18004 table 9), as character codes minus 48.
const ECC = '7:?DJBDHNBDHJNFHLNLLLLNNJLNNNNNNNNNNNNNN';
const BLOCKS = '11111222244444666678899:<<<=>?@ABCCDEFHI';

const gfMul = (x, y) => {
  let z = 0;
  for (let i = 7; i >= 0; i--) z = ((z << 1) ^ ((z >>> 7) * 0x11d)) ^ (((y >>> i) & 1) * x);
  return z;
};

/** The QR code of `text` (UTF-8) as rows of booleans (true: dark), without the quiet
 *  zone; throws a RangeError when it does not fit in version 40. */
export function qrRows(text) {
  const bytes = new TextEncoder().encode(text);
  let ver = 0;
  let raw;
  let data;
  do {
    if (++ver > 40) throw new RangeError();
    raw = (16 * ver + 128) * ver + 64;
    if (ver > 1) {
      const n = (ver / 7 | 0) + 2;
      raw -= (25 * n - 10) * n - 55 + (ver > 6 ? 36 : 0);
    }
    raw >>= 3;
    data = raw - (ECC.charCodeAt(ver - 1) - 48) * (BLOCKS.charCodeAt(ver - 1) - 48);
  } while (4 + (ver < 10 ? 8 : 16) + 8 * bytes.length > 8 * data);
  // The bit stream: byte mode, the count, the bytes, terminator and padding.
  const bits = [];
  const put = (v, n) => { while (n--) bits.push((v >>> n) & 1); };
  put(4, 4);
  put(bytes.length, ver < 10 ? 8 : 16);
  bytes.forEach((b) => put(b, 8));
  put(0, Math.min(4, 8 * data - bits.length));
  put(0, -bits.length & 7);
  for (let p = 0xec; bits.length < 8 * data; p ^= 0xfd) put(p, 8);
  const words = [];
  for (let i = 0; i < bits.length; i += 8) words.push(parseInt(bits.slice(i, i + 8).join(''), 2));
  // Blocks with their Reed-Solomon codewords, interleaved.
  const nb = BLOCKS.charCodeAt(ver - 1) - 48;
  const ecc = ECC.charCodeAt(ver - 1) - 48;
  const short = nb - raw % nb;
  const len = (raw / nb | 0) - ecc;
  const div = Array(ecc).fill(0);
  div[ecc - 1] = 1;
  for (let i = 0, root = 1; i < ecc; i++, root = gfMul(root, 2)) {
    for (let j = 0; j < ecc; j++) div[j] = gfMul(div[j], root) ^ (div[j + 1] || 0);
  }
  const blocks = [];
  for (let i = 0, k = 0; i < nb; i++) {
    const d = words.slice(k, k += len + (i < short ? 0 : 1));
    const r = Array(ecc).fill(0);
    for (const b of d) {
      const f = b ^ r.shift();
      r.push(0);
      div.forEach((c, j) => { r[j] ^= gfMul(c, f); });
    }
    if (i < short) d.push(-1);
    blocks.push(d.concat(r));
  }
  const code = [];
  for (let i = 0; i < blocks[0].length; i++) for (const b of blocks) if (b[i] >= 0) code.push(b[i]);
  // The function patterns, then the codewords in their zigzag, then the best mask.
  const size = ver * 4 + 17;
  const m = [...Array(size)].map(() => Array(size).fill(false));
  const fn = m.map((row) => row.map(() => false));
  const set = (x, y, dark) => { m[y][x] = dark; fn[y][x] = true; };
  for (let i = 0; i < size; i++) { set(6, i, i % 2 === 0); set(i, 6, i % 2 === 0); }
  const square = (cx, cy, r, light) => {
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, !light.includes(Math.max(Math.abs(dx), Math.abs(dy))));
      }
    }
  };
  square(3, 3, 4, [2, 4]);
  square(size - 4, 3, 4, [2, 4]);
  square(3, size - 4, 4, [2, 4]);
  if (ver > 1) {
    const n = (ver / 7 | 0) + 2;
    const step = ver === 32 ? 26 : Math.ceil((ver * 4 + 4) / (n * 2 - 2)) * 2;
    const at = [6];
    for (let p = size - 7; at.length < n; p -= step) at.splice(1, 0, p);
    at.forEach((x, i) => at.forEach((y, j) => {
      if (!((i === 0 && j === 0) || (i === 0 && j === n - 1) || (i === n - 1 && j === 0))) square(x, y, 2, [1]);
    }));
  }
  const bch = (v, n, poly) => {
    let r = v;
    for (let i = 0; i < n; i++) r = (r << 1) ^ ((r >>> (n - 1)) * poly);
    return (v << n) | r;
  };
  const format = (mask) => {
    const f = bch(8 | mask, 10, 0x537) ^ 0x5412;
    const b = (i) => ((f >>> i) & 1) === 1;
    for (let i = 0; i < 6; i++) set(8, i, b(i));
    set(8, 7, b(6));
    set(8, 8, b(7));
    set(7, 8, b(8));
    for (let i = 9; i < 15; i++) set(14 - i, 8, b(i));
    for (let i = 0; i < 8; i++) set(size - 1 - i, 8, b(i));
    for (let i = 8; i < 15; i++) set(8, size - 15 + i, b(i));
    set(8, size - 8, true);
  };
  format(2);
  if (ver > 6) {
    const v = bch(ver, 12, 0x1f25);
    for (let i = 0; i < 18; i++) {
      const a = size - 11 + i % 3;
      const b = i / 3 | 0;
      const dark = ((v >>> i) & 1) === 1;
      set(a, b, dark);
      set(b, a, dark);
    }
  }
  let bit = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const y = (right + 1) & 2 ? vert : size - 1 - vert;
        if (!fn[y][x] && bit < code.length * 8) { m[y][x] = ((code[bit >>> 3] >>> (7 - (bit & 7))) & 1) === 1; bit++; }
      }
    }
  }
  // One mask, pattern 2 (every third column inverted): the one the standard's penalty
  // rules pick most often for a link to a record (91 of 200 random poker records, then
  // pattern 4 with 61), and any mask reads; the rules' code would be 0.35 KB of
  // widget.js gzipped.
  m.forEach((row, y) => row.forEach((d, x) => { if (!fn[y][x] && x % 3 === 0) row[x] = !d; }));
  return m;
}
