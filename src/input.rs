//! Bytes in: the one place where a record's bytes become text, then JSON.
//!
//! Files, standard input and record lines arrive here as bytes. In order:
//! 1. the size limit ([`MAX_RECORD_BYTES`]), before anything is decoded or parsed;
//! 2. the encoding: a leading UTF-8 byte-order mark is skipped, UTF-16 (with a BOM,
//!    or recognised by its zero bytes) is decoded, anything else must be strict
//!    UTF-8. Nothing is ever repaired with U+FFFD: a repaired seed would be hashed as
//!    bytes nobody typed (SPEC: strings are hashed exactly as typed);
//! 3. serde_json, the core's one JSON parser.
//!
//! A record line is a bare record or `{"name": …, "record": {…}}` (an object with
//! `record` and no `scheme`). The wrapper is parsed together with the record it holds,
//! so a wrapped record meets exactly the parser and the checks a bare one meets
//! (`1e309` is refused in both).

use std::borrow::Cow;

use serde_json::Value;

use crate::error::{ErrorCode, Result, VerifyError};

/// The largest record (or record line) accepted, in bytes: 16 MiB. The largest
/// legitimate records (10,000 deals or hands) are well under a megabyte.
pub const MAX_RECORD_BYTES: usize = 16 * 1024 * 1024;

/// `too_large` when `size` bytes exceed the limit. Callers that know a size before
/// reading (a file's length, a line still streaming in) ask here first.
pub fn check_size(size: u64) -> Result<()> {
    if size > MAX_RECORD_BYTES as u64 {
        return Err(VerifyError::new(
            ErrorCode::TooLarge,
            "",
            msg!(
                "the record is {size} bytes; at most {MAX_RECORD_BYTES} bytes (16 MiB) \
                 are accepted per record"
            ),
        )
        .with("limit", MAX_RECORD_BYTES as u64)
        .with("size", size));
    }
    Ok(())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Utf16Le,
    Utf16Be,
    /// Recognised only to be refused by name.
    Utf32,
}

impl Encoding {
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
            Encoding::Utf32 => "UTF-32",
        }
    }
}

/// The encoding of `bytes` and the length of its byte-order mark.
pub fn sniff(bytes: &[u8]) -> (Encoding, usize) {
    match bytes {
        [0xFF, 0xFE, 0, 0, ..] | [0, 0, 0xFE, 0xFF, ..] => (Encoding::Utf32, 4),
        [0xEF, 0xBB, 0xBF, ..] => (Encoding::Utf8, 3),
        [0xFF, 0xFE, ..] => (Encoding::Utf16Le, 2),
        [0xFE, 0xFF, ..] => (Encoding::Utf16Be, 2),
        // No BOM: JSON text starts with an ASCII character and never holds a zero
        // byte in UTF-8, so a zero in the first two bytes means UTF-16 (RFC 4627 §3).
        [a, 0, ..] if *a != 0 => (Encoding::Utf16Le, 0),
        [0, b, ..] if *b != 0 => (Encoding::Utf16Be, 0),
        _ => (Encoding::Utf8, 0),
    }
}

fn bad_text(offset: usize, encoding: Encoding, what: String) -> VerifyError {
    VerifyError::new(
        ErrorCode::BadUtf8,
        "",
        msg!(
            "the input is not valid {} text: {what} at byte offset {offset} (counting \
             from 0); nothing was verified",
            encoding.name()
        ),
    )
    .with("offset", offset as u64)
    .with("encoding", encoding.name())
}

/// Strict UTF-8; `start` is where `body` begins in the whole input (after a BOM).
fn decode_utf8(body: &[u8], start: usize) -> Result<&str> {
    std::str::from_utf8(body).map_err(|e| {
        let at = e.valid_up_to();
        let what = match (e.error_len(), body.get(at)) {
            (Some(_), Some(b)) => format!("byte 0x{b:02X} cannot start or continue a character"),
            _ => "the input ends inside a character".to_string(),
        };
        bad_text(start + at, Encoding::Utf8, what)
    })
}

