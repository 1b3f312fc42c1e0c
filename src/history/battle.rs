//! Battle history: how often each player's band of the wheel was hit, against the
//! share of the wheel the published arithmetic gives each band, exactly.
//!
//! The wheel point is v(u) = float64(u)/float64(2^64 − 1) for u the first 8 bytes,
//! and the winner the first i with v < s_i (s the float64 running sums of
//! chance/100). v is non-decreasing in u (both roundings are monotone) and the
//! sums are non-decreasing (chances are ≥ 0), so band i is the u with
//! s_{i−1} ≤ v(u) < s_i: a range of u whose ends are found by binary search over
//! u with the same float64 operations. Its share is its length over 2^64, rounded
//! once to a float64. The modelling assumption is the same as everywhere here: the
//! first 8 bytes of a round's hash are a uniformly random 64-bit number.

use serde_json::{Map, Value};

use super::fast::wheel_point_words;
use super::stats::{insert_test, pearson, SMALL_EXPECTED};
use super::walk::RoundTally;
use crate::error::Result;
use crate::schemes::battle::pick_winner;

/// A validated list of chances with its running sums, ready for every round.
#[derive(Clone, Debug, PartialEq)]
pub struct Wheel {
    chances: Vec<f64>,
    sums: Vec<f64>,
    /// Each band's exact share, and the share with no winner (`band_shares`).
    shares: Vec<f64>,
    none_share: f64,
}

