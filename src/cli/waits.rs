//! `mjrules waits HAND.toml`: the tiles that would complete a hand (in the standard shape or
//! one of the variant's special shapes), whether the winning tile was the only possible one,
//! and whether it fished the eyes.

use mjrules::Variant;
use mjrules::render;
use mjrules::rules::builtin;
use mjrules::waits::waits_in;

use super::{Failure, Format, HandArgs, load_hand_for, parse_override};

#[derive(clap::Args)]
pub struct Args {
    /// The variant whose special shapes count too (a built-in id or a path; `bmja` unless
    /// given).
    #[arg(long, value_name = "ID|PATH")]
    variant: Option<String>,
    /// Overrides a parameter of the variant: `--param limit=500`.
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_override)]
    params: Vec<(String, String)>,
    #[command(flatten)]
    hand: HandArgs,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    super::failures_as_json(args.hand.format == Format::Json);
    let variant = Variant::load(
        args.variant.as_deref().unwrap_or(builtin::DEFAULT),
        &args.params,
    )?;
    // A hand the variant refuses has no waits under it.
    let hand = load_hand_for(&args.hand.input, &[&variant])?;
    let style = args.hand.tiles.into();
    let found = waits_in(&hand, &variant);
    match args.hand.format {
        Format::Json => outjson!(render::waits_json(&found, style)),
        Format::Text => out!("{}", render::waits_text(&found, hand.is_winner(), style)),
    }
    Ok(())
}
