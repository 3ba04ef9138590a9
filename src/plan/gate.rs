//! Gates: necessary conditions of a compiled condition, cheap to test before evaluating it.
//!
//! In: a [`Compiled`] condition and the collection it is evaluated on (or the hand). Out: a
//! [`Gate`], bit masks over the hand's flags and over each collection's aggregate flags (the
//! or and the and of its elements' flags, which a [`Summary`] of the facts holds). When a
//! gate is shut the condition is false, for the hand and for every element: most conditions
//! of a hand are settled by a few bit tests instead of a walk of the tree.
//!
//! The masks are read from the conjuncts at the top of the condition only (`complete and …`,
//! a mask on the element looked at, `any(c, …)`, `all(c, …)`, `not any(c, …)`,
//! `count(c, …) >= k` and `== k`, `kinds(tiles) == k`, `suits(tiles) == k`, `shape(…)`,
//! `calling(…)`, and the masks each name needs alone in `any(a, b in sets, a.chow and …)`);
//! anything else leaves the gate open. For a count of sets or
//! bonus tiles, the gate also reads the flags that at least two, three or four elements
//! have, so that `count(bonus, flower) == 4` is shut by a hand with three flowers; for
//! names of sets whose numbers must be equal (`a.number == b.number and b.number ==
//! c.number`), that as many sets share a number ([`SHARED_NUMBER`]); for names whose suits
//! must be equal, that as many sets are of one suit ([`SHARED_SUIT`]); for names whose
//! suits must differ two by two, that the sets are of as many suits ([`suits_apart`]); for
//! a tile (looked at, named, or in `any(tiles, …)`) held so many times (`copies == 4`), that
//! some tile is ([`copies_bit`]), unless the gate asks for a number of kinds already.

mod table;

pub use table::{GateTable, Open};

use super::program::Test;
use crate::predicate::compiled::{
    Cmp, Collection, Compiled, ElemInt, MAX_NAMED, Mask, Quantifier, Tuples,
};
use crate::predicate::facts::{Elem, Facts, elem, hand, suits};
use crate::predicate::steps::{Steps, suits_compared};
use crate::tiles::{Tile, TileSet};

/// The facts a gate reads, as words: the hand's flags, then per collection (sets, tiles,
/// bonus) the or of its elements' flags, then per collection their and, then the special
/// shapes formed (bit i for shape i), then the items called for (bit i % 64 for item i),
/// then the flags that at least two, three and four sets have (with [`SHARED_NUMBER`] and
/// [`SHARED_SUIT`]), then the same of the bonus tiles, then the sizes of the player's tiles
/// (see [`tile_sizes`]).
pub type Words = [u64; 16];

/// What the gates read of the facts of a reading, worked out from its elements: the flags
/// some element of each collection has, those every element has, those at least two, three
/// and four sets (or bonus tiles) have, and the sizes of the player's tiles.
#[derive(Clone, Copy, Debug)]
pub struct Summary {
    /// The hand's flags.
    pub flags: u64,
    /// For sets, tiles and bonus tiles: the flags any element has (bitwise or).
    pub any: [u64; 3],
    /// For sets, tiles and bonus tiles: the flags every element has (bitwise and; all bits
    /// set when there is no element).
    pub every: [u64; 3],
    /// For sets, then bonus tiles: the flags that at least two, three and four elements have.
    pub at_least: [[u64; 3]; 2],
    /// The sizes of the player's tiles (see [`tile_sizes`]).
    pub tile_sizes: u64,
    /// The special shapes formed.
    pub shapes: u64,
    /// The items called for, as bits ([`calling_bit`]).
    pub called: u64,
}

impl Summary {
    /// The summary of `facts`; the copies of the tiles held only when `by_copies` (when
    /// some gate reads them: see [`Gate::reads_copies`]), as they cost every hand a few
    /// instructions.
    #[inline]
    pub fn of(facts: &Facts<'_>, by_copies: bool) -> Summary {
        let (sets_any, sets_every, sets_at_least) = aggregates(facts.sets());
        // No gate counts tiles by element (a count of tiles weighs their copies).
        let tiles = facts.tiles().iter();
        let (tiles_any, tiles_every, copies) = if by_copies {
            tiles.fold((0, u64::MAX, 0), |(any, every, copies), t| {
                (
                    any | t.flags,
                    every & t.flags,
                    copies | copies_bit(t.copies),
                )
            })
        } else {
            let (any, every) = tiles.fold((0, u64::MAX), |(any, every), t| {
                (any | t.flags, every & t.flags)
            });
            (any, every, 0)
        };
        let (bonus_any, bonus_every, bonus_at_least) = aggregates(facts.bonus());
        Summary {
            flags: facts.flags,
            any: [sets_any, tiles_any, bonus_any],
            every: [sets_every, tiles_every, bonus_every],
            at_least: [sets_at_least, bonus_at_least],
            tile_sizes: tile_sizes(facts.tiles().len(), tiles_any) | copies,
            shapes: facts.shapes,
            called: called(facts.calling),
        }
    }

    /// This summary with the items called for `calling`.
    #[inline]
    pub fn calling(&self, calling: &[usize]) -> Summary {
        Summary {
            called: called(calling),
            ..*self
        }
    }

    /// This summary for another reading of the same hand, whose facts are `facts`.
    #[inline]
    pub fn with_sets(&self, facts: &Facts<'_>) -> Summary {
        let (any, every, at_least) = aggregates(facts.sets());
        let mut summary = *self;
        summary.flags = facts.flags;
        summary.shapes = facts.shapes;
        summary.any[0] = any;
        summary.every[0] = every;
        summary.at_least[0] = at_least;
        summary
    }

    /// The [`Words`] the gates read; the bits of the suits of the sets ([`SHARED_SUIT`],
    /// [`suits_apart`]) only when `by_suit` (when some gate reads them: see
    /// [`ties_suits_of_sets`]), as they cost every reading a few instructions.
    pub fn words(&self, by_suit: bool) -> Words {
        let [any0, any1, any2] = self.any;
        let [every0, every1, every2] = self.every;
        let [[sets2, sets3, sets4], [bonus2, bonus3, bonus4]] = self.at_least;
        let mut sets = [sets2, sets3, sets4].map(with_shared_number);
        let mut any0 = any0;
        if by_suit {
            sets = sets.map(with_shared_suit);
            any0 = with_suits_apart(any0);
        }
        let [sets2, sets3, sets4] = sets;
        [
            self.flags,
            any0,
            any1,
            any2,
            every0,
            every1,
            every2,
            self.shapes,
            self.called,
            sets2,
            sets3,
            sets4,
            bonus2,
            bonus3,
            bonus4,
            self.tile_sizes,
        ]
    }
}

/// The flags that so many sets have, and [`SHARED_NUMBER`] when one of them is a number's.
fn with_shared_number(flags: u64) -> u64 {
    flags | u64::from(flags & elem::NUMBERS != 0) << SHARED_NUMBER.trailing_zeros()
}

/// The flags that so many sets have, and [`SHARED_SUIT`] when one of them is a suit's or
/// the honours'.
fn with_shared_suit(flags: u64) -> u64 {
    flags | u64::from(flags & SUIT_CLASSES != 0) << SHARED_SUIT.trailing_zeros()
}

/// True when `c` has a quantifier over named sets whose top conjuncts tie two names' suits
/// (equal or apart): its gate reads the bits of the suits of the sets ([`Summary::words`]).
pub fn ties_suits_of_sets(c: &Compiled) -> bool {
    c.mentions(|node| {
        matches!(node, Compiled::Tuples(t) if t.collection == Collection::Sets
            && (names_of_one_suit(t) >= 2 || names_of_suits_apart(t) >= 2))
    })
}

/// The flags some set has, with the bit of [`suits_apart`] for each number of suits (the
/// honours one of them) up to the number of suits of the sets.
fn with_suits_apart(flags: u64) -> u64 {
    // The suits' three bits and the honours' as four bits, looked up (a count of bits is
    // a dozen instructions on the baseline processor, and every reading's words have it).
    const _: () = assert!(
        elem::CHARACTERS == 1 << 20
            && elem::DOTS == 1 << 21
            && elem::BAMBOO == 1 << 22
            && elem::HONOUR == 1 << 13
    );
    const APART: [u64; 16] = {
        let mut apart = [0; 16];
        let mut classes = 0;
        while classes < 16 {
            let mut k = 2;
            while k <= (classes as u32).count_ones() {
                apart[classes] |= suits_apart(k);
                k += 1;
            }
            classes += 1;
        }
        apart
    };
    flags | APART[(flags >> 20 & 0b111 | flags >> 10 & 0b1000) as usize]
}

