//! The fast scorer: the reference scorer's cards, by the plan's shortcuts.
//!
//! In: a variant's [`Rules`] and [`Plan`], and a [`Hand`]. Out: its [`ScoreCard`], or only
//! its [`Totals`]. It reads the hand as the reference scorer does ([`crate::score`]), with the
//! shortcuts of [`Plan::tricks`]: items and shapes tested by their gates before they are
//! evaluated, set tests in a tight loop, the groupings a proof leaves, the only possible
//! tile read from the arrangements, the calling hands' completions pruned ([`super::calling`]),
//! and, when only the totals are wanted, no items for a reading that cannot be valid. It keeps
//! its buffers between hands, so scoring many hands allocates little.

use std::cell::RefCell;

use arrayvec::ArrayVec;

use super::calling::{Complete, calling_for};
use super::gate::{Open, Summary, Words};
use super::memo::{Memo, Remembering};
use super::pointing::Pointing;
use super::waits::only_possible;
use super::{Plan, PlanItem};
use crate::arrange::{Arrangement, Groupings, MAX_SETS, arrange_into};
use crate::hand::Hand;
use crate::predicate::facts::{Deferred, Elem, Facts, hand as hf};
use crate::rules::{Rules, Style};
use crate::score::combine::combine;
use crate::score::facts::{
    HandElems, concealed_flag, hand_facts, hand_flags, reading, refusal_facts, shown_counts,
};
use crate::score::items::{
    Applied, anywhere, count, exclude_within, finish, invalid, refusal, refused, set_instances,
    unmet_after_items,
};
use crate::score::reference::card;
use crate::score::{Choice, Dropped, Fired, Key, Prefer, ScoreCard, Totals};
use crate::tiles::{Tile, TileCounts};
use crate::waits::{wait_count, waits};

/// Scores hands with one variant, reusing its buffers.
pub struct Scorer<'v> {
    rules: &'v Rules,
    plan: &'v Plan,
    arrangements: Vec<Arrangement>,
    elems: HandElems,
    /// The items of the reading being scored.
    reading: Applied,
    best_fired: Vec<Fired>,
    /// The values of the score of the best reading so far (a `formula` variant's).
    best_values: Vec<i64>,
    /// The matches the best reading so far dropped by exclusions.
    best_dropped: Vec<Dropped>,
    /// The items one more tile would make apply, for a hand that did not go out.
    calling: Vec<usize>,
    /// Scores the hands that one more tile would complete; made on first use.
    completions: Option<Box<Scorer<'v>>>,
    /// The formula's scores remembered.
    memo: RefCell<Memo>,
    /// Under a variant whose players who did not go out are scored by their flags alone
    /// ([`Plan::others_score_by_flags`]): the totals of the flags met so far.
    others_by_flags: Vec<(u64, Totals)>,
}

/// The most flags whose totals [`Scorer::alike`] keeps (a handful are met: the dealer, a
/// declaration or two, a concealed hand).
const MAX_OTHERS_BY_FLAGS: usize = 64;

/// Which readings' traces are worked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Trace {
    /// Every reading's: a score card lists the items even of a hand that is not a valid
    /// Mah-Jong.
    Always,
    /// Only a valid reading's. A winner's reading that does not meet a requirement scores
    /// nothing whatever its items, so they are not evaluated (unless the variant's
    /// tie-breaks read them): the totals are the same.
    IfValid,
}

impl<'v> Scorer<'v> {
    /// A scorer for the variant whose rules are `rules` and plan `plan`.
    pub fn new(rules: &'v Rules, plan: &'v Plan) -> Self {
        Scorer {
            rules,
            plan,
            arrangements: Vec::new(),
            elems: HandElems::default(),
            reading: Applied::default(),
            best_fired: Vec::new(),
            best_values: Vec::new(),
            best_dropped: Vec::new(),
            calling: Vec::new(),
            completions: None,
            memo: RefCell::default(),
            others_by_flags: Vec::new(),
        }
    }

