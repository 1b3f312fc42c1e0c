// One small driver for the three browser engines players use, so that a test is
// written once and runs in each:
//   chromium  Debian's chromium through playwright-core (as browser.mjs)
//   firefox   Debian's firefox-esr through puppeteer-core over WebDriver BiDi
//   webkit    WebKitGTK's MiniBrowser through selenium-webdriver and Debian's
//             WebKitWebDriver, on an Xvfb display started here (the GTK MiniBrowser
//             has no headless mode)
// Nothing here downloads a browser: each engine is the Debian binary that build.sh
// installs.
//
// engine.newPage({ width, height, init, allowed, origins, fresh }): a page with that
// viewport (default 1200 x 900); `init`: scripts run before the page's own; `allowed`:
// file:// URLs it may load besides those given to goto(); `origins`: http origins
// (a local test server, e.g. tools/serve.py) whose every URL it may load, and then
// open with goto() as they are; `fresh`: empty storage (Chromium and Firefox give
// every page a new context anyway).
//
// What every engine gives a test (Page):
//   goto(url)                 a fresh document load (through about:blank, so a
//                             #record= link that differs only in its hash reloads);
//                             a verifier page also started (html[data-ready])
//   evaluate(fn, arg)         fn runs in the page with one JSON argument; async ok
//   waitFor(fn, arg, opts)    polls evaluate(fn, arg) until truthy, returns the value
//   waitForSelector(sel)      an element matches (opts.visible: and has a box)
//   attr(sel, name), text(sel)
//   click(sel)                a real click from the engine's input machinery
//   type(sel, text)           real key presses into the element
//   fill(sel, text), select(sel, value)
//                             the value set in the page and `input`/`change`
//                             dispatched, as a paste or a pick from the list does
//   screenshot(name)          tests/artifacts/<engine>-<name>.png
//   errors()                  page errors, console errors where the engine reports
//                             them, and what the in-page listeners saw (uncaught
//                             errors, unhandled rejections, failed loads, CSP
//                             violations); kept across navigations
//   network()                 every non-local request the page tried (all refused)
//
// How each engine is isolated from the network, and how errors are seen:
//   chromium  every request except the allowed file:// URLs is aborted by routing and
//             recorded; pageerror and console errors are reported natively.
//   firefox   the same with puppeteer's request interception over BiDi; pageerror and
//             console errors natively (BiDi log.entryAdded).
//   webkit    WebDriver classic has no routing, no init scripts and no console (the
//             MiniBrowser prints nothing, even with
//             --enable-write-console-messages-to-stdout, which automation ignores; and
//             WebKitWebDriver 2.50 refuses the BiDi capability webSocketUrl). So:
//             - network: MiniBrowser runs with --proxy pointing at a recording proxy
//               in this process that refuses everything (loopback included: checked
//               with a page loading 127.0.0.1, a .invalid host and https); and
//               network() also lists performance.getEntriesByType('resource') entries
//               with a network scheme;
//             - init scripts (the error/CSP listeners, or a test's own, such as
//               deleting WebAssembly): the page is loaded from a copy written beside
//               the original (so relative URLs still resolve) with the scripts in a
//               <script> placed first in <head>, before the page's CSP <meta>, which
//               therefore does not apply to it; the script removes its own element,
//               so the document the page sees and saves is the original one;
//             - console: not available; errors() is what the in-page listeners saw.
//             - a page of an allowed http origin is opened as it is (no copy): the
//               proxy forwards requests to that origin (only those), and the init
//               scripts run only once the page has loaded.
//             The MiniBrowser window cannot be narrower than its toolbar (447 px):
//             narrower viewports load the page in an <iframe> of exactly that size
//             (media queries and layout see the iframe's width) and every command
//             runs inside that frame.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ARTIFACTS, launch as launchChromium } from './browser.mjs';

