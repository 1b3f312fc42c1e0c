//! SPEC §6 `hash_chain`: only the chain check (the terminal is required).

use super::chain::{self, round_hash, run_chain, ChainCheck};
use super::chain::{BATTLE_TERMINAL, CRASH_TERMINAL, PLATFORM_TERMINAL};
use super::descriptor::{result, FieldDesc, GameDesc, ResultDesc, Scheme};
use super::Options;
use crate::error::Result;
use crate::record::Fields;
use crate::report::Report;

const FIELDS: [FieldDesc; 3] = [
    chain::HASH,
    FieldDesc {
        required: true,
        ..chain::TERMINAL
    },
    chain::MAX_STEPS_FIELD,
];

const RESULTS: [ResultDesc; 2] = [
    // The round, once the walk reached the terminal (SPEC §6).
    result("round", "round", &["round"]),
    result("hash", "hash", &["hash"]),
];

pub const SCHEME: Scheme = Scheme {
    id: "hash_chain",
    games: &[GameDesc {
        id: "hash_chain",
        players: 0,
        seats: "",
    }],
    fields: &FIELDS,
    results: &RESULTS,
    chain: true,
    terminals: &[CRASH_TERMINAL, PLATFORM_TERMINAL, BATTLE_TERMINAL],
    cards: "",
    run,
};

pub fn run(f: Fields, r: &mut Report, o: &Options) -> Result<()> {
    let hash = round_hash(f)?;
    let chain = ChainCheck::parse(f, true, r)?;
    r.set("hash", hash.as_str());
    run_chain(chain, &hash, r, o)
}
