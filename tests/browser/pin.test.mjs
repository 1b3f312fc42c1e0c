// The installed pin against framing and hard reloads (issue 43, turn-5 security
// review finding 1 C/D), in Chromium:
// - tools/serve.py sends `Content-Security-Policy: frame-ancestors 'none'` and
//   `X-Frame-Options: DENY` with every file, so a page of the origin cannot frame
//   or embed the verifier at all (<iframe>, <object>, <embed>);
// - on a host that leaves those headers out (a small server here), the installed
//   verifier framed or embedded by a same-origin page shows the update notice without
//   Update or Keep and says why; its worker takes neither message from a framed page;
//   the installed copy stays as it was;
// - a hard reload (Chromium's cache-bypassing reload: the service worker is skipped)
//   runs the server's file, and the page says it is not the installed verifier,
//   naming both SHA-256; a normal load runs the installed copy again, without it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { launch, b64url, nextVerdict } from './browser.mjs';
import { ROOT } from '../node/helpers.mjs';

const PKG = path.join(ROOT, 'pkg');
const EN = JSON.parse(fs.readFileSync(path.join(ROOT, 'www/i18n/en.json'), 'utf8'));
const sha256 = (buf) => crypto.createHash('sha256').update(buf).digest('hex');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-pin-'));
process.on('exit', () => fs.rmSync(TMP, { recursive: true, force: true }));

// A page that frames the verifier at `origin` and embeds it twice.
const frames = (origin) => '<!doctype html><meta charset="utf-8"><title>lobby</title>' +
  `<iframe id="f" src="${origin}/verifier.html" width="800" height="600"></iframe>` +
  `<object id="o" data="${origin}/verifier.html" type="text/html" width="800" height="600"></object>` +
  `<embed id="e" src="${origin}/verifier.html" type="text/html" width="800" height="600">`;

function copyOfPkg(name) {
  const dir = path.join(TMP, name);
  fs.cpSync(PKG, dir, { recursive: true });
  // Only the plain files: this test changes verifier.html, and the servers here send
  // no precompressed copy anyway.
  for (const f of fs.readdirSync(dir)) if (/\.(br|gz)$/.test(f)) fs.rmSync(path.join(dir, f));
  return dir;
}

/** A folder with the lobby page for the verifier at `origin`. */
function lobbyDir(origin) {
  const dir = fs.mkdtempSync(path.join(TMP, 'lobby-'));
  fs.writeFileSync(path.join(dir, 'frames.html'), frames(origin));
  return dir;
}

/** A new version of verifier.html in `dir`: one example's title in its data changed
 *  (inside the file's own blueprint, so the page's SHA-256 of the file it runs is the
 *  new file's; data, so no script's CSP hash changes; the catalogs are LZMA-packed).
 *  Returns the new SHA-256. */
function publish(dir) {
  const f = path.join(dir, 'verifier.html');
  const text = fs.readFileSync(f, 'utf8');
  const from = '<script id="fv-examples" type="application/json">[{"title":["';
  assert.equal(text.split(from).length, 2, 'the examples once in the file');
  fs.writeFileSync(f, text.replace(from, `${from}example.`));
  return sha256(fs.readFileSync(f));
}

const TYPES = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', mjs: 'text/javascript; charset=utf-8', webmanifest: 'application/manifest+json', png: 'image/png', wasm: 'application/wasm', json: 'application/json' };

/** A static server of `dir` that sends no framing headers (a host that left out what
 *  docs/hosting.md requires). */
