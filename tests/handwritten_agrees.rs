//! The interpreted `bmja` variant and a hand-written Rust scorer of the same table
//! (benches/handwritten_bmja.rs) agree on 20,000 random winning hands, and on the same hands
//! less their winning tile.

#[path = "../benches/handwritten_bmja.rs"]
mod handwritten;

use mjrules::Variant;
use mjrules::random::HandGenerator;

#[test]
fn interpreted_bmja_matches_the_hand_written_scorer() {
    let variant = Variant::load(
        concat!(env!("CARGO_MANIFEST_DIR"), "/benches/bmja-basic.toml"),
        &[],
    )
    .unwrap();
    let mut scorer = variant.scorer();
    let mut generator = HandGenerator::new(99);
    let mut buffer = Vec::new();
    let mut nonzero = 0;
    for n in 0..20_000 {
        let hand = if n % 2 == 0 {
            generator.winning_hand()
        } else {
            generator.waiting_hand()
        };
        let interpreted = scorer.totals(&hand).total;
        let by_hand = handwritten::score(&hand, &mut buffer);
        assert_eq!(interpreted, by_hand, "hand {n}: {hand:?}");
        nonzero += usize::from(interpreted > 0);
    }
    assert!(nonzero > 15_000, "the hands should mostly score: {nonzero}");
}
