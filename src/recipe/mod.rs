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
//! Each program is a template of its own language (`templates/`, one per recipe kind,
//! `KINDS` names each scheme's), whose named holes take only literals built from the
//! validated record, comment lines and the operator's code (`template.rs`): no record
//! text reaches a program but through a literal of its language.
//!
//! The comments come from the caller's catalog (`recipe.*` keys, `words`): the core
//! returns data, the words are the surface's. A key missing from `words` leaves its
//! comment out; seeds, hashes and code are never translated.

mod go;
mod node;
mod python;
mod rounds;
mod template;

pub use rounds::recipe_rounds;

use serde_json::{Map, Value};

use crate::error::{ErrorCode, Result, VerifyError};
use crate::schemes::{Options, Walk};
use template::{Comment, Holes, Template};

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
}

/// How a scheme's recipe is written: its template and the function that fills the
/// template's holes from a record the verifier accepted.
pub(crate) struct RecipeKind {
    pub template: &'static Template,
    pub holes: fn(&Map<String, Value>, &Words) -> Result<Holes>,
}

/// The recipe of every scheme (a test holds it to `schemes::ALL`).
pub(crate) const KINDS: [(&str, RecipeKind); 10] = [
    (
        "match_seed_v2",
        RecipeKind {
            template: &template::MATCH_SEED,
            holes: node::match_seed,
        },
    ),
    (
        "poker_hmac_v1",
        RecipeKind {
            template: &template::POKER,
            holes: node::poker,
        },
    ),
    (
        "chess_colour_v1",
        RecipeKind {
            template: &template::CHESS,
            holes: node::chess,
        },
    ),
    (
        "selfpoker",
        RecipeKind {
            template: &template::SELFPOKER,
            holes: python::selfpoker,
        },
    ),
    (
        "crash",
        RecipeKind {
            template: &template::CHAIN,
            holes: go::chain,
        },
    ),
    (
        "platforms",
        RecipeKind {
            template: &template::CHAIN,
            holes: go::chain,
        },
    ),
    (
        "battle",
        RecipeKind {
            template: &template::CHAIN,
            holes: go::chain,
        },
    ),
    (
        "hash_chain",
        RecipeKind {
            template: &template::CHAIN,
            holes: go::chain,
        },
    ),
    (
        "dice",
        RecipeKind {
            template: &template::BETS,
            holes: go::bets,
        },
    ),
    (
        "mines",
        RecipeKind {
            template: &template::BETS,
            holes: go::bets,
        },
    ),
];

pub(crate) fn kind_of(scheme: &str) -> Option<&'static RecipeKind> {
    KINDS.iter().find(|(id, _)| *id == scheme).map(|(_, k)| k)
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
    let scheme = text(&map, "scheme")?;
    let kind = kind_of(&scheme).ok_or_else(|| internal("no recipe for this scheme"))?;
    let w = Words::new(words);
    let mut holes = (kind.holes)(&map, &w)?;
    // The closing comment says what this game's script prints, key by key (the last
    // value of a hole is the one filled: this replaces `start`'s generic one).
    holes.comment("output", output(&w, &printed(&scheme, &map)));
    let text = template::fill(kind.template, &holes)?;
    Ok(answer(&scheme, kind.template.lang, text))
}

