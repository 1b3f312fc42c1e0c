// @ts-check
// A catalog as the list of its values in the order of a list of keys given once for
// every language (null: a key the catalog lacks). The page's catalogs
// (tools/page.mjs) and the badge's (tools/bundle.mjs catalogSubset) are packed this
// way, so that 1,400 key names are not packed six times; both are made and read
// here, once.

/** The values of `catalog` in the order of `keys`, null where it has none.
 * @param {string[]} keys @param {Record<string, unknown>} catalog @returns {unknown[]} */
export const toValues = (keys, catalog) => keys.map((k) => (Object.hasOwn(catalog, k) ? catalog[k] : null));

/** The catalog back from its keys and values (a null value: no key).
 * @param {unknown[]} keys @param {unknown[]} values @returns {Record<string, any>} */
export function fromValues(keys, values) {
  /** @type {Record<string, any>} */
  const out = {};
  keys.forEach((k, i) => { if (typeof k === 'string' && values[i] !== null && values[i] !== undefined) out[k] = values[i]; });
  return out;
}
