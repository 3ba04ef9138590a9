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

/// The values of the score of the reading `facts`, whose items gave `results`, left in
/// `results.values`; and its totals, for a player who may go out (`valid`).
pub fn evaluate(rules: &Rules, facts: &Facts<'_>, results: &mut Results, valid: bool) -> Totals {
    results.values.clear();
    let mut tier = None;
    for (i, value) in rules.values.iter().enumerate() {
        let worked_out = value.value(&facts.with_results(results), Elem::default());
        results.values.push(worked_out);
        let facts = facts.with_results(results);
        let replaced = (rules.tiers.iter().enumerate())
            .filter(|(_, t)| t.of == i)
            .find(|(_, t)| t.when.holds(&facts, Elem::default()))
            .map(|(k, t)| (k as u16, t.value.value(&facts, Elem::default())));
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
