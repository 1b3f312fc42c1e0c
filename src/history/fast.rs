//! The outcome of a round from its hash's digest words, fast enough for every link
//! of a walk and provably the same as the schemes' exact functions
//! (`schemes::crash::crash_hundredths`, `schemes::platforms::last_platform`,
//! `schemes::battle::wheel_point`).
//!
//! **Instant crash: the whole 256-bit hash divisible by 40.** 40 = 8 · 5 with 8 and
//! 5 coprime. 8 divides the number iff it divides the last word (2^32 is a multiple
//! of 8). 2^4 = 16 ≡ 1 (mod 5), so 2^32 ≡ 1 and the number Σ w_i·2^(32(7−i)) ≡ Σ w_i
//! (mod 5): eight words add up to less than 2^35, no overflow.
//!
//! **Crash point N = floor(float64(Quo64(num, den)))**, num = 100·2^52 − h,
//! den = 2^52 − h, h the top 52 bits. Let Q = ⌊num/den⌋ and R = num mod den (one
//! integer division), q = num/den the exact quotient, gap = den − R, so
//! Q + 1 − q = gap/den.
//! 1. If den ≥ 128 then Q ≤ num/den < 100·2^52/2^7 < 2^53, so Q and Q + 1 are
//!    exact in float64 and at 64-bit precision. Rounding to nearest is monotone and
//!    leaves representable values alone, so Q ≤ q implies Q ≤ Quo64(q) and
//!    Q ≤ float64(Quo64(q)); likewise both are ≤ Q + 1. The floor is Q or Q + 1.
//! 2. It is Q + 1 only if float64(Quo64(q)) = Q + 1. Let b be the bit length of
//!    Q + 1, so every value in [Q, Q + 1] is below 2^b. Quo64 moves q by at most half
//!    a 64-bit ulp, ≤ 2^(b−65); float64 rounds a value up to Q + 1 only from within
//!    half a float64 ulp below it, ≤ 2^(b−54). So Q + 1 needs
//!    Q + 1 − q ≤ 2^(b−54) + 2^(b−65) < 2^(b−53) ≤ (Q + 1)·2^−52 (as 2^(b−1) ≤ Q + 1).
//! 3. Hence Q is the answer whenever gap/den ≥ (Q + 1)/2^52, i.e.
//!    gap·2^52 ≥ (Q + 1)·den = num + gap. As num + gap ≤ 101·2^52 < 2^59, gap ≥ 128
//!    (gap·2^52 ≥ 2^59) is enough.
//!
//! So: den ≥ 128 and gap ≥ 128 ⇒ N = Q; otherwise (probability about 10^−12 for a
//! random hash) the exact port answers. tests/history_fast.rs checks every integer
//! boundary of the quotient up to 2^24, every one of the last 2^22 values of h, and
//! millions of random hashes; the Go oracle checks it against Go itself.

use crate::schemes::crash::quotient_hundredths;

const E: u64 = 1 << 52;

/// Whether the hash (digest words, big-endian) is a multiple of 40: an instant crash.
#[inline(always)]
pub fn divisible_by_40(d: &[u32; 8]) -> bool {
    if d[7] & 7 != 0 {
        return false;
    }
    let sum: u64 = d.iter().map(|&w| w as u64).sum();
    sum.is_multiple_of(5)
}

/// The first 13 hex digits (the top 52 bits) of a hash.
#[inline(always)]
pub fn top52(d: &[u32; 8]) -> u64 {
    ((d[0] as u64) << 20) | (d[1] as u64 >> 12)
}

/// The first 8 bytes, big-endian (Go's `binary.BigEndian.Uint64(h[:8])`).
#[inline(always)]
pub fn first_u64(d: &[u32; 8]) -> u64 {
    ((d[0] as u64) << 32) | d[1] as u64
}

