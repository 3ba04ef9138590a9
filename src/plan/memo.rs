//! The formula remembered: a `formula` variant's score worked out once for each distinct set
//! of what it reads, where it reads little.
//!
//! In: a variant's values and tiers (the checked trees), and, while scoring, the facts and
//! results of each reading. Out: the same values, tier and total as
//! [`crate::score::formula::evaluate`], from a table of those already worked out when the
//! formula reads nothing but the sums and bests of its units and tags and the flags of the
//! hand (riichi's: the han, fu and yakuman, `special_shape`, `self_drawn`, `dealer`): those,
//! with whether the player may go out, are the key. A formula that reads anything else (the
//! elements, a number of the hand, which items counted) is worked out every time.

use std::cell::RefCell;

use arrayvec::ArrayVec;

use super::ScorePrograms;
use crate::predicate::compiled::Compiled;
use crate::predicate::facts::{Facts, Results};
use crate::rules::Rules;
use crate::score::Totals;
use crate::score::formula::{ScoreExpressions, evaluate};

/// The most numbers a key may hold: a formula that reads more is not remembered.
const MAX_KEY: usize = 8;

/// The most values a remembered score may have.
const MAX_VALUES: usize = 8;

/// Slots of the table (a power of two); a key takes one of the two slots its hash names,
/// the first if it is free, else the second, whose score is forgotten.
const SLOTS: usize = 1 << 13;

/// What a formula reads, where it can be remembered by it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Inputs {
    /// The tags whose sums it reads, by index.
    sums: Vec<usize>,
    /// The tags whose bests it reads, by index.
    bests: Vec<usize>,
    /// The bits of the hand's flags it reads.
    flags: u64,
}

impl Inputs {
    /// What the values and tiers of `rules` read, when it is only sums, bests and the hand's
    /// flags, few enough for a key; `None` otherwise, or for a variant with no values.
    pub fn of(rules: &Rules) -> Option<Inputs> {
        if rules.values.is_empty() || rules.values.len() > MAX_VALUES {
            return None;
        }
        let mut inputs = Inputs {
            sums: Vec::new(),
            bests: Vec::new(),
            flags: 0,
        };
        let mut remembered = true;
        let expressions =
            (rules.values.iter()).chain(rules.tiers.iter().flat_map(|t| [&t.when, &t.value]));
        for c in expressions {
            c.visit(&mut |node| match node {
                Compiled::Sum(tag) => add(&mut inputs.sums, *tag as usize),
                Compiled::Best(tag) => add(&mut inputs.bests, *tag as usize),
                Compiled::HandMask(m) => inputs.flags |= m.bits(),
                // Values are worked out in order from the others: not an input.
                node if reads_only_results_and_flags(node) => {}
                _ => remembered = false,
            });
        }
        let size = inputs.sums.len() + inputs.bests.len() + 2;
        (remembered && size <= MAX_KEY).then_some(inputs)
    }

    /// The key of a reading whose facts are `facts`, whose items gave `results`, for a
    /// player who may go out (`valid`).
    fn key(&self, facts: &Facts<'_>, results: &Results, valid: bool) -> Key {
        // Unused places stay 0: keys of one formula have their numbers in the same places.
        let mut key = [0; MAX_KEY];
        let numbers = (self.sums.iter().map(|&tag| results.sum(tag)))
            .chain(self.bests.iter().map(|&tag| results.best(tag)))
            .chain([(facts.flags & self.flags) as i64, i64::from(valid)]);
        for (place, n) in key.iter_mut().zip(numbers) {
            *place = n;
        }
        key
    }
}

/// True when the node `node` reads nothing but the sums and bests of the results, the
/// score's values and the hand's flags (the nodes below it aside).
pub(crate) fn reads_only_results_and_flags(node: &Compiled) -> bool {
    matches!(
        node,
        Compiled::Sum(_)
            | Compiled::Best(_)
            | Compiled::HandMask(_)
            | Compiled::Value(_)
            | Compiled::Const(_)
            | Compiled::Not(_)
            | Compiled::Neg(_)
            | Compiled::And(..)
            | Compiled::Or(..)
            | Compiled::Cmp(..)
            | Compiled::Arith(..)
            | Compiled::If(_)
            | Compiled::Unary(..)
    )
}

