//! Corpus lines, sooner: the hands the plain reader ([`crate::hand::line`]) reads from the
//! lines `mjrules gen` writes, without its general JSON reader or its diagnostics.
//!
//! In: one line's bytes. Out: the hand, or `None` for a line this reader does not take (a
//! mistake, an escape, a byte outside ASCII, keys in another order than written, …), which
//! the plain reader then reads, to accept it or to say what is wrong. The line is scanned
//! into a record borrowing its strings ([`scan`]), the tile notation read without
//! allocating, the commonest forms of a word at once; the parts are checked by
//! [`Hand::new`], as every reader's are. The tests hold it to the plain reader on generated
//! and mutated lines.

mod scan;

use arrayvec::ArrayVec;

use std::cell::Cell;

use crate::hand::{
    Hand, HandParts, Indicators, MAX_INDICATORS, MAX_MELDS, Part, RedFives, Win, WinSource,
};
use crate::set::{Exposure, Set, SetKind, shape_of};
use crate::tiles::{AnyTile, BonusKind, BonusTile, Tile, TileCounts, Wind, read_tiles};
use crate::words;
use scan::{LineRecord, scan};

/// Reads one corpus line fast: the hand, or what `plainly` (the plain reader) makes of a
/// line this reader leaves to it. The hand is built where the result is kept, not copied
/// there (it is a few hundred bytes, and most lines are read here).
#[inline]
pub fn read_line<E>(line: &[u8], plainly: impl FnOnce() -> Result<Hand, E>) -> Result<Hand, E> {
    let (mut record, mut kept) = (LineRecord::default(), Parts::default());
    match scan(line, &mut record).and_then(|()| parts(&record, &mut kept)) {
        Some(parts) => match Hand::check(&parts) {
            Ok(checked) => Ok(Hand::assemble(&parts, checked)),
            Err(_) => plainly(),
        },
        None => plainly(),
    }
}

/// The parts of a hand that [`HandParts`] borrows, kept by the caller of [`parts`].
#[derive(Default)]
struct Parts {
    melds: ArrayVec<Set, MAX_MELDS>,
    bonus: ArrayVec<BonusTile, { BonusTile::COUNT }>,
    dora: Indicators,
    ura_dora: Indicators,
    /// The red fives in the order the plain reader finds them: the concealed tiles, the
    /// declared sets, the tiles seen, the indicators, those under them.
    red: RedFives,
}

/// The parts of a hand read from a record, to be checked by [`Hand::check`], those it
/// borrows kept in `kept`; `None` on anything this reader does not take.
#[inline(always)]
fn parts<'k>(r: &LineRecord<'_>, kept: &'k mut Parts) -> Option<HandParts<'k>> {
    let seat = Wind::from_name(r.seat)?;
    let prevailing = Wind::from_name(r.prevailing)?;
    let red = &mut kept.red;
    // The concealed tiles and those seen are read with their red fives (`playing_red`);
    // the other texts as they are, and only when that fails looked at for red fives
    // (`read_red`).
    let concealed = playing_red(r.concealed, Part::Concealed, red)?;
    // The record holds at most as many melds as a hand does.
    for (i, text) in r.melds.iter().enumerate() {
        kept.melds
            .push(meld(text).or_else(|| read_red(text, Part::Meld(i), red, meld))?);
    }
    let seen = playing_red(r.seen, Part::Seen, red)?;
    if !r.dora.is_empty() || !r.ura_dora.is_empty() {
        kept.dora = indicators(r.dora, Part::Indicator, red)?;
        kept.ura_dora = indicators(r.ura_dora, Part::HiddenIndicator, red)?;
    }
    for text in &r.bonus {
        let before = kept.bonus.len();
        tiles_in(
            text,
            &mut kept.bonus,
            |bonus| bonus.truncate(before),
            |bonus, t| match t {
                AnyTile::Bonus(b) => bonus.try_push(b).ok(),
                AnyTile::Playing(_) => None,
            },
            no_red,
        )?;
    }
    let win = match &r.win {
        None => None,
        Some(w) => Some(Win {
            tile: one_tile(w.tile)?,
            from: words::read(&WinSource::WORDS, w.from)?,
            discarder: match w.discarder {
                None => None,
                Some(d) => Some(Wind::from_name(d)?),
            },
            last: w.last,
            heavenly: w.heavenly,
            kong_on_kong: w.kong_on_kong,
            late: w.late,
            completes: match w.completes {
                None => None,
                Some(text) => Some(completes(text)?),
            },
        }),
    };
    Some(HandParts {
        seat: Some(seat),
        prevailing: Some(prevailing),
        concealed: Some(concealed),
        melds: &kept.melds,
        bonus: &kept.bonus,
        seen,
        win,
        original_call: original_call(r)?,
        declared_ready: r.riichi || r.double_riichi,
        one_go_around: r.ippatsu,
        indicators: &kept.dora,
        hidden_indicators: &kept.ura_dora,
        red_fives: &kept.red,
        partial: false,
        incomplete: false,
    })
}

