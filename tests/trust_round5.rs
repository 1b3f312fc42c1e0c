//! The fifth fresh attack's findings (issue 43, "Trust under attack", attack 3: N4,
//! N6, N7). Each record is built here from the vectors' own seeds; every outcome is
//! the core's.

mod common;

use common::base_record as base;
use common::hint;
use fairverify::testing::PUBLISHED;
use fairverify::verify;
use serde_json::{json, Value};

fn report(rec: &Value) -> Value {
    verify(rec).unwrap_or_else(|e| panic!("{}: {e:?}", rec["scheme"]))
}

/// N7: a round `hash` that is another game's published terminal (the Platforms
/// terminal pasted into a crash round) is said before any walk, with the hint of a
/// published hash pasted where the round belongs, naming that game; at the whole
/// published length the walk never runs, below it the walk runs (SPEC: a `fail`
/// needs the whole-length walk).
#[test]
fn another_games_published_terminal_as_the_round_is_named_before_any_walk() {
    for (game, (_, own)) in PUBLISHED {
        for (other, (_, pasted)) in PUBLISHED.iter().filter(|(g, _)| *g != game) {
            for max_steps in [Some(1_000), None] {
                let mut rec = base(game, |_| true);
                rec["hash"] = json!(pasted);
                rec["terminal"] = json!(own);
                match max_steps {
                    Some(m) => rec["maxSteps"] = json!(m),
                    None => {
                        rec.as_object_mut().map(|o| o.remove("maxSteps"));
                    }
                }
                let v = report(&rec);
                let what = format!("{game} with {other}'s terminal, maxSteps {max_steps:?}");
                assert_eq!(v["terminalPublished"], json!(game), "{what}");
                let h = hint(&v, "seed_is_commitment").unwrap_or_else(|| panic!("{what}: {v}"));
                assert_eq!(
                    (&h["field"], &h["game"]),
                    (&json!("hash"), &json!(other)),
                    "{what}"
                );
                if max_steps.is_some() {
                    // SPEC §6: a short walk proves nothing either way and never reads
                    // as cheating: the walk runs, `unchecked` with its step limit.
                    assert!(v.get("chainOk").is_none(), "{what}: {v}");
                    assert!(hint(&v, "step_limit").is_some(), "{what}: {v}");
                    assert_eq!(v["verdict"], "unchecked", "{what}");
                    continue;
                }
                // The whole length: no walk, nothing walked, no step limit, the chain
                // check says so at 0.
                assert!(
                    v.get("walked").is_none() && hint(&v, "step_limit").is_none(),
                    "{what}: {v}"
                );
                let c = v["checks"]
                    .as_array()
                    .and_then(|c| c.iter().find(|c| c["name"] == "chainOk"));
                assert_eq!(
                    c.map(|c| &c["params"]["steps"]),
                    Some(&json!(0)),
                    "{what}: {v}"
                );
                assert_eq!(v["chainOk"], false, "{what}");
            }
        }
    }
}

fn dice() -> Value {
    base("dice", |r| {
        r.get("bets").is_none() && r.get("serverSeedHash").is_some()
    })
}

/// N6: the look-alikes attack 3 found unnamed, each by the rule that flags it now:
/// compatibility forms NFKC folds into another character (kind `width`, as the
/// fullwidth and letterlike ones: the Ohm sign, Greek Ω under NFKC, in a Latin word,
/// SPEC "Latin mixed with Greek"; `ʰ`, `ⓐ`, `²`, `ﬁ`), Latin letters of no everyday
/// alphabet drawn like a basic one (kind `letter`: `ı`, `ɑ`, the small capital `ᴀ`),
/// and a combining mark on a Latin letter (kind `mark`: `e` + U+0301 for `é`).
#[test]
fn compatibility_forms_phonetic_letters_and_combining_marks_are_named() {
    let cases: [(&str, &str, u32); 13] = [
        ("luck\u{2126}y", "width", 0x2126),
        ("\u{2126}", "width", 0x2126),
        ("seed\u{2B0}", "width", 0x2B0),
        ("\u{24D0}bc", "width", 0x24D0),
        ("seed\u{B2}", "width", 0xB2),
        ("\u{FB01}ne", "width", 0xFB01),
        ("p\u{131}n", "letter", 0x131),
        ("p\u{251}ss", "letter", 0x251),
        ("\u{1D00}bc", "letter", 0x1D00),
        ("cafe\u{301}", "mark", 0x301),
        ("\u{301}seed", "mark", 0x301),
        ("42\u{308}", "mark", 0x308),
        ("l\u{1DC4}ck", "mark", 0x1DC4),
    ];
    common::assert_lookalikes(&dice(), &cases);
}

