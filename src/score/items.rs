//! What a variant's items give on one reading of a hand.
//!
//! In: a variant's [`Rules`] and the [`Facts`] of one reading. Out: the items that counted
//! ([`Fired`]: how many times, for how much, on which sets) and the [`Totals`] they combine
//! into. An item applies to the players its `who` names; it looks at the hand once, or at
//! each set, tile (with its copies) or bonus tile, and counts once for each that meets its
//! condition, for its value there. An item that reads other items' results (`sum`,
//! `fired`) is evaluated after them. An item that counts drops every item it replaces. A
//! winner's reading that does not meet one of the variant's requirements is no valid
//! Mah-Jong and scores nothing, though its items are still listed; a winner's reading that
//! meets a liability of the payment rules names it.

use super::combine::combine;
use super::facts::{HandElems, refusal_facts};
use super::formula::ScoreExpressions;
use super::selection::select;
use super::{Dropped, Exclusion, Fired, Instance, Prefer, Totals};
use crate::hand::Hand;
use crate::predicate::compiled::{Collection, Compiled};
use crate::predicate::facts::{Elem, Facts, Results, hand as hf};
use crate::predicate::groups::Quantified;
use crate::rules::{CompiledItem, ForEach, Rules, Style, Who};

/// The items that counted on one reading, and the items they replace: [`apply`]'s buffers,
/// kept between readings.
#[derive(Default)]
pub struct Applied {
    /// The items that counted, in the order they were evaluated.
    pub fired: Vec<Fired>,
    /// The items that items which count replace, as [`Applied::resolve`] last worked them
    /// out: an item replaced by one that is itself replaced replaces nothing.
    pub replaced: Vec<usize>,
    /// Some item that replaces others counted since [`Applied::resolve`] last ran.
    unresolved: bool,
    /// How many times `replaced` has changed on this reading.
    generation: usize,
    /// What they gave, for the items and requirements that read it (filled before each).
    pub results: Results,
    /// The reading's tie-breaks, once its totals are known.
    pub prefer: Prefer,
    /// The matches dropped by set-level exclusions, in the order they were dropped.
    pub dropped: Vec<Dropped>,
    /// The matches of the items that set-level exclusions read, and for each whether it is
    /// kept (buffers).
    instances: Vec<Instance>,
    kept: Vec<bool>,
    /// The matches of one combination's items, and their places among `instances` (buffers).
    combined: Vec<Instance>,
    members: Vec<usize>,
    /// The matches of such items over groups of sets, kept by the fast scorer as it counts
    /// them, so that its exclusions need not find them again.
    pub matches: Vec<Instance>,
    /// How many items had counted, and the generation of `replaced`, when `results` was
    /// last gathered (none since [`Applied::clear`]).
    gathered: Option<(usize, usize)>,
    /// Room for [`Applied::resolve`]'s items replaced (a bit per item) and items that
    /// counted and replace others (a bit per place in [`Rules::replacing`]), kept between
    /// readings.
    resolving: [Vec<u64>; 2],
}

/// Every item of `rules` that applies to the player (`winner` or not) evaluated on the
/// reading `facts`, in the order of the file; the items that counted are left in
/// `applied.fired`, and their totals returned.
pub fn apply(rules: &Rules, facts: &Facts<'_>, winner: bool, applied: &mut Applied) -> Totals {
    applied.clear();
    let first = rules.items.iter().filter(|i| !i.reads_results);
    for item in first.filter(|i| applies_to(i.who, winner)) {
        applied.keep(count_plainly(item, facts), item);
    }
    exclude_within(rules, applied, |item, out| {
        instances_plainly(item, facts, out)
    });
    count_later(rules, facts, winner, applied);
    let unmet = winner
        .then(|| {
            let facts = facts.with_results(applied.gather(rules));
            rules
                .requirements
                .iter()
                .position(|r| !r.holds(&facts, Elem::default()))
        })
        .flatten();
    let liability = || {
        rules
            .payments
            .liabilities
            .iter()
            .position(|(c, _)| c.holds(facts, Elem::default()))
    };
    finish(
        rules,
        rules,
        facts,
        winner,
        applied,
        (unmet, true),
        liability,
    )
}

