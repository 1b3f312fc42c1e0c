// verifier.js --jsonl as a stream: a closed output pipe ends the run quietly, memory
// stays flat over many lines, the first answer comes before the input ends, line
// numbers count every input line, an oversized line is refused without keeping it,
// and a wrapped record meets the same parser as a bare one (1e309).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { loadCases, runCli, VERIFIER, ROOT } from './helpers.mjs';

const cases = loadCases(path.join(ROOT, 'tests/vectors'));
const passing = cases.find((c) => c.record.scheme === 'dice' && c.expect.commitmentOk === true);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-stream-'));
const sh = (s) => `'${s.replace(/'/g, "'\\''")}'`;

/** Crash record lines `from` … `to - 1` (hash = the index in hex, 64 digits). */
function crashLines(from, to) {
  let s = '';
  for (let i = from; i < to; i++) s += `{"scheme":"crash","hash":"${i.toString(16).padStart(64, '0')}"}\n`;
  return s;
}

/** Writes `total` generated lines to `stream` with backpressure; stops quietly if it closes. */
async function feed(stream, total) {
  let closed = false;
  stream.on('error', () => { closed = true; });
  stream.on('close', () => { closed = true; });
  for (let i = 0; i < total && !closed; i += 10_000) {
    if (!stream.write(crashLines(i, Math.min(total, i + 10_000)))) {
      await new Promise((r) => { stream.once('drain', r); stream.once('close', r); });
    }
  }
  if (!closed) stream.end();
}

/** Runs a bash pipeline with `lines` generated crash lines on its standard input. */
function pipeline(script, lines) {
  return new Promise((resolve) => {
    const t = Date.now();
    const child = spawn('bash', ['-c', script], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    feed(child.stdin, lines);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - t }));
  });
}

test('1,000,000 lines through --jsonl | head -1 end in seconds, quietly', async () => {
  const err = path.join(dir, 'head.err');
  const r = await pipeline(
    `set -o pipefail; ${sh(process.execPath)} ${sh(VERIFIER)} --jsonl 2>${sh(err)} | head -1`, 1_000_000);
  const out = JSON.parse(r.stdout);
  assert.equal(out.line, 1);
  assert.equal(out.result.scheme, 'crash');
  assert.equal(fs.readFileSync(err, 'utf8'), '', 'no stack trace, no message');
  assert.equal(r.code, 0, 'a closed output pipe is not an error');
  assert.ok(r.ms < 10_000, `${r.ms} ms`);
});

test('300,000 lines through | wc -l: 300,000 answers at a peak memory under 200 MB', async (t) => {
  const timeOut = path.join(dir, 'time.txt');
  const haveTime = fs.existsSync('/usr/bin/time');
  const node = `${sh(process.execPath)} ${sh(VERIFIER)} --jsonl`;
  let peakKb = 0;
  let r;
  if (haveTime) {
    r = await pipeline(`/usr/bin/time -v -o ${sh(timeOut)} ${node} | wc -l`, 300_000);
    peakKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(fs.readFileSync(timeOut, 'utf8'))[1]);
  } else {
    // No GNU time (apt package `time`): sample the verifier's VmHWM (peak resident
    // set) from /proc while it runs.
    const done = pipeline(`${node} | wc -l`, 300_000);
    const poll = setInterval(() => {
      for (const p of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
        try {
          if (!fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(VERIFIER)) continue;
          const hwm = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
          if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
        } catch (e) { /* the process ended */ }
      }
    }, 20);
    r = await done;
    clearInterval(poll);
  }
  assert.equal(r.code, 0, r.stderr);
  assert.equal(Number(r.stdout.trim()), 300_000);
  t.diagnostic(`300,000 lines in ${r.ms} ms (${Math.round(300_000 / (r.ms / 1000))} lines/s), peak RSS ${Math.round(peakKb / 1024)} MB`);
  assert.ok(peakKb > 0, 'peak memory measured');
  assert.ok(peakKb < 200 * 1024, `peak RSS ${peakKb} kB`);
});

test('the first answer is written before standard input is closed', async () => {
  const child = spawn(process.execPath, [VERIFIER, '--jsonl'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdinOpen = true;
  const first = new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      if (buf.includes('\n')) resolve({ line: buf.slice(0, buf.indexOf('\n')), stdinOpen });
    });
    child.on('close', () => reject(new Error('ended before answering')));
    setTimeout(() => reject(new Error('no answer within 10 s')), 10_000).unref();
  });
  child.stdin.write('\n' + JSON.stringify({ name: 'first', record: passing.record }) + '\n');
  const got = await first;
  assert.equal(got.stdinOpen, true);
  const out = JSON.parse(got.line);
  assert.deepEqual([out.line, out.name, out.result.verdict], [2, 'first', 'pass']);
  stdinOpen = false;
  child.stdin.end(JSON.stringify(passing.record)); // a last line without a newline
  const rest = await new Promise((resolve) => {
    let s = '';
    child.stdout.on('data', (d) => { s += d; });
    child.on('close', (code) => resolve({ code, s }));
  });
  assert.equal(rest.code, 0);
  assert.equal(JSON.parse(rest.s).line, 3);
});

