//! The whole history of a chain (issue 27) against independent counts: a chain
//! generated here from a random start (the seed is printed; set
//! FAIRVERIFY_HISTORY_SEED to replay), every round's outcome recomputed with the
//! schemes' exact functions on the hashes themselves, and every figure of the
//! streamed summary compared with those. Bet lists likewise, from the HMACs.

mod common;

use common::{rng, SplitMix};

use fairverify::testing::step_generic;
use fairverify::testing::Hex64;
use fairverify::testing::{
    crash_hundredths, format_multiplier, last_platform, pick_winner, wheel_point,
};
use fairverify::testing::{hmac_sha256, sha256_hex, to_hex};
use fairverify::{bets_history, ChainHistory, RoundPager};
use serde_json::{json, Value};

/// X_0 = a random hash, X_{i+1} = HashSeed(X_i), i = 0..=n: X_n is the terminal and
/// X_i is round n − i.
fn chain(r: &mut SplitMix, n: usize) -> Vec<Hex64> {
    let mut cur: [u8; 64] = r.hex().as_bytes().try_into().unwrap();
    let mut out = Vec::with_capacity(n + 1);
    out.push(Hex64::parse(std::str::from_utf8(&cur).unwrap()).unwrap());
    for _ in 0..n {
        cur = step_generic(&cur);
        out.push(Hex64::parse(std::str::from_utf8(&cur).unwrap()).unwrap());
    }
    out
}

fn walk_all(record: &Value) -> ChainHistory {
    let mut h = ChainHistory::from_record(record).expect("a valid record");
    while !h.advance(7_777) && !h.done() {}
    h
}

/// The whole 256-bit number mod 40, in 128-bit pieces (2^128 ≡ 16 mod 40).
fn mod40(h: &Hex64) -> u32 {
    let b = h.bytes();
    let hi = u128::from_be_bytes(b[..16].try_into().unwrap());
    let lo = u128::from_be_bytes(b[16..].try_into().unwrap());
    ((hi % 40 * 16 + lo % 40) % 40) as u32
}

const N: usize = 20_000;

#[test]
fn crash_history_of_a_20000_link_chain_matches_independent_counts() {
    let mut r = rng();
    let links = chain(&mut r, N);
    let terminal = &links[N];
    let record =
        json!({"scheme": "crash", "hash": links[0].as_str(), "terminal": terminal.as_str()});
    let h = walk_all(&record);
    let s = h.summary();
    assert_eq!(s["found"], true);
    assert_eq!(s["round"], N);
    assert_eq!(s["rounds"], N);
    assert_eq!(s["game"], "crash");

    // Independent: every round's point by the exact scheme function, newest first.
    let points: Vec<u64> = links[..N].iter().map(crash_hundredths).collect();
    let round_of = |i: usize| (N - i) as u64;
    let count = |f: &dyn Fn(u64) -> bool| points.iter().filter(|&&p| f(p)).count();
    assert_eq!(s["instant"], count(&|p| p == 100));
    assert_eq!(s["over2"], count(&|p| p >= 200));
    assert_eq!(s["over10"], count(&|p| p >= 1000));
    assert_eq!(s["over100"], count(&|p| p >= 10_000));
    let by40 = links[..N].iter().filter(|h| mod40(h) == 0).count();
    assert_eq!(s["by40"], by40);
    assert!(by40 > 0 && by40 < N / 20);

    // Highest: the newest round at the maximum.
    let max = *points.iter().max().unwrap();
    let at = points.iter().position(|&p| p == max).unwrap();
    assert_eq!(
        s["highest"],
        json!({"point": format_multiplier(max), "round": round_of(at)})
    );

    // Longest run below 2.00, by scanning the rounds in time order (oldest first);
    // ties keep the later run; a run ends at its latest round.
    let (mut best, mut best_end, mut run) = (0u64, 0u64, 0u64);
    for i in (0..N).rev() {
        if points[i] < 200 {
            run += 1;
            if run >= best {
                best = run;
                best_end = round_of(i);
            }
        } else {
            run = 0;
        }
    }
    assert_eq!(
        s["longestBelow2"],
        json!({"length": best, "endRound": best_end})
    );

    // Shares at every threshold: counts, observed, and the formula's share against
    // the closed form (39/40)·99/(k − 1) of the continuous quotient.
    let shares = s["shares"].as_array().unwrap();
    assert_eq!(shares.len(), 23);
    for sh in shares {
        let text = sh["atLeast"].as_str().unwrap();
        let k: u64 = text.replace('.', "").parse().unwrap();
        let c = count(&|p| p >= k);
        assert_eq!(sh["count"], c, "at {text}");
        assert_eq!(sh["observed"], c as f64 / N as f64);
        let expected = sh["expected"].as_f64().unwrap();
        let closed = 0.975 * 99.0 / (k - 1) as f64;
        assert!(
            (expected - closed).abs() <= 1e-9 * closed,
            "at {text}: {expected} vs {closed}"
        );
        // 20,000 rounds: the observed share is within 6 standard errors.
        let se = (expected * (1.0 - expected) / N as f64).sqrt();
        let obs = c as f64 / N as f64;
        assert!(
            (obs - expected).abs() < 6.0 * se + 1.0 / N as f64,
            "at {text}"
        );
    }
    let e = &s["expectedShares"];
    assert!((e["instant"].as_f64().unwrap() - (0.025 + 0.975 / 100.0)).abs() < 1e-12);
    assert_eq!(e["by40"], 0.025);
    assert_eq!(e["over2"], shares[4]["expected"]);

    // The positions it proved: only the start on a chain this short.
    assert_eq!(h.to_remember().len(), 1);
    assert_eq!(h.to_remember()[0].distance, N as u64);
}

