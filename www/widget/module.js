// The entry of pkg/widget.mjs (an ES module): the same badge and verifier as
// widget.js, as exports. Importing it registers <fair-verify> (once per page).
//   import { FairVerifier, FairVerifyElement, mount } from './widget.mjs';
import { createApi } from '../core/api.js';
import { defineElement } from './element.js';
import { makeMount } from './mount.js';
import { explain } from './words.js';

export const FairVerifier = createApi({ explain });
export const FairVerifyElement = defineElement(FairVerifier, import.meta.url);
export const mount = makeMount();
export const ready = FairVerifier.ready;
export const version = FairVerifier.version;
export default FairVerifier;
