//! Tiles: the 34 playing tiles, the 8 bonus tiles, tile-count vectors and the notation.
//!
//! In: tile notation such as `123m 55p 7z 1f 2y` or the Unicode mahjong tiles
//! (U+1F000–U+1F029). Out: [`Tile`], [`BonusTile`] and [`TileCounts`] values, and text in
//! either notation. Parsing reports every error with the byte range it concerns.

use std::fmt;
use std::ops::Range;

use crate::diagnostic::Diagnostic;
use crate::words::{self, Words};

/// One of the 34 playing tiles, numbered 0..34: characters 1–9, dots 1–9, bamboo 1–9, then
/// the winds East South West North and the dragons White Green Red.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Tile(u8);

/// The suit of a playing tile; winds and dragons are honours.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Suit {
    /// Characters, `m`.
    Characters,
    /// Dots (circles, stones), `p`.
    Dots,
    /// Bamboo, `s`.
    Bamboo,
    /// Winds and dragons, `z`.
    Honours,
}

/// A wind: a seat, the prevailing wind of a round, or a wind tile.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Wind {
    /// East, the dealer's seat.
    East,
    /// South.
    South,
    /// West.
    West,
    /// North.
    North,
}

/// A dragon tile.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Dragon {
    /// White dragon, `5z`.
    White,
    /// Green dragon, `6z`.
    Green,
    /// Red dragon, `7z`.
    Red,
}

impl Wind {
    /// The four winds in seat order.
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    /// The words of the winds in hand, deal and corpus files: a seat, the prevailing wind, a
    /// discarder, whom a set was claimed from.
    pub const WORDS: Words<Wind, 4> = [
        ("east", Wind::East),
        ("south", Wind::South),
        ("west", Wind::West),
        ("north", Wind::North),
    ];

    /// 0 for East … 3 for North.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The lowercase English name used in hand files.
    pub fn name(self) -> &'static str {
        words::write(&Wind::WORDS, self)
    }

    /// Reads a lowercase English wind name (as text or as bytes).
    pub fn from_name(name: impl AsRef<[u8]>) -> Option<Wind> {
        words::read(&Wind::WORDS, name)
    }

    /// The next seat counter-clockwise (East → South → West → North → East).
    pub fn next(self) -> Wind {
        Wind::ALL[(self.index() + 1) % 4]
    }
}

impl fmt::Display for Wind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Tile {
    /// Number of distinct playing tiles.
    pub const COUNT: usize = 34;

