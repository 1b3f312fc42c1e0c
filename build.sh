#!/usr/bin/env bash
# fairverify build script. Does all set-up on a fresh machine.
#   ./build.sh            build pkg/ (verifier.js, verifier.html, widget.js, fairverify.wasm,
#                         and for browsers without WebAssembly verifier-nowasm.html)
#   ./build.sh serve      build, then serve pkg/ on http://127.0.0.1:8080/ as a real origin would
#                         (content types for the manifests, icons and service worker: installable)
#   ./build.sh test       every test: unit, conformance (native + wasm), differential
#                         (NumPy, Go), CLI, reproducible build, browser (Chromium, and
#                         Firefox ESR and WebKitGTK in tests/browser/engines.test.mjs)
#   ./build.sh engines    build, then only the browser suite in the three engines
#                         (FV_ENGINES=chromium,firefox,webkit picks engines)
#   ./build.sh load       build, then the timing tests (FV_TIMING=1): load time at 4x CPU
#                         throttling (the page's longest task before its verdict, the
#                         badge's host frames) and every bound on time the gate does not
#                         hold (a frozen page, a 10,000-round table, the badge's frames;
#                         the three engines' bounds: FV_TIMING=1 ./build.sh engines)
#   ./build.sh bench      chain-walk speed ratios (native, wasm, Node, Chromium); the chain
#                         history's walk with outcomes against the bare walk; load time to
#                         verdict and longest task at 1x and 4x CPU throttling; the badge's
#                         start; the build without WebAssembly's walk speed and sizes
#   ./build.sh fuzz [S]   run every cargo-fuzz target for S seconds each (default 60)
#   ./build.sh flaky [N]  build once, then the browser suite (tests/browser/) N times
#                         (default 3) beside two busy loops that load the CPU; every
#                         failure with its test's name, a summary; exit 1 on any failure
#   ./build.sh recipes    build, then every vector's recipe (the operator's own code with its
#                         values) run with node, python3 with NumPy and go, against the core
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
WASM_BINDGEN_VERSION=$(grep -E '^wasm-bindgen *= *"=' Cargo.toml | sed -E 's/.*"=([^"]+)".*/\1/')
PORT=${PORT:-8080}
export CARGO_TERM_COLOR=never
# Reproducible wasm: no build paths inside the binary, whoever builds it and wherever.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--remap-path-prefix=$ROOT=/fairverify --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}=/cargo"

log() { printf '\n== %s\n' "$*" >&2; }

apt_install() {
  # Installs the named Debian packages that are missing (apt-get update once first).
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "apt-get install ${missing[*]}"
  local SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  # Another apt/dpkg may be running (unattended upgrades, a parallel set-up): wait for
  # its lock rather than fail.
  $SUDO apt-get -o DPkg::Lock::Timeout=900 update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=900 install -y -qq "${missing[@]}" >/dev/null
}

setup_build() {
  command -v cargo >/dev/null || { echo "cargo (rustup) is required" >&2; exit 1; }
  if ! rustup target list --installed 2>/dev/null | grep -q wasm32-unknown-unknown; then
    log "rustup target add wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
    # The exact version the crate is built with, resolved against what the registry
    # has: `--locked` pins a dependency version the registry lacks (it failed on every
    # fresh machine, then fell back), so it is not tried.
    log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes, once)"
    cargo install --quiet wasm-bindgen-cli --version "=$WASM_BINDGEN_VERSION"
  fi
  command -v node >/dev/null || apt_install nodejs npm
  # xz packs the widget's wasm (LZMA); gzip measures widget.js as issue 15 does.
  command -v xz >/dev/null || apt_install xz-utils
  command -v gzip >/dev/null || apt_install gzip
  if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/esbuild ] \
    || [ ! -d node_modules/axe-core ] || [ ! -d node_modules/puppeteer-core ] || [ ! -d node_modules/selenium-webdriver ] \
    || [ ! -d node_modules/eslint ] || [ ! -d node_modules/typescript ] || [ ! -d node_modules/uqr ] \
    || [ ! -d node_modules/jsqr ] || [ ! -d node_modules/pngjs ]; then
    log "npm ci (uqr, the QR encoder bundled into verifier.html; dev tools: binaryen's wasm-opt, esbuild, playwright-core, puppeteer-core, selenium-webdriver, axe-core, @noble/hashes, eslint, typescript, jsqr and pngjs)"
    # puppeteer-core downloads nothing; the variable keeps it so if puppeteer ever comes in.
    PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
  fi
}

