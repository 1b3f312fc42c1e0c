//! The one reader of a pasted line's fields, shared by round histories
//! (`round_history`), bet lines (`bet_lines`) and the paste classifier (`classify`):
//! the separator is the line's own (a tab, else a semicolon, else a comma, outside
//! "quotes"), and a "quoted" field keeps separators inside it (`""` is a quote).

/// The separator of a line: a tab, else a semicolon, else a comma (outside quotes).
pub fn separator(line: &str) -> char {
    let bare = without_quoted(line);
    if bare.contains('\t') {
        '\t'
    } else if bare.contains(';') {
        ';'
    } else {
        ','
    }
}

/// `line` with its "quoted" parts left out (a quote without its closing one is kept).
fn without_quoted(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '"' {
            if let Some(end) = closing_quote(&chars, i + 1) {
                i = end + 1;
                continue;
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// The index of the quote that closes a quoted part starting at `from`.
fn closing_quote(chars: &[char], from: usize) -> Option<usize> {
    let mut j = from;
    while j < chars.len() {
        if chars[j] == '"' {
            if chars.get(j + 1) == Some(&'"') {
                j += 2;
                continue;
            }
            return Some(j);
        }
        j += 1;
    }
    None
}

/// A line's fields, split at `sep` outside "quotes" (`""` is a quote inside one):
/// unquoted fields are trimmed, quoted ones kept exactly. A line ending in the
/// separator ends with an empty field.
pub fn split(line: &str, sep: char) -> Vec<String> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    loop {
        while i < chars.len() && chars[i] != sep && chars[i].is_whitespace() {
            i += 1;
        }
        let mut field = String::new();
        if chars.get(i) == Some(&'"') {
            i += 1;
            while i < chars.len() {
                if chars[i] == '"' {
                    if chars.get(i + 1) == Some(&'"') {
                        field.push('"');
                        i += 2;
                        continue;
                    }
                    i += 1;
                    break;
                }
                field.push(chars[i]);
                i += 1;
            }
            while i < chars.len() && chars[i] != sep {
                i += 1;
            }
        } else {
            let end = chars[i..]
                .iter()
                .position(|&c| c == sep)
                .map_or(chars.len(), |p| i + p);
            field = chars[i..end].iter().collect::<String>().trim().to_string();
            i = end;
        }
        out.push(field);
        if i >= chars.len() {
            break;
        }
        i += 1; // the separator
        if i == chars.len() {
            out.push(String::new());
            break;
        }
    }
    out
}

/// A line's fields at its own separator.
#[cfg(not(feature = "widget"))]
pub fn fields(line: &str) -> Vec<String> {
    split(line, separator(line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_keep_separators_and_a_trailing_separator_is_an_empty_field() {
        // The case of the page's former bet-line test (splitLine), as the page read it.
        assert_eq!(
            split("a, \"b \"\"c\"\", d\" ,e,", ','),
            ["a", "b \"c\", d", "e", ""]
        );
        assert_eq!(split("", ','), [""]);
        assert_eq!(split(" x ;\ty ", ';'), ["x", "y"]);
    }

    #[test]
    fn the_separator_is_a_tab_else_a_semicolon_else_a_comma_outside_quotes() {
        assert_eq!(separator("1\t2;3,4"), '\t');
        assert_eq!(separator("1;2,3"), ';');
        assert_eq!(separator("1,2"), ',');
        assert_eq!(separator("1,\"a;b\""), ',');
        assert_eq!(
            fields("1732756271413\t\"3,5\"\t"),
            ["1732756271413", "3,5", ""]
        );
        // A quote that is never closed is text.
        assert_eq!(separator("1,\"a;b"), ';');
    }
}
