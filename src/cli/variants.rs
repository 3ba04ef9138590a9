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
        Format::Json => outln!("{}", Value::Array(rows)),
        _ => {
            for r in &rows {
                outln!(
                    "{:<24} {:<20} source {:<6} {}",
                    r["id"].as_str().unwrap_or(""),
                    r["style"].as_str().unwrap_or(""),
                    r["source"].as_str().unwrap_or("-"),
                    r["name"].as_str().unwrap_or("")
                );
            }
        }
    }
    Ok(())
}
