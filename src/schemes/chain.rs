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
    .range(1, MAX_STEPS);

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
    /// elsewhere): `chainOk`, and `round` when found.
    pub fn run(&self, hash: &Hex64, r: &mut Report, options: &Options) -> Result<()> {
        r.set("maxSteps", self.max_steps);
        let check = Check::new("chainOk", "chainOk", false)
            .published("terminal")
            .param("maxSteps", self.max_steps);
        let (found, steps, remembered) = match &options.walk {
            Walk::Pending => {
                let mut c = check;
                c.pending = true;
                r.check(c.values(Value::from(self.terminal.as_str()), Value::Null));
                return Ok(());
            }
            Walk::Run => {
                let walk = ChainWalk::new(&hash.text_bytes(), self.terminal.bytes());
                match walk.round_within(self.max_steps) {
                    Some(n) => (true, n, None),
                    None => (false, self.max_steps, None),
                }
            }
            // A walk helped by remembered positions can find the round beyond
            // maxSteps; a full walk would not have: not reached, as `round_within`.
            Walk::Done(o) if o.found && o.steps > self.max_steps => (false, self.max_steps, None),
            Walk::Done(o) => {
                // A walk done elsewhere: it must be a walk this record allows.
                let valid = o.steps <= self.max_steps
                    && (!o.found || o.steps >= 1)
                    && (o.found || o.steps == self.max_steps);
                if !valid {
                    return Err(VerifyError::new(
                        ErrorCode::OutOfRange,
                        "options.walk",
                        msg!(
                            "a walk of {} steps (found: {}) does not fit maxSteps {}",
                            o.steps,
                            o.found,
                            self.max_steps
                        ),
                    )
                    .with("min", 1)
                    .with("max", self.max_steps));
                }
                (o.found, o.steps, o.remembered)
            }
        };
        let mut c = check.param("steps", steps);
        c.ok = found;
        if found {
            c = c.param("round", steps);
            if let Some((round, links)) = remembered {
                c = c.param("rememberedRound", round).param("links", links);
            }
            r.set("round", steps);
        }
        r.check(c.values(
            Value::from(self.terminal.as_str()),
            if found { json!(steps) } else { Value::Null },
        ));
        Ok(())
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
