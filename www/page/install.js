// The verifier as an installed app (issue 24). Served over http(s) only (from
// file:// nothing here runs, nothing is requested), the page:
// - links the web app manifest of its language (manifest.<lang>.webmanifest, whose
//   start_url keeps #lang=; manifest.webmanifest when the browser's English is
//   used), and registers the service worker (sw.js, beside the page).
//   The page itself still makes no request: the browser fetches the manifest and
//   the worker, and only the worker fetches (this origin's verifier.html);
// - hears from the worker which file is installed and whether a new version was
//   found: then it says so, neutrally, with both SHA-256, and the player chooses
//   Update (the new bytes become the installed ones, and the page reloads) or Keep;
// - asks the browser to keep its storage (navigator.storage.persist()) once it runs
//   installed, so remembered chain positions and settings are not purged;
// - takes text shared to the app (the manifest's share_target: ?text=&url=&title=)
//   and record files opened with it (launchQueue) into the paste box's flows
//   (input.js takeInput).
// And everywhere: the Paste button (paste.js), no download offered on a phone
// (offline.js).
import { $, el, code } from '../ui/dom.js';
import { t, language } from '../i18n/i18n.js';
import { chosenLanguage } from './language.js';
import { takeInput } from './input.js';
import { drawOffline, hideDownloadOnPhone } from './offline.js';
import { wirePasteButton, relabelPasteButton } from './paste.js';
import { keepState, wireTopLink } from './keep.js';
import { HEX64 } from '../core/hex.js';
import { onFileSha } from './copies.js';

const web = () => /^https?:$/.test(location.protocol);

/** Is this page inside another (an <iframe>, <object> or <embed>, of any origin)?
 *  Then it never changes the installed copy: a page that frames the verifier could
 *  lay anything over its buttons and obtain the click on Update (turn-5 review,
 *  finding 1 D). The site's `frame-ancestors 'none'` header keeps it from being
 *  framed at all (docs/hosting.md); this holds where a host left the header out. */
export function framed() {
  try {
    return window.self !== window.top || window.frameElement !== null;
  } catch (e) {
    return true; // a top that cannot even be compared: not the player's own tab
  }
}

/** The SHA-256 of the file this page runs (copies.js), once computed. */
let own = null;
/** Was this page's document served by the service worker (a controller when the page
 *  started)? Then its bytes are the installed copy's (sw.js serves every page of its
 *  scope from it). */
let servedByWorker = false;
/** The installed app's folder when this page's address is outside it (the verifier
 *  installed in /app/, reached as /app%2fverifier.html or /%61pp/verifier.html: no
 *  worker answers such an address, and a server that decodes it runs its own bytes):
 *  the notice says so and links the installed one. Null inside the scope. */
let outsideOf = null;

let on = false;
/** The worker's last word: {installed, pending, declined}. */
let known = { installed: null, pending: null, declined: false };
/** The browser's install prompt (Chromium's beforeinstallprompt), kept for the button. */
let promptEvent = null;
let persisted = null;
let waiting = false;

const standalone = () => ['standalone', 'fullscreen', 'minimal-ui', 'window-controls-overlay']
  .some((m) => window.matchMedia && window.matchMedia(`(display-mode: ${m})`).matches) || /** @type {any} */ (navigator).standalone === true;

/** Asks once that this origin's storage be kept (an installed app's usually is). */
function persist() {
  if (persisted !== null) return;
  persisted = 'asked';
  const s = navigator.storage;
  if (!s || typeof s.persist !== 'function') { persisted = 'unsupported'; draw(); return; }
  s.persist().then((ok) => { persisted = ok ? 'granted' : 'denied'; draw(); }, () => { persisted = 'denied'; draw(); });
}

/** The installed worker's folder (the app's scope), whatever this page's address
 *  (the worker answers //verifier.html or /any/path with the page); the page's own
 *  folder before a worker controls it. */
