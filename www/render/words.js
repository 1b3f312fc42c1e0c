// @ts-check
// Which sentence a report needs, by what ran: the kind of proof (a chain, a seed, each
// player's seed, a partial poker reveal, bets under one server seed) is the core's
// (`report.proof`), never read from a scheme id. No DOM: the page, the badge and the
// CLI say the same words.
import { t, has, direction, language } from '../i18n/i18n.js';

/** `key.<variant>` when the catalog has it, else `key`. */
const variant = (/** @type {string} */ key, /** @type {unknown} */ v) => (v && has(`${key}.${v}`) ? `${key}.${v}` : key);

/** A chain walked to a terminal the record brought, none of the published ones (the
 *  core's `terminalPublished: null`): it proves the round of that chain only. */
const privateChain = (/** @type {import('./types').Report} */ r) => r.terminalPublished === null;

/** The pass banner's second line, true for the proof that ran (the core's
 *  `proof`: chain, bets, partial, seeds, seed). */
export const passWhy = (/** @type {import('./types').Report} */ r) => t(variant('render.verdict.pass.why', privateChain(r) ? 'chainPrivate' : r.proof));

/** What a pass proves was fixed before what (the pass words: "before the deal" only
 *  where cards or tiles are dealt): by the kind of proof and the items the report
 *  recomputed (its result keys in the descriptor). `round` for a chain; `bets`, `bet`
 *  for dice and mines; `deal` (cards), `tiles`, `dice` (backgammon's rolls), `colour`
 *  (chess), else `game`. null where the pass words already say it all (a partial reveal). */
/** @param {import('./types').Report} r @param {import('./types').Desc | null | undefined} desc */
export function passMoment(r, desc) {
  const kind = r.proof;
  // A terminal the record brings proves nothing about the round's moment: the pass
  // line says what it proves (chainPrivate).
  if (kind === 'chain') return privateChain(r) ? null : 'round';
  if (kind === 'bets') return 'bets';
  if (kind === 'partial') return null;
  const items = new Set(((desc && desc.results) || []).filter((x) => r[x.key] !== undefined && r[x.key] !== null).map((x) => x.item));
  if (items.has('card')) return 'deal';
  if (items.has('tile')) return 'tiles';
  if (items.has('die')) return 'dice';
  if (items.has('face') || items.has('mine')) return 'bet';
  if (items.has('white')) return 'colour';
  return 'game';
}

/** The inputs a pass does not prove (the core's `unproven`: the record's fields of
 *  role id, client or setting, the match id, the client seeds, a nonce, the
 *  chances…), as descriptor fields for their labels. */
/** @param {import('./types').Report} r @param {import('./types').Desc | null | undefined} desc
 *  @returns {import('./types').SchemeDescriptor['fields']} */
export function unprovenFields(r, desc) {
  const names = Array.isArray(r.unproven) ? r.unproven : [];
  const fields = (desc && desc.fields) || [];
  return names.flatMap((n) => fields.filter((f) => f.name === n).slice(0, 1));
}

/** The unchecked banner's second line: what is missing, for this kind of game; a walk
 *  stopped at its step limit (the core's hint `step_limit`) decided nothing. */
export const uncheckedWhy = (/** @type {import('./types').Report} */ r) => t(variant('render.verdict.unchecked.why',
  (r.hints || []).some((h) => h.code === 'step_limit') ? 'stepLimit' : r.proof));

/** The round's place in another published chain, in words ({round, game}), when the
 *  walk met that chain's terminal (the core's `foundIn` and `foundInGame`). */
/** @param {import('./types').Report} r */
export function foundInParams(r) {
  if (!r.foundIn || !r.foundInGame) return null;
  return { round: String(r.foundIn.round), game: t(`game.${r.foundInGame}`) };
}

/** A hint that explains a failed check as a copying mistake (the seed pasted as
 *  the hash, two fields swapped, a capitalised seed): the core ties it to that
 *  check (`check`). Hints about the input itself (a nonce in seconds, an invisible
 *  character, a short walk) name no check and may come with any verdict. */
export const typoHint = (/** @type {import('./types').HintLike | null | undefined} */ h) => !!(h && h.check);

/** A hint's values for its sentence: fields by their labels (`label(path)`), a
 *  nonce as the id it is (never grouped), an invisible character's position from 1
 *  and its code point ("U+200B"). */
