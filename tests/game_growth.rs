//! A game's cost grows with its length, not with its square: the bytes a game allocates in
//! all, and the most it holds at once, counted by an allocator that counts (this test binary's
//! own), for games of N and 4N deals of full hands.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use mjrules::game;

/// The system's allocator, counting what is allocated in all, held now, and held at most.
struct Counting;

static ALLOCATED: AtomicUsize = AtomicUsize::new(0);
static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is the system allocator's, with the same arguments; the counts are
// only read.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.fetch_add(layout.size(), Relaxed);
        let held = HELD.fetch_add(layout.size(), Relaxed) + layout.size();
        PEAK.fetch_max(held, Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// A game of `deals` deals under BMJA, each with two full hands: East goes out on West's
/// discard (and deals again), South holds a hand that did not go out.
fn game_text(deals: usize) -> String {
    let mut text =
        String::from("variant = \"bmja\"\nplayers = [\"Ann\", \"Bob\", \"Cy\", \"Di\"]\n");
    for _ in 0..deals {
        text.push_str(
            "\n[[deal]]\n[deal.Ann]\nconcealed = \"222m 345p 666s 99s\"\nmelds = [\"777z\"]\n\
             win = { tile = \"4p\", from = \"discard\", discarder = \"Cy\" }\n\
             [deal.Bob]\nconcealed = \"123m 456p 789s 1z\"\nmelds = [\"555z\"]\n",
        );
    }
    text
}

/// What playing `text` and writing its ledger as JSON allocate in all, and hold at most
/// beyond what was held before.
fn cost(text: &str) -> (usize, usize) {
    let variant = game::variant_for("game.toml", text, std::path::Path::new("")).unwrap();
    let (allocated, held) = (ALLOCATED.load(Relaxed), HELD.load(Relaxed));
    PEAK.store(held, Relaxed);
    let ledger = game::play(&variant, "game.toml", text, &|_| Err("no files".into())).unwrap();
    let mut sink = std::io::sink();
    game::render::write_json(&ledger, Default::default(), &mut sink).unwrap();
    drop(ledger);
    (
        ALLOCATED.load(Relaxed) - allocated,
        PEAK.load(Relaxed) - held,
    )
}

#[test]
fn a_game_costs_in_proportion_to_its_length() {
    // One test in this binary: the counts are the whole process's.
    let (short, long) = (game_text(1_000), game_text(4_000));
    let (allocated_short, peak_short) = cost(&short);
    let (allocated_long, peak_long) = cost(&long);
    // Four times the deals: about four times the bytes (a copy of the game's text for each
    // deal made it sixteen).
    let growth = allocated_long as f64 / allocated_short as f64;
    assert!(
        growth < 5.0,
        "allocated {allocated_short} -> {allocated_long} bytes"
    );
    let growth = peak_long as f64 / peak_short as f64;
    assert!(
        growth < 5.0,
        "held {peak_short} -> {peak_long} bytes at most"
    );
    // Held at most: the text's top, one deal's tree at a time and the ledger, a bounded
    // multiple of the text: 16 bytes a byte when this was written, the ledger most of it
    // (38 while the whole document's tree was held, the parser's tokens and tree most of it).
    let per_byte = peak_long as f64 / long.len() as f64;
    assert!(
        per_byte < 24.0,
        "{peak_long} bytes held for {} of input",
        long.len()
    );
}
