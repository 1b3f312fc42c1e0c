//! Batch checks of a pasted round history for the chain games: one round a line,
//! `hash` alone or CSV `hash,crash point` / `hash,last platform` /
//! `hash,winner,chance,chance,…`. Each line is recomputed and compared, and
//! consecutive lines are checked to link (SHA-256 of the newer round's hash is the
//! older one's), in whichever order the history is listed.

use serde_json::Value;

use crate::error::{ErrorCode, Result, VerifyError};
use crate::primitives::link::hash_seed;
use crate::record::{as_hex64, Fields, Hex64};
use crate::schemes::chain::{settle, walk_request, Settled, DEFAULT_MAX_STEPS, MAX_STEPS};
use crate::schemes::descriptor::{Descriptor, Rows};
use crate::schemes::{Options, Walk};

/// A history longer than this is refused rather than held in memory.
pub const MAX_LINES: usize = 1_000_000;

/// The chain game a history is of: a chain scheme by its id (`chain` is
/// `hash_chain`, only the links).
fn history_scheme(name: &str) -> Result<(&'static Descriptor, &'static Rows)> {
    let id = if name == "chain" { "hash_chain" } else { name };
    crate::schemes::find(id)
        .and_then(|s| s.desc.rows.as_ref().map(|rows| (&s.desc, rows)))
        .ok_or_else(|| {
            let games: Vec<&str> = crate::schemes::ALL
                .iter()
                .filter(|s| s.desc.rows.is_some())
                .map(|s| s.desc.id)
                .collect();
            VerifyError::new(
                ErrorCode::UnknownScheme,
                "game",
                msg!(
                    "round histories are for {}, not `{}`",
                    games.join(", "),
                    name.chars().take(40).collect::<String>()
                ),
            )
            .with("known", games)
        })
}

struct Row {
    line: usize,
    hash: Option<Hex64>,
    claimed: Option<String>,
    computed: Option<Value>,
    ok: Option<bool>,
    error: Option<VerifyError>,
}

/// A claimed value as a player copies it: `2.71`, `2,71` (a decimal comma),
/// `2.71x` or `2.71×`, compared with the recomputed value exactly, in hundredths as
/// `played` values are (`played::multiplier`): the text must name the same number.
/// Never through a float64, which above about 1.4·10^14 cannot tell hundredths
/// apart (turn-5 review finding 9: `…791.00` matched `…791.04`). Zeros after the
/// second decimal change nothing (`2.710` is 2.71); a recomputed whole number (a
/// platform, a winner) is that many hundredths times 100.
fn same_claim(claimed: &str, computed: &Value) -> bool {
    let want = match computed {
        Value::String(s) => crate::played::multiplier(&Value::from(s.as_str())),
        Value::Number(n) => n.as_u64().and_then(|n| n.checked_mul(100)),
        _ => None,
    };
    want.is_some() && claim_hundredths(claimed) == want
}

