//! SPEC "Verdict, `played` and hints" and the scheme descriptors, natively: three
//! verdicts, the typo hints, differences in the game's terms, walks finished by the
//! core from a worker's outcome, and descriptors that match what the core accepts.

mod common;

use fairverify::testing::sha256_hex;
use fairverify::{HistoryOptions, Options, Walk, WalkOutcome};
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
    let poker = json!({"scheme": "poker_hmac_v1", "table": "t", "session": "s", "hand": 1,
        "clientSeeds": {"1": "a"}, "handCommitment": "00".repeat(32), "deckRoot": "11".repeat(32),
        "leaves": []});
    let v = verify(poker.clone());
    assert_eq!(v["verdict"], "unchecked");
    assert_eq!(v["missing"], json!(["serverSeed", "leaves"]));
    // A played difference still fails an unchecked record.
    let face = verify(dice(json!({})))["face"].as_u64().expect("a face");
    let v = verify(dice(json!({"played": {"face": face % 6 + 1}})));
    assert_eq!(v["verdict"], "fail");
    // SPEC: a face outside 1–6 (or a platform outside 1–25) cannot be read as one:
    // an input error naming its path, never a difference (turn-9 attack, finding 2).
    for bad in [0, 7] {
        let e = fairverify::verify(&dice(json!({"played": {"face": bad}}))).unwrap_err();
        assert_eq!(
            (e.code.as_str(), e.field.as_str()),
            ("bad_played", "played.face")
        );
    }
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
    // A seat's hand is a set: a card of seat 0 shown in seat 3's hand is one
    // difference at that hand, naming both cards.
    let card = deals[1][3][5].as_u64().unwrap();
    let other = deals[1][0][0].clone();
    deals[1][3][5] = other.clone();
    let mut rec = rec;
    rec["played"] = json!({"deals": deals});
    let v = verify(rec);
    assert_eq!(v["differenceCount"], 1);
    let d = &v["differences"][0];
    assert_eq!(d["path"], "deals[1][3]");
    assert_eq!(d["item"], "card");
    assert_eq!(d["at"], json!({"deal": 1, "seat": 3}));
    assert_eq!(d["order"], json!(["deal", "seat"]));
    assert_eq!(
        (&d["shownOnly"], &d["computedOnly"]),
        (&json!([other]), &json!([card]))
    );
}

