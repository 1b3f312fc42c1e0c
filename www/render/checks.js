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

/** A check's sentence in the page's language (its code and params from the core). */
export function checkText(c, lang) {
  return has(`check.${c.code}`, lang) ? t(`check.${c.code}`, c.params || {}, lang) : c.code;
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
      mark(c), el('span', { class: 'label', text: checkText(c) }),
      el('dl', { class: 'pair' },
        el('dt', { text: t('check.published') }), el('dd', {}, hash(fmt(c.expected))),
        el('dt', { text: t('check.recomputed') }), el('dd', {}, c.pending ? t('check.walkingNow') : hash(fmt(c.computed))))));
  }
  return list;
}
