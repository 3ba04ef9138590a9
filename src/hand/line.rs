//! Corpus lines: a hand written as one JSON object, with the keys of a hand file.
//!
//! In: the text of one line (`mjrules gen` writes them). Out: a [`Hand`], or every problem
//! with its place in the line. The object is read into the table a hand file is read into
//! ([`crate::document::json`]), and that table is read as a hand file's ([`super::file`]): the
//! same keys, the same checks, the same diagnostics, placed in the line. `null` stands for a
//! key left out where the key is optional (`win`, `discarder`, `completes`).
//!
//! This is the plain reader, which says what a line means; a faster one that gives the same
//! hands is the plan's ([`crate::plan::corpus`]).

use super::Hand;
use super::file::read_hand;
use crate::diagnostic::Diagnostic;
use crate::document::{TableReader, json};

/// The keys whose `null` means the key is left out.
const OPTIONAL: [&str; 3] = ["win", "discarder", "completes"];

/// Where `key` (one of [`super::HAND_KEYS`]) is written in the corpus line `line`: the span
/// of its value, or, where it is not written, of the table that would hold it; the whole line
/// where the line cannot be read.
pub fn line_key_span(line: &str, key: &str) -> std::ops::Range<usize> {
    match json::parse(line, &OPTIONAL) {
        Ok(doc) => super::file::key_span(doc.get_ref(), doc.span(), key),
        Err(_) => 0..line.len(),
    }
}

/// Reads one corpus line: the hand, or every problem found, placed in the line.
pub fn read(line: &str) -> Result<Hand, Vec<Diagnostic>> {
    let doc = json::parse(line, &OPTIONAL).map_err(|e| vec![e])?;
    let mut problems = Vec::new();
    let reader = TableReader::new(doc.get_ref(), doc.span(), "the hand");
    match read_hand(reader, line, None, None, &mut problems) {
        Some(hand) if problems.is_empty() => Ok(hand),
        _ => Err(problems),
    }
}
