//! Reading TOML documents with every value's place kept.
//!
//! In: the text of a TOML file. Out: its tables and values with byte spans, and small
//! readers that check keys and types and add a [`Diagnostic`] for each mistake instead of
//! stopping at the first, so that a file's problems are all reported at once.

pub mod json;
pub mod pieces;

use std::ops::Range;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::diagnostic::{Diagnostic, did_you_mean};

/// The largest input file read whole (a variant file, a hand, a deal, a source text): 16 MiB,
/// a thousand times the largest built-in. A larger one, or an endless one (`/dev/zero`), is
/// refused after that many bytes instead of filling the memory.
pub const MAX_INPUT: u64 = 16 << 20;

/// Reads all of `input` as UTF-8 text, at most [`MAX_INPUT`] bytes.
pub fn read_bounded(input: impl std::io::Read) -> std::io::Result<String> {
    read_at_most(input, MAX_INPUT)
}

/// Reads all of `input` as UTF-8 text, at most `most` bytes.
fn read_at_most(input: impl std::io::Read, most: u64) -> std::io::Result<String> {
    use std::io::Read as _;
    let mut bytes = Vec::new();
    input.take(most + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > most {
        let bound = if most == MAX_INPUT {
            format!("it is larger than {} MiB", MAX_INPUT >> 20)
        } else {
            format!("it is larger than the {most} bytes left to read")
        };
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, bound));
    }
    String::from_utf8(bytes)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "it is not UTF-8 text"))
}

/// Reads the file at `path` as UTF-8 text, at most `most` bytes, when it is a regular file:
/// a file that another file names (a game's deal file, a variant it extends) may be a
/// device or a pipe with no writer, which would never end or never begin.
pub fn read_regular(path: &std::path::Path, most: u64) -> std::io::Result<String> {
    let not_regular =
        || std::io::Error::new(std::io::ErrorKind::InvalidInput, "it is not a regular file");
    if !std::fs::metadata(path)?.is_file() {
        return Err(not_regular());
    }
    let file = std::fs::File::open(path)?;
    // Checked again on what was opened, in case the path changed in between.
    if !file.metadata()?.is_file() {
        return Err(not_regular());
    }
    read_at_most(file, most)
}

/// A parsed TOML document.
pub type Document<'i> = Spanned<DeTable<'i>>;

/// A value of a document, with its span.
pub type Value<'i> = Spanned<DeValue<'i>>;

/// Parses TOML text, turning a syntax error into a problem at its place.
pub fn parse(text: &str) -> Result<Document<'_>, Diagnostic> {
    DeTable::parse(text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        Diagnostic::new(
            span,
            "this is not valid TOML",
            e.message().trim().to_string(),
        )
    })
}

