//! A bet line's cells: a dice selection, a dice result, a number of mines and
//! mine positions (see the module above).

/// An optional column not given: empty, or a dash.
pub(super) fn empty(s: &str) -> bool {
    matches!(s, "" | "-" | "\u{2013}" | "\u{2014}")
}

/// The tokens of a list field (`[1, 2]`, `1 2`, `1/2`…).
fn tokens(text: &str) -> Vec<&str> {
    let s = text.trim();
    let s = s
        .strip_prefix('[')
        .and_then(|x| x.strip_suffix(']'))
        .unwrap_or(s);
    s.split(|c: char| c.is_whitespace() || ",;/|+&".contains(c))
        .filter(|t| !t.is_empty())
        .collect()
}

/// How a selection was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    List,
    Range,
    Digits,
}

impl How {
    pub(super) fn as_str(self) -> &'static str {
        match self {
            How::List => "list",
            How::Range => "range",
            How::Digits => "digits",
        }
    }
}

pub(super) fn face_digit(c: char) -> Option<u8> {
    ('1'..='6').contains(&c).then(|| c as u8 - b'0')
}

/// A dice selection: its faces and how it was written, or None.
pub fn parse_selection(text: &str) -> Option<(Vec<u8>, How)> {
    let toks = tokens(text);
    if toks.is_empty() {
        return None;
    }
    let mut faces = Vec::new();
    let mut how = How::List;
    for tok in toks {
        if let Some((a, b)) = range(tok) {
            if a > b {
                return None;
            }
            faces.extend(a..=b);
            how = How::Range;
        } else if tok.chars().all(|c| face_digit(c).is_some()) {
            faces.extend(tok.chars().filter_map(face_digit));
            if tok.len() > 1 && how == How::List {
                how = How::Digits;
            }
        } else {
            return None;
        }
    }
    Some((faces, how))
}

/// `1-3`, `1–3`, `1..3`: the two faces.
fn range(tok: &str) -> Option<(u8, u8)> {
    let mut cs = tok.chars();
    let a = face_digit(cs.next()?)?;
    let rest = cs.as_str();
    let rest = ["-", "\u{2013}", ".."]
        .iter()
        .find_map(|d| rest.strip_prefix(d))?;
    let mut cs = rest.chars();
    let b = face_digit(cs.next()?)?;
    cs.next().is_none().then_some((a, b))
}

/// A dice result: the face 1–6 ("4", "4 win", "4 (loss)").
pub fn parse_face(text: &str) -> Option<u8> {
    let s = text.trim();
    let mut cs = s.chars();
    let f = face_digit(cs.next()?)?;
    let after = cs.as_str().trim_start();
    match after.chars().next() {
        None => Some(f),
        Some(c) if !c.is_ascii_digit() => Some(f),
        _ => None,
    }
}

/// A number of mines, 0–25.
pub(super) fn parse_mine_count(text: &str) -> Option<u8> {
    let s = text.trim();
    (!s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse::<u8>().ok())
        .flatten()
        .filter(|n| *n <= 25)
}

/// Mine positions, cells 1–25 in the order given.
pub(super) fn parse_positions(text: &str) -> Option<Vec<u8>> {
    let toks = tokens(text);
    if toks.is_empty() {
        return None;
    }
    toks.iter()
        .map(|t| {
            (t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse::<u8>().ok())
                .flatten()
                .filter(|n| (1..=25).contains(n))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_is_its_face_and_words_after_it_are_ignored() {
        assert_eq!(parse_face("4 win"), Some(4));
    }
}
