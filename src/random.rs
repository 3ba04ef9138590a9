//! Random hands: a reproducible source of legal hands for benchmarks and corpora.
//!
//! In: a seed. Out: an endless, reproducible stream of [`Hand`]s, each legal (at most four
//! copies of a tile, the right number of tiles, the winning tile among the concealed ones),
//! with bonus tiles and the rarer ways of winning at a modest rate; or, for a table that
//! plays with indicator tiles ([`HandGenerator::with_indicators`]), with indicators, red
//! fives and ready declarations instead of bonus tiles; and, when asked
//! ([`HandGenerator::with_special_patterns`]), some winners of the common patterns that are
//! not four sets and a pair. The same seed gives the same hands on every machine.

use crate::hand::{
    Bonus, Hand, HandParts, Indicators, Melds, Part, RedFives, Win, WinSource, heavenly_can_be,
    kong_on_kong_can_be,
};
use crate::set::{Exposure, Set, SetKind};
use crate::tiles::{BonusKind, BonusTile, Suit, Tile, TileCounts, Wind};

/// SplitMix64: small, fast and reproducible; plenty for shuffling tiles.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}

/// A reproducible stream of random hands.
#[derive(Clone, Debug)]
pub struct HandGenerator {
    rng: Rng,
    /// Hands of a table that plays with indicator tiles, red fives and ready declarations,
    /// and without bonus tiles.
    indicators: bool,
    /// One winner in eight of a special pattern ([`HandGenerator::with_special_patterns`]).
    special: bool,
}

impl HandGenerator {
    /// Hands from `seed`.
    pub fn new(seed: u64) -> HandGenerator {
        HandGenerator {
            rng: Rng::new(seed),
            indicators: false,
            special: false,
        }
    }

    /// These hands, with one winner in eight (as a corpus makes them) of a pattern that is
    /// not four sets and a pair, all concealed: seven pairs, the thirteen terminals and
    /// honours with one of them twice, fourteen knitted singles (147, 258 and 369 each in its
    /// own suit, some of them, and five to seven honours), or the nine knitted tiles beside a
    /// set (sometimes declared) and a pair.
    pub fn with_special_patterns(self) -> HandGenerator {
        HandGenerator {
            special: true,
            ..self
        }
    }

    /// Hands from `seed` for a table that plays with indicator tiles: no bonus tiles; in a
    /// corpus, one indicator and one more a kong, red fives about half the time a five is
    /// held, and closed hands declared ready (sometimes at the start, sometimes going out
    /// within one go-around, with the hidden indicators turned for a winner who declared).
    pub fn with_indicators(seed: u64) -> HandGenerator {
        HandGenerator {
            rng: Rng::new(seed),
            indicators: true,
            special: false,
        }
    }

    /// A winning hand: four sets (chows, pungs, sometimes kongs; some declared) and a pair,
    /// won from the wall, a discard or a loose tile.
    pub fn winning_hand(&mut self) -> Hand {
        loop {
            if let Some(hand) = self.try_winning_hand() {
                return hand;
            }
        }
    }

    /// A hand for a corpus: a winner (always with `winners_only`, else three times in four)
    /// or a hand that did not go out, with a few tiles seen elsewhere on the table.
    pub fn corpus_hand(&mut self, winners_only: bool) -> Hand {
        let hand = if winners_only || self.rng.below(4) > 0 {
            if self.special && self.rng.below(8) == 0 {
                loop {
                    if let Some(hand) = self.try_special_hand() {
                        break hand;
                    }
                }
            } else {
                self.winning_hand()
            }
        } else {
            self.waiting_hand()
        };
        let mut held = hand.own_tiles();
        let mut seen = TileCounts::default();
        for _ in 0..self.rng.below(7) {
            let tile = Tile::from_index(self.rng.below(Tile::COUNT)).expect("in range");
            // With red fives, a five seen is never the fourth five of its suit (see
            // `declare_and_show`).
            let most = if self.indicators && is_five(tile) {
                3
            } else {
                4
            };
            if held.get(tile) + seen.get(tile) < most {
                seen.add(tile);
                held.add(tile);
            }
        }
        let hand = Hand::new(HandParts {
            seen,
            ..hand.parts()
        })
        .expect("tiles seen keep each tile to four copies");
        if self.indicators {
            self.declare_and_show(&hand, &mut held)
        } else {
            hand
        }
    }

