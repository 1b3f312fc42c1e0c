// The badge's sentences from a report (codes and values from the core; the words
// from the catalogs): the first difference in the game's terms, bets, what is missing.
import { t, has, decimalText } from '../i18n/i18n.js';
import { checkKey, ltrText, ordinal } from '../render/words.js';
import { isCard, cardParts, cardText } from '../core/cards.js';

/** A value as shown: cards as rank and suit (by the descriptor's `cards` order). */
function shownValue(v, item, cards, lang) {
  if (item === 'card' && isCard(v) && cards) {
    const p = cardParts(v, cards);
    // "Q♠" stays "Q♠" inside a right-to-left sentence.
    return ltrText(cardText(p.rank, p.suit), lang);
  }
  if (v === null || v === undefined) return '—';
  // In the game's words, as the page says them: "win", "2.71×" ("2,71×" in ro), "player 2".
  if (item === 'win' && typeof v === 'boolean') return t(v ? 'draw.win' : 'draw.loss', {}, lang);
  if (item === 'multiplier' && typeof v === 'string') return t('draw.multiplier', { value: decimalText(v, lang) }, lang);
  if ((item === 'player' || item === 'winner') && Number.isInteger(v)) return t('render.diff.playerValue', { n: v + 1 }, lang);
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** "bet 8 (nonce 1700000000007), mine 2": where a difference is, 1-based, in the
 *  order the core's pattern names the places (`order`: deal, seat, card). */
function where(d, report, lang) {
  const at = d.at || {};
  return (d.order || []).map((k) => [k, at[k]]).map(([k, i]) => {
    const bet = k === 'bet' && report.bets && report.bets[i];
    // Numbers of bets, rounds and positions are ids: never grouped.
    if (bet && bet.nonce !== undefined) return t('widget.at.betNonce', { n: String(i + 1), nonce: String(bet.nonce) }, lang);
    return has(`widget.at.${k}`, lang) ? t(`widget.at.${k}`, { n: String(i + 1) }, lang) : `${k} ${i + 1}`;
  }).join(', ');
}

/** Where a difference is in the page's own words (www/render/differences.js), for a
 *  card the badge can place without the page's drawing: whose card a deck position is
 *  ("Player 3's 2nd hole card (deck position 6)"), a hole or board card as an ordinal;
 *  else null. */
function pagePlace(d, report, lang) {
  const at = d.at || {};
  const card = (k) => ordinal('card', k, lang);
  // Whose card a deck position is: the core's `at.owner` (indexes from 0).
  const who = d.key === 'deck' ? at.owner : null;
  const position = String(at.position + 1);
  if (who && who.key === 'holeCards') return t('render.diff.at.deckHole', { player: String(who.player + 1), nth: card(who.card + 1), position }, lang);
  if (who) return t('render.diff.at.deckBoard', { nth: card(who.card + 1), position }, lang);
  // A player's hole cards and the flop are sets (SPEC): the set's own name.
  if (d.key === 'holeCards' && d.set && at.player !== undefined) return t('render.diff.at.holeSet', { player: String(at.player + 1) }, lang);
  if (d.key === 'board' && d.set) return t('render.diff.at.flop', {}, lang);
  if (d.key === 'holeCards' && at.card !== undefined) return t('render.diff.at.hole', { player: String(at.player + 1), nth: card(at.card + 1) }, lang);
  if (d.key === 'board' && at.card !== undefined) return t('render.diff.at.board', { nth: card(at.card + 1) }, lang);
  return null;
}

/** The first difference between what was shown and the recomputation, or null. */
export function firstDifference(report, desc, lang) {
  const d = (report.differences || [])[0];
  if (!d) return null;
  const cards = desc && desc.cards;
  // A set (a hand, the mines): what was shown but not recomputed, and the reverse.
  const values = (vs) => (vs.length ? vs.map((v) => shownValue(v, d.item, cards, lang)).join(' ') : '—');
  const [played, computed] = d.set && Array.isArray(d.shownOnly) && Array.isArray(d.computedOnly)
    ? [values(d.shownOnly), values(d.computedOnly)]
    : [shownValue(d.played, d.item, cards, lang), shownValue(d.computed, d.item, cards, lang)];
  const place = pagePlace(d, report, lang);
  if (place) return t('widget.firstDiffAt', { where: place, played, computed }, lang);
  const item = has(`widget.item.${d.item}`, lang) ? t(`widget.item.${d.item}`, {}, lang) : t('widget.item.value', {}, lang);
  const at = where(d, report, lang);
  // Never the record's raw path ("Multiplier (multiplier)"): the item alone when there is no place.
  return at ? t('widget.firstDiff', { item, where: at, played, computed }, lang) : t('widget.firstDiffAt', { where: item, played, computed }, lang);
}

/** The one-line summary of a finished report. */
export function summary(report, desc, lang) {
  const checks = report.checks || [];
  const shown = checks.find((c) => c.code === 'shownOk');
  if (report.verdict === 'pass') {
    if (Array.isArray(report.bets)) return t('widget.betsVerified', { count: report.bets.length }, lang);
    return t(`widget.pass.${report.scheme}`, {}, lang);
  }
  if (report.verdict === 'unchecked') return t('widget.unchecked', {}, lang);
  if (shown && shown.ok === false) return t('widget.changed', {}, lang);
  const bad = checks.find((c) => c.ok === false && c.code !== 'played');
  if (bad) {
    // A board card's leaf is not "your card" (the core's leafClimbs[i].place).
    const key = [checkKey(bad, report), `check.${bad.code}`].find((k) => has(k, lang));
    const check = key ? t(key, bad.params || {}, lang) : bad.code;
    return t('widget.failedCheck', { check }, lang);
  }
  const first = firstDifference(report, desc, lang);
  if (first) {
    if (Array.isArray(report.bets)) return t('widget.betDiffers', { first, count: report.differenceCount }, lang);
    return first;
  }
  return t('widget.fail', {}, lang);
}

/** More lines under the summary: the count of differences, where a chain walk
 *  stopped, what is missing. */
export function details(report, lang) {
  const out = [];
  if (report.verdict === 'fail' && report.differenceCount > 1) {
    out.push(t(`widget.playedDiffers.${report.scheme}`, { count: report.differenceCount }, lang));
  }
  const chain = (report.checks || []).find((c) => c.code === 'chainOk' && c.ok === true);
  // Whose chain, from the core's hints as the page's terminalOwner (render/lead.js)
  // reads them: a terminal the record brought, or another game's, is not "the
  // published chain" (issue 43); the verdict's own words say what it proves.
  const notOwn = (report.hints || []).some((h) => h.code === 'terminal_unpublished' || h.code === 'terminal_other_game');
  if (chain && chain.params && !notOwn) {
    const p = chain.params;
    out.push(p.rememberedRound !== undefined
      ? t('widget.roundRemembered', { round: String(p.round), remembered: String(p.rememberedRound), links: p.links }, lang)
      : t('widget.round', { round: String(p.round) }, lang));
  }
  if (report.verdict === 'unchecked' && report.missing && report.missing.length) {
    const names = report.missing.map((f) => (has(`field.${f}`, lang) ? t(`field.${f}`, {}, lang) : f));
    out.push(t('widget.missing', { fields: names.join(', ') }, lang));
  }
  return out;
}

/** An error's English sentence from the catalog, for integrators (`error.message`,
 *  the `fair-verify:error` event): the badge's wasm carries no sentences of its own. */
export function explain(err) {
  return t(`err.${err.code || 'internal'}`, err.params || {}, 'en');
}
