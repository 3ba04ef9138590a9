//! The one table of built-ins: the names of facts, the collections and the functions of the
//! predicate language, each a row. The checker resolves names and calls against it, the
//! evaluator reads what each row resolved to, and the reference in `docs/rule-language.md`
//! is generated from it ([`reference_markdown`]; a test keeps the page current).
//!
//! A name is a fact about the hand (valid everywhere) or about the element being looked at
//! inside `count`, `any` or `all`, or by an item with `for-each`: a set, a tile or a bonus
//! tile. Facts are bits of a flag word or small integers, computed once per reading.
//!
//! A function is a row of `FUNCTIONS`: its name, its arguments' kinds (from which the
//! checker checks arity and each argument, and the reference writes its signature), its
//! result, its one line of documentation, and the node it builds. Adding a function is a
//! row here and its node's value in [`super::eval`].

use super::compiled::{
    Arith, Collection, Compiled, ElemInt, HandInt, PaymentInt, Quantifier, Scope, Type, Unary,
};
use super::facts::{deal, elem, hand, payment};

/// What a name reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fact {
    /// True when any of these bits of the hand's flags is set.
    HandFlag(u64),
    /// An integer fact about the hand.
    HandInt(HandInt),
    /// True when any of these bits of the element's flags is set.
    ElemFlag(u64),
    /// An integer fact about the element.
    ElemInt(ElemInt),
    /// An integer fact about the payment.
    PaymentInt(PaymentInt),
}

/// A built-in name.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Name {
    /// As written in predicates.
    pub name: &'static str,
    /// Its type.
    pub ty: Type,
    /// Where it is valid: `Scope::Hand` names are valid everywhere; the others only while
    /// looking at an element of that kind.
    pub scopes: &'static [Scope],
    /// What it reads.
    pub fact: Fact,
    /// One line for the reference.
    pub doc: &'static str,
}

const HAND: &[Scope] = &[Scope::Hand];
const SET: &[Scope] = &[Scope::Set];
const SET_TILE: &[Scope] = &[Scope::Set, Scope::Tile];
const SET_TILE_BONUS: &[Scope] = &[Scope::Set, Scope::Tile, Scope::Bonus];
const TILE: &[Scope] = &[Scope::Tile];
const BONUS: &[Scope] = &[Scope::Bonus];
const PAYMENT: &[Scope] = &[Scope::Payment];
const DEAL: &[Scope] = &[Scope::Deal];
const PAYMENT_DEAL: &[Scope] = &[Scope::Payment, Scope::Deal];

macro_rules! names {
    ($( $name:literal : $ty:ident, $scopes:ident, $fact:expr, $doc:literal; )*) => {
        /// Every built-in name.
        pub(crate) const NAMES: &[Name] = &[ $( Name { name: $name, ty: Type::$ty, scopes: $scopes, fact: $fact, doc: $doc } ),* ];
    };
}

use Fact::{ElemFlag as E, ElemInt as EI, HandFlag as H, HandInt as HI, PaymentInt as PI};

