//! A paged view of a chain's rounds at flat memory: rounds `from` down to
//! `from − count + 1`, newest first, each with its hash and outcome, computed by
//! walking from the nearest known position at or above `from` (the record's own
//! hash, the checkpoints of the walk that proved it, or where the last page ended).
//!
//! The positions given must be proven ones of this chain (what `HistoryWalk` or
//! `ChainWalk::to_remember` returned for this record's terminal): a hash at
//! distance d from the terminal is round d of the chain, and every round below it
//! follows from it. Rows use the schemes' exact functions, not the walk's fast ones.

use serde_json::{Map, Value};

use super::ChainGame;
use crate::error::{ErrorCode, Result, VerifyError};
use crate::primitives::chain_memory::{words_to_bytes, Remembered, MAX_DISTANCE};
use crate::primitives::link::{digest_words, Link};
use crate::primitives::sha256::to_hex;
use crate::record::Hex64;
use crate::schemes::battle::wheel_point;
use crate::schemes::{crash, platforms};

/// The most rows a page holds.
pub const MAX_PAGE: u64 = 1000;
/// The most positions kept (a 100,000,000-link walk passes 1,526 checkpoints).
pub const MAX_POSITIONS: usize = 4096;

/// The next older round's hash: HashSeed of this one.
#[inline]
fn older(d: &[u32; 8]) -> [u32; 8] {
    Link::from_digest(d).digest()
}

#[derive(Clone, Debug)]
pub struct RoundPager {
    game: ChainGame,
    newest: u64,
    /// (round, hash as digest words), ascending by round, one entry a round.
    known: Vec<(u64, [u32; 8])>,
    /// Where the last page ended: the round below it.
    cursor: Option<(u64, [u32; 8])>,
}

impl RoundPager {
    /// For the record's `hash`, proven to be `round` of its chain, with other
    /// proven `positions` of that chain (those above `round` are not needed).
    pub fn new(
        game: ChainGame,
        hash: &Hex64,
        round: u64,
        positions: &[Remembered],
    ) -> Result<RoundPager> {
        if round == 0 || round > MAX_DISTANCE {
            return Err(VerifyError::out_of_range("round", 1, MAX_DISTANCE as i64));
        }
        let mut known: Vec<(u64, [u32; 8])> = positions
            .iter()
            .filter(|p| p.distance >= 1 && p.distance < round)
            .map(|p| (p.distance, digest_words(&p.hash)))
            .collect();
        known.sort_by_key(|&(r, _)| std::cmp::Reverse(r));
        known.dedup_by_key(|&mut (r, _)| r);
        known.truncate(MAX_POSITIONS - 1);
        known.reverse();
        known.push((round, digest_words(hash.bytes())));
        Ok(RoundPager {
            game,
            newest: round,
            known,
            cursor: None,
        })
    }

    /// The newest round shown (the record's).
    pub fn newest(&self) -> u64 {
        self.newest
    }

    /// The known position nearest at or above round `n` (n ≤ newest).
    fn nearest(&self, n: u64) -> (u64, [u32; 8]) {
        let i = self.known.partition_point(|&(r, _)| r < n);
        let mut best = self.known[i.min(self.known.len() - 1)];
        if let Some(c) = self.cursor {
            if c.0 >= n && c.0 < best.0 {
                best = c;
            }
        }
        best
    }

    /// One row: round, hash, and the outcome under the scheme's result key.
    fn row(&self, round: u64, d: &[u32; 8]) -> Result<Value> {
        let text = to_hex(&words_to_bytes(d));
        let h = Hex64::parse(&text).ok_or_else(|| {
            VerifyError::new(
                ErrorCode::Internal,
                "hash",
                msg!("a digest is not 64 hex digits"),
            )
        })?;
        let mut m = Map::new();
        m.insert("round".into(), json!(round));
        m.insert("hash".into(), json!(text));
        // The outcome under the scheme's result key, and as the view's typed value
        // (`view.rs`) the surfaces write without knowing the game.
        let outcome = match &self.game {
            ChainGame::Crash => {
                let x = crash::format_multiplier(crash::crash_hundredths(&h));
                m.insert("multiplier".into(), json!(x));
                json!({"key": "draw.multiplier", "params": {"value": {"decimal": x}}})
            }
            ChainGame::Platforms => {
                let p = platforms::last_platform(&h);
                m.insert("lastPlatform".into(), json!(p));
                json!(p.to_string())
            }
            // Where the wheel stopped is the round's own; who won depends on its
            // players and chances, which only this round's record gives.
            ChainGame::Battle(w) => {
                let v = wheel_point(&h);
                let point = json!({"decimal": format!("{v}")});
                m.insert("point".into(), json!(v));
                match (round == self.newest).then(|| w.pick(v)) {
                    Some(winner) => {
                        m.insert("winner".into(), json!(winner));
                        match winner {
                            Some(k) => json!({"key": "history.battle.pointWon",
                                              "params": {"point": point, "n": (k + 1).to_string()}}),
                            None => json!({"key": "history.battle.pointNone",
                                           "params": {"point": point}}),
                        }
                    }
                    None => point,
                }
            }
        };
        m.insert("outcome".into(), outcome);
        Ok(Value::Object(m))
    }

