//! A long document read a table at a time: the top of a game file, then its `[[deal]]`
//! tables one by one, so that what is held while it is read is the text and one table,
//! not the whole document's tree (the TOML parser keeps about 40 bytes a byte of input).
//!
//! In: TOML text and the key of its array of tables. Out: where its top and each table of
//! the array begin and end, when the text can be read so (every table header after the
//! first of the array is one of it or below it, none quoted); each piece parses to the
//! values, with the spans, that the whole document would give.

use std::ops::Range;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::{Value, parse};
use crate::diagnostic::Diagnostic;

/// A document cut before each header of its array of tables.
#[derive(Debug, PartialEq, Eq)]
pub struct Pieces {
    /// The text before the first table of the array.
    pub top: Range<usize>,
    /// Each table of the array, from its header to the next header of the array.
    pub tables: Vec<Range<usize>>,
}

/// Where `text` may be cut to read its array of tables `key` a table at a time; none when it
/// has no such table, or a header the cut could misplace (another table after the array
/// begins, a quoted name, a header the scan cannot read): such a text is read whole.
pub fn split(text: &str, key: &str) -> Option<Pieces> {
    let mut starts = Vec::new();
    for (at, header) in headers(text)? {
        let name = header.name.trim();
        let within = name
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with('.'));
        if header.array && name == key {
            starts.push(at);
        } else if !starts.is_empty() && !within {
            return None;
        }
    }
    let first = *starts.first()?;
    let ends = starts.iter().skip(1).copied().chain([text.len()]);
    let tables = starts.iter().zip(ends).map(|(&s, e)| s..e).collect();
    Some(Pieces {
        top: 0..first,
        tables,
    })
}

/// The table of the array `key` written at `piece` of `text`, parsed, with spans into
/// `text`, as the whole document gives it.
pub fn parse_table<'i>(
    text: &'i str,
    piece: &Range<usize>,
    key: &str,
) -> Result<Value<'i>, Diagnostic> {
    let shifted = |mut d: Diagnostic| {
        d.span = d.span.start + piece.start..d.span.end + piece.start;
        d
    };
    let doc = parse(&text[piece.clone()]).map_err(shifted)?;
    let table = doc
        .into_inner()
        .into_iter()
        .find(|(k, _)| **k.get_ref() == *key)
        .and_then(|(_, v)| match v.into_inner() {
            DeValue::Array(tables) if tables.len() == 1 => tables.into_iter().next(),
            _ => None,
        });
    // Only a header of the array begins a piece, so the piece holds one table of it; a
    // piece that does not (a header the scan misread) is said, not a panic.
    let table = table.ok_or_else(|| {
        Diagnostic::new(
            piece.clone(),
            format!("this piece of the file is not one `[[{key}]]` table"),
            "read apart from the rest",
        )
    })?;
    Ok(shift(table, piece.start))
}

/// `value` with every span in it moved `by` bytes on.
fn shift<'i>(value: Value<'i>, by: usize) -> Value<'i> {
    let span = value.span();
    let inner = match value.into_inner() {
        DeValue::Array(mut items) => {
            for item in items.iter_mut() {
                let taken = std::mem::replace(item, Spanned::new(0..0, DeValue::Boolean(false)));
                *item = shift(taken, by);
            }
            DeValue::Array(items)
        }
        DeValue::Table(table) => {
            let mut moved = DeTable::new();
            for (k, v) in table {
                let key_span = k.span();
                moved.insert(
                    Spanned::new(key_span.start + by..key_span.end + by, k.into_inner()),
                    shift(v, by),
                );
            }
            DeValue::Table(moved)
        }
        other => other,
    };
    Spanned::new(span.start + by..span.end + by, inner)
}

/// A table header: its name as written between the brackets, and whether it is `[[…]]`.
struct Header<'t> {
    name: &'t str,
    array: bool,
}

/// The table headers of `text`, each with the byte where it begins: the lines whose first
/// character outside strings, comments and brackets is `[`. None where a name is quoted or a
/// string is left open.
fn headers(text: &str) -> Option<Vec<(usize, Header<'_>)>> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let (mut at, mut depth, mut line_start) = (0, 0usize, true);
    while at < bytes.len() {
        let rest = &text[at..];
        match bytes[at] {
            b'\n' => {
                line_start = true;
                at += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' => {
                at += 1;
                continue;
            }
            b'#' => at += rest.find('\n').unwrap_or(rest.len()),
            b'"' | b'\'' => at += string_length(rest)?,
            b'[' if line_start && depth == 0 => {
                let array = rest.starts_with("[[");
                let open = if array { 2 } else { 1 };
                let close = rest.find(if array { "]]" } else { "]" })?;
                let name = rest.get(open..close)?;
                if name.contains(['"', '\'', '\n']) {
                    return None;
                }
                found.push((at, Header { name, array }));
                at += close + open;
            }
            b'[' | b'{' => {
                depth += 1;
                at += 1;
            }
            b']' | b'}' => {
                depth = depth.saturating_sub(1);
                at += 1;
            }
            _ => at += rest.chars().next().map_or(1, char::len_utf8),
        }
        line_start = false;
    }
    Some(found)
}

