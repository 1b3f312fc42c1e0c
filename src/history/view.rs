//! A history's summary in one generic shape (issue 35), so the surfaces draw every
//! game's history the same way and decide nothing: the facts as message ids with
//! their parameters, a table `{columns, rows}`, a chart `{kind, bins: [{label,
//! count, observed, expected}]}`, the chi-square test, and the figures as plain
//! data (`data`, the page's `data-*` attributes). The expected shares (dice 1 in 6,
//! mines 1 in 25, a platform 1 in 25, a player's band of the wheel, the crash
//! formula's) are the core's.
//!
//! Values in `params` and table cells are typed for the renderer, never localised
//! here: a number is a count (the renderer writes it in the reader's numbers), a
//! string is an id written as it is (a round number), and an object names how to
//! write it: `{"share": x}` a share as a percentage (null: none), `{"decimal": t}`
//! a decimal text, `{"threshold": t}` a multiplier threshold never digit-grouped,
//! `{"about": x}` a number to one decimal, `{"key": id, "params": {…}}` words.

use serde_json::{Map, Value};

use crate::schemes::descriptor::{BetTally, Tally};

type Fields = Map<String, Value>;

fn words(key: &str, params: Value) -> Value {
    json!({"key": key, "params": params})
}

fn share_of(count: &Value, of: u64) -> Value {
    match count.as_u64() {
        Some(c) if of > 0 => json!({"share": c as f64 / of as f64}),
        _ => json!({"share": Value::Null}),
    }
}

fn share(x: &Value) -> Value {
    json!({"share": if x.is_number() { x.clone() } else { Value::Null }})
}

/// A round number as an id (never digit-grouped), or null.
fn id(x: &Value) -> Value {
    match x.as_u64() {
        Some(n) => Value::String(n.to_string()),
        None => Value::Null,
    }
}

fn one_based(i: usize) -> Value {
    Value::String((i + 1).to_string())
}

fn counts(s: &Fields, key: &str) -> Vec<Value> {
    s.get(key)
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

fn int(s: &Fields, key: &str) -> u64 {
    s.get(key).and_then(Value::as_u64).unwrap_or(0)
}

fn get<'a>(s: &'a Fields, key: &str) -> &'a Value {
    s.get(key).unwrap_or(&Value::Null)
}

/// The chi-square test's figures, where the game has one.
fn test(s: &Fields) -> Value {
    json!({
        "chiSquare": get(s, "chiSquare"),
        "degreesOfFreedom": get(s, "degreesOfFreedom"),
        "pValue": get(s, "pValue"),
        "smallSample": get(s, "smallSample"),
    })
}

/// A bar chart and its table from counts over `of`, each against its expected share.
struct Bars<'a> {
    counts: &'a [Value],
    of: u64,
    expected: &'a dyn Fn(usize) -> Value,
    label: &'a dyn Fn(usize) -> Value,
    columns: [&'static str; 4],
    title: &'static str,
    x_label: &'static str,
    y_label: &'static str,
}

impl Bars<'_> {
    fn table_and_chart(&self) -> (Value, Value) {
        let mut rows = Vec::new();
        let mut bins = Vec::new();
        for (i, c) in self.counts.iter().enumerate() {
            let label = (self.label)(i);
            let expected = (self.expected)(i);
            rows.push(json!([label, c, share_of(c, self.of), share(&expected)]));
            let observed = match c.as_u64() {
                Some(c) if self.of > 0 => c as f64 / self.of as f64,
                _ => 0.0,
            };
            bins.push(json!({"label": label, "count": c, "observed": observed,
                             "expected": expected}));
        }
        let table = json!({"columns": self.columns, "rows": rows});
        let chart = if self.of == 0 {
            Value::Null
        } else {
            json!({"kind": "bars", "title": self.title, "xLabel": self.x_label,
                   "yLabel": self.y_label, "expected": "history.chart.expected", "bins": bins})
        };
        (table, chart)
    }
}