names! {
    "winner": Bool, HAND, H(hand::WINNER), "the player went out";
    "self_drawn": Bool, HAND, H(hand::SELF_DRAWN), "the winning tile came from the wall or as a loose tile";
    "from_wall": Bool, HAND, H(hand::FROM_WALL), "the winning tile came from the live wall";
    "from_discard": Bool, HAND, H(hand::FROM_DISCARD), "the winning tile was a claimed discard";
    "from_loose": Bool, HAND, H(hand::FROM_LOOSE), "the winning tile was a loose tile (after a kong or a bonus tile)";
    "robbed_kong": Bool, HAND, H(hand::ROBBED_KONG), "the winning tile was robbed from a kong";
    "last_tile": Bool, HAND, H(hand::LAST_TILE), "the winning tile was the last tile of the wall, or the discard of it";
    "last_from_wall": Bool, HAND, H(hand::LAST_FROM_WALL), "the winner drew the last tile of the wall";
    "last_discard": Bool, HAND, H(hand::LAST_DISCARD), "the winner claimed the discard of the last tile of the wall";
    "kong_on_kong": Bool, HAND, H(hand::KONG_ON_KONG), "won with the loose tile of a kong made with a loose tile (kong upon kong)";
    "original_call": Bool, HAND, H(hand::ORIGINAL_CALL), "the player declared a ready hand at the start and kept it";
    "heavenly": Bool, HAND, H(hand::HEAVENLY), "dealt complete (East) or complete on the first discard (others)";
    "only_possible": Bool, HAND, H(hand::ONLY_POSSIBLE), "the winning tile was the only tile that could complete the hand";
    "fishing_the_eyes": Bool, HAND, H(hand::FISHING_THE_EYES), "the winning tile completed the pair after four sets were complete";
    "single_wait": Bool, HAND, H(hand::FISHING_THE_EYES), "the same as `fishing_the_eyes`: in the reading, the winning tile completed the pair";
    "two_sided_wait": Bool, HAND, H(hand::TWO_SIDED_WAIT), "in the reading, the winning tile finished a chow at an end, where the other end would have done too (the 4 or the 7 of 5-6; not the 3 of 1-2, nor the 7 of 8-9)";
    "closed_wait": Bool, HAND, H(hand::CLOSED_WAIT), "in the reading, the winning tile was the middle tile of a chow";
    "edge_wait": Bool, HAND, H(hand::EDGE_WAIT), "in the reading, the winning tile was the 3 of 1-2-3 or the 7 of 7-8-9";
    "dual_pung_wait": Bool, HAND, H(hand::DUAL_PUNG_WAIT), "in the reading, the winning tile completed a pung (of two pairs, either would have done)";
    "wait_count": Int, HAND, HI(HandInt::WaitCount), "how many distinct tiles completed the hand as it stood before the winning tile (for a player who did not go out: as it stands), as four sets and a pair or as one of the variant's special shapes; by shape alone, tiles seen elsewhere counted, a tile the player holds four of not";
    "concealed_hand": Bool, HAND, H(hand::CONCEALED_HAND), "every set counts as concealed, the one the winning tile completed included";
    "dealer": Bool, HAND, H(hand::DEALER), "the player is East";
    "complete": Bool, HAND, H(hand::COMPLETE), "the arrangement is a complete hand (four sets and a pair, or a special shape)";
    "special_shape": Bool, HAND, H(hand::SPECIAL_SHAPE), "the arrangement is one of the variant's special shapes";
    "winning_tile": Tile, HAND, HI(HandInt::WinningTile), "the winning tile";
    "winning_tile_seen": Int, HAND, HI(HandInt::WinningTileSeen), "how many copies of the winning tile were visible elsewhere on the table (`seen`)";
    "late": Bool, HAND, H(hand::LATE), "five tiles or fewer were left in the wall when the winning tile came";
    "declared_ready": Bool, HAND, H(hand::DECLARED_READY), "the player declared a ready hand, closed (`riichi`, `double-riichi`, or an original call)";
    "one_go_around": Bool, HAND, H(hand::ONE_GO_AROUND), "the player went out within one go-around of declaring ready (`ippatsu`)";
    "red_fives": Int, HAND, HI(HandInt::RedFives), "how many red fives (`0m 0p 0s`) the player holds";
    "chow": Bool, SET, E(elem::CHOW), "the set is a chow";
    "pung": Bool, SET, E(elem::PUNG), "the set is a pung";
    "kong": Bool, SET, E(elem::KONG), "the set is a kong";
    "pung_or_kong": Bool, SET, E(elem::PUNG_OR_KONG), "the set is a pung or a kong";
    "pair": Bool, SET, E(elem::PAIR), "the set is a pair";
    "single": Bool, SET, E(elem::SINGLE), "a lone tile of a hand that did not go out";
    "exposed": Bool, SET, E(elem::EXPOSED), "the set scores as exposed (exposed sets and claimed kongs)";
    "concealed": Bool, SET, E(elem::CONCEALED), "the set is concealed (not exposed, not a claimed kong)";
    "claimed": Bool, SET, E(elem::CLAIMED), "a kong made by adding a claimed discard to a concealed pung";
    "declared": Bool, SET, E(elem::DECLARED), "the set was declared (melded) in the hand file";
    "winning": Bool, SET, E(elem::WINNING), "the winning tile completed this set";
    "major": Bool, SET_TILE, E(elem::MAJOR), "terminals and honours only";
    "simple": Bool, SET_TILE, E(elem::SIMPLE), "suited 2 to 8 only";
    "minor": Bool, SET_TILE, E(elem::SIMPLE), "the same as `simple`";
    "terminal": Bool, SET_TILE, E(elem::TERMINAL), "a suited 1 or 9 (for a set: a pung, kong or pair of one)";
    "honour": Bool, SET_TILE, E(elem::HONOUR), "a wind or a dragon";
    "wind": Bool, SET_TILE, E(elem::WIND), "a wind";
    "dragon": Bool, SET_TILE, E(elem::DRAGON), "a dragon";
    "own_wind": Bool, SET_TILE_BONUS, E(elem::OWN_WIND), "the player's own wind (for a bonus tile: the player's own flower or season)";
    "prevailing_wind": Bool, SET_TILE, E(elem::PREVAILING_WIND), "the prevailing wind";
    "green": Bool, SET_TILE, E(elem::GREEN), "green tiles only (bamboo 2 3 4 6 8, green dragon)";
    "suited": Bool, SET_TILE, E(elem::SUITED), "characters, dots or bamboo";
    "characters": Bool, SET_TILE, E(elem::CHARACTERS), "characters";
    "dots": Bool, SET_TILE, E(elem::DOTS), "dots";
    "bamboo": Bool, SET_TILE, E(elem::BAMBOO), "bamboo";
    "white": Bool, SET_TILE, E(elem::WHITE), "the white dragon";
    "green_dragon": Bool, SET_TILE, E(elem::GREEN_DRAGON), "the green dragon";
    "red": Bool, SET_TILE, E(elem::RED), "the red dragon";
    "east": Bool, SET_TILE_BONUS, E(elem::EAST), "the East wind, or a bonus tile of East (1)";
    "south": Bool, SET_TILE_BONUS, E(elem::SOUTH), "the South wind, or a bonus tile of South (2)";
    "west": Bool, SET_TILE_BONUS, E(elem::WEST), "the West wind, or a bonus tile of West (3)";
    "north": Bool, SET_TILE_BONUS, E(elem::NORTH), "the North wind, or a bonus tile of North (4)";
    "flower": Bool, BONUS, E(elem::FLOWER), "a flower";
    "season": Bool, BONUS, E(elem::SEASON), "a season";
    "own": Bool, BONUS, E(elem::OWN), "a flower or season of the player's own wind";
    "payer_dealer": Bool, PAYMENT, E(payment::PAYER_DEALER), "the player who pays is East";
    "payee_dealer": Bool, PAYMENT, E(payment::PAYEE_DEALER), "the player who is paid is East";
    "payer_discarder": Bool, PAYMENT, E(payment::PAYER_DISCARDER), "the player who pays discarded the winning tile (or had a kong robbed)";
    "to_winner": Bool, PAYMENT, E(payment::TO_WINNER), "the player who is paid went out (otherwise two others settle)";
    "score": Int, PAYMENT, PI(PaymentInt::Score), "what the payer owes before `amount`: the winner's score (a faan variant's base points), or the difference of two scores where the players who did not go out settle";
    "counters": Int, PAYMENT_DEAL, PI(PaymentInt::Counters), "the counters on the table, the deal's `honba` (0 when it gives none)";
    "deposits": Int, PAYMENT_DEAL, PI(PaymentInt::Deposits), "the deposits on the table, the deal's `riichi-sticks` (0 when it gives none)";
    "drawn": Bool, DEAL, E(deal::DRAWN), "nobody went out";
    "dealer_won": Bool, DEAL, E(deal::DEALER_WON), "East went out";
    "dealer_ready": Bool, DEAL, E(deal::DEALER_READY), "East was ready when the deal was drawn (the deal's `ready`)";
    "copies": Int, TILE, EI(ElemInt::Copies), "how many of this tile the player holds (of a tile shown: how many copies the hand shows in all)";
    "number": Int, SET_TILE, EI(ElemInt::Number), "the number of the (first) tile: 1 to 9, 0 for honours";
    "tile": Tile, SET_TILE, EI(ElemInt::Tile), "the tile (for a chow, its lowest tile)";
    "number_copies": Int, TILE, EI(ElemInt::NumberCopies), "how many tiles of this number the player holds, in all suits (0 for honours)";
    "red_five": Bool, TILE, E(elem::RED_FIVE), "a red five (`0m 0p 0s`): some copy of the tile is written red (of the tiles held, a copy held; of the tiles shown, any copy)";
    "suit": Int, SET_TILE, EI(ElemInt::Suit), "the suit as a number: 1 characters, 2 dots, 3 bamboo, 0 honours";
}

