//! What a pasted text or an opened file is, decided once, by the core: a record, a
//! list of records (a JSON array, JSON lines), a round history of a chain game, or a
//! list of dice or mines bets (lines, or JSON bets). A file's bytes are decoded here
//! as every record's are (`input::decode_text`: a BOM skipped, UTF-16, strict UTF-8,
//! the record of an evidence file), so a file crosses to the core once and comes back
//! with its classification and its text.
//!
//! The answer is data: `{kind, …}` with `kind` one of
//! - `empty`: nothing but spaces;
//! - `record`: `{scheme, game}` as the record names them (null when it does not); or,
//!   for a record that names no scheme whose keys are one scheme's fields and that
//!   has all it needs, `{guessed: true, record}` with that scheme put in;
//! - `records`: `{count}`;
//! - `rounds`: `{count, game}`, the chain game the lines are most likely of;
//! - `bets`: `{count, game, read}` (bet lines read, `bet_lines`), `{count, game,
//!   bets}` (JSON bets), or `{count: 0, game, error: {code, line, value}}` (lines
//!   that cannot be read: a `bets.err.<code>`);
//! - `unknown`: `{error}`, text that is none of these (`bad_json`);
//! - `error`: `{error}`, input refused before it is read (`bad_utf8`, `too_large`).

use serde_json::{Map, Value};

use crate::batch::{split_records, Split};
use crate::bet_lines::{self, BetOptions, Game};
use crate::error::VerifyError;
use crate::round_history::MAX_LINES;
use crate::schemes::descriptor::{Descriptor, Empty, Need};

/// What the page knows besides the text: the scheme of its form, which decides
/// between readings that fit several games.
#[derive(Clone, Debug, Default)]
pub struct ClassifyOptions {
    pub scheme: Option<String>,
}

impl ClassifyOptions {
    /// `{scheme?}`; anything else is ignored.
    pub fn from_json(v: &Value) -> ClassifyOptions {
        ClassifyOptions {
            scheme: v.get("scheme").and_then(Value::as_str).map(str::to_string),
        }
    }

    fn scheme(&self) -> Option<&'static Descriptor> {
        self.scheme
            .as_deref()
            .and_then(crate::schemes::find)
            .map(|s| &s.desc)
    }
}

/// A file's bytes: decoded, then classified; the answer carries the decoded `text`
/// (except when the bytes were refused: `kind: "error"`).
pub fn classify_bytes(bytes: &[u8], options: &ClassifyOptions) -> Value {
    match crate::input::decode_text(bytes) {
        Err(e) => refused(&e),
        Ok(text) => {
            let mut v = classify(&text, options);
            if let Value::Object(m) = &mut v {
                if m.get("kind").and_then(Value::as_str) != Some("error") {
                    m.insert("text".into(), Value::from(text.into_owned()));
                }
            }
            v
        }
    }
}

fn refused(e: &crate::VerifyError) -> Value {
    json!({"kind": "error", "error": crate::error_json(e)})
}

/// A text: what it is (see the module comment).
pub fn classify(text: &str, options: &ClassifyOptions) -> Value {
    let s = text.trim();
    if s.is_empty() {
        return json!({"kind": "empty"});
    }
    if !s.starts_with(['[', '{']) {
        // The lines are counted, not kept: a history is read only when its count is
        // within the cap (issue 43: an error at once, whatever the size).
        let (mut count, mut hashes) = (0usize, 0usize);
        for l in s.lines().map(str::trim).filter(|l| !l.is_empty()) {
            count += 1;
            if starts_with_hash(l) {
                hashes += 1;
            }
        }
        // A header line is allowed.
        if hashes > 0 && hashes + 1 >= count {
            if hashes > MAX_LINES {
                return refused(&VerifyError::too_many("history", MAX_LINES));
            }
            let rounds: Vec<&str> = s
                .lines()
                .map(str::trim)
                .filter(|l| starts_with_hash(l))
                .collect();
            return json!({"kind": "rounds", "count": rounds.len(),
                          "game": round_game(&rounds, options)});
        }
        if bet_lines::looks_like_bet_lines(s) {
            return bets_read(text, options);
        }
    }
    match split_records(text) {
        Split::Empty => json!({"kind": "empty"}),
        Split::TooMany(e) => refused(&e),
        Split::Many(items) => {
            json_bets(&items).unwrap_or_else(|| json!({"kind": "records", "count": items.len()}))
        }
        Split::One(item) => match crate::parse_json(&item.text) {
            Ok(record) => one_record(record, options),
            Err(e) if e.code == crate::ErrorCode::TooLarge => refused(&e),
            Err(e) => json!({"kind": "unknown", "error": crate::error_json(&e)}),
        },
    }
}

/// A line that starts with a 64-hex hash (a round of a chain).
fn starts_with_hash(line: &str) -> bool {
    let b = line.as_bytes();
    b.len() >= 64
        && b[..64].iter().all(u8::is_ascii_hexdigit)
        && !b.get(64).is_some_and(u8::is_ascii_alphanumeric)
}

fn is_chain(id: &str) -> bool {
    crate::schemes::find(id).is_some_and(|s| s.desc.chain)
}