fn crash(s: &Fields) -> Value {
    let n = int(s, "rounds");
    let e = get(s, "expectedShares");
    let line = |key: &str, point: Value, count: &str, expected: &str| {
        words(
            key,
            json!({"point": point, "count": get(s, count), "share": share_of(get(s, count), n),
                   "expected": share(&e[expected])}),
        )
    };
    let mut facts = vec![
        line(
            "history.crash.instant",
            json!({"decimal": "1.00"}),
            "instant",
            "instant",
        ),
        line(
            "history.crash.atLeast",
            json!({"threshold": "2"}),
            "over2",
            "over2",
        ),
        line(
            "history.crash.atLeast",
            json!({"threshold": "10"}),
            "over10",
            "over10",
        ),
        line(
            "history.crash.atLeast",
            json!({"threshold": "100"}),
            "over100",
            "over100",
        ),
    ];
    let highest = get(s, "highest");
    if !highest["round"].is_null() && !highest.is_null() {
        facts.push(words(
            "history.crash.highest",
            json!({"point": {"decimal": highest["point"]}, "round": id(&highest["round"])}),
        ));
    }
    let run = get(s, "longestBelow2");
    let length = run["length"].as_u64().unwrap_or(0);
    facts.push(if length > 0 && !run["endRound"].is_null() {
        words(
            "history.crash.longest",
            json!({"count": length, "point": {"threshold": "2"}, "round": id(&run["endRound"])}),
        )
    } else {
        words(
            "history.crash.longestNone",
            json!({"point": {"threshold": "2"}}),
        )
    });
    let shares = counts(s, "shares");
    let rows: Vec<Value> = shares
        .iter()
        .map(|x| {
            json!([
                words(
                    "draw.multiplier",
                    json!({"value": {"threshold": x["atLeast"]}})
                ),
                x["count"],
                share(&x["observed"]),
                share(&x["expected"])
            ])
        })
        .collect();
    let bins: Vec<Value> = shares
        .iter()
        .map(|x| {
            let at = x["atLeast"].as_str().unwrap_or("0");
            json!({"label": {"threshold": at}, "x": at.parse::<f64>().unwrap_or(0.0),
                   "count": x["count"], "observed": x["observed"], "expected": x["expected"]})
        })
        .collect();
    let chart = if n == 0 {
        Value::Null
    } else {
        json!({"kind": "shares", "title": "history.crash.chart", "xLabel": "history.crash.axisX",
               "yLabel": "history.crash.axisY", "expected": "history.chart.formula", "bins": bins})
    };
    json!({
        "facts": facts,
        "table": {"columns": ["history.col.atLeast", "history.col.rounds", "history.col.share",
                              "history.col.formula"], "rows": rows},
        "chart": chart,
        "data": {
            "rounds": get(s, "rounds"), "round": get(s, "round"), "instant": get(s, "instant"),
            "by40": get(s, "by40"), "over2": get(s, "over2"), "over10": get(s, "over10"),
            "over100": get(s, "over100"), "highest": highest.get("point"),
            "highest-round": highest.get("round"), "longest-below2": run.get("length"),
            "longest-end-round": run.get("endRound"),
        },
    })
}

/// The one of `counts` most (or least) often seen: the first of equals.
fn extreme(counts: &[Value], most: bool) -> usize {
    let mut best = 0;
    for (i, c) in counts.iter().enumerate() {
        let (c, b) = (c.as_u64().unwrap_or(0), counts[best].as_u64().unwrap_or(0));
        if (most && c > b) || (!most && c < b) {
            best = i;
        }
    }
    best
}

fn platforms(s: &Fields) -> Value {
    let n = int(s, "rounds");
    let counts = counts(s, "platforms");
    let each = get(s, "expectedShare").clone();
    let mut facts = vec![words(
        "history.platforms.expected",
        json!({"share": share(&each)}),
    )];
    if !counts.is_empty() {
        for (key, most) in [
            ("history.platforms.most", true),
            ("history.platforms.least", false),
        ] {
            let i = extreme(&counts, most);
            facts.push(words(
                key,
                json!({"n": one_based(i), "count": counts[i], "share": share_of(&counts[i], n)}),
            ));
        }
    }
    let (table, chart) = Bars {
        counts: &counts,
        of: n,
        expected: &|_| each.clone(),
        label: &one_based,
        columns: [
            "history.col.platform",
            "history.col.rounds",
            "history.col.share",
            "history.col.expected",
        ],
        title: "history.platforms.chart",
        x_label: "history.col.platform",
        y_label: "history.chart.axisRounds",
    }
    .table_and_chart();
    json!({"facts": facts, "table": table, "chart": chart, "test": test(s),
           "data": {"rounds": get(s, "rounds"), "round": get(s, "round"), "platforms": counts}})
}

