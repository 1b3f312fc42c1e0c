//! What the player saw (`played`), read by meaning (SPEC "What the player saw,
//! compared by meaning"): a card as its id or as text (`"Q♥"`, `"qh"`, `"10s"`),
//! a roll as `[4, 3]` or `"4-3"`, a multiplier as `20.72` or `"20,72×"`, a colour
//! as `true` or `"white"`… Every value is turned into the recomputed values' own
//! representation (card ids in the scheme's numbering, `"20.72"`), so the
//! comparison (`report/compare.rs`) and the renderers see one spelling.
//!
//! Nothing here names a scheme: how a value is read comes from the scheme's result
//! descriptors (the `item` of the pattern that addresses it, and the pattern's
//! [`Order`] for the list that holds it). A value that cannot be read is
//! `bad_played` naming its path, never a difference: a spelling is not cheating.

use serde_json::{Map, Value};

use crate::record::MAX_SAFE_INTEGER;
use crate::schemes::descriptor::{item_range, Descriptor, Order, Pattern, ResultDesc, Step};

/// One step of a path into the recomputed values: `[3]` or `.name`. Paths are
/// built as steps and written as text only for people (`deals[1][3][5]`); the
/// difference's place in the game's terms is read from the steps, never parsed back.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Seg {
    Index(usize),
    Key(String),
}

pub(crate) fn path_text(key: &str, segs: &[Seg]) -> String {
    let mut s = key.to_string();
    for seg in segs {
        match seg {
            Seg::Index(i) => {
                s.push('[');
                s.push_str(&i.to_string());
                s.push(']');
            }
            Seg::Key(k) => {
                s.push('.');
                s.push_str(k);
            }
        }
    }
    s
}

/// Does `pattern` address exactly these steps? Then the names of its indexes.
pub(crate) fn fit(pattern: &Pattern, segs: &[Seg]) -> Option<Map<String, Value>> {
    if pattern.steps.len() != segs.len() {
        return None;
    }
    fit_prefix(pattern, segs)
}

/// Do `segs` follow the start of `pattern`? Then the names of their indexes.
pub(crate) fn fit_prefix(pattern: &Pattern, segs: &[Seg]) -> Option<Map<String, Value>> {
    if pattern.steps.len() < segs.len() {
        return None;
    }
    let mut at = Map::new();
    for (step, seg) in pattern.steps.iter().zip(segs) {
        match (step, seg) {
            (Step::At(name), Seg::Index(i)) => {
                at.insert((*name).to_string(), Value::from(*i));
            }
            (Step::Member(m), Seg::Key(k)) if m == k => {}
            _ => return None,
        }
    }
    Some(at)
}

/// The pattern whose values the list at `segs` holds (its last step an index),
/// with the item those values are.
pub(crate) fn group<'a>(r: &'a ResultDesc, segs: &[Seg]) -> Option<(&'a Pattern, &'static str)> {
    r.patterns.iter().find_map(|p| {
        let last_is_index = matches!(p.steps.last(), Some(Step::At(_)));
        (last_is_index && p.steps.len() == segs.len() + 1 && fit_prefix(p, segs).is_some())
            .then(|| (p, p.item.unwrap_or(r.item)))
    })
}

/// How the list at `segs` is compared ([`Order::Position`] where no pattern says).
pub(crate) fn order_at(scheme: &Descriptor, key: &str, segs: &[Seg]) -> Order {
    scheme
        .result(key)
        .and_then(|r| group(r, segs))
        .map_or(Order::Position, |(p, _)| p.order)
}

/// A `played` value that cannot be read: where, and what was expected there
/// (`card`, `die`, `multiplier`, `hundredths` for a third decimal, `distinct`
/// for a repeated mine or card…).
#[derive(Debug, PartialEq)]
pub(crate) struct Unreadable {
    pub segs: Vec<Seg>,
    pub want: &'static str,
}

