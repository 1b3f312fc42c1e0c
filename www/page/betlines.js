// Dice and mines bets pasted as lines (SPEC §7 "Every bet under one server seed"):
//   dice:  nonce, selection, result     (result: the face you saw; optional)
//   mines: nonce, mines, positions      (positions: the mine cells you saw; optional)
// Pure functions, no DOM and no words: they return codes, which www/page/betsui.js
// puts into sentences. What is read:
// - separators: tab, else semicolon, else comma (each line's own);
//   "quoted" fields keep separators inside them;
// - an optional header line; when its names say which column is which (time,
//   selection, result, mines, positions, client seed…), the columns are taken by
//   name, else in the order above; other columns are ignored and said so;
// - the nonce: the bet's time in milliseconds (SPEC), or an ISO 8601 date-time
//   that converts to milliseconds EXACTLY: with its milliseconds and an explicit
//   offset (Z, +02:00, +0200, UTC). A local time without offset is refused (it could
//   be several moments), so is a time without milliseconds or with a fraction finer
//   than a millisecond that is not zero;
// - a dice selection: faces 1–6 separated by spaces (or commas, slashes… inside
//   the field), a range "1-3" (1, 2 and 3) or digits run together "123" (1, 2, 3);
// - a result: the face 1–6 (words after it, "4 win", are ignored); mine positions:
//   cells 1–25. An empty optional column, or "-", means not given.
// Nothing here decides anything about fairness: the bets go to the core.

/** Column roles. */
export const NONCE = 'nonce';
export const SELECTION = 'selection';
export const RESULT = 'result';
export const MINES = 'mines';
export const POSITIONS = 'positions';
export const CLIENT_SEED = 'clientSeed';

/** The columns of each game, in their default order. */
export const COLUMNS = { dice: [NONCE, SELECTION, RESULT], mines: [NONCE, MINES, POSITIONS] };

/** The separator of a line: tab, else semicolon, else comma (outside quotes). */
export function separatorOf(line) {
  const bare = line.replace(/"(?:[^"]|"")*"/g, '');
  if (bare.includes('\t')) return '\t';
  if (bare.includes(';')) return ';';
  return ',';
}

/** A line's fields: split at `sep` outside "quotes" ("" is a quote inside);
 *  unquoted fields are trimmed, quoted ones kept exactly. */