/// Tenth k of the wheel, `0.k–0.(k+1)` (the last one ends at 1).
fn tenth_label(k: usize) -> Value {
    let end = |k: usize| {
        if k >= 10 {
            "1".to_string()
        } else {
            format!("0.{k}")
        }
    };
    words(
        "history.battle.tenth",
        json!({"from": {"decimal": end(k)}, "to": {"decimal": end(k + 1)}}),
    )
}

/// Battle: the chain records where the wheel stopped in every round, not who played
/// an earlier round or with what chances, so the view counts wheel points by tenths
/// and names a winner only for this round (`battle.rs`).
fn battle(s: &Fields) -> Value {
    let n = int(s, "rounds");
    let tenths = counts(s, "tenths");
    let shares = counts(s, "tenthShares");
    let expected = |i: usize| shares.get(i).cloned().unwrap_or(Value::Null);
    let mut facts = Vec::new();
    if let Some(w) = get(s, "winner").as_u64() {
        facts.push(words(
            "history.battle.thisRound",
            json!({"n": one_based(w as usize)}),
        ));
    }
    facts.push(words(
        "history.battle.unknown",
        json!({"share": {"share": 0.1}}),
    ));
    let (table, chart) = Bars {
        counts: &tenths,
        of: n,
        expected: &expected,
        label: &tenth_label,
        columns: [
            "history.col.wheel",
            "history.col.rounds",
            "history.col.share",
            "history.col.expected",
        ],
        title: "history.battle.chart",
        x_label: "history.col.wheel",
        y_label: "history.chart.axisRounds",
    }
    .table_and_chart();
    json!({"facts": facts, "table": table, "chart": chart, "test": test(s),
           "data": {"rounds": get(s, "rounds"), "round": get(s, "round"), "tenths": tenths,
                    "winner": get(s, "winner")}})
}

fn dice(s: &Fields) -> Value {
    let n = int(s, "bets");
    let faces = counts(s, "faces");
    let each = json!(1.0 / f64::from(crate::schemes::dice::FACES));
    let facts = vec![
        words("history.bets.dice.expected", json!({"share": share(&each)})),
        words(
            "history.bets.wins",
            json!({"count": get(s, "wins"), "expected": {"about": get(s, "expectedWins")}}),
        ),
    ];
    let (table, chart) = Bars {
        counts: &faces,
        of: n,
        expected: &|_| each.clone(),
        label: &one_based,
        columns: [
            "history.col.face",
            "history.col.bets",
            "history.col.share",
            "history.col.expected",
        ],
        title: "history.bets.dice.chart",
        x_label: "history.col.face",
        y_label: "history.chart.axisBets",
    }
    .table_and_chart();
    json!({"facts": facts, "table": table, "chart": chart, "test": test(s),
           "data": {"bets": get(s, "bets"), "faces": faces, "wins": get(s, "wins")}})
}

fn mines(s: &Fields) -> Value {
    let m = int(s, "mines");
    let cells = counts(s, "cells");
    let each = json!(1.0 / f64::from(crate::schemes::mines::CELLS));
    let facts = vec![words(
        "history.bets.mines.expected",
        json!({"count": get(s, "mines"), "share": share(&each)}),
    )];
    let (table, chart) = Bars {
        counts: &cells,
        of: m,
        expected: &|_| each.clone(),
        label: &one_based,
        columns: [
            "history.col.cell",
            "history.col.mines",
            "history.col.share",
            "history.col.expected",
        ],
        title: "history.bets.mines.chart",
        x_label: "history.col.cell",
        y_label: "history.chart.axisMines",
    }
    .table_and_chart();
    json!({"facts": facts, "table": table, "chart": chart, "test": test(s),
           "data": {"bets": get(s, "bets"), "mines": get(s, "mines"), "cells": cells}})
}

