//! Any bytes as a record: parsing and every scheme behind it. Must never panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(v) = serde_json::from_str::<serde_json::Value>(text) {
        if !common::bounded(&v) {
            return;
        }
    }
    let _ = fairverify::verify_json(text);
});
