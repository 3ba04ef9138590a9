//! Combinations: which matches of a combination's items are kept on one reading.
//!
//! In: the matches of the items of one combination (each with the sets it used and what it
//! gave), and each item's place in the variant file. Out: for each match, kept or why not.
//!
//! The selection kept is the one worth most among those in which
//! - no two matches of one item share a set (MCR's non-identical principle), and
//! - the matches, each joining the sets it used, close no cycle: no set is reached twice
//!   through the kept matches (MCR's account-once principle: a set combined with others
//!   once is not combined with them again through another fan);
//!
//! and of two worth as much, the one whose items come first in the file (their places,
//! sorted, compared in turn; a selection that goes on where the other stops keeps more).
//! Each match not kept breaks one of the two rules with the kept ones, or is worth nothing
//! to them.

use super::Instance;

/// Why a match of a combination was not kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unkept {
    /// A kept match of the same item shares a set with it.
    SharesASet,
    /// With the kept matches it would close a cycle over their sets.
    ClosesACycle,
    /// The selection worth most (or as much, with earlier items) does without it.
    WorthLess,
}

/// The most matches looked through exactly; among more, they are taken one by one, by
/// value, then by the place of their item.
pub const MOST_MATCHES: usize = 24;

/// For each of `matches`, `None` when it is kept, or why not; `place` gives an item's place
/// in the file.
pub fn select(matches: &[Instance], place: impl Fn(usize) -> usize) -> Vec<Option<Unkept>> {
    let places: Vec<usize> = matches.iter().map(|m| place(m.item)).collect();
    let kept = if matches.len() <= MOST_MATCHES {
        let mut search = Search {
            matches,
            places: &places,
            best: None,
        };
        let mut left: i64 = matches.iter().map(|m| m.amount.max(0)).sum();
        search.from(0, &mut Vec::new(), 0, &mut left);
        search.best.map_or_else(Vec::new, |(_, _, kept)| kept)
    } else {
        greedy(matches, &places)
    };
    let is_kept = |i: usize| kept.contains(&i);
    (0..matches.len())
        .map(|i| {
            if is_kept(i) {
                return None;
            }
            let m = matches[i];
            let others = (0..matches.len()).filter(|&k| is_kept(k));
            Some(
                if others
                    .clone()
                    .any(|k| matches[k].item == m.item && matches[k].sets & m.sets != 0)
                {
                    Unkept::SharesASet
                } else if !acyclic(others.map(|k| matches[k].sets).chain([m.sets])) {
                    Unkept::ClosesACycle
                } else {
                    Unkept::WorthLess
                },
            )
        })
        .collect()
}

/// The matches taken one by one, by value, then by the place of their item, each kept when
/// it breaks neither rule with those kept before it: the positions of those kept.
fn greedy(matches: &[Instance], places: &[usize]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..matches.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(matches[i].amount), places[i]));
    let mut kept: Vec<usize> = Vec::new();
    for i in order {
        let m = matches[i];
        let shares = kept
            .iter()
            .any(|&k| matches[k].item == m.item && matches[k].sets & m.sets != 0);
        if m.amount > 0 && !shares && acyclic(kept.iter().map(|&k| matches[k].sets).chain([m.sets]))
        {
            kept.push(i);
        }
    }
    kept
}

/// True when the sets' groups (each a bit per set), each joining its sets, close no cycle.
fn acyclic(groups: impl Iterator<Item = u32>) -> bool {
    // Which component each set is in, by the lowest set of it; the sets from `span` on are
    // in no group yet, each its own component.
    let mut component: [u8; 32] = std::array::from_fn(|k| k as u8);
    let mut span = 0;
    for sets in groups {
        let mut seen = 0u32;
        let mut left = sets;
        while left != 0 {
            let k = left.trailing_zeros() as usize;
            left &= left - 1;
            let c = component[k];
            if seen & (1 << c) != 0 {
                return false;
            }
            seen |= 1 << c;
        }
        span = span.max(32 - sets.leading_zeros() as usize);
        // Join the components met into the lowest of them.
        let lowest = seen.trailing_zeros() as u8;
        for c in &mut component[..span] {
            if seen & (1 << *c) != 0 {
                *c = lowest;
            }
        }
    }
    true
}

/// The search for the selection worth most.
struct Search<'m> {
    matches: &'m [Instance],
    places: &'m [usize],
    /// The best so far: its worth, its items' places sorted, and the positions of the
    /// matches kept.
    best: Option<(i64, Vec<usize>, Vec<usize>)>,
}

