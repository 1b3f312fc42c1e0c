// "Open this check on another device" (issue 46): under every final verdict of a
// record, a fold with a QR code of this page's own `#record=` link to that record (the
// very text that was verified: the evidence file's record for a fail), the link's
// text beside it to copy, and the share sheet where the browser has one. The record
// rides in the link's fragment (after #), which a browser never sends to a server;
// opened on the other device, the page verifies it there from nothing stored.
// The code is drawn here, offline, as an SVG path, by uqr (a port of Project
// Nayuki's QR Code generator, bundled by esbuild; tools/bundle.mjs), only when the
// fold is first opened.
import { encode } from 'uqr';
import { el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { linkToText } from './links.js';

const SVG = 'http://www.w3.org/2000/svg';
/** CSS pixels a module: a code of 65 modules (a typical record's, version 10 with its
 *  quiet zone) is 260 px, which a phone's camera reads from a laptop's screen at 1x.
 *  Where the column is narrower, fewer whole pixels a module (at least 2), so that
 *  every module stays a sharp square at 1x; below that it is scaled to the column. */
const MODULE_PX = 4;

/** The QR code of `text` as an <svg> (dark modules as one path on a light square,
 *  with the standard quiet zone of 4 modules); throws when `text` does not fit in
 *  a code (version 40 holds at most 2,953 bytes). Error correction L, raised to what
 *  the same size holds (boostEcc). */
export function qrSvg(text, label, width = Infinity) {
  const qr = encode(text, { ecc: 'L', boostEcc: true, border: 4 });
  const n = qr.size;
  const px = Math.max(2, Math.min(MODULE_PX, Math.floor(width / n)));
  let d = '';
  qr.data.forEach((row, y) => {
    for (let x = 0; x < n;) {
      if (!row[x]) { x++; continue; }
      let w = 1;
      while (x + w < n && row[x + w]) w++;
      d += `M${x} ${y}h${w}v1h-${w}z`;
      x += w;
    }
  });
  const svg = document.createElementNS(SVG, 'svg');
  for (const [k, v] of Object.entries({
    class: 'qr', id: 'handoff-qr', viewBox: `0 0 ${n} ${n}`, width: String(n * px), height: String(n * px),
    'shape-rendering': 'crispEdges', role: 'img', 'aria-label': label, 'data-version': String(qr.version),
  })) svg.setAttribute(k, v);
  const light = document.createElementNS(SVG, 'rect');
  light.setAttribute('width', String(n));
  light.setAttribute('height', String(n));
  light.setAttribute('class', 'qr-light');
  const dark = document.createElementNS(SVG, 'path');
  dark.setAttribute('d', d);
  dark.setAttribute('class', 'qr-dark');
  svg.append(light, dark);
  return svg;
}

function copyText(text, status) {
  const done = (key) => { status.textContent = t(key); };
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(text).then(() => done('page.link.copied'), () => done('page.link.select'));
  } else {
    done('page.link.select');
  }
}

/** The fold's content, made when it is first opened. From a file (file://) the
 *  link opens only on this device: no code to scan and no link to send, only the
 *  sentence that says so and what to do instead (a phone tour met a code under
 *  "scan it with your phone" that no phone could open). */
function fill(box, url) {
  if (location.protocol === 'file:') {
    box.append(el('p', { class: 'note', id: 'handoff-file', text: t('handoff.file') }));
    box.setAttribute('data-drawn', 'true');
    return;
  }
  const status = el('span', { class: 'note', id: 'handoff-status', role: 'status' });
  const link = el('input', { id: 'handoff-link', type: 'text', readonly: true, dir: 'ltr', value: url, 'aria-label': t('page.link.label') });
  link.addEventListener('focus', () => link.select());
  const copy = el('button', { type: 'button', class: 'link', id: 'handoff-copy', text: t('handoff.copy') });
  copy.addEventListener('click', () => { link.select(); copyText(url, status); });
  const actions = el('p', { class: 'handoff-actions' }, copy);
  if (typeof navigator.share === 'function') {
    const share = el('button', { type: 'button', class: 'link', id: 'handoff-share', text: t('handoff.share') });
    share.addEventListener('click', () => {
      navigator.share({ url }).catch((e) => { if (!e || e.name !== 'AbortError') copyText(url, status); });
    });
    actions.append(' ', share);
  }
  actions.append(' ', status);
  let code;
  try {
    // The fold's inner width (its padding and border off): a layout read, once.
    code = qrSvg(url, t('handoff.qrLabel'), box.clientWidth - 22);
  } catch (e) {
    code = el('p', { class: 'note', id: 'handoff-toolong', text: t('handoff.tooLong') });
  }
  box.append(
    el('p', {}, t('handoff.intro')),
    el('div', { class: 'handoff-body' }, el('div', { class: 'handoff-code' }, code), el('div', { class: 'handoff-text' }, link, actions)));
  box.setAttribute('data-drawn', 'true');
}

/** The fold under a record's verdict: `text` is the record's text as verified. */
export function handoffPanel(text) {
  const url = linkToText(text);
  const box = el('details', { class: 'handoff', id: 'handoff', 'data-link': url }, el('summary', { text: t('handoff.title') }));
  box.addEventListener('toggle', () => { if (box.open && !box.hasAttribute('data-drawn')) fill(box, url); });
  return box;
}
