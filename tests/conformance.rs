//! Runs every case of every `*.jsonl` file in `VECTORS_DIR` (default `tests/vectors`)
//! through the native core, and checks that the project's copy of the vectors is
//! the same as `../shared/vectors` (a missing folder fails unless
//! `FAIRVERIFY_NO_SHARED=1`: `common/shared.rs`).

mod common;

use common::shared::{decide, shared_dir};
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
    // The copy is checked against the shared vectors (CI has them beside the
    // checkout); without them this fails, unless FAIRVERIFY_NO_SHARED opts out.
    let Some(shared) = shared_dir("vectors") else {
        return;
    };
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

/// The guard itself: a missing shared folder is a failure, not a pass that compared
/// nothing, unless the opt-out is set; a present one is used.
#[test]
fn a_missing_shared_folder_fails_unless_opted_out() {
    let missing = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/no-such-shared-folder");
    let why = decide(missing.clone(), false).unwrap_err();
    assert!(why.contains("FAIRVERIFY_NO_SHARED=1"), "{why}");
    assert_eq!(decide(missing, true), Ok(None));
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors");
    assert_eq!(decide(here.clone(), false), Ok(Some(here)));
}
