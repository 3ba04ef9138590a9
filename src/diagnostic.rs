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

use std::fmt;
use std::ops::Range;

use miette::{LabeledSpan, NamedSource, SourceSpan};

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

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diagnostic {}

impl miette::Diagnostic for Diagnostic {
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = SourceSpan::from(self.span.start..self.span.end);
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            Some(self.label.clone()),
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
    source: NamedSource<String>,
    problems: Vec<Diagnostic>,
}

impl InputError {
    /// The problems of the input called `name` whose text is `text`.
    pub fn new(name: &str, text: &str, problems: Vec<Diagnostic>) -> Self {
        InputError {
            name: name.to_string(),
            source: NamedSource::new(name, text.to_string()),
            problems,
        }
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
        self.source.inner()
    }

    /// Each problem as a diagnostic that carries the input's text, ready for miette.
    pub fn diagnostics(&self) -> impl Iterator<Item = Located> + '_ {
        self.problems.iter().map(|p| Located {
            problem: p.clone(),
            source: self.source.clone(),
        })
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

/// A problem together with the text of its input.
#[derive(Debug)]
pub struct Located {
    problem: Diagnostic,
    source: NamedSource<String>,
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

/// The known name closest to `name`, if it is close enough to be a likely typo.
pub fn did_you_mean<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (name.chars().count() / 3).max(1);
    known
        .into_iter()
        .map(|k| (strsim::levenshtein(name, k), k))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_only_close_names() {
        let known = ["concealed", "melds", "seat"];
        assert_eq!(did_you_mean("concealled", known), Some("concealed"));
        assert_eq!(did_you_mean("meld", known), Some("melds"));
        assert_eq!(did_you_mean("banana", known), None);
    }
}
