// What the page drew, read through its stable hooks: #verdict[data-verdict], the
// [data-check][data-ok] list, and the drawn values' data-* attributes (cards by
// data-card in dealt order from their data-path index, whatever order they are shown
// in; the deal navigator and other paged lists as {count, items: [[index, value]]}
// of the page on view). One copy for every browser test (page.test.mjs in Chromium,
// engines.test.mjs in the three engines).

/** Runs in the page (self-contained: it is sent to the engine as text). */
export function drawn() {
  const q = (sel, root = document) => Array.from(root.querySelectorAll(sel));
  const nums = (sel, attr, root) => q(sel, root).map((e) => Number(e.getAttribute(attr)));
  const report = document.querySelector('#result .report');
  const out = { checks: {} };
  for (const c of q('#result [data-check]')) out.checks[c.getAttribute('data-check')] = c.getAttribute('data-ok') === 'true';
  out.verdict = document.querySelector('#verdict') && document.querySelector('#verdict').getAttribute('data-verdict');
  if (!report) return out;
  // Cards in dealt order (hands may be shown sorted by suit): by their data-path index.
  const at = (e) => Number(/\[(\d+)\]$/.exec(e.getAttribute('data-path') || '[0]')[1]);
  const dealt = (root) => q('[data-card]', root).sort((a, b) => at(a) - at(b)).map((e) => Number(e.getAttribute('data-card')));
  // Long lists are paged: the drawn items by index, and the list's length.
  const paged = (list, sel, attr, read) => {
    const box = report.querySelector(`[data-list="${list}"]`);
    return { count: box ? Number(box.getAttribute('data-count')) : 0, items: q(sel, report).map((e) => [Number(e.getAttribute(attr)), read(e)]) };
  };
  out.seats = q('ol.seats [data-seat]', report).map((e) => Number(e.getAttribute('data-player')));
  out.rolls = paged('rolls', 'ol.rolls li', 'data-roll', (li) => nums('[data-die]', 'data-die', li));
  out.deals = paged('deals', '.deal[data-deal]', 'data-deal', (d) => q('[data-seat]', d).map((s) => dealt(s)));
  out.hands = paged('hands', '.deal[data-hand]', 'data-hand', (h) => {
    const first = q('[data-round="first"]', h).map((s) => dealt(s));
    const second = q('[data-round="second"]', h).map((s) => dealt(s));
    const fu = h.querySelector('[data-faceup]');
    return { first, faceUp: fu ? Number(fu.getAttribute('data-faceup')) : null, second: second.length ? second : null };
  });
  out.tiles = nums('[data-tile]', 'data-tile', report);
  out.deck = nums('[data-deck] [data-card]', 'data-card', report);
  out.holeCards = q('.players [data-seat]', report).map((s) => nums('[data-card]', 'data-card', s));
  out.board = nums('[data-board] [data-card]', 'data-card', report);
  const chess = report.querySelector('[data-a-plays-white]');
  if (chess) out.aPlaysWhite = chess.getAttribute('data-a-plays-white') === 'true';
  const m = report.querySelector('.multiplier[data-multiplier]');
  if (m) out.multiplier = m.getAttribute('data-multiplier');
  out.history = q('.history tbody tr', report).filter((tr) => tr.querySelector('code') && tr.querySelector('[data-multiplier]')).map((tr) => ({
    hash: tr.querySelector('code').textContent, multiplier: tr.querySelector('[data-multiplier]').getAttribute('data-multiplier'),
  }));
  const lp = report.querySelector('[data-last-platform]');
  if (lp) out.lastPlatform = Number(lp.getAttribute('data-last-platform'));
  const w = report.querySelector('[data-winner]');
  if (w) out.winner = Number(w.getAttribute('data-winner'));
  const roll = report.querySelector('.diceroll');
  if (roll) {
    out.face = Number(roll.querySelector('[data-die]').getAttribute('data-die'));
    out.win = roll.getAttribute('data-win') === 'true';
  }
  const cells = q('[data-cell][data-mine="true"]', report);
  if (cells.length || report.querySelector('.mines')) {
    out.mines = cells.map((c) => [Number(c.getAttribute('data-path').slice(6, -1)), Number(c.getAttribute('data-cell'))])
      .sort((a, b) => a[0] - b[0]).map((p) => p[1]);
  }
  // A round number (hash chains); baloot's data-round="first"/"second" are not one.
  const round = q('[data-round]', report).find((e) => /^\d+$/.test(e.getAttribute('data-round') || ''));
  if (round) out.round = Number(round.getAttribute('data-round'));
  out.leavesOk = q('[data-check^="leaves["]', report).map((e) => e.getAttribute('data-ok') === 'true');
  return out;
}

/** The lists the page draws a page at a time. */
export const PAGED = ['rolls', 'deals', 'hands'];

/** A paged list against its full value: the count, at least one item, every drawn
 *  item equal to the one at its index. */
export function comparePaged(assert, name, key, got, want) {
  assert.equal(got.count, want.length, `${name}: ${key} count`);
  assert.ok(got.items.length > 0, `${name}: no ${key} drawn`);
  for (const [i, v] of got.items) assert.deepEqual(v, want[i], `${name}: ${key}[${i}]`);
}

/** Is nothing of a paged list drawn? */
export const pagedEmpty = (got) => !got || (got.count === 0 && got.items.length === 0);
