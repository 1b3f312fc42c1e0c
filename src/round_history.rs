//! Batch checks of a pasted round history for the chain games: one round a line,
//! `hash` alone or CSV `hash,crash point` / `hash,last platform` /
//! `hash,winner,chance,chance,…`. Each line is recomputed and compared, and
//! consecutive lines are checked to link (SHA-256 of the newer round's hash is the
//! older one's), in whichever order the history is listed.

use serde_json::Value;

use crate::error::{ErrorCode, Result, VerifyError};
use crate::primitives::hash_chain::{hash_seed, ChainWalk};
use crate::record::{as_hex64, Fields, Hex64};
use crate::schemes::chain::{DEFAULT_MAX_STEPS, MAX_STEPS};
use crate::schemes::{battle, crash, platforms, Options, Walk};

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
                msg!(
                    "round histories are for crash, platforms, battle or hash_chain, not `{}`",
                    other.chars().take(40).collect::<String>()
                ),
            )),
        }
    }
}

struct Row {
    line: usize,
    hash: Option<Hex64>,
    claimed: Option<String>,
    computed: Option<Value>,
    ok: Option<bool>,
    error: Option<VerifyError>,
}

/// A claimed value as a number: `2.71`, `2,71` (a decimal comma, as many players
/// copy it), `2.71x` or `2.71×`.
fn claimed_number(claimed: &str) -> Option<f64> {
    let c = claimed.trim().trim_end_matches(['x', 'X', '×']).trim();
    c.replace(',', ".").parse::<f64>().ok()
}

fn same_number(claimed: &str, computed: &Value) -> bool {
    match (claimed_number(claimed), computed) {
        (Some(a), Value::String(s)) => s
            .parse::<f64>()
            .is_ok_and(|b| (a * 100.0).round() == (b * 100.0).round()),
        (Some(a), Value::Number(n)) => n.as_f64() == Some(a),
        _ => false,
    }
}

/// The fields of one line. A tab or a semicolon separates fields when the line
/// has one (then a comma is a decimal comma); else a comma does, except that for
/// crash `hash,2,71` is the crash point 2.71 (a crash line has one value).
fn split_line(game: Game, text: &str) -> Vec<String> {
    let sep = if text.contains('\t') {
        '\t'
    } else if text.contains(';') {
        ';'
    } else {
        ','
    };
    let mut fields: Vec<String> = text.split(sep).map(|f| f.trim().to_string()).collect();
    if sep == ',' && game == Game::Crash && fields.len() == 3 {
        let frac = &fields[2];
        let whole = &fields[1];
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let frac_digits = frac.trim_end_matches(['x', 'X', '×']);
        if digits(whole) && digits(frac_digits) && frac_digits.len() <= 2 {
            let joined = format!("{whole}.{frac}");
            fields.truncate(1);
            fields.push(joined);
        }
    }
    fields
}

fn check_row(game: Game, line: usize, text: &str) -> Row {
    let fields = split_line(game, text);
    let first = fields.first().map(String::as_str).unwrap_or("");
    let mut row = Row {
        line,
        hash: None,
        claimed: None,
        computed: None,
        ok: None,
        error: None,
    };
    let hash = match as_hex64(&Value::from(first), "hash") {
        Ok(h) => h,
        Err(e) => {
            row.error = Some(e);
            return row;
        }
    };
    row.claimed = fields.get(1).filter(|s| !s.is_empty()).cloned();
    match game {
        Game::Crash => {
            row.computed = Some(Value::from(crash::format_multiplier(
                crash::crash_hundredths(&hash),
            )));
        }
        Game::Platforms => row.computed = Some(Value::from(platforms::last_platform(&hash))),
        Game::Battle => {
            let chances: Option<Vec<f64>> =
                fields.iter().skip(2).map(|c| claimed_number(c)).collect();
            match chances {
                Some(c) if !c.is_empty() => {
                    match battle::pick_winner(battle::wheel_point(&hash), &c) {
                        Ok((w, _)) => row.computed = Some(Value::from(w)),
                        Err(e) => row.error = Some(e),
                    }
                }
                Some(_) => {
                    row.error = Some(VerifyError::missing("chances"));
                }
                None => {
                    row.error = Some(
                        VerifyError::new(
                            ErrorCode::WrongType,
                            "chances",
                            msg!("the chances after the winner must be numbers"),
                        )
                        .with("want", "number"),
                    )
                }
            }
        }
        Game::Chain => {}
    }
    if let (Some(claimed), Some(computed)) = (&row.claimed, &row.computed) {
        row.ok = Some(same_number(claimed, computed));
    }
    row.hash = Some(hash);
    row
}