setup_test() {
  setup_build
  rustup component add clippy rustfmt >/dev/null 2>&1 || true
  apt_install chromium golang-go
  setup_engines
  python3 -c 'import numpy' 2>/dev/null || {
    log "pip install numpy"
    python3 -m pip install -q numpy || python3 -m pip install -q --break-system-packages numpy
  }
}

setup_engines() {
  # The three browser engines of tests/browser/engines.test.mjs, all from Debian: never
  # a browser downloaded by npm or at run time. Chromium (playwright-core), Firefox ESR
  # (puppeteer-core over WebDriver BiDi), WebKitGTK's MiniBrowser through
  # WebKitWebDriver (selenium-webdriver) on an Xvfb display.
  apt_install chromium firefox-esr webkit2gtk-driver libwebkit2gtk-4.1-0 xvfb
  local mb=/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser
  if [ -z "${MINIBROWSER:-}" ] && [ ! -x "$mb" ]; then
    MINIBROWSER=$(dpkg -L libwebkit2gtk-4.1-0 | grep '/MiniBrowser$' | head -1)
    export MINIBROWSER
  fi
}

engines_version() {
  printf '%s; %s; WebKitGTK %s\n' "$(chromium --version 2>/dev/null)" "$(firefox-esr --version 2>/dev/null)" \
    "$(dpkg-query -W -f '${Version}' libwebkit2gtk-4.1-0 2>/dev/null)"
}

run_engines() {
  setup_build
  setup_engines
  build
  log "browser suite in each engine: $(engines_version)"
  node --test --test-concurrency=1 tests/browser/engines.test.mjs
}

# --- The no-WebAssembly build (issue 25) --------------------------------------------
# pkg/verifier-nowasm.html: the page on the same Rust core compiled to plain
# JavaScript by binaryen's wasm2js, for browsers without WebAssembly (iOS Lockdown
# Mode); verifier.html names it where WebAssembly is missing. wasm2js has no reference
# types, multi-value or non-trapping float-to-int, so the core is built for the MVP
# CPU (-C target-cpu=mvp; the prebuilt std keeps bulk memory and sign extension, which
# wasm2js has) in a target dir of its own, and its target_features section is dropped
# so that wasm-bindgen emits glue without the externref table (tools/nowasm.mjs strip).
# Size first (profile widget, opt-level z: in JavaScript a third smaller than opt-level
# 3 and as fast, measured by tools/bench_nowasm.mjs) with sha2's block function for
# chain links (feature block-kernel: in Chromium three times the unrolled kernel's
# speed once in JavaScript), and otherwise the page's core (not `small`: the English
# messages stay, as pkg/verifier.js has them).
# wasm-opt and wasm2js get only the features wasm2js translates: an instruction
# outside them fails the build instead of being mistranslated.
# $1: the directory that receives glue.js, core.js (wasm2js's) and core.wasm (the
# module it translated), which tools/bundle.mjs makes the page's core of.
NOWASM_FEATURES=(--enable-bulk-memory --enable-sign-ext --enable-mutable-globals)
build_nowasm() {
  local out=$1
  local target="${CARGO_TARGET_DIR:-target}/nowasm"
  log "cargo build --profile widget --features block-kernel -C target-cpu=mvp (for wasm2js)"
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS -C target-cpu=mvp" \
    cargo build --profile widget --features block-kernel --locked --target wasm32-unknown-unknown --target-dir "$target"
  mkdir -p "$out/bg"
  node tools/nowasm.mjs strip "$target/wasm32-unknown-unknown/widget/fairverify.wasm" "$out/fairverify.wasm"
  wasm-bindgen --target no-modules --no-typescript --out-dir "$out/bg" "$out/fairverify.wasm"
  mv "$out/bg/fairverify.js" "$out/glue.js"
  # The prebuilt std's libm (exp, ln: the chain history's statistics) has saturating
  # float-to-int conversions whatever target-cpu says: lowered to MVP instructions
  # with the same saturating results (binaryen's pass), before wasm2js sees them.
  node_modules/.bin/wasm-opt --enable-nontrapping-float-to-int --llvm-nontrapping-fptoint-lowering -Oz \
    "${NOWASM_FEATURES[@]}" "$out/bg/fairverify_bg.wasm" -o "$out/core.wasm"
  log "wasm2js"
  node_modules/.bin/wasm2js -O3 "${NOWASM_FEATURES[@]}" "$out/core.wasm" -o "$out/core.js"
}
# --------------------------------------------------------------------------------------

