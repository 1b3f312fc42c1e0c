//! A record verified in steps (`Steps`, the badge's `Verification` on its host's
//! thread, issue 43): no step does more than its budget of bets, a long list takes
//! many steps, and the last one gives exactly `verify_with`'s report or error.

use fairverify::{verify_with, Options, Steps};
use serde_json::{json, Value};

/// `(result, how many advance calls)` of `record` in steps of `n` bets.
fn in_steps(record: &Value, n: usize) -> (Result<Value, String>, usize) {
    let mut s = Steps::new(record.clone(), Options::default());
    let mut calls = 0;
    let mut last = 0;
    loop {
        calls += 1;
        let done = s.advance(n);
        assert!(
            s.steps() <= last + n,
            "one step did {} bets, more than {n}",
            s.steps() - last
        );
        last = s.steps();
        if done {
            break;
        }
        assert!(calls < 100_000, "never done");
    }
    let r = s.result().expect("done").clone();
    (r.map_err(|e| format!("{e:?}")), calls)
}

fn whole(record: &Value) -> Result<Value, String> {
    verify_with(record, &Options::default()).map_err(|e| format!("{e:?}"))
}

/// A dice or mines `bets` record of `count` bets, a long shared client seed, some
/// with their own client seed and some with `played` (one of them wrong).
fn record(game: &str, count: usize) -> Value {
    let bets: Vec<Value> = (0..count)
        .map(|i| {
            let mut b = json!({"nonce": 1_732_429_730_859_i64 + i as i64});
            b[if game == "dice" { "selected" } else { "mines" }] = if game == "dice" {
                json!([1 + i % 6])
            } else {
                json!(1 + i % 24)
            };
            if i % 7 == 3 {
                b["clientSeed"] = json!(format!("own-{i}"));
            }
            if i % 11 == 5 {
                b["played"] = if game == "dice" {
                    json!({"face": 1 + i % 6})
                } else {
                    json!({"mines": [1 + i % 25]})
                };
            }
            b
        })
        .collect();
    json!({"scheme": game, "serverSeed": "s3rver", "clientSeed": "c".repeat(5000), "bets": bets})
}

#[test]
fn a_long_list_takes_many_bounded_steps_and_gives_the_one_call_report() {
    for game in ["dice", "mines"] {
        let rec = record(game, 300);
        let want = whole(&rec);
        assert!(want.is_ok(), "{want:?}");
        for n in [1, 7, 64, 299, 300, 10_000] {
            let (got, calls) = in_steps(&rec, n);
            assert_eq!(got, want, "{game} in steps of {n}");
            // Every bet in steps of n, then the report in a call of its own.
            assert!(
                calls > 300_usize.div_ceil(n),
                "{game}, n {n}: {calls} calls"
            );
        }
    }
}

#[test]
fn errors_and_other_records_are_the_one_calls_too() {
    let mut broken = record("mines", 120);
    broken["bets"][77]["mines"] = json!(26);
    let mut unknown = record("dice", 120);
    unknown["bets"][40]["colour"] = json!("red");
    let mut no_seed = record("dice", 50);
    no_seed.as_object_mut().unwrap().remove("clientSeed");
    let mut too_many = record("dice", 1);
    too_many["bets"] = Value::Array(vec![too_many["bets"][0].clone(); 10_001]);
    let single = json!({"scheme": "dice", "serverSeed": "s", "clientSeed": "c", "nonce": 1_732_429_730_859_i64, "selected": [2]});
    let other = json!({"scheme": "crash", "hash": "0".repeat(64)});
    for (name, rec) in [
        ("broken", broken),
        ("unknown", unknown),
        ("no seed", no_seed),
        ("too many", too_many),
        ("single", single),
        ("other", other),
    ] {
        let want = whole(&rec);
        for n in [1, 10, 1000] {
            assert_eq!(in_steps(&rec, n).0, want, "{name}, steps of {n}");
        }
    }
    // A list that fails at bet 77 stops ahead-work there: a few steps, not 120.
    let (_, calls) = in_steps(
        &{
            let mut r = record("mines", 120);
            r["bets"][77]["mines"] = json!(26);
            r
        },
        10,
    );
    assert!((8..=10).contains(&calls), "{calls}");
}
