//! One file per scheme in SPEC, each with its descriptor (`SCHEME`); `verify`
//! finds the scheme named by `scheme` in [`ALL`] and runs it.

use serde_json::{Map, Value};

use crate::error::{type_name, ErrorCode, Result, VerifyError};
use crate::primitives::sha256::sha256_hex;
use crate::record::{Fields, Hex64};
use crate::report::Report;

pub mod battle;
pub mod bets;
pub mod chain;
pub mod chess_colour_v1;
pub mod crash;
pub mod descriptor;
pub mod dice;
pub mod hash_chain;
pub mod match_seed_v2;
pub mod mines;
pub mod platforms;
pub mod poker_hmac_v1;
pub mod selfpoker;

use descriptor::{Descriptor, Role};

/// How a scheme recomputes a record into its report.
pub type RunFn = fn(Fields, &mut Report, &Options) -> Result<()>;

/// A scheme in the registry: its descriptor (data, `descriptor.rs`: `Descriptor::new`
/// and its `with_*` methods) and its run function.
pub struct Scheme {
    pub desc: Descriptor,
    pub run: RunFn,
}

/// One table for the registry and its families (issue 46): each family's Cargo feature,
/// the badge file that checks it, and its schemes in the order a page lists them.
/// `ALL` and `FAMILIES` are both made from it, so a scheme's family is said once.
macro_rules! registry {
    ($($feature:literal, $badge:literal: [$($scheme:ident),+ $(,)?];)+) => {
        /// Every scheme the verifier checks, in the order a page lists them: those of the
        /// families this build has (Cargo features `family-cards`, `family-chain`; both by
        /// default, one in a per-family badge).
        pub const ALL: &[&Scheme] = &[$($(#[cfg(feature = $feature)] &$scheme::SCHEME,)+)+];

        /// The schemes of each family with the badge file that checks them (the full
        /// `widget.js` checks both): a build without a family refuses its records with
        /// `other_badge`, never a pass or a fail.
        pub const FAMILIES: &[(&str, &[&str])] = &[$(($badge, &[$($scheme::SCHEME.desc.id),+])),+];
    };
}

registry! {
    "family-cards", "widget-cards.js": [match_seed_v2, poker_hmac_v1, chess_colour_v1, selfpoker];
    "family-chain", "widget-chain.js": [crash, platforms, battle, hash_chain, dice, mines];
}

/// The badge file that checks `id`, a scheme this build does not have (its caller
/// found none), when this build leaves its family out (never in a build with both).
fn other_badge(id: &str) -> Option<&'static str> {
    if cfg!(all(feature = "family-chain", feature = "family-cards")) {
        return None;
    }
    FAMILIES
        .iter()
        .find(|(_, ids)| ids.contains(&id))
        .map(|(file, _)| *file)
}

/// Schemes that exist but have no published derivation: refused with
/// `unsupported_scheme`, never a pass or a fail (SPEC §2).
pub const UNSUPPORTED: [&str; 1] = ["match_seed_v1"];

pub fn find(id: &str) -> Option<&'static Scheme> {
    ALL.iter().copied().find(|s| s.desc.id == id)
}

/// How the chain walk of a chain record is done.
// One `Walk` per verification, never in a collection: boxing the outcome would only
// add an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Walk {
    /// The core walks (the CLI, short walks).
    #[default]
    Run,
    /// The walk runs elsewhere and has not finished: the chain check is pending.
    Pending,
    /// A walk done elsewhere (a Web Worker driving the wasm `RememberingChainWalker`,
    /// whose `outcome()` is this); the core builds the check, `round` and the verdict
    /// from it.
    Done(WalkOutcome),
}

