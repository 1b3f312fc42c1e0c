// @ts-check
// What explains a difference, said first (SPEC "When what was shown differs: where it
// comes from"; issue 41): the core's `diagnosis` with its facts in the game's terms
// (`diagnosisWhere`: seats, players, deals, bets, never paths), else a hint that
// explains the failed check (a copying mistake, a look-alike character, a terminal
// that commits to nothing). No DOM: the page's banner, the badge's popover, the CLI's
// `--human` and the evidence file say the same lines. The operator's support is named
// only when nothing here applies.
import { t, has } from '../i18n/i18n.js';
import { typoHint, hintParams, hintKey, ltrText, nonceTooShort, latinFold, diagnosisOf } from './words.js';
import { fieldLabel } from './fields.js';

export { diagnosisOf };

/** Hints about the input itself that may explain a fail (no check of their own). */
const INPUT_HINTS = new Set(['lookalike_char', 'invisible_char', 'nonce_unit', 'seed_wrapped']);
/** Whether a hint's "what to do" is said: not a longer walk's (step_limit) when a
 *  terminal that commits to nothing leads, whose fix is another terminal (issue 44).
 * @param {any} r @param {import('./types').HintLike} h @returns {boolean} */
export const todoShown = (r, h) => !(h && h.code === 'step_limit' && Array.isArray(r && r.hints)
  && r.hints.some((/** @type {any} */ x) => CHAIN_HINTS.has(x.code)));
/** Hints that lead a pass: the outcome recomputed is another input's than the form shows. */
const PASS_HINTS = new Set(['lookalike_char', 'invisible_char', 'nonce_unit']);
/** Notes that lead a pass whose outcome is still the game's (turn-9 reading): equal
 *  chess seeds (the colour was not drawn), a record's field nothing read (what the
 *  player put there was not compared). Said in the banner, never only at the bottom. */
const PASS_NOTES = new Set(['seeds_equal', 'unknown_field']);
/** Slips an operator could have made too (the seeds dealt in another order, a seed
 *  dropped): said as a condition, never as the player's fault alone. */
const SEED_SLIPS = new Set(['order', 'empty']);
/** Hints that say a chain round's terminal commits to nothing. */
const CHAIN_HINTS = new Set(['terminal_unpublished', 'terminal_other_game']);

/** Whether the core cut the walk at its step limit (hint `step_limit`).
 * @param {any} r @returns {boolean} */
export const stepLimited = (r) => Array.isArray(r && r.hints) && r.hints.some((/** @type {any} */ h) => h.code === 'step_limit');

/** Whose chain a terminal ends, from the core's hints (`terminal_unpublished`,
 *  `terminal_other_game`): `{kind: 'private'}` for one the record or the text brought,
 *  `{kind: 'otherGame', game}` (the game's name in `lang`) for another game's
 *  published one, null for this game's own (or when nothing says). Texts that
 *  would say "the published terminal" say which one instead. */
/** @param {any} r @param {string} [lang] */
export function terminalOwner(r, lang) {
  /** @type {import('./types').HintLike[]} */
  const hints = Array.isArray(r && r.hints) ? r.hints : [];
  if (hints.some((h) => h.code === 'terminal_unpublished')) return { kind: 'private' };
  const other = hints.find((h) => h.code === 'terminal_other_game');
  if (!other) return null;
  const g = typeof other.game === 'string' ? other.game : '';
  return { kind: 'otherGame', game: has(`game.${g}`, lang) ? t(`game.${g}`, {}, lang) : g };
}

/** The hints a verdict leads with: on a fail, one tied to a failed check, about the
 *  input or the terminal; on unchecked, a terminal that commits to nothing. */
