//! Refusals as the fast scorer tests them: a test of the copies of each tile the hand shows
//! first, then the condition.
//!
//! In: a refusal's compiled condition. Out: a [`Refusing`]: which tiles a hand must show
//! at least so many copies of for the condition to hold, read from its top conjuncts
//! `any(shown, p)` (the tiles whose flags may pass the tests of flags among `p`'s top
//! conjuncts, and the fewest copies its comparisons of `copies` with a constant allow), and
//! the condition as a program. A hand that shows no such tile so many times is not refused,
//! and its tiles shown are not made: most hands of a variant with refusals pay a few
//! look-ups for them.

use super::gate::Gated;
use super::program::{MOST_MASKS, some_of_masks};
use crate::hand::Hand;
use crate::predicate::Compiled;
use crate::predicate::compiled::{Cmp, Collection, ElemInt, Mask};
use crate::predicate::facts::elem;
use crate::score::facts::{TILE_CLASSES, shown_copies, tile_flags};
use crate::tiles::{Tile, TileCounts, TileSet};

/// A variant's refusals as the fast scorer tests them: a first test for all of them, cheap
/// enough for every hand, then each.
#[derive(Clone, Debug)]
pub(crate) struct Refusals {
    /// Each refusal, in order.
    pub each: Vec<Refusing>,
    /// Where every refusal asks for some tile shown so many times: the tiles any of them
    /// asks for, and the fewest copies any of them asks for. `None` where one asks for no
    /// such thing, and every hand is looked at.
    first_test: Option<(TileSet, usize)>,
}

impl Refusals {
    /// The refusals whose conditions are `conditions`, as [`Refusing::new`] makes each.
    pub fn new(conditions: impl Iterator<Item = Compiled>, gates: bool, programs: bool) -> Self {
        let each: Vec<Refusing> = conditions
            .map(|c| Refusing::new(c, gates, programs))
            .collect();
        let first_test = (each.iter().all(|r| r.fewest > 0)).then(|| {
            let tiles = (each.iter()).fold(TileSet::default(), |all, r| all.or(r.tiles));
            let fewest = each.iter().map(|r| r.fewest).min().unwrap_or(0);
            (tiles, usize::from(fewest))
        });
        Refusals { each, first_test }
    }

    /// False when no refusal can hold of `hand`, whose own tiles are `own`: it shows none
    /// of the tiles asked for as many times as asked ([`shown_copies`]: counting every
    /// indicator as each tile asked for let a fifth of riichi's hands through to the
    /// refusals' own tests, 4,034 of 20,000 against 518).
    #[inline]
    pub fn may_hold(&self, hand: &Hand, own: &TileCounts) -> bool {
        let Some((tiles, fewest)) = &self.first_test else {
            return true;
        };
        tiles.iter().any(|t| shown_copies(hand, own, t) >= *fewest)
    }
}

/// A refusal as the fast scorer tests it.
#[derive(Clone, Debug)]
pub(crate) struct Refusing {
    /// Some tile of these must be shown at least `fewest` times for the condition to hold
    /// (every tile, and 0, where the condition asks no such thing).
    tiles: TileSet,
    /// See `tiles`.
    fewest: u8,
    /// The tests of flags among the top conjuncts of that `any(shown, p)`'s `p`: a tile
    /// shown so many times must pass each (one of its masks), on the flags it has in the
    /// hand (its class, and the player's wind and red five bits).
    tests: Vec<arrayvec::ArrayVec<Mask, MOST_MASKS>>,
    /// The condition, as a program (not gated: the gates' summary does not read the tiles
    /// shown).
    pub condition: Gated,
}

/// The bits of a tile's flags that depend on the player or on how its copies are written,
/// besides its class (`flags`): the own and prevailing wind for a wind, red for a five.
fn player_bits(flags: u64) -> u64 {
    let mut bits = 0;
    if flags & elem::WIND != 0 {
        bits |= elem::OWN_WIND | elem::PREVAILING_WIND;
    }
    if flags & elem::SUITED != 0 && flags & elem::number(5) != 0 {
        bits |= elem::RED_FIVE;
    }
    bits
}

impl Refusing {
    /// The refusal whose condition is `when`; its first test read from the condition only
    /// with `gates` (else every hand is looked at), its condition a program with `programs`.
    pub fn new(when: Compiled, gates: bool, programs: bool) -> Refusing {
        let (tiles, fewest, tests) = if gates {
            shown_at_least(&when)
        } else {
            (TileSet::all(), 0, Vec::new())
        };
        Refusing {
            tiles,
            fewest,
            tests,
            condition: Gated::open(when, programs),
        }
    }

