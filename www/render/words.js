// Which sentence a report needs, by what ran: the kind of proof (a chain, a seed, each
// player's seed, a partial poker reveal, bets under one server seed) read from the
// report's checks and the scheme's descriptor, never from a scheme id. No DOM: the
// page, the badge and the CLI say the same words.
import { t, has, direction } from '../i18n/i18n.js';

/** The kind of proof a report rests on:
 *  - `chain`: the descriptor's chain game (the round hash and the published terminal);
 *  - `bets`: bets under one server seed (the report's `bets`);
 *  - `partial`: cards proved by their Merkle paths, no seed revealed (a `leafOk` check
 *    and no deck recomputed);
 *  - `seeds`: more than one player's revealed seed (`commitAOk`, `commitBOk`);
 *  - `seed`: a revealed seed against the hash shown before the game. */
export function proofKind(r, desc) {
  const codes = new Set((r.checks || []).map((c) => c.code));
  if (desc && desc.chain) return 'chain';
  if (Array.isArray(r.bets)) return 'bets';
  if (codes.has('leafOk') && !r.deck) return 'partial';
  if (codes.has('commitAOk') || codes.has('commitBOk')) return 'seeds';
  return 'seed';
}

/** `key.<variant>` when the catalog has it, else `key`. */
const variant = (key, v) => (v && has(`${key}.${v}`) ? `${key}.${v}` : key);

/** The pass banner's second line, true for the proof that ran. */
export const passWhy = (r, desc) => t(variant('render.verdict.pass.why', proofKind(r, desc)));

/** The unchecked banner's second line: what is missing, for this kind of game. */
export const uncheckedWhy = (r, desc) => t(variant('render.verdict.unchecked.why', proofKind(r, desc)));

/** The descriptor's field `name`, or null. */
const fieldOf = (desc, name) => ((desc && desc.fields) || []).find((f) => f.name === name) || null;

/** A chain walk that ended at a step limit below the scheme's own default (the record's
 *  `maxSteps` lowered by whoever made the record): {maxSteps, field} or null. The
 *  default is the descriptor's; the limit the walk used is the check's. */
export function stepLimit(r, desc, record) {
  const chain = (r.checks || []).find((c) => c.code === 'chainOk');
  if (!chain || chain.ok !== false) return null;
  const f = fieldOf(desc, 'maxSteps');
  const used = chain.params && Number(chain.params.maxSteps);
  const given = record && Number.isSafeInteger(record.maxSteps) ? record.maxSteps : used;
  if (!f || !Number.isSafeInteger(f.default) || !Number.isSafeInteger(given) || given >= f.default) return null;
  return { maxSteps: used || given, label: f.label, name: f.name };
}

/** What to do after a failure ({key, params}), for the check that failed and the game:
 *  a hint first (a copying mistake is fixed in the form), a walk cut by a lowered step
 *  limit (never the operator's support), a chain, only "what you were shown", a partial
 *  reveal, bets, a seed. */
export function failNext(r, desc, record) {
  const checks = r.checks || [];
  if (r.hints && r.hints.length) return { key: 'render.verdict.fail.next.hint', params: {} };
  const limit = stepLimit(r, desc, record);
  if (limit) return { key: 'render.verdict.fail.next.stepLimit', params: { maxSteps: limit.maxSteps, field: t(limit.label) }, field: limit.name };
  const failed = checks.filter((c) => c.ok === false);
  if (failed.length && failed.every((c) => c.code === 'played')) {
    // The revealed values check out only when something published was checked.
    const held = checks.some((c) => c.ok === true && c.commitment);
    return { key: held ? 'render.verdict.fail.next.played' : 'render.verdict.fail.next', params: {} };
  }
  return { key: variant('render.verdict.fail.next', proofKind(r, desc)), params: {} };
}

