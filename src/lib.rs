//! fairverify: recomputes provably-fair games from revealed seeds, bit for bit as the
//! operator's code does, and checks every commitment.
#![forbid(unsafe_code)]
//!
//! The core is pure Rust (no I/O, no JS) and builds natively; `wasm` is the only
//! module that knows about the browser. Entry points: [`verify_bytes`] for a file's
//! bytes, [`verify_line`] for a record line (bare or `{"name", "record"}`),
//! [`verify_json`] for JSON text and [`verify`] for a parsed record. All return the
//! report as JSON, or a [`VerifyError`] with a stable code.

pub mod error;
pub mod input;
pub mod primitives;
pub mod record;
pub mod report;
pub mod rng;
pub mod round_history;
pub mod schemes;

#[cfg(target_arch = "wasm32")]
mod wasm;

pub use error::{ErrorCode, VerifyError};
pub use input::{verify_bytes, verify_line, MAX_RECORD_BYTES};
pub use schemes::{descriptors, verify, verify_with, Options};

/// Parses JSON text (a record) and verifies it with `options`.
pub fn verify_json_with(text: &str, options: &Options) -> Result<Value, VerifyError> {
    let v: Value = parse_json(text)?;
    verify_with(&v, options)
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
            format!("the input is not valid JSON: {e}"),
        )
        .with("line", e.line())
        .with("column", e.column())
    })
}

/// The error as the JSON object the CLI and page show: `{code, field, message, params}`.
pub fn error_json(e: &VerifyError) -> Value {
    serde_json::json!({"code": e.code.as_str(), "field": e.field, "params": e.params,
                       "message": e.message})
}
