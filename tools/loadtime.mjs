// Where the time goes from opening `verifier.html#record=…` to the verdict (issue 25),
// in headless Chromium with the CPU throttled (CDP Emulation.setCPUThrottlingRate: 4x
// stands in for a mid-range phone). Used by tests/browser/load.test.mjs and
// ./build.sh bench (tools/bench.mjs); `node tools/loadtime.mjs [PAGE.html] [--rates 1,4]
// [--runs 3] [--lang ru]` prints the same figures for any built page (`--lang`: the
// link says the page's language, `#lang=ru&record=…`; English otherwise), and with
// `--against DIR` (a copy of an earlier pkg/) compares the two builds, their loads
// alternating.
//
// measureLoad(browser, url, {rate, trace}) →
//   {verdict, verdictMs, shownMs, longest, longTasks: [[start, duration]], phases?, tasks?}
// `verdictMs`: from the navigation's start to the first final verdict on #verdict
// (not `checking`); `shownMs`: to the end of the frame that drew it; `longest`: the
// longest main-thread task that started before then, that frame's own task included
// (PerformanceObserver 'longtask', registered before any of the page's scripts run).
// With `trace`, a Chromium trace of the same load gives the breakdown: HTML parse,
// each inline script's compile and run, wasm compile, the functions that matter
// (base64, SHA-256, the self-test, JSON.parse of catalogs) from V8's sampling
// profiler, timers, worker messages, style/layout/paint; and the longest tasks with
// what ran in them. A trace slows the page down: its times are for the breakdown,
// the untraced figures for the verdict and the longest task.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadCases } from '../tests/node/helpers.mjs';

const INIT = () => {
  window.__fvLoad = { long: [], verdict: null };
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__fvLoad.long.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) { /* no long task API: nothing is recorded */ }
  const seen = () => {
    const v = document.getElementById('verdict');
    const d = v && v.getAttribute('data-verdict');
    if (d && d !== 'checking' && !window.__fvLoad.verdict) {
      window.__fvLoad.verdict = [performance.now(), d];
      // Shown once the frame that draws it is over: a message posted from that
      // frame's animation callback runs after its style, layout and paint. The tasks
      // that start before then are the ones a player waits through.
      requestAnimationFrame(() => {
        const c = new MessageChannel();
        c.port1.onmessage = () => {
          window.__fvLoad.shown = performance.now();
          // Said on the console: the tool waits for this line, so nothing of its own
          // runs in the page before the verdict is on screen (an evaluate would, and count).
          console.debug('fv-load: verdict');
        };
        c.port2.postMessage(null);
      });
    }
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-verdict'] });
};

const CATEGORIES = ['devtools.timeline', 'toplevel', 'v8', 'v8.execute', 'disabled-by-default-devtools.timeline',
  'v8.wasm', 'disabled-by-default-v8.cpu_profiler', 'loading', 'blink.user_timing'];

/** The inline <script> elements of a built page and the lines they span. */
function scriptLines(file) {
  const text = fs.readFileSync(file, 'utf8');
  const out = [];
  const re = /<script id="([a-z-]+)"[^>]*>/g;
  let m;
  while ((m = re.exec(text)) !== null) {
    const line = text.slice(0, m.index).split('\n').length - 1; // 0-based, as the trace says
    const end = text.indexOf('</script>', m.index);
    out.push({ id: m[1], from: line, to: text.slice(0, end).split('\n').length - 1 });
  }
  return out;
}

/** One load of `url`: the verdict's time, the long tasks, and with `trace` the breakdown. */
export async function measureLoad(browser, url, { rate = 4, trace = false, width = 400, height = 800, init } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await context.route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort()));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.addInitScript(INIT);
    if (init) await page.addInitScript(init);
    if (trace) await browser.startTracing(page, { categories: CATEGORIES });
    const said = page.waitForEvent('console', { predicate: (m) => m.text() === 'fv-load: verdict', timeout: 120000 });
    await page.goto(url, { waitUntil: 'commit' });
    await said;
    // What runs right after the verdict (the same task's end is in it already).
    await page.waitForTimeout(300);
    const got = await page.evaluate(() => window.__fvLoad);
    const buf = trace ? await browser.stopTracing() : null;
    const [verdictMs, verdict] = got.verdict;
    const shownMs = got.shown;
    const before = got.long.filter(([s]) => s < shownMs);
    const out = {
      verdict, verdictMs, shownMs, errors,
      longest: Math.max(0, ...before.map(([, d]) => d)),
      longTasks: before,
    };
    if (buf && process.env.FV_TRACE_OUT) fs.writeFileSync(process.env.FV_TRACE_OUT, buf);
    if (buf) Object.assign(out, breakdown(JSON.parse(buf.toString('utf8')), url, shownMs));
    return out;
  } finally {
    await context.close();
  }
}