function plainServer(dir) {
  const server = http.createServer((req, res) => {
    let p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (p === '/') p = '/verifier.html';
    const file = path.join(dir, path.normalize(p));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-type': TYPES[file.split('.').pop()] || 'application/octet-stream', 'cache-control': 'no-cache' });
    res.end(fs.readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** tools/serve.py on `dir`: {origin, proc}. */
async function servePy(dir) {
  const proc = spawn('python3', [path.join(ROOT, 'tools/serve.py'), '0', dir], { stdio: ['ignore', 'pipe', 'ignore'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (b) => { out += b; const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out); if (m) resolve(m[0]); });
    proc.once('exit', (code) => reject(new Error(`tools/serve.py exited (${code})`)));
  });
  return { origin: new URL(url).origin, proc };
}

/** Polls `fn` in a page or frame until truthy. */
async function until(where, fn, arg, what, timeout = 30000) {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      const v = await where.evaluate(fn, arg);
      if (v) return v;
    } catch (e) { /* between documents */ }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const INSTALLED = () => {
  const o = document.querySelector('#offline');
  return !!(navigator.serviceWorker && navigator.serviceWorker.controller) && !!o && o.getAttribute('data-installed-sha');
};
const NOTICE = () => {
  const n = document.querySelector('#update-notice');
  return n && {
    installed: n.getAttribute('data-installed-sha'), fresh: n.getAttribute('data-new-sha'), framed: n.hasAttribute('data-framed'),
    buttons: [...document.querySelectorAll('#update-accept, #update-keep, #kept-update')].map((b) => b.id),
    said: (document.querySelector('#update-framed') || {}).textContent || null,
  };
};
/** What Cache Storage holds as the installed verifier.html: its SHA-256. */
const HELD = async (origin) => {
  const r = await (await caches.open(`fairverify installed ${origin}/`)).match(`${origin}/verifier.html`);
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', await r.arrayBuffer()));
  return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
};

let browser;
before(async () => { browser = await launch(); });
after(async () => { if (browser) await browser.close(); });

test('tools/serve.py forbids framing: both headers on every file, and a page of the origin cannot frame or embed the verifier', async () => {
  const dir = copyOfPkg('headers');
  const { origin, proc } = await servePy(dir);
  try {
    for (const u of ['/verifier.html', '/', '/sw.js', '/widget.js', '/manifest.webmanifest', '/frames.html', '/no-such-file']) {
      const r = await fetch(origin + u);
      assert.equal(r.headers.get('content-security-policy'), "frame-ancestors 'none'", u);
      assert.equal(r.headers.get('x-frame-options'), 'DENY', u);
    }
    for (const coding of ['br', 'gzip']) {
      const r = await new Promise((resolve, reject) => http.get(`${origin}/verifier.html`, { headers: { 'accept-encoding': coding } }, (res) => { res.resume(); resolve(res); }).on('error', reject));
      assert.equal(r.headers['content-security-policy'], "frame-ancestors 'none'", coding);
    }
    // The lobby: a page of the origin (no worker installed here yet), and of the same
    // site on another port.
    fs.writeFileSync(path.join(dir, 'frames.html'), frames(origin));
    const lobby = await plainServer(lobbyDir(origin));
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const at of [`${origin}/frames.html`, `http://127.0.0.1:${lobby.address().port}/frames.html`]) {
    await page.goto(at);
    // Every frame done loading (the lobby's load event waits for them; each said so),
    // or gone (an <object> or <embed> refused drops its frame).
    for (const f of page.frames()) {
      await f.waitForLoadState('load').catch((e) => { if (!f.isDetached() && !/detached/i.test(e.message)) throw e; });
    }
    // No nested document of the verifier: each frame is Chromium's error page or empty.
    const nested = await page.evaluate(() => ['f', 'o', 'e'].map((id) => {
      const n = document.getElementById(id);
      let doc = null;
      try { doc = n.contentDocument || (n.getSVGDocument && n.getSVGDocument()); } catch (e) { /* cross-origin: none */ }
      return !!(doc && doc.getElementById('fv-page'));
    }));
    assert.deepEqual(nested, [false, false, false]);
    for (const f of page.frames().filter((x) => x !== page.mainFrame())) {
      const ran = await f.evaluate(() => !!document.getElementById('fv-page')).catch(() => false);
      assert.equal(ran, false, `a frame ran the verifier: ${f.url()}`);
    }
    }
    lobby.close();
    await context.close();
  } finally {
    proc.kill('SIGTERM');
  }
});

test('framed or embedded (a host without the headers): the notice has no Update or Keep, says why, and the worker takes neither', async () => {
  const dir = copyOfPkg('plain');
  const server = await plainServer(dir);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const context = await browser.newContext();
  const servers = [server];
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/verifier.html`);
    const v0 = await until(page, INSTALLED, null, 'the installed copy');
    assert.equal(v0, sha256(fs.readFileSync(path.join(PKG, 'verifier.html'))));
    const v1 = publish(dir);
    // In its own tab: the notice with both buttons (what a framing page would be after).
    await page.goto(`${origin}/verifier.html`);
    const top = await until(page, NOTICE, null, 'the update notice in its own tab');
    assert.deepEqual(top, { installed: v0, fresh: v1, framed: false, buttons: ['update-accept', 'update-keep'], said: null });
    // Framed and embedded by a page of the same site (another port: every page of the
    // verifier's own scope is the verifier once installed).
    const lobby = await plainServer(lobbyDir(origin));
    servers.push(lobby);
    await page.goto(`http://127.0.0.1:${lobby.address().port}/frames.html`);
    const frames = () => page.frames().filter((f) => f !== page.mainFrame() && /\/verifier\.html$/.test(f.url()));
    await until(page, () => true, null, 'the lobby');
    const end = Date.now() + 30000;
    while (frames().length < 1 && Date.now() < end) await sleep(200);
    assert.ok(frames().length >= 1, 'the verifier in a frame');
    const seen = {};
    for (const f of frames()) {
      // The <iframe> is served by the worker and hears of the new version: its notice,
      // without the buttons. An <object> or <embed> is fetched past the worker (the
      // server's file runs) and may never hear from it: the sentence on its own.
      const n = await until(f, () => {
        if (!document.documentElement.hasAttribute('data-ready')) return null;
        const notice = document.querySelector('#update-notice');
        const alone = document.querySelector('#framed-notice');
        if (!notice && (!alone || navigator.serviceWorker.controller)) return null;
        return {
          controlled: !!navigator.serviceWorker.controller,
          notice: notice && { installed: notice.getAttribute('data-installed-sha'), fresh: notice.getAttribute('data-new-sha'), framed: notice.hasAttribute('data-framed') },
          said: (document.querySelector('#update-framed') || alone).textContent,
          buttons: [...document.querySelectorAll('#update-accept, #update-keep, #kept-update, #notices button')].map((b) => b.id),
        };
      }, null, `the framed notice in ${f.name()}`);
      seen[f.name()] = n;
      assert.equal(n.said, EN['install.update.framed'], f.name());
      assert.deepEqual(n.buttons, [], f.name());
      if (n.controlled) assert.deepEqual(n.notice, { installed: v0, fresh: v1, framed: true }, f.name());
      // The page's own Update and Keep, asked for directly: the worker refuses a framed page.
      await f.evaluate((sha) => Promise.race([navigator.serviceWorker.ready.then((r) => {
        r.active.postMessage({ type: 'accept', sha });
        r.active.postMessage({ type: 'keep', sha });
      }), new Promise((r) => setTimeout(r, 2000))]), v1);
    }
    assert.ok(seen.f && seen.f.controlled && seen.f.notice, 'the <iframe>: served by the worker, with the notice');
    await page.goto(`${origin}/verifier.html`);
    // The worker handles messages one after another (www/sw/sw.js serial): its answer to
    // this page's `status`, asked after the frames' Update and Keep, comes once those
    // are done.
    await page.evaluate(() => new Promise((done, fail) => {
      navigator.serviceWorker.addEventListener('message', (e) => { if (e.data && e.data.type === 'fairverify-state') done(); });
      navigator.serviceWorker.ready.then((r) => r.active.postMessage({ type: 'status' }));
      setTimeout(() => fail(new Error('the worker did not answer `status`')), 30000);
    }));
    assert.equal(await page.evaluate(HELD, origin), v0, 'the installed copy is unchanged');
    const again = await until(page, NOTICE, null, 'the notice again, in its own tab');
    assert.deepEqual([again.installed, again.fresh, again.buttons], [v0, v1, ['update-accept', 'update-keep']], 'not kept either');
  } finally {
    await context.close();
    for (const x of servers) x.close();
  }
});

test('a hard reload runs the server\'s file, and the page says it is not the installed verifier', async () => {
  const dir = copyOfPkg('reload');
  const server = await plainServer(dir);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/verifier.html`);
    const v0 = await until(page, INSTALLED, null, 'the installed copy');
    // The installed copy itself: no such notice, even before the worker controlled it.
    await page.waitForFunction(() => document.querySelector('#download-sha[data-sha256]'), null, { timeout: 30000 });
    assert.equal(await page.evaluate(() => !!document.querySelector('#not-installed-notice')), false);
    const v1 = publish(dir);
    await page.goto(`${origin}/verifier.html`);
    await until(page, INSTALLED, null, 'the installed copy again');
    await page.waitForFunction(() => document.querySelector('#download-sha[data-sha256]'), null, { timeout: 30000 });
    assert.equal(await page.evaluate(() => !!document.querySelector('#not-installed-notice')), false, 'served by the worker: no notice');
    // Chromium's cache-bypassing reload (Ctrl+Shift+R): the worker is skipped.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.reload', { ignoreCache: true });
    const n = await until(page, () => {
      const x = document.querySelector('#not-installed-notice');
      return x && { installed: x.getAttribute('data-installed-sha'), running: x.getAttribute('data-running-sha'), controlled: !!navigator.serviceWorker.controller, head: x.querySelector('.update-head').textContent, codes: [...x.querySelectorAll('code.hash')].map((c) => c.textContent) };
    }, null, 'the not-installed notice');
    assert.deepEqual(n, { installed: v0, running: v1, controlled: false, head: EN['install.notInstalled.head'], codes: [v1, v0] });
    // A normal load: the installed copy again, no such notice.
    await page.goto(`${origin}/verifier.html`);
    await until(page, INSTALLED, null, 'the installed copy after');
    await page.waitForFunction(() => document.querySelector('#download-sha[data-sha256]'), null, { timeout: 30000 });
    assert.equal(await page.evaluate(() => !!document.querySelector('#not-installed-notice')), false);
    assert.equal(await page.evaluate(HELD, origin), v0);
  } finally {
    await context.close();
    server.close();
  }
});

test('a #record= link opened outside the installed app\'s folder: the link to the installed verifier keeps the record and the language, and opens it there', async () => {
  // Attack 3, N7: the badge's phone link (#record=…) opened at an address outside
  // the installed folder; "open the installed verifier here" dropped the fragment,
  // so the player had to enter the record again.
  const top = path.join(TMP, 'alias-record');
  fs.mkdirSync(top, { recursive: true });
  const dir = path.join(top, 'app');
  fs.cpSync(copyOfPkg('alias-record-pkg'), dir, { recursive: true });
  const server = await plainServer(top);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const context = await browser.newContext();
  const record = fs.readFileSync(path.join(ROOT, 'tests/vectors/dice.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
    .find((c) => c.record.serverSeedHash && !c.record.bets && !c.expect.error).record;
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/app/verifier.html`);
    await until(page, INSTALLED, null, 'the installed copy');
    publish(dir);
    const fragment = `#lang=ro&record=${b64url(record)}`;
    const outside = await nextVerdict(page, () => page.goto(`${origin}/app%2fverifier.html${fragment}`));
    const link = await until(page, () => {
      const a = document.querySelector('#not-installed-notice [data-outside] a');
      return a && { href: a.getAttribute('href'), hash: location.hash };
    }, null, 'the not-installed notice\'s link');
    assert.ok(link.hash.includes('record=') && link.hash.includes('lang=ro'), link.hash);
    assert.equal(link.href, `${origin}/app/${link.hash}`);
    // Followed: the installed verifier, with the same record and language, and the
    // same verdict.
    const there = await nextVerdict(page, () => page.click('#not-installed-notice [data-outside] a'));
    assert.equal(there.verdict, outside.verdict);
    assert.equal(there.verdict, 'pass');
    const at = await until(page, () => navigator.serviceWorker.controller && { path: location.pathname, lang: document.documentElement.lang }, null, 'the installed copy there');
    assert.deepEqual(at, { path: '/app/', lang: 'ro' });
  } finally {
    await context.close();
    server.close();
  }
});

