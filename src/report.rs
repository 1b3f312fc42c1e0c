//! The result model: SPEC's result keys, the checks a surface shows (each with a
//! stable code and its values, never a sentence), the comparison with what the
//! player saw (`played`), the typo hints and the verdict (SPEC "Verdict, `played`
//! and hints").

use serde_json::{Map, Value};

use crate::error::{ErrorCode, Result, VerifyError, Want};
use crate::primitives::sha256::sha256_hex;
use crate::schemes::descriptor::{Pattern, Role, Scheme, Step};

/// At most this many `played` differences are listed (a 10,000-deal match that is
/// wrong everywhere would otherwise produce half a million rows); the count is exact.
pub const MAX_DIFFERENCES: usize = 1000;

/// Where a check stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    Held,
    Failed,
    /// Still running elsewhere (a chain walk in a worker): neither held nor failed.
    Pending,
}

#[derive(Clone, Debug)]
pub struct Check {
    /// The result key (`commitmentOk`) or, for checks without one, a name of their
    /// own (`leaves[3]`).
    pub name: String,
    /// The catalog key suffix (`check.<code>`).
    pub code: &'static str,
    pub state: State,
    /// The record field that holds the published value (`commitment`, `terminal`…):
    /// a check of something published, shown with both values.
    pub field: Option<&'static str>,
    /// Whether holding proves that the operator fixed something before the game
    /// (SPEC "commitment check"). `shownOk` compares two published values and proves
    /// nothing on its own.
    pub proves: bool,
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
    /// A check named by its code (`commitmentOk`).
    pub fn new(code: &'static str, ok: bool) -> Check {
        Check {
            name: code.to_string(),
            code,
            state: if ok { State::Held } else { State::Failed },
            field: None,
            proves: false,
            secret: None,
            expected: Value::Null,
            computed: Value::Null,
            params: Map::new(),
        }
    }

    /// A check still running elsewhere.
    pub fn pending(code: &'static str) -> Check {
        Check {
            state: State::Pending,
            ..Check::new(code, false)
        }
    }

    /// A name of its own, for checks that are not a result key (`leaves[3]`).
    pub fn named(mut self, name: String) -> Check {
        self.name = name;
        self
    }

    pub fn ok(&self) -> bool {
        self.state == State::Held
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

    /// A check of something published before the game, held in `field`: a
    /// commitment check (SPEC), which can make a pass.
    pub fn published(mut self, field: &'static str) -> Check {
        self.field = Some(field);
        self.proves = true;
        self
    }

    /// A comparison of the published value in `field` with another published
    /// value: shown like a commitment check, but never a pass on its own.
    pub fn compares(mut self, field: &'static str) -> Check {
        self.field = Some(field);
        self.proves = false;
        self
    }

    fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("name".into(), json!(self.name));
        m.insert("code".into(), json!(self.code));
        m.insert(
            "ok".into(),
            match self.state {
                State::Pending => Value::Null,
                s => json!(s == State::Held),
            },
        );
        m.insert("commitment".into(), json!(self.field.is_some()));
        if self.state == State::Pending {
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

/// SPEC "Verdict, `played` and hints", plus `checking` while a walk runs elsewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    Fail,
    Unchecked,
    /// Not a verdict: a report whose chain walk is still running (never final).
    Checking,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Fail => "fail",
            Verdict::Unchecked => "unchecked",
            Verdict::Checking => "checking",
        }
    }

    /// SPEC: fail when any check failed; else checking while one runs; pass when a
    /// commitment check held; else unchecked.
    pub fn of(checks: &[Check]) -> Verdict {
        if checks.iter().any(|c| c.state == State::Failed) {
            Verdict::Fail
        } else if checks.iter().any(|c| c.state == State::Pending) {
            Verdict::Checking
        } else if checks.iter().any(|c| c.proves && c.state == State::Held) {
            Verdict::Pass
        } else {
            Verdict::Unchecked
        }
    }
}

