//! Replays every input in tests/fuzz_regressions/<target>/ through the very code of
//! the fuzz target of that name (fuzz/fuzz_targets/harness.rs). A crash the fuzzer
//! once found stays a test: it must now give a report or a typed error, never a panic.

use std::path::Path;

#[path = "../fuzz/fuzz_targets/harness.rs"]
mod harness;

#[test]
fn every_saved_fuzz_input_replays_without_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let mut n = 0;
    for target in std::fs::read_dir(&root).unwrap().filter_map(|e| e.ok()) {
        if !target.path().is_dir() {
            continue;
        }
        let run: fn(&[u8]) = match target.file_name().to_string_lossy().as_ref() {
            "record_json" => harness::record_json,
            "scheme_fields" => harness::scheme_fields,
            "played" => harness::played,
            "round_history" => harness::round_history,
            other => panic!("tests/fuzz_regressions/{other}: no fuzz target of that name"),
        };
        for f in std::fs::read_dir(target.path())
            .unwrap()
            .filter_map(|e| e.ok())
        {
            if f.file_name() != ".gitkeep" {
                run(&std::fs::read(f.path()).unwrap());
                n += 1;
            }
        }
    }
    eprintln!("replayed {n} saved fuzz inputs");
}