/// Strict UTF-16: an unpaired surrogate or an odd byte count is an error.
fn decode_utf16(body: &[u8], start: usize, encoding: Encoding) -> Result<String> {
    let le = encoding == Encoding::Utf16Le;
    let units = body.chunks_exact(2).map(|c| {
        let pair = [c[0], c[1]];
        if le {
            u16::from_le_bytes(pair)
        } else {
            u16::from_be_bytes(pair)
        }
    });
    let mut out = String::with_capacity(body.len() / 2);
    let mut at = start;
    for unit in char::decode_utf16(units) {
        match unit {
            Ok(c) => {
                out.push(c);
                at += 2 * c.len_utf16();
            }
            Err(_) => return Err(bad_text(at, encoding, "an unpaired surrogate".to_string())),
        }
    }
    if body.len() % 2 == 1 {
        return Err(bad_text(
            start + body.len() - 1,
            encoding,
            "an odd number of bytes".to_string(),
        ));
    }
    Ok(out)
}

/// Bytes → text: size limit, BOM, encoding (see the module comment).
pub fn decode(bytes: &[u8]) -> Result<Cow<'_, str>> {
    check_size(bytes.len() as u64)?;
    decode_text(bytes)
}

/// Bytes → text as `decode` does, without the size limit: a file of many records
/// may be larger than one record may be (each record meets the limit on its own).
/// An evidence file (below) gives the record it carries.
pub fn decode_text(bytes: &[u8]) -> Result<Cow<'_, str>> {
    let (encoding, bom) = sniff(bytes);
    let body = &bytes[bom..];
    let text = match encoding {
        Encoding::Utf8 => decode_utf8(body, bom).map(Cow::Borrowed),
        Encoding::Utf16Le | Encoding::Utf16Be => decode_utf16(body, bom, encoding).map(Cow::Owned),
        Encoding::Utf32 => Err(bad_text(
            0,
            encoding,
            "UTF-32 is not supported (save the file as UTF-8)".to_string(),
        )),
    }?;
    // A document a browser could read in another encoding is never evidence: UTF-8,
    // or UTF-16 that says so with its byte-order mark.
    let sure = encoding == Encoding::Utf8 || bom > 0;
    Ok(match text {
        Cow::Borrowed(t) => Cow::Borrowed(evidence_record(t, sure)?.unwrap_or(t)),
        Cow::Owned(t) => match evidence_record(&t, sure)? {
            Some(r) => Cow::Owned(r.to_string()),
            None => Cow::Owned(t),
        },
    })
}

/// Where an evidence file (the page's "Save evidence", www/page/evidence.js) keeps
/// the record it is about: as data, in the first element of the document that can
/// carry an id, with every `<` written `\u003c`, so that its text ends only at its
/// own closing tag.
#[cfg_attr(feature = "widget", allow(dead_code))]
pub const EVIDENCE_RECORD: &str = "<script type=\"application/json\" id=\"fairverify-record\">";

/// The id the writer gives the document's root element. Given there, it is the
/// root's for good: an HTML parser adds a later `<html id=…>` tag's id to the root
/// only when the root has none, and the root comes before the record in tree order.
#[cfg_attr(feature = "widget", allow(dead_code))]
pub const EVIDENCE_ROOT_ID: &str = "fairverify-evidence";

/// The record text inside an evidence file, if `text` is one. The record is then
/// verified again like any other: the file's own verdict and words are never
/// believed, only recomputed.
///
/// One place, which a browser and this reader cannot see differently (issue 43): an
/// evidence file starts with exactly
/// `<!DOCTYPE html>\n<html lang="…" dir="ltr|rtl" id="fairverify-evidence"><head><meta charset="utf-8">`
/// and then the record's element, [`EVIDENCE_RECORD`], whose text holds no `<`
/// (nor a carriage return or a NUL, which a browser's reading changes) and ends at
/// `</script>`. Nothing before it can open a comment, a raw-text element or foreign
/// content, so a browser makes it the first element with that id in tree order, and
/// `document.getElementById("fairverify-record")` gives this very text whatever the
/// rest of the file holds: nothing else in the file is read or counted (a record's
/// own strings may name the id). Any other HTML document (evidence written before
/// this layout, a page saved from a browser, a hand-made file) is refused whole
/// (`bad_json` with `evidence: "layout"`): the record it shows can be pasted instead.
#[cfg(not(feature = "widget"))]
fn evidence_record(text: &str, sure: bool) -> Result<Option<&str>> {
    let head = text.trim_start().as_bytes();
    let lower = |p: &[u8]| head.len() >= p.len() && head[..p.len()].eq_ignore_ascii_case(p);
    if !(lower(b"<!doctype html") || lower(b"<html")) {
        return Ok(None);
    }
    let record = evidence_layout(text).filter(|_| sure);
    record.map(Some).ok_or_else(|| {
        VerifyError::new(
            ErrorCode::BadJson,
            "",
            msg!(
                "this HTML file is not an evidence file as this verifier writes them (the \
                 record's element first in the document, its text free of markup), so which \
                 record it is about is not certain; paste the record it shows instead; \
                 nothing was verified"
            ),
        )
        .with("evidence", "layout")
    })
}

