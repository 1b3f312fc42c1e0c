// The --help text (English: it documents the command line itself, whose options and
// keys are English words whatever the language of the results).

export const helpText = (version, maxBytes) => `fairverify ${version}: offline provably-fair verifier (no network)

Usage:
  node verifier.js FILE...         verify each record (a JSON file: a record or {"name", "record"};
                                   "-" reads standard input)
  node verifier.js --jsonl         verify JSON lines from standard input as they arrive: each
                                   a bare record or {"name": ..., "record": {...}}; one line
                                   out for each non-blank line in:
                                   {"line": N, "name": ..., "result": REPORT or {"error": {...}}}
                                   (N counts every input line from 1, blank ones included).
                                   A bad line never stops the run.
  node verifier.js --self-test     run the embedded golden cases (one per scheme)
  node verifier.js --version       print the version and the SHA-256 of the embedded wasm
  node verifier.js --help          this text

Options:
  --json         the JSON report (the default when the output is not a terminal). One
                 file: the report, or {"error": {"code", "field", "message", "params"}}.
                 Several files: one line each, {"file": FILE, "result": REPORT or {"error"}}.
  --human        the result for a person: verdict, checks, differences, hints (the default
                 at a terminal)
  --lang CODE    the language of --human output (else LC_ALL, LC_MESSAGES or LANG; English
                 when there is no catalog for it)

Input: files and standard input are read as bytes: UTF-8 (a leading byte-order mark
is skipped) or UTF-16 with a byte-order mark; invalid UTF-8 is an error (bad_utf8, with
the byte offset), never repaired. A record, or a --jsonl line, may be at most
${maxBytes} bytes (16 MiB; larger is too_large, refused before it is parsed).

Exit codes: 0 pass, 1 fail (a check did not hold or something shown differs),
2 invalid input (nothing could be checked), 3 unchecked (recomputed, but nothing the
operator published before the game was checked: not a pass).
With several files the exit code is the worst of them, in this order:
  2 invalid input > 1 fail > 3 unchecked > 0 pass.
--jsonl exits 0 once every line was read, whatever the verdicts (read them per line).

In a browser: <script src="verifier.js"></script>, then FairVerifier.verify(record).`;