/// The longest tile text whose red fives this reader reads; a longer one is left to the
/// plain reader.
const MAX_RED_TEXT: usize = 64;

/// `read` of a text that did not read as it is: again with its red fives (`0m 0p 0s`) read
/// as fives and added to `red` as written in `part`, if it has any; `None` when it has none,
/// when `read` gives it, or for a red five this reader leaves to the plain one (see
/// [`fives`]). Seldom called, so kept out of the way.
#[cold]
#[inline(never)]
fn read_red<T>(
    text: &[u8],
    part: Part,
    red: &mut RedFives,
    read: impl Fn(&[u8]) -> Option<T>,
) -> Option<T> {
    if !text.contains(&b'0') {
        return None;
    }
    read(&fives(text, part, red)?)
}

/// `text` with each red five's `0` written `5`, its fives added to `red` with `part`, in
/// the order written. `None` (for the plain reader, which says what is wrong) when the text
/// is longer than [`MAX_RED_TEXT`], a `0` is not followed by digits then `m`, `p` or `s`, or
/// a fourth red five does not fit.
fn fives(text: &[u8], part: Part, red: &mut RedFives) -> Option<ArrayVec<u8, MAX_RED_TEXT>> {
    let mut plain: ArrayVec<u8, MAX_RED_TEXT> = ArrayVec::new();
    for (i, &b) in text.iter().enumerate() {
        if b == b'0' {
            let letter = text[i..].iter().find(|b| !b.is_ascii_digit())?;
            let suit = match letter {
                b'm' => 0,
                b'p' => 9,
                b's' => 18,
                _ => return None,
            };
            red.try_push((Tile::from_index(suit + 4)?, part)).ok()?;
        }
        plain.try_push(if b == b'0' { b'5' } else { b }).ok()?;
    }
    Some(plain)
}

/// The indicator tiles of `text` in the order written, each its own part (`part(i)`), their
/// red fives added to `red`. The commonest notation is read by [`plain_tiles`], red fives
/// and all; any other by the general notation reader, unless it holds a red five, which is
/// then left to the plain reader.
fn indicators(text: &[u8], part: fn(usize) -> Part, red: &mut RedFives) -> Option<Indicators> {
    // From the last tile to the first, each with whether it is a red five (`plain_tiles`
    // gives a red five to `red` just before it gives it to `each`).
    let mut read: ArrayVec<(Tile, bool), MAX_INDICATORS> = ArrayVec::new();
    let next_is_red = Cell::new(false);
    let plain = plain_tiles(
        text,
        |t| match t {
            AnyTile::Playing(tile) => read.try_push((tile, next_is_red.take())).ok(),
            AnyTile::Bonus(_) => None,
        },
        |_| {
            next_is_red.set(true);
            Some(())
        },
    );
    let mut out = Indicators::new();
    if plain.is_some() {
        for (i, &(tile, is_red)) in read.iter().rev().enumerate() {
            if is_red {
                red.try_push((tile, part(i))).ok()?;
            }
            out.push(tile);
        }
        return Some(out);
    }
    if text.contains(&b'0') {
        return None;
    }
    read_tiles(std::str::from_utf8(text).ok()?, |t| match t {
        AnyTile::Playing(tile) => out.try_push(tile).ok(),
        AnyTile::Bonus(_) => None,
    })?;
    Some(out)
}

/// The original call of a line, where it says one thing: `original-call` at the top and in
/// `win` given alike, and not given as `false` beside `double-riichi`; otherwise none, and
/// the line is left to the plain reader, which says what is wrong.
#[inline(always)]
fn original_call(r: &LineRecord<'_>) -> Option<bool> {
    let (top, in_win) = (
        r.original_call,
        r.win.as_ref().and_then(|w| w.original_call),
    );
    // The commonest line says nothing of it.
    if top.is_none() && in_win.is_none() {
        return Some(r.double_riichi);
    }
    let twice_otherwise = matches!((top, in_win), (Some(a), Some(b)) if a != b);
    let denied = r.double_riichi && (top == Some(false) || in_win == Some(false));
    if twice_otherwise || denied {
        return None;
    }
    Some(top == Some(true) || in_win == Some(true) || r.double_riichi)
}

