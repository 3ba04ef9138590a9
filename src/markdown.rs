//! Markdown from text a user wrote (a variant's notes and descriptions, its citations, the
//! passages of a source text), for the pages `doc` and `audit --format markdown` make.
//!
//! In: the text. Out: Markdown that shows it as written and holds no HTML of its own: in
//! prose `&`, `<` and `>` are written as entities, outside the code spans the text itself
//! writes (`` `a < b` ``), which show their characters as they are; a code span made here
//! holds any text, backticks too; a table cell keeps its row.

/// Prose as Markdown: `&`, `<` and `>` as entities, so that `<script>` is shown, not run,
/// except inside the text's own code spans, where Markdown shows every character as it is.
pub(crate) fn prose(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('`') {
        out.push_str(&entities(&rest[..open]));
        let run = backtick_run(&rest[open..]);
        let after = &rest[open + run..];
        // A code span closes at the next run of exactly as many backticks; without one,
        // the backticks are text.
        match closing(after, run) {
            Some(close) => {
                out.push_str(&rest[open..open + run + close + run]);
                rest = &after[close + run..];
            }
            None => {
                out.push_str(&rest[open..open + run]);
                rest = after;
            }
        }
    }
    out.push_str(&entities(rest));
    out
}

/// `text` as one code span, whatever it holds: fenced by more backticks than any run in it,
/// and spaced from the fence where it begins or ends with a backtick.
pub(crate) fn code(text: &str) -> String {
    let mut longest = 0;
    let mut rest = text;
    while let Some(open) = rest.find('`') {
        let run = backtick_run(&rest[open..]);
        longest = longest.max(run);
        rest = &rest[open + run..];
    }
    let fence = "`".repeat(longest + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{text}{pad}{fence}")
}

/// Prose in a table cell: as [`prose`], on one line, its `|` not ending the cell.
pub(crate) fn cell(text: &str) -> String {
    in_cell(&prose(text))
}

/// A code span in a table cell: as [`code`], on one line, its `|` not ending the cell (a
/// table's `\|` is a `|` inside a code span too).
pub(crate) fn code_cell(text: &str) -> String {
    in_cell(&code(text))
}

/// Markdown kept within its table cell.
fn in_cell(markdown: &str) -> String {
    markdown.replace('|', "\\|").replace('\n', " ")
}

/// HTML's special characters in `text` as entities.
fn entities(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// How many backticks `text` begins with.
fn backtick_run(text: &str) -> usize {
    text.bytes().take_while(|&b| b == b'`').count()
}

/// Where in `text` the first run of exactly `run` backticks begins.
fn closing(text: &str, run: usize) -> Option<usize> {
    let mut at = 0;
    while let Some(open) = text[at..].find('`') {
        let start = at + open;
        let length = backtick_run(&text[start..]);
        if length == run {
            return Some(start);
        }
        at = start + length;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_in_prose_is_shown_and_the_texts_own_code_spans_are_kept() {
        assert_eq!(
            prose("<script>alert(1)</script> & `a < b` or ``x ` <y>``"),
            "&lt;script&gt;alert(1)&lt;/script&gt; &amp; `a < b` or ``x ` <y>``"
        );
        // A backtick without its pair is text, and what follows it is prose.
        assert_eq!(prose("it`s <b>"), "it`s &lt;b&gt;");
        assert_eq!(prose("``a` <b>"), "``a` &lt;b&gt;");
    }

    #[test]
    fn a_code_span_holds_any_text() {
        assert_eq!(code("a < b"), "`a < b`");
        assert_eq!(code("x` <b>"), "``x` <b>``");
        assert_eq!(code("`q`"), "`` `q` ``");
        assert_eq!(code_cell("a | b\nc"), "`a \\| b c`");
        assert_eq!(cell("<i>|</i>"), "&lt;i&gt;\\|&lt;/i&gt;");
    }
}