/// The bit of the word of the flags some set has (bits 59 to 61, which no flag of an
/// element uses) that says the sets are of at least `k` suits (2 to 4), the honours one of
/// them (`a.suit != b.suit` can hold).
const fn suits_apart(k: u32) -> u64 {
    let k = if k < 2 {
        2
    } else if k > 4 {
        4
    } else {
        k
    };
    1 << (59 + k - 2)
}

/// A bit of the words of the flags that at least two, three and four sets have (no flag of
/// an element uses it): some number is that many sets' (`a.number == b.number` can hold).
const SHARED_NUMBER: u64 = 1 << 63;

/// A bit of the same words: that many sets are of one suit, or all honours (`a.suit ==
/// b.suit` can hold; an honour's suit is 0).
const SHARED_SUIT: u64 = 1 << 62;

/// The flags of which every set has exactly one, that tell its suit number.
const SUIT_CLASSES: u64 = elem::CHARACTERS | elem::DOTS | elem::BAMBOO | elem::HONOUR;

/// The bits of the items called for ([`calling_bit`]).
fn called(calling: &[usize]) -> u64 {
    calling.iter().fold(0, |bits, &i| bits | calling_bit(i))
}

/// The aggregate flags of `elements`: the flags some element has, those every element has
/// (all bits when there is none), and those at least two, three and four elements have.
#[inline]
fn aggregates(elements: &[Elem]) -> (u64, u64, [u64; 3]) {
    let (mut one, mut two, mut three, mut four) = (0, 0, 0, 0);
    let mut every = u64::MAX;
    for e in elements {
        four |= three & e.flags;
        three |= two & e.flags;
        two |= one & e.flags;
        one |= e.flags;
        every &= e.flags;
    }
    (one, every, [two, three, four])
}

/// The sizes of a player's tiles as bits, for the gates: bit k for `kinds(tiles) == k` (the
/// number of distinct tiles, `kinds`), bit `SUITS_BIT + k` for `suits(tiles) == k` (read
/// from the or of the tiles' flags, `tiles_any`). The bits of the copies held
/// ([`copies_bit`]) are added by whoever knows them.
pub fn tile_sizes(kinds: usize, tiles_any: u64) -> u64 {
    1 << kinds.min(Tile::COUNT) | 1 << (SUITS_BIT + suits(tiles_any))
}

/// The bit of the sizes word that stands for some tile held `copies` times (1 to 4; more are
/// four), for a gate that asks for a tile held so many times (`copies == 4`).
pub fn copies_bit(copies: u8) -> u64 {
    1 << (COPIES_BIT + u32::from(copies.min(4)))
}

/// Every bit [`copies_bit`] gives: what is known of a hand whose copies are not (a hand with
/// a tile more), where a gate may read no fewer than the copies it may hold.
pub const ANY_COPIES: u64 = 0b11111 << COPIES_BIT;

/// The most names of a quantifier over named elements that its top conjuncts make of one
/// number (`a.number == b.number and b.number == c.number`, or `a.tile == b.tile`: see
/// [`Steps`]); 1 when none.
fn names_of_one_number(t: &Tuples) -> u32 {
    Steps::of(t.conjuncts.iter().map(|(_, c)| c), t.first, t.arity).most_of_one_number()
}

/// The most names of a quantifier over named elements that its top conjuncts tie to one
/// suit (`a.suit == b.suit and b.suit == c.suit`: 3); 1 when none are.
fn names_of_one_suit(t: &Tuples) -> u32 {
    Steps::of(t.conjuncts.iter().map(|(_, c)| c), t.first, t.arity).most_of_one_suit()
}

/// The most names of a quantifier over named elements whose suits its top conjuncts make
/// differ two by two (`a.suit != b.suit and b.suit != c.suit and a.suit != c.suit`: 3); 1
/// when none.
fn names_of_suits_apart(t: &Tuples) -> u32 {
    let arity = usize::from(t.arity).min(MAX_NAMED);
    // Bit y of apart[x] set when a conjunct says x's suit is not y's.
    let mut apart = [0u32; MAX_NAMED];
    for (_, c) in &t.conjuncts {
        if let Some((x, y)) = suits_compared(c, t.first, Cmp::Ne)
            && x < arity
            && y < arity
            && x != y
        {
            apart[x] |= 1 << y;
            apart[y] |= 1 << x;
        }
    }
    // The largest group of names each apart from every other (names are few: every group
    // is looked at).
    (1u32..1 << arity)
        .filter(|group| {
            (0..arity)
                .filter(|&k| group & 1 << k != 0)
                .all(|k| group & !(1 << k) & !apart[k] == 0)
        })
        .map(u32::count_ones)
        .max()
        .unwrap_or(1)
}

/// The first bit of [`tile_sizes`]' suit count.
const SUITS_BIT: u32 = 40;

/// The first bit of the copies held in the sizes word ([`copies_bit`]).
const COPIES_BIT: u32 = 48;

/// The bits of the sizes word that stand for a number of distinct tiles.
const KINDS: u64 = (1 << (Tile::COUNT + 1)) - 1;

/// The bit of the sizes word that `c` asks some tile to have, with the name it reads: `c`
/// is `copies == k` of the element looked at (no name) or of the element of a name
/// (`t.copies == 4`), `k` from 1 to 4.
fn copies_asked(c: &Compiled) -> Option<(Option<u8>, u64)> {
    if let Compiled::Named(slot, inner) = c {
        let (None, bit) = copies_asked(inner)? else {
            return None;
        };
        return Some((Some(*slot), bit));
    }
    let Compiled::Cmp(Cmp::Eq, a, b) = c else {
        return None;
    };
    let (copies, k) = match (&**a, &**b) {
        (x, &Compiled::Const(k)) | (&Compiled::Const(k), x) => (x, k),
        _ => return None,
    };
    let name = match copies {
        Compiled::ElemInt(ElemInt::Copies) => None,
        Compiled::Named(slot, inner) if **inner == Compiled::ElemInt(ElemInt::Copies) => {
            Some(*slot)
        }
        _ => return None,
    };
    let k = u8::try_from(k).ok().filter(|k| (1..=4).contains(k))?;
    Some((name, copies_bit(k)))
}

/// The bits of the sizes word that the top conjuncts of `c` ask some tile to have
/// ([`copies_asked`]), of the element of a name in `names` or, when `names` is empty, of the
/// element looked at.
fn copies_needed(c: &Compiled, names: std::ops::Range<u8>) -> u64 {
    match c {
        Compiled::And(a, b) => copies_needed(a, names.clone()) | copies_needed(b, names),
        c => match copies_asked(c) {
            Some((None, bit)) if names.is_empty() => bit,
            Some((Some(slot), bit)) if names.contains(&slot) => bit,
            _ => 0,
        },
    }
}

/// The bit of [`tile_sizes`] that `c` asks for, when `c` is `kinds(tiles) == k` or
/// `suits(tiles) == k`.
fn size_bit(c: &Compiled) -> Option<u64> {
    let Compiled::Cmp(Cmp::Eq, a, b) = c else {
        return None;
    };
    let &Compiled::Const(k) = &**b else {
        return None;
    };
    let (first, max) = match &**a {
        Compiled::Kinds => (0, Tile::COUNT as i64),
        Compiled::Suits(Collection::Tiles) => (SUITS_BIT, 3),
        _ => return None,
    };
    (0..=max).contains(&k).then(|| 1 << (first + k as u32))
}

const HAND: usize = 0;
const ANY: usize = 1;
const EVERY: usize = 4;
const SHAPES: usize = 7;
const CALLED: usize = 8;
const SETS_AT_LEAST: usize = 9;
const BONUS_AT_LEAST: usize = 12;
const SIZES: usize = 15;
/// The tiles' slot among the collections' words.
const TILES: usize = Collection::Tiles.slot().unwrap();

/// The word with the flags that at least `n` (2 or more; 4 stands for more) elements of
/// `collection` have. None for tiles, which `count` weighs by their copies.
fn at_least_word(collection: Collection, n: i64) -> Option<usize> {
    let first = match collection {
        Collection::Sets => SETS_AT_LEAST,
        Collection::Bonus => BONUS_AT_LEAST,
        Collection::Tiles | Collection::Indicators | Collection::HiddenIndicators => return None,
    };
    Some(first + usize::try_from(n.clamp(2, 4) - 2).ok()?)
}