/// Evaluates the items that read other items' results ([`Rules::later`], in that order) on
/// the reading `facts`, after the others: each reads what the items counted so far gave.
#[inline]
pub fn count_later(rules: &Rules, facts: &Facts<'_>, winner: bool, applied: &mut Applied) {
    for &k in &rules.later {
        let item = &rules.items[k];
        if !applies_to(item.who, winner) {
            continue;
        }
        let facts = facts.with_results(applied.gather(rules));
        let hit = count_plainly(item, &facts);
        applied.keep(hit, item);
    }
}

/// The first of the requirements that read the items' results which the reading `facts`
/// does not meet, once every item is evaluated (the others are judged before); `holds` tells
/// whether the requirement of an index holds.
pub fn unmet_after_items(
    rules: &Rules,
    facts: &Facts<'_>,
    applied: &mut Applied,
    holds: impl Fn(usize, &Facts<'_>) -> bool,
) -> Option<usize> {
    if !rules.requirements_read_results.contains(&true) {
        return None;
    }
    let facts = facts.with_results(applied.gather(rules));
    (rules.requirements_read_results.iter())
        .enumerate()
        .position(|(i, &reads)| reads && !holds(i, &facts))
}

impl Applied {
    /// Forgets the reading before.
    #[inline]
    pub fn clear(&mut self) {
        self.fired.clear();
        self.replaced.clear();
        self.unresolved = false;
        self.generation = 0;
        self.dropped.clear();
        self.matches.clear();
        self.results.values.clear();
        self.prefer = Prefer::default();
        self.gathered = None;
    }

    /// Keeps `hit`, how `item` counted, when it counted at all, and the items it replaces.
    #[inline]
    pub fn keep(&mut self, hit: Fired, item: &CompiledItem) {
        if hit.times > 0 {
            self.fired.push(hit);
            self.unresolved |= !item.replaces.is_empty();
        }
    }

    /// Works out which of the items that counted are replaced: those that an item which
    /// counts, and is not itself replaced, replaces. (The items' `replaces` form no cycle,
    /// so there is one answer, found in one pass over the items that counted, each before
    /// the items it replaces: [`Rules::replacing`].)
    #[inline]
    pub(crate) fn resolve(&mut self, rules: &Rules) {
        if self.unresolved {
            self.resolve_replaced(rules);
        }
    }

    /// [`Self::resolve`] once an item that replaces others has counted (kept out of line:
    /// the results are gathered four or five times a reading, most often with nothing new
    /// to resolve).
    #[inline(never)]
    fn resolve_replaced(&mut self, rules: &Rules) {
        self.unresolved = false;
        let [mut replaced, mut replacing] = std::mem::take(&mut self.resolving);
        let words = rules.replacing_rank.len().div_ceil(64);
        replaced.clear();
        replaced.resize(words, 0);
        replacing.clear();
        replacing.resize(rules.replacing.len().div_ceil(64), 0);
        let bit = |item: usize| (item / 64, 1u64 << (item % 64));
        // The items that counted and replace others, by their place in an order where each
        // comes before every item it replaces: whether one is replaced is settled before
        // its turn, so one pass finds them all.
        for f in &self.fired {
            let rank = rules.replacing_rank[f.item];
            if rank != u32::MAX {
                let (word, mask) = bit(rank as usize);
                replacing[word] |= mask;
            }
        }
        for (w, &bits) in replacing.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let item = rules.replacing[w * 64 + bits.trailing_zeros() as usize];
                bits &= bits - 1;
                let (word, mask) = bit(item);
                if replaced[word] & mask == 0 {
                    for &r in &rules.item(item).replaces {
                        let (word, mask) = bit(r);
                        replaced[word] |= mask;
                    }
                }
            }
        }
        let now = replaced.iter().enumerate().flat_map(|(w, &bits)| {
            let mut bits = bits;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    w * 64 + i
                })
            })
        });
        if !now.clone().eq(self.replaced.iter().copied()) {
            self.replaced.clear();
            self.replaced.extend(now);
            self.generation += 1;
        }
        self.resolving = [replaced, replacing];
    }

    /// What the items counted so far gave, less those replaced, for a condition that reads
    /// it: gathered into `results`. Only the items that counted since the last gathering
    /// are added, unless which are replaced changed since.
    #[inline]
    pub(crate) fn gather(&mut self, rules: &Rules) -> &Results {
        // Most gatherings find nothing new (an item that reads the results, between two
        // that count): answered here, without the call.
        if !self.unresolved && self.gathered == Some((self.fired.len(), self.generation)) {
            return &self.results;
        }
        self.gather_new(rules)
    }

    /// [`Self::gather`] once some item counted, or which are replaced changed, since the
    /// last gathering.
    #[inline(never)]
    fn gather_new(&mut self, rules: &Rules) -> &Results {
        self.resolve(rules);
        let now = (self.fired.len(), self.generation);
        let from = match self.gathered {
            Some((fired, replaced)) if replaced == now.1 && fired <= now.0 => fired,
            _ => {
                let results = &mut self.results;
                let bests = if rules.reads_bests {
                    rules.tags.len()
                } else {
                    0
                };
                let items = if rules.reads_fired {
                    rules.tags_of.len()
                } else {
                    0
                };
                results.clear(rules.tags.len(), bests, items);
                0
            }
        };
        let (fired, replaced) = (&self.fired[from..], &self.replaced);
        if replaced.is_empty() && !rules.reads_bests && !rules.reads_fired {
            // The commonest case, in a loop of its own: only the sums are kept.
            for f in fired {
                self.results.add_to_sums(rules.tags_of[f.item], f.amount);
            }
        } else {
            for f in fired.iter().filter(|f| !replaced.contains(&f.item)) {
                self.results.add(f.item, rules.tags_of[f.item], f.amount);
            }
        }
        self.gathered = Some(now);
        &self.results
    }
}

