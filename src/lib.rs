//! fairverify: recomputes provably-fair games from revealed seeds, bit for bit as the
//! operator's code does, and checks every commitment.
#![deny(unsafe_code)]
// A per-family badge's core (Cargo features family-chain, family-cards: one of the
// two) keeps every scheme module but registers one family's: the other family's code
// is then unused, and the linker leaves it out.
#![cfg_attr(
    not(all(feature = "family-chain", feature = "family-cards")),
    allow(dead_code, unused_imports)
)]
//!
//! The core is pure Rust (no I/O, no JS) and builds natively; `wasm` is the only
//! module that knows about the browser. Entry points: [`verify_bytes`] for a file's
//! bytes, [`verify_line`] for a record line (bare or `{"name", "record"}`),
//! [`verify_json`] for JSON text and [`verify`] for a parsed record. All return the
//! report as JSON, or a [`VerifyError`] with a stable code. A batch of records is
//! cut into records by [`split_records`] and judged by one rule, [`Tally`].

#[macro_use]
mod json;
#[macro_use]
mod error;
mod batch;
mod chars;
// The paste classifier and bet lines are the page's and the CLI's: the badge's wasm
// (feature `widget`) leaves them out, so it does not grow.
#[cfg(not(feature = "widget"))]
mod bet_lines;
#[cfg(not(feature = "widget"))]
mod classify;
mod diagnosis;
mod duplicates;
mod history;
mod input;
mod lines;
mod played;
mod primitives;
mod recipe;
mod record;
mod report;
mod rng;
mod round_history;
mod schemes;
mod spelling;
#[cfg(test)]
mod test_rng;

#[cfg(target_arch = "wasm32")]
mod wasm;

// The public API is the verifier: records in, reports or typed errors out, the
// scheme descriptors, and the batch rule. The modules themselves are private, so
// the compiler sees every item nothing uses.
pub use batch::{split_records, Item, Split, Status, Tally};
#[cfg(not(feature = "widget"))]
pub use bet_lines::{read_bet_lines, reading_json, BetOptions, Game as BetGame};
#[cfg(not(feature = "widget"))]
pub use classify::{classify, classify_bytes, ClassifyOptions};
pub use error::{ErrorCode, VerifyError, Want};
pub use history::{bets_history, ChainGame, ChainHistory, HistoryRecord, RoundPager};
pub use input::{decode, verify_bytes, verify_line, Line, MAX_RECORD_BYTES};
pub use recipe::{recipe, recipe_rounds};
pub use round_history::{check_rounds, check_rounds_with, HistoryOptions};
pub use schemes::{descriptors, verify, verify_with, Options, Steps, Walk, WalkOutcome};

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

/// Every scheme id a record may name: the verified ones in the descriptors' order,
/// then those refused as `unsupported_scheme` (fuzz seeding and tools list them
/// from here, never from a list of their own).
pub fn scheme_ids() -> Vec<&'static str> {
    schemes::ALL
        .iter()
        .map(|s| s.desc.id)
        .chain(schemes::UNSUPPORTED)
        .collect()
}

/// JSON text → value, as a typed error on failure (serde_json refuses nesting
/// deeper than 128, so hostile depth is an error, not a stack overflow). Text over
/// the size limit is `too_large`, before parsing, whichever path it came by.
pub fn parse_json(text: &str) -> Result<Value, VerifyError> {
    input::check_size(text.len() as u64)?;
    let v: Value = serde_json::from_str(text).map_err(|e| {
        VerifyError::new(
            ErrorCode::BadJson,
            "",
            msg!("the input is not valid JSON: {e}"),
        )
        .with("line", e.line())
        .with("column", e.column())
    })?;
    duplicates::check(text, &v)?;
    Ok(v)
}

/// The error as the JSON object the CLI and page show: `{code, field, message, params}`.
pub fn error_json(e: &VerifyError) -> Value {
    json!({"code": e.code.as_str(), "field": e.field, "path": e.path(),
                       "params": e.params, "message": e.message})
}

/// The pieces this crate's own tests, benchmarks and fuzz targets check one by one
/// against NumPy, Go and the reference formulas. Not an API: hidden from the
/// documentation, no stability promised, and each item named (a whole module
/// re-exported here would hide its dead code from the compiler again).
#[doc(hidden)]
pub mod testing {
    #[cfg(not(feature = "widget"))]
    pub use crate::diagnosis::lists_read;
    pub use crate::history::crash::THRESHOLDS;
    pub use crate::history::crash_formula::{
        least_top_reaching, share_at_least, share_by_40, share_instant,
    };
    pub use crate::history::fast::{
        crash_hundredths_words, divisible_by_40, last_platform_words, quotient_hundredths_fast,
        wheel_point_words,
    };
    pub use crate::history::{
        BattleTally, CrashTally, HistoryWalk, PlatformTally, RoundTally, Wheel,
    };
    pub use crate::primitives::chain_memory::{ChainMemory, Remembered, DEFAULT_CAPACITY};
    pub use crate::primitives::hash_chain::{find_round, ChainWalk};
    pub use crate::primitives::link::{digest_words, step_generic, Link};
    pub use crate::primitives::merkle;
    pub use crate::primitives::sha256::{bytes_hashed, hmac_sha256, sha256, sha256_hex, to_hex};
    pub use crate::record::Hex64;
    pub use crate::rng::hmac_stream::{HmacStream, WordSource};
    pub use crate::rng::numpy_pcg64::Pcg64;
    pub use crate::schemes::battle::{pick_winner, wheel_point};
    pub use crate::schemes::chain::PUBLISHED;
    pub use crate::schemes::crash::{crash_hundredths, format_multiplier, quotient_hundredths};
    pub use crate::schemes::platforms::last_platform;
}