/// The record's text when `text` has the evidence layout exactly (see above).
#[cfg(not(feature = "widget"))]
fn evidence_layout(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("<!DOCTYPE html>\n<html lang=\"")?;
    let lang = rest.find('"')?;
    let tag = rest.get(..lang)?;
    let tag_ok = (1..=35).contains(&tag.len())
        && tag.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    let rest = rest.get(lang..)?.strip_prefix("\" dir=\"")?;
    let rest = rest
        .strip_prefix("ltr")
        .or_else(|| rest.strip_prefix("rtl"))?
        .strip_prefix("\" id=\"")?
        .strip_prefix(EVIDENCE_ROOT_ID)?
        .strip_prefix("\"><head><meta charset=\"utf-8\">")?
        .strip_prefix(EVIDENCE_RECORD)?;
    let end = rest.find(['<', '\r', '\0'])?;
    (tag_ok && rest.get(end..)?.starts_with("</script>")).then(|| rest.get(..end))?
}

/// The badge's core reads no evidence file: its record comes from the host page as a
/// value, never as a saved page (and the bytes stay out of its budget, issue 35).
#[cfg(feature = "widget")]
fn evidence_record(_text: &str, _sure: bool) -> Result<Option<&str>> {
    Ok(None)
}

/// Bytes → JSON value.
pub fn parse_bytes(bytes: &[u8]) -> Result<Value> {
    crate::parse_json(&decode(bytes)?)
}

/// Bytes of one record (bare or wrapped, as a record line) → its report.
pub fn verify_bytes(bytes: &[u8]) -> Result<Value> {
    verify_line(bytes).result
}

/// `{"name": …, "record": …}` (an object with `record` and no `scheme`) → (name, record);
/// anything else is a bare record with no name.
pub fn unwrap_record(v: Value) -> (Value, Value) {
    match v {
        // Taken apart by value, not with `remove`: a map's removal (the B-tree's
        // rebalancing) was 4 KB of the badge's wasm for this one call (issue 35).
        Value::Object(m) if m.contains_key("record") && !m.contains_key("scheme") => {
            let (mut name, mut record) = (Value::Null, Value::Null);
            for (k, v) in m {
                match k.as_str() {
                    "record" => record = v,
                    "name" => name = v,
                    _ => {}
                }
            }
            (name, record)
        }
        other => (Value::Null, other),
    }
}

/// One verified record line.
#[derive(Debug)]
pub struct Line {
    /// The wrapper's `name`, or null (bare record, or a line that is not JSON).
    pub name: Value,
    pub result: Result<Value>,
}

/// Bytes of one record line (bare or wrapped) → its name and result.
pub fn verify_line(bytes: &[u8]) -> Line {
    match parse_bytes(bytes) {
        Err(e) => Line {
            name: Value::Null,
            result: Err(e),
        },
        Ok(v) => {
            let (name, record) = unwrap_record(v);
            Line {
                name,
                result: crate::verify(&record),
            }
        }
    }
}

