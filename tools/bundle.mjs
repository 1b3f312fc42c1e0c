// Assembles the self-contained bundles in pkg/ from wasm-bindgen's output with
// esbuild (a pinned dev dependency; the shipped files have no JS dependencies):
//   node tools/bundle.mjs GLUE.js MODULE.wasm OUT_DIR [WIDGET_GLUE.js WIDGET.wasm [NOWASM_DIR]]
// pkg/verifier.js: www/core/verifier.js and its imports, the wasm inlined as base64
// and instantiated synchronously, plus the CLI; pkg/widget.js: the <fair-verify>
// element (www/widget/) with the widget's size-optimised wasm packed with LZMA, and the same
// as an ES module (pkg/widget.mjs) with its TypeScript declarations, custom-elements
// manifest and the records' JSON Schemas (pkg/schemas/); pkg/verifier.html: the page
// (www/page/, tools/page.mjs) with everything inlined, its core (www/core/pagecore.js:
// the API without the CLI and the catalogs) as the inert source of its worker; with
// NOWASM_DIR (build.sh's build_nowasm), pkg/verifier-nowasm.html, the same page on
// the core compiled to JavaScript (tools/nowasm.mjs); beside them the web app
// manifests, icons and service worker that let a phone install it (tools/pwa.mjs);
// and FILE.gz / FILE.br of the large text files (tools/compress.mjs).
// Output depends only on the inputs (no dates, no absolute paths): builds are reproducible.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { goldenCases } from '../tests/node/helpers.mjs';
import { toValues } from '../www/i18n/values.js';
import { lzmaDecode, LZMA_OPTIONS, LZMA_PROPS } from '../www/core/lzma.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const [glueFile, wasmFile, outDir, widgetGlueFile, widgetWasmFile, nowasmDir, ...familyArgs] = process.argv.slice(2);
// The per-family badges (issue 46): `FAMILY=GLUE,WASM` each (build.sh: chain, cards),
// the badge's core built with only that family's schemes (Cargo features family-*).
const families = familyArgs.map((a) => {
  const m = /^(\w+)=([^,]+),(.+)$/.exec(a);
  if (!m) throw new Error(`a family badge's core is FAMILY=GLUE,WASM, not ${a}`);
  return { name: m[1], glue: syncGlue(fs.readFileSync(m[2], 'utf8')), wasm: fs.readFileSync(m[3]) };
});

const version = /^version\s*=\s*"([^"]+)"/m.exec(fs.readFileSync(path.join(root, 'Cargo.toml'), 'utf8'))[1];
const glue = fs.readFileSync(glueFile, 'utf8');
const wasm = fs.readFileSync(wasmFile);
const widgetGlue = syncGlue(widgetGlueFile ? fs.readFileSync(widgetGlueFile, 'utf8') : glue);

/** The badge's glue without wasm-bindgen's asynchronous loader (`__wbg_init`,
 *  `__wbg_load`: a `fetch` of `<script>_bg.wasm` and `instantiateStreaming`), which
 *  the badge never calls (its worker instantiates with `initSync`, www/widget/worker.js):
 *  0.7 KB of widget.js gzipped (issue 35), and no network call left in the file
 *  (tests/browser/widget.test.mjs). wasm-bindgen is pinned (Cargo.toml), and the build
 *  stops if its glue no longer has the shape cut here. */
