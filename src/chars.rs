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

/// Why a character of a typed field is a look-alike (SPEC hint `lookalike_char`), by
/// itself: `cjk` says whether the field also holds Chinese, Japanese or Korean text,
/// whose own punctuation is written in the fullwidth forms.
#[cfg(not(feature = "widget"))]
fn lookalike_kind(c: char, cjk: bool) -> Option<&'static str> {
    match c as u32 {
        // Zs other than U+0020.
        0xA0 | 0x1680 | 0x2000..=0x200A | 0x202F | 0x205F | 0x3000 => Some("space"),
        // Variation selectors, the Mongolian free variation selectors (U+180E is a Cf,
        // `invisible`) and the combining grapheme joiner: marks that show nothing.
        0xFE00..=0xFE0F | 0xE0100..=0xE01EF | 0x180B..=0x180D | 0x180F | 0x34F => Some("selector"),
        // Hangul fillers, the Khmer inherent vowels and the blank Braille pattern:
        // letters or symbols drawn as nothing.
        0x115F | 0x1160 | 0x3164 | 0xFFA0 | 0x17B4..=0x17B5 | 0x2800 => Some("filler"),
        // Fullwidth letters and digits (`Ａ`, `１`): the same letter or digit to a reader.
        0xFF10..=0xFF19 | 0xFF21..=0xFF3A | 0xFF41..=0xFF5A => Some("width"),
        // Fullwidth and small punctuation and signs (`！`, `，`, `￥`, `﹒`): a look-alike
        // of the ASCII sign in Latin text, the ordinary punctuation of Chinese,
        // Japanese or Korean text (`你好，世界！`).
        0xFF01..=0xFF5E | 0xFFE0..=0xFFE6 | 0xFFE8..=0xFFEE | 0xFE50..=0xFE6B if !cjk => {
            Some("width")
        }
        // Compatibility forms (issue 43): every character of these blocks that
        // Unicode's NFKC folds into another (`ℂ`, the Kelvin sign `K`, the Ohm sign `Ω`
        // (Greek Ω), `²`, `ʰ`, `ⓐ`, `ﬁ`, `ĳ`, `ſ`, `µ`, the Roman numerals, the
        // mathematical bold, script, monospace… letters and digits), from Latin-1,
        // Latin Extended-A/B, the spacing modifier letters, the phonetic extensions'
        // modifiers, general punctuation (`…`, `‼`), super- and subscripts, letterlike
        // symbols, number forms, enclosed alphanumerics (and their supplement, not the
        // regional indicators of flags), Latin Extended-C/D/E, the Latin and Armenian
        // ligatures, mathematical alphanumerics and segmented digits (table made with
        // Python's unicodedata 14.0: `normalize("NFKC", c) != c`). Greek, Cyrillic,
        // Arabic and CJK compatibility blocks are left out: honest text of those scripts
        // holds such forms.
        0xA8
        | 0xAA
        | 0xAF
        | 0xB2..=0xB5
        | 0xB8..=0xBA
        | 0xBC..=0xBE
        | 0x132..=0x133
        | 0x13F..=0x140
        | 0x149
        | 0x17F
        | 0x1C4..=0x1CC
        | 0x1F1..=0x1F3
        | 0x2B0..=0x2B8
        | 0x2D8..=0x2DD
        | 0x2E0..=0x2E4
        | 0x1D2C..=0x1D2E
        | 0x1D30..=0x1D3A
        | 0x1D3C..=0x1D4D
        | 0x1D4F..=0x1D6A
        | 0x1D78
        | 0x1D9B..=0x1DBF
        | 0x2011
        | 0x2017
        | 0x2024..=0x2026
        | 0x2033..=0x2034
        | 0x2036..=0x2037
        | 0x203C
        | 0x203E
        | 0x2047..=0x2049
        | 0x2057
        | 0x2070..=0x2071
        | 0x2074..=0x208E
        | 0x2090..=0x209C
        | 0x20A8
        | 0x2100..=0x2103
        | 0x2105..=0x2107
        | 0x2109..=0x2113
        | 0x2115..=0x2116
        | 0x2119..=0x211D
        | 0x2120..=0x2122
        | 0x2124
        | 0x2126
        | 0x2128
        | 0x212A..=0x212D
        | 0x212F..=0x2131
        | 0x2133..=0x2139
        | 0x213B..=0x2140
        | 0x2145..=0x2149
        | 0x2150..=0x217F
        | 0x2189
        | 0x2460..=0x24EA
        | 0x2C7C..=0x2C7D
        | 0xA770
        | 0xA7F2..=0xA7F4
        | 0xA7F8..=0xA7F9
        | 0xAB5C..=0xAB5F
        | 0xAB69
        | 0xFB00..=0xFB06
        | 0xFB13..=0xFB17
        | 0x1D400..=0x1D7FF
        | 0x1F100..=0x1F10A
        | 0x1F110..=0x1F12E
        | 0x1F130..=0x1F14F
        | 0x1F16A..=0x1F16C
        | 0x1F190
        | 0x1FBF0..=0x1FBF9 => Some("width"),
        // Latin letters of no everyday alphabet, drawn like a basic one (issue 43): the
        // dotless `ı` (what a Turkish keyboard or a Turkish-locale lowercase makes of
        // `I`) and `ȷ`, `ĸ`, the click letters `ǀ` `ǁ` `ǂ` `ǃ` (drawn as `l`, `!`), the
        // IPA letters (`ɑ` for a, `ɡ` for g, `ɪ`), the small capitals and the other
        // phonetic letters (`ᴀ`, `ᴄ`, `ꜱ`), Latin Extended-E.
        0x131
        | 0x138
        | 0x1C0..=0x1C3
        | 0x237
        | 0x250..=0x2AF
        | 0x1D00..=0x1DBF
        | 0xA730..=0xA731
        | 0xAB30..=0xAB6F => Some("letter"),
        _ => None,
    }
}