/** @param {import('./types').Report} r @returns {import('./types').HintLike[]} */
export function leadHints(r) {
  /** @type {import('./types').HintLike[]} */
  const hints = r && Array.isArray(r.hints) ? r.hints : [];
  if (r.verdict === 'fail') {
    // A hint about the input explains a difference in what was shown, never a failed
    // commitment check (a look-alike in a client seed does not make a seed miss its hash).
    const onlyPlayed = (r.checks || []).filter((c) => c.ok === false).every((c) => c.code === 'played');
    return hints.filter((h) => typoHint(h) || (onlyPlayed && INPUT_HINTS.has(h.code)) || CHAIN_HINTS.has(h.code));
  }
  // A terminal that commits to nothing leads even when the walk was also cut by its
  // step limit: the fix is another terminal, not a longer walk (issue 44); the
  // step-limit sentence follows it (leadOf).
  if (r.verdict === 'unchecked') return hints.filter((h) => CHAIN_HINTS.has(h.code));
  // A pass recomputed from a seed with a character that looks like another (or like
  // nothing), or from a nonce in seconds: the seeds hold, but the outcome shown is
  // another input's; said first, never a screen below the banner (SPEC: these hints
  // are given on any verdict).
  if (r.verdict === 'pass') {
    const lead = hints.filter((h) => PASS_HINTS.has(h.code));
    return lead.length ? lead : hints.filter((h) => PASS_NOTES.has(h.code));
  }
  return [];
}


/** A hint's title key: its kind's own where it has kinds (lookalike_char: a space or
 *  line break at either end is no character "that only looks right", issue 44), else
 *  its code's, else null.
 * @param {import('./types').HintLike} h @param {string} [lang] @returns {string | null} */
export function hintTitleKey(h, lang) {
  if (nonceTooShort(h) && has(`lead.title.${h.code}.short`, lang)) return `lead.title.${h.code}.short`;
  if (latinFold(h) && has('lead.title.lookalike_char.latin', lang)) return 'lead.title.lookalike_char.latin';
  const own = typeof h.kind === 'string' ? `lead.title.${h.code}.${h.kind}` : null;
  if (own && h.codePoint === 32 && has(`${own}.space`, lang)) return h.position === 0 && has(`${own}.space.start`, lang) ? `${own}.space.start` : `${own}.space`;
  if (own && has(own, lang)) return own;
  return has(`lead.title.${h.code}`, lang) ? `lead.title.${h.code}` : null;
}

/** A hint's title, one per kind ("Possibly a copying mistake: two fields swapped."). */
/** @param {import('./types').HintLike} h @param {string} [lang] */
export function hintTitle(h, lang) {
  const p = hintParams(h, fieldLabel, lang);
  const key = hintTitleKey(h, lang);
  if (key) return t(key, p, lang);
  return t(has(`render.hint.label.${h.code}`, lang) ? `render.hint.label.${h.code}` : 'render.hint.label', {}, lang);
}

/** A hint's sentence and what to do ({text, todo}). */
/** @param {import('./types').HintLike} h @param {string} [lang] */
export function hintSentences(h, lang) {
  const p = hintParams(h, fieldLabel, lang);
  const todo = hintTodoKey(h, lang);
  return { text: t(hintKey(h, lang), p, lang), todo: todo ? t(todo, p, lang) : null };
}

/** A hint's "what to do" key, or null: a seed typed on another keyboard layout has
 *  its own (switch the layout or copy it again: retyping by hand on a Cyrillic
 *  layout makes the same letters again). */
/** @param {import('./types').HintLike} h @param {string} [lang] @returns {string | null} */
export function hintTodoKey(h, lang) {
  if (latinFold(h) && has('render.hint.lookalike_char.latin.todo', lang)) return 'render.hint.lookalike_char.latin.todo';
  // A kind with its own fix (seeds_equal `copied`: copy B's seed again).
  if (typeof h.kind === 'string' && has(`render.hint.${h.code}.${h.kind}.todo`, lang)) return `render.hint.${h.code}.${h.kind}.todo`;
  return has(`render.hint.${h.code}.todo`, lang) ? `render.hint.${h.code}.todo` : null;
}

/** A seat's name in `lang`, as the page names it (www/render/seats.js). */
/** @param {import('./types').Desc | null | undefined} desc @param {string | undefined} game @param {unknown} seat @param {string} [lang] */
function seatIn(desc, game, seat, lang) {
  const g = desc && desc.games ? desc.games.find((x) => x.id === game) : null;
  const key = g && g.seats ? `seat.${g.seats}.${seat}` : null;
  return key && has(key, lang) ? t(key, {}, lang) : t('seat.n', { n: Number(seat) + 1 }, lang);
}