/// Options of a history check: the published terminal its oldest round must reach,
/// and how that walk is done (as for single records).
pub struct HistoryOptions {
    pub terminal: Option<Hex64>,
    pub max_steps: u64,
    pub walk: Walk,
}

impl Default for HistoryOptions {
    fn default() -> Self {
        HistoryOptions {
            terminal: None,
            max_steps: DEFAULT_MAX_STEPS as u64,
            walk: Walk::Run,
        }
    }
}

impl HistoryOptions {
    /// `{"terminal"?, "maxSteps"?, "walk"?}` (see `schemes::Options`).
    pub fn from_json(v: &Value) -> Result<HistoryOptions> {
        let o = Options::from_json(v)?;
        let mut h = HistoryOptions {
            walk: o.walk,
            ..HistoryOptions::default()
        };
        if let Value::Object(m) = v {
            let f = Fields::new(m, "");
            h.terminal = f.opt_hex64("terminal")?;
            h.max_steps = f
                .opt_int("maxSteps", 1, MAX_STEPS)?
                .unwrap_or(DEFAULT_MAX_STEPS) as u64;
        }
        Ok(h)
    }
}

/// Checks every line of `text`; the answer is JSON (`verdict`, `summary`, `rows`).
pub fn check_rounds(game: &str, text: &str) -> Result<Value> {
    check_rounds_with(game, text, &HistoryOptions::default())
}