function appBase() {
  const sw = navigator.serviceWorker;
  const ctl = sw && sw.controller;
  try {
    if (ctl && ctl.scriptURL) return new URL('./', ctl.scriptURL).href;
  } catch (e) { /* as below */ }
  return null;
}

function manifestHref() {
  const lang = chosenLanguage() || (language() !== 'en' ? language() : null);
  const f = lang ? `manifest.${lang}.webmanifest` : 'manifest.webmanifest';
  const base = appBase();
  return base ? new URL(f, base).href : f;
}

/** The manifest and colours in <head>; a saved copy's own are dropped first. (No
 *  apple-touch-icon: Safari takes the manifest's icons since iOS 15.4, and with the
 *  link the page itself would load an image.) */
function linkHead(app) {
  for (const n of document.querySelectorAll('head [data-fv-app]')) n.remove();
  if (!web() || !app) return;
  document.head.append(
    el('link', { rel: 'manifest', href: manifestHref(), 'data-fv-app': '' }),
    el('meta', { name: 'theme-color', content: '#f6f4ef', 'data-fv-app': '' }),
    el('meta', { name: 'mobile-web-app-capable', content: 'yes', 'data-fv-app': '' }),
    el('meta', { name: 'apple-mobile-web-app-capable', content: 'yes', 'data-fv-app': '' }),
    el('meta', { name: 'apple-mobile-web-app-title', content: t('app.shortName'), 'data-fv-app': '' }),
  );
}

/** Text shared to the app. A link to a verifier with #record= opens that record;
 *  other text goes to the paste box. The query is dropped from the address (a
 *  reload does not take it again, Copy link does not carry it). */
function takeShared() {
  const q = new URLSearchParams(location.search);
  if (!['text', 'url', 'title'].some((k) => q.has(k))) return;
  const shared = ['text', 'url', 'title'].map((k) => q.get(k)).find((s) => s && s.trim()) || '';
  try { history.replaceState(null, '', location.pathname + location.hash); } catch (e) { /* the page works without */ }
  if (!shared) return;
  const link = /#([^\s#]*\brecord=[A-Za-z0-9_-]+[^\s#]*)/.exec(shared);
  if (link && shared.trim().split(/\s+/).length === 1) location.hash = link[1];
  else takeInput(shared);
}

/** A record file opened with the installed app (file_handlers). */
function takeLaunched() {
  const lq = /** @type {any} */ (window).launchQueue;
  if (!lq || typeof lq.setConsumer !== 'function') return;
  lq.setConsumer(async (params) => {
    const handle = params && params.files && params.files[0];
    if (!handle) return;
    try { takeInput(await handle.getFile()); } catch (e) { /* the file is gone */ }
  });
}

function tell(msg) {
  const sw = navigator.serviceWorker;
  const to = sw.controller ? Promise.resolve(sw.controller) : sw.ready.then((r) => r.active);
  to.then((w) => { if (w) w.postMessage(msg); }, () => {});
}

function heard(m) {
  if (!m || typeof m !== 'object') return;
  if (m.type === 'fairverify-accepted') { location.reload(); return; }
  if (m.type !== 'fairverify-state') return;
  const sha = (v) => (typeof v === 'string' && HEX64.test(v) ? v : null);
  known = { installed: sha(m.installed), pending: sha(m.pending), declined: m.declined === true };
  if (known.pending === known.installed) known.pending = null;
  waiting = false;
  draw();
}

