// Reading a record as bytes (never as text: the core decodes it strictly), with the
// size limit enforced while reading: a file larger than the limit is not read at
// all, and standard input is counted past the limit without being kept.
// Node's fs, looked up only when the CLI runs (verifier.js also loads in browsers).
import { errorValue } from '../core/errors.js';

const nodeFs = () => require('fs');

function ioError(name, e) {
  const reason = (e && e.code) || 'EIO';
  return errorValue('io_error', '', `cannot read ${name}: ${e && e.message}`, { file: name, reason });
}

/** Reads a stream to its end, or until it has given more than the limit (a device
 *  such as /dev/zero, or an endless pipe, never ends: issue 33) → {bytes} or {error}. */
async function readStream(stream, label, core) {
  const max = core.maxRecordBytes();
  const kept = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += chunk.length;
      // One byte past the limit is enough to refuse; the loop's exit closes the stream.
      if (size > max) break;
      kept.push(chunk);
    }
  } catch (e) {
    return { error: ioError(label, e) };
  }
  if (size > max) {
    if (typeof stream.destroy === 'function') stream.destroy();
    return { error: core.sizeError(size) };
  }
  return { bytes: Buffer.concat(kept, size) };
}

/**
 * Reads `name` (a path, or "-" for standard input) → {bytes} or {error}.
 * `core`: {sizeError, maxRecordBytes}.
 */
export async function readRecord(name, core, stdin = process.stdin) {
  if (name === '-') return readStream(stdin, 'standard input', core);
  let st;
  try {
    st = nodeFs().statSync(name);
  } catch (e) {
    return { error: ioError(name, e) };
  }
  if (st.isDirectory()) return { error: ioError(name, { message: 'it is a directory', code: 'EISDIR' }) };
  // A FIFO or a device has no size: read it bounded, like standard input.
  if (!st.isFile()) return readStream(nodeFs().createReadStream(name), name, core);
  const tooBig = core.sizeError(st.size);
  if (tooBig) return { error: tooBig };
  try {
    return { bytes: nodeFs().readFileSync(name) };
  } catch (e) {
    return { error: ioError(name, e) };
  }
}
