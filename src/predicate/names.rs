//! The one table of built-in names, collections and functions, read by both the checker and
//! the evaluator (and by the rule-language reference in `docs/`).
//!
//! A name is a fact about the hand (valid everywhere) or about the element being looked at
//! inside `count`, `any` or `all`, or by an item with `for-each`: a set, a tile or a bonus
//! tile. Facts are bits of a flag word or small integers, computed once per arrangement.

use super::compile::{Scope, Type};

/// Bits of the hand's flag word.
pub mod hand {
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
}

/// Bits of an element's flag word (set, tile or bonus tile).
pub mod elem {
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
}

/// Bits of a payment's flag word (payment rules only).
pub mod payment {
    /// The player who pays is East.
    pub const PAYER_DEALER: u64 = 1 << 40;
    /// The player who is paid is East.
    pub const PAYEE_DEALER: u64 = 1 << 41;
    /// The player who pays discarded the winning tile (or had a kong robbed).
    pub const PAYER_DISCARDER: u64 = 1 << 42;
    /// The player who is paid went out.
    pub const TO_WINNER: u64 = 1 << 43;
}

/// Integer facts about the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandInt {
    /// The winning tile (a tile value), or none.
    WinningTile,
    /// How many copies of the winning tile the hand file says were seen elsewhere.
    WinningTileSeen,
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
}

/// What a name reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fact {
    /// True when any of these bits of the hand's flags is set.
    HandFlag(u64),
    /// An integer fact about the hand.
    HandInt(HandInt),
    /// True when any of these bits of the element's flags is set.
    ElemFlag(u64),
    /// An integer fact about the element.
    ElemInt(ElemInt),
}

/// A built-in name.
#[derive(Clone, Copy, Debug)]
pub struct Name {
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

macro_rules! names {
    ($( $name:literal : $ty:ident, $scopes:ident, $fact:expr, $doc:literal; )*) => {
        /// Every built-in name.
        pub const NAMES: &[Name] = &[ $( Name { name: $name, ty: Type::$ty, scopes: $scopes, fact: $fact, doc: $doc } ),* ];
    };
}

use Fact::{ElemFlag as E, ElemInt as EI, HandFlag as H, HandInt as HI};

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
    "concealed_hand": Bool, HAND, H(hand::CONCEALED_HAND), "every set counts as concealed, the one the winning tile completed included";
    "dealer": Bool, HAND, H(hand::DEALER), "the player is East";
    "complete": Bool, HAND, H(hand::COMPLETE), "the arrangement is a complete hand (four sets and a pair, or a special shape)";
    "special_shape": Bool, HAND, H(hand::SPECIAL_SHAPE), "the arrangement is one of the variant's special shapes";
    "winning_tile": Tile, HAND, HI(HandInt::WinningTile), "the winning tile";
    "winning_tile_seen": Int, HAND, HI(HandInt::WinningTileSeen), "how many copies of the winning tile were visible elsewhere on the table (`seen`)";
    "late": Bool, HAND, H(hand::LATE), "five tiles or fewer were left in the wall when the winning tile came";
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
    "copies": Int, TILE, EI(ElemInt::Copies), "how many of this tile the player holds";
    "number": Int, SET_TILE, EI(ElemInt::Number), "the number of the (first) tile: 1 to 9, 0 for honours";
    "tile": Tile, SET_TILE, EI(ElemInt::Tile), "the tile (for a chow, its lowest tile)";
    "number_copies": Int, TILE, EI(ElemInt::NumberCopies), "how many tiles of this number the player holds, in all suits (0 for honours)";
}

/// The collections that `count`, `any` and `all` look through.
pub const COLLECTIONS: &[(&str, Scope, &str)] = &[
    (
        "sets",
        Scope::Set,
        "the sets of the arrangement (the pair and lone tiles included)",
    ),
    (
        "tiles",
        Scope::Tile,
        "the player's distinct playing tiles (`count` counts copies)",
    ),
    ("bonus", Scope::Bonus, "the player's flowers and seasons"),
];

/// A built-in function.
#[derive(Clone, Copy, Debug)]
pub struct Function {
    /// As written.
    pub name: &'static str,
    /// How it is called.
    pub signature: &'static str,
    /// What it gives.
    pub doc: &'static str,
}

/// Every built-in function.
pub const FUNCTIONS: &[Function] = &[
    Function {
        name: "count",
        signature: "count(COLLECTION, CONDITION) or count(COLLECTION)",
        doc: "how many elements meet the condition (tiles count with their copies)",
    },
    Function {
        name: "any",
        signature: "any(COLLECTION, CONDITION)",
        doc: "some element meets the condition",
    },
    Function {
        name: "all",
        signature: "all(COLLECTION, CONDITION)",
        doc: "every element meets the condition (true when there is none)",
    },
    Function {
        name: "suits",
        signature: "suits(COLLECTION)",
        doc: "how many of the three suits the elements use (honours not counted)",
    },
    Function {
        name: "kinds",
        signature: "kinds(tiles)",
        doc: "how many distinct tiles",
    },
    Function {
        name: "calling",
        signature: "calling('ID')",
        doc: "the player did not go out, and one more tile would make item ID apply (a calling hand)",
    },
    Function {
        name: "shape",
        signature: "shape('ID')",
        doc: "the hand's tiles form the variant's special shape ID",
    },
];

/// The built-in name called `name`.
pub fn lookup(name: &str) -> Option<&'static Name> {
    NAMES.iter().find(|n| n.name == name)
}

/// The scope of the collection called `name`.
pub fn collection(name: &str) -> Option<Scope> {
    COLLECTIONS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, s, _)| *s)
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
    for (name, _, doc) in COLLECTIONS {
        out.push_str(&format!("| `{name}` | {doc} |\n"));
    }
    out.push_str("\n| function | gives |\n|---|---|\n");
    for f in FUNCTIONS {
        out.push_str(&format!("| `{}` | {} |\n", f.signature, f.doc));
    }
    out
}
