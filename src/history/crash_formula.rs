//! The share of rounds at or above a crash point that the published formula gives,
//! computed exactly.
//!
//! What is exact: the fraction of all 2^256 hash values whose crash point (SPEC §6,
//! the exact Go port `schemes::crash`) is at least k, as a rational number, then
//! rounded once to the nearest float64. No sampling and no approximation of the
//! formula: the 1-in-40 rule is counted over the whole 256-bit value, with the exact
//! interplay of the top 52 bits and the rest.
//! - N(h) (the crash point ×100 of a non-instant hash with top 52 bits h) is
//!   monotone in h: the exact quotient 1 + 99·2^52/(2^52 − h) increases with h, and
//!   Go's two roundings to nearest and the floor are monotone. So {h : N(h) ≥ k} is
//!   [h_k, 2^52), h_k found by binary search with the exact function.
//! - A hash is h·2^L + low (L = 204 low bits). It is an instant crash iff
//!   low ≡ −h·2^L (mod 40). With t = 2^L mod 40 (16 for L = 204), each residue class
//!   mod 40 holds ⌊2^L/40⌋ values of low, and t of the classes (those below t) one
//!   more. So the instant hashes with top h number ⌊2^L/40⌋ + [(−h·t) mod 40 < t],
//!   and summed over a range of h that is a count by h mod 40.
//! - Hence the non-instant hashes with top in [lo, hi), n = hi − lo of them, number
//!   (39·n·2^L + n·t − 40·S)/40 with S the count of h in [lo, hi) whose class has the
//!   extra value; the share is that over 2^(52+L).
//!
//! The modelling assumption, the only one: the share of rounds is the share of hash
//! values, i.e. a round's hash behaves as a uniformly random 256-bit number (SHA-256
//! outputs along a chain). No independence between rounds is assumed or needed for
//! an expected share (linearity of expectation); it would matter only for the spread
//! of an observed share around it, which is not computed here.
//!
//! tests/history_differential.rs compares h_k and every share with an oracle in
//! exact rational arithmetic written apart from this (tests/oracle/crash_shares.py:
//! Go's roundings on fractions, the multiples of 40 counted directly).

use crate::schemes::crash::quotient_hundredths;

const E: u64 = 1 << 52;
/// Low bits of a hash below its first 13 hex digits.
pub const LOW_BITS: u32 = 256 - 52;

