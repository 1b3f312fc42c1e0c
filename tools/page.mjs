// Builds pkg/verifier.html: www/index.html with the CSS, verifier.js, render.js and
// app.js inlined, the example records embedded, and a Content-Security-Policy that
// allows exactly these inline scripts and styles (by hash) and no network at all.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';

const b64sha = (s) => crypto.createHash('sha256').update(s, 'utf8').digest('base64');

/** Inline <script> text must not close its element early. */
function scriptSafe(js) {
  return js.replace(/<\/script/gi, '<\\/script');
}

function exampleRecords(root, outDir) {
  const dir = path.join(root, 'tests/vectors');
  const out = [];
  const seen = new Set();
  const label = (c) => {
    const r = c.record;
    if (r.scheme === 'match_seed_v2') return `match_seed_v2 · ${r.game}`;
    if (r.scheme === 'poker_hmac_v1') return `poker_hmac_v1 · ${r.leaves ? 'your cards (partial reveal)' : 'full reveal'}`;
    if (r.scheme === 'chess_colour_v1') return `chess_colour_v1 · ${r.seedB === null ? 'against a bot' : 'two players'}`;
    if (r.scheme === 'crash') return `crash · ${r.history ? 'history and chain' : r.terminal ? 'chain' : 'one round'}`;
    return `${r.scheme}`;
  };
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.jsonl')).sort()) {
    for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const c = JSON.parse(line);
      if (c.expect.error === true || !c.record.scheme) continue;
      if (c.record.terminal !== undefined && c.record.maxSteps === undefined) continue;
      if (Object.keys(c.expect).some((k) => k.endsWith('Ok') && c.expect[k] === false)) continue;
      if (Array.isArray(c.expect.leavesOk) && c.expect.leavesOk.includes(false)) continue;
      const title = label(c);
      if (seen.has(title)) continue;
      seen.add(title);
      out.push({ title, record: c.record });
    }
  }
  out.sort((a, b) => a.title.localeCompare(b.title));
  // One record whose `played` differs from the recomputation in one card, to show
  // what a tampered deal looks like.
  const require = createRequire(import.meta.url);
  const fv = require(path.resolve(outDir, 'verifier.js'));
  const bridge = out.find((e) => e.title === 'match_seed_v2 · bridge');
  if (bridge) {
    const rep = fv.verify(bridge.record);
    const deals = JSON.parse(JSON.stringify(rep.deals));
    const [a, b] = [deals[0][1][5], deals[0][2][3]];
    deals[0][1][5] = b;
    deals[0][2][3] = a;
    out.push({ title: 'match_seed_v2 · bridge, tampered: two cards swapped', record: { ...bridge.record, played: { deals } } });
  }
  return out;
}

export function buildPage({ root, outDir, verifierJs }) {
  const www = (f) => fs.readFileSync(path.join(root, 'www', f), 'utf8');
  const css = www('style.css');
  const scripts = [verifierJs, www('render.js'), www('app.js')].map(scriptSafe);
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
  swap('<script src="../pkg/verifier.js"></script>', `<script id="fv-verifier">${scripts[0]}</script>`);
  swap('<!--@@WORKER@@-->', `<script id="fv-worker" type="text/plain">${scriptSafe(www('worker.js'))}</script>`);
  swap('<script src="render.js"></script>', `<script>${scripts[1]}</script>`);
  swap('<script src="app.js"></script>', `<script>${scripts[2]}</script>`);
  fs.writeFileSync(path.join(outDir, 'verifier.html'), html);
}
