//! SPEC "When what was shown differs: where it comes from": a `fail` that rests only
//! on `played` (every commitment check held) accuses the operator only if the
//! player's own entries are right. Before anyone is blamed, the core looks for what
//! explains the difference, cheaply and boundedly (never a chain walk):
//! - `shown_elsewhere`: a differing hand, board or bet's mines is, by meaning, the
//!   recomputed value at another position of the same kind (another seat of the same
//!   deal, another deal for the same seat, another bet of the same list);
//! - `input_slip`: one change to one input the operator did not commit to (the client
//!   seeds in another order, a client seed or match id without a stray space or
//!   invisible character, one client seed empty) makes every shown value equal to the
//!   recomputation. Each try re-runs the scheme's draw stream on a record whose
//!   counts are cut to what the player entered.
//!
//! Each entry is SPEC's `{"code", …}` (in `diagnosis`); the facts a surface words it
//! from, in the game's terms, go to `diagnosisWhere` at the same index, so that no
//! surface reads a path.
// The badge's core reports no diagnosis (src/report.rs `finish`): the slips are the
// page's and the CLI's.
#![cfg_attr(feature = "widget", allow(dead_code))]

use std::collections::HashMap;

use serde_json::{Map, Value};

use crate::chars::invisible;
use crate::played::{fit_prefix, group, path_text, Seg};
use crate::schemes::descriptor::{Descriptor, Kind, Role};

/// A differing list the player entered (a hand, a bet's mines), read into the
/// recomputed values' representation, at `segs` under result `key`.
pub(crate) struct Shown<'a> {
    pub key: &'a str,
    pub segs: &'a [Seg],
    pub values: &'a [Value],
}

/// The recomputed lists of one kind a differing set may be found at (issue 43, N4):
/// built once a kind for every differing set of a report, so that 10,000 bets each
/// with a differing `mines` cost one pass over the bets, not one pass a bet.
#[derive(Default)]
pub(crate) struct Elsewhere {
    /// (result key, the step changed, the path around it) → the lists there by
    /// their contents in order (a set: a hand, a board, a bet's mines) → their
    /// indices at that step, ascending.
    index: HashMap<String, HashMap<Vec<String>, Vec<usize>>>,
    /// List comparisons left for the sets entered with a `null` in them (not seen:
    /// any value there), which are looked for one list at a time.
    budget: usize,
}

/// List comparisons of the sets entered with a `null` in them, a report (a
/// diagnosis stays cheap: beyond this, such a set is not looked for elsewhere).
const MAX_SCANNED: usize = 200_000;

impl Elsewhere {
    pub(crate) fn new() -> Elsewhere {
        Elsewhere {
            index: HashMap::new(),
            budget: MAX_SCANNED,
        }
    }
}

/// The contents of a list as a set: its values' texts, sorted.
fn contents(list: &[Value]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(Value::to_string).collect();
    v.sort_unstable();
    v
}