/// N6 (Russian and Arabic readers): the hint names the odd one out. In a word that
/// is mostly Cyrillic with one Latin letter, the Latin letter; in a Latin word with
/// one Cyrillic letter, the Cyrillic one; and a lone Cyrillic or Greek letter
/// standing as a word of its own among Latin letters and digits (`abc-с-123`).
#[test]
fn the_minority_letter_and_a_lone_letter_of_another_script_are_named() {
    let rec = dice();
    let cases: [(&str, &str, u32, usize); 6] = [
        ("\u{43F}a\u{440}\u{43E}\u{43B}\u{44C}", "mixed", 0x61, 1), // пaроль, Latin a
        ("p\u{430}ssword", "mixed", 0x430, 1),
        ("abc-\u{441}-123", "mixed", 0x441, 4),
        ("123 \u{441} 456", "mixed", 0x441, 4),
        ("seed.\u{3BF}.7", "mixed", 0x3BF, 5),
        ("\u{41C}\u{43E}\u{439}-pa\u{441}s", "mixed", 0x441, 6),
    ];
    for (typed, kind, cp, position) in cases {
        let mut r = rec.clone();
        r["clientSeed"] = json!(typed);
        let v = report(&r);
        let h = hint(&v, "lookalike_char").unwrap_or_else(|| panic!("{typed}: no hint"));
        assert_eq!(
            (&h["kind"], &h["codePoint"], &h["position"]),
            (&json!(kind), &json!(cp), &json!(position)),
            "{typed}"
        );
    }
}

/// N6: honest fields get no look-alike hint: a field all in one script (Russian,
/// Greek with its accents, Russian with a stress mark), Chinese with its fullwidth
/// punctuation, Japanese, Korean, Arabic, Hebrew, emoji, accented Latin typed as one
/// character, and a Cyrillic and a Latin word side by side.
#[test]
fn honest_fields_in_any_script_get_no_look_alike_hint() {
    let rec = dice();
    for clean in [
        "\u{43F}\u{430}\u{440}\u{43E}\u{43B}\u{44C}",                    // пароль
        "\u{41F}\u{440}\u{438}\u{432}\u{435}\u{442}, \u{43C}\u{438}\u{440} 2024", // Привет, мир 2024
        "\u{418}\u{432}\u{430}\u{43D} \u{438} \u{41C}\u{430}\u{440}\u{438}\u{44F}", // Иван и Мария
        "\u{3BA}\u{3B1}\u{3BB}\u{3B7}\u{3BC}\u{3AD}\u{3C1}\u{3B1}-123",  // καλημέρα-123
        "\u{43C}\u{43E}\u{43B}\u{43E}\u{301}\u{43A}\u{43E}",              // моло́ко
        "\u{4F60}\u{597D}\u{FF0C}\u{4E16}\u{754C}\u{FF01}",              // 你好，世界！
        "\u{6771}\u{4EAC}\u{30BF}\u{30EF}\u{30FC}2024",                  // 東京タワー2024
        "\u{C548}\u{B155}\u{D558}\u{C138}\u{C694}",                      // 안녕하세요
        "\u{645}\u{631}\u{62D}\u{628}\u{627} \u{628}\u{627}\u{644}\u{639}\u{627}\u{644}\u{645} \u{661}\u{662}\u{663}", // مرحبا بالعالم ١٢٣
        "\u{5E9}\u{5DC}\u{5D5}\u{5DD}",                                  // שלום
        "\u{1F3B2}\u{1F340}\u{1F525}",                                   // 🎲🍀🔥
        "caf\u{E9} na\u{EF}ve Vi\u{1EC7}t",                              // café naïve Việt
        "hello \u{43C}\u{438}\u{440}",                                   // hello мир
        "lucky-seed-2024",
    ] {
        let mut r = rec.clone();
        r["clientSeed"] = json!(clean);
        let v = report(&r);
        assert!(hint(&v, "lookalike_char").is_none(), "{clean}: {}", v["hints"]);
    }
}

