//! SPEC §7 `dice`: one die from the game seed, `gameSeed mod 6 + 1` over the whole
//! 256-bit number, as the published Go (`big.Int.Mod`) does it.

use serde_json::{Map, Value};

use super::bets::{self, BETS, CLIENT_SEED, NONCE, SERVER_SEED, SERVER_SEED_HASH};
use super::descriptor::{result, FieldDesc, GameDesc, Kind, ResultDesc, Role, Scheme};
use super::Options;
use crate::error::{Result, VerifyError};
use crate::record::{as_int, Fields};
use crate::report::Report;

const FIELDS: [FieldDesc; 6] = [
    SERVER_SEED,
    SERVER_SEED_HASH,
    CLIENT_SEED,
    NONCE,
    FieldDesc::new("selected", Kind::Numbers, Role::Setting),
    BETS,
];

const RESULTS: [ResultDesc; 4] = [
    result("face", "face", &["face"]),
    result("win", "win", &["win"]),
    result("gameSeed", "hash", &["gameSeed"]),
    result(
        "bets",
        "face",
        &[
            "bets[bet].face",
            "bets[bet].win:win",
            "bets[bet].gameSeed:hash",
            "bets[bet].nonce:value",
        ],
    ),
];

pub const SCHEME: Scheme = Scheme {
    id: "dice",
    games: &[GameDesc {
        id: "dice",
        players: 0,
        seats: "",
    }],
    fields: &FIELDS,
    results: &RESULTS,
    chain: false,
    terminals: &[],
    cards: "",
    run,
};

/// The whole 256-bit number mod m, byte by byte (no big integers needed).
pub fn bytes_mod(bytes: &[u8], m: u64) -> u64 {
    bytes.iter().fold(0, |acc, &b| (acc * 256 + b as u64) % m)
}

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
    let face = bytes_mod(seed, 6) as i64 + 1;
    let mut m = Map::new();
    m.insert("face".into(), json!(face));
    m.insert("win".into(), Value::Bool(picks.contains(&face)));
    Ok(m)
}

pub fn run(f: Fields, r: &mut Report, _: &Options) -> Result<()> {
    bets::run_record(f, r, "selected", roll)?;
    if f.get("bets").is_none() {
        r.set("selected", json!(selected(f)?));
    }
    Ok(())
}