#[derive(Clone, Debug, PartialEq)]
pub struct WalkOutcome {
    /// The request it answers (the report's `walk`): checked against the record's
    /// own, so an outcome is never applied to another hash, terminal or bound.
    pub hash: Hex64,
    pub terminal: Hex64,
    pub max_steps: u64,
    pub steps: u64,
    pub found: bool,
    /// The walk ended on a position proven earlier on this device: its round and
    /// the links actually walked.
    pub remembered: Option<(u64, u64)>,
    /// Another published terminal a link reached, and the round there (`foundIn`).
    pub found_in: Option<(Hex64, u64)>,
}

#[derive(Clone, Debug, Default)]
pub struct Options {
    pub walk: Walk,
    /// The fingerprint a table badge showed before the game (`{"shown": "<64 hex>"}`):
    /// the record's primary commitment must be that one (check `shownOk`).
    pub shown: Option<Hex64>,
    /// A re-run of the diagnosis (`input_slip`): no slips tried inside it.
    #[doc(hidden)]
    pub slip: bool,
    /// A verification in steps (`Steps`): its bets so far (empty in a copy).
    #[doc(hidden)]
    pub steps: bets::StepSlot,
}

impl Options {
    /// `{"walk": "pending"}` or `{"walk": {"hash", "terminal", "maxSteps", "steps",
    /// "found", "remembered"?: {"round", "links"}, "foundIn"?: {"terminal", "round"}}}`.
    pub fn from_json(v: &Value) -> Result<Options> {
        let mut o = Options::default();
        let map = match v {
            Value::Null => return Ok(o),
            Value::Object(m) => m,
            other => {
                return Err(VerifyError::wrong_type(
                    "options",
                    crate::error::Want::Object,
                    other,
                ))
            }
        };
        let f = Fields::new(map, "options");
        o.shown = f.opt_hex64("shown")?;
        match f.get("walk") {
            None => {}
            Some(Value::String(s)) if s == "pending" => o.walk = Walk::Pending,
            Some(Value::Object(w)) => {
                let wf = Fields::new(w, "options.walk");
                let hash = wf.hex64("hash")?;
                let terminal = wf.hex64("terminal")?;
                let max_steps = wf.int("maxSteps", 1, chain::MAX_STEPS)? as u64;
                let found_in = match wf.get("foundIn") {
                    None | Some(Value::Null) => None,
                    Some(Value::Object(m)) => {
                        let ff = Fields::new(m, "options.walk.foundIn");
                        Some((
                            ff.hex64("terminal")?,
                            ff.int("round", 1, chain::MAX_STEPS)? as u64,
                        ))
                    }
                    Some(other) => {
                        return Err(VerifyError::wrong_type(
                            "options.walk.foundIn",
                            crate::error::Want::Object,
                            other,
                        ))
                    }
                };
                let steps = wf.int("steps", 0, chain::MAX_STEPS)? as u64;
                let found = match wf.req("found")? {
                    Value::Bool(b) => *b,
                    other => {
                        return Err(VerifyError::wrong_type(
                            "options.walk.found",
                            crate::error::Want::Boolean,
                            other,
                        ))
                    }
                };
                let remembered = match wf.get("remembered") {
                    None => None,
                    Some(Value::Object(m)) => {
                        let rf = Fields::new(m, "options.walk.remembered");
                        Some((
                            rf.int("round", 1, chain::MAX_STEPS)? as u64,
                            rf.int("links", 0, chain::MAX_STEPS)? as u64,
                        ))
                    }
                    Some(other) => {
                        return Err(VerifyError::wrong_type(
                            "options.walk.remembered",
                            crate::error::Want::Object,
                            other,
                        ))
                    }
                };
                o.walk = Walk::Done(WalkOutcome {
                    hash,
                    terminal,
                    max_steps,
                    steps,
                    found,
                    remembered,
                    found_in,
                });
            }
            Some(other) => {
                return Err(VerifyError::wrong_type(
                    "options.walk",
                    crate::error::Want::Object,
                    other,
                ))
            }
        }
        Ok(o)
    }
}