/** @param {import('./types').HintLike} h @param {(path: unknown, lang?: string) => string} label @param {string} [lang] */
export function hintParams(h, label, lang) {
  return {
    field: label(h.field, lang), with: label(h.with, lang), commitment: label(h.commitment || h.with, lang),
    nonce: h.nonce === undefined ? '' : String(h.nonce),
    position: Number.isInteger(h.position) ? h.position + 1 : '',
    char: typeof h.char === 'string' ? h.char : '',
    // A look-alike letter shown as itself and named by its alphabet ("the Cyrillic
    // “с”"), its code point only beside it (issue 44: "U+0441" is no letter to a player).
    letter: letterWords(h, lang),
    // The real count only: a default would choose the plural form of 1 for a
    // sentence counted by another number ("after 10 step", issue 44).
    ...(Number.isInteger(h.count) ? { count: h.count } : {}),
    // step_limit: the steps a cut walk took, a count (grouped, its plural form).
    walked: hintWalked(h),
    // seed_wrapped: the seed without what was copied around it, isolated left to right.
    to: typeof h.to === 'string' ? ltrText(h.to, lang) : '',
    // unknown_field: a key of the record no field of its scheme names, as text a
    // person can read (never a raw key: a line break, an escape or a direction
    // override in it are written out, and a long one is cut).
    name: h.code === 'unknown_field' && typeof h.field === 'string' ? ltrText(keyText(h.field), lang) : '',
    // terminal_other_game: the game whose published terminal it is, by its name.
    game: typeof h.game === 'string' ? (has(`game.${h.game}`, lang) ? t(`game.${h.game}`, {}, lang) : h.game) : '',
  };
}

/** A record's key as text: its invisible characters (controls, format characters,
 *  line and paragraph separators) written as `\u` escapes, at most 40 characters. */
/** @param {string} k */
function keyText(k) {
  const shown = k.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => `\\u${(c.codePointAt(0) || 0).toString(16).padStart(4, '0')}`);
  const chars = [...shown];
  return chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : shown;
}

/** Whether a lookalike_char hint says the seed with Latin letters in place of its
 *  look-alikes hashes to its commitment (the core's `to`, tied to the failed check). */
export const latinFold = (/** @type {import('./types').HintLike} */ h) => h.code === 'lookalike_char' && typeof h.to === 'string' && !!h.check;

/** A nonce_unit hint whose nonce has fewer than 9 digits: no time in seconds of a
 *  bet (those have 10), so not said as one. */
export const nonceTooShort = (/** @type {import('./types').HintLike} */ h) => h.code === 'nonce_unit' && String(h.nonce).replace(/\D/g, '').length < 9;

/** The alphabets a look-alike letter is named by (src/chars.rs `script`). */
const SCRIPTS = /** @type {[string, number, number][]} */ ([
  ['cyrillic', 0x400, 0x52F], ['greek', 0x370, 0x3FF], ['greek', 0x1F00, 0x1FFF], ['armenian', 0x530, 0x58F],
  ['cherokee', 0x13A0, 0x13FF], ['cherokee', 0xAB70, 0xABBF], ['latin', 0x41, 0x5A], ['latin', 0x61, 0x7A], ['latin', 0xC0, 0x24F],
]);

/** A look-alike letter in words: itself in quotes, named by its alphabet ("the
 *  Cyrillic “с”"), or '' for a hint with no such letter. */
/** @param {import('./types').HintLike} h @param {string} [lang] */
function letterWords(h, lang) {
  const cp = h.codePoint;
  if (h.code !== 'lookalike_char' || (h.kind !== 'mixed' && !latinFold(h)) || !Number.isInteger(cp)) return '';
  const s = SCRIPTS.find(([, lo, hi]) => cp >= lo && cp <= hi);
  // Isolated left to right in a right-to-left page: beside the code point that follows
  // it, an unisolated «а» (U+0430) is drawn out of order.
  return t(`render.letter.${s ? s[0] : 'other'}`, { char: ltrText(String.fromCodePoint(cp), lang) }, lang);
}

/** A hint's sentence key: its kind's own where it has kinds (lookalike_char: a space
 *  other than U+0020, one at either end, a variation selector, a Hangul filler, a
 *  word that mixes scripts). */
