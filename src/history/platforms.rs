//! Platforms history: how often each platform 1–25 fell, against 1/25 each, with
//! Pearson's chi-square (24 degrees of freedom).
//!
//! The expected share 1/25 treats a round's platform as uniform. It is not exact:
//! the platform is a fixed function of the seed `NewSource` reduces the hash's
//! first 8 bytes to (2^31 − 2 seeds, near enough equally likely), and counted over
//! every seed once (natively, with `first_intn25`) the platforms' shares differ
//! from 1/25 by at most 2.3·10^−4 of it (chi-square 16.4 on 24 degrees of freedom
//! for the 2^31 − 2 seeds: as uniform as a random table). Against 1/25 that is a
//! bias below 0.15 standard errors of a count at 10^7 rounds (a published chain's
//! length) and below 0.5 at 10^8, so 1/25 it is.

use serde_json::{Map, Value};

use super::fast::last_platform_words;
use super::stats::{insert_test, pearson_uniform};
use super::walk::RoundTally;

pub const PLATFORMS: usize = 25;

#[derive(Clone, Debug, Default)]
pub struct PlatformTally {
    rounds: u64,
    counts: [u64; PLATFORMS],
}

impl PlatformTally {
    pub fn new() -> PlatformTally {
        PlatformTally::default()
    }

    /// One round's platform, 1..=25.
    #[inline(always)]
    pub fn add_platform(&mut self, p: i32) {
        self.rounds += 1;
        self.counts[(p - 1) as usize % PLATFORMS] += 1;
    }

    pub fn counts(&self) -> &[u64; PLATFORMS] {
        &self.counts
    }
}

impl RoundTally for PlatformTally {
    #[inline(always)]
    fn add(&mut self, d: &[u32; 8], _back: u64) {
        self.add_platform(last_platform_words(d));
    }

    fn summary(&self, _newest: Option<u64>) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("rounds".into(), json!(self.rounds));
        m.insert("platforms".into(), json!(self.counts));
        let expected = self.rounds as f64 / PLATFORMS as f64;
        m.insert("expected".into(), json!(vec![expected; PLATFORMS]));
        m.insert("expectedShare".into(), json!(1.0 / PLATFORMS as f64));
        insert_test(&mut m, pearson_uniform(&self.counts), expected);
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_test() {
        let mut t = PlatformTally::new();
        for p in 1..=25 {
            for _ in 0..p {
                t.add_platform(p);
            }
        }
        let s = t.summary(None);
        assert_eq!(s["rounds"], 325);
        assert_eq!(s["platforms"][0], 1);
        assert_eq!(s["platforms"][24], 25);
        assert_eq!(s["expected"][3], 13.0);
        assert_eq!(s["degreesOfFreedom"], 24);
        // Pearson by hand: Σ (p − 13)² / 13 over p = 1..25 = 2 Σ_{j=1..12} j² / 13 = 1300/13.
        assert_eq!(s["chiSquare"], 100.0);
        let p = s["pValue"].as_f64().unwrap();
        assert!(p < 1e-10, "{p}");
    }
}