function register() {
  const sw = navigator.serviceWorker;
  if (!sw || typeof sw.register !== 'function') return;
  sw.addEventListener('message', (e) => heard(e.data));
  // A new sw.js took over (it never changes the installed bytes): it is asked again,
  // the one asked before may be gone before it answered.
  sw.addEventListener('controllerchange', () => { if (sw.controller) sw.controller.postMessage({ type: 'hello' }); });
  if (typeof sw.startMessages === 'function') sw.startMessages();
  // Under the installed worker, its own script and scope, whatever this page's
  // address: the same page reached as //verifier.html or /%76erifier.html (the
  // worker answers every path of its scope with it) must not register a second
  // worker for a scope of its own, which would install that path's network bytes.
  const base = appBase();
  const go = () => {
    const script = base ? sw.controller.scriptURL : 'sw.js';
    const scope = base || './';
    sw.register(script, { scope, updateViaCache: 'none' })
      .then(() => sw.ready)
      .then((reg) => { if (reg.active) reg.active.postMessage({ type: 'hello' }); })
      .catch(() => { /* not installable here: the page works as it always did */ });
  };
  if (base || typeof sw.getRegistrations !== 'function') { go(); return; }
  // No worker answered this page. When the verifier is installed on this origin in a
  // folder this address is outside of, this is not the installed copy: ask the
  // installed worker which file it holds (drawNotInstalled compares), and register
  // nothing here (a second app for an alias's folder would install its bytes).
  sw.getRegistrations().then((regs) => {
    const here = location.href;
    const covers = (r) => here.startsWith(r.scope);
    const app = regs.find((r) => !covers(r) && r.active && /\/sw\.js$/.test(r.active.scriptURL));
    if (regs.some(covers) || !app || !app.active) { go(); return; }
    outsideOf = app.scope;
    app.active.postMessage({ type: 'hello' });
    draw();
  }, go);
}

function update() {
  if (!known.pending || waiting || framed()) return;
  waiting = true;
  draw();
  tell({ type: 'accept', sha: known.pending });
}

function keep() {
  if (!known.pending || framed()) return;
  known.declined = true;
  tell({ type: 'keep', sha: known.pending });
  draw();
}

/** "A new version of the verifier is available", at the top of the page. */
function drawNotice() {
  const old = $('#update-notice');
  const { installed, pending, declined } = known;
  // Outside the installed app's folder no Update is offered: it would install what
  // this address's server has, from a page the installed copy did not serve.
  if (!installed || !pending || declined || outsideOf) { if (old) old.remove(); return; }
  // Framed or embedded: the notice without its buttons, and why (see framed()).
  const nested = framed();
  let actions;
  if (nested) actions = el('p', { id: 'update-framed', text: t('install.update.framed') });
  else {
    const accept = el('button', { type: 'button', id: 'update-accept', text: t('install.update.accept'), disabled: waiting });
    const stay = el('button', { type: 'button', id: 'update-keep', text: t('install.update.keep'), disabled: waiting });
    accept.addEventListener('click', update);
    stay.addEventListener('click', keep);
    actions = el('div', { class: 'actions' }, accept, stay);
  }
  const box = el('div', { class: 'notice update', id: 'update-notice', role: 'status', 'data-installed-sha': installed, 'data-new-sha': pending, 'data-framed': nested },
    el('p', { class: 'update-head', text: t('install.update.available') }),
    el('p', { text: t('install.update.why') }),
    el('dl', { class: 'pair update-shas' },
      el('dt', { text: t('install.update.installed') }), el('dd', {}, code(installed, 'hash')),
      el('dt', { text: t('install.update.new') }), el('dd', {}, code(pending, 'hash'))),
    el('p', { text: t('install.update.compare') }),
    actions);
  if (old) old.replaceWith(box);
  else $('#notices').prepend(box);
}

/** The link to the installed verifier's folder, carrying this address's fragment (the
 *  record and the language of a `#record=` link, such as the badge's phone link), so
 *  that the player need not enter the record again there (attack 3, N7). The fragment
 *  is read again when the link is followed: the language menu rewrites it. */
function installedLink(folder) {
  const href = () => folder + (location.hash.length > 1 ? location.hash : '');
  const a = el('a', { href: href() }, code(folder));
  a.addEventListener('click', () => { a.setAttribute('href', href()); });
  return a;
}

/** "This is not your installed verifier": the file this page runs is not the one
 *  installed on this device (a reload that bypassed the service worker, such as
 *  Ctrl+Shift+R, runs the server's bytes; so does a page the worker did not serve). */
