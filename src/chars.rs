//! What a person cannot see in a typed field, or mistakes for something else: one
//! table for the report's hints (`invisible_char`, `lookalike_char`), the
//! diagnosis's `trim` slip and the recipes' string literals (SPEC hints).

/// Cc (controls: line break, tab…) and Cf (format: zero-width, direction marks and
/// overrides, the BOM, the soft hyphen…) characters: invisible in a form, or
/// changing how the text around them is shown, yet hashed like any other.
pub(crate) fn invisible(c: char) -> bool {
    matches!(c as u32,
        0x00..=0x1F | 0x7F..=0x9F // Cc
        | 0xAD | 0x600..=0x605 | 0x61C | 0x6DD | 0x70F | 0x890..=0x891 | 0x8E2 | 0x180E
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x2064 | 0x2066..=0x206F
        | 0xFEFF | 0xFFF9..=0xFFFB | 0x110BD | 0x110CD | 0x13430..=0x1343F
        | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A | 0xE0001 | 0xE0020..=0xE007F)
}

/// Why a character of a typed field is a look-alike (SPEC hint `lookalike_char`).
#[cfg(not(feature = "widget"))]
fn lookalike_kind(c: char) -> Option<&'static str> {
    match c as u32 {
        // Zs other than U+0020.
        0xA0 | 0x1680 | 0x2000..=0x200A | 0x202F | 0x205F | 0x3000 => Some("space"),
        // Variation selectors, the Mongolian free variation selectors (U+180E is a Cf,
        // `invisible`) and the combining grapheme joiner: marks that show nothing.
        0xFE00..=0xFE0F | 0xE0100..=0xE01EF | 0x180B..=0x180D | 0x180F | 0x34F => Some("selector"),
        // Hangul fillers, the Khmer inherent vowels and the blank Braille pattern:
        // letters or symbols drawn as nothing.
        0x115F | 0x1160 | 0x3164 | 0xFFA0 | 0x17B4..=0x17B5 | 0x2800 => Some("filler"),
        // Fullwidth forms of ASCII (`Ａ`, `１`): the same letter or digit to a reader.
        0xFF01..=0xFF5E => Some("width"),
        // Other compatibility forms of Latin letters and digits (Unicode folds each to
        // its ASCII letter under NFKC, as it does the fullwidth ones; issue 43): the
        // letterlike symbols drawn as letters (`ℂ`, `ℊ`–`ℓ` with `ℎ` and `ℓ`, `ℕ`,
        // `ℙ`–`ℝ`, `ℤ`, `ℨ`, the Kelvin sign `K`, the Ångström sign `Å`, `ℬ`, `ℭ`,
        // `ℯ`–`ℱ`, `ℳ`–`ℹ`, `ℼ`–`ℿ`, `ⅅ`–`ⅉ`), the Roman numerals (`Ⅰ`, `ⅴ`, `Ⅹ`…)
        // and the mathematical alphanumerics (bold `𝐚`, script, fraktur, double-struck,
        // monospace letters and digits: U+1D400–1D7FF).
        0x2102
        | 0x2107
        | 0x210A..=0x2113
        | 0x2115
        | 0x2119..=0x211D
        | 0x2124
        | 0x2128
        | 0x212A..=0x212D
        | 0x212F..=0x2131
        | 0x2133..=0x2139
        | 0x213C..=0x213F
        | 0x2145..=0x2149
        | 0x2160..=0x217F
        | 0x1D400..=0x1D7FF => Some("width"),
        _ => None,
    }
}

/// The script of a letter, as far as a look-alike goes: Latin, Cyrillic, Greek, and
/// (issue 43) Armenian and Cherokee, whose letters include many drawn like Latin ones
/// (Armenian `օ` `ս` `ո` `հ` `ց` for o u n h g; Cherokee `Ꭺ` `Ᏼ` `Ꮯ` `Ꭼ` for A B C E).
#[cfg(not(feature = "widget"))]
fn script(c: char) -> Option<u8> {
    match c as u32 {
        0x41..=0x5A | 0x61..=0x7A | 0xC0..=0x24F | 0x1E00..=0x1EFF => Some(0),
        0x400..=0x52F | 0x1C80..=0x1C8F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F => Some(1),
        0x370..=0x3FF | 0x1F00..=0x1FFF => Some(2),
        0x531..=0x58F | 0xFB13..=0xFB17 => Some(3),
        0x13A0..=0x13FF | 0xAB70..=0xABBF => Some(4),
        _ => None,
    }
}