/// The set that `text` (`completes` of a win) names: a pair, chow or pung. Seldom written,
/// so kept out of the way of the rest of the line.
#[cold]
#[inline(never)]
fn completes(text: &[u8]) -> Option<(SetKind, Tile)> {
    // A red five here is a five and no more (it is counted where the hand holds it).
    let tiles = set_tiles(text, |_| Some(()))?;
    match tiles.as_slice() {
        [a, b] if a == b => Some((SetKind::Pair, *a)),
        _ => shape_of(&tiles).filter(|(k, _)| *k != SetKind::Kong),
    }
}

/// Takes no red five: a text that holds one is left to [`read_red`] (or the plain reader).
fn no_red(_: Tile) -> Option<()> {
    None
}

/// The playing tiles of `text`, counted.
fn playing(text: &[u8]) -> Option<TileCounts> {
    counted(text, no_red)
}

/// The playing tiles of `text`, counted, its red fives given to `red` (see [`tiles_in`]).
#[inline(always)]
fn counted(text: &[u8], red: impl FnMut(Tile) -> Option<()>) -> Option<TileCounts> {
    let mut counts = TileCounts::default();
    tiles_in(
        text,
        &mut counts,
        |counts| *counts = TileCounts::default(),
        |counts, t| match t {
            AnyTile::Playing(p) => {
                counts.add(p);
                Some(())
            }
            AnyTile::Bonus(_) => None,
        },
        red,
    )?;
    Some(counts)
}

/// The playing tiles of `text`, counted, its red fives added to `red` as written in
/// `part`: read at once in the commonest notation, where a red five's `0` stands for a five
/// (see [`plain_tiles`]); otherwise as [`playing`], then [`read_red`], read it.
#[inline(always)]
fn playing_red(text: &[u8], part: Part, red: &mut RedFives) -> Option<TileCounts> {
    let before = red.len();
    if let Some(counts) = counted(text, |five| red.try_push((five, part)).ok()) {
        // Read from the last tile to the first: the red fives turned to the order written.
        red[before..].reverse();
        return Some(counts);
    }
    red.truncate(before);
    read_red(text, part, red, playing)
}

/// The playing tiles of `text`, at most four (a set), in no particular order: the fast
/// notation reader gives them last first, `read_tiles` first first.
fn playing_list(text: &[u8]) -> Option<ArrayVec<Tile, 4>> {
    set_tiles(text, no_red)
}

/// [`playing_list`], its red fives given to `red` (see [`tiles_in`]).
fn set_tiles(text: &[u8], red: impl FnMut(Tile) -> Option<()>) -> Option<ArrayVec<Tile, 4>> {
    let mut tiles = ArrayVec::new();
    tiles_in(
        text,
        &mut tiles,
        ArrayVec::clear,
        |tiles, t| match t {
            AnyTile::Playing(p) => tiles.try_push(p).ok(),
            AnyTile::Bonus(_) => None,
        },
        red,
    )?;
    Some(tiles)
}

/// Calls `each` with `state` on the tiles of `text`, those [`read_tiles`] reads, in no
/// particular order: `None` when the notation is wrong or `each` (or `red`, given each red
/// five first) gives `None`. The commonest notation is read by [`plain_tiles`]; whatever it
/// does not take is read again by `read_tiles`, after `reset` has undone what `each` did to
/// `state`, unless it holds a red five. (Inlined: most texts of a line are read through
/// it, and its closures are inlined with it.)
#[inline(always)]
fn tiles_in<S>(
    text: &[u8],
    state: &mut S,
    reset: impl FnOnce(&mut S),
    mut each: impl FnMut(&mut S, AnyTile) -> Option<()>,
    red: impl FnMut(Tile) -> Option<()>,
) -> Option<()> {
    if plain_tiles(text, |t| each(state, t), red).is_none() {
        // A `0` (a red five) is no digit of `read_tiles` either: left to `read_red`.
        if text.contains(&b'0') {
            return None;
        }
        return read_again(text, state, reset, each);
    }
    Some(())
}

/// The tiles of `text`, which [`plain_tiles`] did not take, read by `read_tiles` (see
/// [`tiles_in`]). Seldom called, so kept out of the way of the common reading.
#[cold]
#[inline(never)]
fn read_again<S>(
    text: &[u8],
    state: &mut S,
    reset: impl FnOnce(&mut S),
    mut each: impl FnMut(&mut S, AnyTile) -> Option<()>,
) -> Option<()> {
    reset(state);
    read_tiles(std::str::from_utf8(text).ok()?, |t| each(state, t))
}

