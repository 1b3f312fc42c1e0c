//! The one error type every input path funnels into.
//!
//! "Checked and it did not match" is a *result* (a report with `verdict: fail`);
//! a `VerifyError` means the record could not be checked at all. The `code` is
//! stable (pages, the CLI and tests key on it); the message is for people and
//! always names the field.

use std::fmt;

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
    UnknownGame,
    BadSeatCount,
    OutOfRange,
    /// A key in `played` that the scheme does not recompute.
    UnknownField,
    /// The published function itself refuses the input (battle chances, dice picks…).
    GameRule,
    /// Input bytes that are not valid text: invalid UTF-8 (`offset`: the first bad
    /// byte), broken UTF-16, or a string crossing the JS boundary with a lone surrogate.
    BadUtf8,
    /// A record larger than the limit (`limit`, `size`: bytes), refused before parsing.
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
            ErrorCode::UnknownGame => "unknown_game",
            ErrorCode::BadSeatCount => "bad_seat_count",
            ErrorCode::OutOfRange => "out_of_range",
            ErrorCode::UnknownField => "unknown_field",
            ErrorCode::GameRule => "game_rule",
            ErrorCode::BadUtf8 => "bad_utf8",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::Internal => "internal",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    pub code: ErrorCode,
    /// The record field the error is about (`clientSeeds[2]`, `leaves[0].path`); empty
    /// when the error is about the record as a whole.
    pub field: String,
    pub message: String,
    /// Values a catalog message is rendered from (`limit`, `size`, `offset`…).
    pub params: Map<String, Value>,
}

impl VerifyError {
    pub fn new(code: ErrorCode, field: impl Into<String>, message: impl Into<String>) -> Self {
        VerifyError {
            code,
            field: field.into(),
            message: message.into(),
            params: Map::new(),
        }
    }

    /// The same error with one more value for the catalog message.
    pub fn with_param(mut self, key: &str, value: impl Into<Value>) -> Self {
        self.params.insert(key.to_string(), value.into());
        self
    }

    pub fn missing(field: &str) -> Self {
        Self::new(
            ErrorCode::MissingField,
            field,
            format!("the field `{field}` is required but missing"),
        )
    }

    pub fn wrong_type(field: &str, want: &str) -> Self {
        Self::new(
            ErrorCode::WrongType,
            field,
            format!("the field `{field}` must be {want}"),
        )
    }

    pub fn out_of_range(field: &str, range: &str) -> Self {
        Self::new(
            ErrorCode::OutOfRange,
            field,
            format!("the field `{field}` must be {range}"),
        )
    }

    pub fn game_rule(field: &str, message: impl Into<String>) -> Self {
        Self::new(ErrorCode::GameRule, field, message)
    }
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.message)
    }
}

impl std::error::Error for VerifyError {}

pub type Result<T> = std::result::Result<T, VerifyError>;
