//! Recipes (issue 37): for a record, one self-contained script in the operator's own
//! language that recomputes it with the operator's published code, so that a player
//! can check a game without trusting this verifier. The operator's code is kept
//! verbatim in `operator/` (a test holds it equal to the operators' pages); the
//! record's values are filled in as literals; a step the operator described but did
//! not publish as code is written in the same style and says so in a comment.
//!
//! Run as printed, a recipe prints the commitment checks and the recomputed game,
//! last, as one JSON line with the report's result keys (same names and value
//! shapes). It recomputes; the verdict stays the core's.
//!
//! The comments come from the caller's catalog (`recipe.*` keys, `words`): the core
//! returns data, the words are the surface's. A key missing from `words` leaves its
//! comment out; seeds, hashes and code are never translated.

mod go;
mod node;
mod python;
mod rounds;

pub use rounds::recipe_rounds;

use serde_json::{Map, Value};

use crate::error::{ErrorCode, Result, VerifyError};
use crate::schemes::{Options, Walk};

/// The operator pages' code, verbatim (whitespace aside).
pub const OPERATOR_NODE: &str = include_str!("operator/ro_node.js");
pub const OPERATOR_PYTHON: &str = include_str!("operator/it_numpy.py");
pub const OPERATOR_GO: &str = include_str!("operator/ru_go.go");

/// The language a recipe is written in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Lang {
    Node,
    Python,
    Go,
}

impl Lang {
    fn id(self) -> &'static str {
        match self {
            Lang::Node => "node",
            Lang::Python => "python",
            Lang::Go => "go",
        }
    }
    fn file(self) -> &'static str {
        match self {
            Lang::Node => "recipe.js",
            Lang::Python => "recipe.py",
            Lang::Go => "recipe.go",
        }
    }
    fn command(self) -> &'static str {
        match self {
            Lang::Node => "node recipe.js",
            Lang::Python => "python3 recipe.py",
            Lang::Go => "go run recipe.go",
        }
    }
    fn comment(self) -> &'static str {
        match self {
            Lang::Python => "#",
            _ => "//",
        }
    }
}

/// The language of a scheme's recipe (the operator's published code's).
pub fn lang_of(scheme: &str) -> Option<Lang> {
    match scheme {
        "match_seed_v2" | "poker_hmac_v1" | "chess_colour_v1" => Some(Lang::Node),
        "selfpoker" => Some(Lang::Python),
        "crash" | "platforms" | "battle" | "hash_chain" | "dice" | "mines" => Some(Lang::Go),
        _ => None,
    }
}

/// The recipe of a record (bare or `{"name", "record"}`): `{scheme, language, file,
/// command, text}`. The record is validated by the verifier first (without walking a
/// chain), so an invalid record is the same typed error `verify` gives.
/// `words`: the `recipe.*` texts of the player's language (an object, or null).
pub fn recipe(record: &Value, words: &Value) -> Result<Value> {
    let (_, record) = crate::input::unwrap_record(record.clone());
    let report = crate::verify_with(
        &record,
        &Options {
            walk: Walk::Pending,
            ..Options::default()
        },
    )?;
    let mut map = match record {
        Value::Object(m) => m,
        _ => return Err(internal("the record is not an object")),
    };
    // A count the record left to `played` (SPEC): the one the core took.
    for key in ["rolls", "deals"] {
        if let (None, Some(Value::Array(list))) = (map.get(key), report.get(key)) {
            map.insert(key.to_string(), Value::from(list.len()));
        }
    }
    let map = &map;
    let scheme = text(map, "scheme")?;
    let lang = lang_of(&scheme).ok_or_else(|| internal("no recipe for this scheme"))?;
    let w = Words::new(words);
    let mut s = Script::new(lang, &w);
    match scheme.as_str() {
        "match_seed_v2" => node::match_seed(&mut s, map)?,
        "poker_hmac_v1" => node::poker(&mut s, map)?,
        "chess_colour_v1" => node::chess(&mut s, map)?,
        "selfpoker" => python::selfpoker(&mut s, map)?,
        _ => go::chain_or_bet(&mut s, &scheme, map)?,
    }
    Ok(json!({
        "scheme": scheme,
        "language": lang.id(),
        "file": lang.file(),
        "command": lang.command(),
        "text": s.out,
    }))
}

pub(crate) fn internal(what: &str) -> VerifyError {
    VerifyError::new(ErrorCode::Internal, "", msg!("recipe: {what}"))
}

/// A string field of a record the verifier accepted.
pub(crate) fn text(map: &Map<String, Value>, key: &str) -> Result<String> {
    match map.get(key) {
        Some(Value::String(s)) => Ok(s.clone()),
        _ => Err(internal(key)),
    }
}

/// An id field (text, or an integer written as its decimal text), as the verifier reads it.
pub(crate) fn id_text(map: &Map<String, Value>, key: &str) -> Result<String> {
    match map.get(key) {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(Value::Number(n)) => n
            .as_i64()
            .map(|i| i.to_string())
            .ok_or_else(|| internal(key)),
        _ => Err(internal(key)),
    }
}

pub(crate) fn int(map: &Map<String, Value>, key: &str) -> Result<i64> {
    map.get(key)
        .and_then(Value::as_i64)
        .ok_or_else(|| internal(key))
}

pub(crate) fn opt_int(map: &Map<String, Value>, key: &str) -> Option<i64> {
    map.get(key).and_then(Value::as_i64)
}

/// A published hash as the verifier compares it: trimmed, lowercase.
pub(crate) fn hash(map: &Map<String, Value>, key: &str) -> Result<String> {
    Ok(text(map, key)?.trim().to_ascii_lowercase())
}