/// `v`, what the player saw under result `key` at `segs`, in the recomputed
/// values' representation.
pub(crate) fn read(
    scheme: &Descriptor,
    key: &str,
    segs: &mut Vec<Seg>,
    v: &Value,
) -> Result<Value, Unreadable> {
    // SPEC: `null` anywhere inside `played` means "not seen, not entered": kept as
    // is, and never compared (`report/compare.rs` `diff`).
    if v.is_null() {
        return Ok(Value::Null);
    }
    let desc = scheme.result(key);
    if let Some(r) = desc {
        if let Some(p) = r.patterns.iter().find(|p| fit(p, segs).is_some()) {
            let item = p.item.unwrap_or(r.item);
            return read_item(scheme, item, v).ok_or_else(|| Unreadable {
                segs: segs.clone(),
                want: if item == "multiplier" && too_precise(v) {
                    "hundredths"
                } else {
                    item
                },
            });
        }
    }
    // A list where the patterns hold an object, or the reverse (`{"0": [6, 2]}` for
    // the rolls): what the game showed cannot be read that way.
    let next_step = desc.and_then(|r| {
        r.patterns
            .iter()
            .filter(|p| p.steps.len() > segs.len())
            .find(|p| fit_prefix(p, segs).is_some())
            .map(|p| p.steps[segs.len()])
    });
    match (v, next_step) {
        (Value::Object(_), Some(Step::At(_))) => {
            return Err(Unreadable {
                segs: segs.clone(),
                want: "list",
            })
        }
        (Value::Array(_), Some(Step::Member(_))) => {
            return Err(Unreadable {
                segs: segs.clone(),
                want: "object",
            })
        }
        _ => {}
    }
    let grouped = desc.and_then(|r| group(r, segs));
    let roll_text;
    let v = match (v, grouped) {
        (Value::String(s), Some((p, _))) if p.order == Order::Roll => {
            roll_text = read_roll(s).ok_or_else(|| Unreadable {
                segs: segs.clone(),
                want: "roll",
            })?;
            &roll_text
        }
        _ => v,
    };
    match v {
        Value::Array(items) => {
            let mut out = Vec::with_capacity(items.len());
            for (i, x) in items.iter().enumerate() {
                segs.push(Seg::Index(i));
                let y = read(scheme, key, segs, x)?;
                segs.pop();
                // A set holds each value once: a board has no cell twice, a deck no
                // card twice.
                if matches!(grouped, Some((p, _)) if p.order == Order::Set)
                    && !y.is_null()
                    && out.contains(&y)
                {
                    let mut at = segs.clone();
                    at.push(Seg::Index(i));
                    return Err(Unreadable {
                        segs: at,
                        want: "distinct",
                    });
                }
                out.push(y);
            }
            Ok(Value::Array(out))
        }
        Value::Object(m) => {
            let mut out = Map::new();
            for (k, x) in m {
                segs.push(Seg::Key(k.clone()));
                let y = read(scheme, key, segs, x)?;
                segs.pop();
                out.insert(k.clone(), y);
            }
            Ok(Value::Object(out))
        }
        other => {
            // A list or an object belongs here (a hand, a roll, a baloot hand).
            let deeper = desc.and_then(|r| {
                r.patterns
                    .iter()
                    .filter(|p| p.steps.len() > segs.len())
                    .find(|p| fit_prefix(p, segs).is_some())
            });
            match deeper.map(|p| p.steps[segs.len()]) {
                Some(Step::At(_)) => Err(Unreadable {
                    segs: segs.clone(),
                    want: "list",
                }),
                Some(Step::Member(_)) => Err(Unreadable {
                    segs: segs.clone(),
                    want: "object",
                }),
                None => Ok(other.clone()),
            }
        }
    }
}

/// How much a player's `played` says, in bits: the sum over its values (not `null`)
/// of log2 of the values each could take (a card 52, a die 6, a mine's cell 25, a
/// win or a colour 2…), less log2(k!) for a set of k (a hand, a board), whose order
/// says nothing. A slip that makes every shown value equal is a fact only when
/// this many bits could not match by chance among the slips tried
/// (`diagnosis::enough_said`): a win/loss or a colour matches half of all tries
/// (turn-9 attack, finding 1). Conservative where the game's range is not known
/// here (a player's index, a winner: one bit).
#[cfg(not(feature = "widget"))]
pub(crate) fn information(scheme: &Descriptor, played: &Value) -> f64 {
    let Value::Object(m) = played else {
        return 0.0;
    };
    m.iter()
        .map(|(key, v)| bits(scheme, key, &mut Vec::new(), v))
        .sum()
}

