// The verdict banner and the list of checks (each with the published and the
// recomputed value, verbatim).
import { el } from '../ui/dom.js';
import { t, has } from '../i18n/i18n.js';
import { hash, fmt } from './common.js';

const VERDICT_CLASS = { pass: 'pass', fail: 'fail', error: 'error' };

/** The banner: `verdict` is pass | fail | unchecked | checking | error; text from its key. */
export function verdictView(verdict, text) {
  return el('div', {
    id: 'verdict', class: `verdict ${VERDICT_CLASS[verdict] || 'neutral'}`, 'data-verdict': verdict, role: 'status',
    text: text === undefined ? t(`verdict.${verdict}`) : text,
  });
}

// TEMPORARY until main's "core: verdicts" (checks carry `code` and `params`): the
// message code and params of a check from its name.
function legacyCode(c, report) {
  const m = /^leaves\[(\d+)\]$/.exec(c.name);
  if (m) {
    const climb = (report.leafClimbs || [])[Number(m[1])];
    return { code: 'leafOk', params: { position: climb ? climb.position : Number(m[1]) } };
  }
  return { code: c.name, params: {} };
}

/** A check's sentence in the page's language. */
export function checkText(c, report) {
  const { code, params } = c.code ? { code: c.code, params: c.params || {} } : legacyCode(c, report);
  if (has(`check.${code}`)) return t(`check.${code}`, params);
  return c.label || code;
}

function mark(c) {
  if (c.pending || c.ok === null) return el('span', { class: 'mark', text: '…', 'aria-label': t('check.pending') });
  return el('span', { class: 'mark', text: c.ok ? '✓' : '✗', 'aria-label': t(c.ok ? 'check.holds' : 'check.fails') });
}

export function checksView(report, chainScheme) {
  if (!report.checks || report.checks.length === 0) {
    return el('p', { class: 'note', text: t(chainScheme ? 'check.noneChain' : 'check.none') });
  }
  const list = el('ul', { class: 'checks' });
  for (const c of report.checks) {
    const state = c.pending || c.ok === null ? 'pending' : c.ok ? 'ok' : 'bad';
    list.append(el('li', { class: state, 'data-check': c.name, 'data-ok': String(c.ok) },
      mark(c), el('span', { class: 'label', text: checkText(c, report) }),
      el('dl', { class: 'pair' },
        el('dt', { text: t('check.published') }), el('dd', {}, hash(fmt(c.expected))),
        el('dt', { text: t('check.recomputed') }), el('dd', {}, hash(fmt(c.computed))))));
  }
  return list;
}
