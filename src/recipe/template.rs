//! The recipes' templates: one program per recipe kind, in its own language, kept
//! whole in `templates/` (a reader sees the program; `node --check`, `py_compile` and
//! `gofmt` check it in the gate), with named holes filled only by values of the types
//! below, never by raw text:
//!
//! - [`Lit`], a literal of the template's language built from a value the verifier
//!   accepted (a string escaped for that language, an integer, a finite float, null,
//!   a list of literals);
//! - [`Comment`], one line of comment text through [`comment_safe`] (the catalog's
//!   words), dropped with its line when the catalog lacks it;
//! - [`Code`], the operator's published code, cut from the `operator/` files only;
//! - a flag (a section shown or not) and rows (a section repeated per row).
//!
//! Syntax, line by line: `{{name}}` is a hole; a line holding only `{{name}}` (after
//! its indent) may take a comment or several lines of code; `{{#name}}` … `{{/name}}`,
//! each alone on its line, is a section shown when `name` is true, once per row for
//! rows; `{{^name}}` … `{{/name}}` is shown when `name` is false. `{{` followed by
//! anything but a letter, `#`, `^` or `/` is text (Go's `{{{a}}, 1}` is `{` and a
//! hole). A hole the template has but the filler was not given, or a value given for
//! a hole the template does not have, is an error (`internal`); runs of blank lines
//! become one.

use std::collections::BTreeSet;

use super::{comment_safe, internal, lit as escape, Lang};
use crate::error::Result;

/// A template: its file name and language, its text compiled in.
pub(crate) struct Template {
    pub name: &'static str,
    pub lang: Lang,
    pub text: &'static str,
}

macro_rules! template {
    ($id:ident, $file:literal, $lang:expr) => {
        pub(crate) const $id: Template = Template {
            name: $file,
            lang: $lang,
            text: include_str!(concat!("templates/", $file)),
        };
    };
}

template!(MATCH_SEED, "match_seed.node.js.tmpl", Lang::Node);
template!(POKER, "poker.node.js.tmpl", Lang::Node);
template!(CHESS, "chess.node.js.tmpl", Lang::Node);
template!(SELFPOKER, "selfpoker.py.tmpl", Lang::Python);
template!(BETS, "bets.go.tmpl", Lang::Go);
template!(CHAIN, "chain.go.tmpl", Lang::Go);
template!(ROUNDS, "rounds.go.tmpl", Lang::Go);

/// Every template (the tests fill and syntax-check each).
#[cfg(test)]
pub(crate) const TEMPLATES: [&Template; 7] = [
    &MATCH_SEED,
    &POKER,
    &CHESS,
    &SELFPOKER,
    &BETS,
    &CHAIN,
    &ROUNDS,
];