/// True when an item for `who` applies to the winner (`winner`) or to one of the others.
pub fn applies_to(who: Who, winner: bool) -> bool {
    match who {
        Who::All => true,
        Who::Winner => winner,
        Who::Others => !winner,
    }
}

/// Drops each match that some item's `replaces-within` reaches (a match of an item it names
/// that lies within the sets of one of its own matches), then, in each combination, the
/// matches of its items that the selection kept does without ([`selection`]). The items'
/// counts are worked out again from the matches left (an item left with none no longer
/// counts), and the dropped matches kept in `applied.dropped`. `instances_of` gives the
/// matches of an item that counted, one whose matches an exclusion reads. Items that read
/// the results are counted after this, and see what is left.
///
/// [`selection`]: super::selection
pub fn exclude_within(
    rules: &Rules,
    applied: &mut Applied,
    mut instances_of: impl FnMut(&CompiledItem, &mut Vec<Instance>),
) {
    if !rules.instanced {
        return;
    }
    applied.resolve(rules);
    let mut instances = std::mem::take(&mut applied.instances);
    instances.clear();
    for f in &applied.fired {
        let item = rules.item(f.item);
        if item.instanced && !applied.replaced.contains(&f.item) {
            instances_of(item, &mut instances);
        }
    }
    // In the order of the file, whatever order the items were counted in: an earlier item's
    // matches drop first.
    instances.sort_by_key(|i| i.item);
    let first_dropped = applied.dropped.len();
    let mut kept = std::mem::take(&mut applied.kept);
    kept.clear();
    kept.resize(instances.len(), true);
    for x in 0..instances.len() {
        let within = &rules.item(instances[x].item).replaces_within;
        if !kept[x] || within.is_empty() {
            continue;
        }
        for y in 0..instances.len() {
            let (outer, inner) = (instances[x], instances[y]);
            if kept[y] && within.contains(&inner.item) && inner.sets & !outer.sets == 0 {
                kept[y] = false;
                applied.dropped.push(Dropped {
                    instance: inner,
                    by: Exclusion::Within(outer.item),
                });
            }
        }
    }
    // Then each combination selects among the matches of its items that are left.
    let (mut members, mut matches) = (
        std::mem::take(&mut applied.members),
        std::mem::take(&mut applied.combined),
    );
    for c in 0..rules.combinations.len() {
        members.clear();
        members.extend(
            (0..instances.len())
                .filter(|&i| kept[i] && rules.item(instances[i].item).combination == Some(c)),
        );
        if members.len() < 2 {
            continue;
        }
        matches.clear();
        matches.extend(members.iter().map(|&i| instances[i]));
        for (&i, unkept) in members.iter().zip(select(&matches, |item| item)) {
            if let Some(why) = unkept {
                kept[i] = false;
                applied.dropped.push(Dropped {
                    instance: instances[i],
                    by: Exclusion::Combination(c, why),
                });
            }
        }
    }
    if applied.dropped.len() > first_dropped {
        let dropped = &applied.dropped[first_dropped..];
        for f in applied.fired.iter_mut() {
            if !dropped.iter().any(|d| d.instance.item == f.item) {
                continue;
            }
            let left = (instances.iter().zip(&kept)).filter(|(i, k)| **k && i.item == f.item);
            (f.times, f.amount, f.sets) = left.fold((0, 0, 0), |(times, amount, sets), (i, _)| {
                (times + 1, amount + i.amount, sets | i.sets)
            });
        }
        applied.fired.retain(|f| f.times > 0);
        applied.gathered = None;
    }
    applied.instances = instances;
    applied.kept = kept;
    (applied.members, applied.combined) = (members, matches);
}

