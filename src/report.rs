//! The result model: SPEC's result keys, the checks a surface shows (each with a
//! stable code and its values, never a sentence) and the verdict (SPEC "Verdict,
//! `played` and hints"). The comparison with what the player saw (`played`) is in
//! `compare`, the typo hints in `hints`, the diagnosis in `crate::diagnosis`.

mod compare;
mod hints;

use serde_json::{Map, Value};

use crate::batch::Status;
use crate::error::{Result, VerifyError, Want};
use crate::schemes::descriptor::{Descriptor, Role};
use compare::{describe, Diffs};
use hints::{hints as hints_of, typed_chars};

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
        m.insert("proves".into(), json!(self.proves));
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
    /// SPEC's exit status of a final verdict (0 pass, 1 fail, 3 unchecked), the
    /// batch's rule (`Status::exit_code`); none while a walk runs.
    pub fn exit_code(self) -> Option<u8> {
        let status = match self {
            Verdict::Pass => Status::Pass,
            Verdict::Fail => Status::Fail,
            Verdict::Unchecked => Status::Unchecked,
            Verdict::Checking => return None,
        };
        Some(status.exit_code())
    }

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
    scheme: &'static Descriptor,
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
    /// Hints a scheme gave of its own (`nonce_unit`, `step_limit`).
    hints: Vec<Value>,
    /// The result key whose parts each get a `status` (`bets`), and the parts that
    /// carried their own `played`: (index, whether it differed).
    parts: Option<(&'static str, Vec<(usize, bool)>)>,
    /// A diagnosis's re-run (`input_slip`), of which only `differenceCount` is read:
    /// no hints and no diagnosis of its own (issue 43, N4: a 15 MB client seed was
    /// scanned for look-alikes in each of 28 re-runs).
    slip: bool,
}

impl std::fmt::Debug for Descriptor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id)
    }
}

impl Report {
    pub fn new(scheme: &'static Descriptor) -> Report {
        Report {
            scheme,
            result: Map::new(),
            not_recomputed: Vec::new(),
            checks: Vec::new(),
            missing: Vec::new(),
            diffs: Diffs::default(),
            compared: false,
            hints: Vec::new(),
            parts: None,
            slip: false,
        }
    }

