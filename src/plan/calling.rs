//! Calling hands, sooner: which items one more tile would make count for a player who did
//! not go out, trying only the tiles, and scoring only the completions, where an item called
//! for may count.
//!
//! In: the [`Plan`] of a variant whose conditions ask `calling('id')`, a hand that did not
//! go out, and a way to score its completions ([`Complete`]: the fast scorer is one). Out:
//! the items called for that some tile would make count, as the reference scorer finds them
//! by trying every tile ([`crate::score::reference`]).
//!
//! The tiles tried are the hand's waits (the standard shape) and, for a hand without declared
//! sets, the tiles that may make a special shape form
//! ([`super::gate::Gated::mending_tiles`]); a tile that
//! is no wait is scored only when the gate of some special shape opens on the hand completed
//! with it. Nothing is tried when no item called for may count whatever tile comes
//! ([`super::gate::Gate::may_open_with_one_more_tile`]), and a completion is not scored when
//! no such item may count in any of its readings. The waits are worked out once: a completed
//! hand's winning tile was the only possible one when it is a wait and no other wait is live.

use arrayvec::ArrayVec;

use super::gate::{ANY_COPIES, Pungs, Summary, tile_sizes};
use super::{Plan, PlanItem};
use crate::hand::Hand;
use crate::predicate::compiled::Collection;
use crate::predicate::facts::{Facts, elem, hand as hf};
use crate::rules::MAX_SHAPES;
use crate::score::Fired;
use crate::score::facts::{HandElems, concealed_flag, hand_flags, tile_flags};
use crate::set::SetKind;
use crate::tiles::{Tile, TileCounts, TileSet};
use crate::waits::waits;

const TILES: usize = Collection::Tiles.slot().unwrap();

/// Scores the completions of a calling hand.
pub(super) trait Complete {
    /// Scores `completed`, a calling hand won with one more tile, whose flags that no
    /// arrangement changes are `flags`, and whose standard arrangements are looked for only
    /// when `standard`; with `targets`, a hand on which none of them may hold in any reading
    /// need not be scored. The items that counted in its best reading, or `None` when it is
    /// not a valid Mah-Jong.
    fn complete(
        &mut self,
        completed: &Hand,
        flags: u64,
        standard: bool,
        targets: Option<&[PlanItem]>,
    ) -> Option<&[Fired]>;
}

/// Puts in `found` the items called for that one more tile would make count for `hand`
/// (which did not go out, whose own tiles are `own` and whose elements are `elems`), each
/// completion scored by `completions`.
pub(super) fn calling_for(
    plan: &Plan,
    elems: &HandElems,
    hand: &Hand,
    own: &TileCounts,
    completions: &mut impl Complete,
    found: &mut Vec<usize>,
) {
    let Some(calling) = plan
        .tricks
        .calling
        .then(|| Calling::new(elems, hand, own, plan))
    else {
        // Every tile that may come, each completion scored in full.
        for tile in Tile::all().filter(|&t| own.get(t) < 4) {
            let completed = hand.won_with(tile);
            if let Some(fired) =
                completions.complete(&completed, hand_flags(&completed), true, None)
            {
                keep_targets(fired, plan, found);
            }
        }
        return;
    };
    // Debug builds go on where nothing may be found, to check that nothing is.
    let no_target_may_hold = calling.no_target_may_hold(plan);
    if no_target_may_hold && !cfg!(debug_assertions) {
        return;
    }
    let targets = &plan.calling_targets;
    let waits = waits(hand);
    let tried = calling
        .mending
        .iter()
        .fold(waits.tiles, |tried, m| tried.or(*m));
    for tile in tried.iter().filter(|&t| own.get(t) < 4) {
        let is_wait = waits.tiles.contains(tile);
        let completed = hand.won_with(tile);
        let mut flags = hand_flags(&completed);
        if plan.needs_waits && is_wait && waits.live.iter().all(|t| t == tile) {
            flags |= hf::ONLY_POSSIBLE;
        }
        let summary = calling.completed_with(tile, flags | concealed_flag(&completed), plan);
        let hopeless = calling.hopeless(&summary, tile, is_wait, plan);
        if hopeless && !cfg!(debug_assertions) {
            continue;
        }
        let fired = completions.complete(&completed, flags, is_wait, Some(targets));
        debug_assert!(
            is_wait || summary.shapes != 0 || fired.is_none(),
            "a shut shape gate hid a shape"
        );
        let Some(fired) = fired else {
            continue;
        };
        debug_assert!(
            !hopeless || !fired.iter().any(|f| is_target(f, plan)),
            "a completion judged hopeless made a target hold"
        );
        keep_targets(fired, plan, found);
    }
    debug_assert!(
        !no_target_may_hold || found.is_empty(),
        "a hand judged hopeless for every tile called for a target"
    );
}

