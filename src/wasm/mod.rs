//! The one WebAssembly boundary, thin: each export parses its arguments, calls the
//! core and hands the result back as plain JS values (`interop`). One convention:
//! an export that can fail throws a `VerifyError` (see `interop::to_js_error`);
//! results that hold errors as data (one record of a batch) say so in their shape.
//! The badge's build (feature `widget`) carries only `Verification` (its `verify`),
//! `schemes` and `ChainWalker` (a record's walk; not in the card family's badge, whose
//! records have no chain); the chain history (`ChainWalker.history`,
//! `historyPage`, `betsHistory`) is the page's and the CLI's.

#[cfg(feature = "widget")]
pub(crate) mod host;
mod interop;

/// The badge's wasm allocates through lol_alloc's free list (merging neighbours, a
/// few hundred bytes of code) in place of dlmalloc's 7 KB: the badge's budget is
/// 100 KB (issue 35). The page's and the CLI's keep the standard allocator.
// SAFETY: wasm32 without the threads proposal runs one thread (the badge's build
// enables no atomics), which is what `AssumeSingleThreaded` asks of its caller.
#[cfg(feature = "widget")]
#[global_allocator]
#[allow(unsafe_code)]
static ALLOC: lol_alloc::AssumeSingleThreaded<lol_alloc::FreeListAllocator> =
    unsafe { lol_alloc::AssumeSingleThreaded::new(lol_alloc::FreeListAllocator::new()) };

#[cfg(not(feature = "widget"))]
use js_sys::JsString;
use js_sys::Reflect;
use serde_json::Value;
use wasm_bindgen::prelude::*;

#[cfg(not(feature = "widget"))]
use crate::batch::{Status, Tally};
use crate::error::VerifyError;
use crate::primitives::chain_memory::{ChainMemory, DEFAULT_CAPACITY};
use crate::primitives::hash_chain::{ChainWalk, Outcome};
use crate::record::{Fields, Hex64};
use crate::schemes::chain::{chain_walk, found_in, MAX_STEPS};
use interop::{js_value, json_value, options_value, to_js_error};

type JsResult<T> = Result<T, JsValue>;

fn thrown<T>(r: Result<T, VerifyError>) -> JsResult<T> {
    r.map_err(|e| to_js_error(&e))
}

#[cfg(not(feature = "widget"))]
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

fn options(opts: &JsValue) -> Result<crate::Options, VerifyError> {
    crate::Options::from_json(&options_value(opts)?)
}

/// `verify(record, options?)`: a record (an object or its JSON text, bare or
/// `{"name", "record"}`) → its report. `options`: `{walk: "pending"}`, `{walk:
/// <a ChainWalker's outcome()>}`, `{shown: "<64 hex>"}` (the fingerprint a table
/// badge showed before the game). Not in the badge's build: its `verify` is a
/// `Verification` run to its end (www/core/calls.js), one export less.
#[cfg(not(feature = "widget"))]
#[wasm_bindgen]
pub fn verify(record: JsValue, opts: JsValue) -> JsResult<JsValue> {
    let run = || {
        let (_, record) = crate::input::unwrap_record(json_value(&record)?);
        crate::verify_with(&record, &options(&opts)?)
    };
    thrown(run()).map(|r| js_value(&r))
}

/// `new Verification(record, options?)`: `verify` in steps (the badge on its host's
/// thread, issue 43): `advance(n)` does at most `n` bets' work of a dice or mines
/// `bets` list and is true once done (any other record: at the first); `steps` and
/// `total`, the bets done and listed; `report()`, `verify`'s report (or its error,
/// thrown). The one loop over it is www/verify/walk.js `verifyInSteps`.
#[wasm_bindgen]
pub struct Verification(crate::Steps);

