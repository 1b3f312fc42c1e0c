//! `classify`: what a pasted text or an opened file is, as the page's paste box
//! recognised it before the core did (tests/browser/entry.test.mjs, input.test.mjs,
//! bets.test.mjs: a record, a record without its scheme, an array and JSON lines of
//! records, crash/platforms/battle histories by their columns, JSON bets and bet
//! lines, text that is none of these), and a file's bytes decoded as every record's
//! are (BOM, UTF-16, strict UTF-8, the size limit, an evidence file's record).

mod common;

use fairverify::{
    classify, classify_bytes, read_bet_lines, verify, BetGame, BetOptions, ClassifyOptions,
};
use serde_json::{json, Value};

fn cases(scheme: &str) -> Vec<Value> {
    common::load_cases(&common::vectors_dir())
        .into_iter()
        .filter(|c| c.record["scheme"] == scheme && c.expect.get("error").is_none())
        .map(|c| c.record)
        .collect()
}

fn dice() -> Vec<Value> {
    cases("dice")
        .into_iter()
        .filter(|r| r.get("nonce").is_some())
        .collect()
}

fn of(text: &str) -> Value {
    classify(text, &ClassifyOptions::default())
}

fn with_form(text: &str, scheme: &str) -> Value {
    classify(
        text,
        &ClassifyOptions {
            scheme: Some(scheme.to_string()),
        },
    )
}

const H1: &str = "0b6b8d0a1d3c4b0f8f5b6c3f9e2a7d1c4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b";
const H2: &str = "a4e2b9c1d0f3e5a7b8c9d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2";