/** The trace's main-thread time before the verdict, by phase. */
export function breakdown(trace, url, untilMs) {
  const ev = trace.traceEvents || trace;
  const file = fileURLToPath(url.split('#')[0]);
  const lines = scriptLines(file);
  const scriptOf = (line) => (lines.find((s) => line >= s.from && line <= s.to) || { id: `line ${line}` }).id;
  const names = new Map();
  for (const e of ev) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  // The page's renderer main thread: the one that parsed this file.
  const parse = ev.find((e) => e.name === 'ParseHTML' && e.args && e.args.beginData && String(e.args.beginData.url).startsWith(url.split('#')[0]));
  if (!parse) return { phases: null };
  const key = `${parse.pid}:${parse.tid}`;
  const main = ev.filter((e) => `${e.pid}:${e.tid}` === key && e.ph === 'X' && typeof e.dur === 'number');
  // The navigation's start on the trace's clock: markers of the page's timing.
  const nav = ev.find((e) => e.name === 'navigationStart' && `${e.pid}:${e.tid}` === key) ||
    ev.find((e) => e.name === 'navigationStart');
  const t0 = nav ? nav.ts : Math.min(...main.map((e) => e.ts));
  const end = t0 + untilMs * 1000;
  const inWindow = main.filter((e) => e.ts < end);
  const ms = (us) => us / 1000;

  // Top-level tasks, each with its biggest named piece.
  const tasks = inWindow.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const top = [];
  for (const t of tasks) {
    if (top.some((o) => o.ts <= t.ts && o.ts + o.dur >= t.ts + t.dur)) continue; // nested
    top.push(t);
  }
  const inside = (outer, e) => e.ts >= outer.ts && e.ts + e.dur <= outer.ts + outer.dur + 1;
  const labelOf = (e) => {
    if (e.name === 'EvaluateScript' && e.args && e.args.data && e.args.data.url) return `script #${scriptOf(e.args.data.lineNumber)}`;
    if (e.name === 'FunctionCall' && e.args && e.args.data) return `call ${e.args.data.functionName || '(anonymous)'} (#${scriptOf(e.args.data.lineNumber)})`;
    return e.name;
  };
  // This tool's own observer (INIT's `seen`) is never what a task was about.
  const ours = (e) => e.name === 'FunctionCall' && e.args && e.args.data && e.args.data.functionName === 'seen';
  const INTERESTING = /^(ParseHTML|EvaluateScript|FunctionCall|TimerFire|HandlePostMessage|Layout|UpdateLayoutTree|Paint|EventDispatch|wasm\.SyncCompile|v8\.compile)$/;
  const longest = top.sort((a, b) => b.dur - a.dur).slice(0, 5).map((t) => {
    const parts = inWindow.filter((e) => e !== t && inside(t, e) && INTERESTING.test(e.name) && !ours(e));
    const named = parts.filter((e) => e.name === 'EvaluateScript' || e.name === 'FunctionCall');
    const what = (named.length ? named : parts).sort((a, b) => b.dur - a.dur).slice(0, 2).map(labelOf);
    return { start: Math.round(ms(t.ts - t0)), ms: Math.round(ms(t.dur)), cpu: t.tdur === undefined ? null : Math.round(ms(t.tdur)), what: what.join(', ') || 'task' };
  });

  // Phases by trace events (self time of parse; scripts whole, then split).
  const sum = (list) => list.reduce((a, e) => a + e.dur, 0);
  const evaluate = inWindow.filter((e) => e.name === 'EvaluateScript');
  const parseHtml = inWindow.filter((e) => e.name === 'ParseHTML');
  const phases = {};
  phases['HTML parse (without the scripts it ran)'] = ms(sum(parseHtml) - sum(evaluate.filter((e) => parseHtml.some((p) => inside(p, e)))));
  for (const e of evaluate) {
    const id = e.args && e.args.data && e.args.data.url ? scriptOf(e.args.data.lineNumber) : '(other)';
    const k = `inline script #${id}`;
    phases[k] = (phases[k] || 0) + ms(e.dur);
    const compile = inWindow.filter((c) => (c.name === 'v8.compile' || c.name === 'V8.CompileScript') && inside(e, c));
    const kc = `  of which compile (#${id})`;
    phases[kc] = (phases[kc] || 0) + ms(sum(compile.filter((c) => !compile.some((o) => o !== c && inside(o, c)))));
  }
  phases['wasm compile (sync + lazy, main thread)'] = ms(sum(inWindow.filter((e) => /^wasm\.(SyncCompile|CompileLazy)$/.test(e.name))));
  phases['timers (setTimeout callbacks)'] = ms(sum(inWindow.filter((e) => e.name === 'TimerFire')));
  phases['worker messages (HandlePostMessage)'] = ms(sum(inWindow.filter((e) => e.name === 'HandlePostMessage')));
  phases['style + layout'] = ms(sum(inWindow.filter((e) => e.name === 'UpdateLayoutTree' || e.name === 'Layout')));
  phases['paint + composite'] = ms(sum(inWindow.filter((e) => /^(Paint|PrePaint|Layerize|CompositeLayers|Commit)$/.test(e.name))));
  phases['GC'] = ms(sum(inWindow.filter((e) => e.name === 'MinorGC' || e.name === 'MajorGC')));
  Object.assign(phases, functions(ev, key, t0, end, scriptOf));
  for (const k of Object.keys(phases)) phases[k] = Math.round(phases[k]);
  return { phases, tasks: longest };
}