/// A record verified in steps (issue 43: the badge on its host's thread must yield
/// every few milliseconds): each `advance(n)` does at most `n` bets' work of a dice
/// or mines `bets` list (ChainWalker's way for a chain), and the one that ends gives
/// `verify_with`'s report (or error), the same as one call. Other records end at the
/// first step.
pub struct Steps {
    record: Value,
    options: Options,
    state: Option<bets::Stepping>,
    result: Option<Result<Value>>,
}

impl Steps {
    pub fn new(record: Value, options: Options) -> Steps {
        Steps {
            record,
            options,
            state: Some(bets::Stepping::default()),
            result: None,
        }
    }

    /// At most `n` more bets (at least one); true once the report is made.
    pub fn advance(&mut self, n: usize) -> bool {
        if let Some(state) = self.state.take() {
            self.options.steps.install(state, n);
            let result = verify_with(&self.record, &self.options);
            match self.options.steps.take() {
                Some(s) if s.suspended => self.state = Some(s),
                _ => self.result = Some(result),
            }
        }
        self.result.is_some()
    }

    /// The bets recomputed so far (for a progress bar).
    pub fn steps(&self) -> usize {
        self.state.as_ref().map_or(0, bets::Stepping::steps)
    }

    /// The bets of the record's list (0 without one).
    pub fn total(&self) -> usize {
        self.record
            .get("bets")
            .and_then(Value::as_array)
            .map_or(0, Vec::len)
    }

    /// The report or error, once `advance` said it is made.
    pub fn result(&self) -> Option<&Result<Value>> {
        self.result.as_ref()
    }
}

/// A record in, a report (or a typed error) out.
pub fn verify(record: &Value) -> Result<Value> {
    verify_with(record, &Options::default())
}

pub fn verify_with(record: &Value, options: &Options) -> Result<Value> {
    let map: &Map<String, Value> = match record {
        Value::Object(m) => m,
        other => {
            return Err(VerifyError::new(
                ErrorCode::NotObject,
                "",
                msg!("a record must be a JSON object, not {}", type_name(other)),
            )
            .with("got", crate::error::type_token(other)))
        }
    };
    let f = Fields::new(map, "");
    let id = f.str("scheme")?;
    let scheme = match find(id) {
        Some(s) => s,
        None if UNSUPPORTED.contains(&id) => {
            return Err(VerifyError::new(
                ErrorCode::UnsupportedScheme,
                "scheme",
                msg!(
                    "{id} has no published derivation, so its matches cannot be \
                     recomputed here; only match_seed_v2 and later can be verified"
                ),
            )
            .with("scheme", id))
        }
        None => {
            if let Some(badge) = other_badge(id) {
                return Err(VerifyError::new(
                    ErrorCode::OtherBadge,
                    "scheme",
                    msg!("{id} is not checked by this badge; {badge} checks it"),
                )
                .with("scheme", id)
                .with("badge", badge));
            }
            let known: Vec<&str> = ALL.iter().map(|s| s.desc.id).collect();
            let shown: String = id.chars().take(64).collect();
            return Err(VerifyError::new(
                ErrorCode::UnknownScheme,
                "scheme",
                msg!(
                    "unknown scheme `{shown}`; known schemes: {}",
                    known.join(", ")
                ),
            )
            .with("scheme", shown)
            .with("known", known));
        }
    };
    misspelt_field(&scheme.desc, map)?;
    #[allow(unused_mut)]
    let mut report = run(scheme, map, options)?;
    #[cfg(not(feature = "widget"))]
    if !options.slip {
        input_slip(scheme, map, options, &mut report);
        unknown_fields(&scheme.desc, map, &mut report);
    }
    Ok(report)
}

