//! The one WebAssembly boundary. Records come in as JSON text or JS objects, the
//! report goes out as a plain JS object, and every error becomes a JS `Error` named
//! `VerifyError` carrying the core's `code`, `field` and `message`.

use js_sys::{Error as JsError, JsString, Reflect, JSON};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::error::{ErrorCode, VerifyError};
use crate::primitives::hash_chain::ChainWalk;
#[cfg(not(feature = "widget"))]
use crate::primitives::sha256::sha256_hex;
use crate::record::as_hex64;

#[cfg(not(feature = "widget"))]
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The funnel: a core error as a thrown JS `Error` with name `VerifyError`.
fn to_js_error(e: &VerifyError) -> JsValue {
    let err = JsError::new(&e.message);
    err.set_name("VerifyError");
    let obj: &JsValue = err.as_ref();
    // Reflect::set on a fresh Error object cannot fail; ignore its Result.
    let _ = Reflect::set(obj, &"code".into(), &e.code.as_str().into());
    let _ = Reflect::set(obj, &"field".into(), &e.field.as_str().into());
    let _ = Reflect::set(obj, &"params".into(), &js_object(&e.params));
    err.into()
}

/// JS strings are UTF-16 and may hold lone surrogates; they have no UTF-8 form, and
/// silently replacing them would hash different bytes than the player typed.
fn js_text(s: &JsString, what: &str) -> Result<String, VerifyError> {
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
fn record_text(record: &JsValue) -> Result<String, VerifyError> {
    if let Some(s) = record.dyn_ref::<JsString>() {
        return js_text(s, "input");
    }
    // Objects go through the engine's own JSON.stringify: it refuses cycles and
    // runaway depth with an exception instead of overflowing our stack.
    match JSON::stringify(record) {
        Ok(s) => js_text(&s, "record"),
        Err(_) => Err(VerifyError::new(
            ErrorCode::BadJson,
            "",
            msg!("the record cannot be turned into JSON (a cycle, a BigInt or too deep nesting)"),
        )),
    }
    .and_then(|t| {
        if t == "undefined" {
            Err(VerifyError::new(
                ErrorCode::NotObject,
                "",
                msg!("no record was given"),
            ))
        } else {
            Ok(t)
        }
    })
}

/// A serialisable value (the scheme descriptors) as a plain JS object, through
/// `js_value`. Reports are `Value`s already and go to `js_value` directly.
fn to_js<T: Serialize>(v: &T) -> Result<JsValue, JsValue> {
    let value = serde_json::to_value(v).map_err(|_| internal_error("the report is not JSON"))?;
    Ok(js_value(&value))
}

/// A JSON value as the plain JS value that `JSON.parse` of its text would give, built
/// value by value: numbers cross as float64 (an integer past 2^53 rounds, as in
/// JSON.parse, rather than failing the whole report), objects get own keys (a
/// `__proto__` key stays a key), and no JSON text is written or read. The page, the
/// CLI and the badge share it, so they show the same report.
fn js_value(v: &serde_json::Value) -> JsValue {
    use serde_json::Value;
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
fn js_object(map: &serde_json::Map<String, serde_json::Value>) -> JsValue {
    let entries: js_sys::Array = map
        .iter()
        .map(|(k, x)| js_sys::Array::of2(&JsValue::from_str(k), &js_value(x)))
        .collect();
    js_sys::Object::from_entries(&entries)
        .map(JsValue::from)
        .unwrap_or(JsValue::NULL)
}

/// serde_json's nesting limit: it refuses the 128th container inside another, so the
/// badge refuses the same records as the page.
#[cfg(feature = "widget")]
const MAX_DEPTH: usize = 127;

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
fn from_js(v: &JsValue, depth: usize) -> Result<serde_json::Value, VerifyError> {
    use serde_json::{Map, Number, Value};
    if v.is_null() {
        return Ok(Value::Null);
    }
    if let Some(b) = v.as_bool() {
        return Ok(Value::Bool(b));
    }
    if let Some(f) = v.as_f64() {
        // `-0` stays the float serde_json reads it as (the report echoes it as -0).
        if f.fract() == 0.0 && f.abs() < 9.2e18 && !(f == 0.0 && f.is_sign_negative()) {
            return Ok(Value::from(f as i64));
        }
        return Number::from_f64(f)
            .map(Value::Number)
            .ok_or_else(|| bad_json(msg!("a number is too large for float64")));
    }
    if let Some(s) = v.dyn_ref::<JsString>() {
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

/// A record or options object (or its JSON text) as a `Value`: text through the
/// engine's `JSON.parse` (size and text checks first, as for every input).
#[cfg(feature = "widget")]
fn json_value(v: &JsValue) -> Result<serde_json::Value, VerifyError> {
    let text = record_text(v)?;
    crate::input::check_size(text.len() as u64)?;
    let parsed = JSON::parse(&text).map_err(|_| bad_json(msg!("the input is not valid JSON")))?;
    from_js(&parsed, 0)
}

/// The page's and CLI's reader: serde_json over the text.
#[cfg(not(feature = "widget"))]
fn json_value(v: &JsValue) -> Result<serde_json::Value, VerifyError> {
    crate::parse_json(&record_text(v)?)
}

fn internal_error(message: &str) -> JsValue {
    let err = JsError::new(message);
    err.set_name("VerifyError");
    let _ = Reflect::set(err.as_ref(), &"code".into(), &"internal".into());
    let _ = Reflect::set(err.as_ref(), &"field".into(), &"".into());
    err.into()
}

/// Verification options (`{walk: "pending"}` or `{walk: {steps, found}}`), from a JS
/// object through JSON, as records are.
fn options(options: &JsValue) -> Result<crate::Options, VerifyError> {
    if options.is_undefined() || options.is_null() {
        return Ok(crate::Options::default());
    }
    crate::Options::from_json(&json_value(options)?)
}

/// `verify(record, options?)`: the report as a JS object, or a thrown `VerifyError`.
#[wasm_bindgen]
pub fn verify(record: JsValue, opts: JsValue) -> Result<JsValue, JsValue> {
    let run = || {
        let (_, record) = crate::input::unwrap_record(json_value(&record)?);
        crate::verify_with(&record, &options(&opts)?)
    };
    let report = run().map_err(|e| to_js_error(&e))?;
    Ok(js_value(&report))
}

/// JSON text in, JSON text out (`{"report": …}` or `{"error": {…}}`), for batch
/// callers that would only stringify the object again. (The badge's API makes it
/// from `verify`: its wasm writes no JSON text.)
#[cfg(not(feature = "widget"))]
#[wasm_bindgen(js_name = verifyText)]
pub fn verify_text(text: JsString, opts: JsValue) -> String {
    let out = js_text(&text, "input")
        .and_then(|t| crate::verify_json_with(&t, &options(&opts)?))
        .map(|r| serde_json::json!({ "report": r }))
        .unwrap_or_else(|e| serde_json::json!({ "error": crate::error_json(&e) }));
    out.to_string()
}

/// A record's bytes (a file, standard input; bare or `{"name", "record"}`) in, JSON
/// text out: `{"report": …}` or `{"error": {…}}`. Size limit, BOM, UTF-16 and strict
/// UTF-8 as in `input`.
#[cfg(not(feature = "widget"))]
#[wasm_bindgen(js_name = verifyBytes)]
pub fn verify_bytes(bytes: &[u8]) -> String {
    let out = match crate::input::verify_bytes(bytes) {
        Ok(r) => serde_json::json!({ "report": r }),
        Err(e) => serde_json::json!({ "error": crate::error_json(&e) }),
    };
    out.to_string()
}

/// One record line's bytes (a bare record or `{"name", "record"}`), numbered `line`
/// by the caller, in; one output line out: `{"line", "name", "result"}` where
/// `result` is the report or `{"error": {…}}`.
#[cfg(not(feature = "widget"))]
#[wasm_bindgen(js_name = verifyLine)]
pub fn verify_line(bytes: &[u8], line: f64) -> String {
    let l = crate::input::verify_line(bytes);
    serde_json::json!({
        "line": line as u64,
        "name": l.name,
        "result": crate::input::result_json(&l.result),
    })
    .to_string()
}

/// For input not yet read in full (a file's length, a line still arriving): null
/// when `size` bytes are within the limit, else the `too_large` error as JSON text.
#[cfg(not(feature = "widget"))]
#[wasm_bindgen(js_name = sizeError)]
pub fn size_error(size: f64) -> Option<String> {
    crate::input::check_size(size as u64)
        .err()
        .map(|e| crate::error_json(&e).to_string())
}

/// The size limit per record, in bytes.
#[cfg(not(feature = "widget"))]
#[wasm_bindgen(js_name = maxRecordBytes)]
pub fn max_record_bytes() -> u32 {
    crate::input::MAX_RECORD_BYTES as u32
}

#[cfg(not(feature = "widget"))]
/// Lowercase hex SHA-256 of bytes (the page shows the wasm's own fingerprint).
#[wasm_bindgen(js_name = sha256Hex)]
pub fn sha256_hex_js(bytes: &[u8]) -> String {
    sha256_hex(bytes)
}

/// Every scheme's descriptor (fields, games, result keys, terminals), from the core.
#[wasm_bindgen]
pub fn schemes() -> Result<JsValue, JsValue> {
    to_js(&crate::descriptors())
}

/// A 64-hex-digit argument as the 64 lowercase ASCII bytes a chain link is made of.
fn link_text(value: &str, field: &str) -> Result<[u8; 64], JsValue> {
    let h = as_hex64(&value.into(), field).map_err(|e| to_js_error(&e))?;
    Ok(h.text_bytes())
}

#[cfg(not(feature = "widget"))]
/// A chain walk that a Web Worker advances in slices, reporting progress between them.
#[wasm_bindgen]
pub struct ChainWalker {
    inner: ChainWalk,
}

#[cfg(not(feature = "widget"))]
#[wasm_bindgen]
impl ChainWalker {
    #[wasm_bindgen(constructor)]
    pub fn new(hash: &str, terminal: &str) -> Result<ChainWalker, JsValue> {
        let h = as_hex64(&hash.into(), "hash").map_err(|e| to_js_error(&e))?;
        let t = as_hex64(&terminal.into(), "terminal").map_err(|e| to_js_error(&e))?;
        Ok(ChainWalker {
            inner: ChainWalk::new(&h.text_bytes(), t.bytes()),
        })
    }

    /// Applies up to `n` more steps; true once the terminal is reached.
    pub fn advance(&mut self, n: u32) -> bool {
        self.inner.advance(n as u64)
    }

    #[wasm_bindgen(getter)]
    pub fn steps(&self) -> f64 {
        self.inner.steps as f64
    }

    #[wasm_bindgen(getter)]
    pub fn found(&self) -> bool {
        self.inner.found
    }

    /// The current link (the hash after `steps` HashSeeds).
    #[wasm_bindgen(getter)]
    pub fn current(&self) -> String {
        String::from_utf8_lossy(&self.inner.current_hex()).into_owned()
    }
}

#[cfg(not(feature = "widget"))]
/// Benchmark hook: `n` chain links from `hash` through the kernel; the last link.
#[wasm_bindgen(js_name = benchChainKernel)]
pub fn bench_chain_kernel(hash: &str, n: u32) -> Result<String, JsValue> {
    use crate::primitives::hash_chain::Link;
    let mut link = Link::from_hex(&link_text(hash, "hash")?);
    for _ in 0..n {
        link = Link::from_digest(&link.digest());
    }
    Ok(String::from_utf8_lossy(&link.to_hex()).into_owned())
}

#[cfg(not(feature = "widget"))]
/// Benchmark hook: the same walk through the generic sha2 + hex path (the reference).
#[wasm_bindgen(js_name = benchChainGeneric)]
pub fn bench_chain_generic(hash: &str, n: u32) -> Result<String, JsValue> {
    use crate::primitives::hash_chain::step_generic;
    let mut cur = link_text(hash, "hash")?;
    for _ in 0..n {
        cur = step_generic(&cur);
    }
    Ok(String::from_utf8_lossy(&cur).into_owned())
}

#[cfg(not(feature = "widget"))]
/// A pasted round history checked line by line (see `round_history`): JSON text of
/// `{summary, rows}` or `{error}`.
#[wasm_bindgen(js_name = checkRounds)]
pub fn check_rounds(game: &str, text: JsString, opts: JsValue) -> String {
    let opts = || -> Result<crate::round_history::HistoryOptions, VerifyError> {
        if opts.is_undefined() || opts.is_null() {
            return Ok(Default::default());
        }
        let t = record_text(&opts)?;
        crate::round_history::HistoryOptions::from_json(&crate::parse_json(&t)?)
    };
    js_text(&text, "history")
        .and_then(|t| crate::round_history::check_rounds_with(game, &t, &opts()?))
        .unwrap_or_else(|e| serde_json::json!({ "error": crate::error_json(&e) }))
        .to_string()
}

/// A chain walk that checks every link against remembered positions of its terminal
/// (issue 16). `new RememberingChainWalker(hash, terminal, hashes?, rounds?)`:
/// `hashes` (Uint8Array) holds 32 bytes per remembered position and `rounds`
/// (Float64Array) each one's round, both oldest first and both proven against this
/// `terminal` (the caller keeps them per terminal); the newest 10,000 are used.
/// Without them it is a plain walk that still records checkpoints.
#[wasm_bindgen]
pub struct RememberingChainWalker {
    inner: ChainWalk,
}

#[wasm_bindgen]
impl RememberingChainWalker {
    #[wasm_bindgen(constructor)]
    pub fn new(
        hash: &str,
        terminal: &str,
        hashes: Option<Vec<u8>>,
        rounds: Option<Vec<f64>>,
    ) -> Result<RememberingChainWalker, JsValue> {
        use crate::primitives::chain_memory::{ChainMemory, DEFAULT_CAPACITY};
        let start = link_text(hash, "hash")?;
        let t = link_text(terminal, "terminal")?;
        let target: [u8; 32] = std::str::from_utf8(&t)
            .ok()
            .and_then(crate::primitives::sha256::from_hex)
            .and_then(|v| v.try_into().ok())
            // 64 validated hex digits always decode to 32 bytes.
            .ok_or_else(|| {
                to_js_error(&VerifyError::new(
                    ErrorCode::Internal,
                    "terminal",
                    msg!("hex"),
                ))
            })?;
        let mut inner = ChainWalk::new(&start, &target);
        let (hashes, rounds) = (hashes.unwrap_or_default(), rounds.unwrap_or_default());
        if !hashes.is_empty() || !rounds.is_empty() {
            let memory = ChainMemory::from_flat(&target, &hashes, &rounds, DEFAULT_CAPACITY)
                .map_err(|e| to_js_error(&e))?;
            inner = inner.with_memory(std::sync::Arc::new(memory));
        }
        Ok(RememberingChainWalker { inner })
    }

    /// Applies up to `n` more links; true once the round is known (the terminal or
    /// a remembered position reached).
    pub fn advance(&mut self, n: u32) -> bool {
        self.inner.advance(n as u64)
    }

    /// The round once `found` (links walked plus the remembered round, if any).
    #[wasm_bindgen(getter)]
    pub fn steps(&self) -> f64 {
        self.inner.steps as f64
    }

    #[wasm_bindgen(getter)]
    pub fn found(&self) -> bool {
        self.inner.found
    }

    /// Whether a remembered position ended the walk.
    #[wasm_bindgen(getter, js_name = viaMemory)]
    pub fn via_memory(&self) -> bool {
        self.inner.via_memory()
    }

    #[wasm_bindgen(getter, js_name = linksWalked)]
    pub fn links_walked(&self) -> f64 {
        self.inner.links_walked() as f64
    }

    /// The round of the remembered position that ended the walk, else undefined.
    #[wasm_bindgen(getter, js_name = rememberedRound)]
    pub fn remembered_round(&self) -> Option<f64> {
        self.inner.remembered_round().map(|r| r as f64)
    }

    /// The current link (the hash after `linksWalked` HashSeeds).
    #[wasm_bindgen(getter)]
    pub fn current(&self) -> String {
        String::from_utf8_lossy(&self.inner.current_hex()).into_owned()
    }

    /// What to remember once found, oldest first, in the constructor's form:
    /// `{hashes: Uint8Array, rounds: Float64Array}` (empty until found).
    pub fn checkpoints(&self) -> js_sys::Object {
        let entries = self.inner.to_remember();
        let mut hashes = Vec::with_capacity(entries.len() * 32);
        let mut rounds = Vec::with_capacity(entries.len());
        for e in &entries {
            hashes.extend_from_slice(&e.hash);
            rounds.push(e.distance as f64);
        }
        let out = js_sys::Object::new();
        // Reflect::set on a fresh plain object cannot fail; ignore its Result.
        let _ = Reflect::set(
            &out,
            &"hashes".into(),
            &js_sys::Uint8Array::from(&hashes[..]),
        );
        let _ = Reflect::set(
            &out,
            &"rounds".into(),
            &js_sys::Float64Array::from(&rounds[..]),
        );
        out
    }
}
