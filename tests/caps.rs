//! Counts capped before work (issue 43, turn-5 security review finding 5): bet lines
//! (10,000, a record's `bets`), a pasted round history (1,000,000 lines) and the
//! records of one text (10,000) are counted while reading; the line or record after
//! the last one allowed ends the reading with a typed error. A 16 MiB text (the
//! size limit) of each is refused within a second, without reading what it holds
//! (before: 16 MiB of bet lines took 635 s and 4.4 GB in the wasm core, then trapped).

use std::time::{Duration, Instant};

use fairverify::{
    check_rounds, classify, read_bet_lines, split_records, BetGame, BetOptions, ClassifyOptions,
    Split, MAX_RECORD_BYTES,
};
use serde_json::Value;

/// `line` repeated to fill the size limit.
fn filled(line: &str) -> String {
    line.repeat(MAX_RECORD_BYTES / line.len())
}

/// `f()` and how long it took, which must be under a second (a release build; a
/// debug build gets ten).
fn timed<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let t0 = Instant::now();
    let out = f();
    let took = t0.elapsed();
    let limit = if cfg!(debug_assertions) { 10 } else { 1 };
    assert!(
        took < Duration::from_secs(limit),
        "{what}: {took:?}, not within {limit} s"
    );
    out
}

fn of(text: &str) -> Value {
    classify(text, &ClassifyOptions::default())
}

#[test]
fn bet_lines_stop_at_the_ten_thousand_and_first() {
    // Exactly 10,000 bets (and a header) are read; one more is refused, naming the line.
    let ok = "nonce,selection\n".to_string() + &"1732756271413,1 2 3\n".repeat(10_000);
    let r = read_bet_lines(&ok, BetOptions::default()).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(r.bets.len(), 10_000);
    let over = ok.clone() + "1732756271414,4\n";
    let e = read_bet_lines(&over, BetOptions::default())
        .err()
        .expect("refused");
    assert_eq!(e.error.code, "tooMany");
    assert_eq!(e.error.line, Some(10_002));
    assert_eq!(e.error.value, Some(Value::from(10_000)));
    // Blank lines and comments are not bets: they do not count.
    let spaced = "1732756271413,1 2 3\n\n# a comment\n".repeat(10_000);
    assert_eq!(
        read_bet_lines(&spaced, BetOptions::default())
            .map(|r| r.bets.len())
            .ok(),
        Some(10_000)
    );
    // The paste box's classification says the same.
    let c = of(&over);
    assert_eq!(c["kind"], "bets");
    assert_eq!(c["error"]["code"], "tooMany", "{c}");
}

#[test]
fn sixteen_mib_of_bet_lines_are_refused_within_a_second() {
    for line in [
        "1,2\n",
        "1732756271413,1 2 3,4\n",
        "2024-11-28T01:11:11.411Z;3;5\r\n",
    ] {
        let text = filled(line);
        let game = BetOptions {
            game: Some(BetGame::Dice),
            prefer: None,
        };
        let e = timed("read_bet_lines", || read_bet_lines(&text, game))
            .err()
            .expect("refused");
        assert_eq!((e.error.code, e.error.line), ("tooMany", Some(10_001)));
        let c = timed("classify", || of(&text));
        assert_eq!(
            (&c["kind"], &c["error"]["code"]),
            (&Value::from("bets"), &Value::from("tooMany")),
            "{line:?}"
        );
    }
}

#[test]
fn round_histories_stop_at_the_million_and_first_line() {
    let e = timed("check_rounds", || {
        check_rounds("crash", &"not a round\n".repeat(1_000_001))
    })
    .expect_err("refused");
    assert_eq!(e.code.as_str(), "out_of_range");
    assert_eq!(e.field, "history");
    assert_eq!(e.params["maxItems"], 1_000_000);
    // 16 MiB of short lines: the count is the answer, at once. (16 MiB of rounds is
    // 258,111 lines of 65 bytes, within the cap: those are checked, a few seconds.)
    let e = timed("check_rounds", || check_rounds("crash", &filled("x\n")));
    assert_eq!(e.expect_err("refused").field, "history");
    let hashes = ("ab".repeat(32) + "\n").repeat(1_000_001);
    let c = timed("classify", || of(&hashes));
    assert_eq!(
        c["kind"],
        "error",
        "{}",
        &c.to_string()[..200.min(c.to_string().len())]
    );
    assert_eq!(c["error"]["field"], "history");
}

#[test]
fn a_text_of_records_stops_at_the_ten_thousand_and_first() {
    let lines = "{\"scheme\":\"dice\"}\n".repeat(10_000);
    assert!(matches!(split_records(&lines), Split::Many(v) if v.len() == 10_000));
    let array = format!("[{}]", vec!["{}"; 10_000].join(","));
    assert!(matches!(split_records(&array), Split::Many(v) if v.len() == 10_000));
    for text in [
        lines + "{}\n",
        format!("[{}]", vec!["{}"; 10_001].join(",")),
        filled("{}\n"),
        format!("[{}]", filled("{},")),
        format!("[{}{{}}]", filled("1,")),
    ] {
        let split = timed("split_records", || split_records(&text));
        let Split::TooMany(e) = &split else {
            panic!("not refused: {}", text.len())
        };
        assert_eq!(
            (e.code.as_str(), e.field.as_str()),
            ("out_of_range", "records")
        );
        assert_eq!(e.params["maxItems"], 10_000);
        assert_eq!(split.to_json()["kind"], "error");
        let c = timed("classify", || of(&text));
        assert_eq!(
            (&c["kind"], &c["error"]["field"]),
            (&Value::from("error"), &Value::from("records"))
        );
    }
}
