//! Corpora at speed: lines read in batches into one buffer, each batch scored on every core
//! (rayon) while the next one is read (on one thread, one after the other), results handed
//! on in order, memory bounded by two batches; a progress line on a terminal.
//!
//! In: a reader of JSON Lines, a function that prepares one line (its bytes, unchecked: the
//! function decides what to do with bytes that are not UTF-8; a corpus reads its hand) and
//! one from the line and what was prepared to a result. Lines are prepared a [`GROUP`] at a
//! time, then worked. Out: the results, in the order of the lines, to a sink; the first line
//! that fails stops the run with its error. (A corpus line that is not a hand, or holds one
//! the variant refuses, is not such a failure: its report is the line's result, counted by
//! [`NotScored`], and the run goes on.)

use std::convert::Infallible;
use std::io::{BufRead, IsTerminal, Read};
use std::ops::Range;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use mjrules::stats;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

/// Lines per batch. Small enough that a batch (a few hundred kilobytes) is still in the
/// processor's cache when it is scored after being read: 2,048 lines score 2 to 3 % more
/// hands a second on one core than 16,384 did, and as many on two.
pub const BATCH: usize = 2_048;

/// Lines prepared in a row before any of them is worked. Reading a hand and scoring it each
/// run through more code than the processor's instruction cache holds; a group of lines
/// read, then scored, fetches each of them once a group rather than once a line (a tenth
/// less time for a classical variant; 8 lines gain half as much, 128 no more).
pub const GROUP: usize = 32;

/// The longest corpus line read (a hand's line is a few hundred bytes).
pub const MAX_LINE: usize = 1 << 20;

/// The bytes read at a time into a batch: larger than the reader's own buffer, so that they
/// are read straight into the batch, and a fraction of a batch, so that a batch is not
/// much more than [`BATCH`] lines.
const READ: usize = 1 << 17;

/// The lines of a batch (at least [`BATCH`], and what remains of a block read: see
/// [`Batch::fill`]), in one buffer.
#[derive(Default)]
struct Batch {
    /// The lines' bytes, back to back.
    bytes: Vec<u8>,
    /// Each non-empty line: its 1-based number and its bytes, without the line end.
    lines: Vec<(usize, Range<usize>)>,
}

impl Batch {
    /// Empties the batch and reads the next lines into it: `pending` (the start of a line
    /// that the batch before did not end), then blocks of [`READ`] bytes read straight into
    /// the batch's buffer (not through the reader's own), the lines found in them with
    /// `memchr`, until at least [`BATCH`] lines are kept or the input ends. What follows the
    /// last line end is left in `pending` for the next batch. `number` counts every line
    /// read; an error comes with the number of the line that could not be read.
    fn fill(
        &mut self,
        input: &mut impl BufRead,
        number: &mut usize,
        pending: &mut Vec<u8>,
    ) -> Result<(), (usize, std::io::Error)> {
        self.bytes.clear();
        self.lines.clear();
        self.bytes.append(pending);
        // Where the line being read starts, and how far line ends have been looked for.
        let (mut start, mut searched) = (0, 0);
        while self.lines.len() < BATCH {
            let read = (input.by_ref().take(READ as u64))
                .read_to_end(&mut self.bytes)
                .map_err(|e| (*number + 1, e))?;
            for end in memchr::memchr_iter(b'\n', &self.bytes[searched..]) {
                *number += 1;
                keep(&self.bytes, &mut self.lines, *number, start..searched + end);
                start = searched + end + 1;
            }
            searched = self.bytes.len();
            if read == 0 {
                // The input ends; its last line may have no line end.
                if start < self.bytes.len() {
                    *number += 1;
                    keep(
                        &self.bytes,
                        &mut self.lines,
                        *number,
                        start..self.bytes.len(),
                    );
                    start = self.bytes.len();
                }
                break;
            }
            // A long line goes on, up to MAX_LINE bytes: an endless one, as from
            // `/dev/zero`, stops the run.
            if self.bytes.len() - start > MAX_LINE {
                return Err((
                    *number + 1,
                    std::io::Error::new(
                        std::io::ErrorKind::InvalidData,
                        format!("the line is longer than {} MiB", MAX_LINE >> 20),
                    ),
                ));
            }
        }
        pending.extend_from_slice(&self.bytes[start..]);
        self.bytes.truncate(start);
        Ok(())
    }
}

