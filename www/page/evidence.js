// "Save evidence": after a record's verdict, one self-contained HTML file a person
// can open anywhere and read with scripts off: the verdict and what it means (in
// the player's language and in English), every check with the published and the
// recomputed values, what differs, the record itself, the verifier's SHA-256 (of
// verifier.html) and version, the time, and how anyone checks it again. The file
// runs nothing: its CSP allows no script, and the record sits in it as data
// (`<script type="application/json" id="fairverify-record">`), which the core
// reads back when the file is opened in the verifier or given to verifier.js
// (src/input.rs), so it is verified again, never believed.
// The words are the page's own sentences for this report (www/render/), made again
// in each language.
import { el } from '../ui/dom.js';
import { t, language, setLanguage, direction, langTag } from '../i18n/i18n.js';
import * as render from '../render/report.js';
import { sha256Hex } from '../core/sha256.js';
import { fileText } from './copies.js';
import { build } from './verifier.js';
import { state } from './state.js';
import { scheme } from './schemes.js';

/** The marker the core looks for (src/input.rs, EVIDENCE_RECORD). */
const RECORD_ID = 'fairverify-record';

/** The evidence's own styles: on screen, and printed (one page for a pass; for a
 *  fail the differences come first). No script, no network. */
const CSS = `body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:46rem;padding:12px;color:#1d1d1f;background:#fff}
h1{font-size:1.2rem;margin:.2rem 0}h2{font-size:1rem;margin:1.1rem 0 .3rem}
.verdict{border:2px solid #5b5b60;border-radius:8px;padding:8px 12px;margin:8px 0}
.verdict.pass{border-color:#16703a;background:#eef8f1}.verdict.fail{border-color:#b3261e;background:#fdf0ef}
.verdict p{margin:.25rem 0}.head{font-weight:700;font-size:1.05rem}.en{color:#4a4a4f}
ul{padding-inline-start:1.2rem;margin:.3rem 0}li{margin:.2rem 0}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{border:1px solid #c9c6bf;padding:4px 6px;text-align:start;vertical-align:top}
code,pre{font:12px/1.35 ui-monospace,Menlo,Consolas,monospace;overflow-wrap:anywhere;word-break:break-all}
pre{white-space:pre-wrap;background:#f6f5f2;padding:8px;border-radius:6px;margin:.3rem 0}
.ok{color:#16703a}.bad{color:#b3261e;font-weight:700}.muted{color:#4a4a4f;font-size:.85rem}
@media print{body{max-width:none;font-size:10.5pt;padding:0}.verdict{break-inside:avoid}pre{font-size:7.5pt;background:none;border:1px solid #c9c6bf}
h2{break-after:avoid}table,tr{break-inside:avoid}.noprint{display:none}}`;

const hexToBase64 = (hex) => btoa(String.fromCharCode(...hex.match(/../g).map((h) => parseInt(h, 16))));

/** `fn()` with the page's words in `lang`, then back. */
function inLanguage(lang, fn) {
  const was = language();
  setLanguage(lang);
  try { return fn(); } finally { setLanguage(was); }
}

/** The page's own sentences for this report, in `lang`: its verdict, what differs,
 *  what was not shown, each check and hint. */
function sentences(report, record, lang) {
  return inLanguage(lang, () => {
    const view = render.report(report, record, scheme(report.scheme));
    const text = (sel) => [...view.querySelectorAll(sel)].map((n) => n.textContent.trim()).filter(Boolean);
    return {
      lang,
      head: text('#verdict .vhead')[0] || '',
      why: text('#verdict .vwhy, #verdict .ask'),
      differences: text('ul.diffs > li'),
      notShown: text('.notshown'),
      checks: [...view.querySelectorAll('ul.checks > li')].map((li) => ({
        name: li.getAttribute('data-check'),
        text: (li.querySelector('.label') || li).textContent.trim(),
        hints: [...li.querySelectorAll('.hint')].map((h) => h.textContent.trim()),
      })),
      headings: { checks: t('check.heading'), differences: t('diff.heading'), published: t('check.published'), recomputed: t('check.recomputed') },
    };
  });
}

/** What identifies the game in a file name: its round, or the record's id field
 *  (match, hand, nonce), else the start of its hash. Letters, digits and dashes. */
