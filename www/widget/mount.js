/** FairVerify.mount(element, {commitment, record, label, page, remember, lang, worker}):
 *  for sites without custom elements in their markup; returns the badge. */
export function makeMount() {
  return function mount(element, opts) {
    const o = opts || {};
    const badge = document.createElement('fair-verify');
    for (const k of ['label', 'page', 'remember', 'lang', 'worker']) if (o[k] !== undefined) badge.setAttribute(k, o[k]);
    if (o.commitment) badge.setAttribute('commitment', o.commitment);
    element.append(badge);
    if (o.record !== undefined) badge.record = o.record;
    return badge;
  };
}