/// The bit of [`Words`]' last word that stands for item `i` being called for (shared by
/// items 64 apart, so a set bit is only a hint).
fn calling_bit(i: usize) -> u64 {
    1 << (i % 64)
}

/// See the module docs: for each word, bits that must be set and bits that must be clear.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gate {
    /// The bits looked at, per word.
    mask: Words,
    /// Their required values.
    want: Words,
    /// Bit i set when some bit of word i is looked at.
    looked_at: u16,
    /// Pungs or kongs the condition needs (see [`Pungs`]), read from a count of sets.
    pungs: Option<Pungs>,
}

/// So many sets that are pungs (or kongs) with these tile classes: as many distinct tiles of
/// those classes must be held three times or more, since no two such sets share a tile; of
/// kongs, as many must be declared, since a reading makes no kong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pungs {
    /// How many.
    pub count: u32,
    /// The tile classes each must have.
    pub classes: u64,
    /// They must be kongs.
    pub kongs: bool,
}

/// The hand flags that a reading sets: unknown before one is chosen.
const READING_FLAGS: u64 = hand::COMPLETE
    | hand::FISHING_THE_EYES
    | hand::TWO_SIDED_WAIT
    | hand::CLOSED_WAIT
    | hand::EDGE_WAIT
    | hand::DUAL_PUNG_WAIT
    | hand::CONCEALED_HAND
    | hand::SPECIAL_SHAPE;

/// The flags of a set that do not come from its tiles.
const SET_FLAGS: u64 = elem::CHOW
    | elem::PUNG
    | elem::KONG
    | elem::PAIR
    | elem::SINGLE
    | elem::EXPOSED
    | elem::CONCEALED
    | elem::CLAIMED
    | elem::DECLARED
    | elem::WINNING
    | elem::PUNG_OR_KONG;

impl Gate {
    /// The gate of `condition`, evaluated on each element of `each`, or on the hand.
    pub fn of(condition: &Compiled, each: Option<Collection>) -> Gate {
        let mut gate = Gate::default();
        gate.add(condition, each);
        // A gate that asks for a number of distinct tiles (`kinds(tiles) == 13`) shuts all
        // but a few hands on that alone: it does not ask for the copies too, which would
        // cost every hand of its variant the reading of its copies.
        if gate.want[SIZES] & KINDS != 0 {
            gate.mask[SIZES] &= !ANY_COPIES;
            gate.want[SIZES] &= !ANY_COPIES;
        }
        gate
    }

    /// True when the gate asks for a tile held so many times ([`copies_bit`]).
    pub fn reads_copies(&self) -> bool {
        self.mask[SIZES] & ANY_COPIES != 0
    }

    fn require(&mut self, word: usize, bits: u64) {
        self.forbid(word, bits);
        self.want[word] |= bits;
    }

    fn forbid(&mut self, word: usize, bits: u64) {
        self.mask[word] |= bits;
        if bits != 0 {
            self.looked_at |= 1 << word;
        }
    }

    fn add(&mut self, c: &Compiled, each: Option<Collection>) {
        match c {
            Compiled::HandMask(m) => {
                self.require(HAND, m.all);
                self.forbid(HAND, m.none);
            }
            Compiled::ElemMask(m) => {
                if let Some(slot) = each.and_then(Collection::slot) {
                    // The element looked at has these bits, so some element has.
                    self.require(ANY + slot, needed(m));
                }
            }
            Compiled::Any(collection, inner) => {
                if let Some(slot) = collection.slot() {
                    for_each_mask(inner, &mut |m| self.require(ANY + slot, needed(&m)));
                }
                if *collection == Collection::Tiles {
                    self.require(SIZES, copies_needed(inner, 0..0));
                }
            }
            Compiled::All(collection, inner) => {
                if let Some(slot) = collection.slot() {
                    for_each_mask(inner, &mut |m| {
                        self.require(EVERY + slot, needed(&m));
                        self.forbid(ANY + slot, m.none);
                    });
                }
            }
            Compiled::Not(inner) => {
                if let Compiled::Any(collection, mask) = &**inner
                    && let Some(slot) = collection.slot()
                    && let Compiled::ElemMask(m) = **mask
                    && m.none == 0
                    && m.any2 == 0
                    && (m.any == 0 && m.all.count_ones() == 1 || m.all == 0)
                {
                    // No element has this bit, or any of these bits.
                    self.forbid(ANY + slot, m.all | m.any);
                }
            }
            c if let Some(bit) = size_bit(c) => self.require(SIZES, bit),
            // The tile looked at is held so many times, so some tile is.
            c if let Some((None, bit)) = copies_asked(c)
                && each == Some(Collection::Tiles) =>
            {
                self.require(SIZES, bit);
            }
            Compiled::Shape(i) => self.require(SHAPES, 1 << i),
            Compiled::Calling(i) => self.require(CALLED, calling_bit(*i as usize)),
            Compiled::Cmp(op, count, bound) => {
                // `count(c, x) == 4`, `>= 1`, `> 0`: at least so many elements meet `x`, so
                // some element does, and (sets, bonus) so many have each bit `x` requires.
                if let (Compiled::Count(collection, inner), Compiled::Const(k)) =
                    (&**count, &**bound)
                    && let Some(slot) = collection.slot()
                {
                    let need = match op {
                        Cmp::Eq | Cmp::Ge => *k,
                        Cmp::Gt => k.saturating_add(1),
                        _ => 0,
                    };
                    if need >= 1 {
                        let many = at_least_word(*collection, need).filter(|_| need >= 2);
                        for_each_mask(inner, &mut |m| {
                            if *collection == Collection::Sets
                                && m.all & (elem::PUNG | elem::KONG | elem::PUNG_OR_KONG) != 0
                                && self.pungs.is_none()
                            {
                                self.pungs = Some(Pungs {
                                    count: u32::try_from(need).unwrap_or(u32::MAX),
                                    classes: m.all & !SET_FLAGS,
                                    kongs: m.all & elem::KONG != 0,
                                });
                            }
                            self.require(ANY + slot, needed(&m));
                            if let Some(word) = many {
                                self.require(word, needed(&m));
                            }
                        });
                    }
                }
            }
            Compiled::Tuples(t) if t.quantifier == Quantifier::Any => {
                // Some group of distinct elements: each has the bits its name must have by
                // itself (`a.chow`), so some element has them, and as many elements as there
                // are names have the bits every name must have.
                if let Some(slot) = t.collection.slot() {
                    let mut common = u64::MAX;
                    for k in 0..t.arity {
                        let mut bits = 0;
                        for ((waits_for, c), _) in (t.conjuncts.iter().zip(&t.alone))
                            .filter(|((waits_for, _), alone)| **alone && *waits_for == k)
                        {
                            if let Compiled::Named(named, inner) = c
                                && *named == t.first + waits_for
                            {
                                for_each_mask(inner, &mut |m| bits |= needed(&m));
                            }
                        }
                        self.require(ANY + slot, bits);
                        common &= bits;
                    }
                    if t.arity >= 2
                        && let Some(word) = at_least_word(t.collection, i64::from(t.arity))
                    {
                        self.require(word, common);
                    }
                    // A named tile held so many times: some tile is.
                    if t.collection == Collection::Tiles {
                        let names = t.first..t.first + t.arity;
                        for (_, c) in &t.conjuncts {
                            self.require(SIZES, copies_needed(c, names.clone()));
                        }
                    }
                    // Names whose numbers must be equal are as many sets of one number.
                    let alike = names_of_one_number(t);
                    if t.collection == Collection::Sets
                        && alike >= 2
                        && let Some(word) = at_least_word(t.collection, i64::from(alike))
                    {
                        self.require(word, SHARED_NUMBER);
                    }
                    // Names whose suits must differ two by two are sets of as many suits.
                    let apart = names_of_suits_apart(t);
                    if t.collection == Collection::Sets && apart >= 2 {
                        self.require(ANY + slot, suits_apart(apart));
                    }
                    // Names whose suits must be equal are as many sets of one suit.
                    let alike = names_of_one_suit(t);
                    if t.collection == Collection::Sets
                        && alike >= 2
                        && let Some(word) = at_least_word(t.collection, i64::from(alike))
                    {
                        self.require(word, SHARED_SUIT);
                    }
                }
            }
            Compiled::And(a, b) => {
                self.add(a, each);
                self.add(b, each);
            }
            _ => {}
        }
    }

