// Shared by the fuzz targets: keep the work per input bounded (a fuzzer must not
// spend a minute on one record with maxSteps 100,000,000).
use serde_json::Value;

pub fn bounded(rec: &Value) -> bool {
    let small = |k: &str, max: u64| {
        rec.get(k)
            .and_then(Value::as_f64)
            .map_or(true, |v| v <= max as f64)
    };
    let has_terminal = rec.get("terminal").is_some_and(|t| !t.is_null());
    small("history", 2_000)
        && small("rolls", 2_000)
        && small("deals", 200)
        && (!has_terminal || (rec.get("maxSteps").is_some() && small("maxSteps", 20_000)))
        && rec
            .get("hands")
            .and_then(Value::as_array)
            .map_or(true, |h| h.len() <= 200)
}

pub const SCHEMES: [&str; 11] = [
    "match_seed_v2",
    "poker_hmac_v1",
    "chess_colour_v1",
    "selfpoker",
    "crash",
    "platforms",
    "battle",
    "hash_chain",
    "dice",
    "mines",
    "match_seed_v1",
];
