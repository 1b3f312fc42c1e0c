// The examples menu: records embedded by the build (tools/page.mjs), each titled by
// message keys.
import { el, $ } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';

function examples() {
  const node = document.getElementById('fv-examples');
  if (!node) return [];
  try { return JSON.parse(node.textContent); } catch (e) { return []; }
}

const title = (keys) => keys.map((k) => t(k)).reduce((a, b) => t('example.join', { a, b }));

export function wireExamples(loadRecord) {
  const ex = $('#examples');
  const list = examples();
  ex.append(...list.map((c, i) => el('option', { value: String(i), text: title(c.title) })));
  ex.addEventListener('change', () => {
    const c = list[Number(ex.value)];
    if (c) loadRecord(JSON.parse(JSON.stringify(c.record)));
  });
}