    /// Scores a hand, with the trace.
    pub fn score(&mut self, hand: &Hand) -> ScoreCard<'v> {
        let (totals, choice) = self.evaluate(hand, Trace::Always);
        // Scoring walks the items grouped by what they look at; the card lists them in the
        // order of the variant file.
        let mut fired = self.best_fired.clone();
        fired.sort_by_key(|f| f.item);
        let values = self.best_values.clone();
        let dropped = self.best_dropped.clone();
        card(
            self.rules,
            hand,
            (totals, values),
            choice,
            (fired, dropped),
            &self.arrangements,
        )
    }

    /// Scores a hand, numbers only: the same totals as [`Self::score`], sooner.
    ///
    /// A winner's reading that does not meet a requirement scores nothing, so its items are
    /// not evaluated (a card lists them). A player who did not go out, under a variant with
    /// no item for such a player (Hong Kong's, riichi's) and a score that reads nothing of a
    /// reading, scores the same in every reading, so the readings are not looked for.
    pub fn totals(&mut self, hand: &Hand) -> Totals {
        if !self.plan.tricks.totals_only {
            return self.evaluate(hand, Trace::Always).0;
        }
        if !hand.is_winner() && self.plan.others_score_alike {
            return self.alike(hand);
        }
        self.evaluate(hand, Trace::IfValid).0
    }

    /// The totals of a player who did not go out, under a variant whose every reading of
    /// such a player scores the same ([`Plan::others_score_alike`]): scored once, on the facts
    /// of the hand, without its readings. (Kept out of line: most hands take the other way.)
    #[inline(never)]
    fn alike(&mut self, hand: &Hand) -> Totals {
        let (rules, plan) = (self.rules, self.plan);
        if !plan.refusals.each.is_empty()
            && let Some(r) = self.refusal(hand, &hand.own_tiles(), false)
        {
            return refused(rules, r);
        }
        if rules.definition.style != Style::Formula {
            // Points and doubles, or faan, with no item: nothing, whatever the facts.
            return combine(rules, &mut Vec::new(), false, false);
        }
        let score = Remembering::of(plan, &self.memo);
        let totals_on = |facts: &Facts<'_>, reading: &mut Applied| {
            reading.clear();
            finish(rules, &score, facts, false, reading, (None, false), || None)
        };
        if plan.others_score_by_flags {
            // Only the flags are read: the tiles are not looked at, and the totals of flags
            // met before are taken as they were.
            let mut facts = Facts::default();
            facts.flags = hand_flags(hand) | concealed_flag(hand);
            let known = self.others_by_flags.iter().find(|(f, _)| *f == facts.flags);
            let totals = match known {
                Some(&(_, totals)) => totals,
                None => {
                    let totals = totals_on(&facts, &mut self.reading);
                    if self.others_by_flags.len() < MAX_OTHERS_BY_FLAGS {
                        self.others_by_flags.push((facts.flags, totals));
                    }
                    totals
                }
            };
            if cfg!(debug_assertions) {
                let mut reading = Applied::default();
                self.elems
                    .fill(hand, &hand.own_tiles(), plan.needs_number_copies);
                let facts = hand_facts(hand, &self.elems, hand_flags(hand));
                let full = totals_on(&facts, &mut reading);
                assert_eq!(totals, full, "a score read from the flags alone");
            }
            return totals;
        }
        self.elems
            .fill(hand, &hand.own_tiles(), plan.needs_number_copies);
        let count_waits = || count_waits(rules, plan, hand);
        let wait_count = Deferred::new(&count_waits);
        let mut facts = hand_facts(hand, &self.elems, hand_flags(hand));
        facts.wait_count = Some(&wait_count);
        totals_on(&facts, &mut self.reading)
    }

    /// The first of the variant's refusals that `hand`, whose own tiles are `own`, meets;
    /// its elements are filled already where `filled`. A refusal that asks for a tile shown
    /// so many times is looked at only in a hand that shows one ([`Refusals::may_hold`]):
    /// most hands are settled by a few look-ups.
    #[inline]
    fn refusal(&mut self, hand: &Hand, own: &TileCounts, filled: bool) -> Option<usize> {
        let first = if self.plan.refusals.may_hold(hand, own) {
            self.refusal_looked_at(hand, own, filled)
        } else {
            None
        };
        if cfg!(debug_assertions) {
            self.elems.fill(hand, own, self.plan.needs_number_copies);
            self.elems.fill_shown(hand, &shown_counts(hand, own));
            assert_eq!(first, refusal(self.rules, hand, &self.elems), "a refusal");
        }
        first
    }

    /// [`Self::refusal`] for a hand that some refusal may refuse: the hand's elements
    /// (unless `filled` already) and the tiles it shows are made, and the refusals that may
    /// hold evaluated. (Kept out of line: the facts it makes are not worth working out for
    /// the other hands.)
    #[inline(never)]
    fn refusal_looked_at(&mut self, hand: &Hand, own: &TileCounts, filled: bool) -> Option<usize> {
        let plan = self.plan;
        let each = &plan.refusals.each;
        let first = each.iter().position(|r| r.may_hold(hand, own))?;
        if !filled {
            self.elems.fill(hand, own, plan.needs_number_copies);
        }
        self.elems.fill_shown(hand, &shown_counts(hand, own));
        let facts = refusal_facts(hand, &self.elems);
        (first..each.len()).find(|&i| {
            each[i].may_hold(hand, own)
                && each[i].condition.holds_past_gate(&facts, Elem::default())
        })
    }

    fn evaluate(&mut self, hand: &Hand, trace: Trace) -> (Totals, Choice) {
        self.evaluate_with(hand, hand_flags(hand), true, None, trace)
    }

    /// Scores a hand whose arrangement-independent flags are `base_flags`; its standard
    /// arrangements are looked for only when `standard` (a caller that knows there are none
    /// says so). The trace of the best reading is left in `best_fired` as `trace` says.
    ///
    /// With `targets` (a completion tried by [`super::calling`]), a hand on which no
    /// target holds, in any reading, is not scored: it is given as not valid, since no
    /// reading of it can make a target apply; `base_flags` then say already whether the
    /// winning tile was the only possible one. Otherwise that is worked out here, when
    /// some condition asks, once the arrangements are known (they often settle it).
    fn evaluate_with(
        &mut self,
        hand: &Hand,
        base_flags: u64,
        standard: bool,
        targets: Option<&[PlanItem]>,
        trace: Trace,
    ) -> (Totals, Choice) {
        let (rules, plan) = (self.rules, self.plan);
        let winner = hand.is_winner();
        let own = hand.own_tiles();
        self.elems.fill(hand, &own, plan.needs_number_copies);
        // A completion tried for a calling hand is no hand given: it is not refused.
        if targets.is_none()
            && !plan.refusals.each.is_empty()
            && let Some(r) = self.refusal(hand, &own, true)
        {
            self.arrangements.clear();
            self.best_fired.clear();
            self.best_values.clear();
            self.best_dropped.clear();
            return (refused(rules, r), Choice::None);
        }
        let mut calling = std::mem::take(&mut self.calling);
        calling.clear();
        if !winner && !plan.calling_targets.is_empty() {
            let completions = self
                .completions
                .get_or_insert_with(|| Box::new(Scorer::new(rules, plan)));
            calling_for(
                plan,
                &self.elems,
                hand,
                &own,
                completions.as_mut(),
                &mut calling,
            );
        }

        self.arrangements.clear();
        if standard {
            arrange_into(hand, plan.groupings, &rules.blocks, &mut self.arrangements);
        }
        let mut base_flags = base_flags;
        if winner && targets.is_none() && plan.needs_waits {
            let only = if plan.tricks.only_possible {
                only_possible(hand, &own, &self.arrangements)
            } else {
                waits(hand).only_possible
            };
            if only {
                base_flags |= hf::ONLY_POSSIBLE;
            }
        }
        // Worked out only if some condition reads it.
        let count_waits = || count_waits(rules, plan, hand);
        let wait_count = Deferred::new(&count_waits);
        let readings = Readings::new(plan, hand, &self.elems, base_flags, &wait_count, &calling);
        let special = (winner && readings.shapes != 0).then(|| readings.special());
        self.best_fired.clear();
        self.best_values.clear();
        self.best_dropped.clear();
        if let Some(targets) = targets
            && !some_target_may_apply(
                plan,
                targets,
                &self.arrangements,
                &readings,
                special.as_ref(),
            )
        {
            self.calling = calling;
            return (Totals::default(), Choice::None);
        }

        // The tie-breaks are needed where readings are weighed against each other, and on a
        // card.
        let shapes = if special.is_some() {
            readings.shapes
        } else {
            0
        };
        let one_reading = match self.arrangements.len() {
            0 => shapes & shapes.wrapping_sub(1) == 0,
            1 => shapes == 0,
            _ => false,
        };
        let scoring = Scoring {
            rules,
            plan,
            score: Remembering::of(plan, &self.memo),
            tie_breaks: !one_reading || trace == Trace::Always,
        };
        let mut sets: ArrayVec<Elem, MAX_SETS> = ArrayVec::new();
        let mut best: Option<((Totals, Prefer), Choice)> = None;
        for (i, arrangement) in self.arrangements.iter().enumerate() {
            let (facts, summary) = readings.of(arrangement, &mut sets);
            let totals = apply_items(&scoring, &facts, &summary, winner, trace, &mut self.reading);
            let prefer = &self.reading.prefer;
            if best.as_ref().is_none_or(|(b, _)| totals.beats(prefer, b)) {
                best = Some(((totals, *prefer), Choice::Arrangement(i)));
                std::mem::swap(&mut self.best_fired, &mut self.reading.fired);
                std::mem::swap(&mut self.best_values, &mut self.reading.results.values);
                std::mem::swap(&mut self.best_dropped, &mut self.reading.dropped);
            }
        }
        if cfg!(debug_assertions) && standard && !winner && plan.groupings != Groupings::every() {
            let best = best.as_ref().map(|((b, prefer), _)| b.key(*prefer));
            check_every_grouping(&scoring, hand, &readings, best);
        }
        if let Some(special) = &special {
            let summary = readings.summary.with_sets(special);
            let held = (0..plan.shapes.len()).filter(|s| readings.shapes & (1 << s) != 0);
            for s in held {
                let totals = apply_items(
                    &scoring,
                    special,
                    &summary,
                    winner,
                    trace,
                    &mut self.reading,
                );
                let prefer = &self.reading.prefer;
                if best.as_ref().is_none_or(|(b, _)| totals.beats(prefer, b)) {
                    best = Some(((totals, *prefer), Choice::Shape(s)));
                    std::mem::swap(&mut self.best_fired, &mut self.reading.fired);
                    std::mem::swap(&mut self.best_values, &mut self.reading.results.values);
                    std::mem::swap(&mut self.best_dropped, &mut self.reading.dropped);
                }
            }
        }
        self.calling = calling;
        // A winning hand with no complete reading is not a valid Mah-Jong, and scores
        // nothing.
        best.map_or_else(
            || (invalid(rules, None), Choice::None),
            |((totals, _), choice)| (totals, choice),
        )
    }
}

