//! How a quantifier over named elements (`any(a, b in sets, …)`) looks through the groups of
//! elements, whatever evaluates its conjuncts: the tree ([`super::eval`]) or a program of
//! the plan.
//!
//! In: the quantifier ([`Quantified`]: count, any or all, the collection, the names' slots,
//! the conjuncts each filed under the last name it reads), the facts of a reading, the
//! element looked at and the named elements of the quantifiers around it. Out: its value
//! (a count, or 0 and 1).

use super::compiled::{Collection, MAX_BOUND, MAX_NAMED, Mask, Quantifier, Tuples};
use super::facts::{Elem, Facts};
use super::steps::Steps;

/// A conjunct of a quantifier's condition, as something that can be tested.
pub(crate) trait Conjunct {
    /// Whether it holds for `facts`, looking at `current`, with the elements `named` in
    /// scope.
    fn holds_in(&self, facts: &Facts<'_>, current: Elem, named: &[Elem]) -> bool;

    /// The test of flags it is, when it is one of a named element's flags (`a.chow`):
    /// the elements a name may take are then found by testing their flags alone.
    fn mask(&self) -> Option<Mask>;
}

/// A quantifier over groups of named elements, with its conjuncts in a form `C` can test:
/// the fields of [`Tuples`].
pub(crate) struct Quantified<'t, C> {
    /// Count, any or all.
    pub quantifier: Quantifier,
    /// The collection the elements come from.
    pub collection: Collection,
    /// The slot of the first name.
    pub first: u8,
    /// How many names.
    pub arity: u8,
    /// The conjuncts, each with the name it waits for, in that order.
    pub conjuncts: &'t [(u8, C)],
    /// For each name, where its conjuncts are ([`spans`]).
    pub spans: [Span; MAX_NAMED],
    /// The condition reads its names alike ([`Tuples::symmetric`]): the names are given
    /// elements by increasing position only.
    pub symmetric: bool,
    /// How the conjuncts tie the names' numbers.
    pub steps: Steps,
    /// The test of flags that alone tells which elements each name may take, where there is
    /// at most one a name and it was worked out ([`AloneMasks::of`]).
    pub alone: Option<&'t AloneMasks>,
}

/// The elements each name may take, where the conjuncts that read a name alone are one test
/// of its flags at most (`a.chow`): each name's test (`None`: no test, every element), and
/// for each name the first name with the same test, whose elements it takes too. Names
/// tested alike (`a.chow and b.chow and c.chow`) are then narrowed with one pass over the
/// elements, and no conjunct is looked at.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AloneMasks {
    masks: [Option<Mask>; MAX_NAMED],
    same_as: [u8; MAX_NAMED],
}

impl AloneMasks {
    /// The tests of the `arity` names whose conjuncts are `conjuncts`, filed by `spans`,
    /// when each name has at most one conjunct that reads it alone and it is a test of
    /// flags.
    pub fn of<C: Conjunct>(
        conjuncts: &[(u8, C)],
        spans: &[Span; MAX_NAMED],
        arity: u8,
    ) -> Option<AloneMasks> {
        let mut alone = AloneMasks {
            masks: [None; MAX_NAMED],
            same_as: [0; MAX_NAMED],
        };
        for (k, &Span { start, others, .. }) in spans.iter().enumerate().take(usize::from(arity)) {
            alone.masks[k] = match usize::from(others - start) {
                0 => None,
                1 => Some(conjuncts[usize::from(start)].1.mask()?),
                _ => return None,
            };
            let same = (0..k).find(|&j| alone.masks[j] == alone.masks[k]);
            alone.same_as[k] = same.unwrap_or(k) as u8;
        }
        Some(alone)
    }
}

impl<'t> Quantified<'t, super::Compiled> {
    /// The quantifier `t`, its conjuncts as trees.
    pub fn of(t: &'t Tuples) -> Self {
        Quantified {
            quantifier: t.quantifier,
            collection: t.collection,
            first: t.first,
            arity: t.arity,
            conjuncts: &t.conjuncts,
            spans: spans(&t.conjuncts, &t.alone),
            symmetric: t.symmetric,
            steps: Steps::of(t.conjuncts.iter().map(|(_, c)| c), t.first, t.arity),
            // The trees narrow conjunct by conjunct, as the definition reads.
            alone: None,
        }
    }
}

