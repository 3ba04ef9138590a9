//! `mjrules gen`: a reproducible corpus of random legal hands, one JSON line each.

use mjrules::corpus;
use mjrules::random::HandGenerator;

use super::Failure;

#[derive(clap::Args)]
pub struct Args {
    /// The seed: the same seed gives the same corpus.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many hands.
    #[arg(long, default_value_t = 1000)]
    count: u64,
    /// Only hands that went out.
    #[arg(long)]
    winners_only: bool,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let mut generator = HandGenerator::new(args.seed);
    for _ in 0..args.count {
        outln!(
            "{}",
            corpus::write_line(&generator.corpus_hand(args.winners_only))
        );
    }
    Ok(())
}