#[wasm_bindgen]
impl Verification {
    #[wasm_bindgen(constructor)]
    pub fn new(record: JsValue, opts: JsValue) -> JsResult<Verification> {
        let run = || {
            let (_, record) = crate::input::unwrap_record(json_value(&record)?);
            Ok(Verification(crate::Steps::new(record, options(&opts)?)))
        };
        thrown(run())
    }

    pub fn advance(&mut self, n: u32) -> bool {
        self.0.advance(n as usize)
    }

    #[wasm_bindgen(getter)]
    pub fn steps(&self) -> f64 {
        self.0.steps() as f64
    }

    #[wasm_bindgen(getter)]
    pub fn total(&self) -> f64 {
        self.0.total() as f64
    }

    pub fn report(&mut self) -> JsResult<JsValue> {
        while !self.0.advance(usize::MAX) {}
        match self.0.result() {
            Some(Ok(r)) => Ok(js_value(r)),
            Some(Err(e)) => Err(to_js_error(e)),
            None => Err(JsValue::NULL),
        }
    }
}

/// `verifyBytes(bytes, options?)`: a record's bytes (a file, standard input) →
/// its report, decoded by the core (size limit, BOM, UTF-16, strict UTF-8).
#[cfg(not(feature = "widget"))]
#[wasm_bindgen(js_name = verifyBytes)]
pub fn verify_bytes(bytes: &[u8], opts: JsValue) -> JsResult<JsValue> {
    let run = || {
        let (_, record) = crate::input::unwrap_record(crate::input::parse_bytes(bytes)?);
        crate::verify_with(&record, &options(&opts)?)
    };
    thrown(run()).map(|r| js_value(&r))
}

/// `decodeFile(bytes)`: a file's bytes as text, decoded as every record is (a BOM
/// skipped, UTF-16 recognised, strict UTF-8; `bad_utf8` with the offset). No size
/// limit here: a file of many records may be larger than one record may be.
#[cfg(not(feature = "widget"))]
#[wasm_bindgen(js_name = decodeFile)]
pub fn decode_file(bytes: &[u8]) -> JsResult<String> {
    thrown(crate::input::decode_text(bytes)).map(|t| t.into_owned())
}

/// `splitRecords(text)`: where the records of a pasted or opened text are:
/// `{kind: "empty" | "one" | "many", items: [{name, line, text}]}`.
#[cfg(not(feature = "widget"))]
#[wasm_bindgen(js_name = splitRecords)]
pub fn split_records(text: JsString) -> JsResult<JsValue> {
    let t = thrown(interop::js_text(&text, "input"))?;
    Ok(js_value(&crate::split_records(&t).to_json()))
}

/// `classify(input, options?)`: what a pasted text (a string) or an opened file (its
/// bytes, a Uint8Array, decoded here as every record's are; the text comes back with
/// the answer) is: `{kind: "empty" | "record" | "records" | "rounds" | "bets" |
/// "unknown" | "error", …}` (src/classify.rs). `options`: `{scheme?}`, the form's.
#[cfg(not(feature = "widget"))]
#[wasm_bindgen]
pub fn classify(input: JsValue, opts: JsValue) -> JsResult<JsValue> {
    let o = crate::ClassifyOptions::from_json(&thrown(options_value(&opts))?);
    let answer = if let Some(bytes) = input.dyn_ref::<js_sys::Uint8Array>() {
        crate::classify_bytes(&bytes.to_vec(), &o)
    } else {
        let text = input.dyn_ref::<JsString>().ok_or_else(|| {
            to_js_error(&VerifyError::new(
                crate::ErrorCode::BadJson,
                "input",
                msg!("classify takes a text or a file's bytes"),
            ))
        })?;
        match interop::js_text(text, "input") {
            Ok(t) => crate::classify(&t, &o),
            Err(e) => json!({"kind": "error", "error": crate::error_json(&e)}),
        }
    };
    Ok(js_value(&answer))
}

