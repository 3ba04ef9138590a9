//! The per-suit table: for every way to hold up to fourteen tiles of one suit, whether they
//! read as chows and pungs only, or as chows and pungs plus one pair.
//!
//! In: the nine counts of one suit. Out: two bits, looked up in a table built once (about
//! 50,000 reachable shapes, 2 MB) so that completeness checks and the pruning of the
//! arrangement search cost a few array reads instead of a backtracking search.

use std::sync::OnceLock;

/// The counts read as sets only (including no tiles at all).
pub const SETS: u8 = 1;
/// The counts read as sets plus exactly one pair.
pub const SETS_AND_PAIR: u8 = 2;

/// Number of distinct keys: each of nine counts is 0..=4.
const KEYS: usize = 5usize.pow(9);

/// The key of nine counts (each at most 4).
pub fn key(counts: &[u8]) -> usize {
    counts.iter().rev().fold(0, |k, &c| k * 5 + c as usize)
}

/// What the nine counts of one suit read as: a mix of [`SETS`] and [`SETS_AND_PAIR`].
pub fn shape(counts: &[u8]) -> u8 {
    table()[key(counts)]
}

/// What the counts with key `key` read as.
pub fn shape_of_key(key: usize) -> u8 {
    table()[key]
}

/// `5^i`: the step of the key when one tile of number `i + 1` is added.
pub fn step(i: usize) -> usize {
    5usize.pow(i as u32)
}

fn table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// Marks every sum of up to four sets (with and without a pair) that stays within four
/// copies of each tile.
fn build() -> Vec<u8> {
    let mut table = vec![0u8; KEYS];
    let mut counts = [0u8; 9];
    add_sets(&mut table, &mut counts, 0, 4);
    table
}

/// The sets of one suit, as (first number index, is chow), in a fixed order.
const SET_TYPES: [(usize, bool); 16] = [
    (0, false),
    (1, false),
    (2, false),
    (3, false),
    (4, false),
    (5, false),
    (6, false),
    (7, false),
    (8, false),
    (0, true),
    (1, true),
    (2, true),
    (3, true),
    (4, true),
    (5, true),
    (6, true),
];

fn add_sets(table: &mut [u8], counts: &mut [u8; 9], from: usize, left: usize) {
    table[key(counts)] |= SETS;
    for p in 0..9 {
        if counts[p] <= 2 {
            counts[p] += 2;
            table[key(counts)] |= SETS_AND_PAIR;
            counts[p] -= 2;
        }
    }
    if left == 0 {
        return;
    }
    for (t, &(i, chow)) in SET_TYPES.iter().enumerate().skip(from) {
        let tiles: &[usize] = if chow { &[i, i + 1, i + 2] } else { &[i, i, i] };
        if tiles.iter().any(|&k| counts[k] >= 4) || (!chow && counts[i] > 1) {
            continue;
        }
        tiles.iter().for_each(|&k| counts[k] += 1);
        add_sets(table, counts, t, left - 1);
        tiles.iter().for_each(|&k| counts[k] -= 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `counts` read as sets, and one pair when `pair`: the first number held
    /// starts a pung, a chow or the pair (a plain search, to hold the table to).
    fn reads(counts: &mut [u8; 9], pair: bool) -> bool {
        let Some(i) = counts.iter().position(|&c| c > 0) else {
            return !pair;
        };
        let mut try_with = |tiles: &[usize], pair: bool| {
            if tiles.iter().any(|&k| k > 8 || counts[k] == 0)
                || tiles.len() == 3 && tiles[0] == tiles[1] && counts[i] < 3
                || tiles.len() == 2 && counts[i] < 2
            {
                return false;
            }
            tiles.iter().for_each(|&k| counts[k] -= 1);
            let found = reads(counts, pair);
            tiles.iter().for_each(|&k| counts[k] += 1);
            found
        };
        try_with(&[i, i, i], pair)
            || try_with(&[i, i + 1, i + 2], pair)
            || pair && try_with(&[i, i], false)
    }

    #[test]
    fn every_shape_of_up_to_fourteen_tiles_is_the_one_a_search_finds() {
        let mut checked = 0;
        for key in 0..KEYS {
            let mut counts = [0u8; 9];
            let mut k = key;
            for c in &mut counts {
                *c = (k % 5) as u8;
                k /= 5;
            }
            if counts.iter().map(|&c| usize::from(c)).sum::<usize>() > 14 {
                continue;
            }
            let expected = if reads(&mut counts, false) {
                SETS
            } else if reads(&mut counts, true) {
                SETS_AND_PAIR
            } else {
                0
            };
            assert_eq!(shape(&counts), expected, "{counts:?}");
            checked += 1;
        }
        // Every way to hold up to fourteen tiles of one suit was looked at.
        assert!(checked > 400_000, "{checked} shapes");
    }

    #[test]
    fn known_shapes() {
        assert_eq!(shape(&[0; 9]), SETS);
        assert_eq!(shape(&[1, 1, 1, 0, 0, 0, 0, 0, 0]), SETS);
        assert_eq!(
            shape(&[3, 1, 1, 1, 1, 1, 1, 1, 3]),
            0,
            "nine gates waiting is not complete"
        );
        assert_eq!(shape(&[3, 1, 1, 1, 2, 1, 1, 1, 3]), SETS_AND_PAIR);
        assert_eq!(shape(&[2, 0, 0, 0, 0, 0, 0, 0, 0]), SETS_AND_PAIR);
        // 111222333 reads as pungs or chows; with 44 it also has a pair.
        assert_eq!(shape(&[3, 3, 3, 0, 0, 0, 0, 0, 0]), SETS);
        assert_eq!(shape(&[3, 3, 3, 2, 0, 0, 0, 0, 0]), SETS_AND_PAIR);
        // 11234: pair 11 and chow 234; 1123 is four tiles and reads as nothing.
        assert_eq!(shape(&[2, 1, 1, 1, 0, 0, 0, 0, 0]), SETS_AND_PAIR);
        assert_eq!(shape(&[2, 1, 1, 0, 0, 0, 0, 0, 0]), 0);
        assert_eq!(shape(&[1, 1, 0, 0, 0, 0, 0, 0, 0]), 0);
    }
}