/// Reads the commonest notation, digits then a suit letter with spaces between (`123m 55z
/// 1f`), calling `each` on the tiles that [`read_tiles`] reads, from the last to the first:
/// read backwards, a digit comes after its letter, so it needs no waiting. A red five, a
/// `0` before the letter `m`, `p` or `s` (`06m`), is that five, given to `red` before
/// `each`. `None` for anything else (other characters, a `0` before another letter, a
/// letter with no digit before it, an honour above 7, a flower or season above 4) or where
/// `each` or `red` gives `None`, for `read_tiles` to read again.
fn plain_tiles(
    text: &[u8],
    mut each: impl FnMut(AnyTile) -> Option<()>,
    mut red: impl FnMut(Tile) -> Option<()>,
) -> Option<()> {
    let mut letter: Option<Letter> = None;
    // Whether the letter read last has a digit before it (true before any letter).
    let mut has_digit = true;
    for &b in text.iter().rev() {
        match b {
            b'1'..=b'9' => {
                each(letter?.tile(b - b'0')?)?;
                has_digit = true;
            }
            b'0' => {
                let five = letter?.red_five()?;
                red(five)?;
                each(AnyTile::Playing(five))?;
                has_digit = true;
            }
            b' ' => {}
            _ if !has_digit => return None,
            _ => {
                letter = Some(Letter::of(b)?);
                has_digit = false;
            }
        }
    }
    has_digit.then_some(())
}

/// What the digits before a letter of the commonest notation stand for.
#[derive(Clone, Copy)]
enum Letter {
    /// Tiles of a suit or the honours: the index of its first tile, its highest digit.
    Playing(usize, u8),
    Bonus(BonusKind),
}

/// The letter of each byte, looked up rather than matched (a match is a jump that the
/// processor mispredicts from one letter to the next).
static LETTERS: [Option<Letter>; 256] = {
    let mut letters = [None; 256];
    letters[b'm' as usize] = Some(Letter::Playing(0, 9));
    letters[b'p' as usize] = Some(Letter::Playing(9, 9));
    letters[b's' as usize] = Some(Letter::Playing(18, 9));
    letters[b'z' as usize] = Some(Letter::Playing(27, 7));
    letters[b'f' as usize] = Some(Letter::Bonus(BonusKind::Flower));
    letters[b'y' as usize] = Some(Letter::Bonus(BonusKind::Season));
    letters
};

impl Letter {
    fn of(byte: u8) -> Option<Letter> {
        LETTERS[usize::from(byte)]
    }

    /// The five that a red five's `0` stands for before this letter, if it is a suit's.
    fn red_five(self) -> Option<Tile> {
        match self {
            Letter::Playing(first, 9) => Tile::from_index(first + 4),
            _ => None,
        }
    }

    /// The tile that `digit` (1 to 9) stands for before this letter, if any.
    fn tile(self, digit: u8) -> Option<AnyTile> {
        Some(match self {
            Letter::Playing(first, max) if digit <= max => {
                AnyTile::Playing(Tile::from_index(first + usize::from(digit) - 1)?)
            }
            Letter::Playing(..) => return None,
            Letter::Bonus(kind) => AnyTile::Bonus(BonusTile {
                kind,
                wind: *Wind::ALL.get(usize::from(digit) - 1)?,
            }),
        })
    }
}

/// The playing tile of a digit and a letter, as `9` and `s` (bytes of any value).
fn digit_tile(digit: u8, letter: u8) -> Option<Tile> {
    let digit = digit.checked_sub(b'0').filter(|d| (1..=9).contains(d))?;
    match Letter::of(letter)?.tile(digit)? {
        AnyTile::Playing(tile) => Some(tile),
        AnyTile::Bonus(_) => None,
    }
}

/// The one playing tile of `text`.
fn one_tile(text: &[u8]) -> Option<Tile> {
    // The commonest notation, a digit and its letter (`9s`), read at once.
    if let &[digit, letter] = text
        && let Some(tile) = digit_tile(digit, letter)
    {
        return Some(tile);
    }
    match playing_list(text)?.as_slice() {
        [t] => Some(*t),
        _ => None,
    }
}

/// The shape of a set's tiles, as [`shape_of`] reads them from [`playing_list`]; three or
/// four digits and one letter (`789s`, `777z`, `5555m`) read at once when they are a pung,
/// a kong or a chow of rising digits.
#[inline(always)]
fn set_shape(text: &[u8]) -> Option<(SetKind, Tile)> {
    let quick = match *text {
        [a, b, c, letter] if a == b && b == c => digit_tile(a, letter).map(|t| (SetKind::Pung, t)),
        [a, b, c, d, letter] if a == b && b == c && c == d => {
            digit_tile(a, letter).map(|t| (SetKind::Kong, t))
        }
        [a @ b'1'..=b'7', b, c, letter @ (b'm' | b'p' | b's')] if b == a + 1 && c == a + 2 => {
            digit_tile(a, letter).map(|t| (SetKind::Chow, t))
        }
        _ => None,
    };
    quick.or_else(|| shape_of(&playing_list(text)?))
}

