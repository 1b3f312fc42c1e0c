// The installed verifier (issue 24) over a real origin, in each engine players use
// (tests/browser/engines.mjs; FV_ENGINES picks them): tools/serve.py serves a
// temporary copy of pkg/ on 127.0.0.1 and a free port, and the test changes that copy
// as a site would publish a new version.
// - the first visit: a service worker controls the page and has installed the file
//   as served (its SHA-256 computed here); the manifest has a name, a standalone
//   display and its 192/512 icons (PNG read here, and drawn by the browser); in
//   Chromium also no manifest error and nothing missing to be installable;
// - the network off (the server stopped; in Chromium also context.setOffline): a
//   fresh navigation to verifier.html#record=… (and to /#record=…) verifies a
//   vector's record, and the verdict is the one verifier.js gives in Node;
// - verifier.html changed on the server: reloaded online, the page still runs the
//   installed bytes (the change is a comment the DOM would hold) and names both
//   SHA-256; so do //verifier.html, /%76erifier.html, /verifier%2ehtml, / and any
//   other path of the scope (serve.py maps them to the file as common servers do),
//   and the installed copy in Cache Storage keeps its bytes; Keep leaves the old bytes (after a reload too) with the new version kept
//   aside; Update, from the notice or the panel, runs the new bytes; a new sw.js
//   leaves the installed bytes as they are;
// - text shared to the app (?text=) and a file handed by launchQueue are verified;
//   the Paste button; persist() once running installed;
// - from file:// nothing is linked, registered or requested;
// - every request the server saw is one of the app's own files.
// Chromium only: the 360 px screenshots (tests/artifacts/pwa-360-*.png: the install
// panel with iOS, Android and desktop wording by user agent, and the update notice),
// and no English sentence in those parts in the other five languages.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { engineNames, launchEngine } from './engines.mjs';
import { launch, b64url, shot, PAGE_URL } from './browser.mjs';
import { ROOT, VERIFIER, loadCases } from '../node/helpers.mjs';
import { registeredCatalogs, englishSentences } from '../node/i18ntest_langs.mjs';

const FV = createRequire(import.meta.url)(VERIFIER);
const PKG = path.join(ROOT, 'pkg');
const CATS = registeredCatalogs();
const sha256 = (buf) => crypto.createHash('sha256').update(buf).digest('hex');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-pwa-'));
process.on('exit', () => fs.rmSync(TMP, { recursive: true, force: true }));

const cases = loadCases();
/** A vector's record the verifier passes in Node (the expected verdict comes from there). */
const passing = (pred) => {
  const c = cases.find((x) => !x.expect.error && pred(x.record) && FV.verify(x.record).verdict === 'pass');
  assert.ok(c, 'a passing vector');
  return c.record;
};
const DICE = passing((r) => r.scheme === 'dice' && r.nonce !== undefined);
const BRIDGE = passing((r) => r.scheme === 'match_seed_v2' && r.game === 'bridge');

/** The files of the app that anything may ask the server for. */
const APP_FILE = /^\/(verifier\.html|sw\.js|manifest(\.[a-z]+)?\.webmanifest|icon-(192|512|maskable-512)\.png|widget\.m?js)$/;

/** tools/serve.py on a copy of pkg/, with the requests it answered. */
class Site {
  constructor(name) {
    this.dir = path.join(TMP, name);
    fs.cpSync(PKG, this.dir, { recursive: true });
    this.requests = [];
    this.port = 0;
  }

