//! The shared folder beside the checkout (`../shared`: SPEC, vectors, the operators'
//! pages), which some tests compare the repository with. A missing folder fails
//! those tests unless `FAIRVERIFY_NO_SHARED=1` says the comparison is skipped on
//! purpose, so a check that compares nothing never passes unnoticed. Used by
//! `tests/conformance.rs` and `src/recipe/tests.rs` (through `#[path]`).

use std::path::{Path, PathBuf};

/// The opt-out variable.
pub const NO_SHARED: &str = "FAIRVERIFY_NO_SHARED";

/// `FAIRVERIFY_SHARED`, else `../shared` beside the crate.
pub fn shared_root() -> PathBuf {
    std::env::var_os("FAIRVERIFY_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"))
}

/// The rule, apart from the environment: `dir` if it is a folder; `None` if it is
/// missing and the opt-out is set; else why the test must fail.
pub fn decide(dir: PathBuf, opted_out: bool) -> Result<Option<PathBuf>, String> {
    if dir.is_dir() {
        Ok(Some(dir))
    } else if opted_out {
        eprintln!(
            "{NO_SHARED} is set: {} is missing and was compared with NOTHING",
            dir.display()
        );
        Ok(None)
    } else {
        Err(format!(
            "{} is missing, so this test would compare nothing: put the shared folder \
             beside the checkout (or set FAIRVERIFY_SHARED to it), or set {NO_SHARED}=1 \
             to skip the comparison on purpose",
            dir.display()
        ))
    }
}

/// `sub` of the shared folder, `None` only with the opt-out; panics otherwise.
pub fn shared_dir(sub: &str) -> Option<PathBuf> {
    let opted_out = std::env::var_os(NO_SHARED).is_some_and(|v| !v.is_empty() && v != "0");
    decide(shared_root().join(sub), opted_out).unwrap_or_else(|why| panic!("{why}"))
}
