//! Go's math/big rounding for `new(big.Float).Quo(SetInt(a), SetInt(b)).Float64()`.
//!
//! `SetInt` on an integer of at most 64 bits gives precision 64 exactly (64 is
//! SetInt's floor); `Quo` on a zero-precision result takes the larger operand
//! precision, 64, and rounds the exact quotient to nearest-even at 64 mantissa bits;
//! `Float64` then rounds *that* to 53 bits, again nearest-even. The double rounding
//! is ported as Go does it. (For operands below 2^64 the two roundings cannot land
//! on a different float64 than one correct rounding would: reaching a 53-bit tie
//! from off it needs a remainder below half a 64-bit ulp, i.e. a divisor ≥ 2^(64−e)
//! with a quotient ≥ 2^e, so a dividend ≥ 2^64. The port keeps both steps anyway.)
//! What does disagree with Go on real crash hashes is an exact rational floor
//! (1368.99999999999999… floors to 1368, Go's float64 is 1369.0) and float64
//! division of the operands (both are above 2^53 and already rounded).

/// `Quo` at 64-bit precision then `Float64`, for a > 0 and b > 0.
pub fn quo64_to_f64(a: u64, b: u64) -> f64 {
    debug_assert!(a > 0 && b > 0);
    let bits = |x: u64| 64 - x.leading_zeros() as i32;
    // Scale so that the integer quotient has exactly 64 bits: (a·2^s)/b ∈ [2^63, 2^64).
    // a·2^s has at most bits(b) + 64 ≤ 128 bits, so it fits a u128.
    let mut s = 63 - (bits(a) - bits(b));
    if s < 0 {
        // Unreachable for 64-bit operands (bits differ by at most 63), kept for safety.
        s = 0;
    }
    let num = (a as u128) << s;
    let den = b as u128;
    let mut q = num / den;
    let mut rem = num % den;
    if q < (1 << 63) {
        // The estimate was one bit short: redo with one more bit of scale.
        s += 1;
        let num = (a as u128) << s;
        q = num / den;
        rem = num % den;
    }
    // Round to nearest, ties to even, at 64 bits.
    let twice = rem << 1;
    if twice > den || (twice == den && q & 1 == 1) {
        q += 1; // may reach 2^64, which is still exact below
    }
    // u128 → f64 rounds to nearest-even: Float64()'s rounding. 2^-s is exact.
    let scale = f64::from_bits(((1023 - s) as u64) << 52);
    (q as f64) * scale
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_quotients_are_exact() {
        assert_eq!(quo64_to_f64(10, 4), 2.5);
        assert_eq!(quo64_to_f64(100 << 52, 1 << 52), 100.0);
        assert_eq!(quo64_to_f64(u64::MAX, 1), u64::MAX as f64);
        assert_eq!(quo64_to_f64(1, u64::MAX), 1.0 / 18446744073709551616.0);
        assert_eq!(quo64_to_f64(1, 3), 1.0 / 3.0);
    }

    /// Rounding is to nearest, ties to even, on the exact quotient. (Where naive
    /// float64 division of the operands goes wrong on real crash hashes is shown by
    /// the differential test against Go, which a naive port fails.)
    #[test]
    fn rounds_to_nearest() {
        assert_eq!(quo64_to_f64(2, 3), 2.0 / 3.0);
        // 2^53 + 1 is a tie between 2^53 and 2^53 + 2: even wins; 2^53 + 3 rounds up.
        assert_eq!(quo64_to_f64((1 << 53) + 1, 1), 9007199254740992.0);
        assert_eq!(quo64_to_f64((1 << 53) + 3, 1), 9007199254740996.0);
        // (2^58 + 1) / (2^58 − 1) = 1 + 2^-57 + …: nearest float64 is 1.
        assert_eq!(quo64_to_f64((1 << 58) + 1, (1 << 58) - 1), 1.0);
        // (2^58 + 64) / (2^58 − 64) = 1 + 2^-51 + 2^-108 + …: nearest is 1 + 2^-51.
        let q = quo64_to_f64((1 << 58) + 64, (1 << 58) - 64);
        assert_eq!(q, 1.0 + 2f64.powi(-51));
    }
}
