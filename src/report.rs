//! The result model: SPEC's result keys, the checks a surface shows (each with a
//! stable code and its values, never a sentence), the comparison with what the
//! player saw (`played`), the typo hints and the verdict (SPEC "Verdict, `played`
//! and hints").

use serde_json::{Map, Value};

use crate::error::{ErrorCode, Result, VerifyError, Want};
use crate::primitives::sha256::sha256_hex;
use crate::schemes::descriptor::{Role, Scheme};

/// At most this many `played` differences are listed (a 10,000-deal match that is
/// wrong everywhere would otherwise produce half a million rows); the count is exact.
pub const MAX_DIFFERENCES: usize = 1000;

#[derive(Clone, Debug)]
pub struct Check {
    /// The result key (`commitmentOk`) or a name for checks without one (`leaves[3]`).
    pub name: String,
    /// The catalog key suffix (`check.<code>`).
    pub code: &'static str,
    pub ok: bool,
    /// Still running elsewhere (a chain walk in a worker): neither held nor failed.
    pub pending: bool,
    /// A check of something the operator published before the game.
    pub commitment: bool,
    /// The record field that holds the published value (`commitment`, `terminal`…).
    pub field: Option<&'static str>,
    /// The revealed seed the published value commits to (for hints).
    pub secret: Option<&'static str>,
    /// The published value (a commitment, a root, a terminal).
    pub expected: Value,
    /// What the verifier recomputed.
    pub computed: Value,
    /// Values for the message (`position`, `steps`, `round`…).
    pub params: Map<String, Value>,
}

impl Check {
    pub fn new(name: &str, code: &'static str, ok: bool) -> Check {
        Check {
            name: name.to_string(),
            code,
            ok,
            pending: false,
            commitment: false,
            field: None,
            secret: None,
            expected: Value::Null,
            computed: Value::Null,
            params: Map::new(),
        }
    }

    pub fn param(mut self, key: &str, value: impl Into<Value>) -> Check {
        self.params.insert(key.to_string(), value.into());
        self
    }

    pub fn values(mut self, expected: Value, computed: Value) -> Check {
        self.expected = expected;
        self.computed = computed;
        self
    }

    /// Marks a check of something published before the game, held in `field`.
    pub fn published(mut self, field: &'static str) -> Check {
        self.commitment = true;
        self.field = Some(field);
        self
    }

    fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("name".into(), json!(self.name));
        m.insert("code".into(), json!(self.code));
        m.insert(
            "ok".into(),
            if self.pending {
                Value::Null
            } else {
                json!(self.ok)
            },
        );
        m.insert("commitment".into(), json!(self.commitment));
        if self.pending {
            m.insert("pending".into(), json!(true));
        }
        if let Some(f) = self.field {
            m.insert("field".into(), json!(f));
        }
        m.insert("expected".into(), self.expected.clone());
        m.insert("computed".into(), self.computed.clone());
        m.insert("params".into(), Value::Object(self.params.clone()));
        Value::Object(m)
    }
}

#[derive(Debug)]
pub struct Report {
    scheme: &'static Scheme,
    result: Map<String, Value>,
    checks: Vec<Check>,
    missing: Vec<&'static str>,
    /// Differences found in per-part `played` (each bet's own), before the record's.
    diffs: Diffs,
    compared: bool,
}

/// What comparing `played` found: values that differ, and recomputed values the
/// player was not shown (a `played` list shorter than the recomputed one: a match's
/// first deal only, the rolls up to where the game ended). SPEC compares "every value
/// that differs"; a value never shown differs from nothing, so it is listed apart,
/// as not compared, and never fails a record.
#[derive(Debug, Default)]
struct Diffs {
    list: Vec<Map<String, Value>>,
    count: usize,
    /// `{key, path, from, count}`: `count` values from index `from` of the list at
    /// `path` (or, for an object, its member `from`) were not in `played`.
    unshown: Vec<Value>,
}

impl std::fmt::Debug for Scheme {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id)
    }
}

impl Report {
    pub fn new(scheme: &'static Scheme) -> Report {
        Report {
            scheme,
            result: Map::new(),
            checks: Vec::new(),
            missing: Vec::new(),
            diffs: Diffs::default(),
            compared: false,
        }
    }

