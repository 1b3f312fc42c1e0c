// Copies that keep working. The built file carries its own blueprint (#fv-shell,
// written by tools/page.mjs): its bytes as literal pieces and references to the
// inline scripts and style, whose text is read back from the DOM. From it:
// - "Download this verifier" saves the exact built file (its SHA-256 shown, equal to
//   what build.sh prints), whatever the page did since, and from a saved copy too;
// - a "Webpage, Complete" copy (the DOM as it was, scripts included) starts again
//   from the static markup: no doubled menus, no stale result or verdict;
// - the static notice ("this copy cannot check anything") stays in the markup; a
//   copy without running scripts (JavaScript off, a "Webpage, Complete" copy opened
//   so, a single-file MHTML copy, which drops scripts and <noscript>) shows it and
//   hides every part that needs the scripts, results included (the gate of
//   style.css, opened only by a running page: tools/page.mjs GATE_JS).
import { $, el, code } from '../ui/dom.js';
import { parts, formatNumber } from '../i18n/i18n.js';
import { client } from './client.js';
import { build } from './verifier.js';

function shell() {
  const node = document.getElementById('fv-shell');
  if (!node) return null;
  try { return JSON.parse(node.textContent); } catch (e) { return null; }
}

/** The exact text of the built file, or null (a page built without a blueprint). */
export function fileText() {
  const pieces = shell();
  if (!pieces) return null;
  let out = '';
  for (const p of pieces) {
    if (typeof p === 'string') { out += p; continue; }
    const node = document.getElementById(p.r);
    if (!node) return null;
    out += node.textContent;
  }
  return out;
}

/** The static markup of <body> before its scripts, from the blueprint. */
function staticBody() {
  const pieces = shell();
  const i = pieces ? pieces.findIndex((p) => typeof p === 'string' && p.includes('<body>')) : -1;
  if (i < 0) return null;
  const text = pieces[i];
  const start = text.indexOf('<body>') + '<body>'.length;
  const end = text.lastIndexOf('<script');
  return end > start ? text.slice(start, end) : null;
}

/** The page runs. WebKitGTK 2.50 may keep the parts it styled before the parser
 *  reached script#fv-page as they were: a :has() rule of style.css (copies without
 *  scripts) is not re-evaluated for them when the script arrives (main and the
 *  footer stay hidden, at random). Put back in place, they are styled afresh. */
export function restyleLiveParts() {
  for (const n of document.querySelectorAll('[data-live], [data-static-notice]')) n.parentNode.insertBefore(n, n.nextSibling);
}

/** A page that has run before (a saved "Webpage, Complete" copy) goes back to its
 *  static markup: whatever the scripts added to it is dropped. */
export function restoreStatic() {
  const html = document.documentElement;
  const ran = html.hasAttribute('data-fv-started');
  for (const a of [...html.attributes]) if (!['lang', 'dir', 'data-gate'].includes(a.name)) html.removeAttribute(a.name);
  html.setAttribute('data-fv-started', '');
  if (!ran) return;
  const markup = staticBody();
  // The first of the page's own scripts (its core's inert text, since issue 36).
  const first = document.querySelector('body > script[id^="fv-"]');
  if (markup === null || !first) return;
  const body = document.body;
  body.removeAttribute('class');
  while (body.firstChild && body.firstChild !== first) body.firstChild.remove();
  // Nothing belongs after the scripts (the page's own: data, catalogs, the core,
  // the worker, the blueprint, the page's code, the gate; every one named fv-…).
  for (const n of [...body.children]) if (!(n.localName === 'script' && /^fv-/.test(n.id))) n.remove();
  first.insertAdjacentHTML('beforebegin', markup);
}


let bytes = null;
let sha = null;
/** Who wants this file's SHA-256 once it is known (install.js: is this page the
 *  installed copy?). */
const shaWanted = [];

/** Calls `fn(sha)` with the SHA-256 of the file this page runs (the exact built file,
 *  fileText()), at once when it is known, else once computed. */
export function onFileSha(fn) {
  if (sha) fn(sha);
  else shaWanted.push(fn);
}

function describe() {
  const out = $('#download-sha');
  if (!bytes) { out.textContent = ''; return; }
  out.replaceChildren(...parts('entry.download.sha', {
    name: code(build.file),
    size: formatNumber(Math.round(bytes.length / 1024)),
    sha: code(sha, 'hash'),
  }));
  out.querySelector('code.hash').id = 'file-sha';
  out.setAttribute('data-sha256', sha);
}

/** The download button, and the file's SHA-256 (computed a moment after start). */
export function wireDownload() {
  const button = $('#download');
  const text = fileText();
  if (text === null) { button.hidden = true; return; }
  // The SHA-256 of 1.4 MB: in the page's worker (a long task on a phone's thread),
  // after the jobs the page has sent at start.
  setTimeout(() => {
    const text = fileText();
    client.digest(text).then((res) => {
      if (!res || !res.value) return;
      bytes = new TextEncoder().encode(text);
      sha = res.value;
      describe();
      for (const fn of shaWanted.splice(0)) fn(sha);
    });
  }, 0);
  button.addEventListener('click', () => {
    const data = bytes || new TextEncoder().encode(fileText());
    const url = URL.createObjectURL(new Blob([data], { type: 'text/html' }));
    const a = el('a', { href: url, download: build.file, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  });
}

/** The download line in the current language. */
export const relabelDownload = describe;
