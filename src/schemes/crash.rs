//! SPEC §6 `crash` (the "Rocket" game): the crash multiplier of a round hash,
//! computed exactly as the published Go function does it.

use serde_json::Value;

use super::chain::{self, round_hash, run_chain, ChainCheck, CRASH_TERMINAL};
use super::descriptor::Descriptor;
use super::descriptor::Step::{At, Member};
use super::descriptor::{
    pattern, pattern_of, result, FieldDesc, GameDesc, Kind, ResultDesc, Role, Rows, SCALAR,
};
use super::descriptor::{HistoryDesc, Tally};
use super::Options;
use super::Scheme;
use crate::error::{ErrorCode, Result, VerifyError};
use crate::primitives::link::hash_seed;
use crate::record::{Fields, Hex64};
use crate::report::Report;
use crate::rng::go_big_float::quo64_to_f64;

/// SPEC caps `history` at 100,000 rounds.
pub const MAX_HISTORY: i64 = 100_000;

const FIELDS: [FieldDesc; 4] = [
    chain::HASH,
    FieldDesc::new("history", Kind::Int, Role::Count)
        .optional()
        .range(0, MAX_HISTORY),
    chain::TERMINAL,
    chain::MAX_STEPS_FIELD,
];

const RESULTS: [ResultDesc; 4] = [
    // The round, once the walk reached the terminal (SPEC §6).
    result("round", "round", SCALAR),
    result("multiplier", "multiplier", SCALAR),
    result("hash", "hash", SCALAR),
    // Entry 0 is this round, then the rounds before it (SPEC §6).
    result(
        "history",
        "multiplier",
        &[
            pattern(&[At("back"), Member("multiplier")]),
            pattern_of(&[At("back"), Member("hash")], "hash"),
        ],
    ),
];

pub const SCHEME: Scheme = Scheme {
    desc: Descriptor::new("crash", &[GameDesc::single("crash")], &FIELDS, &RESULTS)
        .with_chain(
            &[CRASH_TERMINAL],
            Rows {
                one_value: true,
                outcome: |h, _| Ok(Some(Value::from(format_multiplier(crash_hundredths(h))))),
            },
        )
        .with_history(HistoryDesc {
            tally: Tally::Crash,
        }),
    run,
};

/// N = 100 × the crash point: 100 for an instant crash (the whole hash divisible by
/// 40), else `floor(Quo(100·2^52 − h, 2^52 − h))` with Go's rounding, h = the first
/// 13 hex digits.
pub fn crash_hundredths(hash: &Hex64) -> u64 {
    let mod40 = hash
        .bytes()
        .iter()
        .fold(0u64, |m, &b| (m * 256 + b as u64) % 40);
    if mod40 == 0 {
        return 100;
    }
    // The first 13 hex digits are the top 52 bits.
    quotient_hundredths(hash.first_u64() >> 12)
}

/// `floor(Quo(100·2^52 − h, 2^52 − h))` with Go's rounding, for the top 52 bits h
/// of a hash that is not an instant crash (h < 2^52).
pub fn quotient_hundredths(h: u64) -> u64 {
    let e = 1u64 << 52;
    debug_assert!(h < e);
    // h < 2^52, so the divisor is at least 1 and both operands are below 2^59.
    quo64_to_f64(100 * e - h, e - h).floor() as u64
}

/// N/100 written exactly with two decimals (N = 1368 → "13.68").
pub fn format_multiplier(n: u64) -> String {
    format!("{}.{:02}", n / 100, n % 100)
}

pub fn run(f: Fields, r: &mut Report, o: &Options) -> Result<()> {
    let hash = round_hash(f)?;
    let history = f.opt_int("history", 0, MAX_HISTORY)?;
    let chain = ChainCheck::parse(f, false, r)?;
    let n = crash_hundredths(&hash);
    r.set("multiplier", format_multiplier(n));
    r.set("hash", hash.as_str());
    if let Some(count) = history {
        let mut rows = Vec::with_capacity(count as usize);
        let mut cur = hash.clone();
        for i in 0..count {
            if i > 0 {
                // A SHA-256 of 64 hex digits is 64 hex digits.
                cur = Hex64::parse(&hash_seed(cur.as_str())).unwrap_or(cur);
            }
            let m = format_multiplier(crash_hundredths(&cur));
            rows.push(json!({"hash": cur.as_str(), "multiplier": m}));
        }
        r.set("history", Value::Array(rows));
    }
    run_chain(chain, &hash, r, o)?;
    // SPEC §6: entry 0 is this round, then the rounds before it; round r has r − 1
    // of them, and the link after round 1 is the terminal, no round. A history
    // longer than the round would list the terminal and links past it as rounds.
    let round = r.value("round").and_then(Value::as_u64);
    if let (Some(count), Some(round)) = (history, round) {
        if count as u64 > round {
            return Err(VerifyError::new(
                ErrorCode::OutOfRange,
                "history",
                msg!(
                    "`history` is {count}, but this is round {round}: only {round} rounds \
                     lead to the terminal (the next link is the terminal itself)"
                ),
            )
            .with("min", 0)
            .with("max", round));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_two_decimals() {
        assert_eq!(format_multiplier(1368), "13.68");
        assert_eq!(format_multiplier(100), "1.00");
        assert_eq!(format_multiplier(105), "1.05");
        assert_eq!(format_multiplier(50975), "509.75");
    }

    fn hx(s: &str) -> Hex64 {
        Hex64::parse(s).expect("64 hex digits")
    }

    #[test]
    fn instant_crash_on_multiples_of_40() {
        // 0x…28 = 40: the whole number is a multiple of 40.
        let h = format!("{}{}", "0".repeat(62), "28");
        assert_eq!(crash_hundredths(&hx(&h)), 100);
        // h = 0 (first 13 digits zero) but not a multiple of 40: 100·2^52/2^52 = 100.
        let h = format!("{}{}", "0".repeat(62), "29");
        assert_eq!(crash_hundredths(&hx(&h)), 100);
    }
}
