// Round histories (crash, platforms, battle, bare chains): one round a line, each
// recomputed in the worker and checked to link to the next; mismatches first.
import { el, $, code } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { makePager } from '../ui/pager.js';
import { showResult, note } from '../ui/notices.js';
import { verdictView } from '../render/checks.js';
import { schemes } from './schemes.js';
import { runJob, cancelJob } from './jobs.js';
import { showError } from './verify.js';

const ROUND_PAGE = 200;

/** The games a history can be checked for: the chain schemes. */
export function fillRoundGames(select) {
  select.replaceChildren(...schemes().filter((d) => d.chain).map((d) => el('option', { value: d.id, text: t(d.label) })));
}

export async function checkRoundsText(text) {
  if (!text.trim()) return;
  cancelJob();
  showResult(note('rounds.checking'));
  const res = await runJob({ type: 'rounds', game: $('#rounds-game').value, text });
  if (!res) return;
  const data = JSON.parse(res.json || '{}');
  if (data.error || res.type === 'error') { showError(data.error || res); return; }
  renderRounds(data);
}

function summaryText(s) {
  let text = t('rounds.summary', { count: s.rounds, verified: s.verified, mismatched: s.mismatched, invalid: s.invalid });
  if (s.unchecked) text += t('rounds.unchecked', { count: s.unchecked });
  text += s.breaks.length
    ? t('rounds.breaks', { lines: s.breaks.map((b) => t('rounds.break', { a: b[0], b: b[1] })).join(', ') })
    : t('rounds.linked');
  return text + t('rounds.order', { order: s.order });
}

function rowView(r) {
  const status = r.error ? 'invalid' : r.ok === false ? 'mismatch' : r.ok === true ? 'ok' : '';
  const mark = { ok: '✓', mismatch: '✗', invalid: '!' }[status] || '';
  return el('tr', { class: status, 'data-line': r.line, 'data-status': status || 'unchecked' },
    el('td', { text: r.line }), el('td', {}, code(r.hash || '', 'hash')),
    el('td', { text: r.claimed === null ? '' : r.claimed }),
    el('td', { text: r.error ? r.error : r.computed === null ? '' : String(r.computed) }),
    el('td', { text: mark }),
    el('td', { text: r.linksToNext === null ? '' : t(r.linksToNext ? 'rounds.links' : 'rounds.break.mark') }));
}

function renderRounds(data) {
  const s = data.summary;
  const bad = s.mismatched + s.invalid + s.breaks.length;
  const summary = el('p', {
    id: 'rounds-summary', 'data-verified': s.verified, 'data-mismatched': s.mismatched,
    'data-invalid': s.invalid, 'data-breaks': s.breaks.length, text: summaryText(s),
  });
  // Mismatches first, then breaks, then the rest in their order.
  const rank = (r) => (r.ok === false || r.error ? 0 : r.linksToNext === false ? 1 : 2);
  const rows = data.rows.slice().sort((a, b) => rank(a) - rank(b) || a.line - b.line);
  const body = el('tbody');
  const head = ['line', 'hash', 'claimed', 'recomputed', null, 'links'].map((h) => el('th', { text: h ? t(`rounds.col.${h}`) : '' }));
  const table = el('table', { class: 'roundtable' }, el('thead', {}, el('tr', {}, ...head)), body);
  const pager = makePager(rows.length, ROUND_PAGE, (start, end) => body.replaceChildren(...rows.slice(start, end).map(rowView)));
  const verdict = bad === 0
    ? verdictView('pass', t('verdict.rounds.pass', { count: s.rounds }))
    : verdictView('fail', t('verdict.rounds.fail', { count: bad, rounds: s.rounds }));
  showResult(verdict, summary, el('div', { class: 'history' }, table), pager);
}
