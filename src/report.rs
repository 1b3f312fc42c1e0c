//! The result model: SPEC's result keys, the list of checks a page shows, the
//! comparison with what the player saw (`played`), and the verdict.

use serde_json::{json, Map, Value};

use crate::error::{ErrorCode, Result, VerifyError};
use crate::record::type_name;

/// At most this many `played` differences are listed (a 10,000-deal match that is
/// wrong everywhere would otherwise produce half a million rows); the count is exact.
pub const MAX_DIFFERENCES: usize = 1000;

#[derive(Clone, Debug)]
pub struct Check {
    /// The result key (`commitmentOk`) or a label for checks without one (`leaf 3`).
    pub name: String,
    /// What was checked, in words.
    pub label: String,
    pub ok: bool,
    /// The published value (a commitment, a root, a terminal).
    pub expected: Value,
    /// What the verifier recomputed.
    pub computed: Value,
}

#[derive(Debug)]
pub struct Report {
    scheme: String,
    result: Map<String, Value>,
    checks: Vec<Check>,
}

impl Report {
    pub fn new(scheme: &str) -> Report {
        Report {
            scheme: scheme.to_string(),
            result: Map::new(),
            checks: Vec::new(),
        }
    }

    /// A recomputed value (`deck`, `seats`, `multiplier`…).
    pub fn set(&mut self, key: &str, value: impl Into<Value>) {
        self.result.insert(key.to_string(), value.into());
    }

    /// A check whose boolean is also a result key (`commitmentOk`, `rootOk`, `chainOk`).
    pub fn check(&mut self, key: &str, label: &str, ok: bool, expected: Value, computed: Value) {
        self.result.insert(key.to_string(), Value::Bool(ok));
        self.check_only(key, label, ok, expected, computed);
    }

    /// A check that appears only in `checks` (each Merkle leaf, for instance).
    pub fn check_only(
        &mut self,
        name: &str,
        label: &str,
        ok: bool,
        expected: Value,
        computed: Value,
    ) {
        self.checks.push(Check {
            name: name.to_string(),
            label: label.to_string(),
            ok,
            expected,
            computed,
        });
    }

    /// Compares `played`, decides the verdict and renders the report.
    pub fn finish(mut self, played: Option<&Value>) -> Result<Value> {
        let mut differences = Vec::new();
        let mut count = 0usize;
        if let Some(played) = played {
            let obj = match played {
                Value::Object(m) => m,
                other => {
                    return Err(VerifyError::wrong_type(
                        "played",
                        &format!("an object of recomputed values, not {}", type_name(other)),
                    ))
                }
            };
            for (key, seen) in obj {
                let computed = match self.result.get(key) {
                    Some(v) if !key.ends_with("Ok") => v,
                    _ => {
                        let known: Vec<&str> = self
                            .result
                            .keys()
                            .filter(|k| !k.ends_with("Ok"))
                            .map(String::as_str)
                            .collect();
                        return Err(VerifyError::new(
                            ErrorCode::UnknownField,
                            format!("played.{key}"),
                            format!(
                                "`played.{key}` is not something this {} record recomputes (it recomputes: {})",
                                self.scheme,
                                known.join(", ")
                            ),
                        ));
                    }
                };
                diff(key.clone(), seen, computed, &mut differences, &mut count);
            }
            self.check_only(
                "played",
                "what you were shown matches the recomputation",
                count == 0,
                Value::String("no differences".into()),
                Value::String(if count == 0 {
                    "no differences".into()
                } else {
                    format!("{count} difference{}", if count == 1 { "" } else { "s" })
                }),
            );
        }
        let pass = self.checks.iter().all(|c| c.ok);
        let mut out = self.result;
        out.insert("scheme".into(), Value::String(self.scheme));
        out.insert(
            "verdict".into(),
            Value::String(if pass { "pass" } else { "fail" }.into()),
        );
        out.insert(
            "checks".into(),
            Value::Array(
                self.checks
                    .into_iter()
                    .map(|c| {
                        json!({"name": c.name, "label": c.label, "ok": c.ok,
                               "expected": c.expected, "computed": c.computed})
                    })
                    .collect(),
            ),
        );
        if played.is_some() {
            out.insert("differences".into(), Value::Array(differences));
            out.insert("differenceCount".into(), Value::from(count));
        }
        Ok(Value::Object(out))
    }
}

