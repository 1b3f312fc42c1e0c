//! The whole history of a hash chain from one hash (issue 27): the walk from a
//! round's hash to the published terminal passes the hash of every earlier round,
//! so every round since the chain began is recomputed on the way and counted, at
//! flat memory (streamed counts and histograms, no rows kept).
//!
//! - `walk`: `HistoryWalk`, the walk that feeds a `RoundTally` every round it
//!   passes (round r first, then r − 1, …, 1; the terminal is not a round).
//! - `fast`: outcome functions for the hot loop, proven equal to the schemes' exact
//!   ones (the crash point by one integer division, the instant rule from the word
//!   sum, the platform without seeding Go's whole source).
//! - `crash`, `platforms`, `battle`: the tallies; `crash_formula`: the share of
//!   rounds at or above a point that the formula gives, exactly.
//! - `bets`: dice faces and mine cells of a `bets` list, with chi-square tests.
//! - `stats`: the chi-square survival function.
//! - `pager`: rounds `from` … `from − count + 1` with hash and outcome, from the
//!   nearest known position.
//!
//! Statistics prove nothing the per-round proof does not; they show what the
//! proven formula means.

use serde_json::{Map, Value};

use crate::error::{ErrorCode, Result, VerifyError};
use crate::primitives::chain_memory::Remembered;
use crate::primitives::hash_chain::Outcome;
use crate::record::{Fields, Hex64};
use crate::schemes::battle::parse_chances;
use crate::schemes::chain::{round_hash, DEFAULT_MAX_STEPS, MAX_STEPS};
use crate::schemes::descriptor::{HistoryDesc, Tally};
use crate::schemes::find;

pub mod battle;
pub mod bets;
pub mod crash;
pub mod crash_formula;
pub mod fast;
pub mod pager;
pub mod platforms;
pub mod stats;
pub mod view;
pub mod walk;

pub use battle::{BattleTally, Wheel};
pub use bets::bets_history;
pub use crash::CrashTally;
pub use pager::RoundPager;
pub use platforms::PlatformTally;
pub use walk::{HistoryWalk, RoundTally};

/// The tally a chain record's history runs, with what its outcome needs: the
/// registry's `HistoryDesc` made concrete for one record (one static dispatch per
/// call, not per link). Which schemes have a history is the registry's word alone.
#[derive(Clone, Debug, PartialEq)]
pub enum ChainGame {
    Crash,
    Platforms,
    Battle(Wheel),
}

impl ChainGame {
    /// The game of `desc` for this record's fields (battle reads its chances).
    fn of(desc: &HistoryDesc, f: Fields) -> Result<ChainGame> {
        Ok(match desc.tally {
            Tally::Crash => ChainGame::Crash,
            Tally::Platforms => ChainGame::Platforms,
            Tally::Battle => ChainGame::Battle(Wheel::new(&parse_chances(f)?)?),
        })
    }

    /// The registry's tally this game runs (whose view draws its summary).
    pub fn tally(&self) -> Tally {
        match self {
            ChainGame::Crash => Tally::Crash,
            ChainGame::Platforms => Tally::Platforms,
            ChainGame::Battle(_) => Tally::Battle,
        }
    }
}

/// What a history needs from a chain record: its game, round hash, terminal and
/// `maxSteps`.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryRecord {
    /// The scheme's id (the summary's `game`).
    pub scheme: &'static str,
    pub game: ChainGame,
    pub hash: Hex64,
    pub terminal: Hex64,
    pub max_steps: u64,
}

impl HistoryRecord {
    /// A record of a scheme whose descriptor declares a history (SPEC §6), with a
    /// `terminal`: the history is walked to it. The fields are checked as the scheme
    /// checks them; other fields (`history`, `played`) are not this walk's business.
    pub fn parse(record: &Value) -> Result<HistoryRecord> {
        let Value::Object(map) = record else {
            return Err(VerifyError::new(
                ErrorCode::NotObject,
                "",
                msg!("a record is a JSON object"),
            ));
        };
        let f = Fields::new(map, "");
        let id = f.str("scheme")?;
        let Some((scheme, desc)) =
            find(id).and_then(|s| Some((s.desc.id, s.desc.history.as_ref()?)))
        else {
            return Err(VerifyError::new(
                ErrorCode::UnknownScheme,
                "scheme",
                msg!(
                    "a chain history is for a chain game with outcomes (crash, platforms, battle), not `{}`",
                    id.chars().take(40).collect::<String>()
                ),
            ));
        };
        let hash = round_hash(f)?;
        let game = ChainGame::of(desc, f)?;
        let terminal = f.hex64("terminal")?;
        let max_steps = f
            .opt_int("maxSteps", 1, MAX_STEPS)?
            .unwrap_or(DEFAULT_MAX_STEPS) as u64;
        Ok(HistoryRecord {
            scheme,
            game,
            hash,
            terminal,
            max_steps,
        })
    }
}

