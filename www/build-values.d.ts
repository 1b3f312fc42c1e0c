// The build's values as modules (tools/bundle.mjs buildValues, tools/nowasm.mjs),
// declared for `npm run typecheck`.
declare module 'fv:build' {
  export const VERSION: string;
  export const WASM_PACKED: boolean;
  /** The wasm's bytes at once (verifier.js: its base64; the page's core: its LZMA
   *  stream unpacked); not called where WASM_PACKED (unpacked in slices). */
  export function wasmNow(): Uint8Array;
  export const WASM_SIZE: number;
  export const WASM_BASE64: string;
}
declare module 'fv:glue' {
  /** wasm-bindgen's no-modules glue, made fresh on each call. */
  export function makeGlue(): any;
}
declare module 'fv:golden' {
  export const GOLDEN: any[];
}
declare module 'fv:page' {
  export const PAGE: { file: string; engine: string; version: string; other: string } | null;
}
declare module 'fv:schemes' {
  export const SCHEMES: any[];
}
declare module 'fv:badge-worker' {
  /** What the badge shares with its worker (www/widget/shared.js), as one function:
   *  its result stands for the shared modules in the badge's bundles, and its text is
   *  the worker's source. */
  export function fvShared(): typeof import('./widget/shared.js');
}
declare module 'fv:wasm2js' {
  export function instantiate(...args: any[]): any;
}
declare module 'fv:nowasm' {
  export const SOURCE_WASM_SHA256: string;
  export const SOURCE_WASM_SIZE: number;
}