/// A literal of the template's language holding a value the verifier accepted.
#[derive(Clone, Debug)]
pub(crate) enum Lit {
    Str(String),
    Int(i64),
    Float(f64),
    Null,
    /// JavaScript and Python `[a, b]`; Go `T{a, b}` with T the Go type (or none).
    List(&'static str, Vec<Lit>),
}

impl Lit {
    /// A string, escaped for the language when written ([`super::lit`]).
    pub fn str(s: &str) -> Lit {
        Lit::Str(s.to_string())
    }
    pub fn int(n: i64) -> Lit {
        Lit::Int(n)
    }
    /// A finite float, written in Rust's shortest form that reads back exactly (no
    /// exponent): Go parses it to the same float64.
    pub fn float(f: f64) -> Result<Lit> {
        if f.is_finite() {
            Ok(Lit::Float(f))
        } else {
            Err(internal("a float that is not finite"))
        }
    }
    pub fn null() -> Lit {
        Lit::Null
    }
    /// A list: `[a, b]`, in Go a composite literal's body `{a, b}` (the template
    /// writes the type before it: `[]int64{{selected}}`).
    pub fn list(items: Vec<Lit>) -> Lit {
        Lit::List("", items)
    }
    /// A list that is a Go slice of `go_type` (`[]float64{a, b}`) where Go needs the
    /// type with it (a value that may also be `nil`).
    pub fn slice(go_type: &'static str, items: Vec<Lit>) -> Lit {
        Lit::List(go_type, items)
    }
    fn write(&self, lang: Lang) -> String {
        match self {
            Lit::Str(s) => escape(lang, s),
            Lit::Int(n) => n.to_string(),
            Lit::Float(f) => format!("{f}"),
            Lit::Null => match lang {
                Lang::Node => "null",
                Lang::Python => "None",
                Lang::Go => "nil",
            }
            .to_string(),
            Lit::List(go_type, items) => {
                let inner: Vec<String> = items.iter().map(|i| i.write(lang)).collect();
                let inner = inner.join(", ");
                match lang {
                    Lang::Go => format!("{go_type}{{{inner}}}"),
                    _ => format!("[{inner}]"),
                }
            }
        }
    }
}

/// One line of comment text, through [`comment_safe`]: no line break, no control or
/// direction character, so it cannot end its comment.
#[derive(Clone, Debug)]
pub(crate) struct Comment(String);

impl Comment {
    pub fn safe(text: &str) -> Comment {
        Comment(comment_safe(text))
    }
}

/// The operator's published code (or a line of it with the record's literals in place
/// of the page's examples): cut only from the `operator/` files, which are `'static`
/// text compiled in, never from a record.
#[derive(Clone, Debug)]
pub(crate) struct Code(String);

impl Code {
    /// The lines of `src` from the one starting with `first` to the one starting with
    /// `last` (both after leading spaces), inclusive.
    pub fn between(src: &'static str, first: &str, last: &str) -> Result<Code> {
        let lines: Vec<&str> = src.lines().collect();
        let start = lines
            .iter()
            .position(|l| l.trim_start().starts_with(first))
            .ok_or_else(|| internal(first))?;
        let end = lines[start..]
            .iter()
            .position(|l| l.trim_start().starts_with(last))
            .ok_or_else(|| internal(last))?;
        Ok(Code(lines[start..=start + end].join("\n")))
    }

    /// One top-level Go function of `src`: from `func name(` to its closing brace.
    pub fn go_function(src: &'static str, name: &str) -> Result<Code> {
        let lines: Vec<&str> = src.lines().collect();
        let head = format!("func {name}(");
        let start = lines
            .iter()
            .position(|l| l.starts_with(&head))
            .ok_or_else(|| internal(name))?;
        let end = lines[start..]
            .iter()
            .position(|l| *l == "}")
            .ok_or_else(|| internal(name))?;
        Ok(Code(lines[start..=start + end].join("\n")))
    }

    /// [`Code::between`], with a line `name = <example> # comment` given the literal
    /// of `values` named `name` in place of the page's example (its comment kept).
    pub fn between_with(
        src: &'static str,
        first: &str,
        last: &str,
        lang: Lang,
        values: &[(&str, &Lit)],
    ) -> Result<Code> {
        let Code(code) = Code::between(src, first, last)?;
        let mut out: Vec<String> = Vec::new();
        for l in code.lines() {
            let t = l.trim_start();
            let value = values
                .iter()
                .find(|(name, _)| t.strip_prefix(name).is_some_and(|r| r.starts_with(" =")));
            match value {
                Some((_, v)) => {
                    let eq = l.find('=').ok_or_else(|| internal("operator line"))?;
                    let rest = &l[eq + 1..];
                    let comment = rest.find(" #").map(|i| &rest[i..]).unwrap_or("");
                    out.push(format!("{}= {}{comment}", &l[..eq], v.write(lang)));
                }
                None => out.push(l.to_string()),
            }
        }
        Ok(Code(out.join("\n")))
    }