    /// Compares a part's own `played` (a bet's, at `prefix` = `bets[3]`) with what
    /// was recomputed for it; every key of `played` must be one the part has.
    pub fn compare_played(&mut self, prefix: &str, played: &Value, computed: &Value) -> Result<()> {
        let field = format!("{prefix}.played");
        let (Value::Object(seen), Value::Object(ours)) = (played, computed) else {
            return Err(VerifyError::wrong_type(&field, Want::Object, played));
        };
        for (key, v) in seen {
            let Some(c) = ours.get(key) else {
                let known: Vec<&str> = ours.keys().map(String::as_str).collect();
                return Err(VerifyError::new(
                    ErrorCode::UnknownField,
                    format!("{field}.{key}"),
                    msg!(
                        "`{field}.{key}` is not something a bet recomputes ({})",
                        known.join(", ")
                    ),
                )
                .with("known", known));
            };
            diff(format!("{prefix}.{key}"), key, v, c, &mut self.diffs);
        }
        self.compared = true;
        Ok(())
    }

    /// A recomputed value (`deck`, `seats`, `multiplier`…).
    pub fn set(&mut self, key: &str, value: impl Into<Value>) {
        self.result.insert(key.to_string(), value.into());
    }

    /// A check whose boolean is also a result key (`commitmentOk`, `rootOk`, `chainOk`).
    pub fn check(&mut self, c: Check) {
        if !c.pending {
            self.result.insert(c.name.clone(), Value::Bool(c.ok));
        }
        self.checks.push(c);
    }

    /// A check that appears only in `checks` (each Merkle leaf, for instance).
    pub fn check_only(&mut self, c: Check) {
        self.checks.push(c);
    }

    /// `sha256(secret) == published` for a seed revealed after the game.
    pub fn commitment_check(
        &mut self,
        key: &'static str,
        ok: bool,
        published_field: &'static str,
        secret_field: Option<&'static str>,
        expected: Value,
        computed: Value,
    ) {
        let mut c = Check::new(key, key, ok)
            .published(published_field)
            .values(expected, computed);
        c.secret = secret_field;
        self.check(c);
    }

    /// Nothing published before the game could be checked because `field` was not
    /// given: what a player should ask the operator for.
    pub fn missing(&mut self, field: &'static str) {
        if !self.missing.contains(&field) {
            self.missing.push(field);
        }
    }

    /// Compares `played`, adds the hints, decides the verdict and renders the report.
    pub fn finish(mut self, record: &Map<String, Value>) -> Result<Value> {
        let played = match record.get("played") {
            None | Some(Value::Null) => None,
            Some(Value::Object(m)) => Some(m),
            Some(other) => return Err(VerifyError::wrong_type("played", Want::Object, other)),
        };
        let mut diffs = std::mem::take(&mut self.diffs);
        if let Some(obj) = played {
            let pending = self.checks.iter().any(|c| c.pending);
            for (key, seen) in obj {
                let computed = match self.result.get(key) {
                    Some(v) if !key.ends_with("Ok") => v,
                    // A key the scheme recomputes but this record did not reach (no
                    // round when the chain walk is pending or did not reach the
                    // terminal): nothing to compare while pending, else it differs.
                    None if self.scheme.result(key).is_some() => {
                        if !pending {
                            diff(key.clone(), key, seen, &Value::Null, &mut diffs);
                        }
                        continue;
                    }
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
                            msg!(
                                "`played.{key}` is not something this {} record recomputes (it recomputes: {})",
                                self.scheme.id,
                                known.join(", ")
                            ),
                        )
                        .with("known", known));
                    }
                };
                diff(key.clone(), key, seen, computed, &mut diffs);
            }
        }
        let compared = played.is_some() || self.compared;
        let Diffs {
            list: differences,
            count,
            unshown,
        } = diffs;
        if compared {
            self.check_only(
                Check::new("played", "played", count == 0)
                    .param("count", count)
                    .values(json!(0), json!(count)),
            );
        }
        let differences: Vec<Value> = differences
            .into_iter()
            .map(|d| describe(self.scheme, d))
            .collect();
        let hints = hints(self.scheme, &self.checks, record);

        let failed = self.checks.iter().any(|c| !c.pending && !c.ok);
        let pending = self.checks.iter().any(|c| c.pending);
        // `shownOk` compares two published values; it proves nothing on its own.
        let committed = self
            .checks
            .iter()
            .any(|c| c.commitment && !c.pending && c.code != "shownOk");
        let verdict = if failed {
            "fail"
        } else if pending {
            "checking"
        } else if committed {
            "pass"
        } else {
            "unchecked"
        };
        if verdict == "unchecked" && self.missing.is_empty() {
            // What the scheme did not name itself: its published fields not given.
            for f in self.scheme.fields {
                if f.role == Role::Commitment && !record.contains_key(f.name) {
                    self.missing(f.name);
                }
            }
        }

        let mut out = self.result;
        out.insert("scheme".into(), Value::from(self.scheme.id));
        out.insert("verdict".into(), Value::from(verdict));
        out.insert(
            "checks".into(),
            Value::Array(self.checks.iter().map(Check::to_json).collect()),
        );
        if compared {
            out.insert("differences".into(), Value::Array(differences));
            out.insert("differenceCount".into(), Value::from(count));
            if !unshown.is_empty() {
                out.insert("notShown".into(), Value::Array(unshown));
            }
        }
        if !hints.is_empty() {
            out.insert("hints".into(), Value::Array(hints));
        }
        if verdict == "unchecked" {
            out.insert("missing".into(), json!(self.missing));
        }
        Ok(Value::Object(out))
    }
}