/// A collection that `count`, `any`, `all` and `suits` look through.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CollectionRow {
    /// As written.
    pub name: &'static str,
    /// What the evaluator reads.
    pub collection: Collection,
    /// The scope of its elements, inside a condition on each.
    pub scope: Scope,
    /// One line for the reference.
    pub doc: &'static str,
}

/// Every collection.
pub(crate) const COLLECTIONS: &[CollectionRow] = &[
    CollectionRow {
        name: "sets",
        collection: Collection::Sets,
        scope: Scope::Set,
        doc: "the sets of the arrangement (the pair and lone tiles included)",
    },
    CollectionRow {
        name: "tiles",
        collection: Collection::Tiles,
        scope: Scope::Tile,
        doc: "the player's distinct playing tiles (`count` counts copies)",
    },
    CollectionRow {
        name: "bonus",
        collection: Collection::Bonus,
        scope: Scope::Bonus,
        doc: "the player's flowers and seasons",
    },
    CollectionRow {
        name: "indicators",
        collection: Collection::Indicators,
        scope: Scope::Tile,
        doc: "the indicator tiles shown (riichi's dora indicators, `dora` in a hand file), each once",
    },
    CollectionRow {
        name: "shown",
        collection: Collection::Sets,
        scope: Scope::Tile,
        doc: "in a refusal: every distinct playing tile the hand shows, held, seen elsewhere (`seen`) and as indicators, shown or hidden (`copies` and `count` count the copies shown in all)",
    },
    CollectionRow {
        name: "hidden_indicators",
        collection: Collection::HiddenIndicators,
        scope: Scope::Tile,
        doc: "the indicator tiles under them (`ura-dora`), each once",
    },
];

