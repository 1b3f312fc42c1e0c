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
    /// elsewhere): `chainOk`, and `round` when found. While the walk is pending the
    /// report carries `walk`, what to walk (`{hash, terminal, maxSteps}`).
    pub fn run(&self, hash: &Hex64, r: &mut Report, options: &Options) -> Result<()> {
        r.note("maxSteps", self.max_steps);
        let expected = Value::from(self.terminal.as_str());
        let (found, steps, remembered) =
            match settle(&options.walk, hash, &self.terminal, self.max_steps)? {
                Settled::Pending => {
                    r.note("walk", walk_request(hash, &self.terminal, self.max_steps));
                    r.check(
                        Check::pending("chainOk")
                            .published("terminal")
                            .param("maxSteps", self.max_steps)
                            .values(expected, Value::Null),
                    );
                    return Ok(());
                }
                Settled::Done {
                    found,
                    steps,
                    remembered,
                } => (found, steps, remembered),
            };
        let mut c = Check::new("chainOk", found)
            .published("terminal")
            .param("maxSteps", self.max_steps)
            .param("steps", steps);
        if found {
            c = c.param("round", steps);
            if let Some((round, links)) = remembered {
                c = c.param("rememberedRound", round).param("links", links);
            }
            r.set("round", steps);
        }
        r.check(c.values(expected, if found { json!(steps) } else { Value::Null }));
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
    Done {
        found: bool,
        /// The round when found, else `max_steps`.
        steps: u64,
        /// Ended on a position proven earlier on this device: (its round, the links
        /// walked to it).
        remembered: Option<(u64, u64)>,
    },
}

/// The outcome of the walk from `start` towards `terminal` within `max_steps`:
/// walked here (`Walk::Run`), pending, or a walk done elsewhere, checked to be one
/// this bound allows. One rule for records and round histories.
pub fn settle(walk: &Walk, start: &Hex64, terminal: &Hex64, max_steps: u64) -> Result<Settled> {
    let done = |found, steps, remembered| {
        Ok(Settled::Done {
            found,
            steps,
            remembered,
        })
    };
    match walk {
        Walk::Pending => Ok(Settled::Pending),
        Walk::Run => {
            let walk = ChainWalk::new(&start.text_bytes(), terminal.bytes());
            match walk.round_within(max_steps) {
                Some(n) => done(true, n, None),
                None => done(false, max_steps, None),
            }
        }
        // A walk helped by remembered positions can find the round beyond
        // maxSteps; a full walk would not have: not reached, as `round_within`.
        Walk::Done(o) if o.found && o.steps > max_steps => done(false, max_steps, None),
        Walk::Done(o) => {
            let valid = o.steps <= max_steps
                && (!o.found || o.steps >= 1)
                && (o.found || o.steps == max_steps);
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
            done(o.found, o.steps, o.remembered)
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
