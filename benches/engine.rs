//! Benchmarks of the engine's hot paths over reproducible random hands (seed 2026).
//!
//! Run: `cargo bench --bench engine`. Each figure is per hand: the benchmark cycles through
//! 4,096 pre-generated hands so that no single shape dominates.

use divan::{Bencher, black_box};
use mjrules::arrange::{Arrangement, Groupings, arrange_into};
use mjrules::hand::Hand;
use mjrules::random::HandGenerator;
use mjrules::waits::waits;

const POOL: usize = 4096;

fn main() {
    divan::main();
}

/// Runs `f` on the items in turn, one per iteration, round and round.
fn cycle<T, R>(bencher: Bencher, items: &[T], mut f: impl FnMut(&T) -> R) {
    let mut next = 0;
    bencher.bench_local(|| {
        let item = black_box(&items[next % items.len()]);
        next += 1;
        f(item)
    });
}

fn pool(make: impl FnMut(&mut HandGenerator) -> Hand) -> Vec<Hand> {
    let mut generator = HandGenerator::new(2026);
    let mut make = make;
    (0..POOL).map(|_| make(&mut generator)).collect()
}

/// Every arrangement of a 14-tile (plus kongs) winning hand.
#[divan::bench(sample_count = 2000, sample_size = 64)]
fn arrange_winning_hand(bencher: Bencher) {
    let hands = pool(HandGenerator::winning_hand);
    let mut out: Vec<Arrangement> = Vec::with_capacity(16);
    cycle(bencher, &hands, |hand| {
        out.clear();
        arrange_into(hand, Groupings::every(), &[], &mut out);
        out.len()
    });
}

/// All waits of a 13-tile (plus kongs) hand.
#[divan::bench(sample_count = 2000, sample_size = 64)]
fn waits_of_waiting_hand(bencher: Bencher) {
    let hands = pool(HandGenerator::waiting_hand);
    cycle(bencher, &hands, waits);
}

#[path = "handwritten_bmja.rs"]
mod handwritten;

/// Full scoring of a winning hand under BMJA's basic table from text 003
/// (benches/bmja-basic.toml: arrangements and every item; it asks nothing that needs the
/// waits).
#[divan::bench(sample_count = 2000, sample_size = 64)]
fn score_bmja_interpreted(bencher: Bencher) {
    let hands = pool(HandGenerator::winning_hand);
    let variant = mjrules::Variant::load(
        concat!(env!("CARGO_MANIFEST_DIR"), "/benches/bmja-basic.toml"),
        &[],
    )
    .unwrap();
    let mut scorer = mjrules::Variant::scorer(&variant);
    cycle(bencher, &hands, |hand| scorer.totals(hand).total);
}

/// The same table written by hand in Rust (benches/handwritten_bmja.rs).
#[divan::bench(sample_count = 2000, sample_size = 64)]
fn score_bmja_handwritten(bencher: Bencher) {
    let hands = pool(HandGenerator::winning_hand);
    let mut buffer = Vec::new();
    cycle(bencher, &hands, |hand| {
        handwritten::score(hand, &mut buffer)
    });
}

/// The basic table plus an item that asks for the only possible tile, so the waits are
/// computed too.
#[divan::bench(sample_count = 2000, sample_size = 64)]
fn score_bmja_with_waits(bencher: Bencher) {
    let hands = pool(HandGenerator::winning_hand);
    let text = "[variant]\nid = \"bmja-waits\"\nextends = \"benches/bmja-basic.toml\"\n[[points]]\nid = \"only-possible\"\n\
                who = \"winner\"\nwhen = \"only_possible\"\nvalue = 2\ncite = { source = \"001\", at = \"only possible tile\" }\n";
    let variant = mjrules::Variant::from_text("bmja-waits.toml", text).unwrap();
    assert!(variant.plan().needs_waits());
    let mut scorer = mjrules::Variant::scorer(&variant);
    cycle(bencher, &hands, |hand| scorer.totals(hand).total);
}

/// Corpus lines as `mjrules gen` writes them (winners and others, seed 2026).
fn corpus_lines() -> Vec<String> {
    let mut generator = HandGenerator::new(2026);
    (0..POOL)
        .map(|_| mjrules::corpus::write_line(&generator.corpus_hand(false)))
        .collect()
}

/// Reading one corpus line into a checked hand: JSON, tile notation, the hand-file checks.
#[divan::bench(sample_count = 2000, sample_size = 64)]
fn read_corpus_line(bencher: Bencher) {
    let lines = corpus_lines();
    cycle(bencher, &lines, |line| {
        mjrules::corpus::read_line(line.as_bytes()).is_ok()
    });
}

/// Scoring corpus hands (a quarter did not go out) under the built-in `bmja`, with its
/// limit hands and calling hands; hands read beforehand.
#[divan::bench(sample_count = 2000, sample_size = 64)]
fn score_corpus_hand_bmja(bencher: Bencher) {
    let lines = corpus_lines();
    let hands: Vec<Hand> = lines
        .iter()
        .map(|l| mjrules::corpus::read_line(l.as_bytes()).unwrap())
        .collect();
    let variant = mjrules::Variant::load("bmja", &[]).unwrap();
    let mut scorer = mjrules::Variant::scorer(&variant);
    cycle(bencher, &hands, |hand| scorer.totals(hand).total);
}