/// The name of a TOML value's type, for messages.
pub fn type_name(value: &DeValue<'_>) -> &'static str {
    match value {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

/// Reads the keys of one table: each read marks its key as known, and [`Self::finish`]
/// reports the keys that nobody asked for, with a "did you mean".
pub struct TableReader<'a, 'i> {
    table: &'a DeTable<'i>,
    span: Range<usize>,
    known: Vec<&'a str>,
    /// Where the table's name is shown in messages (`[win]`, `the hand`).
    what: &'static str,
}

impl<'a, 'i> TableReader<'a, 'i> {
    /// A reader over `table`, located at `span`, named `what` in messages.
    pub fn new(table: &'a DeTable<'i>, span: Range<usize>, what: &'static str) -> Self {
        TableReader {
            table,
            span,
            known: Vec::new(),
            what,
        }
    }

    /// The span of the whole table.
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// The value of `key`, if present.
    pub fn get(&mut self, key: &'static str) -> Option<&'a Value<'i>> {
        // A key may be looked at twice (whether it is there, then its value): it is known
        // once, so that messages list it once.
        if !self.known.contains(&key) {
            self.known.push(key);
        }
        self.table.get(key)
    }

    /// The value of `key`, or a problem saying it is missing.
    pub fn require(
        &mut self,
        key: &'static str,
        problems: &mut Vec<Diagnostic>,
    ) -> Option<&'a Value<'i>> {
        let value = self.get(key);
        if value.is_none() {
            problems.push(Diagnostic::new(
                self.span.start..self.span.start,
                format!("{} has no `{key}`", self.what),
                format!("`{key}` is required here"),
            ));
        }
        value
    }

    /// The string value of `key`, with the span of its content.
    pub fn string(
        &mut self,
        key: &'static str,
        source: &str,
        problems: &mut Vec<Diagnostic>,
    ) -> Option<StrValue<'a>> {
        let value = self.get(key)?;
        expect_string(value, key, source, problems)
    }

    /// The string value of `key`, which the table must give.
    pub fn required_string(
        &mut self,
        key: &'static str,
        source: &str,
        problems: &mut Vec<Diagnostic>,
    ) -> Option<StrValue<'a>> {
        let value = self.require(key, problems)?;
        expect_string(value, key, source, problems)
    }

    /// The boolean value of `key`; absent means false.
    pub fn flag(&mut self, key: &'static str, problems: &mut Vec<Diagnostic>) -> bool {
        self.flag_at(key, problems).0
    }

    /// The boolean value of `key` (absent means false), and where it was written, for a
    /// check that points at it.
    pub fn flag_at(
        &mut self,
        key: &'static str,
        problems: &mut Vec<Diagnostic>,
    ) -> (bool, Option<Range<usize>>) {
        let Some(v) = self.get(key) else {
            return (false, None);
        };
        let on = match v.get_ref() {
            DeValue::Boolean(b) => *b,
            other => {
                problems.push(wrong_type(
                    v.span(),
                    key,
                    "a boolean (`true` or `false`)",
                    other,
                ));
                false
            }
        };
        (on, Some(v.span()))
    }

    /// The keys not read so far whose values `take` accepts, with their values; those are
    /// read from then on. (For tables whose names the file itself gives.)
    pub fn rest(
        &mut self,
        take: impl Fn(&Value<'i>) -> bool,
    ) -> Vec<(&'a Spanned<std::borrow::Cow<'i, str>>, &'a Value<'i>)> {
        let rest: Vec<_> = (self.table.iter())
            .filter(|(key, value)| !self.known.contains(&key.get_ref().as_ref()) && take(value))
            .collect();
        self.known
            .extend(rest.iter().map(|(key, _)| key.get_ref().as_ref()));
        rest
    }

    /// Reports every key that was never read.
    pub fn finish(self, problems: &mut Vec<Diagnostic>) {
        for (key, _) in self.table.iter() {
            let name: &str = key.get_ref();
            if self.known.contains(&name) {
                continue;
            }
            let mut problem = Diagnostic::new(
                key.span(),
                format!("unknown key `{name}` in {}", self.what),
                "not a key of this table",
            );
            problem = match did_you_mean(name, self.known.iter().copied()) {
                Some(s) => problem.with_help(format!("did you mean `{s}`?")),
                None => {
                    problem.with_help(format!("the keys here are {}", quoted_list(&self.known)))
                }
            };
            problems.push(problem);
        }
    }
}

/// A string value and the span of its content in the source (inside the quotes).
#[derive(Clone, Debug)]
pub struct StrValue<'a> {
    /// The string.
    pub text: &'a str,
    /// The span of the whole value, quotes included.
    pub span: Range<usize>,
    /// Where byte 0 of `text` is in the source, when the text appears there verbatim
    /// (no escapes); positions inside the string can then be pointed at exactly.
    pub content_start: Option<usize>,
}

impl StrValue<'_> {
    /// The span in the source of bytes `inner` of the string, or the whole value when the
    /// string does not appear verbatim in the source.
    pub fn sub_span(&self, inner: Range<usize>) -> Range<usize> {
        match self.content_start {
            Some(start) => start + inner.start..start + inner.end,
            None => self.span.clone(),
        }
    }
}

/// The value as a string, or a problem saying it is not one.
pub fn expect_string<'a>(
    value: &'a Value<'_>,
    key: &str,
    source: &str,
    problems: &mut Vec<Diagnostic>,
) -> Option<StrValue<'a>> {
    string_or(value, source, problems, || {
        format!("`{key}` must be a string")
    })
}

/// An element of the array `key` that must be a string (a meld of `melds`).
pub fn expect_string_in<'a>(
    value: &'a Value<'_>,
    key: &str,
    source: &str,
    problems: &mut Vec<Diagnostic>,
) -> Option<StrValue<'a>> {
    string_or(value, source, problems, || {
        format!("each of `{key}` must be a string")
    })
}

