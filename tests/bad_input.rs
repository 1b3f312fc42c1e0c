//! Hostile input, as a table: for every scheme, every required field missing, wrong
//! JSON types, bad hex, empty and multi-megabyte strings, huge, negative, fractional
//! and beyond-2^53 numbers; plus non-object JSON and deep nesting; and at the byte
//! level: oversized records, invalid UTF-8, BOMs, UTF-16, and the `{"name", "record"}`
//! wrapper. Each must give its error code (never a panic, never a verdict), and a long
//! seed is valid input. Runs in debug builds too (`cargo test`), where integer
//! overflow panics.

mod common;

use common::base_record as base;

use fairverify::{verify, verify_bytes, verify_json, verify_line, ErrorCode, MAX_RECORD_BYTES};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn code_of(rec: &Value) -> Result<Value, ErrorCode> {
    verify(rec).map_err(|e| e.code)
}

fn with(rec: &Value, field: &str, v: Value) -> Value {
    let mut r = rec.clone();
    r[field] = v;
    r
}

fn without(rec: &Value, field: &str) -> Value {
    let mut r = rec.clone();
    r.as_object_mut().unwrap().remove(field);
    r
}

struct Shape {
    record: Value,
    required: &'static [&'static str],
    hashes: &'static [&'static str],
    strings: &'static [&'static str],
    ints: &'static [(&'static str, i64, i64)],
}

fn shapes() -> Vec<Shape> {
    vec![
        Shape {
            record: base("match_seed_v2", |r| r["game"] == "bridge"),
            required: &[
                "game",
                "matchId",
                "commitment",
                "serverSeed",
                "clientSeeds",
                "deals",
            ],
            hashes: &["commitment"],
            strings: &["serverSeed", "game"],
            ints: &[("deals", 0, 10_000)],
        },
        Shape {
            record: base("match_seed_v2", |r| r["game"] == "table"),
            required: &["rolls"],
            hashes: &[],
            strings: &[],
            ints: &[("rolls", 0, 10_000)],
        },
        Shape {
            record: base("match_seed_v2", |r| {
                r["game"] == "mahjong" && r.get("draws").is_some()
            }),
            required: &[],
            hashes: &[],
            strings: &[],
            ints: &[("draws", 0, 144)],
        },
        Shape {
            record: base("poker_hmac_v1", |r| r.get("serverSeed").is_some()),
            required: &[
                "table",
                "session",
                "hand",
                "clientSeeds",
                "handCommitment",
                "deckRoot",
            ],
            hashes: &["handCommitment", "deckRoot", "commitment"],
            strings: &["serverSeed"],
            ints: &[("hand", 0, (1 << 53) - 1)],
        },
        Shape {
            record: base("chess_colour_v1", |r| !r["seedB"].is_null()),
            required: &["seedA", "commitA", "clientA", "clientB"],
            hashes: &["commitA", "commitB"],
            strings: &["seedA", "clientA", "clientB"],
            ints: &[],
        },
        Shape {
            record: base("selfpoker", |_| true),
            required: &["seed", "commit", "players"],
            hashes: &["commit"],
            strings: &["seed"],
            ints: &[("players", 2, 23)],
        },
        Shape {
            record: base("crash", |r| r.get("history").is_some()),
            required: &["hash"],
            hashes: &["hash", "terminal"],
            strings: &[],
            ints: &[("history", 0, 100_000), ("maxSteps", 1, 100_000_000)],
        },
        Shape {
            record: base("platforms", |_| true),
            required: &["hash"],
            hashes: &["hash"],
            strings: &[],
            ints: &[],
        },
        Shape {
            record: base("battle", |_| true),
            required: &["hash", "chances"],
            hashes: &["hash"],
            strings: &[],
            ints: &[],
        },
        Shape {
            record: base("hash_chain", |_| true),
            required: &["hash", "terminal"],
            hashes: &["hash", "terminal"],
            strings: &[],
            ints: &[("maxSteps", 1, 100_000_000)],
        },
        Shape {
            record: base("dice", |_| true),
            required: &["serverSeed", "clientSeed", "nonce", "selected"],
            hashes: &["serverSeedHash"],
            strings: &["serverSeed", "clientSeed"],
            ints: &[("nonce", -((1 << 53) - 1), (1 << 53) - 1)],
        },
        Shape {
            record: base("mines", |_| true),
            required: &["serverSeed", "clientSeed", "nonce", "mines"],
            hashes: &["serverSeedHash"],
            strings: &["serverSeed", "clientSeed"],
            ints: &[("mines", 0, 25)],
        },
    ]
}