#[test]
fn platforms_and_battle_histories_match_independent_counts() {
    let mut r = rng();
    let links = chain(&mut r, N);
    let terminal = links[N].as_str();

    let record = json!({"scheme": "platforms", "hash": links[0].as_str(), "terminal": terminal});
    let s = walk_all(&record).summary();
    assert_eq!(
        (s["found"].clone(), s["rounds"].clone()),
        (json!(true), json!(N))
    );
    let mut want = [0u64; 25];
    for h in &links[..N] {
        want[last_platform(h) as usize - 1] += 1;
    }
    assert_eq!(s["platforms"], json!(want));
    let e = N as f64 / 25.0;
    let chi: f64 = want.iter().map(|&x| (x as f64 - e).powi(2) / e).sum();
    assert!((s["chiSquare"].as_f64().unwrap() - chi).abs() < 1e-9 * chi);
    assert_eq!(s["degreesOfFreedom"], 24);

    let chances = [12.5, 30.1, 7.4, 50.0];
    let record = json!({"scheme": "battle", "hash": links[0].as_str(), "terminal": terminal,
                        "chances": chances});
    let s = walk_all(&record).summary();
    // The chain records where the wheel stopped in every round, not the players or
    // chances of earlier rounds: the record's chances name this round's winner only,
    // and every round is counted by its wheel point's tenth.
    let this = pick_winner(wheel_point(&links[0]), &chances)
        .ok()
        .map(|(w, _)| w);
    assert_eq!(s["winner"], json!(this));
    for key in ["winners", "noWinner", "bandShares", "noWinnerShare"] {
        assert!(
            s.get(key).is_none(),
            "{key}: counts for rounds whose chances are unknown"
        );
    }
    let mut want = [0u64; 10];
    for h in &links[..N] {
        let v = wheel_point(h);
        want[(1..10).filter(|&k| v >= k as f64 / 10.0).count()] += 1;
    }
    assert_eq!(s["tenths"], json!(want));
    assert_eq!(s["chances"], json!(chances));
    let e: Vec<f64> = (0..10)
        .map(|i| s["tenthShares"][i].as_f64().unwrap() * N as f64)
        .collect();
    for (i, x) in e.iter().enumerate() {
        assert!((x / N as f64 - 0.1).abs() < 1e-15, "tenth {i}: {x}");
        assert!((s["expected"][i].as_f64().unwrap() - x).abs() < 1e-9);
    }
    let chi: f64 = (0..10)
        .map(|i| (want[i] as f64 - e[i]).powi(2) / e[i])
        .sum();
    assert!(
        (s["chiSquare"].as_f64().unwrap() - chi).abs() < 1e-9 * chi,
        "{chi}"
    );
    assert_eq!(s["degreesOfFreedom"], 9);
    assert_eq!(s["smallSample"], false);
    assert!(s["pValue"].as_f64().is_some());
}