#[test]
fn walks_are_finished_by_the_core() {
    // A four-link chain: the terminal is HashSeed applied four times.
    let mut h = "5e".repeat(32);
    let start = h.clone();
    for _ in 0..4 {
        h = sha256_hex(h.as_bytes());
    }
    // A chain the player names (hash_chain): its terminal counts as published.
    let rec = json!({"scheme": "hash_chain", "hash": start, "terminal": h, "maxSteps": 10});
    let v = verify(rec.clone());
    assert_eq!(
        (v["verdict"].clone(), v["round"].clone()),
        (json!("pass"), json!(4))
    );
    // The same chain brought by a crash record proves nothing about the operator's
    // published Crash chain (SPEC §6): found, and unchecked.
    let mut crash = rec.clone();
    crash["scheme"] = json!("crash");
    let v = verify(crash);
    assert_eq!(
        (
            v["verdict"].clone(),
            v["round"].clone(),
            v["chainOk"].clone()
        ),
        (json!("unchecked"), json!(4), json!(true))
    );
    assert_eq!(v["hints"][0]["code"], "terminal_unpublished");

    let pending = Options {
        walk: Walk::Pending,
        ..Options::default()
    };
    let v = fairverify::verify_with(&rec, &pending).unwrap();
    assert_eq!(v["verdict"], "checking");
    assert!(v.get("chainOk").is_none() && v.get("round").is_none());
    // What to walk, said by the core: nothing for JavaScript to read from the record.
    assert_eq!(
        v["walk"],
        json!({"hash": start, "terminal": h, "maxSteps": 10})
    );
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

    let outcome = |hash: &str, steps, found| WalkOutcome {
        hash: fairverify::testing::Hex64::parse(hash).unwrap(),
        terminal: fairverify::testing::Hex64::parse(&h).unwrap(),
        max_steps: 10,
        steps,
        found,
        remembered: None,
        found_in: None,
    };
    let done = |steps, found| Options {
        walk: Walk::Done(outcome(&start, steps, found)),
        ..Options::default()
    };
    let v = fairverify::verify_with(&rec, &done(4, true)).unwrap();
    assert_eq!(
        (v["verdict"].clone(), v["round"].clone()),
        (json!("pass"), json!(4))
    );
    // Not reached within a bound below the published chains' length: proves
    // nothing (SPEC §6), never a fail.
    let v = fairverify::verify_with(&rec, &done(10, false)).unwrap();
    assert_eq!(v["verdict"], "unchecked");
    assert!(v.get("chainOk").is_none());
    assert_eq!(v["walked"], 10);
    assert_eq!(v["hints"][0]["code"], "step_limit");
    assert_eq!(
        fairverify::verify_with(&rec, &done(11, true)).unwrap()["verdict"],
        "unchecked"
    );
    // An outcome for another hash, terminal or bound is refused, not believed.
    let refused = |o: WalkOutcome| {
        let opts = Options {
            walk: Walk::Done(o),
            ..Options::default()
        };
        fairverify::verify_with(&rec, &opts).unwrap_err().field
    };
    assert_eq!(
        refused(outcome(&"6f".repeat(32), 4, true)),
        "options.walk.hash"
    );
    let mut o = outcome(&start, 4, true);
    o.terminal = fairverify::testing::Hex64::parse(&start).unwrap();
    assert_eq!(refused(o), "options.walk.terminal");
    let mut o = outcome(&start, 4, true);
    o.max_steps = 4;
    assert_eq!(refused(o), "options.walk.maxSteps");
    assert!(fairverify::verify_with(&rec, &done(3, false)).is_err());
    // The chain record with played.round passes wherever it is verified.
    let mut rec = rec;
    rec["played"] = json!({"round": 4});
    assert_eq!(verify(rec.clone())["verdict"], "pass");
    assert_eq!(
        fairverify::verify_with(&rec, &done(4, true)).unwrap()["verdict"],
        "pass"
    );
    let opts = Options::from_json(
        &json!({"walk": {"hash": start, "terminal": h, "maxSteps": 10, "steps": 4, "found": true}}),
    )
    .unwrap();
    assert_eq!(
        fairverify::verify_with(&rec, &opts).unwrap()["verdict"],
        "pass"
    );
}

/// The descriptors, as every surface reads them (`FairVerifier.schemes()`).
fn descriptors() -> Vec<Value> {
    match fairverify::descriptors() {
        Value::Array(a) => a,
        other => panic!("descriptors are a list, not {other}"),
    }
}

/// The error `rec` gets, if any: (code, field).
fn outcome(rec: &Value) -> Option<(String, String)> {
    fairverify::verify(rec)
        .err()
        .map(|e| (e.code.as_str().to_string(), e.field))
}

/// Does this outcome name `field` (the field itself or a part of it)?
fn names(o: &Option<(String, String)>, field: &str) -> bool {
    o.as_ref().is_some_and(|(_, f)| {
        f == field || f.starts_with(&format!("{field}[")) || f.starts_with(&format!("{field}."))
    })
}

/// A list of `n` items for a list field, made of the base record's own first item.
fn items_of(base: &Value, field: &str, n: usize) -> Value {
    let first = base[field][0].clone();
    Value::Array(vec![first; n])
}

