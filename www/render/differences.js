// What the player was shown (`played`) against the recomputation: a list of the
// differences, each also marked in place on the drawing (by data-path).
import { el, code } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { section, fmt } from './common.js';

export function differencesView(report) {
  if (!report.differences) return null;
  if (report.differenceCount === 0) {
    return section(t('diff.heading'), el('p', { class: 'ok', text: t('diff.none') }));
  }
  const list = el('ul', { class: 'diffs' }, ...report.differences.map((d) => el('li', { 'data-diff': d.path },
    code(d.path), el('span', { text: t('diff.item', { played: fmt(d.played), computed: fmt(d.computed) }) }))));
  const more = report.differenceCount > report.differences.length
    ? el('p', { text: t('diff.more', { count: report.differenceCount - report.differences.length }) }) : null;
  return section(t('diff.headingCount', { count: report.differenceCount }), list, more);
}

/** Marks every element whose data-path differs from what was played. */
export function markDifferences(root, report) {
  for (const d of report.differences || []) {
    const target = root.querySelector(`[data-path="${CSS.escape(d.path)}"]`);
    if (!target) continue;
    target.classList.add('mismatch');
    target.setAttribute('data-played', fmt(d.played));
    target.append(el('span', { class: 'shown', text: t('diff.shown', { played: fmt(d.played) }) }));
    const label = target.getAttribute('aria-label');
    if (label) target.setAttribute('aria-label', t('diff.shownLabel', { label, played: fmt(d.played) }));
  }
}

/** The likely mistakes the core noticed (a hash pasted as a seed, swapped fields). */
export function hintsView(report) {
  if (!report.hints || report.hints.length === 0) return null;
  const label = (name) => (name ? t(`field.${name}`) : '');
  return el('ul', { class: 'hints' }, ...report.hints.map((h) => el('li', {
    'data-hint': h.code, text: t(`hint.${h.code}`, { field: label(h.field), with: label(h.with), commitment: label(h.commitment) }),
  })));
}
