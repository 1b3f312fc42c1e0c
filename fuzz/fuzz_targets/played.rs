//! The `played` comparison: a valid record of each scheme with arbitrary `played`.
#![no_main]
use libfuzzer_sys::fuzz_target;
use serde_json::{json, Value};

fn bases() -> Vec<Value> {
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

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(played) = serde_json::from_slice::<Value>(rest) else {
        return;
    };
    let mut rec = bases().swap_remove(pick as usize % 5);
    rec["played"] = played;
    let _ = fairverify::verify(&rec);
});
