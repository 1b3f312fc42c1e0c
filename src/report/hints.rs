//! SPEC hints that name a likely mistake of the person who filled the record in:
//! the typo hints of a failed commitment check (`seed_is_commitment`, `seed_case`,
//! `seed_wrapped`, `seeds_swapped`) and the characters of a typed field
//! (`invisible_char`, `lookalike_char`).

use serde_json::{Map, Value};

use super::{Check, State};
use crate::chars::invisible;
#[cfg(not(feature = "widget"))]
use crate::chars::{lookalike, lookalike_hint};
use crate::primitives::sha256::sha256_hex;
use crate::schemes::descriptor::{Descriptor, Kind, Role};

/// SPEC hints: a failed commitment check that is explained by a typo.
/// - `seed_is_commitment`: the revealed seed is the published hash itself.
/// - `seeds_swapped`: the published hash is the SHA-256 of another string of the
///   record (the client seed, the other player's seed…): two fields were swapped; or
///   (`kind: "reversed"`) the seed and its published hash were entered each in the
///   other's field.
pub(super) fn hints(
    scheme: &Descriptor,
    checks: &[Check],
    record: &Map<String, Value>,
) -> Vec<Value> {
    let mut out = Vec::new();
    #[cfg(not(feature = "widget"))]
    let mut strings: Option<Vec<(String, String)>> = None;
    for c in checks
        .iter()
        .filter(|c| c.proves && c.state == State::Failed)
    {
        let (Some(field), Some(published)) = (c.field, c.expected.as_str()) else {
            continue;
        };
        if let Some(secret) = c.secret {
            if let Some(Value::String(s)) = record.get(secret) {
                if s.trim().eq_ignore_ascii_case(published) {
                    out.push(json!({"code": "seed_is_commitment", "field": secret, "with": field, "check": c.name}));
                    continue;
                }
            }
        }
        if let Some(h) = seed_case(c, record, published) {
            out.push(h);
            continue;
        }
        #[cfg(not(feature = "widget"))]
        if let Some(h) = seed_wrapped(c, record, published) {
            out.push(h);
            continue;
        }
        #[cfg(not(feature = "widget"))]
        if let Some(h) = seed_latin(c, record, published) {
            out.push(h);
            continue;
        }
        // The seed and its hash entered in each other's field: what was given as the
        // published hash hashes to what was given as the seed (a reader's journey: the
        // two boxes of a fairness page pasted the other way round).
        let reversed = match (c.secret.and_then(|k| record.get(k)), record.get(field)) {
            (Some(Value::String(seed)), Some(Value::String(given))) => {
                sha256_hex(given.trim().as_bytes()).eq_ignore_ascii_case(seed.trim())
            }
            _ => false,
        };
        // Each string hashed once for all the failed checks (a partial poker reveal
        // has up to 52, each against the same strings, which may be megabytes). The
        // badge's wasm has no room for it (issue 43's size budget): there each failed
        // check hashes them again, in the badge's worker.
        #[cfg(not(feature = "widget"))]
        let strings = strings.get_or_insert_with(|| string_hashes(scheme, record));
        #[cfg(feature = "widget")]
        let strings = &string_hashes(scheme, record);
        let with = if reversed {
            Some(field.to_string())
        } else {
            strings
                .iter()
                .find(|(path, h)| Some(path.as_str()) != c.secret && h == published)
                .map(|(path, _)| path.clone())
        };
        if let Some(with) = with {
            let mut h = json!({"code": "seeds_swapped", "field": c.secret.unwrap_or(field),
                               "with": with, "commitment": field, "check": c.name});
            // Inserted into the map, not through `h["kind"]`: serde_json's IndexMut
            // carries a panic message that formats any Value (4 KB of the badge's wasm).
            if let (true, Value::Object(m)) = (reversed, &mut h) {
                m.insert("kind".into(), Value::from("reversed"));
            }
            out.push(h);
        }
    }
    out
}

/// The revealed seed a failed check hashed itself (not a message built from it), with
/// its field: what the typo hints try again in another spelling.
fn hashed_seed<'a>(c: &Check, record: &'a Map<String, Value>) -> Option<(&'static str, &'a str)> {
    let secret = c.secret?;
    let Some(Value::String(s)) = record.get(secret) else {
        return None;
    };
    (c.computed.as_str() == Some(sha256_hex(s.as_bytes()).as_str())).then_some((secret, s.as_str()))
}

