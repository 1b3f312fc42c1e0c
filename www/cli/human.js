// The result for a person at a terminal: the verdict, the checks, what to ask the
// operator for, hints, what differs from what was shown, or why nothing could be
// checked, on one screen. Every word comes from the message catalog (www/i18n/,
// the page's keys); seeds, hashes and paths are printed verbatim. `--json` gives
// everything.
import { t, has, language, listParts } from '../i18n/i18n.js';
import { schemes } from './core.js';
import { errorText, incomplete } from '../render/errors.js';
import { notShownLines, resultName } from '../render/keys.js';
import { checkKey, computedText, failNext, uncheckedWhy, passWhy, foundInParams } from '../render/words.js';
import { leadOf, hintTitle, hintSentences, outcomeCaveat, toneOf, stepLimited, todoShown } from '../render/lead.js';
import { cardName, cardShort } from '../render/cards.js';
import { fieldLabel } from '../render/fields.js';
import { seatName } from '../render/seats.js';
import { differencePlain, itemValue } from '../render/differences.js';

const MAX_CHECKS = 8; // checks listed; the others that hold are counted (failed ones always listed)
const PAIRS_UP_TO = 4; // published/recomputed shown for every check of short lists, else for failed ones
const MAX_DIFFERENCES = 8;
const MAX_VALUE = 90; // characters of a value shown inline
const MAX_RESULTS = 6; // recomputed values listed (by their SPEC key, verbatim)

function value(v) {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s === undefined ? '' : s.length > MAX_VALUE ? s.slice(0, MAX_VALUE - 1) + '…' : s;
}

// A field by the page's name only ("Chain terminal", "Player 2's client seed"), never
// the record's key beside it ("(terminal)"): --json has the keys (issue 44).
const fieldName = (name) => (name ? fieldLabel(name) : name);

function checkLines(checks, report, slip) {
  const lines = [];
  const bad = checks.filter((c) => c.ok !== true);
  let okShown = Math.max(0, MAX_CHECKS - bad.length);
  let okHidden = 0;
  const pairs = checks.length <= PAIRS_UP_TO;
  // Each published value checked is printed at least once (a poker partial reveal's
  // leaves all climb to `deckRoot`: the root they were proven against is said, turn-8
  // attack A4), beside the first check of its field.
  const said = new Set();
  for (const c of checks) {
    if (c.ok === true && okShown === 0) { okHidden++; continue; }
    if (c.ok === true) okShown--;
    // A round found in a chain that is not this game's published one: true, but it
    // proves nothing (the core's `proves`; never ✓).
    const nothing = c.code === 'chainOk' && c.ok === true && c.proves === false;
    // Under a slip a failed check takes the first line's ≠, never ✗ (issue 44).
    const mark = c.pending || c.ok === null ? '…' : nothing ? '–' : c.ok ? '✓' : slip ? '≠' : '✗';
    // The page's sentence for the check's outcome ("… does not hash to …" beside ✗),
    // never a sentence saying it holds beside a ✗ (issue 44).
    const state = c.pending || c.ok === null ? 'pending' : c.ok ? 'ok' : 'bad';
    const own = [`${checkKey(c, report, 'render.check')}.${state}`, `render.check.${c.code}.${state}`].find((k) => has(k));
    const key = own || [checkKey(c, report), `check.${c.code}`].find((k) => has(k));
    const params = { ...(c.params || {}) };
    if (own && typeof params.position === 'number') params.position += 1;
    if (own && typeof params.card === 'number') params.card = cardName(params.card, (descOf(report.scheme) || {}).cards || 'rank_major');
    for (const k of ['round', 'rememberedRound']) if (typeof params[k] === 'number') params[k] = String(params[k]);
    const text = key ? t(key, params) : c.code || c.name;
    if (!own && c.ok === false) {
      // No sentence for the failed outcome: the check's statement, said not to hold.
      lines.push(`  ${mark} ${t('render.join.colon', { label: text, text: t('check.fails') })}`);
      continue;
    }
    lines.push(`  ${mark} ${text}`);
    // Published against recomputed: for checks of something published (the played
    // comparison is listed difference by difference below instead).
    const first = c.commitment && c.proves && typeof c.field === 'string' && !said.has(c.field);
    if (first) said.add(c.field);
    if (c.commitment && (pairs || c.ok === false || first)) {
      // A terminal the record brought (none of the operator's) is no published value.
      // Label and value joined as the language joins them (zh「已公布：」, never "已公布: ").
      lines.push(`      ${t('render.join.colon', { label: t(c.proves === false ? 'check.given' : 'check.published'), text: value(c.expected) })}`);
      // A hash as it is; a chain's round, a walk that did not reach, nothing: in words.
      lines.push(`      ${t('render.join.colon', { label: t('check.recomputed'), text: c.pending ? t('check.walkingNow') : typeof c.computed === 'string' ? value(c.computed) : computedText(c) })}`);
    }
  }
  if (okHidden > 0) lines.push(`  ✓ ${t('cli.moreChecks', { count: okHidden })}`);
  return lines;
}

