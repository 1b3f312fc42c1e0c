//! One file per scheme in SPEC; `verify` picks the derivation from `scheme`.

use serde_json::{Map, Value};

use crate::error::{ErrorCode, Result, VerifyError};
use crate::primitives::sha256::sha256_hex;
use crate::record::{type_name, Fields};
use crate::report::Report;

pub mod battle;
pub mod chain;
pub mod chess_colour_v1;
pub mod crash;
pub mod dice;
pub mod hash_chain;
pub mod match_seed_v2;
pub mod mines;
pub mod platforms;
pub mod poker_hmac_v1;
pub mod selfpoker;

/// Every scheme the verifier knows, in the order a page lists them.
pub const SCHEMES: [&str; 11] = [
    "match_seed_v2",
    "poker_hmac_v1",
    "chess_colour_v1",
    "selfpoker",
    "crash",
    "platforms",
    "battle",
    "hash_chain",
    "dice",
    "mines",
    "match_seed_v1",
];

/// A record in, a report (or a typed error) out.
pub fn verify(record: &Value) -> Result<Value> {
    let map: &Map<String, Value> = match record {
        Value::Object(m) => m,
        other => {
            return Err(VerifyError::new(
                ErrorCode::NotObject,
                "",
                format!("a record must be a JSON object, not {}", type_name(other)),
            ))
        }
    };
    let f = Fields::new(map, "");
    let scheme = f.str("scheme")?;
    let mut r = Report::new(scheme);
    match scheme {
        "match_seed_v2" => match_seed_v2::run(f, &mut r)?,
        "poker_hmac_v1" => poker_hmac_v1::run(f, &mut r)?,
        "chess_colour_v1" => chess_colour_v1::run(f, &mut r)?,
        "selfpoker" => selfpoker::run(f, &mut r)?,
        "crash" => crash::run(f, &mut r)?,
        "platforms" => platforms::run(f, &mut r)?,
        "battle" => battle::run(f, &mut r)?,
        "hash_chain" => hash_chain::run(f, &mut r)?,
        "dice" => dice::run(f, &mut r)?,
        "mines" => mines::run(f, &mut r)?,
        "match_seed_v1" => {
            return Err(VerifyError::new(
                ErrorCode::UnsupportedScheme,
                "scheme",
                "match_seed_v1 has no published derivation, so its matches cannot be \
                 recomputed here; only match_seed_v2 and later can be verified",
            ))
        }
        other => {
            return Err(VerifyError::new(
                ErrorCode::UnknownScheme,
                "scheme",
                format!(
                    "unknown scheme `{}`; known schemes: {}",
                    other.chars().take(64).collect::<String>(),
                    SCHEMES[..10].join(", ")
                ),
            ))
        }
    }
    r.finish(f.get("played"))
}

/// `sha256(seed) == published` (case-insensitive; `published` is already lowercase),
/// recorded under `key`.
pub(crate) fn commitment_check(
    r: &mut Report,
    key: &str,
    label: &str,
    published: &str,
    seed: &str,
) {
    let computed = sha256_hex(seed.as_bytes());
    let ok = computed == published;
    r.check(
        key,
        label,
        ok,
        Value::from(published),
        Value::from(computed),
    );
}
