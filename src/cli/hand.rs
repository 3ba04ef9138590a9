//! `mjrules hand`: a hand as a hand file (with `--kajongg`, a Kajongg string converted), or as
//! a corpus line.

use clap::ValueEnum;
use mjrules::corpus;
use mjrules::hand::write;

use super::{Failure, HandInput, load_hand};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: HandInput,
    /// Output format: a hand file, or a corpus line.
    #[arg(long, value_enum, default_value_t = HandFormat::Text)]
    format: HandFormat,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum HandFormat {
    /// A hand file (TOML).
    Text,
    /// A corpus line (JSON).
    Json,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    super::failures_as_json(args.format == HandFormat::Json);
    let hand = load_hand(&args.input)?;
    match args.format {
        HandFormat::Text => out!("{}", write::to_toml(&hand)),
        HandFormat::Json => outjson!(corpus::write_line(&hand)),
    }
    Ok(())
}