/// Keeps the line `range` of `bytes`, numbered `number`, in `lines`, without the white space
/// at its end, unless it is blank.
fn keep(bytes: &[u8], lines: &mut Vec<(usize, Range<usize>)>, number: usize, range: Range<usize>) {
    let line = &bytes[range.clone()];
    if !line.trim_ascii().is_empty() {
        lines.push((
            number,
            range.start..range.start + line.trim_ascii_end().len(),
        ));
    }
}

/// Calls `work` on every non-empty line's bytes (with its 1-based number) and what `prepare`
/// made of them, on all cores, with a per-thread state from `init`, and `sink` on the
/// results in line order. Each [`GROUP`] of lines is prepared before any of it is worked.
/// Returns the number of lines worked, or the first error (of reading a line, given with its
/// number, of `work`, or of `sink`).
///
/// On one thread the work is done in a plain loop: each batch read into the one buffer once
/// the batch before it is scored, its results given to `sink` as they come. (Through rayon,
/// with the next batch read into a second buffer before the current one is scored, one
/// thread scored about 2 % fewer riichi hands a second.)
pub fn process<S, P, T, E>(
    (mut input, size): (impl BufRead + Send, Option<u64>),
    init: impl Fn() -> S + Sync + Send,
    prepare: impl Fn(&[u8]) -> P + Sync + Send,
    work: impl Fn(&mut S, usize, &[u8], &P) -> Result<T, E> + Sync + Send,
    mut sink: impl FnMut(T) -> Result<(), E>,
    read_error: impl Fn(usize, std::io::Error) -> E + Sync,
) -> Result<u64, E>
where
    S: Send,
    T: Send,
    E: Send,
{
    let progress = progress_line(size);
    let mut number = 0usize;
    let (mut done, mut bytes) = (0u64, 0u64);
    let (mut current, mut next) = (Batch::default(), Batch::default());
    let mut pending = Vec::new();
    let read_error = |(line, e)| read_error(line, e);
    current
        .fill(&mut input, &mut number, &mut pending)
        .map_err(read_error)?;
    // The state of the one thread, when there is one; the states of the jobs otherwise.
    let mut alone = (rayon::current_num_threads() == 1).then(|| (init(), Vec::new()));
    let pool = Mutex::new(Vec::new());
    while !current.lines.is_empty() {
        let (lines, size) = (current.lines.len() as u64, current.bytes.len() as u64);
        if let Some((state, prepared)) = &mut alone {
            for group in current.lines.chunks(GROUP) {
                work_group(&current, group, state, prepared, &prepare, &work, |r| {
                    sink(r?)
                })?;
            }
            current
                .fill(&mut input, &mut number, &mut pending)
                .map_err(read_error)?;
        } else {
            // One worker reads the next batch while the others score the current one, and
            // helps them when it is done.
            let (read, results): (_, Vec<Vec<Result<T, E>>>) = rayon::join(
                || next.fill(&mut input, &mut number, &mut pending),
                || {
                    current
                        .lines
                        .par_chunks(GROUP)
                        .map_init(
                            || (Lent::from(&pool, &init), Vec::new()),
                            |(lent, prepared), group| {
                                let mut results = Vec::with_capacity(group.len());
                                let Ok(()) = work_group::<_, _, _, _, Infallible>(
                                    &current,
                                    group,
                                    lent.state(),
                                    prepared,
                                    &prepare,
                                    &work,
                                    |r| {
                                        results.push(r);
                                        Ok(())
                                    },
                                );
                                results
                            },
                        )
                        .collect()
                },
            );
            for result in results.into_iter().flatten() {
                sink(result?)?;
            }
            read.map_err(read_error)?;
            std::mem::swap(&mut current, &mut next);
        }
        done += lines;
        bytes += size;
        if let Some(bar) = &progress {
            show(bar, done, bytes);
        }
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    Ok(done)
}

/// Works the lines `group` of `batch` with `state`, giving each result to `each` (and
/// stopping at its first error): all of them prepared first, into `prepared`, where they
/// are kept (a vector's room, reused from one group to the next) and lent to `work`, not
/// moved again.
fn work_group<S, P, T, E, F>(
    batch: &Batch,
    group: &[(usize, Range<usize>)],
    state: &mut S,
    prepared: &mut Vec<P>,
    prepare: impl Fn(&[u8]) -> P,
    work: impl Fn(&mut S, usize, &[u8], &P) -> Result<T, E>,
    mut each: impl FnMut(Result<T, E>) -> Result<(), F>,
) -> Result<(), F> {
    let line = |range: &Range<usize>| &batch.bytes[range.clone()];
    prepared.clear();
    prepared.extend(group.iter().map(|(_, range)| prepare(line(range))));
    for ((n, range), p) in group.iter().zip(prepared.iter()) {
        each(work(state, *n, line(range), p))?;
    }
    Ok(())
}

/// A state made by `init` of [`process`], lent to one job of a batch's work and given back
/// to the pool when the job ends, so that the next job takes it as it was left (a scorer
/// with what it remembers, its buffers grown) instead of a new one. Rayon makes a state for
/// each job, and splits each batch into several.
struct Lent<'p, S> {
    state: Option<S>,
    pool: &'p Mutex<Vec<S>>,
}

