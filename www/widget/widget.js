// The entry of pkg/widget.js: the verifier (wasm gzipped) and the <fair-verify>
// element, with `FairVerify` (mount, Element, verify, ready) for host pages.
import { createApi } from '../core/api.js';
import { defineElement } from './element.js';

const api = createApi();
if (!globalThis.FairVerifier) globalThis.FairVerifier = api;
const Element = defineElement(api);

/** For sites without custom elements in their markup: mounts a badge in `element`. */
function mount(element, opts) {
  const o = opts || {};
  const badge = document.createElement('fair-verify');
  for (const k of ['label', 'page', 'remember', 'lang']) if (o[k] !== undefined) badge.setAttribute(k, o[k]);
  if (o.commitment) badge.setAttribute('commitment', o.commitment);
  element.append(badge);
  if (o.record !== undefined) badge.record = o.record;
  return badge;
}

globalThis.FairVerify = {
  mount, Element, verify: api.verify, ready: api.ready, version: api.version,
  get wasmSha256() { return api.wasmSha256; },
};