/// SPEC hint `unknown_field` (turn-8 attack A6): each top-level key that is none of
/// the scheme's fields (`shown`, `result`, `foo`), at most `MAX_UNKNOWN`, with its
/// name (`field`, at most 64 characters): the record carries something the player
/// may think was compared, and nothing read it. Never for a field SPEC defines for
/// the scheme; a misspelling of one is refused before (`misspelt_field`). The badge
/// checks its host page's record and renders no hints: left out of its budget.
#[cfg(not(feature = "widget"))]
fn unknown_fields(desc: &Descriptor, map: &Map<String, Value>, report: &mut Value) {
    const MAX_UNKNOWN: usize = 8;
    let mut unknown = Vec::new();
    for k in map.keys() {
        if k != "scheme" && desc.field(k).is_none() && unknown.len() < MAX_UNKNOWN {
            let name: String = k.chars().take(64).collect();
            unknown.push(json!({"code": "unknown_field", "field": name}));
        }
    }
    match report.get_mut("hints") {
        _ if unknown.is_empty() => {}
        Some(Value::Array(list)) => list.extend(unknown),
        _ => {
            if let Value::Object(out) = report {
                out.insert("hints".into(), Value::Array(unknown));
            }
        }
    }
}

/// A top-level key that is none of the scheme's fields but a misspelling of one
/// (`Played`, `server_seed`, `serverSed`): `unknown_field` naming the field it
/// resembles (`like`). SPEC says nothing of unknown fields, and a record may carry
/// keys of its own (a note, an id of the site's), which are still ignored; but a
/// misspelt field would be ignored too, and a misspelt `played` passes having
/// compared nothing, a misspelt `tileSet` recomputes another game.
fn misspelt_field(desc: &Descriptor, map: &Map<String, Value>) -> Result<()> {
    let known: Vec<&'static str> = desc
        .all_fields()
        .map(|f| f.name)
        .chain(["scheme"])
        .collect();
    for key in map.keys() {
        if known.contains(&key.as_str()) {
            continue;
        }
        if let Some(&like) = known.iter().find(|n| resembles(key, n)) {
            let shown: String = key.chars().take(64).collect();
            return Err(VerifyError::new(
                ErrorCode::UnknownField,
                shown.clone(),
                msg!(
                    "`{shown}` is not a field of a {} record: did you mean `{like}`? \
                     (as written it would be ignored)",
                    desc.id
                ),
            )
            .with("like", like)
            .with("known", known));
        }
    }
    Ok(())
}