/// `seed_case`: the revealed seed hashed to the check's computed value, and the
/// same seed in lower (or upper) case hashes to the published one: it was retyped
/// or a phone capitalised it.
fn seed_case(c: &Check, record: &Map<String, Value>, published: &str) -> Option<Value> {
    let (secret, s) = hashed_seed(c, record)?;
    let [lower, upper] = cases(s);
    [("lower", lower), ("upper", upper)]
        .into_iter()
        .find(|(_, t)| t != s && sha256_hex(t.as_bytes()) == published)
        .map(|(case, _)| {
            json!({"code": "seed_case", "field": secret, "with": c.field, "check": c.name, "case": case})
        })
}

/// `seed_wrapped`: the revealed seed does not hash to the published value, but the
/// same seed without what was copied around it does (SPEC hints): quotes (`"…"`,
/// `'…'`, `«…»`, `“…”`), a `0x` prefix, a JSON key before it (`"serverSeed": "…"`),
/// a comma after it, spaces and line breaks at either end, in any nesting.
#[cfg(not(feature = "widget"))]
fn seed_wrapped(c: &Check, record: &Map<String, Value>, published: &str) -> Option<Value> {
    let (secret, s) = hashed_seed(c, record)?;
    let bare = unwrap_copied(s);
    (bare != s && sha256_hex(bare.as_bytes()) == published).then(|| {
        json!({"code": "seed_wrapped", "field": secret, "with": c.field, "check": c.name,
               "to": bare})
    })
}

/// `lookalike_char` tied to a failed check (issue 43): the revealed seed holds
/// letters of another script (or fullwidth forms) drawn like Latin ones, and the same
/// seed with each replaced by the Latin letter it imitates (`crate::chars::latin_fold`)
/// hashes to the published value: a fact, like `seed_case`, so the surfaces lead with
/// the slip, not with the operator's support. The hint is the field's one
/// `lookalike_char` (`typed_chars` gives no second), with the first such character,
/// how many there are, the check (`check`, `with`) and the seed in Latin (`to`).
#[cfg(not(feature = "widget"))]
fn seed_latin(c: &Check, record: &Map<String, Value>, published: &str) -> Option<Value> {
    use crate::chars::{fold_kind, latin_fold, latin_of};
    let (secret, s) = hashed_seed(c, record)?;
    let to = latin_fold(s)?;
    if sha256_hex(to.as_bytes()) != published {
        return None;
    }
    let mut folded = s
        .chars()
        .enumerate()
        .filter(|(_, x)| latin_of(*x).is_some());
    let (position, first) = folded.next()?;
    let mut h = lookalike_hint(
        secret,
        position,
        first,
        fold_kind(first),
        1 + folded.count(),
    );
    if let (Value::Object(m), Some(with)) = (&mut h, c.field) {
        m.insert("check".into(), Value::from(c.name.as_str()));
        m.insert("with".into(), Value::from(with));
        m.insert("to".into(), Value::from(to));
    }
    Some(h)
}

/// `s` without what a copy brings around a value, peeled until nothing changes.
#[cfg(not(feature = "widget"))]
pub(crate) fn unwrap_copied(s: &str) -> &str {
    const QUOTES: [(char, char); 6] = [
        ('"', '"'),
        ('\'', '\''),
        ('«', '»'),
        ('“', '”'),
        ('„', '“'),
        ('`', '`'),
    ];
    let mut t = s;
    // Each pass removes at least one character, so this ends.
    loop {
        let before = t.len();
        t = t.trim_matches(|c: char| c.is_whitespace() || invisible(c));
        t = t.strip_suffix(',').unwrap_or(t);
        // A JSON key before the value: `"serverSeed": "…"`, `serverSeed: …`.
        if let Some((key, rest)) = t.split_once(':') {
            let k = key.trim().trim_matches(|c| c == '"' || c == '\'');
            if !k.is_empty()
                && k.len() <= 40
                && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                t = rest;
            }
        }
        t = t.trim_matches(|c: char| c.is_whitespace() || invisible(c));
        for (open, close) in QUOTES {
            if let Some(inner) = t.strip_prefix(open).and_then(|x| x.strip_suffix(close)) {
                t = inner;
                break;
            }
        }
        if let Some(rest) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
            t = rest;
        }
        if t.len() == before {
            return t;
        }
    }
}

/// `s` in lower case and in upper case, by Unicode's full mappings (`ß` → `SS`, a
/// final `Σ` → `ς`).
#[cfg(not(all(feature = "widget", target_arch = "wasm32")))]
fn cases(s: &str) -> [String; 2] {
    [s.to_lowercase(), s.to_uppercase()]
}

/// The badge's build asks the engine: `toLowerCase` and `toUpperCase` apply the same
/// full mappings (Final_Sigma included) without Rust's case tables, about 20 KB of the
/// badge's wasm. `tests/node/widget_core.test.mjs` holds the two to the same hint.
#[cfg(all(feature = "widget", target_arch = "wasm32"))]
fn cases(s: &str) -> [String; 2] {
    crate::wasm::host::cases(s)
}

