//! `mjrules arrange HAND.toml`: every reading of a hand as sets, and the set the winning
//! tile completed.

use mjrules::arrange::arrangements;
use mjrules::render;

use super::{Failure, Format, HandArgs, load_hand};

pub fn run(args: &HandArgs) -> Result<(), Failure> {
    super::failures_as_json(args.format == Format::Json);
    let hand = load_hand(&args.input)?;
    let style = args.tiles.into();
    let found = arrangements(&hand);
    match args.format {
        Format::Json => outjson!(render::arrangements_json(&found, style)),
        Format::Text => out!(
            "{}",
            render::arrangements_text(&found, hand.is_winner(), style)
        ),
    }
    Ok(())
}