impl Complete for Scorer<'_> {
    fn complete(
        &mut self,
        completed: &Hand,
        flags: u64,
        standard: bool,
        targets: Option<&[PlanItem]>,
    ) -> Option<&[Fired]> {
        let (totals, _) = self.evaluate_with(completed, flags, standard, targets, Trace::IfValid);
        totals.valid.then_some(self.best_fired.as_slice())
    }
}

/// A hand as it is known before a reading is chosen, and each reading's facts from it.
struct Readings<'a> {
    /// The facts of the hand: its tiles, bonus tiles, flags, shapes held and the items
    /// called for; no sets.
    facts: Facts<'a>,
    /// What the gates read of them.
    summary: Summary,
    /// The special shapes the hand holds, as bits by index.
    shapes: u64,
    /// The winning tile, for the player who went out.
    win: Option<Tile>,
    /// The flags of the hand that no arrangement changes.
    base_flags: u64,
    tile_flags: &'a [u64; Tile::COUNT],
}

impl<'a> Readings<'a> {
    /// The hand whose elements are `elems`, flags that no arrangement changes `base_flags`,
    /// wait count `wait_count` and items called for `calling`.
    fn new(
        plan: &Plan,
        hand: &Hand,
        elems: &'a HandElems,
        base_flags: u64,
        wait_count: &'a Deferred<'a>,
        calling: &'a [usize],
    ) -> Readings<'a> {
        let mut facts = hand_facts(hand, elems, base_flags);
        facts.wait_count = Some(wait_count);
        let summary = plan.summary(&facts);
        // Special shapes are read from the tiles of a hand without declared sets.
        let mut shapes = 0u64;
        if hand.melds().is_empty() {
            let words = plan.words(&summary);
            for (i, shape) in plan.shapes.iter().enumerate() {
                if shape.holds(&words, &facts) {
                    shapes |= 1 << i;
                }
            }
        }
        facts.calling = calling;
        facts.shapes = shapes;
        Readings {
            facts,
            summary: summary.calling(calling),
            shapes,
            win: hand.win().map(|w| w.tile),
            base_flags,
            tile_flags: &elems.tile_flags,
        }
    }

    /// The facts and their summary in the reading of `arrangement`, whose sets are put in
    /// `sets`. (Always inlined: its result, two large records, would otherwise be copied.)
    #[inline(always)]
    fn of<'s>(
        &self,
        arrangement: &Arrangement,
        sets: &'s mut ArrayVec<Elem, MAX_SETS>,
    ) -> (Facts<'s>, Summary)
    where
        'a: 's,
    {
        let flags = reading(
            arrangement,
            self.win,
            self.base_flags,
            self.tile_flags,
            sets,
        );
        let mut facts = self.facts.with_sets(flags, sets);
        facts.blocks = arrangement.block_bits();
        (facts, self.summary.with_sets(&facts))
    }

    /// The facts of a winner's reading as a special shape: complete, with no sets.
    fn special(&self) -> Facts<'a> {
        let mut special = self.facts;
        special.flags |= hf::COMPLETE | hf::SPECIAL_SHAPE;
        special
    }
}