#[test]
fn every_scheme_refuses_bad_fields_with_the_right_code() {
    let mut checked = 0;
    for s in shapes() {
        let r = &s.record;
        let name = format!(
            "{} {}",
            r["scheme"],
            r.get("game").and_then(Value::as_str).unwrap_or("")
        );
        assert!(verify(r).is_ok(), "{name}: the base record must verify");
        let mut expect = |rec: Value, want: ErrorCode, what: &str| {
            let got = code_of(&rec).err();
            assert_eq!(got, Some(want), "{name}: {what}");
            checked += 1;
        };
        for f in s.required {
            expect(
                without(r, f),
                ErrorCode::MissingField,
                &format!("without {f}"),
            );
            expect(
                with(r, f, Value::Null),
                ErrorCode::MissingField,
                &format!("{f} null"),
            );
        }
        for f in s.hashes {
            for bad in [
                "",
                "abc",
                &"a".repeat(63),
                &"g".repeat(64),
                &"a".repeat(65),
                &" ".repeat(64),
            ] {
                expect(
                    with(r, f, json!(bad)),
                    ErrorCode::BadHex,
                    &format!("{f} = {bad:?}"),
                );
            }
            expect(
                with(r, f, json!("ab".repeat(2_000_000))),
                ErrorCode::BadHex,
                &format!("{f} 4 MB"),
            );
            expect(
                with(r, f, json!(12)),
                ErrorCode::WrongType,
                &format!("{f} number"),
            );
            expect(
                with(r, f, json!(["a"])),
                ErrorCode::WrongType,
                &format!("{f} array"),
            );
        }
        for f in s.strings {
            for bad in [json!(5), json!(true), json!({}), json!([])] {
                expect(
                    with(r, f, bad.clone()),
                    ErrorCode::WrongType,
                    &format!("{f} = {bad}"),
                );
            }
        }
        for &(f, lo, hi) in s.ints {
            expect(
                with(r, f, json!(hi.saturating_add(1_000_000))),
                ErrorCode::OutOfRange,
                &format!("{f} huge"),
            );
            // SPEC: integers written as integers. A fraction or an exponent is
            // refused whatever the float rounds to (`1e-400` is 0 to a float parser,
            // `1.00000000000000000001` is 1), through the text entry points too.
            let ok = with(r, f, json!("@@"));
            for spelling in ["7.0", "7e0", "1e-400", "1.00000000000000000001", "2E1"] {
                let text = ok.to_string().replace("\"@@\"", spelling);
                let got = verify_json(&text).map_err(|e| (e.code, e.field));
                assert_eq!(
                    got.err(),
                    Some((ErrorCode::WrongType, f.to_string())),
                    "{name}: {f} = {spelling}"
                );
                let line = verify_line(text.as_bytes()).result.map_err(|e| e.code);
                assert_eq!(
                    line.err(),
                    Some(ErrorCode::WrongType),
                    "{name}: line {f} = {spelling}"
                );
                let bytes = verify_bytes(text.as_bytes()).map_err(|e| e.code);
                assert_eq!(
                    bytes.err(),
                    Some(ErrorCode::WrongType),
                    "{name}: bytes {f} = {spelling}"
                );
            }
            expect(
                with(r, f, json!(hi + 1)),
                ErrorCode::OutOfRange,
                &format!("{f} above range"),
            );
            if lo > i64::MIN + 1 {
                expect(
                    with(r, f, json!(lo - 1)),
                    ErrorCode::OutOfRange,
                    &format!("{f} below range"),
                );
            }
            expect(
                with(r, f, json!(1.5)),
                ErrorCode::WrongType,
                &format!("{f} fractional"),
            );
            expect(
                with(r, f, json!("7")),
                ErrorCode::WrongType,
                &format!("{f} string"),
            );
            expect(
                with(r, f, json!(9007199254740993u64)),
                ErrorCode::OutOfRange,
                &format!("{f} beyond 2^53"),
            );
            expect(
                with(r, f, json!(-9007199254740993i64)),
                ErrorCode::OutOfRange,
                &format!("{f} below -2^53"),
            );
            expect(
                with(r, f, json!(1e300)),
                ErrorCode::OutOfRange,
                &format!("{f} 1e300"),
            );
            expect(
                with(r, f, json!(i64::MIN)),
                ErrorCode::OutOfRange,
                &format!("{f} i64::MIN"),
            );
            expect(
                with(r, f, json!(i64::MAX)),
                ErrorCode::OutOfRange,
                &format!("{f} i64::MAX"),
            );
        }
    }
    assert!(checked > 250, "only {checked} bad inputs checked");
}