/// A Cyrillic or Greek letter drawn like a digit or a hex letter (`О`/`ο` for 0,
/// `З` for 3, `б` for 6, `А`/`В`/`С`/`Е` and `а`/`с`/`е` for the hex letters).
#[cfg(not(feature = "widget"))]
fn looks_like_digit_or_hex(c: char) -> bool {
    matches!(
        c,
        'օ' | 'О'
            | 'о'
            | 'З'
            | 'з'
            | 'б'
            | 'Б'
            | 'А'
            | 'а'
            | 'В'
            | 'в'
            | 'С'
            | 'с'
            | 'Е'
            | 'е'
            | 'Ѕ'
            | 'ѕ'
            | 'І'
            | 'і'
            | 'Ӏ'
            | 'ԁ'
            | 'Ο'
            | 'ο'
            | 'Α'
            | 'α'
            | 'Β'
            | 'β'
            | 'Ε'
            | 'ε'
            | 'Ι'
            | 'Ζ'
    )
}

/// The first look-alike of `s`, with its kind: a space other than U+0020, a space
/// or line break at either end, a variation selector, a Hangul filler, or a
/// Cyrillic or Greek letter in a word (a run of letters and digits) that also holds
/// Latin ones (`pаssword`): (position in characters, the character, kind, count).
#[cfg(not(feature = "widget"))]
pub(crate) fn lookalike(s: &str) -> Option<(usize, char, &'static str, usize)> {
    let chars: Vec<char> = s.chars().collect();
    let mut found: Vec<(usize, char, &'static str)> = Vec::new();
    let edge = |c: char| c.is_whitespace();
    let n = chars.len();
    for (i, &c) in chars.iter().enumerate() {
        if let Some(kind) = lookalike_kind(c) {
            found.push((i, c, kind));
        } else if edge(c)
            && !invisible(c)
            && (chars[..i].iter().all(|&x| edge(x)) || chars[i + 1..].iter().all(|&x| edge(x)))
        {
            found.push((i, c, "edge"));
        }
    }
    // Words mixing Latin with Cyrillic or Greek letters.
    let mut start = 0;
    while start < n {
        let word = |c: char| c.is_ascii_digit() || script(c).is_some();
        if !word(chars[start]) {
            start += 1;
            continue;
        }
        let end = (start..n).find(|&j| !word(chars[j])).unwrap_or(n);
        let w = &chars[start..end];
        let foreign = |c: char| matches!(script(c), Some(1..=4));
        // A Latin word with Cyrillic or Greek letters in it, or a word of digits with
        // one Cyrillic or Greek letter that reads as a digit or a hex letter
        // (`98З1`, `7ОО5`… with `З` for 3, `О` for 0): a number or hash retyped.
        let digits_and_one = w.iter().any(|c| c.is_ascii_digit())
            && w.iter().filter(|&&c| foreign(c)).count() == 1
            && w.iter().any(|&c| looks_like_digit_or_hex(c));
        if w.iter().any(|&c| script(c) == Some(0)) || digits_and_one {
            for (k, &c) in w.iter().enumerate() {
                if foreign(c) {
                    found.push((start + k, c, "mixed"));
                }
            }
        }
        start = end;
    }
    let count = found.len();
    found
        .into_iter()
        .min_by_key(|f| f.0)
        .map(|(i, c, kind)| (i, c, kind, count))
}

/// SPEC conventions: a commitment is compared case-insensitively but goes into the
/// message exactly as given, so `commitB` typed in capitals (a phone's keyboard, a
/// site that shows hashes in capitals) draws another colour while `commitBOk` still
/// holds. The operator's own hash is SHA-256's lowercase hex, so capitals are never
/// what it hashed: SPEC `lookalike_char` (given on any verdict), kind `case`, with
/// the first capital's position and how many there are.
#[cfg(not(feature = "widget"))]
pub(crate) fn capitals_hint(field: &str, text: &str) -> Option<serde_json::Value> {
    let mut caps = text
        .chars()
        .enumerate()
        .filter(|(_, c)| c.is_ascii_uppercase());
    let (position, c) = caps.next()?;
    Some(lookalike_hint(field, position, c, "case", 1 + caps.count()))
}

/// SPEC hint `lookalike_char` for `field`: the first such character's position (in
/// characters, from 0) and code point, its kind, and how many the field holds. One
/// shape for every caller (typed fields, commitments and leaves in capitals).
#[cfg(not(feature = "widget"))]
pub(crate) fn lookalike_hint(
    field: &str,
    position: usize,
    c: char,
    kind: &str,
    count: usize,
) -> serde_json::Value {
    serde_json::json!({"code": "lookalike_char", "field": field, "position": position,
                       "codePoint": c as u32, "char": format!("U+{:04X}", c as u32),
                       "kind": kind, "count": count})
}