function errorLines(e) {
  const code = e.code || 'internal';
  // A field left empty is no fault of the record's: "not checked yet", as the page
  // says it (www/render/errors.js), never "✗ the record is not valid".
  const lines = [incomplete(e)
    ? `… ${t('render.join.sentence', { first: t('render.status.incomplete'), then: t('render.verdict.incomplete') })}`
    : `✗ ${t('verdict.error')}`];
  // The same sentence the page says, from the code and its values (what is wrong with
  // a hash, the range, the offset of a bad byte, the hint); the core's English detail
  // only in English.
  lines.push(`  ${errorText(e)}`);
  if (language() === 'en' && e.message) lines.push(`  ${e.message}`);
  if (e.field) lines.push(`  ${t('cli.field', { field: fieldName(e.field) })}`);
  // The stable code, for whoever the player asks, in words ("error code: bad_hex").
  lines.push(`  ${t('cli.code', { code })}`);
  return lines;
}

/** The scheme's descriptor (its seats, its cards' numbering). */
const descOf = (id) => schemes().find((d) => d.id === id);

/** The page's context for a report's words: its descriptor and game. */
function ctxOf(r) {
  const desc = descOf(r.scheme) || {};
  return { desc, game: r.game || ((desc.games || [])[0] || {}).id, r };
}

/** Cards as a player reads them ("A♠ 2♣"), a list of hands hand by hand ("A♠ 2♣ · K♦ 7♥"). */
function cardsText(v, order) {
  // A baloot deal ({first, faceUp, second}): its parts in order, those not dealt left out
  // (never "[object Object]").
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const keys = ['first', 'faceUp', 'second'].filter((k) => k in v);
    return (keys.length ? keys : Object.keys(v)).map((k) => v[k]).filter((y) => y !== null && y !== undefined).map((y) => cardsText(y, order)).join(' · ');
  }
  if (!Array.isArray(v)) return cardShort(v, order);
  // Deals one after another ("… / …"), hands within a deal ("… · …"), cards (" ").
  const objects = v.some((y) => y && typeof y === 'object' && !Array.isArray(y));
  return v.map((y) => cardsText(y, order)).join(objects ? ' / ' : v.some(Array.isArray) ? ' · ' : ' ');
}

/** A recomputed value in the page's words: "player 1" (never "winner: 0"), "2,73×",
 *  a loss, cells listed, cards as rank and suit; hashes as they are. */
