// The command-line interface of verifier.js (Node): `node verifier.js --help`.
// `api` is the FairVerifier object (verify, verifyText, selfTest, version, wasmSha256, wasmBytes).

const help = (VERSION) => `fairverify ${VERSION}: offline provably-fair verifier (no network)

Usage:
  node verifier.js RECORD.json     verify one record (a JSON file; "-" reads standard input)
  node verifier.js --jsonl         read JSON lines from standard input: each a bare record,
                                   or {"name": ..., "record": {...}}; write one line each:
                                   {"name": ..., "result": REPORT or {"error": {...}}}.
                                   A bad line never stops the run.
  node verifier.js --self-test     run the embedded golden cases (one per scheme)
  node verifier.js --version       print the version and the SHA-256 of the embedded wasm
  node verifier.js --help          this text

Exit codes (single record): 0 pass, 1 fail (a check did not hold), 2 invalid input;
an invalid record prints {"error": {"code", "field", "message"}}.
--jsonl exits 0 when every line was read (whatever the verdicts).

In a browser: <script src="verifier.js"></script>, then FairVerifier.verify(record).`;

export function cli(argv, api) {
  const VERSION = api.version;
  const verifyText = api.verifyText;
  const HELP = help(VERSION);
  const fs = require('fs');
  const out = (s) => process.stdout.write(s + '\n');
  const arg = argv[0];
  if (arg === undefined || arg === '--help' || arg === '-h') {
    out(HELP);
    process.exitCode = arg === undefined ? 2 : 0;
    return;
  }
  if (arg === '--version') {
    out(`fairverify ${VERSION}\nwasm sha256 ${api.wasmSha256} (${api.wasmBytes} bytes)`);
    return;
  }
  if (arg === '--self-test') {
    const r = api.selfTest ? api.selfTest() : { passed: 0, failed: 1, failures: ['no self-test built in'] };
    for (const f of r.failures) out('FAIL ' + f);
    out(`self-test: ${r.passed} passed, ${r.failed} failed`);
    out(r.failed === 0 ? 'self-test passed' : 'SELF-TEST FAILED: do not trust results from this verifier');
    process.exitCode = r.failed === 0 ? 0 : 1;
    return;
  }
  if (arg === '--jsonl') {
    const lines = fs.readFileSync(0, 'utf8').split(/\r?\n/);
    const chunks = [];
    for (const line of lines) {
      if (line.trim() === '') continue;
      let name = null;
      let recordText = line;
      try {
        const v = JSON.parse(line);
        if (v && typeof v === 'object' && !Array.isArray(v) && 'record' in v && !('scheme' in v)) {
          name = v.name === undefined ? null : v.name;
          recordText = JSON.stringify(v.record === undefined ? null : v.record);
        }
      } catch (e) {
        // Not JSON: verifyText reports it as bad_json for this line only.
      }
      const res = JSON.parse(verifyText(recordText));
      const result = res.report !== undefined ? res.report : { error: res.error };
      chunks.push(JSON.stringify({ name, result }));
      if (chunks.length >= 256) { process.stdout.write(chunks.join('\n') + '\n'); chunks.length = 0; }
    }
    if (chunks.length) process.stdout.write(chunks.join('\n') + '\n');
    return;
  }
  let text;
  try {
    text = fs.readFileSync(arg === '-' ? 0 : arg, 'utf8');
  } catch (e) {
    out(JSON.stringify({ error: { code: 'io_error', field: '', message: `cannot read ${arg}: ${e.message}` } }));
    process.exitCode = 2;
    return;
  }
  const res = JSON.parse(verifyText(text));
  if (res.error) {
    out(JSON.stringify({ error: res.error }, null, 2));
    process.exitCode = 2;
    return;
  }
  out(JSON.stringify(res.report, null, 2));
  process.exitCode = res.report.verdict === 'pass' ? 0 : 1;
}
