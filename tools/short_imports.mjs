// The badge's wasm imports under short names (issue 46: room for "Check on your phone"):
//   node tools/short_imports.mjs GLUE.js MODULE_bg.wasm
// rewrites both files in place, before wasm-opt (build.sh). wasm-bindgen names each
// import `__wbg_<name>_<16 hex digits>` in module "./fairverify_bg.js": 33 names of
// hashes, carried twice in widget.js (the packed wasm and its glue) where neither
// copy compresses against the other; as "w"."0", "w"."1"… widget.js is about 0.9 KB
// smaller gzipped (measured: the packed wasm 592 bytes, the JavaScript 363). The
// names are numbered in the import section's order; the glue's import object gets the
// same keys, and the build stops unless each name is found there exactly once.
// (wasm-bindgen's own exports, `__wbindgen_malloc`…, renamed as well made widget.js
// 47 bytes larger: measured, left as they are.) Then the closure entries no glue
// calls are dropped from the table (tools/closure_stubs.mjs).
import fs from 'node:fs';
import { stubClosures } from './closure_stubs.mjs';

const MODULE = './fairverify_bg.js';
const [glueFile, wasmFile] = process.argv.slice(2);
const wasm = fs.readFileSync(wasmFile);
let glue = fs.readFileSync(glueFile, 'utf8');

let p = 8;
const uleb = () => {
  let r = 0;
  let s = 0;
  let x;
  do { x = wasm[p++]; r += (x & 0x7f) * 2 ** s; s += 7; } while (x & 0x80);
  return r;
};
const leb = (n) => {
  const o = [];
  do { let x = n & 0x7f; n = Math.floor(n / 128); if (n) x |= 0x80; o.push(x); } while (n);
  return o;
};
const name = (s) => [...leb(Buffer.byteLength(s)), ...Buffer.from(s)];

const out = [wasm.subarray(0, 8)];
let renamed = 0;
while (p < wasm.length) {
  const from = p;
  const id = wasm[p++];
  const end = uleb() + p;
  if (id === 2) {
    const n = uleb();
    const body = [...leb(n)];
    for (let i = 0; i < n; i++) {
      let l = uleb();
      const mod = wasm.subarray(p, p += l).toString();
      l = uleb();
      const field = wasm.subarray(p, p += l).toString();
      const desc = p;
      const kind = wasm[p++];
      if (kind !== 0) throw new Error(`${wasmFile}: import ${mod}.${field} is not a function (kind ${kind})`);
      uleb();
      if (mod !== MODULE) throw new Error(`${wasmFile}: an import from ${mod}, not ${MODULE}`);
      const short = i.toString(36);
      const key = new RegExp(`^( +)${field}: function\\(`, 'gm');
      const found = glue.match(key);
      if (!found || found.length !== 1) throw new Error(`${glueFile}: the import ${field} is not one key of the import object`);
      glue = glue.replace(key, `$1${JSON.stringify(short)}: function(`);
      body.push(...name('w'), ...name(short), ...wasm.subarray(desc, p));
      renamed++;
    }
    if (p !== end) throw new Error(`${wasmFile}: the import section does not end where it says`);
    out.push(Buffer.from([2, ...leb(body.length), ...body]));
  } else {
    out.push(wasm.subarray(from, end));
  }
  p = end;
}
const moduleKey = `${JSON.stringify(MODULE)}: import0,`;
if (glue.split(moduleKey).length !== 2) throw new Error(`${glueFile}: no one ${moduleKey}`);
glue = glue.replace(moduleKey, '"w": import0,');
if (!renamed) throw new Error(`${wasmFile}: no imports`);
// And wasm-bindgen's closure entries out of the table (closure_stubs.mjs), which only
// closures made by the glue would call: the badge's glue makes none.
if (/closure|CLOSURE_DTORS|__wbg_adapter/i.test(glue)) throw new Error(`${glueFile}: the glue makes closures: their entries must stay`);
const { bytes, stubbed } = stubClosures(Buffer.concat(out));
if (!stubbed) throw new Error(`${wasmFile}: no closure entries in the table (wasm-bindgen changed?): drop closure_stubs.mjs`);
fs.writeFileSync(wasmFile, bytes);
fs.writeFileSync(glueFile, glue);
