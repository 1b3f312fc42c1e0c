// The page's little shared state.
export const state = {
  /** The scheme whose form is shown. */
  scheme: null,
  /** The record being verified (a late worker answer for another one is dropped). */
  lastRecord: null,
};
