// The shapes of the one client protocol (`// @ts-check`, strict: tsconfig.strict.json),
// declared once: the jobs the client sends (www/verify/client.js), what the worker's
// side answers (www/verify/serve.js, www/verify/tasks.js), the context a task runs in,
// and the remembered positions (www/verify/store.js). From the core's published
// declarations (www/widget/fairverify.d.ts).
import type {
  BatchSummary, ChainWalker, ErrorDetail, FairVerifierApi, Report, VerifyOptions, WalkOutcome, WalkRequest,
} from '../widget/fairverify';

export type { ChainWalker, ErrorDetail, Report, VerifyOptions, WalkOutcome, WalkRequest };

/** The core as a client or a worker is given it (verifier.js's, the badge's smaller
 *  one, or a test's stand-in): the tasks call only what it has (see `Api`). */
export type AnyCore = object;

/** The core as the tasks call it: verifier.js's (every call) or the badge's smaller
 *  core (it runs only `verify`: the calls it lacks are never made on it). A round
 *  history's answers are read by name (`walk`, `summary.chain`). */
export type Api = Required<Omit<FairVerifierApi, 'checkRounds' | 'chainWalker' | 'splitRecords'>> & {
  /** verify in steps (the core's Verification; www/verify/walk.js verifyInSteps). */
  verification(record: object | string, options?: VerifyOptions): Verification;
  /** `memory`: null when none is remembered. */
  chainWalker(request: WalkRequest, memory?: Positions | null): ChainWalker;
  checkRounds(game: string, text: string, options?: { terminal?: string; walk?: 'pending' | WalkOutcome }): any;
  /** A list of bets' spread of results (the page's core only). */
  betsHistory(record: object | string, report: Report): unknown;
  /** The records of a text, or the error of one with too many. */
  splitRecords(text: string): { kind: 'empty' | 'one' | 'many' | 'error'; items: { name: unknown; line: number | null; text: string }[]; error?: ErrorDetail };
  /** 'js' for the build without WebAssembly; absent: 'wasm'. */
  engine?: string;
};

/** The core's verification in steps: advance(n) does at most n bets' work and is
 *  true once done; report() is verify's report (or throws its error). */
export interface Verification {
  advance(n: number): boolean;
  readonly steps: number;
  readonly total: number;
  report(): Report;
  free(): void;
}

/** Remembered positions in the walker's form: 32 bytes a hash, oldest first. */
export interface Positions { hashes: Uint8Array; rounds: Float64Array }

/** A position as the store keeps it: [hash hex, round]. */
export type Entry = [string, number];

/** A store of remembered positions (www/verify/store.js chainStore), as the client uses it. */
export interface Store {
  recall(terminal: string): Positions | null;
  keep(terminal: string, found: Positions | null, more?: Entry[]): void;
}

/** A walk's progress: links walked of at most `maxSteps`, milliseconds since it began. */
export interface Progress { steps: number; maxSteps: number; elapsed: number }

/** What a record is given as. */
export interface Input { record?: object | string; text?: string; bytes?: Uint8Array }

/** The jobs the client sends (each a task of www/verify/tasks.js). */
export type Job =
  | { type: 'verify'; id: number; input: Input; options?: VerifyOptions; full: boolean }
  | { type: 'rounds'; id: number; game: string; text: string; terminal?: string; full: boolean }
  | { type: 'history'; id: number; record: object | string; round: number }
  | { type: 'batch'; id: number; text?: string; bytes?: Uint8Array }
  | { type: 'call'; id: number; method: string; args: unknown[] }
  | { type: 'warm'; id: number }
  | { type: 'about'; id: number }
  | { type: 'digest'; id: number; text: string };

/** A job's kind. */
export type JobType = Job['type'];

/** A job as the caller gives it: the client adds its `id`. */
export type JobBody = Job extends infer J ? (J extends Job ? Omit<J, 'id'> : never) : never;

/** The client's other messages: the positions a `recall` asked for, a job to stop. */
export type Control = { type: 'memory'; id: number; memory: Positions | null } | { type: 'cancel'; id: number };

/** Every message to the worker's side. */
export type ToWorker = Job | Control;

/** What a walk leaves to show and remember (tasks.js walkView; never the walker). */
export interface WalkView { request: WalkRequest; linksWalked: number; viaMemory: boolean; checkpoints: Positions | null }

/** Every message from the worker's side. `done` carries the job's result. */
export type Answer =
  | ({ type: 'progress'; id: number } & Progress)
  | { type: 'pending'; id: number; report?: Report; data?: any }
  | { type: 'recall'; id: number; terminal: string }
  | { type: 'error'; id: number; error: ErrorDetail }
  | ({ type: 'done'; id: number } & Result);

/** A job's result, as a `done` message carries it and the client resolves it:
 *  {report, walk, betsSpread} / {data, walk} / {kind, …} / {value} / {summary, …},
 *  or {error} (the core's error as data). The core's answers the page reads by name
 *  (`data`, `item`, `results`, `summary`, `value`: each job's own) are not typed here. */
export interface Result {
  report?: Report;
  data?: any;
  walk?: WalkView | null;
  betsSpread?: { value?: any; error?: ErrorDetail };
  kind?: string;
  item?: any;
  results?: any[];
  /** A batch's verdict (BatchSummary), or a chain history's counts. */
  summary?: any;
  positions?: Positions | null;
  linksWalked?: number;
  elapsed?: number;
  value?: any;
  error?: ErrorDetail;
}

/** The context a task runs in (serve.js): the core, where answers go, the pause
 *  between slices of work (it posts progress, yields, throws when cancelled), the
 *  remembered positions of a terminal, and on a page's own thread how long a slice is. */
export interface TaskCtx {
  api: Api;
  sliceMs: number;
  post(answer: Answer): void;
  tick(progress?: Progress): Promise<void> | undefined;
  recall(terminal: string): Promise<Positions | null>;
}

/** The job of kind `K`. */
export type JobOf<K extends JobType> = Extract<Job, { type: K }>;

/** The tasks a worker runs, by kind (PAGE_TASKS, VERIFY_TASKS). */
export type Tasks = { [K in JobType]?: (ctx: TaskCtx, m: JobOf<K>) => Promise<void> };

/** What the client's caller gives with a job. */
export interface RunOptions {
  onProgress?: (m: Progress) => void;
  onPending?: (reportOrData: any) => void;
  store?: Store | null;
  /** Aborted: this job alone is cancelled and resolves null. */
  signal?: AbortSignal;
  /** Long from the start (a batch, a history). */
  long?: boolean;
  /** A job no cancel() stops. */
  background?: boolean;
  /** verify's core options; walk the whole way. */
  options?: VerifyOptions;
  full?: boolean;
}

/** What a walk answers (walk.js walkChain): the core's outcome, what to remember
 *  once found, links walked, whether from remembered positions, milliseconds. */
export interface Walked {
  outcome: WalkOutcome & { summary?: any };
  checkpoints: Positions | null;
  linksWalked: number;
  viaMemory: boolean;
  elapsed: number;
}

/** walkChain's options. */
export interface WalkOptions {
  between?: (progress: Progress) => Promise<void> | undefined;
  sliceMs?: number;
  history?: boolean;
}