impl<C: Conjunct> Quantified<'_, C> {
    /// The quantifier's value on `facts`, looking at `current`, with the elements `outer`
    /// of the quantifiers around it in scope: the groups that match, some group matches, or
    /// every group does.
    pub fn value(&self, facts: &Facts<'_>, current: Elem, outer: &[Elem]) -> i64 {
        if self.arity == 1 {
            self.one_named(facts, current, outer)
        } else {
            Groups::new(self, facts, current, outer).quantify()
        }
    }

    /// Calls `visit` on each group of elements that meets the condition (on `facts`, looking
    /// at `current`, with the elements `outer` of the quantifiers around in scope): with the
    /// named elements in scope, the group's given to the names in an order that meets it, and
    /// the group's positions in the collection as bits (of the first 64).
    pub fn each_match(
        &self,
        facts: &Facts<'_>,
        current: Elem,
        outer: &[Elem],
        visit: &mut dyn FnMut(&[Elem], u64),
    ) {
        if self.arity == 1 {
            let mut named = in_scope(outer);
            let slot = usize::from(self.first);
            for (i, e) in facts.elements(self.collection).iter().enumerate() {
                named[slot] = *e;
                let named = &named[..=slot];
                if (self.conjuncts.iter()).all(|(_, c)| c.holds_in(facts, current, named)) {
                    visit(named, bit(i));
                }
            }
            return;
        }
        let mut groups = Groups::new(self, facts, current, outer);
        let end = usize::from(self.first + self.arity);
        if groups.elements.len() <= 64 {
            if !groups.narrow() {
                return;
            }
            let mut found = Found::new();
            if groups.matching_groups(&mut found) {
                for (bits, named) in &found {
                    visit(&named[..end], *bits);
                }
                return;
            }
        }
        groups.each_group(0, 0, &mut |groups| {
            if groups.some_order(0, 0) {
                let bits = (groups.group[..usize::from(groups.tuples.arity)].iter())
                    .fold(0, |bits, &position| bits | bit(position));
                visit(&groups.named[..end], bits);
            }
            true
        });
    }

    /// A quantifier that names one element (`any(i in indicators, next(i.tile) == tile)`):
    /// each group is one element, in one order, so none is formed and nothing narrowed.
    fn one_named(&self, facts: &Facts<'_>, current: Elem, outer: &[Elem]) -> i64 {
        let elements = facts.elements(self.collection);
        let meets = |named: &[Elem]| {
            (self.conjuncts.iter()).all(|(_, c)| c.holds_in(facts, current, named))
        };
        // With no name around, the element is the only one named: no scope to build.
        if outer.is_empty() && self.first == 0 {
            return self.quantify_each(elements.iter().map(|e| meets(std::slice::from_ref(e))));
        }
        let mut named = in_scope(outer);
        let slot = usize::from(self.first);
        self.quantify_each(elements.iter().map(|e| {
            named[slot] = *e;
            meets(&named[..=slot])
        }))
    }

    /// The quantifier's value over whether each group meets the condition.
    #[inline]
    fn quantify_each(&self, mut meets: impl Iterator<Item = bool>) -> i64 {
        match self.quantifier {
            Quantifier::Any => i64::from(meets.any(|m| m)),
            Quantifier::All => i64::from(meets.all(|m| m)),
            Quantifier::Count => meets.filter(|&m| m).count() as i64,
        }
    }
}

/// The most groups [`Groups::matching_groups`] keeps: more than the groups of two to four
/// sets of a reading.
const MAX_FOUND: usize = 32;

/// Groups that match: the positions of each as bits, and the named elements in scope.
type Found = arrayvec::ArrayVec<(u64, [Elem; MAX_BOUND]), MAX_FOUND>;

/// The elements (at most 64) whose flags pass `m`, a bit per position.
#[inline(always)]
fn passing(m: Mask, elements: &[Elem]) -> u64 {
    (elements.iter().enumerate()).fold(0, |may, (i, e)| may | u64::from(m.test(e.flags)) << i)
}

/// The bit of a position, for the first 64.
fn bit(position: usize) -> u64 {
    if position < 64 { 1 << position } else { 0 }
}

/// The named elements in scope inside a quantifier: those of the quantifiers around it
/// (`outer`), then room for its own.
fn in_scope(outer: &[Elem]) -> [Elem; MAX_BOUND] {
    let mut named = [Elem::default(); MAX_BOUND];
    named[..outer.len()].copy_from_slice(outer);
    named
}

