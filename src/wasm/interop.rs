//! Values across the boundary: JSON values to plain JS values and back, JS strings
//! to Rust text, and the core's errors as thrown JS `Error`s named `VerifyError`.
//! The one place that knows how JavaScript represents things.

use js_sys::{Error as JsError, JsString, Reflect, JSON};
use serde_json::Value;
use wasm_bindgen::prelude::*;

use crate::error::{ErrorCode, VerifyError};

/// The boundary's one error convention: every export that can fail throws a JS
/// `Error` named `VerifyError` with the core's `code`, `field` (and `path`, its
/// segments, outside the badge's build) and `params`
/// (and `message`, an English detail, empty in the badge's build).
pub fn to_js_error(e: &VerifyError) -> JsValue {
    let err = JsError::new(&e.message);
    err.set_name("VerifyError");
    let obj: &JsValue = err.as_ref();
    // Reflect::set on a fresh Error object cannot fail; ignore its Result.
    let _ = Reflect::set(obj, &"code".into(), &e.code.as_str().into());
    let _ = Reflect::set(obj, &"field".into(), &e.field.as_str().into());
    // `field` as segments, for the page's form (the badge has none: its build leaves
    // them out, 7 KB of its wasm).
    #[cfg(not(feature = "widget"))]
    let _ = Reflect::set(obj, &"path".into(), &js_value(&Value::Array(e.path())));
    let _ = Reflect::set(obj, &"params".into(), &js_object(&e.params));
    err.into()
}

/// A core error as data (`{code, field, params, message}`), for results that
/// carry an error instead of throwing it: one record of a batch.
#[cfg(not(feature = "widget"))]
pub fn error_value(e: &VerifyError) -> JsValue {
    js_value(&crate::error_json(e))
}

/// JS strings are UTF-16 and may hold lone surrogates; they have no UTF-8 form, and
/// silently replacing them would hash different bytes than the player typed.
pub fn js_text(s: &JsString, what: &str) -> Result<String, VerifyError> {
    if !s.is_valid_utf16() {
        return Err(VerifyError::new(
            ErrorCode::BadUtf8,
            "",
            msg!("the {what} holds an unpaired UTF-16 surrogate, which is not valid text"),
        ));
    }
    Ok(String::from(s))
}

/// A record as JSON text, whatever form it came in.
pub fn record_text(record: &JsValue) -> Result<String, VerifyError> {
    if let Some(s) = record.dyn_ref::<JsString>() {
        return js_text(s, "input");
    }
    // Objects go through the engine's own JSON.stringify: it refuses cycles and
    // runaway depth with an exception instead of overflowing our stack.
    let text = match JSON::stringify(record) {
        Ok(s) => js_text(&s, "record")?,
        Err(_) => {
            return Err(VerifyError::new(
                ErrorCode::BadJson,
                "",
                msg!(
                    "the record cannot be turned into JSON (a cycle, a BigInt or too deep nesting)"
                ),
            ))
        }
    };
    if text == "undefined" {
        return Err(VerifyError::new(
            ErrorCode::NotObject,
            "",
            msg!("no record was given"),
        ));
    }
    Ok(text)
}

/// A JSON value as the plain JS value that `JSON.parse` of its text would give, built
/// value by value: numbers cross as float64 (an integer past 2^53 rounds, as in
/// JSON.parse, rather than failing the whole report), objects get own keys (a
/// `__proto__` key stays a key), and no JSON text is written or read. The page, the
/// CLI and the badge share it, so they show the same report.
pub fn js_value(v: &Value) -> JsValue {
    match v {
        Value::Null => JsValue::NULL,
        Value::Bool(b) => JsValue::from_bool(*b),
        Value::Number(n) => JsValue::from_f64(n.as_f64().unwrap_or(f64::NAN)),
        Value::String(s) => JsValue::from_str(s),
        Value::Array(items) => items.iter().map(js_value).collect::<js_sys::Array>().into(),
        Value::Object(map) => js_object(map),
    }
}

/// An object's entries through `Object.fromEntries`, which defines own properties.
pub fn js_object(map: &serde_json::Map<String, Value>) -> JsValue {
    let entries: js_sys::Array = map
        .iter()
        .map(|(k, x)| js_sys::Array::of2(&JsValue::from_str(k), &js_value(x)))
        .collect();
    js_sys::Object::from_entries(&entries)
        .map(JsValue::from)
        .unwrap_or(JsValue::NULL)
}

/// A record or options object (or its JSON text) as a `Value`. The page and the CLI
/// read it with serde_json, the core's one parser.
#[cfg(not(feature = "widget"))]
pub fn json_value(v: &JsValue) -> Result<Value, VerifyError> {
    crate::parse_json(&record_text(v)?)
}

