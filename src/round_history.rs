//! Batch checks of a pasted round history for the chain games: one round a line,
//! `hash` alone or CSV `hash,crash point` / `hash,last platform` /
//! `hash,winner,chance,chance,…`. Each line is recomputed and compared, and
//! consecutive lines are checked to link (SHA-256 of the newer round's hash is the
//! older one's), in whichever order the history is listed.

use serde_json::{json, Value};

use crate::error::{ErrorCode, Result, VerifyError};
use crate::primitives::hash_chain::hash_seed;
use crate::record::Hex64;
use crate::schemes::{battle, crash, platforms};

/// A history longer than this is refused rather than held in memory.
pub const MAX_LINES: usize = 1_000_000;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Game {
    Crash,
    Platforms,
    Battle,
    /// Only the links between rounds.
    Chain,
}

impl Game {
    pub fn parse(name: &str) -> Result<Game> {
        match name {
            "crash" => Ok(Game::Crash),
            "platforms" => Ok(Game::Platforms),
            "battle" => Ok(Game::Battle),
            "hash_chain" | "chain" => Ok(Game::Chain),
            other => Err(VerifyError::new(
                ErrorCode::UnknownScheme,
                "game",
                format!(
                    "round histories are for crash, platforms, battle or hash_chain, not `{}`",
                    other.chars().take(40).collect::<String>()
                ),
            )),
        }
    }
}

struct Row {
    line: usize,
    hash: Option<String>,
    claimed: Option<String>,
    computed: Option<Value>,
    ok: Option<bool>,
    error: Option<String>,
}

fn same_number(claimed: &str, computed: &Value) -> bool {
    let c = claimed.trim().trim_end_matches(['x', 'X', '×']).trim();
    match (c.parse::<f64>(), computed) {
        (Ok(a), Value::String(s)) => s
            .parse::<f64>()
            .is_ok_and(|b| (a * 100.0).round() == (b * 100.0).round()),
        (Ok(a), Value::Number(n)) => n.as_f64() == Some(a),
        _ => false,
    }
}

fn check_row(game: Game, line: usize, text: &str) -> Row {
    let mut fields = text.split([',', ';', '\t']).map(str::trim);
    let first = fields.next().unwrap_or("");
    let mut row = Row {
        line,
        hash: None,
        claimed: None,
        computed: None,
        ok: None,
        error: None,
    };
    let Some(hash) = Hex64::parse(first) else {
        row.error = Some(format!(
            "the first field must be a 64-hex-digit round hash, not `{}`",
            first.chars().take(70).collect::<String>()
        ));
        return row;
    };
    row.claimed = fields.next().filter(|s| !s.is_empty()).map(str::to_string);
    match game {
        Game::Crash => {
            row.computed = Some(Value::from(crash::format_multiplier(
                crash::crash_hundredths(&hash),
            )));
        }
        Game::Platforms => row.computed = Some(Value::from(platforms::last_platform(&hash))),
        Game::Battle => {
            let chances: std::result::Result<Vec<f64>, _> = fields.map(str::parse::<f64>).collect();
            match chances {
                Ok(c) if !c.is_empty() => match battle::pick_winner(battle::wheel_point(&hash), &c)
                {
                    Ok((w, _)) => row.computed = Some(Value::from(w)),
                    Err(e) => row.error = Some(e.message),
                },
                Ok(_) => {
                    row.error =
                        Some("no chances after the winner: `hash,winner,chance,chance,…`".into())
                }
                Err(_) => row.error = Some("the chances after the winner must be numbers".into()),
            }
        }
        Game::Chain => {}
    }
    if let (Some(claimed), Some(computed)) = (&row.claimed, &row.computed) {
        row.ok = Some(same_number(claimed, computed));
    }
    row.hash = Some(hash.as_str().to_string());
    row
}

