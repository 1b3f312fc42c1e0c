//! The one error type every input path funnels into.
//!
//! "Checked and it did not match" is a *result* (a report with `verdict: fail`);
//! a `VerifyError` means the record could not be checked at all. The `code` is
//! stable (pages, the CLI and tests key on it) and `params` carries the values a
//! surface needs to say what is wrong in the player's language (`err.<code>` in
//! the catalogs). `message` is an English detail for developers and logs; no
//! surface shows it to a player in place of the catalog's words.

use std::fmt;

/// `message`'s English words (`format!` syntax). The badge's build (feature `small`)
/// leaves every message empty: it speaks only from the catalogs (`err.<code>` and
/// `params`), and these sentences with the formatting code behind them (floats above
/// all) were a fifth of its wasm. The `if false` keeps the arguments "used" there,
/// and the optimiser drops it.
macro_rules! msg {
    ($($t:tt)*) => {{
        #[cfg(not(feature = "small"))]
        let m = ::std::format!($($t)*);
        #[cfg(feature = "small")]
        let m = {
            if false {
                let _ = ::std::format!($($t)*);
            }
            ::std::string::String::new()
        };
        m
    }};
}

use serde_json::{Map, Value};

/// Stable error codes. The string form (`as_str`) is part of the public contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorCode {
    /// The input is not JSON at all (or nests deeper than the parser allows).
    BadJson,
    /// The record (or a nested value that must be an object) is not a JSON object.
    NotObject,
    MissingField,
    WrongType,
    BadHex,
    /// A decimal string that is not in canonical form (selfpoker `seed`, seat keys).
    BadDecimal,
    UnknownScheme,
    UnsupportedScheme,
    /// A scheme of the family a per-family badge leaves out (`badge`: the file that
    /// checks it): neither a pass nor a fail.
    OtherBadge,
    UnknownGame,
    BadSeatCount,
    OutOfRange,
    /// A key in `played` (or a bet) that the scheme does not know.
    UnknownField,
    /// A value in `played` that cannot be read as what the game showed (a card,
    /// a roll, a multiplier…): `want` says what was expected at `field`.
    BadPlayed,
    /// Two fields that exclude each other (`bets` beside a single bet's `nonce`).
    ConflictingFields,
    /// The published function itself refuses the input (battle chances, dice picks…).
    GameRule,
    /// The input's bytes are not valid text (bad UTF-8, a lone UTF-16 surrogate).
    BadUtf8,
    /// A record larger than the documented limit, refused before parsing.
    TooLarge,
    /// Never expected: a panic caught at the boundary.
    Internal,
}

impl ErrorCode {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadJson => "bad_json",
            ErrorCode::NotObject => "not_object",
            ErrorCode::MissingField => "missing_field",
            ErrorCode::WrongType => "wrong_type",
            ErrorCode::BadHex => "bad_hex",
            ErrorCode::BadDecimal => "bad_decimal",
            ErrorCode::UnknownScheme => "unknown_scheme",
            ErrorCode::UnsupportedScheme => "unsupported_scheme",
            ErrorCode::OtherBadge => "other_badge",
            ErrorCode::UnknownGame => "unknown_game",
            ErrorCode::BadSeatCount => "bad_seat_count",
            ErrorCode::OutOfRange => "out_of_range",
            ErrorCode::UnknownField => "unknown_field",
            ErrorCode::BadPlayed => "bad_played",
            ErrorCode::ConflictingFields => "conflicting_fields",
            ErrorCode::GameRule => "game_rule",
            ErrorCode::BadUtf8 => "bad_utf8",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::Internal => "internal",
        }
    }
}

/// What a field should have been, as a stable token (`want` in `params`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    Boolean,
    Integer,
    WholeNumber,
    Number,
    Text,
    TextOrInteger,
    Hash,
    List,
    Object,
}

impl Want {
    pub fn as_str(self) -> &'static str {
        match self {
            Want::Boolean => "boolean",
            Want::Integer => "integer",
            Want::WholeNumber => "whole_number",
            Want::Number => "number",
            Want::Text => "text",
            Want::TextOrInteger => "text_or_integer",
            Want::Hash => "hash",
            Want::List => "list",
            Want::Object => "object",
        }
    }

    fn english(self) -> &'static str {
        match self {
            Want::Boolean => "true or false",
            Want::Integer => "an integer",
            Want::WholeNumber => "a whole number (no fraction)",
            Want::Number => "a number",
            Want::Text => "a string",
            Want::TextOrInteger => "a string or an integer",
            Want::Hash => "a string of 64 hex digits",
            Want::List => "an array",
            Want::Object => "an object",
        }
    }
}

