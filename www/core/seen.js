// "What you were shown" without JSON: which parts a game's entry offers, read from
// the scheme descriptor's result patterns (never a list of games), and the `played`
// value the entered parts make, in SPEC notation ("Q♥", "4-3", "20,72×", cells as a
// set), with `null` where a place was not shown (another seat's hand: SPEC, not
// entered, not compared). Nothing here decides a verdict: the core reads these values by meaning.
//
// A pattern is the result key and its steps: `deals[deal][seat][card]` is
// deals, [deal], [seat], [card]; `hands[hand].faceUp` is hands, [hand], .faceUp.
// - item card, last step `[card]`: a group of cards (a hand, the board), tapped in
//   a card picker; the steps before it are chosen (deal, seat, player…);
// - item card, last step a member (`.faceUp`): one card;
// - item die, last step `[die]`: the rolls, two dice each, in order from the first;
// - item mine, `key[mine]`: the cells of the 5×5 board;
// - a value with no steps whose item is multiplier, platform, winner, face, win or
//   white: typed or picked.
// A deck (`deck[position]`: what no player sees in order), tiles, seats, hashes and
// rounds are not offered (JSON stays possible for them). A result key that is also
// a field of the scheme (rolls, deals, hands, mines) is offered only in the games
// that field belongs to; bets carry their own `played` and are left to JSON.
import { fieldsFor } from './descriptors.js';
import { RANKS, SUITS, isCard, cardParts, cardText } from './cards.js';

const SCALARS = ['multiplier', 'platform', 'winner', 'face', 'win', 'white'];

/** `deals[deal][seat][card]` → {key: 'deals', steps: [{at: 'deal'}, {at: 'seat'}, {at: 'card'}]}. */
export function parsePattern(text) {
  const m = /^([A-Za-z0-9_]+)(.*)$/.exec(text);
  const steps = [];
  const re = /\[([A-Za-z0-9_]+)\]|\.([A-Za-z0-9_]+)/g;
  let s;
  while ((s = re.exec(m[2]))) steps.push(s[1] ? { at: s[1] } : { member: s[2] });
  return { key: m[1], steps };
}

/** The kind of entry a pattern of a result with item `item` gets, or null. */
function kindOf(item, steps) {
  const last = steps[steps.length - 1];
  if (!last) return SCALARS.includes(item) ? item : null;
  if (item === 'card' && last.at === 'card') return 'cards';
  if (item === 'card' && last.member) return 'card';
  if (item === 'die' && last.at === 'die' && steps.length === 2) return 'rolls';
  if (item === 'mine' && last.at === 'mine' && steps.length === 1) return 'mines';
  return null;
}

/** The parts a game's entry offers: [{id, key, kind, item, steps, choose}], `choose`
 *  the index steps the player picks (deal, seat, hand, player), in order. */
export function entryParts(desc, game) {
  const here = new Set(fieldsFor(desc, game).map((f) => f.name));
  const fields = new Map(desc.fields.map((f) => [f.name, f]));
  const out = [];
  for (const r of desc.results || []) {
    const f = fields.get(r.key);
    if (f && (!here.has(r.key) || f.kind === 'bets')) continue;
    for (const text of r.patterns) {
      const { steps } = parsePattern(text);
      const kind = kindOf(r.item, steps);
      if (!kind) continue;
      // The steps to the value the entry makes: a hand (the list of cards), all the
      // rolls, the board's cells, one card or one value.
      const inner = kind === 'rolls' ? steps.slice(0, -2) : kind === 'cards' || kind === 'mines' ? steps.slice(0, -1) : steps;
      out.push({
        id: [r.key, ...steps.filter((x) => x.member).map((x) => x.member)].join('.'),
        key: r.key, kind, item: r.item, steps: inner,
        // The values the game gives this item ({min, max}: the core's table), or null.
        range: (desc.items && desc.items[r.item]) || null,
        choose: kind === 'rolls' ? [] : inner.filter((x) => x.at).map((x) => x.at),
      });
    }
  }
  return out;
}

/** A card as the picker itself wrote it (its SPEC text, `cardText`: "Q♥") or a card
 *  id in the scheme's numbering `order`, as {rank, suit}; null for anything else.
 *  Other spellings ("qh", "10s") stay in the JSON box as typed: the core alone reads
 *  a player's notation (issue 45), and the report's `playedRead` says how it read it. */
export function pickedCard(v, order) {
  if (isCard(v)) return cardParts(v, order);
  if (typeof v !== 'string') return null;
  for (let suit = 0; suit < SUITS.length; suit++) {
    for (let rank = 0; rank < RANKS.length; rank++) if (cardText(rank, suit) === v) return { rank, suit };
  }
  return null;
}

/** A roll as the picker wrote it ("4-3", `partValue`) or as the recomputation gives
 *  it ([4, 3]) → [4, 3]; null for anything else (left to the core, as typed). */
