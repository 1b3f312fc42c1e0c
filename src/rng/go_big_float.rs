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

/// `Quo` at 64-bit precision then `Float64`, for a > 0 and b > 0. In 64-bit
/// integers only: the badge's wasm carries no 128-bit division (1 KB; issue 43's
/// size budget), and the quotient is worked out a bit at a time instead.
pub fn quo64_to_f64(a: u64, b: u64) -> f64 {
    debug_assert!(a > 0 && b > 0);
    let bits = |x: u64| 64 - x.leading_zeros() as i32;
    // Scale so that the integer quotient has exactly 64 bits: (a·2^s)/b ∈ [2^63, 2^64),
    // s at most 63 + 63 = 126 (a = 1, b ≥ 2^63).
    let s = (63 - (bits(a) - bits(b))).max(0);
    let (mut q, mut rem) = (a / b, a % b);
    // One more bit of a·2^k / b: q ← 2q + bit, rem < b throughout (2·rem may pass
    // 2^64: its carry then makes it at least b).
    let mut next = |q: &mut u64| {
        let carry = rem >> 63;
        rem <<= 1;
        *q <<= 1;
        if carry == 1 || rem >= b {
            rem = rem.wrapping_sub(b);
            *q |= 1;
        }
    };
    for _ in 0..s {
        next(&mut q);
    }
    let mut s = s;
    if q < (1 << 63) {
        // The estimate was one bit short: one more bit of scale.
        next(&mut q);
        s += 1;
    }
    // Round to nearest, ties to even, at 64 bits: 2·rem against b, without overflow.
    let half = b - rem;
    let up = rem > half || (rem == half && q & 1 == 1);
    // u64 → f64 rounds to nearest-even: Float64()'s rounding. 2^-s is exact; q + 1
    // may reach 2^64, which is exact too.
    let qf = match (up, q.checked_add(1)) {
        (false, _) => q as f64,
        (true, Some(q1)) => q1 as f64,
        (true, None) => 18446744073709551616.0,
    };
    let scale = f64::from_bits(((1023 - s) as u64) << 52);
    qf * scale
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

    /// The 128-bit division this replaced (Go's steps written with u128), for the
    /// property below.
    fn with_u128(a: u64, b: u64) -> f64 {
        let bits = |x: u64| 64 - x.leading_zeros() as i32;
        let mut s = (63 - (bits(a) - bits(b))).max(0);
        let den = b as u128;
        let mut q = ((a as u128) << s) / den;
        let mut rem = ((a as u128) << s) % den;
        if q < (1 << 63) {
            s += 1;
            q = ((a as u128) << s) / den;
            rem = ((a as u128) << s) % den;
        }
        let twice = rem << 1;
        if twice > den || (twice == den && q & 1 == 1) {
            q += 1;
        }
        (q as f64) * f64::from_bits(((1023 - s) as u64) << 52)
    }

    #[test]
    fn the_same_float_as_the_128_bit_division() {
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut rnd = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let edges = [
            1,
            2,
            3,
            5,
            (1 << 52) - 1,
            1 << 52,
            (1 << 63) - 1,
            1 << 63,
            u64::MAX - 1,
            u64::MAX,
        ];
        let mut pairs: Vec<(u64, u64)> = edges
            .iter()
            .flat_map(|&a| edges.iter().map(move |&b| (a, b)))
            .collect();
        for _ in 0..200_000 {
            let (a, b) = (rnd() >> (rnd() % 64), rnd() >> (rnd() % 64));
            pairs.push((a.max(1), b.max(1)));
            // Crash's own operands: 100·2^52 − h over 2^52 − h.
            let h = rnd() >> 12;
            let e = 1u64 << 52;
            if h < e {
                pairs.push((100 * e - h, e - h));
            }
        }
        for (a, b) in pairs {
            assert_eq!(
                quo64_to_f64(a, b).to_bits(),
                with_u128(a, b).to_bits(),
                "{a} / {b}"
            );
        }
    }
}