/// Where the conjuncts of each name are, in `conjuncts` ordered by the name each waits for,
/// those that read it `alone` first.
pub(crate) fn spans<C>(conjuncts: &[(u8, C)], alone: &[bool]) -> [Span; MAX_NAMED] {
    let mut spans = [Span::default(); MAX_NAMED];
    for (k, span) in spans.iter_mut().enumerate() {
        let start = conjuncts.partition_point(|c| usize::from(c.0) < k);
        let end = conjuncts.partition_point(|c| usize::from(c.0) <= k);
        let others = start + alone[start..end].partition_point(|a| *a);
        *span = Span {
            start: start as u16,
            others: others as u16,
            end: end as u16,
        };
    }
    spans
}

/// The groups of a quantifier over named elements, being looked through: each group of
/// `arity` distinct elements of the collection (by position, in increasing order), tried
/// with its elements given to the names in every order until one meets the condition.
struct Groups<'q, 't, 'f, C> {
    tuples: &'q Quantified<'t, C>,
    facts: &'q Facts<'f>,
    current: Elem,
    elements: &'f [Elem],
    /// The named elements in scope: those of the quantifiers around, then this one's.
    named: [Elem; MAX_BOUND],
    /// The positions of the group being tried.
    group: [usize; MAX_NAMED],
    /// For each name, a bit per element it may take (by the conjuncts that read it alone).
    may: [u64; MAX_NAMED],
    /// The elements some name may take: the only ones a matching group holds.
    useful: u64,
    /// `may` and `useful` are worked out, so that the conjuncts that read one name alone
    /// hold of every element a name is given.
    narrowed: bool,
}

/// Where the conjuncts that wait for one name are: from `start` to `end`, those from
/// `others` on reading other names too (the conjuncts are in that order).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Span {
    start: u16,
    others: u16,
    end: u16,
}

// A condition has fewer conjuncts than its text has bytes, so a position fits in 16 bits.
const _: () = assert!(super::parse::MAX_LENGTH <= u16::MAX as usize);

impl<'q, 't, 'f, C: Conjunct> Groups<'q, 't, 'f, C> {
    fn new(
        tuples: &'q Quantified<'t, C>,
        facts: &'q Facts<'f>,
        current: Elem,
        outer: &[Elem],
    ) -> Self {
        Groups {
            tuples,
            facts,
            current,
            elements: facts.elements(tuples.collection),
            named: in_scope(outer),
            group: [0; MAX_NAMED],
            may: [u64::MAX; MAX_NAMED],
            useful: u64::MAX,
            narrowed: false,
        }
    }

    /// Works out which elements each name may take, by the conjuncts that read it alone;
    /// false when fewer elements than names may take any, or their numbers do not have the
    /// steps the conjuncts tie the names' numbers by ([`Steps`]), so that no group matches.
    fn narrow(&mut self) -> bool {
        let arity = usize::from(self.tuples.arity);
        let (first, elements) = (usize::from(self.tuples.first), self.elements);
        // A bit for each element (no more than 64 here).
        let every = match elements.len() {
            0 => 0,
            n => u64::MAX >> (64 - n),
        };
        let tuples = self.tuples;
        if let Some(alone) = tuples.alone {
            for k in 0..arity {
                let same = usize::from(alone.same_as[k]);
                self.may[k] = if same < k {
                    self.may[same]
                } else if let Some(m) = alone.masks[k] {
                    passing(m, elements)
                } else {
                    every
                };
            }
            return self.narrowed_may_hold();
        }
        // The last test of flags and the elements that pass it: names often share one
        // (`a.chow and b.chow and c.chow`).
        let mut tested: Option<(Mask, u64)> = None;
        for k in 0..arity {
            let slot = first + k;
            // The name's conjuncts that read it alone: the first of those filed under it.
            let Span { start, others, .. } = tuples.spans[k];
            let mut may_take = every;
            for (_, c) in &tuples.conjuncts[usize::from(start)..usize::from(others)] {
                let mut may = 0u64;
                if let Some(m) = c.mask() {
                    match tested {
                        Some((last, passed)) if last == m => may = passed,
                        _ => {
                            may = passing(m, elements);
                            tested = Some((m, may));
                        }
                    }
                } else {
                    for (i, e) in elements.iter().enumerate() {
                        if may_take & (1 << i) != 0 {
                            self.named[slot] = *e;
                            let named = &self.named[..slot + 1];
                            may |= u64::from(c.holds_in(self.facts, self.current, named)) << i;
                        }
                    }
                }
                may_take &= may;
            }
            self.may[k] = may_take;
        }
        self.narrowed_may_hold()
    }

