// What the paste box reads to say what it found and to fill the form: a bare
// record, or `{"name": …, "record": {…}}` (a named record has no `scheme` of its
// own). The records themselves are cut out and verified by the core
// (`splitRecords`, `verify`), never from this reading.

/** Is this parsed value a named record `{name, record}`? */
export function isNamed(v) {
  return !!v && typeof v === 'object' && !Array.isArray(v) && 'record' in v && !('scheme' in v);
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