/// `betLines(text, options?)`: dice or mines bets pasted as lines, read
/// (src/bet_lines/): `{ok: true, game, bets, count, columns, ignored, header,
/// separator, selection}` or `{ok: false, game?, error: {code, line?, value?}}`.
/// `options`: `{game?, prefer?}` ("dice" | "mines": the game when known, the game to
/// take when the lines could be either).
#[cfg(not(feature = "widget"))]
#[wasm_bindgen(js_name = betLines)]
pub fn bet_lines(text: JsString, opts: JsValue) -> JsResult<JsValue> {
    let t = thrown(interop::js_text(&text, "bets"))?;
    let o = thrown(options_value(&opts))?;
    let game = |k: &str| {
        o.get(k)
            .and_then(Value::as_str)
            .and_then(crate::BetGame::from_id)
    };
    let options = crate::BetOptions {
        game: game("game"),
        prefer: game("prefer"),
    };
    Ok(js_value(&crate::reading_json(&crate::read_bet_lines(
        &t, options,
    ))))
}

/// `checkRounds(game, text, options?)`: a pasted round history checked line by line
/// (`round_history`): `{game, verdict, summary, rows, walk?}`.
#[cfg(not(feature = "widget"))]
#[wasm_bindgen(js_name = checkRounds)]
pub fn check_rounds(game: &str, text: JsString, opts: JsValue) -> JsResult<JsValue> {
    let run = || {
        let t = interop::js_text(&text, "history")?;
        let o = match options_value(&opts)? {
            Value::Null => Default::default(),
            v => crate::round_history::HistoryOptions::from_json(&v)?,
        };
        crate::round_history::check_rounds_with(game, &t, &o)
    };
    thrown(run()).map(|r| js_value(&r))
}

/// `checkSize(bytes)`: throws `too_large` when a record of that many bytes would be
/// refused (for input not yet read in full: a file's length).
#[cfg(not(feature = "widget"))]
#[wasm_bindgen(js_name = checkSize)]
pub fn check_size(size: f64) -> JsResult<()> {
    thrown(crate::input::check_size(size as u64))
}

/// The size limit per record, in bytes.
#[cfg(not(feature = "widget"))]
#[wasm_bindgen(js_name = maxRecordBytes)]
pub fn max_record_bytes() -> u32 {
    crate::MAX_RECORD_BYTES as u32
}

/// `recipe(record, words)`: the record (an object or its JSON text, bare or `{"name",
/// "record"}`) as a script in the operator's own language that recomputes it with
/// the operator's published code: `{scheme, language, file, command, text}`. `words`:
/// the `recipe.*` texts of the player's language (its comments). Throws the
/// verifier's error for an invalid record.
#[cfg(not(feature = "widget"))]
#[wasm_bindgen]
pub fn recipe(record: JsValue, words: JsValue) -> JsResult<JsValue> {
    let run = || crate::recipe(&json_value(&record)?, &options_value(&words)?);
    thrown(run()).map(|r| js_value(&r))
}

/// `recipeRounds(game, text, options, words)`: a pasted round history (as
/// `checkRounds` takes it; `options`: {terminal?, maxSteps?}) as one Go script that
/// loops over its rounds with the operator's functions: `{scheme, language, file,
/// command, text}`.
#[cfg(not(feature = "widget"))]
#[wasm_bindgen(js_name = recipeRounds)]
pub fn recipe_rounds(
    game: &str,
    text: JsString,
    opts: JsValue,
    words: JsValue,
) -> JsResult<JsValue> {
    let run = || {
        let t = interop::js_text(&text, "history")?;
        crate::recipe_rounds(game, &t, &options_value(&opts)?, &options_value(&words)?)
    };
    thrown(run()).map(|r| js_value(&r))
}

/// Every scheme's descriptor (fields, games, result keys, terminals), from the core.
#[wasm_bindgen]
pub fn schemes() -> JsValue {
    js_value(&crate::descriptors())
}

