// The self-test: the embedded golden cases, run at load. Passed, it is a quiet line
// in the footer; failed, a red warning at the top of the page.
import { $ } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { V } from './verifier.js';

let result = null;

/** Runs the golden cases once, and (again, in the current language) says how it went. */
export function runSelfTest() {
  const box = $('#selftest');
  const api = V();
  if (!result) result = api && api.selfTest ? api.selfTest() : { passed: 0, failed: 1, failures: ['missing'] };
  const r = result;
  box.className = r.failed === 0 ? 'selftest ok' : 'selftest bad';
  box.setAttribute('data-selftest', r.failed === 0 ? 'passed' : 'failed');
  box.textContent = r.failed === 0
    ? t('page.selftest.passed', { count: r.passed })
    : t('page.selftest.failed', { failures: r.failures.join(', ') });
  if (r.failed !== 0) $('#notices').prepend(box);
}
