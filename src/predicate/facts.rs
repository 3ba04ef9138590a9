//! The facts an expression reads: the bits of the flag words of a hand and of its elements
//! (sets, tiles, bonus tiles), and the facts of one reading of a hand, as the evaluator
//! reads them.
//!
//! In: whatever the scorer has worked out of a hand and a reading. Out: [`Facts`] and
//! [`Elem`]s; what each bit means is in the table of names ([`super::builtins`]).

use std::cell::OnceCell;

use super::compiled::Collection;

/// Bits of the hand's flag word.
pub(crate) mod hand {
    /// The player went out.
    pub const WINNER: u64 = 1 << 0;
    /// The winning tile came from the wall or as a loose tile.
    pub const SELF_DRAWN: u64 = 1 << 1;
    /// The winning tile came from the live wall.
    pub const FROM_WALL: u64 = 1 << 2;
    /// The winning tile was a claimed discard.
    pub const FROM_DISCARD: u64 = 1 << 3;
    /// The winning tile was a loose tile.
    pub const FROM_LOOSE: u64 = 1 << 4;
    /// The winning tile was robbed from a kong.
    pub const ROBBED_KONG: u64 = 1 << 5;
    /// The winning tile was the last tile of the wall, or the discard of it.
    pub const LAST_TILE: u64 = 1 << 6;
    /// The player kept an original call.
    pub const ORIGINAL_CALL: u64 = 1 << 7;
    /// Heavenly or earthly hand.
    pub const HEAVENLY: u64 = 1 << 8;
    /// The winning tile was the only possible one.
    pub const ONLY_POSSIBLE: u64 = 1 << 9;
    /// The winning tile completed the pair.
    pub const FISHING_THE_EYES: u64 = 1 << 10;
    /// Every set counts as concealed, the one the winning tile completed included.
    pub const CONCEALED_HAND: u64 = 1 << 11;
    /// The player is East.
    pub const DEALER: u64 = 1 << 12;
    /// The arrangement is a complete hand: four sets and a pair, or a special shape.
    pub const COMPLETE: u64 = 1 << 13;
    /// The arrangement is a special shape of the variant.
    pub const SPECIAL_SHAPE: u64 = 1 << 14;
    /// The last tile of the wall, drawn by the winner.
    pub const LAST_FROM_WALL: u64 = 1 << 15;
    /// The discard of the last tile of the wall, claimed by the winner.
    pub const LAST_DISCARD: u64 = 1 << 16;
    /// Won with the loose tile of a kong made with a loose tile.
    pub const KONG_ON_KONG: u64 = 1 << 17;
    /// Five tiles or fewer were left in the wall when the winning tile came.
    pub const LATE: u64 = 1 << 18;
    /// The player declared a ready hand, closed.
    pub const DECLARED_READY: u64 = 1 << 19;
    /// Won within one go-around of declaring ready.
    pub const ONE_GO_AROUND: u64 = 1 << 20;
    /// The reading's winning tile finished a chow begun by two tiles in a row, either end of
    /// which would have done.
    pub const TWO_SIDED_WAIT: u64 = 1 << 21;
    /// The reading's winning tile was the middle tile of a chow.
    pub const CLOSED_WAIT: u64 = 1 << 22;
    /// The reading's winning tile was the 3 of 1-2-3 or the 7 of 7-8-9.
    pub const EDGE_WAIT: u64 = 1 << 23;
    /// The reading's winning tile made a pung of one of two pairs.
    pub const DUAL_PUNG_WAIT: u64 = 1 << 24;

    /// The flags known only once the hand is read as sets (or as a special shape), or from
    /// its readings: not in the facts of the hand as given.
    pub const READING: u64 = COMPLETE
        | SPECIAL_SHAPE
        | FISHING_THE_EYES
        | TWO_SIDED_WAIT
        | CLOSED_WAIT
        | EDGE_WAIT
        | DUAL_PUNG_WAIT
        | ONLY_POSSIBLE;
}

