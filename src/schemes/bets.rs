//! SPEC §7 for dice and mines: the game seed of a bet, the one commitment check,
//! and "every bet under one server seed" (`bets`): up to 10,000 bets checked
//! against one revealed server seed, each with its nonce, its own selection or mine
//! count, optionally its own client seed and its own `played`.

use serde_json::{Map, Value};

use super::descriptor::{Empty, FieldDesc, Kind, Need, Role};
use super::{commitment_check, Commitment, Options};
use crate::error::{ErrorCode, Result, VerifyError, Want};

use crate::primitives::sha256::{counted, hmac_sha256, to_hex, Sha};
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

/// The key's constant part `serverSeed:clientSeed:`, absorbed once for every nonce of
/// a list (issue 43: a 1 MB client seed shared by 10,000 bets was hashed 10,000
/// times). A key longer than SHA-256's 64-byte block is replaced by its hash before
/// HMAC uses it (RFC 2104), so hashing the prefix once and each nonce after it gives
/// the same MAC, bit for bit. The badge's core too (issue 43: without it a 1 MB
/// client seed took its core 50 s where the page took 1 s).
pub struct SeedKey {
    prefix: String,
    /// SHA-256 under way after the prefix (sha2's block function: no buffering
    /// hasher of the crates' in the badge's wasm).
    absorbed: Sha,
}

impl SeedKey {
    pub fn new(server_seed: &str, client_seed: &str) -> Self {
        let prefix = format!("{server_seed}:{client_seed}:");
        counted(prefix.len());
        let mut absorbed = Sha::new();
        absorbed.update(prefix.as_bytes());
        SeedKey { prefix, absorbed }
    }

    pub fn game_seed(&self, nonce: i64) -> [u8; 32] {
        let nonce = nonce.to_string();
        if self.prefix.len() + nonce.len() <= 64 {
            return hmac_sha256((self.prefix.clone() + &nonce).as_bytes(), b"");
        }
        // SHA-256 of the whole key from the absorbed prefix: the nonce, then FIPS
        // 180-4's padding.
        counted(nonce.len());
        let mut key = self.absorbed.clone();
        key.update(nonce.as_bytes());
        hmac_sha256(&key.finish(), b"")
    }
}

/// A verification in steps (issue 43: the badge on its host's thread, where one call
/// of 10,000 bets held the host for 54 s): `verify_with` run again and again over the
/// same record while this is installed (`install`); each run recomputes at most
/// `budget` more bets, keeps them here and stops (`suspended`) while any is left, so
/// no call does more than `budget` bets' work. The run that finds every bet here
/// makes the report from them: the same report as one call, bit for bit (the bets are
/// the same function of the same record). Only the record's own bets: it is taken
/// out of its `StepSlot` for the run that uses it, and a copy of the options (a slip
/// tried again) has an empty one.
#[derive(Default)]
pub struct Stepping {
    budget: usize,
    /// Each bet's game seed and result, in order, while they are all readable.
    bets: Vec<([u8; 32], Map<String, Value>)>,
    /// The list's shared key, absorbed once for every run.
    key: Option<SeedKey>,
    /// Every bet that can be recomputed ahead is here (the rest is the report's).
    complete: bool,
    /// The last run stopped to yield; the next one goes on.
    pub suspended: bool,
}

impl Stepping {
    /// The bets recomputed so far.
    pub fn steps(&self) -> usize {
        self.bets.len()
    }
}

/// Where a run finds its `Stepping` (`Options::steps`); a copy is empty.
#[derive(Default)]
pub struct StepSlot(std::cell::Cell<Option<Stepping>>);

impl Clone for StepSlot {
    fn clone(&self) -> Self {
        StepSlot::default()
    }
}

impl std::fmt::Debug for StepSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StepSlot")
    }
}

impl StepSlot {
    /// Puts `s` in for the next run, allowed `budget` more bets.
    pub fn install(&self, mut s: Stepping, budget: usize) {
        s.budget = budget.max(1);
        s.suspended = false;
        self.0.set(Some(s));
    }

