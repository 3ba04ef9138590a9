//! How the items that counted on one reading combine into the numbers of a score.
//!
//! In: a variant's [`Rules`] and the items that counted ([`Fired`]). Out: [`Totals`]. For a
//! points-and-doubles variant: points × 2^doubles, capped at the limit; or a limit hand's
//! value plus the items that count on top of it (doubled by their own doubles), when that is
//! at least as much, the card then keeping only the limit hand and those items. A limit hand
//! worth the reading's own points doubled (points not counted on top, × 2^its doubles, as
//! BMJA's Purity) always replaces the normal score, and keeps those points on the card. For a faan
//! variant: faan added (a limit hand's with them), capped, checked against the minimum, and
//! looked up in the faan table.

use super::{Fired, Totals};
use crate::rules::{ItemKind, Rules, Style};

/// Combines the items that counted into the numbers of the score.
#[inline]
pub fn combine(rules: &Rules, fired: &mut Vec<Fired>, winner: bool, complete: bool) -> Totals {
    // The sums of each kind of item, and of those that count on top of a limit hand, by
    // kind. (The limit hands' slot is added to but not read.)
    let mut sums = [0i64; 4];
    let mut kept = [0i64; 4];
    let mut any_limit_hand = false;
    for f in fired.iter() {
        // (A `formula` variant's units are not combined here.)
        let Some(kind) = slot(f.kind) else { continue };
        sums[kind] = sums[kind].saturating_add(f.amount);
        if f.with_limit_hand {
            kept[kind] = kept[kind].saturating_add(f.amount);
        }
        any_limit_hand |= f.kind == ItemKind::LimitHand;
    }
    let sum = |sums: [i64; 4], kind: ItemKind| slot(kind).map_or(0, |k| sums[k]);
    let (points, doubles) = (sum(sums, ItemKind::Points), sum(sums, ItemKind::Doubles));
    let mut faan = sum(sums, ItemKind::Faan);
    let kept_points = sum(kept, ItemKind::Points);
    let kept_doubles = sum(kept, ItemKind::Doubles);
    // Limit hands are rare: the one worth most is found only when one counted.
    let limit = any_limit_hand
        .then(|| limit_worth_most(rules, fired, points.saturating_sub(kept_points)))
        .flatten();
    match rules.definition.style {
        Style::PointsAndDoubles => {
            let cap = |v: i64| rules.limit.map_or(v, |l| v.min(l));
            let normal = cap(doubled(points, doubles));
            if let Some((item, value)) = limit {
                let by_own_points = rules.definition.items[item].own_points_doubled;
                let value = cap(value);
                let with_limit = cap(value.saturating_add(doubled(kept_points, kept_doubles)));
                // A special hand scored by doubling its own points replaces the normal score;
                // one of a fixed value counts when it is worth at least as much.
                if by_own_points || with_limit >= normal {
                    // Only the limit hand and the items that count on top of it remain, and
                    // the points it doubles.
                    fired.retain(|f| {
                        f.item == item
                            || f.with_limit_hand
                            || (by_own_points && f.kind == ItemKind::Points)
                    });
                    if by_own_points && let Some(f) = fired.iter_mut().find(|f| f.item == item) {
                        f.amount = value;
                    }
                    return Totals {
                        valid: !winner || complete,
                        points: kept_points,
                        doubles: kept_doubles,
                        faan: None,
                        limit_hand: Some(item),
                        tier: None,
                        total: with_limit,
                        unmet: None,
                        liability: None,
                        refused: None,
                    };
                }
            }
            Totals {
                valid: !winner || complete,
                points,
                doubles,
                faan: None,
                limit_hand: None,
                tier: None,
                total: normal,
                unmet: None,
                liability: None,
                refused: None,
            }
        }
        // A formula's values are worked out from the items' sums by `super::formula`.
        Style::Formula => Totals {
            valid: !winner || complete,
            ..Totals::default()
        },
        Style::Faan => {
            if let Some((_, value)) = limit {
                faan = faan.saturating_add(value);
            }
            let faan = rules.max_faan.map_or(faan, |m| faan.min(m));
            let valid = !winner || (complete && faan >= rules.min_faan);
            let total = if winner && valid {
                rules.base_points(faan)
            } else {
                0
            };
            Totals {
                valid,
                points: 0,
                doubles: 0,
                faan: Some(faan),
                limit_hand: limit.map(|(i, _)| i),
                tier: None,
                total,
                unmet: None,
                liability: None,
                refused: None,
            }
        }
    }
}

/// Where the sums of items of `kind` are kept: one slot for each kind of the two fixed
/// styles.
fn slot(kind: ItemKind) -> Option<usize> {
    match kind {
        ItemKind::Points => Some(0),
        ItemKind::Doubles => Some(1),
        ItemKind::Faan => Some(2),
        ItemKind::LimitHand => Some(3),
        ItemKind::Unit(_) => None,
    }
}

/// The limit hand worth most, of two worth as much the first in the file; one worth the
/// reading's own points doubled (a points-and-doubles variant's) is valued with `own_points`.
#[cold]
fn limit_worth_most(rules: &Rules, fired: &[Fired], own_points: i64) -> Option<(usize, i64)> {
    let mut limit: Option<(usize, i64)> = None;
    for f in fired.iter().filter(|f| f.kind == ItemKind::LimitHand) {
        let value = if rules.definition.items[f.item].own_points_doubled {
            doubled(own_points, f.amount)
        } else {
            f.amount
        };
        let better = limit
            .is_none_or(|(i, v)| (value, std::cmp::Reverse(f.item)) > (v, std::cmp::Reverse(i)));
        if better {
            limit = Some((f.item, value));
        }
    }
    limit
}

/// `points × 2^doubles`, saturating.
fn doubled(points: i64, doubles: i64) -> i64 {
    if doubles <= 0 {
        return points;
    }
    if doubles >= 63 {
        // 2^63 does not fit: any points but none are more than can be told.
        return match points.signum() {
            1 => i64::MAX,
            -1 => i64::MIN,
            _ => 0,
        };
    }
    points.saturating_mul(1i64 << doubles)
}

#[cfg(test)]
mod tests {
    use super::doubled;

    #[test]
    fn doubling_saturates_on_both_sides() {
        assert_eq!(doubled(-3, 2), -12);
        assert_eq!(doubled(-3, 62), i64::MIN);
        assert_eq!(doubled(-3, 70), i64::MIN);
        assert_eq!(doubled(5, 63), i64::MAX);
        assert_eq!(doubled(0, 100), 0);
        assert_eq!(doubled(7, -2), 7);
    }
}