/// A combining mark drawn on the letter before it (issue 43): `e` + U+0301 shows as
/// `é` but is other text than the `é` a keyboard types. The general-purpose blocks
/// only (diacritical marks, their extension and supplement, the marks for symbols
/// but the emoji keycap and enclosing ones, the half marks); the marks of other
/// scripts' own blocks (Devanagari, Arabic, Hebrew…) are their ordinary spelling.
#[cfg(not(feature = "widget"))]
fn combining(c: char) -> bool {
    matches!(c as u32,
        0x300..=0x34E | 0x350..=0x36F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF
        | 0x20D0..=0x20DC | 0x20E5..=0x20F0 | 0xFE20..=0xFE2F)
}

/// Chinese, Japanese or Korean text (Han, kana, Hangul, CJK punctuation).
#[cfg(not(feature = "widget"))]
fn cjk(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x11FF | 0x3001..=0x303F | 0x3040..=0x30FF | 0x3130..=0x318F
        | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF
        | 0xFF61..=0xFF9F | 0x20000..=0x3134F)
}

/// The script of a letter, as far as a look-alike goes: Latin (with the IPA,
/// phonetic and Latin Extended-C/D/E letters), Cyrillic, Greek, and (issue 43)
/// Armenian and Cherokee, whose letters include many drawn like Latin ones (Armenian
/// `օ` `ս` `ո` `հ` `ց` for o u n h g; Cherokee `Ꭺ` `Ᏼ` `Ꮯ` `Ꭼ` for A B C E).
#[cfg(not(feature = "widget"))]
fn script(c: char) -> Option<u8> {
    match c as u32 {
        0x41..=0x5A
        | 0x61..=0x7A
        | 0xC0..=0xD6
        | 0xD8..=0xF6
        | 0xF8..=0x2AF
        | 0x1D00..=0x1DBF
        | 0x1E00..=0x1EFF
        | 0x2C60..=0x2C7F
        | 0xA720..=0xA7FF
        | 0xAB30..=0xAB6F => Some(0),
        0x400..=0x52F | 0x1C80..=0x1C8F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F => Some(1),
        0x370..=0x3FF | 0x1F00..=0x1FFF => Some(2),
        0x531..=0x58F | 0xFB13..=0xFB17 => Some(3),
        0x13A0..=0x13FF | 0xAB70..=0xABBF => Some(4),
        _ => None,
    }
}

