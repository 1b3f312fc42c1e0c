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
    Ok(match text {
        Cow::Borrowed(t) => Cow::Borrowed(evidence_record(t)?.unwrap_or(t)),
        Cow::Owned(t) => match evidence_record(&t)? {
            Some(r) => Cow::Owned(r.to_string()),
            None => Cow::Owned(t),
        },
    })
}

/// Where an evidence file (the page's "Save evidence", www/page/evidence.js) keeps
/// the record it is about: as data in its HTML, with every `<` written `\u003c`, so
/// the element's text ends only at its own closing tag.
#[cfg_attr(feature = "widget", allow(dead_code))]
pub const EVIDENCE_RECORD: &str = "<script type=\"application/json\" id=\"fairverify-record\">";

/// The record text inside an evidence file, if `text` is one (an HTML document with
/// the marker). The record is then verified again like any other: the file's own
/// verdict and words are never believed, only recomputed. The marker counts only as
/// an element, where a browser would see one: never inside a comment or in the text
/// of another script, style, textarea or title (a crafted file could otherwise show
/// one record and give this reader another).
///
/// One place only: the file this verifier writes names the marker's id once, so a
/// document that names it again (in a comment, an attribute, a `<noscript>`,
/// `<template>`, `<xmp>` or `<iframe>`, a comment closed by `--!>`…) is refused
/// whole rather than read by rules a browser's tab might not share: a tab and this
/// reader can then never take two different records from one file (issue 43).
#[cfg(not(feature = "widget"))]
fn evidence_record(text: &str) -> Result<Option<&str>> {
    let head = text.trim_start();
    let html = ["<!DOCTYPE html", "<!doctype html", "<html"]
        .iter()
        .any(|p| head.starts_with(p));
    if !html {
        return Ok(None);
    }
    let names = marker_names(text);
    if names > 1 {
        return Err(VerifyError::new(
            ErrorCode::BadJson,
            "",
            msg!(
                "this HTML file names the evidence record's id {names} times; the evidence \
                 files this verifier writes name it once, so which record the file is about \
                 is unclear; nothing was verified"
            ),
        )
        .with("markers", names as u64));
    }
    Ok((|| {
        let start = marker_element(text)? + EVIDENCE_RECORD.len();
        let len = text.get(start..)?.find("</script>")?;
        text.get(start..start + len)
    })())
}

/// The badge's core reads no evidence file: its record comes from the host page as a
/// value, never as a saved page (and the bytes stay out of its budget, issue 35).
#[cfg(feature = "widget")]
fn evidence_record(_text: &str) -> Result<Option<&str>> {
    Ok(None)
}

/// How many times `text` names the evidence record's id, in any letter case (as an
/// HTML parser matches attribute values only exactly, but a crafted file may try both).
/// The hyphen written as a character reference counts too (`fairverify&#45;record` is
/// the same id to a browser: fresh attack, turn 6).
#[cfg(not(feature = "widget"))]
fn marker_names(text: &str) -> usize {
    const HEAD: &[u8] = b"fairverify";
    const TAIL: &[u8] = b"record";
    const HYPHENS: [&[u8]; 6] = [b"-", b"&#45;", b"&#x2d;", b"&#045;", b"&hyphen;", b"&dash;"];
    let b = text.as_bytes();
    (0..b.len())
        .filter(|&i| {
            b[i..].len() >= HEAD.len() && b[i..i + HEAD.len()].eq_ignore_ascii_case(HEAD) && {
                let rest = &b[i + HEAD.len()..];
                HYPHENS.iter().any(|h| {
                    rest.len() >= h.len() + TAIL.len()
                        && rest[..h.len()].eq_ignore_ascii_case(h)
                        && rest[h.len()..h.len() + TAIL.len()].eq_ignore_ascii_case(TAIL)
                })
            }
        })
        .count()
}

