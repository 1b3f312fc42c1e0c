// The self-test: the golden cases embedded at build time (one per scheme and game,
// from the reference implementations' vectors) run through `verify`.
import { GOLDEN } from 'fv:golden';
import { deepEqual } from './equal.js';

/** {passed, failed, failures: [case names]} */
export function selfTest(verify) {
  let passed = 0;
  const failures = [];
  for (const c of GOLDEN) {
    let ok;
    try {
      const r = verify(c.record);
      // SPEC "Vectors": null in `expect` means the key is absent (or null).
      const holds = (k) => (c.expect[k] === null ? r[k] === undefined || r[k] === null : deepEqual(r[k], c.expect[k]));
      ok = c.expect.error !== true && Object.keys(c.expect).every(holds);
    } catch (e) {
      ok = c.expect.error === true && e.name === 'VerifyError' && e.code !== 'internal';
    }
    if (ok) passed++; else failures.push(c.name);
  }
  return { passed, failed: failures.length, failures };
}