/// True when some item of `targets` may apply in some reading of the hand: the reading of
/// one of its `arrangements`, or its reading as a special shape (`special`, for a winner
/// who holds one). Only for the completions of a calling hand, so kept out of the way of
/// the common scoring.
#[inline(never)]
fn some_target_may_apply(
    plan: &Plan,
    targets: &[PlanItem],
    arrangements: &[Arrangement],
    readings: &Readings,
    special: Option<&Facts>,
) -> bool {
    // A target that reads other items' results may apply whenever its gate is open: the
    // results are not known before the items are evaluated.
    let may_apply = |facts: &Facts<'_>, words: &Words| {
        targets.iter().any(|t| {
            t.condition.gate.open(words)
                && (t.item.reads_results
                    || anywhere(t.item.for_each, facts, |e| {
                        t.condition.holds_past_gate(facts, e)
                    }))
        })
    };
    let mut sets = ArrayVec::new();
    let in_arrangement = arrangements.iter().any(|a| {
        let (facts, summary) = readings.of(a, &mut sets);
        may_apply(&facts, &plan.words(&summary))
    });
    in_arrangement
        || special.is_some_and(|s| may_apply(s, &plan.words(&readings.summary.with_sets(s))))
}

/// Checks (in debug builds) that the groupings the plan leaves out of a non-winner's
/// arrangements never score more (`super::groupings`): `best` is the best key found
/// without them.
fn check_every_grouping(
    scoring: &Scoring<'_>,
    hand: &Hand,
    readings: &Readings,
    best: Option<Key>,
) {
    let mut every = Vec::new();
    arrange_into(hand, Groupings::every(), &[], &mut every);
    let mut applied = Applied::default();
    let mut sets = ArrayVec::new();
    let best_of_every = every.iter().fold(None, |most, arrangement| {
        let (facts, summary) = readings.of(arrangement, &mut sets);
        let trace = Trace::IfValid;
        let totals = apply_items(scoring, &facts, &summary, false, trace, &mut applied);
        most.max(Some(totals.key(applied.prefer)))
    });
    debug_assert_eq!(best, best_of_every, "a grouping left out scores more");
}