#[test]
fn max_steps_bounds_the_walk() {
    let mut r = rng();
    let links = chain(&mut r, 300);
    let rec = |m: u64| {
        json!({"scheme": "crash", "hash": links[0].as_str(), "terminal": links[300].as_str(),
               "maxSteps": m})
    };
    let s = walk_all(&rec(299)).summary();
    assert_eq!(
        (s["found"].clone(), s["done"].clone()),
        (json!(false), json!(true))
    );
    assert_eq!(s["round"], Value::Null);
    assert_eq!(s["steps"], 299);
    assert_eq!(s["highest"]["round"], Value::Null);
    let s = walk_all(&rec(300)).summary();
    assert_eq!(
        (s["found"].clone(), s["round"].clone()),
        (json!(true), json!(300))
    );
    // In slices of 1 the summary is the same.
    let mut one = ChainHistory::from_record(&rec(300)).unwrap();
    while !one.advance(1) {}
    assert_eq!(one.summary(), s);
    // Round 1 itself: its next link is the terminal.
    let s = walk_all(&json!({"scheme": "platforms", "hash": links[299].as_str(),
                             "terminal": links[300].as_str()}))
    .summary();
    assert_eq!(
        (s["round"].clone(), s["rounds"].clone()),
        (json!(1), json!(1))
    );
    // The terminal is not a round: a walk from it never finds itself.
    let s = walk_all(&json!({"scheme": "crash", "hash": links[300].as_str(),
                             "terminal": links[300].as_str(), "maxSteps": 50}))
    .summary();
    assert_eq!(s["found"], false);
}

#[test]
fn records_are_checked_as_the_schemes_check_them() {
    let t = "ab".repeat(32);
    let cases = [
        (
            json!({"scheme": "dice", "hash": t, "terminal": t}),
            "unknown_scheme",
            "scheme",
        ),
        (
            json!({"scheme": "crash", "terminal": t}),
            "missing_field",
            "hash",
        ),
        (
            json!({"scheme": "crash", "hash": t}),
            "missing_field",
            "terminal",
        ),
        (
            json!({"scheme": "crash", "hash": "00", "terminal": t}),
            "bad_hex",
            "hash",
        ),
        (
            json!({"scheme": "crash", "hash": t, "terminal": t, "maxSteps": 0}),
            "out_of_range",
            "maxSteps",
        ),
        (
            json!({"scheme": "battle", "hash": t, "terminal": t}),
            "missing_field",
            "chances",
        ),
        (
            json!({"scheme": "battle", "hash": t, "terminal": t, "chances": [50, 40]}),
            "game_rule",
            "chances",
        ),
        (json!([1]), "not_object", ""),
    ];
    for (rec, code, field) in cases {
        let e = ChainHistory::from_record(&rec).unwrap_err();
        assert_eq!((e.code.as_str(), e.field.as_str()), (code, field), "{rec}");
    }
}

