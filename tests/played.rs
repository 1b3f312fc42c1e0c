//! SPEC "What the player saw, compared by meaning", through `verify` on the vectors'
//! records: what a player copies from the game (cards as text, a hand in any order,
//! rolls as "4-3", "20,72×", mines in board order, colours as words) gives the
//! verdict of the same values written as the verifier's ids; one changed value
//! fails and names it; and the SPEC hints a typo earns (`seed_case`, `nonce_unit`,
//! `invisible_char`).

mod common;

use common::base_record as base;
use common::hint;

use fairverify::verify;
use serde_json::{json, Value};

fn with_played(rec: &Value, played: Value) -> Value {
    let mut r = rec.clone();
    r["played"] = played;
    r
}

/// A card id as players write it: SPEC conventions (`rank_major`: rank c % 13,
/// suit c / 13) or selfpoker's (`value_major`: value c / 4, suit c % 4).
fn card_text(c: u64, value_major: bool, fancy: bool) -> String {
    let (rank, suit) = if value_major {
        (c / 4, c % 4)
    } else {
        (c % 13, c / 13)
    };
    let ranks = [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    ];
    let suits = if fancy {
        ["♣", "♦", "♥", "♠"]
    } else {
        ["c", "d", "h", "s"]
    };
    format!("{}{}", ranks[rank as usize], suits[suit as usize])
}

fn texts(cards: &Value, value_major: bool) -> Value {
    let v: Vec<String> = cards
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, c)| card_text(c.as_u64().unwrap(), value_major, i % 2 == 0))
        .collect();
    json!(v)
}

fn reversed(v: &Value) -> Value {
    let mut a = v.as_array().unwrap().clone();
    a.reverse();
    Value::Array(a)
}

#[test]
fn bridge_hands_in_any_order_and_as_text_pass_one_changed_card_names_it() {
    let rec = base("match_seed_v2", |r| r["game"] == "bridge");
    let deals = verify(&rec).unwrap()["deals"].clone();
    let seen: Vec<Value> = deals
        .as_array()
        .unwrap()
        .iter()
        .map(|deal| {
            Value::Array(
                deal.as_array()
                    .unwrap()
                    .iter()
                    .map(|hand| reversed(&texts(hand, false)))
                    .collect(),
            )
        })
        .collect();
    let v = verify(&with_played(&rec, json!({"deals": seen.clone()}))).unwrap();
    assert_eq!(
        (v["verdict"].as_str(), &v["differenceCount"]),
        (Some("pass"), &json!(0))
    );

    // One card of deal 0, seat 2 replaced by a card of seat 3: one difference at that
    // hand, naming the card shown and the card the seeds deal.
    let mut changed = seen.clone();
    let shown = deals[0][3][0].clone();
    let lost = deals[0][2][12].clone(); // the first card after the reversal
    changed[0][2][0] = shown.clone();
    let v = verify(&with_played(&rec, json!({"deals": changed}))).unwrap();
    assert_eq!(v["verdict"], "fail");
    assert_eq!(v["differenceCount"], 1);
    let d = &v["differences"][0];
    assert_eq!(d["path"], "deals[0][2]");
    assert_eq!(d["set"], true);
    assert_eq!(d["at"], json!({"deal": 0, "seat": 2}));
    assert_eq!(d["shownOnly"], json!([shown]));
    assert_eq!(d["computedOnly"], json!([lost]));
}