/** @param {import('./types').HintLike} h @param {string} [lang] */
export function hintKey(h, lang) {
  // A nonce far too short for a time in seconds (2, 15): said as too small, not as
  // "seconds" (issue 44).
  if (nonceTooShort(h) && has(`hint.${h.code}.short`, lang)) return `hint.${h.code}.short`;
  // A seed whose look-alike letters, in Latin, hash to its commitment: said as that fact.
  if (latinFold(h) && has('hint.lookalike_char.latin', lang)) return 'hint.lookalike_char.latin';
  const own = typeof h.kind === 'string' ? `hint.${h.code}.${h.kind}` : null;
  // An ordinary space at either end: said as a space, never "a space or line break
  // (U+0020)" (issue 44).
  // At which end it is, when that is known: the start when it is the first character.
  if (own && h.codePoint === 32 && has(`${own}.space`, lang)) return h.position === 0 && has(`${own}.space.start`, lang) ? `${own}.space.start` : `${own}.space`;
  return own && has(own, lang) ? own : `hint.${h.code}`;
}

/** The diagnosis entries with their facts ({d, where}), for a fail only: never one
 *  the core marks `chance` (a slip that what was shown could match by chance among
 *  the slips tried, a win/loss or a colour: turn-9 attack, finding 1), which no
 *  surface leads with and which clears nobody. */
/** @param {import('./types').Report | null | undefined} r @returns {import('./types').Diagnosed[]} */
export function diagnosisOf(r) {
  if (!r || r.verdict !== 'fail' || !Array.isArray(r.diagnosis)) return [];
  const where = Array.isArray(r.diagnosisWhere) ? r.diagnosisWhere : [];
  return r.diagnosis.map((/** @type {any} */ d, /** @type {number} */ i) => ({ d, where: /** @type {import('./types').WhereLike} */ (where[i] || {}) }))
    .filter((x) => x.d && typeof x.d.code === 'string' && x.where.chance !== true);
}

/** What to do after a failure ({key, params}), for the check that failed and the game:
 *  a hint first (a copying mistake is fixed in the form), a round found in another
 *  published chain, a whole published chain walked in vain, only "what you were
 *  shown", a partial reveal, bets, a seed. (A walk stopped at a lowered step limit is
 *  never a failure: the core makes it unchecked, SPEC §6.) `desc`: the scheme's
 *  descriptor (the labels of the fields nothing committed to). */
/** @param {import('./types').Report} r @param {any} [desc]
 *  @returns {{key: string, params: import('./types').Params, field?: string}} */
export function failNext(r, desc) {
  const checks = r.checks || [];
  // The core's diagnosis (a hand under another player, seeds in another order): the
  // entry is corrected, nobody is sent to support.
  if (diagnosisOf(r).length) return { key: 'render.verdict.fail.next.diagnosis', params: {} };
  if ((r.hints || []).some(typoHint)) return { key: 'render.verdict.fail.next.hint', params: {} };
  const failed = checks.filter((c) => c.ok === false);
  const chainFailed = failed.some((c) => c.code === 'chainOk');
  const found = foundInParams(r);
  if (chainFailed && found) return { key: 'render.verdict.fail.next.foundIn', params: found };
  if (chainFailed && r.terminalPublished) return { key: 'render.verdict.fail.next.chainNone', params: {} };
  if (failed.length && failed.every((c) => c.code === 'played')) {
    // The revealed values check out only when a commitment check held (the core's
    // `commitmentHeld`: a comparison like `shownOk` proves nothing on its own).
    if (!r.commitmentHeld) return { key: 'render.verdict.fail.next', params: {} };
    // The inputs nothing committed to (a client seed, a nonce) come first: a client
    // seed changed since the game (which is what reveals the server seed) gives
    // another result with no one at fault; named before the operator's support.
    const fields = unprovenFields(r, desc).map((f) => t('render.quoted', { text: t(f.label) }));
    if (fields.length) {
      const list = new Intl.ListFormat(language(), { type: 'conjunction' }).format(fields);
      // A backgammon match has no bet and no client seed changed since it (issue 44).
      const key = r.scheme === 'match_seed_v2' ? 'render.verdict.fail.next.played.unproven.match' : 'render.verdict.fail.next.played.unproven';
      return { key, params: { fields: list } };
    }
    return { key: 'render.verdict.fail.next.played', params: {} };
  }
  return { key: variant('render.verdict.fail.next', r.proof), params: {} };
}

/** The badge's advice after a failure. */
/** @param {string} [lang] */
export function failAdvice(lang) {
  return t('widget.failAdvice', {}, lang);
}

