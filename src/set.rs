//! Sets: chows, pungs, kongs, pairs and lone tiles, and how each was made.
//!
//! In: a set's shape (kind and lowest tile) and its exposure. Out: the facts the rules ask
//! about a set (its tiles, whether it counts as concealed, whether it scores as exposed) and
//! its text form (`777z exposed`).

use std::fmt;

use crate::tiles::{Tile, TileStyle, Wind, format_tiles};
use crate::words::{self, Words};

/// The shape of a set.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub enum SetKind {
    /// Three consecutive tiles of one suit.
    Chow,
    /// Three identical tiles.
    #[default]
    Pung,
    /// Four identical tiles.
    Kong,
    /// Two identical tiles.
    Pair,
    /// A tile that belongs to no set (only in a non-winner's hand).
    Single,
}

impl SetKind {
    /// How many tiles a set of this kind holds.
    pub fn size(self) -> usize {
        match self {
            SetKind::Chow | SetKind::Pung => 3,
            SetKind::Kong => 4,
            SetKind::Pair => 2,
            SetKind::Single => 1,
        }
    }
}

/// How a set came to be.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub enum Exposure {
    /// All tiles drawn by its owner; for a kong, declared concealed.
    #[default]
    Concealed,
    /// Made with a claimed discard.
    Exposed,
    /// A kong made by adding a claimed discard to a concealed pung: it scores as an exposed
    /// kong but counts as concealed for rules about concealed pungs and concealed hands.
    Claimed,
}

impl Exposure {
    /// The words written after a declared set's tiles.
    pub const WORDS: Words<Exposure, 3> = [
        ("exposed", Exposure::Exposed),
        ("concealed", Exposure::Concealed),
        ("claimed", Exposure::Claimed),
    ];

    /// The word used in hand files.
    pub fn name(self) -> &'static str {
        words::write(&Exposure::WORDS, self)
    }
}

/// A set in a hand: declared, or read from the concealed tiles by an arrangement.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Set {
    /// Its shape.
    pub kind: SetKind,
    /// Its lowest tile (the only tile for pungs, kongs, pairs and singles).
    pub tile: Tile,
    /// How it was made.
    pub exposure: Exposure,
    /// True for a set declared in the hand file (melded), false for one read from the
    /// concealed tiles.
    pub declared: bool,
    /// Whom a claimed tile of it came from, if the hand file says.
    pub from: Option<Wind>,
}

impl Set {
    /// A concealed, undeclared set.
    pub fn concealed(kind: SetKind, tile: Tile) -> Set {
        Set {
            kind,
            tile,
            ..Set::default()
        }
    }

    /// Its tiles, lowest first.
    pub fn tiles(self) -> impl Iterator<Item = Tile> {
        // A chow's tiles follow each other; the other sets repeat one tile.
        let step = usize::from(self.kind == SetKind::Chow);
        let first = self.tile.index();
        (0..self.kind.size())
            .map(move |k| Tile::from_index(first + k * step).expect("a chow's tiles exist"))
    }

    /// Adds its tiles to `counts`.
    pub fn add_to(self, counts: &mut crate::tiles::TileCounts) {
        let tile = self.tile;
        match self.kind {
            SetKind::Chow => self.tiles().for_each(|t| counts.add(t)),
            kind => counts.add_copies(tile, kind.size() as u8),
        }
    }

    /// True when `tile` is one of its tiles.
    pub fn contains(self, tile: Tile) -> bool {
        match self.kind {
            SetKind::Chow => {
                tile.suit() == self.tile.suit()
                    && tile.index() >= self.tile.index()
                    && tile.index() < self.tile.index() + 3
            }
            _ => tile == self.tile,
        }
    }

    /// True for pungs and kongs.
    pub fn is_pung_or_kong(self) -> bool {
        matches!(self.kind, SetKind::Pung | SetKind::Kong)
    }

    /// True when it counts as concealed for rules about concealed sets and hands
    /// (a concealed set or a claimed kong).
    pub fn counts_as_concealed(self) -> bool {
        self.exposure != Exposure::Exposed
    }

    /// True when it scores as exposed (an exposed set or a claimed kong).
    pub fn scores_as_exposed(self) -> bool {
        self.exposure != Exposure::Concealed
    }

    /// Its tiles in notation, then its words: `777z exposed`, `1111p claimed from=north`;
    /// a lone tile has no words.
    pub fn text(self, style: TileStyle) -> String {
        let mut text = format_tiles(self.tiles(), style);
        if self.kind != SetKind::Single {
            text.push(' ');
            text.push_str(self.exposure.name());
        }
        if let Some(from) = self.from {
            text.push_str(&format!(" from={from}"));
        }
        text
    }
}

impl fmt::Display for Set {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(TileStyle::Ascii))
    }
}

/// Reads a group of tiles as a set: a chow, pung or kong, or none.
pub fn shape_of(tiles: &[Tile]) -> Option<(SetKind, Tile)> {
    let n = tiles.len();
    if !(3..=4).contains(&n) {
        return None;
    }
    let mut buffer = [tiles[0]; 4];
    let sorted = &mut buffer[..n];
    sorted.copy_from_slice(tiles);
    sorted.sort_unstable();
    let first = sorted[0];
    let same = sorted.iter().all(|&t| t == first);
    match sorted.len() {
        3 if same => Some((SetKind::Pung, first)),
        4 if same => Some((SetKind::Kong, first)),
        3 => {
            let second = first.succ()?;
            let third = second.succ()?;
            (sorted[1] == second && sorted[2] == third).then_some((SetKind::Chow, first))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::Suit;

    fn m(n: u8) -> Tile {
        Tile::new(Suit::Characters, n).unwrap()
    }

    #[test]
    fn shapes() {
        assert_eq!(shape_of(&[m(3), m(1), m(2)]), Some((SetKind::Chow, m(1))));
        assert_eq!(shape_of(&[m(5); 3]), Some((SetKind::Pung, m(5))));
        assert_eq!(shape_of(&[m(5); 4]), Some((SetKind::Kong, m(5))));
        assert_eq!(
            shape_of(&[m(8), m(9), Tile::new(Suit::Dots, 1).unwrap()]),
            None
        );
        assert_eq!(shape_of(&[m(5); 2]), None);
        assert_eq!(shape_of(&[m(1), m(2), m(4)]), None);
    }

    #[test]
    fn chow_tiles_and_membership() {
        let chow = Set::concealed(SetKind::Chow, m(7));
        assert_eq!(chow.tiles().collect::<Vec<_>>(), [m(7), m(8), m(9)]);
        assert!(chow.contains(m(9)) && !chow.contains(m(6)));
        assert!(!chow.contains(Tile::new(Suit::Dots, 7).unwrap()));
        assert_eq!(chow.to_string(), "789m concealed");
    }
}
