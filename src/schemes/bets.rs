//! SPEC §7 for dice and mines: the game seed of a bet, the one commitment check,
//! and "every bet under one server seed" (`bets`): up to 10,000 bets checked
//! against one revealed server seed, each with its nonce, its own selection or mine
//! count, optionally its own client seed and its own `played`.

use serde_json::{Map, Value};

use super::descriptor::{Empty, FieldDesc, Kind, Need, Role};
use super::{commitment_check, Commitment};
use crate::error::{ErrorCode, Result, VerifyError, Want};
#[cfg(not(feature = "widget"))]
use sha2::{Digest, Sha256};

#[cfg(not(feature = "widget"))]
use crate::primitives::sha256::counted;
use crate::primitives::sha256::{hmac_sha256, to_hex};
use crate::record::{Fields, MAX_SAFE_INTEGER};
use crate::report::Report;

/// SPEC hint `nonce_unit`: a nonce (the bet's time in milliseconds) below this,
/// before 1973, looks like seconds.
pub const MILLIS_1973: i64 = 100_000_000_000;

/// SPEC: 1 to 10,000 bets under one server seed.
pub const MAX_BETS: usize = 10_000;

pub const SERVER_SEED: FieldDesc = FieldDesc::new("serverSeed", Kind::Text, Role::Secret);
pub const SERVER_SEED_HASH: FieldDesc =
    FieldDesc::new("serverSeedHash", Kind::Hash, Role::Commitment)
        .optional()
        .primary();
/// With `bets`, the record's client seed is the default of bets that carry none.
pub const CLIENT_SEED: FieldDesc = FieldDesc::new("clientSeed", Kind::Text, Role::Client)
    .empty(Empty::Keep)
    .need(Need::Unless("bets"));
/// A single bet's nonce; a record of many bets has `bets` instead.
pub const NONCE: FieldDesc = FieldDesc::new("nonce", Kind::Int, Role::Id)
    .range(-MAX_SAFE_INTEGER, MAX_SAFE_INTEGER)
    .need(Need::InsteadOf("bets"));
pub const BETS: FieldDesc = FieldDesc::new("bets", Kind::Bets, Role::Count)
    .optional()
    .items(1, MAX_BETS);

/// `GenerateUserGameSeed`: the joined text `serverSeed:clientSeed:nonce` is the HMAC
/// *key* and the message is empty, as published. The raw 32 bytes.
pub fn game_seed(server_seed: &str, client_seed: &str, nonce: i64) -> [u8; 32] {
    SeedKey::new(server_seed, client_seed).game_seed(nonce)
}

/// The badge's wasm has no room for `SeedKey` (0.9 KB, issue 43's size budget): there
/// each bet hashes its whole key, in the badge's worker, which a new record cancels.
#[cfg(feature = "widget")]
pub struct SeedKey(String);

#[cfg(feature = "widget")]
impl SeedKey {
    pub fn new(server_seed: &str, client_seed: &str) -> Self {
        SeedKey(format!("{server_seed}:{client_seed}:"))
    }

    pub fn game_seed(&self, nonce: i64) -> [u8; 32] {
        hmac_sha256(format!("{}{nonce}", self.0).as_bytes(), b"")
    }
}

/// The key's constant part `serverSeed:clientSeed:`, absorbed once for every nonce of
/// a list (issue 43: a 1 MB client seed shared by 10,000 bets was hashed 10,000
/// times). A key longer than SHA-256's 64-byte block is replaced by its hash before
/// HMAC uses it (RFC 2104), so hashing the prefix once and each nonce after it gives
/// the same MAC, bit for bit.
#[cfg(not(feature = "widget"))]
pub struct SeedKey {
    prefix: String,
    absorbed: Sha256,
}

#[cfg(not(feature = "widget"))]
impl SeedKey {
    pub fn new(server_seed: &str, client_seed: &str) -> Self {
        let prefix = format!("{server_seed}:{client_seed}:");
        let mut absorbed = Sha256::new();
        counted(prefix.len());
        absorbed.update(prefix.as_bytes());
        SeedKey { prefix, absorbed }
    }

    pub fn game_seed(&self, nonce: i64) -> [u8; 32] {
        let nonce = nonce.to_string();
        let short;
        let digest: [u8; 32];
        let key: &[u8] = if self.prefix.len() + nonce.len() <= 64 {
            short = self.prefix.clone() + &nonce;
            short.as_bytes()
        } else {
            let mut h = self.absorbed.clone();
            counted(nonce.len());
            h.update(nonce.as_bytes());
            digest = h.finalize().into();
            &digest
        };
        hmac_sha256(key, b"")
    }
}

/// What one bet recomputes from its fields (`selected` or `mines`) and game seed:
/// the result keys of that bet (`face`, `win` or `mines`).
pub type BetFn = fn(Fields, &[u8; 32]) -> Result<Map<String, Value>>;