    /// All playing tiles in order.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..Self::COUNT as u8).map(Tile)
    }

    /// The tile with this index (0..34), if it exists.
    pub const fn from_index(index: usize) -> Option<Tile> {
        if index < Self::COUNT {
            Some(Tile(index as u8))
        } else {
            None
        }
    }

    /// The tile of a suit and number (1–9 for suits, 1–7 for honours).
    pub fn new(suit: Suit, number: u8) -> Option<Tile> {
        let (base, max) = match suit {
            Suit::Characters => (0, 9),
            Suit::Dots => (9, 9),
            Suit::Bamboo => (18, 9),
            Suit::Honours => (27, 7),
        };
        (1..=max).contains(&number).then(|| Tile(base + number - 1))
    }

    /// The wind tile.
    pub fn wind(wind: Wind) -> Tile {
        Tile(27 + wind as u8)
    }

    /// The dragon tile.
    pub fn dragon(dragon: Dragon) -> Tile {
        Tile(31 + dragon as u8)
    }

    /// The index of this tile, 0..34.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The suit.
    pub fn suit(self) -> Suit {
        match self.0 {
            0..=8 => Suit::Characters,
            9..=17 => Suit::Dots,
            18..=26 => Suit::Bamboo,
            _ => Suit::Honours,
        }
    }

    /// The digit of the notation: 1–9 for suits, 1–7 for honours.
    pub const fn number(self) -> u8 {
        // Read from a table: no division by nine.
        const NUMBERS: [u8; Tile::COUNT] = {
            let mut numbers = [0; Tile::COUNT];
            let mut i = 0;
            while i < Tile::COUNT {
                numbers[i] = if i < 27 { i % 9 + 1 } else { i - 26 } as u8;
                i += 1;
            }
            numbers
        };
        NUMBERS[self.0 as usize]
    }

    /// The tile after this one, going round: the next number of its suit (9 to 1), the next
    /// wind (North to East), the next dragon (Red to White).
    pub const fn next(self) -> Tile {
        // Read from a table: the first and last of each run (a suit's numbers, the winds,
        // the dragons) without a match on ranges.
        const NEXT: [u8; Tile::COUNT] = {
            let mut next = [0; Tile::COUNT];
            let mut i = 0;
            while i < Tile::COUNT {
                let (first, last) = match i {
                    0..=8 => (0, 8),
                    9..=17 => (9, 17),
                    18..=26 => (18, 26),
                    27..=30 => (27, 30),
                    _ => (31, 33),
                };
                next[i] = if i == last { first } else { i + 1 } as u8;
                i += 1;
            }
            next
        };
        Tile(NEXT[self.0 as usize])
    }

    /// True for characters, dots and bamboo.
    pub const fn is_suited(self) -> bool {
        self.0 < 27
    }

    /// True for winds and dragons.
    pub const fn is_honour(self) -> bool {
        !self.is_suited()
    }

    /// True for a suited 1 or 9.
    pub const fn is_terminal(self) -> bool {
        self.is_suited() && matches!(self.number(), 1 | 9)
    }

    /// True for a suited 2–8 (a minor or simple tile).
    pub const fn is_simple(self) -> bool {
        self.is_suited() && !self.is_terminal()
    }

    /// True for terminals and honours (major tiles, "orphans").
    pub const fn is_major(self) -> bool {
        !self.is_simple()
    }

    /// The wind of a wind tile.
    pub const fn as_wind(self) -> Option<Wind> {
        if 27 <= self.0 && self.0 < 31 {
            Some(Wind::ALL[(self.0 - 27) as usize])
        } else {
            None
        }
    }

    /// The dragon of a dragon tile.
    pub const fn as_dragon(self) -> Option<Dragon> {
        match self.0 {
            31 => Some(Dragon::White),
            32 => Some(Dragon::Green),
            33 => Some(Dragon::Red),
            _ => None,
        }
    }

    /// True for the tiles of "all green": bamboo 2 3 4 6 8 and the green dragon.
    pub const fn is_green(self) -> bool {
        matches!(self.0, 19 | 20 | 21 | 23 | 25 | 32)
    }

    /// The next tile of the same suit (for chows); none after a 9 or for honours.
    pub fn succ(self) -> Option<Tile> {
        (self.is_suited() && self.number() < 9).then(|| Tile(self.0 + 1))
    }

    /// The Unicode mahjong tile for this tile.
    pub fn unicode(self) -> char {
        let offset = match self.suit() {
            Suit::Characters => 0x07 + self.number() as u32 - 1,
            Suit::Bamboo => 0x10 + self.number() as u32 - 1,
            Suit::Dots => 0x19 + self.number() as u32 - 1,
            Suit::Honours => [0x00, 0x01, 0x02, 0x03, 0x06, 0x05, 0x04][self.number() as usize - 1],
        };
        char::from_u32(0x1F000 + offset).expect("mahjong tiles are valid chars")
    }

    fn suit_letter(self) -> char {
        match self.suit() {
            Suit::Characters => 'm',
            Suit::Dots => 'p',
            Suit::Bamboo => 's',
            Suit::Honours => 'z',
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number(), self.suit_letter())
    }
}

/// Flower or season.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum BonusKind {
    /// Flowers `1f`–`4f`.
    Flower,
    /// Seasons `1y`–`4y`.
    Season,
}

/// One of the 8 bonus tiles; each belongs to a wind (1 = East … 4 = North).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct BonusTile {
    /// Flower or season.
    pub kind: BonusKind,
    /// The wind it belongs to.
    pub wind: Wind,
}

