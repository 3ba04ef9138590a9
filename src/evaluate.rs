//! Scoring: a compiled variant applied to every arrangement of a hand, the best kept.
//!
//! In: a [`CompiledVariant`] and a [`Hand`]. Out: a [`ScoreCard`]: the points, doubles or
//! faan, the limit hand if one was scored, the total, and the trace of every item that
//! counted (how many times, for how much, which sets), for the arrangement that scores best.
//!
//! For each arrangement the facts are computed once ([`Facts`]), every item is evaluated,
//! items replaced by another item that applied are dropped, and the numbers are combined:
//! points × 2^doubles capped at the limit, or a limit hand's value plus the items that count
//! on top of it; or faan capped, checked against the minimum, and looked up in the table.
//! When only the numbers are wanted ([`Scorer::totals`]), a winner's reading that does not
//! meet a requirement is not given its items: it scores nothing either way. A [`Scorer`]
//! keeps its buffers between hands, so scoring many hands allocates little.

use arrayvec::ArrayVec;

use crate::arrange::{Arrangement, Groupings, MAX_SETS, arrange_into};
use crate::hand::{Hand, Win, WinSource};
use crate::predicate::compiled::Collection;
use crate::predicate::elements::{bonus_elem, set_elem, tile_elem, tile_flags};
use crate::predicate::facts::{Elem, Facts, tile_sizes};
use crate::predicate::facts::{elem, hand as hf};
use crate::predicate::gate;
use crate::rules::{CompiledItem, CompiledVariant, ForEach, ItemKind, MAX_SHAPES, Style};
use crate::set::SetKind;
use crate::tiles::{BonusTile, Tile, TileCounts, TileSet, Wind};
use crate::waits::only_possible_in;

const TILES: usize = Collection::Tiles.slot();

/// One item that counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fired {
    /// Index of the item in the variant's items.
    pub item: usize,
    /// How many times it matched (sets, tiles with copies, bonus tiles, or once).
    pub times: u32,
    /// What it contributed: points, doubles, faan, or the limit hand's value.
    pub amount: i64,
    /// Which sets of the arrangement it matched (bit i for set i).
    pub sets: u32,
    /// What the item gives.
    pub kind: ItemKind,
    /// The item still counts on top of a limit hand.
    pub with_limit_hand: bool,
}

/// The score of one hand under one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreCard {
    /// The variant's id.
    pub variant: String,
    /// The player went out.
    pub winner: bool,
    /// The numbers of the score.
    pub totals: Totals,
    /// The items that counted.
    pub fired: Vec<Fired>,
    /// The arrangement scored (none for a special shape or an incomplete winning hand).
    pub arrangement: Option<Arrangement>,
    /// The special shape the hand was read as, as an index into the variant's shapes.
    pub shape: Option<usize>,
}

/// The numbers of a score, without the trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Totals {
    /// For the winner: the hand is complete and meets the variant's minimum. Always true
    /// for the others.
    pub valid: bool,
    /// Base points (points-and-doubles; on a limit hand, the points counted on top).
    pub points: i64,
    /// Doubles (points-and-doubles; on a limit hand, the doubles of the points on top).
    pub doubles: i64,
    /// Faan after the cap (faan variants).
    pub faan: Option<i64>,
    /// The limit hand scored, as an item index.
    pub limit_hand: Option<usize>,
    /// The final score.
    pub total: i64,
    /// For a winner whose best reading is not a valid Mah-Jong: the first requirement it
    /// does not meet, as an index into the variant's requirements.
    pub unmet: Option<usize>,
    /// For a winner: the first liability of the variant's payment rules that the hand
    /// meets (someone then pays for all), as an index.
    pub liability: Option<usize>,
}

impl Totals {
    /// Orders scores: valid first, then total, then points or faan, then doubles.
    fn key(&self) -> (bool, i64, i64, i64) {
        (
            self.valid,
            self.total,
            self.faan.unwrap_or(self.points),
            self.doubles,
        )
    }
}

