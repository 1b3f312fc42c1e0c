//! SPEC §7 `dice`: one die from the game seed, `gameSeed mod 6 + 1` over the whole
//! 256-bit number, as the published Go (`big.Int.Mod`) does it.

use serde_json::{json, Value};

use super::descriptor::{result, Empty, FieldDesc, GameDesc, Kind, ResultDesc, Role, Scheme};
use super::{commitment_check, Commitment, Options};
use crate::error::{Result, VerifyError};
use crate::primitives::sha256::{hmac_sha256, to_hex};
use crate::record::{as_int, Fields, MAX_SAFE_INTEGER};
use crate::report::Report;

/// The fields dice and mines share (SPEC §7).
pub const SERVER_SEED: FieldDesc = FieldDesc::new("serverSeed", Kind::Text, Role::Secret);
pub const SERVER_SEED_HASH: FieldDesc =
    FieldDesc::new("serverSeedHash", Kind::Hash, Role::Commitment)
        .optional()
        .primary();
pub const CLIENT_SEED: FieldDesc =
    FieldDesc::new("clientSeed", Kind::Text, Role::Client).empty(Empty::Keep);
pub const NONCE: FieldDesc =
    FieldDesc::new("nonce", Kind::Int, Role::Id).range(-MAX_SAFE_INTEGER, MAX_SAFE_INTEGER);

const FIELDS: [FieldDesc; 5] = [
    SERVER_SEED,
    SERVER_SEED_HASH,
    CLIENT_SEED,
    NONCE,
    FieldDesc::new("selected", Kind::Numbers, Role::Setting),
];

const RESULTS: [ResultDesc; 3] = [
    result("face", "face", &["face"]),
    result("win", "win", &["win"]),
    result("gameSeed", "hash", &["gameSeed"]),
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

/// `GenerateUserGameSeed`: the joined text `serverSeed:clientSeed:nonce` is the HMAC
/// *key* and the message is empty, as published. Returns the raw 32 bytes.
pub fn game_seed(f: Fields, r: &mut Report) -> Result<[u8; 32]> {
    let server_seed = f.str("serverSeed")?;
    let client_seed = f.str("clientSeed")?;
    let nonce = f.int("nonce", -MAX_SAFE_INTEGER, MAX_SAFE_INTEGER)?;
    let hash = f.opt_hex64("serverSeedHash")?;
    if let Some(h) = hash {
        commitment_check(
            r,
            Commitment {
                key: "commitmentOk",
                published_field: "serverSeedHash",
                published: &h,
                secret_field: Some("serverSeed"),
                hashed: server_seed,
            },
        );
    }
    let seed = hmac_sha256(
        format!("{server_seed}:{client_seed}:{nonce}").as_bytes(),
        b"",
    );
    r.set("gameSeed", to_hex(&seed));
    Ok(seed)
}

/// The whole 256-bit number mod m, byte by byte (no big integers needed).
pub fn bytes_mod(bytes: &[u8], m: u64) -> u64 {
    bytes.iter().fold(0, |acc, &b| (acc * 256 + b as u64) % m)
}

pub fn run(f: Fields, r: &mut Report, _: &Options) -> Result<()> {
    let sel = f.array("selected")?;
    if sel.is_empty() || sel.len() > 5 {
        return Err(VerifyError::game_rule(
            "selected",
            "selection_count",
            format!(
                "incorrect number of selected numbers: {} (pick 1 to 5 of the 6 faces)",
                sel.len()
            ),
        )
        .with("count", sel.len()));
    }
    let selected = sel
        .iter()
        .enumerate()
        .map(|(i, v)| as_int(v, &format!("selected[{i}]"), 1, 6))
        .collect::<Result<Vec<i64>>>()?;
    let seed = game_seed(f, r)?;
    let face = bytes_mod(&seed, 6) as i64 + 1;
    r.set("face", face);
    r.set("win", Value::Bool(selected.contains(&face)));
    r.set("selected", json!(selected));
    Ok(())
}