impl BonusTile {
    /// How many bonus tiles there are: four flowers and four seasons.
    pub const COUNT: usize = 8;

    /// The Unicode mahjong tile.
    pub fn unicode(self) -> char {
        let base = match self.kind {
            BonusKind::Flower => 0x1F022,
            BonusKind::Season => 0x1F026,
        };
        char::from_u32(base + self.wind.index() as u32).expect("mahjong tiles are valid chars")
    }

    /// 0..8: flowers then seasons.
    pub fn index(self) -> usize {
        self.kind as usize * 4 + self.wind.index()
    }

    /// The bonus tile of [`BonusTile::index`] `index`.
    pub fn from_index(index: usize) -> Option<BonusTile> {
        let kind = match index / 4 {
            0 => BonusKind::Flower,
            1 => BonusKind::Season,
            _ => return None,
        };
        Some(BonusTile {
            kind,
            wind: Wind::ALL[index % 4],
        })
    }
}

impl fmt::Display for BonusTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match self.kind {
            BonusKind::Flower => 'f',
            BonusKind::Season => 'y',
        };
        write!(f, "{}{}", self.wind.index() + 1, letter)
    }
}

/// A tile read from notation: a playing tile or a bonus tile.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AnyTile {
    /// A playing tile.
    Playing(Tile),
    /// A flower or season.
    Bonus(BonusTile),
}

/// A tile read from notation, with the byte range it came from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParsedTile {
    /// The tile.
    pub tile: AnyTile,
    /// It was written as a red five (`0m`, `0p`, `0s`): a five, marked red.
    pub red: bool,
    /// Its bytes in the parsed string.
    pub span: Range<usize>,
}

/// Reads tile notation: digits followed by a suit letter (`m p s z f y`), whitespace free,
/// or Unicode mahjong tiles; `0m`, `0p` and `0s` are the red fives. Returns every tile read, or every mistake found, with its
/// bytes in `text`.
pub fn parse_tiles(text: &str) -> Result<Vec<ParsedTile>, Vec<Diagnostic>> {
    let mut tiles = Vec::new();
    let mut errors = Vec::new();
    // Digits waiting for their suit letter: (digit, byte offset).
    let mut pending: Vec<(u8, usize)> = Vec::new();
    for (at, c) in text.char_indices() {
        let end = at + c.len_utf8();
        if c.is_whitespace() {
            continue;
        }
        if let Some(d) = c.to_digit(10) {
            pending.push((d as u8, at));
            continue;
        }
        if let Some(tile) = from_unicode(c) {
            flush_orphans(&mut pending, &mut errors, at);
            tiles.push(ParsedTile {
                tile,
                red: false,
                span: at..end,
            });
            continue;
        }
        let Some(kind) = Letter::of(c) else {
            // Digits and a wrong letter right after them are one mistake: the letter.
            if let (Some(&(_, first)), Some(&(_, last))) = (pending.first(), pending.last())
                && last + 1 == at
            {
                let digits: String = pending.iter().map(|(d, _)| char::from(b'0' + d)).collect();
                pending.clear();
                errors.push(notation_error(
                    first..end,
                    format!(
                        "`{c}` is not a suit letter: the digits `{digits}` need one of m, p, s, z, f or y"
                    ),
                ));
                continue;
            }
            flush_orphans(&mut pending, &mut errors, at);
            errors.push(notation_error(
                at..end,
                format!("`{c}` is not a tile: use digits and a suit letter m, p, s, z, f or y"),
            ));
            continue;
        };
        if pending.is_empty() {
            errors.push(notation_error(
                at..end,
                format!("suit letter `{c}` has no digits before it"),
            ));
        }
        for (digit, start) in pending.drain(..) {
            let span = start..start + 1;
            match kind.read(digit) {
                Some((tile, red)) => tiles.push(ParsedTile { tile, red, span }),
                None => errors.push(notation_error(
                    span,
                    format!("`{digit}{c}` is not a tile: {}", kind.range_hint()),
                )),
            }
        }
    }
    flush_orphans(&mut pending, &mut errors, text.len());
    if errors.is_empty() {
        Ok(tiles)
    } else {
        Err(errors)
    }
}