/// A history's game-specific part: one implementation for the registry's chain
/// tallies (`Tally`, a scheme's `HistoryDesc`) and one for its bet tallies
/// (`BetTally`), each an exhaustive match, so every tally a scheme can declare has its
/// view and no summary is drawn as another game's.
pub trait GameView {
    /// The facts, table, chart, test and data.
    fn figures(&self, s: &Fields) -> Value;
    /// The heading, the first line and the caveat.
    fn frame(&self, s: &Fields) -> Frame;
}

/// The words around a history's figures.
pub struct Frame {
    heading: String,
    head: Value,
    caveat: &'static str,
}

impl GameView for Tally {
    fn figures(&self, s: &Fields) -> Value {
        match self {
            Tally::Crash => crash(s),
            Tally::Platforms => platforms(s),
            Tally::Battle => battle(s),
        }
    }

    fn frame(&self, s: &Fields) -> Frame {
        Frame {
            heading: "history.heading".into(),
            head: words(
                "history.rounds",
                json!({"count": get(s, "rounds"), "round": id(get(s, "round"))}),
            ),
            caveat: "history.caveat",
        }
    }
}

impl GameView for BetTally {
    fn figures(&self, s: &Fields) -> Value {
        match self {
            BetTally::Dice => dice(s),
            BetTally::Mines => mines(s),
        }
    }

    fn frame(&self, s: &Fields) -> Frame {
        let game = match self {
            BetTally::Dice => "dice",
            BetTally::Mines => "mines",
        };
        Frame {
            heading: format!("history.bets.{game}.heading"),
            head: words(
                &format!("history.bets.{game}.count"),
                json!({"count": get(s, "bets")}),
            ),
            caveat: "history.bets.caveat",
        }
    }
}