impl<'p, S> Lent<'p, S> {
    /// A state of the pool, or a new one when the pool has none left.
    fn from(pool: &'p Mutex<Vec<S>>, init: impl Fn() -> S) -> Self {
        let kept = pool.lock().unwrap_or_else(PoisonError::into_inner).pop();
        Lent {
            state: Some(kept.unwrap_or_else(init)),
            pool,
        }
    }

    fn state(&mut self) -> &mut S {
        self.state
            .get_or_insert_with(|| unreachable!("a state is lent until dropped"))
    }
}

impl<S> Drop for Lent<'_, S> {
    fn drop(&mut self) {
        if let Some(state) = self.state.take() {
            (self.pool.lock().unwrap_or_else(PoisonError::into_inner)).push(state);
        }
    }
}

/// The progress line on a terminal (none elsewhere): the hands done and the rate, and the
/// share of the input read when its `size` in bytes is known.
pub fn progress_line(size: Option<u64>) -> Option<ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let (bar, template) = match size.filter(|&n| n > 0) {
            Some(n) => (ProgressBar::new(n), "{spinner} {percent:>3} % {msg}"),
            None => (ProgressBar::new_spinner(), "{spinner} {msg}"),
        };
        bar.set_style(ProgressStyle::with_template(template).expect("a valid template"));
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    })
}

/// Shows `done` hands, and `position` in the bar's length (bytes read, or hands made).
pub fn show(bar: &ProgressBar, done: u64, position: u64) {
    let seconds = bar.elapsed().as_secs_f64();
    let rate = if seconds > 0.0 {
        format!(", {:.0} a second", done as f64 / seconds)
    } else {
        String::new()
    };
    bar.set_position(position);
    bar.set_message(format!("{}{rate}", stats::hands(done)));
}

/// How many reports of lines not scored are drawn; the rest are counted.
const BAD_LINES_SHOWN: usize = 20;

/// Why a corpus line was not scored, with its report.
pub enum Skipped {
    /// The line is not a hand (not JSON, not a hand's keys, a hand that does not validate).
    Unreadable(String),
    /// The line's hand is one the variant (or, in a comparison, one of the two) refuses by
    /// one of its own `[[refusals]]`.
    Refused(String),
}

