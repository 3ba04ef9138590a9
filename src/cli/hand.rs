//! `mjrules hand`: a hand as a hand file (with `--kajongg`, a Kajongg string converted).

use mjrules::hand::write;

use super::{Failure, HandArgs, load_hand};

pub fn run(args: &HandArgs) -> Result<(), Failure> {
    let hand = load_hand(args)?;
    out!("{}", write::to_toml(&hand));
    Ok(())
}
