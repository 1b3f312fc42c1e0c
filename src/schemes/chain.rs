//! SPEC §6, shared by crash, platforms, battle and hash_chain: the round hash field
//! and the optional check that it belongs to a published chain.

use serde_json::{json, Value};

use crate::error::Result;
use crate::primitives::hash_chain::ChainWalk;
use crate::record::Fields;
use crate::report::Report;

pub const DEFAULT_MAX_STEPS: i64 = 10_000_000;
pub const MAX_STEPS: i64 = 100_000_000;

/// The published terminals (10,000,000-link chains) the page offers by name.
pub const PUBLISHED_TERMINALS: [(&str, &str); 3] = [
    (
        "Crash",
        "c46f0705f6ba4df891ce44accda8f89f5a6fa8b987eb7c7b445280cf6cabfbc6",
    ),
    (
        "Platform",
        "eeb4d340bfaed702601b9a08faba2f8088c4810c3e3a883293accaf25053b883",
    ),
    (
        "Battle",
        "63cb1eb64ec4eb4de02f6bad85e42365d08f37497a1b7e907bd0b9183f27e1b3",
    ),
];

/// The round `hash`: 64 hex digits in either case, used in lowercase.
pub fn round_hash(f: Fields) -> Result<String> {
    f.hex64("hash")
}

/// The first 8 bytes of a validated round hash, big-endian (Go's
/// `binary.BigEndian.Uint64(h[:8])`): what platforms and battle draw from.
pub fn first_u64(hash: &str) -> u64 {
    u64::from_str_radix(&hash[..16], 16).unwrap_or(0)
}

/// A validated chain check, ready to run.
pub struct ChainCheck {
    terminal: String,
    max_steps: u64,
}

impl ChainCheck {
    /// `terminal` (required for hash_chain, optional elsewhere) and `maxSteps`.
    pub fn parse(f: Fields, required: bool) -> Result<Option<ChainCheck>> {
        let terminal = if required {
            Some(f.hex64("terminal")?)
        } else {
            f.opt_hex64("terminal")?
        };
        let max_steps = f
            .opt_int("maxSteps", 1, MAX_STEPS)?
            .unwrap_or(DEFAULT_MAX_STEPS) as u64;
        Ok(terminal.map(|terminal| ChainCheck {
            terminal,
            max_steps,
        }))
    }

    /// Walks from `hash` towards the terminal: `chainOk`, and `round` when found.
    pub fn run(&self, hash: &str, r: &mut Report) {
        // Both were validated as 64 hex digits (the hash lowercased), so the walk exists.
        let round = ChainWalk::from_hex(hash, &self.terminal)
            .and_then(|walk| walk.round_within(self.max_steps));
        let computed = match round {
            Some(n) => json!(format!("reached after {n} hashes: round {n}")),
            None => json!(format!("not reached within {} hashes", self.max_steps)),
        };
        r.check(
            "chainOk",
            "the round hash leads to the published terminal hash",
            round.is_some(),
            Value::from(self.terminal.clone()),
            computed,
        );
        r.set("maxSteps", self.max_steps);
        if let Some(n) = round {
            r.set("round", n);
        }
    }
}
