// What each fuzz target does with its input, shared by the targets and by
// tests/fuzz_regressions.rs (which replays saved inputs through the same code).
// Work per input is bounded: a fuzzer must not spend a minute on one record with
// maxSteps 100,000,000.
#![allow(dead_code)]

use serde_json::{json, Value};

/// The scheme a pick byte selects: the descriptors' order, then the unsupported
/// ones (tools/fuzz.sh seeds the corpus from the same list, `examples/schemes.rs`).
pub fn scheme_ids() -> Vec<&'static str> {
    fairverify::scheme_ids()
}

/// The core's descriptor of `id`, as `FairVerifier.schemes()` gives it.
fn descriptor(id: &str) -> Option<Value> {
    match fairverify::descriptors() {
        Value::Array(all) => all.into_iter().find(|d| d["id"] == id),
        _ => None,
    }
}

fn bounded(rec: &Value) -> bool {
    let small = |k: &str, max: u64| {
        rec.get(k)
            .and_then(Value::as_f64)
            .is_none_or(|v| v <= max as f64)
    };
    let has_terminal = rec.get("terminal").is_some_and(|t| !t.is_null());
    small("history", 2_000)
        && small("rolls", 2_000)
        && small("deals", 200)
        && (!has_terminal || (rec.get("maxSteps").is_some() && small("maxSteps", 20_000)))
        && rec
            .get("hands")
            .and_then(Value::as_array)
            .is_none_or(|h| h.len() <= 200)
}

/// Any bytes as a record: parsing and every scheme behind it.
pub fn record_json(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(v) = serde_json::from_str::<Value>(text) {
        if !bounded(&v) {
            return;
        }
    }
    let _ = fairverify::verify_json(text);
}

/// The first byte picks the scheme (and the match_seed_v2 game); the rest is a JSON
/// object whose fields are kept.
pub fn scheme_fields(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(Value::Object(mut m)) = serde_json::from_slice::<Value>(rest) else {
        return;
    };
    let ids = scheme_ids();
    let scheme = ids[pick as usize % ids.len()];
    m.insert("scheme".into(), Value::from(scheme));
    if scheme == "match_seed_v2" && !m.contains_key("game") {
        let games = descriptor(scheme).map(|d| d["games"].clone());
        if let Some(Value::Array(games)) =
            games.filter(|g| g.as_array().is_some_and(|a| !a.is_empty()))
        {
            m.insert(
                "game".into(),
                games[(pick as usize / ids.len()) % games.len()]["id"].clone(),
            );
        }
    }
    let rec = Value::Object(m);
    if bounded(&rec) {
        let _ = fairverify::verify(&rec);
    }
}

fn played_bases() -> Vec<Value> {
    vec![
        json!({"scheme": "match_seed_v2", "game": "baloot", "matchId": "m", "commitment": "00".repeat(32),
               "serverSeed": "s", "clientSeeds": ["a", "b", "c", "d"], "hands": [{"buyer": 1}, {"buyer": null}]}),
        json!({"scheme": "match_seed_v2", "game": "bridge", "matchId": "m", "commitment": "00".repeat(32),
               "serverSeed": "s", "clientSeeds": ["a", "b", "c", "d"], "deals": 2}),
        json!({"scheme": "crash", "hash": "ab".repeat(32), "history": 3}),
        json!({"scheme": "mines", "serverSeed": "s", "clientSeed": "c", "nonce": 5, "mines": 4}),
        json!({"scheme": "selfpoker", "seed": "12345", "commit": "00".repeat(32), "players": 3}),
    ]
}

/// A valid record of a few schemes with arbitrary `played`.
pub fn played(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(played) = serde_json::from_slice::<Value>(rest) else {
        return;
    };
    let mut bases = played_bases();
    let n = bases.len();
    let mut rec = bases.swap_remove(pick as usize % n);
    rec["played"] = played;
    let _ = fairverify::verify(&rec);
}

/// Pasted round histories: any text, any game.
pub fn round_history(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    // The chain games, from the descriptors.
    let games: Vec<String> = match fairverify::descriptors() {
        Value::Array(all) => all
            .iter()
            .filter(|d| d["chain"] == true)
            .filter_map(|d| d["id"].as_str().map(String::from))
            .collect(),
        _ => Vec::new(),
    };
    if games.is_empty() {
        return;
    }
    let _ = fairverify::check_rounds(&games[pick as usize % games.len()], text);
}
