// What the player copies from the page is what the page means, not how it laid it
// out: in a right-to-left language every seed, hash and number inside a sentence is
// isolated with U+2066…U+2069 (www/render/words.js ltrText) so that it reads in
// order, and a selection copied from such a sentence would carry those invisible
// marks into the clipboard. Pasted back as a seed (following a hint's advice: "without
// the quotes, the seed is …"), it would hash to something else and earn the same hint
// again (turn-6 Arabic reading). The page's own direction marks are taken out of
// every copy made from it; nothing else of the selection is changed.
const OWN_MARKS = /[\u2066-\u2069]/g;
const HAS_MARKS = /[\u2066-\u2069]/;

/** The text of a copy from the page, without the page's direction isolates. */
export const copiedText = (s) => String(s).replace(OWN_MARKS, '');

/** Cleans every copy (keyboard, menu, long press) made from `doc`. */
export function wireCopyClean(doc = document) {
  doc.addEventListener('copy', (e) => {
    const sel = doc.getSelection ? String(doc.getSelection() || '') : '';
    // A copy inside a text box (a seed the player typed) is the player's own text.
    const active = doc.activeElement;
    if (!sel || !e.clipboardData || (active && /^(INPUT|TEXTAREA)$/.test(active.tagName))) return;
    if (!HAS_MARKS.test(sel)) return;
    e.clipboardData.setData('text/plain', copiedText(sel));
    e.preventDefault();
  });
}