/** Inclusive time of a few functions, from V8's sampling profiler in the trace. */
function functions(ev, key, t0, end, scriptOf) {
  const WANT = {
    base64ToBytes: 'base64 decode of the wasm (base64ToBytes)',
    sha256Hex: 'SHA-256 in JavaScript (sha256Hex: wasm fingerprint, download line)',
    selfTest: 'self-test (selfTest: golden cases through the core)',
    parse: 'JSON.parse',
    schemes: 'descriptors (schemes())',
  };
  // The main thread's profile; its chunks come from the sampler's thread, same id.
  const profile = ev.find((e) => e.name === 'Profile' && `${e.pid}:${e.tid}` === key);
  if (!profile) return {};
  const chunks = ev.filter((e) => (e === profile || e.name === 'ProfileChunk') && e.pid === profile.pid && e.id === profile.id);
  if (!chunks.length) return {};
  const nodes = new Map();
  const samples = [];
  let ts = null;
  for (const c of chunks) {
    if (c.name === 'Profile') { ts = c.args.data.startTime; continue; }
    const p = c.args.data.cpuProfile || {};
    for (const n of p.nodes || []) nodes.set(n.id, n);
    const deltas = c.args.data.timeDeltas || [];
    (p.samples || []).forEach((id, i) => { ts += deltas[i] || 0; samples.push([ts, id]); });
  }
  const out = {};
  for (let i = 0; i + 1 < samples.length; i++) {
    const [at, id] = samples[i];
    if (at < t0 || at >= end) continue;
    const dt = samples[i + 1][0] - at;
    const seen = new Set();
    for (let n = nodes.get(id); n; n = nodes.get(n.parent)) {
      const f = n.callFrame && n.callFrame.functionName;
      if (f && WANT[f] && !seen.has(f)) { seen.add(f); out[WANT[f]] = (out[WANT[f]] || 0) + dt / 1000; }
    }
  }
  return out;
}

/** The badge starting on a host page (issue 25): the host's own frames go on
 *  (requestAnimationFrame, from before the badge's script) while widget.js loads,
 *  unpacks and compiles its core, and verifies a first record. The script is added
 *  once the host has drawn (as a host adds it, or as the parser reaches it after the
 *  first paint). → {gap: the largest gap between two host frames from the script's
 *  insertion to the first result, gaps: [[ms after the insertion, gap]] of those over
 *  34 ms (where to look), longest: the longest task then, readyMs: from the insertion
 *  to FairVerify.ready, verdict, errors}. */
