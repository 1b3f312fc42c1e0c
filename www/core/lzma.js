// An LZMA decoder for the widget's packed wasm: LZMA packs the wasm 15 % smaller than
// gzip, which is most of what keeps widget.js small, and it needs no
// DecompressionStream (so it also works in older browsers). It runs in steps
// (`lzmaDecoder(…).run(n)`), which www/core/wasm.js spreads over tasks.
// A port of the reference decoder in the LZMA SDK (LzmaSpec.cpp, public domain),
// for a raw LZMA1 stream of known length as `xz --format=raw --lzma1=…` writes it;
// tools/bundle.mjs decodes every build's payload with this very function and
// refuses the build unless it gives the wasm back byte for byte.

/** The stream's properties, and the xz options that write it (tools/bundle.mjs).
 * pb=0: wasm code has no 4-byte alignment to exploit (measured smallest). */
export const LZMA_PROPS = { lc: 3, lp: 0, pb: 0 };
export const LZMA_OPTIONS = 'preset=9e,lc=3,lp=0,pb=0,dict=1MiB';

const PROB_INIT = 1024; // kBitModelTotal / 2: every probability starts at one half

/**
 * Decodes `src` (raw LZMA1 with properties lc, lp, pb) into exactly `size` bytes.
 * Throws on a stream that is damaged or ends early.
 */
export function lzmaDecode(src, size, props) {
  const d = lzmaDecoder(src, size, props);
  d.run(Infinity);
  return d.out;
}

/**
 * The same decoder in steps, for a page that must not wait on one long task:
 * `run(n)` decodes about `n` more bytes and returns true once all `size` are in `out`.
 */