/// What the gates know of a calling hand before a tile is tried.
struct Calling<'h> {
    hand: &'h Hand,
    own: &'h TileCounts,
    /// The aggregates of its tiles and bonus tiles, to which each tile tried adds its own.
    known: Summary,
    /// How many distinct tiles it holds.
    kinds: usize,
    /// The tiles it holds three times or more.
    triples: TileSet,
    /// For each special shape, the tiles that may make it form (only a hand without
    /// declared sets forms one).
    mending: ArrayVec<TileSet, MAX_SHAPES>,
}

impl<'h> Calling<'h> {
    /// What is known of `hand`, whose own tiles are `own` and elements `elems`.
    fn new(elems: &HandElems, hand: &'h Hand, own: &'h TileCounts, plan: &Plan) -> Calling<'h> {
        let known = plan.summary(&Facts::of_hand(&elems.tiles, &elems.bonus));
        let kinds = elems.tiles.len();
        let triples = Tile::all()
            .filter(|&t| own.get(t) >= 3)
            .fold(TileSet::default(), |set, t| set.or(TileSet::of(t)));
        let words = plan.words(&one_tile_more(known, kinds));
        let tile_facts = Facts::of_hand(&elems.tiles, &[]);
        let mending = plan
            .shapes
            .iter()
            .map(|s| {
                if hand.melds().is_empty() && s.gate.may_open_with_one_more_tile(&words, |_| true) {
                    s.mending_tiles(&tile_facts, &elems.tiles)
                } else {
                    TileSet::default()
                }
            })
            .collect();
        Calling {
            hand,
            own,
            known,
            kinds,
            triples,
            mending,
        }
    }

    /// True when no item called for may hold whatever tile comes: one tile more brings one
    /// distinct tile more, and maybe a new suit; it turns at most one pair into a tile held
    /// three times; the shapes that may form are those some tile mends.
    fn no_target_may_hold(&self, plan: &Plan) -> bool {
        let mut before = one_tile_more(self.known, self.kinds);
        before.shapes = (0..)
            .zip(&self.mending)
            .fold(0, |shapes, (i, m)| shapes | u64::from(!m.is_empty()) << i);
        let words = plan.words(&before);
        let pungs = |need: Pungs| {
            let one_more = Tile::all()
                .filter(|&t| self.own.get(t) == 2)
                .find(|&t| has_classes(t, need.classes, self.hand));
            let triples = one_more.map_or(self.triples, |t| self.triples.or(TileSet::of(t)));
            can_make(need, triples, self.hand)
        };
        !plan
            .calling_targets
            .iter()
            .any(|t| t.condition.gate.may_open_with_one_more_tile(&words, pungs))
    }

    /// What is known of the hand completed with `tile`, whose hand flags are `flags`: the
    /// special shapes whose gates open are those that may form.
    fn completed_with(&self, tile: Tile, flags: u64, plan: &Plan) -> Summary {
        let f = tile_flags(tile, self.hand.seat(), self.hand.prevailing());
        let kinds = self.kinds + usize::from(self.own.get(tile) == 0);
        let mut summary = self.known;
        summary.flags = flags;
        summary.any[TILES] |= f;
        summary.every[TILES] &= f;
        // The copies held are not followed: every count may be held.
        summary.tile_sizes = tile_sizes(kinds, summary.any[TILES]) | ANY_COPIES;
        let words = plan.words(&summary);
        summary.shapes = (0..).zip(plan.shapes.iter().zip(&self.mending)).fold(
            0,
            |shapes, (i, (s, mending))| {
                shapes | u64::from(mending.contains(tile) && s.gate.open(&words)) << i
            },
        );
        summary
    }

    /// True when no item called for may hold in any reading of the hand completed with
    /// `tile` (`summary` is what is known of it): its gate is shut on what is known before
    /// the reading, or the hand cannot make the pungs or kongs it counts. A tile that is not
    /// a wait completes no standard arrangement, so only a special shape can complete the
    /// hand, and all of that reading is known: no sets and the flags of a special shape.
    fn hopeless(&self, summary: &Summary, tile: Tile, is_wait: bool, plan: &Plan) -> bool {
        let targets = &plan.calling_targets;
        if !is_wait {
            return summary.shapes == 0 || {
                let shape_reading = Summary {
                    flags: summary.flags | hf::COMPLETE | hf::SPECIAL_SHAPE,
                    ..*summary
                };
                let words = plan.words(&shape_reading);
                !targets.iter().any(|t| t.condition.gate.open(&words))
            };
        }
        let words = plan.words(summary);
        let triples = if self.own.get(tile) == 2 {
            self.triples.or(TileSet::of(tile))
        } else {
            self.triples
        };
        let pungs = |need| can_make(need, triples, self.hand);
        !targets
            .iter()
            .any(|t| t.condition.gate.may_open_in_some_reading(&words, pungs))
    }
}