export const ALL_ENGINES = ['chromium', 'firefox', 'webkit'];
export const FIREFOX = process.env.FIREFOX || '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER || '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** The engines to run: FV_ENGINES="chromium,firefox,webkit" (default all three). */
export function engineNames(value = process.env.FV_ENGINES) {
  const names = (value || ALL_ENGINES.join(',')).split(',').map((s) => s.trim()).filter(Boolean);
  for (const n of names) if (!ALL_ENGINES.includes(n)) throw new Error(`FV_ENGINES: unknown engine ${n}`);
  return names;
}

/** The in-page listeners, installed before the page's own scripts run. */
export const COLLECT_ERRORS = `(() => {
  if (window.__fvErrors) return;
  const log = window.__fvErrors = [];
  addEventListener('error', (e) => {
    const t = e.target;
    if (t && t !== window && t.tagName) log.push('failed to load: <' + t.tagName.toLowerCase() + '> ' + (t.src || t.href || ''));
    else log.push('uncaught: ' + (e.message || e.type));
  }, true);
  addEventListener('unhandledrejection', (e) => log.push('unhandled rejection: ' + String(e.reason && (e.reason.stack || e.reason))));
  addEventListener('securitypolicyviolation', (e) => log.push('CSP violation: ' + e.violatedDirective + ' blocked ' + e.blockedURI + ' (' + e.sourceFile + ':' + e.lineNumber + ')'));
})();`;

const NETWORK_SCHEME = /^(https?|wss?|ftp):/i;
const noHash = (u) => u.split('#')[0];

function artifact(engine, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, `${engine}-${name.replace(/[^a-z0-9_.-]+/gi, '-')}.png`);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Launches one engine. `close()` ends it and everything started for it. */
export async function launchEngine(name) {
  if (name === 'chromium') return launchChromiumEngine();
  if (name === 'firefox') return launchFirefoxEngine();
  if (name === 'webkit') return launchWebkitEngine();
  throw new Error(`unknown engine ${name}`);
}

// ---------- what every engine's page shares ----------

class BasePage {
  constructor(engine, { init = [], allowed = [], origins = [] }) {
    this.engine = engine;
    this.init = [COLLECT_ERRORS, ...init];
    this.allowed = new Set(allowed.map(noHash));
    this.origins = new Set(origins);
    this.errorLog = [];
    this.blocked = [];
  }

  allow(url) { this.allowed.add(noHash(url)); }

  /** A fresh document load; a verifier page (one with script#fv-page) also started:
   *  it starts in short tasks after its file is parsed (issue 25), which may end
   *  after the load event, so this waits for `html[data-ready]` (or its notice that
   *  it cannot run), as a player's first tap would find it. */
  async goto(url) {
    await this.load(url);
    await this.waitFor(() => !document.getElementById('fv-page') || document.documentElement.hasAttribute('data-ready') ||
      !!document.querySelector('[data-wasm-missing]'), null, { timeout: 60000, what: 'the page started' });
  }

  isAllowed(url) {
    if (/^(data|blob|about):/i.test(url)) return true;
    return this.allowed.has(noHash(url)) || this.fromOrigin(url);
  }

  /** Is `url` on one of the page's allowed http origins? */
  fromOrigin(url) {
    try { return /^https?:$/.test(new URL(url).protocol) && this.origins.has(new URL(url).origin); } catch (e) { return false; }
  }

  /** Moves what the in-page listeners saw into errorLog (before a navigation). */
  async harvest() {
    try {
      const seen = await this.evaluate(() => (window.__fvErrors ? window.__fvErrors.splice(0) : []));
      if (Array.isArray(seen)) this.errorLog.push(...seen);
    } catch (e) { /* no document yet */ }
  }

  async waitFor(fn, arg, { timeout = 10000, interval = 50, what } = {}) {
    const end = Date.now() + timeout;
    // An element found is `true`: engines pass DOM nodes back differently (puppeteer
    // over BiDi gives undefined, selenium a WebElement).
    const probe = new Function('arg', `const v = (${fn})(arg); return (typeof Node === 'function' && v instanceof Node) ? true : v;`);
    for (;;) {
      const v = await this.evaluate(probe, arg);
      if (v) return v;
      if (Date.now() > end) throw new Error(`${this.engine}: timed out after ${timeout} ms waiting for ${what || String(fn).slice(0, 120)}`);
      await sleep(interval);
    }
  }

