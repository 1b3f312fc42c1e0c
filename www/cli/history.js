// `verifier.js --history FILE`: a chain record's whole history (every round of its
// chain from round 1 to the record's round, recomputed while walking to the
// terminal and counted by the core's history walker), or a dice or mines record's
// bets counted against uniform (the core's betsHistory). The walk is the one walk
// loop (www/verify/walk.js) over the history walker, and its outcome goes back to
// the core, which makes the record's report from it: one walk for both.
// Output: `--json` {report, history} (or {error}); `--human` the report's lines,
// then the history's sentences and table (www/render/history.js, the page's words).
import { walkChain } from '../verify/walk.js';
import { errorData } from '../core/errors.js';
import { humanLines } from '../render/history.js';
import { renderHuman } from './human.js';
import { readRecord } from './read.js';
import * as core from './core.js';
import { terminalLines, jsonText } from './safe.js';
import { direction } from '../i18n/i18n.js';

// A record's exit status is its report's (the core's `exit`, SPEC's statuses); input
// that could not be checked exits as invalid input.
const INVALID = 2;

/** A record's bytes → {report, history} or {error} (the core's error as data). */
export async function historyOf(api, bytes) {
  try {
    const text = api.decodeFile(bytes);
    const pending = api.verify(text, { walk: 'pending' });
    if (!pending.walk) {
      if (Array.isArray(pending.bets)) return { report: pending, history: api.betsHistory(text, pending) };
      // Not a chain record with a terminal: the history walker says why (its game,
      // or the missing terminal).
      api.historyWalker(text).free();
      return { report: pending, history: null };
    }
    const walked = await walkChain(api, text, null, { history: true });
    // The outcome as the walker gave it (bound to its hash, terminal and bound), less
    // the counts, which are the history's.
    const { summary, ...outcome } = walked.outcome;
    return { report: api.verify(text, { walk: outcome }), history: summary };
  } catch (e) {
    return { error: errorData(e) };
  }
}

/** Runs --history on `file` ("-": standard input); resolves to the exit status. */
export async function runHistory(api, file, format) {
  const read = await readRecord(file, core);
  const res = read.error ? { error: read.error } : await historyOf(api, read.bytes);
  let text;
  if (format === 'human') {
    const lines = renderHuman(res.error ? { error: res.error } : { report: res.report });
    if (res.history) lines.push('', ...humanLines(res.history));
    text = terminalLines(lines, direction() === 'rtl');
  } else {
    text = jsonText(res.error ? { error: res.error } : { report: res.report, history: res.history }, 2);
  }
  if (!process.stdout.write(text + '\n')) await new Promise((r) => process.stdout.once('drain', r));
  if (res.error) return INVALID;
  return Number.isInteger(res.report.exit) ? res.report.exit : INVALID;
}
