//! Diagnostics: every problem found in an input file, each with the bytes it concerns.
//!
//! In: problems gathered while reading a hand, a rule file or a command line. Out: one
//! [`InputError`] per file, with the file's text, all problems at once; each problem is a
//! `miette` diagnostic, for a front end to draw.

use std::fmt;
use std::ops::Range;

use miette::{Diagnostic, LabeledSpan, NamedSource, Severity, SourceSpan};

/// One problem in an input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// What is wrong: lowercase, no final period, user input in backticks.
    pub message: String,
    /// The bytes of the file it concerns.
    pub span: Range<usize>,
    /// A short label shown at the span.
    pub label: String,
    /// How to fix it, if there is something to say.
    pub help: Option<String>,
}

impl Problem {
    /// A problem at `span` whose label repeats nothing of the message.
    pub fn new(span: Range<usize>, message: impl Into<String>, label: impl Into<String>) -> Self {
        Problem {
            message: message.into(),
            span,
            label: label.into(),
            help: None,
        }
    }

    /// Adds a hint on how to fix it.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Problem {}

impl Diagnostic for Problem {
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

    fn severity(&self) -> Option<Severity> {
        Some(Severity::Error)
    }
}

/// Every problem found in one input, with the input's name and text.
#[derive(Debug)]
pub struct InputError {
    name: String,
    source: NamedSource<String>,
    problems: Vec<Problem>,
}

impl InputError {
    /// The problems of the input called `name` whose text is `text`.
    pub fn new(name: &str, text: &str, problems: Vec<Problem>) -> Self {
        InputError {
            name: name.to_string(),
            source: NamedSource::new(name, text.to_string()),
            problems,
        }
    }

    /// The problems, in the order they were found.
    pub fn problems(&self) -> &[Problem] {
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
    problem: Problem,
    source: NamedSource<String>,
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.problem.fmt(f)
    }
}

impl std::error::Error for Located {}

impl Diagnostic for Located {
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.problem.help()
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.problem.labels()
    }

    fn severity(&self) -> Option<Severity> {
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