/// Reads tile notation as [`parse_tiles`] does, without allocating: calls `each` on every
/// tile in order, and gives `None` where [`parse_tiles`] would report an error (or where
/// more than 32 digits wait for one letter, which no hand needs, or at a red five, which it
/// leaves to [`parse_tiles`]), or where `each` does.
/// For fast paths that fall back on [`parse_tiles`] for the diagnostics.
pub(crate) fn read_tiles(text: &str, mut each: impl FnMut(AnyTile) -> Option<()>) -> Option<()> {
    let mut pending = [0u8; 32];
    let mut waiting = 0;
    for c in text.chars() {
        if c.is_whitespace() {
            continue;
        }
        if let Some(d) = c.to_digit(10) {
            *pending.get_mut(waiting)? = d as u8;
            waiting += 1;
        } else if waiting == 0 {
            each(from_unicode(c)?)?;
        } else {
            let kind = Letter::of(c)?;
            for &digit in &pending[..waiting] {
                each(kind.tile(digit)?)?;
            }
            waiting = 0;
        }
    }
    (waiting == 0).then_some(())
}

/// A mistake in tile notation.
fn notation_error(span: Range<usize>, message: String) -> Diagnostic {
    Diagnostic::new(span, message, "bad tile notation")
        .with_help("write tiles as digits and a suit letter: `123m 55p 7z 1f 2y`")
}

/// Reports digits that never met their suit letter.
fn flush_orphans(pending: &mut Vec<(u8, usize)>, errors: &mut Vec<Diagnostic>, at: usize) {
    if let Some(&(_, start)) = pending.first() {
        let end = pending.last().map_or(at, |&(_, s)| s + 1);
        let digits: String = pending.iter().map(|(d, _)| char::from(b'0' + d)).collect();
        errors.push(notation_error(
            start..end,
            format!("digits `{digits}` have no suit letter after them"),
        ));
        pending.clear();
    }
}

#[derive(Clone, Copy)]
enum Letter {
    Suit(Suit),
    Bonus(BonusKind),
}

impl Letter {
    fn of(c: char) -> Option<Letter> {
        Some(match c {
            'm' => Letter::Suit(Suit::Characters),
            'p' => Letter::Suit(Suit::Dots),
            's' => Letter::Suit(Suit::Bamboo),
            'z' => Letter::Suit(Suit::Honours),
            'f' => Letter::Bonus(BonusKind::Flower),
            'y' => Letter::Bonus(BonusKind::Season),
            _ => return None,
        })
    }

    /// The tile a digit stands for before this letter, and whether it is a red five (`0`
    /// before a suit letter).
    fn read(self, digit: u8) -> Option<(AnyTile, bool)> {
        match self {
            Letter::Suit(suit) if digit == 0 && suit != Suit::Honours => {
                Tile::new(suit, 5).map(|t| (AnyTile::Playing(t), true))
            }
            _ => self.tile(digit).map(|t| (t, false)),
        }
    }

    /// The tile a digit from 1 stands for before this letter.
    fn tile(self, digit: u8) -> Option<AnyTile> {
        match self {
            Letter::Suit(suit) => Tile::new(suit, digit).map(AnyTile::Playing),
            Letter::Bonus(kind) => (1..=4).contains(&digit).then(|| {
                AnyTile::Bonus(BonusTile {
                    kind,
                    wind: Wind::ALL[digit as usize - 1],
                })
            }),
        }
    }

    fn range_hint(self) -> &'static str {
        match self {
            Letter::Suit(Suit::Honours) => "honours run from 1z to 7z",
            Letter::Suit(_) => "suits run from 1 to 9 (0 is the red five)",
            Letter::Bonus(_) => "flowers and seasons run from 1 to 4",
        }
    }
}