    /// The expression of the operator's one-line `assert <expression>`.
    pub fn assertion(src: &'static str) -> Result<Code> {
        src.lines()
            .find_map(|l| l.trim_start().strip_prefix("assert "))
            .map(|e| Code(e.trim_end().to_string()))
            .ok_or_else(|| internal("assert"))
    }
}

enum Fill {
    Lit(Lit),
    Comment(Option<Comment>),
    Code(Code),
    Flag(bool),
    Rows(Vec<Holes>),
}

/// The values of a template's holes (or of one row of a repeated section).
#[derive(Default)]
pub(crate) struct Holes(Vec<(&'static str, Fill)>);

impl Holes {
    pub fn new() -> Holes {
        Holes::default()
    }
    pub fn lit(&mut self, name: &'static str, v: Lit) -> &mut Self {
        self.0.push((name, Fill::Lit(v)));
        self
    }
    pub fn comment(&mut self, name: &'static str, c: Option<Comment>) -> &mut Self {
        self.0.push((name, Fill::Comment(c)));
        self
    }
    pub fn code(&mut self, name: &'static str, c: Code) -> &mut Self {
        self.0.push((name, Fill::Code(c)));
        self
    }
    pub fn flag(&mut self, name: &'static str, on: bool) -> &mut Self {
        self.0.push((name, Fill::Flag(on)));
        self
    }
    pub fn rows(&mut self, name: &'static str, rows: Vec<Holes>) -> &mut Self {
        self.0.push((name, Fill::Rows(rows)));
        self
    }
    fn get(&self, name: &str) -> Option<&Fill> {
        self.0
            .iter()
            .rev()
            .find(|(n, _)| *n == name)
            .map(|(_, f)| f)
    }
    fn names(&self, into: &mut BTreeSet<&'static str>) {
        for (n, f) in &self.0 {
            into.insert(n);
            if let Fill::Rows(rows) = f {
                for r in rows {
                    r.names(into);
                }
            }
        }
    }
}

/// A parsed template: lines of text and sections.
enum Node<'t> {
    Line(&'t str),
    Section {
        name: &'t str,
        inverted: bool,
        body: Vec<Node<'t>>,
    },
}

fn is_name(s: &str) -> bool {
    s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The tags of a line: (start, end, name) of each `{{…}}`; an error for one begun
/// but not a well-formed tag.
fn tags(line: &str) -> Result<Vec<(usize, usize, &str)>> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i + 1 < b.len() {
        let opens = b[i] == b'{'
            && b[i + 1] == b'{'
            && b.get(i + 2)
                .is_some_and(|c| c.is_ascii_alphabetic() || matches!(c, b'#' | b'^' | b'/'));
        if !opens {
            i += 1;
            continue;
        }
        let close = line[i + 2..]
            .find("}}")
            .map(|j| i + 2 + j)
            .ok_or_else(|| internal("a template tag without its `}}`"))?;
        let name = &line[i + 2..close];
        let bare = name.trim_start_matches(['#', '^', '/']);
        if !is_name(bare) || name.len() - bare.len() > 1 {
            return Err(internal("a template tag that is not a name"));
        }
        out.push((i, close + 2, name));
        i = close + 2;
    }
    Ok(out)
}

/// A line that is only a section tag: (`#`/`^`/`/`, name).
fn section_tag(line: &str) -> Result<Option<(char, &str)>> {
    let t = line.trim();
    let found = tags(t)?;
    match found.as_slice() {
        [(0, end, name)] if *end == t.len() => {
            let kind = name.chars().next().unwrap_or(' ');
            Ok(matches!(kind, '#' | '^' | '/').then(|| (kind, &name[1..])))
        }
        _ => {
            if found.iter().any(|(_, _, n)| n.starts_with(['#', '^', '/'])) {
                Err(internal("a section tag that is not alone on its line"))
            } else {
                Ok(None)
            }
        }
    }
}

fn parse<'t>(
    lines: &mut std::slice::Iter<'_, &'t str>,
    open: Option<&str>,
) -> Result<Vec<Node<'t>>> {
    let mut nodes = Vec::new();
    while let Some(line) = lines.next() {
        match section_tag(line)? {
            None => nodes.push(Node::Line(line)),
            Some(('/', name)) => {
                return if open == Some(name) {
                    Ok(nodes)
                } else {
                    Err(internal("a section closed that is not open"))
                };
            }
            Some((kind, name)) => {
                let body = parse(lines, Some(name))?;
                nodes.push(Node::Section {
                    name,
                    inverted: kind == '^',
                    body,
                });
            }
        }
    }
    match open {
        None => Ok(nodes),
        Some(_) => Err(internal("a section left open")),
    }
}

/// Every name a template's tags use (holes and sections).
pub(crate) fn names_of(t: &Template) -> Result<BTreeSet<&'static str>> {
    let mut out = BTreeSet::new();
    for line in t.text.lines() {
        for (_, _, name) in tags(line)? {
            out.insert(name.trim_start_matches(['#', '^', '/']));
        }
    }
    Ok(out)
}

