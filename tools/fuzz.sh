#!/usr/bin/env bash
# ./build.sh fuzz [seconds]: runs every cargo-fuzz target for the given time (default
# 60 s each), seeded from the conformance vectors. A crash is copied into
# tests/fuzz_regressions/ (where `cargo test` replays it forever) and fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${1:-60}
rustup toolchain list | grep -q nightly || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
corpus=fuzz/corpus
mkdir -p "$corpus"/{record_json,scheme_fields,played,round_history}
# Seeds: every vector record, as text and as "scheme byte + fields".
# The pick byte's scheme order comes from the core (harness.rs `scheme_ids`).
cargo run --quiet --release --example schemes -- --ids > fuzz/scheme_ids.json
python3 - <<'PY'
import glob, hashlib, json, os
schemes = json.load(open("fuzz/scheme_ids.json"))
for f in sorted(glob.glob("tests/vectors/*.jsonl")):
    for line in open(f):
        if not line.strip():
            continue
        rec = json.loads(line)["record"]
        if rec.get("maxSteps", 0) > 20000 or rec.get("history", 0) > 2000:
            continue
        text = json.dumps(rec).encode()
        name = hashlib.sha1(text).hexdigest()
        open(f"fuzz/corpus/record_json/{name}", "wb").write(text)
        pick = schemes.index(rec["scheme"]) if rec.get("scheme") in schemes else 0
        open(f"fuzz/corpus/scheme_fields/{name}", "wb").write(bytes([pick]) + text)
        if rec.get("scheme") == "crash":
            open(f"fuzz/corpus/round_history/{name}", "wb").write(b"\x00" + rec["hash"].encode() + b",1.00\n")
open("fuzz/corpus/played/seed", "wb").write(b'\x01{"deals": [[[1,2],[3]]], "seats": [0]}')
PY
status=0
for t in record_json scheme_fields played round_history; do
  echo "== fuzz $t for ${SECS}s"
  if ! cargo +nightly fuzz run "$t" "$corpus/$t" -- -max_total_time="$SECS" -rss_limit_mb=4096 -timeout=20 2>&1 \
      | tee "fuzz/$t.log" | grep -E "SUMMARY|panicked" ; then
    :
  fi
  grep -E "Done [0-9]+ runs" "fuzz/$t.log" || true
  for a in fuzz/artifacts/$t/crash-* fuzz/artifacts/$t/timeout-* fuzz/artifacts/$t/oom-*; do
    [ -e "$a" ] || continue
    mkdir -p tests/fuzz_regressions/$t
    cp "$a" "tests/fuzz_regressions/$t/$(basename "$a")"
    echo "FOUND: $a (copied to tests/fuzz_regressions/$t/)"
    status=1
  done
done
exit $status
