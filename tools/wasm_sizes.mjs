// What a wasm's code is made of: each function's body size (code section) under its
// name (the name section, which cargo's build keeps and wasm-opt's output drops), the
// largest functions and the sum per module path (`crate::module`), to see what a build
// (the badge's: `cargo build --profile widget --features widget`) carries.
//
//   node tools/wasm_sizes.mjs target/wasm32-unknown-unknown/widget/fairverify.wasm [top] [depth]
//
// `top` (default 40): how many functions and module paths to list; `depth` (default 3):
// how many `::` parts of a path a sum groups by. Sizes are raw bytes, before any packing.
import fs from 'node:fs';

/** @param {Uint8Array} b @param {number} p @returns {[number, number]} value, next offset */
function leb(b, p) {
  let v = 0;
  let shift = 0;
  for (;;) {
    const x = b[p++];
    v += (x & 0x7f) * 2 ** shift;
    shift += 7;
    if (x < 0x80) return [v, p];
  }
}

/** @param {Uint8Array} bytes */
export function functionSizes(bytes) {
  let p = 8;
  let imported = 0;
  /** @type {number[]} */
  const sizes = [];
  /** @type {Map<number, string>} */
  const names = new Map();
  while (p < bytes.length) {
    const id = bytes[p++];
    let len;
    [len, p] = leb(bytes, p);
    const end = p + len;
    if (id === 2) {
      let n;
      let q;
      [n, q] = leb(bytes, p);
      for (let i = 0; i < n; i++) {
        let l;
        [l, q] = leb(bytes, q);
        q += l;
        [l, q] = leb(bytes, q);
        q += l;
        const kind = bytes[q++];
        if (kind === 0) {
          imported++;
          [, q] = leb(bytes, q);
        } else if (kind === 1) {
          q += 1;
          const flags = bytes[q++];
          [, q] = leb(bytes, q);
          if (flags & 1) [, q] = leb(bytes, q);
        } else if (kind === 2) {
          const flags = bytes[q++];
          [, q] = leb(bytes, q);
          if (flags & 1) [, q] = leb(bytes, q);
        } else if (kind === 3) {
          q += 2;
        } else {
          throw new Error(`import kind ${kind}`);
        }
      }
    } else if (id === 10) {
      let n;
      let q;
      [n, q] = leb(bytes, p);
      for (let i = 0; i < n; i++) {
        let l;
        [l, q] = leb(bytes, q);
        sizes.push(l);
        q += l;
      }
    } else if (id === 0) {
      let l;
      let q;
      [l, q] = leb(bytes, p);
      const name = new TextDecoder().decode(bytes.subarray(q, q + l));
      q += l;
      if (name === 'name') {
        while (q < end) {
          const sub = bytes[q++];
          let sl;
          [sl, q] = leb(bytes, q);
          const send = q + sl;
          if (sub === 1) {
            let n;
            let r;
            [n, r] = leb(bytes, q);
            for (let i = 0; i < n; i++) {
              let idx;
              let nl;
              [idx, r] = leb(bytes, r);
              [nl, r] = leb(bytes, r);
              names.set(idx, new TextDecoder().decode(bytes.subarray(r, r + nl)));
              r += nl;
            }
          }
          q = send;
        }
      }
    }
    p = end;
  }
  return sizes.map((size, i) => ({ name: names.get(imported + i) ?? `func${imported + i}`, size }));
}

/** A Rust symbol's readable path: legacy mangling `_ZN3foo3bar17h…E` or already demangled. */
export function demangle(name) {
  const m = /^_ZN(.*)E$/.exec(name);
  if (!m) return name;
  const parts = [];
  let s = m[1];
  while (s.length) {
    const d = /^(\d+)/.exec(s);
    if (!d) break;
    const n = Number(d[1]);
    parts.push(s.slice(d[1].length, d[1].length + n));
    s = s.slice(d[1].length + n);
  }
  if (parts.length && /^h[0-9a-f]{16}$/.test(parts[parts.length - 1])) parts.pop();
  return parts
    .join('::')
    .replaceAll('$LT$', '<')
    .replaceAll('$GT$', '>')
    .replaceAll('$u20$', ' ')
    .replaceAll('$u7b$', '{')
    .replaceAll('$u7d$', '}')
    .replaceAll('$C$', ',')
    .replaceAll('$RF$', '&')
    .replaceAll('..', '::');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, topArg, depthArg] = process.argv.slice(2);
  const top = Number(topArg ?? 40);
  const depth = Number(depthArg ?? 3);
  const fns = functionSizes(fs.readFileSync(file)).map((f) => ({ ...f, name: demangle(f.name) }));
  const total = fns.reduce((a, f) => a + f.size, 0);
  console.log(`${fns.length} functions, ${total} bytes of code`);
  for (const f of [...fns].sort((a, b) => b.size - a.size).slice(0, top)) console.log(`${String(f.size).padStart(8)}  ${f.name}`);
  /** @type {Map<string, number>} */
  const byPath = new Map();
  for (const f of fns) {
    const path = f.name.replace(/^<(.*?)( as .*)?>::/, '$1::').split('::').slice(0, depth).join('::');
    byPath.set(path, (byPath.get(path) ?? 0) + f.size);
  }
  console.log(`\nby path (${depth} parts)`);
  for (const [k, v] of [...byPath].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${String(v).padStart(8)}  ${k}`);
}
