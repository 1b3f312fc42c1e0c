// Pasted or opened text cut into record texts without parsing them in JavaScript:
// the core parses each record from its own text (a JSON.parse → stringify round
// trip would turn 1e309 into null, i.e. "absent"). This only finds where values
// begin and end: strings (with escapes), objects and arrays by nesting; anything
// malformed is handed on as is and the core names the problem.

const WS = new Set([' ', '\t', '\n', '\r']);

function skipWs(s, i) {
  while (i < s.length && WS.has(s[i])) i++;
  return i;
}

function stringEnd(s, i) {
  // s[i] === '"'
  for (let j = i + 1; j < s.length; j++) {
    const c = s[j];
    if (c === '\\') j++;
    else if (c === '"') return j + 1;
  }
  return s.length;
}

/** The end (exclusive) of the JSON value starting at i (after whitespace). */
export function valueEnd(s, i) {
  const c = s[i];
  if (c === '"') return stringEnd(s, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; j < s.length; j++) {
      const d = s[j];
      if (d === '"') { j = stringEnd(s, j) - 1; continue; }
      if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') { depth--; if (depth === 0) return j + 1; }
    }
    return s.length;
  }
  let j = i;
  while (j < s.length && !WS.has(s[j]) && s[j] !== ',' && s[j] !== ']' && s[j] !== '}') j++;
  return j === i ? i + 1 : j;
}

/** Top-level members of an object's text: [{key (raw JSON text), start, end}]; null when not an object. */
function members(s) {
  let i = skipWs(s, 0);
  if (s[i] !== '{') return null;
  const out = [];
  i = skipWs(s, i + 1);
  while (i < s.length && s[i] !== '}') {
    if (s[i] !== '"') return null;
    const ke = stringEnd(s, i);
    const key = s.slice(i, ke);
    i = skipWs(s, ke);
    if (s[i] !== ':') return null;
    const vs = skipWs(s, i + 1);
    const ve = valueEnd(s, vs);
    out.push({ key, start: vs, end: ve });
    i = skipWs(s, ve);
    if (s[i] === ',') i = skipWs(s, i + 1);
  }
  return out;
}

function keyName(raw) {
  try { return JSON.parse(raw); } catch (e) { return null; }
}

/** One item's text: a bare record, or `{"name": …, "record": {…}}` (no `scheme` of
 *  its own): {name?, text (the record's own text)}. */
export function unwrap(text) {
  const m = members(text);
  if (!m) return { text };
  const by = new Map(m.map((x) => [keyName(x.key), x]));
  if (!by.has('record') || by.has('scheme')) return { text };
  const r = by.get('record');
  const n = by.get('name');
  let name;
  if (n) {
    const raw = text.slice(n.start, n.end);
    try { name = JSON.parse(raw); } catch (e) { name = raw; }
  }
  return { name, text: text.slice(r.start, r.end) };
}

/** {kind: 'empty'} | {kind: 'one', text, name?} | {kind: 'many', items: [{text, name?, line?}]}. */
export function splitRecords(input) {
  const s = String(input).replace(/^\uFEFF/, '');
  const start = skipWs(s, 0);
  if (start >= s.length) return { kind: 'empty' };
  const end = valueEnd(s, start);
  const rest = skipWs(s, end);
  if (rest >= s.length) {
    // One value: an array of records, or one record.
    if (s[start] === '[') {
      const items = [];
      let i = skipWs(s, start + 1);
      while (i < end - 1 && s[i] !== ']') {
        const e = valueEnd(s, i);
        items.push(unwrap(s.slice(i, e)));
        i = skipWs(s, e);
        if (s[i] === ',') i = skipWs(s, i + 1);
        else if (s[i] !== ']') break;
      }
      return { kind: 'many', items };
    }
    return { kind: 'one', ...unwrap(s.slice(start, end)) };
  }
  // JSON lines: one record a line, numbered as in the text.
  const items = [];
  const lines = s.split('\n');
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k].replace(/\r$/, '');
    if (!l.trim()) continue;
    items.push({ ...unwrap(l.trim()), line: k + 1 });
  }
  return items.length === 1 ? { kind: 'one', ...items[0] } : { kind: 'many', items };
}