function resultText(x, v, ctx) {
  if (x.item === 'card') return value(cardsText(v, (ctx.desc && ctx.desc.cards) || 'rank_major'));
  // Seats as the page names them, each with the player who sat there ("Seat 1 · player 2"),
  // never "[1,0]" counted from 0.
  if (x.key === 'seats' && Array.isArray(v) && v.every(Number.isInteger)) {
    // (A few seats: whole, never cut inside a name.) Mid-line, a numbered seat is said
    // as a word inside a sentence ("seat 1", ro „locul 1”, never „Locul 1”), and the
    // seats are joined as the language joins clauses (ar «؛», zh «，»), never with
    // "and" between "seat 1 · player 2" and "seat 2 · …" (turn-8 readings).
    const seat = (/** @type {number} */ i) => {
      const name = seatName(ctx.desc, ctx.game, i);
      return name === t('seat.n', { n: i + 1 }) ? name.charAt(0).toLocaleLowerCase(language()) + name.slice(1) : name;
    };
    return v.map((p, i) => t('draw.seat', { seat: seat(i), player: String(p + 1) })).reduce((a, b) => t('lead.slip.moves.join', { a, b }));
  }
  // Bets one by one ("Bet 1: 2 · win; Bet 2: …"), never their JSON.
  if (x.key === 'bets' && Array.isArray(v) && v.every((b) => b && typeof b === 'object')) {
    return value(v.map((b, i) => t('render.join.colon', {
      label: t('render.diff.at.betOnly', { n: String(i + 1) }),
      text: Array.isArray(b.mines) ? listParts(b.mines.map(String)).join('')
        : [b.face !== undefined ? itemValue('face', b.face, ctx) : null, typeof b.win === 'boolean' ? itemValue('win', b.win, ctx) : null].filter((y) => y !== null).join(' · '),
    })).reduce((a, b) => t('lead.slip.moves.join', { a, b })));
  }
  // A crash history round by round ("Round 1843 · 509.75×, Round 1842 · 1.02×"), never
  // its JSON (issue 44): the first is the round checked, each next one a round earlier.
  if (x.key === 'history' && Array.isArray(v) && v.every((h) => h && typeof h === 'object' && h.multiplier !== undefined)) {
    const top = ctx.r && Number.isInteger(ctx.r.round) ? ctx.r.round : null;
    return value(listParts(v.map((h, i) => {
      const m = itemValue('multiplier', h.multiplier, ctx);
      return top === null ? String(m) : `${t('render.round', { round: String(top - i) })} · ${m}`;
    })).join(''));
  }
  // Tiles by their names, as the page draws them (never their ids).
  if (x.item === 'tile' && Array.isArray(v) && v.every(Number.isInteger)) return value(listParts(v.map((y) => String(itemValue('tile', y, ctx)))).join(''));
  // Rolls as a player writes them ("6-2 5-5 …").
  if (x.item === 'die' && Array.isArray(v) && v.every((p) => Array.isArray(p) && p.every(Number.isInteger))) return value(v.map((p) => p.join('-')).join(' '));
  if (Array.isArray(v)) return x.item === 'mine' && v.every(Number.isInteger) ? listParts(v.slice().sort((a, b) => a - b).map(String)).join('') : value(v);
  return ['multiplier', 'winner', 'player', 'win', 'white', 'face'].includes(x.item) ? itemValue(x.item, v, ctx) : value(v);
}

function resultLines(r) {
  const ctx = ctxOf(r);
  const results = ((ctx.desc && ctx.desc.results) || []).filter((x) => r[x.key] !== undefined && r[x.key] !== null).slice(0, MAX_RESULTS);
  if (!results.length) return [];
  // After a hint the result comes from the wrong input: said so, never headed as the result.
  const caveat = outcomeCaveat(r);
  const from = caveat === 'commitment' ? 'render.result.fromFailed' : 'render.result.fromHint';
  const head = caveat ? [t(`${from}.summary`), `  ${t(from)}`] : [t('page.result.heading')];
  // Each by its name on the page ("Last platform", not lastPlatform): render/keys.js,
  // the evidence file's rule too.
  const name = (/** @type {string} */ k) => resultName(r, k);
  // The mines as the page says them, with their count ("3 mines, at cells 9, 13 and 24").
  const mines = (/** @type {number[]} */ v) => (v.length
    ? t('draw.minesAtCount', { count: v.length, cells: listParts(v.slice().sort((a, b) => a - b).map(String)).join('') }) : t('draw.noMinesAt'));
  return [...head, ...results.map((x) => (x.item === 'mine' && Array.isArray(r[x.key]) && r[x.key].every(Number.isInteger)
    ? `  ${mines(r[x.key])}`
    : `  ${t('render.join.colon', { label: name(x.key), text: resultText(x, r[x.key], ctx) })}`))];
}

/** One result ({report} or {error}) as lines of text, each one line (a record's line
 *  breaks are still in them: safe.js `terminalLines` shows them); `file` heads it
 *  when given. */