#[test]
fn scheme_specific_refusals() {
    let bridge = base("match_seed_v2", |r| r["game"] == "bridge");
    let cases: Vec<(Value, ErrorCode)> = vec![
        (
            with(&bridge, "clientSeeds", json!(["a", "b", "c"])),
            ErrorCode::BadSeatCount,
        ),
        (
            with(&bridge, "clientSeeds", json!(["a", "b", "c", 4])),
            ErrorCode::WrongType,
        ),
        (
            with(&bridge, "clientSeeds", json!("abcd")),
            ErrorCode::WrongType,
        ),
        (
            with(&bridge, "game", json!("go-moku")),
            ErrorCode::UnknownGame,
        ),
        (
            with(
                &base("match_seed_v2", |r| r["game"] == "mahjong"),
                "tileSet",
                json!(140),
            ),
            ErrorCode::OutOfRange,
        ),
        (
            with(
                &base("match_seed_v2", |r| r["game"] == "baloot"),
                "hands",
                json!([{"buyer": 4}]),
            ),
            ErrorCode::OutOfRange,
        ),
        (
            with(
                &base("match_seed_v2", |r| r["game"] == "baloot"),
                "hands",
                json!([{}]),
            ),
            ErrorCode::MissingField,
        ),
        (
            with(
                &base("match_seed_v2", |r| r["game"] == "baloot"),
                "hands",
                json!([3]),
            ),
            ErrorCode::WrongType,
        ),
        (
            with(
                &base("match_seed_v2", |r| r["game"] == "baloot"),
                "hands",
                json!(vec![json!({"buyer": null}); 10_001]),
            ),
            ErrorCode::OutOfRange,
        ),
        (
            json!({"scheme": "match_seed_v1"}),
            ErrorCode::UnsupportedScheme,
        ),
        (json!({"scheme": "nope"}), ErrorCode::UnknownScheme),
        (json!({"scheme": 5}), ErrorCode::WrongType),
        (json!({}), ErrorCode::MissingField),
        (json!([1, 2]), ErrorCode::NotObject),
        (json!("dice"), ErrorCode::NotObject),
        (json!(null), ErrorCode::NotObject),
        (
            with(&base("selfpoker", |_| true), "seed", json!(5)),
            ErrorCode::WrongType,
        ),
        (
            with(&base("selfpoker", |_| true), "seed", json!("05")),
            ErrorCode::BadDecimal,
        ),
        (
            with(&base("dice", |_| true), "selected", json!([])),
            ErrorCode::GameRule,
        ),
        (
            with(&base("dice", |_| true), "selected", json!([7])),
            ErrorCode::OutOfRange,
        ),
        (
            with(&base("battle", |_| true), "chances", json!([50, "50"])),
            ErrorCode::WrongType,
        ),
        (
            with(&base("battle", |_| true), "chances", json!([1e308, 1e308])),
            ErrorCode::GameRule,
        ),
        (
            with(&base("dice", |_| true), "played", json!({"nope": 1})),
            ErrorCode::UnknownField,
        ),
        (
            with(&base("dice", |_| true), "played", json!([1])),
            ErrorCode::WrongType,
        ),
    ];
    let poker = base("poker_hmac_v1", |r| r.get("leaves").is_some());
    let mut leaves = poker.clone();
    leaves["leaves"][0]["path"] = json!(vec!["00".repeat(32); 5]);
    let mut seat01 = poker.clone();
    seat01["clientSeeds"] = json!({"01": "x"});
    let mut pos = poker.clone();
    pos["leaves"][0]["position"] = json!(52);
    let cases = cases
        .into_iter()
        .chain([
            (leaves, ErrorCode::OutOfRange),
            (seat01, ErrorCode::BadDecimal),
            (pos, ErrorCode::OutOfRange),
            (
                without(&without(&poker, "leaves"), "serverSeed"),
                ErrorCode::MissingField,
            ),
        ])
        .collect::<Vec<_>>();
    for (i, (rec, want)) in cases.iter().enumerate() {
        assert_eq!(
            code_of(rec).err(),
            Some(*want),
            "case {i}: {}",
            &rec.to_string()[..rec.to_string().len().min(120)]
        );
    }
}

