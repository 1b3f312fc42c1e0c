//! Dice and mines bet lists (SPEC §7 `bets`): face frequencies 1–6 and mine-cell
//! frequencies 1–25 against uniform, each with a chi-square statistic and p-value.
//!
//! Dice: Pearson's statistic over the six faces, 5 degrees of freedom. (The face is
//! the 256-bit game seed mod 6; 2^256 mod 6 = 4, so four faces have one more seed
//! value out of 2^256: uniform to 2^−254.)
//!
//! Mines: a bet with m mines marks m *distinct* cells, so a cell's count is not a
//! multinomial count and Pearson's statistic does not follow χ²(24) (with 24 mines a
//! bet, every cell is marked in 24 bets of 25 almost surely, far less spread than
//! Pearson expects). The right statistic, from the covariance of the counts:
//! - Model: each bet's mine set is a uniformly random m-subset of the 25 cells (the
//!   published placement draws cells independently, uniform up to 2^32 mod 25 = 21
//!   values in 2^32, and keeps new ones: that gives a uniform subset), bets
//!   independent.
//! - One bet's indicator vector I has E[I_j] = p = m/25, Var I_j = p(1 − p) and
//!   Cov(I_j, I_k) = m(m − 1)/(25·24) − p² = −p(1 − p)/24, i.e. covariance
//!   p(1 − p)·(25/24)·(Id − J/25) (J all ones): a multiple of the projection Id − J/25.
//! - Summed over bets (mine counts may differ from bet to bet), the cell counts X
//!   have mean M/25 each (M = all mines) and covariance c·(Id − J/25) with
//!   c = (25/24) Σ_b p_b(1 − p_b) = S/600, S = Σ_b m_b(25 − m_b). X − M/25 lies in
//!   the projection's range (it sums to 0), so by the central limit theorem
//!   |X − M/25|²/c is asymptotically χ² with 24 degrees of freedom.
//! - Statistic: T = Σ_j (X_j − M/25)² / c = (24/25) Σ_j (25·X_j − M)² / S. With one
//!   mine a bet this is Pearson's statistic; with m mines in every bet it is
//!   Pearson's times 24/(25 − m). Bets with 0 or 25 mines carry no information
//!   (S counts them as 0); with S = 0 there is no test (null).

use serde_json::{Map, Value};

use super::stats::{insert_test, pearson_uniform, ChiSquare};
use super::view::view;
use crate::error::{ErrorCode, Result, VerifyError, Want};
use crate::schemes::descriptor::BetTally;
use crate::schemes::find;

pub const FACES: usize = crate::schemes::dice::FACES as usize;

/// A summary with its generic view (`view.rs`) beside its figures.
fn with_view(tally: BetTally, mut m: Map<String, Value>) -> Value {
    let v = view(&tally, &m);
    m.insert("view".into(), v);
    Value::Object(m)
}
pub const CELLS: usize = crate::schemes::mines::CELLS as usize;

#[derive(Clone, Debug, Default)]
pub struct DiceTally {
    bets: u64,
    faces: [u64; FACES],
    wins: u64,
    /// Σ of the number of faces selected, for the expected number of wins.
    selected: u64,
}

impl DiceTally {
    pub fn new() -> DiceTally {
        DiceTally::default()
    }

    /// One bet: its face (1..=6), whether it won, how many faces it selected (0
    /// when not known: then there is no expected number of wins).
    pub fn add(&mut self, face: u8, win: bool, selected: u8) {
        self.bets += 1;
        self.faces[(face as usize + FACES - 1) % FACES] += 1;
        self.wins += win as u64;
        self.selected += selected as u64;
    }

    pub fn summary(&self) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("game".into(), json!("dice"));
        m.insert("bets".into(), json!(self.bets));
        m.insert("faces".into(), json!(self.faces));
        let expected = self.bets as f64 / FACES as f64;
        m.insert("expected".into(), json!(vec![expected; FACES]));
        m.insert("wins".into(), json!(self.wins));
        m.insert(
            "expectedWins".into(),
            json!(self.selected as f64 / FACES as f64),
        );
        insert_test(&mut m, pearson_uniform(&self.faces), expected);
        m
    }
}

#[derive(Clone, Debug, Default)]
pub struct MinesTally {
    bets: u64,
    mines: u64,
    cells: [u64; CELLS],
    /// S = Σ m(25 − m) over bets.
    spread: u64,
}

impl MinesTally {
    pub fn new() -> MinesTally {
        MinesTally::default()
    }

    /// One bet's mine cells (1..=25, distinct, as `place_mines` gives them).
    pub fn add(&mut self, cells: &[u32]) {
        let m = cells.len().min(CELLS) as u64;
        self.bets += 1;
        self.mines += m;
        self.spread += m * (CELLS as u64 - m);
        for &c in cells {
            self.cells[(c as usize + CELLS - 1) % CELLS] += 1;
        }
    }