/// A mines record of `n` bets of `mines` mines each under one server seed.
fn mines_bets(n: usize, mines: u64) -> Value {
    let seed = "4f1e0c2a9b7d";
    let bets: Vec<Value> = (0..n)
        .map(|i| json!({"nonce": 1_700_000_000_000_i64 + i as i64, "mines": mines}))
        .collect();
    json!({"scheme": "mines", "serverSeed": seed,
           "serverSeedHash": fairverify::testing::sha256_hex(seed.as_bytes()),
           "clientSeed": "player", "bets": bets})
}

/// N4 (b): two cells of another bet's 24-mine board are not that bet's board: no
/// "these mines are another bet's, everything matches". The whole board is.
#[test]
fn a_part_of_another_bets_board_is_not_that_board() {
    let rec = mines_bets(3, 24);
    let bets = report(&rec)["bets"].clone();
    let other: Vec<Value> = bets[2]["mines"].as_array().unwrap().clone();
    let own: Vec<Value> = bets[0]["mines"].as_array().unwrap().clone();
    // Two cells of bet 2's board, not both on bet 0's (or it is no difference).
    let two: Vec<Value> = other
        .iter()
        .filter(|c| !own.contains(c))
        .take(1)
        .chain(other.iter().filter(|c| own.contains(c)).take(1))
        .cloned()
        .collect();
    assert_eq!(two.len(), 2);
    let mut r = rec.clone();
    r["bets"][0]["played"] = json!({"mines": two});
    let v = report(&r);
    assert_eq!(v["verdict"], "fail");
    assert_eq!(v["diagnosis"], json!([]), "{}", v["diagnosis"]);
    // The whole board, in another order: named there.
    let mut whole = other.clone();
    whole.reverse();
    r["bets"][0]["played"] = json!({"mines": whole});
    assert_eq!(
        report(&r)["diagnosis"],
        json!([{"code": "shown_elsewhere", "path": "bets[0].mines", "at": "bets[2].mines"}])
    );
    // The whole board less one cell not seen (`null`): still that board.
    let mut partial: Vec<Value> = other.clone();
    partial[0] = Value::Null;
    r["bets"][0]["played"] = json!({"mines": partial});
    let v = report(&r);
    if v["verdict"] == "fail" {
        assert_eq!(
            v["diagnosis"][0]["at"],
            json!("bets[2].mines"),
            "{}",
            v["diagnosis"]
        );
    }
}

/// N4 (a): 10,000 bets, each with a differing `mines`, read the recomputed boards
/// once (an index), not once a differing bet (10^8 list comparisons, 6.8 s before).
#[test]
fn ten_thousand_differing_bets_read_the_boards_once() {
    let n = 10_000;
    for (mines, shown) in [(24, None), (3, Some(()))] {
        let mut rec = mines_bets(n, mines);
        let bets = report(&rec)["bets"].clone();
        for i in 0..n {
            // Two cells (a part of a board), or the next bet's whole board.
            let played = match shown {
                None => json!([1, 2]),
                Some(()) => bets[(i + 1) % n]["mines"].clone(),
            };
            rec["bets"][i]["played"] = json!({"mines": played});
        }
        let before = fairverify::testing::lists_read();
        let v = report(&rec);
        let read = fairverify::testing::lists_read() - before;
        assert_eq!(v["verdict"], "fail");
        assert!(
            read <= 2 * n as u64,
            "{mines} mines: {read} lists read for {n} bets"
        );
        let found = v["diagnosis"].as_array().map_or(0, |d| {
            d.iter().filter(|e| e["code"] == "shown_elsewhere").count()
        });
        // Two cells are nobody's board; a whole board is found, for every
        // difference listed (the report lists the first 1,000).
        if shown.is_none() {
            assert_eq!(found, 0, "{mines} mines");
        } else {
            assert_eq!(found, 1_000, "{mines} mines");
        }
    }
}