/// Probes one field of one base record through the core and holds the descriptor
/// to what the core does: the field's requirement, its range (and the range of
/// each item), its item count and its options.
fn probe(scheme: &str, f: &Value, base: &Value, others: &[&Value]) {
    let name = f["name"].as_str().unwrap();
    let at = format!("{scheme}.{name}");
    let with = |v: Value| {
        let mut r = base.clone();
        r[name] = v;
        r
    };
    let without = |also: Option<&str>| {
        let mut r = base.clone();
        r.as_object_mut().unwrap().remove(name);
        if let Some(a) = also {
            r.as_object_mut().unwrap().remove(a);
        }
        r
    };
    let present = base.get(name).is_some();

    // A value of the wrong type is refused, naming this field.
    let wrong = if f["kind"] == "json" {
        json!(true)
    } else {
        json!({"not": "a value of this field"})
    };
    assert!(
        names(&outcome(&with(wrong)), name),
        "{at}: a wrong type is not refused by name"
    );

    // Requirement.
    if present {
        let gone = outcome(&without(None));
        let partner = ["unless", "insteadOf", "with"]
            .iter()
            .find_map(|k| f[*k].as_str());
        if f["required"] == true
            || (f.get("insteadOf").is_some()
                && base.get(f["insteadOf"].as_str().unwrap()).is_none())
        {
            assert!(
                names(&gone, name) || partner.is_some_and(|p| names(&gone, p)),
                "{at}: required, but a record without it gives {gone:?}"
            );
        } else if let Some(u) = f["unless"].as_str() {
            if base.get(u).is_none() {
                assert!(
                    names(&gone, name) || names(&gone, u),
                    "{at}: required unless `{u}`, but a record without both gives {gone:?}"
                );
            }
        } else if let Some(w) = f["with"].as_str() {
            if base.get(w).is_some_and(|v| !v.is_null()) {
                assert!(
                    names(&gone, name),
                    "{at}: goes with `{w}`, yet {gone:?} without it alone"
                );
                let both = outcome(&without(Some(w)));
                assert!(
                    !names(&both, name) && !names(&both, w),
                    "{at}: without both: {both:?}"
                );
            }
        } else {
            assert!(
                !(names(&gone, name) && gone.as_ref().unwrap().0 == "missing_field"),
                "{at}: optional, but a record without it is refused: {gone:?}"
            );
        }
    }
    // A field instead of another is refused beside it.
    if let Some(alt) = f["insteadOf"].as_str() {
        if let (true, Some(other)) = (present, others.iter().find(|r| r.get(alt).is_some())) {
            let mut r = (*other).clone();
            r[name] = base[name].clone();
            let o = outcome(&r);
            assert_eq!(
                o,
                Some(("conflicting_fields".to_string(), name.to_string())),
                "{at}: given beside `{alt}`"
            );
        }
    }

    // Range: the bounds are accepted, one past them refused by name.
    if let (Some(min), Some(max)) = (f["min"].as_i64(), f["max"].as_i64()) {
        let each = f["kind"] == "numbers";
        let val = |x: i64| if each { json!([x]) } else { json!(x) };
        let max = match f["maxField"].as_str() {
            // At most the other field's value: probed with that field at its smallest option.
            Some(other) => {
                let small = descriptor_field(scheme, other)["options"]
                    .as_array()
                    .and_then(|o| o.iter().filter_map(Value::as_i64).min())
                    .unwrap();
                let mut r = with(val(small));
                r[other] = json!(small);
                assert!(
                    !names(&outcome(&r), name),
                    "{at}: {small} refused with {other} {small}"
                );
                r[name] = val(small + 1);
                assert!(
                    names(&outcome(&r), name),
                    "{at}: {} accepted with {other} {small}",
                    small + 1
                );
                max
            }
            None => max,
        };
        // With the other field absent, its default (the largest) bounds this one.
        // A crash `history` is also at most the round its walk finds (SPEC §6: the
        // link after round 1 is the terminal): its described range is probed
        // without a terminal, and `tests/trust_round3.rs` holds the round's bound.
        let at_default = |v: Value| {
            let mut r = with(v);
            if let Some(other) = f["maxField"].as_str() {
                r.as_object_mut().unwrap().remove(other);
            }
            if scheme == "crash" && name == "history" {
                r.as_object_mut().unwrap().remove("terminal");
            }
            r
        };
        for ok in [min, max] {
            let o = outcome(&at_default(val(ok)));
            assert!(
                !(names(&o, name) && o.as_ref().unwrap().0 == "out_of_range"),
                "{at}: {ok} is in the described range but refused: {o:?}"
            );
        }
        for bad in [min - 1, max + 1] {
            let o = outcome(&at_default(val(bad)));
            assert!(
                names(&o, name),
                "{at}: {bad} is outside the described range but {o:?}"
            );
        }
    }

    // Item counts.
    if let (Some(lo), Some(hi)) = (f["minItems"].as_u64(), f["maxItems"].as_u64()) {
        if present {
            let (lo, hi) = (lo as usize, hi as usize);
            for ok in [lo, hi] {
                let rec = with(items_of(base, name, ok));
                let refused = fairverify::verify(&rec).err().filter(|e| {
                    // Refused for the count: out of range, or the game's own rule on
                    // how many (`selection_count`, `no_players`); a rule on the
                    // values themselves (battle's chances must sum to 100) is not.
                    let rule = e.params.get("rule").and_then(Value::as_str).unwrap_or("");
                    names(&Some((String::new(), e.field.clone())), name)
                        && (e.code.as_str() == "out_of_range"
                            || rule.ends_with("_count")
                            || rule == "no_players")
                });
                assert!(
                    refused.is_none(),
                    "{at}: {ok} items are allowed but refused: {refused:?}"
                );
            }
            if lo > 0 {
                let o = outcome(&with(items_of(base, name, lo - 1)));
                assert!(names(&o, name), "{at}: {} items accepted: {o:?}", lo - 1);
            }
            let o = outcome(&with(items_of(base, name, hi + 1)));
            assert!(names(&o, name), "{at}: {} items accepted: {o:?}", hi + 1);
        }
    }

    // A described default is what an absent field stands for: the report without the
    // field is the report with the default (and the default is in the range).
    if let Some(default) = f["default"].as_i64() {
        if let (Some(min), Some(max)) = (f["min"].as_i64(), f["max"].as_i64()) {
            assert!(
                (min..=max).contains(&default),
                "{at}: default {default} outside {min}..={max}"
            );
        }
        let gone = fairverify::verify(&without(None));
        let given = fairverify::verify(&with(json!(default)));
        assert!(
            gone.is_ok() && gone.as_ref().ok() == given.as_ref().ok(),
            "{at}: without it {gone:?}, with its default {default}: {given:?}"
        );
        let other = fairverify::verify(&with(json!(default - 1)));
        assert!(
            base.get("terminal").is_none() || other.as_ref().ok() != gone.as_ref().ok(),
            "{at}: the default {default} is not what an absent field stands for"
        );
    }

    // Options: each is taken (its value is not refused as such), anything else is not.
    if let Some(opts) = f["options"].as_array() {
        for o in opts {
            let got = outcome(&with(o.clone()));
            assert!(
                !(names(&got, name)
                    && matches!(
                        got.as_ref().unwrap().0.as_str(),
                        "out_of_range" | "unknown_game"
                    )),
                "{at}: option {o} refused: {got:?}"
            );
        }
        let other = if opts.iter().all(Value::is_i64) {
            json!(opts.iter().filter_map(Value::as_i64).max().unwrap() + 1)
        } else {
            json!("not-an-option")
        };
        assert!(
            names(&outcome(&with(other.clone())), name),
            "{at}: {other} accepted"
        );
    }
}

