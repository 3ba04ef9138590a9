//! `mjrules gen`: a reproducible corpus of random legal hands, one JSON line each, with a
//! progress line on a terminal.

use mjrules::corpus;
use mjrules::random::HandGenerator;

use std::io::Write as _;

use super::{Failure, batch, write_line};

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
    let progress = batch::progress_line(Some(args.count));
    let stdout = std::io::stdout();
    let mut writer = std::io::BufWriter::new(stdout.lock());
    for n in 1..=args.count {
        let line = corpus::write_line(&generator.corpus_hand(args.winners_only));
        write_line(&mut writer, &line)?;
        if n % 16_384 == 0
            && let Some(bar) = &progress
        {
            batch::show(bar, n, n);
        }
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    writer.flush().map_err(|e| super::output_error(&e))
}