    /// `hand` with a ready declaration where it may have one, indicators that keep each
    /// tile to four copies with those `held` (and are added to them), and red fives: one
    /// where the hand shows all four fives of a suit.
    fn declare_and_show(&mut self, hand: &Hand, held: &mut TileCounts) -> Hand {
        let rng = &mut self.rng;
        let melds = hand.melds();
        let closed = melds.iter().all(|m| m.exposure == Exposure::Concealed);
        let ready = closed && rng.chance(45);
        let winner = hand.win().is_some();
        let kongs = melds.iter().filter(|m| m.kind == SetKind::Kong).count();
        let mut pick = |n: usize, rng: &mut Rng| -> Indicators {
            let mut out = Indicators::new();
            for _ in 0..n {
                let tile = Tile::from_index(rng.below(Tile::COUNT)).expect("in range");
                // An indicator is never the fourth five of a suit, which would have to be
                // the red one.
                let most = if is_five(tile) { 3 } else { 4 };
                if held.get(tile) < most {
                    held.add(tile);
                    out.push(tile);
                }
            }
            out
        };
        let shown = pick(1 + kongs, rng);
        let hidden = if ready && winner {
            pick(shown.len(), rng)
        } else {
            Indicators::new()
        };
        let mut red = RedFives::new();
        for suit in [Suit::Characters, Suit::Dots, Suit::Bamboo] {
            let five = Tile::new(suit, 5).expect("a suit has a five");
            let part = if hand.concealed().get(five) > 0 {
                Some(Part::Concealed)
            } else {
                melds.iter().position(|m| m.contains(five)).map(Part::Meld)
            };
            // Where all four fives are shown, one is the red one (the dice are thrown
            // all the same, so that the other hands stay as they were).
            if let Some(part) = part
                && (rng.chance(50) || held.get(five) == 4)
            {
                red.push((five, part));
            }
        }
        // In the order a hand file lists them: the concealed tiles, then each declared set.
        red.sort_by_key(|&(five, part)| {
            let at = match part {
                Part::Meld(i) => i + 1,
                _ => 0,
            };
            (at, five.index())
        });
        Hand::new(HandParts {
            declared_ready: ready,
            original_call: ready && rng.chance(5),
            one_go_around: ready && winner && rng.chance(20),
            indicators: &shown,
            hidden_indicators: &hidden,
            red_fives: &red,
            ..hand.parts()
        })
        .expect("a closed hand may declare, and the indicators keep each tile to four copies")
    }

    /// A hand that did not go out but waits: a winning hand less its winning tile.
    pub fn waiting_hand(&mut self) -> Hand {
        let hand = self.winning_hand();
        let win = hand.win().expect("a winning hand has a win");
        let mut concealed = *hand.concealed();
        concealed.remove(win.tile);
        Hand::new(HandParts {
            concealed: Some(concealed),
            win: None,
            ..hand.parts()
        })
        .expect("a winning hand less its winning tile is a hand that did not go out")
    }

