// --jsonl, streaming: standard input is read in chunks and split into lines on the
// newline byte; each line is verified by the core (from its bytes) as soon as it is
// complete, and the answers are written in batches with backpressure. Memory is
// bounded by the longest line: a line over the size limit is counted, not kept,
// and answered with `too_large`. Every answer carries its input line number
// (1-based, blank lines counted), so blank or bad lines never shift the numbering.
//
// Input is UTF-8 (a byte-order mark at the start is the core's to skip) or, when it
// starts with a UTF-16 byte-order mark, UTF-16: then lines end at the newline code
// unit and each line goes to the core with the mark in front, so the core decodes
// it. Nothing is decoded here.

import { jsonEscape } from './safe.js';
const FLUSH_BYTES = 64 * 1024; // write once this much output is waiting…
const FLUSH_MS = 100; // …or this long after the previous write

const BOM = { utf16le: Uint8Array.of(0xff, 0xfe), utf16be: Uint8Array.of(0xfe, 0xff) };
const BLANK = new Set([0x20, 0x09, 0x0d]);

function isBlank(bytes, mode) {
  if (mode === 'utf8') return bytes.every((b) => BLANK.has(b));
  const lo = mode === 'utf16le' ? 0 : 1;
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    if (!BLANK.has(bytes[i + lo]) || bytes[i + 1 - lo] !== 0) return false;
  }
  return bytes.length % 2 === 0;
}

/** [end of the line, start of the next] for the first newline at or after `start`, or null.
 *  In UTF-16 `start` is even and only a whole newline code unit counts. */
function newline(chunk, start, mode) {
  for (let i = chunk.indexOf(0x0a, start); i !== -1; i = chunk.indexOf(0x0a, i + 1)) {
    if (mode === 'utf8') return [i, i + 1];
    if (mode === 'utf16le' && (i - start) % 2 === 0 && chunk[i + 1] === 0) return [i, i + 2];
    if (mode === 'utf16be' && (i - start) % 2 === 1 && chunk[i - 1] === 0) return [i - 1, i + 1];
  }
  return null;
}

function sniff(head) {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf16be';
  return 'utf8';
}

const drained = (output) => new Promise((resolve) => output.once('drain', resolve));

/**
 * Runs the batch. `core`: {batch() (its line(bytes, n) and oversized(size, n) give
 * output lines; summary() the batch's verdict), maxRecordBytes()}. Resolves with
 * {lines, answered, summary} once input has ended and every answer has been handed
 * to `output`.
 */
export async function runJsonl(core, input = process.stdin, output = process.stdout) {
  const max = core.maxRecordBytes();
  const batch = core.batch();
  let mode = null; // decided by the first two bytes
  let prefix = null; // the UTF-16 byte-order mark each line is handed on with
  let head = null; // the first bytes, until there are two to sniff
  let odd = null; // UTF-16: a last odd byte, carried to the next chunk
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

  const answer = (json) => {
    const text = jsonEscape(json);
    out.push(text, '\n');
    outLen += text.length + 1;
    answered++;
  };

  const room = () => max - (prefix ? prefix.length : 0);

  const keep = (piece) => {
    if (partLen + piece.length <= room()) parts.push(piece);
    else parts = [];
    partLen += piece.length;
  };

  // The current line ends with `piece` (the bytes after the previous newline).
  const endLine = (piece) => {
    lineNo++;
    const size = partLen + piece.length;
    const kept = size <= room();
    const pieces = kept ? [...(prefix ? [prefix] : []), ...parts, piece] : null;
    parts = [];
    partLen = 0;
    if (!kept) {
      answer(batch.oversized(size + (prefix ? prefix.length : 0), lineNo));
      return;
    }
    const bytes = pieces.length === 1 ? pieces[0] : Buffer.concat(pieces);
    if (!isBlank(prefix ? bytes.subarray(prefix.length) : bytes, mode)) answer(batch.line(bytes, lineNo));
  };

  const take = async (chunk) => {
    let start = 0;
    for (let nl = newline(chunk, 0, mode); nl !== null; nl = newline(chunk, start, mode)) {
      endLine(chunk.subarray(start, nl[0]));
      start = nl[1];
      if (outLen >= FLUSH_BYTES || Date.now() - lastWrite >= FLUSH_MS) await flush();
    }
    if (start < chunk.length) keep(chunk.subarray(start));
    await flush();
  };

  for await (let chunk of input) {
    if (mode === null) {
      head = head ? Buffer.concat([head, chunk]) : chunk;
      if (head.length < 2) continue;
      chunk = head;
      head = null;
      mode = sniff(chunk);
      if (mode !== 'utf8') {
        prefix = BOM[mode];
        chunk = chunk.subarray(2);
      }
    }
    if (mode !== 'utf8') {
      if (odd) chunk = Buffer.concat([odd, chunk]);
      odd = chunk.length % 2 ? chunk.subarray(chunk.length - 1) : null;
      if (odd) chunk = chunk.subarray(0, chunk.length - 1);
    }
    await take(chunk);
  }
  if (head) { // fewer than two bytes in all
    mode = 'utf8';
    keep(head);
  }
  if (odd) keep(odd); // an odd UTF-16 tail: the core says so
  if (partLen > 0) endLine(Buffer.alloc(0));
  await flush();
  return { lines: lineNo, answered, summary: batch.summary() };
}