    /// Takes back what `install` put in (None once a run used it up).
    pub fn take(&self) -> Option<Stepping> {
        self.0.take()
    }

    /// The error a run stops with to yield; never reported (`Stepping::suspended`).
    fn suspend(&self, mut s: Stepping) -> VerifyError {
        s.suspended = true;
        self.0.set(Some(s));
        VerifyError::new(ErrorCode::Internal, "bets", msg!("suspended"))
    }
}

/// Recomputes the next bets into `s` within its budget, the way the list below
/// does; at the first bet it cannot read (or whose result is an error) it stops
/// ahead-work there, and the list below meets that error as always.
fn ahead(f: Fields, server_seed: &str, bet: BetFn, s: &mut Stepping) -> bool {
    let Some(Value::Array(list)) = f.get("bets") else {
        return true;
    };
    let Ok(default_client) = f.opt_str("clientSeed") else {
        return true;
    };
    if list.len() > MAX_BETS {
        return true;
    }
    let mut spent = 0;
    while let Some(Value::Object(obj)) = list.get(s.bets.len()) {
        if spent == s.budget {
            return false;
        }
        // (Its errors are met below, with their names.)
        let bf = Fields::new(obj, "bets");
        let (Ok(client), Ok(nonce)) = (
            bf.opt_str("clientSeed"),
            bf.int("nonce", -MAX_SAFE_INTEGER, MAX_SAFE_INTEGER),
        ) else {
            return true;
        };
        let seed = match (client, default_client) {
            (Some(c), _) => game_seed(server_seed, c, nonce),
            (None, Some(c)) => s
                .key
                .get_or_insert_with(|| SeedKey::new(server_seed, c))
                .game_seed(nonce),
            (None, None) => return true,
        };
        let Ok(m) = bet(bf, &seed) else {
            return true;
        };
        s.bets.push((seed, m));
        spent += 1;
    }
    true
}

/// What one bet recomputes from its fields (`selected` or `mines`) and game seed:
/// the result keys of that bet (`face`, `win` or `mines`).
pub type BetFn = fn(Fields, &[u8; 32]) -> Result<Map<String, Value>>;

/// A dice or mines record: the commitment once, then the single bet or every bet.
/// `setting` is the per-bet field (`selected` or `mines`).
pub fn run_record(f: Fields, r: &mut Report, o: &Options, setting: &str, bet: BetFn) -> Result<()> {
    let server_seed = f.str("serverSeed")?;
    // In steps: the bets ahead first (and the report in a run of its own).
    let mut stepping = o.steps.take();
    if let Some(mut s) = stepping.take() {
        if !s.complete {
            let before = s.bets.len();
            s.complete = ahead(f, server_seed, bet, &mut s);
            if !s.complete || s.bets.len() > before {
                return Err(o.steps.suspend(s));
            }
        }
        stepping = Some(s);
    }
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
    // The list's shared client seed, absorbed once (when a bet needs it).
    let (mut shared, mut ready) = match stepping {
        Some(s) => (s.key, Some(s.bets.into_iter())),
        None => (None, None),
    };
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
        // The list's shared client seed (`Ok`), or the bet's own.
        let key = match (bf.opt_str("clientSeed")?, default_client) {
            (Some(c), _) => Err(c),
            (None, Some(c)) => Ok(c),
            (None, None) => return Err(VerifyError::missing(&bf.name("clientSeed"))),
        };
        let nonce = bf.int("nonce", -MAX_SAFE_INTEGER, MAX_SAFE_INTEGER)?;
        if nonce < MILLIS_1973 {
            seconds = Some(seconds.map_or((i, nonce, 1), |(j, n, c)| (j, n, c + 1)));
        }
        // Recomputed ahead (in steps), or here.
        let (seed, mut m) = match ready.as_mut().and_then(Iterator::next) {
            Some(done) => done,
            None => {
                let seed = match key {
                    Ok(c) => shared
                        .get_or_insert_with(|| SeedKey::new(server_seed, c))
                        .game_seed(nonce),
                    Err(c) => game_seed(server_seed, c, nonce),
                };
                (seed, bet(bf, &seed)?)
            }
        };
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