#[test]
fn hole_cards_as_sets_the_flop_as_a_set_turn_and_river_by_position() {
    for (scheme, value_major) in [("selfpoker", true), ("poker_hmac_v1", false)] {
        let rec = base(scheme, |r| {
            r.get("serverSeed").is_some() || r.get("seed").is_some()
        });
        let r = verify(&rec).unwrap();
        let holes: Vec<Value> = r["holeCards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| reversed(&texts(h, value_major)))
            .collect();
        let b = texts(&r["board"], value_major);
        // The flop in another order; turn and river where they are.
        let board = json!([b[2], b[0], b[1], b[3], b[4]]);
        let v = verify(&with_played(
            &rec,
            json!({"holeCards": holes, "board": board}),
        ))
        .unwrap();
        assert_eq!(v["differenceCount"], 0, "{scheme}: {v}");
        // Turn and river swapped: two differences, by position.
        let board = json!([b[0], b[1], b[2], b[4], b[3]]);
        let v = verify(&with_played(&rec, json!({"board": board}))).unwrap();
        assert_eq!(v["verdict"], "fail", "{scheme}");
        let paths: Vec<&str> = v["differences"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["path"].as_str().unwrap())
            .collect();
        assert_eq!(paths, ["board[3]", "board[4]"], "{scheme}");
        assert_eq!(
            v["differences"][0]["played"], r["board"][4],
            "{scheme}: ids, not text"
        );
        // A flop card that is not on the board: one difference for the flop.
        let mut board = r["board"].clone();
        board[1] = r["holeCards"][0][0].clone();
        let v = verify(&with_played(&rec, json!({"board": board}))).unwrap();
        assert_eq!(v["differenceCount"], 1, "{scheme}");
        let d = &v["differences"][0];
        assert_eq!(
            (d["path"].as_str(), &d["first"]),
            (Some("board"), &json!(3))
        );
        assert_eq!(d["shownOnly"], json!([r["holeCards"][0][0]]));
        assert_eq!(d["computedOnly"], json!([r["board"][1]]));
    }
}

#[test]
fn rolls_as_text_later_pairs_unordered_the_opening_roll_by_position() {
    let rec = base("match_seed_v2", |r| {
        r["game"] == "table" && r["rolls"].as_u64().unwrap_or(0) > 3
    });
    let rolls = verify(&rec).unwrap()["rolls"].clone();
    let seen: Vec<Value> = rolls
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let (a, b) = (r[0].as_u64().unwrap(), r[1].as_u64().unwrap());
            match (i, i % 3) {
                (0, _) => json!(format!("{a}-{b}")),
                (_, 0) => json!(format!("{b}-{a}")),
                (_, 1) => json!(format!("{b} {a}")),
                _ => json!(format!("{b}{a}")),
            }
        })
        .collect();
    let v = verify(&with_played(&rec, json!({"rolls": seen}))).unwrap();
    assert_eq!(v["differenceCount"], 0, "{v}");
    // The opening roll is by position: who moves first depends on its order.
    let opening = rolls
        .as_array()
        .unwrap()
        .iter()
        .position(|r| r[0] != r[1])
        .unwrap();
    let mut seen = rolls.clone();
    seen[opening] = reversed(&rolls[opening]);
    let v = verify(&with_played(&rec, json!({"rolls": seen}))).unwrap();
    if opening == 0 {
        assert_eq!(v["differenceCount"], 2);
        assert_eq!(v["differences"][0]["path"], "rolls[0][0]");
    } else {
        assert_eq!(v["differenceCount"], 0);
    }
}

#[test]
fn a_multiplier_as_shown_a_platform_as_digits() {
    let rec = base("crash", |r| r.get("history").is_none());
    let m = verify(&rec).unwrap()["multiplier"]
        .as_str()
        .unwrap()
        .to_string();
    for shown in [
        m.replace('.', ","),
        format!("{}×", m.replace('.', ",")),
        format!(" {m} x"),
    ] {
        let v = verify(&with_played(&rec, json!({ "multiplier": shown }))).unwrap();
        assert_eq!(v["differenceCount"], 0, "{shown}");
    }
    let n: f64 = m.parse().unwrap();
    let v = verify(&with_played(&rec, json!({ "multiplier": n }))).unwrap();
    assert_eq!(v["differenceCount"], 0);
    // One hundredth off: a difference, in the recomputation's own spelling.
    let off = format!("{:.2}", n + 0.01).replace('.', ",");
    let v = verify(&with_played(&rec, json!({ "multiplier": off }))).unwrap();
    assert_eq!(v["verdict"], "fail");
    assert_eq!(v["differences"][0]["played"], format!("{:.2}", n + 0.01));
    assert_eq!(v["differences"][0]["computed"], m);

    let rec = base("platforms", |_| true);
    let p = verify(&rec).unwrap()["lastPlatform"].clone();
    let v = verify(&with_played(&rec, json!({"lastPlatform": p.to_string()}))).unwrap();
    assert_eq!(v["differenceCount"], 0);
}

