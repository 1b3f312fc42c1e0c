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
  /** The check compares a published value (shown with both values). */
  commitment: boolean;
  /** Holding it proves what the operator fixed before the game (SPEC's commitment
   *  check): false for `shownOk`, and for a crash/platforms/battle `chainOk` against
   *  a terminal that is not the game's own published one. */
  proves: boolean;
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
  /** Indexes (0-based) named by the scheme's result patterns, e.g. {deal: 1, seat: 3, card: 5};
   *  a poker deck position's `owner`: the hole card or board card it is (0-based). */
  at: Record<string, number> & { owner?: DeckOwner };
  /** The names of `at` in the pattern's order, e.g. ['deal', 'seat', 'card']. */
  order: string[];
  /** The member of the value the pattern names (baloot: 'first', 'second', 'faceUp'), or null. */
  part: string | null;
}

/** Whose card a deck position is: a player's hole card or a board card (indexes from 0). */
export type DeckOwner =
  | { key: 'holeCards'; player: number; card: number }
  | { key: 'board'; card: number };

export type Hint =
  | { code: 'seed_is_commitment' | 'seeds_swapped' | 'seed_case'; field: string; with?: string; commitment?: string; check: string; case?: 'lower' | 'upper' }
  | { code: 'seed_wrapped'; field: string; with: string; check: string; to: string }
  | { code: 'invisible_char'; field: string; position: number; codePoint: number; char: string; count: number }
  | { code: 'lookalike_char'; field: string; position: number; codePoint: number; char: string; count: number; kind: 'space' | 'edge' | 'selector' | 'filler' | 'width' | 'mixed' | 'case' }
  | { code: 'nonce_unit'; field: string; [k: string]: unknown }
  | { code: 'step_limit'; field: 'maxSteps'; walked: number; maxSteps: number; chainLength: number }
  | { code: 'terminal_unpublished'; field: 'terminal' }
  | { code: 'terminal_other_game'; field: 'terminal'; game: 'crash' | 'platforms' | 'battle' };

export type Diagnosis =
  | { code: 'shown_elsewhere'; path: string; at: string }
  | { code: 'input_slip'; field: string; slip: 'order'; to: string[] }
  | { code: 'input_slip'; field: string; slip: 'trim' | 'empty'; to: string };

/** shown_elsewhere: where the player entered it (`from`) and where it is (`at`), named by
 *  the scheme's result patterns ({deal, seat}, {player}, {bet}); input_slip: the order
 *  that matches (to[i] = given[permutation[i]]) or the field changed; `chance` when what was
 *  shown says too little for the slip to be a fact (it could match by chance among the
 *  slips tried: a win/loss, a colour), so no surface leads with it. */
export type DiagnosisWhere =
  | { key: string; item: string; from: Record<string, number>; at: Record<string, number>; order: string[] }
  | { permutation: number[]; chance?: boolean }
  | { key: string; index?: number; chance?: boolean };

/** What a pending report asks to walk (ChainWalker's constructor takes it). */
export interface WalkRequest { hash: string; terminal: string; maxSteps: number }
export interface WalkOutcome { steps: number; found: boolean; remembered?: { round: number; links: number } }

/** One record of a batch: its status and its report, or its error as data. */
export interface BatchItem { status: 'pass' | 'fail' | 'unchecked' | 'invalid'; name: unknown; report?: Report; error?: ErrorDetail }
/** The batch's verdict by the core's one rule (fail > invalid > unchecked > pass) and its exit status. */
export interface BatchSummary {
  verdict: 'pass' | 'fail' | 'unchecked' | 'invalid'; exit: 0 | 1 | 2 | 3;
  count: number; pass: number; fail: number; unchecked: number; invalid: number;
}
export interface Batch { verify(record: object | string | Uint8Array): BatchItem; summary(): BatchSummary; free(): void }

/** The core's one chain walker, advanced by the caller in slices: a report's `walk`
 *  request (chainWalker), or a chain record's whole history (historyWalker). */
