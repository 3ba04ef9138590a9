//! `mjrules diff A B`: what differs between two variant files, rule by rule (after
//! `extends`).

use mjrules::diff;
use mjrules::rules::load_definition;

use super::{Failure, Format, FormatArgs};

#[derive(clap::Args)]
pub struct Args {
    /// The first variant (built-in id or path).
    a: String,
    /// The second variant (built-in id or path).
    b: String,
    #[command(flatten)]
    format: FormatArgs,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    super::failures_as_json(args.format.format == super::Format::Json);
    let a = load_definition(&args.a)?;
    let b = load_definition(&args.b)?;
    let changes = diff::diff(&a, &b);
    match args.format.format {
        Format::Json => outjson!(diff::json(&changes)),
        _ => out!("{}", diff::text(&a.id, &b.id, &changes)),
    }
    Ok(())
}
