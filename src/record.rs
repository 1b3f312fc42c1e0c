//! Typed, hostile-input-safe access to the fields of a record.
//!
//! Every getter names the field in its error, so a page can show the message next
//! to the input it is about. Nested objects get a dotted prefix (`leaves[2].path`).

use serde_json::{Map, Value};

use crate::error::{ErrorCode, Result, VerifyError, Want};

/// Largest integer a record may carry: beyond 2^53 − 1 a JavaScript number is no
/// longer exact, and the page, the CLI and the native core must agree.
pub const MAX_SAFE_INTEGER: i64 = (1 << 53) - 1;

#[derive(Clone, Copy)]
pub struct Fields<'a> {
    map: &'a Map<String, Value>,
    prefix: &'a str,
}

/// Reads a JSON value as an integer in `min..=max`, naming `field` in any error.
pub fn as_int(v: &Value, field: &str, min: i64, max: i64) -> Result<i64> {
    let n = match v {
        Value::Number(n) => n,
        other => return Err(VerifyError::wrong_type(field, Want::Integer, other)),
    };
    let i = if let Some(i) = n.as_i64() {
        i
    } else if n.as_u64().is_some() {
        return Err(VerifyError::out_of_range(field, min, max));
    } else {
        // SPEC: integers are written as integers. serde_json reads every number
        // with a fraction or an exponent (`7.0`, `7e0`, `1e-400`,
        // `1.00000000000000000001`) as a float, which rounds: refused, whatever
        // it rounds to. (A float past 2^53 is out of range either way, as is an
        // integer too long for 64 bits, which serde_json also keeps as a float.)
        let f = n.as_f64().unwrap_or(f64::NAN);
        if f.is_finite() && f.abs() > MAX_SAFE_INTEGER as f64 && f.fract() == 0.0 {
            return Err(VerifyError::out_of_range(field, min, max));
        }
        return Err(VerifyError::wrong_type(field, Want::WholeNumber, v));
    };
    // `unsigned_abs`: `i64::MIN.abs()` would overflow (a panic in a debug build).
    if i.unsigned_abs() > MAX_SAFE_INTEGER as u64 || i < min || i > max {
        return Err(VerifyError::out_of_range(field, min, max));
    }
    Ok(i)
}

/// True for exactly `len` ASCII hex digits (either case).
pub fn is_hex(s: &str, len: usize) -> bool {
    s.len() == len && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A validated SHA-256 hash: 64 hex digits, held in lowercase and as its 32 bytes,
/// so nothing downstream parses hex again (or defaults on bad hex).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hex64 {
    text: String,
    bytes: [u8; 32],
}

impl Hex64 {
    /// 64 hex digits in either case; anything else is `None`.
    pub fn parse(s: &str) -> Option<Hex64> {
        if !is_hex(s, 64) {
            return None;
        }
        let text = s.to_ascii_lowercase();
        let mut bytes = [0u8; 32];
        for (i, pair) in text.as_bytes().chunks(2).enumerate() {
            bytes[i] = (nibble(pair[0]) << 4) | nibble(pair[1]);
        }
        Some(Hex64 { text, bytes })
    }

    /// The hash as 64 lowercase hex digits.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    pub fn bytes(&self) -> &[u8; 32] {
        &self.bytes
    }

    /// The 64 lowercase hex digits as bytes: a chain link's own text.
    pub fn text_bytes(&self) -> [u8; 64] {
        let mut out = [0u8; 64];
        out.copy_from_slice(self.text.as_bytes());
        out
    }

    /// The first 8 bytes, big-endian (Go's `binary.BigEndian.Uint64(h[:8])`).
    pub fn first_u64(&self) -> u64 {
        let mut b = [0u8; 8];
        b.copy_from_slice(&self.bytes[..8]);
        u64::from_be_bytes(b)
    }
}

impl std::fmt::Display for Hex64 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// The value of one ASCII hex digit (callers have checked it is one).
fn nibble(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        _ => c.wrapping_sub(b'A').wrapping_add(10) & 0x0f,
    }
}

/// Why a string is not 64 hex digits, as a stable token for the message
/// (`spaces`, `prefix_0x`, `not_hex`, `length`), so a player is told what to fix.
pub fn hex_problem(s: &str) -> &'static str {
    let t = s.trim();
    if t.len() != s.len() && is_hex(t, 64) {
        "spaces"
    } else if (t.starts_with("0x") || t.starts_with("0X"))
        && t.get(2..).is_some_and(|h| is_hex(h, 64))
    {
        "prefix_0x"
    } else if !t.chars().all(|c| c.is_ascii_hexdigit()) {
        "not_hex"
    } else {
        "length"
    }
}