#[derive(Debug)]
pub struct Report {
    scheme: &'static Scheme,
    result: Map<String, Value>,
    /// Result keys that are not something a player could have been shown: what a
    /// check found (`commitmentOk`, `leavesOk`) and the walk's bookkeeping
    /// (`maxSteps`, `walk`).
    not_recomputed: Vec<String>,
    checks: Vec<Check>,
    missing: Vec<&'static str>,
    /// Differences found in per-part `played` (each bet's own), before the record's.
    diffs: Diffs,
    compared: bool,
    /// Hints a scheme gave itself (`step_limit`), after the record's own.
    extra_hints: Vec<Value>,
}

/// One step of a path into the recomputed values: `[3]` or `.name`. Paths are
/// built as steps and written as text only for people (`deals[1][3][5]`); the
/// difference's place in the game's terms is read from the steps, never parsed back.
#[derive(Clone, Debug, PartialEq)]
enum Seg {
    Index(usize),
    Key(String),
}

fn path_text(key: &str, segs: &[Seg]) -> String {
    let mut s = key.to_string();
    for seg in segs {
        match seg {
            Seg::Index(i) => {
                s.push('[');
                s.push_str(&i.to_string());
                s.push(']');
            }
            Seg::Key(k) => {
                s.push('.');
                s.push_str(k);
            }
        }
    }
    s
}

/// A value the player was shown that differs from the recomputation.
#[derive(Debug)]
struct Diff {
    key: String,
    segs: Vec<Seg>,
    played: Value,
    computed: Value,
}