#[cfg(not(feature = "widget"))]
fn bits(scheme: &Descriptor, key: &str, segs: &mut Vec<Seg>, v: &Value) -> f64 {
    if v.is_null() {
        return 0.0;
    }
    let Some(r) = scheme.result(key) else {
        return 0.0;
    };
    if let Some(p) = r.patterns.iter().find(|p| fit(p, segs).is_some()) {
        return item_bits(p.item.unwrap_or(r.item));
    }
    let order = group(r, segs).map(|(p, _)| p.order);
    match v {
        Value::Array(items) => {
            let mut sum = 0.0;
            for (i, x) in items.iter().enumerate() {
                segs.push(Seg::Index(i));
                sum += bits(scheme, key, segs, x);
                segs.pop();
            }
            let known = items.iter().filter(|x| !x.is_null()).count();
            let unordered = match order {
                Some(Order::Set) => known,
                Some(Order::Flop) => known.min(3),
                Some(Order::Roll) => 2.min(known),
                _ => 0,
            };
            (sum - log2_factorial(unordered)).max(0.0)
        }
        Value::Object(m) => m
            .iter()
            .map(|(k, x)| {
                segs.push(Seg::Key(k.clone()));
                let b = bits(scheme, key, segs, x);
                segs.pop();
                b
            })
            .sum(),
        // A roll as text ("4-3"): two dice, unordered.
        Value::String(_) if order == Some(Order::Roll) => 2.0 * item_bits("die") - 1.0,
        _ => 0.0,
    }
}

/// log2 of the values one item can take.
#[cfg(not(feature = "widget"))]
fn item_bits(item: &str) -> f64 {
    match item {
        // A tile by its kind: 34 kinds, four of each (a wall of 144).
        "tile" => 34f64.log2(),
        "round" | "hash" => 0.0,
        "multiplier" => 8.0,
        _ => item_range(item).map_or(1.0, |(min, max)| ((max - min + 1) as f64).log2()),
    }
}

#[cfg(not(feature = "widget"))]
fn log2_factorial(k: usize) -> f64 {
    (2..=k).map(|i| (i as f64).log2()).sum()
}

/// One value by what it is.
fn read_item(scheme: &Descriptor, item: &str, v: &Value) -> Option<Value> {
    match item {
        "card" => card(scheme.cards, v).map(Value::from),
        // SPEC "compared by meaning": a die, a cell, a tile, `lastPlatform` (1–25) and
        // `face` (1–6) in their range; a value outside it cannot be read that way
        // (`bad_played`, never a difference: turn-9 attack, finding 2).
        "die" | "mine" | "tile" | "platform" | "face" => {
            let (min, max) = item_range(item)?;
            whole(v, min, max).map(Value::from)
        }
        "player" | "round" | "winner" => whole(v, 0, MAX_SAFE_INTEGER).map(Value::from),
        "multiplier" => multiplier(v).map(|h| Value::from(format!("{}.{:02}", h / 100, h % 100))),
        "white" => match v {
            Value::Bool(b) => Some(Value::Bool(*b)),
            Value::String(s) => match ascii_lowercase(s.trim()).as_str() {
                "white" => Some(Value::Bool(true)),
                "black" => Some(Value::Bool(false)),
                _ => None,
            },
            _ => None,
        },
        "win" => v.as_bool().map(Value::Bool),
        "hash" => v
            .as_str()
            .map(|s| Value::from(s.trim().to_ascii_lowercase())),
        // Whatever else a result holds is compared as given.
        _ => Some(v.clone()),
    }
}

