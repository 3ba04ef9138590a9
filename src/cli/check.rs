//! `mjrules check FILE...`: checks variant files, every problem at once; notes the tiles a
//! player who did not go out must have read every way (which is slower).

use mjrules::Variant;
use mjrules::rules::LoadError;
use mjrules::tiles::{TileStyle, format_tiles};
use serde_json::{Value, json};

use super::{Failure, FormatArgs, report};

#[derive(clap::Args)]
pub struct Args {
    /// Variant files (or built-in ids) to check.
    #[arg(required = true)]
    files: Vec<String>,
    #[command(flatten)]
    format: FormatArgs,
}

/// Prints what each file is (ok, or its problems) and exits 1 when a file has problems,
/// 2 when a file could not be read at all. With `--format json`, one array on standard
/// output: each file with `ok`, and its `problems` (see [`report::problems_json`]).
pub fn run(args: &Args) -> Result<(), Failure> {
    let mut report = Vec::new();
    let mut rendered = String::new();
    let (mut found, mut unreadable) = (false, false);
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
                    "problems": [],
                }));
            }
            Err(LoadError::Files(errors)) => {
                found = true;
                let problems: Vec<Value> = errors.iter().flat_map(report::problems_json).collect();
                report.push(json!({"file": file, "ok": false, "problems": problems}));
                rendered.extend(errors.into_iter().map(report::render_error));
            }
            Err(other) => {
                unreadable = true;
                let message = other.to_string();
                report.push(json!({
                    "file": file,
                    "ok": false,
                    "problems": [{"file": file, "message": message, "severity": "error"}],
                }));
                rendered.push_str(&format!("error: {message}\n"));
            }
        }
    }
    match args.format.format {
        super::Format::Json => outjson!(Value::Array(report)),
        _ => {
            for r in report.iter().filter(|r| r["ok"] == true) {
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
            crate::cli::to_stderr(&rendered);
        }
    }
    if unreadable {
        // Already said: a file that cannot be checked at all is bad input.
        Err(Failure::Input(String::new()))
    } else if found {
        Err(Failure::Check)
    } else {
        Ok(())
    }
}