/// A declared set: tiles (which may be spread over several words, as in `2m 3m 4m`), then
/// `exposed`, `concealed`, `claimed` or `from=SEAT`. The first word that starts with a
/// letter ends the tiles, as in the hand-file reader. The text is a string the scanner
/// took: ASCII without control characters, so its words are split at spaces. (Inlined in
/// the line's reading, where it is called for most lines.)
#[inline(always)]
fn meld(text: &[u8]) -> Option<Set> {
    debug_assert!(
        text.iter().all(|b| (b' '..=0x7f).contains(b)),
        "the scanner's strings are ASCII without control characters"
    );
    // The commonest form, one word of tiles then ` exposed` (`789s exposed`): the tiles
    // start with a digit and hold no space, so they are all of them, and `exposed` is all
    // there is to read after them.
    if let Some(tile_part) = text.strip_suffix(b" exposed")
        && tile_part.first().is_some_and(u8::is_ascii_digit)
        && tile_part.iter().all(u8::is_ascii_alphanumeric)
    {
        let (kind, tile) = set_shape(tile_part)?;
        return Some(Set {
            kind,
            tile,
            exposure: Exposure::Exposed,
            declared: true,
            from: None,
        });
    }
    let (tile_part, words) = text.split_at(words_start(text));
    let tiles = playing_list(tile_part)?;
    let (kind, tile) = shape_of(&tiles)?;
    let mut set = Set {
        kind,
        tile,
        exposure: Exposure::Exposed,
        declared: true,
        from: None,
    };
    let mut exposure_given = false;
    for word in words.split(|&b| b == b' ').filter(|w| !w.is_empty()) {
        if let Some(who) = word.strip_prefix(b"from=") {
            // Given twice: left to the plain reader, which says so.
            if set.from.is_some() {
                return None;
            }
            set.from = Some(Wind::from_name(who)?);
            continue;
        }
        let e = words::read(&Exposure::WORDS, word)?;
        if exposure_given {
            return None;
        }
        exposure_given = true;
        set.exposure = e;
    }
    Some(set)
}

