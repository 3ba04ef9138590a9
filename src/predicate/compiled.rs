//! The checked form of an expression: every name resolved to a fact, every call to a
//! built-in function, every parameter to its value; and what its operators mean.
//!
//! In: nothing (the checker builds it, [`super::check`]). Out: the [`Compiled`] tree, its
//! types and scopes, and the arithmetic and comparisons it is evaluated with
//! ([`super::eval`]).

/// What an expression looks at: the hand, or one element of a collection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    /// The hand as a whole.
    Hand,
    /// One set of the arrangement.
    Set,
    /// One distinct playing tile.
    Tile,
    /// One bonus tile.
    Bonus,
    /// One payment between two players, after a deal (payment rules).
    Payment,
    /// The table after a deal: who won, the counters (the rules of a game: who deals next,
    /// the counters of the next deal).
    Deal,
}

impl Scope {
    /// The word used in messages.
    pub fn noun(self) -> &'static str {
        match self {
            Scope::Hand => "the hand",
            Scope::Set => "a set",
            Scope::Tile => "a tile",
            Scope::Bonus => "a bonus tile",
            Scope::Payment => "a payment",
            Scope::Deal => "the table after a deal",
        }
    }

    /// The collection whose elements this scope looks at.
    pub fn collection(self) -> &'static str {
        match self {
            Scope::Hand => "",
            Scope::Set => "sets",
            Scope::Tile => "tiles",
            Scope::Bonus => "bonus",
            Scope::Payment | Scope::Deal => "",
        }
    }
}

/// The type of an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Type {
    /// `true` or `false`.
    Bool,
    /// An integer.
    Int,
    /// A tile.
    Tile,
    /// A quoted string (only as the argument of `shape`).
    Str,
    /// A collection (only as the first argument of `count`, `any`, `all`, `suits`, `kinds`).
    Collection,
}

impl Type {
    pub(crate) fn noun(self) -> &'static str {
        match self {
            Type::Bool => "a condition (true or false)",
            Type::Int => "a number",
            Type::Tile => "a tile",
            Type::Str => "a quoted name",
            Type::Collection => "a collection",
        }
    }
}

/// Integer facts about the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandInt {
    /// The winning tile (a tile value), or none.
    WinningTile,
    /// How many copies of the winning tile the hand file says were seen elsewhere.
    WinningTileSeen,
    /// How many red fives the player holds.
    RedFives,
    /// How many distinct tiles complete the hand as it stood, by shape alone.
    WaitCount,
}

/// Integer facts about one payment (payment scope): what the settlement knows besides its
/// flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaymentInt {
    /// What the payer owes before the variant's amount: the winner's score, or the
    /// difference of two scores where the players who did not go out settle.
    Score,
    /// The counters on the table (the deal's `honba`).
    Counters,
    /// The deposits on the table (the deal's `riichi-sticks`).
    Deposits,
}

/// Integer facts about an element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElemInt {
    /// How many copies of this tile the player holds (tiles).
    Copies,
    /// The number of the (first) tile: 1–9 in the suits, 0 for honours and bonus tiles.
    Number,
    /// The tile itself (tiles, and pungs, kongs and pairs): a tile value.
    Tile,
    /// How many tiles of the same number the player holds in all three suits (tiles; 0 for
    /// honours): knitting is `number_copies == 2 * copies` for every tile.
    NumberCopies,
    /// The suit as a number: 1 characters, 2 dots, 3 bamboo, 0 honours and bonus tiles.
    Suit,
}

/// A collection as the evaluator sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Collection {
    /// The arrangement's sets; in a refusal's facts, which have no arrangement, the tiles
    /// the hand shows (the collection `shown`: see `Facts::with_shown`).
    Sets,
    /// The player's distinct tiles.
    Tiles,
    /// The bonus tiles.
    Bonus,
    /// The indicator tiles shown (dora indicators).
    Indicators,
    /// The indicator tiles under them (ura-dora indicators).
    HiddenIndicators,
}

impl Collection {
    /// As written.
    pub fn name(self) -> &'static str {
        match self {
            Collection::Sets => "sets",
            Collection::Tiles => "tiles",
            Collection::Bonus => "bonus",
            Collection::Indicators => "indicators",
            Collection::HiddenIndicators => "hidden_indicators",
        }
    }

    /// Its slot in the per-collection arrays of the gates' summary (`any`, `every`), for
    /// the collections the gates read: sets, tiles and bonus tiles.
    pub const fn slot(self) -> Option<usize> {
        match self {
            Collection::Sets => Some(0),
            Collection::Tiles => Some(1),
            Collection::Bonus => Some(2),
            Collection::Indicators | Collection::HiddenIndicators => None,
        }
    }
}