/// The corpus lines that were not scored: each is reported (the first [`BAD_LINES_SHOWN`]
/// drawn on standard error, or written in the JSON output), counted by its reason, and the
/// run goes on, and fails at its end.
#[derive(Default)]
pub struct NotScored {
    unreadable: usize,
    refused: usize,
    /// The reports not drawn, past the first [`BAD_LINES_SHOWN`].
    hidden: usize,
}

impl NotScored {
    /// Counts the line `skipped`, and draws its report on standard error.
    pub fn add(&mut self, skipped: &Skipped) {
        let report = self.count_one(skipped);
        if self.count() <= BAD_LINES_SHOWN {
            crate::cli::to_stderr(report);
        } else {
            self.hidden += 1;
        }
    }

    /// Counts the line `skipped` (its report is written elsewhere, in the JSON output), and
    /// gives its report.
    pub fn count_one<'s>(&mut self, skipped: &'s Skipped) -> &'s str {
        match skipped {
            Skipped::Unreadable(report) => {
                self.unreadable += 1;
                report
            }
            Skipped::Refused(report) => {
                self.refused += 1;
                report
            }
        }
    }

    /// How many lines were not scored.
    pub fn count(&self) -> usize {
        self.unreadable + self.refused
    }

    /// How many lines could not be read.
    pub fn unreadable(&self) -> usize {
        self.unreadable
    }

    /// How many lines hold a hand that was refused.
    pub fn refused(&self) -> usize {
        self.refused
    }

    /// The failure of a run that left lines of `corpus` unscored, if it did: a line for
    /// those that could not be read, and one for those whose hands `refusing` (the
    /// variants, named as the message says them) refused.
    pub fn finish(&self, corpus: &str, refusing: &str) -> Result<(), super::Failure> {
        if self.count() == 0 {
            return Ok(());
        }
        let mut text = String::new();
        if self.hidden > 0 {
            text += &format!("… and {} more lines not shown\n", self.hidden);
        }
        let lines = |n: usize| if n == 1 { "line" } else { "lines" };
        let were = |n: usize| if n == 1 { "was" } else { "were" };
        if self.unreadable > 0 {
            let u = self.unreadable;
            text += &format!(
                "error: {u} {} of `{corpus}` could not be read, and {} not scored\n",
                lines(u),
                were(u),
            );
        }
        if self.refused > 0 {
            let r = self.refused;
            text += &format!(
                "error: {r} {} of `{corpus}` {} a hand {refusing} refuses, and {} not scored\n",
                lines(r),
                if r == 1 { "holds" } else { "hold" },
                were(r),
            );
        }
        Err(super::Failure::Input(text))
    }
}