# The badge's wasm: the core built for size (profile.widget) with the cargo arguments
# given ($3...: its features), its glue into $1 (fairverify.js) and the optimised wasm
# to $2.
build_badge_core() {
  local out=$1 wasm=$2
  shift 2
  log "cargo build --profile widget $* --target wasm32-unknown-unknown"
  cargo build --profile widget "$@" --locked --target wasm32-unknown-unknown
  mkdir -p "$out"
  wasm-bindgen --target no-modules --no-typescript --out-dir "$out" \
    target/wasm32-unknown-unknown/widget/fairverify.wasm
  # Its imports under short names, in the wasm and its glue (0.9 KB of widget.js gzipped).
  node tools/short_imports.mjs "$out/fairverify.js" "$out/fairverify_bg.wasm"
  # --converge and the two metadata sections stripped: 0.3 KB gzipped (measured).
  # A function with one caller is inlined only when tiny (20 bytes of code; binaryen's
  # default is any size): the wasm is 2 % larger raw and 4 % smaller LZMA-packed,
  # which is what widget.js carries (measured, issue 35; 0, 10 and 30 do about as well).
  # -O2 with shrink level 1, not -Oz: 3 % larger raw and 0.5 KB smaller packed
  # (measured, issue 46: -Oz 68,352 bytes packed, -Os 68,261, -O2 67,975, -O2
  # --shrink-level=1 67,828; binaryen 132 reads a shrink level after -O2 otherwise than -Os).
  # --flatten --rereloop first (binaryen's relooper redoes the control flow rustc's
  # LLVM left): widget.js 131 bytes smaller gzipped (measured, issue 43). The functions
  # in the order of their names at the end (a generic's copies side by side, where LZMA
  # finds their likeness): 0.3 KB smaller (measured, issue 43); --rse --merge-locals
  # --reorder-locals before it: 17 bytes of widget.js gzipped (measured).
  node_modules/.bin/wasm-opt --flatten --rereloop -O2 --shrink-level=1 --converge --one-caller-inline-max-function-size=20 --rse --merge-locals --reorder-locals --reorder-functions-by-name --strip-producers --strip-target-features --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$out/fairverify_bg.wasm" -o "$wasm"
}