/// The keys the last line of a record's script holds, in the order it sets them, as
/// its template does for this record (`templates/*.tmpl`: the sections shown).
fn printed(scheme: &str, map: &Map<String, Value>) -> Vec<&'static str> {
    let has = |k: &str| !matches!(map.get(k), None | Some(Value::Null));
    let mut keys = Vec::new();
    let walk = ["chainOk", "round", "walked"];
    match scheme {
        "dice" | "mines" => {
            if has("serverSeedHash") {
                keys.push("commitmentOk");
            }
            if has("bets") {
                keys.extend(["bets", "nonce"]);
            }
            keys.push("gameSeed");
            keys.extend(if scheme == "dice" {
                &["face", "win"][..]
            } else {
                &["mines"][..]
            });
        }
        "crash" | "platforms" | "battle" | "hash_chain" => {
            keys.extend(match scheme {
                "crash" => &["multiplier"][..],
                "platforms" => &["lastPlatform"][..],
                "battle" => &["winner"][..],
                _ => &[][..],
            });
            if scheme == "crash" && has("history") {
                keys.push("history");
            }
            if has("terminal") {
                keys.extend(walk);
            }
        }
        "match_seed_v2" => {
            keys.extend(["commitmentOk", "seats"]);
            keys.push(
                match map.get("game").and_then(Value::as_str).unwrap_or("") {
                    "table" => "rolls",
                    "baloot" => "hands",
                    "mahjong" => "tiles",
                    _ => "deals",
                },
            );
        }
        "poker_hmac_v1" => {
            if has("serverSeed") {
                if has("commitment") {
                    keys.push("commitmentOk");
                }
                keys.extend([
                    "handValue",
                    "handCommitmentOk",
                    "deck",
                    "root",
                    "rootOk",
                    "holeCards",
                    "board",
                ]);
            }
            if has("leaves") {
                keys.push("leavesOk");
            }
            keys.push("seatOrder");
        }
        "chess_colour_v1" => {
            keys.push("commitAOk");
            if has("seedB") {
                keys.push("commitBOk");
            }
            keys.push("aPlaysWhite");
        }
        "selfpoker" => keys.extend(["commitmentOk", "deck", "holeCards", "board"]),
        _ => {}
    }
    keys
}

/// Keys whose values count seats, deals or cards from 0 (the page counts from 1).
const FROM_ZERO: [&str; 8] = [
    "seats",
    "deals",
    "hands",
    "tiles",
    "deck",
    "holeCards",
    "board",
    "seatOrder",
];

/// The closing comment: the last line's keys, each with what it means (`recipe.key.*`,
/// a key the catalog lacks left out), and counting from 0 where a value counts so.
fn output(w: &Words, keys: &[&str]) -> Option<Comment> {
    let said: Vec<String> = keys
        .iter()
        .filter_map(|k| w.text(&format!("recipe.key.{k}")))
        .collect();
    if said.is_empty() {
        return w.say("recipe.output", &[]);
    }
    let join = w
        .text("recipe.keys.join")
        .unwrap_or_else(|| "; ".to_string());
    let zero: Vec<&str> = keys
        .iter()
        .copied()
        .filter(|k| FROM_ZERO.contains(k))
        .collect();
    // What counts from 0, in the game's own nouns (issue 44: no deals or cards in a
    // backgammon match): seats alone, seats and tiles, or seats, deals and cards.
    let only = |set: &[&str]| zero.iter().all(|k| set.contains(k));
    let key = if zero.is_empty() {
        "recipe.output.keys"
    } else if only(&["seats", "seatOrder"]) {
        "recipe.output.keysZero.seats"
    } else if only(&["seats", "seatOrder", "tiles"]) {
        "recipe.output.keysZero.tiles"
    } else {
        "recipe.output.keysZero"
    };
    w.say(key, &[("keys", &said.join(&join))])
}

/// The operator's sections the recipes quote (in the operator's language, as the
/// player finds them on that page), each with the id of its translation in the
/// catalogs (`recipe.section.<id>`).
const SECTIONS: [(&str, &str); 12] = [
    ("Как это работает", "howItWorks"),
    ("Верификация", "verification"),
    ("Генерация хэш-цепочки", "hashChain"),
    ("Генерация игрового сида", "gameSeed"),
    ("Игра в кости (Dice) — Расчет результата", "dice"),
    ("Игра Mines — Логика размещения мин", "mines"),
    ("Platforms — Игровая логика", "platforms"),
    ("Rocket — Игровая логика", "rocket"),
    ("Battle — Честность взвешенной рулетки", "battle"),
    ("Verifică singur", "checkYourself"),
    ("Joc cu joc", "gameByGame"),
    (
        "Il server non può cambiare le carte durante la mano",
        "cardsFixed",
    ),
];