/// How many u in [0, 2^64) have v(u) < s.
fn below(s: f64) -> u128 {
    let v = |u: u128| (u as u64) as f64 / u64::MAX as f64;
    // Least u in [0, 2^64] with v(u) ≥ s (2^64: none).
    let (mut lo, mut hi) = (0u128, 1u128 << 64);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if v(mid) >= s {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

fn share(count: u128) -> f64 {
    count as f64 / 18446744073709551616.0 // 2^64: exact scaling
}

impl Wheel {
    /// The published function's checks (`pick_winner`'s errors: none, a negative
    /// chance, a sum outside [99.99, 100.01]).
    pub fn new(chances: &[f64]) -> Result<Wheel> {
        // v = 0 is below every positive running sum, and a valid list has one.
        let (_, sums) = pick_winner(0.0, chances)?;
        let (shares, none_share) = exact_shares(&sums);
        Ok(Wheel {
            chances: chances.to_vec(),
            sums,
            shares,
            none_share,
        })
    }

    pub fn players(&self) -> usize {
        self.sums.len()
    }

    /// The winner for wheel point v (`pick_winner`'s answer; `None` where it has
    /// none): the first sum above v, by binary search over the sorted sums.
    #[inline(always)]
    pub fn pick(&self, v: f64) -> Option<usize> {
        let i = self.sums.partition_point(|&s| s <= v);
        (i < self.sums.len()).then_some(i)
    }

    /// Each band's exact share of the wheel, then the share past the last sum (no
    /// winner).
    pub fn band_shares(&self) -> (Vec<f64>, f64) {
        (self.shares.clone(), self.none_share)
    }
}

/// The bands' shares from the running sums (64 float64 evaluations a band).
fn exact_shares(sums: &[f64]) -> (Vec<f64>, f64) {
    let mut last = 0u128;
    let mut shares = Vec::with_capacity(sums.len());
    for &s in sums {
        let b = below(s).max(last);
        shares.push(share(b - last));
        last = b;
    }
    (shares, share((1u128 << 64) - last))
}

#[derive(Clone, Debug)]
pub struct BattleTally {
    wheel: Wheel,
    rounds: u64,
    winners: Vec<u64>,
    no_winner: u64,
}

impl BattleTally {
    pub fn new(wheel: Wheel) -> BattleTally {
        let n = wheel.players();
        BattleTally {
            wheel,
            rounds: 0,
            winners: vec![0; n],
            no_winner: 0,
        }
    }

    pub fn winners(&self) -> &[u64] {
        &self.winners
    }
}

impl RoundTally for BattleTally {
    #[inline(always)]
    fn add(&mut self, d: &[u32; 8], _back: u64) {
        self.rounds += 1;
        match self.wheel.pick(wheel_point_words(d)) {
            Some(i) => self.winners[i] += 1,
            None => self.no_winner += 1,
        }
    }

    fn summary(&self, _newest: Option<u64>) -> Map<String, Value> {
        let (shares, none_share) = (&self.wheel.shares, self.wheel.none_share);
        let n = self.rounds as f64;
        let expected: Vec<f64> = shares.iter().map(|s| s * n).collect();
        // The test's categories: the bands, and the rounds with no winner. That
        // share is tiny for a wheel adding up to 1 (2^10 of 2^64 values of u); a
        // category expected far below one round and not observed only adds a
        // degree of freedom, so then it is pooled with the last band it borders.
        let none_expected = none_share * n;
        let mut observed = self.winners.clone();
        let mut test_expected = expected.clone();
        let last = test_expected.iter().rposition(|&e| e > 0.0);
        match last {
            Some(i) if self.no_winner == 0 && none_expected < SMALL_EXPECTED => {
                test_expected[i] += none_expected;
            }
            _ => {
                observed.push(self.no_winner);
                test_expected.push(none_expected);
            }
        }
        let min_expected = test_expected
            .iter()
            .copied()
            .filter(|&e| e > 0.0)
            .fold(f64::INFINITY, f64::min);
        let mut m = Map::new();
        m.insert("rounds".into(), json!(self.rounds));
        m.insert("chances".into(), json!(self.wheel.chances));
        m.insert("winners".into(), json!(self.winners));
        m.insert("expected".into(), json!(expected));
        m.insert("bandShares".into(), json!(shares));
        m.insert("noWinner".into(), json!(self.no_winner));
        m.insert("noWinnerShare".into(), json!(none_share));
        insert_test(&mut m, pearson(&observed, &test_expected), min_expected);
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schemes::battle::pick_winner;

    #[test]
    fn pick_is_the_published_linear_scan() {
        let lists: [&[f64]; 6] = [
            &[100.0],
            &[50.0, 50.0],
            &[12.5, 30.1, 7.4, 50.0],
            &[33.33, 33.33, 33.34],
            &[0.0, 40.0, 0.0, 0.0, 59.995, 0.0],
            &[99.99],
        ];
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for chances in lists {
            let w = Wheel::new(chances).unwrap();
            let mut points: Vec<f64> = w.sums.clone();
            points.extend(w.sums.iter().map(|s| s.next_down()));
            points.extend([0.0, 1.0, 0.9999, 0.99995]);
            for _ in 0..20_000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                points.push(x as f64 / u64::MAX as f64);
            }
            for v in points {
                let want = pick_winner(v, chances).ok().map(|(i, _)| i);
                assert_eq!(w.pick(v), want, "{chances:?} at {v}");
            }
        }
    }

    #[test]
    fn band_shares_are_exact_counts_of_u() {
        // Halves: v(u) < 0.5 ⇔ float64(u) < 2^63 ⇔ u < 2^63 − 2^9 (the u that round
        // up to 2^63 are the last 2^9 below it: 2^63 − 2^9 + … is a tie to even).
        let w = Wheel::new(&[50.0, 50.0]).unwrap();
        let (s, none) = w.band_shares();
        let first = (1u128 << 63) - (1 << 9);
        assert_eq!(below(0.5), first);
        assert_eq!(s[0], share(first));
        // v(u) = 1 for the u that round to 2^64 (from 2^64 − 2^10 up, the tie going
        // to even): 1 < 1 is false, so even a wheel that adds up to exactly 1 has
        // no winner there, as the published function has none.
        let top = (1u128 << 64) - (1 << 10);
        assert_eq!(s[1], share(top - first));
        assert_eq!(none, share(1 << 10));
        assert_eq!(pick_winner(1.0, &[50.0, 50.0]).ok(), None);
        assert_eq!((u64::MAX - 1023) as f64 / u64::MAX as f64, 1.0);
        assert!(((u64::MAX - 1024) as f64 / u64::MAX as f64) < 1.0);
        // Check below() against a scan of u at the edge.
        for u in (first as u64 - 2000)..(first as u64 + 2000) {
            let v = u as f64 / u64::MAX as f64;
            assert_eq!(v < 0.5, (u as u128) < first, "u = {u}");
        }
        // A wheel that stops short: the rest has no winner.
        let w = Wheel::new(&[99.99]).unwrap();
        let (s, none) = w.band_shares();
        assert!((s[0] - 0.9999).abs() < 1e-15 && (none - 0.0001).abs() < 1e-15);
        // Zero chances have zero bands.
        let w = Wheel::new(&[0.0, 100.0, 0.0]).unwrap();
        let (s, _) = w.band_shares();
        assert_eq!(s, vec![0.0, 1.0, 0.0]);
    }

    /// Hashes whose first 8 bytes are u.
    fn at(u: u64) -> [u32; 8] {
        [(u >> 32) as u32, u as u32, 0, 0, 0, 0, 0, 0]
    }

    #[test]
    fn counts_and_the_no_winner_category() {
        let mut t = BattleTally::new(Wheel::new(&[50.0, 50.0]).unwrap());
        for i in 0..100u64 {
            t.add(&at(i << 50), i); // u < 2^57: below one half
            t.add(&at((1 << 63) + (i << 50)), i); // the top half
        }
        let s = t.summary(None);
        assert_eq!(s["winners"], json!([100, 100]));
        assert_eq!(s["noWinner"], 0);
        // The no-winner share (2^10 of 2^64) is pooled: two categories, one degree.
        assert_eq!(s["degreesOfFreedom"], 1);
        assert_eq!(s["smallSample"], false);
        let chi = s["chiSquare"].as_f64().unwrap();
        assert!(chi < 1e-9, "{chi}");
        // A round past every share (u rounds to 2^64: v = 1): its own category, and
        // with an expected count of about 10^−14 the test says so.
        t.add(&at(u64::MAX), 200);
        let s = t.summary(None);
        assert_eq!(
            (s["noWinner"].clone(), s["winners"].clone()),
            (json!(1), json!([100, 100]))
        );
        assert_eq!(s["degreesOfFreedom"], 2);
        assert_eq!(s["pValue"], 0.0);
        assert_eq!(s["smallSample"], true);
    }

    #[test]
    fn refuses_what_the_published_function_refuses() {
        assert!(Wheel::new(&[]).is_err());
        assert!(Wheel::new(&[50.0, -1.0, 51.0]).is_err());
        assert!(Wheel::new(&[50.0, 49.0]).is_err());
    }
}
