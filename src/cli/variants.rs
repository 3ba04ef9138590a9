//! `mjrules variants`: the built-in variants, one a line.

use serde_json::{Value, json};

use mjrules::Variant;
use mjrules::rules::builtin;

use super::{Failure, Format, FormatArgs};

pub fn run(args: &FormatArgs) -> Result<(), Failure> {
    let mut rows = Vec::new();
    for id in builtin::ids() {
        let v = Variant::load(id, &[])?;
        rows.push(json!({
            "id": id,
            "name": v.definition().name,
            "source": v.definition().source,
            "style": v.definition().style.name(),
        }));
    }
    match args.format {
        Format::Json => outjson!(Value::Array(rows)),
        _ => {
            let text = |r: &Value, key: &str| r[key].as_str().unwrap_or("-").to_string();
            // Each column as wide as its widest entry.
            let width = |key: &str| rows.iter().map(|r| text(r, key).len()).max().unwrap_or(0);
            let (id, style, source) = (width("id"), width("style"), width("source"));
            for r in &rows {
                outln!(
                    "{:<id$}  {:<style$}  source {:<source$}  {}",
                    text(r, "id"),
                    text(r, "style"),
                    text(r, "source"),
                    text(r, "name")
                );
            }
        }
    }
    Ok(())
}
