// The "Paste" button beside the paste box (issue 24): on a phone a long press in a
// small box is fiddly, so one tap puts the clipboard's text in the box, as a paste
// would (the box then says what it found, and "Verify what I pasted" verifies it).
// Shown only where the browser can read the clipboard (navigator.clipboard.readText;
// the browser may ask the player first).
import { $, el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';

export function wirePasteButton() {
  const box = $('#paste');
  const go = $('#paste-go');
  const clip = navigator.clipboard;
  if (!box || !go || $('#paste-clip') || !clip || typeof clip.readText !== 'function') return;
  const b = el('button', { type: 'button', id: 'paste-clip', text: t('entry.paste.button') });
  const said = el('p', { id: 'paste-clip-status', class: 'fieldhelp', role: 'status' });
  b.addEventListener('click', async () => {
    said.textContent = '';
    let text;
    try {
      text = await clip.readText();
    } catch (e) {
      said.textContent = t('entry.paste.denied');
      return;
    }
    box.value = text;
    box.dispatchEvent(new Event('input', { bubbles: true }));
    box.focus();
  });
  go.before(b);
  $('#paste-found').after(said);
}

export function relabelPasteButton() {
  const b = $('#paste-clip');
  if (b) b.textContent = t('entry.paste.button');
  const s = $('#paste-clip-status');
  if (s && s.textContent) s.textContent = t('entry.paste.denied');
}