/// `s.to_lowercase()` as far as it can equal an ASCII word: the one character
/// outside ASCII whose lower case is an ASCII letter, the Kelvin sign `K` (U+212A),
/// becomes `k`; the other characters outside ASCII are kept, and no lower case of
/// theirs is ASCII. Rust's full case tables (about 20 KB of the badge's wasm) stay out.
fn ascii_lowercase(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '\u{212A}' => 'k',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// An integer in `min..=max`, written as a JSON integer or as its digits.
fn whole(v: &Value, min: i64, max: i64) -> Option<i64> {
    let n = match v {
        Value::Number(n) => n.as_i64()?,
        Value::String(s) => {
            let t = s.trim();
            if t.is_empty() || t.len() > 16 || !t.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            t.parse().ok()?
        }
        _ => return None,
    };
    (min..=max).contains(&n).then_some(n)
}

/// A card: its id (0–51 in the scheme's numbering) or text, a rank `2`–`9`, `10`
/// or `T`, `J`, `Q`, `K`, `A` and a suit `c d h s`, `♣ ♦ ♥ ♠` or `♧ ♢ ♡ ♤`, any
/// case, spaces around ignored (an emoji presentation selector after the suit
/// too). `cards`: `rank_major` (SPEC conventions: `suit·13 + rank`) or
/// `value_major` (selfpoker: `value·4 + suit`); suits in the order ♣ ♦ ♥ ♠ in both.
pub(crate) fn card(cards: &str, v: &Value) -> Option<u64> {
    let (rank, suit) = match v {
        Value::Number(n) => return n.as_u64().filter(|&c| c < 52),
        Value::String(s) => card_text(s)?,
        _ => return None,
    };
    match cards {
        "value_major" => Some(rank * 4 + suit),
        _ => Some(suit * 13 + rank),
    }
}

/// `(rank, suit)`: rank 0 = 2 … 12 = ace, suit 0–3 = ♣ ♦ ♥ ♠.
fn card_text(s: &str) -> Option<(u64, u64)> {
    let t: String = s
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '\u{FE0F}' && *c != '\u{FE0E}')
        .collect();
    let mut chars = t.chars();
    let suit_char = chars.next_back()?;
    let rank_text: String = chars.as_str().to_ascii_uppercase();
    let suit = match suit_char.to_ascii_lowercase() {
        'c' | '♣' | '♧' => 0,
        'd' | '♦' | '♢' => 1,
        'h' | '♥' | '♡' => 2,
        's' | '♠' | '♤' => 3,
        _ => return None,
    };
    let rank = match rank_text.as_str() {
        "10" | "T" => 8,
        "J" => 9,
        "Q" => 10,
        "K" => 11,
        "A" => 12,
        r if r.len() == 1 => {
            let d = r.bytes().next()?;
            if (b'2'..=b'9').contains(&d) {
                (d - b'2') as u64
            } else {
                return None;
            }
        }
        _ => return None,
    };
    Some((rank, suit))
}

/// A roll as text: `"4-3"`, `"4 3"`, `"43"` (also `4,3`, `4x3`…): two dice 1–6.
fn read_roll(s: &str) -> Option<Value> {
    let dice: Vec<u8> = s
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '-' | ',' | '/' | ':' | 'x' | '×' | '+'))
        .map(|c| c.to_digit(10).map(|d| d as u8))
        .collect::<Option<Vec<u8>>>()?;
    match dice[..] {
        [a, b] if (1..=6).contains(&a) && (1..=6).contains(&b) => Some(json!([a, b])),
        _ => None,
    }
}