/// Bits of an element's flag word (set, tile or bonus tile).
pub(crate) mod elem {
    /// A chow.
    pub const CHOW: u64 = 1 << 0;
    /// A pung.
    pub const PUNG: u64 = 1 << 1;
    /// A kong.
    pub const KONG: u64 = 1 << 2;
    /// A pair.
    pub const PAIR: u64 = 1 << 3;
    /// A lone tile of a non-winner.
    pub const SINGLE: u64 = 1 << 4;
    /// Scores as exposed (exposed sets and claimed kongs).
    pub const EXPOSED: u64 = 1 << 5;
    /// Concealed in the strict sense (not exposed, not claimed).
    pub const CONCEALED: u64 = 1 << 6;
    /// A claimed kong.
    pub const CLAIMED: u64 = 1 << 7;
    /// Declared (melded) in the hand file.
    pub const DECLARED: u64 = 1 << 8;
    /// Completed by the winning tile.
    pub const WINNING: u64 = 1 << 9;
    /// Terminals and honours only.
    pub const MAJOR: u64 = 1 << 10;
    /// Suited 2–8 only.
    pub const SIMPLE: u64 = 1 << 11;
    /// Suited 1 or 9 (for sets: a pung, kong or pair of one).
    pub const TERMINAL: u64 = 1 << 12;
    /// Wind or dragon.
    pub const HONOUR: u64 = 1 << 13;
    /// Wind.
    pub const WIND: u64 = 1 << 14;
    /// Dragon.
    pub const DRAGON: u64 = 1 << 15;
    /// The player's own wind (for a bonus tile: the same as [`OWN`]).
    pub const OWN_WIND: u64 = 1 << 16;
    /// The prevailing wind.
    pub const PREVAILING_WIND: u64 = 1 << 17;
    /// All green tiles.
    pub const GREEN: u64 = 1 << 18;
    /// Characters, dots or bamboo.
    pub const SUITED: u64 = 1 << 19;
    /// Characters.
    pub const CHARACTERS: u64 = 1 << 20;
    /// Dots.
    pub const DOTS: u64 = 1 << 21;
    /// Bamboo.
    pub const BAMBOO: u64 = 1 << 22;
    /// A flower.
    pub const FLOWER: u64 = 1 << 23;
    /// A season.
    pub const SEASON: u64 = 1 << 24;
    /// A bonus tile of the player's own wind.
    pub const OWN: u64 = 1 << 25;
    /// A white dragon.
    pub const WHITE: u64 = 1 << 26;
    /// A green dragon.
    pub const GREEN_DRAGON: u64 = 1 << 27;
    /// A red dragon.
    pub const RED: u64 = 1 << 28;
    /// The East wind (tiles and sets) or an East bonus tile.
    pub const EAST: u64 = 1 << 29;
    /// South.
    pub const SOUTH: u64 = 1 << 30;
    /// West.
    pub const WEST: u64 = 1 << 31;
    /// North.
    pub const NORTH: u64 = 1 << 32;
    /// A pung or a kong: one bit, so that a gate can require it.
    pub const PUNG_OR_KONG: u64 = 1 << 33;
    /// A tile of which some copy is written red (`0m 0p 0s`): held, for the tiles held;
    /// anywhere, for the tiles shown; itself, for an indicator.
    pub const RED_FIVE: u64 = 1 << 34;
    /// The bits of the numbers, one for each of 0 (honours, bonus tiles) to 9: every set,
    /// tile and bonus tile has the bit of its [`super::Elem::number`], so that `number == 5`
    /// or `number <= 4` is a test of flags ([`crate::predicate::compiled::Mask`]) as a name
    /// is. (Above the bits of payments and deals, which the same word holds for them.)
    pub const NUMBERS: u64 = 0x3ff << NUMBER_0;

    /// The bit of number 0.
    const NUMBER_0: u32 = 48;

    /// The bit of the number `n` (0 to 9) among [`NUMBERS`].
    pub const fn number(n: u8) -> u64 {
        1 << (NUMBER_0 + n as u32)
    }
}