/// Values equal as a player would read them: numbers by value (5 and 5.0), and a
/// number against a numeric string (13.68 and "13.68").
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Number(x), Value::String(s)) | (Value::String(s), Value::Number(x)) => {
            s.trim().parse::<f64>().ok() == x.as_f64()
        }
        _ => a == b,
    }
}

/// Walks `seen` (played) against `computed`, recording every differing leaf by path.
fn diff(path: String, seen: &Value, computed: &Value, out: &mut Vec<Value>, count: &mut usize) {
    fn record(
        path: String,
        seen: &Value,
        computed: &Value,
        out: &mut Vec<Value>,
        count: &mut usize,
    ) {
        *count += 1;
        if out.len() < MAX_DIFFERENCES {
            out.push(json!({"path": path, "played": seen, "computed": computed}));
        }
    }
    match (seen, computed) {
        (Value::Array(s), Value::Array(c)) => {
            for i in 0..s.len().max(c.len()) {
                let p = format!("{path}[{i}]");
                match (s.get(i), c.get(i)) {
                    (Some(x), Some(y)) => diff(p, x, y, out, count),
                    (Some(x), None) => record(p, x, &Value::Null, out, count),
                    (None, Some(y)) => record(p, &Value::Null, y, out, count),
                    (None, None) => {}
                }
            }
        }
        (Value::Object(s), Value::Object(c)) => {
            let mut keys: Vec<&String> = c.keys().collect();
            keys.extend(s.keys().filter(|k| !c.contains_key(*k)));
            for k in keys {
                let p = format!("{path}.{k}");
                let x = s.get(k).unwrap_or(&Value::Null);
                let y = c.get(k).unwrap_or(&Value::Null);
                diff(p, x, y, out, count);
            }
        }
        _ => {
            if !same(seen, computed) {
                record(path, seen, computed, out, count);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report() -> Report {
        let mut r = Report::new("test");
        r.set("deals", json!([[[1, 2], [3, 4]], [[5, 6], [7, 8]]]));
        r.set("multiplier", "13.68");
        r.check("commitmentOk", "c", true, json!("a"), json!("a"));
        r
    }

    #[test]
    fn played_equal_passes_and_differences_have_paths() {
        let v = report()
            .finish(Some(
                &json!({"deals": [[[1, 2], [3, 4]], [[5, 6], [7, 8]]], "multiplier": 13.68}),
            ))
            .unwrap();
        assert_eq!(v["verdict"], "pass");
        assert_eq!(v["differenceCount"], 0);

        let v = report()
            .finish(Some(
                &json!({"deals": [[[1, 2], [3, 4]], [[5, 6], [7, 9]]]}),
            ))
            .unwrap();
        assert_eq!(v["verdict"], "fail");
        assert_eq!(v["differences"][0]["path"], "deals[1][1][1]");
        assert_eq!(v["differences"][0]["played"], 9);
        assert_eq!(v["differences"][0]["computed"], 8);
    }

    #[test]
    fn played_shorter_or_unknown() {
        let v = report()
            .finish(Some(&json!({"deals": [[[1, 2], [3, 4]]]})))
            .unwrap();
        assert_eq!(v["differences"][0]["path"], "deals[1]");
        let e = report().finish(Some(&json!({"cards": []}))).unwrap_err();
        assert_eq!(
            (e.code, e.field.as_str()),
            (ErrorCode::UnknownField, "played.cards")
        );
        let e = report()
            .finish(Some(&json!({"commitmentOk": true})))
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::UnknownField);
        let e = report().finish(Some(&json!([1]))).unwrap_err();
        assert_eq!(e.code, ErrorCode::WrongType);
    }

    #[test]
    fn failed_check_fails_verdict() {
        let mut r = Report::new("t");
        r.check("rootOk", "r", false, json!("a"), json!("b"));
        assert_eq!(r.finish(None).unwrap()["verdict"], "fail");
    }
}