    /// T = (24/25) Σ (25 X_j − M)² / S with 24 degrees of freedom (see above).
    pub fn test(&self) -> Option<ChiSquare> {
        if self.spread == 0 {
            return None;
        }
        let m = self.mines as i128;
        let num: i128 = self
            .cells
            .iter()
            .map(|&x| {
                let d = 25 * x as i128 - m;
                d * d
            })
            .sum();
        Some(ChiSquare {
            statistic: 24.0 * num as f64 / (25.0 * self.spread as f64),
            dof: CELLS as u64 - 1,
        })
    }

    pub fn summary(&self) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("game".into(), json!("mines"));
        m.insert("bets".into(), json!(self.bets));
        m.insert("mines".into(), json!(self.mines));
        m.insert("cells".into(), json!(self.cells));
        let expected = self.mines as f64 / CELLS as f64;
        m.insert("expected".into(), json!(vec![expected; CELLS]));
        // Mines and safe cells play symmetric parts: the smaller expected count.
        let safe = (self.bets * CELLS as u64 - self.mines) as f64 / CELLS as f64;
        insert_test(&mut m, self.test(), expected.min(safe));
        m
    }
}

fn bad(field: String, want: Want, got: &Value) -> VerifyError {
    VerifyError::wrong_type(&field, want, got)
}

