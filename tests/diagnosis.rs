//! SPEC "When what was shown differs: where it comes from", the new hints
//! (`seed_wrapped`, `lookalike_char`, `terminal_unpublished`, `terminal_other_game`),
//! `null` in `played` and the counts `played` implies: one test per code and per
//! scheme, each on records built here from the vectors' seeds, so that none of
//! them passes by comparing nothing.

mod common;

use common::base_record as base;
use fairverify::testing::sha256_hex;
use fairverify::{verify, Options, Walk, WalkOutcome};
use serde_json::{json, Value};

fn report(rec: &Value) -> Value {
    verify(rec).unwrap_or_else(|e| panic!("{rec}: {e:?}"))
}

fn codes(v: &Value, key: &str) -> Vec<String> {
    v[key]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|h| h["code"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

fn bridge() -> Value {
    base("match_seed_v2", |r| r["game"] == "bridge")
}

#[test]
fn a_hand_entered_under_another_seat_is_named_there() {
    let rec = bridge();
    let deals = report(&rec)["deals"].clone();
    // Deal 1: the player typed South's hand (seat 2) under North (seat 0), in
    // another order; the rest not entered (null).
    let mut hand: Vec<Value> = deals[1][2].as_array().unwrap().clone();
    hand.reverse();
    let mut r = rec.clone();
    r["played"] = json!({"deals": [null, [hand, null, null, null]]});
    let v = report(&r);
    assert_eq!(v["verdict"], "fail");
    assert_eq!(
        v["diagnosis"],
        json!([{"code": "shown_elsewhere", "path": "deals[1][0]", "at": "deals[1][2]"}])
    );
    assert_eq!(
        v["diagnosisWhere"][0],
        json!({"key": "deals", "item": "card", "from": {"deal": 1, "seat": 0},
               "at": {"deal": 1, "seat": 2}, "order": ["deal", "seat"]})
    );
    // The same seat's hand of another deal.
    let mut r = rec.clone();
    r["played"] = json!({"deals": [[null, null, null, deals[2][3].clone()]]});
    let v = report(&r);
    assert_eq!(
        v["diagnosis"],
        json!([{"code": "shown_elsewhere", "path": "deals[0][3]", "at": "deals[2][3]"}])
    );
    // An honest difference (one card that is nobody's there): an empty diagnosis.
    let mut wrong = deals[1][0].as_array().unwrap().clone();
    wrong[0] = deals[1][1][0].clone();
    let mut r = rec.clone();
    r["played"] = json!({"deals": [null, [wrong]]});
    let v = report(&r);
    assert_eq!(v["verdict"], "fail");
    assert_eq!(v["diagnosis"], json!([]));
    assert_eq!(v["diagnosisWhere"], json!([]));
}

#[test]
fn hole_cards_of_another_player_and_not_entered() {
    let rec = base("selfpoker", |r| r["players"].as_u64() >= Some(3));
    let holes = report(&rec)["holeCards"].clone();
    let mut r = rec.clone();
    r["played"] = json!({"holeCards": [null, holes[2].clone()]});
    let v = report(&r);
    assert_eq!(
        v["diagnosis"],
        json!([{"code": "shown_elsewhere", "path": "holeCards[1]", "at": "holeCards[2]"}])
    );
    assert_eq!(v["diagnosisWhere"][0]["at"], json!({"player": 2}));
    // Only player 2's cards entered, the others null: compared there only.
    r["played"] = json!({"holeCards": [null, null, holes[2].clone()]});
    let v = report(&r);
    assert_eq!(v["verdict"], "pass");
    assert!(v.get("diagnosis").is_none());
}

#[test]
fn a_bets_mines_shown_under_another_bet() {
    let seed = "4f1e0c2a9b7d";
    let rec = json!({"scheme": "mines", "serverSeed": seed, "serverSeedHash": sha256_hex(seed.as_bytes()),
        "clientSeed": "player", "bets": [{"nonce": 1_700_000_000_001_i64, "mines": 3},
        {"nonce": 1_700_000_000_002_i64, "mines": 3}, {"nonce": 1_700_000_000_003_i64, "mines": 3}]});
    let bets = report(&rec)["bets"].clone();
    let mut r = rec.clone();
    r["bets"][0]["played"] = json!({"mines": bets[2]["mines"].clone()});
    let v = report(&r);
    assert_eq!(v["verdict"], "fail");
    assert_eq!(
        v["diagnosis"],
        json!([{"code": "shown_elsewhere", "path": "bets[0].mines", "at": "bets[2].mines"}])
    );
    assert_eq!(v["diagnosisWhere"][0]["at"], json!({"bet": 2}));
    // One cell is no board: nothing found.
    let one = bets[2]["mines"][0].clone();
    if !bets[0]["mines"].as_array().unwrap().contains(&one) {
        r["bets"][0]["played"] = json!({"mines": [one]});
        assert_eq!(report(&r)["diagnosis"], json!([]));
    }
}

#[test]
fn client_seeds_trimmed_or_empty_explain_everything() {
    let rec = base("match_seed_v2", |r| r["game"] == "table");
    let rolls = report(&rec)["rolls"].clone();
    let seeds = rec["clientSeeds"].clone();
    // A stray space and a zero-width space in seat 1's seed.
    let mut r = rec.clone();
    r["clientSeeds"][1] = json!(format!(" {}\u{200B}", seeds[1].as_str().unwrap()));
    r["played"] = json!({"rolls": rolls});
    let v = report(&r);
    assert_eq!(v["verdict"], "fail");
    assert_eq!(
        v["diagnosis"],
        json!([{"code": "input_slip", "field": "clientSeeds[1]", "slip": "trim", "to": seeds[1]}])
    );
    assert!(codes(&v, "hints").contains(&"invisible_char".to_string()));
    // A seat whose player set no seed, typed as something.
    let mut empty = rec.clone();
    empty["clientSeeds"][0] = json!("");
    let shown = report(&empty)["rolls"].clone();
    let mut r = rec.clone();
    r["played"] = json!({"rolls": shown});
    let v = report(&r);
    assert_eq!(
        v["diagnosis"],
        json!([{"code": "input_slip", "field": "clientSeeds[0]", "slip": "empty", "to": ""}])
    );
    assert_eq!(
        v["diagnosisWhere"][0],
        json!({"key": "clientSeeds", "index": 0})
    );
}

#[test]
fn a_dice_client_seed_with_a_stray_space() {
    let rec = base("dice", |r| {
        r.get("bets").is_none() && r.get("serverSeedHash").is_some()
    });
    let face = report(&rec)["face"].clone();
    let mut r = rec.clone();
    r["clientSeed"] = json!(format!("{} ", rec["clientSeed"].as_str().unwrap()));
    r["played"] = json!({"face": face});
    let v = report(&r);
    // A different face may be drawn; only when it differs is there a diagnosis, and
    // one face (1 of 6) could match one of the slips tried by chance: SPEC's entry,
    // marked `chance` in its place (turn-9 attack, finding 1).
    if v["verdict"] == "fail" {
        assert_eq!(v["diagnosis"][0]["slip"], "trim");
        assert_eq!(v["diagnosis"][0]["field"], "clientSeed");
        assert_eq!(v["diagnosisWhere"][0]["chance"], true);
    }
    let h: Vec<Value> = v["hints"].as_array().unwrap().clone();
    let look = h
        .iter()
        .find(|x| x["code"] == "lookalike_char")
        .expect("lookalike_char");
    assert_eq!(look["kind"], "edge");
    assert_eq!(look["field"], "clientSeed");
}

#[test]
fn a_fail_of_a_commitment_has_no_diagnosis() {
    let rec = bridge();
    let mut r = rec.clone();
    r["serverSeed"] = json!("not the seed");
    r["played"] = json!({"deals": [[[0, 1]]]});
    let v = report(&r);
    assert_eq!(v["verdict"], "fail");
    assert!(v.get("diagnosis").is_none());
}

#[test]
fn implied_counts_and_entries_beyond_a_count() {
    let rec = bridge();
    let deals = report(&rec)["deals"].clone();
    let mut r = rec.clone();
    r.as_object_mut().unwrap().remove("deals");
    r["played"] = json!({"deals": [deals[0].clone(), deals[1].clone()]});
    let v = report(&r);
    assert_eq!(v["verdict"], "pass");
    assert_eq!(v["deals"].as_array().unwrap().len(), 2);
    // Without `played` the count is missing.
    r.as_object_mut().unwrap().remove("played");
    assert_eq!(verify(&r).unwrap_err().field, "deals");
    // One deal asked for, two entered: an input error at the first beyond it.
    let mut r = rec.clone();
    r["deals"] = json!(1);
    r["played"] = json!({"deals": [deals[0].clone(), deals[1].clone()]});
    let e = verify(&r).unwrap_err();
    assert_eq!(
        (e.code.as_str(), e.field.as_str()),
        ("bad_played", "played.deals[1]")
    );
}

#[test]
fn a_wrapped_seed_is_named() {
    let rec = base("dice", |r| {
        r.get("bets").is_none() && r.get("serverSeedHash").is_some()
    });
    let seed = rec["serverSeed"].as_str().unwrap().to_string();
    for wrapped in [
        format!("\"{seed}\""),
        format!("0x{seed}"),
        format!("\"serverSeed\": \"{seed}\","),
        format!("«{seed}»"),
        format!("  {seed}\n"),
        format!("'{seed}'"),
    ] {
        let mut r = rec.clone();
        r["serverSeed"] = json!(wrapped);
        let v = report(&r);
        assert_eq!(v["verdict"], "fail", "{wrapped}");
        let h = v["hints"]
            .as_array()
            .unwrap()
            .iter()
            .find(|h| h["code"] == "seed_wrapped")
            .unwrap_or_else(|| panic!("{wrapped}: {}", v["hints"]));
        assert_eq!(
            (&h["field"], &h["to"]),
            (&json!("serverSeed"), &json!(seed))
        );
    }
    // Another seed inside quotes is no wrapped seed.
    let mut r = rec.clone();
    r["serverSeed"] = json!(format!("\"{}\"", "ab".repeat(32)));
    assert!(!codes(&report(&r), "hints").contains(&"seed_wrapped".to_string()));
}

#[test]
fn look_alike_characters_are_named_on_any_verdict() {
    let rec = base("dice", |r| {
        r.get("bets").is_none() && r.get("serverSeedHash").is_some()
    });
    let client = rec["clientSeed"].as_str().unwrap().to_string();
    let cases: [(String, &str, u32); 6] = [
        (format!("{client}\u{A0}x"), "space", 0xA0),
        (format!("{client} "), "edge", 0x20),
        (format!("{client}\u{FE0F}"), "selector", 0xFE0F),
        (format!("{client}\u{3164}"), "filler", 0x3164),
        ("pаssword".to_string(), "mixed", 0x430),
        ("a4c2а9f1".to_string(), "mixed", 0x430),
    ];
    for (typed, kind, cp) in cases {
        let mut r = rec.clone();
        r["clientSeed"] = json!(typed);
        let v = report(&r);
        let h = v["hints"]
            .as_array()
            .and_then(|a| a.iter().find(|h| h["code"] == "lookalike_char"))
            .unwrap_or_else(|| panic!("{typed:?}: no lookalike_char"));
        assert_eq!(
            (&h["kind"], &h["codePoint"]),
            (&json!(kind), &json!(cp)),
            "{typed:?}"
        );
        assert_eq!(h["field"], "clientSeed");
    }
    // Plain text in one script, Cyrillic alone, and a hex seed: nothing.
    for clean in ["a,b=c:2", "пароль", "deadbeef01", "player one"] {
        let mut r = rec.clone();
        r["clientSeed"] = json!(clean);
        assert!(
            !codes(&report(&r), "hints").contains(&"lookalike_char".to_string()),
            "{clean}"
        );
    }
}

const PLATFORM_TERMINAL: &str = "eeb4d340bfaed702601b9a08faba2f8088c4810c3e3a883293accaf25053b883";
const CRASH_TERMINAL: &str = "c46f0705f6ba4df891ce44accda8f89f5a6fa8b987eb7c7b445280cf6cabfbc6";

/// A walk done elsewhere that found `hash` at round 7 of `terminal`.
fn found(hash: &str, terminal: &str) -> Options {
    Options {
        walk: Walk::Done(WalkOutcome {
            hash: fairverify::testing::Hex64::parse(hash).unwrap(),
            terminal: fairverify::testing::Hex64::parse(terminal).unwrap(),
            max_steps: 10_000_000,
            steps: 7,
            found: true,
            remembered: None,
            found_in: None,
        }),
        ..Options::default()
    }
}

#[test]
fn only_the_games_own_published_terminal_is_a_commitment() {
    let hash = "3b".repeat(32);
    let crash = |t: &str| json!({"scheme": "crash", "hash": hash, "terminal": t});
    // Crash's own terminal: a pass.
    let v = fairverify::verify_with(&crash(CRASH_TERMINAL), &found(&hash, CRASH_TERMINAL)).unwrap();
    assert_eq!(
        (v["verdict"].clone(), v["terminalPublished"].clone()),
        (json!("pass"), json!("crash"))
    );
    assert!(v.get("hints").is_none());
    // Platforms' terminal for a crash round: found, but another game's round.
    let v = fairverify::verify_with(&crash(PLATFORM_TERMINAL), &found(&hash, PLATFORM_TERMINAL))
        .unwrap();
    assert_eq!(v["verdict"], "unchecked");
    assert_eq!(v["chainOk"], true);
    assert_eq!(v["terminalPublished"], "platforms");
    assert_eq!(
        v["hints"],
        json!([{"code": "terminal_other_game", "field": "terminal", "game": "platforms"}])
    );
    // Not found after the whole length: still the record's own claim failing.
    let mut o = found(&hash, PLATFORM_TERMINAL);
    if let Walk::Done(w) = &mut o.walk {
        w.found = false;
        w.steps = 10_000_000;
    }
    let v = fairverify::verify_with(&crash(PLATFORM_TERMINAL), &o).unwrap();
    assert_eq!(v["verdict"], "fail");
    // Battle: the same rule; platforms with its own: a pass.
    let battle =
        json!({"scheme": "battle", "hash": hash, "terminal": CRASH_TERMINAL, "chances": [50, 50]});
    let v = fairverify::verify_with(&battle, &found(&hash, CRASH_TERMINAL)).unwrap();
    assert_eq!(
        (v["verdict"].clone(), v["hints"][0]["game"].clone()),
        (json!("unchecked"), json!("crash"))
    );
    let platforms = json!({"scheme": "platforms", "hash": hash, "terminal": PLATFORM_TERMINAL});
    let v = fairverify::verify_with(&platforms, &found(&hash, PLATFORM_TERMINAL)).unwrap();
    assert_eq!(v["verdict"], "pass");
    // hash_chain: the player names the chain, any terminal counts.
    let own = "ab".repeat(32);
    let hc = json!({"scheme": "hash_chain", "hash": hash, "terminal": own});
    assert_eq!(
        fairverify::verify_with(&hc, &found(&hash, &own)).unwrap()["verdict"],
        "pass"
    );
}

/// A fresh attack's findings: what the player typed that this record does not
/// recompute, or in a shape the game never shows, is an input error (exit 2), never
/// a difference that sends the player to the operator's support.
#[test]
fn played_of_another_record_or_shape_is_an_input_error() {
    let table = base("match_seed_v2", |r| r["game"] == "table");
    let mut r = table.clone();
    r["played"] = json!({"deals": [[[0, 1]]]});
    assert_eq!(verify(&r).unwrap_err().code.as_str(), "unknown_field");
    let mut r = table.clone();
    r["played"] = json!({"rolls": {"0": [6, 2]}});
    let e = verify(&r).unwrap_err();
    assert_eq!(
        (e.code.as_str(), e.field.as_str()),
        ("bad_played", "played.rolls")
    );
    // A baloot hand as a list where it is an object.
    let baloot = base("match_seed_v2", |r| r["game"] == "baloot");
    let mut r = baloot.clone();
    r["played"] = json!({"hands": [[1, 2]]});
    assert_eq!(verify(&r).unwrap_err().code.as_str(), "bad_played");
    // A single bet's face beside `bets`.
    let seed = "4f1e0c2a9b7d";
    let bets = json!({"scheme": "dice", "serverSeed": seed, "serverSeedHash": sha256_hex(seed.as_bytes()),
        "clientSeed": "p", "bets": [{"nonce": 1_700_000_000_001_i64, "selected": [1]}], "played": {"face": 5}});
    assert_eq!(verify(&bets).unwrap_err().code.as_str(), "unknown_field");
    // A chain round not reached yet still compares (a difference once walked short).
    let mut h = "5e".repeat(32);
    let start = h.clone();
    for _ in 0..3 {
        h = sha256_hex(h.as_bytes());
    }
    let far = json!({"scheme": "hash_chain", "hash": start, "terminal": h, "maxSteps": 2, "played": {"round": 3}});
    assert_eq!(report(&far)["verdict"], "fail");
}

/// Turn-9 attack, finding 1: a shown win/loss matches about half of the slips tried
/// by chance, so a slip found for it is no fact (`chance`), while a backgammon
/// table's rolls in another seed order are one (no `chance`).
#[test]
fn a_slip_is_a_fact_only_when_what_was_shown_could_not_match_by_chance() {
    let rec = base("dice", |r| {
        r.get("bets").is_none() && r.get("serverSeedHash").is_some()
    });
    let mut chance = 0;
    let mut tried = 0;
    for i in 0..40 {
        let mut r = rec.clone();
        r["clientSeed"] = json!(format!("seed {i}"));
        let win = report(&r)["win"].clone();
        let Some(w) = win.as_bool() else { continue };
        // The operator shows the other outcome: a cheat, whatever the seed's space.
        r["played"] = json!({"win": !w});
        let v = report(&r);
        assert_eq!(v["verdict"], "fail");
        tried += 1;
        if v["diagnosis"].as_array().is_some_and(|d| !d.is_empty()) {
            assert_eq!(
                v["diagnosisWhere"][0]["chance"], true,
                "a win/loss slip is said as a fact"
            );
            chance += 1;
        }
    }
    assert!(tried >= 20, "the dice vector draws a win/loss");
    // About half of them match the seed without its space by chance.
    assert!(
        chance > 0,
        "no chance match among {tried}: the test proves nothing"
    );
    // A table's rolls with the client seeds in another order: a fact.
    let table = common::load_cases(&common::vectors_dir())
        .into_iter()
        .find(|c| c.name.ends_with("client-seeds-in-another-order"))
        .expect("the order vector");
    let v = report(&table.record);
    assert_eq!(v["diagnosis"][0]["slip"], "order");
    assert!(v["diagnosisWhere"][0].get("chance").is_none());
}