pub(crate) fn opt_hash(map: &Map<String, Value>, key: &str) -> Result<Option<String>> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(_) => hash(map, key).map(Some),
    }
}

/// The `recipe.*` words of the player's language; `{name}` placeholders filled in.
pub(crate) struct Words<'a>(Option<&'a Map<String, Value>>);

impl<'a> Words<'a> {
    fn new(v: &'a Value) -> Self {
        Words(v.as_object())
    }
    /// The text of `key` with `params`, on one line, without characters that change
    /// how a comment is shown (controls, direction marks): None when absent.
    pub fn get(&self, key: &str, params: &[(&str, &str)]) -> Option<String> {
        let mut t = self.0?.get(key)?.as_str()?.to_string();
        for (k, v) in params {
            t = t.replace(&format!("{{{k}}}"), v);
        }
        Some(comment_safe(&t))
    }
}

/// One line of comment text: whitespace runs become one space; controls and format
/// characters (Cc, Cf: direction marks and overrides included) are dropped.
pub(crate) fn comment_safe(t: &str) -> String {
    let kept: String = t
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|&c| !is_invisible(c))
        .collect();
    kept.split(' ')
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Unicode Cc and Cf (and the BOM, which Go refuses inside a source file): a
/// character a person cannot see, or that reorders the text around it.
pub(crate) fn is_invisible(c: char) -> bool {
    let u = c as u32;
    c.is_control()
        || u == 0xAD
        || (0x600..=0x605).contains(&u)
        || u == 0x61C
        || u == 0x6DD
        || u == 0x70F
        || u == 0x8E2
        || u == 0x180E
        || (0x200B..=0x200F).contains(&u)
        || (0x202A..=0x202E).contains(&u)
        || (0x2060..=0x2064).contains(&u)
        || (0x2066..=0x206F).contains(&u)
        || u == 0xFEFF
        || (0xFFF9..=0xFFFB).contains(&u)
        || u == 0x110BD
        || u == 0x110CD
        || (0x13430..=0x1343F).contains(&u)
        || (0x1BCA0..=0x1BCA3).contains(&u)
        || (0x1D173..=0x1D17A).contains(&u)
        || u == 0xE0001
        || (0xE0020..=0xE007F).contains(&u)
}

/// A string literal of `lang` holding exactly `s`: printable characters as they are
/// (non-ASCII included), quotes and backslashes escaped, and every control or
/// invisible character as an escape, so that what the player reads is what runs.
pub(crate) fn lit(lang: Lang, s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 2);
    o.push('"');
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\t' => o.push_str("\\t"),
            '\r' => o.push_str("\\r"),
            // JS: a line or paragraph separator is fine in a literal since ES2019,
            // but a reader sees a line break; escape them everywhere.
            c if is_invisible(c) || c == '\u{2028}' || c == '\u{2029}' => {
                let u = c as u32;
                match (lang, u > 0xFFFF) {
                    (_, false) => o.push_str(&format!("\\u{u:04x}")),
                    (Lang::Node, true) => o.push_str(&format!("\\u{{{u:x}}}")),
                    (_, true) => o.push_str(&format!("\\U{u:08x}")),
                }
            }
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

/// The script being written: lines, comments from the words.
pub(crate) struct Script<'a> {
    pub lang: Lang,
    pub words: &'a Words<'a>,
    pub out: String,
}

impl<'a> Script<'a> {
    fn new(lang: Lang, words: &'a Words<'a>) -> Self {
        let mut s = Script {
            lang,
            words,
            out: String::new(),
        };
        s.line(&format!("{} run: {}", lang.comment(), lang.command()));
        s.say("recipe.head", &[]);
        s.say("recipe.verdict", &[]);
        s
    }
    pub fn line(&mut self, l: &str) {
        self.out.push_str(l);
        self.out.push('\n');
    }
    pub fn blank(&mut self) {
        if !self.out.ends_with("\n\n") {
            self.out.push('\n');
        }
    }
    /// Lines of code, as they are.
    pub fn code(&mut self, block: &str) {
        for l in block.lines() {
            self.line(l);
        }
    }
    /// A comment in the player's language (nothing when the words lack the key).
    pub fn say(&mut self, key: &str, params: &[(&str, &str)]) {
        self.say_in("", key, params);
    }
    pub fn say_in(&mut self, indent: &str, key: &str, params: &[(&str, &str)]) {
        if let Some(t) = self.words.get(key, params) {
            let c = self.lang.comment();
            self.line(&format!("{indent}{c} {t}"));
        }
    }
    /// The operator's code follows, verbatim from their page's `section`.
    pub fn verbatim(&mut self, section: &str) {
        self.blank();
        self.say("recipe.verbatim", &[("section", section)]);
    }
    /// A step the operator's page describes (`section`) but does not publish as code.
    pub fn same_style(&mut self, step: &str, section: &str) {
        self.blank();
        self.say("recipe.sameStyle", &[("section", section)]);
        self.say(step, &[]);
    }
}

/// The lines of `src` from the one starting with `first` to the one starting with
/// `last` (both trimmed of leading spaces), inclusive: a piece of the operator's code.
pub(crate) fn lines_between<'s>(src: &'s str, first: &str, last: &str) -> Result<String> {
    let lines: Vec<&'s str> = src.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.trim_start().starts_with(first))
        .ok_or_else(|| internal(first))?;
    let end = lines[start..]
        .iter()
        .position(|l| l.trim_start().starts_with(last))
        .ok_or_else(|| internal(last))?;
    Ok(lines[start..=start + end].join("\n"))
}

#[cfg(test)]
mod tests;
