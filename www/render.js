// Draws a verification report: checks, verdict, then the recomputed match as
// cards, dice, tiles and boards. Every user-supplied string is set with
// textContent; nothing here builds HTML from strings.
'use strict';

const FVRender = (() => {
  const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
  const RANK_NAMES = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
    'jack', 'queen', 'king', 'ace'];
  const SUITS = ['♣', '♦', '♥', '♠'];
  const SUIT_NAMES = ['clubs', 'diamonds', 'hearts', 'spades'];
  const DIE_FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

  /** An element with attributes, children and text; `text` always via textContent. */
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'class') e.className = v;
      else if (k === 'text') e.textContent = String(v);
      else e.setAttribute(k, v === true ? '' : String(v));
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }

  /** Rank and suit of a card id. selfpoker numbers cards value-major (SPEC §5). */
  function cardParts(id, scheme) {
    if (scheme === 'selfpoker') return { rank: Math.floor(id / 4), suit: id % 4 };
    return { rank: id % 13, suit: Math.floor(id / 13) };
  }

  function cardName(id, scheme) {
    const p = cardParts(id, scheme);
    return `${RANK_NAMES[p.rank]} of ${SUIT_NAMES[p.suit]}`;
  }

  function card(id, scheme, path) {
    const p = cardParts(id, scheme);
    const red = p.suit === 1 || p.suit === 2;
    return el('span', {
      class: `card ${red ? 'red' : 'black'}`, 'data-card': id, 'data-path': path,
      role: 'img', 'aria-label': cardName(id, scheme), title: cardName(id, scheme),
    },
    el('span', { class: 'rank', text: RANKS[p.rank], 'aria-hidden': 'true' }),
    el('span', { class: 'suit', text: SUITS[p.suit], 'aria-hidden': 'true' }));
  }

  function cards(ids, scheme, path) {
    return el('div', { class: 'cards' }, ...ids.map((c, i) => card(c, scheme, `${path}[${i}]`)));
  }

  function die(value, path) {
    return el('span', {
      class: 'die', 'data-die': value, 'data-path': path, role: 'img', 'aria-label': `die showing ${value}`,
      title: `${value}`,
    }, el('span', { class: 'pips', text: DIE_FACES[value - 1] || '?', 'aria-hidden': 'true' }),
    el('span', { class: 'num', text: value, 'aria-hidden': 'true' }));
  }

  // Mahjong tile ids (SPEC §2): kind = t / 4 for t < 136; 136–143 flowers and seasons.
  // Drawn as text (rank over suit), not Unicode mahjong glyphs: few fonts have those.
  const SUITS_MJ = [['dots', 'dots'], ['bamboo', 'bamboo'], ['characters', 'char.']];
  const HONOURS = [['east wind', 'E', 'wind'], ['south wind', 'S', 'wind'], ['west wind', 'W', 'wind'],
    ['north wind', 'N', 'wind'], ['red dragon', 'R', 'dragon'], ['green dragon', 'G', 'dragon'],
    ['white dragon', 'W', 'dragon']];

  function tileInfo(t) {
    if (t >= 140) return { name: `season ${t - 139}`, top: `${t - 139}`, bottom: 'season', cls: 'bonus' };
    if (t >= 136) return { name: `flower ${t - 135}`, top: `${t - 135}`, bottom: 'flower', cls: 'bonus' };
    const kind = Math.floor(t / 4);
    if (kind < 27) {
      const [name, short] = SUITS_MJ[Math.floor(kind / 9)];
      const n = (kind % 9) + 1;
      return { name: `${n} of ${name}`, top: `${n}`, bottom: short, cls: name };
    }
    const [name, top, bottom] = HONOURS[kind - 27];
    return { name, top, bottom, cls: `honour ${name.replace(' ', '-')}` };
  }

  function tile(t, path) {
    const info = tileInfo(t);
    return el('span', {
      class: `tile ${info.cls}`, 'data-tile': t, 'data-path': path, role: 'img',
      'aria-label': `${info.name} (tile ${t})`, title: `${info.name} (tile ${t})`,
    }, el('span', { class: 'glyph', text: info.top, 'aria-hidden': 'true' }),
    el('span', { class: 'short', text: info.bottom, 'aria-hidden': 'true' }));
  }

  function hash(text) {
    return el('code', { class: 'hash', text });
  }

  function section(title, ...children) {
    return el('section', { class: 'block' }, el('h3', { text: title }), ...children);
  }

  function checksView(report) {
    if (!report.checks || report.checks.length === 0) {
      const chain = ['crash', 'platforms', 'battle'].includes(report.scheme);
      return el('p', { class: 'note', text: chain
        ? 'This record carries no commitment, so nothing could be checked against one: the result below is only recomputed from the hash. Add the chain terminal (Crash, Platform or Battle) to check that the round belongs to the published chain.'
        : 'This record carries no commitment to check: the result below is only recomputed.' });
    }
    const list = el('ul', { class: 'checks' });
    for (const c of report.checks || []) {
      const item = el('li', { class: c.ok ? 'ok' : 'bad', 'data-check': c.name, 'data-ok': String(c.ok) },
        el('span', { class: 'mark', text: c.ok ? '✓' : '✗', 'aria-label': c.ok ? 'holds' : 'does not hold' }),
        el('span', { class: 'label', text: c.label }));
      const pair = el('dl', { class: 'pair' },
        el('dt', { text: 'published' }), el('dd', {}, hash(fmt(c.expected))),
        el('dt', { text: 'recomputed' }), el('dd', {}, hash(fmt(c.computed))));
      item.append(pair);
      list.append(item);
    }
    return list;
  }

  function fmt(v) {
    return typeof v === 'string' ? v : JSON.stringify(v);
  }

  function verdictView(verdict, text) {
    const v = el('div', { id: 'verdict', class: `verdict ${verdict}`, 'data-verdict': verdict, role: 'status' });
    v.textContent = text || (verdict === 'pass'
      ? '✓ Verified: every check holds'
      : verdict === 'fail' ? '✗ Not verified: at least one check failed' : 'Could not verify this record');
    return v;
  }

  /** Short label for a hand: seat and player. */
  function handLabel(report, seat) {
    const player = report.seats ? report.seats[seat] : seat;
    return `Seat ${seat} · player ${player}`;
  }

  function seatLabel(report, seat, record) {
    const player = report.seats ? report.seats[seat] : seat;
    const seeds = record && Array.isArray(record.clientSeeds) ? record.clientSeeds : null;
    const seed = seeds && seeds[player] !== undefined ? ` · client seed “${seeds[player]}”` : '';
    return `Seat ${seat} · player ${player}${seat === 0 ? ' (moves or deals first)' : ''}${seed}`;
  }

  function seatsView(report, record) {
    return section('Seat order',
      el('ol', { class: 'seats', start: 0 }, ...report.seats.map((p, s) => el('li', {
        'data-seat': s, 'data-player': p, 'data-path': `seats[${s}]`, text: seatLabel(report, s, record),
      }))));
  }

  const draw = {
    match_seed_v2(r, record, out) {
      out.append(seatsView(r, record));
      if (r.rolls) {
        const list = el('ol', { class: 'rolls', start: 0 });
        // A tied opening pair is re-rolled by the next pair (SPEC §2); moves count from
        // the first untied opening.
        let opening = true;
        let move = 0;
        r.rolls.forEach((pair, i) => {
          let label;
          if (opening) {
            const tie = pair[0] === pair[1];
            label = tie ? 'Opening roll: tie, rolled again' : 'Opening roll';
            opening = tie;
          } else {
            move += 1;
            label = `Roll ${move}`;
          }
          list.append(el('li', { 'data-roll': i },
            el('span', { class: 'rollno', text: label }),
            die(pair[0], `rolls[${i}][0]`), die(pair[1], `rolls[${i}][1]`)));
        });
        out.append(section(`Dice (${r.rolls.length} rolls)`, list));
      }
      if (r.deals) {
        r.deals.forEach((deal, d) => {
          const box = el('div', { class: 'deal', 'data-deal': d });
          deal.forEach((hand, s) => box.append(el('div', { class: 'hand', 'data-seat': s },
            el('h4', { text: handLabel(r, s) }), cards(hand, r.scheme, `deals[${d}][${s}]`))));
          out.append(section(`Deal ${d + 1}`, box));
        });
      }
      if (r.hands) {
        r.hands.forEach((h, n) => {
          const box = el('div', { class: 'deal', 'data-hand': n });
          box.append(el('h4', { text: 'First deal (5 cards each)' }));
          h.first.forEach((c, s) => box.append(el('div', { class: 'hand', 'data-seat': s, 'data-round': 'first' },
            el('h5', { text: handLabel(r, s) }), cards(c, r.scheme, `hands[${n}].first[${s}]`))));
          box.append(el('div', { class: 'faceup', 'data-faceup': h.faceUp },
            el('h4', { text: 'Face-up card' }), cards([h.faceUp], r.scheme, `hands[${n}].faceUp`)));
          const fu = box.querySelector('.faceup .card');
          if (fu) fu.setAttribute('data-path', `hands[${n}].faceUp`);
          if (h.second) {
            box.append(el('h4', { text: 'Second deal (the buyer also takes the face-up card)' }));
            h.second.forEach((c, s) => box.append(el('div', { class: 'hand', 'data-seat': s, 'data-round': 'second' },
              el('h5', { text: handLabel(r, s) + (c.length === 2 ? ' · buyer' : '') }),
              cards(c, r.scheme, `hands[${n}].second[${s}]`))));
          } else {
            box.append(el('p', { class: 'note', text: 'Everyone passed: no second deal.' }));
          }
          out.append(section(`Hand ${n + 1}`, box));
        });
      }
      if (r.tiles) {
        out.append(section(`Tiles in draw order (${r.tiles.length})`,
          el('div', { class: 'tiles' }, ...r.tiles.map((t, i) => tile(t, `tiles[${i}]`)))));
      }
    },

    poker_hmac_v1(r, record, out) {
      if (r.deck) {
        const seats = r.seatOrder || [];
        const holes = el('div', { class: 'players' });
        r.holeCards.forEach((h, j) => holes.append(el('div', { class: 'hand', 'data-seat': seats[j] },
          el('h4', { text: `Seat ${seats[j]}` }), cards(h, r.scheme, `holeCards[${j}]`))));
        out.append(section('Hole cards', holes));
        out.append(section('Board', el('div', { 'data-board': '' }, cards(r.board, r.scheme, 'board'))));
        out.append(section('Deck in order (positions 0–51)', el('div', { 'data-deck': '' }, cards(r.deck, r.scheme, 'deck'))));
      }
      if (r.leafClimbs) {
        const root = record && record.deckRoot ? String(record.deckRoot).toLowerCase() : '';
        r.leafClimbs.forEach((l, i) => {
          const levels = el('ol', { class: 'merkle', start: 0 });
          l.hashes.forEach((h, lvl) => {
            const top = lvl === l.hashes.length - 1;
            const match = top ? h === root : null;
            levels.append(el('li', { class: top ? (match ? 'ok' : 'bad') : '' },
              el('span', { class: 'lvl', text: lvl === 0 ? 'leaf' : top ? 'root' : `level ${lvl}` }),
              hash(h),
              top ? el('span', { class: 'mark', text: match ? ' ✓ equals the deck commitment' : ' ✗ differs from the deck commitment' }) : null,
              lvl < l.hashes.length - 1 && record && record.leaves && record.leaves[i]
                ? el('span', { class: 'sib', text: ` + sibling ${String(record.leaves[i].path[lvl]).slice(0, 12)}…` }) : null));
          });
          out.append(section(`Your card at position ${l.position}`,
            el('div', { class: 'leaf', 'data-leaf': i }, cards([l.card], r.scheme, `leafClimbs[${i}].card`), levels)));
        });
      }
    },

    chess_colour_v1(r, record, out) {
      const a = r.aPlaysWhite;
      out.append(section('Colours', el('div', { class: 'chess', 'data-a-plays-white': String(a) },
        el('p', { class: 'side', text: `${a ? '♔' : '♚'} A (the owner of the seek or challenge) plays ${a ? 'White' : 'Black'}` }),
        el('p', { class: 'side', text: `${a ? '♚' : '♔'} ${r.bot ? 'The bot' : 'B'} plays ${a ? 'Black' : 'White'}` }))));
    },

    selfpoker(r, record, out) {
      const holes = el('div', { class: 'players' });
      r.holeCards.forEach((h, p) => holes.append(el('div', { class: 'hand', 'data-seat': p },
        el('h4', { text: `Player ${p + 1}` }), cards(h, r.scheme, `holeCards[${p}]`))));
      out.append(section('Hole cards', holes));
      out.append(section('Board', el('div', { 'data-board': '' }, cards(r.board, r.scheme, 'board'))));
      out.append(section('Deck in order (numpy permutation)', el('div', { 'data-deck': '' }, cards(r.deck, r.scheme, 'deck'))));
    },

    crash(r, record, out) {
      const n = parseFloat(r.multiplier);
      out.append(section('Crash point', el('div', {
        class: `multiplier ${n >= 2 ? 'high' : ''}`, 'data-multiplier': r.multiplier, 'data-path': 'multiplier',
        text: `${r.multiplier}×`,
      })));
      if (r.history) out.append(section(`History (${r.history.length} rounds)`, historyTable(r)));
    },

    platforms(r, record, out) {
      const grid = el('div', { class: 'platforms', 'data-last-platform': r.lastPlatform, 'data-path': 'lastPlatform' });
      for (let p = 1; p <= 25; p++) {
        grid.append(el('span', {
          class: `platform ${p === r.lastPlatform ? 'last' : ''}`, 'data-platform': p,
          'aria-label': p === r.lastPlatform ? `platform ${p}, the last one` : `platform ${p}`, text: p,
        }));
      }
      out.append(section(`Last platform: ${r.lastPlatform}`, grid));
    },

    battle(r, record, out) {
      const chances = (record && record.chances) || [];
      const bar = el('div', { class: 'wheel', role: 'img', 'aria-label': `winner: player ${r.winner}` });
      let start = 0;
      chances.forEach((c, i) => {
        const seg = el('span', { class: `seg ${i === r.winner ? 'winner' : ''}`, 'data-player': i, title: `player ${i}: ${c}%` },
          el('span', { text: `${i}` }));
        seg.style.left = `${start}%`;
        seg.style.width = `${c}%`;
        start += c;
        bar.append(seg);
      });
      const mark = el('span', { class: 'point', 'aria-hidden': 'true' });
      mark.style.left = `${Math.min(100, r.point * 100)}%`;
      bar.append(mark);
      out.append(section(`Winner: player ${r.winner}`, bar,
        el('p', { 'data-winner': r.winner, 'data-path': 'winner', text: `The wheel point is ${r.point} (of 1); player ${r.winner}'s share is the first whose running total passes it.` })));
    },

    hash_chain(r, record, out) {
      out.append(section('Chain', el('p', { text: r.round ? `This hash is round ${r.round}: ${r.round} SHA-256 steps lead to the terminal.` : `Not found within ${r.maxSteps} steps of the terminal.` })));
    },

    dice(r, record, out) {
      const sel = el('div', { class: 'selected' });
      for (let f = 1; f <= 6; f++) {
        const picked = (r.selected || []).includes(f);
        sel.append(el('span', { class: `pick ${picked ? 'on' : ''} ${f === r.face ? 'hit' : ''}`, text: f, 'aria-label': `${f}${picked ? ', selected' : ''}` }));
      }
      out.append(section(`Roll: ${r.face} · ${r.win ? 'win' : 'loss'}`,
        el('div', { class: 'diceroll', 'data-win': String(r.win) }, die(r.face, 'face')),
        el('p', { text: 'Your numbers:' }), sel));
    },

    mines(r, record, out) {
      const grid = el('div', { class: 'mines', role: 'grid', 'aria-label': '5 by 5 board' });
      const set = new Set(r.mines);
      for (let cell = 1; cell <= 25; cell++) {
        const i = r.mines.indexOf(cell);
        grid.append(el('span', {
          class: `cell ${set.has(cell) ? 'mine' : ''}`, 'data-cell': cell, 'data-mine': set.has(cell) ? 'true' : 'false',
          'data-path': i >= 0 ? `mines[${i}]` : null, role: 'gridcell',
          'aria-label': `cell ${cell}${set.has(cell) ? ', mine' : ''}`,
        }, el('span', { text: cell, 'aria-hidden': 'true' }),
        set.has(cell) ? el('span', { class: 'minemark', text: 'mine', 'aria-hidden': 'true' }) : null));
      }
      out.append(section(`Mines at ${r.mines.join(', ') || 'none'}`, grid));
    },
  };

  const HISTORY_PAGE = 500;

  function historyTable(r) {
    const wrap = el('div', { class: 'history' });
    const table = el('table', {},
      el('thead', {}, el('tr', {}, el('th', { text: 'round' }), el('th', { text: 'hash' }), el('th', { text: 'crash' }))));
    const body = el('tbody');
    table.append(body);
    let shown = 0;
    const more = el('button', { type: 'button', class: 'more' });
    function page() {
      const frag = document.createDocumentFragment();
      const end = Math.min(r.history.length, shown + HISTORY_PAGE);
      for (let i = shown; i < end; i++) {
        const h = r.history[i];
        const high = parseFloat(h.multiplier) >= 2;
        const round = r.round ? r.round + i : null;
        frag.append(el('tr', { class: high ? 'high' : '' },
          el('td', { text: round ? `${round}` : i === 0 ? 'this' : `−${i}` }),
          el('td', {}, hash(h.hash)),
          el('td', { 'data-multiplier': h.multiplier, text: `${h.multiplier}×` })));
      }
      body.append(frag);
      shown = end;
      more.hidden = shown >= r.history.length;
      more.textContent = `Show ${Math.min(HISTORY_PAGE, r.history.length - shown)} more (${shown} of ${r.history.length})`;
    }
    more.addEventListener('click', page);
    page();
    wrap.append(table, more);
    return wrap;
  }

  /** Marks every element whose data-path differs from what was played. */
  function markDifferences(root, report) {
    for (const d of report.differences || []) {
      const target = root.querySelector(`[data-path="${CSS.escape(d.path)}"]`);
      if (!target) continue;
      target.classList.add('mismatch');
      target.setAttribute('data-played', fmt(d.played));
      target.append(el('span', { class: 'shown', text: `shown ${fmt(d.played)}` }));
      const label = target.getAttribute('aria-label');
      if (label) target.setAttribute('aria-label', `${label}; you were shown ${fmt(d.played)}`);
    }
  }

  function differencesView(report) {
    if (!report.differences) return null;
    if (report.differenceCount === 0) {
      return section('What you were shown', el('p', { class: 'ok', text: '✓ Everything you were shown matches the recomputation.' }));
    }
    const list = el('ul', { class: 'diffs' }, ...report.differences.map((d) => el('li', { 'data-diff': d.path },
      el('code', { text: d.path }), el('span', { text: `: shown ${fmt(d.played)}, recomputed ${fmt(d.computed)}` }))));
    const more = report.differenceCount > report.differences.length
      ? el('p', { text: `…and ${report.differenceCount - report.differences.length} more.` }) : null;
    return section(`What you were shown: ${report.differenceCount} difference${report.differenceCount === 1 ? '' : 's'}`, list, more);
  }

  /** The whole result for one report, in order: checks, verdict, drawing. */
  function report(r, record) {
    const out = el('div', { class: 'report', 'data-scheme': r.scheme });
    out.append(section('Commitment checks', checksView(r)));
    out.append(verdictView(r.verdict, r.verdict === 'pass' && (r.checks || []).length === 0
      ? '✓ Recomputed (no commitment in this record to check it against)' : undefined));
    const d = differencesView(r);
    if (d) out.append(d);
    const drawing = el('div', { class: 'drawing' });
    (draw[r.scheme] || (() => {}))(r, record, drawing);
    if ((r.chainOk !== undefined) && r.scheme !== 'hash_chain') {
      drawing.append(section('Chain', el('p', { 'data-round': r.round || '', text: r.chainOk ? `Round ${r.round} of the chain (${r.round} SHA-256 steps to the terminal).` : `Not within ${r.maxSteps} steps of the terminal.` })));
    }
    out.append(drawing);
    markDifferences(out, r);
    return out;
  }

  function error(e) {
    const out = el('div', { class: 'report error' });
    out.append(verdictView('error', 'Could not verify: the record is not valid'));
    out.append(el('p', { class: 'errmsg', 'data-code': e.code || 'internal', 'data-field': e.field || '', text: friendly(e) }));
    return out;
  }

  function friendly(e) {
    const code = e.code || 'internal';
    const lead = {
      missing_field: 'Something is missing.',
      wrong_type: 'A value has the wrong form.',
      bad_hex: 'A hash is not 64 hexadecimal digits.',
      bad_decimal: 'A number is not written in plain decimal.',
      bad_json: 'This is not valid JSON.',
      not_object: 'A record must be a JSON object.',
      unknown_scheme: 'This scheme is not one the verifier knows.',
      unsupported_scheme: 'This scheme cannot be verified.',
      unknown_game: 'This game is not one the verifier knows.',
      bad_seat_count: 'The number of players does not fit the game.',
      out_of_range: 'A value is out of range.',
      unknown_field: 'Something in “played” is not recomputed by this scheme.',
      game_rule: 'The game’s own rules refuse this input.',
      bad_utf8: 'The text contains an invalid character.',
      internal: 'The verifier hit an internal error; no verdict is given.',
    }[code] || 'The record is not valid.';
    return `${lead} ${e.message}`;
  }

  return { el, report, error, card, cards, die, tile, tileInfo, cardName, verdictView };
})();
