// --jsonl, streaming: standard input is read in chunks and split into lines on the
// newline byte; each line is verified by the core (from its bytes) as soon as it is
// complete, and the answers are written in batches with backpressure. Memory is
// bounded by the longest line: a line over the size limit is counted, not kept,
// and answered with `too_large`. Every answer carries its input line number
// (1-based, blank lines counted), so blank or bad lines never shift the numbering.

const NL = 0x0a;
const FLUSH_BYTES = 64 * 1024; // write once this much output is waiting…
const FLUSH_MS = 100; // …or this long after the previous write

function isBlank(bytes) {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== 0x20 && b !== 0x09 && b !== 0x0d) return false;
  }
  return true;
}

const drained = (output) => new Promise((resolve) => output.once('drain', resolve));

/**
 * Runs the batch. `core`: {verifyLine(bytes, n) → JSON text, sizeError(size) → error
 * object, maxRecordBytes()}. Resolves with {lines, answered} once input has ended
 * and every answer has been handed to `output`.
 */
export async function runJsonl(core, input = process.stdin, output = process.stdout) {
  const max = core.maxRecordBytes();
  let lineNo = 0;
  let answered = 0;
  let parts = []; // pieces of the current line (kept only while within the limit)
  let partLen = 0; // bytes of the current line so far, kept or not
  let out = [];
  let outLen = 0;
  let lastWrite = Date.now();

  const flush = async () => {
    lastWrite = Date.now();
    if (out.length === 0) return;
    const text = out.join('');
    out = [];
    outLen = 0;
    if (!output.write(text)) await drained(output);
  };

  const answer = (text) => {
    out.push(text, '\n');
    outLen += text.length + 1;
    answered++;
  };

  // The current line ends with `piece` (the bytes after the previous newline).
  const endLine = (piece) => {
    lineNo++;
    const size = partLen + piece.length;
    const kept = size <= max;
    const bytes = !kept ? null : parts.length === 0 ? piece : Buffer.concat([...parts, piece], size);
    parts = [];
    partLen = 0;
    if (!kept) {
      const err = core.sizeError(size);
      answer(JSON.stringify({ line: lineNo, name: null, result: { error: err } }));
    } else if (!isBlank(bytes)) {
      answer(core.verifyLine(bytes, lineNo));
    }
  };

  for await (const chunk of input) {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(NL, start);
      if (nl === -1) {
        const rest = chunk.subarray(start);
        if (partLen + rest.length <= max) parts.push(rest);
        else parts = [];
        partLen += rest.length;
        break;
      }
      endLine(chunk.subarray(start, nl));
      start = nl + 1;
      if (outLen >= FLUSH_BYTES || Date.now() - lastWrite >= FLUSH_MS) await flush();
    }
    await flush();
  }
  if (partLen > 0) endLine(Buffer.alloc(0));
  await flush();
  return { lines: lineNo, answered };
}
