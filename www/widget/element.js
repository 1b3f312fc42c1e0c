// <fair-verify>: a verifiable-deal badge for game tables. Before the deal it shows
// the commitment; when the record arrives it verifies the hand right here, in the
// player's browser. The fingerprint it showed goes to the core as `shown`, so the
// report itself fails if the record carries another one (one verdict: the event's
// `detail.verdict` is always `detail.report.verdict`). Chain walks run in a worker
// (or in short slices), with remembered positions unless remember="off".
// Its language: the `lang` attribute, else the nearest ancestor's, else the browser's.
import { t, pickLanguage, direction } from '../i18n/i18n.js';
import { textToBase64url } from '../core/base64.js';
import { describe, findScheme } from '../core/descriptors.js';
import { adoptStyles } from './style.js';
import { readStore, remember } from './store.js';
import { recall, keep } from './chainstore.js';
import { walkChain } from './walk.js';
import { summary, details, explain } from './words.js';

const ICONS = { pass: '✓', fail: '✗', error: '!', checking: '…', unchecked: '○', shown: '◉' };
const OPEN_EVENT = 'fair-verify:open'; // one popover open at a time, across versions too
const MARGIN = 8;
const GAP = 6;

function timeText(time, lang) {
  const d = new Date(time);
  const hm = d.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });
  return new Date().toDateString() === d.toDateString() ? hm : `${d.toLocaleDateString(lang)} ${hm}`;
}

function make(tag, cls, text, part) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  if (part) e.setAttribute('part', part);
  return e;
}

/** Can this browser run WebAssembly? (Not when deleted, or turned off as in Lockdown Mode.) */
const wasmAvailable = () => typeof WebAssembly === 'object' && !!WebAssembly && typeof WebAssembly.Module === 'function';

const lower = (v) => (typeof v === 'string' ? v.trim().toLowerCase() : '');

/** Defines <fair-verify> over `api` (once per page: a second copy of the widget
 *  leaves the first one's element in place); returns the class in use, or null
 *  without custom elements. `scriptUrl`: where the widget file was loaded from. */