function syncGlue(g) {
  const cuts = [
    [/^ {4}let script_src;\n[\s\S]*?\n {4}\}\n/m, ''],
    [/^ {4}async function __wbg_load\([\s\S]*?(?=^ {4}function initSync\()/m, ''],
    [/^ {4}let __wbg_init_promise;\n[\s\S]*?(?=^ {4}return Object\.assign\(__wbg_init, \{ initSync \}, exports\);)/m, ''],
    [/return Object\.assign\(__wbg_init, \{ initSync \}, exports\);/, 'return Object.assign({ initSync }, exports);'],
    // The badge calls `initSync({ module })` only: no warning for the old call form.
    [/^ {8}if \(module !== undefined\) \{\n {12}if \(Object\.getPrototypeOf\(module\) === Object\.prototype\) \{\n {16}\(\{module\} = module\)\n {12}\} else \{\n {16}console\.warn\([^\n]*\n {12}\}\n {8}\}\n/m, '        ({ module } = module);\n'],
  ];
  for (const [re, by] of cuts) {
    if (!re.test(g)) throw new Error(`the widget glue has changed shape (wasm-bindgen upgraded?): no ${re}`);
    g = g.replace(re, by);
  }
  if (/\bfetch\(|__wbg_init\b|script_src/.test(g)) throw new Error('the widget glue still has its asynchronous loader');
  return g;
}

// An export named like one of the glue's own helpers (`decodeText`, say) is
// silently replaced by the helper inside the glue's scope: refuse such a build.
for (const [name, g] of [['glue', glue], ['widget glue', widgetGlue], ...families.map((f) => [`widget-${f.name} glue`, f.glue])]) {
  const seen = new Set();
  for (const m of g.matchAll(/^\s*function (\w+)\s*\(/gm)) {
    if (seen.has(m[1])) throw new Error(`${name}: two functions named ${m[1]} (an export named like a glue helper?)`);
    seen.add(m[1]);
  }
}
const widgetWasm = widgetWasmFile ? fs.readFileSync(widgetWasmFile) : wasm;

/** The badge's modules that its worker also runs (www/widget/shared.js re-exports
 *  SHARED_NAMES from them): in the badge's bundles they are the result of one function,
 *  `fvShared`, whose text is also the worker's source. */
const SHARED_FILES = new Set(['verify/serve.js', 'verify/tasks.js', 'verify/flow.js', 'verify/walk.js', 'core/calls.js', 'core/errors.js']
  .map((f) => path.join(root, 'www', f)));
const SHARED_NAMES = ['serveTasks', 'VERIFY_TASKS', 'coreCalls', 'guarded', 'toRemember', 'errorData', 'verifyError', 'errorValue', 'workerMain'];

/** The body of `fvShared`: www/widget/shared.js bundled (compact) as an ES module
 *  whose closing `export {…}` becomes `return {…}`. */
async function sharedBody() {
  const code = await bundle('www/widget/shared.js', { compact: true, format: 'esm' });
  const m = /export\s*\{([^}]*)\};?\s*$/.exec(code);
  if (!m) throw new Error('www/widget/shared.js: its bundle does not end with one export {…}');
  const pairs = m[1].split(',').map((p) => p.trim().split(/\s+as\s+/));
  const names = pairs.map((p) => p[1] || p[0]).sort();
  if (names.join() !== [...SHARED_NAMES].sort().join()) throw new Error(`www/widget/shared.js exports ${names}, not ${SHARED_NAMES}`);
  return `${code.slice(0, m.index)}return{${pairs.map((p) => `${p[1] || p[0]}:${p[0]}`).join(',')}};`;
}

/** Build-time values as modules: `fv:build` (version, wasm), `fv:glue`, `fv:golden`,
 *  and for the page's bundle `fv:page` (which build the page is). */
function buildValues({ packed, widget, page, schemes, badgeWorker, core }) {
  const w = core ? core.wasm : widget ? widgetWasm : wasm;
  const g = core ? core.glue : widget ? widgetGlue : glue;
  const payload = packed ? lzmaPack(w) : w;
  const modules = {
    'fv:build': `export const VERSION = ${JSON.stringify(version)};\n` +
      // 'now' (the page's core): packed, unpacked at once by wasmNow; true (the
      // badge's): packed, unpacked in slices by www/core/wasm.js.
      `export const WASM_PACKED = ${packed === true};\n` +
      (packed === 'now'
        ? `import { lzmaDecode, LZMA_PROPS } from './lzma.js';\nimport { base64ToBytes } from './base64.js';\n` +
          `export const wasmNow = () => lzmaDecode(base64ToBytes(WASM_BASE64), WASM_SIZE, LZMA_PROPS);\n`
        : packed
          ? 'export const wasmNow = null;\n' // never called: unpacked in slices
          : `import { base64ToBytes } from './base64.js';\nexport const wasmNow = () => base64ToBytes(WASM_BASE64);\n`) +
      `export const WASM_SIZE = ${w.length};\n` +
      `export const WASM_BASE64 = ${JSON.stringify(packed ? lastPayload(payload.toString('base64')) : payload.toString('base64'))};\n`,
    // wasm-bindgen's no-modules glue, made fresh on each call.
    'fv:glue': `export function makeGlue() {\n${g}\nreturn wasm_bindgen;\n}\n`,
    'fv:golden': `export const GOLDEN = ${JSON.stringify(goldenCases(path.join(root, 'tests/vectors')))};\n`,
    'fv:page': `export const PAGE = ${JSON.stringify(page || null)};\n`,
    // The badge's descriptors (www/widget/schemes.js), as data: parsed, not built by the wasm.
    // What the badge shares with its worker (www/widget/shared.js) as one function,
    // `fvShared`: its result stands for the shared modules (`fv:shared`), and its text
    // is the worker's source (www/widget/client.js).
    'fv:badge-worker': `export function fvShared() {\n${badgeWorker || ''}\n}\n`,
    'fv:shared': `import { fvShared } from 'fv:badge-worker';\nexport const { ${SHARED_NAMES.join(', ')} } = fvShared();\n`,
    'fv:schemes': `export const SCHEMES = /* fv-schemes */ JSON.parse(${JSON.stringify(JSON.stringify(schemes || []))});\n`,
  };
  return {
    name: 'fv-values',
    setup(b) {
      b.onResolve({ filter: /^fv:/ }, (a) => ({ path: a.path, namespace: 'fv' }));
      // In the badge's bundles, the modules it shares with its worker come from `fvShared`.
      if (badgeWorker) {
        b.onResolve({ filter: /\.js$/ }, (a) => (a.namespace === 'file' && SHARED_FILES.has(path.resolve(a.resolveDir, a.path))
          ? { path: 'fv:shared', namespace: 'fv' } : undefined));
      }
      b.onLoad({ filter: /.*/, namespace: 'fv' }, (a) => ({ contents: modules[a.path], loader: 'js', resolveDir: path.join(root, 'www/core') }));
    },
  };
}

/** The wasm as a raw LZMA1 stream (xz, the most it packs: about 15 % below gzip -9).
 * The payload is decoded here with the widget's own decoder (www/core/lzma.js) and
 * must give the wasm back byte for byte, or there is no build. */
const packedCache = new Map();
function lzmaPack(bytes, lc = LZMA_PROPS.lc) {
  // By content: the badge's two bundles (widget.js, widget.mjs) pack the same bytes.
  const key = createHash('sha256').update(bytes).digest('hex') + lc;
  if (packedCache.has(key)) return packedCache.get(key);
  const packed = execFileSync('xz', ['--format=raw', `--lzma1=${LZMA_OPTIONS.replace(/lc=\d/, `lc=${lc}`)}`, '--stdout'], { input: bytes, maxBuffer: 1 << 26 });
  const back = lzmaDecode(packed, bytes.length, { ...LZMA_PROPS, lc });
  if (Buffer.compare(Buffer.from(back), bytes) !== 0) throw new Error('www/core/lzma.js does not give the packed bytes back');
  packedCache.set(key, packed);
  return packed;
}

/** The catalogs' languages (www/i18n/<lang>.json), English first, the others in order. */
function catalogLangs() {
  return fs.readdirSync(path.join(root, 'www/i18n')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5))
    .sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b)));
}

