// <fair-verify>: a verifiable-deal badge for game tables. Before the deal it shows
// the commitment; when the record arrives it verifies the hand right here, in the
// player's browser, through the page's one client (www/verify/client.js) and its one
// verification flow (www/verify/flow.js). The
// fingerprint it showed goes to the core as `shown`, so the report itself fails if
// the record carries another one (one verdict: the event's `detail.verdict` is
// always `detail.report.verdict`). Verifications and their chain walks run in the
// badge's worker (or in short slices, www/widget/client.js), from positions
// remembered in the one store (www/verify/store.js) unless remember="off". A new
// record or commitment, or the badge removed, cancels the running one at once.
// Its language: the `lang` attribute, else the nearest ancestor's, else the browser's.
// (The client first: the bundle then has it beside the core's code, see client.js.)
import { badgeClient } from './client.js';
import { t, pickLanguage, usePlainFormats } from '../i18n/i18n.js';
import { PLAIN_FORMATS } from '../i18n/plain.js';
import { textToBase64url } from '../core/base64.js';
import { errorData, verifyError } from '../core/errors.js';
import { findScheme } from '../core/descriptors.js';
import { SCHEMES } from 'fv:schemes';
import { chainStore } from '../verify/store.js';
import { afterFrames, sliced } from '../core/pace.js';
import { unpackStep } from '../i18n/catalogs.js';
import { adoptStyles } from './style.js';
import { readStore, remember } from './store.js';
import { summary, explain } from './words.js';
import { failAdvice } from '../render/words.js';
import { Popover } from './popover.js';
import { make, renderBadge, popoverContent } from './view.js';

/** Can this browser run WebAssembly? (Not when deleted, or turned off as in Lockdown Mode.) */
const wasmAvailable = () => typeof WebAssembly === 'object' && !!WebAssembly && typeof WebAssembly.Module === 'function';

const lower = (v) => (typeof v === 'string' ? v.trim().toLowerCase() : '');

const positions = chainStore('fair-verify:chain');

// Issue 25: the badge's numbers and plural forms without Intl (www/i18n/plain.js),
// whose first use loads the browser's locale data in one long task.
usePlainFormats(PLAIN_FORMATS);

const hidden = () => typeof document !== 'undefined' && document.hidden;

/** Where the class waits for its definition (shared by every copy on the page). */
const PENDING = Symbol.for('fair-verify.element');

/** Defines <fair-verify> over `api` (once per page: a second copy of the widget
 *  leaves the first one's element in place); returns the class in use, or null
 *  without custom elements. `scriptUrl`: where the widget file was loaded from. */
