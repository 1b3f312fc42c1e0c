// Builds pkg/verifier.html (and verifier-nowasm.html, the same page on the core
// compiled to JavaScript): www/index.html with the CSS and the page's bundle
// (www/page/) inlined; as data, the example records, the core's descriptors, each
// catalog apart (the page parses the one it shows), the page's core (inert text: the
// source of its Web Worker, run on the page only without workers) and the worker's
// bundle; and a Content-Security-Policy that allows exactly these inline scripts and
// styles (by hash) and no network: no connect-src; only this origin's service
// worker and web app manifest, which the page uses when served over http(s).
//
// The file carries its own blueprint (`#fv-shell`): the file's bytes as a list of
// literal pieces and references to the inline scripts and the style, whose text the
// page reads back from its DOM. "Download this verifier" joins them into the exact
// bytes of this file (same SHA-256 as build.sh prints), whatever the page did to its
// DOM since, and even from a "Webpage, Complete" copy; a saved copy also starts from
// the static markup in it. The pieces are the markup around the inline texts, so the
// cost is the size of www/index.html (a few kB), not a second copy of the file.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { loadCases } from '../tests/node/helpers.mjs';
import { iconPng } from './icons.mjs';
import { toValues } from '../www/i18n/values.js';

const b64sha = (s) => crypto.createHash('sha256').update(s, 'utf8').digest('base64');

/** Inline <script> text must not close its element early. */
function scriptSafe(js) {
  return js.replace(/<\/script/gi, '<\\/script');
}