/// What an argument of a function must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Param {
    /// A collection, among those the function looks through.
    Collection,
    /// A condition on each element of the collection given before it.
    Condition,
    /// The quoted id of one of the variant's special shapes.
    Shape,
    /// The quoted id of one of the variant's blocks.
    Block,
    /// The quoted id of one of the variant's items.
    Item,
    /// The quoted id of one of the variant's items, whose result is read.
    ItemResult,
    /// The quoted name of a tag of the variant's items, whose results are read.
    Tag,
    /// A value of this type.
    Value(Type),
    /// A value of any type, the same for every argument of this kind (the branches of
    /// `if`); it is the function's result.
    Branch,
}

/// The checked arguments of a call, for [`Function::build`].
#[derive(Clone, Debug)]
pub(crate) struct Args {
    /// The collection given (sets when the function takes none).
    pub collection: Collection,
    /// The condition given (true when left out or when the function takes none).
    pub condition: Compiled,
    /// The index of the shape, item or tag named (0 when the function names none).
    pub id: u32,
    /// The values given (`Value` and `Branch` arguments), in order.
    pub values: Vec<Compiled>,
}

impl Args {
    /// Arithmetic `op` on the two values given.
    fn arith(self, op: Arith) -> Compiled {
        let mut values = self.values.into_iter().map(Box::new);
        match (values.next(), values.next()) {
            (Some(a), Some(b)) => Compiled::Arith(op, a, b),
            _ => unreachable!("the checker gives two values"),
        }
    }