/// Letters of another script drawn like a Latin letter or a digit, with the one each
/// imitates (issue 43): the one table of such look-alikes, for the `mixed` rule below
/// (a word of digits with one letter drawn as a digit or hex letter) and for
/// `latin_fold` (a revealed seed retyped on a Cyrillic or Greek keyboard layout).
/// Cyrillic and Greek capitals and small letters, Armenian and Latin phonetic ones.
#[cfg(not(feature = "widget"))]
#[rustfmt::skip]
const LOOKALIKES: &[(char, char)] = &[
    // Cyrillic small letters.
    ('а', 'a'), ('в', 'B'), ('с', 'c'), ('е', 'e'), ('о', 'o'), ('р', 'p'), ('х', 'x'),
    ('у', 'y'), ('і', 'i'), ('ј', 'j'), ('ѕ', 's'), ('ԁ', 'd'), ('ԛ', 'q'), ('ԝ', 'w'),
    ('һ', 'h'), ('ӏ', 'l'), ('з', '3'), ('б', '6'),
    // Cyrillic capitals.
    ('А', 'A'), ('В', 'B'), ('С', 'C'), ('Е', 'E'), ('Н', 'H'), ('І', 'I'), ('Ј', 'J'),
    ('К', 'K'), ('М', 'M'), ('О', 'O'), ('Р', 'P'), ('Ѕ', 'S'), ('Т', 'T'), ('Х', 'X'),
    ('У', 'Y'), ('Ԛ', 'Q'), ('Ԝ', 'W'), ('Ӏ', 'I'), ('З', '3'), ('Б', '6'),
    // Greek capitals.
    ('Α', 'A'), ('Β', 'B'), ('Ε', 'E'), ('Ζ', 'Z'), ('Η', 'H'), ('Ι', 'I'), ('Κ', 'K'),
    ('Μ', 'M'), ('Ν', 'N'), ('Ο', 'O'), ('Ρ', 'P'), ('Τ', 'T'), ('Υ', 'Y'), ('Χ', 'X'),
    // Greek small letters.
    ('ο', 'o'), ('α', 'a'), ('β', 'B'), ('ε', 'e'), ('ι', 'i'), ('κ', 'k'), ('ν', 'v'),
    ('ρ', 'p'), ('τ', 't'), ('υ', 'u'), ('χ', 'x'),
    // Armenian.
    ('օ', 'o'), ('Օ', 'O'), ('ս', 'u'), ('Ս', 'U'), ('ո', 'n'), ('հ', 'h'), ('ց', 'g'),
    ('զ', 'q'),
    // Latin letters of no everyday alphabet (kind `letter`).
    ('ı', 'i'), ('ȷ', 'j'), ('ɑ', 'a'), ('ɡ', 'g'), ('ɩ', 'i'), ('ǀ', 'l'), ('ᴄ', 'c'),
    ('ᴏ', 'o'), ('ᴠ', 'v'), ('ᴡ', 'w'), ('ᴢ', 'z'),
];

/// The Latin letter, digit or ASCII sign `c` imitates, if it is a look-alike of one:
/// a fullwidth form (`Ａ`, `１`, `！`) by rule (U+FF01–FF5E are ASCII U+0021–007E,
/// 0xFEE0 higher), else `LOOKALIKES`.
#[cfg(not(feature = "widget"))]
pub(crate) fn latin_of(c: char) -> Option<char> {
    match c as u32 {
        0xFF01..=0xFF5E => char::from_u32(c as u32 - 0xFEE0),
        _ => LOOKALIKES.iter().find(|(l, _)| *l == c).map(|(_, a)| *a),
    }
}

/// `s` with every look-alike letter replaced by the Latin letter (or digit) it
/// imitates, when it holds one: what a seed typed on a Cyrillic or Greek layout, or
/// in fullwidth forms, was meant to be (SPEC `lookalike_char` with `to`).
#[cfg(not(feature = "widget"))]
pub(crate) fn latin_fold(s: &str) -> Option<String> {
    let mut folded = String::with_capacity(s.len());
    let mut changed = false;
    for c in s.chars() {
        let l = latin_of(c);
        changed |= l.is_some();
        folded.push(l.unwrap_or(c));
    }
    changed.then_some(folded)
}

/// The `lookalike_char` kind of a character `latin_of` folds: a fullwidth form
/// (`width`), a Latin phonetic letter (`letter`), a letter of another script (`mixed`).
#[cfg(not(feature = "widget"))]
pub(crate) fn fold_kind(c: char) -> &'static str {
    match script(c) {
        Some(0) => "letter",
        Some(_) => "mixed",
        None => "width",
    }
}

/// A Cyrillic, Greek or Armenian letter drawn like a digit or a hex letter (`О`/`ο`
/// for 0, `З` for 3, `б` for 6, `А`/`В`/`С`/`Е` and `а`/`с`/`е` for the hex
/// letters, `Ѕ` for 5, `І` for 1, `Ζ` for 2): its Latin counterpart is one, or a
/// letter drawn like a digit (o, s, i, l, z).
#[cfg(not(feature = "widget"))]
fn looks_like_digit_or_hex(c: char) -> bool {
    matches!(script(c), Some(1..=4))
        && latin_of(c).is_some_and(|l| {
            l.is_ascii_hexdigit() || matches!(l, 'o' | 'O' | 's' | 'S' | 'i' | 'I' | 'l' | 'Z')
        })
}