/** The widget carries only the messages it shows, of every catalog: its own, and the
 *  page's words for the card places it says as the page does (a deck position's owner, a
 *  hole or board card: www/widget/words.js pagePlace), with the ordinals of a hole or
 *  board card (1 to 5). Not the errors no badge can meet: `io_error` (the command line's
 *  files), `invalid` (a list's status, not an error code) and `badLink` (the page's link). */
const WIDGET_KEYS = /^(widget\.|err\.(?!other_badge$)(?!(io_error|invalid|badLink)$)|check\.[a-zA-Z]+Ok$|field\.[a-zA-Z]+$|draw\.(win|loss|multiplier)$|render\.diff\.(playerValue|at\.(deckHole|deckBoard|hole|holeSet|board|flop))$|ordinal\.card\.[1-5]$)/;
/** A per-family badge's: the same, with `other_badge` (the full badge's core never
 *  refuses a scheme so, widget.js leaves its words out) and without the scheme words
 *  of the other family's schemes (`widget.pass.<id>`, `widget.playedDiffers.<id>`). */
function familyKeys(ids) {
  const all = new RegExp(WIDGET_KEYS.source.replace('err\\.(?!other_badge$)', 'err\\.'));
  if (all.source === WIDGET_KEYS.source) throw new Error('WIDGET_KEYS has changed shape: no err.(?!other_badge$)');
  const schemeWords = /^widget\.(pass|playedDiffers)\.(\w+)$/;
  return { test: (k) => all.test(k) && (!schemeWords.test(k) || ids.includes(schemeWords.exec(k)[2])) };
}
/** JSON text (which has no raw control character) one byte a character: ASCII as
 *  itself, Cyrillic U+0410-U+044F as 0x80-0xBF, Arabic U+0620-U+065F as 0xC0-0xFF,
 *  any other UTF-16 code unit as 0x01 and its two bytes. LZMA packs the Russian and
 *  Arabic catalogs better so than as UTF-8's two bytes a letter (the six catalogs'
 *  badge keys: 13,778 -> 13,152 bytes packed, measured). */