/// Bits of a payment's flag word (payment rules only).
pub(crate) mod payment {
    /// The player who pays is East.
    pub const PAYER_DEALER: u64 = 1 << 40;
    /// The player who is paid is East.
    pub const PAYEE_DEALER: u64 = 1 << 41;
    /// The player who pays discarded the winning tile (or had a kong robbed).
    pub const PAYER_DISCARDER: u64 = 1 << 42;
    /// The player who is paid went out.
    pub const TO_WINNER: u64 = 1 << 43;
}

/// Bits of the flag word of the table after a deal (the rules of a game only).
pub(crate) mod deal {
    /// Nobody went out.
    pub const DRAWN: u64 = 1 << 44;
    /// East went out.
    pub const DEALER_WON: u64 = 1 << 45;
    /// East was ready when the deal was drawn.
    pub const DEALER_READY: u64 = 1 << 46;
}

/// A whole number of the hand that costs more to work out than most conditions that may
/// read it: worked out the first time it is read, and not at all when none is.
pub struct Deferred<'a> {
    value: OnceCell<i64>,
    work: &'a dyn Fn() -> i64,
}

impl<'a> Deferred<'a> {
    /// The number that `work` works out.
    pub fn new(work: &'a dyn Fn() -> i64) -> Deferred<'a> {
        Deferred {
            value: OnceCell::new(),
            work,
        }
    }

    /// The number, worked out now if it was not before.
    #[inline]
    pub fn get(&self) -> i64 {
        *self.value.get_or_init(self.work)
    }
}

impl std::fmt::Debug for Deferred<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Deferred").field(&self.value.get()).finish()
    }
}

/// The facts about one element: a set, a distinct tile or a bonus tile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Elem {
    /// Bits of the element flag word (the `elem` table of bits).
    pub flags: u64,
    /// Copies held (tiles; of a tile shown, the copies shown); 1 for sets, bonus tiles and
    /// indicators, which is what `count` counts them for.
    pub copies: u8,
    /// The number of the (first) tile, 0 for honours and bonus tiles.
    pub number: u8,
    /// The tile index (first tile of a set), or -1 for bonus tiles.
    pub tile: i8,
    /// Tiles: copies held of this number in all suits (0 for honours).
    pub same_number: u8,
}

/// The facts of one reading of a hand: its flags, its winning tile, the special shapes and
/// calling hands it forms, and its elements.
#[derive(Clone, Copy, Debug)]
pub struct Facts<'a> {
    /// Bits of the hand flag word (the `hand` table of bits).
    pub flags: u64,
    /// The winning tile's index, or -1.
    pub winning_tile: i64,
    /// How many copies of the winning tile were seen elsewhere.
    pub winning_tile_seen: i64,
    /// How many red fives the player holds.
    pub red_fives: i64,
    /// How many distinct tiles complete the hand as it stood before its winning tile, by
    /// shape alone, counted when first read (0 for facts without a hand).
    pub wait_count: Option<&'a Deferred<'a>>,
    /// Bit i set when the hand forms special shape i.
    pub shapes: u64,
    /// Bit i set when the reading takes block i.
    pub blocks: u64,
    /// The items that one more tile would make apply (for a player who did not go out, and
    /// only the items some `calling` asks about).
    pub calling: &'a [usize],
    /// What the items evaluated so far gave, for the conditions that read it.
    pub results: &'a Results,
    /// The payment being worked out (payment scope).
    pub payment: &'a PaymentFacts,
    sets: &'a [Elem],
    /// The tiles held, one element for each distinct tile (a search for one tile stops at
    /// the first it finds).
    tiles: &'a [Elem],
    bonus: &'a [Elem],
    indicators: &'a [Elem],
    hidden_indicators: &'a [Elem],
}

impl Default for Facts<'_> {
    fn default() -> Self {
        Facts::of_hand(&[], &[])
    }
}