/// The matches of `item`, an item over sets, on the reading `facts`, its condition and value
/// walked as trees.
pub(crate) fn instances_plainly(item: &CompiledItem, facts: &Facts<'_>, out: &mut Vec<Instance>) {
    match &item.when {
        Compiled::Tuples(t) if item.for_each == ForEach::Group => {
            Quantified::of(t).each_match(facts, Elem::default(), &[], &mut |named, positions| {
                out.push(Instance {
                    item: item.index,
                    sets: positions as u32,
                    amount: item.value.eval_in(facts, Elem::default(), named),
                });
            });
        }
        _ => set_instances(
            item,
            facts,
            |e| item.when.holds(facts, e),
            |e| item.value.value(facts, e),
            out,
        ),
    }
}

/// The matches of `item`, an item on each set, on the reading `facts`, where `holds` tells
/// whether its condition holds on a set and `value` what it gives there.
#[inline]
pub fn set_instances(
    item: &CompiledItem,
    facts: &Facts<'_>,
    holds: impl Fn(Elem) -> bool,
    value: impl Fn(Elem) -> i64,
    out: &mut Vec<Instance>,
) {
    for (k, &e) in facts.sets().iter().enumerate() {
        if holds(e) {
            out.push(Instance {
                item: item.index,
                sets: 1 << k,
                amount: value(e),
            });
        }
    }
}

/// How `item` counts on the reading `facts`, its condition and value walked as trees.
pub(crate) fn count_plainly(item: &CompiledItem, facts: &Facts<'_>) -> Fired {
    match &item.when {
        Compiled::Tuples(t) if item.for_each == ForEach::Group => count_groups(
            item,
            t.collection,
            |visit| Quantified::of(t).each_match(facts, Elem::default(), &[], visit),
            |named| item.value.eval_in(facts, Elem::default(), named),
        ),
        _ => count(
            item,
            facts,
            |e| item.when.holds(facts, e),
            |e| item.value.value(facts, e),
        ),
    }
}