function narrowText(text) {
  const out = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32) throw new Error('a raw control character in JSON text');
    if (c < 128) out.push(c);
    else if (c >= 0x410 && c < 0x450) out.push(c - 0x390);
    else if (c >= 0x620 && c < 0x660) out.push(c - 0x560);
    else out.push(1, c >> 8, c & 255);
  }
  return Buffer.from(out);
}
/** narrowText's bytes back to the text (carried into widget.js as it is written here). */
function wideText(b) {
  const u = new Uint16Array(b.length);
  let n = 0;
  for (let i = 0; i < b.length; i++) {
    const c = b[i];
    u[n++] = c === 1 ? b[++i] << 8 | b[++i] : c < 128 ? c : c + (c < 192 ? 0x390 : 0x560);
  }
  let s = '';
  for (let i = 0; i < n; i += 8192) s += String.fromCharCode(...u.subarray(i, Math.min(i + 8192, n)));
  return s;
}
const CATALOG_LC = 0;
/** The packed catalogs' order: the Latin-script ones, then Cyrillic, Arabic and Chinese
 *  (each after its like: 30 bytes less than the alphabetical order, measured). */
const PACK_ORDER = ['en', 'it', 'ro', 'ru', 'ar', 'zh'];
function catalogSubset(keep) {
  // The kept keys once (en.json's, in its order) and each catalog as the list of its
  // values in that order, all six packed in one LZMA stream as the wasm is (a third
  // of the badge's JavaScript was these catalogs; packed they are 1.8 KB smaller
  // gzipped than as JSON in the file, measured, issue 35). The badge unpacks them in
  // slices before it is defined (`unpackStep`, www/widget/element.js): unpacked in one
  // go they held the host's frame 50 ms longer at 4x CPU. Anything that speaks earlier
  // (an error of FairVerify.verify) unpacks the rest at once. Each language's object
  // is built when first used (as the page's catalogs are: pageCatalogs below).
  const dir = path.join(root, 'www/i18n');
  const en = JSON.parse(fs.readFileSync(path.join(dir, 'en.json'), 'utf8'));
  // In code-unit order (the like keys side by side) and the languages in PACK_ORDER:
  // with no literal context (lc=0) 97 bytes smaller packed than en.json's order, the
  // languages alphabetical and lc=2 (measured, issue 43).
  const keys = Object.keys(en).filter((k) => keep.test(k)).sort();
  const rank = (l) => (PACK_ORDER.includes(l) ? PACK_ORDER.indexOf(l) : PACK_ORDER.length);
  const langs = catalogLangs().sort((a, b) => rank(a) - rank(b));
  const values = langs.map((l) => {
    const all = JSON.parse(fs.readFileSync(path.join(dir, `${l}.json`), 'utf8'));
    return toValues(keys, all);
  });
  // The keys go into the packed text too, before the values; one byte a character for
  // the Cyrillic and Arabic letters (narrowText: 0.6 KB of widget.js gzipped).
  const json = JSON.stringify([keys, ...values]);
  const text = narrowText(json);
  if (wideText(text) !== json) throw new Error('the catalogs do not come back from their one-byte text');
  // No bits of the previous byte as context (CATALOG_LC), not three: smaller (measured).
  const packed = lzmaPack(text, CATALOG_LC);
  const contents = `import { lzmaDecoder, LZMA_PROPS } from '../core/lzma.js';
import { base64ToBytes } from '../core/base64.js';
import { fromValues } from '../i18n/values.js';
const LANGS = ${JSON.stringify(langs)};
const PACKED = ${JSON.stringify(lastPayload(packed.toString('base64')))};
const wideText = ${wideText.toString()};
let values = null;
let KEYS = [];
let decoder = null;
export const unpackStep = (n) => {
  if (values) return true;
  if (!decoder) decoder = lzmaDecoder(base64ToBytes(PACKED), ${text.length}, { ...LZMA_PROPS, lc: ${CATALOG_LC} });
  if (!decoder.run(n)) return false;
  [KEYS, ...values] = JSON.parse(wideText(decoder.out));
  decoder = null;
  return true;
};
const made = Object.create(null);
const make = (lang) => {
  unpackStep(Infinity);
  return fromValues(KEYS, values[LANGS.indexOf(lang)]);
};
export const CATALOGS = {};
for (const lang of ${JSON.stringify(catalogLangs())}) {
  Object.defineProperty(CATALOGS, lang, { enumerable: true, get: () => made[lang] || (made[lang] = make(lang)) });
}
export const FALLBACK = 'en';
`;
  return {
    name: 'fv-catalog-subset',
    setup(b) {
      b.onResolve({ filter: /[\\/]?catalogs\.js$/ }, (a) => (a.importer.includes(`${path.sep}i18n${path.sep}`) || a.importer.includes(`${path.sep}widget${path.sep}`)
        ? { path: 'catalogs', namespace: 'fv-catalog-subset' } : undefined));
      b.onLoad({ filter: /.*/, namespace: 'fv-catalog-subset' }, () => ({ contents, loader: 'js', resolveDir: dir }));
    },
  };
}