export interface ChainWalker {
  /** Walks up to n more links (never past maxSteps); true once done. */
  advance(n: number): boolean;
  readonly done: boolean;
  readonly found: boolean;
  readonly linksWalked: number;
  readonly maxSteps: number;
  readonly viaMemory: boolean;
  /** What verify(record, {walk}) takes. */
  outcome(): WalkOutcome;
  /** What to remember once found: {hashes (32 bytes each), rounds}, oldest first
   *  (a history's: the positions historyPage jumps from). */
  checkpoints(): { hashes: Uint8Array; rounds: Float64Array };
  /** verifier.js only, a history walker: the counts of the rounds walked so far
   *  (null for a record's walk). */
  summary?(): object | null;
  free(): void;
}

export interface Report {
  scheme: string;
  verdict: Verdict;
  checks: Check[];
  differences?: Difference[];
  differenceCount?: number;
  /** What `played` left out (a shorter list): not compared, never a difference. */
  notShown?: { key: string; path: string; from: number | string; count: number }[];
  /** SPEC hints: a likely mistake of whoever filled the record in (or, for the
   *  terminal hints, what a chain check does not prove). */
  hints?: Hint[];
  /** SPEC "When what was shown differs": present when a fail rests only on `played`;
   *  empty when nothing explains the difference. */
  diagnosis?: Diagnosis[];
  /** The facts of each `diagnosis` entry in the game's terms, at the same index. */
  diagnosisWhere?: DiagnosisWhere[];
  /** Fields to ask the operator for, when unchecked. */
  missing?: string[];
  /** While a chain walk is pending: what to walk. */
  walk?: WalkRequest;
  /** The record's primary commitment (what a table badge shows), lowercase. */
  fingerprint?: string;
  /** SPEC's exit status of the verdict (0 pass, 1 fail, 3 unchecked); absent while checking. */
  exit?: 0 | 1 | 3;
  /** The kind of proof the verdict rests on. */
  proof: 'chain' | 'bets' | 'partial' | 'seeds' | 'seed';
  /** Whether a commitment check (something published before the game) held. */
  commitmentHeld: boolean;
  /** The record's fields of role id, client or setting that it gives: what a pass does not prove. */
  unproven: string[];
  /** The record's `played`, as given. */
  played?: Record<string, unknown>;
  /** The record's `played` as the core read it (the page's core only): each value in the
   *  recomputation's own representation (card numbers, two dice, cells, hundredths' text,
   *  a colour as a boolean), `null` where nothing was entered. */
  playedRead?: Record<string, unknown>;
  /** With bets (dice, mines): each bet's recomputation, its own `selected` (dice) and its `status`:
   *  fail (its played differs), pass (its played was compared and the record passed), recomputed. */
  bets?: ({ nonce: number; gameSeed: string; status: 'pass' | 'fail' | 'recomputed'; selected?: number[] } & Record<string, unknown>)[];
  /** The scheme's result keys (deck, deals, round, multiplier, bets…). */
  [result: string]: unknown;
}

export interface VerifyError extends Error {
  name: 'VerifyError';
  code: string;
  field: string;
  /** `field` as segments (`bets[3].nonce` → ['bets', 3, 'nonce']); verifier.js and the page only. */
  path?: (string | number)[];
  params?: Record<string, unknown>;
}

export interface VerifyOptions {
  /** 'pending': leave the chain walk to the caller (the report says what, in `walk`); a ChainWalker's outcome(). */
  walk?: 'pending' | WalkOutcome;
  /** The fingerprint a badge showed before the game (64 hex): adds the check shownOk. */
  shown?: string;
}

