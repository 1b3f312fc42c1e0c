// The one reader of record lines: a bare record, or `{"name": …, "record": {…}}`
// (a named record has no `scheme` of its own). Used by the page's paste box, files
// and batches, and by `verifier.js --jsonl`.

/** Is this parsed value a named record `{name, record}`? */
export function isNamed(v) {
  return !!v && typeof v === 'object' && !Array.isArray(v) && 'record' in v && !('scheme' in v);
}

/** One parsed item (or raw text that did not parse) as {name, record, text}: `text`
 *  is the JSON text to verify (the core reports bad JSON for this item only). */
export function recordEntry(item, fallbackName) {
  const named = isNamed(item);
  const record = named ? item.record : item;
  let text;
  try {
    text = typeof record === 'string' ? record : JSON.stringify(record === undefined ? null : record);
  } catch (e) {
    text = '?';
  }
  const name = named && item.name !== undefined ? item.name : fallbackName;
  return { name, record, text };
}

/** Parses one line: the value, or the line itself when it is not JSON. */
export function parseLine(line) {
  try { return JSON.parse(line); } catch (e) { return line; }
}

/** Text that is one JSON value, or JSON lines: {value} | {lines: [values]} | {error}. */
export function readRecords(text) {
  const t = text.trim();
  if (!t) return { lines: [] };
  try {
    return { value: JSON.parse(t) };
  } catch (e) {
    const lines = t.split(/\r?\n/).filter((l) => l.trim());
    if (lines.length > 1) return { lines: lines.map(parseLine) };
    return { error: e };
  }
}
