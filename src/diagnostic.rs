//! Diagnostics: every problem found in an input, each with the bytes it concerns.
//!
//! In: problems found while reading a hand, a variant file, a deal, a corpus line, a Kajongg
//! string or an expression. Out: [`Diagnostic`]s (one type for every problem with a place),
//! gathered into one [`InputError`] per input with the input's name and text, all problems
//! at once. Each is also a `miette` diagnostic, for a front end to draw; the library draws
//! nothing itself.
//!
//! A reader of a part of a file (an expression inside a string, tile notation inside a
//! value) reports spans in the part's own text; its caller moves them into the file with
//! [`Diagnostic::moved`].

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

use miette::{LabeledSpan, MietteError, MietteSpanContents, SourceSpan, SpanContents};

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The input is refused.
    Error,
    /// The input is taken, but something in it is probably not meant.
    Warning,
}

/// One problem in an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What is wrong: lowercase, no final period, user input in backticks.
    pub message: String,
    /// The bytes of the input it concerns.
    pub span: Range<usize>,
    /// A short label shown at the span.
    pub label: String,
    /// How to fix it, if there is something to say.
    pub help: Option<String>,
    /// An error or a warning.
    pub severity: Severity,
}

impl Diagnostic {
    /// An error at `span` whose label repeats nothing of the message.
    pub fn new(span: Range<usize>, message: impl Into<String>, label: impl Into<String>) -> Self {
        Diagnostic {
            message: message.into(),
            span,
            label: label.into(),
            help: None,
            severity: Severity::Error,
        }
    }

    /// Adds a hint on how to fix it.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Adds a hint when there is one.
    pub fn with_optional_help(mut self, help: Option<String>) -> Self {
        self.help = help;
        self
    }

    /// The same diagnostic with its span moved by `place`: from the text of a part (an
    /// expression, a string's content) into the text of the input that holds it.
    pub fn moved(mut self, place: impl FnOnce(Range<usize>) -> Range<usize>) -> Self {
        self.span = place(self.span);
        self
    }
}

/// A problem's words are shown with their control characters escaped (see [`visible`]):
/// they quote the input.
impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&visible(&self.message))
    }
}

impl std::error::Error for Diagnostic {}

impl miette::Diagnostic for Diagnostic {
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(visible(h)) as Box<dyn fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = SourceSpan::from(self.span.start..self.span.end);
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            Some(visible(&self.label).into_owned()),
            span,
        ))))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }
}

/// Every problem found in one input, with the input's name and text.
#[derive(Debug)]
pub struct InputError {
    name: String,
    text: String,
    /// The line of a larger input that the text's first line is (from 0): a corpus line.
    first_line: usize,
    /// Where each line of the text starts (the first at 0).
    line_starts: Vec<usize>,
    problems: Vec<Diagnostic>,
}

impl InputError {
    /// The problems of the input called `name` whose text is `text`.
    pub fn new(name: &str, text: &str, problems: Vec<Diagnostic>) -> Self {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        InputError {
            name: name.to_string(),
            text: text.to_string(),
            first_line: 0,
            line_starts,
            problems,
        }
    }

    /// The same problems, their text being line `line` (from 1) of the input: a corpus
    /// line, reported with its own line number.
    pub fn on_line(mut self, line: usize) -> Self {
        self.first_line = line.saturating_sub(1);
        self
    }

    /// The input's name (a path, `<stdin>`, `rules/bmja.toml`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The problems, in the order they were found.
    pub fn problems(&self) -> &[Diagnostic] {
        &self.problems
    }