/// SPEC hints: a failed commitment check that is explained by a typo.
/// - `seed_is_commitment`: the revealed seed is the published hash itself.
/// - `seeds_swapped`: the published hash is the SHA-256 of another string of the
///   record (the client seed, the other player's seed…): two fields were swapped.
fn hints(scheme: &Scheme, checks: &[Check], record: &Map<String, Value>) -> Vec<Value> {
    let mut out = Vec::new();
    let mut strings: Option<Vec<(String, &str)>> = None;
    for c in checks
        .iter()
        .filter(|c| c.commitment && !c.ok && !c.pending)
    {
        let (Some(field), Some(published)) = (c.field, c.expected.as_str()) else {
            continue;
        };
        if let Some(secret) = c.secret {
            if let Some(Value::String(s)) = record.get(secret) {
                if s.trim().eq_ignore_ascii_case(published) {
                    out.push(json!({"code": "seed_is_commitment", "field": secret, "with": field, "check": c.name}));
                    continue;
                }
            }
        }
        let strings = strings.get_or_insert_with(|| string_leaves(scheme, record));
        if let Some((path, _)) = strings.iter().find(|(path, s)| {
            Some(path.as_str()) != c.secret && sha256_hex(s.as_bytes()) == published
        }) {
            out.push(
                json!({"code": "seeds_swapped", "field": c.secret.unwrap_or(field),
                            "with": path, "commitment": field, "check": c.name}),
            );
        }
    }
    out
}