export function lzmaDecoder(src, size, { lc = 3, lp = 0, pb = 0 } = {}) {
  const out = new Uint8Array(size);
  let inPos = 0;
  const byte = () => {
    if (inPos >= src.length) throw new Error('lzma: the packed data ends early');
    return src[inPos++];
  };

  // The range decoder (LzmaSpec.cpp CRangeDecoder). Unsigned 32-bit arithmetic.
  if (byte() !== 0) throw new Error('lzma: bad stream start');
  let range = 0xFFFFFFFF;
  let code = 0;
  for (let i = 0; i < 4; i++) code = ((code << 8) | byte()) >>> 0;
  if (code === range) throw new Error('lzma: bad stream start');
  const normalize = () => {
    if (range < 0x1000000) {
      range = (range << 8) >>> 0;
      code = ((code << 8) | byte()) >>> 0;
    }
  };
  const bit = (probs, i) => {
    const p = probs[i];
    const bound = (range >>> 11) * p;
    let b;
    if (code < bound) {
      probs[i] = p + ((2048 - p) >>> 5);
      range = bound;
      b = 0;
    } else {
      probs[i] = p - (p >>> 5);
      code -= bound;
      range -= bound;
      b = 1;
    }
    normalize();
    return b;
  };
  const direct = (n) => {
    let r = 0;
    for (; n > 0; n--) {
      range >>>= 1;
      let b = 0;
      if (code >= range) { code -= range; b = 1; }
      r = ((r << 1) | b) >>> 0;
      normalize();
    }
    return r;
  };
  const probs = (n) => new Uint16Array(n).fill(PROB_INIT);
  const tree = (p, base, bits) => {
    let m = 1;
    for (let i = 0; i < bits; i++) m = (m << 1) + bit(p, base + m);
    return m - (1 << bits);
  };
  const reverse = (p, base, bits) => {
    let m = 1;
    let s = 0;
    for (let i = 0; i < bits; i++) {
      const b = bit(p, base + m);
      m = (m << 1) + b;
      s |= b << i;
    }
    return s;
  };

  const POS_STATES = 1 << pb;
  const lenCoder = () => ({ choice: probs(2), low: probs(POS_STATES << 3), mid: probs(POS_STATES << 3), high: probs(256) });
  const length = (c, posState) => {
    if (!bit(c.choice, 0)) return tree(c.low, posState << 3, 3);
    if (!bit(c.choice, 1)) return 8 + tree(c.mid, posState << 3, 3);
    return 16 + tree(c.high, 0, 8);
  };

  const literals = probs(0x300 << (lc + lp));
  const isMatch = probs(12 << 4);
  const isRep = probs(12);
  const isRepG0 = probs(12);
  const isRepG1 = probs(12);
  const isRepG2 = probs(12);
  const isRep0Long = probs(12 << 4);
  const posSlot = probs(4 << 6);
  const posCoders = probs(115); // 1 + kNumFullDistances (128) - kEndPosModelIndex (14)
  const align = probs(16);
  const lens = lenCoder();
  const repLens = lenCoder();

  const distance = (len) => {
    const slot = tree(posSlot, Math.min(len, 3) << 6, 6);
    if (slot < 4) return slot;
    const n = (slot >>> 1) - 1;
    let dist = ((2 | (slot & 1)) << n) >>> 0;
    if (slot < 14) return dist + reverse(posCoders, dist - slot, n);
    dist = (dist + (direct(n - 4) << 4)) >>> 0;
    return (dist + reverse(align, 0, 4)) >>> 0;
  };

  let pos = 0;
  let state = 0;
  let rep0 = 0;
  let rep1 = 0;
  let rep2 = 0;
  let rep3 = 0;
  let ended = false;
  const run = (n) => {
    const stop = Math.min(size, pos + n);
    while (pos < stop && !ended) {
      const posState = pos & (POS_STATES - 1);
      if (!bit(isMatch, (state << 4) + posState)) {
        // A literal, coded against the byte at rep0 after a match.
        const prev = pos > 0 ? out[pos - 1] : 0;
        const base = 0x300 * ((((pos & ((1 << lp) - 1)) << lc)) + (prev >>> (8 - lc)));
        let s = 1;
        if (state >= 7) {
          let match = out[pos - rep0 - 1];
          while (s < 0x100) {
            const mb = (match >>> 7) & 1;
            match <<= 1;
            const b = bit(literals, base + ((1 + mb) << 8) + s);
            s = (s << 1) | b;
            if (mb !== b) break;
          }
        }
        while (s < 0x100) s = (s << 1) | bit(literals, base + s);
        out[pos++] = s - 0x100;
        state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
        continue;
      }
      let len;
      if (bit(isRep, state)) {
        if (pos === 0) throw new Error('lzma: damaged data');
        if (!bit(isRepG0, state)) {
          if (!bit(isRep0Long, (state << 4) + posState)) {
            // A short rep: one byte from rep0.
            state = state < 7 ? 9 : 11;
            out[pos] = out[pos - rep0 - 1];
            pos++;
            continue;
          }
        } else {
          let dist;
          if (!bit(isRepG1, state)) {
            dist = rep1;
          } else {
            if (!bit(isRepG2, state)) {
              dist = rep2;
            } else {
              dist = rep3;
              rep3 = rep2;
            }
            rep2 = rep1;
          }
          rep1 = rep0;
          rep0 = dist;
        }
        len = length(repLens, posState);
        state = state < 7 ? 8 : 11;
      } else {
        rep3 = rep2;
        rep2 = rep1;
        rep1 = rep0;
        len = length(lens, posState);
        state = state < 7 ? 7 : 10;
        rep0 = distance(len);
        if (rep0 === 0xFFFFFFFF) { ended = true; break; } // the end marker
        if (rep0 >= pos) throw new Error('lzma: damaged data');
      }
      len += 2;
      if (pos + len > size) throw new Error('lzma: damaged data');
      for (; len > 0; len--, pos++) out[pos] = out[pos - rep0 - 1];
    }
    if (pos < size && !ended) return false;
    if (pos !== size) throw new Error('lzma: the packed data ends early');
    return true;
  };
  return { out, run };
}
