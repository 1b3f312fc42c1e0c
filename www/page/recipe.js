// "Check it without this verifier" (issue 37): under every verdict, the record as a
// script in the operator's own language that recomputes it with the operator's
// published code (the core writes it, in the worker; its comments in the page's
// language). The fold shows the command, the script, a copy button, a download and
// one line on where to run it. The evidence file of a failing record carries the
// same script (recipeOf). A pasted round history gets one script that loops.
import { el } from '../ui/dom.js';
import { t, parts } from '../i18n/i18n.js';
import { recipeWords } from '../i18n/recipe.js';
import { client } from './client.js';

// The last recipe asked for (its source and language → a promise of {value} | {error}).
let last = { key: null, promise: null };

/** The recipe of a record's text, or of a round history ({game, text, terminal}),
 *  asked of the core once per source and language. */
export function recipeOf(source) {
  const words = recipeWords();
  const key = JSON.stringify([source, words['recipe.head']]);
  if (last.key !== key) {
    const call = typeof source === 'string'
      ? client.call('recipe', source, words)
      : client.call('recipeRounds', source.game, source.text, source.terminal ? { terminal: source.terminal } : null, words);
    last = { key, promise: call.catch((e) => ({ error: e })) };
  }
  return last.promise;
}

function download(r) {
  const url = URL.createObjectURL(new Blob([r.text], { type: 'text/plain' }));
  const a = el('a', { href: url, download: r.file, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

function copy(r, status) {
  const done = (key) => { status.textContent = t(key); };
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(r.text).then(() => done('recipe.panel.copied'), () => done('page.link.select'));
  } else {
    done('page.link.select');
  }
}

/** "Send to another device" (issue 46; ux-phone item 10: a 50-line script on a
 *  phone is for running on a computer): the script as a file through the share sheet
 *  (the text where files cannot be shared), else copied and downloaded. */
async function send(r, status) {
  if (typeof navigator.share === 'function') {
    const file = typeof File === 'function' ? new File([r.text], r.file, { type: 'text/plain' }) : null;
    const data = file && typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })
      ? { files: [file], title: r.file } : { title: r.file, text: r.text };
    try {
      await navigator.share(data);
      return 'shared';
    } catch (e) {
      if (e && e.name === 'AbortError') return 'cancelled';
    }
  }
  copy(r, status);
  download(r);
  return 'copied';
}

/** The script as it is shown (the copy and the download take `text` itself): each
 *  string literal's content and each comment in an isolate of its own direction
 *  (dir=auto), so that two Arabic literals side by side keep their source order
 *  (`["بذرة", "لاعب"]` would display swapped in a left-to-right block) and an Arabic
 *  comment reads right to left around its Latin words (issue 44). `hash`: Python's
 *  comment sign. */
export function codeView(text, hash) {
  const code = el('code');
  let plain = '';
  const flush = () => { if (plain) { code.append(plain); plain = ''; } };
  for (const line of String(text).split('\n')) {
    let i = 0;
    while (i < line.length) {
      const c = line[i];
      if ((hash && c === '#') || (!hash && c === '/' && line[i + 1] === '/')) {
        const sign = hash ? 1 : 2;
        plain += line.slice(i, i + sign);
        const rest = line.slice(i + sign);
        const lead = /^\s*/.exec(rest)[0];
        plain += lead;
        flush();
        if (rest.length > lead.length) code.append(el('span', { class: 'rc', dir: 'auto', text: rest.slice(lead.length) }));
        break;
      }
      if (c === '"' || c === "'" || c === '`') {
        let j = i + 1;
        while (j < line.length && line[j] !== c) j += line[j] === '\\' ? 2 : 1;
        if (j >= line.length) { plain += line.slice(i); break; }
        plain += c;
        flush();
        if (j > i + 1) code.append(el('span', { class: 'rs', dir: 'auto', text: line.slice(i + 1, j) }));
        plain += c;
        i = j + 1;
        continue;
      }
      plain += c;
      i += 1;
    }
    plain += '\n';
  }
  plain = plain.slice(0, -1);
  flush();
  return code;
}

/** The fold's content once the core has written the recipe. */
function fill(box, r) {
  const copyButton = el('button', { type: 'button', class: 'link', id: 'recipe-copy', text: t('recipe.panel.copy') });
  const save = el('button', { type: 'button', class: 'link', id: 'recipe-download' }, parts('recipe.panel.download', { file: el('code', { dir: 'ltr', text: r.file }) }));
  const status = el('span', { class: 'note', id: 'recipe-status', role: 'status' });
  const sendButton = el('button', { type: 'button', class: 'link', id: 'recipe-send', text: t('recipe.panel.send') });
  const script = el('pre', { class: 'recipe-text', id: 'recipe-text', dir: 'ltr', tabindex: '0' }, codeView(r.text, r.language === 'python'));
  copyButton.addEventListener('click', () => copy(r, status));
  save.addEventListener('click', () => download(r));
  sendButton.addEventListener('click', () => { send(r, status); });
  box.append(
    el('p', {}, parts('recipe.panel.intro', { file: el('code', { dir: 'ltr', text: r.file }) })),
    el('pre', { class: 'recipe-command', id: 'recipe-command', dir: 'ltr' }, el('code', { text: r.command })),
    el('p', { class: 'recipe-actions' }, sendButton, ' ', copyButton, ' ', save, ' ', status),
    el('p', { class: 'note', id: 'recipe-where' }, t(`recipe.panel.where.${r.language}`)),
    script,
    el('p', { class: 'note' }, t('recipe.panel.note')));
  box.setAttribute('data-language', r.language);
}

/** The fold under a verdict (empty until the core answers; removed if it cannot
 *  write a recipe for this record or history). */
export function recipePanel(source) {
  const box = el('details', { class: 'recipe', id: 'recipe' }, el('summary', { text: t('recipe.panel.title') }));
  recipeOf(source).then((res) => {
    if (!res || res.error || !res.value) { box.remove(); return; }
    fill(box, res.value);
  });
  return box;
}