/// Pages of a chain long enough to have checkpoints (every 65,536 links).
#[test]
fn pages_and_jumps_match_the_chain() {
    let mut r = rng();
    let n = 140_000;
    let links = chain(&mut r, n);
    for scheme in ["crash", "platforms", "battle"] {
        let record = json!({"scheme": scheme, "hash": links[0].as_str(),
                            "terminal": links[n].as_str(), "chances": [33.33, 33.33, 33.34]});
        let h = walk_all(&record);
        assert_eq!(h.round(), Some(n as u64));
        let positions = h.to_remember();
        assert_eq!(positions.len(), 3); // two checkpoints and the start
        let mut pager = h.pager().expect("found");
        let check_rows = |page: &Value, from: u64, to: u64| {
            assert_eq!(
                (page["from"].clone(), page["to"].clone()),
                (json!(from), json!(to))
            );
            let rows = page["rows"].as_array().unwrap();
            assert_eq!(rows.len() as u64, from - to + 1);
            for (j, row) in rows.iter().enumerate() {
                let round = from - j as u64;
                let hash = &links[n - round as usize];
                assert_eq!(row["round"], round);
                assert_eq!(row["hash"], hash.as_str());
                match scheme {
                    "crash" => {
                        assert_eq!(row["multiplier"], format_multiplier(crash_hundredths(hash)))
                    }
                    "platforms" => assert_eq!(row["lastPlatform"], last_platform(hash)),
                    _ => {
                        // A winner for the record's round only (its chances are
                        // the record's); every round has its wheel point.
                        assert_eq!(row["point"], json!(wheel_point(hash)));
                        if round == n as u64 {
                            let w = pick_winner(wheel_point(hash), &[33.33, 33.33, 33.34])
                                .ok()
                                .map(|(w, _)| w);
                            assert_eq!(row["winner"], json!(w));
                        } else {
                            assert_eq!(row.get("winner"), None, "round {round}");
                        }
                    }
                }
            }
        };
        // The newest page, then the next one continues where it ended.
        let p = pager.page(n as u64, 50).unwrap();
        check_rows(&p, n as u64, n as u64 - 49);
        assert_eq!(p["walked"], 50);
        let p = pager.page(n as u64 - 50, 50).unwrap();
        check_rows(&p, n as u64 - 50, n as u64 - 99);
        assert_eq!(p["walked"], 50);
        // Jumps: from the nearest checkpoint above, never more than 65,536 links away.
        for _ in 0..4 {
            let from = 1 + r.next() % n as u64;
            let p = pager.page(from, 20).unwrap();
            check_rows(&p, from, from.saturating_sub(19).max(1));
            assert!(p["walked"].as_u64().unwrap() <= 65_536 + 20, "{from}");
        }
        // The oldest rounds: a page stops at round 1.
        let p = pager.page(5, 20).unwrap();
        check_rows(&p, 5, 1);
        // Out of range.
        let e = pager.page(n as u64 + 1, 10).unwrap_err();
        assert_eq!(
            (e.code.as_str(), e.field.as_str()),
            ("out_of_range", "from")
        );
        let e = pager.page(10, 0).unwrap_err();
        assert_eq!(e.field, "count");
        let e = pager.page(10, 1001).unwrap_err();
        assert_eq!(e.field, "count");
    }
    // Without checkpoints the pager walks from the record's hash.
    let rec = fairverify::HistoryRecord::parse(&json!({"scheme": "crash",
        "hash": links[0].as_str(), "terminal": links[n].as_str()}))
    .unwrap();
    let mut bare = RoundPager::new(rec.game, &rec.hash, n as u64, &[]).unwrap();
    let p = bare.page(1000, 3).unwrap();
    assert_eq!(p["walked"], (n - 1000 + 3) as u64);
    assert_eq!(p["rows"][0]["hash"], links[n - 1000].as_str());
}

/// The page's rows and the walk's figures agree (the walk uses the fast outcome
/// functions, the pager the schemes' exact ones).
#[test]
fn the_walk_and_the_pages_agree() {
    let mut r = rng();
    let n = 3_000;
    let links = chain(&mut r, n);
    let record =
        json!({"scheme": "crash", "hash": links[0].as_str(), "terminal": links[n].as_str()});
    let h = walk_all(&record);
    let mut pager = h.pager().unwrap();
    let mut over2 = 0;
    let mut from = n as u64;
    while from >= 1 {
        let p = pager.page(from, 1000).unwrap();
        for row in p["rows"].as_array().unwrap() {
            over2 += (row["multiplier"].as_str().unwrap().parse::<f64>().unwrap() >= 2.0) as u64;
        }
        from = p["to"].as_u64().unwrap() - 1;
    }
    assert_eq!(h.summary()["over2"], over2);
}

