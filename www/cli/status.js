// Exit statuses (SPEC): 0 pass, 1 fail, 2 invalid input, 3 unchecked. Over several
// records the worst one wins: invalid input 2 > fail 1 > unchecked 3 > pass 0.

export const EXIT = { pass: 0, fail: 1, invalid: 2, unchecked: 3 };
const RANK = { 0: 0, 3: 1, 1: 2, 2: 3 };

/** The exit status of one result ({report} or {error}). */
export function statusOf(res) {
  if (!res || res.error || !res.report) return EXIT.invalid;
  const v = res.report.verdict;
  if (v === 'pass') return EXIT.pass;
  if (v === 'unchecked') return EXIT.unchecked;
  return EXIT.fail; // fail, or anything a pass cannot be claimed from
}

/** The worse of two exit statuses. */
export function worst(a, b) {
  return RANK[b] > RANK[a] ? b : a;
}