    /// The input's text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Each problem as a diagnostic that carries the lines of the input around it, ready for
    /// miette: a line longer than [`LONG_LINE`] bytes is cut (around the span on the span's
    /// own line), and a span is shown by its first [`SPAN_LINES`] lines at most, so that a
    /// report stays small however long the input's lines or many its problems.
    pub fn diagnostics(&self) -> impl Iterator<Item = Located> + '_ {
        self.problems.iter().map(|p| {
            let (source, span) = Window::around(self, p.span.clone());
            Located {
                problem: p.clone().moved(|_| span),
                source,
            }
        })
    }

    /// The line and column of byte `at`, each from 1, the column in bytes from the line's
    /// start (as the reports show them).
    pub fn line_column(&self, at: usize) -> (usize, usize) {
        let line = self.line_of(at.min(self.text.len()));
        (
            self.first_line + line + 1,
            at.min(self.text.len()) - self.line_starts[line] + 1,
        )
    }

    /// The line (from 0) that holds byte `at`.
    fn line_of(&self, at: usize) -> usize {
        self.line_starts.partition_point(|&s| s <= at) - 1
    }

    /// The bytes of line `line`, without its newline.
    fn line_range(&self, line: usize) -> Range<usize> {
        let end = self
            .line_starts
            .get(line + 1)
            .map_or(self.text.len(), |&next| next - 1);
        self.line_starts[line]..end
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.problems.len();
        write!(
            f,
            "error: `{}` has {n} problem{}",
            self.name,
            if n == 1 { "" } else { "s" }
        )
    }
}

impl std::error::Error for InputError {}

/// A line longer than this many bytes is shown cut in a report.
pub const LONG_LINE: usize = 300;
/// How many bytes of a cut line are shown on each side of the span.
const AROUND: usize = 100;
/// How many bytes of a span on a cut line are shown.
const SPAN_SHOWN: usize = 200;
/// How many lines of a span are shown.
pub const SPAN_LINES: usize = 40;
/// What stands for the part of a line that is not shown.
const CUT: &str = "…";

/// The lines of an input around a problem, as a report shows them: the line before, the
/// span's lines and the line after, each cut to [`LONG_LINE`] bytes; or, when the span's own
/// line is long, that line alone cut around the span. It knows where it lies in the input,
/// so that the report gives the input's own line and column.
#[derive(Debug)]
struct Window {
    name: String,
    text: String,
    /// The input's line of the window's first line.
    line: usize,
    /// The input's column (in bytes) of the window's first byte, less one: a window that
    /// starts with [`CUT`] has its first shown byte of the input after it.
    column: isize,
}

impl Window {
    /// The window of `input` around `span`, and the span in the window.
    fn around(input: &InputError, span: Range<usize>) -> (Window, Range<usize>) {
        let text = input.text.as_str();
        let start = floor_char(text, span.start.min(text.len()));
        let end = ceil_char(text, span.end.clamp(start, text.len()));
        let line = input.line_of(start);
        let last = input
            .line_of(end.saturating_sub(1).max(start))
            .min(line + SPAN_LINES - 1);
        let own = input.line_range(line);
        // The window's text, its first line and column in the input, and the span in it.
        let (shown, first, column, in_window) = if own.len() > LONG_LINE {
            // The span's line alone, cut around the span.
            let end = ceil_char(text, end.min(own.end).min(start + SPAN_SHOWN));
            let from = floor_char(text, start.saturating_sub(AROUND).max(own.start));
            let to = ceil_char(text, (end + AROUND).min(own.end));
            let prefix = if from > own.start { CUT } else { "" };
            let suffix = if to < own.end { CUT } else { "" };
            let shift = |at: usize| at - from + prefix.len();
            (
                format!("{prefix}{}{suffix}", &text[from..to]),
                line,
                (from - own.start) as isize - prefix.len() as isize,
                shift(start)..shift(end),
            )
        } else {
            // Whole lines around the span, each cut at its end when long.
            let first = line.saturating_sub(1);
            let shown_last = (last + 1).min(input.line_starts.len() - 1);
            let mut shown = String::new();
            let mut in_window = start..end;
            for l in first..=shown_last {
                let range = input.line_range(l);
                let shown_end = if range.len() > LONG_LINE {
                    ceil_char(text, range.start + LONG_LINE)
                } else {
                    range.end
                };
                let at = shown.len();
                if l == line {
                    in_window.start = at + (start - range.start);
                }
                if l == last {
                    in_window.end = at + (end.clamp(range.start, shown_end) - range.start);
                }
                shown.push_str(&text[range.start..shown_end]);
                if shown_end < range.end {
                    shown.push_str(CUT);
                }
                // As in the input, so that an empty line after the span is shown as one.
                if range.end < text.len() {
                    shown.push('\n');
                }
            }
            in_window.end = in_window.end.max(in_window.start);
            (shown, first, 0, in_window)
        };
        let window = Window {
            name: input.name.clone(),
            text: visible_in_place(shown),
            line: input.first_line + first,
            column,
        };
        (window, in_window)
    }
}