    /// The condition less its top conjuncts that an open gate has already decided (they
    /// hold whenever the gate is open), to evaluate after the gate: `complete and
    /// kinds(tiles) == 13 and any(tiles, honour)` leaves `kinds(tiles) == 13`, and a
    /// condition the gate decides whole leaves the constant true.
    pub fn rest(condition: &Compiled) -> Compiled {
        match condition {
            Compiled::And(a, b) => match (Gate::rest(a), Gate::rest(b)) {
                (Compiled::Const(1), rest) | (rest, Compiled::Const(1)) => rest,
                (a, b) => Compiled::And(Box::new(a), Box::new(b)),
            },
            c if decides(c) => Compiled::Const(1),
            c => c.clone(),
        }
    }

    /// False when the condition cannot hold for any hand with more tiles than a hand whose
    /// tiles have these aggregate flags (`any` their or, `every` their and): a tile added
    /// never brings back a bit that some tile lacks, nor takes away a bit that some tile
    /// has, so what every tile must have and what no tile may have stay shut.
    pub fn may_open_with_more_tiles(&self, any: u64, every: u64) -> bool {
        let forbidden = self.mask[ANY + TILES] & !self.want[ANY + TILES];
        any & forbidden == 0 && every & self.mask[EVERY + TILES] == self.want[EVERY + TILES]
    }

    /// False when the condition cannot hold in any reading of a hand whose words, before a
    /// reading is chosen, are `words` (the sets' words and the hand flags a reading sets
    /// are not read; the shapes word holds the shapes that may form), and that `pungs`
    /// can make (see [`Pungs`]).
    pub fn may_open_in_some_reading(&self, words: &Words, pungs: impl Fn(Pungs) -> bool) -> bool {
        // The sets' words: those of `ANY` and `EVERY` for sets, and their counts.
        const SETS_WORDS: u16 = 1 << ANY | 1 << EVERY | 0b111 << SETS_AT_LEAST;
        self.agrees(words, self.looked_at & !SETS_WORDS, READING_FLAGS)
            && self.pungs.is_none_or(pungs)
    }

    /// False when the condition cannot hold in any reading of any hand made of a hand whose
    /// words are `words` and one more tile, where the shapes word holds the shapes that may
    /// form with some tile and the sizes word every size that one more tile may give. What a
    /// tile and a reading may change is not read: the hand flags and the sets' words; of the
    /// tiles, that some tile has a bit (the tile may bring it) and that not every tile has
    /// one (the tile may lack it). Pungs are as `pungs` says they can be made.
    pub fn may_open_with_one_more_tile(
        &self,
        words: &Words,
        pungs: impl Fn(Pungs) -> bool,
    ) -> bool {
        const MAY_CHANGE: u16 = 1 << HAND | 1 << ANY | 1 << EVERY | 0b111 << SETS_AT_LEAST;
        let (any, every) = (ANY + TILES, EVERY + TILES);
        // Bits that must be set in the words that only gain bits: the shapes that may
        // form, the sizes that may come.
        let required = |i: usize| self.mask[i] & self.want[i];
        let bounded = [SHAPES, SIZES]
            .iter()
            .all(|&i| required(i) & !words[i] == 0);
        let exact =
            self.looked_at & !(MAY_CHANGE | 1 << any | 1 << every | 1 << SHAPES | 1 << SIZES);
        bounded
            && self.may_open_with_more_tiles(words[any], words[every])
            && self.agrees(words, exact, 0)
            && self.pungs.is_none_or(pungs)
    }

    /// False when the condition cannot hold on facts with these words, for the hand or any
    /// element. Only the words looked at are read: most gates read one to three.
    #[inline]
    pub fn open(&self, words: &Words) -> bool {
        self.agrees(words, self.looked_at, 0)
    }

    /// True when `words` have the wanted values of the looked-at bits, reading only the
    /// words in `looked_at` (bit i for word i), and not the hand flags in `unknown`.
    #[inline]
    fn agrees(&self, words: &Words, mut looked_at: u16, unknown: u64) -> bool {
        while looked_at != 0 {
            let i = looked_at.trailing_zeros() as usize;
            looked_at &= looked_at - 1;
            let known = if i == HAND { !unknown } else { u64::MAX };
            if (words[i] & self.mask[i] ^ self.want[i]) & known != 0 {
                return false;
            }
        }
        true
    }
}

/// A condition with its gate and its rest: what items, requirements and liabilities keep,
/// so that each is tested by its gate before the rest of it is evaluated.
#[derive(Clone, Debug)]
pub struct Gated {
    /// The condition.
    pub when: Compiled,
    /// Necessary conditions of `when`, tested first. (Boxed: it is large, and scoring
    /// reads items through a gate table instead, so inline it would only spread the
    /// fields scoring reads over more cache lines.)
    pub gate: Box<Gate>,
    /// What is left of `when` to evaluate once the gate is open ([`Gate::rest`]).
    pub rest: Compiled,
    /// `rest` as a program, which scoring calls.
    pub program: Test,
    /// What `when` asks of every tile through top conjuncts `all(tiles, p)` whose `p` reads
    /// only the tile's own element (see [`Gated::mending_tiles`]).
    pub tile_tests: Vec<Compiled>,
}

impl Gated {
    /// The condition `when`, evaluated on each element of `each`, or on the hand; its rest
    /// compiled to a program when `compile`, else walked as a tree.
    pub fn new(when: Compiled, each: Option<Collection>, compile: bool) -> Gated {
        let mut tile_tests = Vec::new();
        if each.is_none() {
            collect_tile_tests(&when, &mut tile_tests);
        }
        let rest = Gate::rest(&when);
        Gated {
            gate: Box::new(Gate::of(&when, each)),
            program: Test::new(&rest, compile),
            rest,
            tile_tests,
            when,
        }
    }

    /// The condition `when` with a gate that never shuts: evaluated whole, every time.
    pub fn open(when: Compiled, compile: bool) -> Gated {
        Gated {
            gate: Box::default(),
            program: Test::new(&when, compile),
            rest: when.clone(),
            tile_tests: Vec::new(),
            when,
        }
    }

    /// The tiles of which one, added to a hand whose distinct tiles are `tiles`, may make
    /// the condition hold as far as its [`Gated::tile_tests`] tell: every tile when each
    /// of `tiles` passes them; otherwise only a tile that changes every tile that fails.
    /// A tile added changes only its own element (its copies) and, in the suits, those of
    /// its number (their `number_copies`); any other tile that fails still fails.
    pub fn mending_tiles(&self, facts: &Facts<'_>, tiles: &[Elem]) -> TileSet {
        let mut mending = TileSet::all();
        if self.tile_tests.is_empty() {
            return mending;
        }
        for e in tiles {
            if self.tile_tests.iter().all(|t| t.holds(facts, *e)) {
                continue;
            }
            let changed = if e.number > 0 {
                TileSet::of_number(e.number)
            } else {
                let index = usize::try_from(e.tile).unwrap_or(usize::MAX);
                TileSet::of(Tile::from_index(index).expect("a tile's element has its index"))
            };
            mending = mending.and(changed);
            if mending.is_empty() {
                break;
            }
        }
        mending
    }

    /// Whether the condition holds for `facts`, looking at `current`, once the gate is
    /// known to be open (debug builds check the rest against the whole condition).
    #[inline]
    pub fn holds_past_gate(&self, facts: &Facts<'_>, current: Elem) -> bool {
        let holds = self.program.holds(facts, current);
        debug_assert_eq!(
            holds,
            self.when.holds(facts, current),
            "the rest of a condition"
        );
        holds
    }

    /// Whether the condition holds for the hand of `facts`, whose words are `words` (debug
    /// builds check that a shut gate hides nothing that holds).
    pub fn holds(&self, words: &Words, facts: &Facts<'_>) -> bool {
        let open = self.gate.open(words);
        debug_assert!(
            open || !self.when.holds(facts, Elem::default()),
            "a shut gate hid a condition"
        );
        open && self.holds_past_gate(facts, Elem::default())
    }
}

/// Adds to `out` the `p` of each top conjunct `all(tiles, p)` of `c` whose `p` reads only
/// the element looked at: its flags, its integers, constants, and logic and arithmetic on
/// those.
fn collect_tile_tests(c: &Compiled, out: &mut Vec<Compiled>) {
    match c {
        Compiled::And(a, b) => {
            collect_tile_tests(a, out);
            collect_tile_tests(b, out);
        }
        Compiled::All(Collection::Tiles, p) if reads_only_the_element(p) => out.push((**p).clone()),
        _ => {}
    }
}

