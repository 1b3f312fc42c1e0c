// The types the drawings read (`// @ts-check`, strict: tsconfig.strict.json), from the
// core's published declarations (www/widget/fairverify.d.ts, shipped as
// pkg/fairverify.d.ts).
import type { Report as CoreReport, SchemeDescriptor, VerifyError } from '../widget/fairverify';

export type { Check, Difference, Hint, Diagnosis, DiagnosisWhere, SchemeDescriptor } from '../widget/fairverify';

/** A report as the drawings read it: the core's `Report`. Its result keys (deck,
 *  deals, multiplier, bets, …) differ by scheme and are read by that scheme's drawing
 *  as the scheme's SPEC section gives them. */
export type Report = CoreReport & { [result: string]: any };

/** The descriptor a drawing gets (a stand-in with no games when none is known). */
export type Desc = Pick<SchemeDescriptor, 'chain' | 'cards' | 'games'> & Partial<SchemeDescriptor>;

/** One game of a descriptor. */
export type Game = SchemeDescriptor['games'][number];

/** What `report()` hands the drawings beside the report. */
export interface Ctx {
  r: Report;
  desc: Desc;
  game: string | undefined;
  /** Marks the differences inside a drawn subtree. */
  mark?: (root: Element) => void;
  /** Text only (the CLI): sentences as strings, no elements. */
  plain?: boolean;
}

/** An error as the renderers get it: a VerifyError, or the same as data. */
export type ErrorLike = Partial<Pick<VerifyError, 'code' | 'field' | 'message'>> & { params?: Record<string, any> } | null | undefined;

/** A message's parameters. */
export type Params = Record<string, any>;

/** A hint as the sentences read it: its code and whatever its kind carries (see `Hint`). */
export type HintLike = { code: string; [k: string]: any };

/** A check as the sentences read it (`Check`, with its params read by name). */
export type CheckLike = import('../widget/fairverify').Check & { params: Record<string, any>; cancelled?: boolean };

/** A diagnosis entry as the sentences read it (see `Diagnosis`). */
export type DiagnosisLike = { code: string; [k: string]: any };

/** A diagnosis entry's facts (`diagnosisWhere`, see `DiagnosisWhere`), read by name. */
export type WhereLike = Record<string, any>;

/** A diagnosis entry with its facts. */
export interface Diagnosed { d: DiagnosisLike; where: WhereLike }

/** Words of a history's view (src/history/view.rs): a message id and typed params. */
export interface ViewWords { key: string; params?: Record<string, ViewValue> }
/** A typed value of a history's view: a count, an id, or an object saying how to write it. */
export type ViewValue = number | string | null | undefined | { share: number | null } | { decimal: string }
  | { threshold: string } | { about: number | null } | ViewWords;
/** A history's generic view (src/history/view.rs `view`). */
export interface HistoryView {
  heading: string;
  head: ViewWords;
  facts: ViewWords[];
  table: { columns: string[]; rows: ViewValue[][] };
  chart: null | {
    kind: 'bars' | 'shares'; title: string; xLabel: string; yLabel: string; expected: string;
    bins: { label: ViewValue; x?: number; count: ViewValue; observed: number; expected: number }[];
  };
  test?: { chiSquare: number; degreesOfFreedom: number; pValue: number | null; smallSample: boolean };
  data: Record<string, unknown>;
  caveat: string;
}
/** A history's summary (a chain walker's `summary()`, `betsHistory()`): its figures and `view`. */
export interface HistorySummary { rounds?: number; view: HistoryView; [figure: string]: unknown }

/** The words and numbers a chart is drawn with. */
export interface ChartWords {
  title: string; xLabel: string; yLabel: string; counted: string; expected: string;
  fmtY: (y: number) => string; dir?: string;
}

/** A difference as the drawings read it (`Difference`, and a set's `shownOnly` and
 *  `computedOnly` where a hand, a board or a roll differs as a whole). */
export type DifferenceLike = import('../widget/fairverify').Difference & {
  set?: boolean; shownOnly?: unknown[]; computedOnly?: unknown[]; at: Record<string, any>;
};

/** A poker leaf's climb to the committed root (SPEC §3, the report's `leafClimbs`). */
export interface LeafClimb {
  position: number; card: number; hashes: string[]; rootOk: boolean;
  place: { kind: 'hole' | 'board' | 'deck'; player?: number; seat?: unknown };
}
