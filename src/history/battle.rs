//! Battle history: where the wheel stopped in every round of the chain, by tenths,
//! against the share of the wheel each tenth has, exactly. Who won an earlier round
//! depends on that round's players and chances, which the chain does not record, so
//! no earlier round gets a winner; the record's chances name this round's alone.
//! (`Wheel` and its bands are this round's, and the pager's for this round.)
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
use super::stats::{insert_test, pearson};
use super::walk::RoundTally;
use crate::error::Result;
use crate::schemes::battle::pick_winner;

/// A validated list of chances with its running sums, ready for every round.
#[derive(Clone, Debug, PartialEq)]
pub struct Wheel {
    chances: Vec<f64>,
    sums: Vec<f64>,
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
        Ok(Wheel {
            chances: chances.to_vec(),
            sums,
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
        exact_shares(&self.sums)
    }
}

/// The bands' shares from the running sums (64 float64 evaluations a band), and the
/// share past the last sum.
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

/// The wheel point's tenths: a point's tenth is how many of these lower ends (the
/// float64 nearest k/10) are at or below it, so tenth k holds 0.k ≤ v < 0.(k+1), and
/// the last one 0.9 ≤ v ≤ 1.
pub const TENTH_EDGES: [f64; 9] = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
pub const TENTHS: usize = TENTH_EDGES.len() + 1;

/// Each tenth's exact share of the u in [0, 2^64), as `exact_shares` gives bands.
pub fn tenth_shares() -> Vec<f64> {
    let (mut shares, last) = exact_shares(&TENTH_EDGES);
    shares.push(last);
    shares
}

#[inline(always)]
fn tenth(v: f64) -> usize {
    TENTH_EDGES.partition_point(|&e| e <= v)
}

/// A chain's battle rounds. The chain records each round's hash, hence where the
/// wheel stopped, but not who played it or with what chances: those of the record
/// are this round's alone. So the walk counts the wheel point of every round (by
/// tenths) and names a winner only for the round the record describes, the first
/// one walked; no earlier round is given a winner it never had.
#[derive(Clone, Debug)]
pub struct BattleTally {
    wheel: Wheel,
    rounds: u64,
    tenths: [u64; TENTHS],
    /// This round's winner by its own chances (`None` before it is counted; the
    /// inner `None` where the wheel has none).
    this_round: Option<Option<usize>>,
}

impl BattleTally {
    pub fn new(wheel: Wheel) -> BattleTally {
        BattleTally {
            wheel,
            rounds: 0,
            tenths: [0; TENTHS],
            this_round: None,
        }
    }

    /// How many rounds' wheel points fell in each tenth.
    pub fn tenths(&self) -> &[u64] {
        &self.tenths
    }
}

impl RoundTally for BattleTally {
    #[inline(always)]
    fn add(&mut self, d: &[u32; 8], _back: u64) {
        self.rounds += 1;
        let v = wheel_point_words(d);
        self.tenths[tenth(v)] += 1;
        if self.this_round.is_none() {
            self.this_round = Some(self.wheel.pick(v));
        }
    }

    fn summary(&self, _newest: Option<u64>) -> Map<String, Value> {
        let shares = tenth_shares();
        let n = self.rounds as f64;
        let expected: Vec<f64> = shares.iter().map(|s| s * n).collect();
        let min_expected = expected
            .iter()
            .copied()
            .filter(|&e| e > 0.0)
            .fold(f64::INFINITY, f64::min);
        let mut m = Map::new();
        m.insert("rounds".into(), json!(self.rounds));
        m.insert("chances".into(), json!(self.wheel.chances));
        m.insert("winner".into(), json!(self.this_round.flatten()));
        m.insert("tenths".into(), json!(self.tenths));
        m.insert("expected".into(), json!(expected));
        m.insert("tenthShares".into(), json!(shares));
        insert_test(&mut m, pearson(&self.tenths, &expected), min_expected);
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
    fn tenths_are_exact_counts_of_u() {
        let s = tenth_shares();
        assert_eq!(s.len(), 10);
        // The shares cover every u once.
        assert_eq!(s[9], share((1u128 << 64) - below(0.9)));
        for (k, &e) in TENTH_EDGES.iter().enumerate() {
            let lo = if k == 0 { 0 } else { below(TENTH_EDGES[k - 1]) };
            assert_eq!(s[k], share(below(e) - lo), "tenth {k}");
            assert!((s[k] - 0.1).abs() < 1e-15, "tenth {k}: {}", s[k]);
            // A point just below an edge is in the tenth before it, the edge in its own.
            assert_eq!((tenth(e.next_down()), tenth(e)), (k, k + 1));
        }
        assert_eq!((tenth(0.0), tenth(1.0)), (0, 9));
    }

    /// Earlier rounds had other players and chances, which the chain does not
    /// record: the walk counts no one's wins over them, only where the wheel
    /// stopped; a winner is named for the record's own round, the first walked.
    #[test]
    fn counts_wheel_points_and_only_this_rounds_winner() {
        let mut t = BattleTally::new(Wheel::new(&[50.0, 50.0]).unwrap());
        t.add(&at(1 << 63), 0); // this round: v ≈ 0.5, player 2's half
        for i in 0..99u64 {
            t.add(&at(i << 50), i + 1); // v < 2^57 / 2^64: the first tenth
        }
        let s = t.summary(None);
        assert_eq!(s["rounds"], 100);
        assert_eq!(s["winner"], 1);
        assert_eq!(s["tenths"], json!([99, 0, 0, 0, 0, 1, 0, 0, 0, 0]));
        // Nothing that reads as anyone's wins over the rounds walked.
        for key in ["winners", "noWinner", "bandShares"] {
            assert!(s.get(key).is_none(), "{key}");
        }
        assert_eq!(s["degreesOfFreedom"], 9);
        assert!(s["pValue"].as_f64().unwrap() < 1e-6);
        // A wheel point past every band: this round has no winner to name.
        let mut t = BattleTally::new(Wheel::new(&[99.99]).unwrap());
        t.add(&at(u64::MAX), 0);
        assert_eq!(t.summary(None)["winner"], Value::Null);
        assert_eq!(t.tenths()[9], 1);
    }

    #[test]
    fn refuses_what_the_published_function_refuses() {
        assert!(Wheel::new(&[]).is_err());
        assert!(Wheel::new(&[50.0, -1.0, 51.0]).is_err());
        assert!(Wheel::new(&[50.0, 49.0]).is_err());
    }
}