    /// With `may` worked out: `useful` and `narrowed` set, and whether a group may match
    /// (see [`Groups::narrow`]).
    #[inline(always)]
    fn narrowed_may_hold(&mut self) -> bool {
        let arity = usize::from(self.tuples.arity);
        self.useful = self.may[..arity].iter().fold(0, |or, may| or | may);
        self.narrowed = true;
        self.useful.count_ones() as usize >= arity
            && self
                .tuples
                .steps
                .may_hold(&self.may[..arity], self.elements)
    }

    /// The quantifier's value: the groups that match, some group matches, or every group
    /// does.
    fn quantify(mut self) -> i64 {
        let arity = usize::from(self.tuples.arity);
        let (mut total, mut matched) = (0i64, 0i64);
        let quantifier = self.tuples.quantifier;
        // A group holding an element no name may take does not match: where only the
        // groups that match count (not for `all`), those are not formed.
        if quantifier != Quantifier::All && self.elements.len() <= 64 {
            if !self.narrow() {
                return 0;
            }
            // For `any`, one group in one order is enough: the names are given distinct
            // elements one after the other, each among those it may take.
            if quantifier == Quantifier::Any {
                return i64::from(self.some_assignment());
            }
            let mut found = Found::new();
            if self.matching_groups(&mut found) {
                return found.len() as i64;
            }
        }
        self.each_group(0, 0, &mut |groups| {
            total += 1;
            if groups.some_order(0, 0) {
                matched += 1;
                return quantifier != Quantifier::Any;
            }
            quantifier != Quantifier::All
        });
        debug_assert!(arity <= MAX_NAMED);
        match quantifier {
            Quantifier::Count => matched,
            Quantifier::Any => i64::from(matched > 0),
            Quantifier::All => i64::from(matched == total),
        }
    }

    /// Calls `visit` on each group whose first `filled` positions are chosen, the next
    /// from position `from` on; stops, returning false, when `visit` says to.
    fn each_group(
        &mut self,
        filled: usize,
        from: usize,
        visit: &mut impl FnMut(&mut Self) -> bool,
    ) -> bool {
        if filled == usize::from(self.tuples.arity) {
            return visit(self);
        }
        for position in from..self.elements.len() {
            if position < 64 && self.useful & (1 << position) == 0 {
                continue;
            }
            self.group[filled] = position;
            if !self.each_group(filled + 1, position + 1, visit) {
                return false;
            }
        }
        true
    }

    /// True when the names can be given distinct elements, each among those it may take,
    /// that meet the condition (the search stops at the first, [`Groups::each_assignment`]).
    /// Only once the elements are narrowed (so no more than 64).
    fn some_assignment(&mut self) -> bool {
        !self.each_assignment(0, 0, &mut |_, _| false)
    }

    /// Puts in `found` (empty) the groups that match, each with its elements given to the
    /// names in the first order (by position) that meets the condition, in the order of
    /// [`Groups::each_group`]; false when more than [`MAX_FOUND`] match. Found by giving the
    /// names distinct elements one after the other, each among those it may take, and
    /// testing each conjunct as soon as the last name it reads is given, so that a pair of
    /// elements that fails is not tried again in every group that holds it. Only once the
    /// elements are narrowed (so no more than 64).
    fn matching_groups(&mut self, found: &mut Found) -> bool {
        debug_assert!(self.narrowed && found.is_empty());
        let complete = self.each_assignment(0, 0, &mut |groups, bits| {
            // The same group met again in a later order.
            if found.iter().any(|(seen, _)| *seen == bits) {
                return true;
            }
            found.try_push((bits, groups.named)).is_ok()
        });
        if complete {
            // The order of `each_group`: by the groups' positions, lowest first.
            found.sort_unstable_by_key(|(bits, _)| std::cmp::Reverse(bits.reverse_bits()));
        }
        complete
    }

