// <fair-verify>: a verifiable-deal badge for game tables. Before the deal it shows
// the commitment; when the record arrives it verifies the hand right here, in the
// player's browser, and checks that the commitment is the one it showed before.
// Appended to verifier.js by the bundler (pkg/widget.js): FairVerifier is in scope.
(function (root) {
  'use strict';
  if (typeof customElements === 'undefined' || typeof HTMLElement === 'undefined') return;
  const V = root.FairVerifier;
  const SCRIPT_URL = (typeof document !== 'undefined' && document.currentScript && document.currentScript.src) || '';
  const STORE_KEY = 'fair-verify:shown';

  /** The record field that carries the commitment a player sees before the deal. */
  const COMMITMENT_FIELD = {
    match_seed_v2: 'commitment', poker_hmac_v1: 'handCommitment', selfpoker: 'commit',
    dice: 'serverSeedHash', mines: 'serverSeedHash', chess_colour_v1: 'commitA',
    crash: 'terminal', platforms: 'terminal', battle: 'terminal', hash_chain: 'terminal',
  };
  const WHAT = {
    match_seed_v2: 'deal', poker_hmac_v1: 'deck', selfpoker: 'deck', dice: 'roll', mines: 'board',
    chess_colour_v1: 'colours', crash: 'round', platforms: 'round', battle: 'round', hash_chain: 'round',
  };

  const CSS = `
    :host { all: initial; display: inline-block; position: relative; font: 13px/1.3 var(--fv-font, system-ui, sans-serif);
      color: var(--fv-fg, #1d1d1f); vertical-align: middle; }
    :host([hidden]) { display: none; }
    * { box-sizing: border-box; }
    .badge { all: unset; box-sizing: border-box; display: inline-flex; align-items: center; gap: 6px; padding: 4px 10px;
      border-radius: 999px; border: 1px solid var(--fv-border, #b9b5ac); background: var(--fv-bg, #fff); cursor: pointer;
      font-size: 13px; color: inherit; white-space: nowrap; }
    .badge:focus-visible { outline: 3px solid var(--fv-focus, #2f5bd3); outline-offset: 2px; }
    .badge[data-state="pass"] { border-color: var(--fv-ok, #16703a); color: var(--fv-ok, #16703a); }
    .badge[data-state="fail"] { border-color: var(--fv-bad, #b3261e); color: var(--fv-bad, #b3261e); }
    .badge[data-state="error"] { border-color: var(--fv-warn, #a66b00); color: var(--fv-warn, #a66b00); }
    .icon { font-size: 14px; }
    .pop { position: absolute; z-index: 2147483000; top: calc(100% + 6px); left: 0; width: max-content; max-width: min(360px, 90vw);
      padding: 8px 10px; border-radius: 8px; border: 1px solid var(--fv-border, #b9b5ac); background: var(--fv-bg, #fff);
      box-shadow: 0 4px 14px rgba(0,0,0,.18); display: none; }
    :host(:hover) .pop, :host(:focus-within) .pop, .pop.open { display: block; }
    .pop.closed { display: none !important; }
    .pop .fp { font: 11px/1.35 ui-monospace, Menlo, Consolas, monospace; overflow-wrap: anywhere; word-break: break-all; margin: 4px 0; }
    .summary { margin: 4px 0; }
    .row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin-top: 4px; }
    button.copy { all: unset; font-size: 12px; color: var(--fv-focus, #2f5bd3); cursor: pointer; text-decoration: underline; }
    button.copy:focus-visible, a:focus-visible { outline: 2px solid var(--fv-focus, #2f5bd3); }
    a { color: var(--fv-focus, #2f5bd3); font-size: 12px; }
    .when { color: #5b5b60; font-size: 12px; }
    /* The host element inherits the page's styles (even !important ones on *), so
       everything inside sets its own font, spacing and colour instead of inheriting. */
    .badge, .pop, .pop * { font-family: var(--fv-font, system-ui, -apple-system, "Segoe UI", sans-serif);
      letter-spacing: normal; word-spacing: normal; text-transform: none; text-align: left; line-height: 1.3; }
    .pop, .pop p { color: var(--fv-fg, #1d1d1f); font-size: 13px; }`;

  function b64url(text) {
    const bytes = new TextEncoder().encode(text);
    let bin = '';
    for (const b of bytes) bin += String.fromCharCode(b);
    return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function readStore() {
    try { return JSON.parse(root.localStorage.getItem(STORE_KEY) || '{}') || {}; } catch (e) { return {}; }
  }

  function remember(commitment) {
    try {
      const s = readStore();
      if (!s[commitment]) {
        s[commitment] = Date.now();
        const keys = Object.keys(s);
        if (keys.length > 500) keys.sort((a, b) => s[a] - s[b]).slice(0, keys.length - 500).forEach((k) => delete s[k]);
        root.localStorage.setItem(STORE_KEY, JSON.stringify(s));
      }
    } catch (e) { /* storage blocked: the in-memory check still holds */ }
  }

  function timeText(t) {
    const d = new Date(t);
    const hm = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    return new Date().toDateString() === d.toDateString() ? hm : `${d.toLocaleDateString()} ${hm}`;
  }

  class FairVerifyElement extends HTMLElement {
    static get observedAttributes() { return ['commitment', 'record', 'label', 'scheme', 'page']; }

    constructor() {
      super();
      this._shown = null; // {commitment, at}: what this badge showed before any record
      this._record = null;
      const sh = this.attachShadow({ mode: 'open', delegatesFocus: true });
      const style = document.createElement('style');
      style.textContent = CSS;
      this._badge = document.createElement('button');
      this._badge.className = 'badge';
      this._badge.type = 'button';
      this._badge.setAttribute('part', 'badge');
      this._icon = document.createElement('span');
      this._icon.className = 'icon';
      this._icon.setAttribute('aria-hidden', 'true');
      this._text = document.createElement('span');
      this._text.setAttribute('part', 'label');
      this._badge.append(this._icon, this._text);
      this._pop = document.createElement('div');
      this._pop.className = 'pop';
      this._pop.setAttribute('part', 'popover');
      this._pop.setAttribute('role', 'status');
      this._pop.id = 'pop';
      this._badge.setAttribute('aria-describedby', 'pop');
      this._badge.addEventListener('click', () => this._pop.classList.toggle('open'));
      // Escape hides the popover even while the badge keeps focus; leaving resets it.
      this._badge.addEventListener('keydown', (e) => {
        if (e.key === 'Escape') { this._pop.classList.remove('open'); this._pop.classList.add('closed'); }
      });
      this.addEventListener('focusout', () => this._pop.classList.remove('closed'));
      this.addEventListener('mouseleave', () => this._pop.classList.remove('closed'));
      sh.append(style, this._badge, this._pop);
    }

    connectedCallback() { this._render(); }

    attributeChangedCallback(name, old, value) {
      if (name === 'commitment') this._showCommitment(value);
      else if (name === 'record' && value !== null) {
        let rec;
        try { rec = JSON.parse(value); } catch (e) { this._fail({ code: 'bad_json', message: `the record attribute is not JSON: ${e.message}` }); return; }
        this.record = rec;
        return;
      }
      this._render();
    }

    get record() { return this._record; }

    set record(rec) {
      this._record = rec;
      this._verify();
    }

    get result() { return this._result || null; }

    _showCommitment(value) {
      const c = (value || '').trim().toLowerCase();
      if (!c) { this._shown = null; this._render(); return; }
      // Only a commitment shown *before* a record counts as "shown before the deal".
      if (!this._record) {
        this._shown = { commitment: c, at: Date.now() };
        if (this.getAttribute('remember') !== 'off') remember(c);
      }
      this._render();
    }

    _pageUrl(rec) {
      const page = this.getAttribute('page') || new URL('verifier.html', SCRIPT_URL || root.location.href).href;
      return `${page}#record=${b64url(JSON.stringify(rec))}`;
    }

    _fail(err) {
      this._result = { state: 'error', error: err };
      this._render();
      this.dispatchEvent(new CustomEvent('fair-verify:error', { bubbles: true, composed: true, detail: { code: err.code || 'internal', message: err.message } }));
    }

    _verify() {
      const rec = this._record;
      if (rec === null || rec === undefined) { this._result = null; this._render(); return; }
      if (!V.isReady()) {
        // The wasm is still being inflated (a few milliseconds after load).
        this._result = { state: 'checking' };
        this._render();
        V.ready.then(() => { if (this._record === rec) this._verify(); });
        return;
      }
      let report;
      try {
        report = V.verify(rec);
      } catch (e) {
        this._fail({ code: e.code || 'internal', message: e.message, field: e.field });
        return;
      }
      const field = COMMITMENT_FIELD[report.scheme];
      const inRecord = field && typeof rec[field] === 'string' ? rec[field].trim().toLowerCase() : null;
      const stored = inRecord ? readStore()[inRecord] : undefined;
      let commitmentChanged = false;
      if (this._shown && inRecord !== this._shown.commitment) commitmentChanged = true;
      const pass = report.verdict === 'pass' && !commitmentChanged;
      const what = WHAT[report.scheme] || 'record';
      let summary;
      if (commitmentChanged) {
        summary = 'The commitment changed after it was shown to you: this is not the deal you were promised.';
      } else if (pass) {
        summary = `The ${what} matches the commitment.`;
      } else {
        const bad = (report.checks || []).find((c) => !c.ok);
        if (bad && bad.name === 'played') {
          const n = report.differenceCount;
          summary = `Does not verify: what you were shown differs from the committed ${what} (${n} difference${n === 1 ? '' : 's'}).`;
        } else {
          summary = bad ? `Does not verify: it is not true that ${bad.label}.` : 'Does not verify.';
        }
      }
      const shownAt = this._shown ? this._shown.at : stored;
      this._result = { state: pass ? 'pass' : 'fail', report, summary, commitmentChanged, shownAt: shownAt || null };
      this._render();
      this.dispatchEvent(new CustomEvent('fair-verify:result', {
        bubbles: true, composed: true,
        detail: { report, verdict: pass ? 'pass' : 'fail', commitmentChanged, summary, shownAt: shownAt || null },
      }));
    }

    _render() {
      const r = this._result;
      const label = this.getAttribute('label') || 'Verifiable deal';
      const state = r ? r.state : 'shown';
      this._badge.setAttribute('data-state', state);
      this.setAttribute('data-state', state);
      this._icon.textContent = state === 'pass' ? '✓' : state === 'fail' ? '✗' : state === 'error' ? '!' : state === 'checking' ? '…' : '◉';
      this._text.textContent = state === 'pass' ? `${label}: verified` : state === 'fail' ? `${label}: NOT verified`
        : state === 'error' ? `${label}: cannot check` : state === 'checking' ? `${label}: checking…` : label;
      this._badge.setAttribute('aria-label', `${this._text.textContent}. Show details`);
      const parts = [];
      const p = (cls, text, part) => {
        const e = document.createElement('p');
        e.className = cls;
        e.style.margin = '4px 0';
        e.textContent = text;
        if (part) e.setAttribute('part', part);
        parts.push(e);
        return e;
      };
      const shownC = this._shown ? this._shown.commitment : null;
      if (!r) {
        if (shownC) {
          p('summary', 'The dealer committed to this fingerprint before the deal:');
          p('fp', shownC, 'fingerprint');
          parts.push(this._copyRow(shownC));
        } else {
          p('summary', 'Waiting for the dealer’s commitment.');
        }
      } else if (r.state === 'checking') {
        p('summary', 'Checking the deal…', 'summary');
      } else if (r.state === 'error') {
        p('summary', `This record cannot be checked: ${r.error.message}`, 'summary');
      } else {
        p('summary', r.summary, 'summary');
        if (r.shownAt) p('when', `Fingerprint shown to you at ${timeText(r.shownAt)}, before the deal.`);
        if (shownC) { p('fp', shownC, 'fingerprint'); }
        const row = document.createElement('div');
        row.className = 'row';
        const a = document.createElement('a');
        a.href = this._pageUrl(this._record);
        a.target = '_blank';
        a.rel = 'noopener noreferrer';
        a.textContent = 'details';
        a.setAttribute('part', 'details');
        row.append(a);
        parts.push(row);
      }
      this._pop.replaceChildren(...parts);
    }

    _copyRow(text) {
      const row = document.createElement('div');
      row.className = 'row';
      const b = document.createElement('button');
      b.className = 'copy';
      b.type = 'button';
      b.textContent = 'copy';
      b.setAttribute('part', 'copy');
      b.setAttribute('aria-label', 'copy the fingerprint');
      const done = document.createElement('span');
      done.className = 'when';
      b.addEventListener('click', () => {
        const ok = () => { done.textContent = 'copied'; };
        if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(ok, () => { done.textContent = 'select and copy it'; });
        else done.textContent = 'select and copy it';
      });
      row.append(b, done);
      return row;
    }
  }

  if (!customElements.get('fair-verify')) customElements.define('fair-verify', FairVerifyElement);

  /** For sites without custom elements in their markup: mounts a badge in `element`. */
  function mount(element, opts) {
    const o = opts || {};
    const badge = document.createElement('fair-verify');
    for (const k of ['label', 'scheme', 'page', 'remember']) if (o[k] !== undefined) badge.setAttribute(k, o[k]);
    if (o.commitment) badge.setAttribute('commitment', o.commitment);
    element.append(badge);
    if (o.record !== undefined) badge.record = o.record;
    return badge;
  }

  root.FairVerify = {
    mount, Element: FairVerifyElement, verify: V.verify, ready: V.ready, version: V.version,
    get wasmSha256() { return V.wasmSha256; },
  };
})(typeof globalThis !== 'undefined' ? globalThis : this);
