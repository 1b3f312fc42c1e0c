//! SPEC §6, shared by crash, platforms, battle and hash_chain: the round hash field
//! and the optional check that it belongs to a published chain.

use serde_json::Value;

use super::descriptor::{FieldDesc, Kind, Role};
use super::{Options, Walk};
use crate::error::{ErrorCode, Result, VerifyError};
use crate::primitives::hash_chain::ChainWalk;

use crate::record::{Fields, Hex64};
use crate::report::{Check, Report};

pub const DEFAULT_MAX_STEPS: i64 = 10_000_000;
pub const MAX_STEPS: i64 = 100_000_000;

/// The published terminals (10,000,000-link chains), SPEC §6.
pub const CRASH_TERMINAL: (&str, &str) = (
    "Crash",
    "c46f0705f6ba4df891ce44accda8f89f5a6fa8b987eb7c7b445280cf6cabfbc6",
);
pub const PLATFORM_TERMINAL: (&str, &str) = (
    "Platform",
    "eeb4d340bfaed702601b9a08faba2f8088c4810c3e3a883293accaf25053b883",
);
pub const BATTLE_TERMINAL: (&str, &str) = (
    "Battle",
    "63cb1eb64ec4eb4de02f6bad85e42365d08f37497a1b7e907bd0b9183f27e1b3",
);

/// The published chains by the game id that `terminalPublished` names (SPEC §6).
pub const PUBLISHED: [(&str, (&str, &str)); 3] = [
    ("crash", CRASH_TERMINAL),
    ("platforms", PLATFORM_TERMINAL),
    ("battle", BATTLE_TERMINAL),
];

/// The game whose published terminal `terminal` is, if any (`terminalPublished`).
pub fn published_game(terminal: &Hex64) -> Option<&'static str> {
    PUBLISHED
        .iter()
        .find(|(_, (_, t))| *t == terminal.as_str())
        .map(|(game, _)| *game)
}

/// A game with a published chain of its own (crash, platforms, battle), whose
/// rounds only its own terminal proves; `hash_chain` is none.
pub fn is_game_chain(scheme: &str) -> bool {
    PUBLISHED.iter().any(|(game, _)| *game == scheme)
}

/// SPEC §6's terminal rule for a chain game's round: the hint that says why the
/// terminal proves nothing for this game (`terminal_unpublished`,
/// `terminal_other_game`), or None when it is the game's own published one (or the
/// chain a `hash_chain` record names).
pub(crate) fn terminal_hint(scheme: &str, terminal: &Hex64) -> Option<Value> {
    if !is_game_chain(scheme) {
        return None;
    }
    match published_game(terminal) {
        Some(game) if game == scheme => None,
        Some(game) => {
            Some(json!({"code": "terminal_other_game", "field": "terminal", "game": game}))
        }
        None => Some(json!({"code": "terminal_unpublished", "field": "terminal"})),
    }
}

/// The published terminals other than `terminal`, which a walk towards it also
/// compares every link with (SPEC §6 `foundIn`): (game, terminal).
pub fn other_published(terminal: &Hex64) -> Vec<(&'static str, Hex64)> {
    PUBLISHED
        .iter()
        .filter(|(_, (_, t))| *t != terminal.as_str())
        .filter_map(|(game, (_, t))| Hex64::parse(t).map(|h| (*game, h)))
        .collect()
}

/// A walk from `start` towards `terminal` that also watches the other published
/// terminals; the watched list is `other_published(terminal)`, in that order.
pub fn chain_walk(start: &Hex64, terminal: &Hex64) -> ChainWalk {
    let others: Vec<[u8; 32]> = other_published(terminal)
        .iter()
        .map(|(_, h)| *h.bytes())
        .collect();
    ChainWalk::new(&start.text_bytes(), terminal.bytes()).watching(&others)
}

/// `foundIn` of a walk towards `terminal`: the other published chain a link of it
/// reached, and the start's round there.
pub fn found_in(walk: &ChainWalk, terminal: &Hex64) -> Option<FoundIn> {
    let (k, round) = walk.found_in()?;
    let (game, t) = other_published(terminal).into_iter().nth(k)?;
    Some(FoundIn {
        terminal: t,
        game,
        round,
    })
}

