// Headless Chromium (Debian's) driven by playwright-core, with every request that
// is not the page file itself blocked and recorded.
import { chromium } from 'playwright-core';
import path from 'node:path';
import fs from 'node:fs';
import { ROOT } from '../node/helpers.mjs';
import { textToBase64url } from '../../www/core/base64.js';

export const ARTIFACTS = path.join(ROOT, 'tests/artifacts');
export const PAGE = path.join(ROOT, 'pkg/verifier.html');
export const PAGE_URL = 'file://' + PAGE;

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-quic'],
  });
}

/** A page whose requests other than `allowed` are aborted and collected in `blocked`;
 *  page errors and console errors are collected too. */
export async function openPage(browser, { width = 1200, height = 900, allowed = [PAGE_URL] } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const blocked = [];
  const errors = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (allowed.some((a) => url.split('#')[0] === a)) return route.continue();
    blocked.push(url);
    return route.abort();
  });
  // With its stack: a race met once under load must say where it was.
  page.on('pageerror', (e) => errors.push(e.stack || String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('dialog', (d) => { errors.push('dialog: ' + d.message()); d.dismiss(); });
  // The verifier starts in short tasks after its file is parsed (issue 25), and may
  // finish after the load event: goto() returns once it is wired (`html[data-ready]`,
  // or it said it cannot run), as a player's first tap would find it.
  const goto = page.goto.bind(page);
  page.goto = async (url, opts) => {
    const r = await goto(url, opts);
    if (!opts || !opts.waitUntil || opts.waitUntil === 'load') await pageReady(page);
    return r;
  };
  return { context, page, blocked, errors };
}

/** Resolves once a verifier page has started (`html[data-ready]`, or the notice that
 *  it cannot run); at once for any other page. */
export async function pageReady(page) {
  await page.waitForFunction(() => !document.getElementById('fv-page') || document.documentElement.hasAttribute('data-ready') ||
    !!document.querySelector('[data-wasm-missing]'), null, { timeout: 60000 });
}

export function b64url(obj) {
  return textToBase64url(JSON.stringify(obj));
}

export async function shot(page, name, { fullPage = true } = {}) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage });
}

/** The page's core on the page's own thread, as the page starts it where there are
 *  no workers (www/page/verifier.js): its inert text (#fv-verifier) run as an inline
 *  script, which the page's CSP allows by its hash. Then `FairVerifier` is defined on
 *  the page; the page itself verifies in its worker. */
export async function loadPageCore(page) {
  await page.evaluate(() => {
    if (globalThis.FairVerifier) return;
    const s = document.createElement('script');
    s.textContent = document.getElementById('fv-verifier').textContent;
    document.head.append(s);
    s.remove();
    if (!globalThis.FairVerifier) throw new Error('the page\'s core did not start (CSP?)');
  });
}

/** The next result the page finishes drawing: a verdict, an error, a cancelled check,
 *  a batch or a round history, with everything drawn beside it and the keyboard where
 *  the page put it. With `action`, the count is read before it runs and the result
 *  must be a later one; without, the one after the last this helper waited for (a
 *  page just opened: its first). It waits for the page's own count,
 *  `#result[data-drawn]` (www/page/drawn.js), never for words an earlier or
 *  intermediate state can show, or for a delay. Resolves with `{ verdict, drawn }`
 *  (#verdict's data-verdict). Every browser test waits for a verdict with this.
 *  (Functions, not strings: the page's CSP refuses eval, which a string would need.) */
export async function nextVerdict(page, action, { timeout = 120000 } = {}) {
  if (action) {
    await page.evaluate(() => {
      const r = document.querySelector('#result');
      window.__fvSeen = Number((r && r.getAttribute('data-drawn')) || 0);
    });
    await action();
  }
  await page.waitForFunction(() => {
    const r = document.querySelector('#result');
    return document.documentElement.hasAttribute('data-ready') && Number((r && r.getAttribute('data-drawn')) || 0) > (window.__fvSeen || 0);
  }, null, { timeout });
  return page.evaluate(() => {
    const drawn = Number(document.querySelector('#result').getAttribute('data-drawn'));
    window.__fvSeen = drawn;
    const v = document.querySelector('#verdict');
    return { verdict: v ? v.getAttribute('data-verdict') : null, drawn };
  });
}