export function defineElement(api, scriptUrl) {
  if (typeof customElements === 'undefined' || typeof HTMLElement === 'undefined') return null;
  const existing = customElements.get('fair-verify') || globalThis[PENDING];
  if (existing) return existing;
  // The descriptors are data carried in the bundle (www/widget/schemes.js).
  const descriptor = (id) => findScheme(SCHEMES, id);
  // Issue 25 (no host frame over 50 ms while the badge starts, on a phone): the
  // badges verify in their worker, started (and compiling the wasm there) once the
  // core is in, in a task of its own, so the host's thread never instantiates the
  // core. Where there is no worker (a host CSP without blob: workers: the browser
  // then logs the refusal once per page; worker="off" avoids it), the core is
  // instantiated here in that task with one small verification (V8 compiles wasm
  // functions lazily, on their first call: the core's common ones are compiled
  // then). A badge's first verification waits for it and starts in a task after it,
  // and its verdict is drawn in the next one. (A hidden tab draws no frames and
  // throttles timers: there the first use pays.)
  let warm = true;
  let warmed = api.ready;
  if (api.ready && typeof setTimeout === 'function' && !(typeof document !== 'undefined' && document.hidden)) {
    warm = false;
    // Each in the time between two of the host's frames (a browser runs several
    // queued timers between two frames).
    const task = (fn) => afterFrames(1).then(() => { try { fn(); } catch (e) { /* said on first real use */ } });
    // (Not where every badge says worker="off": no worker is tried for them.)
    const workers = () => !!document.querySelector('fair-verify:not([worker="off"])');
    warmed = api.ready.then(() => task(() => {
      if (!(workers() && badgeClient(api, true).start())) api.verify({ scheme: 'crash', hash: '0'.repeat(64) });
    })).then(() => task(() => { warm = true; }));
  }

  class FairVerifyElement extends HTMLElement {
    static get observedAttributes() { return ['commitment', 'record', 'label', 'page', 'lang']; }

    constructor() {
      super();
      // A property set before the element was defined (FairVerify.mount sets
      // `record` at once, the definition comes a frame later) sits on the element
      // itself and would hide the setter: taken off here, and set once connected,
      // after the upgrade has passed the attributes (a `commitment` is shown before
      // the record, as when the element was defined first).
      this._early = Object.prototype.hasOwnProperty.call(this, 'record') ? [this.record] : null;
      if (this._early) delete this.record;
      this._shown = null; // {commitment, at}: what this badge showed before any record
      this._record = null;
      this._result = null;
      this._token = 0;
      this._job = null; // the AbortController of the running verification
      this._pct = null;
      this._rules = { pos: '', bar: '' };
      this._connected = false; // connectedCallback has run (it draws)
      const sh = this.attachShadow({ mode: 'open', delegatesFocus: true });
      this._setRules = adoptStyles(sh);
      const badge = make('button', 'badge', undefined, 'badge');
      badge.type = 'button';
      const icon = make('span', 'icon');
      icon.setAttribute('aria-hidden', 'true');
      const text = make('span', null, undefined, 'label');
      this._bar = make('span', 'bar');
      this._bar.append(make('i'));
      this._bar.hidden = true;
      badge.append(icon, text, this._bar);
      const pop = make('div', 'pop', undefined, 'popover');
      pop.setAttribute('role', 'status');
      pop.id = 'pop';
      badge.setAttribute('aria-describedby', 'pop');
      badge.setAttribute('aria-expanded', 'false');
      sh.append(badge, pop);
      this._el = { badge, icon, text, pop };
      this._popover = new Popover(this, badge, pop, (rule) => { this._rules.pos = rule; this._applyRules(); });
    }

    connectedCallback() {
      this._connected = true;
      this._popover.connect();
      this._render();
      if (this._early) {
        const [rec] = this._early;
        this._early = null;
        this.record = rec;
      } else if (this._record !== null && this._record !== undefined && !this._result) {
        this._verify();
      }
    }

    disconnectedCallback() {
      this._popover.disconnect();
      // A removed badge stops its check; put back, it checks again.
      if (this._result && this._result.state === 'checking') {
        this._cancel();
        this._result = null;
      }
    }

    attributeChangedCallback(name, old, value) {
      if (name === 'commitment') this._showCommitment(value);
      else if (name === 'record' && value !== null) {
        // The text itself goes to the core's reader, the page's (issue 43): JSON.parse
        // here rounded `6.0`, `7e0` or `1.0000000000000001` to integers the core then
        // accepted where the page refuses them.
        this.record = value;
        return;
      }
      this._render();
    }

    get record() { return this._record; }

    set record(rec) {
      this._record = rec;
      this._verify();
    }

    /** The last outcome: {state, report?, summary?, error?}, or null. */
    get result() { return this._result; }

    get open() { return this._popover.open; }

    /** Language of this badge's words: own or nearest ancestor's lang, else the browser's. */
    _lang() {
      const own = this.closest('[lang]');
      const nav = typeof navigator !== 'undefined' ? navigator.languages || [navigator.language] : [];
      return pickLanguage([own && own.getAttribute('lang'), ...nav]);
    }

    _remembering() { return this.getAttribute('remember') !== 'off'; }

    _showCommitment(value) {
      const c = lower(value);
      if (!c) { this._shown = null; this._render(); return; }
      // A new fingerprint after a verdict is the next game: the verdict belonged to
      // the last one, so it goes (and a check still running for it is dropped).
      if (this._record && (!this._shown || this._shown.commitment !== c)) {
        this._cancel();
        this._record = null;
        this._result = null;
        this._progress(null);
      }
      // Only a commitment shown *before* a record counts as "shown before the deal".
      if (!this._record) {
        this._shown = { commitment: c, at: Date.now() };
        // Stored in a task of its own, two frames later (issue 25: a
        // page's first use of its storage (store.js) loads it in one piece, and a badge in the
        // host's markup is shown while widget.js is evaluated).
        if (this._remembering()) {
          const at = this._shown.at;
          if (hidden()) remember(c, at);
          else afterFrames(2).then(() => { if (this._remembering()) remember(c, at); });
        }
      }
      this._render();
    }

    /** The full check's link: the `page` attribute's verifier (http, https or a
     *  file; anything else, such as javascript: or data:, is the default one) with
     *  its own fragment dropped, then the very text this badge verified. A fragment
     *  left in the attribute (`#record=<another>&`) would come before ours, and the
     *  page reads one record: the link (and its QR) would open another record than
     *  the one checked here (turn-7 attack). */
    _pageUrl() {
      const base = scriptUrl || globalThis.location.href;
      let u;
      try { u = new URL(this.getAttribute('page') || 'verifier.html', base); } catch (e) { u = null; }
      if (!u || !/^(https?|file):$/.test(u.protocol)) u = new URL('verifier.html', base);
      u.hash = '';
      // Only the text verified here (set by _verify): nothing verified, no record.
      return typeof this._text === 'string' ? `${u.href}#record=${textToBase64url(this._text)}` : u.href;
    }

    /** Drops the running verification: its worker job is cancelled, and nothing
     *  it answers is shown. */
    _cancel() {
      this._token++;
      if (this._job) this._job.abort();
      this._job = null;
    }

    _fail(err) {
      this._cancel();
      const e = errorData(err);
      if (!e.message) e.message = explain(e);
      this._result = { state: 'error', error: e };
      this._progress(null);
      this._render();
      this.dispatchEvent(new CustomEvent('fair-verify:error', { bubbles: true, composed: true, detail: e }));
    }

    async _verify() {
      const given = this._record;
      // The record as text, once: what is verified is what the link carries (an
      // object's toJSON may answer differently each time it is asked; turn-7 attack).
      let asText;
      try { asText = typeof given === 'string' ? given : given === null || given === undefined ? null : JSON.stringify(given); } catch (e) { asText = null; }
      this._text = typeof asText === 'string' ? asText : null;
      const rec = this._text !== null ? this._text : given;
      this._cancel();
      const token = this._token;
      const live = () => token === this._token;
      if (rec === null || rec === undefined) { this._result = null; this._render(); return; }
      this._result = { state: 'checking' };
      this._progress(null);
      this._render();
      if (!wasmAvailable()) {
        // WebAssembly deleted or turned off (iOS Lockdown Mode): say so at once.
        this._fail(verifyError('wasm_missing', '', 'WebAssembly is not available in this browser'));
        return;
      }
      if (!api.isReady() || !warm) {
        // The wasm is still being inflated (a few milliseconds after load), or the
        // first uses are still being warmed in short tasks (above).
        try { await warmed; } catch (e) { this._fail(verifyError('internal', '', String(e))); return; }
        if (!live()) return;
      }
      const job = new AbortController();
      this._job = job;
      const remembering = this._remembering();
      let res;
      try {
        res = await badgeClient(api, this.getAttribute('worker') !== 'off').verify({ record: rec }, {
          options: this._shown ? { shown: this._shown.commitment } : {},
          store: remembering ? positions : undefined,
          signal: job.signal,
          onPending: (report) => { if (live()) { this._result = { state: 'checking', report }; this._render(); } },
          onProgress: (p) => { if (live()) this._progress(p.steps / p.maxSteps); },
        });
      } catch (e) {
        if (live()) this._fail(e);
        return;
      }
      if (!live() || !res) return;
      this._job = null;
      if (res.error) { this._fail(res.error); return; }
      // The verdict is drawn after the host's next frame (issue 25: the first
      // verification and its drawing would hold one host frame too long on a phone).
      await afterFrames(1);
      if (!live()) return;
      const report = res.report;
      this._progress(null);
      const shownCheck = (report.checks || []).find((c) => c.code === 'shownOk');
      const commitmentChanged = !!shownCheck && shownCheck.ok === false;
      const stored = report.fingerprint ? readStore()[report.fingerprint] : undefined;
      const text = summary(report, descriptor(report.scheme), this._lang());
      const shownAt = (this._shown ? this._shown.at : stored) || null;
      // What to do after a fail: a walk cut by the record's own step limit says so.
      const advice = report.verdict === 'fail' ? failAdvice(this._lang()) : null;
      this._result = { state: report.verdict, report, summary: text, commitmentChanged, shownAt, advice };
      this._render();
      this.dispatchEvent(new CustomEvent('fair-verify:result', {
        bubbles: true, composed: true,
        detail: { report, verdict: report.verdict, commitmentChanged, summary: text, shownAt },
      }));
    }

    /** The walk's progress (0…1), or null when none. */
    _progress(f) {
      this._pct = f === null ? null : Math.max(0, Math.min(99, Math.floor(f * 100)));
      this._bar.hidden = this._pct === null;
      this._rules.bar = this._pct === null ? '' : `.bar i{width:${this._pct}%}`;
      this._applyRules();
      if (this._result && this._result.state === 'checking') renderBadge(this._el, this._state());
    }

    _applyRules() { this._setRules(this._rules.pos + this._rules.bar); }

    _state() {
      const lang = this._lang();
      const el = this;
      return {
        result: this._result,
        shown: this._shown ? this._shown.commitment : null,
        percent: this._pct,
        label: this.getAttribute('label') || t('widget.label', {}, lang),
        lang,
        // Made when a link shows it (the record's text encoded: not for every drawing).
        get pageUrl() { return el._pageUrl(); },
        close: () => this._popover.hide(),
      };
    }

    _render() {
      // An element upgraded in place gets attributeChangedCallback for each attribute,
      // then connectedCallback, in one go: only the last one draws (issue 25: the
      // badge's first drawing is part of widget.js's evaluation).
      if (this.isConnected && !this._connected) return;
      const s = this._state();
      this.setAttribute('data-state', renderBadge(this._el, s));
      this._el.pop.replaceChildren(...popoverContent(s));
      if (this._popover.open) this._popover.place();
    }
  }

  // Defined after the host's next frame, not while widget.js is evaluated (issue 25):
  // the badges on the page are then upgraded and drawn (their first style and layout)
  // between two other frames than the script's own evaluation; at 4x CPU throttling
  // both in one went over 50 ms. A second copy loaded before then finds this class.
  globalThis[PENDING] = FairVerifyElement;
  const define = () => {
    delete globalThis[PENDING];
    if (!customElements.get('fair-verify')) customElements.define('fair-verify', FairVerifyElement);
  };
  // Before that, the badge's words are unpacked (they are packed with LZMA in
  // widget.js) in slices between the host's frames: in one go that took 50 ms at 4x.
  if (hidden() || typeof requestAnimationFrame !== 'function') define();
  else afterFrames(1).then(() => sliced(unpackStep, 256)).then(define);
  return FairVerifyElement;
}