/// Where the words after a set's tiles start: at the first word that starts with a letter,
/// as in the hand-file reader (the text's length when there is none). The text is ASCII,
/// its words split at spaces (see [`meld`]).
fn words_start(text: &[u8]) -> usize {
    (0..text.len())
        .find(|&i| text[i].is_ascii_alphabetic() && (i == 0 || text[i - 1] == b' '))
        .unwrap_or(text.len())
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    use super::*;
    use crate::corpus::{LineError, read_line as read_any_line, write_line};
    use crate::hand::line;
    use crate::random::HandGenerator;

    /// One line of a corpus, as serde writes and reads it: the tests change its fields.
    #[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
    #[serde(deny_unknown_fields, rename_all = "kebab-case")]
    struct HandRecord {
        seat: String,
        prevailing: String,
        concealed: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        melds: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        bonus: Vec<String>,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        seen: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        double_riichi: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        riichi: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        ippatsu: bool,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        dora: String,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        ura_dora: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        original_call: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        win: Option<WinRecord>,
    }

    /// The `win` object of a corpus line.
    #[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
    #[serde(deny_unknown_fields, rename_all = "kebab-case")]
    struct WinRecord {
        tile: String,
        from: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        discarder: Option<String>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        last: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        original_call: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        heavenly: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        kong_on_kong: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        late: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        completes: Option<String>,
    }

    #[test]
    fn lines_round_trip() {
        // Winners and others, with declared sets, bonus tiles, tiles seen elsewhere and
        // every win source: the line gives the hand back, by the fast path alone (which
        // falls back on nothing) and by the slow path. A line that lost its seen tiles
        // would give back another hand.
        let mut g = HandGenerator::new(3);
        let mut with_seen = 0;
        for _ in 0..2000 {
            let hand = g.corpus_hand(false);
            with_seen += usize::from(hand.seen().total() > 0);
            let line = write_line(&hand);
            assert_eq!(fast_path(&line).as_ref(), Some(&hand), "{line}");
            assert_eq!(slow_path(&line), Some(hand), "{line}");
        }
        assert!(
            with_seen > 1000,
            "{with_seen} of 2,000 hands have seen tiles"
        );
        // Hands of a table with indicators: ready declarations, indicators and red fives in
        // the concealed tiles and the declared sets, read fast too.
        let mut g = HandGenerator::with_indicators(3);
        let mut red = 0;
        for _ in 0..2000 {
            let hand = g.corpus_hand(false);
            red += usize::from(!hand.red_fives().is_empty());
            let line = write_line(&hand);
            assert_eq!(fast_path(&line).as_ref(), Some(&hand), "{line}");
            assert_eq!(slow_path(&line), Some(hand), "{line}");
        }
        assert!(red > 500, "{red} of 2,000 hands have red fives");
    }

    /// Words a mutation puts into a string field: good and bad winds, sources, tile notation.
    const WORDS: &[&str] = &[
        "east",
        "south",
        "west",
        "north",
        "eats",
        "wall",
        "discard",
        "loose",
        "robbed-kong",
        "",
        "1m",
        "9s",
        "5z",
        "8z",
        "0p",
        // Red fives: among digits, apart from their letter, of the honours, too many.
        "406m",
        "00s",
        "0 5m",
        "0z",
        "0m 0p 0s 0m",
        "1f",
        "4y",
        "5f",
        "11m",
        "123m",
        "333p",
        "4444s",
        "1234m",
        "77z",
        "12m",
        "2m 3m 4m",
        "\u{1F007}",
        "1m1",
        "m",
        "x",
    ];
    const MELD_WORDS: &[&str] = &[
        "",
        " exposed",
        " concealed",
        " claimed",
        " from=east",
        " open",
        // Unicode whitespace ends the tiles as a space does; a letter after it starts a word.
        "\u{3000}exposed",
        "\u{000B}m",
        " m",
    ];

    /// Changes one field of a record to another word of [`WORDS`] (or adds or drops a meld or
    /// bonus entry, or flips a flag), as chosen by `choice`.
    fn mutate(r: &mut HandRecord, choice: (usize, usize, usize)) {
        let (field, word, extra) = choice;
        let w = WORDS[word % WORDS.len()].to_string();
        let field = field % 14;
        if (7..=10).contains(&field) && r.win.is_none() && extra % 2 == 0 {
            // A loser's hand keeps its win absent half the time.
            return;
        }
        match field {
            0 => r.seat = w,
            1 => r.prevailing = w,
            2 => r.concealed = w,
            3 => r.melds.push(w + MELD_WORDS[extra % MELD_WORDS.len()]),
            4 => drop(r.melds.pop()),
            5 => r.bonus.push(w),
            6 => r.seen = w,
            7 => win_of(r).tile = w,
            8 => win_of(r).from = w,
            9 => win_of(r).discarder = Some(w),
            10 => win_of(r).completes = Some(w),
            11 => r.dora = w,
            12 => {
                r.riichi ^= extra % 2 == 0;
                r.ippatsu ^= extra % 3 == 0;
                r.ura_dora = WORDS[extra % WORDS.len()].to_string();
            }
            _ => {
                if let Some(win) = &mut r.win {
                    win.last ^= extra % 2 == 0;
                }
                r.original_call ^= extra % 3 == 0;
            }
        }
    }

    /// The record's win, made (from the wall, with 1m) when there is none.
    fn win_of(r: &mut HandRecord) -> &mut WinRecord {
        r.win.get_or_insert_with(|| WinRecord {
            tile: "1m".into(),
            from: "wall".into(),
            discarder: None,
            last: false,
            original_call: false,
            heavenly: false,
            kong_on_kong: false,
            late: false,
            completes: None,
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(30000))]

        /// The fast path and the hand-file reader agree on every line without escapes:
        /// the same hand, or both refuse it. Lines are generated hands with a few fields
        /// changed to good or bad values.
        #[test]
        fn the_fast_path_reads_what_a_hand_file_reads(
            seed in 0u64..1000,
            winner in proptest::bool::ANY,
            indicators in proptest::bool::ANY,
            changes in proptest::collection::vec((0usize..14, 0usize..64, 0usize..9), 0..3),
        ) {
            let hand = if indicators {
                HandGenerator::with_indicators(seed).corpus_hand(winner)
            } else {
                let mut g = HandGenerator::new(seed);
                if winner { g.winning_hand() } else { g.waiting_hand() }
            };
            let mut record: HandRecord = serde_json::from_str(&write_line(&hand)).unwrap();
            for change in changes {
                mutate(&mut record, change);
            }
            let line = serde_json::to_string(&record).unwrap();
            let fast = fast_path(&line);
            let slow = line::read(&line).ok();
            // A red winning tile is left to the slow path.
            let red_win = record.win.as_ref().is_some_and(|w| w.tile.contains('0'));
            if line.contains('\\') || !line.is_ascii() || red_win {
                // Escaped strings are not borrowed and only ASCII is read fast: the slow
                // path reads the rest.
                proptest::prop_assert!(fast.is_none() || fast == slow, "{}", line);
            } else {
                proptest::prop_assert_eq!(fast, slow, "{}", line);
            }
        }
    }

    fn slow_path(text: &str) -> Option<Hand> {
        line::read(text).ok()
    }

    /// True when the fast path's JSON reader takes the line.
    fn scans(line: &str) -> bool {
        scan(line.as_bytes(), &mut LineRecord::default()).is_some()
    }

    /// The hand the fast path alone reads from the line.
    fn fast_path(line: &str) -> Option<Hand> {
        read_line(line.as_bytes(), || Err(())).ok()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(30000))]

        /// The JSON reader of the fast path takes no line that the slow path would read
        /// differently: generated lines with a few bytes inserted, deleted or replaced
        /// (whitespace, punctuation, `null`, escapes, duplicated keys, bytes outside ASCII,
        /// whole or cut, which may leave the line no longer UTF-8) give the same hand by
        /// both paths, or are refused by both.
        #[test]
        fn the_fast_json_reader_agrees_with_serde(
            seed in 0u64..1000,
            edits in proptest::collection::vec((0usize..400, 0usize..3, 0usize..27), 0..4),
        ) {
            // `é` is 0xC3 0xA9 in UTF-8; 0xFF is never UTF-8.
            const BYTES: &[u8] = b" \n\t\r\",:{}[]nultrefa1mz\\x\xC3\xA9\xFF";
            let mut g = HandGenerator::new(seed);
            let mut line = write_line(&g.corpus_hand(false)).into_bytes();
            for (at, op, byte) in edits {
                let at = at % (line.len() + 1);
                match op {
                    0 => line.insert(at, BYTES[byte % BYTES.len()]),
                    1 if at < line.len() => drop(line.remove(at)),
                    _ if at < line.len() => line[at] = BYTES[byte % BYTES.len()],
                    _ => {}
                }
            }
            let slowly = std::str::from_utf8(&line).ok().and_then(slow_path);
            let shown = String::from_utf8_lossy(&line);
            proptest::prop_assert_eq!(read_any_line(&line).ok(), slowly, "{}", shown);
        }
    }

    #[test]
    fn the_fast_json_reader_takes_what_serde_takes() {
        // Whitespace anywhere, keys in any order, null for an absent win or discarder.
        let line = " { \"prevailing\" :\"east\",\t\"seat\": \"south\", \"win\": null, \
                    \"concealed\": \"123m 456m 789m 11z 22z\" } ";
        let hand = read_any_line(line.as_bytes()).unwrap();
        assert_eq!(Some(hand.clone()), slow_path(line));
        assert!(scans(line), "the fast path takes it");
        assert_eq!(hand.seat(), Wind::South);
        // An escape is left to the slow path, which reads it.
        let escaped = line.replace("\"east\"", "\"\\u0065ast\"");
        assert!(!scans(&escaped));
        assert_eq!(read_any_line(escaped.as_bytes()).unwrap(), hand);
        // A repeated key is refused by both.
        let repeated = line.replace("\"win\": null", "\"seat\": \"west\"");
        assert!(!scans(&repeated));
        assert!(read_any_line(repeated.as_bytes()).is_err());
    }

    #[test]
    fn a_line_outside_ascii_is_left_to_the_slow_path() {
        // Tiles written as Unicode mahjong tiles (U+1F007 is 1m): the fast path takes only
        // ASCII, the slow path reads them.
        let ascii = r#"{"seat":"east","prevailing":"east","concealed":"123m 456m 789m 11z 22z"}"#;
        let unicode = ascii.replace("123m", "\u{1F007}\u{1F008}\u{1F009}");
        assert!(!scans(&unicode));
        assert_eq!(
            read_any_line(unicode.as_bytes()).unwrap(),
            read_any_line(ascii.as_bytes()).unwrap()
        );
        // Bytes that are not UTF-8 are refused, and said to be.
        let mut bytes = ascii.as_bytes().to_vec();
        bytes[12] = 0xFF;
        assert!(matches!(read_any_line(&bytes), Err(LineError::NotUtf8)));
    }

    #[test]
    fn a_set_may_spread_its_tiles_over_several_words() {
        // The hand-file reader takes `2m 3m 4m from=east` as the chow 234m claimed from East;
        // the fast path once read only `2m` as the tiles and refused the line (found by
        // the property test above on CI).
        let line = r#"{"seat":"south","prevailing":"south","concealed":"444p 1223456s",
                       "melds":["2m 3m 4m from=east"],"bonus":["1f"]}"#
            .replace('\n', "");
        let fast = fast_path(&line).expect("the fast path reads it");
        assert_eq!(Some(fast.clone()), slow_path(&line));
        assert_eq!(fast.melds()[0].kind, SetKind::Chow);
        assert_eq!(fast.melds()[0].from, Some(Wind::East));
        // A word between tiles ends the tiles, so `2m exposed 3m 4m` is refused by both.
        let split = line.replace("2m 3m 4m from=east", "2m exposed 3m 4m");
        assert!(fast_path(&split).is_none());
        assert!(slow_path(&split).is_none());
    }

    #[test]
    fn a_thing_said_twice_otherwise_is_refused_by_both_readers() {
        let line = |melds: &str, top: &str, win: &str| {
            format!(
                r#"{{"seat":"south","prevailing":"east","concealed":"222m 345p 666s 99s","melds":["{melds}"]{top},"win":{{"tile":"4p","from":"discard","discarder":"west"{win}}}}}"#
            )
        };
        let said_once = line("777z from=north", r#","original-call":true"#, "");
        assert!(fast_path(&said_once).is_some());
        assert_eq!(fast_path(&said_once), slow_path(&said_once));
        // Said twice alike: one original call, read alike.
        let alike = line(
            "777z",
            r#","original-call":true"#,
            r#","original-call":true"#,
        );
        assert!(fast_path(&alike).unwrap().original_call());
        assert_eq!(fast_path(&alike), slow_path(&alike));
        for (bad, message) in [
            (
                line("777z from=north from=west", "", ""),
                "`from=` is given twice: a declared set was claimed from one player",
            ),
            (
                line(
                    "777z",
                    r#","original-call":true"#,
                    r#","original-call":false"#,
                ),
                "`original-call` is given twice with different values: `true` at the top, \
                 `false` in `[win]`",
            ),
            (
                line("777z", r#","double-riichi":true,"original-call":false"#, ""),
                "`double-riichi` is the original call in riichi's word, but `original-call` \
                 says there was none",
            ),
        ] {
            assert!(fast_path(&bad).is_none(), "{bad}");
            let Err(LineError::Invalid(problems)) = read_any_line(bad.as_bytes()) else {
                panic!("{bad} was read")
            };
            assert!(
                problems.iter().any(|p| p.message == message),
                "{bad}: {problems:?}"
            );
        }
    }

    #[test]
    fn indicators_are_read_in_the_order_written() {
        // A hand with three kongs shows four indicators: a tile a word (read word by word)
        // or all in one word (read by the general notation reader), in the order written.
        let line = r#"{"seat":"east","prevailing":"east","concealed":"22m",
                       "melds":["1111p concealed","3333s concealed","7777z concealed",
                       "456m exposed"],"riichi":false,"dora":"9m 2p 4z 8s","win":
                       {"tile":"2m","from":"wall"}}"#
            .replace('\n', "");
        let fast = fast_path(&line).expect("the fast path reads it");
        assert_eq!(Some(fast.clone()), slow_path(&line));
        let tile = |t: &str| one_tile(t.as_bytes()).unwrap();
        assert_eq!(
            fast.indicators(),
            [tile("9m"), tile("2p"), tile("4z"), tile("8s")]
        );
        let one_word = line.replace("9m 2p 4z 8s", "9m2p4z8s");
        assert_eq!(
            fast_path(&one_word).map(|h| h.indicators().to_vec()),
            Some(fast.indicators().to_vec())
        );
    }

    #[test]
    fn a_bad_line_gets_the_hand_file_diagnostic_in_the_line() {
        let line = r#"{"seat":"sout","prevailing":"east","concealed":"123m"}"#;
        let Err(LineError::Invalid(problems)) = read_any_line(line.as_bytes()) else {
            panic!()
        };
        let wind = problems
            .iter()
            .find(|p| p.message == "`sout` is not a wind")
            .expect("the hand file's diagnostic");
        assert_eq!(&line[wind.span.clone()], "\"sout\"");
        let line = r#"{"seat": 1}"#;
        let Err(LineError::Invalid(problems)) = read_any_line(line.as_bytes()) else {
            panic!()
        };
        assert_eq!(problems[0].message, "`seat` must be a string");
        assert_eq!(&line[problems[0].span.clone()], "1");
    }
}