    /// The one value given.
    fn one(self) -> Box<Compiled> {
        Box::new(
            self.values
                .into_iter()
                .next()
                .expect("the checker gives one value"),
        )
    }
}

/// A built-in function.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Function {
    /// As written.
    pub name: &'static str,
    /// Its arguments, in order.
    pub params: &'static [Param],
    /// How many of the last arguments may be left out.
    pub optional: usize,
    /// The collections it looks through, when it takes one.
    pub collections: &'static [Collection],
    /// Its result (for a function with `Branch` arguments, their type).
    pub result: Type,
    /// For `count`, `any` and `all`: what it gives over groups of named elements
    /// (`count(a, b in sets, …)`); none for a function that cannot name elements.
    pub quantifier: Option<Quantifier>,
    /// What it gives, for the reference.
    pub doc: &'static str,
    /// The node of a call, from its checked arguments.
    pub build: fn(Args) -> Compiled,
}

const ALL_COLLECTIONS: &[Collection] = &[
    Collection::Sets,
    Collection::Tiles,
    Collection::Bonus,
    Collection::Indicators,
    Collection::HiddenIndicators,
];

/// Every built-in function.
pub(crate) const FUNCTIONS: &[Function] = &[
    Function {
        name: "count",
        params: &[Param::Collection, Param::Condition],
        optional: 1,
        collections: ALL_COLLECTIONS,
        result: Type::Int,
        doc: "how many elements meet the condition (tiles count with their copies)",
        quantifier: Some(Quantifier::Count),
        build: |a| Compiled::Count(a.collection, Box::new(a.condition)),
    },
    Function {
        name: "any",
        params: &[Param::Collection, Param::Condition],
        optional: 0,
        collections: ALL_COLLECTIONS,
        result: Type::Bool,
        doc: "some element meets the condition",
        quantifier: Some(Quantifier::Any),
        build: |a| Compiled::Any(a.collection, Box::new(a.condition)),
    },
    Function {
        name: "all",
        params: &[Param::Collection, Param::Condition],
        optional: 0,
        collections: ALL_COLLECTIONS,
        result: Type::Bool,
        doc: "every element meets the condition (true when there is none)",
        quantifier: Some(Quantifier::All),
        build: |a| Compiled::All(a.collection, Box::new(a.condition)),
    },
    Function {
        name: "suits",
        params: &[Param::Collection],
        optional: 0,
        collections: ALL_COLLECTIONS,
        result: Type::Int,
        doc: "how many of the three suits the elements use (honours not counted)",
        quantifier: None,
        build: |a| Compiled::Suits(a.collection),
    },
    Function {
        name: "kinds",
        params: &[Param::Collection],
        optional: 0,
        collections: &[Collection::Tiles],
        result: Type::Int,
        doc: "how many distinct tiles",
        quantifier: None,
        build: |_| Compiled::Kinds,
    },
    Function {
        name: "calling",
        params: &[Param::Item],
        optional: 0,
        collections: &[],
        result: Type::Bool,
        doc: "the player did not go out, and one more tile would make item ID apply (a calling hand)",
        quantifier: None,
        build: |a| Compiled::Calling(a.id),
    },
    Function {
        name: "sum",
        params: &[Param::Tag],
        optional: 0,
        collections: &[],
        result: Type::Int,
        doc: "what the items with tag TAG gave, added up: those that counted before this item (every item, in a requirement), less those another item replaced",
        quantifier: None,
        build: |a| Compiled::Sum(a.id),
    },
    Function {
        name: "best",
        params: &[Param::Tag],
        optional: 0,
        collections: &[],
        result: Type::Int,
        doc: "the most that one item with tag TAG gave (0 when none counted): the limit hand worth most of several; read as `sum` is",
        quantifier: None,
        build: |a| Compiled::Best(a.id),
    },
    Function {
        name: "fired",
        params: &[Param::ItemResult],
        optional: 0,
        collections: &[],
        result: Type::Bool,
        doc: "item ID counted (and no other item replaced it); read before this item, or by a requirement",
        quantifier: None,
        build: |a| Compiled::Fired(a.id),
    },
    Function {
        name: "shape",
        params: &[Param::Shape],
        optional: 0,
        collections: &[],
        result: Type::Bool,
        doc: "the hand's tiles form the variant's special shape ID",
        quantifier: None,
        build: |a| Compiled::Shape(a.id),
    },
    Function {
        name: "block",
        params: &[Param::Block],
        optional: 0,
        collections: &[],
        result: Type::Bool,
        doc: "the reading takes the variant's block ID, whose tiles are in none of its sets",
        quantifier: None,
        build: |a| Compiled::Block(a.id),
    },
    Function {
        name: "if",
        params: &[Param::Value(Type::Bool), Param::Branch, Param::Branch],
        optional: 0,
        collections: &[],
        result: Type::Int,
        doc: "A when the condition holds, else B (A and B of one type)",
        quantifier: None,
        build: |a| {
            let [c, x, y]: [Compiled; 3] =
                a.values.try_into().expect("the checker gives three values");
            Compiled::If(Box::new([c, x, y]))
        },
    },
    Function {
        name: "min",
        params: &[Param::Value(Type::Int), Param::Value(Type::Int)],
        optional: 0,
        collections: &[],
        result: Type::Int,
        doc: "the smaller of two numbers",
        quantifier: None,
        build: |a| a.arith(Arith::Min),
    },
    Function {
        name: "max",
        params: &[Param::Value(Type::Int), Param::Value(Type::Int)],
        optional: 0,
        collections: &[],
        result: Type::Int,
        doc: "the larger of two numbers",
        quantifier: None,
        build: |a| a.arith(Arith::Max),
    },
    Function {
        name: "abs",
        params: &[Param::Value(Type::Int)],
        optional: 0,
        collections: &[],
        result: Type::Int,
        doc: "the number without its sign",
        quantifier: None,
        build: |a| Compiled::Unary(Unary::Abs, a.one()),
    },
    Function {
        name: "round_up",
        params: &[Param::Value(Type::Int), Param::Value(Type::Int)],
        optional: 0,
        collections: &[],
        result: Type::Int,
        doc: "the least multiple of Y that is at least X (`round_up(22, 10)` is 30; X itself when Y is not positive)",
        quantifier: None,
        build: |a| a.arith(Arith::RoundUp),
    },
    Function {
        name: "pow",
        params: &[Param::Value(Type::Int), Param::Value(Type::Int)],
        optional: 0,
        collections: &[],
        result: Type::Int,
        doc: "X to the power Y (`pow(2, 4)` is 16; 0 for a negative Y), saturating",
        quantifier: None,
        build: |a| a.arith(Arith::Pow),
    },
    Function {
        name: "mod",
        params: &[Param::Value(Type::Int), Param::Value(Type::Int)],
        optional: 0,
        collections: &[],
        result: Type::Int,
        doc: "the remainder of X divided by Y, never negative (`mod(7, 3)` is 1, `mod(-7, 3)` is 2; 0 when Y is 0)",
        quantifier: None,
        build: |a| a.arith(Arith::Mod),
    },
    Function {
        name: "next",
        params: &[Param::Value(Type::Tile)],
        optional: 0,
        collections: &[],
        result: Type::Tile,
        doc: "the tile after TILE, going round: 9 to 1 in a suit, North to East, Red to White",
        quantifier: None,
        build: |a| Compiled::Unary(Unary::NextTile, a.one()),
    },
];

