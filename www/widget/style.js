// The badge's own styles, inside its shadow root: nothing from the host page leaks in.
// Under a strict host CSP (style-src without 'unsafe-inline') a <style> element and
// style attributes are blocked, so the styles are constructable stylesheets adopted
// by the shadow root (one shared sheet, plus each badge's own one-rule sheet that
// places its popover); a <style> element only where adoptedStyleSheets is missing.
// The label shrinks inside the pill and ends in "…" when the table is narrower than its
// words (an Italian fail label at 360 px); its whole text is the badge's title (view.js).
export const CSS = `
  :host { all: initial; display: inline-block; position: relative; font: 13px/1.3 var(--fv-font, system-ui, sans-serif);
    color: var(--fv-fg, #1d1d1f); vertical-align: middle; max-width: 100%; }
  :host([hidden]) { display: none; }
  * { box-sizing: border-box; }
  .badge { all: unset; box-sizing: border-box; display: inline-flex; align-items: center; gap: 6px; padding: 4px 10px;
    border-radius: 999px; border: 1px solid var(--fv-border, #b9b5ac); background: var(--fv-bg, #fff); cursor: pointer;
    font-size: 13px; color: var(--fv-fg, #1d1d1f); white-space: nowrap; max-width: 100%; overflow: hidden; text-overflow: ellipsis; }
  .badge:focus-visible { outline: 3px solid var(--fv-focus, #2f5bd3); outline-offset: 2px; }
  .badge[data-state="pass"] { border-color: var(--fv-ok, #16703a); color: var(--fv-ok, #16703a); }
  .badge[data-state="fail"] { border: 2px solid var(--fv-bad, #b3261e); background: var(--fv-bad, #b3261e); color: #fff; font-weight: 700; }
  .badge[data-state="error"], .badge[data-state="unchecked"], .badge[data-state="checking"] { border-style: dashed; color: var(--fv-muted, #4a4a4f); }
  .badge > [part="label"] { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .icon { font-size: 14px; flex: none; }
  .bar { display: inline-block; width: 36px; height: 4px; border-radius: 2px; background: #ddd; overflow: hidden; }
  .bar[hidden] { display: none; }
  .bar i { display: block; height: 100%; width: 0; background: var(--fv-muted, #4a4a4f); }
  .pop { position: fixed; z-index: 2147483000; left: 8px; top: 8px; width: min(360px, calc(100vw - 16px));
    padding: 8px 10px; border-radius: 8px; border: 1px solid var(--fv-border, #b9b5ac); background: var(--fv-bg, #fff);
    box-shadow: 0 4px 14px rgba(0,0,0,.18); display: none; overflow: auto; overscroll-behavior: contain; }
  .pop.open { display: block; }
  .pop[data-state="fail"] { border: 2px solid var(--fv-bad, #b3261e); }
  .pop[data-state="fail"] .summary { color: var(--fv-bad, #b3261e); font-weight: 700; }
  .pop p { margin: 4px 0; }
  .pop .fp { font: 11px/1.35 ui-monospace, Menlo, Consolas, monospace; overflow-wrap: anywhere; word-break: break-all; margin: 4px 0; }
  .pop .advice { border-top: 1px solid #e4e1da; padding-top: 6px; }
  .row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin-top: 4px; }
  button.copy, button.close { all: unset; font-size: 12px; color: var(--fv-focus, #2f5bd3); cursor: pointer; text-decoration: underline; }
  button.close { margin-inline-start: auto; padding: 2px 4px; }
  button.copy:focus-visible, button.close:focus-visible, a:focus-visible, summary:focus-visible { outline: 2px solid var(--fv-focus, #2f5bd3); }
  a { color: var(--fv-focus, #2f5bd3); font-size: 12px; }
  .when { color: #5b5b60; font-size: 12px; }
  .phone summary { cursor: pointer; font-size: 12px; color: var(--fv-focus, #2f5bd3); margin-top: 6px; }
  .qr { display: block; margin: 6px auto; shape-rendering: crispEdges; }
  .qr rect { fill: #fff; }
  .qr path { fill: #000; }
  /* The host element inherits the page's styles (even !important ones on *), so
     everything inside sets its own font, spacing and colour instead of inheriting. */
  .badge, .pop, .pop * { font-family: var(--fv-font, system-ui, -apple-system, "Segoe UI", sans-serif);
    letter-spacing: normal; word-spacing: normal; text-transform: none; text-align: start; line-height: 1.3; }
  .pop, .pop p { color: var(--fv-fg, #1d1d1f); font-size: 13px; }
  .pop .fp { font-family: ui-monospace, Menlo, Consolas, monospace; }
  @media (prefers-reduced-motion: no-preference) { .bar i { transition: width .2s; } }`;

let shared = null;
const constructable = () => {
  try { return 'adoptedStyleSheets' in Document.prototype && typeof new CSSStyleSheet().replaceSync === 'function'; } catch (e) { return false; }
};

/** Styles `root` (a shadow root); returns set(rules) for the badge's own rules. */
export function adoptStyles(root) {
  if (constructable()) {
    if (!shared) { shared = new CSSStyleSheet(); shared.replaceSync(CSS); }
    const own = new CSSStyleSheet();
    root.adoptedStyleSheets = [shared, own];
    return (rules) => own.replaceSync(rules);
  }
  const base = document.createElement('style');
  base.textContent = CSS;
  const own = document.createElement('style');
  root.append(base, own);
  return (rules) => { own.textContent = rules; };
}
