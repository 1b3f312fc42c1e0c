// The page's little shared state.
export const state = {
  /** The scheme whose form is shown. */
  scheme: null,
  /** The verification under way: a late worker answer for an older one is dropped. */
  current: null,
  /** What was verified last ({record} or {text}), for "Check fully". */
  source: null,
  /** The core's own account of itself, from the worker ({version, wasmSha256,
   *  engine, selfTest}), once it has answered (www/page/entry.js). */
  core: null,
};
