//! A key written twice in one JSON object (`{"serverSeed": "a", "serverSeed": "b"}`).
//! RFC 8259 leaves such a text's meaning to the reader ("the names within an object
//! SHOULD be unique"): serde_json and a browser's `JSON.parse` keep the last value, a
//! fairness page or another tool may keep the first. A record the verifier reads one
//! way and a browser tab, an operator's script or a player's eye reads another is not
//! a record of one round, so it is refused whole (`bad_json`, param `duplicate`),
//! on every surface: the page and the CLI (`crate::parse_json`) and the badge
//! (`wasm::interop::json_value`) call `check` after their own reader.
//!
//! The rule costs one pass over the text and no memory: in valid JSON every `:`
//! outside a string separates exactly one key from its value, so the pairs written
//! are those `:`; a reader that kept every key holds as many. Only when they differ is
//! the text read again to name the key (`first`, not in the badge).
use crate::error::{ErrorCode, VerifyError};
use serde_json::Value;

#[cfg(not(feature = "widget"))]
use crate::played::{path_text, Seg};

/// The key–value pairs written in a valid JSON text: its `:` outside strings.
fn pairs_written(text: &str) -> usize {
    let b = text.as_bytes();
    let (mut n, mut i, mut in_string) = (0, 0, false);
    while i < b.len() {
        match (in_string, b[i]) {
            (true, b'\\') => i += 1,
            (_, b'"') => in_string = !in_string,
            (false, b':') => n += 1,
            _ => {}
        }
        i += 1;
    }
    n
}

/// The key–value pairs a value holds, at every depth.
fn pairs_held(v: &Value) -> usize {
    match v {
        Value::Object(m) => m.len() + m.values().map(pairs_held).sum::<usize>(),
        Value::Array(a) => a.iter().map(pairs_held).sum(),
        _ => 0,
    }
}

/// `Ok` when `value` (read from `text` by a reader that keeps one value per key)
/// holds every pair the text writes; else `bad_json` naming the key written twice.
pub fn check(text: &str, value: &Value) -> Result<(), VerifyError> {
    if pairs_written(text) == pairs_held(value) {
        return Ok(());
    }
    #[cfg(not(feature = "widget"))]
    let found = first(text);
    // The badge names no path (its reader is the engine's; the page's names it).
    #[cfg(feature = "widget")]
    let found: Option<Twice> = None;
    let Twice {
        path,
        values: (one, two),
    } = found.unwrap_or_default();
    let mut e = VerifyError::new(
        ErrorCode::BadJson,
        &path,
        msg!("a key is written twice in one object: which value is meant is not said"),
    )
    .with("duplicate", true);
    // Both values the text gave the key (issue 44: "keep one" names what to choose
    // from), when each is short enough to be said in a sentence.
    if let (Some(a), Some(b)) = (one, two) {
        e = e.with(
            "values",
            Value::Array(vec![Value::String(a), Value::String(b)]),
        );
    }
    Err(e)
}

/// The key written twice: its path and the two values the text gave it, each as a
/// player would read it (a string without its quotes, a number as written).
#[derive(Default)]
struct Twice {
    path: String,
    values: (Option<String>, Option<String>),
}

/// The value that starts after the `:` following `at` in `text`, as words: a string's
/// text, a number, `true`, `false`, `null`, or a short array or object as written
/// compactly; None past 64 characters or when the text cannot be read there.
#[cfg(not(feature = "widget"))]
fn value_after(text: &str, at: usize) -> Option<String> {
    let rest = text.get(at..)?.trim_start();
    let rest = rest.strip_prefix(':')?.trim_start();
    let v = serde_json::Deserializer::from_str(rest)
        .into_iter::<Value>()
        .next()?
        .ok()?;
    let words = match v {
        Value::String(s) => s,
        other => other.to_string(),
    };
    (words.chars().count() <= 64).then_some(words)
}

/// Where a JSON container is, while the text is read again.
#[cfg(not(feature = "widget"))]
enum Frame {
    /// An object: the keys met so far (each with where its value's `:` is looked for)
    /// and the one being read.
    Object(std::collections::BTreeMap<String, usize>, String),
    /// An array: the index of the item being read.
    Array(usize),
}

