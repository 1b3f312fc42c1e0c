//! Crash history: counts at 1.00, ≥ 2, ≥ 10, ≥ 100, the highest point, the
//! longest run below 2, and the share of rounds at or above each of a fixed set of
//! multipliers against the share the formula gives (`crash_formula`), counted in a
//! histogram whose bin edges are exactly those multipliers.

use serde_json::{Map, Value};

use super::crash_formula::{share_at_least, share_by_40, share_instant};
use super::fast::{divisible_by_40, quotient_hundredths_fast, top52};
use super::walk::RoundTally;
use crate::schemes::crash::format_multiplier;

/// The multipliers (×100) whose share of rounds at or above is reported: log-spaced
/// from 1.01 to 1,000,000 (1, 2, 5 a decade from 2). 2, 10 and 100 are among them.
pub const THRESHOLDS: [u64; 23] = [
    101,
    110,
    120,
    150,
    200,
    300,
    500,
    1_000,
    2_000,
    5_000,
    10_000,
    20_000,
    50_000,
    100_000,
    200_000,
    500_000,
    1_000_000,
    2_000_000,
    5_000_000,
    10_000_000,
    20_000_000,
    50_000_000,
    100_000_000,
];

const fn index_of(k: u64) -> usize {
    let mut i = 0;
    while THRESHOLDS[i] != k {
        i += 1;
    }
    i
}
const AT_2: usize = index_of(200);
const AT_10: usize = index_of(1_000);
const AT_100: usize = index_of(10_000);

/// The threshold list as i32 (all below 2^31) for a branch-free bin search.
const EDGES: [i32; 23] = {
    let mut e = [0i32; 23];
    let mut i = 0;
    while i < 23 {
        e[i] = THRESHOLDS[i] as i32;
        i += 1;
    }
    e
};

/// The histogram bin of a crash point ×100: how many thresholds it reaches (bin 0
/// is 1.00, the only point below 1.01).
#[inline(always)]
pub fn bin_of(n: u64) -> usize {
    let m = n.min(i32::MAX as u64) as i32;
    // A branchless binary search over the sorted edges (five steps): the crate is
    // built for size, which leaves a 23-step loop unvectorised (issue 46).
    let mut base = 0usize;
    let mut size = EDGES.len();
    while size > 1 {
        let half = size / 2;
        if EDGES[base + half] <= m {
            base += half;
        }
        size -= half;
    }
    base + (EDGES[base] <= m) as usize
}

/// The formula's shares, computed once (a few thousand exact evaluations).
struct Expected {
    at_least: [f64; 23],
    instant: f64,
    by40: f64,
}

fn expected() -> &'static Expected {
    static E: std::sync::OnceLock<Expected> = std::sync::OnceLock::new();
    E.get_or_init(|| Expected {
        at_least: THRESHOLDS.map(share_at_least),
        instant: share_instant(),
        by40: share_by_40(),
    })
}

#[derive(Clone, Debug, Default)]
pub struct CrashTally {
    rounds: u64,
    /// Instant crashes by the 1-in-40 rule.
    by40: u64,
    /// `bins[i]`: rounds that reach exactly i thresholds.
    bins: [u64; 24],
    highest: u64,
    highest_back: u64,
    /// The run of rounds below 2.00 being counted, and where it began in walk order
    /// (its newest round).
    run: u64,
    run_back: u64,
    best_run: u64,
    best_back: u64,
}

impl CrashTally {
    pub fn new() -> CrashTally {
        CrashTally::default()
    }

    /// One round's crash point ×100 (what `add` computes from the hash).
    #[inline(always)]
    pub fn add_point(&mut self, n: u64, instant_by_40: bool, back: u64) {
        self.rounds += 1;
        self.by40 += instant_by_40 as u64;
        self.bins[bin_of(n)] += 1;
        if n > self.highest {
            self.highest = n;
            self.highest_back = back;
        }
        if n < 200 {
            if self.run == 0 {
                self.run_back = back;
            }
            self.run += 1;
        } else {
            if self.run > self.best_run {
                self.best_run = self.run;
                self.best_back = self.run_back;
            }
            self.run = 0;
        }
    }

    /// Rounds at or above threshold i.
    fn at_least(&self, i: usize) -> u64 {
        self.bins[i + 1..].iter().sum()
    }

    /// The longest run below 2.00 so far (a run still open counts), with its newest
    /// round's `back`. Ties keep the newest run.
    fn longest_below_2(&self) -> (u64, u64) {
        if self.run > self.best_run {
            (self.run, self.run_back)
        } else {
            (self.best_run, self.best_back)
        }
    }
}