const escapeHtml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  .replace(/"/g, '&quot;').replace(/\u00a0/g, '&nbsp;');

/** Without scripts (JavaScript off, a single-file MHTML copy), the parts that only
 *  work with scripts are hidden, so a copy never shows a stale verdict or self-test:
 *  this style sits in a <noscript> and applies only when scripting is off. */
const NOSCRIPT_CSS = '[data-live]{display:none!important}[data-static-notice]{display:block!important}';

/** The gate: a style of its own that hides every part needing the scripts
 *  ([data-live]: the menus, the forms, the results). */
const GATE_CSS = '[data-live]{display:none!important}';

/** The first script of the page, in <head>, run before anything else is parsed: it
 *  opens the gate (disables its stylesheet) and hides the static notice (a rule put
 *  into the page's stylesheet object model, for a page with its scripts). Neither
 *  change is in the DOM, so a copy of the DOM (a "Webpage, Complete" copy, with its
 *  scripts or without, <noscript> or not) keeps the gate shut and never shows a
 *  result of an earlier run until a running script opens it again (and then
 *  www/page/copies.js restores the static markup first). A single-file MHTML copy
 *  keeps the object model but drops every script: style.css hides the live parts
 *  of a page without scripts, and the notice rule names them.
 *  While the file is parsed the notice is out of the layout (issue 36: laid out, if
 *  only invisibly, its six languages' words, Arabic and Chinese among them, were the
 *  first layout's font fallback on the way to a link's verdict), by a rule that holds
 *  only where this script is in <head> (an MHTML copy has none); once parsed, the
 *  rule above takes its place. */
const GATE_JS = `(function () {
  var gate = document.getElementById('fv-gate-css');
  var style = document.getElementById('fv-style');
  if (!gate || !gate.sheet || !style || !style.sheet) return;
  gate.sheet.disabled = true;
  var sheet = style.sheet;
  var parsing = null;
  try {
    parsing = sheet.cssRules[sheet.insertRule('html:has(> head > script#fv-gate) [data-static-notice] { display: none !important; }', sheet.cssRules.length)];
  } catch (e) { /* no :has(): the rule below, as before */ }
  document.documentElement.setAttribute('data-gate', 'open');
  var parsed = function () {
    for (var i = sheet.cssRules.length - 1; i >= 0; i--) if (sheet.cssRules[i] === parsing) sheet.deleteRule(i);
    sheet.insertRule('body:has(> script#fv-page) [data-static-notice] { display: none !important; }', sheet.cssRules.length);
  };
  if (parsing) document.addEventListener('DOMContentLoaded', parsed); else parsed();
})();`;

/** The boot (issue 36): right after the page's core and its worker's source, which
 *  now come first in <body>, it starts the page's Web Worker from them, so that the
 *  worker parses the core and compiles its wasm while this thread parses the rest of
 *  the file (the catalogs, the page's script). What the worker says before the page's
 *  client takes it over (www/page/client.js) is kept and handed over then. Anything
 *  failing here leaves it to the client (its own worker, or none). */
const BOOT_JS = `(function () {
  try {
    var v = document.getElementById('fv-verifier');
    var w = document.getElementById('fv-worker');
    if (!v || !w || typeof Worker !== 'function' || typeof Blob !== 'function' || typeof URL !== 'function' || !URL.createObjectURL) return;
    var url = URL.createObjectURL(new Blob([v.textContent, '\\n', w.textContent], { type: 'text/javascript' }));
    var worker = new Worker(url);
    var said = [];
    worker.onmessage = function (e) { said.push(e); };
    worker.onerror = function (e) { if (e && e.preventDefault) e.preventDefault(); said.push(e); };
    w.fvBooted = { url: url, worker: worker, said: said };
  } catch (e) { /* the page's client makes its worker, or runs without one */ }
})();`;

/** The example menu: one passing record per scheme, game and variant, each with
 *  the message keys of its title (the page words them in its language). */
function exampleRecords(root, outDir) {
  const variant = (r) => {
    if (r.scheme === 'match_seed_v2') return `game.${r.game}`;
    if (r.scheme === 'poker_hmac_v1') return r.leaves ? 'example.partialReveal' : 'example.fullReveal';
    if (r.scheme === 'chess_colour_v1') return r.seedB === null ? 'example.againstBot' : 'example.twoPlayers';
    if (r.scheme === 'crash') return r.history ? 'example.historyAndChain' : r.terminal ? 'example.chain' : 'example.oneRound';
    return null;
  };
  const out = [];
  const seen = new Set();
  for (const c of loadCases(path.join(root, 'tests/vectors'))) {
    if (c.expect.error === true || !c.record.scheme) continue;
    if (c.record.terminal !== undefined && c.record.maxSteps === undefined) continue;
    if (Object.keys(c.expect).some((k) => k.endsWith('Ok') && c.expect[k] === false)) continue;
    if (Array.isArray(c.expect.leavesOk) && c.expect.leavesOk.includes(false)) continue;
    const title = [`scheme.${c.record.scheme}`, variant(c.record)].filter(Boolean);
    const key = title.join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ title, record: c.record });
  }
  out.sort((a, b) => a.title.join(' ').localeCompare(b.title.join(' ')));
  // One record whose `played` differs from the recomputation in one card, to show
  // what a tampered deal looks like.
  const require = createRequire(import.meta.url);
  const fv = require(path.resolve(outDir, 'verifier.js'));
  const bridge = out.find((e) => e.title[1] === 'game.bridge');
  if (bridge) {
    const rep = fv.verify(bridge.record);
    const deals = JSON.parse(JSON.stringify(rep.deals));
    const [a, b] = [deals[0][1][5], deals[0][2][3]];
    deals[0][1][5] = b;
    deals[0][2][3] = a;
    out.push({ title: [...bridge.title, 'example.tampered'], record: { ...bridge.record, played: { deals } } });
  }
  return out;
}

/** The catalogs present (www/i18n/*.json), English first. */
function catalogs(root) {
  const dir = path.join(root, 'www/i18n');
  const langs = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5))
    .sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b)));
  return langs.map((lang) => ({ lang, cat: JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), 'utf8')) }));
}

const RTL = ['ar', 'he', 'fa', 'ur'];

/** The catalogs' keys the page never shows (issue 46): the command line's (cli.*) and
 *  the badge's (widget.*), 64 KB of the six catalogs (17 KB gzipped). The build
 *  stops if the page's scripts name one of them. */
const NOT_ON_PAGE = /^(cli|widget)\./;

/** JSON as the text of a <script type="application/json">: nothing in it can end
 *  the element or open a comment. */
const jsonData = (v) => JSON.stringify(v).replace(/</g, '\\u003c');