/// Where a walk met another published terminal (SPEC §6 `foundIn`).
#[derive(Clone, Debug, PartialEq)]
pub struct FoundIn {
    pub terminal: Hex64,
    pub game: &'static str,
    pub round: u64,
}

impl FoundIn {
    /// SPEC's `{terminal, round}`.
    pub fn to_json(&self) -> Value {
        json!({"terminal": self.terminal.as_str(), "round": self.round})
    }
}

/// The fields every chain game shares.
pub const HASH: FieldDesc = FieldDesc::new("hash", Kind::Hash, Role::Secret);
pub const TERMINAL: FieldDesc = FieldDesc::new("terminal", Kind::Hash, Role::Commitment)
    .optional()
    .primary();
pub const MAX_STEPS_FIELD: FieldDesc = FieldDesc::new("maxSteps", Kind::Int, Role::Limit)
    .optional()
    .range(1, MAX_STEPS)
    .default_int(DEFAULT_MAX_STEPS);

/// The round `hash`: 64 hex digits in either case, used in lowercase.
pub fn round_hash(f: Fields) -> Result<Hex64> {
    f.hex64("hash")
}

/// A validated chain check, ready to run.
pub struct ChainCheck {
    terminal: Hex64,
    max_steps: u64,
}

impl ChainCheck {
    /// `terminal` and `maxSteps`. Without a terminal nothing published before the
    /// game is checked: the report says the terminal is what is missing.
    pub fn parse(f: Fields, required: bool, r: &mut Report) -> Result<Option<ChainCheck>> {
        let terminal = if required {
            Some(f.hex64("terminal")?)
        } else {
            f.opt_hex64("terminal")?
        };
        let max_steps = f
            .opt_int("maxSteps", 1, MAX_STEPS)?
            .unwrap_or(DEFAULT_MAX_STEPS) as u64;
        if terminal.is_none() {
            r.missing("terminal");
        }
        Ok(terminal.map(|terminal| ChainCheck {
            terminal,
            max_steps,
        }))
    }