impl miette::SourceCode for Window {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner = self
            .text
            .read_span(span, context_lines_before, context_lines_after)?;
        let column = if inner.line() == 0 {
            (inner.column() as isize + self.column).max(0) as usize
        } else {
            inner.column()
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line() + self.line,
            column,
            inner.line_count(),
        )))
    }
}

/// The char boundary at or before `at`.
fn floor_char(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The char boundary at or after `at`.
fn ceil_char(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// A problem together with the lines of its input around it.
#[derive(Debug)]
pub struct Located {
    problem: Diagnostic,
    source: Window,
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.problem.fmt(f)
    }
}

impl std::error::Error for Located {}

impl miette::Diagnostic for Located {
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        miette::Diagnostic::help(&self.problem)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.problem.labels()
    }

    fn severity(&self) -> Option<miette::Severity> {
        self.problem.severity()
    }
}

/// Whether `c` would not be seen for what it is where text is shown: a control character
/// (which can move a terminal's cursor or change its colours), a bidirectional formatting
/// character (which reorders the text around it: U+061C, U+200E, U+200F, U+202A to U+202E,
/// U+2066 to U+2069), or U+FFFE and U+FFFF, which are not characters and which XML cannot hold.
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{61c}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
                | '\u{fffe}'
                | '\u{ffff}'
        )
}

/// `text` with its [hidden](is_hidden) characters (line ends and tabs aside) written as
/// escapes (`\u{1b}`, `\u{202e}`), so that printing it cannot move a terminal's cursor, change
/// its colours or reorder what is shown. A line end is `\n` or `\r\n`; a carriage return
/// alone, which sends the cursor back over the line, is escaped too.
pub fn visible(text: &str) -> Cow<'_, str> {
    replace_hidden(text, |c| format!("\\u{{{:x}}}", u32::from(c)))
}

/// JSON text with its [hidden](is_hidden) characters written as JSON's own escapes
/// (`\u202e`): the same JSON value, shown as [`visible`] shows text. Outside its strings JSON
/// text holds only ASCII punctuation, letters, digits and white space, so every such
/// character is inside a string, where the escape means the character itself. (serde_json
/// escapes those below U+0020 already; DEL, the C1 controls and the bidirectional characters
/// it writes as they are.)
pub fn visible_json(json: String) -> String {
    // Every hidden character is in the Basic Multilingual Plane: one escape each.
    match replace_hidden(&json, |c| format!("\\u{:04x}", u32::from(c))) {
        Cow::Owned(replaced) => replaced,
        Cow::Borrowed(_) => json,
    }
}

/// `text` with each byte of its hidden characters (line ends and tabs aside) replaced by
/// `?`: the same length, so that the spans into it still hold.
fn visible_in_place(text: String) -> String {
    match replace_hidden(&text, |c| "?".repeat(c.len_utf8())) {
        Cow::Owned(replaced) => replaced,
        Cow::Borrowed(_) => text,
    }
}

/// `text` with each hidden character other than a line end or a tab replaced by `with` it.
fn replace_hidden(text: &str, with: impl Fn(char) -> String) -> Cow<'_, str> {
    let mut out: Option<String> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let line_end = c == '\n' || (c == '\r' && chars.peek().is_some_and(|&(_, n)| n == '\n'));
        if is_hidden(c) && c != '\t' && !line_end {
            out.get_or_insert_with(|| text[..at].to_string())
                .push_str(&with(c));
        } else if let Some(out) = &mut out {
            out.push(c);
        }
    }
    out.map_or(Cow::Borrowed(text), Cow::Owned)
}