/// Comparison operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

/// Arithmetic operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arith {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `min(a, b)`
    Min,
    /// `max(a, b)`
    Max,
    /// `round_up(a, b)`: the least multiple of `b` that is at least `a` (`a` when `b` is
    /// not positive).
    RoundUp,
    /// `pow(a, b)`: `a` to the power `b` (0 for a negative `b` unless `a` is 1 or -1).
    Pow,
    /// `mod(a, b)`: the remainder of `a` divided by `b`, from 0 to `|b| - 1` (0 when `b`
    /// is 0).
    Mod,
}

/// Functions of one value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unary {
    /// `abs(a)`.
    Abs,
    /// `next(t)`: the tile after `t` in its suit, the winds or the dragons, going round
    /// (9 to 1, North to East, Red to White).
    NextTile,
}

/// What a quantifier over named elements gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifier {
    /// How many groups of elements match.
    Count,
    /// Some group matches.
    Any,
    /// Every group matches.
    All,
}

/// The most elements one quantifier may name at once.
pub const MAX_NAMED: usize = 4;

/// The most named elements in scope at once, all quantifiers around a place together.
pub const MAX_BOUND: usize = 8;

/// A quantifier over groups of named elements: `count(a, b in sets, …)`. A group is a set
/// of distinct elements (by position in the collection), unordered; it matches when the
/// condition holds with its elements given to the names in some order. The condition is
/// kept as its conjuncts, each filed under the last name it reads, so that a conjunct is
/// tested as soon as the names it reads are given and a group is dropped at its first
/// failing conjunct.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuples {
    /// Count, any or all.
    pub quantifier: Quantifier,
    /// The collection the elements come from.
    pub collection: Collection,
    /// The slot of the first name among the named elements in scope; the names take the
    /// slots `first .. first + arity`.
    pub first: u8,
    /// How many names.
    pub arity: u8,
    /// The conjuncts of the condition with the name they wait for (0 to `arity - 1`), in
    /// that order; of a name's, those that read it alone first.
    pub conjuncts: Vec<(u8, Compiled)>,
    /// For each conjunct, whether it reads the name it waits for and no other of this
    /// quantifier's (`a.chow`): the elements each name may take are known from these
    /// before any group is formed.
    pub alone: Vec<bool>,
    /// Exchanging any two names leaves the condition the same: a group matches in every
    /// order of its elements or in none, and is looked at in one (`predicate/symmetry.rs`).
    pub symmetric: bool,
}

/// A test of a flag word: every bit of `all` set, every bit of `none` clear, and (unless
/// `any` is 0) some bit of `any` set. Names are masks, and conjunctions, disjunctions and
/// negations of masks fold into one where they can, so that `pung and simple and not
/// exposed` and `pair and (dragon or own_wind)` are single tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Mask {
    /// Bits that must be set.
    pub all: u64,
    /// Bits that must be clear.
    pub none: u64,
    /// Bits of which one must be set (0: no such requirement).
    pub any: u64,
    /// A second group of bits of which one must be set (0: none), so that `(pung or kong)
    /// and (concealed or claimed)` is one test too.
    pub any2: u64,
}

impl Mask {
    /// The test for a name: its one bit set, or one of its bits.
    pub fn of(bits: u64) -> Mask {
        if bits.count_ones() == 1 {
            Mask {
                all: bits,
                ..Mask::default()
            }
        } else {
            Mask {
                any: bits,
                ..Mask::default()
            }
        }
    }

    /// Every bit the test looks at.
    pub fn bits(self) -> u64 {
        self.all | self.none | self.any | self.any2
    }

    /// True when `flags` pass the test.
    #[inline]
    pub fn test(self, flags: u64) -> bool {
        // `all` and `none` are disjoint: one comparison checks both.
        flags & (self.all | self.none) == self.all
            && (self.any == 0 || flags & self.any != 0)
            && (self.any2 == 0 || flags & self.any2 != 0)
    }
}

