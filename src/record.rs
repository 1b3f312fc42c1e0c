//! Typed, hostile-input-safe access to the fields of a record.
//!
//! Every getter names the field in its error, so a page can show the message next
//! to the input it is about. Nested objects get a dotted prefix (`leaves[2].path`).

use serde_json::{Map, Value};

use crate::error::{ErrorCode, Result, VerifyError};

/// Largest integer a record may carry: beyond 2^53 − 1 a JavaScript number is no
/// longer exact, and the page, the CLI and the native core must agree.
pub const MAX_SAFE_INTEGER: i64 = (1 << 53) - 1;

#[derive(Clone, Copy)]
pub struct Fields<'a> {
    map: &'a Map<String, Value>,
    prefix: &'a str,
}

pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Reads a JSON value as an integer in `min..=max`, naming `field` in any error.
pub fn as_int(v: &Value, field: &str, min: i64, max: i64) -> Result<i64> {
    let range = || format!("an integer from {min} to {max}");
    let n = match v {
        Value::Number(n) => n,
        other => {
            return Err(VerifyError::wrong_type(
                field,
                &format!("an integer, not {}", type_name(other)),
            ))
        }
    };
    let i = if let Some(i) = n.as_i64() {
        i
    } else if n.as_u64().is_some() {
        return Err(VerifyError::out_of_range(field, &range()));
    } else {
        let f = n.as_f64().unwrap_or(f64::NAN);
        if f.fract() != 0.0 || !f.is_finite() {
            return Err(VerifyError::wrong_type(
                field,
                "a whole number (no fraction)",
            ));
        }
        if f.abs() > MAX_SAFE_INTEGER as f64 {
            return Err(VerifyError::out_of_range(field, &range()));
        }
        // `5.0` or `1e6`: a whole number, as JavaScript sees it (5.0 === 5).
        f as i64
    };
    // Not `i.abs()`: it overflows on i64::MIN (-9223372036854775808, valid JSON).
    if !(-MAX_SAFE_INTEGER..=MAX_SAFE_INTEGER).contains(&i) || i < min || i > max {
        return Err(VerifyError::out_of_range(field, &range()));
    }
    Ok(i)
}

/// True for exactly `len` ASCII hex digits (either case).
pub fn is_hex(s: &str, len: usize) -> bool {
    s.len() == len && s.bytes().all(|b| b.is_ascii_hexdigit())
}

pub fn as_hex64(v: &Value, field: &str) -> Result<String> {
    match v {
        Value::String(s) if is_hex(s, 64) => Ok(s.to_ascii_lowercase()),
        Value::String(s) => Err(VerifyError::new(
            ErrorCode::BadHex,
            field,
            format!(
                "the field `{field}` must be 64 hexadecimal digits (a SHA-256 hash); got {} characters{}",
                s.chars().count(),
                if s.chars().all(|c| c.is_ascii_hexdigit()) { "" } else { ", not all hexadecimal" }
            ),
        )),
        other => Err(VerifyError::wrong_type(
            field,
            &format!("a string of 64 hex digits, not {}", type_name(other)),
        )),
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
            other => Err(VerifyError::wrong_type(
                &self.name(key),
                &format!("a string, not {}", type_name(other)),
            )),
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
                &format!("a string or an integer, not {}", type_name(other)),
            )),
        }
    }

    pub fn hex64(&self, key: &str) -> Result<String> {
        as_hex64(self.req(key)?, &self.name(key))
    }

    pub fn opt_hex64(&self, key: &str) -> Result<Option<String>> {
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

    pub fn array(&self, key: &str) -> Result<&'a Vec<Value>> {
        match self.req(key)? {
            Value::Array(a) => Ok(a),
            other => Err(VerifyError::wrong_type(
                &self.name(key),
                &format!("an array, not {}", type_name(other)),
            )),
        }
    }

    pub fn object(&self, key: &str) -> Result<&'a Map<String, Value>> {
        match self.req(key)? {
            Value::Object(m) => Ok(m),
            other => Err(VerifyError::wrong_type(
                &self.name(key),
                &format!("an object, not {}", type_name(other)),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
        let v: Value = serde_json::from_str("5.0").unwrap();
        assert_eq!(f(v), Ok(5));
        let v: Value = serde_json::from_str("1e2").unwrap();
        assert_eq!(f(v), Ok(100));
    }

    #[test]
    fn hex64_names_field_and_lowercases() {
        let ok = as_hex64(&json!("AB".repeat(32)), "commitment").unwrap();
        assert_eq!(ok, "ab".repeat(32));
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
