//! SPEC "Verdict, `played` and hints" and the scheme descriptors, natively: three
//! verdicts, the typo hints, differences in the game's terms, walks finished by the
//! core from a worker's outcome, and descriptors that match what the core accepts.

mod common;

use fairverify::primitives::sha256::sha256_hex;
use fairverify::schemes::{self, descriptor::Role, Options, Walk, WalkOutcome};
use serde_json::{json, Value};

fn verify(v: Value) -> Value {
    fairverify::verify(&v).expect("valid record")
}

fn dice(extra: Value) -> Value {
    let mut r = json!({"scheme": "dice", "serverSeed": "server", "clientSeed": "client",
                       "nonce": 1700000000000i64, "selected": [1, 2, 3]});
    for (k, v) in extra.as_object().unwrap() {
        r[k] = v.clone();
    }
    r
}

#[test]
fn nothing_published_checked_is_unchecked_never_pass() {
    let v = verify(dice(json!({})));
    assert_eq!(v["verdict"], "unchecked");
    assert_eq!(v["missing"], json!(["serverSeedHash"]));
    let v = verify(dice(json!({"serverSeedHash": sha256_hex(b"server")})));
    assert_eq!(v["verdict"], "pass");
    assert!(v.get("missing").is_none());

    let crash = verify(json!({"scheme": "crash", "hash": "ab".repeat(32)}));
    assert_eq!(crash["verdict"], "unchecked");
    assert_eq!(crash["missing"], json!(["terminal"]));

    // A poker partial reveal with no leaves checks nothing.
    let mut poker = json!({"scheme": "poker_hmac_v1", "table": "t", "session": "s", "hand": 1,
        "clientSeeds": {"1": "a"}, "handCommitment": "00".repeat(32), "deckRoot": "11".repeat(32),
        "leaves": []});
    let v = verify(poker.clone());
    assert_eq!(v["verdict"], "unchecked");
    assert_eq!(v["missing"], json!(["serverSeed", "leaves"]));
    // A played difference still fails an unchecked record.
    poker["leaves"] = json!([]);
    let v = verify(dice(json!({"played": {"face": 7}})));
    assert_eq!(v["verdict"], "fail");
}

#[test]
fn hints_for_the_usual_typos() {
    let seed = "my-server-seed";
    let commitment = sha256_hex(seed.as_bytes());
    // The hash pasted where the seed belongs.
    let v = verify(dice(
        json!({"serverSeed": commitment.to_uppercase(), "serverSeedHash": commitment}),
    ));
    assert_eq!(v["verdict"], "fail");
    assert_eq!(v["hints"][0]["code"], "seed_is_commitment");
    assert_eq!(v["hints"][0]["field"], "serverSeed");
    // Server and client seeds swapped.
    let v = verify(dice(
        json!({"serverSeed": "client", "clientSeed": seed, "serverSeedHash": commitment}),
    ));
    assert_eq!(v["verdict"], "fail");
    assert_eq!(v["hints"][0]["code"], "seeds_swapped");
    assert_eq!(v["hints"][0]["field"], "serverSeed");
    assert_eq!(v["hints"][0]["with"], "clientSeed");
    // match_seed_v2: the server seed swapped with a client seed in the list.
    let v = verify(
        json!({"scheme": "match_seed_v2", "game": "dame", "matchId": "m",
        "commitment": commitment, "serverSeed": "p0", "clientSeeds": [seed, "p1"]}),
    );
    assert_eq!(v["hints"][0]["code"], "seeds_swapped");
    assert_eq!(v["hints"][0]["with"], "clientSeeds[0]");
    // No hint when the seed is simply wrong.
    let v = verify(dice(
        json!({"serverSeed": "other", "serverSeedHash": commitment}),
    ));
    assert_eq!(v["verdict"], "fail");
    assert!(v.get("hints").is_none());
    // selfpoker: the hash as the seed cannot even be read as a seed; the error says why.
    let commit = sha256_hex(b"selfpoker:12");
    let e = fairverify::verify(
        &json!({"scheme": "selfpoker", "seed": commit, "commit": commit,
                                       "players": 2}),
    )
    .unwrap_err();
    assert_eq!(e.params["hint"], "seed_is_commitment");
}

