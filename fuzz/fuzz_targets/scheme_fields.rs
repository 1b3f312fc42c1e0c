//! Fuzz target `scheme_fields`: see `harness::scheme_fields`. Must never panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "harness.rs"]
mod harness;

fuzz_target!(|data: &[u8]| harness::scheme_fields(data));