/// Scores hands with one variant, reusing its buffers.
pub struct Scorer<'v> {
    variant: &'v CompiledVariant,
    arrangements: Vec<Arrangement>,
    tiles: ArrayVec<Elem, { Tile::COUNT }>,
    bonus: ArrayVec<Elem, { BonusTile::COUNT }>,
    /// The items of the reading being scored.
    reading: Applied,
    best_fired: Vec<Fired>,
    /// The items one more tile would make apply, for a hand that did not go out.
    calling: Vec<usize>,
    /// Scores the hands that one more tile would complete; made on first use.
    completions: Option<Box<Scorer<'v>>>,
}

/// Scores one hand.
pub fn score(variant: &CompiledVariant, hand: &Hand) -> ScoreCard {
    Scorer::new(variant).score(hand)
}

impl<'v> Scorer<'v> {
    /// A scorer for `variant`.
    pub fn new(variant: &'v CompiledVariant) -> Self {
        Scorer {
            variant,
            arrangements: Vec::new(),
            tiles: ArrayVec::new(),
            bonus: ArrayVec::new(),
            reading: Applied::default(),
            best_fired: Vec::new(),
            calling: Vec::new(),
            completions: None,
        }
    }

    /// Scores a hand, with the trace.
    pub fn score(&mut self, hand: &Hand) -> ScoreCard {
        let (totals, choice) = self.evaluate(hand, Trace::Always);
        let (arrangement, shape) = match choice {
            Choice::Arrangement(i) => (Some(self.arrangements[i].clone()), None),
            Choice::Shape(s) => (None, Some(s)),
            Choice::None => (None, None),
        };
        ScoreCard {
            variant: self.variant.id().to_string(),
            winner: hand.is_winner(),
            totals,
            fired: {
                // Scoring walks the items grouped by what they look at; the card lists
                // them in the order of the variant file.
                let mut fired = self.best_fired.clone();
                fired.sort_by_key(|f| f.item);
                fired
            },
            arrangement,
            shape,
        }
    }

    /// Scores a hand, numbers only: the same totals as [`Self::score`], sooner.
    ///
    /// A winner's reading that does not meet a requirement scores nothing, so its items are
    /// not evaluated (a card lists them). A player who did not go out, under a variant with
    /// no item for such a player (Hong Kong's), scores the same nothing in every reading, so
    /// the readings are not looked for. Debug builds look for them anyway and check that
    /// they agree.
    pub fn totals(&mut self, hand: &Hand) -> Totals {
        if !hand.is_winner() && self.variant.by_player[1].items.is_empty() {
            let nothing = combine(self.variant, &mut Vec::new(), false, false);
            debug_assert_eq!(
                nothing,
                self.evaluate(hand, Trace::IfValid).0,
                "a non-winner scored something"
            );
            return nothing;
        }
        self.evaluate(hand, Trace::IfValid).0
    }

    fn evaluate(&mut self, hand: &Hand, trace: Trace) -> (Totals, Choice) {
        self.evaluate_with(hand, hand_flags(hand), true, None, trace)
    }