build() {
  setup_build
  log "cargo build --release --target wasm32-unknown-unknown"
  cargo build --release --locked --target wasm32-unknown-unknown
  local tmp; tmp=$(mktemp -d)
  wasm-bindgen --target no-modules --no-typescript --out-dir "$tmp" \
    target/wasm32-unknown-unknown/release/fairverify.wasm
  rm -rf pkg
  mkdir -p pkg
  # binaryen from npm (Debian's wasm-opt 108 breaks wasm-bindgen's externref table).
  # -O3: the chain kernel needs speed more than the page needs the last kilobytes
  # (measured; see docs/performance.md). Features named one by one: --all-features
  # also breaks the table.
  node_modules/.bin/wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$tmp/fairverify_bg.wasm" -o pkg/fairverify.wasm
  # The widget's own wasm: the same core built for size (profile.widget, wasm-opt -Oz),
  # with only what www/widget calls (feature widget, see Cargo.toml).
  build_badge_core "$tmp/widget" pkg/widget.wasm --features widget
  # The per-family badges' cores (issue 46): one family's schemes each (Cargo features
  # family-chain, family-cards), for pkg/widget-chain.js and pkg/widget-cards.js.
  local fam families=()
  for fam in chain cards; do
    build_badge_core "$tmp/widget-$fam" "$tmp/widget-$fam.wasm" --no-default-features --features "widget,family-$fam"
    families+=("$fam=$tmp/widget-$fam/fairverify.js,$tmp/widget-$fam.wasm")
  done
  build_nowasm "$tmp/nowasm"
  # The module wasm2js translated, beside fairverify.wasm: what verifier-nowasm.html's
  # fingerprint names (a rebuild prints its SHA-256 too).
  cp "$tmp/nowasm/core.wasm" pkg/fairverify-nowasm.wasm
  node tools/bundle.mjs "$tmp/fairverify.js" pkg/fairverify.wasm pkg "$tmp/widget/fairverify.js" pkg/widget.wasm "$tmp/nowasm" "${families[@]}"
  rm -rf "$tmp"
  log "pkg/ (sha256, bytes)"
  (cd pkg && find . -type f | sed 's|^\./||' | LC_ALL=C sort | while read -r f; do
    printf '%s  %8d  %s\n' "$(sha256sum "$f" | cut -d' ' -f1)" "$(stat -c %s "$f")" "$f"; done)
  log "pkg/widget.js: $(gzip -9 < pkg/widget.js | wc -c) bytes gzipped (at most 102400)"
  for fam in chain cards; do
    log "pkg/widget-$fam.js: $(gzip -9 < "pkg/widget-$fam.js" | wc -c) bytes gzipped (at most 61440)"
  done
  log "integrity (sha384) for <script integrity=…>; pkg/SHA256SUMS for sha256sum -c"
  node tools/integrity.mjs pkg
}

build_bench() {
  # The same core with the benchmark hooks (feature `bench`), bundled apart into
  # target/bench/pkg: tools/bench.mjs compares the kernel with the generic path there.
  log "cargo build --release --features bench (target/bench)"
  cargo build --release --locked --features bench --target wasm32-unknown-unknown --target-dir target/bench
  local tmp; tmp=$(mktemp -d)
  wasm-bindgen --target no-modules --no-typescript --out-dir "$tmp" \
    target/bench/wasm32-unknown-unknown/release/fairverify.wasm
  mkdir -p target/bench/pkg
  node_modules/.bin/wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$tmp/fairverify_bg.wasm" -o target/bench/pkg/fairverify.wasm
  node tools/bundle.mjs "$tmp/fairverify.js" target/bench/pkg/fairverify.wasm target/bench/pkg
  rm -rf "$tmp"
}

run_tests() {
  setup_test
  local started=$SECONDS
  log "cargo fmt --check, clippy"
  cargo fmt --check
  cargo clippy --locked --all-targets -- -D warnings
  log "native: unit tests, conformance, differential (NumPy, Go)"
  cargo test --release --locked
  log "native, debug build (integer overflow checks on): the hostile-input table"
  cargo test --locked --test bad_input
  build
  log "JavaScript: eslint (eslint.config.mjs), TypeScript's checker over www/ (tsconfig.json)"
  npm run --silent lint
  npm run --silent typecheck
  log "node: wasm conformance, CLI, reproducible build, browser ($(engines_version))"
  node --test --test-concurrency=1 tests/node/ tests/browser/
  echo "all tests finished in $((SECONDS - started)) s"
}