impl Search<'_> {
    /// Tries the matches from `i` on, kept or not, after those of `kept` (positions), worth
    /// `worth`; `left` is what the matches from `i` on are worth at most.
    fn from(&mut self, i: usize, kept: &mut Vec<usize>, worth: i64, left: &mut i64) {
        if let Some((best, _, _)) = &self.best
            && worth + *left < *best
        {
            return;
        }
        if i == self.matches.len() {
            self.offer(kept, worth);
            return;
        }
        let m = self.matches[i];
        let gain = m.amount.max(0);
        *left -= gain;
        let fits = !kept
            .iter()
            .any(|&k| self.matches[k].item == m.item && self.matches[k].sets & m.sets != 0)
            && acyclic(kept.iter().map(|&k| self.matches[k].sets).chain([m.sets]));
        if fits && m.amount > 0 {
            kept.push(i);
            self.from(i + 1, kept, worth + m.amount, left);
            kept.pop();
        }
        self.from(i + 1, kept, worth, left);
        *left += gain;
    }

    /// Keeps the selection `kept`, worth `worth`, when it is better than the best so far.
    fn offer(&mut self, kept: &[usize], worth: i64) {
        if let Some((best, _, _)) = &self.best
            && worth < *best
        {
            return;
        }
        let mut places: Vec<usize> = kept.iter().map(|&k| self.places[k]).collect();
        places.sort_unstable();
        let better = match &self.best {
            None => true,
            Some((best, best_places, _)) => {
                worth > *best || worth == *best && earlier(&places, best_places)
            }
        };
        if better {
            self.best = Some((worth, places, kept.to_vec()));
        }
    }
}

/// True when the items of `a` come before those of `b` (both sorted): at the first place
/// they differ, `a`'s is earlier; or `b` stops where `a` goes on.
fn earlier(a: &[usize], b: &[usize]) -> bool {
    for (x, y) in a.iter().zip(b) {
        if x != y {
            return x < y;
        }
    }
    a.len() > b.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(item: usize, sets: u32, amount: i64) -> Instance {
        Instance { item, sets, amount }
    }

    #[test]
    fn three_sets_two_by_two_keep_two_of_the_three_pairs() {
        // Sets 0, 1, 2; pairs (0,1), (1,2), (0,2) of items 0, 1, 2 worth 1 each: all three
        // close a cycle, so two are kept, the earlier items'.
        let matches = [m(0, 0b011, 1), m(1, 0b110, 1), m(2, 0b101, 1)];
        let out = select(&matches, |item| item);
        assert_eq!(out, [None, None, Some(Unkept::ClosesACycle)]);
    }

    #[test]
    fn a_triple_beats_the_pairs_within_it() {
        // A match of three sets worth 16 against three pairs of them worth 1 each: a pair
        // beside the triple closes a cycle, so the triple alone is kept.
        let matches = [
            m(5, 0b111, 16),
            m(9, 0b011, 1),
            m(9, 0b110, 1),
            m(10, 0b101, 1),
        ];
        let out = select(&matches, |item| item);
        assert_eq!(out[0], None);
        assert!(
            out[1..].iter().all(|o| *o == Some(Unkept::ClosesACycle)),
            "{out:?}"
        );
    }

    #[test]
    fn two_matches_of_one_item_share_no_set() {
        // One item on sets (0,1) and (1,2): non-identical keeps one; a second item on (1,2)
        // is kept beside the first, as it closes no cycle.
        let matches = [m(0, 0b011, 2), m(0, 0b110, 2), m(1, 0b100 | 0b1000, 1)];
        let out = select(&matches, |item| item);
        assert_eq!(out, [None, Some(Unkept::SharesASet), None]);
    }

    #[test]
    fn of_two_selections_worth_as_much_the_earlier_items_are_kept() {
        // Sets 0 and 1: item 7 or item 3 on both, worth 1 each; they cannot both be kept.
        let matches = [m(7, 0b11, 1), m(3, 0b11, 1)];
        let out = select(&matches, |item| item);
        assert_eq!(out, [Some(Unkept::ClosesACycle), None]);
    }

    #[test]
    fn cycles_are_found_through_several_matches() {
        assert!(acyclic([0b0011, 0b0110, 0b1100].into_iter()));
        assert!(!acyclic([0b0011, 0b0110, 0b1100, 0b1001].into_iter()));
        assert!(!acyclic([0b0111, 0b0011].into_iter()));
        assert!(acyclic([0b0111, 0b1000].into_iter()));
    }

    #[test]
    fn many_matches_are_taken_one_by_one() {
        // More matches than are looked through exactly: each set alone is a match worth its
        // number, no two sharing a set, so all are kept.
        let matches: Vec<Instance> = (0..30).map(|k| m(0, 1 << k, k as i64 + 1)).collect();
        assert!(select(&matches, |item| item).iter().all(Option::is_none));
    }
}