/// The first look-alike of `s`, with its kind: a space other than U+0020, a space
/// or line break at either end, a variation selector, a Hangul filler, a
/// compatibility form (`width`), a phonetic letter (`letter`), a combining mark on a
/// Latin letter or on no letter (`mark`), or a letter of another script among Latin
/// ones (`mixed`): (position in characters, the character, kind, count).
///
/// `mixed` names the odd one out. In a word (a run of letters and digits) that
/// mixes Latin with Cyrillic, Greek, Armenian or Cherokee letters, the letters of
/// the word's minority (`pаssword`: the Cyrillic `а`; `пaроль`: the Latin `a`; a
/// tie names the non-Latin ones). A word of digits with one such letter drawn as a
/// digit or hex letter (`98З1`). A lone such letter standing as a word of its own
/// (`abc-с-123`) in a field whose other letters are all Latin and that holds some
/// ASCII letter or digit. A field all in one script (`пароль`, `καλημέρα`), or in
/// Chinese, Arabic, emoji… gives none.
#[cfg(not(feature = "widget"))]
pub(crate) fn lookalike(s: &str) -> Option<(usize, char, &'static str, usize)> {
    if s.is_ascii() {
        return ascii_edges(s.as_bytes());
    }
    let chars: Vec<char> = s.chars().collect();
    let mut found: Vec<(usize, char, &'static str)> = Vec::new();
    let edge = |c: char| c.is_whitespace();
    let n = chars.len();
    let has_cjk = chars.iter().any(|&c| cjk(c));
    for (i, &c) in chars.iter().enumerate() {
        if let Some(kind) = lookalike_kind(c, has_cjk) {
            found.push((i, c, kind));
        } else if combining(c) {
            // A mark on a Cyrillic or Greek letter is a stress or a polytonic accent
            // (`моло́ко`); on a Latin letter, a digit or nothing, a look-alike.
            let base = chars[..i].iter().rev().find(|&&b| !combining(b));
            if !matches!(base.and_then(|&b| script(b)), Some(1 | 2)) {
                found.push((i, c, "mark"));
            }
        } else if edge(c)
            && !invisible(c)
            && (chars[..i].iter().all(|&x| edge(x)) || chars[i + 1..].iter().all(|&x| edge(x)))
        {
            found.push((i, c, "edge"));
        }
    }
    let foreign = |c: char| matches!(script(c), Some(1..=4));
    // A lone letter of another script may stand among Latin ones when every other
    // letter of the field is Latin and some ASCII letter or digit is there.
    let all_latin_but_one = chars.iter().filter(|&&c| foreign(c)).count() == 1
        && chars
            .iter()
            .all(|&c| !c.is_alphabetic() || script(c).is_some())
        && chars.iter().any(|c| c.is_ascii_alphanumeric());
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
        let latin = w.iter().filter(|&&c| script(c) == Some(0)).count();
        let others = w.iter().filter(|&&c| foreign(c)).count();
        // A word of digits with one Cyrillic or Greek letter that reads as a digit
        // or a hex letter (`98З1`, `7ОО5`… with `З` for 3, `О` for 0): a number or
        // hash retyped.
        let digits_and_one = w.iter().any(|c| c.is_ascii_digit())
            && others == 1
            && w.iter().any(|&c| looks_like_digit_or_hex(c));
        let odd: Option<fn(char) -> bool> = if latin > 0 && others > 0 {
            if others <= latin {
                Some(|c| matches!(script(c), Some(1..=4)))
            } else {
                Some(|c| script(c) == Some(0))
            }
        } else if digits_and_one || (others == 1 && latin == 0 && all_latin_but_one) {
            Some(|c| matches!(script(c), Some(1..=4)))
        } else {
            None
        };
        if let Some(odd) = odd {
            for (k, &c) in w.iter().enumerate() {
                if odd(c) && !found.iter().any(|f| f.0 == start + k) {
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

/// `lookalike` of an ASCII text, in one pass over its ends (a 15 MB client seed is
/// no longer read character by character through every rule): an ASCII character
/// is a look-alike only as an ordinary space at either end (a control character
/// there is `invisible_char`'s).
#[cfg(not(feature = "widget"))]
fn ascii_edges(b: &[u8]) -> Option<(usize, char, &'static str, usize)> {
    let white = |x: &u8| char::from(*x).is_whitespace();
    let lead = b.iter().take_while(|x| white(x)).count();
    let trail = b[lead..].iter().rev().take_while(|x| white(x)).count();
    let ends = b[..lead].iter().enumerate().chain(
        b[b.len() - trail..]
            .iter()
            .enumerate()
            .map(|(k, x)| (b.len() - trail + k, x)),
    );
    let mut spaces = ends.filter(|(_, x)| **x == b' ');
    let (first, _) = spaces.next()?;
    Some((first, ' ', "edge", 1 + spaces.count()))
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