/// Adds `tag` to `tags` once.
fn add(tags: &mut Vec<usize>, tag: usize) {
    if !tags.contains(&tag) {
        tags.push(tag);
    }
}

/// What a formula read.
type Key = [i64; MAX_KEY];

/// A score remembered: its key, and what the formula gave.
#[derive(Clone, Debug)]
struct Remembered {
    key: Key,
    total: i64,
    tier: Option<u16>,
    values: ArrayVec<i64, MAX_VALUES>,
}

/// The scores of a formula worked out so far, for one scorer (see the module docs).
///
/// The slots hold only where each score is kept and a check of its key's hash, 8 bytes
/// each; the scores are kept one after the other in the order they were first worked out.
/// A slot of its own for each score (152 bytes) spread the few hundred scores met most
/// over a megabyte, and most lookups missed the processor's cache.
#[derive(Debug, Default)]
pub(crate) struct Memo {
    slots: Vec<Slot>,
    kept: Vec<Remembered>,
}

/// A slot of the table: the high half of its key's hash, and the place of its score in
/// [`Memo::kept`] plus one (0 for a free slot).
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    check: u32,
    place: u32,
}

impl Memo {
    /// The totals of the formula of `rules`, which reads `inputs`, on the reading `facts`
    /// whose items gave `results`; its values left in `results.values`. Worked out by
    /// `work_out` unless the same key was met before.
    pub fn totals(
        &mut self,
        inputs: &Inputs,
        facts: &Facts<'_>,
        results: &mut Results,
        valid: bool,
        work_out: impl FnOnce(&mut Results) -> Totals,
    ) -> Totals {
        let key = inputs.key(facts, results, valid);
        if self.slots.is_empty() {
            self.slots.resize(SLOTS, Slot::default());
        }
        // Two slots for each hash: a key takes the first that is free, else the second.
        let h = hash(&key);
        let (first, check) = (h as usize & (SLOTS - 2), (h >> 32) as u32);
        let pair = &mut self.slots[first..first + 2];
        let found = pair.iter().find_map(|slot| {
            let known = self.kept.get((slot.place as usize).checked_sub(1)?)?;
            (slot.check == check && known.key == key).then_some(known)
        });
        if let Some(known) = found {
            results.values.clear();
            results.values.extend_from_slice(&known.values);
            return Totals {
                valid,
                total: known.total,
                tier: known.tier,
                ..Totals::default()
            };
        }
        let totals = work_out(results);
        let remembered = Remembered {
            key,
            total: totals.total,
            tier: totals.tier,
            values: results.values.iter().copied().collect(),
        };
        let slot = &mut pair[usize::from(pair[0].place != 0)];
        match (slot.place as usize).checked_sub(1) {
            // The second slot's score is forgotten, and its room taken.
            Some(place) => self.kept[place] = remembered,
            None => {
                self.kept.push(remembered);
                slot.place = u32::try_from(self.kept.len()).expect("fewer scores than slots");
            }
        }
        slot.check = check;
        totals
    }
}

/// A hash of a key (FNV-1a over its numbers).
fn hash(key: &Key) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &n in key {
        h = (h ^ n as u64).wrapping_mul(0x0100_0000_01b3);
    }
    h ^ h >> 29
}

/// The plan's programs for a score's own expressions, with the formula remembered where it
/// can be.
pub(crate) struct Remembering<'a> {
    /// The programs.
    pub programs: &'a ScorePrograms,
    /// What the formula reads, when it can be remembered.
    pub inputs: Option<&'a Inputs>,
    /// The scores remembered.
    pub memo: &'a RefCell<Memo>,
}

impl<'a> Remembering<'a> {
    /// The score's expressions of `plan`, remembered in `memo`.
    pub fn of(plan: &'a super::Plan, memo: &'a RefCell<Memo>) -> Self {
        Remembering {
            programs: &plan.score,
            inputs: plan.formula_inputs.as_ref(),
            memo,
        }
    }
}