/// A claim in hundredths, exactly; `None` when it is not a plain decimal number or
/// has a nonzero digit after the second decimal.
fn claim_hundredths(claimed: &str) -> Option<u64> {
    let t = claimed.trim();
    let t = t.strip_suffix(['x', 'X', '×']).map_or(t, str::trim_end);
    let cut = match t.split_once(['.', ',']) {
        Some((int, frac)) if frac.len() > 2 && frac.bytes().skip(2).all(|b| b == b'0') => {
            format!("{int}.{}", frac.get(..2)?)
        }
        _ => t.to_string(),
    };
    crate::played::multiplier(&Value::from(cut))
}
/// The fields of one line, read as every pasted line is (`lines`: a tab or a
/// semicolon separates fields when the line has one, then a comma is a decimal
/// comma; else a comma does; "quotes" keep a separator), except that for a game of
/// one value `hash,2,71` is the value 2.71.
fn split_line(rows: &Rows, text: &str) -> Vec<String> {
    let sep = crate::lines::separator(text);
    let mut fields = crate::lines::split(text, sep);
    if sep == ',' && rows.one_value && fields.len() == 3 {
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

fn check_row(rows: &Rows, line: usize, text: &str) -> Row {
    let fields = split_line(rows, text);
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
    let values = fields.get(1..).unwrap_or(&[]);
    row.claimed = values.first().filter(|s| !s.is_empty()).cloned();
    match (rows.outcome)(&hash, values) {
        Ok(v) => row.computed = v,
        Err(e) => row.error = Some(e),
    }
    if let (Some(claimed), Some(computed)) = (&row.claimed, &row.computed) {
        row.ok = Some(same_claim(claimed, computed));
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
    /// `{"terminal"?, "maxSteps"?, "walk"?}` (`walk` as in `schemes::Options`).
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

/// The lines with a round, numbered as in the text; a header line
/// (`hash,crash point`) is not a round.
fn read_rows(rows: &Rows, text: &str) -> Result<Vec<Row>> {
    // Counted while reading: the line after the last one allowed ends the reading
    // with the error, before any round is computed or the rest is looked at.
    let mut lines: Vec<(usize, &str)> = Vec::new();
    for (i, l) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        if lines.len() == MAX_LINES {
            return Err(VerifyError::too_many("history", MAX_LINES));
        }
        lines.push((i, l));
    }
    let mut out: Vec<Row> = lines
        .iter()
        .map(|(i, l)| check_row(rows, i + 1, l))
        .collect();
    let header = lines
        .first()
        .is_some_and(|(_, l)| !l.trim_start().starts_with(|c: char| c.is_ascii_hexdigit()));
    if header && out.first().is_some_and(|r| r.hash.is_none()) {
        out.remove(0);
    }
    Ok(out)
}

/// How consecutive lines link (SHA-256 of the newer round's hash is the older
/// one's): the listing order, decided by the first pair that links either way, and
/// each pair judged in that order (`None` where a line has no hash).
fn links(rows: &[Row]) -> (Option<bool>, Vec<Option<bool>>) {
    let hashes: Vec<Option<&str>> = rows
        .iter()
        .map(|r| r.hash.as_ref().map(Hex64::as_str))
        .collect();
    let mut newest_first: Option<bool> = None;
    let mut out: Vec<Option<bool>> = vec![None; rows.len().saturating_sub(1)];
    for (i, l) in out.iter_mut().enumerate() {
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
    (newest_first, out)
}

/// The chain check of a history: its oldest round (the last line when newest
/// first, else the first) walked to the terminal, as a record's round would be.
struct Chain {
    line: usize,
    oldest: Hex64,
    terminal: Hex64,
    settled: Settled,
    max_steps: u64,
}

impl Chain {
    /// The chain check: `None` while pending or when a walk shorter than the
    /// published chains stopped before the terminal (SPEC §6: proves nothing).
    fn ok(&self) -> Option<bool> {
        match &self.settled {
            Settled::Pending => None,
            Settled::Done(d) => d.chain_ok(),
        }
    }
    fn pending(&self) -> bool {
        matches!(self.settled, Settled::Pending)
    }
    fn round(&self) -> Option<u64> {
        match &self.settled {
            Settled::Done(d) if d.found => Some(d.steps),
            _ => None,
        }
    }
    fn to_json(&self) -> Value {
        let (steps, remembered, found_in) = match &self.settled {
            Settled::Pending => (0, None, None),
            Settled::Done(d) => (d.steps, d.remembered, d.found_in.clone()),
        };
        let mut v = json!({"terminal": self.terminal.as_str(), "oldest": self.oldest.as_str(),
               "line": self.line, "pending": self.pending(), "ok": self.ok(),
               "round": self.round(), "steps": steps, "maxSteps": self.max_steps,
               "terminalPublished": crate::schemes::chain::published_game(&self.terminal)});
        let Value::Object(m) = &mut v else {
            return v;
        };
        // A walk ended by a position proven earlier on this device: its round and
        // the links walked to it, as a record's chain check says.
        if let (Some((round, links)), true) = (remembered, self.ok() == Some(true)) {
            m.insert("rememberedRound".into(), json!(round));
            m.insert("links".into(), json!(links));
        }
        if !self.pending() && self.ok().is_none() {
            // SPEC §6 `step_limit`: stopped short of the published length.
            m.insert("walked".into(), json!(steps));
            m.insert("stepLimit".into(), json!(true));
        }
        if let Some(f) = found_in {
            m.insert("foundIn".into(), f.to_json());
            m.insert("foundInGame".into(), json!(f.game));
        }
        v
    }
}

fn chain_check(
    rows: &[Row],
    newest_first: Option<bool>,
    opts: &HistoryOptions,
) -> Result<Option<Chain>> {
    let Some(terminal) = &opts.terminal else {
        return Ok(None);
    };
    let oldest = if newest_first == Some(false) {
        rows.iter().find(|r| r.hash.is_some())
    } else {
        rows.iter().rev().find(|r| r.hash.is_some())
    };
    let Some((row, start)) = oldest.and_then(|r| r.hash.as_ref().map(|h| (r, h))) else {
        return Ok(None);
    };
    Ok(Some(Chain {
        line: row.line,
        oldest: start.clone(),
        terminal: terminal.clone(),
        settled: settle(&opts.walk, start, terminal, opts.max_steps)?,
        max_steps: opts.max_steps,
    }))
}

pub fn check_rounds_with(game: &str, text: &str, opts: &HistoryOptions) -> Result<Value> {
    let (scheme, row_rule) = history_scheme(game)?;
    let rows = read_rows(row_rule, text)?;
    let (newest_first, links) = links(&rows);
    let breaks: Vec<Value> = links
        .iter()
        .enumerate()
        .filter(|(_, l)| **l == Some(false))
        .map(|(i, _)| json!([rows[i].line, rows[i + 1].line]))
        .collect();
    let chain = chain_check(&rows, newest_first, opts)?;

    // Round numbers, when the chain is proven and every line links to the next.
    let oldest_at = chain
        .as_ref()
        .and_then(|c| rows.iter().position(|r| r.line == c.line));
    let rounds: Vec<Option<u64>> = match (chain.as_ref().and_then(Chain::round), oldest_at) {
        (Some(base), Some(o)) if breaks.is_empty() && rows.iter().all(|r| r.hash.is_some()) => (0
            ..rows.len())
            .map(|i| Some(base + (i as i64 - o as i64).unsigned_abs()))
            .collect(),
        _ => vec![None; rows.len()],
    };

    let verified = rows.iter().filter(|r| r.ok == Some(true)).count();
    let mismatched = rows.iter().filter(|r| r.ok == Some(false)).count();
    let invalid = rows.iter().filter(|r| r.error.is_some()).count();
    let unchecked = rows.len() - verified - mismatched - invalid;
    let chain_ok = chain.as_ref().and_then(Chain::ok);
    // SPEC §6: a crash, platforms or battle history is proven only by the game's own
    // published terminal (a chain the text brings, or another game's, proves nothing
    // the operator committed to for this game); `hash_chain`'s named chain counts.
    let terminal_hint = chain
        .as_ref()
        .and_then(|c| crate::schemes::chain::terminal_hint(scheme.id, &c.terminal));
    let proves = terminal_hint.is_none();
    let pending = chain.as_ref().is_some_and(Chain::pending);
    // As a record's: any difference fails; a line that cannot be read leaves the
    // history invalid (neutral); a walk still running is checking; a pass needs the
    // published terminal reached.
    let verdict = if mismatched > 0 || !breaks.is_empty() || chain_ok == Some(false) {
        "fail"
    } else if invalid > 0 {
        "invalid"
    } else if pending {
        "checking"
    } else if chain_ok == Some(true) && proves {
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
    // The newest round proven, for remembering (the next history walks to it).
    let newest = rows
        .iter()
        .zip(&rounds)
        .filter_map(|(r, n)| Some((r.hash.as_ref()?, (*n)?)))
        .max_by_key(|(_, n)| *n)
        .map(|(h, n)| json!({"hash": h.as_str(), "round": n}));
    let mut chain_json = chain.as_ref().map_or(Value::Null, Chain::to_json);
    if let (Some(n), Value::Object(m)) = (newest, &mut chain_json) {
        m.insert("newest".into(), n);
    }
    let mut out = json!({
        "game": scheme.id,
        "verdict": verdict,
        "summary": {
            "rounds": rows.len(), "verified": verified, "mismatched": mismatched,
            "unchecked": unchecked, "invalid": invalid,
            "order": match newest_first { Some(true) => "newest_first", Some(false) => "oldest_first", None => "unknown" },
            "breaks": breaks,
            "chain": chain_json,
        },
        "rows": out_rows,
    });
    if let (Some(h), Value::Object(m)) = (terminal_hint, &mut out) {
        m.insert("hints".into(), json!([h]));
    }
    if let (Some(c), Value::Object(m)) = (chain.as_ref().filter(|c| c.pending()), &mut out) {
        m.insert(
            "walk".into(),
            walk_request(&c.oldest, &c.terminal, c.max_steps),
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::primitives::link::step_generic;
    use crate::schemes::{battle, crash, platforms};

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
        for s in crate::schemes::ALL.iter().filter(|s| s.desc.chain) {
            assert!(history_scheme(s.desc.id).is_ok(), "{}", s.desc.id);
        }
        assert_eq!(history_scheme("chain").unwrap().0.id, "hash_chain");
        assert_eq!(
            history_scheme("dice").err().map(|e| e.code),
            Some(ErrorCode::UnknownScheme)
        );
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
        // Reached, but a chain the text brings is none of the operator's published
        // ones (SPEC §6): nothing the operator committed to is proven.
        assert_eq!(out["verdict"], "unchecked");
        assert_eq!(out["summary"]["chain"]["ok"], true);
        assert_eq!(
            out["hints"],
            json!([{"code": "terminal_unpublished", "field": "terminal"}])
        );
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
            check_rounds_with("crash", &semi, &opts).unwrap()["summary"]["verified"],
            5
        );
        // Without a terminal nothing published was checked: unchecked.
        assert_eq!(
            check_rounds("crash", &text).unwrap()["verdict"],
            "unchecked"
        );
        // A freshly invented chain does not reach another terminal within 100
        // steps: below the published length that proves nothing (SPEC §6).
        let other = Hex64::parse(&"77".repeat(32)).unwrap();
        let opts = HistoryOptions {
            terminal: Some(other),
            max_steps: 100,
            walk: Walk::Run,
        };
        let out = check_rounds_with("crash", &text, &opts).unwrap();
        assert_eq!(out["verdict"], "unchecked");
        assert_eq!(out["summary"]["chain"]["ok"], Value::Null);
        assert_eq!(out["summary"]["chain"]["walked"], 100);
        assert_eq!(out["summary"]["chain"]["stepLimit"], true);
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
