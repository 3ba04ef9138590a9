//! Corpora at speed: lines read in batches into one buffer, each batch scored on every core
//! (rayon) while the next one is read, results handed on in order, memory bounded by two
//! batches; a progress line on a terminal.
//!
//! In: a reader of JSON Lines and a function from one line to a result. Out: the results, in
//! the order of the lines, to a sink; the first line that fails stops the run with its error.

use std::io::{BufRead, IsTerminal};
use std::ops::Range;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

/// Lines per batch.
pub const BATCH: usize = 16_384;

/// Up to [`BATCH`] lines, in one buffer.
#[derive(Default)]
struct Batch {
    /// The lines' bytes, back to back.
    bytes: Vec<u8>,
    /// Each non-empty line: its 1-based number and its bytes, without the line end.
    lines: Vec<(usize, Range<usize>)>,
}

impl Batch {
    /// Empties the batch and reads the next lines into it; `number` counts every line read.
    /// An error comes with the number of the line that could not be read. The bytes are
    /// checked as UTF-8 line by line, later, on every core.
    fn fill(
        &mut self,
        input: &mut impl BufRead,
        number: &mut usize,
    ) -> Result<(), (usize, std::io::Error)> {
        self.bytes.clear();
        self.lines.clear();
        while self.lines.len() < BATCH {
            let start = self.bytes.len();
            let read = input
                .read_until(b'\n', &mut self.bytes)
                .map_err(|e| (*number + 1, e))?;
            if read == 0 {
                break;
            }
            *number += 1;
            let line = self.bytes[start..].trim_ascii();
            if !line.is_empty() {
                let end = start + self.bytes[start..].trim_ascii_end().len();
                self.lines.push((*number, start..end));
            }
        }
        Ok(())
    }
}

/// Calls `work` on every non-empty line (with its 1-based number) on all cores, with a
/// per-thread state from `init`, and `sink` on the results in line order. Returns the number
/// of lines worked, or the first error (of reading a line, given with its number, of
/// `work`, or of `sink`).
pub fn process<S, T, E>(
    mut input: impl BufRead + Send,
    init: impl Fn() -> S + Sync + Send,
    work: impl Fn(&mut S, usize, &str) -> Result<T, E> + Sync + Send,
    mut sink: impl FnMut(T) -> Result<(), E>,
    read_error: impl Fn(usize, std::io::Error) -> E + Sync,
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
    let mut number = 0usize;
    let mut done = 0u64;
    let (mut current, mut next) = (Batch::default(), Batch::default());
    let read_error = |(line, e)| read_error(line, e);
    current.fill(&mut input, &mut number).map_err(read_error)?;
    while !current.lines.is_empty() {
        // One worker reads the next batch while the others score the current one, and
        // helps them when it is done (with one thread, the two run one after the other).
        let (read, results): (_, Vec<Result<T, E>>) = rayon::join(
            || next.fill(&mut input, &mut number),
            || {
                current
                    .lines
                    .par_iter()
                    .map_init(&init, |state, (n, range)| {
                        match std::str::from_utf8(&current.bytes[range.clone()]) {
                            Ok(line) => work(state, *n, line),
                            Err(_) => Err(read_error((*n, not_utf8()))),
                        }
                    })
                    .collect()
            },
        );
        for result in results {
            sink(result?)?;
        }
        read.map_err(read_error)?;
        done += current.lines.len() as u64;
        if let Some(bar) = &progress {
            bar.set_position(done);
        }
        std::mem::swap(&mut current, &mut next);
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    Ok(done)
}

/// The error of a line that is not UTF-8, as the standard library words it.
fn not_utf8() -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        "stream did not contain valid UTF-8",
    )
}