/// True when `c` reads nothing but the element looked at (see [`collect_tile_tests`]).
fn reads_only_the_element(c: &Compiled) -> bool {
    match c {
        Compiled::Const(_) | Compiled::ElemMask(_) | Compiled::ElemInt(_) => true,
        Compiled::Not(a) | Compiled::Neg(a) => reads_only_the_element(a),
        Compiled::And(a, b)
        | Compiled::Or(a, b)
        | Compiled::Cmp(_, a, b)
        | Compiled::Arith(_, a, b) => reads_only_the_element(a) && reads_only_the_element(b),
        _ => false,
    }
}

/// True when a gate that reads the top conjunct `c` (see [`Gate::add`]) is open only where
/// `c` holds: a test of the hand's flags without `any` bits, a single bit of some element, a
/// mask met by every element, no element with some bits, a special shape. The aggregates
/// the gate reads answer these exactly, as [`Compiled::eval`] does from them.
fn decides(c: &Compiled) -> bool {
    let no_any = |m: &Mask| m.any == 0 && m.any2 == 0;
    let single = |m: &Mask| m.none == 0 && no_any(m) && m.all.count_ones() == 1;
    match c {
        Compiled::HandMask(m) => no_any(m),
        // The gate reads the aggregates of sets, tiles and bonus tiles only.
        Compiled::Any(c, inner) => {
            c.slot().is_some() && matches!(&**inner, Compiled::ElemMask(m) if single(m))
        }
        Compiled::All(c, inner) => {
            c.slot().is_some() && matches!(&**inner, Compiled::ElemMask(m) if no_any(m))
        }
        Compiled::Not(inner) => matches!(
            &**inner,
            Compiled::Any(c, mask) if c.slot().is_some() && matches!(
                &**mask,
                Compiled::ElemMask(m)
                    if single(m) || (m.none == 0 && m.all == 0 && m.any != 0 && m.any2 == 0)
            )
        ),
        Compiled::Shape(_) => true,
        c => size_bit(c).is_some(),
    }
}

/// The flags an element must have to meet `m`: those it requires, and its number's when it
/// allows one number only (`number == 1`: every element has the flag of its number and no
/// other, [`elem::NUMBERS`]).
fn needed(m: &Mask) -> u64 {
    let numbers = elem::NUMBERS & !m.none;
    let number = if numbers.count_ones() == 1 {
        numbers
    } else {
        0
    };
    m.all | number
}

/// Calls `f` on each mask among the top conjuncts of `c`.
fn for_each_mask(c: &Compiled, f: &mut impl FnMut(Mask)) {
    match c {
        Compiled::ElemMask(m) => f(*m),
        Compiled::And(a, b) => {
            for_each_mask(a, f);
            for_each_mask(b, f);
        }
        _ => {}
    }
}

