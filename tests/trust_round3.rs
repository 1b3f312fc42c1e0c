//! The last fresh attack's leftovers (issue 43): honest records or slips that ended
//! in a bare fail, a silent pass or no hint. W1 a round hash equal to its terminal,
//! W2 a chess commitment typed in capitals, W3 a misspelt top-level field, W4 more
//! look-alike characters, B3 a crash `history` longer than its round. Each record is
//! built here from the vectors' own seeds; every outcome is the core's.

mod common;

use std::time::{Duration, Instant};

use common::base_record as base;
use common::{assert_lookalikes, hint};
use fairverify::{verify, ErrorCode};
use serde_json::{json, Value};

const CRASH_TERMINAL: &str = "c46f0705f6ba4df891ce44accda8f89f5a6fa8b987eb7c7b445280cf6cabfbc6";
const PLATFORM_TERMINAL: &str = "eeb4d340bfaed702601b9a08faba2f8088c4810c3e3a883293accaf25053b883";

fn report(rec: &Value) -> Value {
    verify(rec).unwrap_or_else(|e| panic!("{rec}: {e:?}"))
}

fn chain_check(v: &Value) -> &Value {
    v["checks"]
        .as_array()
        .and_then(|a| a.iter().find(|c| c["code"] == "chainOk"))
        .expect("a chainOk check")
}

/// W1: the terminal pasted as the round's hash is no round (SPEC §6): said at once,
/// with the hint of a published hash where the revealed value belongs, whatever the
/// terminal, the game or the step limit; never a 10,000,000-link walk.
#[test]
fn a_round_hash_equal_to_its_terminal_is_said_before_any_walk() {
    let cases = [
        json!({"scheme": "crash", "hash": CRASH_TERMINAL, "terminal": CRASH_TERMINAL}),
        // In capitals, as a player may paste it: the same hash.
        json!({"scheme": "crash", "hash": CRASH_TERMINAL.to_uppercase(), "terminal": CRASH_TERMINAL}),
        json!({"scheme": "platforms", "hash": PLATFORM_TERMINAL, "terminal": PLATFORM_TERMINAL}),
        json!({"scheme": "battle", "hash": PLATFORM_TERMINAL, "terminal": PLATFORM_TERMINAL, "chances": [50, 50]}),
        json!({"scheme": "hash_chain", "hash": "ab".repeat(32), "terminal": "ab".repeat(32), "maxSteps": 100}),
    ];
    for rec in cases {
        let t0 = Instant::now();
        let v = report(&rec);
        assert!(t0.elapsed() < Duration::from_secs(1), "{rec}: walked");
        assert_eq!(v["chainOk"], false, "{rec}");
        assert_eq!(v["verdict"], "fail", "{rec}");
        assert!(
            v.get("walk").is_none() && v.get("walked").is_none(),
            "{rec}"
        );
        assert_eq!(chain_check(&v)["params"]["steps"], 0, "{rec}");
        let h = hint(&v, "seed_is_commitment").unwrap_or_else(|| panic!("{rec}: no hint"));
        assert_eq!(
            (&h["field"], &h["with"], &h["check"]),
            (&json!("hash"), &json!("terminal"), &json!("chainOk"))
        );
        assert!(hint(&v, "step_limit").is_none(), "{rec}");
    }
    // A round of a chain of the test's own, one link before its terminal: round 1,
    // no such hint.
    let start = "5e".repeat(32);
    let terminal = fairverify::testing::sha256_hex(start.as_bytes());
    let v = report(&json!({"scheme": "hash_chain", "hash": start, "terminal": terminal}));
    assert_eq!((&v["verdict"], &v["round"]), (&json!("pass"), &json!(1)));
    assert!(hint(&v, "seed_is_commitment").is_none());
}

