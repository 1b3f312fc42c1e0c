// fairverify @VERSION@: TypeScript declarations for pkg/widget.js (globals),
// pkg/widget.mjs (ES module) and pkg/verifier.js (global FairVerifier / CommonJS).

export type Verdict = 'pass' | 'fail' | 'unchecked' | 'checking';

export interface Check {
  name: string;
  /** Catalog key suffix: commitmentOk, handCommitmentOk, rootOk, leafOk, commitAOk, commitBOk, chainOk, played, shownOk. */
  code: string;
  /** null while pending (a chain walk still running). */
  ok: boolean | null;
  pending?: boolean;
  /** A check of something published before the game. */
  commitment: boolean;
  field?: string;
  expected: unknown;
  computed: unknown;
  params: Record<string, unknown>;
}

export interface Difference {
  path: string;
  key: string;
  played: unknown;
  computed: unknown;
  item: string;
  /** Indexes (0-based) named by the scheme's result patterns, e.g. {deal: 1, seat: 3, card: 5}. */
  at: Record<string, number>;
}

export interface Report {
  scheme: string;
  verdict: Verdict;
  checks: Check[];
  differences?: Difference[];
  differenceCount?: number;
  /** What `played` left out (a shorter list): not compared, never a difference. */
  notShown?: { key: string; path: string; from: number | string; count: number }[];
  hints?: { code: 'seed_is_commitment' | 'seeds_swapped'; field: string; with?: string; commitment?: string; check: string }[];
  /** Fields to ask the operator for, when unchecked. */
  missing?: string[];
  /** The scheme's result keys (deck, deals, round, multiplier, bets…). */
  [result: string]: unknown;
}

export interface VerifyError extends Error {
  name: 'VerifyError';
  code: string;
  field: string;
  params?: Record<string, unknown>;
}

export interface VerifyOptions {
  /** 'pending': leave the chain walk to the caller; {steps, found, remembered?}: its outcome. */
  walk?: 'pending' | { steps: number; found: boolean; remembered?: { round: number; links: number } };
  /** The fingerprint a badge showed before the game (64 hex): adds the check shownOk. */
  shown?: string;
}

export interface SchemeDescriptor {
  id: string;
  label: string;
  help: string;
  chain: boolean;
  cards?: 'rank_major' | 'value_major' | '';
  games: { id: string; label: string; players?: number; seats?: string }[];
  fields: { name: string; kind: string; required: boolean; role?: string; primary?: boolean; label: string;
    min?: number; max?: number; options?: string[]; games?: string[]; empty?: 'null' | 'keep' }[];
  results: { key: string; item: string; patterns: string[] }[];
  terminals?: { name: string; hash: string }[];
}

export interface FairVerifierApi {
  /** Throws VerifyError for a record that cannot be checked. */
  verify(record: object | string, options?: VerifyOptions): Report;
  /** JSON text of {report} or {error}; never throws. */
  verifyText(json: string, options?: VerifyOptions): string;
  /** verifier.js only: the widget's smaller core leaves round histories out. */
  checkRounds?(game: string, text: string, options?: object): string;
  schemes(): SchemeDescriptor[];
  version: string;
  /** Resolves once the wasm is ready (at once for verifier.js). */
  ready: Promise<void>;
  isReady(): boolean;
  readonly wasmSha256: string | null;
}

export interface ResultDetail {
  report: Report;
  /** Always report.verdict. */
  verdict: Verdict;
  /** The record's commitment is not the one this badge showed (the report's shownOk check failed). */
  commitmentChanged: boolean;
  /** The badge's one-line summary, in its language. */
  summary: string;
  /** When this device showed the fingerprint (ms since 1970), or null. */
  shownAt: number | null;
}

/** `message`: the English catalog sentence for `code` (the badge carries no other). */
export interface ErrorDetail { code: string; field: string; message: string; params?: Record<string, unknown> }

export interface MountOptions {
  commitment?: string;
  record?: object | string;
  label?: string;
  page?: string;
  lang?: string;
  remember?: 'off';
  worker?: 'off';
}

/** <fair-verify commitment record label page lang remember worker> */
export declare class FairVerifyElement extends HTMLElement {
  /** The record (object or JSON text); setting it verifies. */
  record: object | string | null;
  /** The last outcome, or null before any record. */
  readonly result: null | { state: Verdict | 'error'; report?: Report; summary?: string; error?: ErrorDetail };
  /** Whether the popover is open. */
  readonly open: boolean;
}

export declare const FairVerifier: FairVerifierApi;
export declare function mount(element: Element, options?: MountOptions): FairVerifyElement;
export declare const ready: Promise<void>;
export declare const version: string;
export default FairVerifier;

declare global {
  interface HTMLElementTagNameMap { 'fair-verify': FairVerifyElement }
  interface HTMLElementEventMap {
    'fair-verify:result': CustomEvent<ResultDetail>;
    'fair-verify:error': CustomEvent<ErrorDetail>;
  }
  /** pkg/widget.js (classic script) and pkg/verifier.js define these globals. */
  var FairVerifier: FairVerifierApi;
  var FairVerify: {
    mount: typeof mount;
    Element: typeof FairVerifyElement;
    verify: FairVerifierApi['verify'];
    ready: Promise<void>;
    version: string;
    readonly wasmSha256: string | null;
  };
}