export function pickedRoll(v) {
  const ok = (a) => a.length === 2 && a.every((d) => Number.isInteger(d) && d >= 1 && d <= 6);
  if (Array.isArray(v)) return ok(v) ? v : null;
  const m = typeof v === 'string' ? /^([1-6])-([1-6])$/.exec(v) : null;
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** What an entry widget holds for a value `played` holds: the inverse of partValue
 *  (what the picker wrote, or the recomputation's own representation), or null when
 *  the entry cannot show it: it then stays in the JSON box as typed, for the core. */
export function readPartValue(part, v, order) {
  switch (part.kind) {
    case 'cards': {
      const cs = Array.isArray(v) ? v.map((x) => pickedCard(x, order)) : [null];
      return cs.every(Boolean) ? cs : null;
    }
    case 'card': return pickedCard(v, order);
    case 'rolls': {
      const rs = Array.isArray(v) ? v.map((x) => (notShown(x) ? [undefined, undefined] : pickedRoll(x))) : [null];
      return rs.every(Boolean) ? rs : null;
    }
    case 'mines': return Array.isArray(v) && part.range && v.every((c) => Number.isInteger(c) && c >= part.range.min && c <= part.range.max) && new Set(v).size === v.length ? v.slice() : null;
    case 'multiplier': return typeof v === 'number' ? String(v) : typeof v === 'string' ? v : null;
    case 'platform': case 'winner': case 'face': return Number.isInteger(v) ? v : null;
    case 'win': return typeof v === 'boolean' ? v : null;
    case 'white': return typeof v === 'boolean' ? v : v === 'white' ? true : v === 'black' ? false : null;
    default: return null;
  }
}

/** A place not shown: `null`, which SPEC reads as "not seen, not entered" anywhere
 *  inside `played` (another seat's hand, a deal before the one entered, a roll left
 *  out): never an empty hand, which would be a value the core compares. */
const nothing = () => null;

/** Puts `leaf` at the place `steps` name under `root` (an array or object made as
 *  needed); `picks` gives each index step's chosen index. Positions before a chosen
 *  index hold nothing (not shown). */
export function place(root, steps, picks, leaf) {
  if (!steps.length) return leaf;
  const [step, ...rest] = steps;
  if (step.member) {
    const obj = root && typeof root === 'object' && !Array.isArray(root) ? root : {};
    obj[step.member] = place(obj[step.member], rest, picks, leaf);
    return obj;
  }
  const i = picks[step.at];
  const arr = Array.isArray(root) ? root : [];
  while (arr.length < i) arr.push(nothing());
  arr[i] = place(arr[i], rest, picks, leaf);
  return arr;
}

/** Is `v` a place not shown (null, an empty list or object)? */
export const notShown = (v) => v === null || v === undefined || (Array.isArray(v) ? !v.length : typeof v === 'object' && !Object.keys(v).length);

/** Every value of part `part` in `played[part.key]` (the inverse of place): [{picks, value}]. */
export function gather(part, value) {
  const out = [];
  const walk = (v, steps, picks) => {
    if (!steps.length) { if (!notShown(v)) out.push({ picks, value: v }); return; }
    const [step, ...rest] = steps;
    if (step.member) {
      if (v && typeof v === 'object' && !Array.isArray(v) && step.member in v) walk(v[step.member], rest, picks);
      return;
    }
    if (!Array.isArray(v)) return;
    v.forEach((x, i) => walk(x, rest, { ...picks, [step.at]: i }));
  };
  walk(value, part.steps, {});
  return out;
}

/** What one part's entries hold, as `played` values: cards → ["Q♥", …] (tap order),
 *  card → "Q♥", rolls → ["4-3", …], mines → [3, 7, …] (ascending), a scalar → its value.
 *  `entry.value` is what the widget holds; empty entries give undefined. */
export function partValue(part, value) {
  switch (part.kind) {
    case 'cards': return value && value.length ? value.map((c) => cardText(c.rank, c.suit)) : undefined;
    case 'card': return value ? cardText(value.rank, value.suit) : undefined;
    case 'rolls': {
      // A roll not (fully) entered is a place not shown (null), so the rolls after it
      // keep their places; none at the end.
      const rolls = (value || []).map((p) => (p && p[0] && p[1] ? `${p[0]}-${p[1]}` : null));
      while (rolls.length && notShown(rolls[rolls.length - 1])) rolls.pop();
      return rolls.length ? rolls : undefined;
    }
    case 'mines': return value && value.length ? [...value].sort((a, b) => a - b) : undefined;
    case 'multiplier': return typeof value === 'string' && value.trim() ? value.trim() : undefined;
    case 'white': return value === true ? 'white' : value === false ? 'black' : undefined;
    default: return value === undefined || value === null || value === '' ? undefined : value;
  }
}

/** The `played` object: `base` (what the JSON box held, kept for keys no part
 *  offers) with each offered key made again from the parts' entries
 *  [{part, picks, value}]. A key whose parts hold nothing is left out. */
export function buildPlayed(base, parts, entries) {
  const played = base && typeof base === 'object' && !Array.isArray(base) ? { ...base } : {};
  for (const key of new Set(parts.map((p) => p.key))) delete played[key];
  for (const { part, picks, value } of entries) {
    const v = partValue(part, value);
    if (v === undefined) continue;
    played[part.key] = place(played[part.key], part.steps, picks, v);
  }
  return played;
}