/// The speed line of a corpus summary: `N hands under V in S s: R hands per second (T
/// threads)`.
pub fn speed(hands: u64, under: &str, seconds: f64) -> String {
    let threads = rayon::current_num_threads();
    let per_second = if seconds > 0.0 {
        hands as f64 / seconds
    } else {
        0.0
    };
    format!(
        "{} under {under} in {seconds:.2} s: {per_second:.0} hands per second ({threads} {})",
        stats::hands(hands),
        if threads == 1 { "thread" } else { "threads" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines `fill` keeps from `text`, read through a buffer of `capacity` bytes.
    fn lines_of(text: &str, capacity: usize) -> (Vec<(usize, String)>, usize) {
        let mut input = std::io::BufReader::with_capacity(capacity, text.as_bytes());
        let (mut batch, mut number) = (Batch::default(), 0);
        batch
            .fill(&mut input, &mut number, &mut Vec::new())
            .unwrap();
        let lines = batch
            .lines
            .iter()
            .map(|(n, r)| {
                (
                    *n,
                    String::from_utf8(batch.bytes[r.clone()].to_vec()).unwrap(),
                )
            })
            .collect();
        (lines, number)
    }

    #[test]
    fn lines_are_numbered_as_in_the_file_whatever_the_blocks() {
        // Blank lines are counted but not kept; a line end may be CRLF; the last line may
        // have no line end; leading space is kept (JSON allows it), trailing space is not.
        let text = "{\"a\":1}\n\n  \r\n {\"b\":2}\r\n{\"c\":3}  \n{\"d\":4}";
        let expected = vec![
            (1, "{\"a\":1}".to_string()),
            (4, " {\"b\":2}".to_string()),
            (5, "{\"c\":3}".to_string()),
            (6, "{\"d\":4}".to_string()),
        ];
        // Blocks smaller than a line, cutting lines and line ends anywhere, and one block.
        for capacity in [1, 2, 3, 5, 8, 4096] {
            assert_eq!(
                lines_of(text, capacity),
                (expected.clone(), 6),
                "{capacity}"
            );
        }
        assert_eq!(lines_of("", 8), (vec![], 0));
        assert_eq!(lines_of("\n\n", 8), (vec![], 2));
    }

    #[test]
    fn each_line_is_worked_with_what_was_prepared_of_it_and_handed_on_in_order() {
        // More lines than a group, not a whole number of groups, with a blank line: each
        // result must pair a line's number, its bytes and what `prepare` made of them.
        let total = 3 * GROUP + 5;
        let text: String = (1..=total)
            .map(|n| {
                if n == 7 {
                    "\n".to_string()
                } else {
                    format!("{n}\n")
                }
            })
            .collect();
        let mut results = Vec::new();
        let done = process(
            (std::io::BufReader::new(text.as_bytes()), None),
            || (),
            |line: &[u8]| std::str::from_utf8(line).unwrap().parse::<usize>().unwrap(),
            |_, n, line, prepared| Ok::<_, ()>((n, line.to_vec(), *prepared)),
            |result| {
                results.push(result);
                Ok(())
            },
            |_, _| (),
        );
        assert_eq!(done, Ok(total as u64 - 1));
        let expected: Vec<_> = (1..=total)
            .filter(|&n| n != 7)
            .map(|n| (n, n.to_string().into_bytes(), n))
            .collect();
        assert_eq!(results, expected);
    }

    #[test]
    fn a_line_longer_than_max_line_stops_the_reading_with_its_number() {
        let text = format!("{{}}\n{}", "x".repeat(MAX_LINE + 1));
        let mut input = std::io::BufReader::with_capacity(4096, text.as_bytes());
        let (mut batch, mut number) = (Batch::default(), 0);
        let (line, error) = (batch.fill(&mut input, &mut number, &mut Vec::new())).unwrap_err();
        assert_eq!(line, 2);
        assert!(error.to_string().contains("longer than 1 MiB"), "{error}");
    }

    #[test]
    fn a_batch_stops_after_batch_lines_and_the_next_goes_on() {
        // Lines of 100 bytes, four batches' worth: blocks of READ bytes cut lines anywhere.
        let total = 4 * BATCH;
        let text: String = (1..=total).map(|n| format!("{n:>99}\n")).collect();
        let mut input = std::io::BufReader::with_capacity(64, text.as_bytes());
        let (mut batch, mut number, mut pending) = (Batch::default(), 0, Vec::new());
        batch.fill(&mut input, &mut number, &mut pending).unwrap();
        // Whole blocks are read, so a batch may hold up to a block of lines more than BATCH;
        // the line cut at the end of the block waits for the next batch.
        let first = batch.lines.len();
        assert!((BATCH..BATCH + READ / 100).contains(&first), "{first}");
        assert_eq!(number, first);
        assert!(!pending.is_empty());
        let mut kept = first;
        loop {
            batch.fill(&mut input, &mut number, &mut pending).unwrap();
            if batch.lines.is_empty() {
                break;
            }
            // Numbered on from the batch before, each line whole.
            assert_eq!(batch.lines[0].0, kept + 1);
            for (n, range) in &batch.lines {
                assert_eq!(
                    batch.bytes[range.clone()].trim_ascii(),
                    n.to_string().as_bytes()
                );
            }
            kept += batch.lines.len();
        }
        assert_eq!((kept, number), (total, total));
        assert!(pending.is_empty());
    }
}