export function renderHuman(res, file) {
  const lines = file ? [`── ${file}`] : [];
  if (res.error) return lines.concat(errorLines(res.error));
  const r = res.report;
  // What explains a difference first (the core's diagnosis, else a hint), as the
  // page's banner says it; then nobody is sent to the operator's support, and the
  // verdict's line says "does not match as entered" (the page's amber tone).
  const lead = leadOf(r, descOf(r.scheme));
  // A pass that a hint leads: "verified, with a caveat" (the page's word).
  lines.push(t(toneOf(r, lead) === 'slip' ? 'verdict.slip' : r.verdict === 'pass' && lead ? (outcomeCaveat(r) ? 'verdict.pass.lead' : 'verdict.pass.note') : `verdict.${r.verdict}`));
  if (lead) {
    lines.push(`  → ${lead.title}`);
    for (const line of [lead.why, ...lead.lines]) if (line) lines.push(`    ${line}`);
  }
  // Why nothing was decided (a walk cut by its step limit: SPEC §6), or what a pass on
  // a terminal the record brings proves: the page's second line.
  // (A terminal's lead already says the step limit under its title.)
  if (r.verdict === 'unchecked' && !(lead && stepLimited(r))) lines.push(`  ${uncheckedWhy(r)}`);
  else if (r.verdict === 'pass' && r.terminalPublished === null) lines.push(`  ${passWhy(r)}`);
  const found = foundInParams(r);
  if (found && r.verdict !== 'fail') lines.push(`  ${t('render.chain.foundIn', found)}`);
  const checks = Array.isArray(r.checks) ? r.checks : [];
  lines.push(t('check.heading'));
  if (checks.length) lines.push(...checkLines(checks, r, toneOf(r, lead) === 'slip'));
  // "Nothing published to check" only when nothing was: a walk cut by its step limit
  // or a terminal the record brought had one, and its hint says what happened.
  else if (!(r.hints || []).some((h) => h.code === 'step_limit' || /terminal/.test(String(h.code)))) {
    lines.push(`  ${t(r.missing && r.missing.includes('terminal') ? 'check.noneChain' : 'check.none')}`);
  }
  if (Array.isArray(r.missing) && r.missing.length) {
    // Each in the words the page asks for it ("the chain's published terminal"), never a
    // label pasted after a colon (issue 44).
    const fields = new Intl.ListFormat(language(), { type: 'conjunction' }).format(r.missing.map((f) => (has(`render.ask.${f}`) ? t(`render.ask.${f}`) : t('render.ask.field', { field: fieldName(f) }))));
    lines.push(t('missing.heading', { fields }));
  }
  for (const h of Array.isArray(r.hints) ? r.hints : []) {
    // The hint that leads is said above; the others with their own title.
    if (lead && lead.hint === h) continue;
    const said = hintSentences(h);
    // Title and sentence joined as the page joins them (zh: no space after 。).
    lines.push(`  • ${t('render.join.sentence', { first: hintTitle(h), then: said.text })}`);
    if (said.todo && todoShown(r, h)) lines.push(`    ${said.todo}`);
  }
  if (Array.isArray(r.differences)) {
    const count = typeof r.differenceCount === 'number' ? r.differenceCount : r.differences.length;
    // Nothing differs: the `played` check's line above says so already (a second,
    // unindented ✓ line would read as another verdict).
    if (count > 0) {
      lines.push(t('diff.headingCount', { count }));
      for (const d of r.differences.slice(0, MAX_DIFFERENCES)) {
        // A set (a hand, the mines): what was shown but not recomputed, and the reverse.
        // The page's sentence, in the game's words (never a path such as rolls[5]).
        lines.push(`  ${differencePlain(d, ctxOf(r))}`);
      }
      if (count > MAX_DIFFERENCES) lines.push(`  ${t('diff.more', { count: count - MAX_DIFFERENCES })}`);
    }
    // What the record's `played` left out: not compared, said per key.
    for (const { text } of notShownLines(r)) lines.push(`  ${text}`);
  }
  // What to do next, for the check that failed and the game (the page's words).
  if (lead && (r.verdict === 'fail' || lead.kind === 'hint')) { if (lead.next) lines.push(lead.next); }
  else if (r.verdict === 'fail') {
    const next = failNext(r, descOf(r.scheme));
    // The field as a record names it too: "Maximum chain steps (maxSteps)".
    lines.push(t(next.key, next.field ? { ...next.params, field: fieldName(next.field) } : next.params));
  }
  lines.push(...resultLines(r));
  lines.push(t('cli.fullReport'));
  return lines;
}