/// The offset of the first evidence marker that is an element of the document.
#[cfg(not(feature = "widget"))]
fn marker_element(text: &str) -> Option<usize> {
    // Elements whose content a browser does not parse as markup (raw text, or kept
    // out of the document: a template's content), so a marker inside is no element.
    const RAW: [&str; 10] = [
        "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript",
        "template",
    ];
    let lower = text.to_ascii_lowercase();
    let mut at = 0;
    while let Some(off) = text.get(at..)?.find('<') {
        let i = at + off;
        let rest = text.get(i..)?;
        if rest.starts_with(EVIDENCE_RECORD) {
            return Some(i);
        }
        if rest.starts_with("<!--") {
            at = i + 4 + rest.get(4..)?.find("-->")? + 3;
            continue;
        }
        if lower
            .get(i + 1..)
            .is_some_and(|l| l.starts_with("plaintext"))
        {
            return None;
        }
        let tag = RAW.iter().find(|t| {
            let l = lower.get(i + 1..).unwrap_or("");
            l.starts_with(*t)
                && l[t.len()..]
                    .chars()
                    .next()
                    .is_some_and(|c| c == '>' || c == '/' || c.is_ascii_whitespace())
        });
        if let Some(t) = tag {
            let close = format!("</{t}");
            at = i + 1 + lower.get(i + 1..)?.find(&close)? + close.len();
            continue;
        }
        at = i + 1;
    }
    None
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

    #[test]
    fn an_evidence_file_gives_its_record() {
        let rec = r#"{"scheme":"nope","a":"\u003c/script>"}"#;
        let html = format!(
            "<!DOCTYPE html>\n<html><head><title>x</title></head><body><p>pass</p>{EVIDENCE_RECORD}{rec}</script></body></html>"
        );
        assert_eq!(decode_text(html.as_bytes()).unwrap(), rec);
        // Its record meets the same parser: here an unknown scheme, never a pass.
        let e = verify_bytes(html.as_bytes()).unwrap_err();
        assert_eq!(
            (e.code, e.field.as_str()),
            (ErrorCode::UnknownScheme, "scheme")
        );
        // UTF-16 too; and HTML without the marker is just text (not JSON).
        let mut le = vec![0xFF, 0xFE];
        for u in html.encode_utf16() {
            le.extend_from_slice(&u.to_le_bytes());
        }
        assert_eq!(decode_text(&le).unwrap(), rec);
        let plain = "<!DOCTYPE html><p>no record</p>";
        assert_eq!(decode_text(plain.as_bytes()).unwrap(), plain);
        assert_eq!(
            parse_bytes(plain.as_bytes()).unwrap_err().code,
            ErrorCode::BadJson
        );
        // Only the marker that is an element counts: not one in a comment, nor one in
        // the text of another script, style or title before it.
        for decoy in [
            format!("<title>{EVIDENCE_RECORD}1</script></title>"),
            format!("<!-- {EVIDENCE_RECORD}2</script> -->"),
            format!("<script>var s = '{EVIDENCE_RECORD}3</script>';</script>"),
            format!("<STYLE>{EVIDENCE_RECORD}4</style>"),
            // The constructs where a tab and a hand-made reader disagree (security
            // review, turn 5, info 11): a comment's odd endings, an attribute, raw text.
            format!("<!--> {EVIDENCE_RECORD}5</script>"),
            format!("<!---> {EVIDENCE_RECORD}6</script>"),
            format!("<!-- x --!> {EVIDENCE_RECORD}7</script> -->"),
            "<p title='<script type=\"application/json\" id=\"fairverify-record\">'>".to_string(),
            format!("<noscript>{EVIDENCE_RECORD}8</script></noscript>"),
            format!("<xmp>{EVIDENCE_RECORD}9</script></xmp>"),
            format!("<iframe>{EVIDENCE_RECORD}10</script></iframe>"),
            format!("<template>{EVIDENCE_RECORD}11</script></template>"),
            "<div id=\"FAIRVERIFY-RECORD\"></div>".to_string(),
            "<div id=\"fairverify&#45;record\"></div>".to_string(),
            "<div id=\"fairverify&#x2D;record\"></div>".to_string(),
        ] {
            for html in [
                format!("<!DOCTYPE html>{decoy}<p>x</p>{EVIDENCE_RECORD}{rec}</script>"),
                format!("<!DOCTYPE html><p>x</p>{EVIDENCE_RECORD}{rec}</script>{decoy}"),
            ] {
                let e = decode_text(html.as_bytes()).unwrap_err();
                assert_eq!(
                    (e.code, e.params["markers"].as_u64()),
                    (ErrorCode::BadJson, Some(2)),
                    "{decoy}"
                );
            }
        }
        // The only marker inside an element whose content a browser keeps as text (or
        // out of the document): no element there, so no record here either.
        for wrap in [
            "noembed", "noframes", "xmp", "iframe", "noscript", "template",
        ] {
            let html = format!("<!DOCTYPE html><{wrap}>{EVIDENCE_RECORD}{rec}</script></{wrap}>");
            assert_eq!(decode_text(html.as_bytes()).unwrap(), html, "{wrap}");
        }
        let plain = format!("<!DOCTYPE html><plaintext><p>{EVIDENCE_RECORD}{rec}</script>");
        assert_eq!(decode_text(plain.as_bytes()).unwrap(), plain);
        let only_comment = format!("<!DOCTYPE html><!-- {EVIDENCE_RECORD}{rec}</script> -->");
        assert_eq!(decode_text(only_comment.as_bytes()).unwrap(), only_comment);
        // A marker in text that is not an HTML document is not evidence.
        let not = format!("{{\"x\": 1}} {EVIDENCE_RECORD}{{}}</script>");
        assert_eq!(decode_text(not.as_bytes()).unwrap(), not);
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