    /// Walks from `hash` towards the terminal (or takes the outcome of a walk done
    /// elsewhere): `chainOk`, and `round` when found; a walk stopped below the
    /// published length without reaching the terminal proves nothing (no `chainOk`,
    /// `walked`, hint `step_limit`). `terminalPublished` names the terminal's game,
    /// or null for a chain the record brings with it. While the walk is pending the
    /// report carries `walk`, what to walk (`{hash, terminal, maxSteps}`).
    pub fn run(&self, hash: &Hex64, r: &mut Report, options: &Options) -> Result<()> {
        r.note("maxSteps", self.max_steps);
        let published = published_game(&self.terminal);
        r.note(
            "terminalPublished",
            published.map_or(Value::Null, Value::from),
        );
        // SPEC §6: for crash, platforms and battle only the game's own published
        // terminal proves what the operator committed to for that game. Any other
        // terminal (a chain the record brings, another game's chain) is reported,
        // but `chainOk` is then no commitment check: a found round is `unchecked`.
        // `hash_chain`: the player names the chain; its terminal counts as published.
        let hint = terminal_hint(r.scheme_id(), &self.terminal);
        let proves = hint.is_none();
        if let Some(h) = hint {
            r.hint(h);
        }
        let commits = |c: Check| {
            if proves {
                c.published("terminal")
            } else {
                c.compares("terminal")
            }
        };
        let expected = Value::from(self.terminal.as_str());
        // SPEC §6: a hash equal to the terminal is not a round (round r reaches the
        // terminal after r ≥ 1 steps, and no walk from the terminal comes back to
        // it). Said before any walk, with the hint of a published hash pasted where
        // the revealed value belongs (SPEC `seed_is_commitment`): the player most
        // likely copied the terminal into the round's field.
        let own = hash == &self.terminal;
        if own {
            r.hint(json!({"code": "seed_is_commitment", "field": "hash",
                          "with": "terminal", "check": "chainOk"}));
        }
        // Issue 43 (N7): a round hash that is another game's published terminal is
        // that published hash pasted where the round belongs (the player copied the
        // terminal the page offers by name), not a round: a terminal is no round of
        // its own chain (as above), and the walk towards this terminal would hash
        // ten million links to say nothing more (`foundIn` compares the links after
        // the start, never the start). The hint names the game whose terminal it is.
        // SPEC §6: "a `fail` still needs the whole-length walk": below it the hint is
        // given and the walk runs as for any round (`unchecked`, `step_limit`).
        // Only towards a published terminal: the published chains are known apart, so
        // another game's terminal is no round of this one. Towards a terminal the
        // record brings (or a `hash_chain`'s own), it may be: a chain can be made
        // whose link after that hash is the record's terminal (round 1), so the walk
        // decides (turn-9 attack, finding 3).
        let pasted = if own || published.is_none() {
            None
        } else {
            published_game(hash)
        };
        if let Some(game) = pasted {
            r.hint(json!({"code": "seed_is_commitment", "field": "hash",
                          "with": "terminal", "check": "chainOk", "game": game,
                          "kind": "other_game"}));
        }
        // Either: said before any walk, at 0 steps.
        if own || (pasted.is_some() && self.max_steps >= DEFAULT_MAX_STEPS.unsigned_abs()) {
            let mut c = commits(Check::new("chainOk", false))
                .param("maxSteps", self.max_steps)
                .param("steps", 0);
            if let Some(game) = published {
                c = c.param("published", game);
            }
            r.check(c.values(expected, Value::Null));
            return Ok(());
        }
        let done = match settle(&options.walk, hash, &self.terminal, self.max_steps)? {
            Settled::Pending => {
                r.note("walk", walk_request(hash, &self.terminal, self.max_steps));
                r.check(
                    commits(Check::pending("chainOk"))
                        .param("maxSteps", self.max_steps)
                        .values(expected, Value::Null),
                );
                return Ok(());
            }
            Settled::Done(d) => d,
        };
        if let Some(f) = &done.found_in {
            r.note("foundIn", f.to_json());
            r.note("foundInGame", f.game);
        }
        let Some(ok) = done.chain_ok() else {
            // SPEC §6: round r needs exactly r steps, so a walk shorter than the
            // published chain that did not reach the terminal says nothing: a later
            // round is simply not reached yet.
            r.note("walked", done.steps);
            r.hint(
                json!({"code": "step_limit", "field": "maxSteps", "walked": done.steps,
                          "maxSteps": self.max_steps, "chainLength": DEFAULT_MAX_STEPS}),
            );
            return Ok(());
        };
        let mut c = commits(Check::new("chainOk", ok))
            .param("maxSteps", self.max_steps)
            .param("steps", done.steps);
        if let Some(game) = published_game(&self.terminal) {
            c = c.param("published", game);
        }
        if ok {
            c = c.param("round", done.steps);
            if let Some((round, links)) = done.remembered {
                c = c.param("rememberedRound", round).param("links", links);
            }
            r.set("round", done.steps);
        }
        r.check(c.values(expected, if ok { json!(done.steps) } else { Value::Null }));
        Ok(())
    }
}

/// What a walk done elsewhere must walk: from `hash` towards `terminal`, at most
/// `maxSteps` links (the report's `walk`, and a history's).
pub fn walk_request(hash: &Hex64, terminal: &Hex64, max_steps: u64) -> Value {
    json!({"hash": hash.as_str(), "terminal": terminal.as_str(), "maxSteps": max_steps})
}

/// How a chain walk ended, whoever walked it.
pub enum Settled {
    /// Still running elsewhere.
    Pending,
    Done(Walked),
}

/// A finished walk.
#[derive(Clone, Debug, PartialEq)]
pub struct Walked {
    pub found: bool,
    /// The round when found, else `max_steps` (the steps walked).
    pub steps: u64,
    /// Ended on a position proven earlier (its round, the links walked to it).
    pub remembered: Option<(u64, u64)>,
    /// Another published terminal a link reached (SPEC §6 `foundIn`).
    pub found_in: Option<FoundIn>,
}