/// Evaluates every item whose gate is open on one reading and combines the results, as
/// [`crate::score::items::apply`] does with every item; the items that counted are left in
/// `applied.fired` (for a winner's reading that does not meet a requirement, only when
/// `trace` says so).
fn apply_items(
    scoring: &Scoring<'_>,
    facts: &Facts<'_>,
    summary: &Summary,
    winner: bool,
    trace: Trace,
    applied: &mut Applied,
) -> Totals {
    let (rules, plan) = (scoring.rules, scoring.plan);
    applied.clear();
    let words = plan.words(summary);
    // The requirements that read no item's result are judged first.
    let unmet = winner
        .then(|| {
            (plan
                .requirements
                .iter()
                .zip(&rules.requirements_read_results))
            .position(|(r, &reads)| !reads && !r.holds(&words, facts))
        })
        .flatten();
    // Not a valid Mah-Jong under this variant: the hand scores nothing (unless a
    // requirement judged after the items comes before it, and may be the one named, or the
    // tie-breaks, which read the items, choose among readings that are not valid).
    if let Some(unmet) = unmet
        && trace == Trace::IfValid
        && !rules.requirements_read_results[..unmet].contains(&true)
        && rules.prefer.is_empty()
    {
        return invalid(rules, Some(unmet));
    }
    let player = &plan.by_player[usize::from(!winner)];
    if cfg!(debug_assertions) && plan.tricks.gate_table {
        let open: Vec<usize> = player.gates.open(&words).collect();
        for (i, item) in player.items.iter().enumerate() {
            let gate_open = item.condition.gate.open(&words);
            debug_assert_eq!(
                open.contains(&i),
                gate_open,
                "the gate table disagrees with a gate"
            );
            debug_assert!(
                gate_open
                    || !anywhere(item.item.for_each, facts, |e| {
                        item.condition.when.holds(facts, e)
                    }),
                "a shut gate hid an item"
            );
        }
    }
    // The items whose gates are open: read from the table, or gate by gate.
    let open = if plan.tricks.gate_table {
        OpenItems::Table(player.gates.open(&words))
    } else {
        OpenItems::EachGate {
            items: &player.items,
            words: &words,
            next: 0,
        }
    };
    count_items(open, &player.items, facts, applied);
    let matches = std::mem::take(&mut applied.matches);
    exclude_within(rules, applied, |item, out| {
        let Some(planned) = player.item(item.index) else {
            return;
        };
        match &planned.group {
            // Kept as they were counted (an item a set-level exclusion reads looks at sets).
            Some(_) => out.extend(matches.iter().filter(|m| m.item == item.index)),
            None => set_instances(
                &planned.item,
                facts,
                |e| planned.condition.holds_past_gate(facts, e),
                |e| planned.amount.value(facts, e),
                out,
            ),
        }
    });
    applied.matches = matches;
    let late_unmet = |applied: &mut Applied| {
        unmet_after_items(rules, facts, applied, |i, facts| {
            plan.requirements[i].holds(&words, facts)
        })
    };
    // Where the requirements that read the results are settled before the items counted
    // last, a reading that fails one scores nothing whatever those items give: for the
    // totals alone, with no tie-break to work out, they are not counted.
    // The first requirement not met, of those judged before the items and after.
    let first_unmet = |late: Option<usize>| match (unmet, late) {
        (Some(first), Some(late)) => Some(first.min(late)),
        (first, late) => first.or(late),
    };
    let settled = (winner && plan.settled_before_later).then(|| late_unmet(applied));
    if let Some(late) = settled
        && trace == Trace::IfValid
        && !scoring.tie_breaks
        && let Some(unmet) = first_unmet(late)
    {
        return invalid(rules, Some(unmet));
    }
    count_later(rules, &player.later, &words, facts, applied);
    let late = settled.or_else(|| winner.then(|| late_unmet(applied)));
    let unmet = first_unmet(late.flatten());
    let liability = || plan.liabilities.iter().position(|c| c.holds(&words, facts));
    finish(
        rules,
        &scoring.score,
        facts,
        winner,
        applied,
        (unmet, scoring.tie_breaks),
        liability,
    )
}