pub fn as_hex64(v: &Value, field: &str) -> Result<Hex64> {
    match v {
        Value::String(s) => Hex64::parse(s).ok_or_else(|| {
            let reason = hex_problem(s);
            // Characters counted as the bytes that start one (a `str` is UTF-8): the
            // same number as `chars().count()`, without its word-at-a-time counter
            // (0.8 KB of the badge's wasm, for an error's parameter).
            let length = s.bytes().filter(|b| b & 0xC0 != 0x80).count();
            VerifyError::new(
                ErrorCode::BadHex,
                field,
                msg!(
                    "the field `{field}` must be 64 hexadecimal digits (a SHA-256 hash); got {length} characters ({reason})"
                ),
            )
            .with("reason", reason)
            .with("length", length)
        }),
        other => Err(VerifyError::wrong_type(field, Want::Hash, other)),
    }
}

impl<'a> Fields<'a> {
    pub fn new(map: &'a Map<String, Value>, prefix: &'a str) -> Self {
        Fields { map, prefix }
    }

    pub fn name(&self, key: &str) -> String {
        if self.prefix.is_empty() {
            key.to_string()
        } else {
            format!("{}.{}", self.prefix, key)
        }
    }

    /// The value, treating JSON `null` as absent.
    pub fn get(&self, key: &str) -> Option<&'a Value> {
        match self.map.get(key) {
            None | Some(Value::Null) => None,
            Some(v) => Some(v),
        }
    }

    pub fn req(&self, key: &str) -> Result<&'a Value> {
        self.get(key)
            .ok_or_else(|| VerifyError::missing(&self.name(key)))
    }

    pub fn str(&self, key: &str) -> Result<&'a str> {
        match self.req(key)? {
            Value::String(s) => Ok(s),
            other => Err(VerifyError::wrong_type(&self.name(key), Want::Text, other)),
        }
    }

    pub fn opt_str(&self, key: &str) -> Result<Option<&'a str>> {
        match self.get(key) {
            None => Ok(None),
            Some(_) => self.str(key).map(Some),
        }
    }

    /// An identifier that goes into a message: a string as given, or a JSON integer
    /// written in plain decimal (SPEC: numbers in messages are plain decimal).
    pub fn id_text(&self, key: &str) -> Result<String> {
        match self.req(key)? {
            Value::String(s) => Ok(s.clone()),
            v @ Value::Number(_) => {
                Ok(as_int(v, &self.name(key), 0, MAX_SAFE_INTEGER)?.to_string())
            }
            other => Err(VerifyError::wrong_type(
                &self.name(key),
                Want::TextOrInteger,
                other,
            )),
        }
    }

    pub fn hex64(&self, key: &str) -> Result<Hex64> {
        as_hex64(self.req(key)?, &self.name(key))
    }

    pub fn opt_hex64(&self, key: &str) -> Result<Option<Hex64>> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => as_hex64(v, &self.name(key)).map(Some),
        }
    }

    pub fn int(&self, key: &str, min: i64, max: i64) -> Result<i64> {
        as_int(self.req(key)?, &self.name(key), min, max)
    }

    pub fn opt_int(&self, key: &str, min: i64, max: i64) -> Result<Option<i64>> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => as_int(v, &self.name(key), min, max).map(Some),
        }
    }

    /// An optional integer that may take only one of `allowed` (`out_of_range` with
    /// `allowed` otherwise).
    pub fn opt_int_of(&self, key: &str, allowed: &[i64]) -> Result<Option<i64>> {
        let name = self.name(key);
        match self.opt_int(key, -MAX_SAFE_INTEGER, MAX_SAFE_INTEGER) {
            Ok(None) => return Ok(None),
            Ok(Some(v)) if allowed.contains(&v) => return Ok(Some(v)),
            Ok(Some(_)) => (),
            Err(e) if e.code == ErrorCode::OutOfRange => (),
            Err(e) => return Err(e),
        }
        Err(VerifyError::new(
            ErrorCode::OutOfRange,
            name.as_str(),
            msg!(
                "the field `{name}` must be one of {}",
                allowed
                    .iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
        .with("allowed", allowed.to_vec()))
    }

    pub fn array(&self, key: &str) -> Result<&'a Vec<Value>> {
        match self.req(key)? {
            Value::Array(a) => Ok(a),
            other => Err(VerifyError::wrong_type(&self.name(key), Want::List, other)),
        }
    }

    /// A list of strings (`clientSeeds`, …), each named `key[i]` in errors, at most
    /// `max` long.
    pub fn str_list(&self, key: &str, max: usize) -> Result<Vec<&'a str>> {
        let arr = self.array(key)?;
        if arr.len() > max {
            return Err(VerifyError::too_many(&self.name(key), max));
        }
        arr.iter()
            .enumerate()
            .map(|(i, v)| match v {
                Value::String(s) => Ok(s.as_str()),
                other => Err(VerifyError::wrong_type(
                    &format!("{}[{i}]", self.name(key)),
                    Want::Text,
                    other,
                )),
            })
            .collect()
    }

    pub fn object(&self, key: &str) -> Result<&'a Map<String, Value>> {
        match self.req(key)? {
            Value::Object(m) => Ok(m),
            other => Err(VerifyError::wrong_type(
                &self.name(key),
                Want::Object,
                other,
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_are_strict() {
        let f = |v: Value| as_int(&v, "n", 0, 100).map_err(|e| e.code);
        assert_eq!(f(json!(7)), Ok(7));
        assert_eq!(f(json!(7.5)), Err(ErrorCode::WrongType));
        assert_eq!(f(json!("7")), Err(ErrorCode::WrongType));
        assert_eq!(f(json!(-1)), Err(ErrorCode::OutOfRange));
        assert_eq!(f(json!(101)), Err(ErrorCode::OutOfRange));
        assert_eq!(f(json!(1e300)), Err(ErrorCode::OutOfRange));
        assert_eq!(f(json!(u64::MAX)), Err(ErrorCode::OutOfRange));
        let big = as_int(&json!(1i64 << 53), "n", 0, i64::MAX).map_err(|e| e.code);
        assert_eq!(big, Err(ErrorCode::OutOfRange));
        let min = as_int(&json!(i64::MIN), "n", i64::MIN, 0).map_err(|e| e.code);
        assert_eq!(min, Err(ErrorCode::OutOfRange));
        // Integers written as integers: a fraction or an exponent is refused,
        // whatever the float rounds to.
        for text in [
            "5.0",
            "1e2",
            "7e0",
            "1e-400",
            "1.00000000000000000001",
            "-0.0",
        ] {
            let v: Value = serde_json::from_str(text).unwrap();
            assert_eq!(f(v), Err(ErrorCode::WrongType), "{text}");
        }
        let v: Value = serde_json::from_str("5").unwrap();
        assert_eq!(f(v), Ok(5));
    }

    #[test]
    fn hex64_names_field_and_lowercases() {
        let ok = as_hex64(&json!("AB".repeat(32)), "commitment").unwrap();
        assert_eq!(ok.as_str(), "ab".repeat(32));
        assert_eq!(ok.bytes()[0], 0xab);
        assert_eq!(ok.first_u64(), 0xabab_abab_abab_abab);
        let reason = |s: String| as_hex64(&json!(s), "x").unwrap_err().params["reason"].clone();
        assert_eq!(reason(format!(" {} ", "a".repeat(64))), "spaces");
        assert_eq!(reason(format!("0x{}", "a".repeat(64))), "prefix_0x");
        assert_eq!(reason("a".repeat(63)), "length");
        assert_eq!(reason("g".repeat(64)), "not_hex");
        // `length` counts characters, not bytes: two, three and four bytes each.
        let length = |s: &str| as_hex64(&json!(s), "x").unwrap_err().params["length"].clone();
        assert_eq!(length("aé€😀"), json!(4));
        assert_eq!(length("😀".repeat(64).as_str()), json!(64));
        assert_eq!(length(""), json!(0));
        let e = as_hex64(&json!("abc"), "commitment").unwrap_err();
        assert_eq!(
            (e.code, e.field.as_str()),
            (ErrorCode::BadHex, "commitment")
        );
        let e = as_hex64(&json!("zz".repeat(32)), "x").unwrap_err();
        assert_eq!(e.code, ErrorCode::BadHex);
        let e = as_hex64(&json!(5), "x").unwrap_err();
        assert_eq!(e.code, ErrorCode::WrongType);
    }
}
