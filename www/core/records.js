// A named record `{"name": …, "record": {…}}` (a named record has no `scheme` of its
// own), as the core unwraps it (src/input.rs unwrap_record). What a pasted text is,
// and the records in it, the core says (`classify`, `splitRecords`).

/** Is this parsed value a named record `{name, record}`? */
export function isNamed(v) {
  return !!v && typeof v === 'object' && !Array.isArray(v) && 'record' in v && !('scheme' in v);
}
