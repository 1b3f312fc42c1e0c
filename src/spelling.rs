//! How a number was written, for the badge's reader. The badge parses JSON with the
//! engine's `JSON.parse` (README "Size and speed"), which reads `7`, `7.0`, `7e0` and
//! `1e-400` alike; SPEC refuses an integer written with a fraction or an exponent,
//! and serde_json (the page's and the CLI's reader) keeps such numbers as floats, so
//! `Fields::int` refuses them. Before `JSON.parse`, every number written with a
//! fraction or an exponent is turned into a string holding a lone surrogate (which no
//! valid record holds: serde_json refuses it) and the number's text; the badge's
//! reader turns it back into a float, as serde_json would have read it.
#![cfg_attr(not(feature = "widget"), allow(dead_code))]

/// The marker's first UTF-16 unit: a lone low surrogate.
pub const MARK: u16 = 0xDFFF;

/// `text` with every number written with `.`, `e` or `E` (outside strings) replaced
/// by `"\udfff<number>"`, or `None` when there is none.
pub fn mark_floats(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let mut out = String::new();
    let (mut last, mut i, mut in_string, mut marked) = (0, 0, false, false);
    while i < b.len() {
        let c = b[i];
        if in_string {
            match c {
                b'\\' => i += 2,
                b'"' => {
                    in_string = false;
                    i += 1;
                }
                _ => i += 1,
            }
            continue;
        }
        match c {
            b'"' => {
                in_string = true;
                i += 1;
            }
            b'-' | b'0'..=b'9' => {
                let start = i;
                while i < b.len() && matches!(b[i], b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E')
                {
                    i += 1;
                }
                let number = text.get(start..i).unwrap_or_default();
                if number.bytes().any(|x| matches!(x, b'.' | b'e' | b'E')) {
                    out.push_str(text.get(last..start).unwrap_or_default());
                    out.push_str("\"\\udfff");
                    out.push_str(number);
                    out.push('"');
                    last = i;
                    marked = true;
                }
            }
            _ => i += 1,
        }
    }
    if !marked {
        return None;
    }
    out.push_str(text.get(last..).unwrap_or_default());
    Some(out)
}

/// Whether a string of `text` (a value or a key) opens with the escape `\\udfff` in
/// any case: a lone low surrogate, which serde_json refuses wherever it stands, and
/// which the badge's reader would otherwise take for the marker `mark_floats` writes
/// (`"\\udfff50"` read as the number 50). A raw U+DFFF cannot be in a `&str`.
pub fn opens_with_mark(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    let mut in_string = false;
    while i < b.len() {
        match (in_string, b[i]) {
            (true, b'\\') => i += 2,
            (true, b'"') => {
                in_string = false;
                i += 1;
            }
            (true, _) => i += 1,
            (false, b'"') => {
                if b.get(i + 1..i + 7)
                    .is_some_and(|e| e.eq_ignore_ascii_case(b"\\udfff"))
                {
                    return true;
                }
                in_string = true;
                i += 1;
            }
            (false, _) => i += 1,
        }
    }
    false
}

/// JSON's number grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
pub fn is_json_number(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i > start
    };
    if b.first() == Some(&b'-') {
        i += 1;
    }
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            digits(&mut i);
        }
        _ => return false,
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == b.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_string_opening_with_a_lone_low_surrogate_is_seen() {
        for hostile in [
            r#"{"chances":["\udfff50","\udfff50"]}"#,
            r#"{"a":"\uDFFF1.5"}"#,
            r#"{"\uDfFf":1}"#,
            r#"["x", "\udfff"]"#,
        ] {
            assert!(opens_with_mark(hostile), "{hostile}");
        }
        // Inside a string, after an escaped quote, or as the low half of a pair.
        for fine in [
            r#"{"a":"x\udfff"}"#,
            r#"{"a":"\"\udfff"}"#,
            r#"{"a":"\udbff\udfff"}"#,
            r#"{"a":"\\udfff"}"#,
            r#"{"a":7.5}"#,
        ] {
            assert!(!opens_with_mark(fine), "{fine}");
        }
    }

    #[test]
    fn numbers_with_a_fraction_or_exponent_are_marked_outside_strings() {
        assert_eq!(mark_floats(r#"{"a":7,"b":[-0,12]}"#), None);
        assert_eq!(
            mark_floats(r#"{"n":7.0,"m":1e-400,"s":"1.5 \" 2e3","c":[33.3,-2E1]}"#).as_deref(),
            Some(
                r#"{"n":"\udfff7.0","m":"\udfff1e-400","s":"1.5 \" 2e3","c":["\udfff33.3","\udfff-2E1"]}"#
            )
        );
        // An escaped backslash before a closing quote ends the string.
        assert_eq!(
            mark_floats(r#"{"s":"\\","n":1.5}"#).as_deref(),
            Some(r#"{"s":"\\","n":"\udfff1.5"}"#)
        );
    }

    #[test]
    fn json_number_grammar() {
        for ok in [
            "0",
            "-0",
            "7.0",
            "1e-400",
            "1.00000000000000000001",
            "2E+1",
            "10",
        ] {
            assert!(is_json_number(ok), "{ok}");
        }
        for bad in [
            "", "-", "01", "1.", ".5", "1e", "1e+", "+1", "1.0.0", "--1", "1-2",
        ] {
            assert!(!is_json_number(bad), "{bad}");
        }
    }
}
