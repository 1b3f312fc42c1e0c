// The installed verifier's service worker (issue 24). It keeps the exact bytes of
// verifier.html (and of widget.js / widget.mjs when the site serves them beside it)
// as they were when it was installed, and serves those bytes, online and offline:
// the player keeps running the file they installed.
//
// One rule for pages (issue 33, H2): once installed, EVERY navigation in this scope
// gets the installed verifier.html, however its path is spelled (/, //verifier.html,
// /%76erifier.html, /verifier%2ehtml, ?x=1, any other path a server may map to a
// file): never the network's bytes, which could be a changed file under an alias the
// worker does not know. The installed copy is written only at the first install and
// at the player's Update, and the SHA-256 the pages are told is computed here from
// the bytes kept (never read from a stored header, which anything on this origin
// could have written with other bytes).
//
// It looks for a new version when a verifier page says hello (once a page load): one
// request to this origin's verifier.html (cache: no-store, no redirect; If-None-Match
// when the site gave an ETag). Bytes that differ are kept aside, never swapped in:
// every verifier page is told both SHA-256 (of the bytes as served, the values
// build.sh prints) and the player chooses: Update makes the new bytes the installed
// ones, Keep leaves them aside (and the page stops asking about that version). A new
// sw.js never touches the installed bytes either: they live in Cache Storage, under
// names of this scope, that no version of this worker writes but through the
// player's Update.
//
// Messages (from pages of this origin): {type: 'hello'} → state, then a look for a
// new version; {type: 'status'} → state; {type: 'accept', sha} → the version `sha`
// kept aside becomes the installed one ('fairverify-accepted'); {type: 'keep', sha}
// → `sha` is declined (accept and keep only from a top-level page: from a framed one,
// the state and nothing else). State: {type: 'fairverify-state', installed, pending,
// declined} (SHA-256 in hex, or null).
import { sha256Hex } from '../core/sha256.js';

const SCOPE = self.registration.scope;
const PAGE = new URL('verifier.html', SCOPE).href;
const WIDGET = ['widget.js', 'widget.mjs'].map((f) => new URL(f, SCOPE).href);
const FILES = [PAGE, ...WIDGET];
const INSTALLED = `fairverify installed ${SCOPE}`;
const PENDING = `fairverify pending ${SCOPE}`;
// Under INSTALLED, a key that is no file of the site: what the player declined.
const STATE = new URL('.fairverify-state', SCOPE).href;
const ETAG = 'x-fairverify-etag';
// Headers of the site's response kept with the bytes (a CSP header keeps applying).
const KEEP = ['content-type', 'content-security-policy', 'referrer-policy', 'x-content-type-options'];
const TYPES = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', mjs: 'text/javascript; charset=utf-8' };

/** Everything that reads or writes the caches, one at a time. */
let queue = Promise.resolve();
function serial(fn) {
  const run = queue.then(fn);
  queue = run.catch(() => {});
  return run;
}

/** The file from this origin, or null: {bytes, headers}. `cache` is the fetch's
 *  cache mode: force-cache at install (the copy the page just came from, when the
 *  browser kept it), no-store when looking for a new version. */
async function download(url, cache, etag) {
  let res;
  try {
    res = await fetch(url, { cache, credentials: 'same-origin', redirect: 'error', headers: etag ? { 'if-none-match': etag } : {} });
  } catch (e) {
    return null; // offline, or the site is down: nothing changes
  }
  if (res.status === 304) return { same: true };
  if (res.status !== 200 || new URL(res.url).origin !== self.location.origin) return null;
  return { bytes: new Uint8Array(await res.arrayBuffer()), headers: res.headers };
}

/** The bytes as a response to keep (their SHA-256 is computed whenever it is needed:
 *  no stored header is believed). */
function keepable(url, { bytes, headers }) {
  const h = new Headers();
  for (const k of KEEP) {
    const v = headers && headers.get(k);
    if (v) h.set(k, v);
  }
  if (!h.has('content-type')) h.set('content-type', TYPES[url.split('.').pop()] || 'application/octet-stream');
  const etag = headers && headers.get('etag');
  if (etag) h.set(ETAG, etag);
  return new Response(bytes, { status: 200, headers: h });
}

async function readState() {
  const r = await (await caches.open(INSTALLED)).match(STATE);
  try {
    const v = r ? await r.json() : null;
    return v && typeof v === 'object' ? v : {};
  } catch (e) {
    return {};
  }
}

async function writeState(v) {
  await (await caches.open(INSTALLED)).put(STATE, new Response(JSON.stringify(v), { headers: { 'content-type': 'application/json' } }));
}

/** SHA-256 in hex: the browser's own (a worker runs only in a secure context), else
 *  the core's JavaScript one. */
async function digest(bytes) {
  try {
    const d = new Uint8Array(await self.crypto.subtle.digest('SHA-256', bytes));
    return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
  } catch (e) {
    return sha256Hex(bytes);
  }
}

/** The SHA-256 of the bytes kept under `url` in cache `name` (computed from them),
 *  or null. */
async function shaIn(name, url) {
  if (!(await caches.has(name))) return null;
  const r = await (await caches.open(name)).match(url);
  return r ? digest(new Uint8Array(await r.arrayBuffer())) : null;
}

