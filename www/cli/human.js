// The result for a person at a terminal: the verdict, the checks, what differs from
// what was shown, hints and (when nothing could be checked) the error, on one screen.
// Every word comes from the message catalog; seeds, hashes and paths are printed
// verbatim. `--json` gives everything.

const MAX_CHECK_LINES = 12; // ok checks beyond this are counted, failed ones always shown
const MAX_DIFFERENCES = 10;
const MAX_VALUE = 80; // characters of a value shown inline

const MARK = { true: '✓', false: '✗', null: '…' };

function value(v) {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > MAX_VALUE ? s.slice(0, MAX_VALUE - 1) + '…' : s;
}

/** render(res, file) → text for one result ({report} or {error}); `file` heads it when given. */
export function makeRenderer(t) {
  // A message, or the core's code when no catalog has it.
  const say = (key, params, fallback) => t(key, params) ?? fallback ?? key;

  function checkLines(checks) {
    const lines = [];
    const ok = checks.filter((c) => c.ok === true);
    const other = checks.filter((c) => c.ok !== true);
    const shownOk = ok.slice(0, Math.max(0, MAX_CHECK_LINES - other.length));
    for (const c of checks) {
      if (c.ok === true && !shownOk.includes(c)) continue;
      const code = c.code || c.name;
      const params = { ...(c.params || {}), name: c.name };
      lines.push(`  ${MARK[c.ok] || MARK.null} ${say('check.' + code, params, c.label || code)}`);
      if (c.ok === false && c.expected !== undefined) {
        lines.push(`      ${say('cli.published', {}, 'published')}  ${value(c.expected)}`);
        lines.push(`      ${say('cli.computed', {}, 'computed')}  ${value(c.computed)}`);
      }
    }
    const hidden = ok.length - shownOk.length;
    if (hidden > 0) lines.push(`  ${MARK.true} ${say('cli.moreChecks', { count: hidden })}`);
    return lines;
  }

  return function render(res, file) {
    const lines = [];
    if (file) lines.push(`── ${file}`);
    if (res.error) {
      const e = res.error;
      const params = { ...(e.params || {}), field: e.field };
      lines.push(`✗ ${say('verdict.invalid', {}, 'invalid input')}: ${say('err.' + e.code, params, e.message)}`);
      if (e.field) lines.push(`  ${say('cli.field', { field: e.field })}`);
      lines.push(`  (${e.code})`);
      return lines.join('\n');
    }
    const r = res.report;
    const mark = { pass: '✓', fail: '✗' }[r.verdict] || '?';
    lines.push(`${mark} ${say('verdict.' + r.verdict, { scheme: r.scheme })}`);
    const checks = Array.isArray(r.checks) ? r.checks : [];
    if (checks.length) {
      lines.push(say('cli.checks', { count: checks.length }));
      lines.push(...checkLines(checks));
    }
    const diffs = Array.isArray(r.differences) ? r.differences : [];
    const count = typeof r.differenceCount === 'number' ? r.differenceCount : diffs.length;
    if (count > 0) {
      lines.push(say('cli.differences', { count }));
      for (const d of diffs.slice(0, MAX_DIFFERENCES)) {
        lines.push(`  ${d.path}: ${say('cli.played', {}, 'shown')} ${value(d.played)}, ${say('cli.computed', {}, 'computed')} ${value(d.computed)}`);
      }
      if (count > MAX_DIFFERENCES) lines.push(`  ${say('cli.moreDifferences', { count: count - MAX_DIFFERENCES })}`);
    }
    const hints = Array.isArray(r.hints) ? r.hints : [];
    if (hints.length) {
      lines.push(say('cli.hints', { count: hints.length }));
      for (const h of hints) lines.push(`  • ${say('hint.' + h.code, { ...h, ...(h.params || {}) }, h.code)}`);
    }
    if (Array.isArray(r.missing) && r.missing.length) {
      lines.push(say('cli.missing', { fields: r.missing.join(', ') }));
    }
    lines.push(say('cli.fullReport', {}, '(--json: the full report)'));
    return lines.join('\n');
  };
}