/// One output line of `verifier.js --jsonl`: `{"line", "name", "result"}`, where
/// `result` is the report or `{"error": {…}}`.
#[cfg_attr(any(not(target_arch = "wasm32"), feature = "widget"), allow(dead_code))]
pub fn line_json(line: u64, l: &Line) -> Value {
    let result = match &l.result {
        Ok(report) => report.clone(),
        Err(e) => json!({ "error": crate::error_json(e) }),
    };
    json!({"line": line, "name": l.name, "result": result})
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(bytes: &[u8]) -> VerifyError {
        parse_bytes(bytes).unwrap_err()
    }

    #[test]
    fn size_is_checked_first() {
        assert!(check_size(MAX_RECORD_BYTES as u64).is_ok());
        let e = check_size(MAX_RECORD_BYTES as u64 + 1).unwrap_err();
        assert_eq!(e.code, ErrorCode::TooLarge);
        assert_eq!(e.params["limit"], MAX_RECORD_BYTES as u64);
        assert_eq!(e.params["size"], MAX_RECORD_BYTES as u64 + 1);
        // Invalid bytes beyond the limit: too_large, not bad_utf8 (nothing decoded).
        let big = vec![0xFFu8; MAX_RECORD_BYTES + 1];
        assert_eq!(err(&big).code, ErrorCode::TooLarge);
    }

    #[test]
    fn bom_and_utf16_are_decoded() {
        let json = "{\"a\": \"é🎲\"}";
        let want: Value = serde_json::from_str(json).unwrap();
        let mut bom = b"\xEF\xBB\xBF".to_vec();
        bom.extend_from_slice(json.as_bytes());
        assert_eq!(parse_bytes(&bom).unwrap(), want);
        for (le, with_bom) in [(true, true), (false, true), (true, false), (false, false)] {
            let mut b: Vec<u8> = match (le, with_bom) {
                (true, true) => vec![0xFF, 0xFE],
                (false, true) => vec![0xFE, 0xFF],
                _ => vec![],
            };
            for u in json.encode_utf16() {
                b.extend_from_slice(&if le { u.to_le_bytes() } else { u.to_be_bytes() });
            }
            assert_eq!(parse_bytes(&b).unwrap(), want, "le {le} bom {with_bom}");
        }
    }

    #[test]
    fn bad_text_names_the_offset() {
        let e = err(b"{\"seed\": \"ab\xFF\xFEcd\"}");
        assert_eq!(e.code, ErrorCode::BadUtf8);
        assert_eq!(e.params["offset"], 12);
        assert!(e.message.contains("offset 12"), "{}", e.message);
        // After a BOM the offset still counts from the first byte of the input.
        let e = err(b"\xEF\xBB\xBF{\"a\": \"\xC3\"}");
        assert_eq!(e.params["offset"], 10);
        // A truncated sequence at the end.
        assert_eq!(err(b"\"\xE2\x82").params["offset"], 1);
        // UTF-16LE with a lone high surrogate at byte 4 (after the BOM and `"`).
        let e = err(&[0xFF, 0xFE, b'"', 0, 0x00, 0xD8, b'"', 0]);
        assert_eq!(
            (e.code, e.params["offset"].clone()),
            (ErrorCode::BadUtf8, 4.into())
        );
        assert_eq!(e.params["encoding"], "UTF-16LE");
        let e = err(&[0xFE, 0xFF, 0, b'1', 0]);
        assert_eq!(e.params["offset"], 4);
        let e = err(&[0xFF, 0xFE, 0, 0, b'1', 0, 0, 0]);
        assert_eq!(
            (e.code, e.params["encoding"].clone()),
            (ErrorCode::BadUtf8, "UTF-32".into())
        );
    }

    /// An evidence file as www/page/evidence.js writes it, around `rec`.
    fn evidence(rec: &str, body: &str) -> String {
        format!(
            "<!DOCTYPE html>\n<html lang=\"ro\" dir=\"ltr\" id=\"{EVIDENCE_ROOT_ID}\"><head><meta charset=\"utf-8\">{EVIDENCE_RECORD}{rec}</script><title>x</title></head><body>{body}</body></html>\n"
        )
    }

    /// The refusal of an HTML document that is not written as evidence is.
    fn not_evidence(html: &str) {
        let e = decode_text(html.as_bytes()).unwrap_err();
        assert_eq!(
            (e.code, e.params["evidence"].as_str()),
            (ErrorCode::BadJson, Some("layout")),
            "{html}"
        );
    }

    #[test]
    fn an_evidence_file_gives_its_record() {
        let rec = r#"{"scheme":"nope","a":"\u003c/script>"}"#;
        let html = evidence(rec, "<p>pass</p>");
        assert_eq!(decode_text(html.as_bytes()).unwrap(), rec);
        // Its record meets the same parser: here an unknown scheme, never a pass.
        let e = verify_bytes(html.as_bytes()).unwrap_err();
        assert_eq!(
            (e.code, e.field.as_str()),
            (ErrorCode::UnknownScheme, "scheme")
        );
        // UTF-16 with its byte-order mark too; without one a browser might read the
        // file in another encoding, so it is not evidence.
        let utf16 = |bom: bool| {
            let mut le = if bom { vec![0xFF, 0xFE] } else { vec![] };
            for u in html.encode_utf16() {
                le.extend_from_slice(&u.to_le_bytes());
            }
            le
        };
        assert_eq!(decode_text(&utf16(true)).unwrap(), rec);
        assert_eq!(
            decode_text(&utf16(false)).unwrap_err().params["evidence"],
            "layout"
        );
        // A UTF-8 byte-order mark is skipped, as a browser skips it.
        let mut bom = b"\xEF\xBB\xBF".to_vec();
        bom.extend_from_slice(html.as_bytes());
        assert_eq!(decode_text(&bom).unwrap(), rec);
        // Text that is not an HTML document is not evidence, whatever it holds.
        let not = format!("{{\"x\": 1}} {EVIDENCE_RECORD}{{}}</script>");
        assert_eq!(decode_text(not.as_bytes()).unwrap(), not);
    }

    #[test]
    fn a_record_that_names_the_id_is_read_back() {
        // A match id and a client seed that hold the marker's id (attack 4, A3): they
        // sit in the record, in the page's text and in the file's name; the record is
        // read all the same (nothing is counted).
        let rec = r#"{"scheme":"match_seed_v2","matchId":"53247-fairverify-record","clientSeeds":["id=\"fairverify-record\" \u003cscript type=\"application/json\" id=\"fairverify-record\">"]}"#;
        let shown = "<pre dir=\"ltr\" id=\"record\">{&quot;matchId&quot;:&quot;53247-fairverify-record&quot;, &lt;script type=\"application/json\" id=\"fairverify-record\"&gt;}</pre><p>fairverify-evidence-bridge-53247-fairverify-record-fail.html</p>";
        let html = evidence(rec, shown);
        assert_eq!(decode_text(html.as_bytes()).unwrap(), rec);
    }

    #[test]
    fn only_the_evidence_layout_is_read() {
        let rec = r#"{"scheme":"nope"}"#;
        let other = r#"{"scheme":"dice"}"#;
        let good = evidence(rec, "");
        assert_eq!(decode_text(good.as_bytes()).unwrap(), rec);
        // Evidence as it was written before (the record last in the body), and any
        // other page: refused whole, with the reason, never read by rules of its own.
        let old = format!(
            "<!DOCTYPE html>\n<html lang=\"en\" dir=\"ltr\"><head><meta charset=\"utf-8\"><title>x</title></head><body><p>pass</p>{EVIDENCE_RECORD}{rec}</script></body></html>\n"
        );
        not_evidence(&old);
        not_evidence("<!DOCTYPE html><p>no record</p>");
        not_evidence("  <HTML><body>x</body></html>");
        // Attack 4, A2: an id written with character references, before or after the
        // marker, in the old layout; and a bogus comment that swallows the marker.
        for id in [
            "\"&#102;airverify-record\"",
            "\"fairverify&#x002d;record\"",
            "\"fairverify&#0045;record\"",
            "\"fairverify&#45record\"",
            "fairv&#101;rify-record",
        ] {
            let forged = format!("<script type=\"application/json\" id={id}>{other}</script>");
            let genuine = format!("{EVIDENCE_RECORD}{rec}</script>");
            for body in [format!("{forged}{genuine}"), format!("{genuine}{forged}")] {
                not_evidence(&format!(
                    "<!DOCTYPE html><html><head><title>x</title></head><body><p>evidence</p>{body}</body></html>"
                ));
            }
        }
        for opener in ["<![CDATA[ ", "<?x ", "<!x ", "</x "] {
            not_evidence(&format!(
                "<!DOCTYPE html><html><body><p>x</p>{opener}{EVIDENCE_RECORD}{rec}</script></body></html>"
            ));
            // Inside the layout's record a `<` is refused: the element's text is
            // then read by a browser's script-data rules, never by this reader's.
            not_evidence(&evidence(&format!("{{\"a\":\"{opener}\"}}"), ""));
        }
        // Anything before the record's element, or in place of a byte of the layout.
        for (from, to) in [
            ("<!DOCTYPE html>\n", "<!DOCTYPE html>\n<!--x-->"),
            ("<!DOCTYPE html>\n", " <!DOCTYPE html>\n"),
            ("<!DOCTYPE html>\n", "<!doctype html>\n"),
            ("\n<html", "\r\n<html"),
            ("lang=\"ro\"", "lang=\"\""),
            ("lang=\"ro\"", "lang=\"r&#111;\""),
            ("lang=\"ro\"", "lang=\"ro\" title=\"<\""),
            ("dir=\"ltr\"", "dir=\"auto\""),
            ("id=\"fairverify-evidence\"", "id=\"fairverify-record\""),
            ("<head>", "<head><title>t</title>"),
            (
                "<meta charset=\"utf-8\">",
                "<meta charset=\"windows-1252\">",
            ),
            ("<meta charset=\"utf-8\">", "<meta charset=\"utf-8\"><svg>"),
            ("type=\"application/json\" ", ""),
        ] {
            let changed = good.replacen(from, to, 1);
            assert_ne!(changed, good, "{from}");
            not_evidence(&changed);
        }
        // The record's text: `<` anywhere in it, an end tag a browser reads another
        // way, a carriage return or a NUL (which a browser's reading changes).
        for bad in [
            format!("{rec}<!--"),
            format!("{rec}\u{3c}/script >"),
            format!("{rec}</SCRIPT>"),
            format!("{rec}</scripts>"),
            "{\"scheme\":\r\n\"nope\"}".to_string(),
            "{\"scheme\":\"no\0pe\"}".to_string(),
        ] {
            not_evidence(&evidence(&bad, ""));
        }
        // No end at all.
        not_evidence(&good.replacen("</script>", "", 1));
        // Whatever comes after the record's element is never read (nor counted): a
        // second element with the id, an `<html>` tag that would give the root the
        // id (it has one already), a comment left open.
        for after in [
            format!("<script type=\"application/json\" id=\"fairverify-record\">{other}</script>"),
            format!("<div id=\"&#102;airverify-record\">{other}</div>"),
            format!("<html id=\"fairverify-record\">{other}"),
            format!("<!-- {other}"),
        ] {
            assert_eq!(
                decode_text(evidence(rec, &after).as_bytes()).unwrap(),
                rec,
                "{after}"
            );
        }
    }

    #[test]
    fn wrapper_and_bare_record_meet_the_same_parser() {
        let l = verify_line(br#"{"name": "x", "record": {"scheme": "nope"}}"#);
        assert_eq!(l.name, "x");
        assert_eq!(l.result.unwrap_err().code, ErrorCode::UnknownScheme);
        let rec = r#"{"scheme":"crash","hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","history":1e309}"#;
        let bare = verify_line(rec.as_bytes()).result.unwrap_err();
        let wrapped = format!(r#"{{"name":"x","record":{rec}}}"#);
        let w = verify_line(wrapped.as_bytes()).result.unwrap_err();
        assert_eq!(
            (bare.code, w.code),
            (ErrorCode::BadJson, ErrorCode::BadJson)
        );
        // With `scheme` it is a bare record that happens to have a `record` field.
        let l = verify_line(br#"{"scheme": "nope", "record": {}}"#);
        assert_eq!(l.name, Value::Null);
        assert_eq!(l.result.unwrap_err().code, ErrorCode::UnknownScheme);
        let l = verify_line(br#"{"name": 5, "record": null}"#);
        assert_eq!(
            (l.name, l.result.unwrap_err().code),
            (5.into(), ErrorCode::NotObject)
        );
    }
}
