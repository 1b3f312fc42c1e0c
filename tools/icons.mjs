// The installed app's icons, drawn here at build time and written as PNG with
// node:zlib: a white check mark in a white ring on the page's accent blue. The
// drawing is shapes measured in fractions of the size (distance functions, 4 x 4
// samples a pixel), so every size is sharp and the bytes depend only on this file
// and zlib (no dates, no chunks but IHDR, IDAT and IEND): builds stay reproducible.
//   iconPng(192) / iconPng(512): rounded square, transparent corners ("any")
//   iconPng(512, { maskable: true }): full bleed, the drawing inside the central
//   circle of radius 0.4 that a launcher's mask always keeps
import zlib from 'node:zlib';

const BLUE = [0x2f, 0x5b, 0xd3];
const WHITE = [0xff, 0xff, 0xff];

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(buf) {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** RGBA pixels (width * height * 4) as a PNG file. */
export function encodePng(width, height, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bits per channel
  ihdr[9] = 6; // RGBA
  // Each row with filter 1 (Sub): the flat areas pack to almost nothing.
  const raw = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    const o = y * (1 + width * 4);
    raw[o] = 1;
    for (let x = 0; x < width * 4; x++) {
      const v = rgba[y * width * 4 + x];
      const left = x >= 4 ? rgba[y * width * 4 + x - 4] : 0;
      raw[o + 1 + x] = (v - left) & 0xff;
    }
  }
  const idat = zlib.deflateSync(raw, { level: 9, memLevel: 9, strategy: zlib.constants.Z_DEFAULT_STRATEGY });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Distance from (x, y) to the segment a–b. */
function segment(x, y, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - ax - t * dx, y - ay - t * dy);
}

/** Signed distance to a square of half-side h with corner radius r, centred at 0.5. */
function roundedSquare(x, y, h, r) {
  const qx = Math.abs(x - 0.5) - h + r;
  const qy = Math.abs(y - 0.5) - h + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

/** Coverage (0–1) of the background and of the white drawing at a point of the unit square. */
function shapes(x, y, maskable) {
  const bg = maskable ? 1 : roundedSquare(x, y, 0.5, 0.2) <= 0 ? 1 : 0;
  // Inside the maskable safe circle (radius 0.4): the ring's outer edge at 0.35.
  const s = maskable ? 0.78 : 1;
  const cx = (v) => 0.5 + (v - 0.5) * s;
  const ring = Math.abs(Math.hypot(x - 0.5, y - 0.5) - 0.4 * s) <= 0.045 * s;
  const a = [cx(0.33), cx(0.52)];
  const b = [cx(0.45), cx(0.64)];
  const c = [cx(0.68), cx(0.37)];
  const tick = Math.min(segment(x, y, a, b), segment(x, y, b, c)) <= 0.055 * s;
  return { bg, fg: ring || tick ? 1 : 0 };
}

/** The icon at `size` px as PNG bytes. */
export function iconPng(size, { maskable = false } = {}) {
  const N = 4;
  const rgba = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < N; sy++) {
        for (let sx = 0; sx < N; sx++) {
          const s = shapes((px + (sx + 0.5) / N) / size, (py + (sy + 0.5) / N) / size, maskable);
          bg += s.bg;
          fg += s.bg && s.fg;
        }
      }
      bg /= N * N;
      fg /= N * N;
      const o = (py * size + px) * 4;
      // White over blue where drawn; alpha is the background's coverage.
      const w = bg ? fg / bg : 0;
      for (let k = 0; k < 3; k++) rgba[o + k] = Math.round(BLUE[k] * (1 - w) + WHITE[k] * w);
      rgba[o + 3] = Math.round(255 * bg);
    }
  }
  return encodePng(size, size, rgba);
}