#[test]
fn text_level_hostility() {
    let nested = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert_eq!(verify_json(&nested).unwrap_err().code, ErrorCode::BadJson);
    let nested_obj = format!("{}1{}", "{\"a\":".repeat(50_000), "}".repeat(50_000));
    assert_eq!(
        verify_json(&nested_obj).unwrap_err().code,
        ErrorCode::BadJson
    );
    for bad in ["", "{", "{\"scheme\": \"dice\",}", "nul", "\u{0}"] {
        assert_eq!(
            verify_json(bad).unwrap_err().code,
            ErrorCode::BadJson,
            "{bad:?}"
        );
    }
    let e = verify_json("{\"scheme\": \"crash\", \"hash\": \"zz\"}").unwrap_err();
    assert_eq!((e.code, e.field.as_str()), (ErrorCode::BadHex, "hash"));
    assert!(e.message.contains("hash"));
}

#[test]
fn long_seeds_are_valid_input_not_errors() {
    let dice = base("dice", |_| true);
    let r = verify(&with(&dice, "clientSeed", json!("🎲".repeat(1_000_000)))).unwrap();
    assert!(r["face"].as_u64().is_some_and(|f| (1..=6).contains(&f)));
    let r = verify(&with(&dice, "serverSeedHash", json!("0".repeat(64)))).unwrap();
    assert_eq!(r["verdict"], "fail");
}

/// A passing record's JSON text, for the byte-level cases.
fn passing_text() -> String {
    let dice = base("dice", |r| r.get("serverSeedHash").is_some());
    let r = verify(&dice).unwrap();
    assert_eq!(r["verdict"], "pass", "the dice base record must pass");
    dice.to_string()
}

fn utf16(text: &str, le: bool, bom: bool) -> Vec<u8> {
    let mut b = if !bom {
        vec![]
    } else if le {
        vec![0xFF, 0xFE]
    } else {
        vec![0xFE, 0xFF]
    };
    for u in text.encode_utf16() {
        b.extend_from_slice(&if le { u.to_le_bytes() } else { u.to_be_bytes() });
    }
    b
}

#[test]
fn bytes_bom_and_utf16_are_read_as_the_same_record() {
    let text = passing_text();
    let want = verify_json(&text).unwrap();
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend_from_slice(text.as_bytes());
    let mut crlf_bom = bom.clone();
    crlf_bom.extend_from_slice(b"\r\n");
    for (what, bytes) in [
        ("plain", text.as_bytes().to_vec()),
        ("UTF-8 BOM", bom),
        ("UTF-8 BOM and CRLF", crlf_bom),
        ("UTF-16LE BOM", utf16(&text, true, true)),
        ("UTF-16BE BOM", utf16(&text, false, true)),
        ("UTF-16LE no BOM", utf16(&text, true, false)),
        ("UTF-16BE no BOM", utf16(&text, false, false)),
    ] {
        assert_eq!(verify_bytes(&bytes).as_ref(), Ok(&want), "{what}");
        assert_eq!(
            verify_line(&bytes).result.as_ref(),
            Ok(&want),
            "{what} as a line"
        );
    }
    // A non-ASCII seed survives UTF-16 exactly (a pair of surrogates included).
    let dice = base("dice", |_| true);
    let seeded = with(&dice, "clientSeed", json!("é🎲x"));
    let want = verify(&seeded).unwrap();
    let got = verify_bytes(&utf16(&seeded.to_string(), true, true)).unwrap();
    assert_eq!(got, want);
}

