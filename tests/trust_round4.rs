//! The fourth fresh attack's findings (issue 43, "Trust under attack"). Each record is
//! built here from the vectors' own seeds; every outcome is the core's.
//! F1: one record within every cap took hours (a long client seed rehashed per draw).

mod common;

use std::time::Instant;

use common::base_record as base;
use common::{assert_lookalikes, hint};
use fairverify::testing::bytes_hashed;
use fairverify::verify;
use serde_json::{json, Value};

fn report(rec: &Value) -> Value {
    verify(rec).unwrap_or_else(|e| panic!("{}: {e:?}", rec["scheme"]))
}

/// The core's report of `rec` and the bytes its hashes absorbed (this thread's count).
fn hashed(rec: &Value) -> (Value, u64) {
    let before = bytes_hashed();
    let t0 = Instant::now();
    let v = report(rec);
    let bytes = bytes_hashed() - before;
    // A wall-clock bound only when asked (FAIRVERIFY_TIMING=1, a release build):
    // the gate holds the work to the deterministic count of bytes hashed.
    if std::env::var_os("FAIRVERIFY_TIMING").is_some() {
        let took = t0.elapsed();
        assert!(took.as_secs_f64() < 5.0, "took {took:?}");
        eprintln!("{}: {took:?}, {bytes} bytes hashed", rec["scheme"]);
    }
    (v, bytes)
}

/// A seed of `n` bytes (letters, so no look-alike or invisible character is in it).
fn long_seed(n: usize) -> String {
    "abcdefghij".repeat(n / 10)
}

/// F1: a long client seed is in the HMAC stream's prefix; it is hashed once per
/// record, not once per draw (10,000 backgammon rolls are 20,000+ draws).
#[test]
fn a_long_client_seed_is_hashed_once_for_ten_thousand_rolls() {
    let seed = long_seed(1 << 20);
    let mut rec = base("match_seed_v2", |r| r["game"] == "table");
    rec["clientSeeds"][0] = json!(seed);
    rec["rolls"] = json!(10_000);
    let (v, bytes) = hashed(&rec);
    assert_eq!(v["rolls"].as_array().map(Vec::len), Some(10_000));
    assert_eq!(v["commitmentOk"], true);
    // The seed once (and the echo of it as a seat's input is no hash), plus a few
    // bytes per draw: far below one rehash of the seed per draw (20 GB).
    assert!(
        bytes < 2 * seed.len() as u64 + 2_000_000,
        "{bytes} bytes hashed for a {}-byte seed",
        seed.len()
    );
}

/// F1: a 4 MB client seed and 10,000 bridge deals (some 500,000 draws; 1.5 h before).
#[test]
fn a_long_client_seed_is_hashed_once_for_ten_thousand_deals() {
    let seed = long_seed(4 << 20);
    for game in ["bridge", "tarneeb"] {
        let mut rec = base("match_seed_v2", |r| r["game"] == game);
        rec["clientSeeds"][1] = json!(seed);
        rec["deals"] = json!(10_000);
        let (v, bytes) = hashed(&rec);
        assert_eq!(v["deals"].as_array().map(Vec::len), Some(10_000), "{game}");
        assert!(
            bytes < 2 * seed.len() as u64 + 10_000_000,
            "{game}: {bytes} bytes hashed for a {}-byte seed",
            seed.len()
        );
    }
}

/// F1: 10,000 dice or mines bets sharing one long client seed: the HMAC key
/// `serverSeed:clientSeed:nonce` is hashed from its constant part once.
#[test]
fn a_long_shared_client_seed_is_hashed_once_for_ten_thousand_bets() {
    let seed = long_seed(1 << 20);
    for (scheme, setting, value) in [
        ("dice", "selected", json!([6])),
        ("mines", "mines", json!(3)),
    ] {
        let mut rec = base(scheme, |r| r.get("bets").is_none());
        let o = rec.as_object_mut().expect("object");
        o.remove("nonce");
        o.remove(setting);
        o.remove("played");
        o.insert("clientSeed".into(), json!(seed));
        let bets: Vec<Value> = (0..10_000)
            .map(|i| json!({"nonce": 1_732_756_271_411_i64 + i, setting: value}))
            .collect();
        o.insert("bets".into(), Value::Array(bets));
        let (v, bytes) = hashed(&rec);
        assert_eq!(v["bets"].as_array().map(Vec::len), Some(10_000), "{scheme}");
        assert!(
            bytes < 2 * seed.len() as u64 + 10_000_000,
            "{scheme}: {bytes} bytes hashed for a {}-byte seed",
            seed.len()
        );
        // The same game seeds as a record of the one bet (each key hashed whole).
        for i in [0usize, 9_999] {
            let mut one = rec.clone();
            let o = one.as_object_mut().expect("object");
            o.remove("bets");
            o.insert("nonce".into(), json!(1_732_756_271_411_i64 + i as i64));
            o.insert(setting.into(), value.clone());
            assert_eq!(
                report(&one)["gameSeed"],
                v["bets"][i]["gameSeed"],
                "{scheme} {i}"
            );
        }
    }
}