/// Many records, one verdict (`batch::Tally`): every surface that checks a batch
/// (the page's list, `verifier.js --jsonl`, several files) counts through one.
#[cfg(not(feature = "widget"))]
#[wasm_bindgen]
pub struct Batch {
    tally: Tally,
}

#[cfg(not(feature = "widget"))]
#[wasm_bindgen]
impl Batch {
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> Batch {
        Batch {
            tally: Tally::default(),
        }
    }

    /// One record (an object, its JSON text or its bytes; bare or wrapped):
    /// `{status, name, report}`, or `{status: "invalid", name, error}` when it could
    /// not be checked.
    pub fn verify(&mut self, input: JsValue) -> JsValue {
        let line = if let Some(bytes) = input.dyn_ref::<js_sys::Uint8Array>() {
            crate::verify_line(&bytes.to_vec())
        } else {
            match json_value(&input) {
                Ok(v) => {
                    let (name, record) = crate::input::unwrap_record(v);
                    crate::Line {
                        name,
                        result: crate::verify(&record),
                    }
                }
                Err(e) => crate::Line {
                    name: Value::Null,
                    result: Err(e),
                },
            }
        };
        let status = Status::of(&line.result);
        self.tally.add(status);
        let out = js_sys::Object::new();
        let set = |k: &str, v: &JsValue| {
            // Reflect::set on a fresh plain object cannot fail; ignore its Result.
            let _ = Reflect::set(&out, &k.into(), v);
        };
        set("status", &status.as_str().into());
        set("name", &js_value(&line.name));
        match &line.result {
            Ok(r) => set("report", &js_value(r)),
            Err(e) => set("error", &interop::error_value(e)),
        }
        out.into()
    }

    /// `--jsonl`: one record line's bytes, numbered `line` by the caller → the output
    /// line `{"line", "name", "result"}` (`result`: the report or `{"error"}`).
    pub fn line(&mut self, bytes: &[u8], line: f64) -> String {
        let l = crate::verify_line(bytes);
        self.tally.add(Status::of(&l.result));
        crate::input::line_json(line as u64, &l).to_string()
    }

    /// `--jsonl`: a line of `size` bytes, too large to be kept → its `too_large` line.
    pub fn oversized(&mut self, size: f64, line: f64) -> String {
        let l = crate::Line {
            name: Value::Null,
            result: crate::input::check_size(size as u64).map(|_| Value::Null),
        };
        self.tally.add(Status::Invalid);
        crate::input::line_json(line as u64, &l).to_string()
    }

    /// An input that could not even be read (a missing file): invalid.
    pub fn unreadable(&mut self) {
        self.tally.add(Status::Invalid);
    }

    /// `{verdict, exit, count, pass, fail, unchecked, invalid}`.
    pub fn summary(&self) -> JsValue {
        js_value(&self.tally.to_json())
    }
}

/// The one chain walker a worker (or the page, in slices) advances; the one walk
/// loop (www/verify/walk.js) drives it.
/// - `new ChainWalker(request, hashes?, rounds?)`: a record's chain check, for a
///   report that asked for it (`report.walk`: `{hash, terminal, maxSteps}`).
///   `hashes` (Uint8Array) holds 32 bytes per position remembered for this
///   terminal and `rounds` (Float64Array) each one's round, both oldest first; an
///   entry that cannot be a position is skipped. The walk ends at the terminal, at
///   a remembered position, or after `maxSteps` links.
/// - `ChainWalker.history(record)` (the page's and the CLI's build only): the whole
///   history of a chain record (issue 27; an object or its JSON text, bare or
///   wrapped, of a scheme whose descriptor has a history, with `terminal`): the walk
///   from its `hash` to its `terminal` that recomputes every round it passes (round
///   r, r − 1, …, 1) and counts them at flat memory; `summary()` is the counts.
///
/// Either way `outcome()` is what `verify(record, {walk})` takes (a history's also
/// holds `summary`), and `checkpoints()` the proven positions of a found walk (what
/// to remember, and what `historyPage` jumps from).
/// Not in a card badge's core (`family-cards` alone): its records have no chain.
#[cfg(any(not(feature = "widget"), feature = "family-chain"))]
#[wasm_bindgen]
pub struct ChainWalker {
    inner: Walking,
    hash: Hex64,
    terminal: Hex64,
}