/** The badge's stylesheet (www/widget/style.js, the template literal `CSS`) minified
 *  by esbuild's CSS minifier, for the compact bundles: the comments and spacing that
 *  make it readable in the source are 0.3 KB of widget.js gzipped (issue 35). */
function minifiedBadgeCss() {
  return {
    name: 'fv-badge-css',
    setup(b) {
      b.onLoad({ filter: /[\\/]www[\\/]widget[\\/]style\.js$/ }, async (a) => {
        const src = fs.readFileSync(a.path, 'utf8');
        const m = /export const CSS = `([^`$]*)`;/.exec(src);
        if (!m) throw new Error('www/widget/style.js: no `export const CSS = `…`;` (without ${} or backticks) to minify');
        const css = (await esbuild.transform(m[1], { loader: 'css', minify: true })).code.trim();
        if (/[`$\\]/.test(css)) throw new Error('the minified badge CSS cannot go back into a template literal');
        return { contents: src.replace(m[0], `export const CSS = \`${css}\`;`), loader: 'js' };
      });
    },
  };
}

/** The page's one package, uqr (the QR encoder of www/page/handoff.js, a pinned
 *  dependency: package.json, package-lock.json), minified by esbuild inside the
 *  otherwise unminified page bundle: 26 KB of it as published, 12 KB minified (3 KB
 *  less gzipped; issue 46). Its source to audit is the exact version in node_modules,
 *  and the build is reproducible. */
function minifiedPackages() {
  return {
    name: 'fv-minified-packages',
    setup(b) {
      b.onLoad({ filter: /[\\/]node_modules[\\/]uqr[\\/]dist[\\/][^\\/]+\.mjs$/ }, async (a) => {
        const src = fs.readFileSync(a.path, 'utf8');
        const out = await esbuild.transform(src, { loader: 'js', format: 'esm', minify: true, legalComments: 'inline', target: 'es2020' });
        return { contents: `// uqr ${JSON.parse(fs.readFileSync(path.join(a.path, '../../package.json'), 'utf8')).version} (MIT, Project Nayuki's QR Code generator), minified\n${out.code}`, loader: 'js' };
      });
    },
  };
}

/** The page's catalogs (issue 25): each one is data in the page (<script
 * id="fv-cat-<lang>" type="text/plain">, its values in the order of the keys given
 * once in <script id="fv-cat-keys">, LZMA-packed, tools/page.mjs), unpacked and parsed the first time
 * its language is used; the language menu has every language's own name without
 * parsing any (NAMES). i18n.js asks whether a catalog exists without reading it. */
