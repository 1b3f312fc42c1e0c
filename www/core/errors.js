// A VerifyError ({code, field, params, message}) and plain data, both ways: the
// core throws them, messages and results carry them as data.

/** `path`: the core's `field` as segments (`["bets", 3, "nonce"]`), when the core
 *  made the error.
 *  @typedef {Error & {code: string, field: string, params: {[name: string]: any}, path?: (string|number)[]}} VerifyError */

/** The one way JavaScript makes an error (a file it cannot read, JSON it cannot
 *  parse, no WebAssembly): the core's shape.
 *  @returns {VerifyError} */
export function verifyError(code, field, message, params, path) {
  const err = /** @type {VerifyError} */ (new Error(message));
  err.name = 'VerifyError';
  err.code = code;
  err.field = field || '';
  err.params = params || {};
  if (Array.isArray(path)) err.path = path;
  return err;
}

/** A thrown error as data, for a message or a result: the one place a
 *  VerifyError becomes plain data. */
export function errorData(e) {
  const d = {
    code: (e && e.code) || 'internal',
    field: (e && e.field) || '',
    params: (e && e.params) || {},
    message: String((e && e.message) || ''),
  };
  if (e && Array.isArray(e.path)) d.path = e.path;
  return d;
}

/** An error made in JavaScript, as data (`errorData(verifyError(…))`). */
export const errorValue = (code, field, message, params) => errorData(verifyError(code, field, message, params));

/** Data from errorData back into a thrown VerifyError. */
export const toVerifyError = (d) => verifyError(d.code, d.field, d.message, d.params, d.path);
