// The FairVerifier API over the wasm engine. Every call that can fail throws a
// VerifyError ({code, field, params, message}), the core's one convention.
import { call } from './engine.js';
import { coreCalls } from './calls.js';
import { ready, wasmBytes, wasmSha256 } from './wasm.js';
import { VERSION } from 'fv:build';

const core = coreCalls(call);
export const { verify, verification, chainWalker, schemes } = core;

/** What only the page's and the CLI's core carry (their entries pass it to
 *  createApi; the badge's bundle leaves it out). */
export const fullCalls = {
  /** verifyBytes(Uint8Array, options?): a record's bytes (a file) decoded by the
   *  core (the size limit first, a BOM skipped, UTF-16, strict UTF-8) → its report. */
  verifyBytes: (bytes, options) => call((en) => en.verifyBytes(bytes, options)),
  /** decodeFile(Uint8Array): a file's bytes as text, decoded as records are. */
  decodeFile: (bytes) => call((en) => en.decodeFile(bytes)),
  /** classify(text | Uint8Array, options?): what a pasted text or a file's bytes is
   *  ({kind: 'empty' | 'record' | 'records' | 'rounds' | 'bets' | 'unknown' | 'error',
   *  …}; bytes are decoded first and their text comes back as `text`). `options`:
   *  {scheme?}, the form's, which decides between readings that fit several games. */
  classify: (input, options) => call((en) => en.classify(input, options)),
  /** betLines(text, options?): dice or mines bets pasted as lines, read: {ok: true,
   *  game, bets, count, columns, ignored, header, separator, selection} or {ok: false,
   *  game?, error: {code, line?, value?}}. `options`: {game?, prefer?}. */
  betLines: (text, options) => call((en) => en.betLines(String(text), options)),
  /** splitRecords(text): {kind: 'empty' | 'one' | 'many' | 'error', items: [{name, line, text}], error?}
   *  ('error': more records than one text may hold, out_of_range with maxItems). */
  splitRecords: (text) => call((en) => en.splitRecords(String(text))),
  /** checkRounds(game, text, options?): a round history → {game, verdict, summary,
   *  rows, walk?}. `options`: {terminal?, maxSteps?, walk?}. */
  checkRounds: (game, text, options) => call((en) => en.checkRounds(String(game), String(text), options)),
  /** A batch of records with the one batch rule: new Batch(); .verify(input) →
   *  {status, name, report | error}; .summary() → {verdict, exit, count, pass, fail,
   *  unchecked, invalid}. */
  Batch: function Batch() { return call((en) => new en.Batch()); },
  /** The whole history of a chain record (a scheme whose descriptor has `history`,
   *  with its `terminal`): the core's one ChainWalker (`ChainWalker.history`), whose
   *  walk counts every round it passes; outcome() → {…, steps, found, summary},
   *  summary() the counts, checkpoints() {hashes, rounds} for historyPage. The one
   *  walk loop over it is www/verify/walk.js (`{history: true}`). */
  historyWalker: (record) => call((en) => en.ChainWalker.history(record)),
  /** historyPage(record, round, positions, from, count): rounds from … from − count + 1
   *  of the record's chain (its hash proven to be `round`), newest first, walked from
   *  the nearest proven position ({hashes, rounds}, a history walker's checkpoints()). */
  historyPage: (record, round, positions, from, count) => call((en) => en.historyPage(record, round,
    positions ? positions.hashes : undefined, positions ? positions.rounds : undefined, from, count)),
  /** betsHistory(record, report): a dice or mines `bets` record's faces or cells
   *  against uniform, with a chi-square test. */
  betsHistory: (record, report) => call((en) => en.betsHistory(record, report)),
  /** recipe(record, words): the record as a script in the operator's own language
   *  that recomputes it with the operator's published code → {scheme, language, file,
   *  command, text}; `words`: the recipe.* texts of its comments (www/i18n/recipe.js). */
  recipe: (record, words) => call((en) => en.recipe(record, words)),
  /** recipeRounds(game, text, options?, words?): a round history (as checkRounds
   *  takes it) as one Go script looping over its rounds → {scheme, language, file,
   *  command, text}. */
  recipeRounds: (game, text, options, words) => call((en) => en.recipeRounds(String(game), String(text), options, words)),
  /** checkSize(bytes): throws too_large when a record that long would be refused. */
  checkSize: (size) => call((en) => en.checkSize(size)),
  maxRecordBytes: () => call((en) => en.maxRecordBytes()),
};

/** The public object (FairVerifier). `calls`: what this core carries besides verify,
 *  chainWalker and schemes (`fullCalls`, or nothing for the badge's smaller core). `explain(error)`: a message for errors from a core without sentences.
 *  (Its entries add their own calls: selfTest, catalogs, engine.)
 *  @param {{calls?: object, explain?: (e: any) => string}} [opts]
 *  @returns {{[name: string]: any}} */
export function createApi({ calls = {}, explain } = {}) {
  const worded = (fn) => (explain ? (...args) => {
    try {
      return fn(...args);
    } catch (e) {
      if (e && !e.message) e.message = explain(e);
      throw e;
    }
  } : fn);
  return {
    verify: worded(verify),
    chainWalker: worded(chainWalker),
    verification: worded(verification),
    schemes: worded(schemes),
    ...calls,
    /** Only in ./build.sh bench's build (feature `bench`): n chain links through the
     *  kernel, or through the generic sha2 path; the last link. */
    get bench() {
      return call((en) => (en.benchChainKernel ? {
        kernel: (hash, n) => call((e) => e.benchChainKernel(hash, n)),
        generic: (hash, n) => call((e) => e.benchChainGeneric(hash, n)),
      } : undefined));
    },
    version: VERSION,
    /** Resolves once the wasm bytes are in hand (at once for verifier.js). */
    ready,
    isReady: () => wasmBytes() !== null,
    get wasmSha256() { return wasmSha256(); },
    get wasmBytes() { const b = wasmBytes(); return b ? b.length : 0; },
  };
}
