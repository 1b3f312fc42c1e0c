//! SPEC §6 `hash_chain`: only the chain check (the terminal is required).

use super::chain::{self, round_hash, run_chain, ChainCheck};
use super::chain::{BATTLE_TERMINAL, CRASH_TERMINAL, PLATFORM_TERMINAL};
use super::descriptor::Descriptor;
use super::descriptor::{result, FieldDesc, GameDesc, Need, ResultDesc, Rows, SCALAR};
use super::Options;
use super::Scheme;
use crate::error::Result;
use crate::record::Fields;
use crate::report::Report;

const FIELDS: [FieldDesc; 3] = [
    chain::HASH,
    chain::TERMINAL.need(Need::Required),
    chain::MAX_STEPS_FIELD,
];

const RESULTS: [ResultDesc; 2] = [
    // The round, once the walk reached the terminal (SPEC §6).
    result("round", "round", SCALAR),
    result("hash", "hash", SCALAR),
];

pub const SCHEME: Scheme = Scheme {
    desc: Descriptor::new(
        "hash_chain",
        &[GameDesc::single("hash_chain")],
        &FIELDS,
        &RESULTS,
    )
    .with_chain(
        &[CRASH_TERMINAL, PLATFORM_TERMINAL, BATTLE_TERMINAL],
        // Only the links between rounds.
        Rows {
            one_value: false,
            outcome: |_, _| Ok(None),
        },
    ),
    run,
};

pub fn run(f: Fields, r: &mut Report, o: &Options) -> Result<()> {
    let hash = round_hash(f)?;
    let chain = ChainCheck::parse(f, true, r)?;
    r.set("hash", hash.as_str());
    run_chain(chain, &hash, r, o)
}