function pageCatalogs() {
  const dir = path.join(root, 'www/i18n');
  const langs = catalogLangs();
  const names = Object.fromEntries(langs.map((l) => [l, JSON.parse(fs.readFileSync(path.join(dir, `${l}.json`), 'utf8'))['entry.lang.self']]));
  // Each catalog LZMA-packed as base64 (tools/page.mjs): 25 KB of verifier.html
  // gzipped less than the JSON itself (LZMA packs it a fifth below gzip), unpacked
  // here, once, the first time its language is used (about as long as parsing it).
  const contents = `import { lzmaDecode, LZMA_PROPS } from './lzma.js';
import { base64ToBytes } from './base64.js';
import { fromValues } from '../i18n/values.js';
const unpack = (id) => {
  const node = document.getElementById(id);
  if (!node) return null;
  const bytes = lzmaDecode(base64ToBytes(node.textContent.trim()), Number(node.getAttribute('data-size')), LZMA_PROPS);
  return JSON.parse(new TextDecoder().decode(bytes));
};
// The keys once (fv-cat-keys), each catalog its values in their order (null: none).
let keys = null;
const read = (lang) => {
  const values = unpack('fv-cat-' + lang);
  if (!Array.isArray(values)) return {};
  keys = keys || unpack('fv-cat-keys') || [];
  return fromValues(keys, values);
};
const parsed = Object.create(null);
export const CATALOGS = {};
for (const lang of ${JSON.stringify(langs)}) {
  Object.defineProperty(CATALOGS, lang, { enumerable: true, get: () => parsed[lang] || (parsed[lang] = read(lang)) });
}
export const FALLBACK = 'en';
export const NAMES = ${JSON.stringify(names)};
`;
  return {
    name: 'fv-page-catalogs',
    setup(b) {
      b.onResolve({ filter: /[\\/]?catalogs\.js$/ }, (a) => (a.importer.includes(`${path.sep}i18n${path.sep}`) || a.importer.includes(`${path.sep}page${path.sep}`)
        ? { path: 'catalogs', namespace: 'fv-page-catalogs' } : undefined));
      b.onLoad({ filter: /.*/, namespace: 'fv-page-catalogs' }, () => ({ contents, loader: 'js', resolveDir: path.join(root, 'www/core') }));
    },
  };
}

/** The packed payloads (the badge's wasm and catalogs as base64), which go to the end
 *  of the compact bundles: `payloadsLast`. */
const PAYLOADS = new Set();
function lastPayload(b64) {
  PAYLOADS.add(b64);
  return b64;
}

/** Each packed payload moved from where esbuild writes it (inside the code, where its
 *  module is imported) to the end of the file, as a hoisted function that returns it:
 *  gzip then packs the JavaScript as one run of code and the payloads as one run of
 *  base64, 3 KB smaller than with 90 KB of base64 between two parts of the code
 *  (measured, issue 35). The code is unchanged but for `"…"` → `__fvPayloadN()`. */
function payloadsLast(text, format) {
  const tail = [];
  for (const b64 of PAYLOADS) {
    const literal = JSON.stringify(b64);
    const at = text.indexOf(literal);
    if (at < 0) continue;
    if (text.indexOf(literal, at + 1) >= 0) throw new Error('a packed payload is written twice in one bundle');
    const name = `__fvPayload${tail.length}`;
    text = text.slice(0, at) + `${name}()` + text.slice(at + literal.length);
    tail.push(`function ${name}(){return${literal}}`);
  }
  if (!tail.length) return text;
  tail.sort((a, b) => a.length - b.length); // the catalogs before the wasm: 27 bytes
  if (format === 'esm') return `${text}${tail.join('\n')}\n`;
  const end = text.lastIndexOf('})();');
  if (end < 0 || text.slice(end).trim() !== '})();') throw new Error('an IIFE bundle does not end with })();');
  return `${text.slice(0, end)}${tail.join('\n')}\n${text.slice(end)}`;
}

/** One esbuild bundle, as text: an IIFE, unminified (it is read by people who audit it).
 * `compact`: minified, names too (the badge's files, where size is a requirement: the
 * names are 1 KB of widget.js gzipped, issue 35; the sources in www/ are what to read,
 * and the build is reproducible, so a copy can be checked against them byte for byte).
 * `spaces`: only the whitespace and comments out, every name kept (the page's scripts:
 * 17 KB of verifier.html gzipped, issue 46; a formatter gives the layout back, and
 * the commented sources are www/). */