/// A dice or mines record: the commitment once, then the single bet or every bet.
/// `setting` is the per-bet field (`selected` or `mines`).
pub fn run_record(f: Fields, r: &mut Report, setting: &str, bet: BetFn) -> Result<()> {
    let server_seed = f.str("serverSeed")?;
    if let Some(h) = f.opt_hex64("serverSeedHash")? {
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
    if f.get("bets").is_none() {
        let client_seed = f.str("clientSeed")?;
        let nonce = f.int("nonce", -MAX_SAFE_INTEGER, MAX_SAFE_INTEGER)?;
        if nonce < MILLIS_1973 {
            r.hint(json!({"code": "nonce_unit", "field": "nonce", "nonce": nonce}));
        }
        let seed = game_seed(server_seed, client_seed, nonce);
        r.set("gameSeed", to_hex(&seed));
        for (k, v) in bet(f, &seed)? {
            r.set(&k, v);
        }
        return Ok(());
    }
    let list = f.array("bets")?;
    for single in ["nonce", setting] {
        if f.get(single).is_some() {
            return Err(VerifyError::new(
                ErrorCode::ConflictingFields,
                single,
                msg!("a record has either `bets` or a single bet's `{single}`, not both"),
            )
            .with("with", "bets"));
        }
    }
    if list.is_empty() || list.len() > MAX_BETS {
        return Err(VerifyError::new(
            ErrorCode::OutOfRange,
            "bets",
            msg!("`bets` must hold 1 to {MAX_BETS} bets, not {}", list.len()),
        )
        .with("minItems", 1)
        .with("maxItems", MAX_BETS)
        .with("count", list.len()));
    }
    let default_client = f.opt_str("clientSeed")?;
    r.part_status("bets");
    let mut out = Vec::with_capacity(list.len());
    // `nonce_unit` once for the list: the first such bet, and how many there are.
    let mut seconds: Option<(usize, i64, usize)> = None;
    let shared = default_client.map(|c| SeedKey::new(server_seed, c));
    for (i, v) in list.iter().enumerate() {
        let name = format!("bets[{i}]");
        let Value::Object(obj) = v else {
            return Err(VerifyError::wrong_type(&name, Want::Object, v));
        };
        if let Some(k) = obj
            .keys()
            .find(|k| !["nonce", "clientSeed", "played", setting].contains(&k.as_str()))
        {
            return Err(VerifyError::new(
                ErrorCode::UnknownField,
                format!("{name}.{k}"),
                msg!("a bet holds `nonce`, `{setting}` and optionally `clientSeed` and `played`, not `{k}`"),
            )
            .with("known", vec!["nonce", setting, "clientSeed", "played"]));
        }
        let bf = Fields::new(obj, &name);
        // The list's shared client seed, absorbed once (`Ok`), or the bet's own.
        let key = match (bf.opt_str("clientSeed")?, &shared) {
            (Some(c), _) => Err(c),
            (None, Some(key)) => Ok(key),
            (None, None) => return Err(VerifyError::missing(&bf.name("clientSeed"))),
        };
        let nonce = bf.int("nonce", -MAX_SAFE_INTEGER, MAX_SAFE_INTEGER)?;
        if nonce < MILLIS_1973 {
            seconds = Some(seconds.map_or((i, nonce, 1), |(j, n, c)| (j, n, c + 1)));
        }
        let seed = match key {
            Ok(key) => key.game_seed(nonce),
            Err(c) => game_seed(server_seed, c, nonce),
        };
        let mut m = bet(bf, &seed)?;
        m.insert("nonce".into(), json!(nonce));
        m.insert("gameSeed".into(), json!(to_hex(&seed)));
        let computed = Value::Object(m);
        if let Some(played) = bf.get("played") {
            r.compare_played("bets", i, played, &computed)?;
        }
        // The bet's own setting as given (dice's `selected`), for the drawing; after
        // the comparison, so `played` can never name it. Mines' `mines` is the
        // recomputed board already.
        let mut computed = computed;
        if let (Value::Object(m), Some(v)) = (&mut computed, bf.get(setting)) {
            if !m.contains_key(setting) {
                m.insert(setting.to_string(), v.clone());
            }
        }
        out.push(computed);
    }
    r.set("bets", Value::Array(out));
    if let Some((i, nonce, count)) = seconds {
        r.hint(
            json!({"code": "nonce_unit", "field": format!("bets[{i}].nonce"), "nonce": nonce,
            "count": count}),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key absorbed once gives HMAC's own answer for every key length, below,
    /// at and above SHA-256's 64-byte block (where RFC 2104 hashes the key first).
    #[test]
    fn the_absorbed_key_is_hmac_of_the_whole_key() {
        for server in ["", "s", &"x".repeat(30), &"y".repeat(64)] {
            for client in (0..80).map(|n| "c".repeat(n)) {
                let key = SeedKey::new(server, &client);
                for nonce in [0, 7, -3, 1_732_756_271_411, i64::MAX] {
                    let whole = format!("{server}:{client}:{nonce}");
                    assert_eq!(
                        key.game_seed(nonce),
                        hmac_sha256(whole.as_bytes(), b""),
                        "{whole}"
                    );
                }
            }
        }
    }
}