    /// Rounds `from` down to `max(from − count + 1, 1)`, newest first: `{from, to,
    /// newest, walked, rows: [{round, hash, multiplier | lastPlatform | point}]}`;
    /// battle's newest row (the record's round) also has `winner` (null where the
    /// wheel has none), no earlier one. `walked` is the links hashed.
    pub fn page(&mut self, from: u64, count: u64) -> Result<Value> {
        if from == 0 || from > self.newest {
            return Err(VerifyError::out_of_range("from", 1, self.newest as i64));
        }
        if count == 0 || count > MAX_PAGE {
            return Err(VerifyError::out_of_range("count", 1, MAX_PAGE as i64));
        }
        let to = from.saturating_sub(count - 1).max(1);
        let (mut at, mut cur) = self.nearest(from);
        let mut walked = 0u64;
        while at > from {
            cur = older(&cur);
            at -= 1;
            walked += 1;
        }
        let mut rows = Vec::with_capacity((from - to + 1) as usize);
        let mut n = from;
        loop {
            rows.push(self.row(n, &cur)?);
            cur = older(&cur);
            walked += 1;
            if n == to {
                break;
            }
            n -= 1;
        }
        // `cur` is now round to − 1 (or the terminal, after round 1).
        self.cursor = (to > 1).then_some((to - 1, cur));
        Ok(json!({
            "from": from,
            "to": to,
            "newest": self.newest,
            "walked": walked,
            "rows": rows,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::primitives::link::step_generic;

    fn chain(n: usize) -> Vec<Hex64> {
        let mut cur = [b'c'; 64];
        let mut out = Vec::with_capacity(n + 1);
        for _ in 0..=n {
            out.push(Hex64::parse(std::str::from_utf8(&cur).unwrap()).unwrap());
            cur = step_generic(&cur);
        }
        out
    }

    fn at(links: &[Hex64], n: usize, round: usize) -> Remembered {
        Remembered {
            hash: *links[n - round].bytes(),
            distance: round as u64,
        }
    }

    #[test]
    fn walks_from_the_nearest_position_and_continues_from_the_cursor() {
        let n = 500;
        let links = chain(n);
        // Positions at rounds 300 and 100 (listed twice: a round is kept once).
        let positions = [at(&links, n, 300), at(&links, n, 100), at(&links, n, 300)];
        let mut p = RoundPager::new(ChainGame::Platforms, &links[0], n as u64, &positions).unwrap();
        assert_eq!(p.known.len(), 3);
        let page = p.page(250, 10).unwrap();
        assert_eq!(page["walked"], 50 + 10); // 300 → 250, then the page
        assert_eq!(page["rows"][0]["hash"], links[n - 250].as_str());
        assert_eq!(page["rows"][9]["round"], 241);
        let page = p.page(240, 10).unwrap();
        assert_eq!(page["walked"], 10); // from the cursor
        assert_eq!(page["rows"][0]["hash"], links[n - 240].as_str());
        let page = p.page(100, 1).unwrap();
        assert_eq!(page["walked"], 1);
        assert_eq!(page["rows"][0]["hash"], links[n - 100].as_str());
        // Round 1, then nothing below it to remember.
        let page = p.page(1, 5).unwrap();
        assert_eq!(
            (page["to"].clone(), page["rows"][0]["round"].clone()),
            (json!(1), json!(1))
        );
        assert_eq!(page["rows"][0]["hash"], links[n - 1].as_str());
        assert_eq!(p.cursor, None);
        // The newest round is the record's own hash.
        let page = p.page(n as u64, 1).unwrap();
        assert_eq!(
            (page["walked"].clone(), page["rows"][0]["hash"].clone()),
            (json!(1), json!(links[0].as_str()))
        );
    }

    /// Each row's outcome also comes typed for the surfaces (`view.rs`), agreeing
    /// with the result key: a platform as its id, a crash point as a multiplier, a
    /// battle winner as a player's words.
    #[test]
    fn rows_carry_their_outcome_typed() {
        let links = chain(20);
        let row = |game: ChainGame| {
            let mut p = RoundPager::new(game, &links[0], 20, &[]).unwrap();
            p.page(20, 1).unwrap()["rows"][0].clone()
        };
        let r = row(ChainGame::Platforms);
        assert_eq!(r["outcome"], json!(r["lastPlatform"].to_string()));
        let r = row(ChainGame::Crash);
        assert_eq!(r["outcome"]["key"], "draw.multiplier");
        assert_eq!(r["outcome"]["params"]["value"]["decimal"], r["multiplier"]);
        // Battle: the wheel point on every row; a winner on the record's round only,
        // whose chances the record gives, never on an earlier one.
        let one = super::super::battle::Wheel::new(&[100.0]).unwrap();
        let mut p = RoundPager::new(ChainGame::Battle(one), &links[0], 20, &[]).unwrap();
        let rows = p.page(20, 2).unwrap()["rows"].clone();
        let (r, older) = (&rows[0], &rows[1]);
        assert_eq!(r["winner"], 0);
        assert_eq!(r["outcome"]["key"], "history.battle.pointWon");
        assert_eq!(r["outcome"]["params"]["n"], "1");
        let v = crate::schemes::battle::wheel_point(&links[0]);
        assert_eq!((r["point"].clone(), older.get("winner")), (json!(v), None));
        assert_eq!(r["outcome"]["params"]["point"]["decimal"], format!("{v}"));
        let v = crate::schemes::battle::wheel_point(&links[1]);
        assert_eq!(older["outcome"], json!({"decimal": format!("{v}")}));
    }

    #[test]
    fn positions_beyond_the_record_and_bad_rounds() {
        let links = chain(10);
        let above = Remembered {
            hash: [1; 32],
            distance: 11,
        };
        let p = RoundPager::new(ChainGame::Crash, &links[0], 10, &[above]).unwrap();
        assert_eq!(p.known.len(), 1);
        let e = RoundPager::new(ChainGame::Crash, &links[0], 0, &[]).unwrap_err();
        assert_eq!((e.code, e.field.as_str()), (ErrorCode::OutOfRange, "round"));
        let mut p = p;
        let e = p.page(0, 1).unwrap_err();
        assert_eq!(e.field, "from");
    }
}
