// <fair-verify>: a verifiable-deal badge for game tables. Before the deal it shows
// the commitment; when the record arrives it verifies the hand right here, in the
// player's browser, and checks that the commitment is the one it showed before.
// Its language: the `lang` attribute, else the nearest ancestor's, else the browser's.
import { t, pickLanguage } from '../i18n/i18n.js';
import { textToBase64url } from '../core/base64.js';
import { describe, findScheme, primaryCommitment } from '../core/descriptors.js';
import { CSS } from './style.js';
import { checkText } from '../render/checks.js';
import { readStore, remember } from './store.js';

const SCRIPT_URL = (typeof document !== 'undefined' && document.currentScript && document.currentScript.src) || '';
const ICONS = { pass: '✓', fail: '✗', error: '!', checking: '…', unchecked: '○', shown: '◉' };

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

/** Defines <fair-verify> over `api` (once per page); returns the class, or null without custom elements. */
export function defineElement(api) {
  if (typeof customElements === 'undefined' || typeof HTMLElement === 'undefined') return null;
  let described = null;
  /** The record field that carries the commitment a player sees before the game. */
  const commitmentField = (schemeId) => {
    if (!described) described = describe(api);
    const d = findScheme(described, schemeId);
    const f = d ? primaryCommitment(d) : null;
    return f ? f.name : null;
  };

  class FairVerifyElement extends HTMLElement {
    static get observedAttributes() { return ['commitment', 'record', 'label', 'page', 'lang']; }

    constructor() {
      super();
      this._shown = null; // {commitment, at}: what this badge showed before any record
      this._record = null;
      const sh = this.attachShadow({ mode: 'open', delegatesFocus: true });
      const style = make('style', null, CSS);
      this._badge = make('button', 'badge', undefined, 'badge');
      this._badge.type = 'button';
      this._icon = make('span', 'icon');
      this._icon.setAttribute('aria-hidden', 'true');
      this._text = make('span', null, undefined, 'label');
      this._badge.append(this._icon, this._text);
      this._pop = make('div', 'pop', undefined, 'popover');
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
        try { rec = JSON.parse(value); } catch (e) { this._fail({ code: 'bad_json', message: e.message }); return; }
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

    /** The language of this badge's words. */
    _lang() {
      const own = this.closest('[lang]');
      const nav = typeof navigator !== 'undefined' ? navigator.languages || [] : [];
      return pickLanguage([own && own.getAttribute('lang'), ...nav]);
    }

    _t(key, params) { return t(key, params, this._lang()); }

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
      const page = this.getAttribute('page') || new URL('verifier.html', SCRIPT_URL || globalThis.location.href).href;
      return `${page}#record=${textToBase64url(JSON.stringify(rec))}`;
    }

    _fail(err) {
      this._result = { state: 'error', error: err };
      this._render();
      this.dispatchEvent(new CustomEvent('fair-verify:error', { bubbles: true, composed: true, detail: { code: err.code || 'internal', message: err.message } }));
    }

    _summary(report, commitmentChanged, pass) {
      if (commitmentChanged) return this._t('widget.changed');
      if (pass) return this._t(`widget.pass.${report.scheme}`);
      if (report.verdict === 'unchecked') return this._t('widget.unchecked');
      const bad = (report.checks || []).find((c) => c.ok === false);
      if (bad && bad.code === 'played') return this._t(`widget.playedDiffers.${report.scheme}`, { count: report.differenceCount });
      if (bad) return this._t('widget.failedCheck', { check: checkText(bad, this._lang()) });
      return this._t('widget.fail');
    }

    _verify() {
      const rec = this._record;
      if (rec === null || rec === undefined) { this._result = null; this._render(); return; }
      if (!api.isReady()) {
        // The wasm is still being inflated (a few milliseconds after load).
        this._result = { state: 'checking' };
        this._render();
        api.ready.then(() => { if (this._record === rec) this._verify(); });
        return;
      }
      let report;
      try {
        report = api.verify(rec);
      } catch (e) {
        this._fail({ code: e.code || 'internal', message: e.message, field: e.field });
        return;
      }
      const field = commitmentField(report.scheme);
      const inRecord = field && typeof rec[field] === 'string' ? rec[field].trim().toLowerCase() : null;
      const stored = inRecord ? readStore()[inRecord] : undefined;
      const commitmentChanged = !!this._shown && inRecord !== this._shown.commitment;
      const pass = report.verdict === 'pass' && !commitmentChanged;
      const state = pass ? 'pass' : report.verdict === 'unchecked' && !commitmentChanged ? 'unchecked' : 'fail';
      const summary = this._summary(report, commitmentChanged, pass);
      const shownAt = (this._shown ? this._shown.at : stored) || null;
      this._result = { state, report, summary, commitmentChanged, shownAt };
      this._render();
      this.dispatchEvent(new CustomEvent('fair-verify:result', {
        bubbles: true, composed: true,
        detail: { report, verdict: state, commitmentChanged, summary, shownAt },
      }));
    }

    _render() {
      const r = this._result;
      const label = this.getAttribute('label') || this._t('widget.label');
      const state = r ? r.state : 'shown';
      this._badge.setAttribute('data-state', state);
      this.setAttribute('data-state', state);
      this._icon.textContent = ICONS[state];
      this._text.textContent = state === 'shown' ? label : this._t(`widget.state.${state}`, { label });
      this._badge.setAttribute('aria-label', this._t('widget.showDetails', { text: this._text.textContent }));
      const parts = [];
      const p = (cls, text, part) => parts.push(make('p', cls, text, part));
      const shownC = this._shown ? this._shown.commitment : null;
      if (!r) {
        if (shownC) {
          p('summary', this._t('widget.committed'));
          p('fp', shownC, 'fingerprint');
          parts.push(this._copyRow(shownC));
        } else {
          p('summary', this._t('widget.waiting'));
        }
      } else if (r.state === 'checking') {
        p('summary', this._t('widget.checking'), 'summary');
      } else if (r.state === 'error') {
        const reason = this._t(`err.${r.error.code}`);
        p('summary', this._t('widget.cannotCheck', { reason }), 'summary');
      } else {
        p('summary', r.summary, 'summary');
        if (r.shownAt) p('when', this._t('widget.shownAt', { time: timeText(r.shownAt, this._lang()) }));
        if (shownC) p('fp', shownC, 'fingerprint');
        const row = make('div', 'row');
        const a = make('a', null, this._t('widget.details'), 'details');
        a.href = this._pageUrl(this._record);
        a.target = '_blank';
        a.rel = 'noopener noreferrer';
        row.append(a);
        parts.push(row);
      }
      for (const e of parts) if (e.classList.contains('fp')) e.setAttribute('dir', 'ltr');
      this._pop.replaceChildren(...parts);
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
      row.append(b, done);
      return row;
    }
  }

  if (!customElements.get('fair-verify')) customElements.define('fair-verify', FairVerifyElement);
  return customElements.get('fair-verify');
}
