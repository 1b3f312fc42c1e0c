// The no-WebAssembly build (issue 25): the page's core on the same Rust translated to
// plain JavaScript by binaryen's wasm2js, for browsers without WebAssembly (iOS
// Lockdown Mode, some hardened browsers): pkg/verifier-nowasm.html carries it where
// verifier.html carries the wasm (tools/bundle.mjs, tools/page.mjs).
// build.sh (build_nowasm) runs the steps; this file does the two that are not a tool's:
//   node tools/nowasm.mjs strip IN.wasm OUT.wasm
//     drops the `target_features` section, so that wasm-bindgen emits glue without
//     reference types (wasm2js has none): the prebuilt std lists them whatever the
//     crate was built with, and wasm-bindgen trusts that list.
//   bundleNowasmCore({dir, banner, footer}) (from tools/bundle.mjs)
//     dir/glue.js: wasm-bindgen's no-modules glue; dir/core.js: wasm2js's output of
//     dir/core.wasm (the module it translated, named by the core's wasmSha256).
//     Returns the core's text (www/core/nowasm/pagecore.js bundled) and checks it:
//     loaded where WebAssembly is deleted, its self-test must pass, or there is no build.
// Output depends only on the inputs (no dates, no absolute paths): reproducible.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { goldenCases } from '../tests/node/helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

/** The wasm binary without its custom section `name`. */
export function dropCustomSection(bytes, name) {
  const b = Buffer.from(bytes);
  if (b.readUInt32LE(0) !== 0x6d736100 || b.readUInt32LE(4) !== 1) throw new Error('not a wasm module (version 1)');
  const keep = [b.subarray(0, 8)];
  let i = 8;
  let dropped = 0;
  const leb = () => {
    let r = 0;
    let shift = 0;
    let x;
    do {
      if (i >= b.length) throw new Error('truncated wasm module');
      x = b[i++];
      r += (x & 0x7f) * 2 ** shift;
      shift += 7;
    } while (x & 0x80);
    return r;
  };
  while (i < b.length) {
    const start = i;
    const id = b[i++];
    const size = leb();
    const body = i;
    const end = body + size;
    if (end > b.length) throw new Error('truncated wasm section');
    if (id === 0) {
      const n = leb();
      if (b.subarray(i, i + n).toString('utf8') === name) {
        dropped++;
        i = end;
        continue;
      }
    }
    i = end;
    keep.push(b.subarray(start, end));
  }
  return { bytes: Buffer.concat(keep), dropped };
}

/** wasm-bindgen's glue, its memory views checked against the memory's current
 *  buffer. A WebAssembly memory that grows detaches its old buffer (views of it have
 *  length 0, which is what the glue tests); wasm2js's memory copies into a new
 *  ArrayBuffer and leaves the old one whole, so the glue would keep reading and
 *  writing the old copy. Every `getXMemory0` is rewritten or there is no build. */
export function patchGlue(glue) {
  const caches = [...glue.matchAll(/^\s*let (cached\w+Memory0) = null;$/gm)].map((m) => m[1]);
  if (caches.length === 0) throw new Error('glue: no cached memory views found (has wasm-bindgen changed?)');
  let out = glue;
  for (const c of caches) {
    const re = new RegExp(`if \\(${c} === null \\|\\| [^\\n]*\\) \\{\\n`, 'g');
    const n = (out.match(re) || []).length;
    if (n !== 1) throw new Error(`glue: ${c} is checked ${n} times, expected once (has wasm-bindgen changed?)`);
    out = out.replace(re, `if (${c} === null || ${c}.buffer !== wasm.memory.buffer) {\n`);
  }
  if (/\.byteLength === 0|\.detached/.test(out)) throw new Error('glue: a memory view is still checked by its length');
  return out;
}

/** wasm2js's ES module as one function: `instantiate(imports)` evaluates the whole
 *  module (its memory, table and helpers, even those at its top level) anew and
 *  returns its exports. */
export function coreModule(js) {
  const imp = /^import \* as (\S+) from '([^']+)';\n/m;
  const m = imp.exec(js);
  if (!m || m.index !== 0) throw new Error('wasm2js output: expected one import of the glue first');
  const tailAt = js.indexOf('\nvar retasmFunc = asmFunc(');
  if (tailAt < 0) throw new Error('wasm2js output: no `var retasmFunc = asmFunc(`');
  const tail = js.slice(tailAt + 1).split('\n').slice(1);
  // The tail: the call with the import object, then `export var name = retasmFunc.name;`.
  const body = js.slice(m[0].length, tailAt);
  if (/^\s*(import|export)\b/m.test(body)) throw new Error('wasm2js output: an import or export inside the module body');
  for (const line of tail) {
    if (line === '' || line.startsWith('export var ') || line === `  "${m[2]}": ${m[1]},` || line === '});') continue;
    throw new Error(`wasm2js output: unexpected line after the module body: ${line.slice(0, 80)}`);
  }
  return `// The Rust core translated to JavaScript by binaryen's wasm2js (the module of\n` +
    `// wasmSha256), made a function of its imports (tools/nowasm.mjs).\n` +
    `export function instantiate(imports) {\n${body}\nreturn asmFunc(imports);\n}\n`;
}

