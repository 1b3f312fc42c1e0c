// Builds pkg/verifier.html: www/index.html with the CSS, verifier.js and the page's
// bundle (www/page/) inlined, the worker's bundle and the example records embedded
// as data, and a Content-Security-Policy that allows exactly these inline scripts
// and styles (by hash) and no network at all.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { loadCases } from '../tests/node/helpers.mjs';

const b64sha = (s) => crypto.createHash('sha256').update(s, 'utf8').digest('base64');

/** Inline <script> text must not close its element early. */
function scriptSafe(js) {
  return js.replace(/<\/script/gi, '<\\/script');
}

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

export function buildPage({ root, outDir, verifierJs, pageJs, workerJs }) {
  const www = (f) => fs.readFileSync(path.join(root, 'www', f), 'utf8');
  const css = www('style.css');
  const scripts = [verifierJs, pageJs].map(scriptSafe);
  const examples = JSON.stringify(exampleRecords(root, outDir)).replace(/</g, '\\u003c');
  const csp = [
    "default-src 'none'",
    `script-src ${scripts.map((s) => `'sha256-${b64sha(s)}'`).join(' ')} 'wasm-unsafe-eval'`,
    `style-src 'sha256-${b64sha(css)}'`,
    'img-src data:',
    'worker-src blob:',
    "connect-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
  let html = www('index.html');
  const swap = (from, to) => {
    if (!html.includes(from)) throw new Error(`www/index.html lacks ${from}`);
    html = html.replace(from, () => to);
  };
  swap('<!--@@CSP@@-->', `<meta http-equiv="Content-Security-Policy" content="${csp}">`);
  swap('<link rel="stylesheet" href="style.css">', `<style>${css}</style>`);
  swap('<!--@@EXAMPLES@@-->', `<script id="fv-examples" type="application/json">${examples}</script>`);
  swap('<!--@@WORKER@@-->', `<script id="fv-worker" type="text/plain">${scriptSafe(workerJs)}</script>`);
  swap('<!--@@VERIFIER@@-->', `<script id="fv-verifier">${scripts[0]}</script>`);
  swap('<!--@@PAGE@@-->', `<script>${scripts[1]}</script>`);
  fs.writeFileSync(path.join(outDir, 'verifier.html'), html);
}
