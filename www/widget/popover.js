// The badge's popover, phone-proof: a tap or click toggles it (pinned), keyboard
// focus opens it, a mouse hover opens it for as long as the pointer stays; Escape,
// a tap outside, leaving with the keyboard or another badge opening closes it. It
// is placed inside the viewport (below the badge, or above when there is more room
// there; as wide as fits, scrolling when too tall) and follows scrolls and resizes.

const OPEN_EVENT = 'fair-verify:open'; // one popover open at a time, across versions too
const MARGIN = 8;
const GAP = 6;

export class Popover {
  /** `host`: the element; `badge`: its button; `pop`: the popover; `setRule(css)`:
   *  the badge's own stylesheet rule for the position (no inline styles). */
  constructor(host, badge, pop, setRule) {
    this.host = host;
    this.badge = badge;
    this.pop = pop;
    this.setRule = setRule;
    this.mode = null; // null | 'hover' | 'focus' | 'pinned'
    let pointer = false;
    badge.addEventListener('pointerdown', () => { pointer = true; });
    badge.addEventListener('focus', () => { if (!pointer && !this.mode) this.show('focus'); pointer = false; });
    badge.addEventListener('click', () => {
      pointer = false;
      if (this.mode === 'pinned') this.hide(); else this.show('pinned');
    });
    host.addEventListener('keydown', (e) => { if (e.key === 'Escape' && this.mode) { this.hide(); e.stopPropagation(); } });
    host.addEventListener('focusout', (e) => { if (this.mode === 'focus' && !host.contains(e.relatedTarget)) this.hide(); });
    host.addEventListener('pointerenter', (e) => {
      if (e.pointerType === 'mouse' && !this.mode) this.show('hover');
      clearTimeout(this.leaving);
    });
    host.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse' && this.mode === 'hover') this.leaving = setTimeout(() => { if (this.mode === 'hover') this.hide(); }, 250);
    });
    this.onOther = (e) => { if (e.detail !== host && this.mode) this.hide(); };
    this.onOutside = (e) => { if (!e.composedPath().includes(host)) this.hide(); };
    this.onMove = () => {
      if (this.raf) return;
      this.raf = requestAnimationFrame(() => { this.raf = 0; this.place(); });
    };
    // A fold opened inside ("check on your phone"): placed again for its new height.
    pop.addEventListener('toggle', this.onMove, true);
  }

  get open() { return !!this.mode; }

  connect() { document.addEventListener(OPEN_EVENT, this.onOther); }

  disconnect() {
    document.removeEventListener(OPEN_EVENT, this.onOther);
    this.hide();
  }

  show(mode) {
    const was = this.mode;
    this.mode = mode;
    if (was) return;
    document.dispatchEvent(new CustomEvent(OPEN_EVENT, { detail: this.host }));
    this.pop.classList.add('open');
    this.badge.setAttribute('aria-expanded', 'true');
    document.addEventListener('pointerdown', this.onOutside, true);
    addEventListener('scroll', this.onMove, { capture: true, passive: true });
    addEventListener('resize', this.onMove, { passive: true });
    this.place();
  }

  hide() {
    if (!this.mode) return;
    this.mode = null;
    this.pop.classList.remove('open');
    this.badge.setAttribute('aria-expanded', 'false');
    document.removeEventListener('pointerdown', this.onOutside, true);
    removeEventListener('scroll', this.onMove, { capture: true });
    removeEventListener('resize', this.onMove);
    this.setRule('');
  }

  /** Places the popover inside the viewport. */
  place() {
    if (!this.mode) return;
    const vw = document.documentElement.clientWidth || innerWidth;
    const vh = document.documentElement.clientHeight || innerHeight;
    const b = this.badge.getBoundingClientRect();
    if (b.bottom < 0 || b.top > vh) { this.hide(); return; }
    const width = Math.max(0, Math.min(360, vw - 2 * MARGIN));
    const rtl = this.pop.getAttribute('dir') === 'rtl';
    const left = Math.max(MARGIN, Math.min((rtl ? b.right - width : b.left), vw - MARGIN - width));
    this.setRule(`.pop{left:${left}px;top:0;width:${width}px;max-height:none;visibility:hidden}`);
    const h = this.pop.offsetHeight;
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
    this.setRule(`.pop{left:${Math.round(left)}px;top:${Math.round(top)}px;width:${width}px;max-height:${Math.floor(max)}px}`);
  }
}
