//! How a `formula` variant's score is worked out from what its items gave on one reading.
//!
//! In: a variant's [`Rules`], the facts of the reading, and what its items gave, gathered in
//! [`Results`] (each unit is the tag of its items, so its sum is there). Out: every value of
//! the score, left in `results.values`, and the [`Totals`]. The values are worked out in the
//! order of the file, each from the units, the values before it and the facts of the
//! reading. Right after a value, the first of its tiers whose condition holds replaces it
//! with the tier's own value, and the card names that tier as its limit (the last one, if
//! tiers of several values hold). The value named `total` is the score.

use super::Totals;
use crate::predicate::facts::{Elem, Facts, Results};
use crate::rules::Rules;

/// How the expressions of a score that are not items' are evaluated: a `formula` variant's
/// values and tiers, and the tie-breaks (`[score] prefer`). The plain way walks each tree
/// ([`Rules`]); the fast scorer calls the plan's programs.
pub(crate) trait ScoreExpressions {
    /// The value of index `i` (in [`Rules::values`]) on `facts`.
    fn value(&self, i: usize, facts: &Facts<'_>) -> i64;
    /// The tier of index `k` (in [`Rules::tiers`]): its value, when its condition holds on
    /// `facts`.
    fn tier(&self, k: usize, facts: &Facts<'_>) -> Option<i64>;
    /// The tie-break of index `i` (in [`Rules::prefer`]) on `facts`.
    fn prefer(&self, i: usize, facts: &Facts<'_>) -> i64;

    /// The totals of the formula of `rules` on the reading `facts`, whose items gave
    /// `results`, its values left in `results.values`, for a player who may go out
    /// (`valid`): [`evaluate`], unless a scorer remembers them.
    fn formula(
        &self,
        rules: &Rules,
        facts: &Facts<'_>,
        results: &mut Results,
        valid: bool,
    ) -> Totals
    where
        Self: Sized,
    {
        evaluate(rules, self, facts, results, valid)
    }
}

impl ScoreExpressions for Rules {
    fn value(&self, i: usize, facts: &Facts<'_>) -> i64 {
        self.values[i].value(facts, Elem::default())
    }

    fn tier(&self, k: usize, facts: &Facts<'_>) -> Option<i64> {
        let tier = &self.tiers[k];
        (tier.when.holds(facts, Elem::default())).then(|| tier.value.value(facts, Elem::default()))
    }

    fn prefer(&self, i: usize, facts: &Facts<'_>) -> i64 {
        self.prefer[i].value(facts, Elem::default())
    }
}

/// The values of the score of the reading `facts`, whose items gave `results`, left in
/// `results.values`; and its totals, for a player who may go out (`valid`). The values and
/// tiers of `rules` are evaluated by `expressions`.
pub fn evaluate(
    rules: &Rules,
    expressions: &impl ScoreExpressions,
    facts: &Facts<'_>,
    results: &mut Results,
    valid: bool,
) -> Totals {
    evaluate_given(rules, expressions, facts, results, valid, |_| None)
}

/// [`evaluate`], with the values that `given` gives (by index) taken as they are, neither
/// worked out nor replaced by a tier: a score counted at the table (`han = 4, fu = 25`),
/// the others worked out from them.
pub fn evaluate_given(
    rules: &Rules,
    expressions: &impl ScoreExpressions,
    facts: &Facts<'_>,
    results: &mut Results,
    valid: bool,
    given: impl Fn(usize) -> Option<i64>,
) -> Totals {
    results.values.clear();
    let mut tier = None;
    for i in 0..rules.values.len() {
        if let Some(value) = given(i) {
            results.values.push(value);
            continue;
        }
        let worked_out = expressions.value(i, &facts.with_results(results));
        results.values.push(worked_out);
        let facts = facts.with_results(results);
        let replaced = (rules.tiers.iter().enumerate())
            .filter(|(_, t)| t.of == i)
            .find_map(|(k, _)| Some((k as u16, expressions.tier(k, &facts)?)));
        if let Some((k, value)) = replaced {
            results.values[i] = value;
            tier = Some(k);
        }
    }
    Totals {
        valid,
        total: rules.total.map_or(0, |t| results.value(t)),
        tier,
        ..Totals::default()
    }
}
