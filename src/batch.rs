//! Many records at once (a pasted list, a file of records, `verifier.js --jsonl`,
//! several files on the command line): where the records are in the text, and
//! the one rule for the verdict of the whole batch, which every surface shows and
//! the CLI exits with.

use serde_json::Value;

use crate::error::{Result, VerifyError};

/// Records in one pasted or opened text at most (issue 43: counts capped before
/// work). `split_records` stops cutting at the next one and answers
/// [`Split::TooMany`], a typed error, at once whatever the text's size; many more
/// records stream through `verifier.js --jsonl`, one at a time.
pub const MAX_RECORDS: usize = 10_000;

/// Where one record of a batch stands: its report's verdict, or `Invalid` when it
/// could not be checked at all (an error).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Pass,
    Fail,
    Unchecked,
    Invalid,
}

impl Status {
    /// The status of one record's result. A report still `checking` is not final
    /// (a batch never holds one: its records are verified whole), so it counts as
    /// nothing proven.
    pub fn of(result: &Result<Value>) -> Status {
        match result {
            Err(_) => Status::Invalid,
            Ok(report) => match report.get("verdict").and_then(Value::as_str) {
                Some("pass") => Status::Pass,
                Some("fail") => Status::Fail,
                _ => Status::Unchecked,
            },
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Fail => "fail",
            Status::Unchecked => "unchecked",
            Status::Invalid => "invalid",
        }
    }

    /// SPEC's exit statuses: 0 pass, 1 fail, 2 invalid input, 3 unchecked.
    pub fn exit_code(self) -> u8 {
        match self {
            Status::Pass => 0,
            Status::Fail => 1,
            Status::Invalid => 2,
            Status::Unchecked => 3,
        }
    }

    /// How much a status weighs in a batch: a failed record is evidence against the
    /// operator, the strongest news, and must never be hidden behind a typo in
    /// another line; then a record that could not be checked at all (the player has
    /// something to fix); then one whose check proved nothing; a batch passes only
    /// when every record passed.
    fn weight(self) -> u8 {
        match self {
            Status::Fail => 3,
            Status::Invalid => 2,
            Status::Unchecked => 1,
            Status::Pass => 0,
        }
    }
}

/// The counts of a batch and its verdict.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub pass: usize,
    pub fail: usize,
    pub unchecked: usize,
    pub invalid: usize,
}

impl Tally {
    pub fn add(&mut self, s: Status) {
        match s {
            Status::Pass => self.pass += 1,
            Status::Fail => self.fail += 1,
            Status::Unchecked => self.unchecked += 1,
            Status::Invalid => self.invalid += 1,
        }
    }

    pub fn count(&self) -> usize {
        self.pass + self.fail + self.unchecked + self.invalid
    }

    /// The batch's verdict: the heaviest status present (see `Status::weight`); an
    /// empty batch checked nothing, so it is unchecked.
    pub fn verdict(&self) -> Status {
        [
            (Status::Fail, self.fail),
            (Status::Invalid, self.invalid),
            (Status::Unchecked, self.unchecked),
            (Status::Pass, self.pass),
        ]
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .map(|(s, _)| s)
        .max_by_key(|s| s.weight())
        .unwrap_or(Status::Unchecked)
    }

    pub fn to_json(&self) -> Value {
        let v = self.verdict();
        json!({"verdict": v.as_str(), "exit": v.exit_code(), "count": self.count(),
               "pass": self.pass, "fail": self.fail, "unchecked": self.unchecked,
               "invalid": self.invalid})
    }
}

/// One record found in a batch's text: its own text (the core parses each record
/// from it, so a number like `1e309` meets the same parser as in a single record),
/// the wrapper's name, and its line for JSON lines.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub name: Value,
    pub line: Option<usize>,
    pub text: String,
}

/// What a text holds: nothing, one record, many (a JSON array, or JSON lines), or
/// more than [`MAX_RECORDS`] (the error, `out_of_range` with `maxItems`).
#[derive(Clone, Debug, PartialEq)]
pub enum Split {
    Empty,
    One(Item),
    Many(Vec<Item>),
    TooMany(VerifyError),
}