impl<'a> Facts<'a> {
    /// The facts of a hand whose distinct tiles are `tiles` and bonus tiles `bonus`, before a
    /// reading is chosen: no flags, no winning tile, no sets.
    #[inline]
    pub fn of_hand(tiles: &'a [Elem], bonus: &'a [Elem]) -> Facts<'a> {
        Facts {
            flags: 0,
            winning_tile: -1,
            winning_tile_seen: 0,
            red_fives: 0,
            wait_count: None,
            shapes: 0,
            blocks: 0,
            calling: &[],
            results: &NO_RESULTS,
            payment: &NO_PAYMENT,
            sets: &[],
            tiles,
            bonus,
            indicators: &[],
            hidden_indicators: &[],
        }
    }

    /// These facts with the indicator tiles shown and those under them.
    #[inline]
    pub fn with_indicators(mut self, shown: &'a [Elem], hidden: &'a [Elem]) -> Facts<'a> {
        self.indicators = shown;
        self.hidden_indicators = hidden;
        self
    }

    /// These facts, of a hand before any reading, with the tiles it shows, for a refusal:
    /// the collection `shown`, which is compiled as the sets ([`Collection::Sets`]). They
    /// take the place of the sets, which no refusal reads (the checker sees to it) and no
    /// hand has before a reading; so the facts, which every reading copies, stay as small as
    /// they were, and the collections as few, which every quantifier tells apart.
    #[inline]
    pub fn with_shown(mut self, shown: &'a [Elem]) -> Facts<'a> {
        self.sets = shown;
        self
    }

    /// These facts with the results of the items evaluated so far.
    ///
    /// Written field by field rather than as a copy of `*self` with one field changed: the
    /// facts are larger than the compiler copies in line, and that copy was a call to
    /// `memcpy` for each item that reads results, which cost riichi 5 % of its time.
    #[inline]
    pub fn with_results<'b>(&self, results: &'b Results) -> Facts<'b>
    where
        'a: 'b,
    {
        Facts {
            flags: self.flags,
            winning_tile: self.winning_tile,
            winning_tile_seen: self.winning_tile_seen,
            red_fives: self.red_fives,
            wait_count: self.wait_count,
            shapes: self.shapes,
            blocks: self.blocks,
            calling: self.calling,
            results,
            payment: self.payment,
            sets: self.sets,
            tiles: self.tiles,
            bonus: self.bonus,
            indicators: self.indicators,
            hidden_indicators: self.hidden_indicators,
        }
    }

    /// These facts for the reading whose sets are `sets` and whose hand flags are `flags`.
    #[inline]
    pub fn with_sets(&self, flags: u64, sets: &'a [Elem]) -> Facts<'a> {
        let mut facts = *self;
        facts.flags = flags;
        facts.sets = sets;
        facts
    }

    /// The elements of a collection.
    #[inline]
    pub fn elements(&self, collection: Collection) -> &'a [Elem] {
        match collection {
            Collection::Sets => self.sets,
            Collection::Tiles => self.tiles,
            Collection::Bonus => self.bonus,
            Collection::Indicators => self.indicators,
            Collection::HiddenIndicators => self.hidden_indicators,
            // In a refusal's facts, the tiles shown are where the sets are (`with_shown`).
        }
    }

    /// The reading's sets.
    pub fn sets(&self) -> &'a [Elem] {
        self.sets
    }

    /// The player's distinct tiles.
    pub fn tiles(&self) -> &'a [Elem] {
        self.tiles
    }

    /// The bonus tiles.
    pub fn bonus(&self) -> &'a [Elem] {
        self.bonus
    }
}

/// What the items evaluated so far on a reading gave, as `sum('tag')`, `best('tag')` and
/// `fired('id')` read it: the scorer fills it before it evaluates an item or a requirement
/// that reads results, the items that another item replaced left out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Results {
    /// By tag index: the sum of the amounts of the items with that tag that counted.
    pub sums: Vec<i64>,
    /// By tag index: the largest amount of an item with that tag that counted, `i64::MIN`
    /// when none did.
    pub bests: Vec<i64>,
    /// Bit `i % 64` of word `i / 64` set when the item of index `i` counted.
    pub fired: Vec<u64>,
    /// By index: the values of the score worked out so far (a `formula` variant's), once
    /// the items have counted.
    pub values: Vec<i64>,
}

/// No results: before any item is evaluated.
static NO_RESULTS: Results = Results {
    sums: Vec::new(),
    bests: Vec::new(),
    fired: Vec::new(),
    values: Vec::new(),
};

