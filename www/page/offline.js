// "Keep it offline" (issue 24): how to install the verifier in the browser it runs
// in, in the footer beside the fingerprints. iOS (Safari and the other iOS browsers,
// all WebKit): Share, Add to Home Screen. Android: the browser's menu, Install app.
// A computer: install from the browser, or download the file (which works offline
// there). On a phone "Download this verifier" is not offered: iOS opens a downloaded
// .html as a preview without JavaScript and Android reopens a saved page without its
// scripts, so a downloaded copy there checks nothing.
// The panel also says which file this device runs (its SHA-256, from the service
// worker) and a new version the player kept aside, with Update.
import { $, el, code } from '../ui/dom.js';
import { t, parts } from '../i18n/i18n.js';

/** 'ios', 'android' or 'desktop', from the user agent (iPadOS says "Macintosh", but
 *  a Mac has no touch screen). */
export function platform(nav = navigator) {
  const ua = String(nav.userAgent || '');
  if (/iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && nav.maxTouchPoints > 1)) return 'ios';
  if (/Android/.test(ua)) return 'android';
  return 'desktop';
}

export const onPhone = () => platform() !== 'desktop';

/** On a phone the download is not offered (it could not run there), and the footer
 *  does not say to save the page. */
export function hideDownloadOnPhone() {
  if (!onPhone()) return;
  for (const id of ['#download', '#download-sha']) {
    const n = $(id);
    if (n) n.hidden = true;
  }
  // The language switch words it again from its data-i18n (www/page/language.js).
  const footer = document.querySelector('footer > p[data-i18n="page.footer"]');
  if (footer) {
    footer.setAttribute('data-i18n', 'install.footerPhone');
    footer.textContent = t('install.footerPhone');
  }
}

function steps(p) {
  if (p === 'ios') return t('install.ios');
  if (p === 'android') return t('install.android');
  return t('install.desktop');
}

function button(id, key, onClick) {
  const b = el('button', { type: 'button', id, text: t(key) });
  b.addEventListener('click', onClick);
  return b;
}

/** Draws the panel (again) from `v`: {standalone, onInstall (the browser's own
 *  install prompt, when it offers one), installed (SHA-256 of the installed file),
 *  kept (SHA-256 of a new version kept aside), onUpdate, persisted}. */
export function drawOffline(v) {
  let box = $('#offline');
  if (!box) {
    box = el('section', { id: 'offline', class: 'offline', 'aria-labelledby': 'h-offline' });
    const download = $('#download');
    const at = download && download.closest('.actions');
    if (at) at.before(box);
    else $('footer').prepend(box);
  }
  const p = platform();
  // tabindex -1: the heading a player is taken to (www/page/keep.js goToPanel).
  const out = [el('h2', { id: 'h-offline', tabindex: '-1', text: t('install.heading') })];
  if (v.standalone) {
    out.push(el('p', { text: t('install.installed') }));
  } else {
    out.push(el('p', { class: 'steps', text: steps(p) }));
    if (v.onInstall) out.push(el('div', { class: 'actions' }, button('install-app', 'install.button', v.onInstall)));
    if (p !== 'desktop') out.push(el('p', { class: 'note', text: t('install.phoneNote') }));
  }
  if (v.installed) {
    const line = el('p', { class: 'fingerprint', id: 'installed-line' }, parts('install.sha', { name: code('verifier.html'), sha: code(v.installed, 'hash') }));
    line.querySelector('code.hash').id = 'installed-sha';
    out.push(line);
  }
  if (v.kept) {
    out.push(el('p', { class: 'fingerprint', id: 'kept-line' }, parts('install.kept', { sha: code(v.kept, 'hash') })));
    // No Update when framed or embedded (install.js framed()): the sentence instead.
    out.push(v.onUpdate ? el('div', { class: 'actions' }, button('kept-update', 'install.update.accept', v.onUpdate))
      : el('p', { class: 'note', id: 'kept-framed', text: t('install.update.framed') }));
  }
  // A redraw (the installed copy's fingerprint arriving, the storage grant, the
  // browser's install prompt) keeps the keyboard where it was in the panel: the
  // heading a player was just taken to, or the same button; else it would fall to
  // the page's start, out from under the player (and a screen reader).
  const active = document.activeElement;
  const had = active && active !== box && box.contains(active) ? active.id || 'h-offline' : null;
  box.replaceChildren(...out);
  if (had) {
    const again = document.getElementById(had) || $('#h-offline');
    if (again) again.focus({ preventScroll: true });
  }
  box.setAttribute('data-platform', p);
  box.setAttribute('data-standalone', v.standalone ? 'true' : 'false');
  for (const [a, value] of [['data-installed-sha', v.installed], ['data-kept-sha', v.kept], ['data-persisted', v.persisted]]) {
    if (value) box.setAttribute(a, value);
    else box.removeAttribute(a);
  }
}
