//! Property tests: the arrangement search against a slow brute-force enumerator, waits
//! against trying every tile, on random hands; the fast tile reader against the full parser.

use std::collections::BTreeSet;

use mjrules::arrange::arrangements;
use mjrules::hand::{Hand, HandParts, Melds, Win, WinSource};
use mjrules::set::{Exposure, Set, SetKind};
use mjrules::tiles::{Tile, TileCounts, Wind};
use mjrules::waits::waits;
use proptest::prelude::*;

/// A group as the brute force sees it: (kind, lowest tile index).
type Group = (SetKind, usize);

/// Every group that can be taken out of `counts`, anywhere.
fn takeable(counts: &[u8; 34]) -> Vec<Group> {
    let mut out = Vec::new();
    for i in 0..34 {
        if counts[i] >= 3 {
            out.push((SetKind::Pung, i));
        }
        if counts[i] >= 2 {
            out.push((SetKind::Pair, i));
        }
        if i < 27 && i % 9 <= 6 && counts[i] > 0 && counts[i + 1] > 0 && counts[i + 2] > 0 {
            out.push((SetKind::Chow, i));
        }
    }
    out
}

fn take(counts: &mut [u8; 34], (kind, i): Group, sign: i8) {
    let apply = |c: &mut u8, n: u8| {
        if sign < 0 { *c -= n } else { *c += n }
    };
    match kind {
        SetKind::Pung => apply(&mut counts[i], 3),
        SetKind::Pair => apply(&mut counts[i], 2),
        SetKind::Chow => (0..3).for_each(|k| apply(&mut counts[i + k], 1)),
        _ => unreachable!(),
    }
}

/// Every reading of `counts` as `sets` chows/pungs and one pair, in any order, collected as
/// sorted lists so that order does not matter.
fn brute_readings(
    counts: &mut [u8; 34],
    sets: usize,
    pair: bool,
    path: &mut Vec<Group>,
    out: &mut BTreeSet<Vec<Group>>,
) {
    if counts.iter().all(|&c| c == 0) {
        if sets == 0 && !pair {
            let mut sorted = path.clone();
            sorted.sort();
            out.insert(sorted);
        }
        return;
    }
    for group in takeable(counts) {
        let is_pair = group.0 == SetKind::Pair;
        if (is_pair && !pair) || (!is_pair && sets == 0) {
            continue;
        }
        take(counts, group, -1);
        path.push(group);
        brute_readings(
            counts,
            sets - usize::from(!is_pair),
            pair && !is_pair,
            path,
            out,
        );
        path.pop();
        take(counts, group, 1);
    }
}

fn group_contains(group: Group, tile: usize) -> bool {
    match group.0 {
        SetKind::Chow => (group.1..group.1 + 3).contains(&tile),
        _ => group.1 == tile,
    }
}

/// A random complete hand: four sets and a pair within the four copies of each tile, some
/// sets declared, a winning tile among the concealed ones.
fn complete_hand() -> impl Strategy<Value = Hand> {
    let group = (0usize..34, any::<bool>());
    (
        prop::collection::vec(group, 4),
        0usize..34,
        0usize..=4,
        any::<prop::sample::Index>(),
        prop_oneof![
            Just(WinSource::Wall),
            Just(WinSource::Discard),
            Just(WinSource::Loose)
        ],
    )
        .prop_filter_map(
            "more than four copies",
            |(groups, pair, declared, pick, from)| {
                let mut counts = [0u8; 34];
                let mut sets = Vec::new();
                for (i, chow) in groups {
                    let chow = chow && i < 27 && i % 9 <= 6;
                    let kind = if chow { SetKind::Chow } else { SetKind::Pung };
                    take(&mut counts, (kind, i), 1);
                    sets.push(Set::concealed(kind, Tile::from_index(i).unwrap()));
                }
                take(&mut counts, (SetKind::Pair, pair), 1);
                if counts.iter().any(|&c| c > 4) {
                    return None;
                }
                let mut concealed = TileCounts::default();
                let mut melds = Melds::new();
                for (n, set) in sets.into_iter().enumerate() {
                    if n < declared {
                        melds.push(Set {
                            exposure: Exposure::Exposed,
                            declared: true,
                            ..set
                        });
                    } else {
                        set.tiles().for_each(|t| concealed.add(t));
                    }
                }
                let pair_tile = Tile::from_index(pair).unwrap();
                concealed.add(pair_tile);
                concealed.add(pair_tile);
                let tiles: Vec<Tile> = concealed.tiles().collect();
                let tile = tiles[pick.index(tiles.len())];
                Hand::new(HandParts {
                    seat: Some(Wind::South),
                    prevailing: Some(Wind::East),
                    concealed: Some(concealed),
                    melds: &melds,
                    win: Some(Win::plain(tile, from)),
                    ..HandParts::default()
                })
                .ok()
            },
        )
}