/** The SHA-256 of a kept response's bytes (the response itself stays unread). */
async function shaOf(res) {
  return digest(new Uint8Array(await res.clone().arrayBuffer()));
}

async function state() {
  const installed = await shaIn(INSTALLED, PAGE);
  const pending = await shaIn(PENDING, PAGE);
  const s = await readState();
  return { type: 'fairverify-state', installed, pending, declined: !!pending && s.declined === pending };
}

/** Installs the files that are not installed yet (never replaces one). */
async function installMissing() {
  const c = await caches.open(INSTALLED);
  for (const url of FILES) {
    if (await c.match(url)) continue;
    const got = await download(url, 'force-cache');
    if (got && got.bytes) await c.put(url, keepable(url, got));
  }
}

/** Looks for a new version of verifier.html; true when what is kept aside changed. */
async function look() {
  const c = await caches.open(INSTALLED);
  const cur = await c.match(PAGE);
  if (!cur) {
    await installMissing();
    return !!(await c.match(PAGE));
  }
  const pend = (await caches.has(PENDING)) ? await (await caches.open(PENDING)).match(PAGE) : undefined;
  const known = pend || cur;
  const got = await download(PAGE, 'no-store', known.headers.get(ETAG));
  if (!got || got.same) return false;
  const sha = await digest(got.bytes);
  if (sha === (await shaOf(cur))) {
    // The site serves the installed version again: nothing is kept aside.
    if (!pend) return false;
    await caches.delete(PENDING);
    return true;
  }
  if (pend && sha === (await shaOf(pend))) return false;
  await caches.delete(PENDING);
  const p = await caches.open(PENDING);
  for (const url of WIDGET) {
    const w = await download(url, 'no-store');
    if (w && w.bytes) await p.put(url, keepable(url, w));
  }
  await p.put(PAGE, keepable(PAGE, got));
  return true;
}

/** The player's Update: the version kept aside (if it is still `sha`) becomes the
 *  installed one. */
async function accept(sha) {
  if (!sha || (await shaIn(PENDING, PAGE)) !== sha) return false;
  const p = await caches.open(PENDING);
  const c = await caches.open(INSTALLED);
  // verifier.html last: until it is written, the installed page is the old one.
  const keys = (await p.keys()).map((r) => r.url).sort((a, b) => (a === PAGE) - (b === PAGE));
  for (const url of keys) await c.put(url, await p.match(url));
  await caches.delete(PENDING);
  await writeState({});
  return true;
}

async function decline(sha) {
  if (!sha || (await shaIn(PENDING, PAGE)) !== sha) return;
  await writeState({ ...(await readState()), declined: sha });
}

/** Every window of this scope (each is the verifier: see the fetch handler). */
async function pages() {
  const all = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return all.filter((cl) => inScope(cl.url));
}

const inScope = (url) => typeof url === 'string' && url.startsWith(SCOPE);

async function tellAll(msg) {
  for (const cl of await pages()) cl.postMessage(msg);
}

self.addEventListener('install', (e) => {
  e.waitUntil(serial(installMissing).catch(() => {}).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (e) => {
  const req = e.request;
  const page = req.mode === 'navigate' && inScope(req.url);
  if (!page && req.method !== 'GET') return;
  const u = new URL(req.url);
  // A page: the installed verifier.html, whatever the path, query or method. A
  // script: the installed widget.js / widget.mjs at their own address.
  const key = page ? PAGE : u.origin + u.pathname;
  if (!page && !WIDGET.includes(key)) return;
  e.respondWith((async () => {
    const hit = await (await caches.open(INSTALLED)).match(key);
    // Not installed yet (the first visit, before the worker had the file): as the
    // site gives it. Nothing is written here.
    return hit || fetch(req);
  })());
});

self.addEventListener('message', (e) => {
  const m = e.data && typeof e.data === 'object' ? e.data : {};
  const reply = (msg) => { if (e.source && typeof e.source.postMessage === 'function') e.source.postMessage(msg); };
  const sha = typeof m.sha === 'string' ? m.sha : null;
  // Update and Keep only from a page in a tab of its own: a verifier framed or
  // embedded by another page (frameType 'nested') could have its click obtained by
  // whatever that page lays over it (the page refuses them too: install.js framed()).
  const nested = !!e.source && e.source.frameType === 'nested';
  let job;
  if (m.type === 'hello') {
    job = serial(state).then(reply)
      .then(() => serial(look))
      .then(async (changed) => { if (changed) await tellAll(await serial(state)); });
  } else if (m.type === 'status') {
    job = serial(state).then(reply);
  } else if ((m.type === 'accept' || m.type === 'keep') && nested) {
    job = serial(state).then(reply);
  } else if (m.type === 'accept') {
    job = serial(() => accept(sha)).then(async (ok) => {
      if (ok) reply({ type: 'fairverify-accepted', installed: sha });
      await tellAll(await serial(state));
    });
  } else if (m.type === 'keep') {
    job = serial(() => decline(sha)).then(async () => tellAll(await serial(state)));
  } else {
    return;
  }
  e.waitUntil(job.catch(() => {}));
});