thread_local! {
    static LISTS_READ: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Recomputed lists read by `shown_elsewhere` on this thread so far (tests: the
/// work is one pass a kind, not one a differing set).
pub fn lists_read() -> u64 {
    LISTS_READ.with(std::cell::Cell::get)
}

fn count_read() {
    LISTS_READ.with(|c| c.set(c.get().saturating_add(1)));
}

/// `shown_elsewhere` for one differing set: the first other position of the same
/// kind (the same pattern, one index changed) whose recomputed list equals the set
/// shown, in reading order. Equal as a set: the same number of entries, every value
/// shown there (a `null`, not seen, stands for any one). A part of a board is not
/// that board (issue 43, N4: two cells of a 24-mine board are no "other bet's
/// mines, everything matches"). `(entry, where)`.
pub(crate) fn shown_elsewhere(
    scheme: &Descriptor,
    shown: &Shown,
    result: &Map<String, Value>,
    elsewhere: &mut Elsewhere,
) -> Option<(Value, Value)> {
    let r = scheme.result(shown.key)?;
    let (pattern, item) = group(r, shown.segs)?;
    // SPEC: a hand or board (cards) or a bet's mines; a roll of two dice is found
    // somewhere in any long match, and says nothing.
    if !matches!(item, "card" | "mine") {
        return None;
    }
    let values: Vec<&Value> = shown.values.iter().filter(|v| !v.is_null()).collect();
    // A single mine is no board (SPEC: "a bet's `mines` (two cells or more)").
    let least = if item == "mine" { 2 } else { 1 };
    if values.len() < least {
        return None;
    }
    let whole = values.len() == shown.values.len();
    let root = result.get(shown.key)?;
    let mut found: Option<Vec<Seg>> = None;
    for (k, seg) in shown.segs.iter().enumerate() {
        let Seg::Index(mine) = *seg else { continue };
        // The list that holds the positions of this step.
        let Some(Value::Array(siblings)) = at(root, &shown.segs[..k]) else {
            continue;
        };
        let path_at = |j: usize| {
            let mut segs = shown.segs.to_vec();
            segs[k] = Seg::Index(j);
            segs
        };
        let first = if whole {
            // Every value entered: the lists equal to it, from the index.
            let group = format!(
                "{}|{k}|{:?}|{:?}",
                shown.key,
                &shown.segs[..k],
                &shown.segs[k + 1..]
            );
            let index = elsewhere.index.entry(group).or_insert_with(|| {
                let mut index: HashMap<Vec<String>, Vec<usize>> = HashMap::new();
                for j in 0..siblings.len() {
                    count_read();
                    if let Some(Value::Array(there)) = at(root, &path_at(j)) {
                        index.entry(contents(there)).or_default().push(j);
                    }
                }
                index
            });
            let want = contents(shown.values);
            index
                .get(&want)
                .and_then(|js| js.iter().copied().find(|&j| j != mine))
        } else {
            // Some not seen: one list at a time, within the budget.
            let mut first = None;
            for j in (0..siblings.len()).filter(|&j| j != mine) {
                if elsewhere.budget == 0 {
                    break;
                }
                elsewhere.budget -= 1;
                count_read();
                let Some(Value::Array(there)) = at(root, &path_at(j)) else {
                    continue;
                };
                if there.len() == shown.values.len() && holds(there, &values) {
                    first = Some(j);
                    break;
                }
            }
            first
        };
        if let Some(j) = first {
            let segs = path_at(j);
            if found.as_ref().is_none_or(|f| before(&segs, f)) {
                found = Some(segs);
            }
        }
    }
    let other = found?;
    let entry = json!({"code": "shown_elsewhere", "path": path_text(shown.key, shown.segs),
                       "at": path_text(shown.key, &other)});
    let names = |segs: &[Seg]| Value::Object(fit_prefix(pattern, segs).unwrap_or_default());
    let order: Vec<&str> = pattern
        .steps
        .iter()
        .take(shown.segs.len())
        .filter_map(|s| match s {
            crate::schemes::descriptor::Step::At(n) => Some(*n),
            crate::schemes::descriptor::Step::Member(_) => None,
        })
        .collect();
    let place = json!({"key": shown.key, "item": item, "from": names(shown.segs),
                       "at": names(&other), "order": order});
    Some((entry, place))
}

/// The value at `segs` under `root`.
fn at<'a>(root: &'a Value, segs: &[Seg]) -> Option<&'a Value> {
    segs.iter().try_fold(root, |v, s| match s {
        Seg::Index(i) => v.get(*i),
        Seg::Key(k) => v.get(k.as_str()),
    })
}

/// Reading order of two paths of one pattern: the first differing index decides.
fn before(a: &[Seg], b: &[Seg]) -> bool {
    for (x, y) in a.iter().zip(b) {
        if let (Seg::Index(i), Seg::Index(j)) = (x, y) {
            if i != j {
                return i < j;
            }
        }
    }
    false
}

/// Does `list` hold every one of `values` (each once)?
fn holds(list: &[Value], values: &[&Value]) -> bool {
    let mut left: Vec<&Value> = list.iter().collect();
    values
        .iter()
        .all(|v| match left.iter().position(|x| x == v) {
            Some(i) => {
                left.remove(i);
                true
            }
            None => false,
        })
}

/// One slip to try: the record with one input changed, and what SPEC reports of it.
pub(crate) struct Slip {
    pub record: Map<String, Value>,
    pub entry: Value,
    pub place: Value,
}

