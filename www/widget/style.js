// The badge's own styles, inside its shadow root: nothing from the host page leaks in.
export const CSS = `
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
  .pop { position: absolute; z-index: 2147483000; top: calc(100% + 6px); inset-inline-start: 0; width: max-content; max-width: min(360px, 90vw);
    padding: 8px 10px; border-radius: 8px; border: 1px solid var(--fv-border, #b9b5ac); background: var(--fv-bg, #fff);
    box-shadow: 0 4px 14px rgba(0,0,0,.18); display: none; }
  :host(:hover) .pop, :host(:focus-within) .pop, .pop.open { display: block; }
  .pop.closed { display: none !important; }
  .pop p { margin: 4px 0; }
  .pop .fp { font: 11px/1.35 ui-monospace, Menlo, Consolas, monospace; overflow-wrap: anywhere; word-break: break-all; margin: 4px 0; }
  .row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin-top: 4px; }
  button.copy { all: unset; font-size: 12px; color: var(--fv-focus, #2f5bd3); cursor: pointer; text-decoration: underline; }
  button.copy:focus-visible, a:focus-visible { outline: 2px solid var(--fv-focus, #2f5bd3); }
  a { color: var(--fv-focus, #2f5bd3); font-size: 12px; }
  .when { color: #5b5b60; font-size: 12px; }
  /* The host element inherits the page's styles (even !important ones on *), so
     everything inside sets its own font, spacing and colour instead of inheriting. */
  .badge, .pop, .pop * { font-family: var(--fv-font, system-ui, -apple-system, "Segoe UI", sans-serif);
    letter-spacing: normal; word-spacing: normal; text-transform: none; text-align: start; line-height: 1.3; }
  .pop, .pop p { color: var(--fv-fg, #1d1d1f); font-size: 13px; }
  .pop .fp { font-family: ui-monospace, Menlo, Consolas, monospace; }`;