#[test]
fn one_record_named_wrapped_or_without_its_scheme() {
    let d = dice();
    let f = of(&d[0].to_string());
    assert_eq!(
        (&f["kind"], &f["scheme"], &f["guessed"]),
        (&json!("record"), &json!("dice"), &json!(false))
    );
    let wrapped = json!({"name": "my bet", "record": d[0]}).to_string();
    assert_eq!(of(&wrapped)["scheme"], "dice");
    // Without its scheme: the scheme whose fields its keys are, put in.
    let mut bare = d[1].clone();
    bare.as_object_mut().map(|m| m.remove("scheme"));
    let f = with_form(&bare.to_string(), "dice");
    assert_eq!(
        (&f["kind"], &f["guessed"], &f["scheme"]),
        (&json!("record"), &json!(true), &json!("dice"))
    );
    let mut want = bare.clone();
    want["scheme"] = json!("dice");
    assert_eq!(f["record"], want);
    // Keys that are no scheme's fields: not guessed, the core will say what is wrong.
    let f = of(r#"{"serverSeed": "a", "colour": "red"}"#);
    assert_eq!(
        (&f["kind"], &f["guessed"], &f["scheme"]),
        (&json!("record"), &json!(false), &Value::Null)
    );
}

#[test]
fn the_form_s_scheme_is_preferred_when_a_record_fits_several() {
    // Seeds and a list of bets are a dice record and a mines record alike.
    let mut rec = dice()[0].clone();
    for k in ["scheme", "nonce", "selected", "played"] {
        rec.as_object_mut().map(|m| m.remove(k));
    }
    rec["bets"] = json!([{"nonce": 1, "selected": [1]}]);
    let text = rec.to_string();
    assert_eq!(with_form(&text, "mines")["scheme"], "mines");
    assert_eq!(with_form(&text, "dice")["scheme"], "dice");
    assert_eq!(with_form(&text, "crash")["scheme"], of(&text)["scheme"]);
}

#[test]
fn arrays_and_json_lines_of_records_are_records() {
    let d = dice();
    let some = Value::Array(d[..3].to_vec()).to_string();
    assert_eq!(of(&some), json!({"kind": "records", "count": 3}));
    let lines: Vec<String> = d[..4].iter().map(Value::to_string).collect();
    assert_eq!(
        of(&lines.join("\n")),
        json!({"kind": "records", "count": 4})
    );
}

#[test]
fn histories_by_their_columns_or_the_form_s_chain_game() {
    let crash = format!("{H1},2,71\n{H2},1,00x\n");
    assert_eq!(
        of(&crash),
        json!({"kind": "rounds", "count": 2, "game": "crash"})
    );
    assert_eq!(
        of(&format!("{H1},2.71")),
        json!({"kind": "rounds", "count": 1, "game": "crash"})
    );
    assert_eq!(of(&format!("{H1},7\n{H2},25"))["game"], "platforms");
    assert_eq!(of(&format!("{H1};7\n{H2}\t2,5"))["game"], "crash");
    assert_eq!(of(&format!("{H1},1,50,50"))["game"], "battle");
    assert_eq!(of(&format!("{H1}\n{H2}"))["game"], "hash_chain");
    // A header line is allowed; the form's chain game decides.
    let with_header = format!("hash,point\n{H1},7\n{H2},25");
    assert_eq!(of(&with_header)["count"], 2);
    assert_eq!(with_form(&with_header, "crash")["game"], "crash");
    assert_eq!(with_form(&with_header, "dice")["game"], "platforms");
    // Two lines that are not rounds: not a history.
    assert_ne!(of(&format!("x\n{H1}\ny"))["kind"], "rounds");
}

#[test]
fn bets_as_json_or_as_lines_and_lines_refused_with_their_reason() {
    let f = of(r#"[{"nonce": 1, "selected": [1, 2]}, {"nonce": 2, "selected": [6]}]"#);
    assert_eq!(
        (&f["kind"], &f["count"], &f["game"]),
        (&json!("bets"), &json!(2), &json!("dice"))
    );
    assert_eq!(f["bets"][1], json!({"nonce": 2, "selected": [6]}));
    let f = of("{\"nonce\": 1, \"mines\": 3}\n{\"nonce\": 2, \"mines\": 5}");
    assert_eq!((&f["kind"], &f["game"]), (&json!("bets"), &json!("mines")));

    let f = of("nonce,selection,result\n1732756271411, 1 2 3, 4\n1732756271412, 6, 1");
    assert_eq!(
        (&f["kind"], &f["count"], &f["game"]),
        (&json!("bets"), &json!(2), &json!("dice"))
    );
    assert_eq!(f["read"]["header"], true);
    assert_eq!(
        f["read"]["bets"][0],
        json!({"nonce": 1732756271411_i64, "selected": [1, 2, 3], "played": {"face": 4}})
    );
    // Either game: the form's.
    assert_eq!(with_form("1732756271411; 3; 4", "mines")["game"], "mines");
    assert_eq!(of("1732756271411; 3; 4")["game"], "dice");
    let f = of("2024-11-28T01:11:11.411, 1 2 3, 4");
    assert_eq!(
        f,
        json!({"kind": "bets", "count": 0, "game": "dice",
               "error": {"code": "noOffset", "line": 1, "value": "2024-11-28T01:11:11.411"}})
    );
}

#[test]
fn text_that_is_none_of_these_is_unknown_and_empty_is_empty() {
    let f = of("hello, this is not a record");
    assert_eq!(
        (&f["kind"], &f["error"]["code"]),
        (&json!("unknown"), &json!("bad_json"))
    );
    assert_eq!(of(" \n\t"), json!({"kind": "empty"}));
}

#[test]
fn a_file_s_bytes_are_decoded_once_and_come_back_with_their_text() {
    let text = dice()[0].to_string();
    let o = ClassifyOptions::default();
    let f = classify_bytes(text.as_bytes(), &o);
    assert_eq!(
        (&f["kind"], &f["scheme"], &f["text"]),
        (&json!("record"), &json!("dice"), &json!(text))
    );
    // A byte-order mark; UTF-16 with its BOM.
    let bom = [b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat();
    assert_eq!(classify_bytes(&bom, &o)["text"], text);
    let mut le = vec![0xFF, 0xFE];
    le.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    assert_eq!(classify_bytes(&le, &o)["text"], text);
    // Not text: refused with the offset of the first bad byte, nothing else read.
    let i = text.find("serverSeed").unwrap_or(0) + 2;
    let bad = [
        text.as_bytes()[..i].to_vec(),
        vec![0xFF, 0xFE],
        text.as_bytes()[i..].to_vec(),
    ]
    .concat();
    let f = classify_bytes(&bad, &o);
    assert_eq!(
        (&f["kind"], &f["error"]["code"]),
        (&json!("error"), &json!("bad_utf8"))
    );
    assert_eq!(f["error"]["params"]["offset"], i);
    assert!(f.get("text").is_none());
    // One record over the size limit: refused by size.
    let big = json!({"scheme": "dice", "clientSeed": "x".repeat(17 << 20)}).to_string();
    let f = classify_bytes(big.as_bytes(), &o);
    assert_eq!(
        (&f["kind"], &f["error"]["code"]),
        (&json!("error"), &json!("too_large"))
    );
    // An evidence file: the record it carries.
    let html = format!(
        "<!DOCTYPE html>\n<html lang=\"en\" dir=\"ltr\" id=\"fairverify-evidence\"><head><meta charset=\"utf-8\"><script type=\"application/json\" id=\"fairverify-record\">{text}</script></head></html>"
    );
    let f = classify_bytes(html.as_bytes(), &o);
    assert_eq!((&f["kind"], &f["text"]), (&json!("record"), &json!(text)));
    // Evidence in the layout of before (the record last): refused, with the reason.
    let old = format!(
        "<!DOCTYPE html><html><body><script type=\"application/json\" id=\"fairverify-record\">{text}</script></body></html>"
    );
    let f = classify_bytes(old.as_bytes(), &o);
    assert_eq!(
        (
            &f["kind"],
            &f["error"]["code"],
            &f["error"]["params"]["evidence"]
        ),
        (&json!("error"), &json!("bad_json"), &json!("layout"))
    );
}

#[test]
fn bet_lines_read_verify_like_the_same_bets_record() {
    // The page's former bet-line test's last case: 40 bets written as lines with ISO
    // times and the faces the core computes; read back, they verify as the record.
    let mut seeds = dice()[0].clone();
    for k in ["nonce", "selected", "played"] {
        seeds.as_object_mut().map(|m| m.remove(k));
    }
    let bets: Vec<Value> = (0..40)
        .map(|i| json!({"nonce": 1_730_000_000_000_i64 + i * 104_729, "selected": [1 + (i % 6)]}))
        .collect();
    let mut rec = seeds.clone();
    rec["bets"] = json!(bets);
    let computed = verify(&rec).expect("the bets verify");
    let lines: Vec<String> = bets
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let ms = b["nonce"].as_i64().unwrap_or(0);
            format!(
                "{};{};{}",
                iso(ms),
                b["selected"][0],
                computed["bets"][i]["face"]
            )
        })
        .collect();
    let read = read_bet_lines(&lines.join("\n"), BetOptions::default()).map_err(|e| e.error);
    let read = read.expect("the lines are read");
    assert_eq!(read.game, BetGame::Dice);
    let mut page = seeds.clone();
    page["bets"] = Value::Array(read.bets.clone());
    let mut with_played = seeds;
    with_played["bets"] = Value::Array(
        bets.iter()
            .enumerate()
            .map(|(i, b)| {
                let mut b = b.clone();
                b["played"] = json!({"face": computed["bets"][i]["face"]});
                b
            })
            .collect(),
    );
    let got = verify(&page).expect("the read bets verify");
    assert_eq!(got, verify(&with_played).expect("verifies"));
    let played = got["checks"]
        .as_array()
        .and_then(|c| c.iter().find(|c| c["code"] == "played"));
    assert_eq!(played.map(|c| &c["ok"]), Some(&json!(true)));
}

/// Milliseconds since 1970 as an ISO 8601 UTC time (counting days forward).
fn iso(ms: i64) -> String {
    let leap = |y: i64| (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let (mut days, t) = (ms / 86_400_000, ms % 86_400_000);
    let mut y = 1970;
    while days >= if leap(y) { 366 } else { 365 } {
        days -= if leap(y) { 366 } else { 365 };
        y += 1;
    }
    let months = [
        31,
        if leap(y) { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    let mut m = 0;
    while days >= months[m] {
        days -= months[m];
        m += 1;
    }
    format!(
        "{y:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
        m + 1,
        days + 1,
        t / 3_600_000,
        t / 60_000 % 60,
        t / 1000 % 60,
        t % 1000
    )
}