/// The least h in [0, 2^52] with N(h) ≥ k (2^52 when no h reaches k).
pub fn least_top_reaching(k: u64) -> u64 {
    let (mut lo, mut hi) = (0u64, E); // N(h) < k for h < lo; N(h) ≥ k for h ≥ hi
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if quotient_hundredths(mid) >= k {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

/// 2^bits mod 40.
pub fn pow2_mod40(bits: u32) -> u64 {
    (0..bits).fold(1u64, |m, _| m * 2 % 40)
}

/// How many h in [lo, hi) have one more instant value of `low` than ⌊2^L/40⌋, for
/// t = 2^L mod 40: those with (−h·t) mod 40 < t.
pub fn extra_instant_tops(lo: u64, hi: u64, t: u64) -> u64 {
    // h in [0, x) with h ≡ ρ (mod 40).
    let below = |x: u64, rho: u64| (x + 39 - rho) / 40;
    (0..40)
        .filter(|&rho| (40 - rho * t % 40) % 40 < t)
        .map(|rho| below(hi, rho) - below(lo, rho))
        .sum()
}

/// The non-instant hashes with top 52 bits in [lo, 2^52), as (a, b) with count
/// (a·2^204 + b)/40 (exact: a = 39·n, b = 16·n − 40·S).
pub fn non_instant_count(lo: u64) -> (u64, i64) {
    let n = E - lo;
    let t = pow2_mod40(LOW_BITS);
    let s = extra_instant_tops(lo, E, t);
    (39 * n, (n * t) as i64 - 40 * s as i64)
}

/// (a·2^204 + b) / (40·2^256) rounded once to the nearest float64 (ties to even):
/// a count in the form `non_instant_count` gives, over all 2^256 hashes. Needs
/// a < 2^59 and |b| < 2^62; a = 0 only with b = 0.
pub fn share_of(a: u64, b: i64) -> f64 {
    if a == 0 {
        debug_assert_eq!(b, 0);
        return 0.0;
    }
    // The value is (a + δ)/(5·2^55) with δ = b·2^−204, |δ| < 2^−142. Scaled by 2^64:
    // (a·2^64 + δ·2^64)/5 = q + (r + δ·2^64)/5 with |δ·2^64| < 2^−78.
    let num = (a as u128) << 64;
    let (mut q, r) = (num / 5, num % 5);
    // Now the exact scaled value is q (sticky false) or in (q, q + 1) (sticky true).
    let sticky = if r != 0 {
        true // r/5 ∈ [0.2, 0.8]: δ cannot reach an integer
    } else if b < 0 {
        q -= 1; // just below q
        true
    } else {
        b > 0
    };
    let bits = 128 - q.leading_zeros(); // q ≥ 2^64/5: at least 62 bits
    let shift = bits - 53;
    let mut kept = q >> shift;
    let rest = q & ((1u128 << shift) - 1);
    let half = 1u128 << (shift - 1);
    if rest > half || (rest == half && (sticky || kept & 1 == 1)) {
        kept += 1; // may reach 2^53: still exact
    }
    // kept · 2^shift · 2^−64 · 2^−55; the power of two is a normal float64.
    let exponent = shift as i64 - 119;
    (kept as f64) * f64::from_bits(((1023 + exponent) as u64) << 52)
}

/// The exact share of hashes whose crash point ×100 is at least k.
pub fn share_at_least(k: u64) -> f64 {
    if k <= 100 {
        return 1.0; // every crash point is at least 1.00
    }
    let (a, b) = non_instant_count(least_top_reaching(k));
    share_of(a, b)
}

/// The exact share of rounds at 1.00 (either rule): 1 − share(N ≥ 101).
pub fn share_instant() -> f64 {
    let (a, b) = non_instant_count(least_top_reaching(101));
    share_of(40 * E - a, -b)
}

/// The exact share of hashes that are multiples of 40: (2^256 + 24)/40 of them
/// (2^256 ≡ 16 mod 40, so [0, 2^256) holds (2^256 − 16)/40 + 1 multiples).
pub fn share_by_40() -> f64 {
    share_of(E, 24)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::go_big_float::quo64_to_f64;

    #[test]
    fn the_least_top_is_a_boundary_of_the_exact_function() {
        for k in [101, 110, 150, 200, 1000, 12345, 1_000_000, 100_000_000] {
            let h = least_top_reaching(k);
            assert!(h < E);
            assert!(quotient_hundredths(h) >= k, "k = {k}");
            assert!(h == 0 || quotient_hundredths(h - 1) < k, "k = {k}");
            // Near the rational boundary e(k − 100)/(k − 1).
            let r = (E as u128 * (k as u128 - 100)).div_ceil(k as u128 - 1) as u64;
            assert!(h.abs_diff(r) <= 2, "k = {k}: {h} vs {r}");
        }
        let max = quotient_hundredths(E - 1);
        assert_eq!(least_top_reaching(max), E - 1);
        assert_eq!(least_top_reaching(max + 1), E);
        assert_eq!(least_top_reaching(100), 0);
    }

    /// The count of instant hashes, on scaled-down hashes (T top bits, L low bits)
    /// where every value can be enumerated.
    #[test]
    fn instant_counting_matches_enumeration() {
        for low_bits in 1..=12u32 {
            let t = pow2_mod40(low_bits);
            assert_eq!(t, (1u64 << low_bits) % 40);
            for (lo, hi) in [(0u64, 64u64), (3, 41), (17, 18), (40, 120), (5, 5)] {
                let mut instant = 0u64;
                for h in lo..hi {
                    for low in 0..(1u64 << low_bits) {
                        instant += ((h << low_bits) + low).is_multiple_of(40) as u64;
                    }
                }
                let n = hi - lo;
                let formula = n * ((1u64 << low_bits) / 40) + extra_instant_tops(lo, hi, t);
                assert_eq!(formula, instant, "L = {low_bits}, [{lo}, {hi})");
                // The non-instant form (a·2^L + b)/40.
                let non = n * (1 << low_bits) - instant;
                let s = extra_instant_tops(lo, hi, t) as i64;
                let a_b = 39 * n as i64 * (1 << low_bits) + n as i64 * t as i64 - 40 * s;
                assert_eq!(a_b, 40 * non as i64);
            }
        }
        // 2^204 mod 40 = 16, by another route: 2^204 ≡ 0 (mod 8), ≡ 16^51 ≡ 1 (mod 5).
        assert_eq!(pow2_mod40(LOW_BITS), 16);
    }

    #[test]
    fn rounding_the_share_is_correct() {
        // b = 0: one correct rounding of a/5 scaled by 2^−55; quo64_to_f64 is the
        // independent rounding (its double rounding equals a single one below 2^64).
        let mut x = 0x1234_5678_9abc_def1u64;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = 1 + (x >> 6); // < 2^58
            let want = quo64_to_f64(a, 5) * 2f64.powi(-55);
            assert_eq!(share_of(a, 0), want, "a = {a}");
        }
        // A tie: a/5 with 54 significant bits ending in 1 lies halfway between two
        // float64s; the sign of b decides, b = 0 goes to even.
        let m = (1u64 << 53) + 1; // odd: kept = 2^52 + 0 (even) below, + 1 above (odd)
        let a = 5 * m; // a/5 = m = 2^53 + 1: a tie between 2^53 and 2^53 + 2
        assert!(a < 1 << 59);
        let down = (1u64 << 53) as f64 * 2f64.powi(-55);
        let up = ((1u64 << 53) + 2) as f64 * 2f64.powi(-55);
        assert_eq!(share_of(a, 0), down);
        assert_eq!(share_of(a, 1), up);
        assert_eq!(share_of(a, -1), down);
        let a = 5 * ((1u64 << 53) + 3); // tie between +2 and +4: even is +4
        let four = ((1u64 << 53) + 4) as f64 * 2f64.powi(-55);
        let two = ((1u64 << 53) + 2) as f64 * 2f64.powi(-55);
        assert_eq!(share_of(a, 0), four);
        assert_eq!(share_of(a, -1), two);
        // Exactly representable values stay put whatever tiny b says... except that
        // b < 0 moves them just below, which rounds back to them.
        assert_eq!(share_of(5 << 20, 0), 2f64.powi(20 - 55));
        assert_eq!(share_of(5 << 20, -3), 2f64.powi(20 - 55));
        assert_eq!(share_of(5 << 20, 3), 2f64.powi(20 - 55));
    }

    #[test]
    fn whole_shares() {
        assert_eq!(share_at_least(100), 1.0);
        assert_eq!(share_by_40(), 0.025);
        // The share of all hashes below the top (none): every non-instant hash.
        let (a, b) = non_instant_count(0);
        assert_eq!(share_of(a, b), 0.975);
        // 1.00 by either rule ≈ 1/40 + 39/40 · 1/100 (h < 2^52/100).
        let i = share_instant();
        assert!((i - (0.025 + 0.975 / 100.0)).abs() < 1e-12, "{i}");
        // ≥ 2.00: h ≥ 2^52·100/199... ≈ (39/40)(99/199).
        let s = share_at_least(200);
        assert!((s - 0.975 * 99.0 / 199.0).abs() < 1e-12, "{s}");
        // Shares fall with the threshold.
        let mut last = 1.0;
        for k in [101, 150, 200, 1000, 10_000, 1_000_000, 100_000_000] {
            let s = share_at_least(k);
            assert!(s < last && s > 0.0);
            last = s;
        }
        assert_eq!(share_at_least(quotient_hundredths(E - 1) + 1), 0.0);
    }
}