#[derive(Clone, Debug)]
enum AnyWalk {
    Crash(HistoryWalk<CrashTally>),
    Platforms(HistoryWalk<PlatformTally>),
    Battle(HistoryWalk<BattleTally>),
}

/// The same expression on whichever walk it is (one dispatch per call, not per link).
macro_rules! each {
    ($walk:expr, $w:ident => $e:expr) => {
        match $walk {
            AnyWalk::Crash($w) => $e,
            AnyWalk::Platforms($w) => $e,
            AnyWalk::Battle($w) => $e,
        }
    };
}

/// A history walk for any chain game: what a worker drives in slices.
#[derive(Clone, Debug)]
pub struct ChainHistory {
    record: HistoryRecord,
    walk: AnyWalk,
}

impl ChainHistory {
    pub fn new(record: HistoryRecord) -> ChainHistory {
        let (h, t, m) = (&record.hash, &record.terminal, record.max_steps);
        let walk = match &record.game {
            ChainGame::Crash => AnyWalk::Crash(HistoryWalk::new(h, t, m, CrashTally::new())),
            ChainGame::Platforms => {
                AnyWalk::Platforms(HistoryWalk::new(h, t, m, PlatformTally::new()))
            }
            ChainGame::Battle(w) => {
                AnyWalk::Battle(HistoryWalk::new(h, t, m, BattleTally::new(w.clone())))
            }
        };
        ChainHistory { record, walk }
    }

    /// From a chain record (see `HistoryRecord::parse`).
    pub fn from_record(record: &Value) -> Result<ChainHistory> {
        Ok(ChainHistory::new(HistoryRecord::parse(record)?))
    }

    pub fn record(&self) -> &HistoryRecord {
        &self.record
    }

    /// Up to `n` more links; whether the terminal is reached.
    pub fn advance(&mut self, n: u64) -> bool {
        each!(&mut self.walk, w => w.advance(n))
    }

    pub fn steps(&self) -> u64 {
        each!(&self.walk, w => w.steps())
    }

    pub fn found(&self) -> bool {
        each!(&self.walk, w => w.found())
    }

    /// Found, or `maxSteps` links walked without reaching the terminal.
    pub fn done(&self) -> bool {
        each!(&self.walk, w => w.done())
    }

    pub fn round(&self) -> Option<u64> {
        each!(&self.walk, w => w.round())
    }

    /// The links walked so far (a history walks every one: the round, once found).
    pub fn links_walked(&self) -> u64 {
        self.steps()
    }

    pub fn max_steps(&self) -> u64 {
        self.record.max_steps
    }

    /// The walk's outcome, by the one rule of `ChainWalk::outcome`.
    pub fn outcome(&self) -> Outcome {
        each!(&self.walk, w => w.walk().outcome())
    }

    /// The proven positions of a found walk (checkpoints and the start), oldest
    /// first, as every walk gives them (`ChainWalk::to_remember`).
    pub fn to_remember(&self) -> Vec<Remembered> {
        each!(&self.walk, w => w.positions())
    }

    /// `{game, found, done, round, steps, maxSteps, rounds, …the game's figures,
    /// view}` (`view`: the generic shape the surfaces draw, `view.rs`).
    /// Before the terminal is reached the figures are those of the rounds walked so
    /// far and `round` and every field naming a round are null.
    pub fn summary(&self) -> Value {
        let mut m = Map::new();
        m.insert("game".into(), json!(self.record.scheme));
        m.insert("found".into(), json!(self.found()));
        m.insert("done".into(), json!(self.done()));
        m.insert("round".into(), json!(self.round()));
        m.insert("steps".into(), json!(self.steps()));
        m.insert("maxSteps".into(), json!(self.record.max_steps));
        let round = self.round();
        let figures = each!(&self.walk, w => w.tally().summary(round));
        m.extend(figures);
        let v = view::view(&self.record.game.tally(), &m);
        m.insert("view".into(), v);
        Value::Object(m)
    }

    /// The paged view of this chain, once the terminal is reached.
    pub fn pager(&self) -> Option<RoundPager> {
        let round = self.round()?;
        RoundPager::new(
            self.record.game.clone(),
            &self.record.hash,
            round,
            &self.to_remember(),
        )
        .ok()
    }
}
