//! Runs every case of every `*.jsonl` file in `VECTORS_DIR` (default `tests/vectors`)
//! through the native core, and checks that the project's copy of the vectors is
//! the same as `../shared/vectors` where that folder exists.

mod common;

use common::{judge, load_cases, vectors_dir};
use std::path::Path;

#[test]
fn every_vector_passes_natively() {
    let dir = vectors_dir();
    let cases = load_cases(&dir);
    assert!(!cases.is_empty(), "no cases found in {}", dir.display());
    let mut failed = Vec::new();
    for c in &cases {
        let outcome = fairverify::verify(&c.record).map_err(|e| fairverify::error_json(&e));
        if let Err(why) = judge(&c.expect, &outcome) {
            failed.push(format!("FAIL {} ({}): {why}", c.name, c.file));
        }
    }
    for f in &failed {
        eprintln!("{f}");
    }
    eprintln!(
        "conformance ({}): {} passed, {} failed",
        dir.display(),
        cases.len() - failed.len(),
        failed.len()
    );
    assert!(
        failed.is_empty(),
        "{} of {} vectors failed",
        failed.len(),
        cases.len()
    );
}

#[test]
fn vector_copy_matches_shared() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shared = root.join("../shared/vectors");
    // The copy is checked wherever the shared vectors are (CI has them beside the
    // checkout). A clone without them still builds and tests, and says loudly that
    // this check compared nothing.
    if !shared.is_dir() {
        eprintln!(
            "WARNING: ../shared/vectors is missing: tests/vectors was compared with NOTHING \
             (the conformance cases still run on the copy in tests/vectors)"
        );
        return;
    }
    let list = |d: &Path| {
        let mut v: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".jsonl"))
            .collect();
        v.sort();
        v
    };
    let ours = root.join("tests/vectors");
    assert_eq!(
        list(&ours),
        list(&shared),
        "tests/vectors lists other files than ../shared/vectors"
    );
    for name in list(&shared) {
        let a = std::fs::read(ours.join(&name)).unwrap();
        let b = std::fs::read(shared.join(&name)).unwrap();
        assert!(
            a == b,
            "tests/vectors/{name} differs from ../shared/vectors/{name}: copy it again"
        );
    }
}