fn descriptor_field(scheme: &str, name: &str) -> Value {
    descriptors()
        .into_iter()
        .find(|d| d["id"] == scheme)
        .and_then(|d| {
            d["fields"]
                .as_array()
                .and_then(|fs| fs.iter().find(|f| f["name"] == name).cloned())
        })
        .unwrap_or(Value::Null)
}

/// Every scheme has vectors, and every descriptor field says what the core does
/// with it: its type, requirement, range, item count and options, probed through
/// `verify` on a passing vector of each game.
#[test]
fn descriptors_match_the_core() {
    let dir = common::vectors_dir();
    let cases = common::load_cases(&dir);
    for d in descriptors() {
        let id = d["id"].as_str().unwrap();
        assert!(
            dir.join(format!("{id}.jsonl")).is_file(),
            "scheme {id} has no vectors file"
        );
        // Passing records first: a base whose chain walk fails would walk all of a
        // probed maxSteps of 100,000,000.
        let mut mine: Vec<(&Value, bool)> = cases
            .iter()
            .filter(|c| c.record["scheme"] == id && c.expect.get("error").is_none())
            .filter_map(|c| {
                let v = fairverify::verify(&c.record).ok()?;
                Some((&c.record, v["verdict"] == "pass"))
            })
            .collect();
        mine.sort_by_key(|(_, pass)| !pass);
        let mine: Vec<&Value> = mine.into_iter().map(|(r, _)| r).collect();
        assert!(!mine.is_empty(), "scheme {id} has no passing vector");
        let fields = d["fields"].as_array().unwrap();
        assert_eq!(
            fields.iter().filter(|f| f["primary"] == true).count(),
            1,
            "{id}: one primary field"
        );
        assert!(fields.iter().any(|f| f["name"] == "played"));
        if d["chain"] == true {
            assert!(fields
                .iter()
                .any(|f| f["name"] == "terminal" && f["role"] == "commitment"));
        }
        let games = d["games"].as_array().unwrap();
        for g in games {
            let gid = g["id"].as_str().unwrap();
            // The records of this game (schemes of one game have no `game` field).
            let of_game: Vec<&Value> = mine
                .iter()
                .copied()
                .filter(|r| games.len() == 1 || r["game"] == gid)
                .collect();
            assert!(!of_game.is_empty(), "game {gid} has no passing vector");
            for f in fields {
                let applies = f["games"]
                    .as_array()
                    .is_none_or(|gs| gs.iter().any(|x| x == gid));
                if !applies {
                    continue;
                }
                let name = f["name"].as_str().unwrap();
                // The game's first (passing) record, with the field as a record that
                // carries it has it.
                let mut base = (*of_game[0]).clone();
                if let Some(carrier) = of_game
                    .iter()
                    .find(|r| r.get(name).is_some_and(|v| !v.is_null()))
                {
                    if base.get(name).is_none() {
                        base = (*carrier).clone();
                        if let Some(pass) = of_game.iter().find(|r| {
                            fairverify::verify(r).is_ok_and(|v| v["verdict"] == "pass")
                                && r.get("terminal").is_some() == carrier.get("terminal").is_some()
                        }) {
                            // A passing record of the same shape, given the field: a
                            // probed maxSteps then ends at its round.
                            let mut p = (*pass).clone();
                            p[name] = carrier[name].clone();
                            if fairverify::verify(&p).is_ok() {
                                base = p;
                            }
                        }
                    }
                }
                probe(id, f, &base, &of_game);
            }
        }
    }
}