async function bundle(entry, { packed = false, widget = false, format = 'iife', banner, footer, globalName, keys, compact = false, spaces = false, page = null, charset = 'utf8', schemes = null, badgeWorker = null, core = null } = {}) {
  const r = await esbuild.build({
    entryPoints: [entry], absWorkingDir: root, bundle: true, write: false,
    format, globalName, platform: 'browser', target: 'es2020', charset,
    legalComments: 'inline', external: ['fs', 'v8'], logLevel: 'warning',
    minifyWhitespace: compact || spaces, minifySyntax: compact, minifyIdentifiers: compact,
    // The element's own members (`this._result`, ...: www/widget/element.js, the one
    // module with `_name` properties) under short names too: 0.1 KB of widget.js gzipped.
    // None crosses to the worker's separately bundled code (fvShared) or to the glue.
    // The glue's own two (`__wbg_ptr`, `__destroy_into_raw`: a wasm object's handle,
    // never a wasm export's name, which are `S.__wbg_…` and stay) likewise.
    mangleProps: compact ? /^(_[a-z]|__wbg_ptr$|__destroy_into_raw$)/ : undefined,
    banner: banner ? { js: banner } : undefined,
    footer: footer ? { js: footer } : undefined,
    plugins: [buildValues({ packed, widget, page, schemes, badgeWorker, core }), ...(keys ? [catalogSubset(keys)] : []), ...(page ? [pageCatalogs(), minifiedPackages()] : []),
      ...(compact ? [minifiedBadgeCss()] : [])],
  });
  return compact ? payloadsLast(r.outputFiles[0].text, format) : r.outputFiles[0].text;
}

const HEADER = `/*! fairverify verifier.js ${version}: an offline provably-fair verifier. One file, no network.
 * Browser: <script src="verifier.js"></script> then FairVerifier.verify(record).
 * Node 18+: node verifier.js --help */`;
// The first line is V8's explicit compile hint (issue 25): Chromium compiles every
// function of the file while it streams it in, off the host's thread, instead of
// each one on the host's thread at its first call (widget.js's evaluation with the
// first badge drawn took 66-96 ms at 4x CPU throttling under a trace, 23-37 ms with
// it). Other engines read a comment.
const WIDGET_HEADER = `//# allFunctionsCalledOnLoad
/*! fairverify widget.js ${version}: the <fair-verify> badge, with the verifier inside. No network. */`;

// Under Node a CommonJS module (and the CLI when run directly), else the global
// FairVerifier: the bundle's exports (`fv`) stay inside this wrapper.
const verifierJs = await bundle('www/core/verifier.js', {
  globalName: 'fv',
  banner: `${HEADER}\n(function () {`,
  footer: `if (typeof module === 'object' && module && module.exports) {
  module.exports = fv.api;
  if (typeof require === 'function' && require.main === module) fv.cli(process.argv.slice(2), fv.api);
} else {
  globalThis.FairVerifier = fv.api;
}
})();`,
});
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'verifier.js'), verifierJs);
// The descriptors as the built core gives them: for the schemas, and written into
// the pages (which draw their forms from them without starting the core),
// and what the badge reads of them carried in widget.js (www/widget/schemes.js).
const { createRequire } = await import('node:module');
const descriptors = createRequire(import.meta.url)(path.resolve(outDir, 'verifier.js')).schemes();
const { badgeDescriptors } = await import('../www/widget/schemes.js');
// The widget carries its own copy of the verifier (the size-optimised wasm, LZMA-packed,
// without the golden cases): one small file for a host page to include.
// The badge's worker: the page's tasks and protocol over the badge's core, carried
// in widget.js as text (the glue is added from widget.js's own, at run time).
const badgeWorker = await sharedBody();
// ASCII only (`\u2713` for ✓): a host page without a charset reads a script in its own
// (windows-1252), and the badge's symbols came out as "âœ“" (turn-8 attack).
const widgetOpts = { packed: true, widget: true, keys: WIDGET_KEYS, compact: true, schemes: badgeDescriptors(descriptors), badgeWorker, charset: 'ascii' };
fs.writeFileSync(path.join(outDir, 'widget.js'), await bundle('www/widget/widget.js', { ...widgetOpts, banner: WIDGET_HEADER }));
fs.writeFileSync(path.join(outDir, 'widget.mjs'), await bundle('www/widget/module.js', {
  ...widgetOpts, format: 'esm',
  banner: WIDGET_HEADER.replace('widget.js', 'widget.mjs').replace('inside.', 'inside (an ES module).'),
}));
// The per-family badges: the same element and attributes over a core with one
// family's schemes (a record of another family is refused with `other_badge`,
// naming the file that checks it), and only that family's descriptors.
for (const f of families) {
  const file = `widget-${f.name}.js`;
  // The family's schemes as its own core says them.
  const core = new Function(`${f.glue}\nreturn wasm_bindgen;`)();
  core.initSync({ module: f.wasm });
  const ids = core.schemes().map((d) => d.id);
  const own = descriptors.filter((d) => ids.includes(d.id));
  if (!ids.length || own.length !== ids.length) throw new Error(`${file}: its core's schemes (${ids}) are not some of the page's`);
  fs.writeFileSync(path.join(outDir, file), await bundle('www/widget/widget.js', {
    ...widgetOpts, core: f, schemes: badgeDescriptors(own), keys: familyKeys(ids),
    banner: WIDGET_HEADER.replace('widget.js', file).replace('the <fair-verify> badge,', `the <fair-verify> badge for ${ids.join(', ')},`),
  }));
}
// For integrators: TypeScript declarations, the custom-elements manifest, and a
// JSON Schema of each scheme's record made from the core's own descriptors.
for (const f of ['fairverify.d.ts', 'custom-elements.json']) {
  fs.writeFileSync(path.join(outDir, f), fs.readFileSync(path.join(root, 'www/widget', f), 'utf8').replaceAll('@VERSION@', version));
}
{
  const { writeSchemas } = await import('./schemas.mjs');
  writeSchemas(descriptors, path.join(outDir, 'schemas'), version);
}

