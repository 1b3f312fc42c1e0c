//! The comparison of what the player saw (`played`) with the recomputation (SPEC
//! "What the player saw, compared by meaning"): every difference with its path and
//! in the game's terms, what was not shown, and `bad_played` for what cannot be read.

use serde_json::{Map, Value};

use super::{Report, State};
use crate::diagnosis::{shown_elsewhere, Elsewhere, Shown};
use crate::error::{ErrorCode, Result, VerifyError, Want};
use crate::played::{self, fit, fit_prefix, path_text, Seg, Unreadable};
use crate::schemes::descriptor::{Descriptor, Order, Step};

/// At most this many `played` differences are listed (a 10,000-deal match that is
/// wrong everywhere would otherwise produce half a million rows); the count is exact.
pub const MAX_DIFFERENCES: usize = 1000;

/// A value the player was shown that differs from the recomputation.
#[derive(Debug)]
pub(super) struct Diff {
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
pub(super) struct Diffs {
    pub(super) list: Vec<Diff>,
    pub(super) count: usize,
    /// `{key, path, from, count}`: `count` values from index `from` of the list at
    /// `path` (or, for an object, its member `from`) were not in `played`.
    pub(super) unshown: Vec<Value>,
}

impl Report {
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

    /// Each value of `played`, read by meaning (`played::read`), compared with what
    /// was recomputed: the differences go to `diffs`. A key this scheme does not
    /// recompute is `unknown_field`; what cannot be read is `bad_played`.
    ///
    /// Returns each value as the core read it (`playedRead`: cards as the scheme's
    /// card numbers, rolls as two dice, cells, multipliers in hundredths' text), so
    /// that no surface reads the player's notation again (issue 45).
    pub(super) fn compare_shown(
        &self,
        obj: &Map<String, Value>,
        diffs: &mut Diffs,
    ) -> Result<Map<String, Value>> {
        #[allow(unused_mut)]
        let mut read_all = Map::new();
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
                    #[cfg(not(feature = "widget"))]
                    read_all.insert(key.clone(), seen);
                    continue;
                }
                _ => return Err(self.unknown_played(key)),
            };
            let seen = read()?;
            beyond_count(self.scheme, key, &seen, computed)?;
            // Not in the badge (its 100 KB): its `played` is the host's record, not a
            // player's typing, and an entry too long there stays a difference.
            #[cfg(not(feature = "widget"))]
            beyond_size(key, &mut Vec::new(), &seen, computed)?;
            diff(self.scheme, key, &mut Vec::new(), &seen, computed, diffs);
            // The badge draws no `played` (its host's): it keeps no reading of it.
            #[cfg(not(feature = "widget"))]
            read_all.insert(key.clone(), seen);
        }
        Ok(read_all)
    }

    /// `shown_elsewhere` for each differing set the player entered (a hand, a
    /// bet's mines): SPEC's entries, and where each is in the game's terms.
    pub(super) fn shown_elsewhere(&self, differences: &[Diff]) -> (Vec<Value>, Vec<Value>) {
        let mut entries = Vec::new();
        let mut places = Vec::new();
        let mut elsewhere = Elsewhere::new();
        for d in differences.iter().filter(|d| d.set.is_some()) {
            let Value::Array(values) = &d.played else {
                continue;
            };
            let shown = Shown {
                key: &d.key,
                segs: &d.segs,
                values,
            };
            if let Some((entry, place)) =
                shown_elsewhere(self.scheme, &shown, &self.result, &mut elsewhere)
            {
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

/// SPEC: a `played` value that cannot be what the game showed is `bad_played`, never
/// a difference. Inside an entry, a list longer than the game's there (three hole
/// cards of a hold'em hand, `[6, 2, 1]` for a roll of two dice) is the player's
/// entry, not the operator's outcome (turn-7 attack: it read as a fail naming
/// support): refused, naming the first item too many. The entries themselves are
/// `beyond_count`'s (their number is the record's count).
#[cfg(not(feature = "widget"))]
fn beyond_size(key: &str, segs: &mut Vec<Seg>, seen: &Value, computed: &Value) -> Result<()> {
    let (Value::Array(s), Value::Array(c)) = (seen, computed) else {
        return Ok(());
    };
    if !segs.is_empty() && !c.is_empty() && s.len() > c.len() {
        segs.push(Seg::Index(c.len()));
        let field = format!("played.{}", path_text(key, segs));
        segs.pop();
        return Err(VerifyError::new(
            ErrorCode::BadPlayed,
            field.clone(),
            msg!(
                "`{field}` is more than the game shows there ({} in all)",
                c.len()
            ),
        )
        .with("want", "size")
        .with("count", c.len()));
    }
    for (i, (x, y)) in s.iter().zip(c).enumerate() {
        segs.push(Seg::Index(i));
        beyond_size(key, segs, x, y)?;
        segs.pop();
    }
    Ok(())
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
pub(super) fn describe(scheme: &Descriptor, d: Diff, result: &Map<String, Value>) -> Value {
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
        // SPEC: "an empty array is a value and is compared". A list shown shorter is
        // compared as far as it goes (the rest not shown), but an empty one shows
        // nothing to compare: read as "nothing matched", never as "all matched"
        // (issue 43: `{"mines": []}`, `{"holeCards": [[]]}` read as a pass).
        (Value::Array(s), Value::Array(c)) if s.is_empty() && !c.is_empty() => {
            record(key, segs, seen, computed, out);
        }
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