impl Split {
    pub fn to_json(&self) -> Value {
        let item = |i: &Item| json!({"name": i.name, "line": i.line, "text": i.text});
        match self {
            Split::Empty => json!({"kind": "empty", "items": []}),
            Split::One(i) => json!({"kind": "one", "items": [item(i)]}),
            Split::Many(v) => {
                json!({"kind": "many", "items": Value::Array(v.iter().map(item).collect())})
            }
            Split::TooMany(e) => {
                json!({"kind": "error", "items": [], "error": crate::error_json(e)})
            }
        }
    }
}

fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

fn skip_ws(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && is_ws(s[i]) {
        i += 1;
    }
    i
}

/// The end of the string starting at `s[i] == '"'` (after its closing quote).
fn string_end(s: &[u8], i: usize) -> usize {
    let mut j = i + 1;
    while j < s.len() {
        match s[j] {
            b'\\' => j += 2,
            b'"' => return j + 1,
            _ => j += 1,
        }
    }
    s.len()
}

/// The end (exclusive) of the JSON value starting at `i`: strings with escapes,
/// objects and arrays by nesting, anything else up to a delimiter. Nothing is
/// validated: a malformed record is handed on as it is and its own parse says what
/// is wrong, for that record only.
fn value_end(s: &[u8], i: usize) -> usize {
    match s.get(i) {
        Some(b'"') => string_end(s, i),
        Some(b'{') | Some(b'[') => {
            let mut depth = 0usize;
            let mut j = i;
            while j < s.len() {
                match s[j] {
                    b'"' => {
                        j = string_end(s, j);
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            return j + 1;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            s.len()
        }
        _ => {
            let mut j = i;
            while j < s.len() && !is_ws(s[j]) && !matches!(s[j], b',' | b']' | b'}') {
                j += 1;
            }
            if j == i {
                i + 1
            } else {
                j
            }
        }
    }
}

/// `{"name": …, "record": {…}}` (an object with `record` and no `scheme`): the name
/// and the record's own text; anything else is a bare record. The wrapper is read
/// from the text, the record is not parsed here.
fn unwrap(text: &str) -> (Value, String) {
    let s = text.as_bytes();
    let mut i = skip_ws(s, 0);
    let bare = || (Value::Null, text.to_string());
    if s.get(i) != Some(&b'{') {
        return bare();
    }
    let (mut record, mut name, mut scheme) = (None, None, false);
    i = skip_ws(s, i + 1);
    while i < s.len() && s[i] != b'}' {
        if s[i] != b'"' {
            return bare();
        }
        let ke = string_end(s, i);
        let key: Option<String> = serde_json::from_str(&text[i..ke]).ok();
        i = skip_ws(s, ke);
        if s.get(i) != Some(&b':') {
            return bare();
        }
        let vs = skip_ws(s, i + 1);
        let ve = value_end(s, vs);
        match key.as_deref() {
            Some("record") => record = Some((vs, ve)),
            Some("name") => name = Some((vs, ve)),
            Some("scheme") => scheme = true,
            _ => {}
        }
        i = skip_ws(s, ve);
        if s.get(i) == Some(&b',') {
            i = skip_ws(s, i + 1);
        }
    }
    match record {
        Some((a, b)) if !scheme => {
            let name = name.map_or(Value::Null, |(x, y)| {
                serde_json::from_str(&text[x..y]).unwrap_or_else(|_| Value::from(&text[x..y]))
            });
            (name, text[a..b].to_string())
        }
        _ => bare(),
    }
}

fn item(text: &str, line: Option<usize>) -> Item {
    let (name, text) = unwrap(text);
    Item { name, line, text }
}

fn too_many() -> Split {
    Split::TooMany(VerifyError::too_many("records", MAX_RECORDS))
}

/// The records in `input` (a leading BOM is skipped): one JSON value (an array of
/// records, or one record), else JSON lines numbered as in the text. Records are
/// cut out, not parsed (see `value_end`).
pub fn split_records(input: &str) -> Split {
    let input = input.strip_prefix('\u{feff}').unwrap_or(input);
    let s = input.as_bytes();
    let start = skip_ws(s, 0);
    if start >= s.len() {
        return Split::Empty;
    }
    let end = value_end(s, start);
    if skip_ws(s, end) >= s.len() {
        if s[start] != b'[' {
            return Split::One(item(&input[start..end], None));
        }
        let mut items = Vec::new();
        let mut i = skip_ws(s, start + 1);
        while i + 1 < end && s[i] != b']' {
            if items.len() == MAX_RECORDS {
                return too_many();
            }
            let e = value_end(s, i);
            items.push(item(&input[i..e], None));
            i = skip_ws(s, e);
            match s.get(i) {
                Some(b',') => i = skip_ws(s, i + 1),
                Some(b']') => break,
                _ => break,
            }
        }
        return Split::Many(items);
    }
    let mut items: Vec<Item> = Vec::new();
    for (k, l) in input
        .split('\n')
        .enumerate()
        .map(|(k, l)| (k, l.strip_suffix('\r').unwrap_or(l)))
        .filter(|(_, l)| !l.trim().is_empty())
    {
        if items.len() == MAX_RECORDS {
            return too_many();
        }
        items.push(item(l.trim(), Some(k + 1)));
    }
    if items.len() == 1 {
        return Split::One(items.remove(0));
    }
    Split::Many(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_batch_verdict_is_the_heaviest_status() {
        let mut t = Tally::default();
        assert_eq!(t.verdict(), Status::Unchecked);
        t.add(Status::Pass);
        assert_eq!(t.verdict(), Status::Pass);
        t.add(Status::Unchecked);
        assert_eq!(t.verdict(), Status::Unchecked);
        t.add(Status::Invalid);
        assert_eq!(t.verdict(), Status::Invalid);
        t.add(Status::Fail);
        assert_eq!(t.verdict(), Status::Fail);
        assert_eq!(t.verdict().exit_code(), 1);
        assert_eq!(
            t.to_json(),
            json!({"verdict": "fail", "exit": 1, "count": 4, "pass": 1, "fail": 1,
                   "unchecked": 1, "invalid": 1})
        );
        // Invalid over unchecked over pass, whatever the order they came in.
        let mut t = Tally::default();
        for s in [Status::Invalid, Status::Pass, Status::Unchecked] {
            t.add(s);
        }
        assert_eq!((t.verdict(), t.verdict().exit_code()), (Status::Invalid, 2));
    }

    #[test]
    fn records_are_cut_out_not_parsed() {
        assert_eq!(split_records(" \n "), Split::Empty);
        let one = split_records("\u{feff} {\"scheme\": \"x\", \"n\": 1e309} ");
        assert_eq!(
            one,
            Split::One(Item {
                name: Value::Null,
                line: None,
                text: "{\"scheme\": \"x\", \"n\": 1e309}".into()
            })
        );
        // An array: each item's own text, wrappers unwrapped; a broken item stays
        // as it is for its own parse to refuse.
        let Split::Many(items) = split_records(
            "[{\"a\": \"]\\\"\"}, {\"name\": \"n1\", \"record\": {\"b\": [1, 2]}}, {\"c\": ]",
        ) else {
            panic!("many")
        };
        let texts: Vec<&str> = items.iter().map(|i| i.text.as_str()).collect();
        assert_eq!(
            texts,
            vec!["{\"a\": \"]\\\"\"}", "{\"b\": [1, 2]}", "{\"c\": ]"]
        );
        assert_eq!(items[1].name, json!("n1"));
        // JSON lines, numbered as in the text (blank lines counted).
        let Split::Many(items) =
            split_records("{\"a\":1}\r\n\n{\"scheme\":\"s\",\"record\":5}\nnot json\n")
        else {
            panic!("many")
        };
        let lines: Vec<(Option<usize>, &str)> =
            items.iter().map(|i| (i.line, i.text.as_str())).collect();
        assert_eq!(
            lines,
            vec![
                (Some(1), "{\"a\":1}"),
                (Some(3), "{\"scheme\":\"s\",\"record\":5}"),
                (Some(4), "not json")
            ]
        );
    }
}