/// F1: a partial poker reveal whose leaves all fail looks for a swapped field once
/// per failed check: each string of the record is hashed once for all of them, not
/// once per leaf (a 4 MB client seed was hashed for each of up to 52 leaves).
#[test]
fn a_long_string_is_hashed_once_for_every_failed_leaf() {
    let seed = long_seed(4 << 20);
    let mut rec = base("poker_hmac_v1", |r| r.get("leaves").is_some());
    let leaves = rec["leaves"].as_array().map_or(0, Vec::len);
    assert!(leaves > 3, "{leaves} leaves");
    rec["deckRoot"] = json!("0".repeat(64));
    let seat = rec["clientSeeds"]
        .as_object()
        .and_then(|o| o.keys().next().cloned())
        .expect("a seat");
    rec["clientSeeds"][seat] = json!(seed);
    let (v, bytes) = hashed(&rec);
    assert_eq!(v["verdict"], "fail");
    assert!(
        bytes < seed.len() as u64 * 3 / 2,
        "{bytes} bytes hashed for {leaves} failed leaves and a {}-byte seed",
        seed.len()
    );
}

/// F3: SPEC "an empty array is a value and is compared": an empty `played` list where
/// the seeds give values is a difference named at its path, never "everything you
/// were shown matches"; `null` is still not compared.
#[test]
fn an_empty_played_list_is_a_difference() {
    let mines = base("mines", |r| {
        r.get("bets").is_none() && r.get("played").is_none()
    });
    let poker = base("poker_hmac_v1", |r| {
        r.get("serverSeed").is_some() && r.get("played").is_none()
    });
    let table = base("match_seed_v2", |r| {
        r["game"] == "table" && r.get("played").is_none()
    });
    let bridge = base("match_seed_v2", |r| {
        r["game"] == "bridge" && r.get("played").is_none()
    });
    let cases: Vec<(Value, Value, &str)> = vec![
        (mines.clone(), json!({"mines": []}), "mines"),
        (poker.clone(), json!({"holeCards": [[]]}), "holeCards[0]"),
        (poker.clone(), json!({"holeCards": []}), "holeCards"),
        (poker.clone(), json!({"board": []}), "board"),
        (poker.clone(), json!({"deck": []}), "deck"),
        (table.clone(), json!({"rolls": []}), "rolls"),
        (table.clone(), json!({"rolls": [[]]}), "rolls[0]"),
        (table.clone(), json!({"seats": []}), "seats"),
        (bridge.clone(), json!({"deals": [[]]}), "deals[0]"),
        (bridge.clone(), json!({"deals": [[[]]]}), "deals[0][0]"),
    ];
    for (base_rec, played, path) in cases {
        let mut rec = base_rec;
        rec["played"] = played.clone();
        let v = report(&rec);
        assert_eq!(v["verdict"], "fail", "{played}");
        assert_eq!(v["differenceCount"], 1, "{played}");
        assert_eq!(v["differences"][0]["path"], path, "{played}");
        assert_eq!(v["differences"][0]["played"], json!([]), "{played}");
    }
    // In a bet of a list too.
    let mut rec = mines.clone();
    let o = rec.as_object_mut().expect("object");
    let (nonce, count) = (o.remove("nonce"), o.remove("mines"));
    o.insert(
        "bets".into(),
        json!([{"nonce": nonce, "mines": count, "played": {"mines": []}}]),
    );
    let v = report(&rec);
    assert_eq!(v["verdict"], "fail", "{v}");
    assert_eq!(v["differences"][0]["path"], "bets[0].mines");
    // null is not compared: a pass (or unchecked) with nothing shown differing.
    let mut rec = poker;
    rec["played"] = json!({"holeCards": [null], "board": null});
    let v = report(&rec);
    assert_eq!(v["differenceCount"], 0, "{v}");
    assert_ne!(v["verdict"], "fail");
}