impl Function {
    /// How it is called, as the reference and the checker's messages write it:
    /// `count(COLLECTION, CONDITION) or count(COLLECTION)`, `kinds(tiles)`, `shape('ID')`.
    pub fn signature(&self) -> String {
        let call = |n: usize| {
            let (mut numbers, mut branches) = (["X", "Y"].iter(), ["A", "B"].iter());
            let args: Vec<&str> = self.params[..n]
                .iter()
                .map(|p| match p {
                    Param::Collection => match self.collections {
                        [only] => only.name(),
                        _ => "COLLECTION",
                    },
                    Param::Condition | Param::Value(Type::Bool) => "CONDITION",
                    Param::Shape | Param::Block | Param::Item | Param::ItemResult => "'ID'",
                    Param::Tag => "'TAG'",
                    Param::Value(Type::Tile) => "TILE",
                    Param::Value(_) => numbers.next().unwrap_or(&"Z"),
                    Param::Branch => branches.next().unwrap_or(&"C"),
                })
                .collect();
            format!("{}({})", self.name, args.join(", "))
        };
        let all = self.params.len();
        (0..=self.optional)
            .map(|left_out| call(all - left_out))
            .collect::<Vec<_>>()
            .join(" or ")
    }

    /// The numbers of arguments it takes.
    pub fn arity(&self) -> std::ops::RangeInclusive<usize> {
        self.params.len() - self.optional..=self.params.len()
    }
}