# The browser suite N times under load (issue 42): two busy loops beside it, as a
# shared 2-core machine has; each failing test named; exit 1 if any failed.
flaky() {
  local rounds=${1:-3}
  setup_test
  build
  local files=(tests/browser/*.test.mjs)
  local started=$SECONDS fails=0 runs=0 tests=0 logdir
  logdir=$(mktemp -d)
  local busy=() runner=
  sh -c 'while :; do :; done' & busy+=($!)
  sh -c 'while :; do :; done' & busy+=($!)
  # Stopped or finished, the busy loops go with it (and a stop ends the run).
  trap 'kill "${busy[@]}" $runner 2>/dev/null' EXIT
  trap 'exit 130' INT TERM
  log "browser suite x $rounds beside two busy loops (pids ${busy[*]}); logs in $logdir"
  for ((i = 1; i <= rounds; i++)); do
    local t0=$SECONDS out="$logdir/round-$i.tap"
    # In the background and waited for: a stop is handled at once, not after the round.
    node --test --test-concurrency=1 --test-reporter=tap "${files[@]}" > "$out" 2>&1 &
    runner=$!
    wait "$runner" || true
    runner=
    # Every failing test by name (the TAP lines of the innermost failing tests, with the
    # file they are in), and this round's counts.
    local failed n_fail n_tests
    failed=$(node tools/tapfails.mjs "$out")
    n_fail=0; [ -n "$failed" ] && n_fail=$(printf '%s\n' "$failed" | wc -l)
    n_tests=$(sed -nE 's/^# tests ([0-9]+)$/\1/p' "$out" | tail -1)
    # No summary line: the run itself broke (counted as one failure, its log kept).
    if [ -z "$n_tests" ]; then n_tests=0; [ "$n_fail" -eq 0 ] && { n_fail=1; failed="the run ended without a summary: $out"; }; fi
    printf 'round %d of %d: %s tests, %s failed, %d s\n' "$i" "$rounds" "$n_tests" "$n_fail" "$((SECONDS - t0))"
    [ -n "$failed" ] && printf '%s\n' "$failed" | sed 's/^/  FAIL /'
    fails=$((fails + n_fail)); tests=$((tests + n_tests)); runs=$((runs + 1))
  done
  kill "${busy[@]}" 2>/dev/null || true
  trap - EXIT INT TERM
  echo "flaky: $runs rounds of the browser suite under load, $tests tests run, $fails failed, $((SECONDS - started)) s (logs: $logdir)"
  [ "$fails" -eq 0 ]
}

serve() {
  build
  log "serving http://127.0.0.1:$PORT/ (Ctrl-C to stop)"
  exec python3 tools/serve.py "$PORT"
}

case "${1:-build}" in
  build) build ;;
  test) run_tests ;;
  engines) run_engines ;;
  serve) serve ;;
  # The chain history's bench (tools/bench_history.mjs) runs before tools/bench.mjs and
  # apart from it: the walk with every round's outcome against the bare walk, in wasm.
  load) setup_test; build; FV_TIMING=1 node --test --test-concurrency=1 tests/browser/load.test.mjs tests/browser/chain.test.mjs \
    tests/browser/bets.test.mjs tests/browser/input.test.mjs tests/browser/widget-table.test.mjs tests/browser/widget-cancel.test.mjs ;;
  bench) setup_test; build; build_bench; cargo run --release --locked --example bench_chain; node tools/bench_history.mjs; node tools/bench.mjs ;;
  fuzz) bash tools/fuzz.sh "${2:-60}" ;;
  flaky) flaky "${2:-3}" ;;
  recipes) setup_test; build; FV_RECIPES=all node --test tests/node/recipe.test.mjs ;;
  *) echo "usage: ./build.sh [build|serve|test|engines|load|bench|fuzz [seconds]|flaky [rounds]|recipes]" >&2; exit 2 ;;
esac
