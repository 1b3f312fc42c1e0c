//! SPEC §7 `dice`: one die from the game seed, `gameSeed mod 6 + 1` over the whole
//! 256-bit number, as the published Go (`big.Int.Mod`) does it.

use serde_json::{Map, Value};

use super::bets::{self, BETS, CLIENT_SEED, NONCE, SERVER_SEED, SERVER_SEED_HASH};
use super::descriptor::Step::{At, Member};
use super::descriptor::{
    pattern, pattern_of, result, FieldDesc, GameDesc, Kind, Need, ResultDesc, Role, SCALAR,
};
use super::descriptor::{BetTally, Descriptor};
use super::Options;
use super::Scheme;
use crate::error::{Result, VerifyError};
use crate::record::{as_int, Fields};
use crate::report::Report;

const FIELDS: [FieldDesc; 6] = [
    SERVER_SEED,
    SERVER_SEED_HASH,
    CLIENT_SEED,
    NONCE,
    // 1 to 5 of the faces 1–6 (the published function's rule).
    FieldDesc::new("selected", Kind::Numbers, Role::Setting)
        .range(1, 6)
        .items(1, 5)
        .need(Need::InsteadOf("bets")),
    BETS,
];

const RESULTS: [ResultDesc; 4] = [
    result("face", "face", SCALAR),
    result("win", "win", SCALAR),
    result("gameSeed", "hash", SCALAR),
    result(
        "bets",
        "face",
        &[
            pattern(&[At("bet"), Member("face")]),
            pattern_of(&[At("bet"), Member("win")], "win"),
            pattern_of(&[At("bet"), Member("gameSeed")], "hash"),
            pattern_of(&[At("bet"), Member("nonce")], "value"),
        ],
    ),
];

pub const SCHEME: Scheme = Scheme {
    desc: Descriptor::new("dice", &[GameDesc::single("dice")], &FIELDS, &RESULTS)
        .with_bets_history(BetTally::Dice),
    run,
};

/// The whole 256-bit number mod m, byte by byte (no big integers needed).
pub fn bytes_mod(bytes: &[u8], m: u64) -> u64 {
    bytes.iter().fold(0, |acc, &b| (acc * 256 + b as u64) % m)
}

/// A die's faces, 1 to 6 (the published `rollDice`: `gameSeed mod 6 + 1`).
pub const FACES: u32 = 6;

/// The selected faces: 1 to 5 integers from 1 to 6 (the published function's rule).
fn selected(f: Fields) -> Result<Vec<i64>> {
    let sel = f.array("selected")?;
    if sel.is_empty() || sel.len() > 5 {
        return Err(VerifyError::game_rule(
            &f.name("selected"),
            "selection_count",
            msg!(
                "incorrect number of selected numbers: {} (pick 1 to 5 of the 6 faces)",
                sel.len()
            ),
        )
        .with("count", sel.len()));
    }
    sel.iter()
        .enumerate()
        .map(|(i, v)| as_int(v, &format!("{}[{i}]", f.name("selected")), 1, 6))
        .collect()
}

/// One roll: `face = gameSeed mod 6 + 1`, a win when it is one of the selected faces.
fn roll(f: Fields, seed: &[u8; 32]) -> Result<Map<String, Value>> {
    let picks = selected(f)?;
    let face = bytes_mod(seed, u64::from(FACES)) as i64 + 1;
    let mut m = Map::new();
    m.insert("face".into(), json!(face));
    m.insert("win".into(), Value::Bool(picks.contains(&face)));
    Ok(m)
}

pub fn run(f: Fields, r: &mut Report, o: &Options) -> Result<()> {
    bets::run_record(f, r, o, "selected", roll)?;
    if f.get("bets").is_none() {
        r.set("selected", json!(selected(f)?));
    }
    Ok(())
}