/// The built-in name called `name`.
pub(crate) fn lookup(name: &str) -> Option<&'static Name> {
    NAMES.iter().find(|n| n.name == name)
}

/// The collection called `name`.
pub(crate) fn collection(name: &str) -> Option<&'static CollectionRow> {
    COLLECTIONS.iter().find(|c| c.name == name)
}

/// The function called `name`.
pub(crate) fn function(name: &str) -> Option<&'static Function> {
    FUNCTIONS.iter().find(|f| f.name == name)
}

/// The reference tables of names, collections and functions, in Markdown, as
/// `docs/rule-language.md` shows them (a test keeps the two the same).
pub fn reference_markdown() -> String {
    let scope_words = |scopes: &[Scope]| {
        scopes
            .iter()
            .map(|s| match s {
                Scope::Hand => "hand",
                Scope::Set => "set",
                Scope::Tile => "tile",
                Scope::Bonus => "bonus",
                Scope::Payment => "payment",
                Scope::Deal => "deal",
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let type_word = |ty: Type| match ty {
        Type::Bool => "condition",
        Type::Int => "number",
        Type::Tile => "tile",
        Type::Str => "quoted name",
        Type::Collection => "collection",
    };
    let mut out = String::from("| name | type | looks at | meaning |\n|---|---|---|---|\n");
    for n in NAMES {
        out.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            n.name,
            type_word(n.ty),
            scope_words(n.scopes),
            n.doc
        ));
    }
    out.push_str("\n| collection | elements |\n|---|---|\n");
    for c in COLLECTIONS {
        out.push_str(&format!("| `{}` | {} |\n", c.name, c.doc));
    }
    out.push_str("\n| function | gives |\n|---|---|\n");
    for f in FUNCTIONS {
        out.push_str(&format!("| `{}` | {} |\n", f.signature(), f.doc));
    }
    out
}