/// What scoring one reading takes besides its facts: the rules, the plan, and the score's
/// own expressions as the plan evaluates them.
struct Scoring<'a> {
    rules: &'a Rules,
    plan: &'a Plan,
    score: Remembering<'a>,
    /// The tie-breaks of each reading are worked out (see [`finish`]).
    tie_breaks: bool,
}

/// Counts the items that read other items' results (`later`, in the order they are
/// evaluated) on the reading `facts`, whose gates read `words`: each reads what the items
/// counted before it gave, as [`crate::score::items::count_later`] does.
fn count_later(
    rules: &Rules,
    later: &[PlanItem],
    words: &Words,
    facts: &Facts<'_>,
    applied: &mut Applied,
) {
    for item in later.iter().filter(|i| i.condition.gate.open(words)) {
        let facts = facts.with_results(applied.gather(rules));
        let hit = match (&item.group, &item.pointing) {
            (Some(group), _) => group.count(&item.item, &facts),
            (None, Some(pointing)) => count_pointing(pointing, item, &facts),
            (None, None) => count(
                &item.item,
                &facts,
                |e| item.condition.holds_past_gate(&facts, e),
                |e| item.amount.value(&facts, e),
            ),
        };
        applied.keep(hit, &item.item);
    }
}

/// The positions of the items whose gates are open on some words: read from the gate
/// table, or tested gate by gate (one type, so that [`count_items`] is made once).
enum OpenItems<'t> {
    Table(Open<'t>),
    EachGate {
        items: &'t [PlanItem],
        words: &'t Words,
        next: usize,
    },
}