/// A round history's walk is finished by the core with the records' own rule: a
/// remembered position that proves a round beyond `maxSteps` is "not reached", as
/// a full walk would be; and a walk that the bound does not allow is refused.
#[test]
fn history_walks_follow_the_records_rule() {
    let mut h = "5e".repeat(32);
    let start = h.clone();
    for _ in 0..4 {
        h = sha256_hex(h.as_bytes());
    }
    let terminal = fairverify::testing::Hex64::parse(&h).unwrap();
    let text = format!("{start}\n");
    let with = |walk: Walk| HistoryOptions {
        terminal: Some(terminal.clone()),
        max_steps: 3,
        walk,
    };
    let done = |steps, found| {
        Walk::Done(WalkOutcome {
            hash: fairverify::testing::Hex64::parse(&start).unwrap(),
            terminal: terminal.clone(),
            max_steps: 3,
            steps,
            found,
            remembered: None,
            found_in: None,
        })
    };
    let pending = fairverify::check_rounds_with("hash_chain", &text, &with(Walk::Pending)).unwrap();
    assert_eq!(pending["verdict"], "checking");
    assert_eq!(
        pending["walk"],
        json!({"hash": start, "terminal": h, "maxSteps": 3})
    );
    // Round 4 proven by a remembered position, but the bound is 3: not reached,
    // and a bound below the published length proves nothing (SPEC §6).
    let v = fairverify::check_rounds_with("hash_chain", &text, &with(done(4, true))).unwrap();
    assert_eq!(
        (v["verdict"].clone(), v["summary"]["chain"]["ok"].clone()),
        (json!("unchecked"), Value::Null)
    );
    assert_eq!(v["summary"]["chain"]["walked"], 3);
    assert!(v.get("walk").is_none());
    // A walk that stopped short of the bound without finding anything: refused.
    assert!(fairverify::check_rounds_with("hash_chain", &text, &with(done(2, false))).is_err());
    // The same as a record.
    let rec = json!({"scheme": "hash_chain", "hash": start, "terminal": h, "maxSteps": 3});
    let o = Options {
        walk: done(4, true),
        ..Options::default()
    };
    assert_eq!(
        fairverify::verify_with(&rec, &o).unwrap()["verdict"],
        "unchecked"
    );
}