#[test]
fn invalid_text_is_bad_utf8_with_the_offset_never_replaced() {
    let text = passing_text();
    let seed_at = text.find("\"serverSeed\":\"").unwrap() + "\"serverSeed\":\"".len();
    // FF FE inside the seed, as the issue found (U+FFFD replacement would pass it).
    for (bad, at) in [
        (&b"\xFF\xFE"[..], 0),
        (b"\xC3\x28", 0),
        (b"a\xED\xA0\x80", 1), // an encoded surrogate
        (b"\xC0\xAF", 0),      // an overlong '/'
        (b"ab\xF5", 2),
    ] {
        let mut b = text.as_bytes()[..seed_at].to_vec();
        b.extend_from_slice(bad);
        b.extend_from_slice(&text.as_bytes()[seed_at..]);
        for e in [
            verify_bytes(&b).unwrap_err(),
            verify_line(&b).result.unwrap_err(),
        ] {
            assert_eq!(e.code, ErrorCode::BadUtf8, "{bad:?}");
            assert_eq!(e.params["offset"], json!(seed_at + at), "{bad:?}");
            assert!(e.message.contains(&format!("offset {}", seed_at + at)));
        }
    }
    // Truncated at the very end; broken UTF-16.
    let mut b = text.as_bytes().to_vec();
    b.push(0xE2);
    assert_eq!(
        verify_bytes(&b).unwrap_err().params["offset"],
        json!(text.len())
    );
    let mut b = utf16(&text, true, true);
    b.push(b' ');
    let e = verify_bytes(&b).unwrap_err();
    assert_eq!(
        (e.code, e.params["offset"].clone()),
        (ErrorCode::BadUtf8, json!(b.len() - 1))
    );
    let mut b = utf16("\"", true, true);
    b.extend_from_slice(&0xDC00u16.to_le_bytes());
    let e = verify_bytes(&b).unwrap_err();
    assert_eq!(
        (e.code, e.params["offset"].clone()),
        (ErrorCode::BadUtf8, json!(4))
    );
}

#[test]
fn oversized_records_are_refused_before_parsing_and_fast() {
    let text = passing_text();
    // A 20 MB record: valid JSON, a long client seed.
    let pad = 20_000_000 - text.len();
    let mut big = text.clone();
    big.insert_str(1, &format!("\"pad\":\"{}\",", "x".repeat(pad)));
    let t = Instant::now();
    let e = verify_bytes(big.as_bytes()).unwrap_err();
    let took = t.elapsed();
    assert_eq!(e.code, ErrorCode::TooLarge);
    assert_eq!(e.params["limit"], json!(MAX_RECORD_BYTES));
    assert_eq!(e.params["size"], json!(big.len()));
    assert!(took < Duration::from_millis(200), "took {took:?}");
    assert_eq!(verify_json(&big).unwrap_err().code, ErrorCode::TooLarge);
    assert_eq!(
        verify_line(big.as_bytes()).result.unwrap_err().code,
        ErrorCode::TooLarge
    );
    // The limit itself is accepted: a record of exactly MAX_RECORD_BYTES bytes verifies.
    let mut at_limit = text.clone();
    let pad = MAX_RECORD_BYTES - text.len() - "\"pad\":\"\",".len();
    at_limit.insert_str(1, &format!("\"pad\":\"{}\",", "x".repeat(pad)));
    assert_eq!(at_limit.len(), MAX_RECORD_BYTES);
    assert_eq!(
        verify_bytes(at_limit.as_bytes()).unwrap()["verdict"],
        "pass"
    );
    // Invalid bytes beyond the limit are too_large: nothing is decoded first.
    let junk = vec![0xFFu8; MAX_RECORD_BYTES + 1];
    assert_eq!(verify_bytes(&junk).unwrap_err().code, ErrorCode::TooLarge);
}