impl Results {
    /// Forgets every result, keeping the room for the sums of `tags` tags, the bests of
    /// `bests` tags and whether `items` items counted: where nothing reads the bests or
    /// which items counted ([`Rules::reads_bests`], [`Rules::reads_fired`]), they are given
    /// no room, and [`Results::add`] does not keep them.
    ///
    /// [`Rules::reads_bests`]: crate::rules::Rules::reads_bests
    /// [`Rules::reads_fired`]: crate::rules::Rules::reads_fired
    pub fn clear(&mut self, tags: usize, bests: usize, items: usize) {
        let words = items.div_ceil(64);
        if self.sums.len() == tags && self.bests.len() == bests && self.fired.len() == words {
            // As room was kept last time (a scorer clears them once a reading or more):
            // written over in place.
            self.sums.iter_mut().for_each(|sum| *sum = 0);
            self.bests.iter_mut().for_each(|best| *best = i64::MIN);
            self.fired.iter_mut().for_each(|word| *word = 0);
            return;
        }
        self.sums.clear();
        self.sums.resize(tags, 0);
        self.bests.clear();
        self.bests.resize(bests, i64::MIN);
        self.fired.clear();
        self.fired.resize(words, 0);
    }

    /// Records that the item of index `item`, with the tags of the bits of `tags`, counted
    /// for `amount`.
    pub fn add(&mut self, item: usize, tags: u64, amount: i64) {
        if let Some(word) = self.fired.get_mut(item / 64) {
            *word |= 1 << (item % 64);
        }
        let mut bits = tags;
        while bits != 0 {
            let tag = bits.trailing_zeros() as usize;
            if let Some(sum) = self.sums.get_mut(tag) {
                *sum = sum.saturating_add(amount);
            }
            if let Some(best) = self.bests.get_mut(tag) {
                *best = (*best).max(amount);
            }
            bits &= bits - 1;
        }
    }

    /// [`Results::add`] where neither the bests nor which items counted are kept: adds
    /// `amount` to the sum of each tag of the bits of `tags`.
    #[inline]
    pub fn add_to_sums(&mut self, tags: u64, amount: i64) {
        debug_assert!(self.bests.is_empty() && self.fired.is_empty());
        let mut bits = tags;
        while bits != 0 {
            let tag = bits.trailing_zeros() as usize;
            if let Some(sum) = self.sums.get_mut(tag) {
                *sum = sum.saturating_add(amount);
            }
            bits &= bits - 1;
        }
    }

    /// The sum of the items with the tag of index `tag`.
    pub fn sum(&self, tag: usize) -> i64 {
        self.sums.get(tag).copied().unwrap_or(0)
    }

    /// The largest amount of an item with the tag of index `tag`; 0 when none counted.
    pub fn best(&self, tag: usize) -> i64 {
        match self.bests.get(tag) {
            Some(&best) if best != i64::MIN => best,
            _ => 0,
        }
    }

    /// The value of the score of index `value` (0 before it is worked out).
    pub fn value(&self, value: usize) -> i64 {
        self.values.get(value).copied().unwrap_or(0)
    }

    /// The item of index `item` counted.
    pub fn fired(&self, item: usize) -> bool {
        self.fired
            .get(item / 64)
            .is_some_and(|word| word & (1 << (item % 64)) != 0)
    }
}

/// The integers of one payment that a payment rule may read, besides its flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PaymentFacts {
    /// What the payer owes before the variant's amount: the winner's score, or the
    /// difference of two scores where the players who did not go out settle.
    pub score: i64,
    /// The counters on the table.
    pub counters: i64,
    /// The deposits on the table.
    pub deposits: i64,
}

/// No payment: while a hand is scored.
static NO_PAYMENT: PaymentFacts = PaymentFacts {
    score: 0,
    counters: 0,
    deposits: 0,
};

/// How many suits the flags name (`suits(c)` of a collection whose flags' or is `flags`).
pub fn suits(flags: u64) -> u32 {
    (flags & (elem::CHARACTERS | elem::DOTS | elem::BAMBOO)).count_ones()
}
