//! The audit report written out: as text, JSON, Markdown and HTML.
//!
//! Each form says the same: how the text's sentences are accounted for (cited, marked not
//! scored, uncovered), each entry from this text beside its passage and the number the
//! passage ties to it, the entries that cite another source listed apart, and the
//! sentences and values nothing accounts for.

use serde_json::{Value, json};

use super::{Entry, Passage, Report, Status};

/// An entry's passage and the number tied to it, for a table's cell: `line 25: …<br>value:
/// …`, each text put through `escape`.
fn passage_cell(e: &Entry, escape: impl Fn(&str) -> String) -> String {
    let mut out = e.passage.as_ref().map_or(String::new(), |p| {
        format!("line {}: {}", p.first + 1, escape(p.text.trim()))
    });
    if let Some(t) = &e.tied {
        out.push_str(&format!("<br>value: {}", escape(&t.to_string())));
    }
    out
}

impl Report {
    /// `47 sentences: 40 cited, 7 not scored, 0 uncovered; 2 values no rule reads`.
    pub fn coverage_text(&self) -> String {
        let c = &self.coverage;
        format!(
            "{} sentences: {} cited, {} not scored, {} uncovered; {} values no rule reads",
            c.units,
            c.cited,
            c.not_scored,
            self.uncovered.len(),
            self.untied.len()
        )
    }

    fn heading(&self) -> String {
        let (own, other) = self.from_text();
        format!(
            "{} entries from this text, {} not from this text, {} failures",
            own.len(),
            other.len(),
            self.failures()
        )
    }

    /// The report as text.
    pub fn text(&self) -> String {
        let mut out = format!(
            "audit of `{}` against {}: {}\n{}\n",
            self.variant,
            self.source,
            self.heading(),
            self.coverage_text()
        );
        let (own, other) = self.from_text();
        for e in own {
            out.push_str(&format!("\n{}:\n", e.label("", "")));
            out.push_str(&format!("  says:   {}\n", e.says));
            out.push_str(&format!("  cites:  {}\n", e.cite.text()));
            if let Some(p) = &e.passage {
                for (k, line) in p.text.lines().enumerate() {
                    let label = if k == 0 {
                        format!("  line {}:", p.first + 1)
                    } else {
                        String::new()
                    };
                    out.push_str(&format!("{label:<12}{}\n", line.trim()));
                }
            }
            if let Some(t) = &e.tied {
                out.push_str(&format!("  value:  {t}\n"));
            }
            out.push_str(&format!("  status: {}\n", e.status.text()));
        }
        if !other.is_empty() {
            out.push_str("\nnot from this text:\n");
            for e in other {
                out.push_str(&format!(
                    "  {}: {} (cites {})\n",
                    e.label("", ""),
                    e.says,
                    e.cite.text()
                ));
            }
        }
        for (title, list) in self.failing_lines() {
            out.push_str(&format!("\n{title} (FAIL):\n"));
            for (line, text) in list {
                out.push_str(&format!("  line {line}: {text}\n"));
            }
        }
        out
    }

    /// The sentences nothing accounts for and the values no rule reads, with their lines.
    fn failing_lines(&self) -> Vec<(&'static str, Vec<(usize, String)>)> {
        let at = |p: &Passage| p.first + 1;
        [
            (
                "sentences that nothing cites or marks as not scored",
                self.uncovered
                    .iter()
                    .map(|p| (at(p), p.text.clone()))
                    .collect::<Vec<_>>(),
            ),
            (
                "values in cited sentences that no rule reads",
                self.untied
                    .iter()
                    .map(|(v, p)| (at(p), format!("{v} in: {}", p.text)))
                    .collect(),
            ),
        ]
        .into_iter()
        .filter(|(_, list)| !list.is_empty())
        .collect()
    }

