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
/// published hash pasted where the round belongs, naming that game; a short
/// `maxSteps` or the whole published length, the walk never runs.
#[test]
fn another_games_published_terminal_as_the_round_is_named_before_any_walk() {
    for (game, (_, own)) in PUBLISHED {
        for (other, (_, pasted)) in PUBLISHED.iter().filter(|(g, _)| *g != game) {
            for max_steps in [Some(1_000), None] {
                let mut rec = base(game, |_| true);
                rec["hash"] = json!(pasted);
                rec["terminal"] = json!(own);
                if let Some(m) = max_steps {
                    rec["maxSteps"] = json!(m);
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
                // No walk: nothing walked, no step limit, the chain check says so at 0.
                assert!(
                    v.get("walked").is_none() && hint(&v, "step_limit").is_none(),
                    "{what}"
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
