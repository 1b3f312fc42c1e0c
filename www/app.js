// The verifier page: the form, paste/drop, #record= links, batches, self-test.
// Runs entirely in this page; it makes no requests and stores nothing.
'use strict';

(() => {
  const { el } = FVRender;
  const $ = (sel) => document.querySelector(sel);
  const V = window.FairVerifier;

  // Fields of each scheme's form. kind: text (trimmed), hash (trimmed, 64 hex),
  // int, list (one per line or a JSON array), seats (seat=seed lines or JSON),
  // numbers (comma separated or JSON), json, buyers, select.
  const GAMES = ['table', 'dame', 'xiangqi', 'tarneeb', 'trix', 'bridge', 'baloot', 'mahjong'];
  const FORMS = {
    match_seed_v2: [
      { name: 'game', kind: 'select', options: GAMES, label: 'Game' },
      { name: 'matchId', kind: 'text', label: 'Match id' },
      { name: 'serverSeed', kind: 'text', label: 'Server seed (revealed)' },
      { name: 'commitment', kind: 'hash', label: 'Commitment (SHA-256 shown before the match)' },
      { name: 'clientSeeds', kind: 'list', label: 'Client seeds, one per line, player 0 first' },
      { name: 'rolls', kind: 'int', label: 'Number of rolls (table)', games: ['table'] },
      { name: 'deals', kind: 'int', label: 'Number of deals', games: ['tarneeb', 'trix', 'bridge'] },
      { name: 'hands', kind: 'buyers', label: 'Buyer seat of each hand, comma separated (“-” when all passed)', games: ['baloot'] },
      { name: 'tileSet', kind: 'int', label: 'Tile set (144 or 136; empty: 144)', games: ['mahjong'], optional: true },
      { name: 'draws', kind: 'int', label: 'Tiles drawn (empty: the whole wall)', games: ['mahjong'], optional: true },
    ],
    poker_hmac_v1: [
      { name: 'table', kind: 'text', label: 'Table' },
      { name: 'session', kind: 'text', label: 'Session' },
      { name: 'hand', kind: 'int', label: 'Hand number' },
      { name: 'clientSeeds', kind: 'seats', label: 'Client seeds, one “seat=seed” per line' },
      { name: 'handCommitment', kind: 'hash', label: 'Hand commitment' },
      { name: 'deckRoot', kind: 'hash', label: 'Deck commitment (Merkle root)' },
      { name: 'serverSeed', kind: 'text', label: 'Session seed (revealed; leave empty for a partial reveal)', optional: true },
      { name: 'commitment', kind: 'hash', label: 'Session commitment (optional)', optional: true },
      { name: 'leaves', kind: 'json', label: 'Your leaves (JSON, for a partial reveal)', optional: true },
    ],
    chess_colour_v1: [
      { name: 'seedA', kind: 'text', label: 'Seed of A (owner of the seek or challenge)' },
      { name: 'commitA', kind: 'text', label: 'Commitment of A' },
      { name: 'clientA', kind: 'text', label: 'Client seed of A', keepEmpty: true },
      { name: 'seedB', kind: 'text', label: 'Seed of B (empty for a bot)', nullable: true },
      { name: 'commitB', kind: 'text', label: 'Commitment of B (empty for a bot)', nullable: true },
      { name: 'clientB', kind: 'text', label: 'Client seed of B (empty for a bot)', keepEmpty: true },
    ],
    selfpoker: [
      { name: 'seed', kind: 'text', label: 'Seed (revealed after the hand)' },
      { name: 'commit', kind: 'hash', label: 'Commitment (shown before the hand)' },
      { name: 'players', kind: 'int', label: 'Players (2–23)' },
    ],
    crash: [
      { name: 'hash', kind: 'hash', label: 'Round hash' },
      { name: 'history', kind: 'int', label: 'Rounds of history to show (optional)', optional: true },
      { name: 'terminal', kind: 'terminal', label: 'Chain terminal (optional)', optional: true },
      { name: 'maxSteps', kind: 'int', label: 'Maximum chain steps (optional; default 10,000,000)', optional: true },
    ],
    platforms: [
      { name: 'hash', kind: 'hash', label: 'Round hash' },
      { name: 'terminal', kind: 'terminal', label: 'Chain terminal (optional)', optional: true },
      { name: 'maxSteps', kind: 'int', label: 'Maximum chain steps (optional)', optional: true },
    ],
    battle: [
      { name: 'hash', kind: 'hash', label: 'Round hash' },
      { name: 'chances', kind: 'numbers', label: 'Chances in percent, in player order, comma separated' },
      { name: 'terminal', kind: 'terminal', label: 'Chain terminal (optional)', optional: true },
      { name: 'maxSteps', kind: 'int', label: 'Maximum chain steps (optional)', optional: true },
    ],
    hash_chain: [
      { name: 'hash', kind: 'hash', label: 'Round hash' },
      { name: 'terminal', kind: 'terminal', label: 'Chain terminal' },
      { name: 'maxSteps', kind: 'int', label: 'Maximum chain steps (optional)', optional: true },
    ],
    dice: [
      { name: 'serverSeed', kind: 'text', label: 'Server seed (revealed)' },
      { name: 'serverSeedHash', kind: 'hash', label: 'Server seed hash (shown before the bets; optional)', optional: true },
      { name: 'clientSeed', kind: 'text', label: 'Client seed', keepEmpty: true },
      { name: 'nonce', kind: 'int', label: 'Nonce (the bet time in milliseconds)' },
      { name: 'selected', kind: 'numbers', label: 'Your numbers (1 to 5 of 1–6), comma separated' },
    ],
    mines: [
      { name: 'serverSeed', kind: 'text', label: 'Server seed (revealed)' },
      { name: 'serverSeedHash', kind: 'hash', label: 'Server seed hash (optional)', optional: true },
      { name: 'clientSeed', kind: 'text', label: 'Client seed', keepEmpty: true },
      { name: 'nonce', kind: 'int', label: 'Nonce (the bet time in milliseconds)' },
      { name: 'mines', kind: 'int', label: 'Number of mines (0–25)' },
    ],
  };
  const COMMON = [{ name: 'played', kind: 'json', label: 'What you were shown (optional JSON, e.g. {"deals": …})', optional: true }];

  const TERMINALS = {
    Crash: 'c46f0705f6ba4df891ce44accda8f89f5a6fa8b987eb7c7b445280cf6cabfbc6',
    Platform: 'eeb4d340bfaed702601b9a08faba2f8088c4810c3e3a883293accaf25053b883',
    Battle: '63cb1eb64ec4eb4de02f6bad85e42365d08f37497a1b7e907bd0b9183f27e1b3',
  };

  const HOW = {
    match_seed_v2: 'Before the match the server publishes SHA-256 of a secret seed. Every random number is HMAC-SHA256(server seed, "pf2:game:match:0=seed0,1=seed1,…:k") with a counter k that goes up on every draw; its first 52 bits make a number, and a number in the top partial block is skipped so every result is equally likely. Seats are shuffled first (Fisher–Yates from the top), then the game: dice are int(6)+1; card games shuffle the 52 cards per deal and seat i gets cards 13i…13i+12; baloot deals 5 each from a 32-card deck (7 to ace), turns up card 21 and, if someone buys, reshuffles the other 11 (buyer 2 cards plus the face-up one, the others 3 each); mahjong draws each tile at int(tiles left) from the wall. Choices this verifier makes where the published text is silent: 2 players for table, dame and xiangqi and 4 for the others; the baloot deck and second deal as described; mahjong flowers and seasons are tiles 136–143.',
    poker_hmac_v1: 'The session seed is committed in advance. Each hand’s value is HMAC(seed, "pk1:hand:T:S:n"), and its SHA-256 is shown before the deal. The deck is the HMAC draw stream keyed by the hand value and shuffled Fisher–Yates; before the deal the table also commits to a Merkle root over the 52 positions, each leaf being sha256("pk1:leaf:i:card:salt"). When you leave you get your own cards with their Merkle paths: each climbs six levels to the root, which must equal the commitment, so your cards were fixed before the deal even though the others stay hidden. Display choice: seated players in ascending seat order hold two cards each from the top, then the five board cards.',
    chess_colour_v1: 'Both players commit to a seed before the game. Each counter value gives one 52-bit word from each seed (HMAC over both commitments and both client seeds) and the two are XORed; int(2) of that decides: 0 means A, who made the seek or challenge, plays White. A bot adds no seed.',
    selfpoker: 'Before the hand the server shows SHA-256("selfpoker:" + seed); after it, the seed. The deck is NumPy’s default_rng(seed).permutation(52), reproduced here bit for bit (SeedSequence, PCG64, the buffered 32-bit draws and masked rejection). Player p holds deck cards 2p and 2p+1, then the five board cards follow. Cards here are numbered value first: value = card / 4, suit = card % 4.',
    crash: 'Rounds use a published chain of 10,000,000 SHA-256 hashes backwards, so each round’s hash leads to the published terminal. The crash point comes from the round hash: if the whole hash is divisible by 40 the round crashes at 1.00×; otherwise, with h the first 13 hex digits, (100·2^52 − h) / (2^52 − h) is computed with Go’s big.Float rounding, floored and divided by 100.',
    platforms: 'The first 8 bytes of the round hash seed Go’s math/rand generator, and Intn(25) + 1 is the last platform. The generator is reproduced exactly, including Go’s 607-value seeding table.',
    battle: 'The first 8 bytes of the round hash divided by 2^64 − 1 give a point in [0, 1). Each player’s chance is a share of the wheel in player order; the first running total (added in float64, as the Go code does) that exceeds the point wins. Chances that do not add up to 100 (±0.01) are refused, as the published function refuses them.',
    hash_chain: 'Checks only that the hash belongs to the chain: hashing it again and again (SHA-256 of its 64 hex characters) must reach the published terminal; the number of steps is the round.',
    dice: 'The game seed is HMAC-SHA256 with the key "serverSeed:clientSeed:nonce" and an empty message, as published. The die is the whole 256-bit game seed mod 6, plus 1; you win when it is one of your numbers.',
    mines: 'From the same game seed as dice, mine i is HMAC(game seed, "mine-i"): its first 4 bytes mod 25, plus 1, kept if new, until there are enough mines. Cells 1–25 are drawn row by row from the top left (a choice: the published text does not say).',
  };

  const state = { scheme: 'match_seed_v2', lastRecord: null, cancel: null };

  // ---------- form ----------

  function fieldsFor(scheme, game) {
    return FORMS[scheme].filter((f) => !f.games || f.games.includes(game)).concat(COMMON);
  }

  function buildForm(scheme, values) {
    state.scheme = scheme;
    $('#scheme').value = scheme;
    const box = $('#fields');
    box.replaceChildren();
    const game = (values && values.game) || 'table';
    for (const f of fieldsFor(scheme, game)) {
      const id = `f-${f.name}`;
      const wrap = el('div', { class: 'field', 'data-field': f.name });
      wrap.append(el('label', { for: id, text: f.label }));
      let input;
      if (f.kind === 'select') {
        input = el('select', { id, name: f.name }, ...f.options.map((o) => el('option', { value: o, text: o })));
        input.addEventListener('change', () => buildForm(scheme, { ...readForm(true), game: input.value }));
      } else if (['list', 'seats', 'json', 'numbers', 'buyers'].includes(f.kind)) {
        input = el('textarea', { id, name: f.name, rows: f.kind === 'json' ? 3 : 2, spellcheck: 'false' });
      } else {
        input = el('input', { id, name: f.name, type: 'text', inputmode: f.kind === 'int' ? 'numeric' : null, spellcheck: 'false', autocomplete: 'off' });
      }
      wrap.append(input);
      if (f.kind === 'terminal') {
        const pick = el('div', { class: 'terminals' }, el('span', { text: 'Published: ' }));
        for (const [name, t] of Object.entries(TERMINALS)) {
          const b = el('button', { type: 'button', class: 'link', text: name, 'aria-label': `use the published ${name} terminal` });
          b.addEventListener('click', () => { input.value = t; });
          pick.append(b);
        }
        wrap.append(pick);
      }
      wrap.append(el('p', { class: 'fielderr', id: `${id}-err`, 'aria-live': 'polite' }));
      input.setAttribute('aria-describedby', `${id}-err`);
      box.append(wrap);
    }
    if (values) fillForm(values);
    $('#how-text').textContent = HOW[scheme];
  }

  function toText(f, v) {
    if (v === undefined || v === null) return '';
    switch (f.kind) {
      case 'list': return Array.isArray(v) && v.every((s) => typeof s === 'string' && !s.includes('\n') && s === s.trim() && s !== '')
        ? v.join('\n') : JSON.stringify(v);
      case 'seats': return v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((s) => typeof s === 'string' && s === s.trim() && !s.includes('\n'))
        ? Object.entries(v).map(([k, s]) => `${k}=${s}`).join('\n') : JSON.stringify(v);
      case 'numbers': return Array.isArray(v) ? v.join(', ') : JSON.stringify(v);
      case 'buyers': return Array.isArray(v) ? v.map((h) => (h && h.buyer !== null && h.buyer !== undefined ? h.buyer : '-')).join(', ') : JSON.stringify(v);
      case 'json': return JSON.stringify(v, null, 1);
      default: return typeof v === 'string' ? v : JSON.stringify(v);
    }
  }

  function fillForm(record) {
    for (const f of fieldsFor(state.scheme, record.game || 'table')) {
      const input = document.getElementById(`f-${f.name}`);
      if (input) input.value = toText(f, record[f.name]);
    }
  }

  function parseJsonOr(text, fallback) {
    const t = text.trim();
    if (t.startsWith('[') || t.startsWith('{')) {
      try { return JSON.parse(t); } catch (e) { return fallback(); }
    }
    return fallback();
  }

  /** The record the form describes. Values that do not parse are passed on as typed,
   *  so the verifier's own error names the field. */
  function readForm(partial) {
    const rec = { scheme: state.scheme };
    const game = ($('#f-game') || {}).value;
    for (const f of fieldsFor(state.scheme, game || 'table')) {
      const input = document.getElementById(`f-${f.name}`);
      if (!input) continue;
      const raw = input.value;
      const t = raw.trim();
      if (t === '' && !f.keepEmpty) {
        if (f.nullable) rec[f.name] = null;
        continue;
      }
      switch (f.kind) {
        case 'int': rec[f.name] = /^-?\d+$/.test(t) && Number.isSafeInteger(Number(t)) ? Number(t) : t; break;
        case 'list': rec[f.name] = parseJsonOr(raw, () => raw.replace(/\r/g, '').replace(/\n+$/, '').split('\n').map((s) => s.trim())); break;
        case 'seats': rec[f.name] = parseJsonOr(raw, () => Object.fromEntries(raw.split(/\r?\n/).filter((l) => l.trim()).map((l) => {
          const i = l.indexOf('=');
          return i < 0 ? [l.trim(), ''] : [l.slice(0, i).trim(), l.slice(i + 1).trim()];
        }))); break;
        case 'numbers': rec[f.name] = parseJsonOr(raw, () => t.split(/[\s,;]+/).filter(Boolean).map((s) => (s.trim() !== '' && !isNaN(Number(s)) ? Number(s) : s))); break;
        case 'buyers': rec[f.name] = parseJsonOr(raw, () => t.split(/[\s,;]+/).filter(Boolean).map((s) => ({ buyer: /^\d+$/.test(s) ? Number(s) : (s === '-' || s === 'null' ? null : s) }))); break;
        case 'json': try { rec[f.name] = JSON.parse(t); } catch (e) { if (!partial) throw fieldError(f.name, 'bad_json', `this is not valid JSON: ${e.message}`); rec[f.name] = t; } break;
        case 'text': rec[f.name] = f.keepEmpty ? raw.trim() : t; break;
        default: rec[f.name] = t;
      }
    }
    return rec;
  }

  function fieldError(field, code, message) {
    const e = new Error(message);
    e.name = 'VerifyError';
    e.code = code;
    e.field = field;
    return e;
  }

  function clearErrors() {
    document.querySelectorAll('.fielderr').forEach((p) => { p.textContent = ''; });
    document.querySelectorAll('.field.invalid').forEach((p) => p.classList.remove('invalid'));
  }

  function showFieldError(e) {
    const top = String(e.field || '').split(/[.[]/)[0];
    const p = document.getElementById(`f-${top}-err`);
    if (p) {
      p.textContent = `${e.message}`;
      p.parentElement.classList.add('invalid');
      return true;
    }
    return false;
  }

  // ---------- verifying ----------

  // ---------- the worker ----------

  const CHAIN_GAMES = ['crash', 'platforms', 'battle', 'hash_chain'];
  /** Walks longer than this go to the Web Worker, with progress and Cancel. */
  const WORKER_THRESHOLD = 5000;
  const DEFAULT_MAX_STEPS = 10000000;
  let worker = null;
  let jobId = 0;

  function newWorker() {
    const v = document.getElementById('fv-verifier');
    const w = document.getElementById('fv-worker');
    if (!v || !w || typeof Worker === 'undefined') return null;
    try {
      const url = URL.createObjectURL(new Blob([v.textContent, '\n', w.textContent], { type: 'text/javascript' }));
      const made = new Worker(url);
      document.documentElement.setAttribute('data-worker', 'on');
      return made;
    } catch (e) {
      return null;
    }
  }

  /** Runs one job in the worker; onProgress gets progress messages. Resolves with the
   *  worker's answer, or null when cancelled. Without workers, runs here in slices. */
  function runJob(msg, onProgress) {
    cancelJob();
    const id = ++jobId;
    worker = newWorker();
    if (!worker) return runHere({ ...msg, id }, onProgress);
    return new Promise((resolve) => {
      const w = worker;
      w.onmessage = (e) => {
        if (e.data.id !== id) return;
        if (e.data.type === 'progress') { onProgress && onProgress(e.data); return; }
        w.terminate();
        if (worker === w) worker = null;
        resolve(e.data);
      };
      w.onerror = (e) => { w.terminate(); resolve({ type: 'error', code: 'internal', message: e.message || 'worker failed' }); };
      state.cancel = () => { w.terminate(); if (worker === w) worker = null; resolve(null); };
      w.postMessage({ ...msg, id });
    });
  }

  function cancelJob() {
    if (state.cancel) { const c = state.cancel; state.cancel = null; c(); }
  }

  /** The same jobs on the page's own thread, in slices, for pages without workers. */
  function runHere(m, onProgress) {
    return new Promise((resolve) => {
      if (m.type === 'rounds') { resolve({ type: 'rounds', json: V.checkRounds(m.game, m.text) }); return; }
      if (m.type === 'batch') { resolve({ type: 'batch', results: m.texts.map((t) => V.verifyText(t)) }); return; }
      const w = V.chainWalker(m.hash, m.terminal);
      const t0 = performance.now();
      let stopped = false;
      state.cancel = () => { stopped = true; resolve(null); };
      const step = () => {
        if (stopped) return;
        const end = performance.now() + 40;
        while (w.steps < m.maxSteps && performance.now() < end) {
          if (w.advance(Math.min(16384, m.maxSteps - w.steps))) break;
        }
        if (w.found || w.steps >= m.maxSteps) {
          state.cancel = null;
          resolve({ type: 'walked', found: w.found, steps: w.steps, elapsed: performance.now() - t0 });
        } else {
          onProgress({ steps: w.steps, maxSteps: m.maxSteps, elapsed: performance.now() - t0 });
          setTimeout(step, 0);
        }
      };
      step();
    });
  }

  function showProgress(p, unit) {
    const box = $('#chain-progress');
    if (!p) { box.hidden = true; return; }
    box.hidden = false;
    const pct = (100 * p.steps) / p.maxSteps;
    $('#chain-bar').value = pct;
    const rate = p.elapsed > 0 ? (p.steps / p.elapsed) * 1000 : 0;
    const left = rate > 0 ? (p.maxSteps - p.steps) / rate : 0;
    $('#chain-rate').textContent = `${pct.toFixed(1)} % · ${Math.round(rate).toLocaleString('en')} ${unit || 'links'}/s · at most ${left.toFixed(1)} s left`;
  }

  // ---------- verifying ----------

  function showReport(report, record) {
    $('#result').replaceChildren(FVRender.report(report, record));
  }

  function showError(e) {
    const err = e && e.name === 'VerifyError' ? e : { code: (e && e.code) || 'internal', message: String(e && e.message), field: (e && e.field) || '' };
    $('#result').replaceChildren(FVRender.error(err));
    showFieldError(err);
  }

  /** Does this record need a long chain walk (done in the worker)? */
  function longWalk(record) {
    if (!record || typeof record !== 'object' || !CHAIN_GAMES.includes(record.scheme)) return false;
    if (record.terminal === undefined || record.terminal === null) return false;
    const m = record.maxSteps === undefined || record.maxSteps === null ? DEFAULT_MAX_STEPS : record.maxSteps;
    return Number.isSafeInteger(m) && m >= 1 && m <= 100000000 && m > WORKER_THRESHOLD;
  }

  function verifyOne(record) {
    clearErrors();
    cancelJob();
    showProgress(null);
    state.lastRecord = record;
    if (longWalk(record)) return verifyWithWalk(record);
    try {
      const report = V.verify(record);
      showReport(report, record);
      return report;
    } catch (e) {
      showError(e);
      return null;
    }
  }

  /** Everything but the walk here (with one step, which also validates every field),
   *  then the walk in the worker; its answer replaces the chain check, and the
   *  verdict is again "every check holds", as in the core. */
  async function verifyWithWalk(record) {
    const maxSteps = record.maxSteps === undefined || record.maxSteps === null ? DEFAULT_MAX_STEPS : record.maxSteps;
    let report;
    try {
      report = V.verify({ ...record, maxSteps: 1 });
    } catch (e) {
      showError(e);
      return null;
    }
    report.maxSteps = maxSteps;
    if (report.round === 1) { showReport(report, record); return report; }
    const chainCheck = report.checks.find((c) => c.name === 'chainOk');
    chainCheck.computed = 'walking the chain…';
    showReport(report, record);
    showProgress({ steps: 0, maxSteps, elapsed: 0 });
    const hash = String(record.hash).toLowerCase();
    const res = await runJob({ type: 'walk', hash, terminal: String(record.terminal), maxSteps }, showProgress);
    showProgress(null);
    if (state.lastRecord !== record) return null;
    if (!res) {
      chainCheck.ok = false;
      chainCheck.computed = 'cancelled: the chain check did not finish';
      report.chainOk = false;
      report.verdict = 'fail';
      showReport(report, record);
      $('#verdict').textContent = '✗ Not verified: the chain walk was cancelled';
      return report;
    }
    if (res.type !== 'walked') { showError(res); return null; }
    chainCheck.ok = res.found;
    chainCheck.computed = res.found ? `reached after ${res.steps} hashes: round ${res.steps}` : `not reached within ${maxSteps} hashes`;
    report.chainOk = res.found;
    if (res.found) report.round = res.steps; else delete report.round;
    report.verdict = report.checks.every((c) => c.ok) ? 'pass' : 'fail';
    report.walk = { steps: res.steps, seconds: res.elapsed / 1000 };
    showReport(report, record);
    return report;
  }

  /** Previous/next buttons over `count` items, `size` a page; `draw(start, end)`
   *  fills the page. Big lists stay cheap: only one page is in the DOM. */
  function makePager(count, size, draw) {
    const pages = Math.max(1, Math.ceil(count / size));
    let page = 0;
    const prev = el('button', { type: 'button', text: '← previous' });
    const next = el('button', { type: 'button', text: 'next →' });
    const info = el('span', { role: 'status' });
    const box = el('div', { class: 'actions' }, prev, info, next);
    const show = () => {
      draw(page * size, Math.min(count, (page + 1) * size));
      info.textContent = `page ${page + 1} of ${pages}`;
      prev.disabled = page === 0;
      next.disabled = page >= pages - 1;
      box.hidden = pages === 1;
    };
    prev.addEventListener('click', () => { page--; show(); });
    next.addEventListener('click', () => { page++; show(); });
    show();
    return box;
  }

  // ---------- round histories ----------

  const ROUND_PAGE = 200;

  async function checkRoundsText(text) {
    if (!text.trim()) return;
    cancelJob();
    $('#result').replaceChildren(el('p', { class: 'note', text: 'Checking rounds…' }));
    const res = await runJob({ type: 'rounds', game: $('#rounds-game').value, text });
    if (!res) return;
    const data = JSON.parse(res.json || '{}');
    if (data.error || res.type === 'error') { showError(data.error || res); return; }
    renderRounds(data);
  }

  function renderRounds(data) {
    const s = data.summary;
    const bad = s.mismatched + s.invalid + s.breaks.length;
    const text = `${s.rounds} rounds: ${s.verified} verified, ${s.mismatched} mismatched, ${s.invalid} invalid` +
      (s.unchecked ? `, ${s.unchecked} without a value to compare` : '') +
      (s.breaks.length ? `; chain broken between lines ${s.breaks.map((b) => `${b[0]} and ${b[1]}`).join(', ')}` : '; every round links to the next');
    const summary = el('p', { id: 'rounds-summary', 'data-verified': s.verified, 'data-mismatched': s.mismatched,
      'data-invalid': s.invalid, 'data-breaks': s.breaks.length, text: `${text} (listed ${s.order}).` });
    // Mismatches first, then breaks, then the rest in their order.
    const rank = (r) => (r.ok === false || r.error ? 0 : r.linksToNext === false ? 1 : 2);
    const rows = data.rows.slice().sort((a, b) => rank(a) - rank(b) || a.line - b.line);
    const body = el('tbody');
    const table = el('table', { class: 'roundtable' }, el('thead', {}, el('tr', {},
      ...['line', 'hash', 'claimed', 'recomputed', '', 'links'].map((h) => el('th', { text: h })))), body);
    const pager = makePager(rows.length, ROUND_PAGE, (start, end) => {
      const frag = document.createDocumentFragment();
      for (const r of rows.slice(start, end)) {
        const status = r.error ? 'invalid' : r.ok === false ? 'mismatch' : r.ok === true ? 'ok' : '';
        frag.append(el('tr', { class: status, 'data-line': r.line, 'data-status': status || 'unchecked' },
          el('td', { text: r.line }), el('td', {}, el('code', { class: 'hash', text: r.hash || '' })),
          el('td', { text: r.claimed === null ? '' : r.claimed }),
          el('td', { text: r.error ? r.error : r.computed === null ? '' : String(r.computed) }),
          el('td', { text: status === 'ok' ? '✓' : status === 'mismatch' ? '✗' : status === 'invalid' ? '!' : '' }),
          el('td', { text: r.linksToNext === null ? '' : r.linksToNext ? '↓ links' : '✗ break' })));
      }
      body.replaceChildren(frag);
    });
    $('#result').replaceChildren(FVRender.verdictView(bad === 0 ? 'pass' : 'fail', bad === 0 ? `✓ ${s.rounds} rounds verified` : `✗ ${bad} problem${bad === 1 ? '' : 's'} in ${s.rounds} rounds`),
      summary, el('div', { class: 'history' }, table), pager);
  }

  function verifyForm() {
    let record;
    try {
      record = readForm(false);
    } catch (e) {
      $('#result').replaceChildren(FVRender.error(e));
      showFieldError(e);
      return;
    }
    verifyOne(record);
    $('#result').scrollIntoView({ block: 'start' });
  }

  /** A single record object: fill the form and verify. */
  function loadRecord(record) {
    if (record && typeof record === 'object' && !Array.isArray(record) && FORMS[record.scheme]) {
      buildForm(record.scheme, record);
    }
    verifyOne(record);
  }

  // ---------- many records ----------

  const BATCH_PAGE = 200;

  /** Many records: verified in the worker (long chain walks included) with progress,
   *  then a summary above a paged list in which each record opens to its drawing. */
  async function runBatch(records) {
    cancelJob();
    const items = records.map((item, i) => {
      const named = item && typeof item === 'object' && !Array.isArray(item) && 'record' in item && !('scheme' in item);
      const record = named ? item.record : item;
      let text;
      try { text = typeof record === 'string' ? record : JSON.stringify(record === undefined ? null : record); } catch (e) { text = '?'; }
      return { record, text, name: named && item.name !== undefined ? String(item.name) : `#${i + 1}` };
    });
    $('#chain-progress label').textContent = 'Verifying records';
    const res = await runJob({ type: 'batch', texts: items.map((it) => it.text) }, (p) => showProgress(p, 'records'));
    showProgress(null);
    $('#chain-progress label').textContent = 'Walking the hash chain';
    if (!res) { $('#result').replaceChildren(FVRender.verdictView('fail', 'Cancelled: the records were not all verified')); return; }
    let pass = 0, fail = 0, invalid = 0;
    items.forEach((it, i) => {
      const out = JSON.parse(res.results[i]);
      it.report = out.report || null;
      it.error = out.error || null;
      it.status = it.report ? it.report.verdict : 'error';
      if (it.status === 'pass') pass++; else if (it.status === 'fail') fail++; else invalid++;
    });
    const list = el('ol', { class: 'batch' });
    const pager = makePager(items.length, BATCH_PAGE, (start, end) => {
      const frag = document.createDocumentFragment();
      items.slice(start, end).forEach((it, k) => {
        const i = start + k;
        const r = it.report;
        const summary = el('summary', { 'data-verdict': it.status },
          el('span', { class: `badge ${it.status}`, text: it.status === 'error' ? 'invalid' : it.status }),
          el('span', { text: ` ${it.name} · ${it.record && it.record.scheme ? it.record.scheme : '?'}${r && r.multiplier ? ` · ${r.multiplier}×` : ''}` }));
        const det = el('details', { class: 'batch-item', 'data-index': i }, summary);
        // Drawn when opened, so thousands of rows stay cheap.
        det.addEventListener('toggle', () => {
          if (det.open && det.childElementCount === 1) {
            det.append(r ? FVRender.report(r, it.record) : FVRender.error(it.error));
            det.querySelectorAll('#verdict').forEach((v) => v.removeAttribute('id'));
          }
        });
        frag.append(el('li', {}, det));
      });
      list.replaceChildren(frag);
      list.start = start + 1;
    });
    const summary = el('p', { id: 'batch-summary', 'data-passed': pass, 'data-failed': fail, 'data-invalid': invalid,
      text: `${pass} passed, ${fail} failed, ${invalid} invalid (of ${items.length})` });
    const overall = invalid === 0 && fail === 0 ? 'pass' : 'fail';
    $('#result').replaceChildren(FVRender.verdictView(overall, `${items.length} records: ${pass} passed, ${fail} failed, ${invalid} invalid`), summary, list, pager);
  }

  /** Pasted or dropped text: one record, a JSON array, or JSON lines. */
  function handleText(text) {
    clearErrors();
    const t = text.trim();
    if (!t) return;
    let v;
    try {
      v = JSON.parse(t);
    } catch (e) {
      const lines = t.split(/\r?\n/).filter((l) => l.trim());
      if (lines.length > 1) {
        runBatch(lines.map((l) => { try { return JSON.parse(l); } catch (err) { return l; } }));
        return;
      }
      $('#result').replaceChildren(FVRender.error({ code: 'bad_json', field: '', message: e.message }));
      return;
    }
    if (Array.isArray(v)) runBatch(v);
    else if (v && typeof v === 'object' && 'record' in v && !('scheme' in v)) loadRecord(v.record);
    else loadRecord(v);
  }

  // ---------- links ----------

  function b64urlEncode(text) {
    const bytes = new TextEncoder().encode(text);
    let bin = '';
    for (const b of bytes) bin += String.fromCharCode(b);
    return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function b64urlDecode(s) {
    const b = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((s.length + 3) % 4));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(b, (c) => c.charCodeAt(0)));
  }

  function copyLink() {
    let record;
    try { record = readForm(false); } catch (e) { showFieldError(e); return; }
    const url = location.href.split('#')[0] + '#record=' + b64urlEncode(JSON.stringify(record));
    const out = $('#link-out');
    out.value = url;
    out.hidden = false;
    out.select();
    const done = () => { $('#link-status').textContent = 'Link copied.'; };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(url).then(done, () => { $('#link-status').textContent = 'Copy the selected link.'; });
    } else {
      $('#link-status').textContent = 'Copy the selected link.';
    }
  }

  function fromHash() {
    const m = /^#record=(.+)$/.exec(location.hash);
    if (!m) return false;
    try {
      loadRecord(JSON.parse(b64urlDecode(m[1])));
    } catch (e) {
      $('#result').replaceChildren(FVRender.error({ code: 'bad_json', field: '', message: `the link's record could not be read (${e.message})` }));
    }
    return true;
  }

  // ---------- start ----------

  function examples() {
    const node = document.getElementById('fv-examples');
    if (!node) return [];
    try { return JSON.parse(node.textContent); } catch (e) { return []; }
  }

  function selfTest() {
    const box = $('#selftest');
    const r = V.selfTest ? V.selfTest() : { passed: 0, failed: 1, failures: ['missing'] };
    box.className = r.failed === 0 ? 'selftest ok' : 'selftest bad';
    box.setAttribute('data-selftest', r.failed === 0 ? 'passed' : 'failed');
    box.textContent = r.failed === 0
      ? `Self-test passed (${r.passed} golden cases from the reference implementations).`
      : `SELF-TEST FAILED (${r.failures.join(', ')}): do not trust results from this copy of the verifier.`;
  }

  /** WebAssembly switched off (iOS Lockdown Mode, a policy) or absent: nothing can be
   *  checked, so the page says so at once instead of never answering. */
  function wasmMissing() {
    try {
      return typeof WebAssembly !== 'object' || !new WebAssembly.Module(Uint8Array.of(0, 97, 115, 109, 1, 0, 0, 0));
    } catch (e) {
      return true;
    }
  }

  function init() {
    if (wasmMissing()) {
      const box = $('#selftest');
      box.className = 'selftest bad';
      box.setAttribute('data-wasm-missing', '');
      box.setAttribute('role', 'alert');
      box.textContent = 'WebAssembly is not available in this browser (it may be turned off, for example by Lockdown Mode ' +
        'on an iPhone or iPad, or by a browser setting), so this page cannot check anything. Open it in another browser ' +
        'or on another device, or run verifier.js with Node.js: node verifier.js --help';
      $('#result').replaceChildren(el('p', { class: 'note', text: 'Nothing was checked: see the message above.' }));
      return;
    }
    const sel = $('#scheme');
    for (const s of Object.keys(FORMS)) sel.append(el('option', { value: s, text: s }));
    sel.addEventListener('change', () => buildForm(sel.value));
    const ex = $('#examples');
    const list = examples();
    list.forEach((c, i) => ex.append(el('option', { value: String(i), text: c.title })));
    ex.addEventListener('change', () => {
      const c = list[Number(ex.value)];
      if (c) loadRecord(JSON.parse(JSON.stringify(c.record)));
    });
    $('#form').addEventListener('submit', (e) => { e.preventDefault(); verifyForm(); });
    $('#copy-link').addEventListener('click', copyLink);
    $('#paste-go').addEventListener('click', () => handleText($('#paste').value));
    $('#file').addEventListener('change', async (e) => {
      const f = e.target.files[0];
      if (f) handleText(await f.text());
    });
    document.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dragging'); });
    document.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
    document.addEventListener('drop', async (e) => {
      e.preventDefault();
      document.body.classList.remove('dragging');
      const f = e.dataTransfer.files[0];
      if (f) handleText(await f.text());
      else handleText(e.dataTransfer.getData('text'));
    });
    window.addEventListener('hashchange', fromHash);
    $('#chain-cancel').addEventListener('click', cancelJob);
    $('#rounds-go').addEventListener('click', () => checkRoundsText($('#rounds-text').value));
    $('#rounds-file').addEventListener('change', async (e) => {
      const f = e.target.files[0];
      if (f) { const t = await f.text(); $('#rounds-text').value = t.length < 2e6 ? t : ''; checkRoundsText(t); }
    });
    $('#wasm-sha').textContent = V.wasmSha256;
    $('#version').textContent = V.version;
    buildForm('match_seed_v2');
    selfTest();
    fromHash();
  }

  init();
})();