/// The path (`serverSeed`, `played.mines`, `bets[2].nonce`) of the first key written
/// twice in its object, with the two values written for it, in a valid JSON text;
/// None when there is none.
#[cfg(not(feature = "widget"))]
fn first(text: &str) -> Option<Twice> {
    let b = text.as_bytes();
    let mut stack: Vec<Frame> = Vec::new();
    let mut expect_key = false;
    let mut i = 0;
    // The path of the value the next container opens under, written as every other
    // path of a record is (`played::path_text`: `bets[1].nonce`).
    let here = |stack: &Vec<Frame>| -> String {
        let segs: Vec<Seg> = stack
            .iter()
            .map(|f| match f {
                Frame::Object(_, key) => Seg::Key(key.clone()),
                Frame::Array(n) => Seg::Index(*n),
            })
            .collect();
        let p = path_text("", &segs);
        p.strip_prefix('.').unwrap_or(&p).to_string()
    };
    while i < b.len() {
        match b[i] {
            b'"' => {
                let start = i;
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                let raw = text.get(start..=i)?;
                if expect_key {
                    // The key as the reader compares it (escapes decoded: "a\u0062" is "ab").
                    let key: String = serde_json::from_str(raw).ok()?;
                    if let Some(Frame::Object(keys, current)) = stack.last_mut() {
                        if let Some(&before) = keys.get(&key) {
                            *current = key;
                            let values = (value_after(text, before), value_after(text, i + 1));
                            return Some(Twice {
                                path: here(&stack),
                                values,
                            });
                        }
                        keys.insert(key.clone(), i + 1);
                        *current = key;
                    }
                    expect_key = false;
                }
            }
            b'{' => {
                stack.push(Frame::Object(Default::default(), String::new()));
                expect_key = true;
            }
            b'[' => stack.push(Frame::Array(0)),
            b'}' | b']' => {
                stack.pop();
            }
            b',' => match stack.last_mut() {
                Some(Frame::Object(..)) => expect_key = true,
                Some(Frame::Array(n)) => *n += 1,
                None => {}
            },
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<(), VerifyError> {
        let v: Value = serde_json::from_str(text).unwrap();
        check(text, &v)
    }

    #[test]
    fn a_key_written_twice_is_refused_with_its_path() {
        for (text, path) in [
            (r#"{"serverSeed": "a", "serverSeed": "b"}"#, "serverSeed"),
            (
                r#"{"a": 1, "played": {"mines": [1], "mines": [2]}}"#,
                "played.mines",
            ),
            (
                r#"{"bets": [{"nonce": 1}, {"nonce": 2, "x": 0, "nonce": 3}]}"#,
                "bets[1].nonce",
            ),
            // Escapes decoded: the same key however it is spelt.
            (r#"{"ab": 1, "a\u0062": 2}"#, "ab"),
            (r#"{"s\"": 1, "s\u0022": 2}"#, "s\""),
            (r#"[{"k": {"k": 1}, "k": 2}]"#, "[0].k"),
        ] {
            let e = read(text).expect_err(text);
            assert_eq!(e.code, ErrorCode::BadJson, "{text}");
            assert_eq!(e.field, path, "{text}");
            assert_eq!(
                e.params.get("duplicate"),
                Some(&Value::Bool(true)),
                "{text}"
            );
        }
    }

    #[test]
    fn both_values_of_a_key_written_twice_are_given() {
        for (text, values) in [
            (
                r#"{"nonce": 1, "serverSeed": "s", "nonce" : 1732414503382}"#,
                Some(("1", "1732414503382")),
            ),
            (r#"{"s": "a b", "s":"c\"d"}"#, Some(("a b", "c\"d"))),
            (
                r#"{"played": {"mines": [1, 2], "mines": [3,4]}}"#,
                Some(("[1,2]", "[3,4]")),
            ),
            // A value too long for a sentence: the path alone.
            (&format!(r#"{{"k": "{}", "k": 1}}"#, "x".repeat(65)), None),
        ] {
            let e = read(text).expect_err(text);
            let want = values.map(|(a, b)| serde_json::json!([a, b]));
            assert_eq!(e.params.get("values"), want.as_ref(), "{text}");
        }
    }

    #[test]
    fn the_same_key_in_different_objects_and_colons_in_strings_are_fine() {
        for text in [
            r#"{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}"#,
            r#"{"k": "a:b:c", "k2": "\":\""}"#,
            r#"{"a\\": ":", "b": "\\"}"#,
            r#"[1, "x", {"": 0}, {"": 1}]"#,
            r#""just a string: with a colon""#,
            "{}",
        ] {
            read(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        }
    }

    #[test]
    fn many_keys_are_counted_not_compared() {
        // 200,000 distinct keys: one pass, no per-key work.
        let text = format!(
            "{{{}}}",
            (0..200_000)
                .map(|i| format!("\"k{i}\": {i}"))
                .collect::<Vec<_>>()
                .join(",")
        );
        read(&text).unwrap();
        let dup = format!("{}, \"k7\": 0}}", &text[..text.len() - 1]);
        assert_eq!(read(&dup).unwrap_err().field, "k7");
    }
}
