//! Facts the surfaces once decided in JavaScript, now in the report (issue 35): each
//! bet's status, the kind of proof, whether a commitment check held, whose card a
//! deck position is, the games shown with sorted hands, the inputs a drawing needs
//! (chances, client seeds, a bet's selection), the fields a pass does not prove, the
//! exit status, and an error's field as segments.

mod common;

use fairverify::testing::sha256_hex;
use fairverify::Options;
use serde_json::{json, Value};

fn verify(v: Value) -> Value {
    fairverify::verify(&v).expect("valid record")
}

fn vector(pred: impl Fn(&Value) -> bool) -> Value {
    common::load_cases(&common::vectors_dir())
        .into_iter()
        .find(|c| c.expect.get("error").is_none() && pred(&c.record))
        .expect("a vector")
        .record
}

fn dice_bets(hash: &str) -> Value {
    json!({"scheme": "dice", "serverSeed": "server", "serverSeedHash": hash,
           "clientSeed": "client", "bets": [
               {"nonce": 1700000000001i64, "selected": [1, 2]},
               {"nonce": 1700000000002i64, "selected": [3]},
               {"nonce": 1700000000003i64, "selected": [4, 5, 6]}]})
}

#[test]
fn each_bet_has_its_status() {
    let hash = sha256_hex(b"server");
    let plain = verify(dice_bets(&hash));
    let face = |i: usize| plain["bets"][i]["face"].clone();
    // Bet 0 shown as played, bet 1 shown wrong, bet 2 not shown.
    let mut rec = dice_bets(&hash);
    rec["bets"][0]["played"] = json!({"face": face(0)});
    let wrong = face(1).as_i64().unwrap() % 6 + 1;
    rec["bets"][1]["played"] = json!({ "face": wrong });
    let v = verify(rec.clone());
    assert_eq!(v["verdict"], "fail");
    let status: Vec<&Value> = (0..3).map(|i| &v["bets"][i]["status"]).collect();
    assert_eq!(
        status,
        [&json!("recomputed"), &json!("fail"), &json!("recomputed")]
    );
    // Without the wrong one, the shown bet passes; the unshown one is recomputed.
    rec["bets"][1]
        .as_object_mut()
        .unwrap()
        .remove("played")
        .unwrap();
    let v = verify(rec.clone());
    assert_eq!(v["verdict"], "pass");
    let status: Vec<&Value> = (0..3).map(|i| &v["bets"][i]["status"]).collect();
    assert_eq!(
        status,
        [&json!("pass"), &json!("recomputed"), &json!("recomputed")]
    );
    // A failed commitment: no bet passes, though its played equals the recomputation.
    rec["serverSeedHash"] = json!(sha256_hex(b"other"));
    let v = verify(rec);
    assert_eq!(v["verdict"], "fail");
    assert_eq!(v["bets"][0]["status"], "recomputed");
    // Each bet echoes its own selection for the drawing.
    assert_eq!(plain["bets"][2]["selected"], json!([4, 5, 6]));
    // The selection is an input: `played` cannot name it.
    let mut rec = dice_bets(&hash);
    rec["bets"][0]["played"] = json!({"selected": [1, 2]});
    assert_eq!(
        fairverify::verify(&rec).unwrap_err().code.as_str(),
        "unknown_field"
    );
}