/// How an item over groups of elements of `collection` counts: once for each group that
/// `matches` gives (with the named elements in scope, and the group's positions as bits),
/// for its `value` there; on which sets, for groups of sets.
#[inline]
pub fn count_groups(
    item: &CompiledItem,
    collection: Collection,
    matches: impl FnOnce(&mut dyn FnMut(&[Elem], u64)),
    value: impl Fn(&[Elem]) -> i64,
) -> Fired {
    let mut hit = Fired::none(item);
    matches(&mut |named, positions| {
        hit.times += 1;
        hit.amount = hit.amount.saturating_add(value(named));
        if collection == Collection::Sets {
            // A reading has fewer than 32 sets.
            hit.sets |= positions as u32;
        }
    });
    hit
}

/// How `item` counts on the reading `facts`, where `holds` tells whether its condition
/// holds on an element (the hand's, for an item on the hand): how many times (a tile with
/// its copies), for how much (its value at each, times its weight), on which sets.
#[inline]
pub fn count(
    item: &CompiledItem,
    facts: &Facts<'_>,
    holds: impl Fn(Elem) -> bool,
    value: impl Fn(Elem) -> i64,
) -> Fired {
    let mut hit = Fired::none(item);
    let (holds, value) = (&holds, &value);
    match item.for_each {
        // An item over groups is counted by [`count_groups`]; as an item on the hand, it
        // counts once when some group matches.
        ForEach::Hand | ForEach::Group => {
            look(&mut hit, Elem::default(), 1, holds, value);
        }
        ForEach::Set => {
            for (k, &e) in facts.sets().iter().enumerate() {
                if look(&mut hit, e, 1, holds, value) {
                    hit.sets |= 1 << k;
                }
            }
        }
        ForEach::Tile => {
            for &e in facts.tiles() {
                look(&mut hit, e, u32::from(e.copies), holds, value);
            }
        }
        ForEach::Bonus => {
            for &e in facts.bonus() {
                look(&mut hit, e, 1, holds, value);
            }
        }
    }
    hit
}

/// Counts the element `e`, of weight `weight`, into `hit` when the item's condition `holds`
/// of it, for its `value` there; whether it did.
#[inline(always)]
fn look(
    hit: &mut Fired,
    e: Elem,
    weight: u32,
    holds: &impl Fn(Elem) -> bool,
    value: &impl Fn(Elem) -> i64,
) -> bool {
    let counts = holds(e);
    if counts {
        hit.times += weight;
        hit.amount = (hit.amount).saturating_add(value(e).saturating_mul(i64::from(weight)));
    }
    counts
}

/// The totals of a reading whose items that counted are in `applied.fired` (and the items
/// they replace in `applied.replaced`): the replaced items are dropped and the rest
/// combined; a winner's reading that does not meet requirement `unmet` is not valid and
/// scores nothing; a winner's valid reading names the first liability it meets. The
/// tie-breaks are worked out only when `tie_breaks` (a reading that no other is weighed
/// against needs none: they may read costly facts, such as the wait count).
#[inline]
pub fn finish(
    rules: &Rules,
    expressions: &impl ScoreExpressions,
    facts: &Facts<'_>,
    winner: bool,
    applied: &mut Applied,
    (unmet, tie_breaks): (Option<usize>, bool),
    liability: impl FnOnce() -> Option<usize>,
) -> Totals {
    applied.resolve(rules);
    if !applied.replaced.is_empty() {
        let replaced = &applied.replaced;
        applied.fired.retain(|f| !replaced.contains(&f.item));
        applied.gathered = None;
    }
    let complete = facts.flags & hf::COMPLETE != 0;
    let mut totals = if rules.definition.style == Style::Formula {
        applied.gather(rules);
        let valid = !winner || complete;
        expressions.formula(rules, facts, &mut applied.results, valid)
    } else {
        combine(rules, &mut applied.fired, winner, complete)
    };
    // The tie-breaks decide between readings that are not valid too: the card shows the
    // best of them.
    if tie_breaks && !rules.prefer.is_empty() {
        if rules.definition.style != Style::Formula {
            applied.gather(rules);
        }
        let facts = facts.with_results(&applied.results);
        let mut prefer = Prefer::default();
        for (i, slot) in prefer.iter_mut().take(rules.prefer.len()).enumerate() {
            *slot = expressions.prefer(i, &facts);
        }
        applied.prefer = prefer;
    }
    if let Some(unmet) = unmet {
        return invalid(rules, Some(unmet));
    }
    if winner {
        totals.liability = liability();
    }
    totals
}