    /// Scores a hand whose arrangement-independent flags are `base_flags`; its standard
    /// arrangements are looked for only when `standard` (a caller that knows there are none
    /// says so). The trace of the best reading is left in `best_fired` as `trace` says.
    ///
    /// With `targets` (a completion tried by [`Self::calling_for`]), a hand on which no
    /// target holds, in any reading, is not scored: it is given as not valid, since no
    /// reading of it can make a target apply; `base_flags` then say already whether the
    /// winning tile was the only possible one. Otherwise that is worked out here, when
    /// some condition asks, once the arrangements are known (they often settle it).
    fn evaluate_with(
        &mut self,
        hand: &Hand,
        base_flags: u64,
        standard: bool,
        targets: Option<&[CompiledItem]>,
        trace: Trace,
    ) -> (Totals, Choice) {
        let variant = self.variant;
        let winner = hand.is_winner();
        self.tiles.clear();
        let own = hand.own_tiles();
        let mut tile_flags = [0u64; Tile::COUNT];
        let mut by_number = [0u8; 10];
        let (mut tiles_any, mut tiles_every) = (0, u64::MAX);
        for tile in TileSet::held(&own).iter() {
            let e = tile_elem(tile, own.get(tile), hand.seat, hand.prevailing);
            tile_flags[tile.index()] = e.flags;
            tiles_any |= e.flags;
            tiles_every &= e.flags;
            by_number[usize::from(e.number)] += e.copies;
            self.tiles.push(e);
        }
        if variant.needs_number_copies {
            for e in self.tiles.iter_mut().filter(|e| e.number > 0) {
                e.same_number = by_number[usize::from(e.number)];
            }
        }
        let mut calling = std::mem::take(&mut self.calling);
        calling.clear();
        if !winner && !variant.calling_targets.is_empty() {
            self.calling_for(hand, &own, (tiles_any, tiles_every), &mut calling);
        }
        self.bonus.clear();
        self.bonus
            .extend(hand.bonus.iter().map(|&b| bonus_elem(b, hand.seat)));

        self.arrangements.clear();
        if standard {
            arrange_into(hand, variant.groupings, &mut self.arrangements);
        }
        let mut base_flags = base_flags;
        if winner
            && targets.is_none()
            && variant.needs_waits
            && only_possible_in(hand, &own, &self.arrangements)
        {
            base_flags |= hf::ONLY_POSSIBLE;
        }

        // Special shapes are read from the tiles of a hand without declared sets.
        let mut shapes = 0u64;
        let shape_flags = base_flags | concealed_flag(hand);
        let mut shape_facts = Facts::new(
            shape_flags,
            winning_tile(hand),
            0,
            &[],
            &self.tiles,
            &self.bonus,
        );
        shape_facts.winning_tile_seen = hand.win.map_or(0, |w| i64::from(hand.seen.get(w.tile)));
        if hand.melds.is_empty() {
            let words = gate::words(&shape_facts);
            for (i, shape) in variant.shapes.iter().enumerate() {
                if shape.holds(&words, &shape_facts) {
                    shapes |= 1 << i;
                }
            }
        }

        let shape_facts = Facts {
            calling: &calling,
            ..shape_facts
        };
        self.best_fired.clear();
        let mut sets: ArrayVec<Elem, MAX_SETS> = ArrayVec::new();
        let special_flags = shape_flags | hf::COMPLETE | hf::SPECIAL_SHAPE;
        if let Some(targets) = targets {
            let may_apply = |facts: &Facts<'_>| {
                let words = gate::words(facts);
                targets.iter().any(|t| {
                    t.condition.gate.open(&words)
                        && anywhere(t, facts, |e| t.condition.holds_past_gate(facts, e))
                })
            };
            let in_arrangement = self.arrangements.iter().any(|a| {
                let flags = reading(a, winner, base_flags, &tile_flags, &mut sets);
                may_apply(&shape_facts.with_sets(flags, shapes, &sets))
            });
            let in_shape = winner
                && shapes != 0
                && may_apply(&Facts {
                    flags: special_flags,
                    shapes,
                    ..shape_facts
                });
            if !in_arrangement && !in_shape {
                self.calling = calling;
                return (Totals::default(), Choice::None);
            }
        }
        let mut best: Option<(Totals, Choice)> = None;
        for (i, arrangement) in self.arrangements.iter().enumerate() {
            let flags = reading(arrangement, winner, base_flags, &tile_flags, &mut sets);
            let facts = shape_facts.with_sets(flags, shapes, &sets);
            let totals = apply_items(variant, &facts, winner, trace, &mut self.reading);
            if best.as_ref().is_none_or(|(b, _)| totals.key() > b.key()) {
                best = Some((totals, Choice::Arrangement(i)));
                std::mem::swap(&mut self.best_fired, &mut self.reading.fired);
            }
        }
        if cfg!(debug_assertions) && standard && !winner && variant.groupings != Groupings::every()
        {
            // The groupings left out never score more (`rules::groupings`): read them all.
            let mut every = Vec::new();
            arrange_into(hand, Groupings::every(), &mut every);
            let mut applied = Applied::default();
            let best_of_every = every.iter().fold(None, |most, arrangement| {
                let flags = reading(arrangement, winner, base_flags, &tile_flags, &mut sets);
                let facts = shape_facts.with_sets(flags, shapes, &sets);
                let key = apply_items(variant, &facts, winner, Trace::IfValid, &mut applied).key();
                most.max(Some(key))
            });
            debug_assert_eq!(
                best.as_ref().map(|(b, _)| b.key()),
                best_of_every,
                "a grouping left out scores more"
            );
        }
        if winner {
            for s in 0..variant.shapes.len() {
                if shapes & (1 << s) == 0 {
                    continue;
                }
                let facts = Facts {
                    flags: special_flags,
                    shapes,
                    ..shape_facts
                };
                let totals = apply_items(variant, &facts, winner, trace, &mut self.reading);
                if best.as_ref().is_none_or(|(b, _)| totals.key() > b.key()) {
                    best = Some((totals, Choice::Shape(s)));
                    std::mem::swap(&mut self.best_fired, &mut self.reading.fired);
                }
            }
        }
        self.calling = calling;
        best.unwrap_or_else(|| {
            // A winning hand with no complete reading: not a valid Mah-Jong, and it scores
            // nothing.
            (
                Totals {
                    valid: false,
                    faan: (variant.variant.style == Style::Faan).then_some(0),
                    ..Totals::default()
                },
                Choice::None,
            )
        })
    }

    /// Puts in `found` the items of `variant.calling_targets` that one more tile would make
    /// apply to a hand that did not go out: each tile that could still come and complete it
    /// is added, the hand is scored as won with it from the wall, and the items of the best
    /// reading are kept.
    ///
    /// The tiles tried are the hand's waits (the standard shape) and, for a hand without
    /// declared sets, the tiles that may make a special shape form from its own tiles `own`
    /// (whose flags have `tiles`: their or, and their and): see
    /// [`gate::Gated::mending_tiles`]. A tile that is no wait is scored only when the
    /// gate of some special shape opens on the hand completed with it.
    /// Nothing is tried when no target may hold whatever tile comes
    /// ([`gate::Gate::may_open_with_one_more_tile`]). The waits are computed once: a
    /// completed hand's winning tile was the only possible one when it is a wait and no
    /// other wait is live.
    fn calling_for(
        &mut self,
        hand: &Hand,
        own: &TileCounts,
        (tiles_any, tiles_every): (u64, u64),
        found: &mut Vec<usize>,
    ) {
        let variant = self.variant;
        let scorer = self
            .completions
            .get_or_insert_with(|| Box::new(Scorer::new(variant)));
        let bonus: ArrayVec<Elem, { BonusTile::COUNT }> = hand
            .bonus
            .iter()
            .map(|&b| bonus_elem(b, hand.seat))
            .collect();
        // What the gates read of the hand before a reading is chosen, without its tiles'
        // elements: their aggregates, to which each tile tried adds its own.
        let mut known = Facts::new(0, -1, 0, &[], &[], &bonus);
        known.any[TILES] = tiles_any;
        known.every[TILES] = tiles_every;
        let kinds = TileSet::held(own).len();
        // The tiles held three times or more.
        let triples = Tile::all()
            .filter(|&t| own.get(t) >= 3)
            .fold(TileSet::default(), |set, t| set.or(TileSet::of(t)));
        // No tile need be tried when no target may hold with whatever tile comes: one tile
        // more brings one distinct tile more, and maybe a new suit; it turns at most one
        // pair into a tile held three times; the shapes that may form are those whose
        // gates may open so and that some tile mends.
        let mut before = known;
        before.tile_sizes = [0, elem::CHARACTERS, elem::DOTS, elem::BAMBOO]
            .iter()
            .fold(tile_sizes(kinds, tiles_any), |sizes, &suit| {
                sizes | tile_sizes(kinds + 1, tiles_any | suit)
            });
        let words = gate::words(&before);
        // For each special shape, the tiles that may make it form (only a hand without
        // declared sets forms one). The tiles tried are the waits and those.
        let mending: ArrayVec<TileSet, MAX_SHAPES> = variant
            .shapes
            .iter()
            .map(|s| {
                if hand.melds.is_empty() && s.gate.may_open_with_one_more_tile(&words, |_| true) {
                    s.mending_tiles(&known, &self.tiles)
                } else {
                    TileSet::default()
                }
            })
            .collect();
        before.shapes = (0..)
            .zip(&mending)
            .fold(0, |shapes, (i, m)| shapes | u64::from(!m.is_empty()) << i);
        let words = gate::words(&before);
        let pungs = |need: gate::Pungs| {
            let one_more = Tile::all()
                .filter(|&t| own.get(t) == 2)
                .find(|&t| has_classes(t, need.classes, hand));
            let triples = one_more.map_or(triples, |t| triples.or(TileSet::of(t)));
            can_make(need, triples, hand)
        };
        let no_target_may_hold = !variant
            .calling_targets
            .iter()
            .any(|t| t.condition.gate.may_open_with_one_more_tile(&words, pungs));
        if no_target_may_hold && !cfg!(debug_assertions) {
            return;
        }
        let waits = crate::waits::waits(hand);
        let tried = mending.iter().fold(waits.tiles, |tried, m| tried.or(*m));
        let mut completed = hand.clone();
        for tile in tried.iter().filter(|&t| own.get(t) < 4) {
            let is_wait = waits.tiles.contains(tile);
            completed.concealed.add(tile);
            completed.win = Some(Win::plain(tile, WinSource::Wall));
            let mut flags = hand_flags(&completed);
            if variant.needs_waits && is_wait && waits.live.iter().all(|t| t == tile) {
                flags |= hf::ONLY_POSSIBLE;
            }
            // The completed hand's: the special shapes whose gates open are those that may
            // form.
            let f = tile_flags(tile, hand.seat, hand.prevailing);
            let kinds = kinds + usize::from(own.get(tile) == 0);
            let mut facts = known;
            facts.flags = flags | concealed_flag(&completed);
            facts.any[TILES] |= f;
            facts.every[TILES] &= f;
            facts.tile_sizes = tile_sizes(kinds, facts.any[TILES]);
            let words = gate::words(&facts);
            facts.shapes = (0..).zip(variant.shapes.iter().zip(&mending)).fold(
                0,
                |shapes, (i, (s, mending))| {
                    shapes | u64::from(mending.contains(tile) && s.gate.open(&words)) << i
                },
            );
            // No target may hold in any reading when its gate is shut on what is known
            // before the reading, or the hand cannot make the pungs or kongs it counts. A
            // tile that is not a wait completes no standard arrangement, so only a special
            // shape can complete the hand, and all of that reading is known: no sets and
            // the flags of a special shape. Debug builds score a hopeless hand anyway, to
            // check that no target holds.
            let hopeless = if !is_wait {
                facts.shapes == 0 || {
                    let shape_reading = Facts {
                        flags: facts.flags | hf::COMPLETE | hf::SPECIAL_SHAPE,
                        ..facts
                    };
                    let words = gate::words(&shape_reading);
                    !variant
                        .calling_targets
                        .iter()
                        .any(|t| t.condition.gate.open(&words))
                }
            } else {
                let words = gate::words(&facts);
                let triples = if own.get(tile) == 2 {
                    triples.or(TileSet::of(tile))
                } else {
                    triples
                };
                let pungs = |need| can_make(need, triples, hand);
                !variant
                    .calling_targets
                    .iter()
                    .any(|t| t.condition.gate.may_open_in_some_reading(&words, pungs))
            };
            if hopeless && !cfg!(debug_assertions) {
                completed.concealed.remove(tile);
                continue;
            }
            let targets = Some(&variant.calling_targets[..]);
            let (totals, _) =
                scorer.evaluate_with(&completed, flags, is_wait, targets, Trace::IfValid);
            completed.concealed.remove(tile);
            debug_assert!(
                is_wait || facts.shapes != 0 || !totals.valid,
                "a shut shape gate hid a shape"
            );
            if !totals.valid {
                continue;
            }
            let is_target = |f: &&Fired| variant.calling_targets.iter().any(|t| t.index == f.item);
            debug_assert!(
                !hopeless || !scorer.best_fired.iter().any(|f| is_target(&f)),
                "a completion judged hopeless made a target hold"
            );
            for f in scorer.best_fired.iter().filter(is_target) {
                if !found.contains(&f.item) {
                    found.push(f.item);
                }
            }
        }
        debug_assert!(
            !no_target_may_hold || found.is_empty(),
            "a hand judged hopeless for every tile called for a target"
        );
    }
}