#[test]
fn mines_in_board_order_pass_a_wrong_cell_is_named_both_ways() {
    let rec = base("mines", |r| r["mines"].as_u64().unwrap_or(0) >= 3);
    let mines = verify(&rec).unwrap()["mines"].clone();
    let mut sorted: Vec<u64> = mines
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_u64().unwrap())
        .collect();
    sorted.sort();
    let v = verify(&with_played(&rec, json!({ "mines": sorted.clone() }))).unwrap();
    assert_eq!(
        (v["verdict"].as_str(), &v["differenceCount"]),
        (Some("pass"), &json!(0))
    );
    let free = (1..=25).find(|c| !sorted.contains(c)).unwrap();
    let gone = sorted[0];
    sorted[0] = free;
    let v = verify(&with_played(&rec, json!({ "mines": sorted }))).unwrap();
    assert_eq!(v["verdict"], "fail");
    assert_eq!(v["differenceCount"], 1);
    let d = &v["differences"][0];
    assert_eq!(
        (&d["path"], &d["shownOnly"], &d["computedOnly"]),
        (&json!("mines"), &json!([free]), &json!([gone]))
    );
}

#[test]
fn colours_as_words() {
    let rec = base("chess_colour_v1", |_| true);
    let white = verify(&rec).unwrap()["aPlaysWhite"].as_bool().unwrap();
    let (mine, other) = if white {
        ("White", "black")
    } else {
        ("black", "white")
    };
    let v = verify(&with_played(&rec, json!({ "aPlaysWhite": mine }))).unwrap();
    assert_eq!(v["differenceCount"], 0);
    let v = verify(&with_played(&rec, json!({ "aPlaysWhite": other }))).unwrap();
    assert_eq!(v["differences"][0]["played"], json!(!white));
}

#[test]
fn a_capitalised_seed_carries_seed_case() {
    let rec = base("mines", |r| {
        r["serverSeed"]
            .as_str()
            .is_some_and(|s| s.bytes().any(|b| b.is_ascii_lowercase()))
    });
    let mut upper = rec.clone();
    upper["serverSeed"] = json!(rec["serverSeed"].as_str().unwrap().to_uppercase());
    let v = verify(&upper).unwrap();
    assert_eq!(v["verdict"], "fail");
    let h = hint(&v, "seed_case").expect("seed_case");
    assert_eq!(
        (&h["field"], &h["case"]),
        (&json!("serverSeed"), &json!("lower"))
    );
    // The seed as revealed: no hint.
    assert!(verify(&rec).unwrap().get("hints").is_none());
    // A seed that is simply wrong: no seed_case.
    let mut wrong = rec.clone();
    wrong["serverSeed"] = json!("not the seed");
    assert!(hint(&verify(&wrong).unwrap(), "seed_case").is_none());
}

#[test]
fn a_nonce_in_seconds_carries_nonce_unit_on_any_verdict() {
    let rec = base("dice", |r| r.get("nonce").is_some());
    let ms = rec["nonce"].as_i64().unwrap();
    assert!(ms >= 100_000_000_000);
    assert!(hint(&verify(&rec).unwrap(), "nonce_unit").is_none());
    let mut secs = rec.clone();
    secs["nonce"] = json!(ms / 1000);
    let v = verify(&secs).unwrap();
    assert_eq!(v["verdict"], "pass", "the seed is still the committed one");
    let h = hint(&v, "nonce_unit").expect("nonce_unit");
    assert_eq!(
        (&h["field"], &h["nonce"]),
        (&json!("nonce"), &json!(ms / 1000))
    );
    // Bets: one hint, naming the first such bet and how many there are.
    let mut bets = secs.clone();
    let m = bets.as_object_mut().unwrap();
    m.remove("nonce");
    let selected = m.remove("selected").unwrap();
    m.insert(
        "bets".into(),
        json!([{"nonce": ms, "selected": selected}, {"nonce": 99, "selected": selected},
               {"nonce": 98, "selected": selected}]),
    );
    let v = verify(&bets).unwrap();
    let all: Vec<&Value> = v["hints"].as_array().unwrap().iter().collect();
    assert_eq!(all.len(), 1);
    assert_eq!(
        (&all[0]["field"], &all[0]["count"]),
        (&json!("bets[1].nonce"), &json!(2))
    );
}