/// The table `value` under `key`, or a problem saying it is not one.
pub fn expect_table<'t, 'i>(
    value: &'t Value<'i>,
    key: &str,
    problems: &mut Vec<Diagnostic>,
) -> Option<&'t DeTable<'i>> {
    match value.get_ref() {
        DeValue::Table(t) => Some(t),
        other => {
            problems.push(wrong_type(value.span(), key, "a table", other));
            None
        }
    }
}

/// A string value, or a problem worded by `message`.
fn string_or<'a>(
    value: &'a Value<'_>,
    source: &str,
    problems: &mut Vec<Diagnostic>,
    message: impl FnOnce() -> String,
) -> Option<StrValue<'a>> {
    match value.get_ref() {
        DeValue::String(s) => Some(StrValue {
            text: s.as_ref(),
            span: value.span(),
            content_start: content_start(source, value.span(), s.as_ref()),
        }),
        other => {
            problems.push(mistyped(value.span(), message(), other));
            None
        }
    }
}

/// A problem saying the value of `key` has the wrong type.
pub fn wrong_type(
    span: Range<usize>,
    key: &str,
    expected: &str,
    found: &DeValue<'_>,
) -> Diagnostic {
    mistyped(span, format!("`{key}` must be {expected}"), found)
}

/// A value of the wrong type at `span`: `message` says what it must be, the label what it is.
fn mistyped(span: Range<usize>, message: String, found: &DeValue<'_>) -> Diagnostic {
    Diagnostic::new(span, message, format!("this is {}", type_name(found)))
}

/// Where the content of a string value starts in the source, if it appears there verbatim.
fn content_start(source: &str, span: Range<usize>, text: &str) -> Option<usize> {
    let raw = source.get(span.clone())?;
    ["\"\"\"", "'''", "\"", "'"].iter().find_map(|quote| {
        let inner = raw.strip_prefix(quote)?.strip_suffix(quote)?;
        (inner == text).then_some(span.start + quote.len())
    })
}

/// A problem saying the string `v` is not `what` (`a wind`), labelled `label`, with a "did
/// you mean" over the `known` words, or failing one, the list of them.
pub fn not_a_word(v: &StrValue<'_>, what: &str, label: &str, known: &[&str]) -> Diagnostic {
    let problem = Diagnostic::new(v.span.clone(), format!("`{}` is not {what}", v.text), label);
    match did_you_mean(v.text, known.iter().copied()) {
        Some(s) => problem.with_help(format!("did you mean `{s}`?")),
        None => problem.with_help(format!("use one of {}", quoted_list(known))),
    }
}

/// `a`, `b` and `c`.
pub fn quoted_list(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match quoted.len() {
        0 => String::new(),
        1 => quoted[0].clone(),
        n => format!("{} and {}", quoted[..n - 1].join(", "), quoted[n - 1]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_content_is_located_inside_the_quotes() {
        let text = "a = \"12m\"\nb = '3p'\nc = \"x\\ty\"\n";
        let doc = parse(text).unwrap();
        let mut problems = Vec::new();
        let mut reader = TableReader::new(doc.get_ref(), doc.span(), "the test");
        let a = reader.string("a", text, &mut problems).unwrap();
        assert_eq!(&text[a.sub_span(0..3)], "12m");
        let b = reader.string("b", text, &mut problems).unwrap();
        assert_eq!(&text[b.sub_span(1..2)], "p");
        let c = reader.string("c", text, &mut problems).unwrap();
        // An escape makes positions inexact: the whole value is pointed at instead.
        assert_eq!(&text[c.sub_span(0..1)], "\"x\\ty\"");
        reader.finish(&mut problems);
        assert!(problems.is_empty());
    }

    #[test]
    fn unknown_keys_are_reported_with_a_suggestion() {
        let text = "seat = \"east\"\nseet = 1\n";
        let doc = parse(text).unwrap();
        let mut problems = Vec::new();
        let mut reader = TableReader::new(doc.get_ref(), doc.span(), "the hand");
        reader.get("seat");
        reader.finish(&mut problems);
        assert_eq!(problems.len(), 1);
        assert_eq!(&text[problems[0].span.clone()], "seet");
        assert_eq!(problems[0].help.as_deref(), Some("did you mean `seat`?"));
    }
}
