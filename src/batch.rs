//! Corpora at speed: lines read in batches, each batch scored on every core (rayon), results
//! handed on in order, memory bounded by the batch; a progress line on a terminal.
//!
//! In: a reader of JSON Lines and a function from one line to a result. Out: the results, in
//! the order of the lines, to a sink; the first line that fails stops the run with its error.

use std::io::{BufRead, IsTerminal};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

/// Lines per batch.
pub const BATCH: usize = 16_384;

/// Calls `work` on every non-empty line (with its 1-based number) on all cores, with a
/// per-thread state from `init`, and `sink` on the results in line order. Returns the number
/// of lines worked, or the first error (of reading, of `work`, or of `sink`).
pub fn process<S, T, E>(
    input: impl BufRead,
    init: impl Fn() -> S + Sync + Send,
    work: impl Fn(&mut S, usize, &str) -> Result<T, E> + Sync + Send,
    mut sink: impl FnMut(T) -> Result<(), E>,
    read_error: impl Fn(std::io::Error) -> E,
) -> Result<u64, E>
where
    T: Send,
    E: Send,
{
    let progress = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} {human_pos} hands, {per_sec}")
                .expect("a valid template"),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    });
    let mut lines = input.lines();
    let mut number = 0usize;
    let mut done = 0u64;
    loop {
        let mut batch: Vec<(usize, String)> = Vec::with_capacity(BATCH);
        for line in lines.by_ref() {
            number += 1;
            let line = line.map_err(&read_error)?;
            if !line.trim().is_empty() {
                batch.push((number, line));
            }
            if batch.len() == BATCH {
                break;
            }
        }
        if batch.is_empty() {
            break;
        }
        let results: Vec<Result<T, E>> = batch
            .par_iter()
            .map_init(&init, |state, (n, line)| work(state, *n, line))
            .collect();
        for result in results {
            sink(result?)?;
        }
        done += batch.len() as u64;
        if let Some(bar) = &progress {
            bar.set_position(done);
        }
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    Ok(done)
}