/// The totals of a winning hand that is no valid Mah-Jong: nothing, and why when a
/// requirement says.
pub fn invalid(rules: &Rules, unmet: Option<usize>) -> Totals {
    Totals {
        valid: false,
        faan: (rules.definition.style == Style::Faan).then_some(0),
        unmet,
        ..Totals::default()
    }
}

/// The first of the variant's refusals that `hand` meets, read on its facts as given
/// (`elems` filled for it, with the tiles it shows where a refusal reads them).
pub fn refusal(rules: &Rules, hand: &Hand, elems: &HandElems) -> Option<usize> {
    let facts = refusal_facts(hand, elems);
    (rules.refusals.iter()).position(|c| c.holds(&facts, Elem::default()))
}

/// The totals of a hand that the variant's refusal `refusal` refuses: not valid, and nothing
/// scored.
pub fn refused(rules: &Rules, refusal: usize) -> Totals {
    Totals {
        refused: Some(refusal as u8),
        ..invalid(rules, None)
    }
}

/// True when `c` holds on the hand of `facts` or on some element an item for `for_each`
/// looks at.
pub fn anywhere(for_each: ForEach, facts: &Facts<'_>, holds: impl Fn(Elem) -> bool) -> bool {
    match for_each {
        // An item over groups: its condition, on the hand, holds when some group matches.
        ForEach::Hand | ForEach::Group => holds(Elem::default()),
        ForEach::Set => facts.sets().iter().any(|&e| holds(e)),
        ForEach::Tile => facts.tiles().iter().any(|&e| holds(e)),
        ForEach::Bonus => facts.bonus().iter().any(|&e| holds(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    /// The items replaced when `fired` counted, by the definition: worked out again from
    /// those not yet replaced until nothing changes (the replaced ones, by index).
    fn replaced_by_definition(rules: &Rules, fired: &[usize]) -> Vec<usize> {
        let mut replaced: Vec<usize> = Vec::new();
        loop {
            let mut next: Vec<usize> = (fired.iter())
                .filter(|f| !replaced.contains(f))
                .flat_map(|&f| rules.item(f).replaces.iter().copied())
                .collect();
            next.sort_unstable();
            next.dedup();
            if next == replaced {
                return replaced;
            }
            replaced = next;
        }
    }

    #[test]
    fn one_pass_finds_the_items_the_definition_replaces() {
        // MCR's items replace others in chains (a pure triple chow replaces the pure
        // double chow, which a quadruple chow replaces in turn …): random sets of them
        // counted, and the most and the least there can be.
        for id in ["mcr", "bmja", "riichi", "hong-kong"] {
            let variant = Variant::load(id, &[]).unwrap();
            let rules = variant.rules();
            let all: Vec<usize> = rules.items.iter().map(|i| i.index).collect();
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            let mut sets: Vec<Vec<usize>> = vec![all.clone(), Vec::new()];
            for _ in 0..500 {
                let chosen = all.iter().copied().filter(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    seed.is_multiple_of(4)
                });
                sets.push(chosen.collect());
            }
            for fired in &sets {
                let mut applied = Applied::default();
                for &f in fired {
                    let mut hit = Fired::none(rules.item(f));
                    hit.times = 1;
                    applied.keep(hit, rules.item(f));
                }
                applied.resolve(rules);
                assert_eq!(
                    applied.replaced,
                    replaced_by_definition(rules, fired),
                    "{id}: {fired:?}"
                );
            }
        }
    }
}