/// `key` is `name` in another case or with `_`, `-`, spaces between its parts, or
/// one letter away from it (left out, added, changed, or two swapped) when both are
/// five letters or more.
fn resembles(key: &str, name: &str) -> bool {
    // ASCII only: the field names are, and Unicode's case tables would cost the
    // badge's wasm about 20 KB (report/hints.rs `cases`).
    let norm = |s: &str| -> Vec<u8> {
        s.bytes()
            .filter(u8::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    let (a, b) = (norm(key), norm(name));
    if a == b {
        return true;
    }
    if a.len() < 5 || b.len() < 5 || a.len().abs_diff(b.len()) > 1 {
        return false;
    }
    // One edit (Damerau): skip the common prefix and suffix, then what is left.
    let p = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[p..], &b[p..]);
    let q = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (a, b) = (&a[..a.len() - q], &b[..b.len() - q]);
    match (a.len(), b.len()) {
        (0, 1) | (1, 0) | (1, 1) => true,
        (2, 2) => a[0] == b[1] && a[1] == b[0],
        _ => false,
    }
}

#[cfg(not(feature = "widget"))]
/// SPEC `input_slip`: when a fail rests only on `played`, the first change to one
/// uncommitted input that makes every shown value equal to the recomputation.
fn input_slip(
    scheme: &'static Scheme,
    map: &Map<String, Value>,
    options: &Options,
    report: &mut Value,
) {
    if report.get("diagnosis").is_none() {
        return;
    }
    let again = Options {
        slip: true,
        ..options.clone()
    };
    let explains = |record: &Map<String, Value>| {
        run(scheme, record, &again).is_ok_and(|r| r["differenceCount"] == 0)
    };
    let (tries, mut each) = crate::diagnosis::slips(&scheme.desc, map);
    let Some(mut slip) = each.find(|s| explains(&s.record)) else {
        return;
    };
    // The entry is SPEC's. Whether it is a fact or may be chance goes beside it, in
    // its place (`chance`): what was shown must carry more than the slips tried could
    // match by chance (a win/loss matches half of them), or the surfaces do not lead
    // with it and never clear the operator with it (turn-9 attack, finding 1).
    let said = map
        .get("played")
        .map_or(0.0, |p| crate::played::information(&scheme.desc, p));
    if !crate::diagnosis::enough_said(said, tries) {
        if let Value::Object(place) = &mut slip.place {
            place.insert("chance".to_string(), Value::Bool(true));
        }
    }
    for (key, value) in [("diagnosis", slip.entry), ("diagnosisWhere", slip.place)] {
        if let Some(Value::Array(list)) = report.get_mut(key) {
            list.push(value);
        }
    }
}

/// One scheme's run over a record, and its report.
fn run(scheme: &'static Scheme, map: &Map<String, Value>, options: &Options) -> Result<Value> {
    let f = Fields::new(map, "");
    let mut r = Report::new(&scheme.desc);
    if options.slip {
        r.for_slip();
    }
    (scheme.run)(f, &mut r, options)?;
    // The fingerprint a table badge shows for this record: the commitment its checks
    // prove, as published (lowercase), when the record has one.
    let proven = fingerprint_field(&scheme.desc, &r);
    if let Some(p) = proven {
        if let Some(Value::String(s)) = map.get(p) {
            r.note("fingerprint", s.trim().to_ascii_lowercase());
        }
    }
    if let (Some(shown), Some(field)) = (&options.shown, proven) {
        shown_check(&scheme.desc, field, map, shown, &mut r);
    }
    r.finish(map)
}

/// The field a fingerprint stands for: the scheme's primary commitment, unless no
/// check proves it and every check that proves anything is against one other
/// published field. A poker `leaves` record (the partial reveal) proves each leaf
/// against `deckRoot` and nothing against `handCommitment`: a fingerprint of
/// `handCommitment` would be a value nothing checked, and a badge comparing it with
/// what it showed before the deal would pass whatever deck the record proves
/// (turn-8 attack A4).
fn fingerprint_field(desc: &Descriptor, r: &Report) -> Option<&'static str> {
    let primary = desc.primary()?.name;
    let mut other = None;
    for f in r.proven_fields() {
        if f == primary || other.is_some_and(|o| o != f) {
            return Some(primary);
        }
        other = Some(f);
    }
    Some(other.unwrap_or(primary))
}

/// `shownOk`: the record's fingerprint field (`fingerprint_field`) is the fingerprint
/// shown before the game. A record without it fails the check (it is not the game
/// that was shown).
fn shown_check(
    desc: &Descriptor,
    field: &'static str,
    map: &Map<String, Value>,
    shown: &Hex64,
    r: &mut Report,
) {
    use crate::report::Check;
    // A record without the published field (dice's `serverSeedHash` is optional):
    // the fingerprint shown is then compared with the hash of the one seed it stands
    // for, never read as "the commitment changed" (turn-9 attack, finding 4).
    let mut secrets = desc.fields.iter().filter(|f| f.role == Role::Secret);
    let seed = match (secrets.next(), secrets.next()) {
        (Some(f), None) => map.get(f.name).and_then(Value::as_str),
        _ => None,
    };
    let inrecord = match map.get(field) {
        Some(Value::String(s)) => Some(s.trim().to_ascii_lowercase()),
        None => seed.map(|s| sha256_hex(s.as_bytes())),
        _ => None,
    };
    let ok = inrecord.as_deref() == Some(shown.as_str());
    r.check(Check::new("shownOk", ok).compares(field).values(
        Value::from(shown.as_str()),
        inrecord.map_or(Value::Null, Value::from),
    ));
}

