//! The reference scorer: a hand scored the plain way, as the rules say, with no shortcut.
//!
//! In: a variant's [`Rules`] and a [`Hand`]. Out: its [`ScoreCard`]. Every reading of the
//! hand is scored with every item of the variant: each standard arrangement (for a player
//! who did not go out, every grouping of the tiles held alike), and, for a hand without
//! declared sets, each special shape it forms. The reading that scores best is kept
//! ([`Totals::key`]; of two alike, the first). Whether the winning tile was the only
//! possible one comes from the hand's waits, and so does the wait count; a player who did not go out is calling for an
//! item when some tile, added to the hand as a win from the wall, makes the best reading of
//! the completed hand count it.
//!
//! It is slower than the fast scorer ([`crate::plan`]) and exists to say what the fast one
//! must give: the tests hold the two to the same cards.

use arrayvec::ArrayVec;

use super::facts::{HandElems, hand_facts, hand_flags, reading, shown_counts};
use super::items::{Applied, apply, invalid, refusal, refused};
use super::{Choice, Dropped, Fired, Key, ScoreCard, Totals};
use crate::arrange::{Arrangement, Groupings, MAX_SETS, arrange_into};
use crate::hand::Hand;
use crate::predicate::facts::{Deferred, Elem, hand as hf};
use crate::rules::Rules;
use crate::tiles::Tile;
use crate::waits::{wait_count, waits};

/// Scores a hand the plain way (see the module docs).
pub fn score<'r>(rules: &'r Rules, hand: &Hand) -> ScoreCard<'r> {
    let winner = hand.is_winner();
    let own = hand.own_tiles();
    let mut elems = HandElems::default();
    elems.fill(hand, &own, true);
    elems.fill_shown(hand, &shown_counts(hand, &own));
    if let Some(r) = refusal(rules, hand, &elems) {
        let totals = refused(rules, r);
        return card(
            rules,
            hand,
            (totals, Vec::new()),
            Choice::None,
            (Vec::new(), Vec::new()),
            &[],
        );
    }
    let calling = if winner {
        Vec::new()
    } else {
        calling_for(rules, hand)
    };
    let mut base_flags = hand_flags(hand);
    if winner && waits(hand).only_possible {
        base_flags |= hf::ONLY_POSSIBLE;
    }
    let count_waits = || wait_count(hand, &rules.shapes, &rules.blocks) as i64;
    let wait_count = Deferred::new(&count_waits);
    let mut hand_facts = hand_facts(hand, &elems, base_flags);
    hand_facts.wait_count = Some(&wait_count);
    hand_facts.calling = &calling;
    // Special shapes are read from the tiles of a hand without declared sets.
    let shapes = if hand.melds().is_empty() {
        (0..)
            .zip(&rules.shapes)
            .filter(|(_, shape)| shape.holds(&hand_facts, Elem::default()))
            .fold(0u64, |shapes, (i, _)| shapes | 1 << i)
    } else {
        0
    };
    hand_facts.shapes = shapes;

    let mut arrangements = Vec::new();
    arrange_into(hand, Groupings::every(), &rules.blocks, &mut arrangements);
    // The best reading so far: its key, and its totals, choice and items.
    type Best = (Key, (Totals, Choice, Vec<Fired>, Vec<i64>, Vec<Dropped>));
    let mut best: Option<Best> = None;
    let mut applied = Applied::default();
    let mut keep = |totals: Totals, choice: Choice, applied: &Applied| {
        let key = totals.key(applied.prefer);
        if best.as_ref().is_none_or(|(b, _)| key > *b) {
            let (values, dropped) = (applied.results.values.clone(), applied.dropped.clone());
            best = Some((
                key,
                (totals, choice, applied.fired.clone(), values, dropped),
            ));
        }
    };
    let mut sets: ArrayVec<Elem, MAX_SETS> = ArrayVec::new();
    for (i, arrangement) in arrangements.iter().enumerate() {
        let flags = reading(
            arrangement,
            hand.win().map(|w| w.tile),
            base_flags,
            &elems.tile_flags,
            &mut sets,
        );
        let mut facts = hand_facts.with_sets(flags, &sets);
        facts.blocks = arrangement.block_bits();
        let totals = apply(rules, &facts, winner, &mut applied);
        keep(totals, Choice::Arrangement(i), &applied);
    }
    if winner {
        let mut facts = hand_facts;
        facts.flags |= hf::COMPLETE | hf::SPECIAL_SHAPE;
        for s in (0..rules.shapes.len()).filter(|s| shapes & (1 << s) != 0) {
            let totals = apply(rules, &facts, winner, &mut applied);
            keep(totals, Choice::Shape(s), &applied);
        }
    }
    let (totals, choice, mut fired, values, dropped) = best.map_or_else(
        || {
            (
                invalid(rules, None),
                Choice::None,
                Vec::new(),
                Vec::new(),
                Vec::new(),
            )
        },
        |(_, best)| best,
    );
    fired.sort_by_key(|f| f.item);
    card(
        rules,
        hand,
        (totals, values),
        choice,
        (fired, dropped),
        &arrangements,
    )
}

/// The card of a hand whose best reading is `choice`, among `arrangements`, and scores
/// `totals` with the values of the score `values`; its items that counted `fired`, and the
/// matches `dropped` by exclusions.
pub(crate) fn card<'r>(
    rules: &'r Rules,
    hand: &Hand,
    (totals, values): (Totals, Vec<i64>),
    choice: Choice,
    (fired, dropped): (Vec<Fired>, Vec<Dropped>),
    arrangements: &[Arrangement],
) -> ScoreCard<'r> {
    let (arrangement, shape) = match choice {
        Choice::Arrangement(i) => (Some(arrangements[i].clone()), None),
        Choice::Shape(s) => (None, Some(s)),
        Choice::None => (None, None),
    };
    ScoreCard {
        rules,
        winner: hand.is_winner(),
        totals,
        fired,
        arrangement,
        shape,
        unscored_bonus: if rules.reads_bonus_tiles {
            0
        } else {
            hand.bonus().len()
        },
        values,
        dropped,
    }
}

/// The items some `calling(…)` asks about that one more tile would make count, for a player
/// who did not go out: each tile of which the player holds fewer than four is added, the
/// hand scored as won with it from the wall, and the items of its best reading kept.
fn calling_for(rules: &Rules, hand: &Hand) -> Vec<usize> {
    let mut found = Vec::new();
    if rules.calling_targets.is_empty() {
        return found;
    }
    let own = hand.own_tiles();
    for tile in Tile::all().filter(|&t| own.get(t) < 4) {
        let card = score(rules, &hand.won_with(tile));
        if !card.totals.valid {
            continue;
        }
        for f in &card.fired {
            if rules.calling_targets.contains(&f.item) && !found.contains(&f.item) {
                found.push(f.item);
            }
        }
    }
    found
}
