//! Shared by the conformance runners: reading vector files and the pass rule.
#![allow(dead_code)]

use serde_json::Value;
use std::path::{Path, PathBuf};

pub mod shared;

pub struct Case {
    pub file: String,
    pub name: String,
    pub record: Value,
    pub expect: Value,
}

/// `VECTORS_DIR`, default `tests/vectors` (relative to the crate root).
pub fn vectors_dir() -> PathBuf {
    match std::env::var_os("VECTORS_DIR") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors"),
    }
}

pub fn load_cases(dir: &Path) -> Vec<Case> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read vectors folder {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let file = f.file_name().unwrap().to_string_lossy().into_owned();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let v: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{file}:{}: not JSON: {e}", i + 1));
            cases.push(Case {
                file: file.clone(),
                name: v["name"]
                    .as_str()
                    .map(str::to_string)
                    .unwrap_or(format!("{file}:{}", i + 1)),
                record: v["record"].clone(),
                expect: v["expect"].clone(),
            });
        }
    }
    cases
}

/// JSON deep equality with numbers compared as JavaScript would (as float64).
pub fn deep_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| deep_equal(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| deep_equal(v, w)))
        }
        _ => a == b,
    }
}

/// The pass rule: `{"error": true}` passes only on an error; otherwise the report
/// must hold every key of `expect` with an equal value. `Err` explains the failure.
pub fn judge(expect: &Value, outcome: &Result<Value, Value>) -> Result<(), String> {
    let wants_error = expect.get("error") == Some(&Value::Bool(true));
    match (wants_error, outcome) {
        (true, Err(_)) => Ok(()),
        (true, Ok(r)) => Err(format!("expected an error, got verdict {}", r["verdict"])),
        (false, Err(e)) => Err(format!("unexpected error {e}")),
        (false, Ok(r)) => {
            let obj = expect.as_object().ok_or("expect is not an object")?;
            for (k, want) in obj {
                match r.get(k) {
                    // SPEC "Vectors": `null` in `expect` means the key is absent (or null).
                    None if want.is_null() => {}
                    Some(got) if deep_equal(got, want) => {}
                    Some(got) => {
                        let g = got.to_string();
                        return Err(format!(
                            "`{k}`: expected {want}, got {}",
                            &g[..g.len().min(300)]
                        ));
                    }
                    None => return Err(format!("`{k}` missing from the report")),
                }
            }
            Ok(())
        }
    }
}

/// SplitMix64, the generator of test inputs (the crate's unit tests use the same file).
#[path = "../../src/test_rng.rs"]
mod test_rng;
pub use test_rng::SplitMix;

/// Fresh random inputs each run, from `FAIRVERIFY_DIFF_SEED` when set (printed, so
/// a failure can be run again).
pub fn rng() -> SplitMix {
    let seed = std::env::var("FAIRVERIFY_DIFF_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(1)
        });
    eprintln!("random inputs from FAIRVERIFY_DIFF_SEED={seed}");
    SplitMix(seed)
}

/// The record of the first vector of `scheme` that is not an error case and that
/// `pred` accepts: a valid base for tests that change one field.
pub fn base_record(scheme: &str, pred: impl Fn(&Value) -> bool) -> Value {
    load_cases(&vectors_dir())
        .into_iter()
        .find(|c| {
            c.record["scheme"] == scheme && c.expect.get("error").is_none() && pred(&c.record)
        })
        .unwrap_or_else(|| panic!("no {scheme} vector"))
        .record
}

/// Runs an oracle (a real NumPy or Go program, from the crate's root) on `input` and
/// returns what it printed; a missing or failing oracle fails the test, never skips it.
pub fn run_oracle(cmd: &mut std::process::Command, input: String) -> String {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = cmd
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap_or_else(|e| {
            panic!("cannot start oracle {cmd:?}: {e} (./build.sh test installs it)")
        });
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(out.status.success(), "oracle {cmd:?} failed");
    String::from_utf8(out.stdout).unwrap()
}

/// The first hint of `code` in a report.
#[allow(dead_code)]
pub fn hint<'a>(v: &'a Value, code: &str) -> Option<&'a Value> {
    v["hints"]
        .as_array()
        .and_then(|a| a.iter().find(|h| h["code"] == code))
}

/// Each client seed typed into `rec` gives `lookalike_char` of its kind at its code
/// point (SPEC hints).
#[allow(dead_code)]
pub fn assert_lookalikes<S: AsRef<str>>(rec: &Value, cases: &[(S, &str, u32)]) {
    for (typed, kind, cp) in cases {
        let typed = typed.as_ref();
        let mut r = rec.clone();
        r["clientSeed"] = Value::from(typed);
        let v = fairverify::verify(&r).unwrap_or_else(|e| panic!("{typed:?}: {e:?}"));
        let h =
            hint(&v, "lookalike_char").unwrap_or_else(|| panic!("{typed:?}: no lookalike_char"));
        assert_eq!(
            (&h["kind"], &h["codePoint"]),
            (&Value::from(*kind), &Value::from(*cp)),
            "{typed:?}"
        );
    }
}