/// A poker reveal is placed by the core, full or partial: the seat order and, for
/// each revealed leaf, where the display rule puts it and whether it climbed.
#[test]
fn poker_reveals_are_placed_by_the_core() {
    let cases = common::load_cases(&common::vectors_dir());
    let partial = cases
        .iter()
        .find(|c| {
            c.record["scheme"] == "poker_hmac_v1"
                && c.record.get("leaves").is_some()
                && c.expect.get("error").is_none()
        })
        .expect("a partial reveal vector");
    let v = verify(partial.record.clone());
    let mut seats: Vec<u64> = partial.record["clientSeeds"]
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.parse().unwrap())
        .collect();
    seats.sort_unstable();
    assert_eq!(v["seatOrder"], json!(seats));
    let m = seats.len() as u64;
    for (i, l) in v["leafClimbs"].as_array().unwrap().iter().enumerate() {
        let p = l["position"].as_u64().unwrap();
        let want = if p < 2 * m {
            json!({"kind": "hole", "player": p / 2, "seat": seats[(p / 2) as usize], "card": p % 2})
        } else if p < 2 * m + 5 {
            json!({"kind": "board", "card": p - 2 * m})
        } else {
            json!({"kind": "deck"})
        };
        assert_eq!(l["place"], want, "leaf {i}");
        assert_eq!(l["rootOk"], v["leavesOk"][i]);
        let top = l["hashes"].as_array().unwrap().last().unwrap();
        assert_eq!(
            l["rootOk"] == true,
            top.as_str().unwrap() == partial.record["deckRoot"].as_str().unwrap().to_lowercase()
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
            // A cell of the board the seeds leave free (a mine set is compared as a
            // set: cells 1–25, each once).
            let placed = results[7]["mines"].as_array().unwrap();
            let free = (1..=25u64)
                .find(|c| !placed.contains(&json!(c)))
                .unwrap_or(1);
            json!([free])
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
    let rec = json!({"scheme": "hash_chain", "hash": start, "terminal": h, "maxSteps": 10,
                     "played": {"round": 3}});
    let pending = Options {
        walk: Walk::Pending,
        ..Options::default()
    };
    assert_eq!(
        fairverify::verify_with(&rec, &pending).unwrap()["verdict"],
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
        fairverify::verify_with(&rec, &o).expect("report")
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
    // A record without its primary commitment (dice's is optional): the fingerprint
    // shown is compared with its seed's hash, never read as "the commitment changed"
    // (turn-9 attack, finding 4); the shown check alone never makes a pass, so the
    // verdict is the page's (unchecked). Another seed than the one shown: a fail.
    let bare = dice(json!({}));
    let o = Options::from_json(&json!({ "shown": hash })).unwrap();
    let v = fairverify::verify_with(&bare, &o).unwrap();
    assert_eq!(v["verdict"], "unchecked");
    assert_eq!(shown_check(&v)["ok"], true);
    let o = Options::from_json(&json!({ "shown": other })).unwrap();
    let v = fairverify::verify_with(&bare, &o).unwrap();
    assert_eq!(v["verdict"], "fail");
    assert_eq!(shown_check(&v)["ok"], false);
    let crash = json!({"scheme": "crash", "hash": "ab".repeat(32), "terminal": "cd".repeat(32)});
    let o = Options::from_json(&json!({ "shown": "cd".repeat(32), "walk": "pending" })).unwrap();
    assert_eq!(
        fairverify::verify_with(&crash, &o).unwrap()["verdict"],
        "checking"
    );
    // Poker: the hand commitment is primary; a partial reveal stays unchecked.
    let poker = json!({"scheme": "poker_hmac_v1", "table": "t", "session": "s", "hand": 1,
        "clientSeeds": {"1": "a"}, "handCommitment": "00".repeat(32), "deckRoot": "11".repeat(32),
        "leaves": []});
    let o = Options::from_json(&json!({ "shown": "00".repeat(32) })).unwrap();
    assert_eq!(
        fairverify::verify_with(&poker, &o).unwrap()["verdict"],
        "unchecked"
    );
    // Not 64 hex digits: a typed error naming the option.
    let e = Options::from_json(&json!({ "shown": "abc" })).unwrap_err();
    assert_eq!(e.field, "options.shown");
}