/// Every string of the record that could be a seed, with its path: top-level
/// strings and the strings inside lists and objects one level down. Published
/// hashes, the scheme and the game are left out.
fn string_leaves<'a>(scheme: &Scheme, record: &'a Map<String, Value>) -> Vec<(String, &'a str)> {
    let mut out = Vec::new();
    for (k, v) in record {
        let role = scheme.field(k).map(|f| f.role);
        if k == "scheme"
            || k == "game"
            || role == Some(Role::Commitment)
            || role == Some(Role::Played)
        {
            continue;
        }
        match v {
            Value::String(s) => out.push((k.clone(), s.as_str())),
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate().take(64) {
                    if let Value::String(s) = x {
                        out.push((format!("{k}[{i}]"), s.as_str()));
                    }
                }
            }
            Value::Object(o) => {
                for (j, x) in o.iter().take(64) {
                    if let Value::String(s) = x {
                        out.push((format!("{k}.{j}"), s.as_str()));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// One part of a path: `[3]` or `.name`.
#[derive(PartialEq)]
enum Seg<'a> {
    Index(&'a str),
    Key(&'a str),
}

/// `deals[0][1].x` → key `deals`, segments `[0]`, `[1]`, `.x`.
fn segments(path: &str) -> (&str, Vec<Seg<'_>>) {
    // `get` rather than `[..]`: the cuts fall on ASCII, and indexing would bring the
    // panic path that prints chars with Debug (3 KB of the badge's wasm).
    let cut = |s: &str| s.find(['[', '.']).unwrap_or(s.len());
    let end = cut(path);
    let key = path.get(..end).unwrap_or(path);
    let mut rest = path.get(end..).unwrap_or("");
    let mut segs = Vec::new();
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('[') {
            let close = r.find(']').unwrap_or(r.len());
            segs.push(Seg::Index(r.get(..close).unwrap_or(r)));
            rest = r.get(close + 1..).unwrap_or("");
        } else if let Some(r) = rest.strip_prefix('.') {
            let next = cut(r);
            segs.push(Seg::Key(r.get(..next).unwrap_or(r)));
            rest = r.get(next..).unwrap_or("");
        } else {
            break;
        }
    }
    (key, segs)
}

/// A difference in the game's terms: which item (card, die, tile…) and where
/// (`at`: deal, seat, card…), from the scheme's result patterns. A path that
/// matches no pattern to its end is a whole part (a missing deal) of kind `value`.
fn describe(scheme: &Scheme, mut d: Map<String, Value>) -> Value {
    let path = d
        .get("path")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let (key, segs) = segments(&path);
    let mut item = "value";
    let mut at = Map::new();
    if let Some(r) = scheme.result(key) {
        for full in r.patterns {
            // `pattern:item` names the item of that pattern when it differs.
            let (pattern, own_item) = match full.split_once(':') {
                Some((p, i)) => (p, i),
                None => (*full, r.item),
            };
            let (pkey, psegs) = segments(pattern);
            if pkey != key || psegs.len() != segs.len() {
                continue;
            }
            let mut names = Map::new();
            let fits = psegs.iter().zip(&segs).all(|(p, s)| match (p, s) {
                (Seg::Index(name), Seg::Index(n)) => match n.parse::<u64>() {
                    Ok(n) => {
                        names.insert((*name).to_string(), json!(n));
                        true
                    }
                    Err(_) => false,
                },
                (Seg::Key(a), Seg::Key(b)) => a == b,
                _ => false,
            });
            if fits {
                item = own_item;
                at = names;
                break;
            }
        }
    }
    d.insert("key".into(), json!(key));
    d.insert("item".into(), json!(item));
    d.insert("at".into(), Value::Object(at));
    Value::Object(d)
}

/// Values equal as a player would read them: numbers by value (5 and 5.0), and a
/// number against a numeric string (13.68 and "13.68").
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Number(x), Value::String(s)) | (Value::String(s), Value::Number(x)) => x
            .as_f64()
            .is_some_and(|x| crate::primitives::decimal::names_float(s, x)),
        _ => a == b,
    }
}

/// Walks `seen` (played) against `computed`, recording every differing leaf by path
/// (`key`: the `played` key it is under), and what `seen` leaves out as not shown.
fn diff(path: String, key: &str, seen: &Value, computed: &Value, out: &mut Diffs) {
    fn record(path: String, seen: &Value, computed: &Value, out: &mut Diffs) {
        out.count += 1;
        if out.list.len() < MAX_DIFFERENCES {
            let mut m = Map::new();
            m.insert("path".into(), Value::String(path));
            m.insert("played".into(), seen.clone());
            m.insert("computed".into(), computed.clone());
            out.list.push(m);
        }
    }
    fn unshown(key: &str, path: &str, from: Value, count: usize, out: &mut Diffs) {
        if out.unshown.len() < MAX_DIFFERENCES {
            let mut m = Map::new();
            m.insert("key".into(), Value::from(key));
            m.insert("path".into(), Value::from(path));
            m.insert("from".into(), from);
            m.insert("count".into(), Value::from(count));
            out.unshown.push(Value::Object(m));
        }
    }
    match (seen, computed) {
        (Value::Array(s), Value::Array(c)) => {
            for (i, x) in s.iter().enumerate() {
                let p = format!("{path}[{i}]");
                match c.get(i) {
                    Some(y) => diff(p, key, x, y, out),
                    // Shown, but the seeds give nothing there: a difference.
                    None => record(p, x, &Value::Null, out),
                }
            }
            if c.len() > s.len() {
                unshown(key, &path, Value::from(s.len()), c.len() - s.len(), out);
            }
        }
        (Value::Object(s), Value::Object(c)) => {
            for (k, y) in c {
                let p = format!("{path}.{k}");
                match s.get(k) {
                    Some(x) => diff(p, key, x, y, out),
                    None => unshown(key, &path, Value::from(k.as_str()), 1, out),
                }
            }
            for (k, x) in s.iter().filter(|(k, _)| !c.contains_key(*k)) {
                record(format!("{path}.{k}"), x, &Value::Null, out);
            }
        }
        _ => {
            if !same(seen, computed) {
                record(path, seen, computed, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schemes::match_seed_v2::SCHEME;

    fn report() -> Report {
        let mut r = Report::new(&SCHEME);
        r.set("deals", json!([[[1, 2], [3, 4]], [[5, 6], [7, 8]]]));
        r.set("multiplier", "13.68");
        r.commitment_check(
            "commitmentOk",
            true,
            "commitment",
            Some("serverSeed"),
            json!("a"),
            json!("a"),
        );
        r
    }

    fn rec(v: Value) -> Map<String, Value> {
        match v {
            Value::Object(m) => m,
            _ => unreachable!("test records are objects"),
        }
    }

    #[test]
    fn played_equal_passes_and_differences_have_paths() {
        let v = report()
            .finish(&rec(json!({"played": {"deals": [[[1, 2], [3, 4]], [[5, 6], [7, 8]]], "multiplier": 13.68}})))
            .unwrap();
        assert_eq!(v["verdict"], "pass");
        assert_eq!(v["differenceCount"], 0);

        let v = report()
            .finish(&rec(
                json!({"played": {"deals": [[[1, 2], [3, 4]], [[5, 6], [7, 9]]]}}),
            ))
            .unwrap();
        assert_eq!(v["verdict"], "fail");
        let d = &v["differences"][0];
        assert_eq!(d["path"], "deals[1][1][1]");
        assert_eq!(d["played"], 9);
        assert_eq!(d["computed"], 8);
        assert_eq!(d["item"], "card");
        assert_eq!(d["at"], json!({"deal": 1, "seat": 1, "card": 1}));
    }

    #[test]
    fn played_shorter_or_unknown() {
        // The first deal only: the second was not shown, so it is not compared.
        let v = report()
            .finish(&rec(json!({"played": {"deals": [[[1, 2], [3, 4]]]}})))
            .unwrap();
        assert_eq!(v["verdict"], "pass");
        assert_eq!(v["differenceCount"], 0);
        assert_eq!(
            v["notShown"],
            json!([{"key": "deals", "path": "deals", "from": 1, "count": 1}])
        );
        // A card left out inside a seat, and one card wrong: one difference, one unshown.
        let v = report()
            .finish(&rec(
                json!({"played": {"deals": [[[1, 2], [3]], [[5, 6], [7, 9]]]}}),
            ))
            .unwrap();
        assert_eq!(v["verdict"], "fail");
        assert_eq!(v["differenceCount"], 1);
        assert_eq!(v["differences"][0]["path"], "deals[1][1][1]");
        assert_eq!(
            v["notShown"],
            json!([{"key": "deals", "path": "deals[0][1]", "from": 1, "count": 1}])
        );
        // More than the seeds give: what was shown beyond them differs.
        let v = report()
            .finish(&rec(
                json!({"played": {"deals": [[[1, 2], [3, 4]], [[5, 6], [7, 8]], [[9]]]}}),
            ))
            .unwrap();
        assert_eq!(v["verdict"], "fail");
        assert_eq!(v["differences"][0]["path"], "deals[2]");
        assert_eq!(v["differences"][0]["item"], "value");
        assert!(v.get("notShown").is_none());
        let e = report()
            .finish(&rec(json!({"played": {"cards": []}})))
            .unwrap_err();
        assert_eq!(
            (e.code, e.field.as_str()),
            (ErrorCode::UnknownField, "played.cards")
        );
        let e = report()
            .finish(&rec(json!({"played": {"commitmentOk": true}})))
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::UnknownField);
        let e = report().finish(&rec(json!({"played": [1]}))).unwrap_err();
        assert_eq!(e.code, ErrorCode::WrongType);
    }

    #[test]
    fn verdicts() {
        let mut r = Report::new(&SCHEME);
        r.check(
            Check::new("rootOk", "rootOk", false)
                .published("deckRoot")
                .values(json!("a"), json!("b")),
        );
        assert_eq!(r.finish(&Map::new()).unwrap()["verdict"], "fail");
        // Nothing published was checked: unchecked, never pass.
        let mut r = Report::new(&SCHEME);
        r.set("multiplier", "2.00");
        let v = r.finish(&Map::new()).unwrap();
        assert_eq!(v["verdict"], "unchecked");
        assert_eq!(v["missing"], json!(["commitment"]));
        // A pending check: checking, unless something else already failed.
        let mut r = report();
        let mut c = Check::new("chainOk", "chainOk", false).published("terminal");
        c.pending = true;
        r.check(c);
        let v = r.finish(&Map::new()).unwrap();
        assert_eq!(v["verdict"], "checking");
        assert!(v.get("chainOk").is_none());
    }

    #[test]
    fn segments_split_paths() {
        let (k, s) = segments("hands[2].second[1][0]");
        assert_eq!(k, "hands");
        assert!(
            s == vec![
                Seg::Index("2"),
                Seg::Key("second"),
                Seg::Index("1"),
                Seg::Index("0")
            ]
        );
        let (k, s) = segments("multiplier");
        assert_eq!(k, "multiplier");
        assert!(s.is_empty());
    }
}