/** A bet by its number and nonce, as the differences name it. */
/** @param {import('./types').Report} r @param {number} i @param {string} [lang] */
function betIn(r, i, lang) {
  const b = r.bets && r.bets[i];
  return b && b.nonce !== undefined ? t('render.diff.at.bet', { n: String(i + 1), nonce: String(b.nonce) }, lang)
    : t('render.diff.at.betOnly', { n: String(i + 1) }, lang);
}

/** Which place a shown_elsewhere entry moves to, in words: the kind (player, seat,
 *  deal, bet, else any) and the sentence's values, from `diagnosisWhere` alone. */
/** @param {import('./types').WhereLike} where @param {import('./types').Report} r @param {import('./types').Desc | null | undefined} desc @param {string} [lang]
 *  @returns {{kind: string, params: import('./types').Params}} */
function elsewhere(where, r, desc, lang) {
  const from = where.from || {};
  const at = where.at || {};
  const game = r.game || (desc && desc.games && desc.games[0] && desc.games[0].id);
  const moved = (/** @type {string} */ k) => Number.isInteger(at[k]) && at[k] !== from[k];
  const n = (/** @type {unknown} */ x) => String(Number(x) + 1);
  if (moved('player')) return { kind: 'player', params: { from: n(from.player), player: n(at.player) } };
  if (moved('seat')) {
    return { kind: 'seat', params: { from: seatIn(desc, game, from.seat, lang), seat: seatIn(desc, game, at.seat, lang), deal: n(at.deal !== undefined ? at.deal : at.hand || 0) } };
  }
  if (moved('deal') || moved('hand')) {
    const k = moved('deal') ? 'deal' : 'hand';
    return { kind: 'deal', params: { from: n(from[k]), deal: n(at[k]), seat: at.seat !== undefined ? seatIn(desc, game, at.seat, lang) : '' } };
  }
  if (moved('bet')) return { kind: 'bet', params: { from: betIn(r, from.bet, lang), bet: betIn(r, at.bet, lang) } };
  return { kind: 'any', params: {} };
}

/** Whether every difference lies under one of the diagnosis' paths (then moving the
 *  entry makes everything match). */
/** @param {import('./types').Report} r @param {import('./types').Diagnosed[]} list */
function allExplained(r, list) {
  const paths = list.filter((x) => x.d.code === 'shown_elsewhere').map((x) => x.d.path);
  return (r.differences || []).every((d) => paths.some((p) => d.path === p || d.path.startsWith(`${p}[`) || d.path.startsWith(`${p}.`)))
    && (typeof r.differenceCount !== 'number' || r.differenceCount <= (r.differences || []).length);
}

/** The field a slip is in, named from the core's typed path as every other line names
 *  it (fields.js: `clientSeeds[1]` → "Player 2's client seed"), in quotes. */
