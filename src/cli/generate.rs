//! `mjrules gen`: a reproducible corpus of random legal hands, one JSON line each (or, to
//! read, one hand file each), with a progress line on a terminal.

use clap::ValueEnum;
use mjrules::corpus;
use mjrules::hand::write;
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
    /// Hands of a table that plays with indicator tiles (riichi's dora): indicators, red
    /// fives and ready declarations, no bonus tiles.
    #[arg(long)]
    indicators: bool,
    /// One winner in eight of a pattern that is not four sets and a pair: seven pairs, the
    /// thirteen terminals and honours, knitted tiles (147 258 369 in three suits) with
    /// honours, or beside a set and a pair.
    #[arg(long)]
    special_patterns: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = GenFormat::Json)]
    format: GenFormat,
}

/// What `gen` writes: a corpus by default, since that is what it is for.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum GenFormat {
    /// Hand files (TOML), each headed by a comment with its number, to read or to copy out.
    Text,
    /// A corpus: one hand per line (JSON Lines).
    Json,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let mut generator = if args.indicators {
        HandGenerator::with_indicators(args.seed)
    } else {
        HandGenerator::new(args.seed)
    };
    if args.special_patterns {
        generator = generator.with_special_patterns();
    }
    let progress = batch::progress_line(Some(args.count));
    let stdout = std::io::stdout();
    let mut writer = std::io::BufWriter::new(stdout.lock());
    for n in 1..=args.count {
        let hand = generator.corpus_hand(args.winners_only);
        let text = match args.format {
            GenFormat::Json => corpus::write_line(&hand),
            GenFormat::Text => format!(
                "# hand {n} of gen --seed {}\n{}",
                args.seed,
                write::to_toml(&hand)
            ),
        };
        write_line(&mut writer, &text)?;
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