  waitForSelector(sel, { visible = false, timeout } = {}) {
    return this.waitFor(([s, vis]) => {
      const e = document.querySelector(s);
      if (!e) return false;
      if (!vis) return true;
      const st = getComputedStyle(e);
      return e.getClientRects().length > 0 && st.visibility !== 'hidden' && st.display !== 'none';
    }, [sel, visible], { timeout, what: sel });
  }

  attr(sel, name) {
    return this.evaluate(([s, n]) => { const e = document.querySelector(s); return e ? e.getAttribute(n) : null; }, [sel, name]);
  }

  text(sel) {
    return this.evaluate((s) => { const e = document.querySelector(s); return e ? e.textContent : null; }, sel);
  }

  /** Sets the value as a paste would and dispatches input and change. */
  fill(sel, value) {
    return this.evaluate(([s, v]) => {
      const e = document.querySelector(s);
      if (!e) throw new Error('no element ' + s);
      e.focus();
      e.value = v;
      e.dispatchEvent(new Event('input', { bubbles: true }));
      e.dispatchEvent(new Event('change', { bubbles: true }));
    }, [sel, value]);
  }

  /** Picks an option of a <select> by value, as choosing it from the list does.
   *  (The native pop-up list is not driven the same way in every engine.) */
  select(sel, value) {
    return this.evaluate(([s, v]) => {
      const e = document.querySelector(s);
      if (!e) throw new Error('no element ' + s);
      if (![...e.options].some((o) => o.value === v)) throw new Error(`${s} has no option ${v}`);
      e.value = v;
      e.dispatchEvent(new Event('input', { bubbles: true }));
      e.dispatchEvent(new Event('change', { bubbles: true }));
    }, [sel, value]);
  }

  async errors() {
    await this.harvest();
    return [...this.errorLog];
  }
}

// ---------- chromium: playwright-core ----------

async function launchChromiumEngine() {
  const browser = await launchChromium();
  const version = browser.version();
  return {
    name: 'chromium',
    version: `Chromium ${version}`,
    async newPage(opts = {}) {
      const context = await browser.newContext({ viewport: { width: opts.width || 1200, height: opts.height || 900 } });
      const page = await context.newPage();
      const p = new ChromiumPage('chromium', opts, context, page);
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (p.isAllowed(url)) return route.continue();
        p.blocked.push(url);
        return route.abort();
      });
      for (const s of p.init) await page.addInitScript({ content: s });
      p.listen();
      return p;
    },
    close: () => browser.close(),
  };
}

/** A page driven by playwright-core or puppeteer-core: the two share this page API
 *  (goto, evaluate, click, screenshot); only typing differs. */
class DriverPage extends BasePage {
  constructor(engine, opts, context, page) { super(engine, opts); this.context = context; this.page = page; }
  async load(url) {
    this.allow(url);
    await this.harvest();
    await this.page.goto('about:blank');
    await this.page.goto(url, { waitUntil: 'load' });
  }
  evaluate(fn, arg) { return this.page.evaluate(fn, arg); }
  click(sel) { return this.page.click(sel); }
  screenshot(name, { fullPage = true } = {}) { return this.page.screenshot({ path: artifact(this.engine, name), fullPage }); }
  async network() { return [...this.blocked]; }
  async close() { await this.context.close(); }

  /** The error, console and dialog listeners, the same for both drivers. */
  listen() {
    this.page.on('pageerror', (e) => this.errorLog.push('pageerror: ' + (e && e.message ? e.message : String(e))));
    this.page.on('console', (m) => { if (m.type() === 'error') this.errorLog.push('console: ' + m.text()); });
    this.page.on('dialog', (d) => { this.errorLog.push('dialog: ' + d.message()); d.dismiss(); });
  }
}

class ChromiumPage extends DriverPage {
  type(sel, text) { return this.page.locator(sel).pressSequentially(text); }
}

// ---------- firefox: puppeteer-core over WebDriver BiDi ----------