/** The badge's advice after a failure: a lowered step limit is said as such. */
export function failAdvice(r, desc, record, lang) {
  const limit = stepLimit(r, desc, record);
  return limit ? t('widget.failAdvice.stepLimit', { maxSteps: limit.maxSteps, field: t(limit.label, {}, lang) }, lang)
    : t('widget.failAdvice', {}, lang);
}

/** Where a poker leaf check's card lies (`leafClimbs[i].place.kind`: hole, board, deck),
 *  matched by deck position. */
function leafPlace(c, r) {
  if (c.code !== 'leafOk' || !c.params || !Array.isArray(r && r.leafClimbs)) return null;
  const l = r.leafClimbs.find((x) => x.position === c.params.position);
  return l && l.place ? l.place.kind : null;
}

/** The catalog key of a check (`check.<code>` or its variant: a board card's leaf is
 *  not "your card"). `prefix`: `check` (the badge, the CLI) or `render.check` (the page). */
export function checkKey(c, r, prefix = 'check') {
  const base = `${prefix}.${c.code}`;
  return leafPlace(c, r) === 'board' ? `${base}.board` : base;
}

/** A check's recomputed value in words: the round a chain walk reached (as written,
 *  never grouped: "round 1161"), "not reached within N steps", a dash for nothing. */
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
export function firstSeatKey(r) {
  if (r.rolls) return null;
  if (r.tiles) return 'render.seat.first.dealer';
  if (r.deals || r.hands) return 'render.seat.first.deals';
  return 'render.seat.first.moves';
}

/** A published terminal's name in the player's words (the core's names: Crash,
 *  Platform, Battle), else the name itself. */
export const terminalName = (name) => (has(`page.terminals.name.${name}`) ? t(`page.terminals.name.${name}`) : String(name));

/** An example of `played` for a scheme: its first result key that draws something
 *  (not the round number or a hash), as JSON with an ellipsis. */
export function playedExample(desc) {
  const results = (desc && desc.results) || [];
  const r = results.find((x) => x.item !== 'round' && x.item !== 'hash') || results[0];
  return r ? `{"${r.key}": …}` : '{…}';
}

/** Text that must read left to right inside a sentence of a right-to-left language
 *  (a card code "Q♠", a bet line): isolated with LRI…PDI where the text is plain (the
 *  badge, the CLI); the page isolates with <bdi dir="ltr"> instead. */
export const ltrText = (s, lang) => (direction(lang) === 'rtl' ? `\u2066${s}\u2069` : String(s));

/** The steps a walk cut by its limit took (the step_limit hint's `walked`), as a number. */
export const hintWalked = (h) => {
  const w = h.walked !== undefined ? h.walked : h.params && h.params.walked;
  return typeof w === 'number' ? w : Number(w);
};

/** A position as an ordinal in the catalog's words ("the 2nd card": a bare "card 2"
 *  reads as the deuce), the noun's gender and form chosen by the catalog
 *  (`ordinal.card.2` "a doua", "seconda", "вторая", "الثانية", "第 2 张"); beyond the
 *  words a catalog has, `ordinal.<kind>.n` with the digits. */
export function ordinal(kind, k, lang) {
  const own = `ordinal.${kind}.${k}`;
  return has(own, lang) ? t(own, {}, lang) : t(`ordinal.${kind}.n`, { n: String(k) }, lang);
}

/** Whose card deck position `pos` (from 0) is, from the report's own hole cards and
 *  board (the same card id there): {player, card} (from 1), {board: card}, or null. */
export function deckOwner(r, pos) {
  const id = Array.isArray(r.deck) ? r.deck[pos] : undefined;
  if (id === undefined) return null;
  const holes = Array.isArray(r.holeCards) ? r.holeCards : [];
  for (let p = 0; p < holes.length; p++) {
    const k = Array.isArray(holes[p]) ? holes[p].indexOf(id) : -1;
    if (k >= 0) return { player: p + 1, card: k + 1 };
  }
  const b = Array.isArray(r.board) ? r.board.indexOf(id) : -1;
  return b >= 0 ? { board: b + 1 } : null;
}
