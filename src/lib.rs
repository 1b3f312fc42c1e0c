//! fairverify: recomputes provably-fair games from revealed seeds, bit for bit as the
//! operator's code does, and checks every commitment.
#![forbid(unsafe_code)]
//!
//! The core is pure Rust (no I/O, no JS) and builds natively; `wasm` is the only
//! module that knows about the browser. Entry points: [`verify_bytes`] for a file's
//! bytes, [`verify_line`] for a record line (bare or `{"name", "record"}`),
//! [`verify_json`] for JSON text and [`verify`] for a parsed record. All return the
//! report as JSON, or a [`VerifyError`] with a stable code.

#[macro_use]
mod json;
#[macro_use]
mod error;
mod input;
// The internals below are public only for this crate's own tests, fuzz targets and
// benchmarks (the ports are tested against NumPy and Go piece by piece): hidden from
// the documentation, no stability promised. The API is the re-exports further down.
#[doc(hidden)]
pub mod history;
#[doc(hidden)]
pub mod primitives;
#[doc(hidden)]
pub mod record;
#[doc(hidden)]
pub mod report;
#[doc(hidden)]
pub mod rng;
#[doc(hidden)]
pub mod round_history;
#[doc(hidden)]
pub mod schemes;

#[cfg(target_arch = "wasm32")]
mod wasm;

// The public API is the verifier: records in, reports or typed errors out, and the
// scheme descriptors. Everything else is private.
pub use error::{ErrorCode, VerifyError, Want};
pub use input::{verify_bytes, verify_line, Line, MAX_RECORD_BYTES};
pub use round_history::{check_rounds, check_rounds_with, HistoryOptions};
pub use schemes::{descriptors, verify, verify_with, Options, Walk, WalkOutcome};

/// Parses JSON text (a record) and verifies it with `options`.
/// The text may be a bare record or `{"name", "record"}` (as a record line is), on
/// every path: the wrapped record meets the same parser as a bare one.
pub fn verify_json_with(text: &str, options: &Options) -> Result<Value, VerifyError> {
    let (_, record) = input::unwrap_record(parse_json(text)?);
    verify_with(&record, options)
}

use serde_json::Value;

/// Parses JSON text (a record) and verifies it.
pub fn verify_json(text: &str) -> Result<Value, VerifyError> {
    let v: Value = parse_json(text)?;
    verify(&v)
}

/// JSON text → value, as a typed error on failure (serde_json refuses nesting
/// deeper than 128, so hostile depth is an error, not a stack overflow). Text over
/// the size limit is `too_large`, before parsing, whichever path it came by.
pub fn parse_json(text: &str) -> Result<Value, VerifyError> {
    input::check_size(text.len() as u64)?;
    serde_json::from_str(text).map_err(|e| {
        VerifyError::new(
            ErrorCode::BadJson,
            "",
            msg!("the input is not valid JSON: {e}"),
        )
        .with("line", e.line())
        .with("column", e.column())
    })
}

/// The error as the JSON object the CLI and page show: `{code, field, message, params}`.
pub fn error_json(e: &VerifyError) -> Value {
    json!({"code": e.code.as_str(), "field": e.field, "params": e.params,
                       "message": e.message})
}
