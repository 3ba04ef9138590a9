//! What each of the fast scorer's shortcuts saves: scores the hands of a corpus under a
//! variant with every shortcut on (the default), with one turned off, or with none, and
//! prints how many hands, the sum of their totals (the same whatever is turned off) and the
//! time taken, on one thread.
//!
//! ```sh
//! cargo run --release --example tricks -- czech corpus.jsonl            # every shortcut
//! cargo run --release --example tricks -- czech corpus.jsonl groupings  # all but one
//! cargo run --release --example tricks -- czech corpus.jsonl none       # none of them
//! ```
//!
//! Run under `valgrind --tool=callgrind` on two lengths of corpus to count the
//! instructions a hand at the margin (see `docs/performance.md`).

use std::io::BufRead;
use std::process::ExitCode;
use std::time::Instant;

use mjrules::{Tricks, Variant};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (variant, corpus, off) = match args.as_slice() {
        [variant, corpus] => (variant, corpus, None),
        [variant, corpus, off] => (variant, corpus, Some(off.as_str())),
        _ => {
            eprintln!(
                "usage: tricks VARIANT CORPUS [none | {}]",
                Tricks::NAMES.join(" | ")
            );
            return ExitCode::from(2);
        }
    };
    let tricks = match off {
        None => Tricks::ALL,
        Some("none") => Tricks::NONE,
        Some(name) => match Tricks::ALL.without(name) {
            Some(tricks) => tricks,
            None => {
                eprintln!(
                    "error: no shortcut is called `{name}`; they are {}",
                    Tricks::NAMES.join(", ")
                );
                return ExitCode::from(2);
            }
        },
    };
    let loaded = match Variant::load(variant, &[]) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let variant = Variant::with_tricks(loaded.rules().clone(), tricks);
    let file = match std::fs::File::open(corpus) {
        Ok(f) => std::io::BufReader::new(f),
        Err(e) => {
            eprintln!("error: cannot read `{corpus}`: {e}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let mut scorer = variant.scorer();
    let (mut hands, mut sum) = (0u64, 0i64);
    for (n, line) in file.split(b'\n').enumerate() {
        let line = match line {
            Ok(line) => line,
            Err(e) => {
                eprintln!("error: cannot read `{corpus}`: {e}");
                return ExitCode::FAILURE;
            }
        };
        if line.trim_ascii().is_empty() {
            continue;
        }
        match mjrules::corpus::read_line(&line) {
            Ok(hand) => {
                hands += 1;
                sum += scorer.totals(&hand).total;
            }
            Err(_) => {
                eprintln!(
                    "error: line {} is not a hand (`mjrules score --corpus` says why)",
                    n + 1
                );
                return ExitCode::FAILURE;
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let with = match off {
        None => "every shortcut".to_string(),
        Some("none") => "no shortcut".to_string(),
        Some(name) => format!("every shortcut but {name}"),
    };
    println!(
        "{} with {with}: {hands} hands, totals {sum}, {seconds:.3} s, {:.0} hands a second",
        variant.id(),
        hands as f64 / seconds
    );
    ExitCode::SUCCESS
}