/// Fills `sets` with the facts of one standard reading's sets, and gives the hand's flags
/// for it: `base_flags` and what the reading adds (complete, fishing the eyes, concealed).
fn reading(
    arrangement: &Arrangement,
    winner: bool,
    base_flags: u64,
    tile_flags: &[u64; Tile::COUNT],
    sets: &mut ArrayVec<Elem, MAX_SETS>,
) -> u64 {
    let mut flags = base_flags;
    if winner {
        flags |= hf::COMPLETE;
        if arrangement.fishing_the_eyes() {
            flags |= hf::FISHING_THE_EYES;
        }
    }
    if arrangement.sets.iter().all(|s| s.counts_as_concealed()) {
        flags |= hf::CONCEALED_HAND;
    }
    sets.clear();
    for (k, set) in arrangement.sets.iter().enumerate() {
        sets.push(set_elem(
            *set,
            arrangement.winning_set == Some(k),
            tile_flags,
        ));
    }
    flags
}

/// Which readings' traces are worked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Trace {
    /// Every reading's: a score card lists the items even of a hand that is not a valid
    /// Mah-Jong.
    Always,
    /// Only a valid reading's. A winner's reading that does not meet a requirement scores
    /// nothing whatever its items, so they are not evaluated: the totals are the same.
    IfValid,
}