/// The words of a hand with these flags, whose sets, tiles and bonus tiles have these
/// flags (for tests).
#[cfg(test)]
fn test_words(flags: u64, sets: &[u64], tiles: &[u64], bonus: &[u64]) -> Words {
    let elems = |flags: &[u64]| -> Vec<Elem> {
        flags
            .iter()
            .map(|&flags| Elem {
                flags,
                copies: 1,
                ..Elem::default()
            })
            .collect()
    };
    let (sets, tiles, bonus) = (elems(sets), elems(tiles), elems(bonus));
    Summary::of(
        &Facts::of_hand(&tiles, &bonus).with_sets(flags, &sets),
        true,
    )
    .words(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::fold::fold;
    use crate::plan::test_condition;
    use crate::predicate::check::{Env, compile};
    use crate::predicate::facts::{elem, hand};
    use crate::predicate::{Scope, Type, parse};

    fn gate(text: &str, scope: Scope) -> Gate {
        let compiled = test_condition(text, scope);
        let each = match scope {
            Scope::Set => Some(Collection::Sets),
            Scope::Tile => Some(Collection::Tiles),
            _ => None,
        };
        Gate::of(&compiled, each)
    }

    /// Words for a hand with these flags and tiles of these flags (no sets, no bonus).
    fn tiles_words(hand_flags: u64, tiles: &[u64]) -> Words {
        test_words(hand_flags, &[], tiles, &[])
    }

    fn compiled(text: &str) -> Compiled {
        test_condition(text, Scope::Hand)
    }

    #[test]
    fn the_rest_drops_what_the_gate_decides() {
        let rest = |text| Gate::rest(&compiled(text));
        // The flag test and the one bit of some tile are the gate's; a bound on the kinds
        // is not (an exact count is, a bit of the tiles' sizes).
        assert_eq!(
            rest("complete and kinds(tiles) >= 13 and any(tiles, honour)"),
            compiled("kinds(tiles) >= 13")
        );
        // Every tile major and no tile an honour; one suit and no honour; two suits:
        // decided whole.
        for decided in [
            "all(tiles, major) and not any(tiles, honour)",
            "suits(tiles) == 1 and not any(tiles, honour)",
            "suits(tiles) == 2",
        ] {
            assert_eq!(rest(decided), Compiled::Const(1), "{decided}");
        }
        // At least two suits are not a bit.
        assert_eq!(rest("suits(tiles) >= 2"), compiled("suits(tiles) >= 2"));
        // Kept: two bits of some set (the gate asks only that some set has each), a count,
        // a mask inside `all` with a comparison, and `not any` with every element counted.
        for kept in [
            "any(sets, pung and dragon)",
            "count(bonus, flower) == 4",
            "all(tiles, major and copies == 2)",
            "not any(tiles, copies >= 1)",
        ] {
            assert_eq!(rest(kept), compiled(kept), "{kept}");
        }
    }

    #[test]
    fn gates_are_read_from_the_top_conjuncts() {
        // The hand must be complete and not an original call; some tile must be an honour.
        let g = gate(
            "complete and not original_call and any(tiles, honour)",
            Scope::Hand,
        );
        let honour = elem::HONOUR | elem::MAJOR;
        assert!(g.open(&tiles_words(hand::COMPLETE, &[elem::SIMPLE, honour])));
        assert!(!g.open(&tiles_words(0, &[elem::SIMPLE, honour])));
        let called = hand::COMPLETE | hand::ORIGINAL_CALL;
        assert!(!g.open(&tiles_words(called, &[elem::SIMPLE, honour])));
        assert!(!g.open(&tiles_words(hand::COMPLETE, &[elem::SIMPLE])));
        // Every tile major (inside `and` within `all`); no tile an honour.
        let g = gate(
            "all(tiles, major and copies == 2) and not any(tiles, honour)",
            Scope::Hand,
        );
        let terminal = elem::MAJOR | elem::TERMINAL;
        assert!(g.open(&tiles_words(0, &[terminal, terminal])));
        assert!(!g.open(&tiles_words(0, &[terminal, elem::SIMPLE])));
        assert!(!g.open(&tiles_words(0, &[terminal, honour])));
        // Four flowers: four bonus tiles must be flowers.
        let g = gate("count(bonus, flower) == 4", Scope::Hand);
        let bonus = |bonus: &[u64]| test_words(0, &[], &[], bonus);
        let (f, s) = (elem::FLOWER, elem::SEASON);
        assert!(g.open(&bonus(&[f, s, f, f, f])));
        assert!(!g.open(&bonus(&[f, s, f, f])));
        assert!(!g.open(&bonus(&[s, s, s, s])));
        // A set item: some set must be a pung, and major.
        let g = gate("pung and major and not exposed", Scope::Set);
        let sets = |any| test_words(0, &[any], &[], &[]);
        assert!(g.open(&sets(elem::PUNG | elem::MAJOR | elem::CHOW)));
        assert!(!g.open(&sets(elem::PUNG | elem::SIMPLE)));
        // `own_wind` is one bit, which some set must have.
        let g = gate("pair and own_wind", Scope::Set);
        assert!(g.open(&sets(elem::PAIR | elem::OWN_WIND)));
        assert!(!g.open(&sets(elem::PAIR | elem::WIND)));
        // So is `pung_or_kong`: a pair of the own wind does not open a set of it.
        let g = gate("pung_or_kong and own_wind", Scope::Set);
        assert!(g.open(&sets(elem::KONG | elem::PUNG_OR_KONG | elem::OWN_WIND)));
        assert!(!g.open(&sets(elem::PAIR | elem::OWN_WIND)));
    }

    #[test]
    fn sizes_of_the_tiles_are_bits() {
        let (m, p, z) = (elem::CHARACTERS, elem::DOTS, elem::HONOUR);
        // One suit, honours aside.
        let g = gate("suits(tiles) == 1", Scope::Hand);
        assert!(g.open(&tiles_words(0, &[m, m, z])));
        assert!(!g.open(&tiles_words(0, &[m, p])));
        assert!(!g.open(&tiles_words(0, &[z])));
        // Three distinct tiles (each helper tile is one).
        let g = gate("kinds(tiles) == 3 and suits(tiles) == 2", Scope::Hand);
        assert!(g.open(&tiles_words(0, &[m, p, z])));
        assert!(!g.open(&tiles_words(0, &[m, p, z, z])));
        assert!(!g.open(&tiles_words(0, &[m, m, z])));
        // The gate decides these: nothing is left to evaluate.
        let rest = Gate::rest(&compiled("kinds(tiles) == 13 and suits(tiles) == 0"));
        assert_eq!(rest, Compiled::Const(1));
        // A count of tiles is left to evaluate.
        let rest = Gate::rest(&compiled("count(tiles) == 14"));
        assert_eq!(rest, compiled("count(tiles) == 14"));
    }

    #[test]
    fn shapes_and_calls_are_bits() {
        let env = Env {
            params: &[],
            shapes: &["seven-pairs".to_string(), "knitting".to_string()],
            blocks: &[],
            items: &["a".to_string(), "b".to_string(), "c".to_string()],
            shapes_known: true,
            reading_known: true,
            tags: &[],
            results_known: true,
            units: &[],
            values: &[],
            all_values: &[],
        };
        let compiled = |text: &str| {
            fold(compile(&parse(text).unwrap(), Scope::Hand, Type::Bool, &env).unwrap())
        };
        let g = Gate::of(&compiled("shape('knitting')"), None);
        let mut words = Words::default();
        assert!(!g.open(&words));
        words[SHAPES] = 0b10;
        assert!(g.open(&words));
        let g = Gate::of(&compiled("calling('c')"), None);
        assert!(!g.open(&words));
        words[CALLED] = calling_bit(2);
        assert!(g.open(&words));
    }

    #[test]
    fn what_every_tile_must_have_stays_shut_when_tiles_are_added() {
        // Thirteen orphans: every tile major. A hand holding a simple tile never gets there.
        let g = gate("kinds(tiles) == 13 and all(tiles, major)", Scope::Hand);
        let terminal = elem::MAJOR | elem::TERMINAL;
        assert!(g.may_open_with_more_tiles(terminal, terminal));
        assert!(!g.may_open_with_more_tiles(terminal | elem::SIMPLE, elem::SIMPLE & terminal));
        // No honours: a hand holding one never gets there.
        let g = gate("not any(tiles, honour)", Scope::Hand);
        assert!(g.may_open_with_more_tiles(elem::SIMPLE, elem::SIMPLE));
        assert!(!g.may_open_with_more_tiles(elem::HONOUR | elem::SIMPLE, 0));
        // Some honour: a tile added may bring it.
        let g = gate("any(tiles, honour)", Scope::Hand);
        assert!(g.may_open_with_more_tiles(elem::SIMPLE, elem::SIMPLE));
    }

    #[test]
    fn a_count_needs_so_many_elements_with_each_bit_it_asks_for() {
        let (pung, wind, dragon) = (elem::PUNG, elem::WIND, elem::DRAGON);
        let sets = |sets: &[u64]| test_words(0, sets, &[], &[]);
        // Three wind pungs: three sets must be winds, and three pungs.
        let g = gate("count(sets, pung and wind) == 3", Scope::Hand);
        assert!(g.open(&sets(&[pung | wind, pung | wind, pung | wind, dragon])));
        assert!(!g.open(&sets(&[pung | wind, pung | wind, wind, dragon])));
        // The gate is necessary, not sufficient: the bits may be on different sets.
        assert!(g.open(&sets(&[pung | wind, pung | wind, pung, wind])));
        // `> 1` needs two; four stands for more.
        let g = gate("count(sets, dragon) > 1", Scope::Hand);
        assert!(!g.open(&sets(&[dragon, wind])));
        assert!(g.open(&sets(&[dragon, dragon])));
        let g = gate("count(sets, pung) >= 5", Scope::Hand);
        assert!(!g.open(&sets(&[pung, pung, pung])));
        assert!(g.open(&sets(&[pung, pung, pung, pung])));
        // Tiles are counted by their copies: two copies of one honour make two honours.
        let g = gate("count(tiles, honour) >= 2", Scope::Hand);
        assert!(g.open(&tiles_words(0, &[elem::HONOUR])));
        assert!(!g.open(&tiles_words(0, &[elem::SIMPLE])));
    }

    #[test]
    fn a_group_of_named_sets_needs_as_many_sets_with_the_bits_every_name_needs() {
        let (chow, pung, dots, bamboo) = (elem::CHOW, elem::PUNG, elem::DOTS, elem::BAMBOO);
        let sets = |sets: &[u64]| test_words(0, sets, &[], &[]);
        // Three chows, whatever else the names ask of each other (two of them of one
        // number: see the next test).
        let g = gate(
            "any(a, b, c in sets, a.chow and b.chow and c.chow and a.number == b.number)",
            Scope::Hand,
        );
        let two = elem::number(2);
        assert!(g.open(&sets(&[chow | two, chow | dots | two, chow | bamboo, pung])));
        assert!(!g.open(&sets(&[chow | two, chow | dots | two, pung, pung])));
        // What one name alone needs, some set has; what only two need, nothing more.
        let g = gate(
            "any(a, b in sets, a.pung and a.dots and b.chow)",
            Scope::Hand,
        );
        assert!(g.open(&sets(&[pung | dots, chow])));
        assert!(!g.open(&sets(&[pung | bamboo, chow | bamboo])));
        assert!(!g.open(&sets(&[pung | dots, pung])));
        // Necessary, not sufficient: the bits may be on different sets.
        assert!(g.open(&sets(&[pung | bamboo, chow | dots])));
        // Not from a disjunction, nor from a count or `all` of groups.
        for text in [
            "any(a, b in sets, a.chow or b.chow)",
            "count(a, b in sets, a.chow and b.chow) == 0",
            "all(a, b in sets, a.chow and b.chow)",
        ] {
            assert_eq!(gate(text, Scope::Hand), Gate::default(), "{text}");
        }
    }

    #[test]
    fn names_of_one_number_need_as_many_sets_of_one_number() {
        let sets = |sets: &[u64]| test_words(0, sets, &[], &[]);
        let pung = |n| elem::PUNG | elem::SUITED | elem::number(n);
        // Three pungs of one number (riichi's sanshoku doukou, less the suits): three sets
        // must share a number, which ones the gate cannot tell.
        let g = gate(
            "any(a, b, c in sets, a.pung and b.pung and c.pung and a.number == b.number \
             and b.number == c.number)",
            Scope::Hand,
        );
        assert!(g.open(&sets(&[pung(3), pung(3), pung(3), pung(7)])));
        assert!(!g.open(&sets(&[pung(3), pung(3), pung(7), pung(8)])));
        // Necessary, not sufficient: the three sets of one number need not be pungs.
        let chow = elem::CHOW | elem::number(3);
        assert!(g.open(&sets(&[pung(3), pung(3), chow, pung(8)])));
        // Equalities joined through a name, written either way round, make one group; a
        // number shifted by one makes none.
        assert_eq!(
            names("any(a, b, c in sets, c.number == b.number and a.number == c.number)"),
            3
        );
        assert_eq!(
            names("any(a, b, c, d in sets, a.number == b.number and c.number == d.number)"),
            2
        );
        assert_eq!(names("any(a, b in sets, a.number + 1 == b.number)"), 1);
        // Equal tiles are of one number (riichi's iipeikou, MCR's pure double chow).
        assert_eq!(
            names("any(a, b in sets, a.chow and b.chow and a.tile == b.tile)"),
            2
        );
        let g = gate(
            "any(a, b in sets, a.chow and b.chow and a.tile == b.tile)",
            Scope::Hand,
        );
        let chow = |n| elem::CHOW | elem::SUITED | elem::number(n);
        assert!(g.open(&sets(&[chow(2), chow(2), pung(5)])));
        assert!(!g.open(&sets(&[chow(2), chow(3), pung(5)])));
        assert_eq!(
            names("any(a, b in sets, a.number == b.number or a.chow)"),
            1
        );
    }

    #[test]
    fn names_of_one_suit_need_as_many_sets_of_one_suit() {
        let sets = |sets: &[u64]| test_words(0, sets, &[], &[]);
        let chow = |suit| elem::CHOW | elem::SUITED | suit | elem::number(2);
        let (m, p, s) = (elem::CHARACTERS, elem::DOTS, elem::BAMBOO);
        // Three chows of one suit (MCR's pure shifted chows, less the steps): three sets
        // must share a suit, which ones the gate cannot tell.
        let text = "any(a, b, c in sets, a.chow and b.chow and c.chow and a.suit == b.suit \
                    and b.suit == c.suit)";
        let g = gate(text, Scope::Hand);
        assert!(g.open(&sets(&[chow(m), chow(m), chow(m), chow(p)])));
        assert!(!g.open(&sets(&[chow(m), chow(m), chow(p), chow(s)])));
        // Necessary, not sufficient: the three sets of one suit need not be chows.
        let pung = |suit| elem::PUNG | elem::SUITED | suit | elem::number(5);
        assert!(g.open(&sets(&[chow(m), chow(m), pung(m), chow(p)])));
        // Honours are of one suit (0): three honour sets open it, as they may match.
        let g = gate(
            "any(a, b, c in sets, a.suit == b.suit and b.suit == c.suit)",
            Scope::Hand,
        );
        let honour = elem::PUNG | elem::HONOUR | elem::WIND | elem::number(0);
        assert!(g.open(&sets(&[honour, honour, honour, chow(p)])));
        assert!(!g.open(&sets(&[honour, honour, chow(m), chow(p)])));
        // Equalities joined through a name, either way round; inequalities tie none.
        assert_eq!(
            suits("any(a, b, c in sets, c.suit == b.suit and a.suit == c.suit)"),
            3
        );
        assert_eq!(
            suits("any(a, b, c, d in sets, a.suit == b.suit and c.suit == d.suit)"),
            2
        );
        assert_eq!(
            suits("any(a, b, c in sets, a.suit != b.suit and b.suit != c.suit)"),
            1
        );
        assert_eq!(suits("any(a, b in sets, a.suit == b.suit or a.chow)"), 1);
    }

    #[test]
    fn names_of_suits_apart_need_sets_of_as_many_suits() {
        let sets = |sets: &[u64]| test_words(0, sets, &[], &[]);
        let chow = |suit| elem::CHOW | elem::SUITED | suit | elem::number(2);
        let (m, p, s) = (elem::CHARACTERS, elem::DOTS, elem::BAMBOO);
        // Three chows of three suits (MCR's mixed shifted chows, less the steps).
        let text = "any(a, b, c in sets, a.chow and b.chow and c.chow and a.suit != b.suit \
                    and b.suit != c.suit and a.suit != c.suit)";
        let g = gate(text, Scope::Hand);
        assert!(g.open(&sets(&[chow(m), chow(p), chow(s), chow(s)])));
        assert!(!g.open(&sets(&[chow(m), chow(p), chow(p), chow(m)])));
        // Necessary, not sufficient: the third suit may be a pung's, or the honours'.
        let honour = elem::PUNG | elem::HONOUR | elem::DRAGON | elem::number(0);
        assert!(g.open(&sets(&[chow(m), chow(p), chow(p), honour])));
        // Two names apart need two suits.
        let g = gate("any(a, b in sets, a.suit != b.suit)", Scope::Hand);
        assert!(g.open(&sets(&[chow(m), honour])));
        assert!(!g.open(&sets(&[chow(s), chow(s), chow(s)])));
        // The most names apart two by two: a pair of names tied by no `!=` is not.
        assert_eq!(apart(text), 3);
        assert_eq!(
            apart("any(a, b, c in sets, a.suit != b.suit and b.suit != c.suit)"),
            2
        );
        assert_eq!(
            apart(
                "any(a, b, c, d in sets, a.suit == b.suit and c.suit == d.suit \
                 and a.suit != c.suit)"
            ),
            2
        );
        assert_eq!(apart("any(a, b in sets, a.suit != b.suit or a.chow)"), 1);
    }

    /// The most names that the top conjuncts of `text`'s quantifier make of suits apart.
    fn apart(text: &str) -> u32 {
        match test_condition(text, Scope::Hand) {
            Compiled::Tuples(t) => names_of_suits_apart(&t),
            c => panic!("{text}: {c:?}"),
        }
    }

    /// The most names that the top conjuncts of `text`'s quantifier tie to one suit.
    fn suits(text: &str) -> u32 {
        match test_condition(text, Scope::Hand) {
            Compiled::Tuples(t) => names_of_one_suit(&t),
            c => panic!("{text}: {c:?}"),
        }
    }

    #[test]
    fn a_name_of_one_number_needs_a_set_of_that_number() {
        let sets = |sets: &[u64]| test_words(0, sets, &[], &[]);
        let chow = |n| elem::CHOW | elem::SUITED | elem::number(n);
        // A straight (riichi's ittsu, MCR's pure straight, less the suits): some chow of
        // each of the numbers 1, 4 and 7.
        let g = gate(
            "any(a, b, c in sets, a.chow and b.chow and c.chow and a.number == 1 \
             and b.number == 4 and c.number == 7)",
            Scope::Hand,
        );
        assert!(g.open(&sets(&[chow(1), chow(4), chow(7), chow(2)])));
        assert!(!g.open(&sets(&[chow(1), chow(4), chow(5), chow(2)])));
        // Necessary, not sufficient: the 7 need not be a chow's.
        assert!(g.open(&sets(&[
            chow(1),
            chow(4),
            chow(5),
            elem::PUNG | elem::number(7)
        ])));
        // In a count, and of every set; a test that allows two numbers needs neither.
        let g = gate("count(sets, chow and number == 2) >= 2", Scope::Hand);
        assert!(g.open(&sets(&[chow(2), chow(2), chow(3)])));
        assert!(!g.open(&sets(&[chow(2), chow(3), chow(3)])));
        let g = gate("all(sets, number == 3)", Scope::Hand);
        assert!(!g.open(&sets(&[chow(3), chow(4)])));
        let g = gate("any(sets, chow and number <= 2)", Scope::Hand);
        assert!(g.open(&sets(&[chow(1)])));
        assert!(g.open(&sets(&[chow(2)])));
    }

    /// The most names that the top conjuncts of `text`'s quantifier make of one number.
    fn names(text: &str) -> u32 {
        match test_condition(text, Scope::Hand) {
            Compiled::Tuples(t) => names_of_one_number(&t),
            c => panic!("{text}: {c:?}"),
        }
    }

    #[test]
    fn before_a_reading_the_sets_and_the_reading_flags_are_not_read() {
        // Four wind pungs: nothing known of the sets, nor whether the hand is complete;
        // the pungs it needs are asked for.
        let g = gate(
            "complete and count(sets, pung_or_kong and wind) == 4",
            Scope::Hand,
        );
        let words = tiles_words(0, &[elem::WIND, elem::SIMPLE]);
        let asked = std::cell::Cell::new(None);
        let asked = &asked;
        let can = |answer: bool| {
            move |need: Pungs| {
                asked.set(Some(need));
                answer
            }
        };
        assert!(g.may_open_in_some_reading(&words, can(true)));
        let need = asked.get().expect("the pungs were asked for");
        assert_eq!(
            (need.count, need.classes, need.kongs),
            (4, elem::WIND, false)
        );
        assert!(!g.may_open_in_some_reading(&words, can(false)));
        // Kongs are asked for as kongs.
        let g = gate("count(sets, kong) == 4", Scope::Hand);
        assert!(g.may_open_in_some_reading(&words, can(true)));
        assert_eq!(
            asked.get().map(|n| (n.count, n.classes, n.kongs)),
            Some((4, 0, true))
        );
        // What the tiles decide is read: every tile a terminal.
        let g = gate("complete and all(tiles, terminal)", Scope::Hand);
        assert!(!g.may_open_in_some_reading(&words, can(true)));
        let terminals = tiles_words(0, &[elem::TERMINAL | elem::MAJOR]);
        assert!(g.may_open_in_some_reading(&terminals, can(true)));
        // A flag no reading sets is read: not from the wall.
        let g = gate("from_wall and count(sets, chow) == 0", Scope::Hand);
        assert!(!g.may_open_in_some_reading(&words, can(true)));
    }

    #[test]
    fn one_more_tile_may_bring_a_bit_but_not_take_one_away() {
        let yes = |_: Pungs| true;
        // Tiles now: a wind and a simple. Hand flags and sets are not read: a hand that is
        // not complete and has no sets may become one that is and has.
        let words = tiles_words(0, &[elem::WIND, elem::SIMPLE]);
        let g = gate("complete and from_wall and any(sets, pung)", Scope::Hand);
        assert!(g.may_open_with_one_more_tile(&words, yes));
        // The tile may bring a dragon, but no tile can make the wind go away, nor make
        // every tile a terminal.
        assert!(gate("any(tiles, dragon)", Scope::Hand).may_open_with_one_more_tile(&words, yes));
        assert!(
            !gate("not any(tiles, wind)", Scope::Hand).may_open_with_one_more_tile(&words, yes)
        );
        assert!(
            !gate("all(tiles, terminal)", Scope::Hand).may_open_with_one_more_tile(&words, yes)
        );
        // Every tile a wind now: the tile may not be one (so `not all` is not read).
        let winds = tiles_words(0, &[elem::WIND]);
        assert!(gate("all(tiles, wind)", Scope::Hand).may_open_with_one_more_tile(&winds, yes));
        assert!(gate("not all(tiles, wind)", Scope::Hand).may_open_with_one_more_tile(&winds, yes));
        // The sizes word holds every size the tile may give: here two kinds, or three.
        let mut sized = words;
        sized[SIZES] = 1 << 2 | 1 << 3;
        assert!(gate("kinds(tiles) == 3", Scope::Hand).may_open_with_one_more_tile(&sized, yes));
        assert!(!gate("kinds(tiles) == 4", Scope::Hand).may_open_with_one_more_tile(&sized, yes));
        // The shapes word holds the shapes that may form.
        let env = Env {
            params: &[],
            shapes: &["seven-pairs".to_string(), "knitting".to_string()],
            blocks: &[],
            items: &[],
            shapes_known: true,
            reading_known: true,
            tags: &[],
            results_known: true,
            units: &[],
            values: &[],
            all_values: &[],
        };
        let shape = |id: &str| {
            let text = format!("shape('{id}')");
            Gate::of(
                &fold(compile(&parse(&text).unwrap(), Scope::Hand, Type::Bool, &env).unwrap()),
                None,
            )
        };
        let mut shaped = words;
        shaped[SHAPES] = 0b10;
        assert!(shape("knitting").may_open_with_one_more_tile(&shaped, yes));
        assert!(!shape("seven-pairs").may_open_with_one_more_tile(&shaped, yes));
        // The pungs it needs are asked for.
        let g = gate("count(sets, pung_or_kong and wind) == 4", Scope::Hand);
        assert!(!g.may_open_with_one_more_tile(&words, |_| false));
    }

    #[test]
    fn a_tile_held_so_many_times_is_asked_of_the_copies_held() {
        // The words of a hand holding its tiles so many times each.
        let held = |copies: &[u8]| {
            let tiles: Vec<Elem> = (copies.iter())
                .map(|&copies| Elem {
                    copies,
                    ..Elem::default()
                })
                .collect();
            Summary::of(&Facts::of_hand(&tiles, &[]), true).words(false)
        };
        let (three, four) = (held(&[1, 2, 3, 3]), held(&[2, 4]));
        for (text, scope) in [
            ("copies == 4", Scope::Tile),
            ("any(tiles, copies == 4)", Scope::Hand),
            (
                "any(t in tiles, t.copies == 4 and not any(s in sets, s.tile == t.tile))",
                Scope::Hand,
            ),
        ] {
            let g = gate(text, scope);
            assert!(g.reads_copies(), "{text}");
            assert!(!g.open(&three), "{text}");
            assert!(g.open(&four), "{text}");
            // With a tile more, any tile may be held four times.
            let more = super::super::calling::one_tile_more(
                Summary::of(&Facts::of_hand(&[], &[]), true),
                2,
            );
            assert!(g.may_open_with_one_more_tile(&more.words(false), |_| true));
        }
        // Without the copies read (no gate of the variant reads them), none is held.
        let unread = Summary::of(
            &Facts::of_hand(
                &[Elem {
                    copies: 4,
                    ..Elem::default()
                }],
                &[],
            ),
            false,
        );
        assert_eq!(unread.tile_sizes & ANY_COPIES, 0);
        // Not asked for: by a gate that asks for a number of kinds, which shuts nearly every
        // hand alone, nor where it is not a top conjunct.
        for text in [
            "kinds(tiles) == 13 and any(tiles, number == 1 and copies == 2)",
            "any(tiles, copies == 4 or dragon)",
            "all(tiles, copies == 2)",
            "any(tiles, copies >= 3)",
        ] {
            assert!(!gate(text, Scope::Hand).reads_copies(), "{text}");
        }
    }

    #[test]
    fn a_disjunction_or_a_count_leaves_the_gate_open() {
        for text in [
            "complete or original_call",
            "count(sets, pung) <= 3",
            "not any(sets, pung and major)",
        ] {
            assert_eq!(gate(text, Scope::Hand), Gate::default(), "{text}");
        }
    }

    /// The elements of the distinct tiles of `text` (suits and honours; honours flagged
    /// `honour`), with their copies and, in the suits, the copies of their number.
    fn tile_elems(text: &str) -> Vec<Elem> {
        use crate::tiles::{AnyTile, TileCounts, parse_tiles};
        let mut counts = TileCounts::default();
        for p in parse_tiles(text).unwrap() {
            let AnyTile::Playing(t) = p.tile else {
                panic!("a playing tile")
            };
            counts.add(t);
        }
        let of_number = |n: u8| {
            Tile::all()
                .filter(|t| t.is_suited() && t.number() == n)
                .map(|t| counts.get(t))
                .sum::<u8>()
        };
        Tile::all()
            .filter(|&t| counts.get(t) > 0)
            .map(|t| {
                let number = crate::score::facts::elem_number(t);
                Elem {
                    flags: elem::number(number) | if t.is_suited() { 0 } else { elem::HONOUR },
                    copies: counts.get(t),
                    number,
                    tile: t.index() as i8,
                    same_number: if number > 0 { of_number(number) } else { 0 },
                }
            })
            .collect()
    }

    /// The tiles of `text`, as a set.
    fn set(text: &str) -> TileSet {
        tile_elems(text).iter().fold(TileSet::default(), |s, e| {
            s.or(TileSet::of(Tile::from_index(e.tile as usize).unwrap()))
        })
    }

    #[test]
    fn a_tile_mends_only_the_tiles_it_changes() {
        let knitting = Gated::new(
            compiled(
                "count(tiles) == 14 and suits(tiles) == 2 and not any(tiles, honour) \
                 and all(tiles, number_copies == 2 * copies)",
            ),
            None,
            true,
        );
        // Only the `all(tiles, …)` whose test reads the tile alone is kept.
        assert_eq!(
            knitting.tile_tests,
            [test_condition("number_copies == 2 * copies", Scope::Tile)]
        );
        let mending = |g: &Gated, text| {
            let tiles = tile_elems(text);
            g.mending_tiles(&Facts::of_hand(&tiles, &[]), &tiles)
        };
        // Six knitted pairs and a lone 7m: only the 7m fails (one copy of its number, not
        // two), and only a tile numbered 7 changes it.
        assert_eq!(
            mending(&knitting, "1m1p 2m2p 3m3p 4m4p 5m5p 6m6p 7m"),
            set("7m 7p 7s")
        );
        // A lone 6m and a lone 7m: no one tile changes both.
        assert_eq!(
            mending(&knitting, "1m1p 2m2p 3m3p 4m4p 5m5p 6m 7m"),
            TileSet::default()
        );
        // Every tile passes: any tile may come.
        assert_eq!(mending(&knitting, "1m1p 2m2p"), TileSet::all());
        // An honour changes only itself: the lone 5z fails `copies == 2`.
        let pairs = Gated::new(compiled("all(tiles, copies == 2)"), None, true);
        assert_eq!(mending(&pairs, "11m 22p 5z"), set("5z"));
        // A test that reads more than the tile (a count of the tiles) is not kept, nor are
        // the tests of a condition on each set.
        let counted = Gated::new(
            compiled("all(tiles, copies == count(tiles, major))"),
            None,
            true,
        );
        assert!(counted.tile_tests.is_empty());
        assert_eq!(mending(&counted, "1m 5z"), TileSet::all());
        let on_sets = Gated::new(
            test_condition("all(tiles, copies == 2)", Scope::Set),
            Some(Collection::Sets),
            true,
        );
        assert!(on_sets.tile_tests.is_empty());
    }

    #[test]
    fn the_tiles_of_a_number_are_one_in_each_suit() {
        assert_eq!(TileSet::of_number(1), set("1m 1p 1s"));
        assert_eq!(TileSet::of_number(9), set("9m 9p 9s"));
        assert_eq!(TileSet::all().len(), Tile::COUNT);
    }
}
