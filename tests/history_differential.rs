//! The history walk's fast outcome functions against real Go (the same oracle as
//! tests/differential.rs: `go run tests/oracle/go_chain_games.go`, the published
//! functions): the crash floor (instant rule and quotient), the platform and the
//! battle winner. Inputs are random each run (set FAIRVERIFY_DIFF_SEED to replay)
//! plus the cases where a fast path could go wrong: hashes at and around integer
//! boundaries of the quotient, the largest h (smallest divisors), multiples of 40
//! and their neighbours, and seeds whose first Int31 is rejected by Int31n(25).
//! The formula's exact shares are checked against an oracle in exact rational
//! arithmetic (`python3 tests/oracle/crash_shares.py`), written apart from the Rust.
//! A missing oracle fails the test rather than skipping it.

mod common;

use common::rng;

use std::process::Command;

use fairverify::testing::digest_words;
use fairverify::testing::Wheel;
use fairverify::testing::{crash_hundredths_words, last_platform_words, wheel_point_words};

const HASHES: usize = 150_000;
const E: u64 = 1 << 52;

fn run_go(input: String) -> String {
    common::run_oracle(
        Command::new("go").args(["run", "tests/oracle/go_chain_games.go"]),
        input,
    )
}

/// Replaces the top 52 bits of `b` by h.
fn with_top(mut b: [u8; 32], h: u64) -> [u8; 32] {
    let low12 = u64::from_be_bytes(b[..8].try_into().unwrap()) & 0xfff;
    b[..8].copy_from_slice(&((h << 12) | low12).to_be_bytes());
    b
}

/// The whole number minus its remainder mod 40, minus `k` more (a multiple of 40
/// when k ≡ 0 mod 40).
fn near_multiple_of_40(mut b: [u8; 32], k: u64) -> [u8; 32] {
    let m = b.iter().fold(0u64, |m, &x| (m * 256 + x as u64) % 40);
    let mut borrow = (m + k) as i64;
    for x in b.iter_mut().rev() {
        let v = *x as i64 - (borrow & 0xff);
        borrow >>= 8;
        if v < 0 {
            *x = (v + 256) as u8;
            borrow += 1;
        } else {
            *x = v as u8;
        }
    }
    b
}

#[test]
fn fast_outcomes_match_real_go() {
    let mut r = rng();
    let mut hashes: Vec<[u8; 32]> = vec![[0; 32], [0xff; 32]];
    // Seeds rejected once by Int31n(25), in every form NewSource reduces to them.
    let p = (1i64 << 31) - 1;
    for seed in [116449686i64, 301882123, 374607292] {
        for x in [seed, seed + 3 * p, seed - p, seed - 7 * p] {
            let mut b = r.bytes();
            b[..8].copy_from_slice(&x.to_be_bytes());
            hashes.push(b);
        }
    }
    while hashes.len() < HASHES {
        let b = r.bytes();
        hashes.push(match hashes.len() % 5 {
            // At and around the boundary of a log-uniform k (101 up to 2^58).
            0 => {
                let bits = 7 + r.next() % 52;
                let k = (101 + (r.next() >> (64 - bits))) as u128;
                let h0 = ((E as u128 * (k - 100)).div_ceil(k - 1)) as i128;
                let h = (h0 + (r.next() % 5) as i128 - 2).clamp(0, E as i128 - 1);
                with_top(b, h as u64)
            }
            // The largest h: divisors below 2^16.
            1 => with_top(b, E - 1 - (r.next() % (1 << 16))),
            // Multiples of 40 and their neighbours.
            2 => near_multiple_of_40(
                b,
                r.next() % 3 * 40 + [0, 0, 1, 39, 8, 5][(r.next() % 6) as usize],
            ),
            _ => b,
        });
    }
    let input: String = hashes
        .iter()
        .map(|b| format!("{}\n", fairverify::testing::to_hex(b)))
        .collect();
    let out = run_go(input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), hashes.len());
    let sets: [&[f64]; 4] = [
        &[100.0],
        &[50.0, 50.0],
        &[12.5, 30.1, 7.4, 50.0],
        &[33.33, 33.33, 33.34],
    ];
    let wheels: Vec<Wheel> = sets.iter().map(|s| Wheel::new(s).unwrap()).collect();
    let (mut failed, mut instant) = (0, 0);
    for (b, line) in hashes.iter().zip(&lines) {
        let f: Vec<&str> = line.split(' ').collect();
        let d = digest_words(b);
        let crash = crash_hundredths_words(&d);
        instant += (fairverify::testing::divisible_by_40(&d)) as u32;
        let ok = f[1].parse::<u64>().unwrap() == crash
            && f[2].parse::<i32>().unwrap() == last_platform_words(&d)
            && wheels.iter().enumerate().all(|(i, w)| {
                let ours = w.pick(wheel_point_words(&d)).map_or(-1, |x| x as i64);
                f[3 + i].parse::<i64>().unwrap() == ours
            });
        if !ok {
            failed += 1;
            if failed <= 20 {
                eprintln!("MISMATCH go `{line}`, ours crash {crash}");
            }
        }
    }
    eprintln!(
        "go differential (fast paths): {} passed, {failed} failed, {instant} instant by 40",
        hashes.len() - failed
    );
    assert!(
        instant as usize > HASHES / 20,
        "the multiples of 40 were tested"
    );
    assert_eq!(failed, 0);
}

#[test]
fn formula_shares_match_exact_rationals() {
    use fairverify::testing::THRESHOLDS;
    use fairverify::testing::{least_top_reaching, share_at_least, share_by_40, share_instant};
    let mut r = rng();
    let max = fairverify::testing::quotient_hundredths(E - 1);
    let mut ks: Vec<u64> = THRESHOLDS.to_vec();
    ks.extend([102, 199, 201, 1368, max, max + 1]);
    for _ in 0..40 {
        let bits = 7 + r.next() % 52;
        ks.push((101 + (r.next() >> (64 - bits))).min(max + 1));
    }
    let input: String = ["instant".to_string(), "by40".to_string()]
        .into_iter()
        .chain(ks.iter().map(u64::to_string))
        .map(|l| l + "\n")
        .collect();
    let out = common::run_oracle(
        Command::new("python3").arg("tests/oracle/crash_shares.py"),
        input,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), ks.len() + 2);
    assert_eq!(lines[0], format!("instant {:?}", share_instant()));
    assert_eq!(lines[1], format!("by40 {:?}", share_by_40()));
    for (k, line) in ks.iter().zip(&lines[2..]) {
        let f: Vec<&str> = line.split(' ').collect();
        assert_eq!(f[0], k.to_string());
        assert_eq!(
            f[1].parse::<u64>().unwrap(),
            least_top_reaching(*k),
            "k = {k}"
        );
        let share: f64 = f[2].parse().unwrap();
        assert_eq!(share, share_at_least(*k), "k = {k}");
    }
}