/// W2: `commitB` in capitals still matches its seed (compared case-insensitively) but
/// goes into the message as typed, so the colour may be the other one:
/// `lookalike_char` (kind `case`) names the field and the first capital, on any
/// verdict; a fail against the colour the player saw is led by it, never bare.
#[test]
fn a_chess_commitment_in_capitals_is_named() {
    let humans: Vec<Value> = common::load_cases(&common::vectors_dir())
        .into_iter()
        .filter(|c| c.record["scheme"] == "chess_colour_v1" && c.expect.get("error").is_none())
        .map(|c| c.record)
        .filter(|r| r["seedB"].is_string())
        .collect();
    let mut flips = 0;
    for rec in &humans {
        // The operator's hashes as SHA-256 writes them: lowercase.
        let mut rec = rec.clone();
        for field in ["commitA", "commitB"] {
            rec[field] = json!(rec[field].as_str().unwrap().to_lowercase());
        }
        let rec = &rec;
        let lower = report(rec);
        assert!(hint(&lower, "lookalike_char").is_none());
        for field in ["commitA", "commitB"] {
            let mut r = rec.clone();
            let typed = r[field].as_str().unwrap().to_uppercase();
            r[field] = json!(typed);
            let v = report(&r);
            let ok = format!("{field}Ok");
            assert_eq!(v[&ok], lower[&ok], "{field}: compared case-insensitively");
            let h = hint(&v, "lookalike_char").unwrap_or_else(|| panic!("{field}: no hint"));
            let first = typed.chars().position(|c| c.is_ascii_uppercase()).unwrap();
            assert_eq!(
                (&h["field"], &h["kind"], &h["position"]),
                (&json!(field), &json!("case"), &json!(first))
            );
            if v["aPlaysWhite"] != lower["aPlaysWhite"] {
                flips += 1;
                r["played"] = json!({"aPlaysWhite": lower["aPlaysWhite"]});
                let v = report(&r);
                assert_eq!(v["verdict"], "fail");
                assert_eq!(v["differenceCount"], 1);
                assert!(hint(&v, "lookalike_char").is_some());
            }
        }
    }
    // The vectors hold enough games that capitals drew the other colour somewhere.
    assert!(flips > 0, "{} games, no colour flipped", humans.len());
}

/// W3: a misspelt field of the record (`Played`, `server_seed`, `serverSed`) is
/// `unknown_field` naming the field it resembles; a key of the site's own (`note`)
/// is still ignored.
#[test]
fn a_misspelt_field_is_refused_not_ignored() {
    let rec = base("dice", |r| {
        r.get("bets").is_none() && r.get("serverSeedHash").is_some()
    });
    let face = report(&rec)["face"].as_u64().unwrap();
    let wrong = face % 6 + 1;
    // `played` spelt right: a fail on the face, so the misspelt one must not pass.
    let mut right = rec.clone();
    right["played"] = json!({"face": wrong});
    assert_eq!(report(&right)["verdict"], "fail");
    let seed = rec["serverSeed"].clone();
    for (key, value, like) in [
        ("Played", json!({"face": wrong}), "played"),
        ("PLAYED", json!({"face": wrong}), "played"),
        ("playd", json!({"face": wrong}), "played"),
        ("server_seed", seed.clone(), "serverSeed"),
        (
            "serverSeedhash",
            rec["serverSeedHash"].clone(),
            "serverSeedHash",
        ),
        ("cleintSeed", rec["clientSeed"].clone(), "clientSeed"),
    ] {
        let mut r = rec.clone();
        r[key] = value;
        let e = verify(&r).expect_err(key);
        assert_eq!((e.code, e.field.as_str()), (ErrorCode::UnknownField, key));
        assert_eq!(e.params["like"], like, "{key}");
    }
    let mut r = rec.clone();
    r["note"] = json!("bet from Tuesday");
    r["siteId"] = json!(42);
    assert_eq!(report(&r)["verdict"], report(&rec)["verdict"]);
}