/// The summary of a dice or mines `bets` record from its report (what `verify`
/// returned for it: each bet's `face` and `win`, or `mines`) and the record itself
/// (each dice bet's `selected`, for the expected number of wins).
pub fn bets_history(record: &Value, report: &Value) -> Result<Value> {
    let scheme = report.get("scheme").and_then(Value::as_str).unwrap_or("");
    let Some(tally) = find(scheme).and_then(|s| s.desc.bets_history) else {
        return Err(VerifyError::new(
            ErrorCode::UnknownScheme,
            "scheme",
            msg!(
                "bet lists are counted for dice and mines, not `{}`",
                scheme.chars().take(40).collect::<String>()
            ),
        ));
    };
    let Some(Value::Array(bets)) = report.get("bets") else {
        return Err(VerifyError::missing("bets"));
    };
    let record_bets = record.get("bets").and_then(Value::as_array);
    match tally {
        BetTally::Dice => {
            let mut t = DiceTally::new();
            for (i, b) in bets.iter().enumerate() {
                let f = b.get("face").unwrap_or(&Value::Null);
                let face = f
                    .as_u64()
                    .filter(|x| (1..=6).contains(x))
                    .ok_or_else(|| bad(format!("bets[{i}].face"), Want::Integer, f))?;
                let win = b
                    .get("win")
                    .and_then(Value::as_bool)
                    .ok_or_else(|| VerifyError::missing(&format!("bets[{i}].win")))?;
                let selected = record_bets
                    .and_then(|r| r.get(i))
                    .and_then(|r| r.get("selected"))
                    .and_then(Value::as_array)
                    .map_or(0, |s| s.len().min(FACES) as u8);
                t.add(face as u8, win, selected);
            }
            Ok(with_view(tally, t.summary()))
        }
        BetTally::Mines => {
            let mut t = MinesTally::new();
            for (i, b) in bets.iter().enumerate() {
                let field = format!("bets[{i}].mines");
                let v = b.get("mines").unwrap_or(&Value::Null);
                let list = v
                    .as_array()
                    .ok_or_else(|| bad(field.clone(), Want::List, v))?;
                let mut cells = Vec::with_capacity(list.len());
                let mut seen = [false; CELLS + 1];
                for c in list {
                    let cell = c
                        .as_u64()
                        .filter(|x| (1..=CELLS as u64).contains(x))
                        .ok_or_else(|| bad(field.clone(), Want::Integer, c))?;
                    if std::mem::replace(&mut seen[cell as usize], true) {
                        return Err(VerifyError::new(
                            ErrorCode::OutOfRange,
                            field,
                            msg!("a board lists cell {cell} twice"),
                        ));
                    }
                    cells.push(cell as u32);
                }
                t.add(&cells);
            }
            Ok(with_view(tally, t.summary()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::stats::chi_square_sf;

    /// xorshift64*: test boards.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
        fn below(&mut self, n: u64) -> u64 {
            (((self.next() >> 11) as u128 * n as u128) >> 53) as u64
        }
        /// A uniform m-subset of 1..=25 (partial Fisher–Yates).
        fn board(&mut self, m: usize) -> Vec<u32> {
            let mut cells: Vec<u32> = (1..=25).collect();
            for i in 0..m {
                let j = i + self.below((25 - i) as u64) as usize;
                cells.swap(i, j);
            }
            cells.truncate(m);
            cells
        }
    }

    /// Under the model (uniform subsets), the statistic has the mean 24 and
    /// variance 48 of χ²(24) and p-values spread evenly, whatever the mine counts;
    /// Pearson's unadjusted statistic does not (which the test also shows, so it
    /// would catch a missing adjustment).
    #[test]
    fn the_mines_statistic_is_chi_square_24_under_the_model() {
        let mut r = Rng(0x1234_5678);
        let replicates = if cfg!(debug_assertions) { 300 } else { 3000 };
        for counts in [&[1usize][..], &[5], &[20], &[24], &[1, 3, 24, 12, 0, 25]] {
            let (mut sum, mut sum2, mut low_p, mut pearson_sum) = (0.0, 0.0, 0, 0.0);
            for _ in 0..replicates {
                let mut t = MinesTally::new();
                for b in 0..400 {
                    t.add(&r.board(counts[b % counts.len()]));
                }
                let s = t.test().unwrap().statistic;
                sum += s;
                sum2 += s * s;
                low_p += (chi_square_sf(s, 24) < 0.1) as u32;
                pearson_sum += pearson_uniform(&t.cells).unwrap().statistic;
            }
            let n = replicates as f64;
            let mean = sum / n;
            let var = sum2 / n - mean * mean;
            // Standard errors: mean 24 ± √(48/n), variance 48 ± ~√(2·48²·… /n).
            assert!(
                (mean - 24.0).abs() < 5.0 * (48.0 / n).sqrt(),
                "{counts:?}: {mean}"
            );
            assert!(
                (var - 48.0).abs() < 48.0 * 6.0 / n.sqrt(),
                "{counts:?}: {var}"
            );
            let share = low_p as f64 / n;
            assert!(
                (share - 0.1).abs() < 5.0 * (0.09 / n).sqrt(),
                "{counts:?}: {share}"
            );
            let pearson_mean = pearson_sum / n;
            if counts == [20] {
                // Pearson's mean is 24·(25 − m)/24 = 5 with 20 mines a bet.
                assert!((pearson_mean - 5.0).abs() < 0.5, "{pearson_mean}");
            }
        }
    }

    #[test]
    fn one_mine_a_bet_is_pearson() {
        let mut t = MinesTally::new();
        let mut r = Rng(99);
        for _ in 0..1000 {
            t.add(&r.board(1));
        }
        let ours = t.test().unwrap().statistic;
        let pearson = pearson_uniform(&t.cells).unwrap().statistic;
        assert!((ours - pearson).abs() < 1e-9 * pearson, "{ours} {pearson}");
    }

    #[test]
    fn no_test_without_spread() {
        let mut t = MinesTally::new();
        t.add(&[]);
        t.add(&(1..=25).collect::<Vec<u32>>());
        assert_eq!(t.test(), None);
        let s = t.summary();
        assert_eq!(s["pValue"], Value::Null);
        assert_eq!(s["mines"], 25);
        assert_eq!(s["cells"][7], 1);
    }

    #[test]
    fn dice_counts() {
        let mut t = DiceTally::new();
        for (face, win) in [(1, true), (6, false), (6, true), (3, false)] {
            t.add(face, win, 2);
        }
        let s = t.summary();
        assert_eq!(s["faces"], json!([1, 0, 1, 0, 0, 2]));
        assert_eq!(s["wins"], 2);
        assert_eq!(s["expectedWins"], 8.0 / 6.0);
        // Pearson by hand: expected 4/6 each; Σ (6X − 4)² / 24 = (4+16+4+16+16+64)/24.
        assert_eq!(s["chiSquare"], 120.0 / 24.0);
        assert_eq!(s["degreesOfFreedom"], 5);
        assert_eq!(s["smallSample"], true);
    }

    #[test]
    fn adapter_refuses_what_it_cannot_count() {
        let rec = json!({});
        let e = bets_history(&rec, &json!({"scheme": "dice"})).unwrap_err();
        assert_eq!(
            (e.code, e.field.as_str()),
            (ErrorCode::MissingField, "bets")
        );
        let e = bets_history(&rec, &json!({"scheme": "crash", "bets": []})).unwrap_err();
        assert_eq!(e.code, ErrorCode::UnknownScheme);
        let rep = json!({"scheme": "dice", "bets": [{"face": 7, "win": true}]});
        let e = bets_history(&rec, &rep).unwrap_err();
        assert_eq!(e.field, "bets[0].face");
        let rep = json!({"scheme": "mines", "bets": [{"mines": [3, 3]}]});
        let e = bets_history(&rec, &rep).unwrap_err();
        assert_eq!(
            (e.code, e.field.as_str()),
            (ErrorCode::OutOfRange, "bets[0].mines")
        );
    }
}
