// The core's byte entry points, reached through the engine's `call` (which turns a
// wasm trap into an `internal` error and drops the broken instance). Records are
// never parsed here: bytes go in, the core's JSON text comes out.
import { call } from '../core/engine.js';

function errorObject(e) {
  return { code: (e && e.code) || 'internal', field: (e && e.field) || '', message: String(e && e.message), params: (e && e.params) || {} };
}

/** A record's bytes → {report} or {error} (an object; the report is the core's JSON). */
export function verifyBytes(bytes) {
  try {
    return JSON.parse(call((en) => en.verifyBytes(bytes)));
  } catch (e) {
    return { error: errorObject(e) };
  }
}

/** One record line's bytes → the output line's JSON text {"line", "name", "result"}. */
export function verifyLine(bytes, line) {
  try {
    return call((en) => en.verifyLine(bytes, line));
  } catch (e) {
    return JSON.stringify({ line, name: null, result: { error: errorObject(e) } });
  }
}

/** The too_large error object for `size` bytes, or null when within the limit. */
export function sizeError(size) {
  try {
    const t = call((en) => en.sizeError(size));
    return t == null ? null : JSON.parse(t);
  } catch (e) {
    return errorObject(e);
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