/// Random concealed tiles for a 13-tile hand without declared sets, drawn mostly from one
/// suit so that waits are frequent.
fn thirteen_tiles() -> impl Strategy<Value = TileCounts> {
    prop::collection::vec(prop_oneof![4 => 0usize..9, 1 => 0usize..34], 13).prop_filter_map(
        "more than four copies",
        |indexes| {
            let counts =
                TileCounts::from_tiles(indexes.into_iter().map(|i| Tile::from_index(i).unwrap()));
            counts.as_array().iter().all(|&c| c <= 4).then_some(counts)
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arrangements_match_brute_force(hand in complete_hand()) {
        let win = hand.win().unwrap();
        let mut counts = *hand.concealed().as_array();
        let mut readings = BTreeSet::new();
        brute_readings(&mut counts, hand.sets_needed(), true, &mut Vec::new(), &mut readings);
        // Expected: (reading, winning group) for each distinct group holding the winning tile.
        let mut expected = BTreeSet::new();
        for reading in &readings {
            for &group in reading.iter().collect::<BTreeSet<_>>() {
                if group_contains(group, win.tile.index()) {
                    expected.insert((reading.clone(), group));
                }
            }
        }
        let found = arrangements(&hand);
        let mut actual = BTreeSet::new();
        for a in &found {
            let declared = hand.melds().len();
            prop_assert_eq!(&a.sets[..declared], hand.melds());
            let mut reading: Vec<Group> = a.sets[declared..].iter().map(|s| (s.kind, s.tile.index())).collect();
            reading.sort();
            let won = a.winning().unwrap();
            prop_assert_eq!(won.exposure == Exposure::Exposed, win.from == WinSource::Discard);
            let others_concealed = a.sets[declared..]
                .iter()
                .enumerate()
                .all(|(k, s)| k + declared == a.winning_set.unwrap() || s.exposure == Exposure::Concealed);
            prop_assert!(others_concealed);
            actual.insert((reading, (won.kind, won.tile.index())));
        }
        prop_assert_eq!(actual.len(), found.len(), "an arrangement was produced twice");
        prop_assert_eq!(actual, expected);
    }

    #[test]
    fn waits_are_exactly_the_completing_tiles(counts in thirteen_tiles()) {
        let hand = Hand::new(HandParts {
            seat: Some(Wind::East),
            prevailing: Some(Wind::East),
            concealed: Some(counts),
            ..HandParts::default()
        })
        .unwrap();
        let found = waits(&hand);
        for tile in Tile::all() {
            let mut with = *counts.as_array();
            with[tile.index()] += 1;
            let mut readings = BTreeSet::new();
            if with[tile.index()] <= 4 {
                brute_readings(&mut with, 4, true, &mut Vec::new(), &mut readings);
            }
            prop_assert_eq!(found.tiles.contains(tile), !readings.is_empty(), "tile {}", tile);
        }
    }

    #[test]
    fn waits_of_a_winner_contain_the_winning_tile(hand in complete_hand()) {
        let found = waits(&hand);
        prop_assert!(found.tiles.contains(hand.win().unwrap().tile));
        // Fishing the eyes is exactly: some arrangement has the winning tile in the pair.
        let fished = arrangements(&hand).iter().any(|a| a.fishing_the_eyes());
        prop_assert_eq!(found.fishing_the_eyes, fished);
    }
}
