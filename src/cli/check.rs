//! `mjrules check FILE...`: checks variant files, every problem at once; notes the tiles a
//! player who did not go out must have read every way (which is slower).

use mjrules::Variant;
use mjrules::tiles::{TileStyle, format_tiles};
use serde_json::{Value, json};

use super::{Failure, FormatArgs};

#[derive(clap::Args)]
pub struct Args {
    /// Variant files (or built-in ids) to check.
    #[arg(required = true)]
    files: Vec<String>,
    #[command(flatten)]
    format: FormatArgs,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let mut failed = Vec::new();
    let mut report = Vec::new();
    for file in &args.files {
        match Variant::load(file, &[]) {
            Ok(v) => {
                // The tiles a non-winner's pungs are not proved best for: scoring reads
                // them every way, which is slower (see `plan::groupings`).
                let regrouped: Vec<Value> = v
                    .plan()
                    .read_every_way()
                    .into_iter()
                    .map(|r| {
                        json!({
                            "tiles": format_tiles(r.tiles.iter(), TileStyle::Ascii),
                            "item": v.definition().items[r.item].id.value,
                            "why": r.why,
                        })
                    })
                    .collect();
                report.push(json!({
                    "file": file,
                    "variant": v.id(),
                    "ok": true,
                    "read_every_way": regrouped,
                }));
            }
            Err(e) => {
                report.push(json!({"file": file, "ok": false}));
                failed.push(Failure::from(e));
            }
        }
    }
    match args.format.format {
        super::Format::Json => outln!("{}", Value::Array(report)),
        _ => {
            for r in &report {
                if r["ok"] == true {
                    outln!(
                        "{}: ok ({})",
                        r["file"].as_str().unwrap_or(""),
                        r["variant"].as_str().unwrap_or("")
                    );
                    for note in r["read_every_way"].as_array().into_iter().flatten() {
                        outln!(
                            "  note: {} held alike by a player who did not go out are \
                             read every way, not only as pungs, which is slower (`{}`: {})",
                            note["tiles"].as_str().unwrap_or(""),
                            note["item"].as_str().unwrap_or(""),
                            note["why"].as_str().unwrap_or("")
                        );
                    }
                }
            }
        }
    }
    if failed.is_empty() {
        return Ok(());
    }
    let text: String = failed
        .into_iter()
        .map(|f| match f {
            Failure::Input(m) => m,
            Failure::Check => String::new(),
        })
        .collect();
    Err(Failure::Input(text))
}