/// `known` with the sizes a hand of `kinds` distinct tiles may have with one tile more: one
/// distinct tile more, and maybe a new suit.
pub(super) fn one_tile_more(known: Summary, kinds: usize) -> Summary {
    let any = known.any[TILES];
    let mut summary = known;
    summary.tile_sizes = [0, elem::CHARACTERS, elem::DOTS, elem::BAMBOO]
        .iter()
        .fold(tile_sizes(kinds, any) | ANY_COPIES, |sizes, &suit| {
            sizes | tile_sizes(kinds + 1, any | suit)
        });
    summary
}

/// True when `f` is an item called for.
fn is_target(f: &Fired, plan: &Plan) -> bool {
    plan.calling_targets.iter().any(|t| t.item.index == f.item)
}

/// Adds to `found` the items called for among `fired`, each once.
fn keep_targets(fired: &[Fired], plan: &Plan, found: &mut Vec<usize>) {
    for f in fired.iter().filter(|f| is_target(f, plan)) {
        if !found.contains(&f.item) {
            found.push(f.item);
        }
    }
}

/// True when a hand of `hand`'s player with `hand`'s declared sets, whose tiles held three
/// times or more are `triples`, can hold the pungs or kongs `need` counts: distinct tiles of
/// its classes held three times or more, or declared kongs of them.
fn can_make(need: Pungs, triples: TileSet, hand: &Hand) -> bool {
    let count = if need.kongs {
        hand.melds()
            .iter()
            .filter(|m| m.kind == SetKind::Kong && has_classes(m.tile, need.classes, hand))
            .count()
    } else {
        triples
            .iter()
            .filter(|&t| has_classes(t, need.classes, hand))
            .count()
    };
    count >= need.count as usize
}

/// True when `tile` has every flag of `classes` for `hand`'s player.
fn has_classes(tile: Tile, classes: u64, hand: &Hand) -> bool {
    tile_flags(tile, hand.seat(), hand.prevailing()) & classes == classes
}