    fn try_winning_hand(&mut self) -> Option<Hand> {
        let rng = &mut self.rng;
        let mut used = [0u8; Tile::COUNT];
        let mut melds = Melds::new();
        let mut concealed = TileCounts::default();
        for _ in 0..4 {
            let first = rng.below(Tile::COUNT);
            let tile = Tile::from_index(first).expect("in range");
            let chow = tile.is_suited() && tile.number() <= 7 && rng.chance(55);
            let kind = if chow {
                SetKind::Chow
            } else if rng.chance(8) {
                SetKind::Kong
            } else {
                SetKind::Pung
            };
            let set = Set::concealed(kind, tile);
            for t in set.tiles() {
                used[t.index()] += 1;
            }
            // A kong is always declared; other sets a third of the time.
            if kind == SetKind::Kong || rng.chance(33) {
                let exposure = match (kind, rng.below(3)) {
                    (SetKind::Kong, 0) => Exposure::Concealed,
                    (SetKind::Kong, 1) => Exposure::Claimed,
                    _ => Exposure::Exposed,
                };
                melds.push(Set {
                    exposure,
                    declared: true,
                    ..set
                });
            } else {
                set.tiles().for_each(|t| concealed.add(t));
            }
        }
        let pair = Tile::from_index(rng.below(Tile::COUNT)).expect("in range");
        used[pair.index()] += 2;
        concealed.add(pair);
        concealed.add(pair);
        if used.iter().any(|&c| c > 4) {
            return None;
        }
        let tiles: Vec<Tile> = concealed.tiles().collect();
        let tile = tiles[rng.below(tiles.len())];
        let from = match rng.below(100) {
            0..=39 => WinSource::Wall,
            40..=87 => WinSource::Discard,
            88..=97 => WinSource::Loose,
            // A robbed kong's tile is its fourth copy: a hand holding another took a
            // discard.
            _ if used[tile.index()] > 1 => WinSource::Discard,
            _ => WinSource::RobbedKong,
        };
        let seat = Wind::ALL[rng.below(4)];
        let bonus = random_bonus(rng, self.indicators);
        Hand::new(HandParts {
            seat: Some(seat),
            prevailing: Some(Wind::ALL[rng.below(4)]),
            concealed: Some(concealed),
            melds: &melds,
            bonus: &bonus,
            seen: TileCounts::default(),
            win: Some(Win {
                tile,
                from,
                discarder: from.is_claimed().then(|| seat.next()),
                last: rng.chance(3),
                // Only what the hand allows (the dice thrown as before, so that a seed
                // gives the same hands).
                heavenly: rng.chance(1) && heavenly_can_be(Some(seat), from, &melds),
                kong_on_kong: from == WinSource::Loose
                    && rng.chance(10)
                    && kong_on_kong_can_be(from, &melds),
                late: false,
                completes: None,
            }),
            original_call: rng.chance(2),
            partial: false,
            incomplete: false,
            ..HandParts::default()
        })
        .ok()
    }
}