/// What comparing `played` found: values that differ, and recomputed values the
/// player was not shown (a `played` list shorter than the recomputed one: a match's
/// first deal only, the rolls up to where the game ended). SPEC compares "every value
/// that differs"; a value never shown differs from nothing, so it is listed apart,
/// as not compared, and never fails a record.
#[derive(Debug, Default)]
struct Diffs {
    list: Vec<Diff>,
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
            not_recomputed: Vec::new(),
            checks: Vec::new(),
            missing: Vec::new(),
            diffs: Diffs::default(),
            compared: false,
            extra_hints: Vec::new(),
        }
    }

    /// Compares part `index` of the list `key` (a bet, `bets[3]`) with its own
    /// `played`; every key of `played` must be one the part recomputes.
    pub fn compare_played(
        &mut self,
        key: &str,
        index: usize,
        played: &Value,
        computed: &Value,
    ) -> Result<()> {
        let field = format!("{key}[{index}].played");
        let (Value::Object(seen), Value::Object(ours)) = (played, computed) else {
            return Err(VerifyError::wrong_type(&field, Want::Object, played));
        };
        let mut segs = vec![Seg::Index(index)];
        for (k, v) in seen {
            let Some(c) = ours.get(k) else {
                let known: Vec<&str> = ours.keys().map(String::as_str).collect();
                return Err(VerifyError::new(
                    ErrorCode::UnknownField,
                    format!("{field}.{k}"),
                    msg!(
                        "`{field}.{k}` is not something a bet recomputes ({})",
                        known.join(", ")
                    ),
                )
                .with("known", known));
            };
            segs.push(Seg::Key(k.clone()));
            diff(key, &mut segs, v, c, &mut self.diffs);
            segs.pop();
        }
        self.compared = true;
        Ok(())
    }

    /// A hint the scheme itself gives (`{"code": "step_limit", …}`): explains the
    /// verdict, never changes it.
    pub fn hint(&mut self, h: Value) {
        self.extra_hints.push(h);
    }

    /// A recomputed value (`deck`, `seats`, `multiplier`…).
    pub fn set(&mut self, key: &str, value: impl Into<Value>) {
        self.result.insert(key.to_string(), value.into());
    }

    /// A value that is not a recomputation (what checks found, the walk's bounds):
    /// in the report, but never compared with `played`.
    pub fn note(&mut self, key: &str, value: impl Into<Value>) {
        self.not_recomputed.push(key.to_string());
        self.set(key, value);
    }

    /// Can `played` name this key: something the scheme recomputed?
    fn recomputed(&self, key: &str) -> bool {
        self.result.contains_key(key) && !self.not_recomputed.iter().any(|k| k == key)
    }

    /// A check whose boolean is also a result key (`commitmentOk`, `rootOk`, `chainOk`).
    pub fn check(&mut self, c: Check) {
        if c.state != State::Pending {
            let ok = c.ok();
            self.note(&c.name.clone(), Value::Bool(ok));
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
        let mut c = Check::new(key, ok)
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
            let pending = self.checks.iter().any(|c| c.state == State::Pending);
            for (key, seen) in obj {
                let computed = match self.result.get(key) {
                    Some(v) if self.recomputed(key) => v,
                    // A key the scheme recomputes but this record did not reach (no
                    // round when the chain walk is pending or did not reach the
                    // terminal): nothing to compare while pending, else it differs.
                    None if self.scheme.result(key).is_some() => {
                        if !pending {
                            diff(key, &mut Vec::new(), seen, &Value::Null, &mut diffs);
                        }
                        continue;
                    }
                    _ => {
                        let known: Vec<&str> = self
                            .result
                            .keys()
                            .filter(|k| self.recomputed(k))
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
                diff(key, &mut Vec::new(), seen, computed, &mut diffs);
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
                Check::new("played", count == 0)
                    .param("count", count)
                    .values(json!(0), json!(count)),
            );
        }
        let differences: Vec<Value> = differences
            .into_iter()
            .map(|d| describe(self.scheme, d))
            .collect();
        let mut hints = hints(self.scheme, &self.checks, record);
        hints.append(&mut self.extra_hints);

        let verdict = Verdict::of(&self.checks);
        if verdict == Verdict::Unchecked && self.missing.is_empty() {
            // What the scheme did not name itself: its published fields not given.
            for f in self.scheme.fields {
                if f.role == Role::Commitment && !record.contains_key(f.name) {
                    self.missing(f.name);
                }
            }
        }

        let mut out = self.result;
        out.insert("scheme".into(), Value::from(self.scheme.id));
        out.insert("verdict".into(), Value::from(verdict.as_str()));
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
        if verdict == Verdict::Unchecked {
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
        .filter(|c| c.proves && c.state == State::Failed)
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

/// Does `pattern` address exactly these steps? Then the names of its indexes.
fn fit(pattern: &Pattern, segs: &[Seg]) -> Option<Map<String, Value>> {
    if pattern.steps.len() != segs.len() {
        return None;
    }
    let mut at = Map::new();
    for (step, seg) in pattern.steps.iter().zip(segs) {
        match (step, seg) {
            (Step::At(name), Seg::Index(i)) => {
                at.insert((*name).to_string(), json!(i));
            }
            (Step::Member(m), Seg::Key(k)) if m == k => {}
            _ => return None,
        }
    }
    Some(at)
}

/// A difference in the game's terms: which item (card, die, tile…), where (`at`:
/// deal, seat, card…, and `order`, the names of `at` in the pattern's order) and in
/// which part of the value (`part`: the pattern's last member name, `second` in
/// `hands[hand].second[seat][card]`), from the scheme's result patterns. A path that
/// matches no pattern to its end is a whole part (a missing deal) of kind `value`.
fn describe(scheme: &Scheme, d: Diff) -> Value {
    let mut item = "value";
    let mut at = Map::new();
    let mut order: Vec<&str> = Vec::new();
    let mut part: Option<&str> = None;
    if let Some(r) = scheme.result(&d.key) {
        for p in r.patterns {
            if let Some(names) = fit(p, &d.segs) {
                item = p.item.unwrap_or(r.item);
                at = names;
                for step in p.steps {
                    match step {
                        Step::At(n) => order.push(n),
                        Step::Member(m) => part = Some(m),
                    }
                }
                break;
            }
        }
    }
    let mut m = Map::new();
    m.insert("path".into(), Value::String(path_text(&d.key, &d.segs)));
    m.insert("played".into(), d.played);
    m.insert("computed".into(), d.computed);
    m.insert("key".into(), Value::String(d.key));
    m.insert("item".into(), json!(item));
    m.insert("at".into(), Value::Object(at));
    m.insert("order".into(), json!(order));
    m.insert("part".into(), part.map_or(Value::Null, Value::from));
    Value::Object(m)
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

/// Walks `seen` (played) against `computed` under result `key` at `segs`, recording
/// every differing leaf, and what `seen` leaves out as not shown.
fn diff(key: &str, segs: &mut Vec<Seg>, seen: &Value, computed: &Value, out: &mut Diffs) {
    fn record(key: &str, segs: &[Seg], seen: &Value, computed: &Value, out: &mut Diffs) {
        out.count += 1;
        if out.list.len() < MAX_DIFFERENCES {
            out.list.push(Diff {
                key: key.to_string(),
                segs: segs.to_vec(),
                played: seen.clone(),
                computed: computed.clone(),
            });
        }
    }
    fn unshown(key: &str, segs: &[Seg], from: Value, count: usize, out: &mut Diffs) {
        if out.unshown.len() < MAX_DIFFERENCES {
            let mut m = Map::new();
            m.insert("key".into(), Value::from(key));
            m.insert("path".into(), Value::from(path_text(key, segs)));
            m.insert("from".into(), from);
            m.insert("count".into(), Value::from(count));
            out.unshown.push(Value::Object(m));
        }
    }
    match (seen, computed) {
        (Value::Array(s), Value::Array(c)) => {
            for (i, x) in s.iter().enumerate() {
                segs.push(Seg::Index(i));
                match c.get(i) {
                    Some(y) => diff(key, segs, x, y, out),
                    // Shown, but the seeds give nothing there: a difference.
                    None => record(key, segs, x, &Value::Null, out),
                }
                segs.pop();
            }
            if c.len() > s.len() {
                unshown(key, segs, Value::from(s.len()), c.len() - s.len(), out);
            }
        }
        (Value::Object(s), Value::Object(c)) => {
            for (k, y) in c {
                match s.get(k) {
                    Some(x) => {
                        segs.push(Seg::Key(k.clone()));
                        diff(key, segs, x, y, out);
                        segs.pop();
                    }
                    None => unshown(key, segs, Value::from(k.as_str()), 1, out),
                }
            }
            for (k, x) in s.iter().filter(|(k, _)| !c.contains_key(*k)) {
                segs.push(Seg::Key(k.clone()));
                record(key, segs, x, &Value::Null, out);
                segs.pop();
            }
        }
        _ => {
            if !same(seen, computed) {
                record(key, segs, seen, computed, out);
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
            .finish(&rec(
                json!({"played": {"deals": [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]}}),
            ))
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
        assert_eq!(d["order"], json!(["deal", "seat", "card"]));
        assert_eq!(d["part"], Value::Null);
    }

    #[test]
    fn differences_name_their_part_and_numbers_compare_as_read() {
        // Baloot: the second deal of hand 2 and the face-up card, told apart by the
        // pattern that matched (no path text is parsed).
        let mut r = Report::new(&SCHEME);
        r.set(
            "hands",
            json!([{"first": [[1]], "faceUp": 9, "second": [[2, 3]]}]),
        );
        let v = r
            .finish(&rec(json!({"played": {"hands": [
                {"first": [[1]], "faceUp": 8, "second": [[2, 4]]}]}})))
            .unwrap();
        let parts: Vec<(&str, &Value, &Value)> = v["differences"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| (d["path"].as_str().unwrap(), &d["part"], &d["order"]))
            .collect();
        assert_eq!(
            parts,
            vec![
                ("hands[0].faceUp", &json!("faceUp"), &json!(["hand"])),
                (
                    "hands[0].second[0][1]",
                    &json!("second"),
                    &json!(["hand", "seat", "card"])
                ),
            ]
        );
        // A crash point shown as a number equals the recomputed text it rounds to.
        let mut r = Report::new(&crate::schemes::crash::SCHEME);
        r.set("multiplier", "13.68");
        let v = r
            .finish(&rec(json!({"played": {"multiplier": 13.68}})))
            .unwrap();
        assert_eq!(v["differenceCount"], 0);
        let mut r = Report::new(&crate::schemes::crash::SCHEME);
        r.set("multiplier", "13.68");
        let v = r
            .finish(&rec(json!({"played": {"multiplier": "13.69"}})))
            .unwrap();
        assert_eq!(v["differenceCount"], 1);
        assert_eq!(v["differences"][0]["item"], "multiplier");
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
            Check::new("rootOk", false)
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
        r.check(Check::pending("chainOk").published("terminal"));
        let v = r.finish(&Map::new()).unwrap();
        assert_eq!(v["verdict"], "checking");
        assert!(v.get("chainOk").is_none());
    }
}