/// The JSON type of a value as a stable token (`got` in `params`).
pub fn type_token(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "text",
        Value::Array(_) => "list",
        Value::Object(_) => "object",
    }
}

/// The JSON type of a value in English, for `message` (`type_token`'s twin).
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

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    pub code: ErrorCode,
    /// The record field the error is about (`clientSeeds[2]`, `leaves[0].path`); empty
    /// when the error is about the record as a whole.
    pub field: String,
    /// Values for the message (`min`, `max`, `want`, `got`, `reason`…).
    pub params: Map<String, Value>,
    /// English detail for developers; surfaces render `err.<code>` from `params`.
    pub message: String,
}

impl VerifyError {
    pub fn new(code: ErrorCode, field: impl Into<String>, message: impl Into<String>) -> Self {
        VerifyError {
            code,
            field: field.into(),
            params: Map::new(),
            message: message.into(),
        }
    }

    /// `field` as segments: member names and list indexes (`bets[3].nonce` →
    /// `["bets", 3, "nonce"]`), empty for the whole record; the first is the record
    /// field a form shows the error under.
    pub fn path(&self) -> Vec<Value> {
        // Byte by byte: the separators are ASCII, so every cut is a char boundary.
        let mut out = Vec::new();
        let mut start = 0;
        let mut index: Option<u64> = None;
        for (i, b) in self.field.bytes().enumerate() {
            match (b, index) {
                (b'[', None) | (b'.', None) => {
                    if i > start {
                        out.push(Value::from(&self.field[start..i]));
                    }
                    if b == b'[' {
                        index = Some(0);
                    }
                    start = i + 1;
                }
                (b']', Some(n)) => {
                    out.push(Value::from(n));
                    index = None;
                    start = i + 1;
                }
                (b'0'..=b'9', Some(n)) => {
                    index = Some(n.saturating_mul(10).saturating_add(u64::from(b - b'0')))
                }
                _ => {}
            }
        }
        if start < self.field.len() && index.is_none() {
            out.push(Value::from(&self.field[start..]));
        }
        out
    }

    /// Adds a value for the message.
    pub fn with(mut self, key: &str, value: impl Into<Value>) -> Self {
        self.params.insert(key.to_string(), value.into());
        self
    }

    pub fn missing(field: &str) -> Self {
        Self::new(
            ErrorCode::MissingField,
            field,
            msg!("the field `{field}` is required but missing"),
        )
    }

    /// The field holds a value of the wrong JSON type.
    pub fn wrong_type(field: &str, want: Want, got: &Value) -> Self {
        Self::new(
            ErrorCode::WrongType,
            field,
            msg!(
                "the field `{field}` must be {}, not {}",
                want.english(),
                type_name(got)
            ),
        )
        .with("want", want.as_str())
        .with("got", type_token(got))
    }

    /// An integer outside `min..=max`.
    pub fn out_of_range(field: &str, min: i64, max: i64) -> Self {
        Self::new(
            ErrorCode::OutOfRange,
            field,
            msg!("the field `{field}` must be an integer from {min} to {max}"),
        )
        .with("min", min)
        .with("max", max)
    }

    /// A list longer than its cap (SPEC caps work: `rolls`, `deals`, `hands`…).
    pub fn too_many(field: &str, max: usize) -> Self {
        Self::new(
            ErrorCode::OutOfRange,
            field,
            msg!("the field `{field}` may hold at most {max} entries"),
        )
        .with("maxItems", max)
    }

    /// The published function itself refuses the input; `rule` names which refusal.
    pub fn game_rule(field: &str, rule: &str, message: impl Into<String>) -> Self {
        Self::new(ErrorCode::GameRule, field, message).with("rule", rule)
    }
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.message)
    }
}

impl std::error::Error for VerifyError {}

pub type Result<T> = std::result::Result<T, VerifyError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_is_also_given_as_segments() {
        let path = |f: &str| VerifyError::new(ErrorCode::BadJson, f, "").path();
        assert_eq!(
            path("bets[3].nonce"),
            vec![json!("bets"), json!(3), json!("nonce")]
        );
        assert_eq!(
            path("played.deals[2][1]"),
            vec![json!("played"), json!("deals"), json!(2), json!(1)]
        );
        assert_eq!(path("clientSeeds"), vec![json!("clientSeeds")]);
        assert!(path("").is_empty());
    }
}