function drawNotInstalled() {
  const old = $('#not-installed-notice');
  const { installed } = known;
  if (servedByWorker || !installed || !own || own === installed) { if (old) old.remove(); return; }
  const box = el('div', { class: 'notice update', id: 'not-installed-notice', role: 'alert', 'data-installed-sha': installed, 'data-running-sha': own },
    el('p', { class: 'update-head', text: t('install.notInstalled.head') }),
    outsideOf
      ? el('p', { 'data-outside': outsideOf }, t('install.notInstalled.outside'), ' ', installedLink(outsideOf))
      : el('p', { text: t('install.notInstalled.why') }),
    el('dl', { class: 'pair update-shas' },
      el('dt', { text: t('install.notInstalled.running') }), el('dd', {}, code(own, 'hash')),
      el('dt', { text: t('install.update.installed') }), el('dd', {}, code(installed, 'hash'))));
  if (old) old.replaceWith(box);
  else $('#notices').prepend(box);
}

/** Framed or embedded with no update notice to carry the sentence (an <object> or
 *  <embed> is fetched past the worker, which may never answer it): said on its own. */
function drawFramed() {
  const old = $('#framed-notice');
  if (!framed() || $('#update-notice')) { if (old) old.remove(); return; }
  if (old) { old.textContent = t('install.update.framed'); return; }
  $('#notices').prepend(el('p', { class: 'notice update', id: 'framed-notice', role: 'status', text: t('install.update.framed') }));
}

function draw() {
  if (!on) return;
  keepState({ on, standalone: standalone() });
  drawNotice();
  drawFramed();
  drawNotInstalled();
  drawOffline({
    standalone: standalone(),
    onInstall: promptEvent ? installPrompt : null,
    // The file this page runs, when the worker served it (not after a reload that
    // bypassed it, or before it took control).
    installed: navigator.serviceWorker && navigator.serviceWorker.controller ? known.installed : null,
    kept: known.pending && known.declined ? known.pending : null,
    onUpdate: framed() ? null : update,
    persisted,
  });
}

async function installPrompt() {
  const e = promptEvent;
  if (!e) return;
  promptEvent = null;
  try {
    e.prompt();
    const choice = await e.userChoice;
    if (choice && choice.outcome === 'accepted') persist();
  } catch (err) { /* the browser withdrew it */ }
  draw();
}

function watchInstall() {
  window.addEventListener('beforeinstallprompt', (e) => { e.preventDefault(); promptEvent = e; draw(); });
  window.addEventListener('appinstalled', () => { promptEvent = null; persist(); draw(); });
  const mq = window.matchMedia && window.matchMedia('(display-mode: standalone)');
  if (mq && typeof mq.addEventListener === 'function') mq.addEventListener('change', () => { if (standalone()) persist(); draw(); });
  if (standalone()) persist();
}

/** Wires it all (after the paste box, the form and the fragment's record). */
export function startInstall({ app = true } = {}) {
  wirePasteButton();
  hideDownloadOnPhone();
  linkHead(app);
  if (!web() || !app) return;
  on = true;
  servedByWorker = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
  wireTopLink();
  takeShared();
  takeLaunched();
  watchInstall();
  register();
  // Only the not-installed notice reads this file's SHA-256: the panel is not drawn
  // again for it (a redraw would take its Update button from under a tap).
  onFileSha((sha) => { own = sha; if (on) drawNotInstalled(); });
  draw();
}

/** After a language change: the words, and the manifest of the new language. */
export function relabelInstall() {
  relabelPasteButton();
  if (!on) return;
  const link = document.querySelector('head link[rel="manifest"][data-fv-app]');
  if (link) link.setAttribute('href', manifestHref());
  const title = document.querySelector('head meta[name="apple-mobile-web-app-title"][data-fv-app]');
  if (title) title.setAttribute('content', t('app.shortName'));
  draw();
}