/// The generic view of a summary counted by `tally`, with its heading, first line
/// and caveat: `{heading, head, facts, table, chart, test?, data, caveat}`.
pub fn view(tally: &dyn GameView, s: &Fields) -> Value {
    let mut v = tally.figures(s);
    let Frame {
        heading,
        head,
        caveat,
    } = tally.frame(s);
    if let Value::Object(m) = &mut v {
        m.insert("heading".into(), json!(heading));
        m.insert("head".into(), head);
        m.insert("caveat".into(), json!(caveat));
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(v: Value) -> Fields {
        match v {
            Value::Object(m) => m,
            _ => Fields::new(),
        }
    }

    /// The expected shares of the bet games are the core's: 1 in 6 for a die's
    /// number, 1 in 25 for a mine's cell, in the facts, every table row and bin.
    #[test]
    fn bet_games_carry_their_expected_shares() {
        let d = view(
            &BetTally::Dice,
            &fields(
                json!({"game": "dice", "bets": 6, "faces": [1, 1, 1, 1, 1, 1],
                                    "wins": 2, "expectedWins": 2.5, "pValue": 1.0}),
            ),
        );
        assert_eq!(d["facts"][0]["params"]["share"]["share"], 1.0 / 6.0);
        assert_eq!(d["chart"]["bins"].as_array().map(Vec::len), Some(6));
        for bin in d["chart"]["bins"].as_array().into_iter().flatten() {
            assert_eq!(bin["expected"], 1.0 / 6.0);
        }
        assert_eq!(d["table"]["rows"][5][3]["share"], 1.0 / 6.0);
        assert_eq!(d["head"]["key"], "history.bets.dice.count");
        let m = view(
            &BetTally::Mines,
            &fields(json!({"game": "mines", "bets": 1, "mines": 3,
                                    "cells": vec![0; 25]})),
        );
        assert_eq!(m["table"]["rows"][24][3]["share"], 1.0 / 25.0);
        assert_eq!(m["chart"]["bins"][0]["expected"], 1.0 / 25.0);
        assert_eq!(m["table"]["rows"][24][0], "25");
    }

    /// Battle: the earlier rounds' players and chances are unknown, so no fact,
    /// row or figure counts anyone's wins over them; the rows are the wheel's
    /// tenths against their exact shares, and only this round's winner is named.
    #[test]
    fn battle_counts_no_wins_over_rounds_whose_chances_are_unknown() {
        let shares = crate::history::battle::tenth_shares();
        let v = view(
            &Tally::Battle,
            &fields(json!({"game": "battle", "rounds": 20, "round": 20,
            "winner": 0, "tenths": [2, 2, 2, 2, 2, 2, 2, 2, 2, 2], "tenthShares": shares,
            "pValue": 1.0, "chiSquare": 0.0, "degreesOfFreedom": 9})),
        );
        let text = v.to_string();
        for gone in [
            "history.battle.player\"",
            "history.col.wins",
            "noWinner",
            "winners",
        ] {
            assert!(!text.contains(gone), "{gone} in {text}");
        }
        assert_eq!(v["facts"][0]["key"], "history.battle.thisRound");
        assert_eq!(v["facts"][0]["params"]["n"], "1");
        assert_eq!(v["facts"].as_array().map(Vec::len), Some(2));
        assert_eq!(v["table"]["rows"].as_array().map(Vec::len), Some(10));
        assert_eq!(v["table"]["rows"][9][0]["params"]["to"]["decimal"], "1");
        assert_eq!(v["table"]["rows"][0][0]["params"]["from"]["decimal"], "0.0");
        assert_eq!(v["chart"]["bins"][3]["expected"], shares[3]);
        assert_eq!(v["chart"]["bins"][0]["observed"], 0.1);
        assert_eq!(v["test"]["pValue"], 1.0);
        assert_eq!(v["data"]["tenths"].as_array().map(Vec::len), Some(10));
        assert_eq!(v["head"]["params"]["round"], "20");
        // Without this round's winner (a wheel that names none), no player at all.
        let v = view(
            &Tally::Battle,
            &fields(json!({"game": "battle", "rounds": 1, "winner": null,
            "tenths": [0, 0, 0, 0, 0, 0, 0, 0, 0, 1], "tenthShares": shares})),
        );
        assert!(!v.to_string().contains("history.battle.thisRound"));
    }

    /// Crash: no chi-square test, a chart of shares at or above each threshold,
    /// and nothing to draw before a round is counted.
    #[test]
    fn crash_has_shares_and_no_test() {
        let v = view(
            &Tally::Crash,
            &fields(json!({"game": "crash", "rounds": 0, "round": null,
            "shares": [{"atLeast": "2.00", "count": 0, "observed": null, "expected": 0.49}],
            "expectedShares": {"instant": 0.01}, "highest": null,
            "longestBelow2": {"length": 0, "endRound": null}})),
        );
        assert!(v.get("test").is_none());
        assert!(v["chart"].is_null());
        assert_eq!(v["facts"][0]["params"]["expected"]["share"], 0.01);
        assert_eq!(v["facts"][4]["key"], "history.crash.longestNone");
        assert_eq!(v["table"]["rows"][0][3]["share"], 0.49);
    }

    /// The views are the registry's: every history a scheme declares has one (an
    /// exhaustive match per tally kind, so no summary falls through to another
    /// game's), and a scheme whose records may carry `bets` declares how a bet list
    /// is counted.
    #[test]
    fn every_history_the_registry_declares_has_its_view() {
        use crate::schemes::descriptor::Kind;
        let mut seen = Vec::new();
        for s in crate::schemes::ALL {
            let d = &s.desc;
            let bets = d.fields.iter().any(|f| f.kind == Kind::Bets);
            assert_eq!(d.bets_history.is_some(), bets, "{}", d.id);
            let views = d.history.iter().map(|h| &h.tally as &dyn GameView);
            for v in views.chain(d.bets_history.iter().map(|b| b as &dyn GameView)) {
                let out = view(v, &Fields::new());
                assert!(out["facts"].is_array(), "{}", d.id);
                assert!(out["heading"]
                    .as_str()
                    .is_some_and(|h| h.starts_with("history.")));
                seen.push(d.id);
            }
        }
        assert_eq!(seen, ["crash", "platforms", "battle", "dice", "mines"]);
    }
}