/// A compiled expression: names resolved to facts, parameters folded in.
#[derive(Clone, Debug, PartialEq)]
pub enum Compiled {
    /// A constant (booleans are 0 and 1, tiles their index).
    Const(i64),
    /// A test of the hand's flags.
    HandMask(Mask),
    /// An integer fact about the hand.
    HandInt(HandInt),
    /// A test of the current element's flags.
    ElemMask(Mask),
    /// An integer fact about the current element.
    ElemInt(ElemInt),
    /// An integer fact about the payment being worked out.
    PaymentInt(PaymentInt),
    /// Boolean negation.
    Not(Box<Compiled>),
    /// Arithmetic negation.
    Neg(Box<Compiled>),
    /// Short-circuit `and`.
    And(Box<Compiled>, Box<Compiled>),
    /// Short-circuit `or`.
    Or(Box<Compiled>, Box<Compiled>),
    /// A comparison.
    Cmp(Cmp, Box<Compiled>, Box<Compiled>),
    /// Arithmetic (saturating; division by zero gives 0).
    Arith(Arith, Box<Compiled>, Box<Compiled>),
    /// Elements meeting the condition (tiles with their copies).
    Count(Collection, Box<Compiled>),
    /// Some element meets the condition.
    Any(Collection, Box<Compiled>),
    /// Every element meets the condition.
    All(Collection, Box<Compiled>),
    /// How many suits the elements use.
    Suits(Collection),
    /// How many distinct tiles.
    Kinds,
    /// The hand forms the special shape with this index.
    Shape(u32),
    /// The reading takes the block with this index.
    Block(u32),
    /// The player did not go out, and one more tile would make the item with this index
    /// apply.
    Calling(u32),
    /// The sum of what the items with the tag of this index gave, of those counted so far.
    Sum(u32),
    /// The largest amount one item with the tag of this index gave, of those counted so far.
    Best(u32),
    /// The item with this index counted (so far).
    Fired(u32),
    /// The value of the score with this index (a `formula` variant's), once worked out.
    Value(u32),
    /// `if(c, a, b)`: `a` when `c` holds, else `b`.
    If(Box<[Compiled; 3]>),
    /// A function of one value.
    Unary(Unary, Box<Compiled>),
    /// The expression read on the named element in this slot instead of the current one.
    Named(u8, Box<Compiled>),
    /// A quantifier over groups of named elements.
    Tuples(Box<Tuples>),
}

impl Compiled {
    /// Calls `f` on this node and on every node below it.
    pub fn visit(&self, f: &mut impl FnMut(&Compiled)) {
        f(self);
        match self {
            Compiled::Not(a) | Compiled::Neg(a) | Compiled::Unary(_, a) | Compiled::Named(_, a) => {
                a.visit(f)
            }
            Compiled::If(abc) => abc.iter().for_each(|x| x.visit(f)),
            Compiled::Tuples(t) => t.conjuncts.iter().for_each(|(_, c)| c.visit(f)),
            Compiled::And(a, b)
            | Compiled::Or(a, b)
            | Compiled::Cmp(_, a, b)
            | Compiled::Arith(_, a, b) => {
                a.visit(f);
                b.visit(f);
            }
            Compiled::Count(_, a) | Compiled::Any(_, a) | Compiled::All(_, a) => a.visit(f),
            _ => {}
        }
    }

    /// The operands of this expression's top-level `and`s, in order (itself alone, when it is
    /// no `and`).
    pub fn conjuncts(&self) -> Vec<&Compiled> {
        let mut out = Vec::new();
        self.push_conjuncts(&mut out);
        out
    }

    fn push_conjuncts<'c>(&'c self, out: &mut Vec<&'c Compiled>) {
        match self {
            Compiled::And(a, b) => {
                a.push_conjuncts(out);
                b.push_conjuncts(out);
            }
            _ => out.push(self),
        }
    }

    /// True when this node or one below it is one that `found` looks for.
    pub fn mentions(&self, found: impl Fn(&Compiled) -> bool) -> bool {
        let mut seen = false;
        self.visit(&mut |c| seen |= found(c));
        seen
    }
}

impl Cmp {
    /// The comparison that holds of `b` and `a` when this one holds of `a` and `b`: `k < n`
    /// is `n > k`.
    pub fn mirrored(self) -> Cmp {
        match self {
            Cmp::Eq | Cmp::Ne => self,
            Cmp::Lt => Cmp::Gt,
            Cmp::Le => Cmp::Ge,
            Cmp::Gt => Cmp::Lt,
            Cmp::Ge => Cmp::Le,
        }
    }
}

/// Applies a comparison.
pub fn compare(op: Cmp, x: i64, y: i64) -> bool {
    match op {
        Cmp::Eq => x == y,
        Cmp::Ne => x != y,
        Cmp::Lt => x < y,
        Cmp::Le => x <= y,
        Cmp::Gt => x > y,
        Cmp::Ge => x >= y,
    }
}