/// Counts above this (after cutting them to what the player entered) or lists of
/// bets or hands longer than this are not re-run: a diagnosis stays cheap.
const MAX_WORK: i64 = 2_000;

/// One change SPEC tries, before it is made: the record it gives is built only when
/// its turn comes (issue 43, N4: 28 copies of a record with a 15 MB client seed,
/// each with its `to`, were 1 GB held at once).
enum Plan {
    /// The list `field` in the order `p`.
    Order(&'static str, Vec<usize>),
    /// The string `field`, or its `i`-th string, without whitespace and invisible
    /// characters.
    Trim(&'static str, Option<usize>),
    /// The `i`-th string of `field` empty.
    Empty(&'static str, usize),
}

/// A client seed or id without whitespace and invisible characters.
fn bare(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && !invisible(*c))
        .collect()
}

/// Bits a `played` must carry, beyond log2 of the slips tried, before a slip that
/// makes it match is said as a fact: with `tries` slips, a chance match of a
/// wrong result is then at most 2^-10 (one in 1,024). A win/loss, a colour, a seat
/// order of four or two hole cards say less: no `input_slip` is claimed for them,
/// and the operator's support stays named (turn-9 attack, finding 1).
pub(crate) const MARGIN_BITS: f64 = 10.0;

/// Whether `bits` of shown values are enough for a slip found among `tries`.
pub(crate) fn enough_said(bits: f64, tries: usize) -> bool {
    tries > 0 && bits >= (tries as f64).log2() + MARGIN_BITS
}

/// Every `input_slip` SPEC tries, in its order (`order`, `trim`, `empty`), each a
/// record with one input the operator did not commit to changed, built one at a
/// time as the caller takes them; none when the record is too large to re-run
/// cheaply. With them, how many there are (for `enough_said`).
pub(crate) fn slips<'a>(
    scheme: &Descriptor,
    record: &'a Map<String, Value>,
) -> (usize, impl Iterator<Item = Slip> + 'a) {
    let base = cut_counts(scheme, record);
    let plans = if base.is_some() {
        plans(scheme, record)
    } else {
        Vec::new()
    };
    let tries = plans.len();
    let each = plans.into_iter().filter_map(move |plan| {
        let base = base.as_ref()?;
        build(base, record, plan)
    });
    (tries, each)
}

/// The changes to try, in SPEC's order, without the records they give.
fn plans(scheme: &Descriptor, record: &Map<String, Value>) -> Vec<Plan> {
    let mut out = Vec::new();
    // `order`: the client seeds (a list, one per player) in every other order.
    for f in scheme.fields.iter().filter(|f| f.role == Role::Client) {
        let Some(Value::Array(list)) = record.get(f.name) else {
            continue;
        };
        if f.kind != Kind::List || list.len() > 4 {
            continue;
        }
        for p in permutations(list.len()) {
            if p.iter().enumerate().all(|(i, &j)| list[i] == list[j]) {
                continue;
            }
            out.push(Plan::Order(f.name, p));
        }
    }
    // `trim`: a client seed or id without whitespace and invisible characters.
    let untidy = |s: &str| s.chars().any(|c| c.is_whitespace() || invisible(c));
    for f in scheme
        .fields
        .iter()
        .filter(|f| matches!(f.role, Role::Client | Role::Id))
    {
        match record.get(f.name) {
            Some(Value::String(s)) if untidy(s) => out.push(Plan::Trim(f.name, None)),
            Some(Value::Array(list)) => {
                for (i, x) in list.iter().enumerate() {
                    if x.as_str().is_some_and(untidy) {
                        out.push(Plan::Trim(f.name, Some(i)));
                    }
                }
            }
            _ => {}
        }
    }
    // `empty`: one client seed replaced by "" (a seat whose player set none).
    for f in scheme.fields.iter().filter(|f| f.role == Role::Client) {
        let Some(Value::Array(list)) = record.get(f.name) else {
            continue;
        };
        for (i, x) in list.iter().enumerate() {
            if x.as_str().is_none_or(str::is_empty) {
                continue;
            }
            out.push(Plan::Empty(f.name, i));
        }
    }
    out
}

/// The record `plan` gives (from `base`, the record cut to what was entered), with
/// SPEC's entry and where it is.
fn build(base: &Map<String, Value>, record: &Map<String, Value>, plan: Plan) -> Option<Slip> {
    let with = |field: &str, value: Value| {
        let mut r = base.clone();
        r.insert(field.to_string(), value);
        r
    };
    let list = |field: &str| match record.get(field) {
        Some(Value::Array(list)) => Some(list),
        _ => None,
    };
    Some(match plan {
        Plan::Order(field, p) => {
            let from = list(field)?;
            let to: Vec<Value> = p.iter().map(|&i| from[i].clone()).collect();
            Slip {
                record: with(field, Value::Array(to.clone())),
                entry: json!({"code": "input_slip", "field": field, "slip": "order", "to": to}),
                place: json!({"permutation": p}),
            }
        }
        Plan::Trim(field, None) => {
            let to = bare(record.get(field)?.as_str()?);
            Slip {
                record: with(field, Value::from(to.clone())),
                entry: json!({"code": "input_slip", "field": field, "slip": "trim", "to": to}),
                place: json!({"key": field}),
            }
        }
        Plan::Trim(field, Some(i)) => {
            let mut changed = list(field)?.clone();
            let to = bare(changed.get(i)?.as_str()?);
            changed[i] = Value::from(to.clone());
            Slip {
                record: with(field, Value::Array(changed)),
                entry: json!({"code": "input_slip", "field": format!("{field}[{i}]"),
                              "slip": "trim", "to": to}),
                place: json!({"key": field, "index": i}),
            }
        }
        Plan::Empty(field, i) => {
            let mut changed = list(field)?.clone();
            *changed.get_mut(i)? = Value::from("");
            Slip {
                record: with(field, Value::Array(changed)),
                entry: json!({"code": "input_slip", "field": format!("{field}[{i}]"),
                              "slip": "empty", "to": ""}),
                place: json!({"key": field, "index": i}),
            }
        }
    })
}

/// The record with each count cut to the length the player entered under the
/// result of the same name (`rolls`, `deals`): the draws beyond it are never
/// compared. None when what remains is too much to re-run.
fn cut_counts(scheme: &Descriptor, record: &Map<String, Value>) -> Option<Map<String, Value>> {
    let mut out = record.clone();
    let played = record.get("played").and_then(Value::as_object);
    for f in scheme.fields.iter().filter(|f| f.role == Role::Count) {
        let shown = played
            .and_then(|p| p.get(f.name))
            .and_then(Value::as_array)
            .map(Vec::len);
        match (record.get(f.name), f.kind) {
            (Some(Value::Number(n)), Kind::Int) => {
                let n = n.as_i64()?;
                let cut = shown.map_or(n, |s| n.min(s as i64));
                if cut > MAX_WORK {
                    return None;
                }
                out.insert(f.name.to_string(), Value::from(cut));
            }
            (Some(Value::Array(list)), _) => {
                let cut = shown.map_or(list.len(), |s| s.min(list.len()));
                if cut as i64 > MAX_WORK {
                    return None;
                }
                out.insert(f.name.to_string(), Value::Array(list[..cut].to_vec()));
            }
            _ => {}
        }
    }
    for f in scheme.fields.iter().filter(|f| f.kind == Kind::Bets) {
        if let Some(Value::Array(bets)) = record.get(f.name) {
            if bets.len() as i64 > MAX_WORK {
                return None;
            }
        }
    }
    Some(out)
}

/// Every order of `0..n` (n ≤ 4: at most 24), the identity first.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new()];
    for _ in 0..n {
        out = out
            .into_iter()
            .flat_map(|p: Vec<usize>| {
                (0..n)
                    .filter(|i| !p.contains(i))
                    .map(|i| {
                        let mut q = p.clone();
                        q.push(i);
                        q
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations_are_every_order_once() {
        assert_eq!(permutations(3).len(), 6);
        assert_eq!(permutations(4).len(), 24);
        assert_eq!(permutations(2), vec![vec![0, 1], vec![1, 0]]);
    }
}