/// N4 (c): a bridge record with a long first client seed and one wrong hand: the
/// diagnosis re-runs it with the seeds in 23 other orders and 4 with one seed empty;
/// the orders that start the same way share the HMAC state absorbed so far (the
/// long seed first: once for the record and its five other orders and the empty
/// slips), and no re-run scans the seeds for look-alikes. 17 absorptions of the
/// seed (and the 10,000 deals' counters), not 28.
#[test]
fn a_long_seed_is_not_absorbed_again_by_every_reordering_of_the_diagnosis() {
    let seed = "abcdefghij".repeat(1 << 17);
    let mut rec = base("match_seed_v2", |r| r["game"] == "bridge");
    rec["clientSeeds"][0] = json!(seed);
    rec["deals"] = json!(10_000);
    let deal = report(&rec)["deals"][0].clone();
    // Seat 0's hand with one card of seat 1's: nobody's hand, no slip explains it.
    let mut hand = deal[0].as_array().unwrap().clone();
    hand[0] = deal[1][0].clone();
    rec["played"] = json!({"deals": [[hand]]});
    let before = fairverify::testing::bytes_hashed();
    let t0 = std::time::Instant::now();
    let v = report(&rec);
    let bytes = fairverify::testing::bytes_hashed() - before;
    if std::env::var_os("FAIRVERIFY_TIMING").is_some() {
        eprintln!("{:?}, {bytes} bytes hashed", t0.elapsed());
    }
    assert_eq!(v["verdict"], "fail");
    assert_eq!(v["diagnosis"], json!([]));
    let n = seed.len() as u64;
    assert!(
        bytes > 16 * n && bytes < 20 * n,
        "{bytes} bytes hashed for a {n}-byte seed ({} absorptions)",
        bytes / n
    );
}

/// Attack 4: a partial reveal whose proven leaves show one card at several positions
/// proves the committed "deck" is no shuffle of [0…51] (SPEC §3). Built here: a deck
/// of 52 aces of spades under its own Merkle root, five leaves each climbing to it.
/// Each leaf climbs (`leavesOk` all true, as SPEC §3 defines it), but every leaf after
/// the first fails its check, naming the first position: a fail, never a pass. The
/// same five leaves from a real deck (52 different cards) pass.
#[test]
fn proven_leaves_with_one_card_twice_are_no_real_deck() {
    use fairverify::testing::merkle;
    let poker = base("poker_hmac_v1", |r| r.get("leaves").is_some());
    for (deck, fails) in [
        (vec![0u32; 52], true),
        ((0..52).rev().collect::<Vec<u32>>(), false),
    ] {
        let salts: Vec<String> = (0..52).map(|i| format!("{:064x}", i + 1)).collect();
        let mut leaves: Vec<String> = (0..52)
            .map(|i| merkle::leaf(i, deck[i], &salts[i]))
            .collect();
        leaves.resize(64, merkle::pad_leaf());
        let levels = merkle::levels(leaves);
        let root = levels[levels.len() - 1][0].clone();
        let mut rec = poker.clone();
        rec["deckRoot"] = json!(root);
        rec["leaves"] = json!((0..5)
            .map(|p| json!({"position": p, "card": deck[p], "salt": salts[p],
                            "path": merkle::proof(&levels, p)}))
            .collect::<Vec<_>>());
        let v = report(&rec);
        assert_eq!(v["leavesOk"], json!([true, true, true, true, true]), "{v}");
        let failed: Vec<&Value> = v["checks"]
            .as_array()
            .map(|c| {
                c.iter()
                    .filter(|c| c["code"] == "leafOk" && c["ok"] == false)
                    .collect()
            })
            .unwrap_or_default();
        if fails {
            assert_eq!(v["verdict"], "fail", "{v}");
            assert_eq!(failed.len(), 4, "{v}");
            assert!(failed.iter().all(|c| c["params"]["twiceAt"] == 0), "{v}");
        } else {
            assert_ne!(v["verdict"], "fail", "{v}");
            assert!(failed.is_empty(), "{v}");
        }
    }
}

/// Turn-9 attack, finding 3: towards a terminal the record brings (a `hash_chain`'s
/// own), another game's published terminal may be a real round: here the record's
/// terminal is the link after it, so it is round 1 and a pass, never "not reached"
/// at 0 steps with a hint that the fields were swapped.
#[test]
fn another_games_terminal_is_a_round_of_a_chain_the_record_brings() {
    for (game, (_, pasted)) in PUBLISHED {
        let terminal = fairverify::testing::sha256_hex(pasted.as_bytes());
        let rec = json!({"scheme": "hash_chain", "hash": pasted, "terminal": terminal});
        let v = report(&rec);
        assert_eq!(v["chainOk"], true, "{game}'s terminal as round 1: {v}");
        assert_eq!(v["round"], 1, "{game}: {v}");
        assert!(hint(&v, "seed_is_commitment").is_none(), "{game}: {v}");
    }
}