#[test]
fn wrapped_records_are_refused_exactly_as_bare_ones() {
    let crash = base("crash", |r| r.get("history").is_some());
    let hash = crash["hash"].as_str().unwrap();
    let rounds = |h: &Value| h["history"].as_array().map(Vec::len);
    for (bad, want) in [
        ("1e309", Err(ErrorCode::BadJson)),
        ("-1e309", Err(ErrorCode::BadJson)),
        ("-9223372036854775808", Err(ErrorCode::OutOfRange)),
        ("100001", Err(ErrorCode::OutOfRange)),
        ("\"3\"", Err(ErrorCode::WrongType)),
        ("3", Ok(Some(3))),
        ("null", Ok(None)), // null is absent: no history
    ] {
        let bare = format!(r#"{{"scheme":"crash","hash":"{hash}","history":{bad}}}"#);
        let wrapped = format!(r#"{{"name":"w","record":{bare}}}"#);
        let b = verify_line(bare.as_bytes());
        let w = verify_line(wrapped.as_bytes());
        let got = |r: &Result<Value, fairverify::VerifyError>| match r {
            Ok(rep) => Ok(rounds(rep)),
            Err(e) => Err(e.code),
        };
        assert_eq!(got(&b.result), want, "bare {bad}");
        assert_eq!(got(&w.result), want, "wrapped {bad}");
        assert_eq!(got(&verify_bytes(bare.as_bytes())), want, "bytes {bad}");
        assert_eq!(b.name, Value::Null);
        // A line that is not JSON has no name; a parsed wrapper keeps its name.
        let name = if want == Err(ErrorCode::BadJson) {
            Value::Null
        } else {
            json!("w")
        };
        assert_eq!(w.name, name, "{bad}");
    }
    // Not a wrapper: `scheme` beside `record`; a wrapper without a name; a non-object record.
    let l = verify_line(br#"{"scheme":"nope","record":{}}"#);
    assert_eq!(
        (l.name, l.result.unwrap_err().code),
        (Value::Null, ErrorCode::UnknownScheme)
    );
    let wrapped = format!(r#"{{"record":{crash}}}"#);
    let l = verify_line(wrapped.as_bytes());
    assert_eq!(l.name, Value::Null);
    assert_eq!(l.result.unwrap(), verify(&crash).unwrap());
    // A file holding a wrapped record is read as the record (bytes path = line path).
    assert_eq!(
        verify_bytes(wrapped.as_bytes()).unwrap(),
        verify(&crash).unwrap()
    );
    let l = verify_line(br#"{"name":"n","record":[1]}"#);
    assert_eq!(
        (l.name, l.result.unwrap_err().code),
        (json!("n"), ErrorCode::NotObject)
    );
    let l = verify_line(b"{\"name\":\"n\",\"record\":{\"scheme\":\"\xFF\"}}");
    assert_eq!(
        (l.name, l.result.unwrap_err().code),
        (Value::Null, ErrorCode::BadUtf8)
    );
}

/// SPEC §4: a bot's `clientB` is `""`; any other value would choose the colour.
#[test]
fn a_chess_bot_record_refuses_any_client_b() {
    let bot = base("chess_colour_v1", |r| r["seedB"].is_null());
    assert!(verify(&bot).is_ok());
    for b in ["a", " ", "0"] {
        let e = verify(&with(&bot, "clientB", json!(b))).unwrap_err();
        assert_eq!(
            (e.code, e.field.as_str()),
            (ErrorCode::GameRule, "clientB"),
            "{b:?}"
        );
        assert_eq!(e.params["rule"], "bot_client");
    }
    // A human opponent's clientB is theirs to choose.
    let human = base("chess_colour_v1", |r| !r["seedB"].is_null());
    assert!(verify(&with(&human, "clientB", json!("a"))).is_ok());
}

/// SPEC "compared by meaning": a `played` value that cannot be read is `bad_played`
/// naming its path, never a difference and never a fail.
#[test]
fn unreadable_played_values_are_bad_played_with_their_path() {
    let bridge = base("match_seed_v2", |r| r["game"] == "bridge");
    let crash = base("crash", |_| true);
    let mines = base("mines", |r| r.get("bets").is_none());
    let chess = base("chess_colour_v1", |_| true);
    let table = base("match_seed_v2", |r| r["game"] == "table");
    let cases: Vec<(Value, &str, &str)> = vec![
        (
            with(&bridge, "played", json!({"deals": [[[0], [1, "Z♥"]]]})),
            "played.deals[0][1][1]",
            "card",
        ),
        (
            with(&bridge, "played", json!({"deals": [[[0], ["Q♥", "qh"]]]})),
            "played.deals[0][1][1]",
            "distinct",
        ),
        (
            with(&bridge, "played", json!({"deals": [[7]]})),
            "played.deals[0][0]",
            "list",
        ),
        (
            with(&crash, "played", json!({"multiplier": "20.723"})),
            "played.multiplier",
            "hundredths",
        ),
        (
            with(&crash, "played", json!({"multiplier": "twenty"})),
            "played.multiplier",
            "multiplier",
        ),
        (
            with(&mines, "played", json!({"mines": [3, 9, 3]})),
            "played.mines[2]",
            "distinct",
        ),
        (
            with(&mines, "played", json!({"mines": [0]})),
            "played.mines[0]",
            "mine",
        ),
        (
            with(&chess, "played", json!({"aPlaysWhite": "red"})),
            "played.aPlaysWhite",
            "white",
        ),
        (
            with(&table, "played", json!({"rolls": ["4-7"]})),
            "played.rolls[0]",
            "roll",
        ),
    ];
    for (rec, field, want) in cases {
        let e = verify(&rec).unwrap_err();
        assert_eq!(
            (e.code, e.field.as_str()),
            (ErrorCode::BadPlayed, field),
            "{rec}"
        );
        assert_eq!(e.params["want"], want, "{field}");
    }
    // A bet's own played: the path names the bet.
    let mut rec = without(&without(&mines, "nonce"), "mines");
    rec["bets"] = json!([{"nonce": mines["nonce"], "mines": 3, "played": {"mines": [1, 1]}}]);
    let e = verify(&rec).unwrap_err();
    assert_eq!(
        (e.code, e.field.as_str()),
        (ErrorCode::BadPlayed, "bets[0].played.mines[1]")
    );
}

/// SPEC "compared by meaning": inside an entry, a list longer than the game's there
/// (a third hole card of a hold'em hand, a third die of a backgammon roll) is the
/// player's entry and `bad_played`, never a difference that names the operator's
/// support (turn-7 attack, N5). Shorter stays compared as far as it goes.
#[test]
fn an_entry_longer_than_the_games_is_bad_played() {
    let poker = base("selfpoker", |r| r.get("played").is_none());
    let table = base("match_seed_v2", |r| {
        r["game"] == "table" && r.get("played").is_none()
    });
    let hole = verify(&poker).expect("a selfpoker vector")["holeCards"][0].clone();
    let roll = verify(&table).expect("a table vector")["rolls"][0].clone();
    let mut three = hole.as_array().expect("a hand").clone();
    // A card id the hand does not hold (the report gives the hand as ids).
    let other = (0..52)
        .find(|c| !three.contains(&json!(c)))
        .expect("a card not in the hand");
    three.push(json!(other));
    let mut dice = roll.as_array().expect("a roll").clone();
    dice.push(json!(1));
    for (rec, field) in [
        (
            with(&poker, "played", json!({"holeCards": [three]})),
            "played.holeCards[0][2]",
        ),
        (
            with(&table, "played", json!({"rolls": [dice]})),
            "played.rolls[0][2]",
        ),
    ] {
        let e = verify(&rec).unwrap_err();
        assert_eq!(
            (e.code, e.field.as_str()),
            (ErrorCode::BadPlayed, field),
            "{rec}"
        );
        assert_eq!(e.params["want"], "size", "{field}");
    }
    // The right size, or shorter: compared, no error.
    assert_eq!(
        verify(&with(&poker, "played", json!({"holeCards": [hole]}))).unwrap()["verdict"],
        "pass"
    );
    let one = json!([roll[0].clone()]);
    assert!(verify(&with(&table, "played", json!({"rolls": [one]}))).is_ok());
}