export function defineElement(api, scriptUrl) {
  if (typeof customElements === 'undefined' || typeof HTMLElement === 'undefined') return null;
  const existing = customElements.get('fair-verify');
  if (existing) return existing;
  let described = null;
  const descriptor = (id) => {
    if (!described) described = describe(api);
    return findScheme(described, id);
  };

  class FairVerifyElement extends HTMLElement {
    static get observedAttributes() { return ['commitment', 'record', 'label', 'page', 'lang']; }

    constructor() {
      super();
      this._shown = null; // {commitment, at}: what this badge showed before any record
      this._record = null;
      this._result = null;
      this._token = 0;
      this._open = null; // null | 'hover' | 'focus' | 'pinned'
      this._rules = { pos: '', bar: '' };
      const sh = this.attachShadow({ mode: 'open', delegatesFocus: true });
      this._setRules = adoptStyles(sh);
      this._badge = make('button', 'badge', undefined, 'badge');
      this._badge.type = 'button';
      this._icon = make('span', 'icon');
      this._icon.setAttribute('aria-hidden', 'true');
      this._text = make('span', null, undefined, 'label');
      this._bar = make('span', 'bar');
      this._bar.append(make('i'));
      this._bar.hidden = true;
      this._badge.append(this._icon, this._text, this._bar);
      this._pop = make('div', 'pop', undefined, 'popover');
      this._pop.setAttribute('role', 'status');
      this._pop.id = 'pop';
      this._badge.setAttribute('aria-describedby', 'pop');
      this._badge.setAttribute('aria-expanded', 'false');
      sh.append(this._badge, this._pop);

      // A tap or click toggles; keyboard focus opens; Escape, a tap outside, leaving
      // with the keyboard or another badge opening closes.
      let pointer = false;
      this._badge.addEventListener('pointerdown', () => { pointer = true; });
      this._badge.addEventListener('focus', () => { if (!pointer && !this._open) this._show('focus'); pointer = false; });
      this._badge.addEventListener('click', () => {
        pointer = false;
        if (this._open === 'pinned') this._hide(); else this._show('pinned');
      });
      this.addEventListener('keydown', (e) => { if (e.key === 'Escape' && this._open) { this._hide(); e.stopPropagation(); } });
      this.addEventListener('focusout', (e) => { if (this._open === 'focus' && !this.contains(e.relatedTarget)) this._hide(); });
      this.addEventListener('pointerenter', (e) => {
        if (e.pointerType === 'mouse' && !this._open) this._show('hover');
        clearTimeout(this._leaving);
      });
      this.addEventListener('pointerleave', (e) => {
        if (e.pointerType === 'mouse' && this._open === 'hover') this._leaving = setTimeout(() => { if (this._open === 'hover') this._hide(); }, 250);
      });
      this._onOther = (e) => { if (e.detail !== this && this._open) this._hide(); };
      this._onOutside = (e) => { if (!e.composedPath().includes(this)) this._hide(); };
      this._onMove = () => {
        if (this._raf) return;
        this._raf = requestAnimationFrame(() => { this._raf = 0; this._place(); });
      };
    }

    connectedCallback() {
      document.addEventListener(OPEN_EVENT, this._onOther);
      this._render();
    }

    disconnectedCallback() {
      document.removeEventListener(OPEN_EVENT, this._onOther);
      this._hide();
    }

    attributeChangedCallback(name, old, value) {
      if (name === 'commitment') this._showCommitment(value);
      else if (name === 'record' && value !== null) {
        let rec;
        try { rec = JSON.parse(value); } catch (e) { this._record = value; this._fail({ code: 'bad_json', message: e.message }); return; }
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

    /** The last outcome: {state, report?, summary?, error?}, or null. */
    get result() { return this._result; }

    get open() { return !!this._open; }

    /** Language of this badge's words: own or nearest ancestor's lang, else the browser's. */
    _lang() {
      const own = this.closest('[lang]');
      const nav = typeof navigator !== 'undefined' ? navigator.languages || [navigator.language] : [];
      return pickLanguage([own && own.getAttribute('lang'), ...nav]);
    }

    _t(key, params) { return t(key, params, this._lang()); }

    _showCommitment(value) {
      const c = lower(value);
      if (!c) { this._shown = null; this._render(); return; }
      // Only a commitment shown *before* a record counts as "shown before the deal".
      if (!this._record) {
        this._shown = { commitment: c, at: Date.now() };
        if (this.getAttribute('remember') !== 'off') remember(c);
      }
      this._render();
    }

    _pageUrl(rec) {
      const base = scriptUrl || globalThis.location.href;
      let page;
      try { page = new URL(this.getAttribute('page') || 'verifier.html', base).href; } catch (e) { page = 'verifier.html'; }
      const text = typeof rec === 'string' ? rec : JSON.stringify(rec);
      return `${page}#record=${textToBase64url(text)}`;
    }

    _fail(err) {
      this._token++;
      this._result = { state: 'error', error: err };
      this._render();
      this.dispatchEvent(new CustomEvent('fair-verify:error', {
        bubbles: true, composed: true, detail: { code: err.code || 'internal', field: err.field || '', message: err.message || explain(err), ...(err.params ? { params: err.params } : {}) },
      }));
    }

    async _verify() {
      const rec = this._record;
      const token = ++this._token;
      const live = () => token === this._token;
      if (rec === null || rec === undefined) { this._result = null; this._render(); return; }
      this._result = { state: 'checking' };
      this._progress(null);
      this._render();
      if (!wasmAvailable()) {
        // WebAssembly deleted or turned off (iOS Lockdown Mode): say so at once.
        this._fail({ code: 'wasm_missing', message: 'WebAssembly is not available in this browser' });
        return;
      }
      if (!api.isReady()) {
        // The wasm is still being inflated (a few milliseconds after load).
        try { await api.ready; } catch (e) { this._fail({ code: 'internal', message: String(e) }); return; }
        if (!live()) return;
      }
      // A record given as JSON text: its fields, for the walk (the core parses it itself).
      let obj = rec;
      if (typeof rec === 'string') { try { obj = JSON.parse(rec); } catch (e) { obj = {}; } }
      if (!obj || typeof obj !== 'object') obj = {};
      const base = this._shown ? { shown: this._shown.commitment } : {};
      const remembering = this.getAttribute('remember') !== 'off';
      let report;
      try {
        report = api.verify(rec, { ...base, walk: 'pending' });
        const chain = (report.checks || []).find((c) => c.pending);
        if (chain) {
          this._result = { state: 'checking', report };
          this._render();
          const terminal = lower(obj.terminal);
          const job = {
            hash: lower(obj.hash), terminal, maxSteps: report.maxSteps,
            ...(remembering ? recall(terminal) : {}),
            cancelled: () => !live(), noWorker: this.getAttribute('worker') === 'off',
          };
          const w = await walkChain(job, (steps, max) => { if (live()) this._progress(steps / max); });
          if (!live() || !w) return;
          const walk = { steps: w.found ? w.steps : w.linksWalked, found: w.found };
          if (w.viaMemory && w.rememberedRound !== undefined) walk.remembered = { round: w.rememberedRound, links: w.linksWalked };
          report = api.verify(rec, { ...base, walk });
          const ok = (report.checks || []).find((c) => c.code === 'chainOk');
          if (remembering && ok && ok.ok === true) keep(terminal, w.checkpoints);
        }
      } catch (e) {
        if (live()) this._fail({ code: e.code || 'internal', message: e.message, field: e.field, params: e.params });
        return;
      }
      if (!live()) return;
      this._progress(null);
      const lang = this._lang();
      const desc = descriptor(report.scheme);
      const shownCheck = (report.checks || []).find((c) => c.code === 'shownOk');
      const commitmentChanged = !!shownCheck && shownCheck.ok === false;
      const primary = shownCheck ? shownCheck.field : desc && (desc.fields.find((f) => f.primary) || {}).name;
      const inRecord = primary ? lower(obj[primary]) : '';
      const stored = inRecord ? readStore()[inRecord] : undefined;
      const text = summary(report, desc, lang);
      const shownAt = (this._shown ? this._shown.at : stored) || null;
      this._result = { state: report.verdict, report, summary: text, commitmentChanged, shownAt };
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
      if (this._result && this._result.state === 'checking') this._renderBadge();
    }

    _applyRules() { this._setRules(this._rules.pos + this._rules.bar); }

    _renderBadge() {
      const r = this._result;
      const label = this.getAttribute('label') || this._t('widget.label');
      const state = r ? r.state : 'shown';
      this._badge.setAttribute('data-state', state);
      this._pop.setAttribute('data-state', state);
      // Arabic words read right to left whatever the host page's direction.
      const dir = direction(this._lang());
      this._badge.setAttribute('dir', dir);
      this._pop.setAttribute('dir', dir);
      this.setAttribute('data-state', state);
      this._icon.textContent = ICONS[state] || '○';
      if (state === 'shown') this._text.textContent = label;
      else if (state === 'checking' && this._pct !== null && this._pct !== undefined) {
        this._text.textContent = this._t('widget.state.progress', { label, percent: this._pct });
      } else this._text.textContent = this._t(`widget.state.${state}`, { label });
      this._badge.setAttribute('aria-label', this._t('widget.showDetails', { text: this._text.textContent }));
    }

    _render() {
      this._renderBadge();
      const r = this._result;
      const parts = [];
      const p = (cls, text, part) => { const e = make('p', cls, text, part); parts.push(e); return e; };
      const shownC = this._shown ? this._shown.commitment : null;
      if (!r) {
        if (shownC) {
          p('summary', this._t('widget.committed'), 'summary');
          p('fp', shownC, 'fingerprint').setAttribute('dir', 'ltr');
          parts.push(this._copyRow(shownC));
        } else {
          p('summary', this._t('widget.waiting'), 'summary');
        }
      } else if (r.state === 'checking') {
        p('summary', this._t('widget.checking'), 'summary');
      } else if (r.state === 'error' && r.error.code === 'wasm_missing') {
        p('summary', this._t('widget.noWasm'), 'summary');
      } else if (r.state === 'error') {
        const reason = this._t(`err.${r.error.code}`);
        p('summary', this._t('widget.cannotCheck', { reason }), 'summary');
        if (r.error.field) p('when', this._t('widget.errorField', { field: r.error.field })).setAttribute('dir', 'ltr');
        parts.push(this._linkRow());
      } else {
        p('summary', r.summary, 'summary');
        for (const line of details(r.report, this._lang())) p('more', line);
        if (r.shownAt) p('when', this._t('widget.shownAt', { time: timeText(r.shownAt, this._lang()) }));
        if (shownC) p('fp', shownC, 'fingerprint').setAttribute('dir', 'ltr');
        if (r.state === 'fail') p('advice', this._t('widget.failAdvice'), 'advice');
        parts.push(this._linkRow());
      }
      this._pop.replaceChildren(...parts);
      if (this._open) this._place();
    }

    _linkRow() {
      const row = make('div', 'row');
      const a = make('a', null, this._t(this._result && this._result.state === 'fail' ? 'widget.openFull' : 'widget.details'), 'details');
      a.href = this._pageUrl(this._record);
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      row.append(a, this._closeButton());
      return row;
    }

    _closeButton() {
      const b = make('button', 'close', this._t('widget.close'), 'close');
      b.type = 'button';
      b.addEventListener('click', () => { this._hide(); });
      return b;
    }

    _copyRow(text) {
      const row = make('div', 'row');
      const b = make('button', 'copy', this._t('widget.copy'), 'copy');
      b.type = 'button';
      b.setAttribute('aria-label', this._t('widget.copyLabel'));
      const done = make('span', 'when');
      b.addEventListener('click', () => {
        const fallback = () => { done.textContent = this._t('widget.selectCopy'); };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(text).then(() => { done.textContent = this._t('widget.copied'); }, fallback);
        } else fallback();
      });
      row.append(b, done, this._closeButton());
      return row;
    }

    _show(mode) {
      const was = this._open;
      this._open = mode;
      if (was) return;
      document.dispatchEvent(new CustomEvent(OPEN_EVENT, { detail: this }));
      this._pop.classList.add('open');
      this._badge.setAttribute('aria-expanded', 'true');
      document.addEventListener('pointerdown', this._onOutside, true);
      addEventListener('scroll', this._onMove, { capture: true, passive: true });
      addEventListener('resize', this._onMove, { passive: true });
      this._place();
    }

    _hide() {
      if (!this._open) return;
      this._open = null;
      this._pop.classList.remove('open');
      this._badge.setAttribute('aria-expanded', 'false');
      document.removeEventListener('pointerdown', this._onOutside, true);
      removeEventListener('scroll', this._onMove, { capture: true });
      removeEventListener('resize', this._onMove);
      this._rules.pos = '';
      this._applyRules();
    }

    /** Places the popover inside the viewport: below the badge, or above it when
     *  there is more room there; as wide as fits, and scrolling when too tall. */
    _place() {
      if (!this._open) return;
      const vw = document.documentElement.clientWidth || innerWidth;
      const vh = document.documentElement.clientHeight || innerHeight;
      const b = this._badge.getBoundingClientRect();
      if (b.bottom < 0 || b.top > vh) { this._hide(); return; }
      const width = Math.max(0, Math.min(360, vw - 2 * MARGIN));
      const rtl = this._pop.getAttribute('dir') === 'rtl';
      const left = Math.max(MARGIN, Math.min((rtl ? b.right - width : b.left), vw - MARGIN - width));
      this._rules.pos = `.pop{left:${left}px;top:0;width:${width}px;max-height:none;visibility:hidden}`;
      this._applyRules();
      const h = this._pop.offsetHeight;
      const below = vh - b.bottom - GAP - MARGIN;
      const above = b.top - GAP - MARGIN;
      let top;
      let max;
      if (h <= below || below >= above) {
        max = Math.max(below, 48);
        top = Math.min(b.bottom + GAP, vh - MARGIN - Math.min(h, max));
      } else {
        max = Math.max(above, 48);
        top = Math.max(MARGIN, b.top - GAP - Math.min(h, max));
      }
      this._rules.pos = `.pop{left:${Math.round(left)}px;top:${Math.round(top)}px;width:${width}px;max-height:${Math.floor(max)}px}`;
      this._applyRules();
    }
  }

  customElements.define('fair-verify', FairVerifyElement);
  return FairVerifyElement;
}
