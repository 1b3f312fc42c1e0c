//! Differential tests against the real thing: NumPy's `default_rng(seed).permutation(52)`
//! (python3 + numpy) and Go's crash floor, math/rand `Intn(25)` and the battle pick
//! (`go run tests/oracle/go_chain_games.go`). Inputs are random each run (the seed is
//! printed; set FAIRVERIFY_DIFF_SEED to replay) plus edge cases that stress rounding.
//! CI installs both oracles; a missing oracle fails the test rather than skipping it.

mod common;

use common::{rng, SplitMix};

use std::process::Command;

use fairverify::testing::{
    crash_hundredths, last_platform, pick_winner, wheel_point, Hex64, Pcg64,
};

const NUMPY_SEEDS: usize = 2_500;
const GO_HASHES: usize = 120_000;

#[test]
fn numpy_permutation_matches_real_numpy() {
    let mut r = rng();
    let mut seeds: Vec<u64> = vec![
        0,
        1,
        2,
        3,
        52,
        0xffff_ffff,
        1 << 32,
        (1 << 32) + 1,
        (1 << 63) - 1,
        1 << 62,
    ];
    while seeds.len() < NUMPY_SEEDS {
        let bits = 1 + r.next() % 63; // every magnitude, not only 63-bit seeds
        seeds.push(r.next() >> (64 - bits));
    }
    let input: String = seeds.iter().map(|s| format!("{s}\n")).collect();
    let out = common::run_oracle(
        Command::new("python3").arg("tests/oracle/numpy_permutation.py"),
        input,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), seeds.len());
    let mut mismatches = 0;
    for (seed, line) in seeds.iter().zip(&lines) {
        let mut it = line.split(' ');
        assert_eq!(it.next().unwrap(), seed.to_string());
        let want: Vec<u32> = it.map(|x| x.parse().unwrap()).collect();
        let got = Pcg64::default_rng(*seed as u128).permutation(52);
        if got != want {
            mismatches += 1;
            eprintln!("MISMATCH seed {seed}: numpy {want:?}, ours {got:?}");
        }
    }
    eprintln!(
        "numpy differential: {} passed, {mismatches} failed",
        seeds.len() - mismatches
    );
    assert_eq!(mismatches, 0);
}

/// A hash whose first 13 digits put the crash quotient within a hair of a whole
/// number of hundredths: where rounding mistakes show.
fn near_whole_hash(r: &mut SplitMix) -> String {
    let e = 1u128 << 52;
    // Target quotient k (N = k), log-uniform in 101..2^21: small k are where a
    // quotient just below a whole number rounds up to it in float64.
    let bits = 7 + r.next() % 15;
    let k = (101 + (r.next() >> (64 - bits))) as u128;
    // (100e − h)/(e − h) = k  ⇔  h = e(k − 100)/(k − 1)
    let h0 = e * (k - 100) / (k - 1);
    let d = (r.next() % 5) as i128 - 2;
    let h = ((h0 as i128 + d).clamp(0, (e - 1) as i128)) as u64;
    format!(
        "{h:013x}{:016x}{:016x}{:016x}{:03x}",
        r.next(),
        r.next(),
        r.next(),
        r.next() & 0xfff
    )
}

#[test]
fn chain_games_match_real_go() {
    let mut r = rng();
    let mut hashes: Vec<String> = vec![
        "0".repeat(64),
        "f".repeat(64),
        format!("8{}", "0".repeat(63)),
        format!("{:016x}{}", (1u64 << 31) - 1, "1".repeat(48)),
        format!(
            "{:016x}{}",
            ((1u64 << 31) - 1).wrapping_neg(),
            "2".repeat(48)
        ),
        format!("{:016x}{}", 89482311u64, "3".repeat(48)),
    ];
    while hashes.len() < GO_HASHES {
        if hashes.len().is_multiple_of(4) {
            hashes.push(near_whole_hash(&mut r));
        } else {
            hashes.push(format!(
                "{:016x}{:016x}{:016x}{:016x}",
                r.next(),
                r.next(),
                r.next(),
                r.next()
            ));
        }
    }
    let input: String = hashes.iter().map(|h| format!("{h}\n")).collect();
    let out = common::run_oracle(
        Command::new("go").args(["run", "tests/oracle/go_chain_games.go"]),
        input,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), hashes.len());
    let sets: [&[f64]; 4] = [
        &[100.0],
        &[50.0, 50.0],
        &[12.5, 30.1, 7.4, 50.0],
        &[33.33, 33.33, 33.34],
    ];
    let mut failed = 0;
    for (text, line) in hashes.iter().zip(&lines) {
        let f: Vec<&str> = line.split(' ').collect();
        assert_eq!(f[0], text);
        let h = &Hex64::parse(text).expect("generated hashes are hex");
        let crash_ok = f[1].parse::<u64>().unwrap() == crash_hundredths(h);
        let plat_ok = f[2].parse::<i32>().unwrap() == last_platform(h);
        let v = wheel_point(h);
        let battle_ok = sets.iter().enumerate().all(|(i, cs)| {
            let ours = pick_winner(v, cs).map(|(w, _)| w as i64).unwrap_or(-1);
            f[3 + i].parse::<i64>().unwrap() == ours
        });
        if !(crash_ok && plat_ok && battle_ok) {
            failed += 1;
            if failed <= 20 {
                eprintln!(
                    "MISMATCH {h}: go `{line}`, ours crash {} platform {}",
                    crash_hundredths(h),
                    last_platform(h)
                );
            }
        }
    }
    eprintln!(
        "go differential: {} passed, {failed} failed",
        hashes.len() - failed
    );
    assert_eq!(failed, 0);
}