/// F4: a poker leaf's salt (or a hash of its path) in capitals goes into the leaf's
/// message as typed, so the leaf no longer climbs to the root: `lookalike_char`, kind
/// `case`, names the field and its first capital, as for a chess commitment (W2 of
/// trust_round3), never a bare fail read as the operator's.
#[test]
fn a_poker_leaf_in_capitals_is_named() {
    let rec = base("poker_hmac_v1", |r| r.get("leaves").is_some());
    let plain = report(&rec);
    assert!(hint(&plain, "lookalike_char").is_none(), "{plain}");
    let n = rec["leaves"].as_array().map_or(0, Vec::len);
    for (i, part) in [(n - 1, "salt"), (0, "path[3]")] {
        let mut r = rec.clone();
        let (field, typed) = if part == "salt" {
            let t = r["leaves"][i]["salt"].as_str().unwrap().to_uppercase();
            r["leaves"][i]["salt"] = json!(t);
            (format!("leaves[{i}].salt"), t)
        } else {
            let t = r["leaves"][i]["path"][3].as_str().unwrap().to_uppercase();
            r["leaves"][i]["path"][3] = json!(t);
            (format!("leaves[{i}].path[3]"), t)
        };
        let v = report(&r);
        assert_eq!(v["verdict"], "fail", "{field}");
        assert_eq!(v["leavesOk"][i], false, "{field}");
        let h = hint(&v, "lookalike_char").unwrap_or_else(|| panic!("{field}: no hint"));
        let first = typed.chars().position(|c| c.is_ascii_uppercase()).unwrap();
        assert_eq!(
            (&h["field"], &h["kind"], &h["position"]),
            (&json!(field), &json!("case"), &json!(first))
        );
        // Tied to the leaf's failed check, which it explains.
        let check = v["checks"]
            .as_array()
            .and_then(|a| a.iter().find(|c| c["name"] == h["check"]))
            .unwrap_or_else(|| panic!("{field}: no check {}", h["check"]));
        assert_eq!(check["ok"], false, "{field}");
    }
}

/// F5: more look-alikes, each by the rule that flags it: the Kelvin and Ångström
/// signs, the other letterlike symbols drawn as Latin letters, the Roman numerals and
/// the mathematical alphanumerics (compatibility forms of ASCII letters and digits,
/// kind `width` as the fullwidth ones), and Armenian or Cherokee letters in a Latin
/// word (kind `mixed`, as Cyrillic and Greek ones).
#[test]
fn letterlike_mathematical_armenian_and_cherokee_look_alikes_are_named() {
    let rec = base("dice", |r| {
        r.get("bets").is_none() && r.get("serverSeedHash").is_some()
    });
    let cases: [(&str, &str, u32); 14] = [
        ("my\u{212A}ey", "width", 0x212A),
        ("\u{212B}ngstrom", "width", 0x212B),
        ("seed\u{2113}", "width", 0x2113),
        ("t\u{212F}st", "width", 0x212F),
        ("seed \u{2160}\u{2161}", "width", 0x2160),
        ("\u{1D41A}bc", "width", 0x1D41A),
        ("seed\u{1D7CF}", "width", 0x1D7CF),
        ("\u{1D5FA}onkey", "width", 0x1D5FA),
        ("l\u{585}ck", "mixed", 0x585),
        ("\u{57D}ser", "mixed", 0x57D),
        ("seed\u{578}", "mixed", 0x578),
        ("\u{570}ello", "mixed", 0x570),
        ("\u{13AA}BC", "mixed", 0x13AA),
        ("98\u{585}1", "mixed", 0x585),
    ];
    assert_lookalikes(&rec, &cases);
    // Armenian and Cherokee words alone, with digits: nothing.
    for clean in ["բարեւ123", "ՀԱՅ 2024", "ᏣᎳᎩ7"] {
        let mut r = rec.clone();
        r["clientSeed"] = json!(clean);
        assert!(hint(&report(&r), "lookalike_char").is_none(), "{clean}");
    }
}