/// The known name closest to `name`, if it is close enough to be a likely typo.
pub fn did_you_mean<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let length = name.chars().count();
    let limit = (length / 3).max(1);
    known
        .into_iter()
        // No fewer mistakes than the lengths differ: most names are left at that.
        .filter(|k| k.chars().count().abs_diff(length) <= limit)
        // Two letters swapped (`esat`, `bjma`) count as one mistake.
        .map(|k| (strsim::osa_distance(name, k), k))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line and column (from 1) a report gives for a problem's window.
    fn place(located: &Located) -> (usize, usize, String) {
        let span = SourceSpan::from(located.problem.span.clone());
        let contents = miette::SourceCode::read_span(&located.source, &span, 0, 0).unwrap();
        let shown = String::from_utf8_lossy(contents.data()).into_owned();
        (contents.line() + 1, contents.column() + 1, shown)
    }

    #[test]
    fn a_long_line_is_shown_cut_around_the_span_with_its_own_line_and_column() {
        let text = format!(
            "seat = \"east\"\nconcealed = \"{}x\"\n",
            "1m".repeat(40_000)
        );
        let at = text.find('x').unwrap();
        let error = InputError::new(
            "long.toml",
            &text,
            vec![Diagnostic::new(at..at + 1, "bad", "here")],
        );
        let located = error.diagnostics().next().unwrap();
        assert!(located.source.text.len() < 2 * (AROUND + SPAN_SHOWN));
        assert!(located.source.text.starts_with(CUT));
        // Line 2; the `x` is the 80,014th byte of its line.
        assert_eq!(place(&located), (2, 80_014, "x".to_string()));
    }

    #[test]
    fn a_span_over_many_lines_is_shown_by_its_first_lines() {
        let text = "a = 1\n".repeat(10_000);
        let error = InputError::new(
            "many.toml",
            &text,
            vec![Diagnostic::new(6..text.len(), "bad", "here")],
        );
        let located = error.diagnostics().next().unwrap();
        // The line before, SPAN_LINES lines of the span, the line after.
        assert_eq!(located.source.text.lines().count(), SPAN_LINES + 2);
        assert_eq!(place(&located).0, 2);
    }

    #[test]
    fn spans_outside_the_text_or_inside_a_character_are_drawn_at_its_edges() {
        let text = "tile = \"🀄\"";
        // The last span ends before it starts.
        #[allow(clippy::reversed_empty_ranges)]
        let spans = [0..100, 9..10, 100..200, 5..2];
        for span in spans {
            let error = InputError::new("t.toml", text, vec![Diagnostic::new(span, "bad", "here")]);
            let located = error.diagnostics().next().unwrap();
            let shown = located.problem.span.clone();
            assert!(shown.start <= shown.end && shown.end <= located.source.text.len());
            assert!(located.source.text.is_char_boundary(shown.start));
            assert!(located.source.text.is_char_boundary(shown.end));
        }
    }

    #[test]
    fn bidirectional_controls_are_shown_as_escapes_in_text_and_in_json() {
        // U+202E would show `evil` reversed and everything after it on the line.
        assert_eq!(
            visible("a\u{202e}b\u{2066}c\td\n"),
            "a\\u{202e}b\\u{2066}c\td\n"
        );
        assert_eq!(visible("plain"), "plain");
        // In JSON: the escape JSON reads back as the character (`\u{85}` would not be JSON).
        let json = serde_json::json!({"name": "x\u{85}\u{202e}\u{7f}y"}).to_string();
        let shown = visible_json(json);
        assert_eq!(shown, r#"{"name":"x\u0085\u202e\u007fy"}"#);
        let back: serde_json::Value = serde_json::from_str(&shown).unwrap();
        assert_eq!(back["name"], "x\u{85}\u{202e}\u{7f}y");
    }

    #[test]
    fn suggests_only_close_names() {
        let known = ["concealed", "melds", "seat"];
        assert_eq!(did_you_mean("concealled", known), Some("concealed"));
        assert_eq!(did_you_mean("meld", known), Some("melds"));
        assert_eq!(did_you_mean("banana", known), None);
        assert_eq!(did_you_mean("esat", ["east", "south"]), Some("east"));
    }
}
