// "Save evidence": after a record's verdict, one self-contained HTML file a person
// can open anywhere and read with scripts off: the verdict and what it means (in
// the player's language and in English), every check with the published and the
// recomputed values, what differs, the record itself, the verifier's SHA-256 (of
// verifier.html) and version, the time, and how anyone checks it again. The file
// runs nothing: its CSP allows no script, and the record sits in it as data
// (`<script type="application/json" id="fairverify-record">`), first in the
// document (src/input.rs, evidence_layout: the one place a browser and the core
// cannot see differently), which the core reads back when the file is opened in the
// verifier or given to verifier.js, so it is verified again, never believed.
// The words are the page's own sentences for this report (www/render/), made again
// in each language.
import { el } from '../ui/dom.js';
import { t, has, language, setLanguage, direction, langTag } from '../i18n/i18n.js';
import * as render from '../render/report.js';
import { itemValue, placeText } from '../render/differences.js';
import { cardShort } from '../render/cards.js';
import { seatName, rollLabels } from '../render/seats.js';
import { resultName, capital } from '../render/keys.js';
import { computedText } from '../render/words.js';
import { toneOf } from '../render/lead.js';
import { provesNothing } from '../render/checks.js';
import { sha256Hex } from '../core/sha256.js';
import { fileText } from './copies.js';
import { build } from './verifier.js';
import { state } from './state.js';
import { scheme } from './schemes.js';
import { recipeOf } from './recipe.js';

/** The marker the core looks for (src/input.rs, EVIDENCE_RECORD), and the root's own
 *  id (EVIDENCE_ROOT_ID: a later `<html id=…>` tag cannot give the root that id). */
const RECORD_ID = 'fairverify-record';
const ROOT_ID = 'fairverify-evidence';

/** The evidence's own styles: on screen, and printed (one page for a pass; for a
 *  fail the differences come first). No script, no network. */
const CSS = `body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:46rem;padding:12px;color:#1d1d1f;background:#fff;overflow-wrap:anywhere}
h1{font-size:1.2rem;margin:.2rem 0}h2{font-size:1rem;margin:1.1rem 0 .3rem}
.verdict{border:2px solid #5b5b60;border-radius:8px;padding:8px 12px;margin:8px 0}
.verdict.pass{border-color:#16703a;background:#eef8f1}.verdict.fail{border-color:#b3261e;background:#fdf0ef}.verdict.slip{border-color:#8a5a00;background:#fdf3dc}
.verdict p{margin:.25rem 0}.head{font-weight:700;font-size:1.05rem}.en{color:#4a4a4f}
ul{padding-inline-start:1.2rem;margin:.3rem 0}li{margin:.2rem 0}
table{border-collapse:collapse;width:100%;font-size:.9rem;table-layout:fixed}th,td{border:1px solid #c9c6bf;padding:4px 6px;text-align:start;vertical-align:top;overflow-wrap:anywhere}
th.place{width:30%}th{font-size:.8rem;padding:4px;overflow-wrap:normal;hyphens:auto}.check{border-inline-start:4px solid #16703a;padding:2px 8px;margin:6px 0}.check.bad{border-color:#b3261e}.check.slip{border-color:#8a5a00}.check p.slip{color:#8a5a00;font-weight:700}.check.none{border-color:#8a8a8f}
.check p{margin:.2rem 0}dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:2px 8px;margin:.2rem 0;font-size:.85rem}dt{color:#4a4a4f}dd{margin:0;min-width:0}
h3{font-size:.95rem;margin:.6rem 0 .15rem}.result p{margin:.15rem 0}.card{font-weight:700;white-space:nowrap}.card.red{color:#c8102e}.die{white-space:nowrap}
code,pre{font:12px/1.35 ui-monospace,Menlo,Consolas,monospace;overflow-wrap:anywhere;word-break:break-all}
pre{white-space:pre-wrap;background:#f6f5f2;padding:8px;border-radius:6px;margin:.3rem 0}
.ok{color:#16703a}.bad{color:#b3261e;font-weight:700}.muted{color:#4a4a4f;font-size:.85rem}
@media print{@page{margin:10mm}body{max-width:none;font-size:8.5pt;line-height:1.25;padding:0;columns:2;column-gap:14px}.verdict{break-inside:avoid;padding:3px 6px;margin:4px 0}
pre{font-size:6.5pt;background:none;border:1px solid #c9c6bf;padding:3px}code{font-size:7pt}h1{font-size:1rem;margin:0}h2{font-size:.9rem;margin:.4rem 0 .1rem;break-after:avoid}
h3{margin:.25rem 0 .05rem}p{margin:.15rem 0}table,tr,.check,.result{break-inside:avoid}.noprint{display:none}}`;