/// Checks every line of `text`; the answer is JSON (`summary` and `rows`).
pub fn check_rounds(game: &str, text: &str) -> Result<Value> {
    let game = Game::parse(game)?;
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    if lines.len() > MAX_LINES {
        return Err(VerifyError::too_many("history", MAX_LINES));
    }
    let mut rows: Vec<Row> = lines
        .iter()
        .map(|(i, l)| check_row(game, i + 1, l))
        .collect();
    // A header line (`hash,crash point`) is not a round.
    if rows.first().is_some_and(|r| {
        r.hash.is_none()
            && !lines[0]
                .1
                .trim_start()
                .starts_with(|c: char| c.is_ascii_hexdigit())
    }) {
        rows.remove(0);
    }

    // Links: next-of(newer) == older. Decide the listing order from the first pair
    // that links either way; then every pair is judged in that order.
    let hashes: Vec<Option<&str>> = rows.iter().map(|r| r.hash.as_deref()).collect();
    let mut newest_first: Option<bool> = None;
    let mut links: Vec<Option<bool>> = vec![None; rows.len().saturating_sub(1)];
    for (i, l) in links.iter_mut().enumerate() {
        let (Some(a), Some(b)) = (hashes[i], hashes[i + 1]) else {
            continue;
        };
        let down = hash_seed(a) == b; // a is the newer round
        let up = !down && hash_seed(b) == a; // b is the newer round
        if newest_first.is_none() && (down || up) {
            newest_first = Some(down);
        }
        *l = Some(match newest_first {
            Some(true) => down,
            Some(false) => up,
            None => false,
        });
    }
    let breaks: Vec<Value> = links
        .iter()
        .enumerate()
        .filter(|(_, l)| **l == Some(false))
        .map(|(i, _)| json!([rows[i].line, rows[i + 1].line]))
        .collect();

    let verified = rows.iter().filter(|r| r.ok == Some(true)).count();
    let mismatched = rows.iter().filter(|r| r.ok == Some(false)).count();
    let invalid = rows.iter().filter(|r| r.error.is_some()).count();
    let out_rows: Vec<Value> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            json!({
                "line": r.line, "hash": r.hash, "claimed": r.claimed, "computed": r.computed,
                "ok": r.ok, "error": r.error,
                "linksToNext": links.get(i).copied().flatten(),
            })
        })
        .collect();
    Ok(json!({
        "game": game_name(game),
        "summary": {
            "rounds": rows.len(), "verified": verified, "mismatched": mismatched,
            "unchecked": rows.len() - verified - mismatched - invalid, "invalid": invalid,
            "order": match newest_first { Some(true) => "newest first", Some(false) => "oldest first", None => "unknown" },
            "breaks": breaks,
        },
        "rows": out_rows,
    }))
}

fn game_name(g: Game) -> &'static str {
    match g {
        Game::Crash => "crash",
        Game::Platforms => "platforms",
        Game::Battle => "battle",
        Game::Chain => "hash_chain",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::primitives::hash_chain::step_generic;

    fn chain(n: usize) -> Vec<String> {
        let mut v = vec!["5e".repeat(32)];
        for _ in 1..n {
            let last = v[v.len() - 1].clone();
            v.push(
                String::from_utf8(step_generic(last.as_bytes().try_into().unwrap()).to_vec())
                    .unwrap(),
            );
        }
        v // v[i+1] = sha256(v[i]): v[0] is the newest round
    }

    #[test]
    fn claims_links_and_breaks() {
        let c = chain(5);
        let m: Vec<String> = c
            .iter()
            .map(|h| crash::format_multiplier(crash::crash_hundredths(&Hex64::parse(h).unwrap())))
            .collect();
        let mut text = String::from("hash,crash point\n");
        for (i, h) in c.iter().enumerate() {
            let claim = if i == 2 {
                "999.99".to_string()
            } else {
                format!("{}x", m[i])
            };
            text.push_str(&format!("{h},{claim}\n"));
        }
        let out = check_rounds("crash", &text).unwrap();
        assert_eq!(out["summary"]["rounds"], 5);
        assert_eq!(out["summary"]["verified"], 4);
        assert_eq!(out["summary"]["mismatched"], 1);
        assert_eq!(out["summary"]["order"], "newest first");
        assert_eq!(out["summary"]["breaks"], json!([]));
        assert_eq!(out["rows"][2]["ok"], false);

        // Oldest first, with a round missing in the middle: one break, by line number.
        let text: String = [4, 3, 1, 0]
            .iter()
            .map(|&i| format!("{}\n", c[i]))
            .collect();
        let out = check_rounds("hash_chain", &text).unwrap();
        assert_eq!(out["summary"]["order"], "oldest first");
        assert_eq!(out["summary"]["breaks"], json!([[2, 3]]));
    }

    #[test]
    fn bad_lines_are_rows_not_errors() {
        let out = check_rounds("platforms", "nothex\nabc\n").unwrap();
        assert_eq!(out["summary"]["invalid"], 1); // the first line is taken as a header
        let e = check_rounds("poker", "").unwrap_err();
        assert_eq!(e.code, ErrorCode::UnknownScheme);
        let h = "ab".repeat(32);
        let hx = Hex64::parse(&h).unwrap();
        let p = platforms::last_platform(&hx);
        let out = check_rounds("platforms", &format!("{h},{p}\n")).unwrap();
        assert_eq!(out["summary"]["verified"], 1);
        let out = check_rounds("battle", &format!("{h},0,50,50\n{h},1\n")).unwrap();
        assert_eq!(
            out["rows"][0]["computed"],
            json!(
                battle::pick_winner(battle::wheel_point(&hx), &[50.0, 50.0])
                    .unwrap()
                    .0
            )
        );
        assert!(out["rows"][1]["error"].is_string());
    }
}
