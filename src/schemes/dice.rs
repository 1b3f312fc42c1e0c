//! SPEC §7 `dice`: one die from the game seed, `gameSeed mod 6 + 1` over the whole
//! 256-bit number, as the published Go (`big.Int.Mod`) does it.

use serde_json::{json, Value};

use super::commitment_check;
use crate::error::{Result, VerifyError};
use crate::primitives::sha256::hmac_hex;
use crate::record::{as_int, Fields, MAX_SAFE_INTEGER};
use crate::report::Report;

/// `GenerateUserGameSeed`: the joined text `serverSeed:clientSeed:nonce` is the HMAC
/// *key* and the message is empty, as published.
pub fn game_seed(f: Fields, r: &mut Report) -> Result<String> {
    let server_seed = f.str("serverSeed")?;
    let client_seed = f.str("clientSeed")?;
    let nonce = f.int("nonce", -MAX_SAFE_INTEGER, MAX_SAFE_INTEGER)?;
    let hash = f.opt_hex64("serverSeedHash")?;
    if let Some(h) = hash {
        commitment_check(
            r,
            "commitmentOk",
            "the revealed server seed hashes to the server seed hash shown before the bets",
            &h,
            server_seed,
        );
    }
    let seed = hmac_hex(
        format!("{server_seed}:{client_seed}:{nonce}").as_bytes(),
        b"",
    );
    r.set("gameSeed", seed.clone());
    Ok(seed)
}

/// The whole hex number mod m, digit by digit (no big integers needed).
pub fn hex_mod(hex: &str, m: u64) -> u64 {
    hex.bytes().fold(0, |acc, c| {
        (acc * 16 + (c as char).to_digit(16).unwrap_or(0) as u64) % m
    })
}

pub fn run(f: Fields, r: &mut Report) -> Result<()> {
    let sel = f.array("selected")?;
    if sel.is_empty() || sel.len() > 5 {
        return Err(VerifyError::game_rule(
            "selected",
            format!(
                "incorrect number of selected numbers: {} (pick 1 to 5 of the 6 faces)",
                sel.len()
            ),
        ));
    }
    let selected = sel
        .iter()
        .enumerate()
        .map(|(i, v)| as_int(v, &format!("selected[{i}]"), 1, 6))
        .collect::<Result<Vec<i64>>>()?;
    let seed = game_seed(f, r)?;
    let face = hex_mod(&seed, 6) as i64 + 1;
    r.set("face", face);
    r.set("win", Value::Bool(selected.contains(&face)));
    r.set("selected", json!(selected));
    Ok(())
}