#[test]
fn the_kind_of_proof_and_whether_a_commitment_held() {
    let hash = sha256_hex(b"server");
    let v = verify(dice_bets(&hash));
    assert_eq!(
        (&v["proof"], &v["commitmentHeld"]),
        (&json!("bets"), &json!(true))
    );
    let mut single = dice_bets(&hash);
    let o = single.as_object_mut().unwrap();
    o.remove("bets");
    o.insert("nonce".into(), json!(1700000000001i64));
    o.insert("selected".into(), json!([1]));
    let v = verify(single.clone());
    assert_eq!(v["proof"], "seed");
    // Nothing published: no commitment held, whatever the checks say.
    single.as_object_mut().unwrap().remove("serverSeedHash");
    let v = verify(single);
    assert_eq!(
        (&v["proof"], &v["commitmentHeld"]),
        (&json!("seed"), &json!(false))
    );

    let chess = vector(|r| r["scheme"] == "chess_colour_v1");
    assert_eq!(verify(chess)["proof"], "seeds");
    let crash = verify(json!({"scheme": "crash", "hash": "ab".repeat(32)}));
    assert_eq!(
        (&crash["proof"], &crash["commitmentHeld"]),
        (&json!("chain"), &json!(false))
    );
    let partial = vector(|r| r["scheme"] == "poker_hmac_v1" && r.get("leaves").is_some());
    assert_eq!(verify(partial)["proof"], "partial");
    let full = vector(|r| r["scheme"] == "poker_hmac_v1" && r.get("serverSeed").is_some());
    assert_eq!(verify(full)["proof"], "seed");

    // `shownOk` compares two published values (`commitment: true` on the wire) but
    // proves nothing: it holds here beside a failed commitment check, and no
    // commitment held.
    let other = sha256_hex(b"other");
    let mut rec = dice_bets(&other);
    rec["bets"][0]["played"] = json!({"face": 1});
    let o = Options::from_json(&json!({ "shown": other })).expect("options");
    let v = fairverify::verify_with(&rec, &o).expect("report");
    let shown = v["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["code"] == "shownOk")
        .unwrap();
    assert_eq!(
        (&shown["ok"], &shown["commitment"]),
        (&json!(true), &json!(true))
    );
    assert_eq!(v["commitmentOk"], false);
    assert_eq!(v["commitmentHeld"], false);
}

#[test]
fn a_deck_difference_names_whose_card_it_is() {
    let rec = vector(|r| r["scheme"] == "poker_hmac_v1" && r.get("serverSeed").is_some());
    let v = verify(rec.clone());
    let deck = v["deck"].as_array().unwrap().clone();
    let hole = v["holeCards"].as_array().unwrap().clone();
    let board = v["board"].as_array().unwrap().clone();
    // Player 1's second hole card, the board's fourth card, and an undealt card.
    let pos_of = |id: &Value| deck.iter().position(|c| c == id).unwrap();
    let p_hole = pos_of(&hole[1][1]);
    let p_board = pos_of(&board[3]);
    let undealt = (0..deck.len())
        .find(|&p| {
            !hole
                .iter()
                .flat_map(|h| h.as_array().unwrap())
                .any(|c| c == &deck[p])
                && !board.contains(&deck[p])
        })
        .unwrap();
    let mut shown = deck.clone();
    for p in [p_hole, p_board, undealt] {
        shown[p] = json!((shown[p].as_u64().unwrap() + 1) % 52);
    }
    let mut rec = rec;
    rec["played"] = json!({ "deck": shown });
    let v = verify(rec);
    let owner = |p: usize| {
        v["differences"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["key"] == "deck" && d["at"]["position"] == json!(p))
            .map(|d| d["at"].get("owner").cloned())
            .expect("a difference at that position")
    };
    assert_eq!(
        owner(p_hole),
        Some(json!({"key": "holeCards", "player": 1, "card": 1}))
    );
    assert_eq!(owner(p_board), Some(json!({"key": "board", "card": 3})));
    assert_eq!(owner(undealt), None);
}

#[test]
fn games_shown_with_sorted_hands_are_in_the_descriptor() {
    let all = fairverify::descriptors();
    let m = all
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "match_seed_v2")
        .unwrap();
    let sorted: Vec<&str> = m["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["sortedHands"] == true)
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(sorted, ["tarneeb", "trix", "bridge", "baloot"]);
}

#[test]
fn the_report_echoes_the_inputs_its_drawing_needs() {
    let battle = vector(|r| r["scheme"] == "battle" && r["chances"].as_array().unwrap().len() > 2);
    let v = verify(battle.clone());
    assert_eq!(v["chances"], battle["chances"]);
    let bridge = json!({"scheme": "match_seed_v2", "game": "bridge", "matchId": "m",
        "commitment": "00".repeat(32), "serverSeed": "s", "clientSeeds": ["a", "", "c", "d"],
        "deals": 1});
    let v = verify(bridge.clone());
    assert_eq!(v["clientSeeds"], bridge["clientSeeds"]);
    assert_eq!(v["game"], "bridge");
    // Inputs, never compared: `played` cannot name them.
    let mut b = battle;
    b["played"] = json!({"chances": [1]});
    assert_eq!(
        fairverify::verify(&b).unwrap_err().code.as_str(),
        "unknown_field"
    );
    // What the player saw, as given (as the record gives it), for the drawing beside it.
    let mut b = bridge;
    b["played"] = json!({"seats": [1, 0]});
    assert_eq!(verify(b)["played"], json!({"seats": [1, 0]}));
    let chess = vector(|r| r["scheme"] == "chess_colour_v1" && r["seedB"].is_null());
    assert_eq!(verify(chess)["bot"], true);
}

#[test]
fn the_fields_a_pass_does_not_prove() {
    let bridge = json!({"scheme": "match_seed_v2", "game": "bridge", "matchId": "m",
        "commitment": sha256_hex(b"s"), "serverSeed": "s", "clientSeeds": ["a", "b", "c", "d"],
        "deals": 1});
    let v = verify(bridge);
    assert_eq!(v["verdict"], "pass");
    // The match id and the client seeds; the game's name is what was played, not a value.
    assert_eq!(v["unproven"], json!(["matchId", "clientSeeds"]));
    let crash = verify(json!({"scheme": "crash", "hash": "ab".repeat(32)}));
    assert_eq!(crash["unproven"], json!([]));
}

#[test]
fn each_final_report_carries_its_exit_status() {
    let hash = sha256_hex(b"server");
    assert_eq!(verify(dice_bets(&hash))["exit"], 0);
    assert_eq!(verify(dice_bets(&sha256_hex(b"x")))["exit"], 1);
    let crash = verify(json!({"scheme": "crash", "hash": "ab".repeat(32)}));
    assert_eq!(
        (&crash["verdict"], &crash["exit"]),
        (&json!("unchecked"), &json!(3))
    );
}

#[test]
fn an_error_gives_its_field_as_segments() {
    let mut rec = dice_bets(&sha256_hex(b"server"));
    rec["bets"][2]["nonce"] = json!("x");
    let e = fairverify::verify(&rec).unwrap_err();
    assert_eq!(e.field, "bets[2].nonce");
    let data = fairverify::error_json(&e);
    assert_eq!(data["field"], "bets[2].nonce");
    assert_eq!(data["path"], json!(["bets", 2, "nonce"]));
}