/// What a `ChainWalker` walks: one walk (`hash_chain::ChainWalk`), with the
/// record's probe or a history's tally as its visitor. One per walker, never in a
/// collection: boxing either would only add an allocation.
#[cfg(any(not(feature = "widget"), feature = "family-chain"))]
#[allow(clippy::large_enum_variant)]
enum Walking {
    Record(ChainWalk),
    #[cfg(not(feature = "widget"))]
    History(crate::ChainHistory),
}

/// The same expression on whichever walk it is.
#[cfg(any(not(feature = "widget"), feature = "family-chain"))]
macro_rules! walking {
    ($inner:expr, $w:ident => $e:expr) => {
        match $inner {
            Walking::Record($w) => $e,
            #[cfg(not(feature = "widget"))]
            Walking::History($w) => $e,
        }
    };
}

#[cfg(any(not(feature = "widget"), feature = "family-chain"))]
#[wasm_bindgen]
impl ChainWalker {
    #[wasm_bindgen(constructor)]
    pub fn new(
        request: JsValue,
        hashes: Option<Vec<u8>>,
        rounds: Option<Vec<f64>>,
    ) -> JsResult<ChainWalker> {
        let parse = || -> Result<ChainWalker, VerifyError> {
            let v = json_value(&request)?;
            let Value::Object(m) = &v else {
                return Err(VerifyError::wrong_type(
                    "walk",
                    crate::error::Want::Object,
                    &v,
                ));
            };
            let f = Fields::new(m, "walk");
            let hash = f.hex64("hash")?;
            let terminal = f.hex64("terminal")?;
            let max = f.int("maxSteps", 1, MAX_STEPS)? as u64;
            // Every link is also compared with the other published terminals
            // (SPEC §6 `foundIn`).
            let mut walk = chain_walk(&hash, &terminal).within(max);
            let (hashes, rounds) = (hashes.unwrap_or_default(), rounds.unwrap_or_default());
            if !rounds.is_empty() {
                let memory =
                    ChainMemory::from_flat(terminal.bytes(), &hashes, &rounds, DEFAULT_CAPACITY);
                walk = walk.with_memory(std::sync::Arc::new(memory));
            }
            Ok(ChainWalker {
                inner: Walking::Record(walk),
                hash,
                terminal,
            })
        };
        thrown(parse())
    }

    /// The whole history of a chain record (see the class): a walker that counts
    /// every round it passes. A history walks every link (no remembered position:
    /// it would skip the rounds below it).
    #[cfg(not(feature = "widget"))]
    pub fn history(record: JsValue) -> JsResult<ChainWalker> {
        let run = || {
            let (_, record) = crate::input::unwrap_record(json_value(&record)?);
            crate::ChainHistory::from_record(&record)
        };
        thrown(run()).map(|h| ChainWalker {
            hash: h.record().hash.clone(),
            terminal: h.record().terminal.clone(),
            inner: Walking::History(h),
        })
    }

    /// Walks up to `n` more links (never past `maxSteps`); true once done.
    pub fn advance(&mut self, n: u32) -> bool {
        match &mut self.inner {
            Walking::Record(w) => {
                w.advance(n as u64);
            }
            #[cfg(not(feature = "widget"))]
            Walking::History(h) => {
                h.advance(n as u64);
            }
        }
        self.done()
    }

    /// The round is known, or `maxSteps` links were walked without reaching it.
    #[wasm_bindgen(getter)]
    pub fn done(&self) -> bool {
        walking!(&self.inner, w => w.done())
    }

    #[wasm_bindgen(getter)]
    pub fn found(&self) -> bool {
        walking!(&self.inner, w => w.found())
    }