/// The badge's reader: the engine's `JSON.parse`, then the value as serde_json would
/// have read it from the same text (`from_js`). Without serde_json's reader and float
/// parser the badge's wasm is a fifth smaller (README "Size and speed"); the cost is
/// this second reader, held to the first by `tests/node/widget_core.test.mjs`.
#[cfg(feature = "widget")]
pub fn json_value(v: &JsValue) -> Result<Value, VerifyError> {
    let text = record_text(v)?;
    crate::input::check_size(text.len() as u64)?;
    // A string that opens with a lone low surrogate is refused by serde_json (the
    // page's reader), and here it would read as the float marker below: refused first.
    if crate::spelling::opens_with_mark(&text) {
        return Err(bad_json(msg!(
            "a string holds an unpaired UTF-16 surrogate"
        )));
    }
    // How each number was written survives JSON.parse (crate::spelling): `7.0` is a
    // float here as in serde_json, so an integer field refuses it on both readers.
    let marked = crate::spelling::mark_floats(&text);
    let parsed = JSON::parse(marked.as_deref().unwrap_or(&text))
        .map_err(|_| bad_json(msg!("the input is not valid JSON")))?;
    let v = from_js(&parsed, 0)?;
    // A key written twice: JSON.parse kept the last, as serde_json does; refused as
    // the page refuses it (crate::duplicates).
    crate::duplicates::check(&text, &v)?;
    Ok(v)
}

/// serde_json's nesting limit: it refuses the 128th container inside another, so the
/// badge refuses the same records as the page.
#[cfg(feature = "widget")]
const MAX_DEPTH: usize = 127;

/// The largest magnitude below which a whole float64 converts to an i64 exactly
/// (2^63 ≈ 9.22e18): within it, `5.0` becomes the integer 5 as serde_json reads
/// `5`; beyond it the value stays a float, as serde_json keeps `1e19`.
#[cfg(feature = "widget")]
const I64_FLOAT_LIMIT: f64 = 9.2e18;

#[cfg(feature = "widget")]
fn bad_json(message: String) -> VerifyError {
    VerifyError::new(ErrorCode::BadJson, "", message)
}

/// A value from the engine's `JSON.parse` as the `Value` serde_json would have read
/// from the same text. What JSON.parse takes and serde_json refuses is refused here
/// too: numbers beyond float64 (`1e400` parses to Infinity), lone UTF-16 surrogates
/// (`"\ud800"`) and nesting deeper than serde_json's limit. Whole numbers become
/// integers as serde_json makes them (`as_int` treats `5.0` and `5` alike).
#[cfg(feature = "widget")]
fn from_js(v: &JsValue, depth: usize) -> Result<Value, VerifyError> {
    use serde_json::{Map, Number};
    if v.is_null() {
        return Ok(Value::Null);
    }
    if let Some(b) = v.as_bool() {
        return Ok(Value::Bool(b));
    }
    if let Some(f) = v.as_f64() {
        // `-0` stays the float serde_json reads it as (the report echoes it as -0).
        if f.fract() == 0.0 && f.abs() < I64_FLOAT_LIMIT && !(f == 0.0 && f.is_sign_negative()) {
            return Ok(Value::from(f as i64));
        }
        return Number::from_f64(f)
            .map(Value::Number)
            .ok_or_else(|| bad_json(msg!("a number is too large for float64")));
    }
    if let Some(s) = v.dyn_ref::<JsString>() {
        if s.length() > 0 && s.char_code_at(0) as u16 == crate::spelling::MARK {
            return float_spelled(s);
        }
        return Ok(Value::String(string(s)?));
    }
    if depth >= MAX_DEPTH {
        return Err(bad_json(msg!(
            "the JSON nests more than {MAX_DEPTH} levels deep"
        )));
    }
    if js_sys::Array::is_array(v) {
        let items: &js_sys::Array = v.unchecked_ref();
        return items
            .iter()
            .map(|x| from_js(&x, depth + 1))
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array);
    }
    let obj: &js_sys::Object = v.unchecked_ref();
    let mut map = Map::new();
    for key in js_sys::Object::keys(obj).iter() {
        let k = key
            .dyn_ref::<JsString>()
            .ok_or_else(|| bad_json(msg!("a key is not text")))?;
        let x = Reflect::get(obj, &key).map_err(|_| bad_json(msg!("a value cannot be read")))?;
        map.insert(string(k)?, from_js(&x, depth + 1)?);
    }
    Ok(Value::Object(map))
}

/// A number written with a fraction or an exponent (`crate::spelling`): the float
/// serde_json reads from its text (never an integer), or `bad_json` as there.
#[cfg(feature = "widget")]
fn float_spelled(s: &JsString) -> Result<Value, VerifyError> {
    let text = String::from(s.slice(1, s.length()));
    let bad = || bad_json(msg!("a number is not valid JSON or too large for float64"));
    if !crate::spelling::is_json_number(&text) {
        return Err(bad());
    }
    let f = JSON::parse(&text)
        .ok()
        .and_then(|n| n.as_f64())
        .ok_or_else(bad)?;
    serde_json::Number::from_f64(f)
        .map(Value::Number)
        .ok_or_else(bad)
}

/// A string inside the JSON: lone surrogates (valid in JSON.parse, refused by
/// serde_json) are `bad_json`, as in the page.
#[cfg(feature = "widget")]
fn string(s: &JsString) -> Result<String, VerifyError> {
    if !s.is_valid_utf16() {
        return Err(bad_json(msg!(
            "a string holds an unpaired UTF-16 surrogate"
        )));
    }
    Ok(String::from(s))
}

/// Options (`{walk, shown}`, or a history's `{terminal, maxSteps, walk}`), from a JS
/// object through JSON, as records are; `undefined` or `null` is none.
pub fn options_value(options: &JsValue) -> Result<Value, VerifyError> {
    if options.is_undefined() || options.is_null() {
        return Ok(Value::Null);
    }
    json_value(options)
}