#[test]
fn differences_in_game_terms() {
    let rec = json!({"scheme": "match_seed_v2", "game": "bridge", "matchId": "m",
        "commitment": "00".repeat(32), "serverSeed": "s", "clientSeeds": ["a", "b", "c", "d"],
        "deals": 2});
    let v = verify(rec.clone());
    let mut deals = v["deals"].clone();
    let card = deals[1][3][5].as_u64().unwrap();
    deals[1][3][5] = json!((card + 1) % 52);
    let mut rec = rec;
    rec["played"] = json!({"deals": deals});
    let v = verify(rec);
    let d = &v["differences"][0];
    assert_eq!(d["path"], "deals[1][3][5]");
    assert_eq!(d["item"], "card");
    assert_eq!(d["at"], json!({"deal": 1, "seat": 3, "card": 5}));
    assert_eq!(d["computed"], card);
}

#[test]
fn walks_are_finished_by_the_core() {
    // A four-link chain: the terminal is HashSeed applied four times.
    let mut h = "5e".repeat(32);
    let start = h.clone();
    for _ in 0..4 {
        h = sha256_hex(h.as_bytes());
    }
    let rec = json!({"scheme": "crash", "hash": start, "terminal": h, "maxSteps": 10});
    let v = verify(rec.clone());
    assert_eq!(
        (v["verdict"].clone(), v["round"].clone()),
        (json!("pass"), json!(4))
    );

    let pending = Options {
        walk: Walk::Pending,
        ..Options::default()
    };
    let v = schemes::verify_with(&rec, &pending).unwrap();
    assert_eq!(v["verdict"], "checking");
    assert!(v.get("chainOk").is_none() && v.get("round").is_none());
    let c = v["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "chainOk")
        .unwrap();
    assert_eq!(
        (c["pending"].clone(), c["ok"].clone()),
        (json!(true), Value::Null)
    );

    let done = |steps, found| Options {
        walk: Walk::Done(WalkOutcome {
            steps,
            found,
            remembered: None,
        }),
        ..Options::default()
    };
    let v = schemes::verify_with(&rec, &done(4, true)).unwrap();
    assert_eq!(
        (v["verdict"].clone(), v["round"].clone()),
        (json!("pass"), json!(4))
    );
    let v = schemes::verify_with(&rec, &done(10, false)).unwrap();
    assert_eq!(v["verdict"], "fail");
    // An outcome the record does not allow is refused, not believed.
    assert_eq!(
        schemes::verify_with(&rec, &done(11, true)).unwrap()["verdict"],
        "fail"
    );
    assert!(schemes::verify_with(&rec, &done(3, false)).is_err());
    // The chain record with played.round passes wherever it is verified.
    let mut rec = rec;
    rec["played"] = json!({"round": 4});
    assert_eq!(verify(rec.clone())["verdict"], "pass");
    assert_eq!(
        schemes::verify_with(&rec, &done(4, true)).unwrap()["verdict"],
        "pass"
    );
    let opts = Options::from_json(&json!({"walk": {"steps": 4, "found": true}})).unwrap();
    assert_eq!(
        schemes::verify_with(&rec, &opts).unwrap()["verdict"],
        "pass"
    );
}

/// Every scheme has vectors, and every descriptor field is one the core reads: a
/// field of the wrong type is refused naming exactly that field.
#[test]
fn descriptors_match_the_core() {
    let dir = common::vectors_dir();
    let cases = common::load_cases(&dir);
    for s in schemes::ALL {
        assert!(
            dir.join(format!("{}.jsonl", s.id)).is_file(),
            "scheme {} has no vectors file",
            s.id
        );
        let mine: Vec<&common::Case> = cases
            .iter()
            .filter(|c| c.record["scheme"] == s.id && c.expect.get("error").is_none())
            .collect();
        assert!(!mine.is_empty(), "scheme {} has no passing vector", s.id);
        assert_eq!(
            s.fields.iter().filter(|f| f.primary).count(),
            1,
            "{}: one primary field",
            s.id
        );
        for f in s.all_fields() {
            // Take a record of this scheme (of the field's game) that carries the field,
            // or any record of the scheme, and give the field a value of a wrong type.
            let base = mine
                .iter()
                .find(|c| c.record.get(f.name).is_some())
                .or_else(|| mine.first())
                .unwrap();
            let mut rec = base.record.clone();
            if !f.games.is_empty() {
                if let Some(g) = f.games.first() {
                    if rec["game"] != *g {
                        continue; // covered through a record of its own game below
                    }
                }
            }
            rec[f.name] = json!({"not": "a value of this field"});
            if f.kind == schemes::descriptor::Kind::Json {
                rec[f.name] = json!(true);
            }
            let e = fairverify::verify(&rec)
                .expect_err(&format!("{}.{} accepted anything", s.id, f.name));
            assert!(
                e.field.starts_with(f.name),
                "{}.{}: error names `{}` instead",
                s.id,
                f.name,
                e.field
            );
        }
        let json = s.to_json();
        assert_eq!(json["id"], s.id);
        assert!(json["fields"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["name"] == "played"));
        if s.chain {
            assert!(s
                .fields
                .iter()
                .any(|f| f.name == "terminal" && f.role == Role::Commitment));
        }
    }
    // The games of match_seed_v2 each have a vector.
    for g in schemes::match_seed_v2::SCHEME.games {
        assert!(
            cases.iter().any(|c| c.record["game"] == g.id),
            "game {} has no vector",
            g.id
        );
    }
}

/// SPEC §7 "Every bet under one server seed": per-bet results equal single-bet
/// records, one commitment check, differences at `bets[i].…`.
#[test]
fn bets_equal_single_bets() {
    let server = "revealed-server-seed";
    let hash = sha256_hex(server.as_bytes());
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    for scheme in ["dice", "mines"] {
        let mut bets = Vec::new();
        let mut singles = Vec::new();
        for i in 0..40 {
            let nonce = 1_700_000_000_000i64 + (next() % 1_000_000_000) as i64;
            let client = if i % 7 == 3 {
                Some(format!("other-client-{i}"))
            } else {
                None
            };
            let mut bet = json!({"nonce": nonce});
            let mut single = json!({"scheme": scheme, "serverSeed": server, "serverSeedHash": hash,
                                    "clientSeed": client.clone().unwrap_or("client".into()), "nonce": nonce});
            if scheme == "dice" {
                let sel: Vec<u64> = (1..=6)
                    .filter(|f| next() % 2 == 0 || *f == 1 + i % 6)
                    .take(5)
                    .collect();
                bet["selected"] = json!(sel);
                single["selected"] = json!(sel);
            } else {
                let m = next() % 26;
                bet["mines"] = json!(m);
                single["mines"] = json!(m);
            }
            if let Some(c) = client {
                bet["clientSeed"] = json!(c);
            }
            bets.push(bet);
            singles.push(single);
        }
        let rec = json!({"scheme": scheme, "serverSeed": server, "serverSeedHash": hash,
                         "clientSeed": "client", "bets": bets});
        let v = verify(rec.clone());
        assert_eq!(v["verdict"], "pass", "{scheme}");
        let results = v["bets"].as_array().unwrap();
        assert_eq!(results.len(), 40);
        assert_eq!(
            v["checks"].as_array().unwrap().len(),
            1,
            "one commitment check"
        );
        for (got, single) in results.iter().zip(&singles) {
            let one = verify(single.clone());
            assert_eq!(got["nonce"], single["nonce"]);
            assert_eq!(got["gameSeed"], one["gameSeed"]);
            for k in ["face", "win", "mines"] {
                assert_eq!(got.get(k), one.get(k), "{scheme} {k}");
            }
        }
        // One bet's played changed: fail at exactly that path.
        let mut rec = rec;
        let key = if scheme == "dice" { "face" } else { "mines" };
        let wrong = if scheme == "dice" {
            json!(results[7]["face"].as_i64().unwrap() % 6 + 1)
        } else {
            json!([26])
        };
        rec["bets"][7]["played"] = json!({ key: wrong });
        let v = verify(rec.clone());
        assert_eq!(v["verdict"], "fail");
        let path = v["differences"][0]["path"].as_str().unwrap().to_string();
        assert!(path.starts_with(&format!("bets[7].{key}")), "{path}");
        // The hostile cases: empty, too many, both forms, a foreign field.
        let code = |r: Value| fairverify::verify(&r).unwrap_err().code.as_str();
        let mut bad = rec.clone();
        bad["bets"] = json!([]);
        assert_eq!(code(bad), "out_of_range");
        let mut bad = rec.clone();
        bad["bets"] = Value::Array(vec![
            json!({"nonce": 1, "mines": 1, "selected": [1]});
            10_001
        ]);
        assert_eq!(code(bad), "out_of_range");
        let mut bad = rec.clone();
        bad["nonce"] = json!(5);
        assert_eq!(code(bad), "conflicting_fields");
        let mut bad = rec.clone();
        bad["bets"][0]["serverSeed"] = json!("x");
        assert_eq!(code(bad), "unknown_field");
    }
}

/// `played.round` on a chain record: compared once the walk is done, nothing to
/// compare while it is pending, a difference (not an error) when not reached.
#[test]
fn played_round_while_walking_and_when_not_reached() {
    let mut h = "5e".repeat(32);
    let start = h.clone();
    for _ in 0..3 {
        h = sha256_hex(h.as_bytes());
    }
    let rec = json!({"scheme": "crash", "hash": start, "terminal": h, "maxSteps": 10,
                     "played": {"round": 3}});
    let pending = Options {
        walk: Walk::Pending,
        ..Options::default()
    };
    assert_eq!(
        schemes::verify_with(&rec, &pending).unwrap()["verdict"],
        "checking"
    );
    assert_eq!(verify(rec.clone())["verdict"], "pass");
    let mut far = rec.clone();
    far["maxSteps"] = json!(2);
    let v = verify(far);
    assert_eq!(v["verdict"], "fail");
    assert_eq!(v["differences"][0]["path"], "round");
    assert_eq!(v["differences"][0]["item"], "round");
}

/// `{"shown": …}`: a table badge's fingerprint shown before the game is a check in
/// the report (`shownOk`), so the report's verdict is the badge's verdict.
#[test]
fn shown_fingerprint_is_a_check_in_the_report() {
    let seed = "server";
    let hash = sha256_hex(seed.as_bytes());
    let rec = dice(json!({ "serverSeedHash": hash.to_uppercase() }));
    let with = |shown: &str| {
        let o = Options::from_json(&json!({ "shown": shown })).expect("options");
        schemes::verify_with(&rec, &o).expect("report")
    };
    let shown_check = |v: &Value| {
        v["checks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["code"] == "shownOk")
            .cloned()
            .expect("a shownOk check")
    };
    // The same fingerprint (in either case): pass, the check names the primary field.
    let v = with(&hash.to_uppercase());
    assert_eq!(v["verdict"], "pass");
    let c = shown_check(&v);
    assert_eq!(
        (c["ok"].clone(), c["field"].clone(), c["commitment"].clone()),
        (json!(true), json!("serverSeedHash"), json!(true))
    );
    // Another one: the record verifies on its own, but the report fails.
    let other = "ab".repeat(32);
    let v = with(&other);
    assert_eq!(v["verdict"], "fail");
    assert_eq!(v["commitmentOk"], true);
    let c = shown_check(&v);
    assert_eq!(
        (
            c["ok"].clone(),
            c["expected"].clone(),
            c["computed"].clone()
        ),
        (json!(false), json!(other), json!(hash))
    );
    // A record without its primary commitment is not the game that was shown; and
    // the shown check alone never makes a pass.
    let bare = dice(json!({}));
    let o = Options::from_json(&json!({ "shown": hash })).unwrap();
    assert_eq!(schemes::verify_with(&bare, &o).unwrap()["verdict"], "fail");
    let crash = json!({"scheme": "crash", "hash": "ab".repeat(32), "terminal": "cd".repeat(32)});
    let o = Options::from_json(&json!({ "shown": "cd".repeat(32), "walk": "pending" })).unwrap();
    assert_eq!(
        schemes::verify_with(&crash, &o).unwrap()["verdict"],
        "checking"
    );
    // Poker: the hand commitment is primary; a partial reveal stays unchecked.
    let poker = json!({"scheme": "poker_hmac_v1", "table": "t", "session": "s", "hand": 1,
        "clientSeeds": {"1": "a"}, "handCommitment": "00".repeat(32), "deckRoot": "11".repeat(32),
        "leaves": []});
    let o = Options::from_json(&json!({ "shown": "00".repeat(32) })).unwrap();
    assert_eq!(
        schemes::verify_with(&poker, &o).unwrap()["verdict"],
        "unchecked"
    );
    // Not 64 hex digits: a typed error naming the option.
    let e = Options::from_json(&json!({ "shown": "abc" })).unwrap_err();
    assert_eq!(e.field, "options.shown");
}