impl HandGenerator {
    /// A concealed winner of a special pattern (see [`HandGenerator::with_special_patterns`]),
    /// or `None` when the dice made a fifth copy of a tile.
    fn try_special_hand(&mut self) -> Option<Hand> {
        let rng = &mut self.rng;
        let tile = |i: usize| Tile::from_index(i).expect("in range");
        let majors: Vec<Tile> = Tile::all().filter(|t| t.is_major()).collect();
        // The nine knitted tiles of an order of the suits: 147 in the first, 258 in the
        // second, 369 in the third.
        let orders = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        let order = orders[rng.below(orders.len())];
        let knitted: Vec<Tile> = (0..9)
            .map(|k| tile(order[k / 3] * 9 + k / 3 + k % 3 * 3))
            .collect();
        let mut concealed = TileCounts::default();
        let mut melds = Melds::new();
        match rng.below(4) {
            0 => {
                let mut pairs = Vec::new();
                while pairs.len() < 7 {
                    let t = tile(rng.below(Tile::COUNT));
                    if !pairs.contains(&t) {
                        pairs.push(t);
                    }
                }
                pairs.iter().for_each(|&t| concealed.add_copies(t, 2));
            }
            1 => {
                majors.iter().for_each(|&t| concealed.add(t));
                concealed.add(majors[rng.below(majors.len())]);
            }
            2 => {
                let honours = 5 + rng.below(3);
                let mut singles: Vec<Tile> = knitted;
                while singles.len() > 14 - honours {
                    singles.remove(rng.below(singles.len()));
                }
                let mut winds_and_dragons: Vec<Tile> =
                    Tile::all().filter(|t| t.is_honour()).collect();
                while winds_and_dragons.len() > honours {
                    winds_and_dragons.remove(rng.below(winds_and_dragons.len()));
                }
                singles
                    .iter()
                    .chain(&winds_and_dragons)
                    .for_each(|&t| concealed.add(t));
            }
            _ => {
                knitted.iter().for_each(|&t| concealed.add(t));
                let first = tile(rng.below(Tile::COUNT));
                let kind = if first.is_suited() && first.number() <= 7 && rng.chance(55) {
                    SetKind::Chow
                } else {
                    SetKind::Pung
                };
                let set = Set::concealed(kind, first);
                if rng.chance(33) {
                    melds.push(Set {
                        exposure: Exposure::Exposed,
                        declared: true,
                        ..set
                    });
                } else {
                    set.tiles().for_each(|t| concealed.add(t));
                }
                let pair = tile(rng.below(Tile::COUNT));
                concealed.add_copies(pair, 2);
                let mut own = concealed;
                melds
                    .iter()
                    .flat_map(|m| m.tiles())
                    .for_each(|t| own.add(t));
                if own.as_array().iter().any(|&c| c > 4) {
                    return None;
                }
            }
        }
        let tiles: Vec<Tile> = concealed.tiles().collect();
        let from = if rng.chance(45) {
            WinSource::Wall
        } else {
            WinSource::Discard
        };
        let seat = Wind::ALL[rng.below(4)];
        let bonus = random_bonus(rng, self.indicators);
        Hand::new(HandParts {
            seat: Some(seat),
            prevailing: Some(Wind::ALL[rng.below(4)]),
            concealed: Some(concealed),
            melds: &melds,
            bonus: &bonus,
            win: Some(Win {
                tile: tiles[rng.below(tiles.len())],
                from,
                discarder: from.is_claimed().then(|| seat.next()),
                last: rng.chance(3),
                heavenly: false,
                kong_on_kong: false,
                late: false,
                completes: None,
            }),
            ..HandParts::default()
        })
        .ok()
    }
}

/// The bonus tiles of a random hand: each held a fifth of the time (about one hand in 150
/// holds all four of a kind); none at a table that plays with indicators.
fn random_bonus(rng: &mut Rng, indicators: bool) -> Bonus {
    [BonusKind::Flower, BonusKind::Season]
        .into_iter()
        .flat_map(|kind| Wind::ALL.map(|wind| BonusTile { kind, wind }))
        .filter(|_| !indicators && rng.chance(20))
        .collect()
}

/// A five of a suit, of which a table with red fives has one red.
fn is_five(tile: Tile) -> bool {
    tile.is_suited() && tile.number() == 5
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrange::arrangements;

    #[test]
    fn the_same_seed_gives_the_same_hands() {
        let mut a = HandGenerator::new(7);
        let mut b = HandGenerator::new(7);
        for _ in 0..100 {
            assert_eq!(a.winning_hand(), b.winning_hand());
        }
    }

    #[test]
    fn special_patterns_are_legal_winners_read_by_no_standard_arrangement() {
        let mut g = HandGenerator::new(5).with_special_patterns();
        let mut special = 0;
        for _ in 0..2_000 {
            let hand = g.corpus_hand(true);
            assert!(hand.own_tiles().as_array().iter().all(|&c| c <= 4));
            let win = hand.win().expect("a winner");
            assert!(hand.concealed().get(win.tile) > 0, "{hand:?}");
            special += usize::from(arrangements(&hand).is_empty());
        }
        // One in eight is of a special pattern; a few seven pairs read as sets too.
        assert!((180..=320).contains(&special), "{special} of 2000");
    }

    #[test]
    fn winning_hands_are_complete_and_legal() {
        let mut g = HandGenerator::new(1);
        for _ in 0..500 {
            let hand = g.winning_hand();
            assert!(hand.own_tiles().as_array().iter().all(|&c| c <= 4));
            assert!(!arrangements(&hand).is_empty(), "{hand:?}");
        }
    }
}