/// `invisible_char`: every seed, id or hash field (and each entry of a list or
/// seat map of seeds, each bet's client seed) holding an invisible character, with
/// the first one's position (in characters, from 0) and code point, and how many
/// the field holds.
fn invisible_chars(scheme: &Descriptor, record: &Map<String, Value>) -> Vec<Value> {
    let mut out = Vec::new();
    typed_strings(scheme, record, true, &mut |field, s| {
        let mut found = s.chars().enumerate().filter(|(_, c)| invisible(*c));
        if let Some((position, c)) = found.next() {
            out.push(
                json!({"code": "invisible_char", "field": field, "position": position,
                "codePoint": c as u32, "char": format!("U+{:04X}", c as u32),
                "count": 1 + found.count()}),
            );
        }
    });
    out
}

/// Every string a person typed or pasted into a field that is hashed: seeds,
/// client seeds, ids (and, with `hashes`, published hashes), each entry of a list
/// or seat map of them, each bet's client seed; with its path.
fn typed_strings(
    scheme: &Descriptor,
    record: &Map<String, Value>,
    hashes: bool,
    look: &mut dyn FnMut(String, &str),
) {
    for f in scheme.fields {
        let typed = matches!(f.role, Role::Secret | Role::Client | Role::Id)
            || (hashes && f.role == Role::Commitment)
            || f.kind == Kind::Bets;
        let Some(v) = record.get(f.name).filter(|_| typed) else {
            continue;
        };
        match v {
            Value::String(s) => look(f.name.to_string(), s),
            Value::Array(a) if f.kind == Kind::Bets => {
                for (i, bet) in a.iter().enumerate() {
                    if let Some(Value::String(s)) = bet.get("clientSeed") {
                        look(format!("{}[{i}].clientSeed", f.name), s);
                    }
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    if let Value::String(s) = x {
                        look(format!("{}[{i}]", f.name), s);
                    }
                }
            }
            Value::Object(o) => {
                for (k, x) in o {
                    if let Value::String(s) = x {
                        look(format!("{}.{k}", f.name), s);
                    }
                }
            }
            _ => {}
        }
    }
}

/// `lookalike_char` and `invisible_char`: every typed field (a seed, a client
/// seed, an id; each entry of a list or seat map of them, each bet's client seed)
/// holding a character a person cannot see, or one that looks like another.
/// A field that already has its `lookalike_char` (`seed_latin`, in `given`) gets no
/// second one.
pub(super) fn typed_chars(
    scheme: &Descriptor,
    record: &Map<String, Value>,
    #[allow(unused_variables)] given: &[Value],
) -> Vec<Value> {
    #[allow(unused_mut)]
    let mut out = invisible_chars(scheme, record);
    // The badge checks the record its host page gives it, which no player typed:
    // the hints about typing (`lookalike_char`, `seed_wrapped`) are the page's, the
    // CLI's and the evidence file's, and stay out of the badge's size budget.
    #[cfg(not(feature = "widget"))]
    typed_strings(scheme, record, false, &mut |field, s| {
        let said = given
            .iter()
            .any(|h| h["code"] == "lookalike_char" && h["field"] == field.as_str());
        if let (Some((position, c, kind, count)), false) = (lookalike(s), said) {
            out.push(lookalike_hint(&field, position, c, kind, count));
        }
    });
    out
}

/// The SHA-256 of every string of the record that could be a seed, with its path
/// (each hashed once, for all the failed checks): top-level
/// strings and the strings inside lists and objects one level down. Published
/// hashes, the scheme and the game are left out.
fn string_hashes(scheme: &Descriptor, record: &Map<String, Value>) -> Vec<(String, String)> {
    let hash = |s: &String| sha256_hex(s.as_bytes());
    let mut out = Vec::new();
    for (k, v) in record {
        let role = scheme.field(k).map(|f| f.role);
        if k == "scheme"
            || k == "game"
            || role == Some(Role::Commitment)
            || role == Some(Role::Played)
        {
            continue;
        }
        match v {
            Value::String(s) => out.push((k.clone(), hash(s))),
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate().take(64) {
                    if let Value::String(s) = x {
                        out.push((format!("{k}[{i}]"), hash(s)));
                    }
                }
            }
            Value::Object(o) => {
                for (j, x) in o.iter().take(64) {
                    if let Value::String(s) = x {
                        out.push((format!("{k}.{j}"), hash(s)));
                    }
                }
            }
            _ => {}
        }
    }
    out
}