/// W4: more characters that look like others or like nothing, through the one table
/// (`src/chars.rs`): the combining grapheme joiner, the Mongolian selectors, fullwidth
/// ASCII, a Khmer inherent vowel, the blank Braille pattern, and a word of digits
/// with one Cyrillic or Greek letter drawn like a digit.
#[test]
fn more_look_alikes_are_named() {
    let rec = base("dice", |r| {
        r.get("bets").is_none() && r.get("serverSeedHash").is_some()
    });
    let client = rec["clientSeed"].as_str().unwrap().to_string();
    let cases: [(String, &str, u32); 10] = [
        (format!("{client}\u{34F}"), "selector", 0x34F),
        (format!("{client}\u{180B}"), "selector", 0x180B),
        (format!("{client}\u{180D}"), "selector", 0x180D),
        (format!("{client}\u{180F}"), "selector", 0x180F),
        (format!("{client}\u{17B4}"), "filler", 0x17B4),
        (format!("{client}\u{2800}"), "filler", 0x2800),
        ("my lucky seed ９８０".to_string(), "width", 0xFF19),
        ("ＳＥＥＤ".to_string(), "width", 0xFF33),
        ("98З1".to_string(), "mixed", 0x417),
        ("7Ο05".to_string(), "mixed", 0x39F),
    ];
    assert_lookalikes(&rec, &cases);
    // Russian or Greek words with digits, and digits alone: nothing.
    for clean in ["пароль123", "счёт 2024", "λόγος7", "980", "ключ-12"] {
        let mut r = rec.clone();
        r["clientSeed"] = json!(clean);
        assert!(hint(&report(&r), "lookalike_char").is_none(), "{clean}");
    }
}

/// B3: a crash record's `history` lists this round and the rounds before it; round r
/// has r − 1 before it, so a longer history would list the terminal and links past
/// it as rounds: `out_of_range` on `history`, at most the round.
#[test]
fn a_crash_history_longer_than_its_round_is_refused() {
    let rec = base("crash", |r| {
        r.get("history").is_some() && r.get("terminal").is_some()
    });
    let v = report(&rec);
    let round = v["round"].as_u64().expect("the vector's round");
    let mut r = rec.clone();
    r["history"] = json!(round);
    let v = report(&r);
    assert_eq!(v["history"].as_array().unwrap().len() as u64, round);
    // The oldest entry is round 1: one HashSeed from the terminal.
    let oldest = v["history"][round as usize - 1]["hash"].as_str().unwrap();
    assert_eq!(
        fairverify::testing::sha256_hex(oldest.as_bytes()),
        rec["terminal"].as_str().unwrap().to_lowercase()
    );
    r["history"] = json!(round + 1);
    let e = verify(&r).expect_err("a history past the terminal");
    assert_eq!(
        (e.code, e.field.as_str()),
        (ErrorCode::OutOfRange, "history")
    );
    assert_eq!(e.params["max"], round);
}

/// The seed and its published hash pasted each in the other's box (three native
/// readers of turn 6 met it: a red fail sending the player to support, no hint):
/// `seeds_swapped` of kind `reversed`, naming both fields; the record put right passes.
#[test]
fn a_seed_and_its_hash_entered_the_other_way_round_is_said() {
    for scheme in ["dice", "mines"] {
        let rec = base(scheme, |r| {
            r["serverSeed"]
                .as_str()
                .is_some_and(|s| s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit()))
                && r.get("serverSeedHash").is_some()
        });
        assert_eq!(
            report(&rec)["verdict"],
            "pass",
            "{scheme}: the vector itself"
        );
        let mut swapped = rec.clone();
        swapped["serverSeed"] = rec["serverSeedHash"].clone();
        swapped["serverSeedHash"] = rec["serverSeed"].clone();
        let v = report(&swapped);
        assert_eq!(v["verdict"], "fail", "{scheme}");
        let h = hint(&v, "seeds_swapped")
            .unwrap_or_else(|| panic!("{scheme}: no seeds_swapped in {v}"));
        assert_eq!(
            (&h["kind"], &h["field"], &h["with"]),
            (
                &json!("reversed"),
                &json!("serverSeed"),
                &json!("serverSeedHash")
            ),
            "{scheme}"
        );
    }
}