#[test]
fn an_invisible_character_in_a_seed_or_id_carries_invisible_char() {
    let rec = base("match_seed_v2", |r| r["game"] == "bridge");
    for (field, value, position, code) in [
        (
            "clientSeeds",
            json!(["a", "b\u{200B}c", "", "d"]),
            1,
            0x200B,
        ),
        ("clientSeeds", json!(["a\n", "b", "", "d"]), 1, 0x0A),
        ("matchId", json!("\u{202E}123"), 0, 0x202E),
        ("serverSeed", json!("\u{FEFF}x"), 0, 0xFEFF),
    ] {
        let mut r = rec.clone();
        r[field] = value;
        let v = verify(&r).unwrap();
        let h = hint(&v, "invisible_char").unwrap_or_else(|| panic!("{field}: {v}"));
        assert_eq!(
            (&h["position"], &h["codePoint"]),
            (&json!(position), &json!(code)),
            "{field}"
        );
        assert!(h["field"].as_str().unwrap().starts_with(field));
    }
    // Given on a pass too: the seeds above are hashed as given.
    let mut r = rec.clone();
    r["clientSeeds"][0] = json!(format!("{}\t", rec["clientSeeds"][0].as_str().unwrap()));
    let v = verify(&r).unwrap();
    assert_eq!(v["verdict"], "pass");
    assert_eq!(
        hint(&v, "invisible_char").unwrap()["field"],
        "clientSeeds[0]"
    );
    // Visible text, however foreign, is not flagged.
    let mut r = rec.clone();
    r["matchId"] = json!("ключ-28🎲 é");
    assert!(hint(&verify(&r).unwrap(), "invisible_char").is_none());
}

/// `playedRead` (issue 45): the report gives each value as the core read it, in the
/// recomputation's own representation, so that no surface reads notation again.
#[test]
fn the_report_says_how_it_read_what_was_shown() {
    let rec = base("match_seed_v2", |r| r["game"] == "bridge");
    let deals = verify(&rec).unwrap()["deals"].clone();
    let hand = texts(&deals[0][1], false);
    let v = verify(&with_played(&rec, json!({"deals": [null, [null, hand]]}))).unwrap();
    assert_eq!(
        v["playedRead"]["deals"][0],
        Value::Null,
        "a place not shown stays null"
    );
    assert_eq!(v["playedRead"]["deals"][1][1], deals[0][1], "{v}");

    let rec = base("match_seed_v2", |r| {
        r["game"] == "table" && r["rolls"].as_u64().unwrap_or(0) > 1
    });
    let v = verify(&with_played(&rec, json!({"rolls": ["4-3", "6 1"]}))).unwrap();
    assert_eq!(v["playedRead"]["rolls"], json!([[4, 3], [6, 1]]));

    let rec = base("crash", |r| r.get("history").is_none());
    let v = verify(&with_played(&rec, json!({"multiplier": "20,72×"}))).unwrap();
    assert_eq!(v["playedRead"]["multiplier"], "20.72");

    let rec = base("chess_colour_v1", |_| true);
    let v = verify(&with_played(&rec, json!({"aPlaysWhite": " White"}))).unwrap();
    assert_eq!(v["playedRead"]["aPlaysWhite"], true);
    // Nothing shown, nothing read.
    assert!(verify(&rec).unwrap().get("playedRead").is_none());
}