    /// Whether the condition may hold of `hand`, whose own tiles are `own`: it shows some
    /// tile of those asked for as many times as asked.
    #[inline]
    pub fn may_hold(&self, hand: &Hand, own: &TileCounts) -> bool {
        if self.fewest == 0 {
            return true;
        }
        let fewest = usize::from(self.fewest);
        // The indicators are counted only for a tile that the others leave short by no more
        // than there are indicators.
        let indicators = hand.indicators().len() + hand.hidden_indicators().len();
        self.tiles.iter().any(|t| {
            let held = usize::from(own.get(t)) + usize::from(hand.seen().get(t));
            held + indicators >= fewest && shown_copies(hand, own, t) >= fewest && {
                let red = hand.red_fives().iter().any(|&(five, _)| five == t);
                let flags = tile_flags(t, hand.seat(), hand.prevailing())
                    | if red { elem::RED_FIVE } else { 0 };
                (self.tests.iter()).all(|masks| masks.iter().any(|m| m.test(flags)))
            }
        })
    }
}

/// The tiles of which a hand must show at least so many copies for `c` to hold, how many,
/// and the tests of flags such a tile must pass: from the top conjunct `any(shown, p)` that
/// asks for the most copies. (In a refusal's condition `shown` is compiled as the sets.)
fn shown_at_least(c: &Compiled) -> (TileSet, u8, Vec<arrayvec::ArrayVec<Mask, MOST_MASKS>>) {
    let mut best = (TileSet::all(), 0, Vec::new());
    for q in c.conjuncts() {
        if let Compiled::Any(Collection::Sets, p) = q {
            let fewest = p
                .conjuncts()
                .into_iter()
                .map(least_copies)
                .max()
                .unwrap_or(0);
            if fewest > best.1 {
                let tests = flag_tests(p);
                best = (tiles_passing(&tests), fewest, tests);
            }
        }
    }
    best
}

/// The tests of flags among the top conjuncts of `p`, each as the masks one of which
/// passes.
fn flag_tests(p: &Compiled) -> Vec<arrayvec::ArrayVec<Mask, MOST_MASKS>> {
    p.conjuncts()
        .into_iter()
        .filter_map(some_of_masks)
        .collect()
}

/// The fewest copies `p` allows where it compares them with a constant (`copies == 4`,
/// `copies >= 3`, `copies > 2`); 0 otherwise.
fn least_copies(p: &Compiled) -> u8 {
    let Compiled::Cmp(op, a, b) = p else { return 0 };
    let (op, k) = match (&**a, &**b) {
        (Compiled::ElemInt(ElemInt::Copies), Compiled::Const(k)) => (*op, *k),
        (Compiled::Const(k), Compiled::ElemInt(ElemInt::Copies)) => (op.mirrored(), *k),
        _ => return 0,
    };
    let least = match op {
        Cmp::Eq | Cmp::Ge => k,
        Cmp::Gt => k.saturating_add(1),
        _ => 0,
    };
    least.clamp(0, i64::from(u8::MAX)) as u8
}

/// The tiles whose flags may pass every test of `tests` ([`flag_tests`]), whatever the bits
/// that depend on the player ([`player_bits`]).
fn tiles_passing(tests: &[arrayvec::ArrayVec<Mask, MOST_MASKS>]) -> TileSet {
    let mut tiles = TileSet::default();
    for (i, &flags) in TILE_CLASSES.iter().enumerate() {
        // The bits the tile may have: its class, and those the player may give it.
        let may = flags | player_bits(flags);
        let passes = |m: &Mask| {
            m.all & !may == 0
                && m.none & flags == 0
                && (m.any == 0 || m.any & may != 0)
                && (m.any2 == 0 || m.any2 & may != 0)
        };
        if tests.iter().all(|masks| masks.iter().any(passes))
            && let Some(tile) = Tile::from_index(i)
        {
            tiles.insert(tile);
        }
    }
    tiles
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::fold::fold;
    use crate::predicate::check::test_refusal;

    /// The refusal's condition `text`, folded as the plan folds it.
    fn condition(text: &str) -> Compiled {
        fold(test_refusal(text))
    }

    #[test]
    fn four_plain_fives_ask_for_a_five_shown_four_times() {
        let c = condition("any(shown, number == 5 and copies == 4 and not red_five)");
        let (tiles, fewest, _) = shown_at_least(&c);
        assert_eq!(fewest, 4);
        let names: Vec<String> = tiles.iter().map(|t| t.to_string()).collect();
        assert_eq!(names, ["5m", "5p", "5s"]);
        // Without a comparison of the copies, every hand is looked at.
        let c = condition("any(shown, red_five) and from_loose");
        assert_eq!(shown_at_least(&c).1, 0);
        // `copies > 2` asks for three; the own wind may be any wind.
        let c = condition("any(shown, own_wind and copies > 2)");
        let (tiles, fewest, _) = shown_at_least(&c);
        assert_eq!(fewest, 3);
        assert_eq!(tiles.len(), 4);
    }
}