    #[wasm_bindgen(getter, js_name = linksWalked)]
    pub fn links_walked(&self) -> f64 {
        walking!(&self.inner, w => w.links_walked()) as f64
    }

    #[wasm_bindgen(getter, js_name = maxSteps)]
    pub fn max_steps(&self) -> f64 {
        walking!(&self.inner, w => w.max_steps()) as f64
    }

    /// Whether a remembered position ended the walk (never for a history).
    #[wasm_bindgen(getter, js_name = viaMemory)]
    pub fn via_memory(&self) -> bool {
        self.outcome_data().remembered.is_some()
    }

    fn outcome_data(&self) -> Outcome {
        walking!(&self.inner, w => w.outcome())
    }

    /// `{hash, terminal, maxSteps, steps, found, remembered?: {round, links},
    /// foundIn?: {terminal, round}, summary?}`: the walk as `verify`'s `walk` option
    /// takes it (the one rule, `ChainWalk::outcome`: steps is the round once found,
    /// else `maxSteps`), bound to the request it answers, which the core checks; a
    /// history's counts in `summary`.
    pub fn outcome(&self) -> JsValue {
        let o = self.outcome_data();
        let mut out = json!({
            "hash": self.hash.as_str(),
            "terminal": self.terminal.as_str(),
            "maxSteps": o.max_steps,
            "steps": o.steps,
            "found": o.found,
        });
        if let Value::Object(m) = &mut out {
            if let Some((round, links)) = o.remembered {
                m.insert("remembered".into(), json!({"round": round, "links": links}));
            }
            match &self.inner {
                Walking::Record(w) => {
                    if let Some(f) = found_in(w, &self.terminal) {
                        m.insert("foundIn".into(), f.to_json());
                    }
                }
                #[cfg(not(feature = "widget"))]
                Walking::History(h) => {
                    m.insert("summary".into(), h.summary());
                }
            }
        }
        js_value(&out)
    }

    /// A history's counts of the rounds walked so far (all of them once found; see
    /// `ChainHistory::summary`); null for a record's walk.
    #[cfg(not(feature = "widget"))]
    pub fn summary(&self) -> JsValue {
        match &self.inner {
            Walking::History(h) => js_value(&h.summary()),
            Walking::Record(_) => JsValue::NULL,
        }
    }

    /// The proven positions of a found walk, oldest first, in the constructor's
    /// form `{hashes: Uint8Array, rounds: Float64Array}`: a checkpoint every 65,536
    /// links, then the start with its round (empty until found). What to remember,
    /// and what `historyPage` jumps from.
    pub fn checkpoints(&self) -> js_sys::Object {
        positions_object(&walking!(&self.inner, w => w.to_remember()))
    }
}

/// Positions (oldest first) as `{hashes: Uint8Array, rounds: Float64Array}`: 32
/// bytes and one round a position, the form `ChainWalker` and `historyPage` take.
#[cfg(any(not(feature = "widget"), feature = "family-chain"))]
fn positions_object(entries: &[crate::primitives::chain_memory::Remembered]) -> js_sys::Object {
    let mut hashes = Vec::with_capacity(entries.len() * 32);
    let mut rounds = Vec::with_capacity(entries.len());
    for e in entries {
        hashes.extend_from_slice(&e.hash);
        rounds.push(e.distance as f64);
    }
    let out = js_sys::Object::new();
    // Reflect::set on a fresh plain object cannot fail; ignore its Result.
    let _ = Reflect::set(
        &out,
        &"hashes".into(),
        &js_sys::Uint8Array::from(&hashes[..]),
    );
    let _ = Reflect::set(
        &out,
        &"rounds".into(),
        &js_sys::Float64Array::from(&rounds[..]),
    );
    out
}

