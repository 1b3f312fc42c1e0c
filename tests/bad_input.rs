//! Hostile input, as a table: for every scheme, every required field missing, wrong
//! JSON types, bad hex, empty and multi-megabyte strings, huge, negative, fractional
//! and beyond-2^53 numbers; plus non-object JSON and deep nesting. Each must give its
//! error code (never a panic, never a verdict), and a long seed is valid input.

mod common;

use fairverify::{verify, verify_json, ErrorCode};
use serde_json::{json, Value};

/// A valid record of each scheme, from the vectors.
fn base(scheme: &str, pred: impl Fn(&Value) -> bool) -> Value {
    common::load_cases(&common::vectors_dir())
        .into_iter()
        .find(|c| {
            c.record["scheme"] == scheme && c.expect.get("error").is_none() && pred(&c.record)
        })
        .unwrap_or_else(|| panic!("no {scheme} vector"))
        .record
}

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
                with(r, f, json!(hi as f64 + 1.0e6)),
                ErrorCode::OutOfRange,
                &format!("{f} huge"),
            );
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