// The pages (issue 25). Each carries its core as inert text (the worker's source):
// verifier.js's API and self-test without the CLI and the catalogs (the page has
// those as data). verifier.html's core is the wasm; verifier-nowasm.html's is the
// same Rust compiled to JavaScript by wasm2js (tools/nowasm.mjs), which
// verifier.html names where WebAssembly is missing. ASCII only: the worker's
// source is made into a Blob on the page's thread, at start.
const coreBanner = (what) => `/*! fairverify ${version}: ${what}. The page's core: the verifier's API and self-test\n` +
  ' * (FairVerifier), no command line, no catalogs. No network. */\n(function () {';
const CORE_FOOTER = `if (typeof module === 'object' && module && module.exports) module.exports = fv.api;
else globalThis.FairVerifier = fv.api;
})();`;
const builds = [{
  file: 'verifier.html', engine: 'wasm', other: 'verifier-nowasm.html',
  // The wasm packed with LZMA as the badge's is, unpacked at once in the worker
  // (issue 46: 1.09 MB of base64 was half the page; packed it is 0.29 MB).
  core: await bundle('www/core/pagecore.js', { globalName: 'fv', banner: coreBanner('the Rust core as WebAssembly'), footer: CORE_FOOTER, charset: 'ascii', packed: 'now', spaces: true }),
}];
if (nowasmDir) {
  const { bundleNowasmCore } = await import('./nowasm.mjs');
  builds.push({
    file: 'verifier-nowasm.html', engine: 'js', other: 'verifier.html',
    core: await bundleNowasmCore({ dir: nowasmDir, banner: coreBanner('the Rust core compiled to JavaScript (wasm2js), for browsers without WebAssembly'), footer: CORE_FOOTER }),
  });
}
const { buildPage } = await import('./page.mjs');
const workerJs = await bundle('www/worker/worker.js', { spaces: true });
for (const b of builds) {
  buildPage({
    root, outDir, file: b.file, coreJs: b.core, workerJs, schemes: descriptors, wasm: b.engine === 'wasm', pack: (bytes) => lzmaPack(bytes),
    pageJs: await bundle('www/page/main.js', { page: { file: b.file, engine: b.engine, version, other: b.other }, spaces: true }),
  });
}

// The installable app: web app manifests, icons, the service worker (tools/pwa.mjs).
{
  const { buildPwa } = await import('./pwa.mjs');
  buildPwa({ root, outDir, swJs: await bundle('www/sw/sw.js') });
}

// Precompressed copies of the large text files (FILE.gz, FILE.br; tools/compress.mjs),
// for servers that send them as they are (docs/hosting.md).
{
  const { precompress } = await import('./compress.mjs');
  precompress(outDir);
}

// pkg/SHA256SUMS: every shipped file (check with `cd pkg && sha256sum -c SHA256SUMS`).
{
  const files = [];
  const walk = (dir, rel) => {
    for (const f of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, f);
      if (fs.statSync(full).isDirectory()) walk(full, `${rel}${f}/`);
      else if (`${rel}${f}` !== 'SHA256SUMS') files.push(`${rel}${f}`);
    }
  };
  walk(outDir, '');
  files.sort();
  fs.writeFileSync(path.join(outDir, 'SHA256SUMS'), files.map((f) =>
    `${createHash('sha256').update(fs.readFileSync(path.join(outDir, f))).digest('hex')}  ${f}\n`).join(''));
}