/// The length of the string `text` begins with (basic or literal, on one line or several),
/// its quotes included; none when it does not end.
fn string_length(text: &str) -> Option<usize> {
    let quote = &text[..1];
    let triple = quote.repeat(3);
    if text.starts_with(&triple) {
        // A closing run may hold up to two quotes of the string before the three that end it.
        let end = 3 + find_unescaped(&text[3..], &triple, quote == "\"")?;
        let run = text[end..]
            .bytes()
            .take_while(|&b| b == quote.as_bytes()[0]);
        return Some(end + run.count().min(5));
    }
    let end = 1 + find_unescaped(&text[1..], quote, quote == "\"")?;
    text[1..end].find('\n').map_or(Some(end + 1), |_| None)
}

/// Where `needle` first occurs in `text` not escaped by a backslash (in a basic string).
fn find_unescaped(text: &str, needle: &str, escapes: bool) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        if escapes && bytes[at] == b'\\' {
            at += 2;
            continue;
        }
        if bytes[at..].starts_with(needle.as_bytes()) {
            return Some(at);
        }
        at += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(text: &str) -> Option<Vec<&str>> {
        let p = split(text, "deal")?;
        Some(
            std::iter::once(p.top)
                .chain(p.tables)
                .map(|r| &text[r])
                .collect(),
        )
    }

    #[test]
    fn a_document_is_cut_before_each_header_of_the_array() {
        let text = "variant = \"v\" # [[deal]]\nplayers = [\n[\"a\"],\n]\n\n[[deal]]\nA = 1\n[deal.x]\ns = \"\"\"\n[[deal]]\n\"\"\"\n[[ deal ]]\nB = 2\n";
        assert_eq!(
            pieces(text).unwrap(),
            [
                "variant = \"v\" # [[deal]]\nplayers = [\n[\"a\"],\n]\n\n",
                "[[deal]]\nA = 1\n[deal.x]\ns = \"\"\"\n[[deal]]\n\"\"\"\n",
                "[[ deal ]]\nB = 2\n"
            ]
        );
    }

    #[test]
    fn a_text_the_cut_could_misread_is_read_whole() {
        // No deals; another table after the deals; a quoted name; a string left open.
        for text in [
            "variant = \"x\"\n",
            "[[deal]]\nA = 1\n[notes]\nB = 2\n",
            "[[\"deal\"]]\nA = 1\n",
            "[[deal]]\nA = \"open\n",
            "[[deal]]\n[deal]\n",
        ] {
            assert_eq!(pieces(text), None, "{text}");
        }
    }

    #[test]
    fn each_table_parses_to_what_the_whole_document_gives() {
        let text = "variant = \"v\"\n\n[[deal]]\nA = { score = 2, win = { from = \"wall\" } }\n[deal.x]\nn = [1, 2]\n\n[[deal]]\nB = 'q'\n";
        let whole = parse(text).unwrap();
        let DeValue::Array(deals) = whole.get_ref()["deal"].get_ref() else {
            panic!("an array")
        };
        let p = split(text, "deal").unwrap();
        for (piece, expected) in p.tables.iter().zip(deals.iter()) {
            let read = parse_table(text, piece, "deal").unwrap();
            assert_eq!(format!("{read:?}"), format!("{expected:?}"));
        }
        // A syntax error is at its place in the whole text.
        let bad = "variant = \"x\"\n[[deal]]\nA = = 1\n";
        let p = split(bad, "deal").unwrap();
        let error = parse_table(bad, &p.tables[0], "deal").unwrap_err();
        assert_eq!(error.span, parse(bad).unwrap_err().span);
        // A piece that is not one table of the array is a problem, not a panic.
        let two = "[[deal]]\nA = 1\n[[deal]]\nB = 2\n";
        let error = parse_table(two, &(0..two.len()), "deal").unwrap_err();
        assert_eq!(error.span, 0..two.len());
    }
}