async function launchFirefoxEngine() {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    // Nothing of Firefox's own may reach the network either.
    extraPrefsFirefox: {
      'network.proxy.type': 0,
      'app.update.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
    },
  });
  const version = (await browser.version()).replace(/^firefox\//, 'Firefox ');
  return {
    name: 'firefox',
    version,
    async newPage(opts = {}) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: opts.width || 1200, height: opts.height || 900 });
      const p = new FirefoxPage('firefox', opts, context, page);
      await page.setRequestInterception(true);
      page.on('request', (r) => {
        if (r.isInterceptResolutionHandled()) return;
        const url = r.url();
        if (p.isAllowed(url)) { r.continue(); return; }
        p.blocked.push(url);
        r.abort();
      });
      for (const s of p.init) await page.evaluateOnNewDocument(s);
      p.listen();
      return p;
    },
    close: () => browser.close(),
  };
}

class FirefoxPage extends DriverPage {
  type(sel, text) { return this.page.type(sel, text); }
}

// ---------- webkit: selenium-webdriver, WebKitWebDriver, MiniBrowser, Xvfb ----------

// Whatever happens to the test process, the processes started and the page copies
// written here do not outlive it.
const children = new Set();
const leftovers = new Set();
function track(child) {
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}
process.on('exit', () => {
  for (const c of children) { try { c.kill('SIGKILL'); } catch (e) { /* gone */ } }
  for (const f of leftovers) { try { fs.rmSync(f, { force: true, recursive: true }); } catch (e) { /* gone */ } }
});
for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => process.exit(128 + (sig === 'SIGINT' ? 2 : 15)));

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