    /// The scheme this report is of (`crash`, `hash_chain`…).
    pub fn scheme_id(&self) -> &'static str {
        self.scheme.id
    }

    /// Each part of the list `key` (every bet of `bets`) gets a `status` in the
    /// report: `fail` when its own `played` differs, `pass` when its `played` was
    /// compared and the record passed, else `recomputed` (shown, nothing compared).
    pub fn part_status(&mut self, key: &'static str) {
        self.parts = Some((key, Vec::new()));
    }

    /// A hint of the scheme's own (SPEC hints: `nonce_unit`, `step_limit`…):
    /// `{"code", "field", …}`, given whatever the verdict.
    pub fn hint(&mut self, h: Value) {
        self.hints.push(h);
    }

    /// A recomputed value (`deck`, `seats`, `multiplier`…).
    pub fn set(&mut self, key: &str, value: impl Into<Value>) {
        self.result.insert(key.to_string(), value.into());
    }

    /// A value the report holds (`round` once a walk found it).
    pub fn value(&self, key: &str) -> Option<&Value> {
        self.result.get(key)
    }

    /// A value that is not a recomputation (what checks found, the walk's bounds):
    /// in the report, but never compared with `played`.
    /// The published fields the proving checks so far were made against, in order.
    pub(crate) fn proven_fields(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.checks
            .iter()
            .filter(|c| c.proves)
            .filter_map(|c| c.field)
    }

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
    /// A diagnosis's re-run: only whether everything shown matches is read.
    pub(crate) fn for_slip(&mut self) {
        self.slip = true;
    }

    pub fn finish(mut self, record: &Map<String, Value>) -> Result<Value> {
        let played = match record.get("played") {
            None | Some(Value::Null) => None,
            Some(Value::Object(m)) => Some(m),
            Some(other) => return Err(VerifyError::wrong_type("played", Want::Object, other)),
        };
        let mut diffs = std::mem::take(&mut self.diffs);
        let played_read = match played {
            Some(obj) => Some(self.compare_shown(obj, &mut diffs)?),
            None => None,
        };
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
        let verdict = Verdict::of(&self.checks);
        // SPEC: a fail that rests only on `played` carries its diagnosis (the
        // slips that need a re-run are added by `schemes::verify_with`).
        let rests_on_played = verdict == Verdict::Fail
            && self
                .checks
                .iter()
                .filter(|c| c.state == State::Failed)
                .all(|c| c.code == "played");
        // The badge's core carries no diagnosis: its record and what it compares come
        // from the host page, never from a player's typing or tapping, and a
        // difference there is the host's own (docs/widget.md).
        let diagnosis = (rests_on_played && !self.slip && cfg!(not(feature = "widget")))
            .then(|| self.shown_elsewhere(&differences));
        let differences: Vec<Value> = differences
            .into_iter()
            .map(|d| describe(self.scheme, d, &self.result))
            .collect();
        let mut hints = Vec::new();
        if !self.slip {
            hints = hints_of(self.scheme, &self.checks, record);
            let typed = typed_chars(self.scheme, record, &hints);
            hints.extend(typed);
            hints.append(&mut self.hints);
        }

        if verdict == Verdict::Unchecked && self.missing.is_empty() {
            // What the scheme did not name itself: its published fields not given.
            for f in self.scheme.fields {
                if f.role == Role::Commitment && !record.contains_key(f.name) {
                    self.missing(f.name);
                }
            }
        }

        let proof = self.proof();
        let held = self
            .checks
            .iter()
            .any(|c| c.proves && c.state == State::Held);
        let unproven = unproven(self.scheme, record);
        let mut out = self.result;
        if let Some((key, shown)) = &self.parts {
            if let Some(Value::Array(list)) = out.get_mut(*key) {
                part_status(list, shown, verdict);
            }
        }
        // What the player saw, as given, for the drawing beside the recomputation;
        // and as the core read it (the page draws that: it reads no notation itself).
        // The badge draws no `played` (its host's), so its core leaves the reading out.
        if let Some(obj) = played {
            out.insert("played".into(), Value::Object(obj.clone()));
        }
        if let (Some(read), false) = (played_read, cfg!(feature = "widget")) {
            out.insert("playedRead".into(), Value::Object(read));
        }
        out.insert("scheme".into(), Value::from(self.scheme.id));
        out.insert("verdict".into(), Value::from(verdict.as_str()));
        if let Some(exit) = verdict.exit_code() {
            out.insert("exit".into(), Value::from(exit));
        }
        out.insert("proof".into(), Value::from(proof));
        out.insert("commitmentHeld".into(), Value::Bool(held));
        out.insert("unproven".into(), json!(unproven));
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
        if let Some((entries, places)) = diagnosis {
            out.insert("diagnosis".into(), Value::Array(entries));
            out.insert("diagnosisWhere".into(), Value::Array(places));
        }
        if verdict == Verdict::Unchecked {
            out.insert("missing".into(), json!(self.missing));
        }
        Ok(Value::Object(out))
    }
}

/// Each part's (a bet's) `status`: `fail` when its own `played` differed, `pass` when
/// it matched under a passing verdict, else `recomputed`. `shown`: (index, differed).
fn part_status(list: &mut [Value], shown: &[(usize, bool)], verdict: Verdict) {
    let mut differed = vec![None; list.len()];
    for &(j, d) in shown {
        if let Some(x) = differed.get_mut(j) {
            *x = Some(d);
        }
    }
    for (part, d) in list.iter_mut().zip(differed) {
        let status = match d {
            Some(true) => "fail",
            Some(false) if verdict == Verdict::Pass => "pass",
            _ => "recomputed",
        };
        if let Value::Object(m) = part {
            m.insert("status".into(), Value::from(status));
        }
    }
}

impl Report {
    /// The kind of proof the report rests on, for the words that explain a verdict:
    /// - `chain`: a chain game (the round hash against the published terminal);
    /// - `bets`: bets under one server seed (the report's `bets`);
    /// - `partial`: cards proved by their Merkle paths, no seed revealed (a leaf
    ///   check and no deck recomputed);
    /// - `seeds`: more than one player's revealed seed (`commitAOk`, `commitBOk`);
    /// - `seed`: a revealed seed against the hash shown before the game.
    fn proof(&self) -> &'static str {
        let has = |code: &str| self.checks.iter().any(|c| c.code == code);
        if self.scheme.chain {
            "chain"
        } else if matches!(self.result.get("bets"), Some(Value::Array(_))) {
            "bets"
        } else if has("leafOk") && !self.result.contains_key("deck") {
            "partial"
        } else if has("commitAOk") || has("commitBOk") {
            "seeds"
        } else {
            "seed"
        }
    }
}

