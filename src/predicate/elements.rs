//! The facts of a hand's elements, as the evaluator reads them.
//!
//! In: a tile (with its copies), a set or a bonus tile, and the player's seat and the
//! prevailing wind. Out: its [`Elem`]: the flags of [`elem`] it has, its number and tile.

use std::sync::LazyLock;

use super::facts::{Elem, elem};
use crate::set::{Exposure, Set, SetKind};
use crate::tiles::{BonusKind, BonusTile, Dragon, Tile, Wind};

/// The flags of one tile for this player: its classes, and whether it is the player's own
/// wind or the prevailing wind.
pub fn tile_flags(tile: Tile, seat: Wind, prevailing: Wind) -> u64 {
    let mut f = TILE_CLASSES[tile.index()];
    if let Some(w) = tile.as_wind() {
        if w == seat {
            f |= elem::OWN_WIND;
        }
        if w == prevailing {
            f |= elem::PREVAILING_WIND;
        }
    }
    f
}

/// The flags of each tile (by index) that do not depend on the player, worked out once.
static TILE_CLASSES: LazyLock<[u64; Tile::COUNT]> = LazyLock::new(|| {
    std::array::from_fn(|i| tile_class(Tile::from_index(i).expect("an index below COUNT")))
});

/// The flags of a tile that do not depend on the player.
fn tile_class(tile: Tile) -> u64 {
    let mut f = 0;
    f |= if tile.is_major() {
        elem::MAJOR
    } else {
        elem::SIMPLE
    };
    if tile.is_terminal() {
        f |= elem::TERMINAL;
    }
    if tile.is_green() {
        f |= elem::GREEN;
    }
    if tile.is_suited() {
        f |= elem::SUITED
            | match tile.index() / 9 {
                0 => elem::CHARACTERS,
                1 => elem::DOTS,
                _ => elem::BAMBOO,
            };
    } else {
        f |= elem::HONOUR;
    }
    if let Some(w) = tile.as_wind() {
        f |= elem::WIND | wind_flag(w);
    }
    if let Some(d) = tile.as_dragon() {
        f |= elem::DRAGON
            | match d {
                Dragon::White => elem::WHITE,
                Dragon::Green => elem::GREEN_DRAGON,
                Dragon::Red => elem::RED,
            };
    }
    f
}

fn wind_flag(w: Wind) -> u64 {
    match w {
        Wind::East => elem::EAST,
        Wind::South => elem::SOUTH,
        Wind::West => elem::WEST,
        Wind::North => elem::NORTH,
    }
}

/// The facts of a tile the player holds `copies` of.
pub fn tile_elem(tile: Tile, copies: u8, seat: Wind, prevailing: Wind) -> Elem {
    Elem {
        flags: tile_flags(tile, seat, prevailing),
        copies,
        number: if tile.is_suited() { tile.number() } else { 0 },
        tile: tile.index() as i8,
        same_number: 0,
    }
}

/// The facts of one set: its kind and exposure, and the tile classes that all its tiles
/// share (`flags` holds the flags of every tile the player holds).
pub fn set_elem(set: Set, winning: bool, flags: &[u64; Tile::COUNT]) -> Elem {
    // The classes all its tiles share: a chow's three tiles differ, the others' are one.
    // (The kinds' and exposures' flags are looked up, and the chow's tiles chosen without a
    // jump: sets of every kind come one after another, and a processor mispredicts a jump
    // that changes with each.)
    let i = set.tile.index();
    let step = usize::from(set.kind == SetKind::Chow);
    let shared = flags[i] & flags[i + step] & flags[i + 2 * step];
    let mut f = shared | KIND_FLAGS[set.kind as usize] | EXPOSURE_FLAGS[set.exposure as usize];
    if set.declared {
        f |= elem::DECLARED;
    }
    if winning {
        f |= elem::WINNING;
    }
    Elem {
        flags: f,
        copies: 1,
        number: if set.tile.is_suited() {
            set.tile.number()
        } else {
            0
        },
        tile: set.tile.index() as i8,
        same_number: 0,
    }
}

/// The flags of each kind of set, by its discriminant.
const KIND_FLAGS: [u64; 5] = {
    let mut flags = [0; 5];
    flags[SetKind::Chow as usize] = elem::CHOW;
    flags[SetKind::Pung as usize] = elem::PUNG | elem::PUNG_OR_KONG;
    flags[SetKind::Kong as usize] = elem::KONG | elem::PUNG_OR_KONG;
    flags[SetKind::Pair as usize] = elem::PAIR;
    flags[SetKind::Single as usize] = elem::SINGLE;
    flags
};

/// The flags of each exposure of a set, by its discriminant.
const EXPOSURE_FLAGS: [u64; 3] = {
    let mut flags = [0; 3];
    flags[Exposure::Concealed as usize] = elem::CONCEALED;
    flags[Exposure::Exposed as usize] = elem::EXPOSED;
    flags[Exposure::Claimed as usize] = elem::EXPOSED | elem::CLAIMED;
    flags
};

/// The facts of a bonus tile of the player in seat `seat`.
pub fn bonus_elem(b: BonusTile, seat: Wind) -> Elem {
    let mut f = match b.kind {
        BonusKind::Flower => elem::FLOWER,
        BonusKind::Season => elem::SEASON,
    } | wind_flag(b.wind);
    if b.wind == seat {
        // `own_wind` reads one bit in every collection, so that a gate can require it.
        f |= elem::OWN | elem::OWN_WIND;
    }
    Elem {
        flags: f,
        copies: 1,
        number: 0,
        tile: -1,
        same_number: 0,
    }
}