/** Xvfb on the first free display (-displayfd reports which). */
function startXvfb() {
  return new Promise((resolve, reject) => {
    const x = track(spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1400x1100x24', '-nolisten', 'tcp'],
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] }));
    let out = '';
    let err = '';
    x.stderr.on('data', (b) => { err += b; });
    x.stdio[3].on('data', (b) => {
      out += b;
      if (out.includes('\n')) resolve({ proc: x, display: ':' + out.trim() });
    });
    x.once('error', reject);
    x.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${err.slice(-400)}`)));
  });
}

/** An HTTP proxy that records every request made through it and refuses it, but
 *  those `forward(url)` allows (a page's http test origins), which it passes on. */
function startRefusingProxy(record, forward = () => false) {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      if (!forward(req.url)) { record(req.url); res.writeHead(403); res.end(); return; }
      const u = new URL(req.url);
      const headers = { ...req.headers };
      delete headers['proxy-connection'];
      const up = http.request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method: req.method, headers }, (r) => {
        res.writeHead(r.statusCode, r.headers);
        r.pipe(res);
      });
      up.on('error', () => { if (!res.headersSent) res.writeHead(502); res.end(); });
      req.pipe(up);
    });
    server.on('connect', (req, sock) => { record('https://' + req.url); sock.end('HTTP/1.1 403 Forbidden\r\n\r\n'); });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

async function waitForPort(port, timeout = 10000) {
  const end = Date.now() + timeout;
  for (;;) {
    const ok = await new Promise((r) => {
      const s = net.connect(port, '127.0.0.1', () => { s.end(); r(true); });
      s.on('error', () => r(false));
    });
    if (ok) return;
    if (Date.now() > end) throw new Error(`WebKitWebDriver did not listen on ${port}`);
    await sleep(50);
  }
}

/** The WebKit window is never narrower than the MiniBrowser's toolbar. */
const WEBKIT_MIN_WIDTH = 460;

async function launchWebkitEngine() {
  const { Builder, Capabilities } = await import('selenium-webdriver');
  const started = [];
  let driver = null;
  let proxy = null;
  let current = null;
  const stop = async () => {
    if (driver) {
      // quit() can hang when the browser is stuck: the processes are killed anyway.
      try { await Promise.race([driver.quit(), sleep(10000)]); } catch (e) { /* already gone */ }
      driver = null;
    }
    if (proxy) { proxy.close(); proxy = null; }
    for (const c of started.reverse()) { try { c.kill('SIGTERM'); } catch (e) { /* gone */ } }
  };
  try {
    const xvfb = await startXvfb();
    started.push(xvfb.proc);
    proxy = await startRefusingProxy((url) => { if (current) current.blocked.push(url); },
      (url) => !!current && current.fromOrigin(url));
    const port = await freePort();
    const wd = track(spawn(WEBKIT_DRIVER, [`--port=${port}`], { stdio: 'ignore', env: { ...process.env, DISPLAY: xvfb.display } }));
    started.push(wd);
    await waitForPort(port);
    const caps = new Capabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': {
        binary: MINIBROWSER,
        args: ['--automation', `--proxy=http://127.0.0.1:${proxy.address().port}`],
      },
    });
    const session = () => new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(caps).build();
    driver = await session();
    const got = await driver.getCapabilities();
    const version = `WebKitGTK ${got.get('browserVersion')} (MiniBrowser)`;
    return {
      name: 'webkit',
      version,
      /** One MiniBrowser window serves every page in turn, so storage (localStorage)
       *  carries over from page to page; `fresh: true` starts a new browser (about a
       *  second) for a page that needs empty storage. */
      async newPage(opts = {}) {
        if (current) await current.close();
        if (opts.fresh) {
          await Promise.race([driver.quit(), sleep(10000)]).catch(() => {});
          driver = await session();
        }
        current = new WebkitPage('webkit', opts, driver);
        await current.setSize(opts.width || 1200, opts.height || 900);
        return current;
      },
      close: stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

let copyCount = 0;
/** Resolves after two animation frames and a moment: what was resized has been painted. */
const FRAMES = 'return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50))))';

class WebkitPage extends BasePage {
  constructor(engine, opts, driver) {
    super(engine, opts);
    this.driver = driver;
    this.copies = [];
    this.inFrame = false;
  }

  async setSize(width, height) {
    this.width = width;
    this.height = height;
    // The window: at least as wide as the toolbar allows; the viewport is what counts.
    const outer = Math.max(width, WEBKIT_MIN_WIDTH);
    await this.driver.manage().window().setRect({ x: 0, y: 0, width: outer, height: height + 120 });
    // Make the viewport exactly the size asked for, whatever the window chrome takes.
    await this.driver.get('about:blank');
    const [iw, ih] = await this.driver.executeScript('return [innerWidth, innerHeight]');
    await this.driver.manage().window().setRect({ x: 0, y: 0, width: outer + (width >= WEBKIT_MIN_WIDTH ? width - iw : 0), height: height + 120 + (height - ih) });
    const [w2] = await this.driver.executeScript('return [innerWidth, innerHeight]');
    this.framed = w2 !== width;
  }

  /** A copy of the page beside it, with the init scripts first in <head>. */
  instrumented(url) {
    const u = new URL(url);
    if (u.protocol !== 'file:') throw new Error(`webkit driver: only file:// pages can be opened (${url})`);
    const file = fileURLToPath(u);
    let html = fs.readFileSync(file, 'utf8');
    const script = `<script data-fv-engines-init>${this.init.join('\n')}\ndocument.currentScript.remove();</script>`;
    const head = /<head[^>]*>/i.exec(html);
    if (head) html = html.slice(0, head.index + head[0].length) + script + html.slice(head.index + head[0].length);
    else {
      const dt = /^\s*<!doctype[^>]*>/i.exec(html);
      const at = dt ? dt[0].length : 0;
      html = html.slice(0, at) + script + html.slice(at);
    }
    const copy = path.join(path.dirname(file), `.${path.basename(file)}.fv-engines-${process.pid}-${++copyCount}.html`);
    fs.writeFileSync(copy, html);
    this.copies.push(copy);
    leftovers.add(copy);
    return pathToFileURL(copy).href + u.hash;
  }

  async load(url) {
    this.allow(url);
    await this.harvest();
    await this.toTop();
    await this.driver.get('about:blank');
    this.removeCopies();
    if (this.fromOrigin(url)) {
      // A page of a test origin, as it is (its service worker, its storage): the
      // init scripts once it has loaded.
      if (this.framed) throw new Error(`webkit driver: a page of ${new URL(url).origin} cannot be narrower than ${WEBKIT_MIN_WIDTH} px`);
      await this.driver.get(url);
      await this.driver.executeScript(this.init.join('\n'));
      return;
    }
    const target = this.instrumented(url);
    if (!this.framed) {
      await this.driver.get(target);
      return;
    }
    // Narrower than the window can be: the page in an <iframe> of exactly that size.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-engines-frame-'));
    const wrapper = path.join(dir, 'frame.html');
    const src = target.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    fs.writeFileSync(wrapper, '<!doctype html><meta charset="utf-8"><style>html,body{margin:0}' +
      `iframe{display:block;border:0;width:${this.width}px;height:${this.height}px}</style><iframe id="fv-frame" src="${src}"></iframe>`);
    this.copies.push(wrapper, dir);
    leftovers.add(dir);
    await this.driver.get(pathToFileURL(wrapper).href); // returns once the frame has loaded too
    await this.driver.switchTo().frame(await this.element('#fv-frame'));
    this.inFrame = true;
  }

  async toTop() {
    if (this.inFrame) { await this.driver.switchTo().defaultContent(); this.inFrame = false; }
  }

  evaluate(fn, arg) {
    return this.driver.executeScript(`return (${fn}).apply(null, arguments)`, arg);
  }

  async element(sel) {
    const { By } = await import('selenium-webdriver');
    return this.driver.findElement(By.css(sel));
  }

  async click(sel) { await (await this.element(sel)).click(); }

  async type(sel, text) { await (await this.element(sel)).sendKeys(text); }

  async screenshot(name, { fullPage = true } = {}) {
    // WebDriver screenshots cover the viewport only: for a full page the window (and
    // the iframe, when framed) is made as tall as the document for the moment.
    const tall = fullPage ? await this.evaluate(() => document.documentElement.scrollHeight) : 0;
    const grow = Math.min(Math.max(tall, this.height), 12000);
    const rect = await this.driver.manage().window().getRect();
    await this.toTopKeep();
    try {
      if (grow > this.height) {
        await this.driver.manage().window().setRect({ ...rect, height: rect.height + grow - this.height });
        if (this.framed) {
          await this.driver.executeScript('document.getElementById("fv-frame").style.height = arguments[0] + "px"', grow);
          // Painted only after the frame has laid out and drawn at its new size.
          await this.driver.switchTo().frame(await this.element('#fv-frame'));
          await this.driver.executeScript(FRAMES);
          await this.driver.switchTo().defaultContent();
        }
        await this.driver.executeScript(FRAMES);
      }
      const png = this.framed ? await (await this.element('#fv-frame')).takeScreenshot() : await this.driver.takeScreenshot();
      fs.writeFileSync(artifact(this.engine, name), Buffer.from(png, 'base64'));
    } finally {
      if (grow > this.height) {
        if (this.framed) await this.driver.executeScript('document.getElementById("fv-frame").style.height = arguments[0] + "px"', this.height);
        await this.driver.manage().window().setRect(rect);
      }
      if (this.framed) await this.driver.switchTo().frame(await this.element('#fv-frame'));
    }
  }

  /** The top document, for a moment (screenshot() goes back into the frame). */
  async toTopKeep() {
    if (this.inFrame) await this.driver.switchTo().defaultContent();
  }

  async network() {
    const entries = await this.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name)).catch(() => []);
    const fromTiming = entries.filter((u) => NETWORK_SCHEME.test(u) && !this.fromOrigin(u));
    return [...new Set([...this.blocked, ...fromTiming])];
  }

  removeCopies() {
    for (const f of this.copies.splice(0)) { fs.rmSync(f, { force: true, recursive: true }); leftovers.delete(f); }
  }

  async close() {
    await this.harvest();
    await this.toTop();
    try { await this.driver.get('about:blank'); } catch (e) { /* the browser is gone */ }
    this.removeCopies();
  }
}