export function splitLine(line, sep) {
  const out = [];
  let i = 0;
  for (;;) {
    while (i < line.length && line[i] !== sep && /\s/.test(line[i])) i++;
    let field = '';
    if (line[i] === '"') {
      i++;
      for (;;) {
        if (i >= line.length) break;
        if (line[i] === '"') {
          if (line[i + 1] === '"') { field += '"'; i += 2; continue; }
          i++;
          break;
        }
        field += line[i++];
      }
      while (i < line.length && line[i] !== sep) i++;
    } else {
      const end = line.indexOf(sep, i);
      field = (end < 0 ? line.slice(i) : line.slice(i, end)).trim();
      i = end < 0 ? line.length : end;
    }
    out.push(field);
    if (i >= line.length) break;
    i++; // the separator
    if (i === line.length) { out.push(''); break; }
  }
  return out;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(.*)$/i;
const OFFSET = /^(?:(Z|UTC|GMT)|([+\-\u2212])(\d{2})(?::?(\d{2}))?)$/i;

/** An ISO 8601 date-time as exact milliseconds since 1970 (UTC):
 *  {nonce} or {error: noOffset | noMillis | finerThanMillis | badTime}. */
export function parseDateTime(text) {
  const s = String(text).trim();
  const m = DATE_TIME.exec(s);
  if (!m) return { error: 'badTime' };
  const [, y, mo, d, h, mi, sec, frac, rest] = m;
  let offset = 0;
  if (rest === '') return { error: 'noOffset' };
  const o = OFFSET.exec(rest);
  if (!o) return { error: 'badTime' };
  if (!o[1]) {
    const oh = Number(o[3]);
    const om = o[4] === undefined ? 0 : Number(o[4]);
    if (oh > 23 || om > 59) return { error: 'badTime' };
    offset = (o[2] === '+' ? 1 : -1) * (oh * 60 + om) * 60000;
  }
  if (sec === undefined || frac === undefined || frac.length < 3) return { error: 'noMillis' };
  if (/[^0]/.test(frac.slice(3))) return { error: 'finerThanMillis' };
  const n = { y: Number(y), mo: Number(mo), d: Number(d), h: Number(h), mi: Number(mi), s: Number(sec), ms: Number(frac.slice(0, 3)) };
  if (n.mo < 1 || n.mo > 12 || n.d < 1 || n.h > 23 || n.mi > 59 || n.s > 59) return { error: 'badTime' };
  const date = new Date(0);
  date.setUTCFullYear(n.y, n.mo - 1, n.d);
  if (date.getUTCDate() !== n.d || date.getUTCMonth() !== n.mo - 1) return { error: 'badTime' }; // 31 April
  date.setUTCHours(n.h, n.mi, n.s, n.ms);
  const ms = date.getTime() - offset;
  return Number.isSafeInteger(ms) ? { nonce: ms } : { error: 'badTime' };
}

/** A nonce column's value: {nonce, from: 'ms' | 'date'} or {error}. */
export function parseNonce(text) {
  const s = String(text).trim();
  if (/^[-\u2212]?\d+$/.test(s)) {
    const n = Number(s.replace('\u2212', '-'));
    return Number.isSafeInteger(n) ? { nonce: n, from: 'ms' } : { error: 'nonceRange' };
  }
  if (/^\d{4}-\d{2}-\d{2}/.test(s)) {
    const r = parseDateTime(s);
    return r.error ? r : { nonce: r.nonce, from: 'date' };
  }
  return { error: 'nonce' };
}

/** Does a field look like a nonce (digits, or a date-time, even one refused)? */
const nonceLike = (s) => /^[-\u2212]?\d+$/.test(s) || /^\d{4}-\d{2}-\d{2}[T ]\d/.test(s);

const EMPTY = (s) => s === '' || s === '-' || s === '\u2013' || s === '\u2014';

/** A dice selection: {faces, how: 'list' | 'range' | 'digits'} or {error: 'selection'}. */
export function parseSelection(text) {
  const s = String(text).trim().replace(/^\[(.*)\]$/, '$1');
  const tokens = s.split(/[\s,;/|+&]+/).filter(Boolean);
  if (!tokens.length) return { error: 'selection' };
  const faces = [];
  let how = 'list';
  for (const tok of tokens) {
    const range = /^([1-6])\s*(?:-|\u2013|\.\.)\s*([1-6])$/.exec(tok);
    if (range) {
      const a = Number(range[1]);
      const b = Number(range[2]);
      if (a > b) return { error: 'selection' };
      for (let f = a; f <= b; f++) faces.push(f);
      how = 'range';
    } else if (/^[1-6]+$/.test(tok)) {
      for (const c of tok) faces.push(Number(c));
      if (tok.length > 1 && how === 'list') how = 'digits';
    } else {
      return { error: 'selection' };
    }
  }
  return { faces, how };
}

/** A dice result: the face 1–6 ("4", "4 win", "4 (loss)"); {face} or {error: 'face'}. */
export function parseFace(text) {
  const m = /^([1-6])(?:\s*[^\d\s].*|\s*)$/.exec(String(text).trim());
  return m ? { face: Number(m[1]) } : { error: 'face' };
}

/** A number of mines 0–25: {mines} or {error: 'mineCount'}. */
export function parseMineCount(text) {
  const s = String(text).trim();
  return /^\d{1,2}$/.test(s) && Number(s) <= 25 ? { mines: Number(s) } : { error: 'mineCount' };
}

/** Mine positions, cells 1–25 in the order given: {cells} or {error: 'positions'}. */
export function parsePositions(text) {
  const s = String(text).trim().replace(/^\[(.*)\]$/, '$1');
  const tokens = s.split(/[\s,;/|+&]+/).filter(Boolean);
  if (!tokens.length || !tokens.every((x) => /^\d{1,2}$/.test(x) && Number(x) >= 1 && Number(x) <= 25)) return { error: 'positions' };
  return { cells: tokens.map(Number) };
}

/** A header name's role (game-independent where it can be), or null. */
function headerRole(name) {
  const n = name.toLowerCase().replace(/[^a-z]/g, '');
  if (/^(nonce|time|timestamp|date|datetime|dateandtime|when|createdat|placedat|bettime|ms|millis|milliseconds|timems)$/.test(n)) return NONCE;
  if (/^(selection|selected|selections|numbers|yournumbers|faces|pick|picks|picked|prediction|chosen|bet|betnumbers)$/.test(n)) return SELECTION;
  if (/^(face|roll|rolled|die|dice|diceresult|rolledface)$/.test(n)) return 'face';
  if (/^(result|outcome|shown|youwereshown|yousaw)$/.test(n)) return RESULT;
  if (/^(mines|minecount|minescount|numberofmines|bombs|bombcount)$/.test(n)) return MINES;
  if (/^(positions|position|cells|minepositions|minecells|mineswere|minesat|board|bombpositions)$/.test(n)) return POSITIONS;
  if (/^(clientseed|client|clientseeds)$/.test(n)) return CLIENT_SEED;
  return null;
}

/** The columns a header names, for `game` (or the game it names, when `game` is
 *  null): {game, map: [role|null a column]} when it names the nonce and the
 *  selection or mine count; else null. */
function headerColumns(fields, game) {
  const roles = fields.map(headerRole);
  const named = game || (roles.includes(SELECTION) || roles.includes('face') ? 'dice'
    : roles.includes(MINES) || roles.includes(POSITIONS) ? 'mines' : null);
  if (!named) return null;
  const map = roles.map((r) => {
    if (r === 'face') return named === 'dice' ? RESULT : null;
    if (r === RESULT) return named === 'dice' ? RESULT : POSITIONS;
    return r;
  });
  // Each role once: a second column of the same role is ignored.
  const seen = new Set();
  const once = map.map((r) => (r && !seen.has(r) && COLUMNS[named].concat(CLIENT_SEED).includes(r) ? (seen.add(r), r) : null));
  return once.includes(NONCE) && once.includes(COLUMNS[named][1]) ? { game: named, map: once } : null;
}

/** Which game the rows are (without a header): 'dice', 'mines' or null (either). */
function gameOfRows(rows) {
  let dice = 0;
  let mines = 0;
  for (const r of rows) {
    const a = r[1] === undefined ? '' : r[1];
    const b = r[2] === undefined ? '' : r[2];
    if (/^\d+$/.test(a)) {
      const n = Number(a);
      if (n === 0 || (n > 6 && n <= 25 && !/^[1-6]+$/.test(a))) mines++;
      else if (n > 25 && /^[1-6]+$/.test(a)) dice++;
    } else if (!parseSelection(a).error) dice++;
    if (!EMPTY(b)) {
      const cells = parsePositions(b);
      if (!cells.error && (cells.cells.length > 1 || cells.cells[0] > 6)) mines++;
    }
  }
  return dice && !mines ? 'dice' : mines && !dice ? 'mines' : null;
}

/** Non-empty lines with their 1-based line numbers (a BOM and "#" comments dropped). */
function linesOf(text) {
  return String(text).replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
    .map((l, i) => ({ line: i + 1, text: l }))
    .filter((l) => l.text.trim() !== '' && !l.text.trim().startsWith('#'));
}

/** Does `text` look like bet lines (every data line starts with a nonce or a
 *  date-time and has at least two columns; a header line is allowed)? */
export function looksLikeBetLines(text) {
  const s = String(text).trim();
  if (!s || /^[[{]/.test(s)) return false;
  const lines = linesOf(s);
  if (!lines.length) return false;
  const rows = lines.map((l) => splitLine(l.text, separatorOf(l.text)));
  const data = rows.filter((r) => nonceLike(r[0]) && r.length >= 2);
  return data.length > 0 && data.length >= rows.length - 1 && (data.length === rows.length || !nonceLike(rows[0][0]));
}

/**
 * Reads bet lines. `options.game`: 'dice' | 'mines' when known (the form's game);
 * `options.prefer`: the game to take when the lines could be either.
 * Returns {ok: true, game, bets, count, columns: [{role, header?, from?}],
 *   ignored: [{column (1-based), header?}], header (bool), separator,
 *   selection: {how, text, faces} (the first selection not written as a plain list)}
 * or {ok: false, error: {code, line?, value?, column?}, game?}. Error codes:
 * empty, columns, nonce, nonceRange, badTime, noOffset, noMillis, finerThanMillis,
 * selection, face, mineCount, positions, game.
 */
export function readBetLines(text, options = {}) {
  const lines = linesOf(text);
  if (!lines.length) return { ok: false, error: { code: 'empty' } };
  // The separator: of the first data line (a header may be written differently).
  const sep0 = separatorOf(lines[0].text);
  const first = splitLine(lines[0].text, sep0);
  const hasHeader = !nonceLike(first[0]);
  const dataLines = hasHeader ? lines.slice(1) : lines;
  if (!dataLines.length) return { ok: false, error: { code: 'empty' } };
  const sep = separatorOf(dataLines[0].text);
  const rows = dataLines.map((l) => ({ line: l.line, fields: splitLine(l.text, separatorOf(l.text)) }));
  const headerFields = hasHeader ? splitLine(lines[0].text, lines[0].text.includes(sep) ? sep : sep0) : null;

  let game = options.game === 'dice' || options.game === 'mines' ? options.game : null;
  const byName = headerFields ? headerColumns(headerFields, game) : null;
  if (!game && byName) game = byName.game;
  if (!game) game = gameOfRows(rows.map((r) => r.fields));
  if (!game) game = options.prefer === 'mines' ? 'mines' : 'dice';

  const width = Math.max(...rows.map((r) => r.fields.length));
  const map = byName && byName.game === game ? byName.map.slice() : COLUMNS[game].slice();
  while (map.length < width) map.push(null);
  const at = (role) => map.indexOf(role);
  const setting = COLUMNS[game][1];
  const outcome = COLUMNS[game][2];

  const bets = [];
  let from = null;
  let selection = null;
  for (const { line, fields } of rows) {
    const get = (role) => (at(role) < 0 || fields[at(role)] === undefined ? '' : fields[at(role)]);
    if (fields.length < 2 || EMPTY(get(setting))) return { ok: false, game, error: { code: 'columns', line, value: fields.length } };
    const n = parseNonce(get(NONCE));
    if (n.error) return { ok: false, game, error: { code: n.error, line, value: get(NONCE) } };
    from = from === null || from === n.from ? n.from : 'both';
    const bet = { nonce: n.nonce };
    if (game === 'dice') {
      const sel = parseSelection(get(SELECTION));
      if (sel.error) return { ok: false, game, error: { code: 'selection', line, value: get(SELECTION) } };
      if (sel.how !== 'list' && !selection) selection = { how: sel.how, text: get(SELECTION), faces: sel.faces };
      bet.selected = sel.faces;
    } else {
      const c = parseMineCount(get(MINES));
      if (c.error) return { ok: false, game, error: { code: 'mineCount', line, value: get(MINES) } };
      bet.mines = c.mines;
    }
    if (at(CLIENT_SEED) >= 0 && fields[at(CLIENT_SEED)] !== undefined) bet.clientSeed = fields[at(CLIENT_SEED)];
    const seen = get(outcome);
    if (!EMPTY(seen)) {
      if (game === 'dice') {
        const f = parseFace(seen);
        if (f.error) return { ok: false, game, error: { code: 'face', line, value: seen } };
        bet.played = { face: f.face };
      } else {
        const p = parsePositions(seen);
        if (p.error) return { ok: false, game, error: { code: 'positions', line, value: seen } };
        bet.played = { mines: p.cells };
      }
    }
    bets.push(bet);
  }
  // The columns read, in the order of the role list, and those ignored.
  const used = (role) => at(role) >= 0 && rows.some((r) => r.fields[at(role)] !== undefined && (role === CLIENT_SEED || !EMPTY(r.fields[at(role)])));
  const columns = COLUMNS[game].concat(CLIENT_SEED).filter(used).map((role) => {
    const c = { role };
    if (headerFields && byName && headerFields[at(role)] !== undefined) c.header = headerFields[at(role)];
    if (role === NONCE) c.from = from;
    return c;
  });
  const ignored = [];
  for (let i = 0; i < width; i++) {
    if (map[i] === null && rows.some((r) => r.fields[i] !== undefined && r.fields[i] !== '')) {
      ignored.push(headerFields && headerFields[i] ? { column: i + 1, header: headerFields[i] } : { column: i + 1 });
    }
  }
  return { ok: true, game, bets, count: bets.length, columns, ignored, header: hasHeader, separator: sep, selection };
}