/// A whole number from JS for `field`, in 1..=max, else `out_of_range`.
#[cfg(not(feature = "widget"))]
fn whole(x: f64, field: &str, max: u64) -> Result<u64, VerifyError> {
    if x.fract() == 0.0 && x >= 1.0 && x <= max as f64 {
        Ok(x as u64)
    } else {
        Err(VerifyError::out_of_range(field, 1, max as i64))
    }
}

/// `historyPage(record, round, hashes, rounds, from, count)`: rounds `from` down to
/// `from − count + 1` (at most 1,000) of the chain of `record` (crash, platforms or
/// battle, with its `terminal`), whose `hash` was proven to be round `round`, walked
/// from the nearest of the proven positions `hashes`/`rounds` (a history walker's
/// `checkpoints()` for this record): `{from, to, newest, walked, rows: [{round, hash,
/// multiplier | lastPlatform | winner}]}`, newest first.
#[cfg(not(feature = "widget"))]
#[wasm_bindgen(js_name = historyPage)]
pub fn history_page(
    record: JsValue,
    round: f64,
    hashes: Option<Vec<u8>>,
    rounds: Option<Vec<f64>>,
    from: f64,
    count: f64,
) -> JsResult<JsValue> {
    use crate::primitives::chain_memory::{Remembered, MAX_DISTANCE};
    let run = || {
        let (_, record) = crate::input::unwrap_record(json_value(&record)?);
        let r = crate::HistoryRecord::parse(&record)?;
        let round = whole(round, "round", MAX_DISTANCE)?;
        let (hashes, rounds) = (hashes.unwrap_or_default(), rounds.unwrap_or_default());
        // Entries that cannot be a position are skipped, as `ChainWalker` skips them.
        let positions = Remembered::from_flat(&hashes, &rounds);
        let mut pager = crate::RoundPager::new(r.game, &r.hash, round, &positions)?;
        let from = whole(from, "from", round)?;
        let count = whole(count, "count", 1000)?;
        pager.page(from, count)
    };
    thrown(run()).map(|v| js_value(&v))
}

/// `betsHistory(record, report)`: a dice or mines `bets` record and its report (what
/// `verify` returned for it) → face or cell counts against uniform with a
/// chi-square test: `{game, bets, faces | cells, expected, chiSquare,
/// degreesOfFreedom, pValue, smallSample, …}`.
#[cfg(not(feature = "widget"))]
#[wasm_bindgen(js_name = betsHistory)]
pub fn bets_history(record: JsValue, report: JsValue) -> JsResult<JsValue> {
    let run = || {
        let (_, record) = crate::input::unwrap_record(json_value(&record)?);
        let report = json_value(&report)?;
        crate::bets_history(&record, &report)
    };
    thrown(run()).map(|v| js_value(&v))
}

/// Benchmark hooks (`./build.sh bench` builds them in, the shipped files do not): `n`
/// chain links from `hash` through the kernel, or through the generic sha2 + hex path
/// (the reference); the last link.
#[cfg(feature = "bench")]
mod bench {
    use super::*;
    use crate::primitives::link::{step_generic, Link};

    fn link_text(value: &str) -> JsResult<[u8; 64]> {
        thrown(crate::record::as_hex64(&value.into(), "hash")).map(|h| h.text_bytes())
    }

    #[wasm_bindgen(js_name = benchChainKernel)]
    pub fn bench_chain_kernel(hash: &str, n: u32) -> JsResult<String> {
        let mut link = Link::from_hex(&link_text(hash)?);
        for _ in 0..n {
            link = Link::from_digest(&link.digest());
        }
        Ok(String::from_utf8_lossy(&link.to_hex()).into_owned())
    }

    #[wasm_bindgen(js_name = benchChainGeneric)]
    pub fn bench_chain_generic(hash: &str, n: u32) -> JsResult<String> {
        let mut cur = link_text(hash)?;
        for _ in 0..n {
            cur = step_generic(&cur);
        }
        Ok(String::from_utf8_lossy(&cur).into_owned())
    }
}