impl Walked {
    /// SPEC §6: `Some(true)` found; `Some(false)` not found after at least the
    /// published chains' length; `None` when a shorter walk stopped before the
    /// terminal (proves nothing either way).
    pub fn chain_ok(&self) -> Option<bool> {
        if self.found {
            Some(true)
        } else if self.steps >= DEFAULT_MAX_STEPS as u64 {
            Some(false)
        } else {
            None
        }
    }
}

/// The outcome of the walk from `start` towards `terminal` within `max_steps`:
/// walked here (`Walk::Run`), pending, or a walk done elsewhere, checked to answer
/// this very request (hash, terminal, maxSteps) and to be one this bound allows.
/// One rule for records and round histories.
pub fn settle(walk: &Walk, start: &Hex64, terminal: &Hex64, max_steps: u64) -> Result<Settled> {
    let done = |found, steps, remembered, found_in| {
        Ok(Settled::Done(Walked {
            found,
            steps,
            remembered,
            found_in,
        }))
    };
    match walk {
        Walk::Pending => Ok(Settled::Pending),
        Walk::Run => {
            let mut w = chain_walk(start, terminal).within(max_steps);
            w.advance(max_steps);
            let o = w.outcome();
            done(o.found, o.steps, None, found_in(&w, terminal))
        }
        Walk::Done(o) => {
            // A walk's outcome is believed only for the request it answers.
            for (field, asked, answered) in [
                ("hash", start.as_str(), o.hash.as_str()),
                ("terminal", terminal.as_str(), o.terminal.as_str()),
            ] {
                if asked != answered {
                    return Err(VerifyError::new(
                        ErrorCode::ConflictingFields,
                        format!("options.walk.{field}"),
                        msg!(
                            "the walk's outcome answers another {field} ({answered}, not {asked})"
                        ),
                    ));
                }
            }
            if o.max_steps != max_steps {
                return Err(VerifyError::new(
                    ErrorCode::ConflictingFields,
                    "options.walk.maxSteps",
                    msg!(
                        "the walk's outcome is for maxSteps {}, not {}",
                        o.max_steps,
                        max_steps
                    ),
                ));
            }
            let fi = match &o.found_in {
                None => None,
                Some((t, round)) => {
                    let game = other_published(terminal)
                        .into_iter()
                        .find(|(_, h)| h == t)
                        .map(|(g, _)| g);
                    match game {
                        Some(game) if *round >= 1 && *round <= max_steps => Some(FoundIn {
                            terminal: t.clone(),
                            game,
                            round: *round,
                        }),
                        _ => {
                            return Err(VerifyError::new(
                                ErrorCode::OutOfRange,
                                "options.walk.foundIn",
                                msg!("foundIn names no other published terminal within the walk"),
                            ))
                        }
                    }
                }
            };
            // A walk helped by remembered positions can find the round beyond
            // maxSteps; a full walk would not have: not reached, as a full walk.
            if o.found && o.steps > max_steps {
                return done(false, max_steps, None, fi);
            }
            let valid = (!o.found || o.steps >= 1) && (o.found || o.steps == max_steps);
            if !valid {
                return Err(VerifyError::new(
                    ErrorCode::OutOfRange,
                    "options.walk",
                    msg!(
                        "a walk of {} steps (found: {}) does not fit maxSteps {}",
                        o.steps,
                        o.found,
                        max_steps
                    ),
                )
                .with("min", 1)
                .with("max", max_steps));
            }
            done(o.found, o.steps, o.remembered, fi)
        }
    }
}

