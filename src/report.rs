//! The result model: SPEC's result keys, the checks a surface shows (each with a
//! stable code and its values, never a sentence), the comparison with what the
//! player saw (`played`), the typo hints and the verdict (SPEC "Verdict, `played`
//! and hints").

use serde_json::{Map, Value};

use crate::batch::Status;
use crate::chars::invisible;
#[cfg(not(feature = "widget"))]
use crate::chars::lookalike;
use crate::diagnosis::{shown_elsewhere, Shown};
use crate::error::{ErrorCode, Result, VerifyError, Want};
use crate::played::{self, fit, fit_prefix, path_text, Seg, Unreadable};
use crate::primitives::sha256::sha256_hex;
use crate::schemes::descriptor::{Descriptor, Kind, Order, Role, Step};

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
}

/// A value the player was shown that differs from the recomputation.
#[derive(Debug)]
struct Diff {
    key: String,
    segs: Vec<Seg>,
    played: Value,
    computed: Value,
    /// For a list compared as a set (a hand, the mines of a board).
    set: Option<SetDiff>,
}

/// What differs between a set the player saw and the recomputed one.
#[derive(Debug)]
struct SetDiff {
    /// Shown, but not recomputed.
    shown_only: Vec<Value>,
    /// Recomputed, but not shown.
    computed_only: Vec<Value>,
    /// The set is the list's first `n` values (a board's flop), not all of it.
    first: Option<usize>,
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
        let before = self.diffs.count;
        for (k, v) in seen {
            let prefix = segs.len();
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
            let v = played::read(self.scheme, key, &mut segs, v).map_err(|u| {
                let rest = path_text("", &u.segs[prefix + 1..]);
                bad_played(format!("{field}.{k}{rest}"), v, &u, prefix + 1)
            })?;
            diff(self.scheme, key, &mut segs, &v, c, &mut self.diffs);
            segs.pop();
        }
        let differs = self.diffs.count > before;
        if let Some((k, shown)) = &mut self.parts {
            if *k == key {
                shown.push((index, differs));
            }
        }
        self.compared = true;
        Ok(())
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
            self.compare_shown(obj, &mut diffs)?;
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
        let diagnosis = (rests_on_played && cfg!(not(feature = "widget")))
            .then(|| self.shown_elsewhere(&differences));
        let differences: Vec<Value> = differences
            .into_iter()
            .map(|d| describe(self.scheme, d, &self.result))
            .collect();
        let mut hints = hints(self.scheme, &self.checks, record);
        hints.extend(typed_chars(self.scheme, record));
        hints.append(&mut self.hints);

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
        // What the player saw, as given, for the drawing beside the recomputation.
        if let Some(obj) = played {
            out.insert("played".into(), Value::Object(obj.clone()));
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

impl Report {
    /// Each value of `played`, read by meaning (`played::read`), compared with what
    /// was recomputed: the differences go to `diffs`. A key this scheme does not
    /// recompute is `unknown_field`; what cannot be read is `bad_played`.
    fn compare_shown(&self, obj: &Map<String, Value>, diffs: &mut Diffs) -> Result<()> {
        let pending = self.checks.iter().any(|c| c.state == State::Pending);
        for (key, seen) in obj {
            let read = || {
                played::read(self.scheme, key, &mut Vec::new(), seen).map_err(|u| {
                    bad_played(format!("played.{}", path_text(key, &u.segs)), seen, &u, 0)
                })
            };
            let computed = match self.result.get(key) {
                Some(v) if self.recomputed(key) => v,
                // A key a chain record recomputes once its walk reaches the round
                // (`round`): nothing to compare while pending, else it differs. Any
                // other key this record does not recompute (a board with no seed
                // revealed, another game's rolls, a single bet's face beside `bets`)
                // is `unknown_field`, never a difference: SPEC's input error.
                None if self.scheme.chain && self.scheme.result(key).is_some() => {
                    let seen = read()?;
                    if !pending {
                        diff(
                            self.scheme,
                            key,
                            &mut Vec::new(),
                            &seen,
                            &Value::Null,
                            diffs,
                        );
                    }
                    continue;
                }
                _ => return Err(self.unknown_played(key)),
            };
            let seen = read()?;
            beyond_count(self.scheme, key, &seen, computed)?;
            diff(self.scheme, key, &mut Vec::new(), &seen, computed, diffs);
        }
        Ok(())
    }

    /// `shown_elsewhere` for each differing set the player entered (a hand, a
    /// bet's mines): SPEC's entries, and where each is in the game's terms.
    fn shown_elsewhere(&self, differences: &[Diff]) -> (Vec<Value>, Vec<Value>) {
        let mut entries = Vec::new();
        let mut places = Vec::new();
        for d in differences.iter().filter(|d| d.set.is_some()) {
            let Value::Array(values) = &d.played else {
                continue;
            };
            let shown = Shown {
                key: &d.key,
                segs: &d.segs,
                values,
            };
            if let Some((entry, place)) = shown_elsewhere(self.scheme, &shown, &self.result) {
                entries.push(entry);
                places.push(place);
            }
        }
        (entries, places)
    }

    /// `unknown_field` for `played.<key>`, with what this record does recompute.
    fn unknown_played(&self, key: &str) -> VerifyError {
        let known: Vec<&str> = self
            .result
            .keys()
            .filter(|k| self.recomputed(k))
            .map(String::as_str)
            .collect();
        VerifyError::new(
            ErrorCode::UnknownField,
            format!("played.{key}"),
            msg!(
                "`played.{key}` is not something this {} record recomputes (it recomputes: {})",
                self.scheme.id,
                known.join(", ")
            ),
        )
        .with("known", known)
    }
}

/// SPEC: `played` entries beyond the record's own count (`played.rolls` longer than
/// `rolls`) are `bad_played`, naming the first such path, never a difference: the
/// record asked for fewer than the player entered. A list compared as a set (the
/// mines of a board) is no count of entries and is compared as a set.
fn beyond_count(scheme: &Descriptor, key: &str, seen: &Value, computed: &Value) -> Result<()> {
    let (Value::Array(s), Value::Array(c)) = (seen, computed) else {
        return Ok(());
    };
    if s.len() <= c.len() || played::order_at(scheme, key, &[]) == Order::Set {
        return Ok(());
    }
    let field = format!("played.{key}[{}]", c.len());
    Err(VerifyError::new(
        ErrorCode::BadPlayed,
        field.clone(),
        msg!(
            "`{field}` is beyond the record's count: it recomputes {} entries of `{key}`",
            c.len()
        ),
    )
    .with("want", "count")
    .with("count", c.len()))
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

/// Whose card deck position `pos` is, from the report's own hole cards and board
/// (the same card id there): `{key: "holeCards", player, card}` or `{key: "board",
/// card}` (indexes from 0), or None for an undealt card.
fn deck_owner(result: &Map<String, Value>, pos: usize) -> Option<Value> {
    let id = result.get("deck")?.as_array()?.get(pos)?;
    let find = |v: &Value| v.as_array().and_then(|h| h.iter().position(|c| c == id));
    let mut m = Map::new();
    let holes = result.get("holeCards").and_then(Value::as_array);
    if let Some((p, k)) =
        holes.and_then(|h| h.iter().enumerate().find_map(|(p, x)| Some((p, find(x)?))))
    {
        m.insert("key".into(), Value::from("holeCards"));
        m.insert("player".into(), Value::from(p));
        m.insert("card".into(), Value::from(k));
    } else {
        m.insert("key".into(), Value::from("board"));
        m.insert("card".into(), Value::from(find(result.get("board")?)?));
    }
    Some(Value::Object(m))
}

/// SPEC hints: a failed commitment check that is explained by a typo.
/// - `seed_is_commitment`: the revealed seed is the published hash itself.
/// - `seeds_swapped`: the published hash is the SHA-256 of another string of the
///   record (the client seed, the other player's seed…): two fields were swapped.
fn hints(scheme: &Descriptor, checks: &[Check], record: &Map<String, Value>) -> Vec<Value> {
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
        if let Some(h) = seed_case(c, record, published) {
            out.push(h);
            continue;
        }
        #[cfg(not(feature = "widget"))]
        if let Some(h) = seed_wrapped(c, record, published) {
            out.push(h);
            continue;
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

/// The revealed seed a failed check hashed itself (not a message built from it), with
/// its field: what the typo hints try again in another spelling.
fn hashed_seed<'a>(c: &Check, record: &'a Map<String, Value>) -> Option<(&'static str, &'a str)> {
    let secret = c.secret?;
    let Some(Value::String(s)) = record.get(secret) else {
        return None;
    };
    (c.computed.as_str() == Some(sha256_hex(s.as_bytes()).as_str())).then_some((secret, s.as_str()))
}

/// `seed_case`: the revealed seed hashed to the check's computed value, and the
/// same seed in lower (or upper) case hashes to the published one: it was retyped
/// or a phone capitalised it.
fn seed_case(c: &Check, record: &Map<String, Value>, published: &str) -> Option<Value> {
    let (secret, s) = hashed_seed(c, record)?;
    let [lower, upper] = cases(s);
    [("lower", lower), ("upper", upper)]
        .into_iter()
        .find(|(_, t)| t != s && sha256_hex(t.as_bytes()) == published)
        .map(|(case, _)| {
            json!({"code": "seed_case", "field": secret, "with": c.field, "check": c.name, "case": case})
        })
}

/// `seed_wrapped`: the revealed seed does not hash to the published value, but the
/// same seed without what was copied around it does (SPEC hints): quotes (`"…"`,
/// `'…'`, `«…»`, `“…”`), a `0x` prefix, a JSON key before it (`"serverSeed": "…"`),
/// a comma after it, spaces and line breaks at either end, in any nesting.
#[cfg(not(feature = "widget"))]
fn seed_wrapped(c: &Check, record: &Map<String, Value>, published: &str) -> Option<Value> {
    let (secret, s) = hashed_seed(c, record)?;
    let bare = unwrap_copied(s);
    (bare != s && sha256_hex(bare.as_bytes()) == published).then(|| {
        json!({"code": "seed_wrapped", "field": secret, "with": c.field, "check": c.name,
               "to": bare})
    })
}

/// `s` without what a copy brings around a value, peeled until nothing changes.
#[cfg(not(feature = "widget"))]
pub(crate) fn unwrap_copied(s: &str) -> &str {
    const QUOTES: [(char, char); 6] = [
        ('"', '"'),
        ('\'', '\''),
        ('«', '»'),
        ('“', '”'),
        ('„', '“'),
        ('`', '`'),
    ];
    let mut t = s;
    // Each pass removes at least one character, so this ends.
    loop {
        let before = t.len();
        t = t.trim_matches(|c: char| c.is_whitespace() || invisible(c));
        t = t.strip_suffix(',').unwrap_or(t);
        // A JSON key before the value: `"serverSeed": "…"`, `serverSeed: …`.
        if let Some((key, rest)) = t.split_once(':') {
            let k = key.trim().trim_matches(|c| c == '"' || c == '\'');
            if !k.is_empty()
                && k.len() <= 40
                && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                t = rest;
            }
        }
        t = t.trim_matches(|c: char| c.is_whitespace() || invisible(c));
        for (open, close) in QUOTES {
            if let Some(inner) = t.strip_prefix(open).and_then(|x| x.strip_suffix(close)) {
                t = inner;
                break;
            }
        }
        if let Some(rest) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
            t = rest;
        }
        if t.len() == before {
            return t;
        }
    }
}

/// `s` in lower case and in upper case, by Unicode's full mappings (`ß` → `SS`, a
/// final `Σ` → `ς`).
#[cfg(not(all(feature = "widget", target_arch = "wasm32")))]
fn cases(s: &str) -> [String; 2] {
    [s.to_lowercase(), s.to_uppercase()]
}

/// The badge's build asks the engine: `toLowerCase` and `toUpperCase` apply the same
/// full mappings (Final_Sigma included) without Rust's case tables, about 20 KB of the
/// badge's wasm. `tests/node/widget_core.test.mjs` holds the two to the same hint.
#[cfg(all(feature = "widget", target_arch = "wasm32"))]
fn cases(s: &str) -> [String; 2] {
    let js = js_sys::JsString::from(s);
    [
        String::from(js.to_lower_case()),
        String::from(js.to_upper_case()),
    ]
}

/// `invisible_char`: every seed, id or hash field (and each entry of a list or
/// seat map of seeds, each bet's client seed) holding an invisible character, with
/// the first one's position (in characters, from 0) and code point, and how many
/// the field holds.
fn invisible_chars(scheme: &Descriptor, record: &Map<String, Value>) -> Vec<Value> {
    let mut out = Vec::new();
    typed_strings(scheme, record, true, &mut |field, s| {
        let mut found = s.chars().enumerate().filter(|(_, c)| invisible(*c));
        if let Some((position, c)) = found.next() {
            out.push(
                json!({"code": "invisible_char", "field": field, "position": position,
                "codePoint": c as u32, "char": format!("U+{:04X}", c as u32),
                "count": 1 + found.count()}),
            );
        }
    });
    out
}

/// Every string a person typed or pasted into a field that is hashed: seeds,
/// client seeds, ids (and, with `hashes`, published hashes), each entry of a list
/// or seat map of them, each bet's client seed; with its path.
fn typed_strings(
    scheme: &Descriptor,
    record: &Map<String, Value>,
    hashes: bool,
    look: &mut dyn FnMut(String, &str),
) {
    for f in scheme.fields {
        let typed = matches!(f.role, Role::Secret | Role::Client | Role::Id)
            || (hashes && f.role == Role::Commitment)
            || f.kind == Kind::Bets;
        let Some(v) = record.get(f.name).filter(|_| typed) else {
            continue;
        };
        match v {
            Value::String(s) => look(f.name.to_string(), s),
            Value::Array(a) if f.kind == Kind::Bets => {
                for (i, bet) in a.iter().enumerate() {
                    if let Some(Value::String(s)) = bet.get("clientSeed") {
                        look(format!("{}[{i}].clientSeed", f.name), s);
                    }
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    if let Value::String(s) = x {
                        look(format!("{}[{i}]", f.name), s);
                    }
                }
            }
            Value::Object(o) => {
                for (k, x) in o {
                    if let Value::String(s) = x {
                        look(format!("{}.{k}", f.name), s);
                    }
                }
            }
            _ => {}
        }
    }
}

/// `lookalike_char` and `invisible_char`: every typed field (a seed, a client
/// seed, an id; each entry of a list or seat map of them, each bet's client seed)
/// holding a character a person cannot see, or one that looks like another.
fn typed_chars(scheme: &Descriptor, record: &Map<String, Value>) -> Vec<Value> {
    #[allow(unused_mut)]
    let mut out = invisible_chars(scheme, record);
    // The badge checks the record its host page gives it, which no player typed:
    // the hints about typing (`lookalike_char`, `seed_wrapped`) are the page's, the
    // CLI's and the evidence file's, and stay out of the badge's size budget.
    #[cfg(not(feature = "widget"))]
    typed_strings(scheme, record, false, &mut |field, s| {
        if let Some((position, c, kind, count)) = lookalike(s) {
            out.push(
                json!({"code": "lookalike_char", "field": field, "position": position,
                "codePoint": c as u32, "char": format!("U+{:04X}", c as u32),
                "kind": kind, "count": count}),
            );
        }
    });
    out
}

/// `bad_played`: a value of `played` that cannot be read. `seen` is the value at
/// the start of `u.segs[skip..]`.
fn bad_played(field: String, seen: &Value, u: &Unreadable, skip: usize) -> VerifyError {
    let mut at = seen;
    for seg in u.segs.iter().skip(skip) {
        let next = match seg {
            Seg::Index(i) => at.get(*i),
            Seg::Key(k) => at.get(k.as_str()),
        };
        match next {
            Some(v) => at = v,
            None => break,
        }
    }
    let mut e = VerifyError::new(
        ErrorCode::BadPlayed,
        field.clone(),
        msg!(
            "`{field}` cannot be read as what the game showed (expected: {})",
            u.want
        ),
    )
    .with("want", u.want)
    .with("got", crate::error::type_token(at));
    // What was typed, when it was text (a number is not echoed: the badge, which
    // reads JSON with the engine's parser, would write a large one otherwise).
    if let Value::String(s) = at {
        e = e.with("value", s.chars().take(40).collect::<String>());
    }
    e
}

/// Every string of the record that could be a seed, with its path: top-level
/// strings and the strings inside lists and objects one level down. Published
/// hashes, the scheme and the game are left out.
fn string_leaves<'a>(
    scheme: &Descriptor,
    record: &'a Map<String, Value>,
) -> Vec<(String, &'a str)> {
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

/// A difference in the game's terms: which item (card, die, tile…), where (`at`:
/// deal, seat, card…, and `order`, the names of `at` in the pattern's order) and in
/// which part of the value (`part`: the pattern's last member name, `second` in
/// `hands[hand].second[seat][card]`), from the scheme's result patterns. A path that
/// matches no pattern to its end is a whole part (a missing deal) of kind `value`.
///
/// A set's difference (`set: true`) is at the list's path: `at` and `order` name
/// the list's own indexes (`deals[1][2]`: deal, seat), `item` what it holds, and
/// `shownOnly`/`computedOnly` the values shown but not recomputed and the reverse;
/// `played` and `computed` are both lists; `first` (the flop: 3) when the set is
/// the start of the list.
///
/// A deck position's difference names the position's owner in `at.owner`
/// (`deck_owner`): the hole card or board card a player sees it as.
fn describe(scheme: &Descriptor, d: Diff, result: &Map<String, Value>) -> Value {
    let mut item = "value";
    let mut at = Map::new();
    let mut order: Vec<&str> = Vec::new();
    let mut part: Option<&str> = None;
    if let Some(r) = scheme.result(&d.key) {
        let found = if d.set.is_some() {
            played::group(r, &d.segs).map(|(p, it)| (p, it, d.segs.len()))
        } else {
            r.patterns
                .iter()
                .find(|p| fit(p, &d.segs).is_some())
                .map(|p| (p, p.item.unwrap_or(r.item), d.segs.len()))
        };
        if let Some((p, it, len)) = found {
            item = it;
            at = fit_prefix(p, &d.segs).unwrap_or_default();
            for step in &p.steps[..len] {
                match step {
                    Step::At(n) => order.push(n),
                    Step::Member(m) => part = Some(m),
                }
            }
        }
    }
    if d.key == "deck" {
        if let Some(owner) = at
            .get("position")
            .and_then(Value::as_u64)
            .and_then(|p| deck_owner(result, p as usize))
        {
            at.insert("owner".into(), owner);
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
    if let Some(set) = d.set {
        m.insert("set".into(), Value::Bool(true));
        m.insert("shownOnly".into(), Value::Array(set.shown_only));
        m.insert("computedOnly".into(), Value::Array(set.computed_only));
        if let Some(n) = set.first {
            m.insert("first".into(), Value::from(n));
        }
    }
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

fn record(key: &str, segs: &[Seg], seen: &Value, computed: &Value, out: &mut Diffs) {
    out.count += 1;
    if out.list.len() < MAX_DIFFERENCES {
        out.list.push(Diff {
            key: key.to_string(),
            segs: segs.to_vec(),
            played: seen.clone(),
            computed: computed.clone(),
            set: None,
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

/// `seen` against `computed` as sets (with repeats, though `played::read` refuses
/// them): one difference when something shown was not recomputed. A set shown in
/// part (a hand's first cards) differs only by what it shows.
fn set_diff(
    key: &str,
    segs: &[Seg],
    seen: &[Value],
    computed: &[Value],
    first: Option<usize>,
    out: &mut Diffs,
) {
    let mut left: Vec<&Value> = computed.iter().collect();
    let mut shown_only = Vec::new();
    for x in seen.iter().filter(|x| !x.is_null()) {
        match left.iter().position(|y| same(x, y)) {
            Some(i) => {
                left.remove(i);
            }
            None => shown_only.push(x.clone()),
        }
    }
    if shown_only.is_empty() {
        return;
    }
    out.count += 1;
    if out.list.len() < MAX_DIFFERENCES {
        out.list.push(Diff {
            key: key.to_string(),
            segs: segs.to_vec(),
            played: Value::Array(seen.to_vec()),
            computed: Value::Array(computed.to_vec()),
            set: Some(SetDiff {
                shown_only,
                computed_only: left.into_iter().cloned().collect(),
                first,
            }),
        });
    }
}

/// Walks `seen` (played, already read into the recomputed values' representation)
/// against `computed` under result `key` at `segs`, recording every difference (a
/// leaf by position, a list the descriptors call a set as one), and what `seen`
/// leaves out as not shown.
fn diff(
    scheme: &Descriptor,
    key: &str,
    segs: &mut Vec<Seg>,
    seen: &Value,
    computed: &Value,
    out: &mut Diffs,
) {
    match (seen, computed) {
        // SPEC: `null` in `played` is a value not entered: not compared.
        (Value::Null, _) => {}
        (Value::Array(s), Value::Array(c)) => {
            let from = match played::order_at(scheme, key, segs) {
                Order::Set => {
                    set_diff(key, segs, s, c, None, out);
                    s.len()
                }
                Order::Roll if segs.last() != Some(&Seg::Index(0)) => {
                    set_diff(key, segs, s, c, None, out);
                    s.len()
                }
                Order::Flop => {
                    let (n, m) = (s.len().min(3), c.len().min(3));
                    set_diff(key, segs, &s[..n], &c[..m], Some(3), out);
                    n
                }
                Order::Position | Order::Roll => 0,
            };
            for (i, x) in s.iter().enumerate().skip(from) {
                segs.push(Seg::Index(i));
                match c.get(i) {
                    Some(y) => diff(scheme, key, segs, x, y, out),
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
                        diff(scheme, key, segs, x, y, out);
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
