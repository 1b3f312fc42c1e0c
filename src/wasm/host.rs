//! What the badge's core asks its JavaScript host for instead of carrying it (feature
//! `widget`): the engine's shortest number printing and its Unicode case mappings,
//! which in Rust would be serde_json's float printer and about 20 KB of case tables
//! in the badge's wasm (issue 35). The only place outside this boundary's `mod.rs`
//! that names `js_sys` (issue 45: the core stays pure; `tests/node/widget_core.test.mjs`
//! holds the badge's answers to the page's).

/// JavaScript's `Number.prototype.toString()` of a non-negative finite `f`.
pub(crate) fn number_text(f: f64) -> String {
    js_sys::Number::from(f)
        .to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_default()
}

/// `s` in lower case and in upper case, by the engine's full mappings (Final_Sigma
/// included), as `toLowerCase` and `toUpperCase` give them.
pub(crate) fn cases(s: &str) -> [String; 2] {
    let js = js_sys::JsString::from(s);
    [
        String::from(js.to_lower_case()),
        String::from(js.to_upper_case()),
    ]
}