/**
 * Writes OUT_DIR/<file>: `coreJs` the page's core (www/core/pagecore.js bundled:
 * inert text, the worker's source, run on the page only without workers), `pageJs`
 * the page's bundle, `workerJs` the worker's bundle, `schemes` the core's
 * descriptors (written as data, so the page draws its forms without the core), `wasm`
 * whether the core is WebAssembly (its CSP then allows 'wasm-unsafe-eval';
 * verifier-nowasm.html's core is JavaScript and its CSP does not).
 */
/** A catalog without the keys the page never shows (NOT_ON_PAGE); none of them may
 *  be named in `scripts`. */
function pageCatalog(cat, scripts) {
  const out = {};
  for (const [k, v] of Object.entries(cat)) {
    if (!NOT_ON_PAGE.test(k)) { out[k] = v; continue; }
    if (scripts.some((s) => s.includes(k))) throw new Error(`the page names ${k}, which its catalogs leave out (tools/page.mjs NOT_ON_PAGE)`);
  }
  return out;
}

export function buildPage({ root, outDir, file = 'verifier.html', coreJs, pageJs, workerJs, schemes, wasm = true, pack }) {
  const www = (f) => fs.readFileSync(path.join(root, 'www', f), 'utf8');
  const css = www('style.css');
  const core = scriptSafe(coreJs);
  const page = scriptSafe(pageJs);
  const gate = scriptSafe(GATE_JS);
  const boot = scriptSafe(BOOT_JS);
  const examples = jsonData(exampleRecords(root, outDir));
  const cats = catalogs(root);
  const en = cats[0].cat;
  const csp = [
    "default-src 'none'",
    // The page's own script, and its core, which runs on the page only where there
    // are no workers (www/page/verifier.js); the worker made from the same text
    // compiles the wasm ('wasm-unsafe-eval', not in the build without WebAssembly);
    // the gate, the first script of all (GATE_JS); the boot that starts the worker
    // (BOOT_JS).
    `script-src 'sha256-${b64sha(page)}' 'sha256-${b64sha(core)}' 'sha256-${b64sha(gate)}' 'sha256-${b64sha(boot)}'${wasm ? " 'wasm-unsafe-eval'" : ''}`,
    `style-src 'sha256-${b64sha(css)}' 'sha256-${b64sha(NOSCRIPT_CSS)}' 'sha256-${b64sha(GATE_CSS)}'`,
    // 'self' (img-src, worker-src, manifest-src): served over http(s), the page links
    // its web app manifest, whose icons Chromium fetches under the page's img-src (an
    // app without them cannot be installed), and registers its service worker (sw.js
    // beside it): www/page/install.js. From file:// none of them is used.
    "img-src data: 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "connect-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');

  // The catalogs' keys once (the first catalog's order, then any key only another has),
  // then each catalog as the JSON array of its values in that order (null: a key it
  // lacks). The same 1,400 key names in six catalogs were a sixth of their packed bytes
  // (measured: 165 KB packed apart, 135 KB with the keys once). Each part as UTF-8,
  // LZMA-packed (tools/bundle.mjs lzmaPack, which checks the page's own decoder gives
  // them back), as base64; its size beside it. tools/bundle.mjs pageCatalogs reads them.
  const onPage = cats.map(({ lang, cat }) => ({ lang, cat: pageCatalog(cat, [page, workerJs, core]) }));
  const keys = [...new Set(onPage.flatMap(({ cat }) => Object.keys(cat)))];
  const packed = (v) => {
    const bytes = Buffer.from(jsonData(v), 'utf8');
    return { size: bytes.length, b64: pack(bytes).toString('base64') };
  };
  const packedKeys = packed(keys);
  const packedCats = onPage.map(({ lang, cat }) => ({ lang, ...packed(toValues(keys, cat)) }));
  // Inline texts are held apart as references (\0id\0) until the end.
  // Each catalog apart, as data: the page parses only the one it shows (and English,
  // the fallback, when a key is missing).
  const inline = {
    'fv-style': css, 'fv-examples': examples, 'fv-schemes': jsonData(schemes),
    'fv-cat-keys': packedKeys.b64, ...Object.fromEntries(packedCats.map(({ lang, b64 }) => [`fv-cat-${lang}`, b64])),
    'fv-worker': scriptSafe(workerJs), 'fv-verifier': core, 'fv-page': page, 'fv-gate': gate, 'fv-boot': boot,
  };
  const ref = (id) => `\0${id}\0`;
  let html = www('index.html');
  const swap = (from, to) => {
    if (!html.includes(from)) throw new Error(`www/index.html lacks ${from}`);
    html = html.replace(from, () => to);
  };
  swap('<!--@@CSP@@-->', `<meta http-equiv="Content-Security-Policy" content="${csp}">`);
  // The app's icon as the tab's, inline (img-src data:): no /favicon.ico request of
  // the browser's own, which the policy would refuse, when the page is served.
  swap('<!--@@ICON@@-->', `<link rel="icon" type="image/png" sizes="32x32" href="data:image/png;base64,${iconPng(32).toString('base64')}">`);
  swap('<link rel="stylesheet" href="style.css">', `<style id="fv-style">${ref('fv-style')}</style>`);
  swap('<!--@@NOSCRIPT@@-->', `<noscript><style>${NOSCRIPT_CSS}</style></noscript>\n<style id="fv-gate-css">${GATE_CSS}</style>\n<script id="fv-gate">${ref('fv-gate')}</script>`);
  // What a copy without scripts says, in every language the page has.
  swap('<!--@@STATIC_NOTICE@@-->', cats.filter(({ cat }) => cat['entry.static.notice'])
    .map(({ lang, cat }) => `<p lang="${lang}" dir="${RTL.includes(lang) ? 'rtl' : 'ltr'}">${escapeHtml(cat['entry.static.notice'])}</p>`).join('\n'));
  // The English words in the static markup, for a page read without scripts.
  html = html.replace(/(<([a-z0-9]+)\b[^>]*\sdata-i18n="([^"]+)"[^>]*>)(<\/\2>)/g, (m, open, tag, key, close) => {
    const msg = en[key];
    if (msg === undefined) throw new Error(`www/index.html names a missing key ${key}`);
    return open + escapeHtml(typeof msg === 'object' ? msg.other : msg) + close;
  });
  swap('<!--@@EXAMPLES@@-->', [`<script id="fv-examples" type="application/json">${ref('fv-examples')}</script>`,
    `<script id="fv-schemes" type="application/json">${ref('fv-schemes')}</script>`,
    `<script id="fv-cat-keys" type="text/plain" data-size="${packedKeys.size}">${ref('fv-cat-keys')}</script>`,
    ...packedCats.map(({ lang, size }) => `<script id="fv-cat-${lang}" type="text/plain" data-size="${size}">${ref(`fv-cat-${lang}`)}</script>`)].join('\n'));
  swap('<!--@@WORKER@@-->', `<script id="fv-worker" type="text/plain">${ref('fv-worker')}</script>`);
  // Inert on the page (issue 25): the worker's source; run here only without workers.
  swap('<!--@@VERIFIER@@-->', `<script id="fv-verifier" type="text/plain">${ref('fv-verifier')}</script>`);
  swap('<!--@@BOOT@@-->', `<script id="fv-boot">${ref('fv-boot')}</script>`);
  swap('<!--@@SHELL@@-->', `<script id="fv-shell" type="application/json">${ref('fv-shell')}</script>`);
  swap('<!--@@PAGE@@-->', `<script id="fv-page">${ref('fv-page')}</script>`);

  // [text, {r: id}, text, …]: the file's bytes, the inline texts by reference.
  const split = html.split(/\0([a-z-]+)\0/);
  const pieces = split.map((p, i) => (i % 2 ? { r: p } : p));
  inline['fv-shell'] = JSON.stringify(pieces).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  const out = split.map((p, i) => (i % 2 ? inline[p] : p)).join('');
  // The DOM gives back exactly these bytes only if the parser keeps them as they are.
  if (/[\r\0]/.test(out)) throw new Error('verifier.html would contain CR or NUL, which the HTML parser rewrites');
  if (/^\s*\n/.test(inline['fv-examples']) || !out.endsWith('</html>')) throw new Error(`${file}: unexpected shape`);
  for (const [id, text] of Object.entries(inline)) {
    if (/<\/(script|style)/i.test(text) || /<!--/.test(text)) throw new Error(`inline ${id} would end its element early`);
  }
  fs.writeFileSync(path.join(outDir, file), out);
}