function values({ version, glue, core, sourceWasm }) {
  const sha = createHash('sha256').update(sourceWasm).digest('hex');
  const modules = {
    // api.js reads VERSION; the WASM_* values are www/core/wasm.js's, which this
    // bundle replaces (nowasm/wasm.js), so they are empty.
    'fv:build': `export const VERSION = ${JSON.stringify(version)};\n` +
      'export const WASM_PACKED = false;\nexport const wasmNow = () => new Uint8Array(0);\nexport const WASM_SIZE = 0;\nexport const WASM_BASE64 = "";\n',
    'fv:glue': `export function makeGlue() {\n${glue}\nreturn wasm_bindgen;\n}\n`,
    'fv:golden': `export const GOLDEN = ${JSON.stringify(goldenCases(path.join(root, 'tests/vectors')))};\n`,
    'fv:wasm2js': core,
    'fv:nowasm': `export const SOURCE_WASM_SHA256 = ${JSON.stringify(sha)};\nexport const SOURCE_WASM_SIZE = ${sourceWasm.length};\n`,
  };
  return {
    name: 'fv-nowasm-values',
    setup(b) {
      b.onResolve({ filter: /^fv:/ }, (a) => ({ path: a.path, namespace: 'fv' }));
      b.onLoad({ filter: /.*/, namespace: 'fv' }, (a) => {
        if (!(a.path in modules)) throw new Error(`unknown build value ${a.path}`);
        return { contents: modules[a.path], loader: 'js', resolveDir: root };
      });
    },
  };
}

/** www/core/wasm.js (the inlined wasm bytes) replaced by www/core/nowasm/wasm.js. */
function replaceWasmBytes(seen) {
  const wasmJs = path.join(root, 'www/core/wasm.js');
  return {
    name: 'fv-nowasm-bytes',
    setup(b) {
      b.onResolve({ filter: /(^|[\\/])wasm\.js$/ }, (a) => {
        if (!a.importer || path.resolve(a.resolveDir, a.path) !== wasmJs) return undefined;
        seen.count++;
        return { path: path.join(root, 'www/core/nowasm/wasm.js') };
      });
    },
  };
}

/** The core of verifier-nowasm.html, as text (an IIFE wrapped by `banner` and
 *  `footer`, which define FairVerifier): checked without WebAssembly before it is
 *  returned. */
export async function bundleNowasmCore({ dir, banner, footer }) {
  const esbuild = await import('esbuild');
  const version = /^version\s*=\s*"([^"]+)"/m.exec(fs.readFileSync(path.join(root, 'Cargo.toml'), 'utf8'))[1];
  const glue = patchGlue(fs.readFileSync(path.join(dir, 'glue.js'), 'utf8'));
  // The translated core minified on its own, names too (they are wasm2js's `$12`,
  // `i64toi32_i32$2`: nothing to read; 40 % of its size).
  const core = (await esbuild.transform(coreModule(fs.readFileSync(path.join(dir, 'core.js'), 'utf8')), {
    minify: true, format: 'esm', target: 'es2020', charset: 'ascii', legalComments: 'none',
  })).code;
  const sourceWasm = fs.readFileSync(path.join(dir, 'core.wasm'));
  const seen = { count: 0 };
  const r = await esbuild.build({
    entryPoints: ['www/core/nowasm/pagecore.js'], absWorkingDir: root, bundle: true, write: false,
    format: 'iife', globalName: 'fv', platform: 'browser', target: 'es2020', charset: 'ascii',
    legalComments: 'inline', external: ['fs', 'v8'], logLevel: 'warning',
    // Unminified as the wasm build's core is (the same sources); only the translated
    // module above is minified.
    inject: [path.join(root, 'www/core/nowasm/shim.js')],
    banner: { js: banner },
    footer: { js: footer },
    plugins: [values({ version, glue, core, sourceWasm }), replaceWasmBytes(seen)],
  });
  if (seen.count === 0) throw new Error('www/core/wasm.js was not replaced: has it been renamed?');
  const text = r.outputFiles[0].text;
  selfCheck(text);
  return text;
}

/** Loads the bundle in a fresh context without WebAssembly and runs its self-test. */
function selfCheck(text) {
  const ctx = vm.createContext({ console, TextEncoder, TextDecoder });
  vm.runInContext('delete globalThis.WebAssembly;', ctx);
  vm.runInContext(text, ctx, { filename: 'verifier-nowasm core' });
  const out = JSON.parse(vm.runInContext(`JSON.stringify({ wasm: typeof WebAssembly, engine: FairVerifier.engine,
    test: FairVerifier.selfTest() })`, ctx));
  if (out.wasm !== 'undefined' || out.engine !== 'js') throw new Error(`verifier-nowasm core: ran with WebAssembly ${out.wasm}, engine ${out.engine}`);
  if (out.test.failed !== 0 || out.test.passed === 0) {
    throw new Error(`verifier-nowasm core: self-test ${out.test.passed} passed, failed: ${out.test.failures.join(', ')}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [cmd, ...args] = process.argv.slice(2);
  if (cmd === 'strip' && args.length === 2) {
    const { bytes, dropped } = dropCustomSection(fs.readFileSync(args[0]), 'target_features');
    if (dropped !== 1) throw new Error(`${args[0]}: ${dropped} target_features sections, expected 1`);
    fs.writeFileSync(args[1], bytes);
  } else {
    console.error('usage: node tools/nowasm.mjs strip IN.wasm OUT.wasm');
    process.exit(2);
  }
}