/// Runs the chain check of a chain record if it has a terminal.
pub fn run_chain(
    chain: Option<ChainCheck>,
    hash: &Hex64,
    r: &mut Report,
    o: &Options,
) -> Result<()> {
    match chain {
        Some(c) => c.run(hash, r, o),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schemes::{verify, verify_with, WalkOutcome};

    fn hex(s: &str) -> Hex64 {
        Hex64::parse(s).unwrap()
    }

    #[test]
    fn terminals_are_named_by_their_game() {
        assert_eq!(published_game(&hex(CRASH_TERMINAL.1)), Some("crash"));
        assert_eq!(published_game(&hex(PLATFORM_TERMINAL.1)), Some("platforms"));
        assert_eq!(published_game(&hex(BATTLE_TERMINAL.1)), Some("battle"));
        assert_eq!(published_game(&hex(&"ab".repeat(32))), None);
        let others: Vec<&str> = other_published(&hex(CRASH_TERMINAL.1))
            .iter()
            .map(|(g, _)| *g)
            .collect();
        assert_eq!(others, ["platforms", "battle"]);
        assert_eq!(other_published(&hex(&"ab".repeat(32))).len(), 3);
        // A record's own terminal is said to be none of the published ones.
        let mut t = "5e".repeat(32);
        let start = t.clone();
        for _ in 0..3 {
            t = crate::primitives::sha256::sha256_hex(t.as_bytes());
        }
        let v = verify(&json!({"scheme": "crash", "hash": start, "terminal": t})).unwrap();
        // SPEC §6: found in a chain the record brought, which proves nothing about
        // the operator's published chain: unchecked, with the hint that says so.
        assert_eq!(v["verdict"], "unchecked");
        assert_eq!(v["chainOk"], true);
        assert_eq!(v["hints"][0]["code"], "terminal_unpublished");
        // The same chain named by the player as a hash_chain: its terminal counts.
        let v = verify(&json!({"scheme": "hash_chain", "hash": start, "terminal": t})).unwrap();
        assert_eq!(v["verdict"], "pass");
        assert!(v.get("hints").is_none());
        let v = verify(&json!({"scheme": "crash", "hash": start, "terminal": t})).unwrap();
        assert_eq!(v["terminalPublished"], Value::Null);
        assert!(v.as_object().unwrap().contains_key("terminalPublished"));
        let c = v["checks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["code"] == "chainOk")
            .unwrap();
        assert!(c["params"].get("published").is_none());
    }

    /// A round of the Platforms chain checked against the Crash terminal by a walk
    /// done elsewhere: named as Platforms' round, and the verdict is still the
    /// Crash walk's own (SPEC §6 `foundIn`).
    #[test]
    fn found_in_names_the_other_chain_without_changing_the_verdict() {
        let hash = "0f".repeat(32);
        let outcome = |found_in: Option<(Hex64, u64)>, max_steps| WalkOutcome {
            hash: hex(&hash),
            terminal: hex(CRASH_TERMINAL.1),
            max_steps,
            steps: max_steps,
            found: false,
            remembered: None,
            found_in,
        };
        let rec = |max: u64| json!({"scheme": "crash", "hash": hash, "terminal": CRASH_TERMINAL.1, "maxSteps": max});
        let o = Options {
            walk: Walk::Done(outcome(Some((hex(PLATFORM_TERMINAL.1), 1234)), 10_000_000)),
            ..Options::default()
        };
        let v = verify_with(&rec(10_000_000), &o).unwrap();
        assert_eq!(v["verdict"], "fail");
        assert_eq!(v["terminalPublished"], "crash");
        assert_eq!(
            v["foundIn"],
            json!({"terminal": PLATFORM_TERMINAL.1, "round": 1234})
        );
        assert_eq!(v["foundInGame"], "platforms");
        // A short walk: unchecked, still named.
        let o = Options {
            walk: Walk::Done(outcome(Some((hex(PLATFORM_TERMINAL.1), 12)), 100)),
            ..Options::default()
        };
        let v = verify_with(&rec(100), &o).unwrap();
        assert_eq!(v["verdict"], "unchecked");
        assert_eq!(v["foundIn"]["round"], 12);
        assert_eq!(v["walked"], 100);
        // foundIn naming the record's own terminal, or an unpublished one, or a
        // round beyond the walk: refused.
        for bad in [
            (hex(CRASH_TERMINAL.1), 5),
            (hex(&"ab".repeat(32)), 5),
            (hex(PLATFORM_TERMINAL.1), 101),
        ] {
            let o = Options {
                walk: Walk::Done(outcome(Some(bad), 100)),
                ..Options::default()
            };
            assert!(verify_with(&rec(100), &o).is_err());
        }
    }
}