/// A multiplier in hundredths: a number, or text with `.` or `,` as the decimal
/// sign, at most two decimals, an optional `x`/`×` after it, spaces around.
pub(crate) fn multiplier(v: &Value) -> Option<u64> {
    let text = match v {
        Value::Number(n) => number_text(n),
        Value::String(s) => s.clone(),
        _ => return None,
    };
    let t = text.trim();
    let t = t.strip_suffix(['x', 'X', '×']).map_or(t, str::trim_end);
    let (int, frac) = t.split_once(['.', ',']).unwrap_or((t, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    // A crash point can be as large as 2^52 (about 4.5·10^15, 16 digits); 17 digits
    // in hundredths still fit in 64 bits.
    if int.is_empty() || int.len() > 17 || frac.len() > 2 || !digits(int) || !digits(frac) {
        return None;
    }
    if t.len() > int.len() && frac.is_empty() {
        return None; // "20." or "20,"
    }
    let whole: u64 = int.parse().ok()?;
    let cents: u64 = match frac.len() {
        0 => 0,
        1 => frac.parse::<u64>().ok()? * 10,
        _ => frac.parse().ok()?,
    };
    Some(whole * 100 + cents)
}

/// serde_json's text of a number (`Number::to_string`).
#[cfg(not(all(feature = "widget", target_arch = "wasm32")))]
fn number_text(n: &serde_json::Number) -> String {
    n.to_string()
}

/// The badge's build writes the same text without serde_json's number formatting
/// (itoa, zmij and its tables: about 8 KB of the badge's wasm): integers digit by
/// digit, floats from the engine's shortest digits (`float_text`).
#[cfg(all(feature = "widget", target_arch = "wasm32"))]
fn number_text(n: &serde_json::Number) -> String {
    let mut out = String::new();
    if let Some(u) = n.as_u64() {
        push_digits(&mut out, u);
    } else if let Some(i) = n.as_i64() {
        out.push('-');
        push_digits(&mut out, i.unsigned_abs());
    } else {
        out = float_text(n.as_f64().unwrap_or(0.0));
    }
    out
}

/// `n` in decimal digits.
#[cfg(any(test, all(feature = "widget", target_arch = "wasm32")))]
fn push_digits(out: &mut String, mut n: u64) {
    let mut d = [0u8; 20];
    let mut i = d.len();
    loop {
        i -= 1;
        d[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    d[i..].iter().for_each(|&b| out.push(b as char));
}

/// A float as serde_json writes it (zmij's shortest digits: `0.0`, `20.0`, `2.5`,
/// `0.00001`, plain from 10^-5 to below 10^16, else `1e-6`, `1.5e+16`), from the
/// engine's `Number.prototype.toString`, which gives the same shortest digits in its
/// own notation (plain from 10^-6 to below 10^21, `20` without `.0`).
#[cfg(all(feature = "widget", target_arch = "wasm32"))]
fn float_text(f: f64) -> String {
    let js = crate::wasm::host::number_text(f.abs());
    zmij_form(f.is_sign_negative(), &js)
}

/// zmij's form of a positive number's shortest digits written by JavaScript's
/// `toString` (`"1.5"`, `"0.000001"`, `"12345678901234567000"`, `"1.5e+21"`, `"1e-7"`).
#[cfg(any(test, all(feature = "widget", target_arch = "wasm32")))]
fn zmij_form(negative: bool, js: &str) -> String {
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    let (mantissa, exp) = js.split_once('e').unwrap_or((js, "0"));
    let exp: i32 = exp.trim_start_matches('+').parse().unwrap_or(0);
    let point = mantissa.find('.').unwrap_or(mantissa.len()) as i32;
    let all: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).collect();
    let zeros = all.iter().take_while(|&&b| b == b'0').count();
    let Some(digits) = all.get(zeros..).filter(|d| !d.is_empty()) else {
        out.push_str("0.0");
        return out;
    };
    let len = digits.iter().rposition(|&b| b != b'0').map_or(1, |i| i + 1);
    let digits = digits.get(..len).unwrap_or(digits);
    // The decimal exponent of the first significant digit.
    let e = point - 1 - zeros as i32 + exp;
    let push = |out: &mut String, d: &[u8]| d.iter().for_each(|&b| out.push(b as char));
    if (-5..=15).contains(&e) {
        if e < 0 {
            out.push_str("0.");
            (0..-e - 1).for_each(|_| out.push('0'));
            push(&mut out, digits);
        } else {
            let int = (e + 1) as usize;
            (0..int).for_each(|i| out.push(digits.get(i).map_or('0', |&b| b as char)));
            out.push('.');
            match digits.get(int..).filter(|f| !f.is_empty()) {
                Some(frac) => push(&mut out, frac),
                None => out.push('0'),
            }
        }
    } else {
        push(&mut out, digits.get(..1).unwrap_or_default());
        if let Some(rest) = digits.get(1..).filter(|r| !r.is_empty()) {
            out.push('.');
            push(&mut out, rest);
        }
        out.push_str(if e < 0 { "e-" } else { "e+" });
        push_digits(&mut out, u64::from(e.unsigned_abs()));
    }
    out
}

/// Is `v` a multiplier with more than two decimals (an error of its own: the game
/// never shows a third)?
pub(crate) fn too_precise(v: &Value) -> bool {
    let text = match v {
        Value::Number(n) => number_text(n),
        Value::String(s) => s.clone(),
        _ => return false,
    };
    let t = text.trim().trim_end_matches(['x', 'X', '×']).trim_end();
    match t.split_once(['.', ',']) {
        Some((_, frac)) => frac.len() > 2 && frac.bytes().all(|b| b.is_ascii_digit()),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schemes::{match_seed_v2, selfpoker};

    fn rank_major(v: Value) -> Option<u64> {
        card("rank_major", &v)
    }

    /// `ascii_lowercase` agrees with `to_lowercase` on every character whose lower
    /// case is ASCII, and leaves every other character outside ASCII.
    #[test]
    fn ascii_lowercase_is_to_lowercase_for_ascii_words() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let full: String = c.to_lowercase().collect();
            let ours = ascii_lowercase(c.encode_utf8(&mut [0; 4]));
            if full.is_ascii() || ours.is_ascii() {
                assert_eq!(ours, full, "U+{:04X}", c as u32);
            }
        }
        let white = |s: &str| read_item(&match_seed_v2::SCHEME.desc, "white", &json!(s));
        assert_eq!(white(" BLAC\u{212A} "), Some(Value::Bool(false)));
        assert_eq!(white("Whİte"), None);
    }

    /// The badge's number text is serde_json's, float by float: JavaScript's
    /// `toString` of each (as V8 writes it) turned into zmij's form.
    #[test]
    fn zmij_form_is_serde_jsons_text() {
        for (f, js) in [
            (0.0, "0"),
            (-0.0, "0"),
            (2.5, "2.5"),
            (20.0, "20"),
            (-7.0, "7"),
            (0.1, "0.1"),
            (123.456, "123.456"),
            (1e-5, "0.00001"),
            (1.5e-5, "0.000015"),
            (9.99e-6, "0.00000999"),
            (1e-6, "0.000001"),
            (1e-7, "1e-7"),
            (1.25e-300, "1.25e-300"),
            (5e-324, "5e-324"),
            (123456789012345.67, "123456789012345.67"),
            (9999999999999998.0, "9999999999999998"),
            (1e16, "10000000000000000"),
            (1.2345678901234568e20, "123456789012345680000"),
            (1e21, "1e+21"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
        ] {
            let want = serde_json::Number::from_f64(f).map(|n| n.to_string());
            assert_eq!(Some(zmij_form(f.is_sign_negative(), js)), want, "{js}");
        }
        let mut s = String::new();
        push_digits(&mut s, u64::MAX);
        assert_eq!(s, u64::MAX.to_string());
    }

    #[test]
    fn cards_as_players_write_them() {
        // SPEC: rank c % 13 (2…A), suit c / 13 (c d h s). Q♥ = 2·13 + 10.
        for text in ["Q♥", "qh", "QH", " Q ♥ ", "Q♡", "Q♥\u{FE0F}"] {
            assert_eq!(rank_major(json!(text)), Some(36), "{text}");
        }
        assert_eq!(rank_major(json!("10s")), Some(3 * 13 + 8));
        assert_eq!(rank_major(json!("Ts")), Some(3 * 13 + 8));
        assert_eq!(rank_major(json!("2c")), Some(0));
        assert_eq!(rank_major(json!("A♠")), Some(51));
        assert_eq!(rank_major(json!("a♤")), Some(51));
        assert_eq!(rank_major(json!("9♢")), Some(13 + 7));
        assert_eq!(rank_major(json!("J♧")), Some(9));
        assert_eq!(rank_major(json!(17)), Some(17));
        for bad in [
            json!(52),
            json!(-1),
            json!(1.5),
            json!("1h"),
            json!("11h"),
            json!("Qx"),
            json!("Q"),
            json!("17"),
            json!(""),
            json!(true),
        ] {
            assert_eq!(rank_major(bad.clone()), None, "{bad}");
        }
        // selfpoker: value c / 4, suit c % 4 (♣ ♦ ♥ ♠): Q♥ = 10·4 + 2.
        assert_eq!(card("value_major", &json!("Q♥")), Some(42));
        assert_eq!(card("value_major", &json!("2♣")), Some(0));
        assert_eq!(card("value_major", &json!("As")), Some(51));
        assert_eq!(card("value_major", &json!(42)), Some(42));
    }

    #[test]
    fn multipliers_as_shown() {
        for (v, h) in [
            (json!(20.72), 2072),
            (json!("20,72"), 2072),
            (json!("20.72×"), 2072),
            (json!(" 20,72 x "), 2072),
            (json!("20.7X"), 2070),
            (json!("1"), 100),
            (json!(1), 100),
            (json!(2.0), 200),
            (json!("1.00"), 100),
            (json!("4458563631096791.04"), 445_856_363_109_679_104),
        ] {
            assert_eq!(multiplier(&v), Some(h), "{v}");
        }
        for bad in [
            json!("20.723"),
            json!("x20"),
            json!("20."),
            json!("20,7,2"),
            json!("-2"),
            json!("abc"),
            json!(""),
            json!(null),
            json!(1e21),
            json!("123456789012345678"),
        ] {
            assert_eq!(multiplier(&bad), None, "{bad}");
        }
        assert!(too_precise(&json!("20.723")));
        assert!(too_precise(&json!(20.723)));
        assert!(!too_precise(&json!("20.72×")));
    }

    #[test]
    fn reads_by_the_descriptors() {
        let s = &match_seed_v2::SCHEME.desc;
        // A deal: cards as text become ids; a seat's hand is a set of distinct cards.
        let v = read(s, "deals", &mut Vec::new(), &json!([[["Q♥", 0], ["As"]]])).unwrap();
        assert_eq!(v, json!([[[36, 0], [51]]]));
        let e = read(s, "deals", &mut Vec::new(), &json!([[["Q♥", "qh"]]])).unwrap_err();
        assert_eq!(
            e,
            Unreadable {
                segs: vec![Seg::Index(0), Seg::Index(0), Seg::Index(1)],
                want: "distinct"
            }
        );
        let e = read(s, "deals", &mut Vec::new(), &json!([[["Q♥", "Z"]]])).unwrap_err();
        assert_eq!(
            (path_text("deals", &e.segs), e.want),
            ("deals[0][0][1]".into(), "card")
        );
        // A hand where a list belongs.
        let e = read(s, "deals", &mut Vec::new(), &json!([[5]])).unwrap_err();
        assert_eq!(
            (path_text("deals", &e.segs), e.want),
            ("deals[0][0]".into(), "list")
        );
        // Rolls: text pairs.
        for roll in ["4-3", "4 3", "43", " 4 - 3 "] {
            let v = read(s, "rolls", &mut Vec::new(), &json!([roll, [1, 2]])).unwrap();
            assert_eq!(v, json!([[4, 3], [1, 2]]), "{roll}");
        }
        let e = read(s, "rolls", &mut Vec::new(), &json!(["4-7"])).unwrap_err();
        assert_eq!(
            (path_text("rolls", &e.segs), e.want),
            ("rolls[0]".into(), "roll")
        );
        // Baloot: both deals and the face-up card.
        let v = read(
            s,
            "hands",
            &mut Vec::new(),
            &json!([{"first": [["7c"]], "faceUp": "Ah", "second": null}]),
        )
        .unwrap();
        assert_eq!(v, json!([{"first": [[5]], "faceUp": 38, "second": null}]));
        // selfpoker converts text cards to its own numbering.
        let v = read(
            &selfpoker::SCHEME.desc,
            "board",
            &mut Vec::new(),
            &json!(["Q♥", 3]),
        )
        .unwrap();
        assert_eq!(v, json!([42, 3]));
        // Mines: cells 1–25, each once.
        let m = &crate::schemes::mines::SCHEME.desc;
        assert_eq!(
            read(m, "mines", &mut Vec::new(), &json!([25, "3"])).unwrap(),
            json!([25, 3])
        );
        let e = read(m, "mines", &mut Vec::new(), &json!([3, 7, 3])).unwrap_err();
        assert_eq!(
            (path_text("mines", &e.segs), e.want),
            ("mines[2]".into(), "distinct")
        );
        let e = read(m, "mines", &mut Vec::new(), &json!([26])).unwrap_err();
        assert_eq!(e.want, "mine");
        // A bet's own mines.
        let mut bet = vec![Seg::Index(4), Seg::Key("mines".into())];
        let e = read(m, "bets", &mut bet, &json!([1, 1])).unwrap_err();
        assert_eq!(path_text("bets", &e.segs), "bets[4].mines[1]");
        // Chess: colours as words.
        let c = &crate::schemes::chess_colour_v1::SCHEME.desc;
        assert_eq!(
            read(c, "aPlaysWhite", &mut Vec::new(), &json!(" White ")).unwrap(),
            json!(true)
        );
        assert_eq!(
            read(c, "aPlaysWhite", &mut Vec::new(), &json!("black")).unwrap(),
            json!(false)
        );
        assert!(read(c, "aPlaysWhite", &mut Vec::new(), &json!("red")).is_err());
        assert!(read(c, "aPlaysWhite", &mut Vec::new(), &json!(1)).is_err());
        // Platforms, faces and winners: integers or their digits.
        let p = &crate::schemes::platforms::SCHEME.desc;
        assert_eq!(
            read(p, "lastPlatform", &mut Vec::new(), &json!("17")).unwrap(),
            json!(17)
        );
        assert!(read(p, "lastPlatform", &mut Vec::new(), &json!("17th")).is_err());
        assert!(read(p, "lastPlatform", &mut Vec::new(), &json!(17.0)).is_err());
        let b = &crate::schemes::battle::SCHEME.desc;
        assert_eq!(
            read(b, "winner", &mut Vec::new(), &json!(" 2 ")).unwrap(),
            json!(2)
        );
    }
}
