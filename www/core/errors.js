// A VerifyError ({code, field, params, message}) and plain data, both ways: the
// core throws them, messages and results carry them as data. No imports: the
// badge's worker is made from errorData's own source text (www/widget/walker.js).

/** @typedef {Error & {code: string, field: string, params: {[name: string]: any}}} VerifyError */

/** @returns {VerifyError} */
export function verifyError(code, field, message, params) {
  const err = /** @type {VerifyError} */ (new Error(message));
  err.name = 'VerifyError';
  err.code = code;
  err.field = field || '';
  err.params = params || {};
  return err;
}

/** A thrown error as data, for a message or a result: the one place a
 *  VerifyError becomes plain data. */
export function errorData(e) {
  return {
    code: (e && e.code) || 'internal',
    field: (e && e.field) || '',
    params: (e && e.params) || {},
    message: String((e && e.message) || ''),
  };
}

/** Data from errorData back into a thrown VerifyError. */
export const toVerifyError = (d) => verifyError(d.code, d.field, d.message, d.params);