const hexToBase64 = (hex) => btoa(String.fromCharCode(...hex.match(/../g).map((h) => parseInt(h, 16))));

/** `fn()` with the page's words in `lang`, then back. */
function inLanguage(lang, fn) {
  const was = language();
  setLanguage(lang);
  try { return fn(); } finally { setLanguage(was); }
}

/** The page's own sentences for this report, in `lang`: its verdict, what differs,
 *  what was not shown, each check and hint. */
function sentences(report, lang) {
  return inLanguage(lang, () => {
    const view = render.report(report, scheme(report.scheme));
    const text = (sel) => [...view.querySelectorAll(sel)].map((n) => n.textContent.trim()).filter(Boolean);
    // A hint's sentence and what to do are two paragraphs: two lines here too, never
    // one run-on text ("…1422».Copy…").
    const paragraphs = (hint) => {
      const ps = [...hint.querySelectorAll('p')].map((n) => n.textContent.trim()).filter(Boolean);
      return ps.length ? ps : [hint.textContent.trim()].filter(Boolean);
    };
    return {
      lang,
      head: text('#verdict .vhead')[0] || '',
      why: text('#verdict .vwhy, #verdict .ask'),
      differences: text('ul.diffs > li'),
      notShown: text('.notshown'),
      checks: [...view.querySelectorAll('ul.checks > li')].map((li) => ({
        name: li.getAttribute('data-check'),
        text: (li.querySelector('.label') || li).textContent.trim(),
        hints: [...li.querySelectorAll('.hint')].flatMap(paragraphs),
      })),
      // Hints tied to no check (a nonce in seconds, a look-alike character beside a
      // pass, a terminal of nobody's): said in the file too.
      notes: [...view.querySelectorAll('ul.checks > li:not([data-check]) .hint')].flatMap(paragraphs),
      headings: { checks: t('check.heading'), differences: t('diff.heading'), published: t('check.published'), given: t('check.given'), recomputed: t('check.recomputed') },
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
  // A slip (the page's amber tone, lead.js toneOf) is named so, never "-fail".
  return `fairverify-evidence-${game}${id ? `-${id}` : ''}-${toneOf(report) === 'slip' ? 'slip' : report.verdict}.html`;
}

/** The evidence file's text. `recordText`: the record exactly as it was verified;
 *  `recipe`: its recipe (the core's {file, command, text}), shown for a fail. */
export function evidenceHtml(report, record, recordText, now = new Date(), recipe = null) {
  const lang = language();
  const langs = lang === 'en' ? ['en'] : [lang, 'en'];
  const words = langs.map((l) => sentences(report, l));
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
  html.setAttribute('id', ROOT_ID);
  // The record as data, first in the document, where the core reads it and nothing
  // else (src/input.rs). `<` is escaped so the text can never end the element, and
  // line breaks are written as a browser reads them (a carriage return would be read
  // as a line feed): the same JSON, for a browser and for the core.
  const data = make('script', { type: 'application/json', id: RECORD_ID });
  data.textContent = recordText.replace(/</g, '\\u003c').replace(/\r\n?/g, '\n');
  const csp = `default-src 'none'; style-src 'sha256-${hexToBase64(sha256Hex(new TextEncoder().encode(CSS)))}'; base-uri 'none'; form-action 'none'`;
  // First in <head> (a document made here starts with a <title>).
  doc.head.prepend(make('meta', { charset: 'utf-8' }), data);
  doc.head.append(
    make('meta', { 'http-equiv': 'Content-Security-Policy', content: csp }),
    make('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
    make('meta', { name: 'referrer', content: 'no-referrer' }),
    make('title', {}, `${words[0].headings.checks}: ${report.verdict}`),
    // The style is written into the text at the end: a <style> put into a document
    // made here would be checked against this page's CSP (and refused).
    make('meta', { name: 'fv-style' }));
  // A fail the entry explains is said as the page says it: "does not match as entered".
  const slip = toneOf(report) === 'slip';
  doc.title = inLanguage(lang, () => t('evidence.title', { verdict: t(slip ? 'render.status.slip' : `render.status.${report.verdict}`) }));
  const b = doc.body;
  const inEach = (key, params) => langs.map((l, i) => make('p', i ? { lang: l, dir: direction(l), class: 'en' } : {}, inLanguage(l, () => t(key, params))));
  b.append(make('h1', {}, doc.title));
  b.append(...inEach('evidence.intro'));
  // The verdict, in the player's language and in English.
  const tone = report.verdict === 'pass' ? 'pass' : slip ? 'slip' : report.verdict === 'fail' ? 'fail' : '';
  b.append(make('section', { class: `verdict ${tone}`, id: 'verdict', 'data-verdict': report.verdict, 'data-tone': slip ? 'slip' : null },
    ...words.flatMap((w, i) => [
      make('p', { class: i ? 'head en' : 'head', lang: langTag(w.lang), dir: direction(w.lang) }, w.head),
      ...w.why.map((x) => make('p', { class: i ? 'en' : null, lang: langTag(w.lang), dir: direction(w.lang) }, x))])));
  for (const w of words) {
    for (const x of w.notes) b.append(make('p', { class: `hint${w === words[0] ? '' : ' en'}`, lang: langTag(w.lang), dir: direction(w.lang), 'data-hint-note': '' }, x));
  }
  // What differs first: for a fail it is what matters.
  const diffs = words[0].differences;
  if (diffs.length || words[0].notShown.length) {
    b.append(make('h2', {}, words[0].headings.differences));
    for (const w of words) {
      b.append(make('ul', { lang: langTag(w.lang), dir: direction(w.lang), class: w === words[0] ? null : 'en', 'data-differences': String(report.differenceCount || 0) },
        ...w.differences.map((x) => make('li', {}, x)), ...w.notShown.map((x) => make('li', { class: 'muted' }, x))));
    }
    // What was shown beside what was recomputed, item by item.
    if ((report.differences || []).length) b.append(inLanguage(lang, () => sideBySide(report, make)));
  }
  // Every check: what it states, held or not, and both values (one block each, so
  // that it fits a phone's width in every language).
  b.append(make('h2', {}, words[0].headings.checks));
  const code = (v) => make('code', { dir: 'ltr' }, v);
  (report.checks || []).forEach((c, i) => {
    // A failed check under a slip in the slip's tone (amber), as the page draws it.
    const failed = slip ? 'slip' : 'bad';
    // A round found in a chain the record brought proves nothing: never green, as on
    // the page (render/checks.js provesNothing; turn-9 reading ar/zh 2).
    const nothing = provesNothing(c, report);
    const state = nothing ? 'none' : c.ok === true ? 'ok' : c.ok === false ? failed : 'none';
    const box = make('div', { class: `check ${state}`, 'data-check': c.name, 'data-ok': String(c.ok) });
    for (const w of words) {
      const line = w.checks[i];
      if (!line) continue;
      box.append(make('p', { class: `${state === 'none' ? '' : state}${w === words[0] ? '' : ' en'}`, lang: langTag(w.lang), dir: direction(w.lang) },
        // Under a slip a failed check takes the banner's ≠, never ✗ (issue 44).
        `${nothing ? '–' : c.ok === true ? '✓' : c.ok === false ? (slip ? '≠' : '✗') : '…'} ${line.text}`));
      for (const h of line.hints) box.append(make('p', { class: w === words[0] ? 'hint' : 'hint en', lang: langTag(w.lang) }, h));
    }
    if (c.code !== 'played') {
      // A hash as it is; a round, "not reached", nothing: in the page's words.
      const value = (v) => (typeof v === 'string' ? code(v) : inLanguage(lang, () => computedText({ ...c, computed: v, pending: false })));
      box.append(make('dl', {},
        // A value the record gave (a terminal of its own) is never called published.
        make('dt', {}, c.proves === false ? words[0].headings.given : words[0].headings.published), make('dd', {}, value(c.expected)),
        make('dt', {}, words[0].headings.recomputed), make('dd', {}, value(c.computed))));
    }
    b.append(box);
  });
  // What the seeds give: each result in words and pictures, as the page draws it
  // (cards as cards, dice as dice, seats by name, a win as a word: never raw data).
  const blocks = inLanguage(lang, () => resultBlocks(report, make));
  if (blocks.length) b.append(make('h2', {}, inLanguage(lang, () => t('evidence.results'))), make('div', { id: 'results', class: 'results' }, ...blocks));
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
  // A failing record: the operator's own code with these values, so that a support
  // desk or a regulator can recompute the disputed game without this verifier.
  if (report.verdict === 'fail' && recipe && recipe.text) {
    b.append(make('h2', { id: 'recipe-heading' }, inLanguage(lang, () => t('recipe.panel.title'))), ...inEach('evidence.recipe'),
      make('pre', { dir: 'ltr', id: 'recipe-command' }, `${recipe.file}: ${recipe.command}`),
      make('pre', { dir: 'ltr', id: 'recipe' }, recipe.text));
  }
  // (The closing tag is made in two pieces: this script's text sits inline in
  // verifier.html, where a literal one would be refused by the build.)
  const style = `<style>${CSS}<${'/'}style>`;
  return '<!DOCTYPE html>\n' + html.outerHTML.replace('<meta name="fv-style">', () => style) + '\n';
}

/** The drawing's context for the render modules' words (seat names, card order). */
function drawCtx(report) {
  const d = scheme(report.scheme) || { results: [], games: [], cards: '' };
  return { r: report, desc: d, game: report.game || (d.games[0] && d.games[0].id) };
}

/** One value as the page shows it: a card in its colour, a die with its face, a
 *  hash as code, anything else in the page's words (a win, a seat's player, a cell). */
function leafNode(item, v, ctx, make) {
  if (item === 'card' && Number.isInteger(v) && v >= 0 && v < 52) {
    const text = cardShort(v, ctx.desc.cards || 'rank_major');
    return make('bdi', { dir: 'ltr', class: `card ${/[♦♥]/.test(text) ? 'red' : 'black'}`, 'data-card': String(v) }, text);
  }
  if ((item === 'die' || item === 'face') && Number.isInteger(v) && v >= 1 && v <= 6) return make('span', { class: 'die' }, String(v));
  if (item === 'hash') return make('code', { dir: 'ltr' }, String(v));
  if (item === 'round' || item === 'platform') return String(v);
  return itemValue(item, v, ctx);
}

/** The name of index `i` at a pattern's step (`deal`, `seat`, `roll`…). */
function stepLabel(step, i, ctx) {
  switch (step) {
    case 'seat': return seatName(ctx.desc, ctx.game, i);
    case 'roll': return rollLabels(Array.isArray(ctx.r.rolls) ? ctx.r.rolls : [])[i] || t('draw.roll', { n: String(i + 1) });
    case 'deal': return t('draw.deal', { n: String(i + 1) });
    case 'hand': return t('draw.hand', { n: String(i + 1) });
    case 'player': return t('draw.player', { n: String(i + 1) });
    default: return String(i + 1);
  }
}

/** A member's name (baloot's hands: first deal, second deal, face-up card). */
const memberLabel = (m) => (has(`draw.${m}Deal`) ? t(`draw.${m}Deal`) : has(`draw.${m}`) ? t(`draw.${m}`) : m);

/** The steps of a result's patterns: `deals[deal][seat][card]` → ['deal', 'seat',
 *  'card']; a member (`.first`) as '.first'. */
const stepsOf = (pattern) => [...String(pattern).matchAll(/\[(\w+)\]|\.(\w+)/g)].map((m) => (m[1] !== undefined ? m[1] : `.${m[2]}`));

const isLeaf = (v) => v === null || typeof v !== 'object';

/** Lines of one result value, walked along its pattern: {labels, values}. */
function walkResult(v, steps, labels, rows, item, ctx, patterns) {
  if (isLeaf(v)) { rows.push({ labels, values: [v] }); return; }
  if (Array.isArray(v)) {
    // Seats: one line each, named ("North: player 2").
    if (v.every(isLeaf) && steps[0] === 'seat') { v.forEach((x, i) => rows.push({ labels: [...labels, stepLabel('seat', i, ctx)], values: [x] })); return; }
    if (v.every(isLeaf)) { rows.push({ labels, values: v }); return; }
    v.forEach((x, i) => walkResult(x, steps.slice(1), [...labels, stepLabel(steps[0], i, ctx)], rows, item, ctx, patterns));
    return;
  }
  for (const [k, x] of Object.entries(v)) {
    const p = patterns.map(stepsOf).find((s) => s.includes(`.${k}`));
    walkResult(x, p ? p.slice(p.indexOf(`.${k}`) + 1) : [], [...labels, memberLabel(k)], rows, item, ctx, patterns);
  }
}

/** Every result of the report in words and pictures, one section a result key. */
function resultBlocks(report, make) {
  const ctx = drawCtx(report);
  const out = [];
  for (const res of ctx.desc.results || []) {
    const v = report[res.key];
    if (v === undefined || v === null) continue;
    const patterns = res.patterns || [];
    const rows = [];
    walkResult(v, stepsOf(patterns[0] || '').slice(0), [], rows, res.item, ctx, patterns);
    const row = ({ labels, values }) => [...(labels.length ? [`${labels.join(', ')}: `] : []),
      ...values.flatMap((x, i) => (i ? [' ', leafNode(res.item, x, ctx, make)] : [leafNode(res.item, x, ctx, make)]))];
    // Short rows (a seat's player, a roll's two dice) run on in one paragraph: a
    // match of 40 rolls stays a few lines, on screen and on paper.
    const lines = rows.length > 1 && rows.every((x) => x.values.length <= 2)
      ? [make('p', {}, ...rows.flatMap((x, i) => (i ? [' · ', ...row(x)] : row(x))))]
      : rows.map((x) => make('p', {}, ...row(x)));
    out.push(make('section', { class: 'result', 'data-key': res.key }, make('h3', {}, resultName(report, res.key)), ...lines));
  }
  return out;
}

/** What was shown beside what was recomputed, one row a difference. */
function sideBySide(report, make) {
  const ctx = drawCtx(report);
  // A set (a hand's cards, a roll's dice) item by item, as the line above says it
  // (K♠ K♦), never the core's numbers.
  const nodes = (item, v) => (Array.isArray(v) ? v.flatMap((x, i) => (i ? [' ', ...nodes(item, x)] : nodes(item, x))) : [leafNode(item, v, ctx, make)]);
  const cell = (d, v) => make('td', {}, ...nodes(d.item, v));
  return make('table', { class: 'sidebyside' },
    make('tr', {}, make('th', { class: 'place' }, ''), make('th', {}, capital(t('field.played'))), make('th', {}, capital(t('check.recomputed')))),
    ...report.differences.map((d) => make('tr', { 'data-diff': d.path }, make('td', {}, placeText(d, ctx)), cell(d, d.played), cell(d, d.computed))));
}

/** Saves the evidence file through a download. */
async function save(report, record, recordText) {
  const recipe = report.verdict === 'fail' ? await recipeOf(recordText) : null;
  const text = evidenceHtml(report, record, recordText, new Date(), recipe && recipe.value ? recipe.value : null);
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