function idOf(report, record) {
  const d = scheme(report.scheme);
  let id = report.round;
  if (id === undefined && d && record) {
    const f = d.fields.find((x) => x.role === 'id' && record[x.name] !== undefined && record[x.name] !== null && x.name !== 'table' && x.name !== 'session');
    if (f) id = record[f.name];
  }
  if (id === undefined && record && typeof record.hash === 'string') id = record.hash.slice(0, 12);
  return String(id === undefined ? '' : id).replace(/[^A-Za-z0-9-]+/g, '-').slice(0, 40);
}

export function evidenceName(report, record) {
  const game = String(report.game || report.scheme).replace(/[^A-Za-z0-9-]+/g, '-');
  const id = idOf(report, record);
  return `fairverify-evidence-${game}${id ? `-${id}` : ''}-${report.verdict}.html`;
}

/** The evidence file's text. `recordText`: the record exactly as it was verified. */
export function evidenceHtml(report, record, recordText, now = new Date()) {
  const lang = language();
  const langs = lang === 'en' ? ['en'] : [lang, 'en'];
  const words = langs.map((l) => sentences(report, record, l));
  // The core's fingerprint as the worker gave it (the page's thread runs no core).
  const core = state.core || {};
  const page = fileText();
  const pageSha = page === null ? null : sha256Hex(new TextEncoder().encode(page));
  const doc = document.implementation.createHTMLDocument('');
  const make = (tag, attrs, ...kids) => {
    const n = doc.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) n.setAttribute(k, v);
    for (const k of kids) if (k !== null && k !== undefined) n.append(typeof k === 'string' ? doc.createTextNode(k) : k);
    return n;
  };
  const html = doc.documentElement;
  html.setAttribute('lang', langTag(lang));
  html.setAttribute('dir', direction(lang));
  const csp = `default-src 'none'; style-src 'sha256-${hexToBase64(sha256Hex(new TextEncoder().encode(CSS)))}'; base-uri 'none'; form-action 'none'`;
  doc.head.append(
    make('meta', { charset: 'utf-8' }),
    make('meta', { 'http-equiv': 'Content-Security-Policy', content: csp }),
    make('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
    make('meta', { name: 'referrer', content: 'no-referrer' }),
    make('title', {}, `${words[0].headings.checks}: ${report.verdict}`),
    // The style is written into the text at the end: a <style> put into a document
    // made here would be checked against this page's CSP (and refused).
    make('meta', { name: 'fv-style' }));
  doc.title = inLanguage(lang, () => t('evidence.title', { verdict: t(`render.status.${report.verdict}`) }));
  const b = doc.body;
  const inEach = (key, params) => langs.map((l, i) => make('p', i ? { lang: l, dir: direction(l), class: 'en' } : {}, inLanguage(l, () => t(key, params))));
  b.append(make('h1', {}, doc.title));
  b.append(...inEach('evidence.intro'));
  // The verdict, in the player's language and in English.
  const tone = report.verdict === 'pass' ? 'pass' : report.verdict === 'fail' ? 'fail' : '';
  b.append(make('section', { class: `verdict ${tone}`, id: 'verdict', 'data-verdict': report.verdict },
    ...words.flatMap((w, i) => [
      make('p', { class: i ? 'head en' : 'head', lang: langTag(w.lang), dir: direction(w.lang) }, w.head),
      ...w.why.map((x) => make('p', { class: i ? 'en' : null, lang: langTag(w.lang), dir: direction(w.lang) }, x))])));
  // What differs first: for a fail it is what matters.
  const diffs = words[0].differences;
  if (diffs.length || words[0].notShown.length) {
    b.append(make('h2', {}, words[0].headings.differences));
    for (const w of words) {
      b.append(make('ul', { lang: langTag(w.lang), dir: direction(w.lang), class: w === words[0] ? null : 'en', 'data-differences': String(report.differenceCount || 0) },
        ...w.differences.map((x) => make('li', {}, x)), ...w.notShown.map((x) => make('li', { class: 'muted' }, x))));
    }
  }
  // Every check: what it states, held or not, and both values.
  b.append(make('h2', {}, words[0].headings.checks));
  const table = make('table', {}, make('tr', {},
    make('th', {}, words[0].headings.checks), make('th', {}, words[0].headings.published), make('th', {}, words[0].headings.recomputed)));
  (report.checks || []).forEach((c, i) => {
    const cell = make('td', {});
    for (const w of words) {
      const line = w.checks[i];
      if (!line) continue;
      cell.append(make('p', { class: `${c.ok === true ? 'ok' : c.ok === false ? 'bad' : ''}${w === words[0] ? '' : ' en'}`, lang: langTag(w.lang), dir: direction(w.lang) },
        `${c.ok === true ? '✓' : c.ok === false ? '✗' : '…'} ${line.text}`));
      for (const h of line.hints) cell.append(make('p', { class: w === words[0] ? null : 'en', lang: langTag(w.lang) }, h));
    }
    const value = (v) => make('td', {}, make('code', { dir: 'ltr' }, v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v)));
    table.append(make('tr', { 'data-check': c.name, 'data-ok': String(c.ok) }, cell,
      c.code === 'played' ? make('td', {}, '—') : value(c.expected), c.code === 'played' ? make('td', {}, '—') : value(c.computed)));
  });
  b.append(table);
  // What the seeds give (each result key, as the core gives it).
  const d = scheme(report.scheme);
  const results = ((d && d.results) || []).filter((r) => report[r.key] !== undefined && report[r.key] !== null);
  if (results.length) {
    b.append(make('h2', {}, inLanguage(lang, () => t('evidence.results'))),
      make('ul', { id: 'results' }, ...results.map((r) => make('li', {},
        `${inLanguage(lang, () => t(`render.key.${r.key}`))}: `,
        make('code', { dir: 'ltr' }, typeof report[r.key] === 'string' ? report[r.key] : JSON.stringify(report[r.key]))))));
  }
  // The record, exactly as verified (its own text, not a copy made again).
  b.append(make('h2', {}, inLanguage(lang, () => t('evidence.record'))), make('pre', { dir: 'ltr', id: 'record' }, recordText));
  // Who checked, with what, when, and how to check again.
  const local = new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeStyle: 'long' }).format(now);
  b.append(make('h2', {}, inLanguage(lang, () => t('evidence.verifier'))),
    make('p', {}, inLanguage(lang, () => t('evidence.version', { version: build.version }))),
    make('p', {}, inLanguage(lang, () => t('evidence.pageSha')), ' ', make('code', { dir: 'ltr', id: 'verifier-sha' }, pageSha || '—')),
    make('p', {}, inLanguage(lang, () => t('evidence.wasmSha')), ' ', make('code', { dir: 'ltr', id: 'wasm-sha' }, core.wasmSha256 || '—')),
    make('p', {}, inLanguage(lang, () => t('evidence.time', { local })), ' ', make('code', { dir: 'ltr', id: 'time-utc' }, now.toISOString())));
  b.append(make('h2', {}, inLanguage(lang, () => t('evidence.again.heading'))), ...inEach('evidence.again'),
    make('pre', { dir: 'ltr' }, `node verifier.js ${evidenceName(report, record)}`));
  b.append(make('h2', {}, inLanguage(lang, () => t('evidence.proves.heading'))), ...inEach('evidence.proves'), ...inEach('evidence.notProves'));
  // The record as data: the verifier reads it back. `<` is escaped so the text can
  // never end the element.
  const data = make('script', { type: 'application/json', id: RECORD_ID });
  data.textContent = recordText.replace(/</g, '\\u003c');
  b.append(data);
  // (The closing tag is made in two pieces: this script's text sits inline in
  // verifier.html, where a literal one would be refused by the build.)
  const style = `<style>${CSS}<${'/'}style>`;
  return '<!DOCTYPE html>\n' + html.outerHTML.replace('<meta name="fv-style">', () => style) + '\n';
}

/** Saves the evidence file through a download. */
function save(report, record, recordText) {
  const text = evidenceHtml(report, record, recordText);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/html' }));
  const a = el('a', { href: url, download: evidenceName(report, record), hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

/** The "Save evidence" button under a record's final verdict. */
export function evidenceButton(report, record, recordText) {
  const button = el('button', { type: 'button', id: 'evidence', class: 'link', text: t('evidence.save') });
  button.addEventListener('click', () => save(report, record, recordText));
  return el('p', { class: 'evidence-row' }, button, ' ', el('span', { class: 'note', text: t('evidence.saveNote') }));
}