    /// Calls `visit` on each way of giving the names from `given` on distinct elements,
    /// other than those of `used` (a bit per position) and each among those it may take,
    /// that meets the condition, with the positions of all the names' elements as bits, in
    /// increasing order of the positions given to the first name, then the second, and so
    /// on; stops, returning false, when `visit` says to. Only once the elements are narrowed.
    fn each_assignment(
        &mut self,
        given: usize,
        used: u64,
        visit: &mut impl FnMut(&Self, u64) -> bool,
    ) -> bool {
        if given == usize::from(self.tuples.arity) {
            return visit(self, used);
        }
        let slot = usize::from(self.tuples.first) + given;
        let mut free = self.may[given] & !used;
        if self.tuples.symmetric && used != 0 {
            // Only after the element given last: each group once, in the order of its
            // positions (which meets the condition whenever some order does).
            free &= (u64::MAX << (63 - used.leading_zeros())) << 1;
        }
        while free != 0 {
            let position = free.trailing_zeros() as usize;
            free &= free - 1;
            self.named[slot] = self.elements[position];
            if self.meets_conjuncts_of(given, slot)
                && !self.each_assignment(given + 1, used | 1 << position, visit)
            {
                return false;
            }
        }
        true
    }

    /// True when the conjuncts that wait for the name `given`, now in slot `slot`, hold
    /// (those that read it alone are known to once the elements are narrowed).
    fn meets_conjuncts_of(&self, given: usize, slot: usize) -> bool {
        let named = &self.named[..slot + 1];
        let Span { start, others, end } = self.tuples.spans[given];
        let from = if self.narrowed { others } else { start };
        (self.tuples.conjuncts[usize::from(from)..usize::from(end)].iter())
            .all(|(_, c)| c.holds_in(self.facts, self.current, named))
    }

    /// True when the group's elements, given to the names from `given` on in some order of
    /// those not yet `used` (a bit per member), meet the condition; each conjunct is tested
    /// as soon as the last name it reads is given.
    fn some_order(&mut self, given: usize, used: u32) -> bool {
        let arity = usize::from(self.tuples.arity);
        if given == arity {
            return true;
        }
        let slot = usize::from(self.tuples.first) + given;
        for member in 0..arity {
            let position = self.group[member];
            if used & (1 << member) != 0
                || (position < 64 && self.may[given] & (1 << position) == 0)
            {
                continue;
            }
            self.named[slot] = self.elements[self.group[member]];
            if self.meets_conjuncts_of(given, slot)
                && self.some_order(given + 1, used | (1 << member))
            {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::predicate::Scope;
    use crate::predicate::check::test_condition;
    use crate::predicate::compiled::Compiled;

    /// The tests of flags of the quantifier over named elements in `text`, as
    /// [`AloneMasks::of`] finds them: each name's mask, and the name whose elements it shares.
    fn alone_of(text: &str) -> Option<(Vec<Option<Mask>>, Vec<u8>)> {
        let mut found = None;
        test_condition(text, Scope::Hand).visit(&mut |node| {
            if let Compiled::Tuples(t) = node {
                let spans = spans(&t.conjuncts, &t.alone);
                found = Some(AloneMasks::of(&t.conjuncts, &spans, t.arity).map(|a| {
                    let n = usize::from(t.arity);
                    (a.masks[..n].to_vec(), a.same_as[..n].to_vec())
                }));
            }
        });
        found.expect("a quantifier over named elements")
    }

    #[test]
    fn names_tested_alike_share_their_elements() {
        let (masks, same_as) =
            alone_of("any(a, b, c in sets, a.chow and b.chow and c.pung)").expect("one test each");
        assert_eq!(same_as, [0, 0, 2]);
        assert_eq!(masks[0], masks[1]);
        assert_ne!(masks[0], masks[2]);
        // A name no conjunct reads alone may take any element.
        let (masks, same_as) =
            alone_of("any(a, b in sets, a.chow and a.number < b.number)").expect("one test");
        assert_eq!((masks[1], same_as), (None, vec![0, 1]));
    }

    #[test]
    fn names_told_by_more_than_one_test_are_narrowed_conjunct_by_conjunct() {
        // Two conjuncts that read `a` alone (the checker does not join them).
        assert_eq!(
            alone_of("any(a, b in sets, a.chow and a.suited and b.chow)"),
            None
        );
        // A conjunct that reads `a` alone and is no test of flags.
        assert_eq!(
            alone_of("any(a, b in sets, a.number + 1 > 3 and b.chow)"),
            None
        );
    }
}