/// What the best score was read from.
#[derive(Clone, Copy, Debug)]
enum Choice {
    Arrangement(usize),
    Shape(usize),
    None,
}

/// The items that counted in one reading, and the items they replace: [`apply_items`]'s
/// buffers, kept between readings.
#[derive(Default)]
struct Applied {
    fired: Vec<Fired>,
    replaced: Vec<usize>,
}

/// Evaluates every item on one arrangement and combines the results; the items that
/// counted are left in `applied.fired` (for a winner's reading that does not meet a
/// requirement, only when `trace` says so).
fn apply_items(
    variant: &CompiledVariant,
    facts: &Facts<'_>,
    winner: bool,
    trace: Trace,
    applied: &mut Applied,
) -> Totals {
    let Applied { fired, replaced } = applied;
    fired.clear();
    replaced.clear();
    let words = gate::words(facts);
    // Not a valid Mah-Jong under this variant: the hand scores nothing.
    let unmet = winner
        .then(|| {
            variant
                .requirements
                .iter()
                .position(|r| !r.holds(&words, facts))
        })
        .flatten();
    let invalid = |unmet| Totals {
        valid: false,
        faan: (variant.variant.style == Style::Faan).then_some(0),
        unmet: Some(unmet),
        ..Totals::default()
    };
    if let Some(unmet) = unmet
        && trace == Trace::IfValid
    {
        return invalid(unmet);
    }
    let player = &variant.by_player[usize::from(!winner)];
    if cfg!(debug_assertions) {
        let open: Vec<usize> = player.gates.open(&words).collect();
        for (i, compiled) in player.items.iter().enumerate() {
            let gate_open = compiled.condition.gate.open(&words);
            debug_assert_eq!(
                open.contains(&i),
                gate_open,
                "the gate table disagrees with a gate"
            );
            debug_assert!(
                gate_open
                    || !anywhere(compiled, facts, |e| compiled.condition.when.holds(facts, e)),
                "a shut gate hid an item"
            );
        }
    }
    for compiled in player.gates.open(&words).map(|i| &player.items[i]) {
        let mut hit = Fired {
            item: compiled.index,
            times: 0,
            amount: 0,
            sets: 0,
            kind: compiled.kind,
            with_limit_hand: compiled.with_limit_hand,
        };
        if let Some((mask, value)) = compiled.set_test {
            for (k, e) in facts.sets.iter().enumerate() {
                debug_assert_eq!(mask.test(e.flags), compiled.condition.when.holds(facts, *e));
                if mask.test(e.flags) {
                    hit.times += 1;
                    hit.sets |= 1 << k;
                }
            }
            hit.amount = value.saturating_mul(i64::from(hit.times));
        } else {
            let mut look = |e: Elem, weight: u32| {
                let holds = compiled.condition.holds_past_gate(facts, e);
                if holds {
                    hit.times += weight;
                    let value = compiled.value.value(facts, e);
                    hit.amount = hit
                        .amount
                        .saturating_add(value.saturating_mul(i64::from(weight)));
                }
                holds
            };
            match compiled.for_each {
                ForEach::Hand => {
                    look(Elem::default(), 1);
                }
                ForEach::Set => {
                    for (k, &e) in facts.sets.iter().enumerate() {
                        if look(e, 1) {
                            hit.sets |= 1 << k;
                        }
                    }
                }
                ForEach::Tile => {
                    for &e in facts.tiles {
                        look(e, u32::from(e.copies));
                    }
                }
                ForEach::Bonus => {
                    for &e in facts.bonus {
                        look(e, 1);
                    }
                }
            }
        }
        if hit.times > 0 {
            fired.push(hit);
            if !compiled.replaces.is_empty() {
                replaced.extend_from_slice(&compiled.replaces);
            }
        }
    }
    // An item that applies drops the items it replaces.
    if !replaced.is_empty() {
        fired.retain(|f| !replaced.contains(&f.item));
    }
    let mut totals = combine(variant, fired, winner, facts.flags & hf::COMPLETE != 0);
    if let Some(unmet) = unmet {
        return invalid(unmet);
    }
    if winner {
        totals.liability = variant
            .payments
            .liabilities
            .iter()
            .position(|(c, _)| c.holds(&words, facts));
    }
    totals
}