export async function measureWidgetStart(browser, { rate = 4, widget, trace = false } = {}) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const file = widget || path.join(root, 'pkg/widget.js');
  const dice = loadCases().find((c) => c.record.scheme === 'dice' && c.expect.commitmentOk === true && c.record.nonce !== undefined);
  const dir = fs.mkdtempSync(path.join((await import('node:os')).tmpdir(), 'fv-widget-start-'));
  const host = path.join(dir, 'host.html');
  fs.writeFileSync(host, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>table</title></head><body>
<p>A game table</p><fair-verify id="b" commitment="${dice.record.serverSeedHash}" label="Dice"></fair-verify>
<script>
window.__fv = { gap: 0, gaps: [], long: [], frames: 0, t0: 0, ready: 0, result: null };
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__fv.long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
let last = 0;
(function beat(now) {
  const f = window.__fv;
  if (f.t0 && !f.result && last) {
    f.gap = Math.max(f.gap, now - last);
    // The long ones, with when they ended (from the insertion): where to look.
    if (now - last > 34) f.gaps.push([Math.round(now - f.t0), Math.round(now - last)]);
  }
  last = now;
  f.frames++;
  if (f.frames === 10) {
    f.t0 = performance.now();
    const s = document.createElement('script');
    s.src = ${JSON.stringify(pathToFileURL(file).href)};
    s.onload = () => FairVerify.ready.then(() => {
      f.ready = performance.now() - f.t0;
      document.getElementById('b').record = ${JSON.stringify(dice.record)};
    });
    document.head.append(s);
  }
  requestAnimationFrame(beat);
})(performance.now());
document.addEventListener('fair-verify:result', (e) => {
  // One more frame after the result is drawn, then the figures are final.
  requestAnimationFrame(() => requestAnimationFrame(() => { window.__fv.result = e.detail.verdict; console.debug('fv-load: widget'); }));
});
</script></body></html>`);
  const context = await browser.newContext({ viewport: { width: 400, height: 800 } });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await context.route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort()));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const said = page.waitForEvent('console', { predicate: (m) => m.text() === 'fv-load: widget', timeout: 120000 });
    if (trace) await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(pathToFileURL(host).href, { waitUntil: 'commit' });
    await said;
    const f = await page.evaluate(() => window.__fv);
    if (trace) {
      const buf = await browser.stopTracing();
      if (process.env.FV_TRACE_OUT) fs.writeFileSync(process.env.FV_TRACE_OUT, buf);
    }
    const during = f.long.filter(([s]) => s >= f.t0);
    return { gap: f.gap, gaps: f.gaps, longest: Math.max(0, ...during.map(([, d]) => d)), readyMs: f.ready, verdict: f.result, errors };
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** `runs` loads at each rate: medians of the verdict's time and of the longest task,
 *  and one traced load's breakdown per rate. */
export async function loadFigures(browser, url, { rates = [1, 4], runs = 3, trace = true } = {}) {
  const out = [];
  for (const rate of rates) {
    const loads = [];
    for (let i = 0; i < runs; i++) loads.push(await measureLoad(browser, url, { rate }));
    const traced = trace ? await measureLoad(browser, url, { rate, trace: true }) : null;
    out.push({
      rate,
      verdictMs: median(loads.map((l) => l.verdictMs)),
      shownMs: median(loads.map((l) => l.shownMs)),
      longest: median(loads.map((l) => l.longest)),
      loads,
      traced,
    });
  }
  return out;
}

export function printFigures(figures, label) {
  for (const f of figures) {
    console.log(`\n${label}, CPU ${f.rate}x: verdict drawn ${f.verdictMs.toFixed(0)} ms, on screen ${f.shownMs.toFixed(0)} ms, longest task before it ${f.longest.toFixed(0)} ms ` +
      `(median of ${f.loads.length}; each: ${f.loads.map((l) => `${l.shownMs.toFixed(0)}/${l.longest.toFixed(0)}`).join(', ')} ms)`);
    if (f.traced && f.traced.phases) {
      console.log(`  one traced load (slower under the trace): verdict on screen ${f.traced.shownMs.toFixed(0)} ms; main thread by phase (ms):`);
      for (const [k, v] of Object.entries(f.traced.phases)) if (v > 0) console.log(`    ${k.padEnd(64)} ${String(v).padStart(6)}`);
      console.log('  longest tasks before the verdict:');
      for (const t of f.traced.tasks) console.log(`    at ${String(t.start).padStart(6)} ms  ${String(t.ms).padStart(5)} ms (thread time ${t.cpu === null ? '?' : t.cpu} ms)  ${t.what}`);
    }
  }
}

/** Two builds measured in one run, their loads alternating (A B, B A, …), so that a
 *  shared machine's load falls on both alike (issue 36): `dirs` {before, after}, each
 *  a directory with verifier.html and widget.js. → for each, the medians of the
 *  verdict on screen and of the longest task before it, and of the badge's largest
 *  host frame gap, with every load's figure. */
export async function compareBuilds(browser, dirs, { rate = 4, runs = 5, record = defaultRecord(), lang = null, badge = true } = {}) {
  const { b64url } = await import('../tests/browser/browser.mjs');
  const out = {};
  for (const k of Object.keys(dirs)) out[k] = { loads: [], badge: [] };
  const order = (i) => (i % 2 ? Object.keys(dirs).reverse() : Object.keys(dirs));
  for (let i = 0; i < runs; i++) {
    for (const k of order(i)) {
      const url = `${pathToFileURL(path.join(dirs[k], 'verifier.html')).href}#${lang ? `lang=${lang}&` : ''}record=${b64url(record)}`;
      out[k].loads.push(await measureLoad(browser, url, { rate }));
    }
  }
  for (let i = 0; i < (badge ? runs : 0); i++) {
    for (const k of order(i)) out[k].badge.push(await measureWidgetStart(browser, { rate, widget: path.join(dirs[k], 'widget.js') }));
  }
  for (const k of Object.keys(out)) {
    const o = out[k];
    o.shownMs = median(o.loads.map((l) => l.shownMs));
    o.longest = median(o.loads.map((l) => l.longest));
    o.gap = badge ? median(o.badge.map((b) => b.gap)) : NaN;
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name, def) => { const i = args.indexOf(name); return i >= 0 ? args.splice(i, 2)[1] : def; };
  const rates = opt('--rates', '1,4').split(',').map(Number);
  const runs = Number(opt('--runs', '3'));
  const record = opt('--record', null);
  const lang = opt('--lang', null);
  // --no-badge: the page only (the badge's start is not measured).
  const badge = !args.includes('--no-badge');
  if (!badge) args.splice(args.indexOf('--no-badge'), 1);
  // --against DIR: a build before (a copy of an earlier pkg/), measured alternately
  // with this one's directory at the first rate.
  const against = opt('--against', null);
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const file = path.resolve(args[0] || path.join(root, 'pkg/verifier.html'));
  const { launch, b64url } = await import('../tests/browser/browser.mjs');
  const rec = record ? JSON.parse(record) : defaultRecord();
  const browser = await launch();
  try {
    if (against) {
      const res = await compareBuilds(browser, { before: path.resolve(against), after: path.dirname(file) }, { rate: rates[0], runs, record: rec, lang, badge });
      for (const [k, o] of Object.entries(res)) {
        console.log(`${k.padEnd(6)} CPU ${rates[0]}x${lang ? `, #lang=${lang}` : ''}: verdict on screen ${o.shownMs.toFixed(0)} ms (each ${o.loads.map((l) => l.shownMs.toFixed(0)).join(', ')}), ` +
          `longest task before it ${o.longest.toFixed(0)} ms` +
          (badge ? `; badge's largest host frame gap ${o.gap.toFixed(0)} ms (each ${o.badge.map((b) => b.gap.toFixed(0)).join(', ')})` : ''));
      }
      console.log(`after/before: verdict ${(res.after.shownMs / res.before.shownMs).toFixed(2)}` +
        (badge ? `, badge gap ${(res.after.gap / res.before.gap).toFixed(2)}` : '') + ` (medians of ${runs}, loads alternating)`);
    } else {
      const figures = await loadFigures(browser, `${pathToFileURL(file).href}#${lang ? `lang=${lang}&` : ''}record=${b64url(rec)}`, { rates, runs });
      printFigures(figures, path.basename(file));
    }
  } finally {
    await browser.close();
  }
}

/** A passing bridge match from the vectors (52 cards drawn: more to render than a die). */
export function defaultRecord() {
  const c = loadCases().find((x) => !x.expect.error && x.record.scheme === 'match_seed_v2' && x.record.game === 'bridge');
  return c.record;
}
