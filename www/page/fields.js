// A form field's text and back, by descriptor `kind`: text (trimmed), hash (trimmed,
// 64 hex), int, list (one per line or a JSON array), seats (seat=seed lines or JSON),
// numbers (comma separated or JSON), json, buyers (baloot), select.
// Values that do not parse are passed on as typed, so the core's error names the field.

/** The text a field shows for a record's value. */
export function toText(f, v) {
  if (v === undefined || v === null) return '';
  switch (f.kind) {
    case 'list': return Array.isArray(v) && v.every((s) => typeof s === 'string' && !s.includes('\n') && s === s.trim() && s !== '')
      ? v.join('\n') : JSON.stringify(v);
    case 'seats': return v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((s) => typeof s === 'string' && s === s.trim() && !s.includes('\n'))
      ? Object.entries(v).map(([k, s]) => `${k}=${s}`).join('\n') : JSON.stringify(v);
    case 'numbers': return Array.isArray(v) ? v.join(', ') : JSON.stringify(v);
    case 'buyers': return Array.isArray(v) ? v.map((h) => (h && h.buyer !== null && h.buyer !== undefined ? h.buyer : '-')).join(', ') : JSON.stringify(v);
    case 'json': return JSON.stringify(v, null, 1);
    default: return typeof v === 'string' ? v : JSON.stringify(v);
  }
}

function parseJsonOr(text, fallback) {
  const t = text.trim();
  if (t.startsWith('[') || t.startsWith('{')) {
    try { return JSON.parse(t); } catch (e) { return fallback(); }
  }
  return fallback();
}

const SKIP = Symbol('skip');
export { SKIP };

/** The record value of a field's text: SKIP to leave the key out. A `json` field
 *  that does not parse throws {code: 'bad_json'} unless `partial`. */
export function fromText(f, raw, partial) {
  const t = raw.trim();
  if (t === '' && f.empty !== 'keep') return f.empty === 'null' ? null : SKIP;
  switch (f.kind) {
    case 'int': return /^-?\d+$/.test(t) && Number.isSafeInteger(Number(t)) ? Number(t) : t;
    case 'list': return parseJsonOr(raw, () => raw.replace(/\r/g, '').replace(/\n+$/, '').split('\n').map((s) => s.trim()));
    case 'seats': return parseJsonOr(raw, () => Object.fromEntries(raw.split(/\r?\n/).filter((l) => l.trim()).map((l) => {
      const i = l.indexOf('=');
      return i < 0 ? [l.trim(), ''] : [l.slice(0, i).trim(), l.slice(i + 1).trim()];
    })));
    case 'numbers': return parseJsonOr(raw, () => t.split(/[\s,;]+/).filter(Boolean).map((s) => (s.trim() !== '' && !isNaN(Number(s)) ? Number(s) : s)));
    case 'buyers': return parseJsonOr(raw, () => t.split(/[\s,;]+/).filter(Boolean).map((s) => ({ buyer: /^\d+$/.test(s) ? Number(s) : (s === '-' || s === 'null' ? null : s) })));
    case 'json':
      try { return JSON.parse(t); } catch (e) {
        if (!partial) throw Object.assign(new Error(e.message), { name: 'VerifyError', code: 'bad_json', field: f.name });
        return t;
      }
    default: return t;
  }
}

/** Inputs that take several lines. */
export const MULTILINE = ['list', 'seats', 'json', 'numbers', 'buyers'];