/// True when `holds` is true of the hand or of some element the item looks at.
fn anywhere(item: &CompiledItem, facts: &Facts<'_>, holds: impl Fn(Elem) -> bool) -> bool {
    match item.for_each {
        ForEach::Hand => holds(Elem::default()),
        ForEach::Set => facts.sets.iter().any(|&e| holds(e)),
        ForEach::Tile => facts.tiles.iter().any(|&e| holds(e)),
        ForEach::Bonus => facts.bonus.iter().any(|&e| holds(e)),
    }
}

/// Combines the items that counted into the numbers of the score.
fn combine(
    variant: &CompiledVariant,
    fired: &mut Vec<Fired>,
    winner: bool,
    complete: bool,
) -> Totals {
    // The sums of each kind of item, and of those that count on top of a limit hand, by
    // the kind's discriminant: added by index rather than matched on the kind, a jump that
    // the processor mispredicts from one item to the next. (The limit hands' slot is added
    // to but not read.)
    let mut sums = [0i64; 4];
    let mut kept = [0i64; 4];
    let mut limit: Option<(usize, i64)> = None;
    for f in fired.iter() {
        let kind = f.kind as usize;
        sums[kind] = sums[kind].saturating_add(f.amount);
        if f.with_limit_hand {
            kept[kind] = kept[kind].saturating_add(f.amount);
        }
        if f.kind == ItemKind::LimitHand && limit.is_none_or(|(_, v)| f.amount > v) {
            limit = Some((f.item, f.amount));
        }
    }
    let sum = |sums: [i64; 4], kind: ItemKind| sums[kind as usize];
    let (points, doubles) = (sum(sums, ItemKind::Points), sum(sums, ItemKind::Doubles));
    let mut faan = sum(sums, ItemKind::Faan);
    let kept_points = sum(kept, ItemKind::Points);
    let kept_doubles = sum(kept, ItemKind::Doubles);
    match variant.variant.style {
        Style::PointsAndDoubles => {
            let cap = |v: i64| variant.limit.map_or(v, |l| v.min(l));
            let normal = cap(doubled(points, doubles));
            if let Some((item, value)) = limit {
                let with_limit = cap(value.saturating_add(doubled(kept_points, kept_doubles)));
                if with_limit >= normal {
                    // Only the limit hand and the items that count on top of it remain.
                    fired.retain(|f| f.item == item || f.with_limit_hand);
                    return Totals {
                        valid: !winner || complete,
                        points: kept_points,
                        doubles: kept_doubles,
                        faan: None,
                        limit_hand: Some(item),
                        total: with_limit,
                        unmet: None,
                        liability: None,
                    };
                }
            }
            Totals {
                valid: !winner || complete,
                points,
                doubles,
                faan: None,
                limit_hand: None,
                total: normal,
                unmet: None,
                liability: None,
            }
        }
        Style::Faan => {
            if let Some((_, value)) = limit {
                faan = faan.saturating_add(value);
            }
            let faan = variant.max_faan.map_or(faan, |m| faan.min(m));
            let valid = !winner || (complete && faan >= variant.min_faan);
            let total = if winner && valid {
                variant.base_points(faan)
            } else {
                0
            };
            Totals {
                valid,
                points: 0,
                doubles: 0,
                faan: Some(faan),
                limit_hand: limit.map(|(i, _)| i),
                total,
                unmet: None,
                liability: None,
            }
        }
    }
}

