// The self-test: the embedded golden cases, run where the core runs (the page's
// worker: www/verify/tasks.js `about`) once the page has started. Passed, it is a
// quiet line in the footer; failed, a red warning at the top of the page. Until the
// answer comes the line says that it is running.
import { $ } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';

let result = null;

/** Says how the self-test went (again, in the current language); `r` is the
 *  core's answer ({passed, failed, failures}) when it comes. */
export function runSelfTest(r) {
  if (r) result = r;
  const box = $('#selftest');
  if (!result) {
    box.textContent = t('page.selftest.running');
    return;
  }
  const ok = result.failed === 0 && result.passed > 0;
  box.className = ok ? 'selftest ok' : 'selftest bad';
  box.setAttribute('data-selftest', ok ? 'passed' : 'failed');
  box.textContent = ok
    ? t('page.selftest.passed', { count: result.passed })
    : t('page.selftest.failed', { failures: result.failures.join(', ') });
  if (!ok) $('#notices').prepend(box);
}