struct Writer<'a> {
    lang: Lang,
    out: String,
    used: &'a mut BTreeSet<String>,
}

impl Writer<'_> {
    fn push(&mut self, line: &str) {
        // Runs of blank lines become one (a comment left out leaves none behind).
        if line.is_empty() && (self.out.is_empty() || self.out.ends_with("\n\n")) {
            return;
        }
        self.out.push_str(line);
        self.out.push('\n');
    }

    fn lookup<'h>(&mut self, scopes: &[&'h Holes], name: &str) -> Result<&'h Fill> {
        self.used.insert(name.to_string());
        scopes
            .iter()
            .rev()
            .find_map(|h| h.get(name))
            .ok_or_else(|| internal(&format!("template hole `{name}` not filled")))
    }

    fn nodes(&mut self, nodes: &[Node], scopes: &[&Holes]) -> Result<()> {
        for n in nodes {
            match n {
                Node::Line(l) => self.line(l, scopes)?,
                Node::Section {
                    name,
                    inverted,
                    body,
                } => match (self.lookup(scopes, name)?, inverted) {
                    (Fill::Flag(on), _) => {
                        if *on != *inverted {
                            self.nodes(body, scopes)?;
                        }
                    }
                    (Fill::Rows(rows), false) => {
                        for r in rows {
                            let mut inner = scopes.to_vec();
                            inner.push(r);
                            self.nodes(body, &inner)?;
                        }
                    }
                    _ => return Err(internal(&format!("section `{name}` is not a flag"))),
                },
            }
        }
        Ok(())
    }

    fn line(&mut self, line: &str, scopes: &[&Holes]) -> Result<()> {
        let found = tags(line)?;
        let indent = &line[..line.len() - line.trim_start().len()];
        // A hole alone on its line: a comment (or none), or lines of code.
        if let [(start, end, name)] = found.as_slice() {
            if *start == indent.len() && *end == line.len() {
                match self.lookup(scopes, name)? {
                    Fill::Comment(None) => return Ok(()),
                    Fill::Comment(Some(Comment(c))) => {
                        let mark = match self.lang {
                            Lang::Python => "#",
                            _ => "//",
                        };
                        self.push(&format!("{indent}{mark} {c}"));
                        return Ok(());
                    }
                    Fill::Code(Code(code)) => {
                        for l in code.lines() {
                            if l.is_empty() {
                                self.push("");
                            } else {
                                self.push(&format!("{indent}{l}"));
                            }
                        }
                        return Ok(());
                    }
                    _ => {}
                }
            }
        }
        let mut out = String::new();
        let mut at = 0;
        for (start, end, name) in found {
            out.push_str(&line[at..start]);
            match self.lookup(scopes, name)? {
                Fill::Lit(v) => out.push_str(&v.write(self.lang)),
                Fill::Code(Code(c)) if !c.contains('\n') => out.push_str(c),
                _ => return Err(internal(&format!("hole `{name}` inside a line"))),
            }
            at = end;
        }
        out.push_str(&line[at..]);
        self.push(&out);
        Ok(())
    }
}

/// The program of `t` with `holes` filled in.
pub(crate) fn fill(t: &Template, holes: &Holes) -> Result<String> {
    fill_noting(t, holes, &mut BTreeSet::new())
}

/// [`fill`], noting in `used` the names of the holes and sections reached.
pub(crate) fn fill_noting(
    t: &Template,
    holes: &Holes,
    used: &mut BTreeSet<String>,
) -> Result<String> {
    let known = names_of(t)?;
    let mut given = BTreeSet::new();
    holes.names(&mut given);
    if let Some(n) = given.iter().find(|n| !known.contains(*n)) {
        return Err(internal(&format!("no hole `{n}` in {}", t.name)));
    }
    let lines: Vec<&str> = t.text.lines().collect();
    let nodes = parse(&mut lines.iter(), None)?;
    let mut w = Writer {
        lang: t.lang,
        out: String::new(),
        used,
    };
    w.nodes(&nodes, &[holes])?;
    Ok(w.out)
}
