//! The history walk's fast crash point against the exact port (Go's big.Float
//! semantics, `crash::quotient_hundredths`), where rounding mistakes live: at and
//! around every integer boundary of the quotient up to 2^24, every one of the last
//! 2^22 values of h (where the divisor is small and the quotient huge), boundaries
//! sampled above 2^24, and random h. It also shows the fallback matters: a plain
//! integer floor disagrees with Go on some of these, and the fast path caught each.

mod common;

use common::SplitMix;

use fairverify::testing::digest_words;
use fairverify::testing::{crash_hundredths, quotient_hundredths};
use fairverify::testing::{crash_hundredths_words, quotient_hundredths_fast};

const E: u64 = 1 << 52;

/// The least h whose exact rational quotient (100e − h)/(e − h) is ≥ k:
/// ⌈e(k − 100)/(k − 1)⌉.
fn boundary(k: u64) -> u64 {
    (E as u128 * (k as u128 - 100)).div_ceil(k as u128 - 1) as u64
}

#[derive(Default)]
struct Tally {
    checked: u64,
    naive_wrong: u64,
}

impl Tally {
    fn check(&mut self, h: u64) {
        let exact = quotient_hundredths(h);
        assert_eq!(quotient_hundredths_fast(h), exact, "h = {h:#x}");
        let naive = (100 * E - h) / (E - h);
        self.naive_wrong += (naive != exact) as u64;
        self.checked += 1;
    }
}

fn heavy() -> bool {
    !cfg!(debug_assertions)
}

#[test]
fn every_integer_boundary_up_to_2_pow_24() {
    let top = if heavy() { 1 << 24 } else { 1 << 14 };
    let mut t = Tally::default();
    for k in 101..top {
        let b = boundary(k);
        for h in b.saturating_sub(2)..(b + 2).min(E) {
            t.check(h);
        }
    }
    eprintln!(
        "{} h checked at boundaries, plain floor wrong on {}",
        t.checked, t.naive_wrong
    );
    // The rounding cases exist here (Go's 64-bit quotient reaches the integer from
    // below), so this test can tell a fast path without the fallback from one with.
    assert!(t.naive_wrong > 0);
}

#[test]
fn every_one_of_the_last_h_values() {
    let n = if heavy() { 1 << 22 } else { 1 << 12 };
    let mut t = Tally::default();
    for h in E - n..E {
        t.check(h);
    }
    assert_eq!(t.checked, n);
    eprintln!("last {n} h: plain floor wrong on {}", t.naive_wrong);
}

#[test]
fn sampled_boundaries_above_2_pow_24_and_random_h() {
    let mut r = SplitMix(0xc0ffee);
    let n = if heavy() { 2_000_000 } else { 20_000 };
    let max_k = quotient_hundredths(E - 1);
    let mut t = Tally::default();
    for _ in 0..n {
        // k log-uniform in [2^24, max]: bits 24..59.
        let bits = 24 + r.next() % 35;
        let k = ((1u64 << bits) | (r.next() >> (64 - bits))).clamp(1 << 24, max_k);
        let b = boundary(k);
        for h in b.saturating_sub(2)..(b + 2).min(E) {
            t.check(h);
        }
        t.check(r.next() >> 12);
    }
    eprintln!(
        "{} sampled h: plain floor wrong on {}",
        t.checked, t.naive_wrong
    );
}

/// Whole hashes: the instant rule and the quotient together, against the scheme.
#[test]
fn whole_hashes_against_the_scheme() {
    let mut r = SplitMix(7);
    let n = if heavy() { 3_000_000 } else { 30_000 };
    for i in 0..n {
        let mut b = [0u8; 32];
        for c in b.chunks_exact_mut(8) {
            c.copy_from_slice(&r.next().to_be_bytes());
        }
        if i % 3 == 0 {
            // The top 52 bits at a boundary of a random k up to 2^30.
            let k = 101 + r.next() % (1 << 30);
            let h = (boundary(k) + r.next() % 3).saturating_sub(1).min(E - 1);
            let top = (h << 12) | (u64::from_be_bytes(b[..8].try_into().unwrap()) & 0xfff);
            b[..8].copy_from_slice(&top.to_be_bytes());
        }
        let hex = fairverify::testing::to_hex(&b);
        let h = fairverify::testing::Hex64::parse(&hex).unwrap();
        assert_eq!(
            crash_hundredths_words(&digest_words(&b)),
            crash_hundredths(&h),
            "{hex}"
        );
    }
}
