//! Every scheme with arbitrary fields: the first byte picks the scheme (and the
//! match_seed_v2 game), the rest is a JSON object whose fields are kept.
#![no_main]
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

#[path = "common.rs"]
mod common;

const GAMES: [&str; 8] = [
    "table", "dame", "xiangqi", "tarneeb", "trix", "bridge", "baloot", "mahjong",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(Value::Object(mut m)) = serde_json::from_slice::<Value>(rest) else {
        return;
    };
    let scheme = common::SCHEMES[pick as usize % common::SCHEMES.len()];
    m.insert("scheme".into(), Value::from(scheme));
    if scheme == "match_seed_v2" && !m.contains_key("game") {
        m.insert(
            "game".into(),
            Value::from(GAMES[(pick as usize / 11) % GAMES.len()]),
        );
    }
    let rec = Value::Object(m);
    if common::bounded(&rec) {
        let _ = fairverify::verify(&rec);
    }
});
