// The self-test banner: the embedded golden cases, run at load.
import { $ } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { V } from './verifier.js';

export function runSelfTest() {
  const box = $('#selftest');
  const api = V();
  const r = api.selfTest ? api.selfTest() : { passed: 0, failed: 1, failures: ['missing'] };
  box.className = r.failed === 0 ? 'selftest ok' : 'selftest bad';
  box.setAttribute('data-selftest', r.failed === 0 ? 'passed' : 'failed');
  box.textContent = r.failed === 0
    ? t('page.selftest.passed', { count: r.passed })
    : t('page.selftest.failed', { failures: r.failures.join(', ') });
}
