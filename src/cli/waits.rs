//! `mjrules waits HAND.toml`: the tiles that would complete a hand, whether the winning tile
//! was the only possible one, and whether it fished the eyes.

use mjrules::render;
use mjrules::waits::waits;

use super::{Failure, Format, HandArgs, load_hand};

pub fn run(args: &HandArgs) -> Result<(), Failure> {
    let hand = load_hand(&args.input)?;
    let style = args.tiles.into();
    let found = waits(&hand);
    match args.format {
        Format::Json => outln!("{}", render::waits_json(&found, style)),
        Format::Text => out!("{}", render::waits_text(&found, hand.is_winner(), style)),
    }
    Ok(())
}