test('--jsonl: line numbers count blank lines; wrapped 1e309 is refused as a bare one', () => {
  const hash = 'a'.repeat(64);
  const bare = `{"scheme":"crash","hash":"${hash}","history":1e309}`;
  const input = [
    JSON.stringify(passing.record),
    '',
    '   \r',
    `{"name":"wrapped","record":${bare}}`,
    bare,
    `{"name":"ok","record":{"scheme":"crash","hash":"${hash}","history":2}}`,
    Buffer.from([0x7b, 0xff, 0x7d]).toString('latin1'),
  ].join('\n');
  const r = runCli(['--jsonl'], Buffer.from(input, 'latin1'));
  // Lines that cannot be read and none that fails: the batch is invalid input.
  assert.equal(r.code, 2);
  const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(out.map((o) => o.line), [1, 4, 5, 6, 7]);
  assert.equal(out[0].result.verdict, 'pass');
  assert.equal(out[1].result.error.code, 'bad_json');
  assert.equal(out[2].result.error.code, 'bad_json');
  assert.equal(out[3].name, 'ok');
  assert.equal(out[3].result.history.length, 2);
  assert.equal(out[4].result.error.code, 'bad_utf8');
  assert.equal(out[4].result.error.params.offset, 1);
});

test('--jsonl: a 40 MB line is too_large without being kept; the next line is answered', async () => {
  const timeOut = path.join(dir, 'time-big.txt');
  const big = path.join(dir, 'big.jsonl');
  const line = `{"scheme":"dice","pad":"${'x'.repeat(40_000_000)}"}`;
  fs.writeFileSync(big, `${line}\n${JSON.stringify(passing.record)}\n`);
  const haveTime = fs.existsSync('/usr/bin/time');
  const r = await pipeline(`${haveTime ? `/usr/bin/time -v -o ${sh(timeOut)} ` : ''}${sh(process.execPath)} ${sh(VERIFIER)} --jsonl < ${sh(big)}`, 0);
  const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(out.length, 2);
  assert.equal(out[0].result.error.code, 'too_large');
  assert.equal(out[0].result.error.params.size, line.length);
  assert.deepEqual([out[1].line, out[1].result.verdict], [2, 'pass']);
  if (haveTime) {
    const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(fs.readFileSync(timeOut, 'utf8'))[1]);
    assert.ok(kb < 150 * 1024, `peak RSS ${kb} kB for a 40 MB line`);
  }
});

/** Writes `bytes` to a fresh --jsonl run in pieces of 1 to 7 bytes, pausing now and
 *  then so that the verifier sees many small chunks; the parsed answers (the run
 *  exits with `exit`, the batch's verdict). */
async function dribble(bytes, exit = 2) {
  const child = spawn(process.execPath, [VERIFIER, '--jsonl'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (d) => { stdout += d; });
  const done = new Promise((resolve) => child.on('close', resolve));
  for (let i = 0, k = 0; i < bytes.length; k++) {
    const n = 1 + (k % 7);
    child.stdin.write(bytes.subarray(i, i + n));
    i += n;
    if (k % 50 === 0) await new Promise((r) => setTimeout(r, 2));
  }
  child.stdin.end();
  assert.equal(await done, exit);
  return stdout.trim().split('\n').map((l) => JSON.parse(l));
}

test('--jsonl: lines split across tiny chunks; UTF-16 input (with its BOM) is decoded line by line', async () => {
  const lines = [
    JSON.stringify({ name: 'é🎲', record: passing.record }),
    '',
    '{"scheme": "dice"}',
    JSON.stringify({ ...passing.record, clientSeed: '漢字' }),
  ];
  const text = lines.join('\r\n') + '\n';
  const want = runCli(['--jsonl'], text).stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(want.map((o) => o.line), [1, 3, 4]);
  assert.equal(want[0].name, 'é🎲');
  assert.equal(want[0].result.verdict, 'pass');
  assert.deepEqual(await dribble(Buffer.from(text)), want, 'UTF-8 in tiny chunks');
  const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  const be = Buffer.from(le).swap16();
  assert.deepEqual(await dribble(le), want, 'UTF-16LE');
  assert.deepEqual(await dribble(be), want, 'UTF-16BE');
  // A UTF-16 line with a lone surrogate is that line's bad_utf8; the others are answered.
  const bad = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('"a', 'utf16le'), Buffer.from([0x00, 0xd8]),
    Buffer.from('"\n' + lines[0] + '\n', 'utf16le')]);
  const out = await dribble(bad);
  assert.equal(out[0].result.error.code, 'bad_utf8');
  assert.deepEqual([out[1].line, out[1].result.verdict], [2, 'pass']);
});