/// `points × 2^doubles`, saturating.
fn doubled(points: i64, doubles: i64) -> i64 {
    if doubles <= 0 {
        return points;
    }
    if doubles >= 62 {
        return if points > 0 { i64::MAX } else { points.min(0) };
    }
    points.saturating_mul(1i64 << doubles)
}

/// True when a hand of `hand`'s player with `hand`'s declared sets, whose tiles held three
/// times or more are `triples`, can hold the pungs or kongs `need` counts: distinct tiles of
/// its classes held three times or more, or declared kongs of them.
fn can_make(need: gate::Pungs, triples: TileSet, hand: &Hand) -> bool {
    let count = if need.kongs {
        hand.melds
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
    tile_flags(tile, hand.seat, hand.prevailing) & classes == classes
}

fn winning_tile(hand: &Hand) -> i64 {
    hand.win.map_or(-1, |w| w.tile.index() as i64)
}

/// The concealed-hand flag of a hand read as a special shape: all its sets are declared
/// concealed and the winning tile was not claimed.
fn concealed_flag(hand: &Hand) -> u64 {
    let claimed = hand.win.is_some_and(|w| w.from.is_claimed());
    if !claimed && hand.melds.iter().all(|m| m.counts_as_concealed()) {
        hf::CONCEALED_HAND
    } else {
        0
    }
}

/// The hand's flags that do not depend on the arrangement, but for `only_possible`.
fn hand_flags(hand: &Hand) -> u64 {
    let mut flags = 0;
    if hand.seat == Wind::East {
        flags |= hf::DEALER;
    }
    if hand.original_call {
        flags |= hf::ORIGINAL_CALL;
    }
    let Some(win) = hand.win else {
        return flags;
    };
    flags |= hf::WINNER;
    flags |= match win.from {
        WinSource::Wall => hf::FROM_WALL | hf::SELF_DRAWN,
        WinSource::Loose => hf::FROM_LOOSE | hf::SELF_DRAWN,
        WinSource::Discard => hf::FROM_DISCARD,
        WinSource::RobbedKong => hf::ROBBED_KONG,
    };
    if win.last {
        flags |= hf::LAST_TILE;
        flags |= match win.from {
            WinSource::Wall | WinSource::Loose => hf::LAST_FROM_WALL,
            _ => hf::LAST_DISCARD,
        };
    }
    if win.heavenly {
        flags |= hf::HEAVENLY;
    }
    if win.kong_on_kong {
        flags |= hf::KONG_ON_KONG;
    }
    if win.late {
        flags |= hf::LATE;
    }
    flags
}