  async start() {
    const proc = spawn('python3', [path.join(ROOT, 'tools/serve.py'), String(this.port), this.dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc = proc;
    proc.stderr.on('data', (b) => {
      for (const m of String(b).matchAll(/"([A-Z]+) (\S+) HTTP\/[\d.]+" (\d{3})/g)) this.requests.push({ method: m[1], path: m[2], status: Number(m[3]) });
    });
    const url = await new Promise((resolve, reject) => {
      let out = '';
      proc.stdout.on('data', (b) => { out += b; const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out); if (m) resolve(m[0]); });
      proc.once('exit', (code) => reject(new Error(`tools/serve.py exited (${code})`)));
    });
    this.origin = new URL(url).origin;
    this.port = Number(new URL(url).port);
  }

  /** The network off for this origin: nothing listens on its port. */
  async stop() {
    if (!this.proc) return;
    const p = this.proc;
    this.proc = null;
    await new Promise((r) => { p.once('exit', r); p.kill('SIGTERM'); });
  }

  file(f) { return path.join(this.dir, f); }
  read(f) { return fs.readFileSync(this.file(f)); }

  /** A new version on the server: a harmless comment after </html> (the file
   *  alone: its precompressed copies are now older, and serve.py sends the file). */
  publish(marker) {
    fs.appendFileSync(this.file('verifier.html'), `\n<!-- ${marker} -->\n`);
    const later = new Date(Date.now() + 2000);
    fs.utimesSync(this.file('verifier.html'), later, later);
    return sha256(this.read('verifier.html'));
  }

  /** Requests for anything but the app's own files. */
  strays() {
    return this.requests.filter((r) => !APP_FILE.test(r.path.split('?')[0]));
  }
}

process.on('exit', () => { for (const s of sites) if (s.proc) s.proc.kill('SIGKILL'); });
const sites = [];
async function site(name) {
  const s = new Site(name);
  sites.push(s);
  await s.start();
  return s;
}

/** Polls `fn` in the page until truthy; a page between documents (a reload) is
 *  polled again, not failed. An element found is `true` (drivers pass nodes back
 *  differently: puppeteer over BiDi as undefined). */
async function until(page, fn, arg, { timeout = 30000, what = String(fn).slice(0, 100) } = {}) {
  const end = Date.now() + timeout;
  let last;
  const probe = new Function('arg', `const v = (${fn})(arg); return (typeof Node === 'function' && v instanceof Node) ? true : v;`);
  for (;;) {
    try {
      const v = await page.evaluate(probe, arg);
      if (v) return v;
      last = null;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`${page.engine || 'page'}: timed out waiting for ${what}${last ? ` (${last.message.split('\n')[0]})` : ''}`);
    await sleep(100);
  }
}

// In the page: what the service worker says is installed (once it controls the page).
const INSTALLED = () => {
  const o = document.querySelector('#offline');
  return !!(navigator.serviceWorker && navigator.serviceWorker.controller) && !!o && o.getAttribute('data-installed-sha');
};
// In the page: the test's markers among the document's comments (a new version's).
const MARKERS = () => [...document.childNodes, ...document.documentElement.childNodes]
  .filter((n) => n.nodeType === 8 && n.data.includes('fv-pwa-test')).map((n) => n.data.trim());
// In the page: the update notice's two fingerprints, as attributes and as shown.
const NOTICE = () => {
  const n = document.querySelector('#update-notice');
  if (!n) return null;
  return { installed: n.getAttribute('data-installed-sha'), fresh: n.getAttribute('data-new-sha'), codes: [...n.querySelectorAll('code.hash')].map((c) => c.textContent) };
};
const VERDICT = () => {
  const v = document.querySelector('#verdict[data-verdict]');
  return v && v.getAttribute('data-verdict') !== 'checking' && v.getAttribute('data-verdict');
};

// In the page: the settled verdict of a report of that scheme.
const SCHEME_VERDICT = (id) => {
  const v = document.querySelector(`#result .report[data-scheme="${id}"] #verdict[data-verdict]`);
  return v && v.getAttribute('data-verdict') !== 'checking' && v.getAttribute('data-verdict');
};

/** A PNG's size from its header, its pixels inflated (the size they must have). */
function pngSize(buf) {
  assert.deepEqual([...buf.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
  let at = 8;
  let width = 0;
  let height = 0;
  const idat = [];
  for (;;) {
    const len = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      assert.deepEqual([data[8], data[9]], [8, 6], '8-bit RGBA');
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + len;
    if (type === 'IEND') break;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  assert.equal(raw.length, height * (1 + width * 4), 'pixel data of that size');
  return `${width}x${height}`;
}

test('the CSP adds only the worker and the manifest of its own origin; no connect-src but none', () => {
  const html = fs.readFileSync(path.join(PKG, 'verifier.html'), 'utf8');
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)[1];
  const dirs = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
  assert.deepEqual(dirs['default-src'], ["'none'"]);
  assert.deepEqual(dirs['connect-src'], ["'none'"]);
  assert.deepEqual(dirs['worker-src'], ["'self'", 'blob:']);
  assert.deepEqual(dirs['manifest-src'], ["'self'"]);
  // 'self': Chromium fetches the manifest's icons under the page's img-src.
  assert.deepEqual(dirs['img-src'], ['data:', "'self'"]);
  assert.deepEqual(Object.keys(dirs).sort(), ['base-uri', 'connect-src', 'default-src', 'form-action', 'img-src', 'manifest-src', 'script-src', 'style-src', 'worker-src']);
  // Nothing the static page links is fetched: no manifest, no worker, no icon file.
  assert.doesNotMatch(html.replace(/<script[\s\S]*?<\/script>/g, ''), /rel="manifest"|serviceWorker|href="icon-/);
});

test('tools/serve.py serves the app as a real origin: content types, no Service-Worker-Allowed needed', async () => {
  const s = await site('types');
  try {
    const want = {
      'verifier.html': /^text\/html/, 'sw.js': /^text\/javascript/, 'widget.js': /^text\/javascript/,
      'manifest.webmanifest': /^application\/manifest\+json$/, 'manifest.ar.webmanifest': /^application\/manifest\+json$/,
      'icon-192.png': /^image\/png$/, 'icon-maskable-512.png': /^image\/png$/,
    };
    for (const [f, type] of Object.entries(want)) {
      const r = await fetch(`${s.origin}/${f}`);
      assert.equal(r.status, 200, f);
      assert.match(r.headers.get('content-type'), type, f);
      assert.equal(r.headers.get('service-worker-allowed'), null, f);
      assert.equal(sha256(Buffer.from(await r.arrayBuffer())), sha256(s.read(f)), `${f}: the bytes of the file`);
    }
    // The share target's query reaches the page: / and /verifier.html?text=… are it.
    for (const u of ['/', '/?text=x', '/verifier.html?text=x&url=&title=']) {
      const r = await fetch(s.origin + u);
      assert.equal(sha256(Buffer.from(await r.arrayBuffer())), sha256(s.read('verifier.html')), u);
    }
  } finally {
    await s.stop();
  }
});

/** A raw GET (no decompression, unlike fetch()): {status, headers, body}. */
function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

test('tools/serve.py sends the precompressed copies when the request takes them (Content-Encoding, Vary), the file itself otherwise', async () => {
  const s = await site('coded');
  try {
    // The SHA-256 build.sh prints for verifier.html (its line in the build's listing).
    const printed = sha256(fs.readFileSync(path.join(PKG, 'verifier.html')));
    for (const [ae, coding] of [['gzip, br', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip;q=0.5', 'gzip'], ['identity', undefined], [null, undefined], ['deflate', undefined]]) {
      for (const u of ['/verifier.html', '/', '/?x=1', '//verifier.html', '/%76erifier.html']) {
        const r = await rawGet(s.origin + u, ae === null ? {} : { 'accept-encoding': ae });
        const what = `${u} with Accept-Encoding: ${ae}`;
        assert.equal(r.status, 200, what);
        assert.equal(r.headers['content-encoding'], coding, what);
        assert.equal(r.headers.vary, 'Accept-Encoding', what);
        assert.match(r.headers['content-type'], /^text\/html; charset=utf-8$/, what);
        assert.equal(Number(r.headers['content-length']), r.body.length, what);
        const plain = coding === 'br' ? zlib.brotliDecompressSync(r.body) : coding === 'gzip' ? zlib.gunzipSync(r.body) : r.body;
        assert.equal(sha256(plain), printed, `${what}: decompresses to the SHA-256 build.sh prints`);
        // What a browser that takes brotli is sent: at most 600 KB (issue 36); gzip alone,
        // well below the file.
        if (coding === 'br') assert.ok(r.body.length <= 600 * 1024, `${what}: ${r.body.length} bytes sent`);
        // (The page's catalogs are LZMA-packed inside it, so it packs less than 2:1 now.)
        if (coding) assert.ok(r.body.length < plain.length * 0.7, `${what}: ${r.body.length} bytes sent`);
      }
    }
    // widget.js and verifier.js too; a file without copies has no Vary.
    for (const f of ['widget.js', 'verifier.js']) {
      const r = await rawGet(`${s.origin}/${f}`, { 'accept-encoding': 'gzip, br' });
      assert.equal(r.headers['content-encoding'], 'br', f);
      assert.match(r.headers['content-type'], /^text\/javascript/, f);
      assert.equal(sha256(zlib.brotliDecompressSync(r.body)), sha256(s.read(f)), f);
    }
    const m = await rawGet(`${s.origin}/manifest.webmanifest`, { 'accept-encoding': 'gzip, br' });
    assert.equal(m.headers['content-encoding'], undefined);
    assert.equal(m.headers.vary, undefined);
    // HEAD says the same as GET, without a body.
    const head = await new Promise((resolve, reject) => {
      http.request(`${s.origin}/verifier.html`, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } }, (res) => { res.resume(); resolve(res.headers); }).on('error', reject).end();
    });
    assert.equal(head['content-encoding'], 'gzip');
    assert.equal(Number(head['content-length']), s.read('verifier.html.gz').length);
    // verifier.html replaced without new copies: the copies, older, are not sent.
    const fresh = s.publish('fv-pwa-test coded');
    const r = await rawGet(`${s.origin}/verifier.html`, { 'accept-encoding': 'gzip, br' });
    assert.equal(r.headers['content-encoding'], undefined);
    assert.equal(sha256(r.body), fresh);
  } finally {
    await s.stop();
  }
});

test('the manifests: one per language, start_url keeps it, the same app; icons of the sizes they say', () => {
  const langs = Object.keys(CATS);
  const files = ['manifest.webmanifest', ...langs.map((l) => `manifest.${l}.webmanifest`)];
  const starts = new Set();
  for (const f of files) {
    const m = JSON.parse(fs.readFileSync(path.join(PKG, f), 'utf8'));
    const lang = f.split('.').length === 3 ? f.split('.')[1] : null;
    assert.equal(m.name, CATS[lang || 'en']['app.name'], `${f}: name`);
    assert.ok(m.short_name && m.short_name.length <= 12, `${f}: short_name`);
    assert.equal(m.display, 'standalone');
    assert.equal(m.start_url, lang ? `verifier.html#lang=${lang}` : 'verifier.html');
    assert.equal(m.id, undefined, 'the identity is start_url without its fragment: one app in every language');
    starts.add(m.start_url.split('#')[0]);
    assert.equal(m.scope, './');
    assert.match(m.theme_color, /^#[0-9a-f]{6}$/);
    assert.match(m.background_color, /^#[0-9a-f]{6}$/);
    assert.equal(m.dir, lang === 'ar' ? 'rtl' : 'ltr');
    assert.deepEqual(m.share_target, { action: 'verifier.html', method: 'GET', enctype: 'application/x-www-form-urlencoded', params: { title: 'title', text: 'text', url: 'url' } });
    assert.deepEqual(m.file_handlers.flatMap((h) => Object.values(h.accept).flat()).sort(), ['.json', '.jsonl', '.txt']);
    for (const icon of m.icons) {
      assert.equal(pngSize(fs.readFileSync(path.join(PKG, icon.src))), icon.sizes, icon.src);
      assert.equal(icon.type, 'image/png');
    }
    const sizes = (purpose) => m.icons.filter((i) => i.purpose.split(' ').includes(purpose)).map((i) => i.sizes).sort();
    assert.deepEqual(sizes('any'), ['192x192', '512x512']);
    assert.deepEqual(sizes('maskable'), ['512x512']);
  }
  assert.equal(starts.size, 1);
});

test('from file:// nothing is linked, registered or requested (Chromium, every request refused and recorded)', async () => {
  const { openPage } = await import('./browser.mjs');
  const browser = await launch();
  try {
    const { page, blocked, errors, context } = await openPage(browser, { width: 360, height: 740 });
    await page.goto(PAGE_URL + '#record=' + b64url(DICE));
    await page.waitForFunction(() => document.querySelector('#verdict[data-verdict]') && document.querySelector('#selftest[data-selftest]'));
    const seen = await page.evaluate(async () => ({
      links: [...document.head.querySelectorAll('link, meta')].map((n) => n.getAttribute('rel') || n.getAttribute('name') || n.getAttribute('http-equiv') || n.getAttribute('charset')).filter(Boolean),
      panel: !!document.querySelector('#offline'),
      registrations: navigator.serviceWorker && navigator.serviceWorker.getRegistrations ? (await navigator.serviceWorker.getRegistrations().catch(() => [])).length : 0,
    }));
    assert.deepEqual(seen.links.filter((l) => ['manifest', 'theme-color', 'apple-mobile-web-app-capable'].includes(l)), []);
    assert.equal(seen.panel, false);
    assert.equal(seen.registrations, 0);
    assert.deepEqual(blocked, []);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    await browser.close();
  }
});

for (const name of engineNames()) {
  describe(`installed app in ${name}`, { concurrency: 1, timeout: 300000 }, () => {
    let engine;
    let s;
    let page;
    const shas = {};
    before(async () => {
      engine = await launchEngine(name);
      s = await site(`flow-${name}`);
      page = await engine.newPage({ origins: [s.origin], fresh: true });
    });
    after(async () => {
      if (page) await page.close().catch(() => {});
      if (engine) await engine.close();
      if (s) await s.stop();
    });

    test('first visit: a service worker controls the page and has installed the file as served; the manifest and icons', async () => {
      shas.v0 = sha256(s.read('verifier.html'));
      assert.equal(shas.v0, sha256(fs.readFileSync(path.join(PKG, 'verifier.html'))), 'the copy is the built file');
      await page.goto(`${s.origin}/verifier.html`);
      const installed = await until(page, INSTALLED, null, { what: 'a controlling worker with the file installed' });
      assert.equal(installed, shas.v0, 'installed: the SHA-256 of verifier.html as served (build.sh prints the same)');
      assert.equal(await page.text('#installed-sha'), shas.v0);
      assert.equal(await page.evaluate(() => navigator.serviceWorker.controller.scriptURL), `${s.origin}/sw.js`);
      // The manifest the page links (its language's), read from the server.
      const href = await page.evaluate(() => document.querySelector('link[rel="manifest"]').href);
      assert.equal(href, `${s.origin}/manifest.webmanifest`);
      const res = await fetch(href);
      assert.equal(res.headers.get('content-type'), 'application/manifest+json');
      const m = await res.json();
      assert.ok(m.name && m.short_name);
      assert.equal(m.display, 'standalone');
      const icons = {};
      for (const i of m.icons) {
        const r = await fetch(new URL(i.src, href));
        assert.equal(r.headers.get('content-type'), 'image/png');
        icons[i.src] = pngSize(Buffer.from(await r.arrayBuffer()));
        assert.equal(icons[i.src], i.sizes, `${i.src}: the size it says`);
      }
      assert.ok(Object.values(icons).includes('192x192') && Object.values(icons).includes('512x512'));
      // The browser decodes them to those sizes too (an independent PNG reader), as
      // images: the page may not fetch() anything (connect-src 'none').
      const drawn = await page.evaluate((srcs) => Promise.all(srcs.map((src) => new Promise((resolve) => {
        const img = new Image();
        img.onload = () => resolve(`${img.naturalWidth}x${img.naturalHeight}`);
        img.onerror = () => resolve('not decoded');
        img.src = src;
      }))), m.icons.map((i) => new URL(i.src, href).href));
      assert.deepEqual(drawn, m.icons.map((i) => i.sizes));
      if (name === 'chromium') {
        const cdp = await page.context.newCDPSession(page.page);
        const got = await cdp.send('Page.getAppManifest');
        assert.deepEqual(got.errors, [], 'Chromium reads the manifest without error');
        assert.equal(got.url, href);
        // Nothing missing to install it, but that the test's browser context is
        // off the record (as every Playwright context is).
        const inst = await cdp.send('Page.getInstallabilityErrors');
        assert.deepEqual(inst.installabilityErrors.filter((e) => e.errorId !== 'in-incognito'), [], 'Chromium finds nothing missing to install it');
      }
    });

    test('network off: a fresh navigation to verifier.html#record=… verifies the record to pass', async () => {
      const want = FV.verify(DICE).verdict;
      assert.equal(want, 'pass');
      await s.stop();
      if (name === 'chromium') await page.context.setOffline(true);
      try {
        const down = await fetch(`${s.origin}/verifier.html`).then(() => 'answered', () => 'refused');
        assert.equal(down, 'refused', 'nothing answers on the origin');
        await page.goto(`${s.origin}/verifier.html#record=${b64url(DICE)}`);
        assert.equal(await until(page, VERDICT, null, { what: 'a verdict offline' }), want);
        assert.equal(await until(page, INSTALLED, null, { what: 'the worker\'s word offline' }), shas.v0);
        // A second record, another scheme, from the paste box: the worker and the core run offline.
        await page.fill('#paste', JSON.stringify(BRIDGE));
        await page.click('#paste-go');
        assert.equal(await until(page, SCHEME_VERDICT, 'match_seed_v2', { what: 'the bridge verdict offline' }), FV.verify(BRIDGE).verdict);
        // The address serve.py prints, /, is the installed verifier too: a link to it verifies.
        await page.goto(`${s.origin}/#record=${b64url(BRIDGE)}`);
        assert.equal(await until(page, SCHEME_VERDICT, 'match_seed_v2', { what: '/#record= offline' }), FV.verify(BRIDGE).verdict);
        assert.equal(await page.evaluate(() => location.pathname), '/');
      } finally {
        if (name === 'chromium') await page.context.setOffline(false);
        await s.start();
      }
    });

    test('a new verifier.html on the server: the installed bytes still run, both SHA-256 named; Keep leaves them', async () => {
      shas.v1 = s.publish('fv-pwa-test v1');
      assert.notEqual(shas.v1, shas.v0);
      await page.goto(`${s.origin}/verifier.html`);
      const n = await until(page, NOTICE, null, { what: 'the update notice' });
      assert.deepEqual(n, { installed: shas.v0, fresh: shas.v1, codes: [shas.v0, shas.v1] });
      assert.deepEqual(await page.evaluate(MARKERS), [], 'the page runs the installed bytes, not the new ones');
      assert.equal(await page.attr('#offline', 'data-installed-sha'), shas.v0);
      assert.match(await page.text('#update-notice'), new RegExp(CATS.en['install.update.available'].replace(/[.]/g, '\\.')));
      // Keep: the notice goes, the new version is kept aside (the panel says so).
      await page.click('#update-keep');
      assert.equal(await until(page, () => !document.querySelector('#update-notice') && document.querySelector('#offline').getAttribute('data-kept-sha')), shas.v1);
      // Reloaded: still the old bytes, no notice for the version declined, the panel has it.
      await page.goto(`${s.origin}/verifier.html`);
      assert.equal(await until(page, () => document.querySelector('#offline[data-installed-sha][data-kept-sha]') && document.querySelector('#offline').getAttribute('data-kept-sha'), null, { what: 'the kept version in the panel' }), shas.v1);
      assert.equal(await page.attr('#offline', 'data-installed-sha'), shas.v0);
      assert.equal(await page.evaluate(() => !!document.querySelector('#update-notice')), false, 'Keep is remembered');
      assert.deepEqual(await page.evaluate(MARKERS), []);
    });

    test('Update (from the panel, then from the notice) runs the new bytes', async () => {
      await page.click('#kept-update');
      const v1 = await until(page, ([want]) => { const m = [...document.childNodes, ...document.documentElement.childNodes].some((x) => x.nodeType === 8 && x.data.includes(want)); const o = document.querySelector('#offline'); return m && o && o.getAttribute('data-installed-sha'); }, ['fv-pwa-test v1'], { what: 'the new bytes running' });
      assert.equal(v1, shas.v1);
      assert.deepEqual(await page.evaluate(MARKERS), ['fv-pwa-test v1']);
      assert.equal(await page.evaluate(() => !!document.querySelector('#update-notice, #kept-line')), false);
      // Another version; the notice this time.
      shas.v2 = s.publish('fv-pwa-test v2');
      await page.goto(`${s.origin}/verifier.html`);
      assert.deepEqual(await until(page, NOTICE, null, { what: 'the second notice' }), { installed: shas.v1, fresh: shas.v2, codes: [shas.v1, shas.v2] });
      assert.deepEqual(await page.evaluate(MARKERS), ['fv-pwa-test v1']);
      await page.click('#update-accept');
      const v2 = await until(page, ([want]) => { const m = [...document.childNodes, ...document.documentElement.childNodes].some((x) => x.nodeType === 8 && x.data.includes(want)); const o = document.querySelector('#offline'); return m && o && o.getAttribute('data-installed-sha'); }, ['fv-pwa-test v2'], { what: 'the second new bytes running' });
      assert.equal(v2, shas.v2);
      assert.deepEqual(await page.evaluate(MARKERS), ['fv-pwa-test v1', 'fv-pwa-test v2']);
      assert.equal(await page.evaluate(() => !!document.querySelector('#update-notice')), false);
      // The file on the server is the one installed: verified from a link as before.
      await page.goto(`${s.origin}/verifier.html#record=${b64url(DICE)}`);
      assert.equal(await until(page, VERDICT, null, { what: 'a verdict' }), 'pass');
    });

    test('a new sw.js does not replace the installed bytes by itself', async () => {
      await page.goto(`${s.origin}/verifier.html`);
      await until(page, INSTALLED, null, { what: 'the installed file' });
      await page.evaluate(() => { window.__fvWorker = navigator.serviceWorker.controller; });
      // A new version of both on the server; the browser checks sw.js (as it does by
      // itself at least daily): the new worker installs and takes over.
      shas.v3 = s.publish('fv-pwa-test v3');
      fs.appendFileSync(s.file('sw.js'), '\n// fv-pwa-test: another version of the worker\n');
      await page.evaluate(() => { navigator.serviceWorker.getRegistration().then((r) => r.update()); });
      await until(page, () => { const c = navigator.serviceWorker.controller; return !!c && c !== window.__fvWorker && c.state === 'activated'; }, null, { what: 'the new sw.js in control' });
      // The page under the new worker heard from it: still the old bytes installed.
      assert.deepEqual(await until(page, NOTICE, null, { what: 'the notice from the new worker' }), { installed: shas.v2, fresh: shas.v3, codes: [shas.v2, shas.v3] });
      await page.goto(`${s.origin}/verifier.html`);
      const n = await until(page, NOTICE, null, { what: 'the notice under the new worker' });
      assert.deepEqual(n, { installed: shas.v2, fresh: shas.v3, codes: [shas.v2, shas.v3] });
      assert.deepEqual(await page.evaluate(MARKERS), ['fv-pwa-test v1', 'fv-pwa-test v2'], 'still the bytes the player accepted');
    });

    test('every path of the scope, however spelled, runs the installed bytes; the installed copy stays as it was (issue 33, H2)', async () => {
      // The server has a changed verifier.html (v3, kept aside); v2 is installed.
      const installedMarkers = ['fv-pwa-test v1', 'fv-pwa-test v2'];
      assert.notEqual(sha256(s.read('verifier.html')), shas.v2);
      for (const u of ['//verifier.html', '/%76erifier.html', '/verifier%2ehtml', '/', '/?x=1', '/verifier.html?x=1', '/index.html', '/no/such/page.html']) {
        await page.goto(`${s.origin}${u}#record=${b64url(DICE)}`);
        assert.equal(await until(page, VERDICT, null, { what: `${u}: a verdict` }), 'pass', u);
        assert.deepEqual(await page.evaluate(MARKERS), installedMarkers, `${u}: the installed bytes run, not the server's`);
      }
      // What Cache Storage holds under the installed name: the bytes accepted (their
      // SHA-256 computed here), and no second worker or installed copy for another scope.
      const held = await page.evaluate(async (origin) => {
        const names = (await caches.keys()).filter((n) => n.startsWith('fairverify installed'));
        const r = await (await caches.open(`fairverify installed ${origin}/`)).match(`${origin}/verifier.html`);
        const d = new Uint8Array(await crypto.subtle.digest('SHA-256', await r.arrayBuffer()));
        const regs = await navigator.serviceWorker.getRegistrations();
        return { names, sha: Array.from(d, (b) => b.toString(16).padStart(2, '0')).join(''), scopes: regs.map((x) => x.scope) };
      }, s.origin);
      assert.deepEqual(held.names, [`fairverify installed ${s.origin}/`]);
      assert.equal(held.sha, shas.v2, 'the installed copy is unchanged');
      assert.deepEqual(held.scopes, [`${s.origin}/`]);
      // The page names the bytes it runs (computed by the worker from them), and the
      // new version still waits for the player.
      await page.goto(`${s.origin}//verifier.html`);
      assert.deepEqual(await until(page, NOTICE, null, { what: 'the notice on an alias' }), { installed: shas.v2, fresh: shas.v3, codes: [shas.v2, shas.v3] });
    });

    test('text shared to the app lands in the paste box and is verified; the query leaves the address', async () => {
      await page.goto(`${s.origin}/verifier.html?title=&text=${encodeURIComponent(JSON.stringify(BRIDGE))}&url=`);
      assert.equal(await until(page, SCHEME_VERDICT, 'match_seed_v2', { what: 'the shared record verified' }), FV.verify(BRIDGE).verdict);
      assert.equal(await page.evaluate(() => location.search), '');
      assert.equal(JSON.parse(await page.evaluate(() => document.querySelector('#paste').value)).seed, BRIDGE.seed);
      // A shared link to a verifier with #record=: that record opens.
      const link = `https://operator.example/fair/verifier.html#lang=en&record=${b64url(DICE)}`;
      await page.goto(`${s.origin}/verifier.html?url=${encodeURIComponent(link)}`);
      assert.equal(await until(page, SCHEME_VERDICT, 'dice', { what: 'the shared link verified' }), FV.verify(DICE).verdict);
      assert.match(await page.evaluate(() => location.hash), /record=/);
      assert.equal(await page.evaluate(() => location.search), '');
    });

    // WebKit through WebDriver runs a test's init scripts only once an http page has
    // loaded (engines.mjs): too late to stand in for launchQueue or the display mode.
    const noInit = name === 'webkit' && 'WebKit: init scripts run only after an http page has loaded';

    test('a record file handed by launchQueue (file_handlers) goes to the file flow and is verified', { skip: noInit }, async () => {
      // The launch itself (a file opened from the file manager with the installed app)
      // is the operating system's; what the page does with it is tested here: the
      // browser's launchQueue replaced by one that hands the page a file.
      const p = await engine.newPage({ origins: [s.origin], init: [`Object.defineProperty(window, 'launchQueue', { configurable: true,
        value: { setConsumer(fn) { window.__fvConsumer = fn; } } });`] });
      try {
        await p.goto(`${s.origin}/verifier.html`);
        await until(p, () => typeof window.__fvConsumer === 'function', null, { what: 'the page\'s launch consumer' });
        await p.evaluate((text) => { window.__fvConsumer({ files: [{ kind: 'file', name: 'record.json', getFile: async () => new File([text], 'record.json', { type: 'application/json' }) }] }); }, JSON.stringify({ name: 'from the file manager', record: BRIDGE }));
        assert.equal(await until(p, SCHEME_VERDICT, 'match_seed_v2', { what: 'the launched file verified' }), FV.verify(BRIDGE).verdict);
        assert.deepEqual(await p.errors(), []);
      } finally {
        await p.close();
      }
    });

    test('running installed (standalone display): storage persistence asked for once; the panel says it is installed', { skip: noInit }, async () => {
      const p = await engine.newPage({ origins: [s.origin], init: [`(() => {
        const real = window.matchMedia.bind(window);
        window.matchMedia = (q) => (/display-mode:\\s*standalone/.test(q)
          ? { matches: true, media: q, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} } : real(q));
        window.__fvPersist = 0;
        const st = navigator.storage;
        if (st && st.persist) { const persist = st.persist.bind(st); st.persist = () => { window.__fvPersist++; return persist(); }; }
      })();`] });
      try {
        await p.goto(`${s.origin}/verifier.html`);
        await until(p, () => window.__fvPersist > 0 && document.querySelector('#offline[data-persisted]'), null, { what: 'persist() asked' });
        // Its answer is the browser's: Chromium answers at once, Firefox asks the
        // player (a prompt nobody answers here: still 'asked').
        assert.match(await p.attr('#offline', 'data-persisted'), /^(asked|granted|denied)$/);
        assert.equal(await p.evaluate(() => window.__fvPersist), 1);
        assert.equal(await p.attr('#offline', 'data-standalone'), 'true');
        assert.match(await p.text('#offline'), new RegExp(CATS.en['install.installed'].slice(0, 30)));
        // A language change draws the panel again: persist() is not asked again.
        await p.select('#lang', 'ro');
        await until(p, () => document.documentElement.lang === 'ro');
        assert.equal(await p.evaluate(() => window.__fvPersist), 1);
        assert.deepEqual(await p.errors(), []);
      } finally {
        await p.close();
      }
    });

    test('the Paste button puts the clipboard\'s text in the paste box', async () => {
      const p = await engine.newPage({ origins: [s.origin] });
      try {
        await p.goto(`${s.origin}/verifier.html`);
        const has = await p.evaluate(() => !!(navigator.clipboard && navigator.clipboard.readText));
        assert.equal(await p.evaluate(() => !!document.querySelector('#paste-clip')), has, 'the button exactly where the clipboard can be read');
        if (name !== 'chromium') return; // Firefox and WebKit ask the player with a paste menu no driver can press
        await p.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.origin });
        const text = JSON.stringify(DICE);
        await p.evaluate((x) => navigator.clipboard.writeText(x), text);
        await p.click('#paste-clip');
        await until(p, ([x]) => document.querySelector('#paste').value === x && document.querySelector('#paste-found').getAttribute('data-kind') === 'record', [text], { what: 'the pasted record found' });
        await p.click('#paste-go');
        assert.equal(await until(p, SCHEME_VERDICT, 'dice', { what: 'the pasted record verified' }), FV.verify(DICE).verdict);
        assert.deepEqual(await p.errors(), []);
      } finally {
        await p.close();
      }
    });

    test('the page asked for nothing but its own files', async () => {
      assert.ok(s.requests.length > 5, `${s.requests.length} requests seen`);
      assert.deepEqual(s.strays(), []);
      assert.deepEqual(await page.network(), []);
      assert.deepEqual(await page.errors(), []);
    });
  });
}

/** The text a reader meets in `sel` (hidden parts too), but identifiers: code, bdi,
 *  [dir=ltr] below <html> (whose own dir is "ltr" in every language but Arabic). */
const READ = (sel) => {
  const SKIP = 'code, bdi, [dir="ltr"]:not(html), script, style';
  const out = [];
  for (const root of document.querySelectorAll(sel)) {
    const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) if (!n.parentElement.closest(SKIP)) out.push(n.nodeValue);
  }
  return out.join('\n').replace(/\s+/g, ' ');
};

const UA = {
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  desktop: null,
};

test('360 px (Chromium): the install panel says how for iOS, Android and a computer, and the update notice; no English in the other languages', { skip: !engineNames().includes('chromium') && 'Chromium not among FV_ENGINES', timeout: 300000 }, async () => {
  const s = await site('shots');
  const original = s.read('verifier.html');
  const browser = await launch();
  const problems = [];
  const others = Object.keys(CATS).filter((l) => l !== 'en');
  try {
    for (const [platform, ua] of Object.entries(UA)) {
      const phone = platform !== 'desktop';
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, ...(ua ? { userAgent: ua, isMobile: true, hasTouch: true } : {}) });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      await page.goto(`${s.origin}/verifier.html`);
      await until(page, INSTALLED, null, { what: `${platform}: installed` });
      assert.equal(await page.getAttribute('#offline', 'data-platform'), platform);
      assert.equal(await page.textContent('#offline .steps'), CATS.en[`install.${platform}`]);
      // On a phone no download is offered (it could not run there); on a computer it is.
      assert.equal(await page.isVisible('#download'), !phone, `${platform}: the download button`);
      assert.equal(await page.isVisible('#offline .note'), phone, `${platform}: why there is no download`);
      assert.equal(await page.textContent('footer > p[data-i18n]'), CATS.en[phone ? 'install.footerPhone' : 'page.footer'], `${platform}: the footer`);
      const wide = async (what) => {
        const w = await page.evaluate(() => document.documentElement.scrollWidth);
        if (w > 360) problems.push(`${platform} ${what}: ${w} px wide at 360 px`);
      };
      await wide('install panel');
      await page.locator('#offline').scrollIntoViewIfNeeded();
      await shot(page, `pwa-360-install-${platform}`, { fullPage: false });
      // The panel and the Paste button in every other language.
      for (const lang of others) {
        await page.goto('about:blank');
        await page.goto(`${s.origin}/verifier.html#lang=${lang}`);
        // The page's lang is the language's tag (zh: zh-Hans).
        await until(page, ([l]) => document.documentElement.lang.split('-')[0] === l && document.querySelector('#offline[data-installed-sha]'), [lang], { what: `${platform} ${lang}: the panel` });
        assert.equal(await page.evaluate(() => document.querySelector('link[rel="manifest"]').href), `${s.origin}/manifest.${lang}.webmanifest`, `${lang}: the manifest of the language`);
        const text = await page.evaluate(READ, '#offline, #paste-clip, footer > p[data-i18n]');
        for (const [sentence, key] of englishSentences(CATS.en, CATS[lang])) if (text.includes(sentence)) problems.push(`${platform} ${lang}: ${key} "${sentence}"`);
        assert.ok(text.includes(CATS[lang][`install.${platform}`]), `${platform} ${lang}: the steps in the language: ${text}`);
        await wide(`${lang} install panel`);
        if (lang === 'ar' && platform === 'ios') {
          await page.locator('#offline').scrollIntoViewIfNeeded();
          await shot(page, 'pwa-360-install-ios-ar', { fullPage: false });
        }
      }
      if (platform === 'ios') {
        // A new version on the server: the notice, at the top of the page.
        const fresh = s.publish('fv-pwa-test shots');
        const installed = sha256(original);
        await page.goto('about:blank');
        await page.goto(`${s.origin}/verifier.html`);
        assert.deepEqual(await until(page, NOTICE, null, { what: 'the notice' }), { installed, fresh, codes: [installed, fresh] });
        await wide('update notice');
        await shot(page, 'pwa-360-update', { fullPage: false });
        for (const lang of others) {
          await page.goto('about:blank');
          await page.goto(`${s.origin}/verifier.html#lang=${lang}`);
          await until(page, ([l]) => document.documentElement.lang.split('-')[0] === l && document.querySelector('#update-notice'), [lang], { what: `${lang}: the notice` });
          const text = await page.evaluate(READ, '#update-notice');
          for (const [sentence, key] of englishSentences(CATS.en, CATS[lang])) if (text.includes(sentence)) problems.push(`notice ${lang}: ${key} "${sentence}"`);
          assert.ok(text.includes(CATS[lang]['install.update.available']), `${lang}: the notice in the language`);
          await wide(`${lang} update notice`);
          if (lang === 'ar') await shot(page, 'pwa-360-update-ar', { fullPage: false });
        }
        fs.writeFileSync(s.file('verifier.html'), original);
      }
      assert.deepEqual(errors, [], `${platform}: errors`);
      await context.close();
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(s.strays(), []);
  } finally {
    await browser.close();
    await s.stop();
  }
});