/// A 10,000-bet dice list under one server seed: faces from the HMACs directly.
#[test]
fn dice_bet_list_matches_independent_counts() {
    let mut r = rng();
    let server = r.hex();
    let client = format!("client-{}", r.next() % 1000);
    let bets: Vec<Value> = (0..10_000)
        .map(|i| {
            let k = 1 + (r.next() % 5) as usize;
            let mut faces: Vec<u64> = (1..=6).collect();
            faces.rotate_left((r.next() % 6) as usize);
            json!({"nonce": 1_700_000_000_000i64 + i, "selected": faces[..k].to_vec()})
        })
        .collect();
    let record = json!({"scheme": "dice", "serverSeed": server, "clientSeed": client,
                        "serverSeedHash": sha256_hex(server.as_bytes()), "bets": bets});
    let report = fairverify::verify(&record).unwrap();
    assert_eq!(report["verdict"], "pass");
    let s = bets_history(&record, &report).unwrap();

    let mut faces = [0u64; 6];
    let mut wins = 0;
    let mut selected = 0;
    for b in &bets {
        let key = format!("{server}:{client}:{}", b["nonce"]);
        let seed = hmac_sha256(key.as_bytes(), b"");
        let face = seed.iter().fold(0u32, |m, &x| (m * 256 + x as u32) % 6) + 1;
        faces[face as usize - 1] += 1;
        let sel: Vec<u64> = serde_json::from_value(b["selected"].clone()).unwrap();
        wins += sel.contains(&(face as u64)) as u64;
        selected += sel.len();
    }
    assert_eq!(s["bets"], 10_000);
    assert_eq!(s["faces"], json!(faces));
    assert_eq!(s["wins"], wins);
    assert!((s["expectedWins"].as_f64().unwrap() - selected as f64 / 6.0).abs() < 1e-9);
    let e = 10_000.0 / 6.0;
    let chi: f64 = faces.iter().map(|&x| (x as f64 - e).powi(2) / e).sum();
    assert!((s["chiSquare"].as_f64().unwrap() - chi).abs() < 1e-9 * chi.max(1.0));
    assert_eq!(s["degreesOfFreedom"], 5);
    let p = s["pValue"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&p));
    assert_eq!(s["smallSample"], false);
}

/// A mines list mixing mine counts: cells from the HMACs directly, and the
/// statistic for boards without replacement from its definition.
#[test]
fn mines_bet_list_matches_independent_counts() {
    let mut r = rng();
    let server = r.hex();
    let client = r.hex();
    let bets: Vec<Value> = (0..2_000)
        .map(|i| json!({"nonce": i, "mines": 1 + i % 24}))
        .collect();
    let record =
        json!({"scheme": "mines", "serverSeed": server, "clientSeed": client, "bets": bets});
    let report = fairverify::verify(&record).unwrap();
    let s = bets_history(&record, &report).unwrap();

    let mut cells = [0u64; 25];
    let (mut total, mut var) = (0u64, 0.0);
    for b in &bets {
        let m = b["mines"].as_u64().unwrap();
        let key = format!("{server}:{client}:{}", b["nonce"]);
        let game_seed = to_hex(&hmac_sha256(key.as_bytes(), b""));
        let mut board = Vec::new();
        let mut i = 0;
        while (board.len() as u64) < m {
            let d = hmac_sha256(game_seed.as_bytes(), format!("mine-{i}").as_bytes());
            let pos = u32::from_be_bytes([d[0], d[1], d[2], d[3]]) % 25 + 1;
            if !board.contains(&pos) {
                board.push(pos);
            }
            i += 1;
        }
        for c in board {
            cells[c as usize - 1] += 1;
        }
        total += m;
        let p = m as f64 / 25.0;
        var += p * (1.0 - p);
    }
    assert_eq!(s["cells"], json!(cells));
    assert_eq!(s["mines"], total);
    // T = Σ (X − M/25)² / c, c = (25/24) Σ p(1 − p).
    let mean = total as f64 / 25.0;
    let c = 25.0 / 24.0 * var;
    let t: f64 = cells
        .iter()
        .map(|&x| (x as f64 - mean).powi(2))
        .sum::<f64>()
        / c;
    assert!((s["chiSquare"].as_f64().unwrap() - t).abs() < 1e-9 * t);
    assert_eq!(s["degreesOfFreedom"], 24);
}