impl Iterator for OpenItems<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        match self {
            OpenItems::Table(open) => open.next(),
            OpenItems::EachGate { items, words, next } => {
                let i = (*next..items.len()).find(|&i| items[i].condition.gate.open(words))?;
                *next = i + 1;
                Some(i)
            }
        }
    }
}

/// Counts the items of `items` at the positions `open` on the reading `facts`, leaving those
/// that count in `applied`.
#[inline]
fn count_items(
    open: impl Iterator<Item = usize>,
    items: &[PlanItem],
    facts: &Facts<'_>,
    applied: &mut Applied,
) {
    // Each way of counting keeps its hit itself, rather than all of them giving theirs to
    // one `keep` after: a hit that several ways may give is written on the stack field by
    // field, then copied whole into the kept ones, and the copy's wide reads wait for the
    // narrow writes (a stall that took 2 % of riichi's time and 1.4 % of MCR's).
    for item in open.map(|i| &items[i]) {
        let it = &item.item;
        if let Some((mask, value)) = item.set_test {
            let mut hit = Fired::none(it);
            for (k, e) in facts.sets().iter().enumerate() {
                debug_assert_eq!(mask.test(e.flags), item.condition.when.holds(facts, *e));
                if mask.test(e.flags) {
                    hit.times += 1;
                    hit.sets |= 1 << k;
                }
            }
            hit.amount = value.saturating_mul(i64::from(hit.times));
            applied.keep(hit, it);
        } else if let Some(group) = &item.group {
            if it.instanced {
                let hit = group.count_keeping(it, facts, &mut applied.matches);
                applied.keep(hit, it);
            } else {
                applied.keep(group.count(it, facts), it);
            }
        } else if let Some(pointing) = &item.pointing {
            applied.keep(count_pointing(pointing, item, facts), it);
        } else {
            let hit = count(
                it,
                facts,
                |e| item.condition.holds_past_gate(facts, e),
                |e| item.amount.value(facts, e),
            );
            applied.keep(hit, it);
        }
    }
}

/// How `item`, a tile item counted from the elements `pointing` at the tiles, whose gate is
/// open, counts on the reading `facts` (debug builds check it against the plain count).
fn count_pointing(pointing: &Pointing, item: &PlanItem, facts: &Facts<'_>) -> Fired {
    let hit = pointing.count(&item.item, facts);
    debug_assert_eq!(
        hit,
        count(
            &item.item,
            facts,
            |e| item.condition.holds_past_gate(facts, e),
            |e| item.amount.value(facts, e),
        ),
        "counted from the elements pointing"
    );
    hit
}

/// The wait count of `hand` ([`wait_count`]), its special shapes sought only with the tiles
/// that may make one form when the plan says so (debug builds check the count).
fn count_waits(rules: &Rules, plan: &Plan, hand: &Hand) -> i64 {
    let count = if plan.tricks.shape_waits {
        super::waits::wait_count(plan, &rules.blocks, hand)
    } else {
        wait_count(hand, &rules.shapes, &rules.blocks)
    };
    debug_assert_eq!(
        count,
        wait_count(hand, &rules.shapes, &rules.blocks),
        "a special shape formed with a tile thought unable to make it"
    );
    count as i64
}