/** Where a poker leaf check's card lies (`leafClimbs[i].place.kind`: hole, board, deck),
 *  matched by deck position. */
/** @param {import('./types').CheckLike} c @param {import('./types').Report | null | undefined} r */
function leafPlace(c, r) {
  if (c.code !== 'leafOk' || !c.params || !r || !Array.isArray(r.leafClimbs)) return null;
  const l = r.leafClimbs.find((/** @type {any} */ x) => x.position === c.params.position);
  return l && l.place ? l.place.kind : null;
}

/** The catalog key of a check (`check.<code>` or its variant: a board card's leaf is
 *  not "your card"). `prefix`: `check` (the badge, the CLI) or `render.check` (the page). */
/** @param {import('./types').CheckLike} c @param {import('./types').Report | null | undefined} r @param {string} [prefix] */
export function checkKey(c, r, prefix = 'check') {
  const base = `${prefix}.${c.code}`;
  if (c.code === 'chainOk' && r && privateChain(r)) return `${base}.private`;
  // Two proven leaves with one card: the committed deck is no real deck (the core).
  if (c.code === 'leafOk' && c.params && c.params.twiceAt !== undefined) return `${base}.twice`;
  return leafPlace(c, r) === 'board' ? `${base}.board` : base;
}

/** A check's recomputed value in words: the round a chain walk reached (as written,
 *  never grouped: "round 1161"), "not reached within N steps", a dash for nothing. */
/** @param {import('./types').CheckLike} c */
export function computedText(c) {
  const v = c.computed;
  if (c.code === 'chainOk' && !c.pending) {
    if (Number.isInteger(v)) return t('render.check.computed.chainRound', { round: String(v) });
    if (v === null || v === undefined) return t('render.check.computed.chainNotFound', { maxSteps: (c.params && c.params.maxSteps) || 0 });
  }
  if (v === null || v === undefined) return t('render.check.computed.none');
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The note after the first seat, by what the game deals or rolls (the report's result
 *  keys): a board game's first seat moves first, a card game's deals first, mahjong's
 *  East is the dealer; backgammon's opening roll decides who moves, so no note. */
/** @param {import('./types').Report} r */
export function firstSeatKey(r) {
  if (r.rolls) return null;
  if (r.tiles) return 'render.seat.first.dealer';
  if (r.deals || r.hands) return 'render.seat.first.deals';
  return 'render.seat.first.moves';
}

/** A published terminal's name in the player's words (the core's names: Crash,
 *  Platform, Battle), else the name itself. */
export const terminalName = (/** @type {unknown} */ name) => (has(`page.terminals.name.${name}`) ? t(`page.terminals.name.${name}`) : String(name));

/** An example of `played` for a scheme: its first result key that draws something
 *  (not the round number or a hash), as JSON with an ellipsis. */
/** @param {import('./types').Desc | null | undefined} desc */
export function playedExample(desc) {
  const results = (desc && desc.results) || [];
  const r = results.find((x) => x.item !== 'round' && x.item !== 'hash') || results[0];
  return r ? `{"${r.key}": …}` : '{…}';
}

/** Text that must read left to right inside a sentence of a right-to-left language
 *  (a card code "Q♠", a bet line): isolated with LRI…PDI where the text is plain (the
 *  badge, the CLI); the page isolates with <bdi dir="ltr"> instead. */
/** @type {(s: unknown, lang?: string) => string} */
export const ltrText = (s, lang) => (direction(lang) === 'rtl' ? `\u2066${s}\u2069` : String(s));

/** The steps a walk cut by its limit took (the step_limit hint's `walked`), as a number. */
export const hintWalked = (/** @type {import('./types').HintLike} */ h) => {
  const w = h.walked !== undefined ? h.walked : h.params && h.params.walked;
  return typeof w === 'number' ? w : Number(w);
};

/** A position as an ordinal in the catalog's words ("the 2nd card": a bare "card 2"
 *  reads as the deuce), the noun's gender and form chosen by the catalog
 *  (`ordinal.card.2` "a doua", "seconda", "вторая", "الثانية", "第 2 张"); beyond the
 *  words a catalog has, `ordinal.<kind>.n` with the digits. */
/** @param {string} kind @param {number} k @param {string} [lang] */
export function ordinal(kind, k, lang) {
  const own = `ordinal.${kind}.${k}`;
  return has(own, lang) ? t(own, {}, lang) : t(`ordinal.${kind}.n`, { n: String(k) }, lang);
}