impl RoundTally for CrashTally {
    #[inline(always)]
    fn add(&mut self, d: &[u32; 8], back: u64) {
        let instant = divisible_by_40(d);
        let n = if instant {
            100
        } else {
            quotient_hundredths_fast(top52(d))
        };
        self.add_point(n, instant, back);
    }

    fn summary(&self, newest: Option<u64>) -> Map<String, Value> {
        let round = |back: u64| match newest {
            Some(r) => json!(r - back),
            None => Value::Null,
        };
        let share = |count: u64| {
            if self.rounds == 0 {
                Value::Null
            } else {
                json!(count as f64 / self.rounds as f64)
            }
        };
        let (run, run_back) = self.longest_below_2();
        let e = expected();
        let shares: Vec<Value> = THRESHOLDS
            .iter()
            .enumerate()
            .map(|(i, &k)| {
                let count = self.at_least(i);
                json!({
                    "atLeast": format_multiplier(k),
                    "count": count,
                    "observed": share(count),
                    "expected": e.at_least[i],
                })
            })
            .collect();
        let mut m = Map::new();
        m.insert("rounds".into(), json!(self.rounds));
        m.insert("instant".into(), json!(self.bins[0]));
        m.insert("by40".into(), json!(self.by40));
        m.insert("over2".into(), json!(self.at_least(AT_2)));
        m.insert("over10".into(), json!(self.at_least(AT_10)));
        m.insert("over100".into(), json!(self.at_least(AT_100)));
        m.insert(
            "expectedShares".into(),
            json!({
                "instant": e.instant,
                "by40": e.by40,
                "over2": e.at_least[AT_2],
                "over10": e.at_least[AT_10],
                "over100": e.at_least[AT_100],
            }),
        );
        m.insert(
            "highest".into(),
            if self.rounds == 0 {
                Value::Null
            } else {
                json!({"point": format_multiplier(self.highest), "round": round(self.highest_back)})
            },
        );
        m.insert(
            "longestBelow2".into(),
            json!({
                "length": run,
                "endRound": if run == 0 { Value::Null } else { round(run_back) },
            }),
        );
        m.insert("shares".into(), Value::Array(shares));
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_are_the_thresholds_reached() {
        assert_eq!(bin_of(100), 0);
        assert_eq!(bin_of(101), 1);
        assert_eq!(bin_of(199), AT_2);
        assert_eq!(bin_of(200), AT_2 + 1);
        assert_eq!(bin_of(99_999_999), 22);
        assert_eq!(bin_of(100_000_000), 23);
        assert_eq!(bin_of(u64::MAX >> 6), 23);
        for n in 100..20_000u64 {
            let want = THRESHOLDS.iter().filter(|&&k| n >= k).count();
            assert_eq!(bin_of(n), want);
        }
        assert!(THRESHOLDS.windows(2).all(|w| w[0] < w[1]));
    }

    /// Counts and positions on a scripted sequence, newest first.
    #[test]
    fn counts_runs_and_the_highest() {
        let mut t = CrashTally::new();
        // back: 0     1    2    3    4     5    6    7    8
        let pts = [150, 100, 100, 250, 199, 1368, 100, 120, 130];
        for (back, &n) in pts.iter().enumerate() {
            t.add_point(n, back == 2, back as u64);
        }
        let s = t.summary(Some(100)); // the first fed is round 100
        assert_eq!(s["rounds"], 9);
        assert_eq!(s["instant"], 3);
        assert_eq!(s["by40"], 1);
        assert_eq!(s["over2"], 2);
        assert_eq!(s["over10"], 1);
        assert_eq!(s["over100"], 0);
        assert_eq!(s["highest"], json!({"point": "13.68", "round": 95}));
        // Runs below 2: backs 0–2 (3 long), 4 (1), 6–8 (3, still open): the tie
        // keeps the newest, which ends (its latest round) at round 100.
        assert_eq!(s["longestBelow2"], json!({"length": 3, "endRound": 100}));
        let shares = s["shares"].as_array().unwrap();
        assert_eq!(shares[0]["atLeast"], "1.01");
        assert_eq!(shares[0]["count"], 6);
        assert_eq!(shares[AT_2]["count"], 2);
        assert_eq!(shares[AT_2]["observed"], 2.0 / 9.0);
        // A longer open run wins at the end.
        t.add_point(100, false, 9);
        let s = t.summary(None);
        assert_eq!(s["longestBelow2"], json!({"length": 4, "endRound": null}));
        assert_eq!(s["highest"]["round"], Value::Null);
    }

    #[test]
    fn empty() {
        let s = CrashTally::new().summary(Some(1));
        assert_eq!(s["rounds"], 0);
        assert_eq!(s["highest"], Value::Null);
        assert_eq!(s["longestBelow2"], json!({"length": 0, "endRound": null}));
        assert_eq!(s["shares"][0]["observed"], Value::Null);
    }
}
