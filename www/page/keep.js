// Finding "Keep it offline" (issue 36): the panel (www/page/offline.js) is in the
// footer, below the self-test and the fingerprints, where a player who has just
// verified never scrolls. So:
// - after every verdict, one line right under it (after the evidence row) offers to
//   keep the verifier on this device, worded for the browser it runs in as the panel
//   is (iPhone/iPad, Android, a computer), and leads to the panel;
// - a link at the top of the page, beside the language menu, leads there too.
// Only where the panel is (a page served over http(s), www/page/install.js), and
// the offer not in the installed app itself (it runs from its icon already).
import { $, el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { platform } from './offline.js';

let on = false;
let standalone = false;

/** From install.js: whether the panel is drawn, and whether the page runs as the
 *  installed app. */
export function keepState(s) {
  on = !!s.on;
  standalone = !!s.standalone;
  const top = $('#to-offline');
  if (top) top.hidden = !on;
  if (!on || standalone) {
    for (const n of document.querySelectorAll('#keep-offline')) n.remove();
    return;
  }
  // A verdict shown before the panel was (a #record= link is verified first): its
  // offer now. Only a final verdict has its evidence row beside it.
  const v = $('#verdict');
  if (v && !$('#keep-offline') && v.parentNode && v.parentNode.querySelector(':scope > .evidence-row')) offerKeep(v);
}

/** To the panel: scrolled to, its heading focused (read out, and Tab goes on from there). */
export function goToPanel() {
  const box = $('#offline');
  if (!box) return;
  const h = $('#h-offline') || box;
  h.setAttribute('tabindex', '-1');
  box.scrollIntoView({ block: 'start' });
  h.focus({ preventScroll: true });
  // The verdict takes the focus in the frame after it is drawn (issue 25): a tap that
  // comes before that frame keeps the panel's heading focused after it.
  requestAnimationFrame(() => { if (document.activeElement !== h) { box.scrollIntoView({ block: 'start' }); h.focus({ preventScroll: true }); } });
}

/** The offer's key for this browser. */
export function offerKey(p = platform()) {
  return `install.offer.${p}`;
}

/** After the verdict banner `v` (and the lines that belong to it: the evidence row,
 *  the remembered-chain note), the one-line offer. */
export function offerKeep(v) {
  for (const n of document.querySelectorAll('#keep-offline')) n.remove();
  if (!on || standalone || !v || !v.isConnected) return null;
  let at = v;
  while (at.nextElementSibling && at.nextElementSibling.matches('.evidence-row, .walk-memory')) at = at.nextElementSibling;
  const key = offerKey();
  // data-i18n: a language change words it again (www/page/language.js).
  const go = el('button', { type: 'button', class: 'link', 'data-i18n': key, 'aria-controls': 'offline', text: t(key) });
  go.addEventListener('click', goToPanel);
  const line = el('p', { id: 'keep-offline', class: 'keep-offline', 'data-platform': platform() }, go);
  at.after(line);
  return line;
}

/** The link at the top of the page. */
export function wireTopLink() {
  const top = $('#to-offline');
  if (top && !top.fvWired) {
    top.fvWired = true;
    top.addEventListener('click', goToPanel);
  }
}