/// The holes of a comment that quotes an operator's section: the section as written
/// on its page, and its meaning in the player's language after it (", that is
/// “Hash chain generation”"), or nothing when the words are the page's own.
pub(crate) fn section_holes(w: &Words, section: &str) -> [(&'static str, String); 2] {
    let gloss = SECTIONS
        .iter()
        .find(|(s, _)| *s == section)
        .and_then(|(_, id)| w.text(&format!("recipe.section.{id}")))
        .filter(|g| g != section)
        .and_then(|g| {
            w.text("recipe.sectionGloss")
                .map(|t| t.replace("{text}", &g))
        })
        .unwrap_or_default();
    [("section", section.to_string()), ("gloss", gloss)]
}

/// A comment that quotes an operator's section (`recipe.verbatim`, `recipe.sameStyle`).
pub(crate) fn say_section(w: &Words, key: &str, section: &str) -> Option<Comment> {
    let [(a, x), (b, y)] = section_holes(w, section);
    w.say(key, &[(a, &x), (b, &y)])
}

/// The answer of `recipe` and `recipe_rounds`.
fn answer(scheme: &str, lang: Lang, text: String) -> Value {
    json!({
        "scheme": scheme,
        "language": lang.id(),
        "file": lang.file(),
        "command": lang.command(),
        "text": text,
    })
}

/// The holes every template starts with: the command that runs it, and what it is.
pub(crate) fn start(lang: Lang, w: &Words) -> Holes {
    let mut h = Holes::new();
    // How to run it, in the player's words ("Запуск: go run recipe.go").
    let run = w
        .say("recipe.run", &[("command", lang.command())])
        .unwrap_or_else(|| Comment::safe(&format!("run: {}", lang.command())));
    h.comment("run", Some(run))
        .comment("head", w.say("recipe.head", &[]))
        .comment("verdict", w.say("recipe.verdict", &[]))
        .comment("output", w.say("recipe.output", &[]));
    h
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
    /// The comment `key` with `params` ([`Comment::safe`]): None when absent.
    pub fn say(&self, key: &str, params: &[(&str, &str)]) -> Option<Comment> {
        Some(filled(self.text(key)?, params))
    }
    /// The comment `key` said of `count`: a text with plural forms (`{"one": …,
    /// "other": …}`, as the catalogs write counts) takes the form of `count` in the
    /// words' language (`@lang`), never "1 volte".
    pub fn say_count(&self, key: &str, count: i64, params: &[(&str, &str)]) -> Option<Comment> {
        let t = match self.0?.get(key)? {
            Value::Object(forms) => {
                let lang = self.0?.get("@lang").and_then(Value::as_str).unwrap_or("en");
                forms
                    .get(plural(lang, count))
                    .or_else(|| forms.get("other"))?
                    .as_str()?
                    .to_string()
            }
            v => v.as_str()?.to_string(),
        };
        Some(filled(t, params))
    }
    /// A text of the words, as it is.
    fn text(&self, key: &str) -> Option<String> {
        Some(self.0?.get(key)?.as_str()?.to_string())
    }
}

/// A catalog text with its `{name}` holes filled, as one comment ([`Comment::safe`]).
fn filled(mut t: String, params: &[(&str, &str)]) -> Comment {
    for (k, v) in params {
        t = t.replace(&format!("{{{k}}}"), v);
    }
    Comment::safe(&t)
}

/// The CLDR plural category of a whole number `n` in the catalogs' languages (what
/// `Intl.PluralRules` says for them).
fn plural(lang: &str, n: i64) -> &'static str {
    let n = n.unsigned_abs();
    let (m10, m100) = (n % 10, n % 100);
    match lang {
        "ru" => match (m10, m100) {
            (1, m) if m != 11 => "one",
            (2..=4, m) if !(12..=14).contains(&m) => "few",
            _ => "many",
        },
        "ro" => match n {
            1 => "one",
            0 => "few",
            _ if (1..=19).contains(&m100) => "few",
            _ => "other",
        },
        "ar" => match n {
            0 => "zero",
            1 => "one",
            2 => "two",
            _ if (3..=10).contains(&m100) => "few",
            _ if (11..=99).contains(&m100) => "many",
            _ => "other",
        },
        "it" => match n {
            1 => "one",
            _ if n.is_multiple_of(1_000_000) && n != 0 => "many",
            _ => "other",
        },
        "zh" => "other",
        _ => {
            if n == 1 {
                "one"
            } else {
                "other"
            }
        }
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

/// Unicode Cc and Cf (the BOM, which Go refuses inside a source file, among them):
/// the core's one table (`chars.rs`), so that a recipe escapes what the hints name.
pub(crate) use crate::chars::invisible as is_invisible;

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

#[cfg(test)]
mod tests;
