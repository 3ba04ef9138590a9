//! The audit report written out: as text, JSON, Markdown and HTML.

use serde_json::{Value, json};

use super::{Report, Status};

impl Report {
    /// The report as text.
    pub fn text(&self) -> String {
        let mut out = format!(
            "audit of `{}` against {}: {} entries, {} failures\n",
            self.variant,
            self.source,
            self.entries.len(),
            self.failures()
        );
        for e in &self.entries {
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
            out.push_str(&format!("  status: {}\n", e.status.text()));
        }
        if !self.uncovered.is_empty() {
            out.push_str("\nscoring passages that nothing cites (FAIL):\n");
            for p in &self.uncovered {
                out.push_str(&format!("  line {}: {}\n", p.first + 1, p.text.trim()));
            }
        }
        out
    }

    /// The report as JSON.
    pub fn json(&self) -> Value {
        json!({
            "variant": self.variant,
            "source": self.source,
            "failed": self.failed(),
            "failures": self.failures(),
            "entries": self.entries.iter().map(|e| json!({
                "what": e.what,
                "id": e.id,
                "says": e.says,
                "cites": e.cite.text(),
                "passage": e.passage.as_ref().map(|p| json!({"line": p.first + 1, "text": p.text})),
                "status": e.status.text(),
                "failed": e.status.failed(),
            })).collect::<Vec<_>>(),
            "uncovered": self.uncovered.iter().map(|p| json!({"line": p.first + 1, "text": p.text})).collect::<Vec<_>>(),
        })
    }

    /// The report as Markdown: a table with the rule beside its passage.
    pub fn markdown(&self) -> String {
        let cell = |t: &str| t.replace('|', "\\|").replace('\n', "<br>");
        let mut out = format!(
            "# Audit of `{}` against {}\n\n{} entries, {} failures.\n\n| rule | says | passage | status |\n|---|---|---|---|\n",
            self.variant,
            self.source,
            self.entries.len(),
            self.failures()
        );
        for e in &self.entries {
            let passage = e.passage.as_ref().map_or(String::new(), |p| {
                format!("line {}: {}", p.first + 1, cell(p.text.trim()))
            });
            out.push_str(&format!(
                "| {}<br>{} | {} | {} | {} |\n",
                e.label("`", "`"),
                cell(&e.cite.text()),
                cell(&e.says),
                passage,
                cell(&e.status.text())
            ));
        }
        if !self.uncovered.is_empty() {
            out.push_str("\n## Scoring passages that nothing cites\n\n");
            for p in &self.uncovered {
                out.push_str(&format!(
                    "- line {}: {}\n",
                    p.first + 1,
                    cell(p.text.trim())
                ));
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
             </head><body>\n<h1>Audit of <code>{0}</code> against {1}</h1>\n<p>{2} entries, {3} failures.</p>\n\
             <table><tr><th>rule</th><th>says</th><th>passage</th><th>status</th></tr>\n",
            esc(&self.variant),
            esc(&self.source),
            self.entries.len(),
            self.failures()
        );
        for e in &self.entries {
            let class = match e.status {
                _ if e.status.failed() => " class=\"fail\"",
                Status::KnownSlip(_) => " class=\"slip\"",
                _ => "",
            };
            let passage = e.passage.as_ref().map_or(String::new(), |p| {
                format!("line {}: {}", p.first + 1, esc(p.text.trim()))
            });
            out.push_str(&format!(
                "<tr{class}><td>{}<br><small>{}</small></td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                // Ids are lowercase words and hyphens: nothing to escape.
                e.label("<code>", "</code>"),
                esc(&e.cite.text()),
                esc(&e.says),
                passage,
                esc(&e.status.text())
            ));
        }
        out.push_str("</table>\n");
        if !self.uncovered.is_empty() {
            out.push_str("<h2>Scoring passages that nothing cites</h2>\n<ul>\n");
            for p in &self.uncovered {
                out.push_str(&format!(
                    "<li>line {}: {}</li>\n",
                    p.first + 1,
                    esc(p.text.trim())
                ));
            }
            out.push_str("</ul>\n");
        }
        out.push_str("</body></html>\n");
        out
    }
}
