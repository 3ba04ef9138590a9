//! Diagnostics drawn for a person: every problem of an input with its place in the text
//! (miette's graphical reports), in colour on a terminal that allows it, plain otherwise.

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme};

use mjrules::corpus::LineError;
use mjrules::diagnostic::{InputError, Located};
pub use mjrules::render::problems_json;
use serde_json::{Value, json};

/// How wide reports are drawn.
const WIDTH: usize = 100;

/// Sets how miette draws reports for the terminal: no links, [`WIDTH`] columns.
pub fn set_hook() {
    miette::set_hook(Box::new(|_| {
        Box::new(
            miette::MietteHandlerOpts::new()
                .terminal_links(false)
                .width(WIDTH)
                .build(),
        )
    }))
    .expect("the hook is set once");
}

/// How many problems of one input are drawn; the rest are counted.
const SHOWN: usize = 50;

/// Renders the problems of an input for the terminal (in colour when stderr is a terminal
/// and `NO_COLOR` is not set), the first [`SHOWN`] of them, then a count.
pub fn render_error(error: InputError) -> String {
    render(&error, |located| {
        format!("{:?}\n", miette::Report::new(located))
    })
}

/// Renders the problems of an input without colour, the first [`SHOWN`], then a count.
pub fn render_plain(error: &InputError) -> String {
    render(error, |located| plain(&located))
}

/// The first [`SHOWN`] problems of `error`, each drawn by `draw`, then how many were not
/// drawn and the count.
fn render(error: &InputError, draw: impl Fn(Located) -> String) -> String {
    let mut out: String = error.diagnostics().take(SHOWN).map(draw).collect();
    let rest = error.problems().len().saturating_sub(SHOWN);
    if rest > 0 {
        out.push_str(&format!(
            "… and {rest} more problem{} not shown\n",
            if rest == 1 { "" } else { "s" }
        ));
    }
    out.push_str(&format!("{error}\n"));
    out
}

/// One diagnostic without colour, with Unicode box drawing.
fn plain(diagnostic: &dyn Diagnostic) -> String {
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(WIDTH)
        .with_links(false);
    let mut out = String::new();
    handler
        .render_report(&mut out, diagnostic)
        .expect("rendering into a String does not fail");
    out
}

/// A corpus line (`text`, the `line`-th of `corpus`) that could not be read, drawn with its
/// own line number.
pub fn line_error(error: &LineError, corpus: &str, line: usize, text: &[u8]) -> String {
    match error {
        LineError::Invalid(problems) => render_plain(
            &InputError::new(corpus, &String::from_utf8_lossy(text), problems.clone())
                .on_line(line),
        ),
        LineError::NotUtf8 => format!(
            "error: cannot read `{corpus}`, line {line}: stream did not contain valid UTF-8\n"
        ),
    }
}

/// A corpus line that could not be read, as JSON: its number and its problems.
pub fn line_error_json(error: &LineError, corpus: &str, line: usize, text: &[u8]) -> Value {
    let problems = match error {
        LineError::Invalid(problems) => problems_json(
            &InputError::new(corpus, &String::from_utf8_lossy(text), problems.clone())
                .on_line(line),
        ),
        LineError::NotUtf8 => vec![json!({
            "file": corpus,
            "line": line,
            "message": "the line is not UTF-8",
            "severity": "error",
        })],
    };
    json!({"line": line, "problems": problems})
}