test('an address outside the installed app\'s folder (/app%2fverifier.html) runs the server\'s file: the page says so, links the installed verifier, offers no Update and registers nothing', async () => {
  // The verifier installed in a folder (/app/), as a host that ignored docs/hosting.md
  // section 1 would serve it, by a server that decodes %2f (turn-5 security review,
  // finding 1 B: such an alias is outside the worker's scope).
  const top = path.join(TMP, 'alias');
  fs.mkdirSync(top, { recursive: true });
  const dir = path.join(top, 'app');
  fs.cpSync(copyOfPkg('alias-pkg'), dir, { recursive: true });
  const server = await plainServer(top);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/app/verifier.html`);
    const v0 = await until(page, INSTALLED, null, 'the installed copy');
    const v1 = publish(dir);
    await page.goto(`${origin}/app%2fverifier.html`);
    const n = await until(page, () => {
      const x = document.querySelector('#not-installed-notice');
      const p = x && x.querySelector('[data-outside]');
      return p && { installed: x.getAttribute('data-installed-sha'), running: x.getAttribute('data-running-sha'), controlled: !!navigator.serviceWorker.controller, outside: p.getAttribute('data-outside'), link: p.querySelector('a').getAttribute('href'), head: x.querySelector('.update-head').textContent, codes: [...x.querySelectorAll('code.hash')].map((c) => c.textContent) };
    }, null, 'the not-installed notice at the alias');
    assert.deepEqual(n, { installed: v0, running: v1, controlled: false, outside: `${origin}/app/`, link: `${origin}/app/`, head: EN['install.notInstalled.head'], codes: [v1, v0] });
    // The worker has looked for a new version (it said so to this page too): still no
    // Update here, no second worker for the alias's folder, the installed copy kept.
    await until(page, async () => (await navigator.serviceWorker.getRegistrations()).length > 0, null, 'the registrations');
    assert.equal(await page.evaluate(() => !!document.querySelector('#update-notice, #update-accept')), false, 'no Update outside the scope');
    assert.deepEqual(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope)), [`${origin}/app/`]);
    assert.equal(await page.evaluate(HELD, `${origin}/app`), v0);
    // The installed verifier, at its own address: the installed copy, no such notice.
    await page.goto(`${origin}/app/verifier.html`);
    await until(page, INSTALLED, null, 'the installed copy after');
    await page.waitForFunction(() => document.querySelector('#download-sha[data-sha256]'), null, { timeout: 30000 });
    assert.equal(await page.evaluate(() => !!document.querySelector('#not-installed-notice')), false);
  } finally {
    await context.close();
    server.close();
  }
});