/// `schemes::crash::quotient_hundredths(h)` by one integer division (see above).
#[inline(always)]
pub fn quotient_hundredths_fast(h: u64) -> u64 {
    debug_assert!(h < E);
    let den = E - h;
    let num = 100 * E - h;
    let q = num / den;
    let gap = den - (num - q * den);
    if den >= 128 && gap >= 128 {
        q
    } else {
        exact(h)
    }
}

#[cold]
#[inline(never)]
fn exact(h: u64) -> u64 {
    quotient_hundredths(h)
}

/// The crash point ×100 of a hash given as digest words: `crash_hundredths`.
#[inline(always)]
pub fn crash_hundredths_words(d: &[u32; 8]) -> u64 {
    if divisible_by_40(d) {
        100
    } else {
        quotient_hundredths_fast(top52(d))
    }
}

/// The platforms game's last platform (1..=25): `last_platform`.
#[inline(always)]
pub fn last_platform_words(d: &[u32; 8]) -> i32 {
    crate::rng::go_first_intn::first_intn25(first_u64(d) as i64) + 1
}

/// The battle wheel's point: `wheel_point`, the same two float64 operations.
#[inline(always)]
pub fn wheel_point_words(d: &[u32; 8]) -> f64 {
    first_u64(d) as f64 / u64::MAX as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::primitives::link::digest_words;
    use crate::record::Hex64;
    use crate::schemes::dice::bytes_mod;
    use crate::schemes::{battle, crash, platforms};

    fn hex64(b: &[u8; 32]) -> Hex64 {
        Hex64::parse(&crate::primitives::sha256::to_hex(b)).expect("hex")
    }

    use crate::test_rng::SplitMix;

    /// b − k as 256-bit big-endian numbers (wrapping).
    fn sub_small(b: &mut [u8; 32], k: u64) {
        let mut borrow = k as u128;
        for x in b.iter_mut().rev() {
            let v = *x as i128 - (borrow & 0xff) as i128;
            borrow >>= 8;
            if v < 0 {
                *x = (v + 256) as u8;
                borrow += 1;
            } else {
                *x = v as u8;
            }
        }
    }

    #[test]
    fn divisible_by_40_is_the_remainder_of_the_whole_number() {
        let mut r = SplitMix(40);
        let n = if cfg!(debug_assertions) {
            20_000
        } else {
            1_000_000
        };
        let mut multiples = 0;
        for i in 0..n {
            let mut b = r.bytes();
            if i % 2 == 0 {
                // Make it a multiple of 40, then move it by a little.
                let m = bytes_mod(&b, 40);
                sub_small(&mut b, m);
                sub_small(&mut b, (i as u64 / 2) % 81); // 0..80 below: 0 and 40 are multiples
            }
            let want = bytes_mod(&b, 40) == 0;
            multiples += want as u32;
            assert_eq!(divisible_by_40(&digest_words(&b)), want, "{b:?}");
        }
        assert!(
            multiples as usize > n / 100,
            "the constructed multiples were tested"
        );
        for b in [[0u8; 32], [0xff; 32], {
            let mut x = [0xff; 32];
            x[31] = 0xf8;
            x
        }] {
            assert_eq!(divisible_by_40(&digest_words(&b)), bytes_mod(&b, 40) == 0);
        }
    }

    #[test]
    fn outcomes_equal_the_schemes_on_random_hashes() {
        let mut r = SplitMix(1);
        let n = if cfg!(debug_assertions) {
            20_000
        } else {
            2_000_000
        };
        for _ in 0..n {
            let b = r.bytes();
            let d = digest_words(&b);
            let h = hex64(&b);
            assert_eq!(
                crash_hundredths_words(&d),
                crash::crash_hundredths(&h),
                "{h}"
            );
            assert_eq!(wheel_point_words(&d), battle::wheel_point(&h), "{h}");
        }
        let n = n / 10;
        for _ in 0..n {
            let b = r.bytes();
            let d = digest_words(&b);
            assert_eq!(
                last_platform_words(&d),
                platforms::last_platform(&hex64(&b))
            );
        }
    }
}