/// The chain game a history is most likely of: the form's game when it is one,
/// else by its columns (hash,winner,chance,… battle; hash,1–25 platforms;
/// hash,multiplier crash; the hash alone: the links only).
fn round_game(rounds: &[&str], options: &ClassifyOptions) -> &'static str {
    if let Some(s) = options.scheme().filter(|s| s.chain) {
        return s.id;
    }
    let rows: Vec<Vec<String>> = rounds.iter().map(|l| crate::lines::fields(l)).collect();
    let width = rows
        .iter()
        .map(|r| r.iter().filter(|f| !f.is_empty()).count())
        .max()
        .unwrap_or(0);
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let whole = |s: &str| digits(s) && !s.starts_with('0');
    let hundredths = |s: &str| {
        let f = s.strip_suffix(['x', 'X', '×']).unwrap_or(s);
        f.len() == 2 && digits(f)
    };
    // "hash,2,71": a crash point with a decimal comma (two decimals), not a battle.
    let decimal_comma = rows
        .iter()
        .all(|r| r.len() < 3 || (r.len() == 3 && whole(&r[1]) && hundredths(&r[2])));
    if width == 3 && decimal_comma && is_chain("crash") {
        return "crash";
    }
    if width >= 3 && is_chain("battle") {
        return "battle";
    }
    if width == 2 {
        let platform = |s: &str| whole(s) && s.len() <= 2 && s.parse::<u8>().is_ok_and(|n| n <= 25);
        let ints = rows
            .iter()
            .all(|r| r.get(1).is_none_or(|f| f.is_empty() || platform(f)));
        if ints && is_chain("platforms") {
            return "platforms";
        }
        if is_chain("crash") {
            return "crash";
        }
    }
    if is_chain("hash_chain") {
        return "hash_chain";
    }
    crate::schemes::ALL
        .iter()
        .find(|s| s.desc.chain)
        .map_or("hash_chain", |s| s.desc.id)
}

/// Bet lines, read for the form's game when it is dice or mines.
fn bets_read(text: &str, options: &ClassifyOptions) -> Value {
    let prefer = options.scheme.as_deref().and_then(Game::from_id);
    let read = bet_lines::read_bet_lines(text, BetOptions { game: None, prefer });
    match read {
        Ok(r) => json!({"kind": "bets", "count": r.bets.len(), "game": r.game.id(),
                        "read": r.to_json()}),
        Err(refusal) => {
            let mut m = Map::new();
            m.insert("kind".into(), Value::from("bets"));
            m.insert("count".into(), Value::from(0));
            m.insert(
                "game".into(),
                refusal.game.map_or(Value::Null, |g| g.id().into()),
            );
            m.insert("error".into(), refusal.error.to_json());
            Value::Object(m)
        }
    }
}

/// A bet as JSON: an object with a nonce and a selection or a mine count, and no
/// scheme (it is one of a record's `bets`, not a record).
fn is_bet(v: &Value) -> bool {
    v.as_object().is_some_and(|o| {
        !o.contains_key("scheme")
            && o.contains_key("nonce")
            && (o.contains_key("selected") || o.contains_key("mines"))
    })
}

/// Records that are all bets: `{kind: "bets", count, game, bets}`.
fn json_bets(items: &[crate::Item]) -> Option<Value> {
    if items.is_empty() {
        return None;
    }
    let mut bets = Vec::with_capacity(items.len());
    for it in items {
        let v: Value = serde_json::from_str(&it.text).ok()?;
        if !it.name.is_null() || !is_bet(&v) {
            return None;
        }
        bets.push(v);
    }
    let dice = bets.iter().all(|b| b.get("selected").is_some());
    Some(json!({"kind": "bets", "count": bets.len(),
                "game": if dice { "dice" } else { "mines" }, "bets": bets}))
}

/// One record (unwrapped): the scheme and game it names, or the scheme its fields
/// are when it names none.
fn one_record(record: Value, options: &ClassifyOptions) -> Value {
    let named = record
        .get("scheme")
        .and_then(Value::as_str)
        .map(str::to_string);
    if let (None, Value::Object(m)) = (&named, &record) {
        if let Some(s) = guess_scheme(m, options) {
            let mut m = m.clone();
            m.insert("scheme".into(), Value::from(s.id));
            let game = m.get("game").cloned().unwrap_or(Value::Null);
            return json!({"kind": "record", "guessed": true, "scheme": s.id, "game": game,
                          "record": Value::Object(m)});
        }
    }
    let game = record
        .get("game")
        .filter(|_| record.is_object())
        .cloned()
        .unwrap_or(Value::Null);
    json!({"kind": "record", "guessed": false, "scheme": named, "game": game})
}

/// The scheme of a record that names none: the form's, if the record's keys are
/// its fields, else the first whose fields cover the keys and which has all it needs.
fn guess_scheme(
    rec: &Map<String, Value>,
    options: &ClassifyOptions,
) -> Option<&'static Descriptor> {
    let fits = |s: &Descriptor| {
        // The fields of the record's game (the scheme's first game when it names none).
        let game = match rec.get("game") {
            None => s.games.first().map(|g| g.id),
            Some(Value::String(g)) => Some(g.as_str()),
            Some(_) => None,
        };
        let applies = |games: &[&str]| games.is_empty() || game.is_some_and(|g| games.contains(&g));
        let needed_present = s
            .fields
            .iter()
            .filter(|f| applies(f.games))
            .filter(|f| f.need == Need::Required && f.empty == Empty::Omit && f.name != "game")
            .all(|f| rec.contains_key(f.name));
        !rec.is_empty()
            && rec.keys().all(|k| s.fields.iter().any(|f| f.name == k))
            && needed_present
    };
    options.scheme().filter(|s| fits(s)).or_else(|| {
        crate::schemes::ALL
            .iter()
            .map(|s| &s.desc)
            .find(|s| fits(s))
    })
}
