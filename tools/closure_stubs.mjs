// The badge's wasm without wasm-bindgen's closure entries (issue 43: room for a list
// of bets checked in steps). js-sys declares imports that take Rust closures; their
// entry points (`wasm_bindgen::convert::closures::…::invoke`) are put in the
// function table by rustc and stay there after wasm-bindgen, so no optimiser can drop
// them (a table entry may be called). Only JavaScript calls them, through closures the
// glue makes, and the badge's glue makes none (short_imports.mjs checks it): every
// such entry is pointed at the first of them, and wasm-opt then drops the other ~50
// (about 0.8 KB of widget.js gzipped, measured). Table indices are unchanged.
//   stubClosures(bytes) → the module's bytes with those table entries rewritten

const CLOSURE = /^wasm_bindgen::convert::closures::/;

/** @param {Uint8Array} b @param {number} p @returns {[number, number]} value, next offset */
function uleb(b, p) {
  let v = 0;
  let s = 0;
  let x;
  do { x = b[p++]; v += (x & 0x7f) * 2 ** s; s += 7; } while (x & 0x80);
  return [v, p];
}

/** @param {number} n @returns {number[]} */
function leb(n) {
  const o = [];
  do { let x = n & 0x7f; n = Math.floor(n / 128); if (n) x |= 0x80; o.push(x); } while (n);
  return o;
}

/** The function names of the module's name section (index → name). @param {Buffer} wasm */
function functionNames(wasm) {
  const names = new Map();
  let p = 8;
  while (p < wasm.length) {
    const id = wasm[p++];
    let len;
    [len, p] = uleb(wasm, p);
    const end = p + len;
    if (id === 0) {
      let [l, q] = uleb(wasm, p);
      if (wasm.subarray(q, q + l).toString() === 'name') {
        q += l;
        while (q < end) {
          const sub = wasm[q++];
          let size;
          [size, q] = uleb(wasm, q);
          if (sub === 1) {
            let n;
            let r;
            [n, r] = uleb(wasm, q);
            for (let i = 0; i < n; i++) {
              let idx;
              [idx, r] = uleb(wasm, r);
              [l, r] = uleb(wasm, r);
              names.set(idx, wasm.subarray(r, r + l).toString());
              r += l;
            }
          }
          q += size;
        }
      }
    }
    p = end;
  }
  return names;
}

/** @param {Buffer} wasm @returns {{bytes: Buffer, stubbed: number}} */
export function stubClosures(wasm) {
  const names = functionNames(wasm);
  if (!names.size) throw new Error('closure_stubs: the wasm has no function names (wasm-bindgen keeps them)');
  const out = [wasm.subarray(0, 8)];
  let stubbed = 0;
  let p = 8;
  while (p < wasm.length) {
    const from = p;
    const id = wasm[p++];
    let len;
    [len, p] = uleb(wasm, p);
    const end = p + len;
    if (id !== 9) {
      out.push(wasm.subarray(from, end));
      p = end;
      continue;
    }
    let n;
    [n, p] = uleb(wasm, p);
    const body = leb(n);
    let first = -1;
    for (let s = 0; s < n; s++) {
      const head = p;
      const flags = wasm[p++];
      // Active segments of function indices: 0 (table 0), 2 (a table, an elemkind).
      if (flags !== 0 && flags !== 2) throw new Error(`closure_stubs: an element segment of flags ${flags}`);
      if (flags === 2) [, p] = uleb(wasm, p);
      // The offset: one constant expression, up to its `end`.
      while (wasm[p] !== 0x0b) p++;
      p++;
      if (flags === 2) {
        if (wasm[p] !== 0) throw new Error('closure_stubs: an element kind other than funcref');
        p++;
      }
      body.push(...wasm.subarray(head, p));
      let count;
      [count, p] = uleb(wasm, p);
      body.push(...leb(count));
      for (let i = 0; i < count; i++) {
        let f;
        [f, p] = uleb(wasm, p);
        if (CLOSURE.test(names.get(f) || '')) {
          if (first < 0) first = f;
          else if (f !== first) stubbed++;
          f = first;
        }
        body.push(...leb(f));
      }
    }
    if (p !== end) throw new Error('closure_stubs: the element section does not end where it says');
    out.push(Buffer.from([9, ...leb(body.length), ...body]));
  }
  return { bytes: Buffer.concat(out), stubbed };
}