    /// The report as JSON.
    pub fn json(&self) -> Value {
        let entry = |e: &Entry| {
            json!({
                "what": e.what,
                "id": e.id,
                "says": e.says,
                "cites": e.cite.text(),
                "passage": e.passage.as_ref().map(|p| json!({"line": p.first + 1, "text": p.text})),
                "value": e.tied.as_ref().map(ToString::to_string),
                "status": e.status.text(),
                "failed": e.status.failed(),
            })
        };
        let (own, other) = self.from_text();
        let c = &self.coverage;
        json!({
            "variant": self.variant,
            "source": self.source,
            "failed": self.failed(),
            "failures": self.failures(),
            "coverage": {
                "sentences": c.units,
                "cited": c.cited,
                "not_scored": c.not_scored,
                "uncovered": self.uncovered.len(),
                "values_no_rule_reads": self.untied.len(),
            },
            "entries": own.into_iter().map(entry).collect::<Vec<_>>(),
            "not_from_this_text": other.into_iter().map(entry).collect::<Vec<_>>(),
            "uncovered": self.uncovered.iter().map(|p| json!({"line": p.first + 1, "text": p.text})).collect::<Vec<_>>(),
            "untied": self.untied.iter().map(|(v, p)| json!({"line": p.first + 1, "value": v.to_string(), "text": p.text})).collect::<Vec<_>>(),
        })
    }

    /// The report as Markdown: a table with the rule beside its passage.
    pub fn markdown(&self) -> String {
        // The text's markup shown, not run; its lines kept apart in the cell.
        let cell = |t: &str| {
            let lines: Vec<String> = t.split('\n').map(crate::markdown::cell).collect();
            lines.join("<br>")
        };
        let mut out = format!(
            "# Audit of {} against {}\n\n{}.\n\n{}.\n\n| rule | says | passage | status |\n|---|---|---|---|\n",
            crate::markdown::code(&self.variant),
            cell(&self.source),
            self.heading(),
            self.coverage_text()
        );
        let (own, other) = self.from_text();
        for e in own {
            out.push_str(&format!(
                "| {}<br>{} | {} | {} | {} |\n",
                e.label("`", "`"),
                cell(&e.cite.text()),
                cell(&e.says),
                passage_cell(e, cell),
                cell(&e.status.text())
            ));
        }
        if !other.is_empty() {
            out.push_str("\n## Not from this text\n\n");
            for e in other {
                out.push_str(&format!(
                    "- {}: {} (cites {})\n",
                    e.label("`", "`"),
                    cell(&e.says),
                    cell(&e.cite.text())
                ));
            }
        }
        for (title, list) in self.failing_lines() {
            out.push_str(&format!("\n## {title}\n\n"));
            for (line, text) in list {
                out.push_str(&format!("- line {line}: {}\n", cell(&text)));
            }
        }
        out
    }

    /// The report as a standalone HTML page: each rule beside its passage.
    pub fn html(&self) -> String {
        let esc = |t: &str| {
            t.replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
                .replace('\n', "<br>")
        };
        let mut out = format!(
            "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Audit of {0}</title>\n\
             <style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:4px 8px;vertical-align:top}}.fail{{background:#fdd}}.slip{{background:#ffd}}</style>\n\
             </head><body>\n<h1>Audit of <code>{0}</code> against {1}</h1>\n<p>{2}.</p>\n<p>{3}.</p>\n\
             <table><tr><th>rule</th><th>says</th><th>passage</th><th>status</th></tr>\n",
            esc(&self.variant),
            esc(&self.source),
            esc(&self.heading()),
            esc(&self.coverage_text())
        );
        let (own, other) = self.from_text();
        for e in own {
            let class = match e.status {
                _ if e.status.failed() => " class=\"fail\"",
                Status::KnownSlip(_) => " class=\"slip\"",
                _ => "",
            };
            out.push_str(&format!(
                "<tr{class}><td>{}<br><small>{}</small></td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                // Ids are lowercase words and hyphens: nothing to escape.
                e.label("<code>", "</code>"),
                esc(&e.cite.text()),
                esc(&e.says),
                passage_cell(e, esc),
                esc(&e.status.text())
            ));
        }
        out.push_str("</table>\n");
        if !other.is_empty() {
            out.push_str("<h2>Not from this text</h2>\n<ul>\n");
            for e in other {
                out.push_str(&format!(
                    "<li>{}: {} (cites {})</li>\n",
                    e.label("<code>", "</code>"),
                    esc(&e.says),
                    esc(&e.cite.text())
                ));
            }
            out.push_str("</ul>\n");
        }
        for (title, list) in self.failing_lines() {
            out.push_str(&format!("<h2>{}</h2>\n<ul>\n", esc(title)));
            for (line, text) in list {
                out.push_str(&format!("<li>line {line}: {}</li>\n", esc(&text)));
            }
            out.push_str("</ul>\n");
        }
        out.push_str("</body></html>\n");
        out
    }
}
