//! SPEC §6 `crash` (the "Rocket" game): the crash multiplier of a round hash,
//! computed exactly as the published Go function does it.

use serde_json::{json, Value};

use super::chain::{round_hash, ChainCheck};
use crate::error::Result;
use crate::primitives::hash_chain::hash_seed;
use crate::record::Fields;
use crate::report::Report;
use crate::rng::go_big_float::quo64_to_f64;

/// SPEC caps `history` at 100,000 rounds.
pub const MAX_HISTORY: i64 = 100_000;

/// N = 100 × the crash point: 100 for an instant crash (the whole hash divisible by
/// 40), else `floor(Quo(100·2^52 − h, 2^52 − h))` with Go's rounding, h = the first
/// 13 hex digits. `hash` is 64 lowercase hex digits.
pub fn crash_hundredths(hash: &str) -> u64 {
    let digit = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u64;
    let mod40 = hash.bytes().fold(0u64, |m, c| (m * 16 + digit(c)) % 40);
    if mod40 == 0 {
        return 100;
    }
    let h = hash.bytes().take(13).fold(0u64, |v, c| v * 16 + digit(c));
    let e = 1u64 << 52;
    // h < 2^52, so the divisor is at least 1 and both operands are below 2^59.
    quo64_to_f64(100 * e - h, e - h).floor() as u64
}

/// N/100 written exactly with two decimals (N = 1368 → "13.68").
pub fn format_multiplier(n: u64) -> String {
    format!("{}.{:02}", n / 100, n % 100)
}

pub fn run(f: Fields, r: &mut Report) -> Result<()> {
    let hash = round_hash(f)?;
    let history = f.opt_int("history", 0, MAX_HISTORY)?;
    let chain = ChainCheck::parse(f, false)?;
    let n = crash_hundredths(&hash);
    r.set("multiplier", format_multiplier(n));
    r.set("hash", hash.clone());
    if let Some(count) = history {
        let mut rows = Vec::with_capacity(count as usize);
        let mut cur = hash.clone();
        for i in 0..count {
            if i > 0 {
                cur = hash_seed(&cur);
            }
            let m = format_multiplier(crash_hundredths(&cur));
            rows.push(json!({"hash": cur, "multiplier": m}));
        }
        r.set("history", Value::Array(rows));
    }
    if let Some(c) = chain {
        c.run(&hash, r);
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

    #[test]
    fn instant_crash_on_multiples_of_40() {
        // 0x…28 = 40: the whole number is a multiple of 40.
        let h = format!("{}{}", "0".repeat(62), "28");
        assert_eq!(crash_hundredths(&h), 100);
        // h = 0 (first 13 digits zero) but not a multiple of 40: 100·2^52/2^52 = 100.
        let h = format!("{}{}", "0".repeat(62), "29");
        assert_eq!(crash_hundredths(&h), 100);
    }
}