impl ScoreExpressions for Remembering<'_> {
    fn value(&self, i: usize, facts: &Facts<'_>) -> i64 {
        self.programs.value(i, facts)
    }

    fn tier(&self, k: usize, facts: &Facts<'_>) -> Option<i64> {
        self.programs.tier(k, facts)
    }

    fn prefer(&self, i: usize, facts: &Facts<'_>) -> i64 {
        self.programs.prefer(i, facts)
    }

    fn formula(
        &self,
        rules: &Rules,
        facts: &Facts<'_>,
        results: &mut Results,
        valid: bool,
    ) -> Totals {
        let work_out =
            |results: &mut Results| evaluate(rules, self.programs, facts, results, valid);
        match self.inputs {
            Some(inputs) => {
                let mut memo = self.memo.borrow_mut();
                let totals = memo.totals(inputs, facts, results, valid, work_out);
                if cfg!(debug_assertions) {
                    let mut again = results.clone();
                    let worked_out = evaluate(rules, self.programs, facts, &mut again, valid);
                    assert_eq!(
                        (totals, &results.values),
                        (worked_out, &again.values),
                        "a remembered formula"
                    );
                }
                totals
            }
            None => work_out(results),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;
    use crate::predicate::facts::hand;

    fn inputs(spec: &str) -> Option<Inputs> {
        let spec = spec.replace("$tests", concat!(env!("CARGO_MANIFEST_DIR"), "/tests"));
        Inputs::of(Variant::load(&spec, &[]).unwrap().rules())
    }

    #[test]
    fn a_formula_is_remembered_by_the_sums_and_flags_it_reads() {
        // Riichi's values read the han, fu and yakuman, and three flags of the hand.
        let riichi = inputs("riichi").expect("riichi's formula is remembered");
        assert_eq!(riichi.sums.len(), 3);
        assert!(riichi.bests.is_empty());
        assert_eq!(
            riichi.flags,
            hand::SPECIAL_SHAPE | hand::SELF_DRAWN | hand::DEALER
        );
        assert!(inputs("$tests/variants/formula.toml").is_some());
        // A value that reads the sets is worked out every time; a variant with no values
        // has nothing to remember.
        assert_eq!(inputs("$tests/variants/formula-others.toml"), None);
        assert_eq!(inputs("bmja"), None);
    }

    #[test]
    fn a_key_met_again_gives_what_was_worked_out_without_working_it_out() {
        let riichi = inputs("riichi").unwrap();
        let mut memo = Memo::default();
        let facts = Facts::default();
        let mut results = Results {
            sums: vec![3, 40, 0],
            ..Results::default()
        };
        let mut worked = 0;
        for round in 0..3 {
            // The second time the key is the same; the third, a sum the formula reads
            // differs.
            if round == 2 {
                results.sums[0] = 4;
            }
            let totals = memo.totals(&riichi, &facts, &mut results, true, |results| {
                worked += 1;
                results.values = vec![7, round];
                Totals {
                    valid: true,
                    total: 100 + round,
                    ..Totals::default()
                }
            });
            let first_of_its_key = if round == 2 { 2 } else { 0 };
            assert_eq!(totals.total, 100 + first_of_its_key);
            assert_eq!(results.values, [7, first_of_its_key]);
        }
        assert_eq!(worked, 2);
    }

    #[test]
    fn a_full_table_forgets_scores_but_never_gives_another_keys() {
        // Three times as many keys as slots: pairs fill up and scores are forgotten, their
        // room taken by others. Met again, each key gives its own score, remembered or
        // worked out again, and the scores kept never outnumber the slots.
        let riichi = inputs("riichi").unwrap();
        let mut memo = Memo::default();
        let facts = Facts::default();
        let keys = 3 * SLOTS as i64;
        let score = |han: i64, memo: &mut Memo| {
            let mut results = Results {
                sums: vec![han, 30, 0],
                ..Results::default()
            };
            let mut worked = false;
            let totals = memo.totals(&riichi, &facts, &mut results, true, |results| {
                worked = true;
                results.values = vec![han];
                Totals {
                    valid: true,
                    total: han,
                    ..Totals::default()
                }
            });
            assert_eq!((totals.total, results.values.as_slice()), (han, &[han][..]));
            worked
        };
        for han in 0..keys {
            assert!(score(han, &mut memo), "{han} is new");
        }
        let remembered = (0..keys).filter(|&han| !score(han, &mut memo)).count();
        assert!(remembered > 0 && remembered < keys as usize, "{remembered}");
        assert!(memo.kept.len() <= SLOTS, "{}", memo.kept.len());
    }
}
