//! Corpora: many hands, one JSON object per line, with the keys of a hand file.
//!
//! In: JSON Lines text (`mjrules gen` writes it), one line at a time. Out: [`Hand`]s, read by
//! the plan's fast reader where it takes the line (`plan/corpus`), and otherwise
//! by the plain reader (`hand/line.rs`), which gives every problem with its place in
//! the line. And back: a hand as one JSON line.

use crate::Variant;
use crate::diagnostic::Diagnostic;
use crate::hand::{Hand, line, line_key_span, write};
use crate::plan;

/// Why a corpus line could not be read.
#[derive(Debug)]
pub enum LineError {
    /// The line's bytes are not UTF-8.
    NotUtf8,
    /// The line is not a hand: every problem, placed in the line.
    Invalid(Vec<Diagnostic>),
}

/// Reads one corpus line, given as bytes: fast where it can, by the plain reader otherwise
/// (the same hand for any line both read; the plain reader's diagnostics for any refused).
#[inline]
pub fn read_line(line: &[u8]) -> Result<Hand, LineError> {
    plan::corpus::read_line(line, || {
        read_line_slowly(std::str::from_utf8(line).map_err(|_| LineError::NotUtf8)?)
    })
}

/// Reads one corpus line by the plain reader alone: what [`read_line`] is checked against.
pub fn read_line_slowly(text: &str) -> Result<Hand, LineError> {
    line::read(text).map_err(LineError::Invalid)
}

/// The error of a corpus line whose hand `variant` refuses by its refusal of index
/// `refusal`: the refusal, placed at the key it names in the line.
pub fn refused_line(variant: &Variant, refusal: usize, line: &[u8]) -> LineError {
    let r = &variant.definition().refusals[refusal];
    let text = String::from_utf8_lossy(line);
    LineError::Invalid(vec![
        r.diagnostic(variant.id(), line_key_span(&text, &r.at.value)),
    ])
}

/// A hand as one corpus line.
pub fn write_line(hand: &Hand) -> String {
    write::to_json(hand)
}