/** @param {import('./types').WhereLike} where @param {import('./types').DiagnosisLike} d @param {string} [lang] */
function slipField(where, d, lang) {
  const key = where.key || String(d.field || '').replace(/\[.*$/, '');
  const path = Number.isInteger(where.index) ? `${key}[${where.index}]` : String(d.field || key);
  return t('render.quoted', { text: fieldLabel(path, lang) }, lang);
}

/** "Check again with that correction": the core's corrected value `to` of a field
 *  (`clientSeeds[1]`, `serverSeed`) put in its place: a seed copied with its quotes,
 *  a client seed with a stray space (the core found that the value without them is
 *  the one; the form shows the change). Null when the core gave no such value.
 *  @param {unknown} path @param {unknown} to @param {string} [lang] */
function valueRecheck(path, to, lang) {
  // A field, or one entry of a list field: read as every path here is (segments).
  const [field, index, ...rest] = typeof path === 'string' ? segments(path) : [];
  if (typeof field !== 'string' || rest.length || (index !== undefined && typeof index !== 'number') || typeof to !== 'string') return null;
  return { kind: 'value', field, index: index === undefined ? null : index, to, label: t('lead.recheck.value', {}, lang) };
}

/** One diagnosis entry in words: {title, lines, recheck} (recheck: what a re-check
 *  changes: {path, at, label, kind} moves a hand of another player, seat or deal;
 *  {field, to, label, kind: 'order'} puts client seeds in the order that matches). */
/** @param {import('./types').Diagnosed} x @param {import('./types').Report} r @param {import('./types').Desc | null | undefined} desc @param {string} [lang]
 *  @returns {{key: string, title: string, lines: string[], recheck?: any} | null} */
function diagnosisWords(x, r, desc, lang) {
  const { d, where } = x;
  if (d.code === 'shown_elsewhere') {
    const { kind, params } = elsewhere(where, r, desc, lang);
    const key = `lead.elsewhere.${kind}`;
    const title = t(key, params, lang);
    const recheck = kind !== 'any' && typeof d.path === 'string' && typeof d.at === 'string'
      ? { path: d.path, at: d.at, label: t(`lead.recheck.${kind}`, params, lang), kind } : null;
    return { key, title, lines: [], recheck };
  }
  if (d.code === 'input_slip' && d.slip === 'order') {
    /** @type {number[]} */
    const perm = Array.isArray(where.permutation) ? where.permutation : [];
    const moves = perm.flatMap((from, i) => (from === i ? [] : [t('lead.slip.move', { from: String(from + 1), to: String(i + 1) }, lang)]));
    // Each move is a clause: joined as the catalog joins clauses (zh «，», never 和).
    const list = moves.length ? moves.reduce((a, b) => t('lead.slip.moves.join', { a, b }, lang)) : '';
    // One tap re-checks with the seeds in the order that matches (the core's `to`).
    const recheck = typeof d.field === 'string' && Array.isArray(d.to) && d.to.every((x) => typeof x === 'string')
      ? { field: d.field, to: d.to, label: t('lead.recheck.order', {}, lang), kind: 'order' } : null;
    // The operator could have dealt with the seeds in another order as well (turn-8
    // attack): said as a condition beside the slip, never as the player's fault alone.
    const operator = t('lead.slip.seeds.operator', {}, lang);
    return { key: 'lead.slip.order', title: t('lead.slip.order', {}, lang), lines: moves.length ? [t('lead.slip.order.todo', { moves: list }, lang), operator] : [operator], recheck };
  }
  if (d.code === 'input_slip' && d.slip === 'trim') {
    const field = slipField(where, d, lang);
    const to = typeof d.to === 'string' ? t('render.quoted', { text: ltrText(d.to, lang) }, lang) : '';
    // An ordinary space at one end (the core's hint on the same field says which):
    // said as that, not "a space or invisible character" (issue 44).
    /** @type {import('./types').HintLike | undefined} */
    const edge = (r.hints || []).find((/** @type {import('./types').HintLike} */ h) => h.code === 'lookalike_char' && h.kind === 'edge' && h.codePoint === 32 && h.field === d.field);
    // An invisible character the core's hint names on that field: said as that, not
    // "a stray space or invisible character" (turn-8 reading ar 9, zh 8).
    const invisible = (r.hints || []).some((/** @type {import('./types').HintLike} */ h) => h.code === 'invisible_char' && h.field === d.field);
    const key = edge ? (edge.position === 0 ? 'lead.slip.trim.start' : 'lead.slip.trim.end') : invisible ? 'lead.slip.trim.invisible' : 'lead.slip.trim';
    return { key, title: t(key, { field }, lang), lines: [t('lead.slip.trim.todo', { field, to }, lang)], recheck: valueRecheck(d.field, d.to, lang) };
  }
  if (d.code === 'input_slip' && d.slip === 'empty') {
    const one = !Number.isInteger(where.index);
    return {
      key: one ? 'lead.slip.emptyOne' : 'lead.slip.empty',
      title: one ? t('lead.slip.emptyOne', {}, lang) : t('lead.slip.empty', { n: String(where.index + 1) }, lang),
      // An operator that dropped a player's seed looks the same (turn-8 attack).
      lines: [t('lead.slip.empty.todo', { field: slipField(where, d, lang) }, lang), t('lead.slip.seeds.operator', {}, lang)],
    };
  }
  return null;
}

/**
 * What the verdict leads with, or null: `{kind: 'diagnosis'|'hint', code, key (the
 * title's catalog key), title,
 * why, lines, next, recheck, hint}`. `title` replaces the banner's headline, `why`
 * its second line, `lines` follow it; `next` is what to do (never the operator's
 * support); `recheck` (a diagnosis) the move a one-tap re-check makes.
 */
/** @param {import('./types').Report | null | undefined} r @param {import('./types').Desc | null | undefined} desc @param {string} [lang] */
export function leadOf(r, desc, lang) {
  if (!r) return null;
  const diag = diagnosisOf(r).flatMap((x) => {
    const w = diagnosisWords(x, r, desc, lang);
    return w ? [{ x, w }] : [];
  });
  if (diag.length) {
    const [first, ...rest] = diag;
    const lines = [...first.w.lines, ...rest.map((y) => y.w.title)];
    if (diag.some((y) => y.x.d.code === 'shown_elsewhere') && !allExplained(r, diag.map((y) => y.x))) lines.push(t('lead.more', {}, lang));
    return {
      kind: 'diagnosis', code: first.x.d.code, slip: first.x.d.slip || null, key: first.w.key, title: first.w.title,
      // Client seeds in another order, or one left empty: the operator could have done
      // that too (turn-8 attack A1), so the second line says either, never "only what
      // you entered differs" above the condition (issue 44).
      why: t(SEED_SLIPS.has(first.x.d.slip) && first.x.d.code === 'input_slip' ? 'lead.why.diagnosis.seeds' : 'lead.why.diagnosis', {}, lang), lines,
      next: t('render.verdict.fail.next.diagnosis', {}, lang), recheck: first.w.recheck || null,
    };
  }
  const hints = leadHints(r);
  if (!hints.length) return null;
  const h = hints[0];
  const s = hintSentences(h, lang);
  // A note leading a pass: "But the colour was not drawn…", its own title (the list
  // under the checks keeps the hint's plain label).
  const note = r.verdict === 'pass' && PASS_NOTES.has(h.code) && has(`lead.note.${h.code}`, lang);
  const title = note ? t(`lead.note.${h.code}`, hintParams(h, fieldLabel, lang), lang) : hintTitle(h, lang);
  // Two hints of one kind (A's seed in B's field and B's in A's) share a title: said once.
  const others = [...new Set(hints.slice(1).map((o) => hintTitle(o, lang)))].filter((x) => x !== title);
  // A walk also cut by its step limit: said under the terminal's title, not instead.
  if (r.verdict === 'unchecked' && stepLimited(r)) others.push(t('render.verdict.unchecked.why.stepLimit', {}, lang));
  return {
    kind: 'hint', code: h.code, key: note ? `lead.note.${h.code}` : hintTitleKey(h, lang) || `lead.title.${h.code}`, title, why: s.text, lines: others,
    next: s.todo || (r.verdict === 'pass' ? null : t('render.verdict.fail.next.hint', {}, lang)), recheck: h.code === 'seed_wrapped' || latinFold(h) ? valueRecheck(h.field, h.to, lang) : null, hint: h,
  };
}

/** The banner's tone: 'slip' for a fail that what was entered explains (the core's
 *  diagnosis, or a hint: a seed copied with its quotes, a character that only looks
 *  right, a nonce in seconds, a terminal that is none of the operator's), never the
 *  red of an operator's fault; null otherwise (the verdict's own tone). */
/** @param {import('./types').Report | null | undefined} r @param {any} [lead] */
export function toneOf(r, lead) {
  if (!r || r.verdict !== 'fail') return null;
  return (lead === undefined ? leadOf(r, null) : lead) ? 'slip' : null;
}

/** Whether the drawing comes from an input the lead says is wrong (a typo, a slip):
 *  then it is folded, never shown as the game's outcome. A hand entered under another
 *  player is not: the seeds' result is right, the entry's place is not. */
/** @param {import('./types').Report | null | undefined} r */
export function fromSlip(r) {
  if (!r) return false;
  // A pass that a hint leads (a client seed with a character that only looks right, a
  // trailing space, a nonce in seconds): the seeds hold, but the outcome is the one
  // the entered input gives, not the game's: folded too, never a green "you won" for
  // a bet that lost (turn-7 reading, ru).
  if (r.verdict === 'pass') return leadHints(r).some((h) => PASS_HINTS.has(h.code));
  if (r.verdict !== 'fail') return false;
  if (diagnosisOf(r).some((x) => x.d.code === 'input_slip')) return true;
  return leadHints(r).some((h) => !CHAIN_HINTS.has(h.code));
}

/** What the outcome shown under a verdict is, when it is not the game's: 'hint' (from
 *  an input the lead says is wrong: `fromSlip`), 'commitment' (a fail whose published
 *  hash does not match the seed entered: the outcome is that seed's, maybe not the
 *  game's, turn-8 reading ru 9), else null (the game's outcome). One rule for the page
 *  and the CLI.
 * @param {import('./types').Report | null | undefined} r @returns {'hint' | 'commitment' | null} */
export function outcomeCaveat(r) {
  if (fromSlip(r)) return 'hint';
  if (r && r.verdict === 'fail' && (r.checks || []).some((/** @type {any} */ c) => c.commitment && c.ok === false)) return 'commitment';
  return null;
}

/** A batch's records counted as the single record's banner counts each (toneOf): a fail
 *  that what was entered explains is a slip (≠, amber), never counted with the fails
 *  nothing explains (turn-8 reading ru 2). `items`: [{status, report}] as the core's
 *  batch gives them; returns {slips, failed} and a `slip(item)` test.
 * @param {{status: string, report?: any}[]} items */
export function batchSlips(items) {
  const slip = (/** @type {{status: string, report?: any}} */ it) => it.status === 'fail' && !!it.report && toneOf(it.report) === 'slip';
  const slips = items.filter(slip).length;
  return { slips, failed: items.filter((it) => it.status === 'fail').length - slips, slip };
}

/** The record a one-tap re-check verifies (`recheck`: a lead's), or null when the
 *  record does not hold what it changes. */
/** @param {any} record @param {any} recheck */
export function recheckedRecord(record, recheck) {
  if (!recheck || !record || typeof record !== 'object') return null;
  if (recheck.kind === 'value') {
    const copy = JSON.parse(JSON.stringify(record));
    const given = copy[recheck.field];
    if (recheck.index === null) {
      if (typeof given !== 'string') return null;
      copy[recheck.field] = recheck.to;
    } else {
      if (!Array.isArray(given) || typeof given[recheck.index] !== 'string') return null;
      given[recheck.index] = recheck.to;
    }
    return copy;
  }
  if (recheck.kind === 'order') {
    const given = record[recheck.field];
    if (!Array.isArray(given) || given.length !== recheck.to.length) return null;
    return { ...JSON.parse(JSON.stringify(record)), [recheck.field]: [...recheck.to] };
  }
  return movedRecord(record, recheck.path, recheck.at);
}

/** The path's segments ("deals[1][0]" → ["deals", 1, 0]; "bets[2].mines" → ["bets", 2, "mines"]). */
/** @param {string} path */
function segments(path) {
  /** @type {(string | number)[]} */
  const out = [];
  const re = /([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]/g;
  let m;
  while ((m = re.exec(path))) out.push(m[1] !== undefined ? m[1] : Number(m[2]));
  return out;
}

/** Where a path's value is entered in a record: `played` at the top, or a bet's own
 *  `played` (`bets[2].mines` → bets[2].played.mines). */
/** @param {string} path */
function entryPath(path) {
  const s = segments(path);
  return s[0] === 'bets' && Number.isInteger(s[1]) ? ['bets', s[1], 'played', ...s.slice(2)] : ['played', ...s];
}

/** A copy of `record` with the value entered at `path` moved to `at` (the other place
 *  left not entered, `null`): what the one-tap re-check verifies. null when the record
 *  does not hold that entry.
 *  @param {unknown} record @param {string} path @param {string} at @returns {any} */
export function movedRecord(record, path, at) {
  if (!record || typeof record !== 'object') return null;
  const copy = JSON.parse(JSON.stringify(record));
  const from = entryPath(path);
  const to = entryPath(at);
  let holder = copy;
  for (const k of from.slice(0, -1)) { holder = holder && typeof holder === 'object' ? holder[k] : undefined; }
  const last = from[from.length - 1];
  if (!holder || typeof holder !== 'object' || holder[last] === undefined || holder[last] === null) return null;
  const value = holder[last];
  holder[last] = null;
  let target = copy;
  to.slice(0, -1).forEach((k, i) => {
    const next = to[i + 1];
    if (target[k] === undefined || target[k] === null) target[k] = typeof next === 'number' ? [] : {};
    target = target[k];
  });
  const end = to[to.length - 1];
  if (Array.isArray(target) && typeof end === 'number') while (target.length < end) target.push(null);
  target[end] = value;
  return copy;
}