/// Reads one Unicode mahjong tile (U+1F000–U+1F029).
fn from_unicode(c: char) -> Option<AnyTile> {
    let code = (c as u32).checked_sub(0x1F000)?;
    let honour = |n| Tile::new(Suit::Honours, n).map(AnyTile::Playing);
    match code {
        0..=3 => honour(code as u8 + 1),
        // Red, green, white dragon.
        4 => honour(7),
        5 => honour(6),
        6 => honour(5),
        0x07..=0x0F => Tile::new(Suit::Characters, (code - 0x07 + 1) as u8).map(AnyTile::Playing),
        0x10..=0x18 => Tile::new(Suit::Bamboo, (code - 0x10 + 1) as u8).map(AnyTile::Playing),
        0x19..=0x21 => Tile::new(Suit::Dots, (code - 0x19 + 1) as u8).map(AnyTile::Playing),
        0x22..=0x29 => Some(AnyTile::Bonus(BonusTile {
            kind: if code < 0x26 {
                BonusKind::Flower
            } else {
                BonusKind::Season
            },
            wind: Wind::ALL[((code - 0x22) % 4) as usize],
        })),
        _ => None,
    }
}

/// How tiles are written on output.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum TileStyle {
    /// `123m 55p`.
    #[default]
    Ascii,
    /// The Unicode mahjong tiles.
    Unicode,
}

/// Writes playing tiles in the given style. In ASCII, runs of one suit share a letter and
/// suits are separated by a space: `123m 55p 7z`.
pub fn format_tiles(tiles: impl IntoIterator<Item = Tile>, style: TileStyle) -> String {
    let mut out = String::new();
    let mut last: Option<Tile> = None;
    for tile in tiles {
        match style {
            TileStyle::Unicode => out.push(tile.unicode()),
            TileStyle::Ascii => {
                if let Some(prev) = last
                    && prev.suit() != tile.suit()
                {
                    out.push(prev.suit_letter());
                    out.push(' ');
                }
                out.push(char::from(b'0' + tile.number()));
            }
        }
        last = Some(tile);
    }
    if let (TileStyle::Ascii, Some(prev)) = (style, last) {
        out.push(prev.suit_letter());
    }
    out
}

/// How many of each playing tile: the engine's view of a group of tiles.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TileCounts([u8; Tile::COUNT]);

impl Default for TileCounts {
    fn default() -> Self {
        TileCounts([0; Tile::COUNT])
    }
}

impl TileCounts {
    /// Counts the given tiles.
    pub fn from_tiles(tiles: impl IntoIterator<Item = Tile>) -> TileCounts {
        let mut counts = TileCounts::default();
        for tile in tiles {
            counts.add(tile);
        }
        counts
    }

    /// How many copies of `tile`.
    pub fn get(&self, tile: Tile) -> u8 {
        self.0[tile.index()]
    }

    /// Adds one copy (counts stop at 255: anything past four is refused by the hand
    /// checks anyway, so a line of 300 copies must not wrap round to a legal count).
    pub fn add(&mut self, tile: Tile) {
        let slot = &mut self.0[tile.index()];
        *slot = slot.saturating_add(1);
    }

    /// Adds `n` copies (stopping at 255, as [`TileCounts::add`] does).
    pub fn add_copies(&mut self, tile: Tile, n: u8) {
        let slot = &mut self.0[tile.index()];
        *slot = slot.saturating_add(n);
    }

    /// Removes one copy; false (and no change) when there is none.
    pub fn remove(&mut self, tile: Tile) -> bool {
        let slot = &mut self.0[tile.index()];
        if *slot == 0 {
            return false;
        }
        *slot -= 1;
        true
    }

    /// The total number of tiles.
    pub fn total(&self) -> usize {
        // Eight counts at a time: bytes summed in pairs into 16-bit lanes (at most 510),
        // the four lanes summed by one multiplication into the top lane (at most 2,040).
        let (words, rest) = self.0.as_chunks::<8>();
        let word_sum = |w: u64| {
            let pairs = (w & 0x00FF_00FF_00FF_00FF) + (w >> 8 & 0x00FF_00FF_00FF_00FF);
            (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize
        };
        let words: usize = words.iter().map(|w| word_sum(u64::from_le_bytes(*w))).sum();
        words + rest.iter().map(|&c| c as usize).sum::<usize>()
    }

    /// The raw counts, indexed by [`Tile::index`].
    pub fn as_array(&self) -> &[u8; Tile::COUNT] {
        &self.0
    }

    /// Every tile, with repetition, in order.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        Tile::all().flat_map(move |t| std::iter::repeat_n(t, self.get(t) as usize))
    }