/// Applies arithmetic, saturating; division by zero gives 0.
#[inline]
pub fn arith(op: Arith, x: i64, y: i64) -> i64 {
    match op {
        Arith::Add => x.saturating_add(y),
        Arith::Sub => x.saturating_sub(y),
        Arith::Mul => x.saturating_mul(y),
        // The one quotient too large, the most negative number over -1, saturates too.
        Arith::Div if y == 0 => 0,
        Arith::Div => x.saturating_div(y),
        Arith::Min => x.min(y),
        Arith::Max => x.max(y),
        Arith::RoundUp if y <= 0 => x,
        Arith::RoundUp => match x.rem_euclid(y) {
            0 => x,
            r => x.saturating_add(y - r),
        },
        Arith::Pow => match (x, y) {
            (1, _) => 1,
            (-1, _) => 1 - 2 * (y & 1),
            (_, ..0) => 0,
            _ => x.saturating_pow(u32::try_from(y).unwrap_or(u32::MAX)),
        },
        // The one remainder that overflows, the most negative number by -1, is 0.
        Arith::Mod => x.checked_rem_euclid(y).unwrap_or(0),
    }
}

/// Applies a function of one value; `next` of a number that is no tile gives it back.
#[inline]
pub fn unary(op: Unary, x: i64) -> i64 {
    match op {
        Unary::Abs => x.saturating_abs(),
        Unary::NextTile => usize::try_from(x)
            .ok()
            .and_then(crate::tiles::Tile::from_index)
            .map_or(x, |t| t.next().index() as i64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_saturates_and_division_by_zero_gives_zero() {
        assert_eq!(arith(Arith::Div, i64::MIN, -1), i64::MAX);
        assert_eq!(arith(Arith::Div, 7, 0), 0);
        // Integer division rounds toward zero.
        assert_eq!(arith(Arith::Div, -7, 2), -3);
        assert_eq!(arith(Arith::Add, i64::MAX, 1), i64::MAX);
        assert_eq!(arith(Arith::Sub, i64::MIN, 1), i64::MIN);
        assert_eq!(arith(Arith::Mul, i64::MIN, 2), i64::MIN);
    }

    #[test]
    fn rounding_and_powers() {
        // Fu are rounded up to tens: 22 → 30, 30 stays, 0 stays.
        assert_eq!(arith(Arith::RoundUp, 22, 10), 30);
        assert_eq!(arith(Arith::RoundUp, 30, 10), 30);
        assert_eq!(arith(Arith::RoundUp, 0, 100), 0);
        // Negative amounts round toward plus infinity too: -150 → -100.
        assert_eq!(arith(Arith::RoundUp, -150, 100), -100);
        assert_eq!(arith(Arith::RoundUp, 7, 0), 7);
        assert_eq!(arith(Arith::RoundUp, i64::MAX, 100), i64::MAX);
        assert_eq!(arith(Arith::Pow, 2, 5), 32);
        assert_eq!(arith(Arith::Pow, 2, 70), i64::MAX);
        assert_eq!(arith(Arith::Pow, -2, 3), -8);
        assert_eq!(arith(Arith::Pow, 2, -1), 0);
        assert_eq!(arith(Arith::Pow, -1, -3), -1);
        assert_eq!(arith(Arith::Pow, 2, i64::MAX), i64::MAX);
        assert_eq!(arith(Arith::Mod, 7, 3), 1);
        assert_eq!(arith(Arith::Mod, -7, 3), 2);
        assert_eq!(arith(Arith::Mod, 7, -3), 1);
        assert_eq!(arith(Arith::Mod, 7, 0), 0);
        assert_eq!(arith(Arith::Mod, i64::MIN, -1), 0);
        assert_eq!(arith(Arith::Min, 3, -4), -4);
        assert_eq!(arith(Arith::Max, 3, -4), 3);
        assert_eq!(unary(Unary::Abs, i64::MIN), i64::MAX);
    }

    #[test]
    fn the_next_tile_goes_round() {
        let next = |t: &str| {
            let crate::tiles::AnyTile::Playing(tile) =
                crate::tiles::parse_tiles(t).unwrap()[0].tile
            else {
                panic!("{t} is no playing tile")
            };
            let n = unary(Unary::NextTile, tile.index() as i64);
            crate::tiles::Tile::from_index(n as usize)
                .unwrap()
                .to_string()
        };
        assert_eq!(next("3m"), "4m");
        assert_eq!(next("9p"), "1p");
        assert_eq!(next("9s"), "1s");
        assert_eq!(next("4z"), "1z");
        assert_eq!(next("2z"), "3z");
        assert_eq!(next("7z"), "5z");
        assert_eq!(next("5z"), "6z");
        // No tile (the winning tile of a hand that did not go out is -1): itself.
        assert_eq!(unary(Unary::NextTile, -1), -1);
        assert_eq!(unary(Unary::NextTile, 99), 99);
    }
}