pub fn check_rounds_with(game: &str, text: &str, opts: &HistoryOptions) -> Result<Value> {
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
    let hashes: Vec<Option<&str>> = rows
        .iter()
        .map(|r| r.hash.as_ref().map(Hex64::as_str))
        .collect();
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

    // The chain check: the oldest round (the last line when newest first, else the
    // first) must reach the published terminal. The walk starts from the oldest
    // line so it is as short as it can be.
    let oldest = if newest_first == Some(false) {
        rows.iter().position(|r| r.hash.is_some())
    } else {
        rows.iter().rposition(|r| r.hash.is_some())
    };
    let mut chain = Value::Null;
    let mut chain_ok: Option<bool> = None;
    let mut pending = false;
    if let (Some(terminal), Some(i)) = (&opts.terminal, oldest) {
        let Some(start) = rows[i].hash.clone() else {
            unreachable!("`oldest` is a row with a hash")
        };
        let (found, steps) = match &opts.walk {
            Walk::Pending => {
                pending = true;
                (false, 0)
            }
            Walk::Run => {
                let walk = ChainWalk::new(&start.text_bytes(), terminal.bytes());
                match walk.round_within(opts.max_steps) {
                    Some(n) => (true, n),
                    None => (false, opts.max_steps),
                }
            }
            Walk::Done(o) => {
                if o.steps > opts.max_steps || (o.found && o.steps == 0) {
                    return Err(VerifyError::out_of_range(
                        "options.walk",
                        1,
                        opts.max_steps as i64,
                    ));
                }
                (o.found, o.steps)
            }
        };
        if !pending {
            chain_ok = Some(found);
        }
        chain = json!({"terminal": terminal.as_str(), "oldest": start.as_str(),
                       "line": rows[i].line, "pending": pending, "ok": chain_ok,
                       "round": if found { json!(steps) } else { Value::Null },
                       "steps": steps, "maxSteps": opts.max_steps});
    }
    // Round numbers, when the chain is proven and every line links to the next.
    let rounds: Vec<Option<u64>> = match (&chain["round"], oldest) {
        (Value::Number(n), Some(o))
            if breaks.is_empty() && rows.iter().all(|r| r.hash.is_some()) =>
        {
            let base = n.as_u64().unwrap_or(0);
            (0..rows.len())
                .map(|i| Some(base + (i as i64 - o as i64).unsigned_abs()))
                .collect()
        }
        _ => vec![None; rows.len()],
    };

    let verified = rows.iter().filter(|r| r.ok == Some(true)).count();
    let mismatched = rows.iter().filter(|r| r.ok == Some(false)).count();
    let invalid = rows.iter().filter(|r| r.error.is_some()).count();
    let unchecked = rows.len() - verified - mismatched - invalid;
    let verdict = if mismatched > 0 || !breaks.is_empty() || chain_ok == Some(false) {
        "fail"
    } else if invalid > 0 {
        "invalid"
    } else if pending {
        "checking"
    } else if chain_ok == Some(true) {
        "pass"
    } else {
        "unchecked"
    };
    let out_rows: Vec<Value> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let status = if r.error.is_some() {
                "invalid"
            } else {
                match r.ok {
                    Some(true) => "pass",
                    Some(false) => "fail",
                    None => "unchecked",
                }
            };
            json!({
                "line": r.line, "hash": r.hash.as_ref().map(Hex64::as_str), "claimed": r.claimed,
                "computed": r.computed, "ok": r.ok, "status": status, "round": rounds[i],
                "error": r.error.as_ref().map(crate::error_json),
                "linksToNext": links.get(i).copied().flatten(),
            })
        })
        .collect();
    Ok(json!({
        "game": game_name(game),
        "verdict": verdict,
        "summary": {
            "rounds": rows.len(), "verified": verified, "mismatched": mismatched,
            "unchecked": unchecked, "invalid": invalid,
            "order": match newest_first { Some(true) => "newest_first", Some(false) => "oldest_first", None => "unknown" },
            "breaks": breaks,
            "chain": chain,
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
        assert_eq!(out["summary"]["order"], "newest_first");
        assert_eq!(out["verdict"], "fail");
        assert_eq!(out["summary"]["breaks"], json!([]));
        assert_eq!(out["rows"][2]["ok"], false);

        // Oldest first, with a round missing in the middle: one break, by line number.
        let text: String = [4, 3, 1, 0]
            .iter()
            .map(|&i| format!("{}\n", c[i]))
            .collect();
        let out = check_rounds("hash_chain", &text).unwrap();
        assert_eq!(out["summary"]["order"], "oldest_first");
        assert_eq!(out["summary"]["breaks"], json!([[2, 3]]));
    }

    #[test]
    fn every_chain_scheme_is_a_history_game() {
        for s in crate::schemes::ALL.iter().filter(|s| s.chain) {
            assert!(Game::parse(s.id).is_ok(), "{}", s.id);
        }
    }

    #[test]
    fn comma_decimals_and_the_published_terminal() {
        let c = chain(6);
        let hx = |h: &String| Hex64::parse(h).unwrap();
        let m = |h: &String| crash::format_multiplier(crash::crash_hundredths(&hx(h)));
        // The terminal is one link past the oldest round (c[5]): rounds 1..=5.
        let terminal = Hex64::parse(&hash_seed(&c[4])).unwrap();
        let text: String = c[..5]
            .iter()
            .map(|h| format!("{h},{}\n", m(h).replace('.', ",")))
            .collect();
        let opts = HistoryOptions {
            terminal: Some(terminal.clone()),
            max_steps: 100,
            walk: Walk::Run,
        };
        let out = check_rounds_with("crash", &text, &opts).unwrap();
        assert_eq!(out["summary"]["verified"], 5, "{out}");
        assert_eq!(out["verdict"], "pass");
        assert_eq!(out["summary"]["chain"]["round"], 1);
        // Newest first: the first line is round 5, then 4, 3, 2, 1.
        let rounds: Vec<u64> = (0..5)
            .map(|i| out["rows"][i]["round"].as_u64().unwrap())
            .collect();
        assert_eq!(rounds, vec![5, 4, 3, 2, 1]);
        // Semicolons with decimal commas read the same.
        let semi: String = text
            .lines()
            .map(|l| format!("{}\n", l.replacen(',', ";", 1)))
            .collect();
        assert!(semi.contains(';') && semi.contains(','));
        assert_eq!(
            check_rounds_with("crash", &semi, &opts).unwrap()["verdict"],
            "pass"
        );
        // Without a terminal nothing published was checked: unchecked.
        assert_eq!(
            check_rounds("crash", &text).unwrap()["verdict"],
            "unchecked"
        );
        // A freshly invented chain does not reach the published terminal: fail.
        let other = Hex64::parse(&"77".repeat(32)).unwrap();
        let opts = HistoryOptions {
            terminal: Some(other),
            max_steps: 100,
            walk: Walk::Run,
        };
        let out = check_rounds_with("crash", &text, &opts).unwrap();
        assert_eq!(out["verdict"], "fail");
        assert_eq!(out["summary"]["chain"]["ok"], false);
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
        assert_eq!(out["rows"][1]["error"]["code"], "missing_field");
    }
}