    /// Adds all counts of `other` (stopping at 255, as [`TileCounts::add`] does).
    pub fn add_all(&mut self, other: &TileCounts) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.saturating_add(*b);
        }
    }

    /// These counts less those of `other`, when they hold every tile of it.
    pub fn less(&self, other: &TileCounts) -> Option<TileCounts> {
        let mut rest = *self;
        for (a, b) in rest.0.iter_mut().zip(other.0.iter()) {
            *a = a.checked_sub(*b)?;
        }
        Some(rest)
    }
}

/// A set of distinct playing tiles, as a bit mask.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct TileSet(u64);

impl TileSet {
    /// Adds a tile.
    pub fn insert(&mut self, tile: Tile) {
        self.0 |= 1 << tile.index();
    }

    /// True when the tile is in the set.
    pub fn contains(self, tile: Tile) -> bool {
        self.0 & (1 << tile.index()) != 0
    }

    /// The number of tiles in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True when the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The tiles in order.
    pub fn iter(self) -> impl Iterator<Item = Tile> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let index = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Tile(index))
        })
    }

    /// The set of the tiles held in `counts`.
    pub(crate) fn held(counts: &TileCounts) -> TileSet {
        // Eight counts at a time: each byte's bits are folded into its lowest bit, and one
        // multiplication gathers the eight lowest bits into the top byte.
        let (words, rest) = counts.0.as_chunks::<8>();
        let mut bits = 0u64;
        for (k, w) in words.iter().enumerate() {
            let mut w = u64::from_le_bytes(*w);
            w |= w >> 4;
            w |= w >> 2;
            w |= w >> 1;
            w &= 0x0101_0101_0101_0101;
            bits |= w.wrapping_mul(0x0102_0408_1020_4080) >> 56 << (8 * k);
        }
        for (i, &n) in rest.iter().enumerate() {
            bits |= u64::from(n > 0) << (8 * words.len() + i);
        }
        TileSet(bits)
    }

    /// The tiles in both sets.
    pub fn and(self, other: TileSet) -> TileSet {
        TileSet(self.0 & other.0)
    }

    /// The tiles in either set.
    pub fn or(self, other: TileSet) -> TileSet {
        TileSet(self.0 | other.0)
    }

    /// The tiles of one of the three suits (0 characters, 1 dots, 2 bamboo).
    pub(crate) fn of_suit(suit: usize) -> TileSet {
        TileSet(0x1FF << (suit * 9))
    }

    /// Every playing tile.
    pub fn all() -> TileSet {
        TileSet((1 << Tile::COUNT) - 1)
    }

    /// Every tile not in this set.
    pub fn complement(self) -> TileSet {
        TileSet(!self.0 & TileSet::all().0)
    }

    /// The suited tiles of one number (1 to 9) in all three suits.
    pub(crate) fn of_number(number: u8) -> TileSet {
        debug_assert!((1..=9).contains(&number), "a number of a suit");
        // Bits 0, 9 and 18 are the ones of the three suits.
        TileSet(0x4_0201 << (number - 1))
    }

    /// The set as bits: bit i for the tile of index i.
    pub(crate) fn bits(self) -> u64 {
        self.0
    }

    /// The honours whose bits are set in `bits` (bit 0 East … bit 6 red).
    pub(crate) fn honours(bits: u64) -> TileSet {
        TileSet((bits & 0x7F) << 27)
    }

    /// The set of one tile.
    pub fn of(tile: Tile) -> TileSet {
        TileSet(1 << tile.index())
    }

    /// The tiles of the set and, in the suits, their neighbours up to two steps away in the
    /// same suit.
    pub(crate) fn with_neighbours(self) -> TileSet {
        let mut out = self.0 & (0x7F << 27);
        for suit in 0..3 {
            let m = (self.0 >> (suit * 9)) & 0x1FF;
            let near = (m | m << 1 | m << 2 | m >> 1 | m >> 2) & 0x1FF;
            out |= near << (suit * 9);
        }
        TileSet(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn playing(text: &str) -> Vec<Tile> {
        parse_tiles(text)
            .unwrap()
            .into_iter()
            .map(|p| match p.tile {
                AnyTile::Playing(t) => t,
                AnyTile::Bonus(b) => panic!("unexpected bonus {b}"),
            })
            .collect()
    }

    proptest::proptest! {
        /// The word-at-a-time total and held tiles are the byte-at-a-time ones.
        #[test]
        fn totals_and_held_tiles_by_words(counts in proptest::collection::vec(
            proptest::prop_oneof![4 => 0u8..=4, 1 => proptest::num::u8::ANY],
            Tile::COUNT,
        )) {
            let c = TileCounts(counts.clone().try_into().unwrap());
            let total: usize = counts.iter().map(|&n| usize::from(n)).sum();
            proptest::prop_assert_eq!(c.total(), total);
            let held: Vec<Tile> = Tile::all().filter(|&t| c.get(t) > 0).collect();
            proptest::prop_assert_eq!(TileSet::held(&c).iter().collect::<Vec<_>>(), held);
        }

        /// The reader without allocation accepts exactly what the parser accepts, and reads
        /// the same tiles in the same order (strings of digits, suit letters, spaces, Unicode
        /// tiles and a few other characters).
        #[test]
        fn the_fast_tile_reader_agrees_with_the_parser(text in notation()) {
            let mut read: Vec<AnyTile> = Vec::new();
            let fast = read_tiles(&text, |t| {
                read.push(t);
                Some(())
            });
            match parse_tiles(&text) {
                // Red fives are left to the parser.
                Ok(tiles) if tiles.iter().any(|t| t.red) => {
                    proptest::prop_assert!(fast.is_none(), "{:?} was read with a red five", text);
                }
                Ok(tiles) => {
                    proptest::prop_assert!(fast.is_some(), "{:?} was refused", text);
                    let parsed: Vec<AnyTile> = tiles.into_iter().map(|t| t.tile).collect();
                    proptest::prop_assert_eq!(read, parsed);
                }
                Err(_) => proptest::prop_assert!(fast.is_none(), "{:?} was accepted", text),
            }
        }
    }

    /// Tile notation, mostly well formed: groups of digits with a letter, bonus tiles, spaces
    /// and Unicode tiles, with stray digits, letters and other characters mixed in.
    fn notation() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::strategy::Strategy;
        let piece = proptest::prop_oneof![
            6 => "[1-9]{1,4}[mpsz]",
            1 => "[0-5][fy]",
            1 => " ",
            1 => "[\u{1F000}-\u{1F02B}]",
            1 => "[0-9mpszfyxé]",
        ];
        proptest::collection::vec(piece, 0..8).prop_map(|pieces| pieces.concat())
    }

    #[test]
    fn numbers_are_the_digits_of_the_notation() {
        for (text, number) in [
            ("1m", 1),
            ("9m", 9),
            ("1p", 1),
            ("5p", 5),
            ("9s", 9),
            ("1z", 1),
        ] {
            assert_eq!(playing(text)[0].number(), number, "{text}");
        }
        assert_eq!(playing("7z")[0].number(), 7);
        for suit in [Suit::Characters, Suit::Dots, Suit::Bamboo, Suit::Honours] {
            let max = if suit == Suit::Honours { 7 } else { 9 };
            for n in 1..=max {
                assert_eq!(Tile::new(suit, n).unwrap().number(), n);
            }
        }
    }

    #[test]
    fn digits_share_a_suit_letter() {
        let tiles = playing("123m 55p 7z");
        let names: Vec<String> = tiles.iter().map(|t| t.to_string()).collect();
        assert_eq!(names, ["1m", "2m", "3m", "5p", "5p", "7z"]);
    }

    #[test]
    fn honours_follow_the_usual_order() {
        let tiles = playing("1234567z");
        assert_eq!(tiles[0].as_wind(), Some(Wind::East));
        assert_eq!(tiles[3].as_wind(), Some(Wind::North));
        assert_eq!(tiles[4].as_dragon(), Some(Dragon::White));
        assert_eq!(tiles[5].as_dragon(), Some(Dragon::Green));
        assert_eq!(tiles[6].as_dragon(), Some(Dragon::Red));
    }

    #[test]
    fn every_tile_round_trips_through_both_notations() {
        for tile in Tile::all() {
            assert_eq!(playing(&tile.to_string()), [tile]);
            assert_eq!(playing(&tile.unicode().to_string()), [tile]);
        }
    }

    #[test]
    fn unicode_points_match_the_standard() {
        // U+1F000 is the East wind, U+1F004 the red dragon, U+1F007 one of characters,
        // U+1F010 one of bamboos, U+1F019 one of circles, U+1F022 the plum (flower 1).
        assert_eq!(Tile::wind(Wind::East).unicode(), '\u{1F000}');
        assert_eq!(Tile::dragon(Dragon::Red).unicode(), '\u{1F004}');
        assert_eq!(Tile::dragon(Dragon::White).unicode(), '\u{1F006}');
        assert_eq!(
            Tile::new(Suit::Characters, 1).unwrap().unicode(),
            '\u{1F007}'
        );
        assert_eq!(Tile::new(Suit::Bamboo, 1).unwrap().unicode(), '\u{1F010}');
        assert_eq!(Tile::new(Suit::Dots, 9).unwrap().unicode(), '\u{1F021}');
        let plum = BonusTile {
            kind: BonusKind::Flower,
            wind: Wind::East,
        };
        assert_eq!(plum.unicode(), '\u{1F022}');
        let winter = BonusTile {
            kind: BonusKind::Season,
            wind: Wind::North,
        };
        assert_eq!(winter.unicode(), '\u{1F029}');
        assert_eq!(
            parse_tiles("\u{1F029}").unwrap()[0].tile,
            AnyTile::Bonus(winter)
        );
    }

    #[test]
    fn errors_point_at_their_bytes() {
        let errors = parse_tiles("12x 8z 5f 34").unwrap_err();
        let found: Vec<(&str, Range<usize>)> = errors
            .iter()
            .map(|e| (e.message.split(':').next().unwrap(), e.span.clone()))
            .collect();
        assert_eq!(
            found,
            [
                ("`x` is not a suit letter", 0..3),
                ("`8z` is not a tile", 4..5),
                ("`5f` is not a tile", 7..8),
                ("digits `34` have no suit letter after them", 10..12),
            ]
        );
    }

    #[test]
    fn neighbours_stay_in_their_suit() {
        let set = |text: &str| {
            let mut s = TileSet::default();
            playing(text).into_iter().for_each(|t| s.insert(t));
            s
        };
        let near = set("1m 9p 5z").with_neighbours();
        assert_eq!(format_tiles(near.iter(), TileStyle::Ascii), "123m 789p 5z");
    }

    #[test]
    fn ascii_output_groups_suits() {
        let tiles = playing("1m 2m 3m 5p 5p 7z");
        assert_eq!(format_tiles(tiles, TileStyle::Ascii), "123m 55p 7z");
    }

    #[test]
    fn tile_classes() {
        let t = |s: &str| playing(s)[0];
        assert!(t("1m").is_terminal() && t("1m").is_major() && !t("1m").is_simple());
        assert!(t("5p").is_simple() && !t("5p").is_major());
        assert!(t("7z").is_honour() && t("7z").is_major() && !t("7z").is_terminal());
        assert!(t("6z").is_green() && t("8s").is_green() && !t("5s").is_green());
        assert_eq!(t("9s").succ(), None);
        assert_eq!(t("8s").succ(), Some(t("9s")));
        assert_eq!(t("1z").succ(), None);
    }
}
