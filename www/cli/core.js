// The core as the CLI uses it, through the engine's `call` (which turns a wasm trap
// into an `internal` error and drops the broken instance). Records are never
// parsed here: bytes go in, the core's reports and errors come out. Every batch of
// records (several files, `--jsonl`) is judged by the core's one batch rule.
import { call } from '../core/engine.js';
import { errorData } from '../core/errors.js';

/** A batch (several files, or `--jsonl`): `verify(bytes)` → {report} | {error};
 *  `line(bytes, n)` / `oversized(size, n)` → an output line's JSON text;
 *  `unreadable()` for an input that could not be read; `summary()` → {verdict,
 *  exit, count, pass, fail, unchecked, invalid}. */
export function batch() {
  const b = call((en) => new en.Batch());
  return {
    verify(bytes) {
      const r = b.verify(bytes);
      return r.error ? { error: r.error } : { report: r.report };
    },
    line: (bytes, n) => b.line(bytes, n),
    oversized: (size, n) => b.oversized(size, n),
    unreadable: () => b.unreadable(),
    summary: () => b.summary(),
  };
}

/** The too_large error (as data) for `size` bytes, or null when within the limit. */
export function sizeError(size) {
  try {
    call((en) => en.checkSize(size));
    return null;
  } catch (e) {
    return errorData(e);
  }
}

/** The size limit per record in bytes (16 MiB). */
export function maxRecordBytes() {
  return call((en) => en.maxRecordBytes());
}

/** The scheme descriptors (result keys of each scheme), or [] if unavailable. */
export function schemes() {
  try {
    return call((en) => en.schemes());
  } catch (e) {
    return [];
  }
}