/// Every descriptor, as JSON (`FairVerifier.schemes()`).
pub fn descriptors() -> Value {
    Value::Array(ALL.iter().map(|s| s.desc.to_json()).collect())
}

/// A commitment check: `sha256(hashed) == published` (case-insensitive; `published`
/// is already lowercase). `published_field` holds the published hash and
/// `secret_field` the revealed seed it commits to (for the typo hints).
pub(crate) struct Commitment<'a> {
    pub key: &'static str,
    pub published_field: &'static str,
    pub published: &'a Hex64,
    pub secret_field: Option<&'static str>,
    pub hashed: &'a str,
}

pub(crate) fn commitment_check(r: &mut Report, c: Commitment) {
    let computed = sha256_hex(c.hashed.as_bytes());
    let ok = computed == c.published.as_str();
    r.commitment_check(
        c.key,
        ok,
        c.published_field,
        c.secret_field,
        Value::from(c.published.as_str()),
        Value::from(computed),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 35: the whole-chain history is declared beside its scheme. A chain
    /// scheme whose rounds have an outcome (its round-history line gives one, or
    /// needs more than the hash to give it) declares a history, and only those do;
    /// a new chain game added without one fails here (the page would never offer
    /// its history).
    #[test]
    fn every_chain_game_with_outcomes_declares_a_history() {
        let hash = Hex64::parse(&"ab".repeat(32)).expect("64 hex digits");
        let mut with = Vec::new();
        for s in ALL.iter().map(|s| &s.desc) {
            let Some(rows) = &s.rows else {
                assert!(
                    !s.chain,
                    "{}: a chain scheme reads round-history lines",
                    s.id
                );
                assert!(s.history.is_none(), "{}: a history is a chain's", s.id);
                continue;
            };
            assert!(s.chain, "{}", s.id);
            let outcomes = !matches!((rows.outcome)(&hash, &[]), Ok(None));
            assert_eq!(
                s.history.is_some(),
                outcomes,
                "{}: a chain game whose rounds have an outcome declares `with_history`",
                s.id
            );
            if s.history.is_some() {
                with.push(s.id);
            }
            assert_eq!(s.to_json()["history"], s.history.is_some(), "{}", s.id);
        }
        assert_eq!(with, ["crash", "platforms", "battle"]);
    }

    /// Issue 46: every scheme is in exactly one family, and a build without a family
    /// (a per-family badge: `cargo test --lib --no-default-features --features
    /// family-chain families`) refuses each of its records with `other_badge` naming
    /// the file that checks it, never a pass or a fail; the schemes it has are run.
    #[test]
    fn families_split_the_schemes_and_a_family_build_refuses_the_other() {
        let mut listed: Vec<&str> = FAMILIES
            .iter()
            .flat_map(|(_, ids)| ids.iter().copied())
            .collect();
        for s in ALL {
            assert_eq!(
                listed.iter().filter(|id| **id == s.desc.id).count(),
                1,
                "{} is in one family",
                s.desc.id
            );
        }
        listed.sort_unstable();
        listed.dedup();
        assert_eq!(listed.len(), 10, "the families name ten schemes");
        for &(badge, ids) in FAMILIES {
            for id in ids {
                let record = serde_json::json!({ "scheme": id });
                let got = verify(&record);
                if find(id).is_some() {
                    assert!(
                        got.as_ref().err().map(|e| e.code) != Some(ErrorCode::OtherBadge),
                        "{id}: this build runs it"
                    );
                    continue;
                }
                let e = got.expect_err(id);
                assert_eq!(e.code, ErrorCode::OtherBadge, "{id}");
                assert_eq!(e.field, "scheme");
                assert_eq!(e.params.get("badge"), Some(&Value::from(badge)), "{id}");
                assert_eq!(e.params.get("scheme"), Some(&Value::from(*id)), "{id}");
            }
        }
    }
}