export interface SchemeDescriptor {
  id: string;
  label: string;
  help: string;
  chain: boolean;
  /** The chain game has a whole-chain history (historyWalker); false in the widget's core. */
  history?: boolean;
  cards?: 'rank_major' | 'value_major' | '';
  /** `seats`: the message-key prefix of seat names ('' where none); `family`: the game players pick. */
  /** `sortedHands`: hands are shown sorted by suit by default. */
  games: { id: string; label: string; players: number; seats: string; family: string; sortedHands: boolean }[];
  /** `required`: always; `unless` X: unless X is given; `insteadOf` X: exactly one of them; `with` X: both or neither.
   *  `min`/`max` bound an int (each item of a numbers list); `maxField`: at most that field's value. */
  fields: { name: string; kind: string; required: boolean; unless?: string; insteadOf?: string; with?: string;
    role?: string; primary?: boolean; label: string; help: string; min?: number; max?: number; maxField?: string;
    minItems?: number; maxItems?: number; options?: (string | number)[]; games?: string[]; empty?: 'null' | 'keep' }[];
  results: { key: string; item: string; patterns: string[] }[];
  /** The values each bounded item of `results` takes (the core's one table: a die 1–6, a
   *  mine's cell 1–25, a platform 1–25, a tile 0–143, a card 0–51). */
  items?: Record<string, { min: number; max: number }>;
  terminals?: { name: string; hash: string }[];
}

/** A record's recipe: the operator's own code with its values (`text`), to run as `command`. */
export interface Recipe { scheme: string; language: 'node' | 'python' | 'go'; file: string; command: string; text: string }

export interface FairVerifierApi {
  /** Throws VerifyError for a record that cannot be checked. */
  verify(record: object | string, options?: VerifyOptions): Report;
  /** A walker for a pending report's `walk`, from remembered positions if given. */
  chainWalker(request: WalkRequest, memory?: { hashes: Uint8Array; rounds: Float64Array }): ChainWalker;
  schemes(): SchemeDescriptor[];
  /** verifier.js only (the widget's smaller core leaves these out); each throws VerifyError. */
  verifyBytes?(bytes: Uint8Array, options?: VerifyOptions): Report;
  decodeFile?(bytes: Uint8Array): string;
  /** What a pasted text or a file's bytes is (bytes come back decoded as `text`). */
  classify?(input: string | Uint8Array, options?: { scheme?: string }): { kind: 'empty' | 'record' | 'records' | 'rounds' | 'bets' | 'unknown' | 'error'; [key: string]: unknown };
  /** Dice or mines bets pasted as lines, read. */
  betLines?(text: string, options?: { game?: 'dice' | 'mines'; prefer?: 'dice' | 'mines' }): { ok: boolean; [key: string]: unknown };
  splitRecords?(text: string): { kind: 'empty' | 'one' | 'many'; items: { name: unknown; line: number | null; text: string }[] };
  checkRounds?(game: string, text: string, options?: { terminal?: string; maxSteps?: number; walk?: 'pending' | WalkOutcome }): object;
  Batch?(): Batch;
  /** A chain record's whole history: a ChainWalker whose outcome() also holds `summary`. */
  historyWalker?(record: object | string): ChainWalker;
  /** The record as a script in the operator's own language (node, python, go) that
   *  recomputes it with the operator's published code; `words`: the recipe.* texts
   *  of its comments (from `catalogs`). */
  recipe?(record: object | string, words?: Record<string, string> | null): Recipe;
  /** A round history (as checkRounds takes it) as one Go script looping over its rounds. */
  recipeRounds?(game: string, text: string, options?: { terminal?: string; maxSteps?: number } | null, words?: Record<string, string> | null): Recipe;
  /** verifier.js only: the largest record, in bytes, that verify takes. */
  maxRecordBytes?(): number;
  /** verifier.js only: the embedded golden cases. */
  selfTest?(): { passed: number; failed: number; failures: string[] };
  /** verifier.js only: the message catalogs. */
  catalogs?: Record<string, Record<string, unknown>>;
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
export interface ErrorDetail { code: string; field: string; message: string; params?: Record<string, unknown>; /** `field` as segments, when the core made the error. */ path?: (string | number)[] }

export interface MountOptions {
  commitment?: string;
  record?: object | string;
  label?: string;
  page?: string;
  lang?: string;
  remember?: 'off';
  worker?: 'off';
}

/** <fair-verify commitment record label page lang remember worker>. Defined one frame
 *  after the script runs (`customElements.whenDefined('fair-verify')`, before `ready`);
 *  a `record` set earlier is verified then. */
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