/// The record's fields that a pass does not prove (nothing published covers them,
/// yet they change the result): those of role id, client or setting that the record
/// gives (the match id, the client seeds, a nonce, the chances…), in the
/// descriptor's order; never the game's name.
fn unproven(scheme: &Descriptor, record: &Map<String, Value>) -> Vec<&'static str> {
    scheme
        .fields
        .iter()
        .filter(|f| matches!(f.role, Role::Id | Role::Client | Role::Setting))
        .filter(|f| f.name != "game")
        .filter(|f| !matches!(record.get(f.name), None | Some(Value::Null)))
        .map(|f| f.name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use crate::schemes::match_seed_v2::SCHEME;

    fn report() -> Report {
        let mut r = Report::new(&SCHEME.desc);
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
        // A seat's hand is a set: one difference at the hand, naming the card
        // shown but not recomputed and the one recomputed but not shown.
        let d = &v["differences"][0];
        assert_eq!(v["differenceCount"], 1);
        assert_eq!(d["path"], "deals[1][1]");
        assert_eq!(d["set"], true);
        assert_eq!(d["shownOnly"], json!([9]));
        assert_eq!(d["computedOnly"], json!([8]));
        assert_eq!(d["played"], json!([7, 9]));
        assert_eq!(d["computed"], json!([7, 8]));
        assert_eq!(d["item"], "card");
        assert_eq!(d["at"], json!({"deal": 1, "seat": 1}));
        assert_eq!(d["order"], json!(["deal", "seat"]));
        assert_eq!(d["part"], Value::Null);
        // The same hand in another order, and in players' notation: no difference.
        // (Ids 1, 2 are 3♣, 4♣; 7, 8 are 9♣, T♣.)
        let v = report()
            .finish(&rec(
                json!({"played": {"deals": [[[2, "3c"], ["6♣", 3]], [[6, 5], ["T♣", " 9 c "]]]}}),
            ))
            .unwrap();
        assert_eq!(v["verdict"], "pass", "{v}");
        assert_eq!(v["differenceCount"], 0);
    }

    #[test]
    fn differences_name_their_part_and_numbers_compare_as_read() {
        // Baloot: the second deal of hand 2 and the face-up card, told apart by the
        // pattern that matched (no path text is parsed).
        let mut r = Report::new(&SCHEME.desc);
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
                    "hands[0].second[0]",
                    &json!("second"),
                    &json!(["hand", "seat"])
                ),
            ]
        );
        // A crash point shown as a number equals the recomputed text it rounds to.
        let mut r = Report::new(&crate::schemes::crash::SCHEME.desc);
        r.set("multiplier", "13.68");
        let v = r
            .finish(&rec(json!({"played": {"multiplier": 13.68}})))
            .unwrap();
        assert_eq!(v["differenceCount"], 0);
        let mut r = Report::new(&crate::schemes::crash::SCHEME.desc);
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
        assert_eq!(v["differences"][0]["path"], "deals[1][1]");
        assert_eq!(
            v["notShown"],
            json!([{"key": "deals", "path": "deals[0][1]", "from": 1, "count": 1}])
        );
        // More than the record's count: an input error naming the first entry
        // beyond it (SPEC), never a difference.
        let e = report()
            .finish(&rec(
                json!({"played": {"deals": [[[1, 2], [3, 4]], [[5, 6], [7, 8]], [[9]]]}}),
            ))
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::BadPlayed);
        assert_eq!(e.field, "played.deals[2]");
        assert_eq!(e.params["want"], "count");
        assert_eq!(e.params["count"], 2);
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
        let mut r = Report::new(&SCHEME.desc);
        r.check(
            Check::new("rootOk", false)
                .published("deckRoot")
                .values(json!("a"), json!("b")),
        );
        assert_eq!(r.finish(&Map::new()).unwrap()["verdict"], "fail");
        // Nothing published was checked: unchecked, never pass.
        let mut r = Report::new(&SCHEME.desc);
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
