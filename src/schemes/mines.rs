//! SPEC §7 `mines`: mine cells from HMAC(gameSeed text, "mine-i"), first 4 bytes
//! big-endian mod 25 + 1, kept if new, until there are `mines` of them.

use serde_json::{Map, Value};

use super::bets::{self, BETS, CLIENT_SEED, NONCE, SERVER_SEED, SERVER_SEED_HASH};
use super::descriptor::Step::{At, Member};
use super::descriptor::{
    pattern, pattern_of, result, FieldDesc, GameDesc, Kind, Need, Order, ResultDesc, Role, SCALAR,
};
use super::descriptor::{BetTally, Descriptor};
use super::Options;
use super::Scheme;
use crate::error::{Result, VerifyError};
use crate::primitives::sha256::{hmac_sha256, to_hex};
use crate::record::Fields;
use crate::report::Report;

const FIELDS: [FieldDesc; 6] = [
    SERVER_SEED,
    SERVER_SEED_HASH,
    CLIENT_SEED,
    NONCE,
    FieldDesc::new("mines", Kind::Int, Role::Setting)
        .range(0, CELLS as i64)
        .need(Need::InsteadOf("bets")),
    BETS,
];

const RESULTS: [ResultDesc; 3] = [
    result(
        "mines",
        "mine",
        &[pattern(&[At("mine")]).compared(Order::Set)],
    ),
    result("gameSeed", "hash", SCALAR),
    result(
        "bets",
        "mine",
        &[
            pattern(&[At("bet"), Member("mines"), At("mine")]).compared(Order::Set),
            pattern_of(&[At("bet"), Member("gameSeed")], "hash"),
            pattern_of(&[At("bet"), Member("nonce")], "value"),
        ],
    ),
];

pub const SCHEME: Scheme = Scheme {
    desc: Descriptor::new("mines", &[GameDesc::single("mines")], &FIELDS, &RESULTS)
        .with_bets_history(BetTally::Mines),
    run,
};

pub const CELLS: u32 = 25;
/// No real seed needs more than a few hundred draws for 25 mines; this bound only
/// guarantees termination.
const MAX_DRAWS: u32 = 1_000_000;

pub fn place_mines(game_seed: &str, count: usize) -> Result<Vec<u32>> {
    let mut used = [false; CELLS as usize + 1];
    let mut mines = Vec::with_capacity(count);
    let mut i = 0u32;
    while mines.len() < count {
        if i >= MAX_DRAWS {
            return Err(VerifyError::game_rule(
                "mines",
                "mines_unfinished",
                msg!("mine placement did not finish"),
            ));
        }
        let sum = hmac_sha256(game_seed.as_bytes(), format!("mine-{i}").as_bytes());
        let val = u32::from_be_bytes([sum[0], sum[1], sum[2], sum[3]]);
        let pos = val % CELLS + 1;
        if !used[pos as usize] {
            used[pos as usize] = true;
            mines.push(pos);
        }
        i += 1;
    }
    Ok(mines)
}

/// One board: `mines` mine cells from the bet's game seed.
fn board(f: Fields, seed: &[u8; 32]) -> Result<Map<String, Value>> {
    let count = f.int("mines", 0, CELLS as i64)? as usize;
    let mut m = Map::new();
    m.insert("mines".into(), json!(place_mines(&to_hex(seed), count)?));
    Ok(m)
}

pub fn run(f: Fields, r: &mut Report, o: &Options) -> Result<()> {
    bets::run_record(f, r, o, "mines", board)
}
