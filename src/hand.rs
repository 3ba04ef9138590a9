//! Hands: one player's tiles at the end of a deal, read from a hand file and validated.
//!
//! In: the TOML text of a hand file (`../shared/design/contracts.md`, "A hand file"). Out: a
//! [`Hand`] whose tile counts, sets and win facts are known to be legal, or an
//! [`InputError`] listing every problem with its place in the file.

use std::ops::Range;

use arrayvec::ArrayVec;
use toml::de::DeValue;

use crate::diagnostic::{Diagnostic, InputError, did_you_mean};
use crate::document::{self, StrValue, TableReader, quoted_list};
use crate::set::{Exposure, Set, SetKind, shape_of};
use crate::tiles::{AnyTile, BonusTile, ParsedTile, Tile, TileCounts, Wind, parse_tiles};

/// Where the winning tile came from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WinSource {
    /// Drawn from the live wall (self-drawn).
    Wall,
    /// Claimed from another player's discard.
    Discard,
    /// Drawn as a loose (replacement) tile after a kong or a bonus tile.
    Loose,
    /// Taken from another player's kong as it was being made.
    RobbedKong,
}

impl WinSource {
    const NAMES: [(&'static str, WinSource); 4] = [
        ("wall", WinSource::Wall),
        ("discard", WinSource::Discard),
        ("loose", WinSource::Loose),
        ("robbed-kong", WinSource::RobbedKong),
    ];

    /// The word used in hand files.
    pub fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, s)| *s == self)
            .map(|(n, _)| *n)
            .expect("every source has a name")
    }

    /// True when the winning tile came from another player (discard or robbed kong): the
    /// set it completes then counts as exposed.
    pub fn is_claimed(self) -> bool {
        matches!(self, WinSource::Discard | WinSource::RobbedKong)
    }
}

/// How the player went out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Win {
    /// The winning tile; it is also counted in [`Hand::concealed`].
    pub tile: Tile,
    /// Where it came from.
    pub from: WinSource,
    /// Who discarded it (or whose kong was robbed), if known.
    pub discarder: Option<Wind>,
    /// It was the last tile of the wall, or the discard of it.
    pub last: bool,
    /// Dealt complete (East) or complete on the first discard (others).
    pub heavenly: bool,
    /// Won with the loose tile of a kong made with a loose tile ("kong upon kong",
    /// Kajongg's "twofold fortune").
    pub kong_on_kong: bool,
    /// Five tiles or fewer were left in the wall when the winning tile came (Hong Kong's
    /// fifth-tile penalty).
    pub late: bool,
    /// The set the winning tile completed, when the player showed it: only arrangements in
    /// which the winning tile completes this set (kind and lowest tile) are read.
    pub completes: Option<(SetKind, Tile)>,
}

impl Win {
    /// A win with `tile` from `from`, nothing more known: no discarder, none of the rarer
    /// circumstances, no set shown.
    pub fn plain(tile: Tile, from: WinSource) -> Win {
        Win {
            tile,
            from,
            discarder: None,
            last: false,
            heavenly: false,
            kong_on_kong: false,
            late: false,
            completes: None,
        }
    }
}

/// The most declared sets a hand has.
pub const MAX_MELDS: usize = 4;

/// A hand's declared sets.
pub type Melds = ArrayVec<Set, MAX_MELDS>;

/// A hand's bonus tiles.
pub type Bonus = ArrayVec<BonusTile, { BonusTile::COUNT }>;

/// One player's hand, validated.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Hand {
    /// The player's own wind.
    pub seat: Wind,
    /// The wind of the round.
    pub prevailing: Wind,
    /// Tiles not in a declared set; for the winner this includes the winning tile.
    pub concealed: TileCounts,
    /// Declared sets, in the order of the file.
    pub melds: Melds,
    /// Flowers and seasons, in order, each at most once.
    pub bonus: Bonus,
    /// Tiles visible elsewhere on the table.
    pub seen: TileCounts,
    /// Present for the player who went out.
    pub win: Option<Win>,
    /// The player declared a ready hand after the first discard and kept it (the original
    /// call), whether or not they went out.
    pub original_call: bool,
}

impl Hand {
    /// True for the player who went out.
    pub fn is_winner(&self) -> bool {
        self.win.is_some()
    }

    /// How many sets the concealed tiles must still form (besides the pair) to go out.
    pub fn sets_needed(&self) -> usize {
        4usize.saturating_sub(self.melds.len())
    }

    /// The hand before its winning tile arrived: the concealed tiles less the winning tile
    /// (for a non-winner, the concealed tiles).
    pub fn waiting_tiles(&self) -> TileCounts {
        let mut counts = self.concealed;
        if let Some(win) = self.win {
            counts.remove(win.tile);
        }
        counts
    }

    /// Every tile of the player's: concealed and declared.
    pub fn own_tiles(&self) -> TileCounts {
        let mut counts = self.concealed;
        for meld in &self.melds {
            meld.tiles().for_each(|t| counts.add(t));
        }
        counts
    }

    /// The tiles the player held before the winning tile came, concealed and declared (for
    /// a player who did not go out, all of them).
    pub fn held_before_win(&self) -> TileCounts {
        let mut counts = self.own_tiles();
        if let Some(win) = self.win {
            counts.remove(win.tile);
        }
        counts
    }
}

/// Reads and validates a hand file called `name`.
pub fn parse_hand(name: &str, text: &str) -> Result<Hand, InputError> {
    let mut problems = Vec::new();
    let hand = match document::parse(text) {
        Ok(doc) => {
            let reader = TableReader::new(doc.get_ref(), doc.span(), "the hand");
            read_hand(reader, text, None, None, &mut problems)
        }
        Err(problem) => {
            problems.push(problem);
            None
        }
    };
    match hand {
        Some(hand) if problems.is_empty() => Ok(hand),
        _ => Err(InputError::new(name, text, problems)),
    }
}

/// Reads a hand from a table of a document whose text is `source`. `seat` and `prevailing`
/// are given when the table's place decides them (a seat of a deal file); otherwise the
/// table's `seat` and `prevailing` keys do.
/// Returns the hand when it has no problems; adds every problem found to `problems`.
pub fn read_hand(
    mut reader: TableReader<'_, '_>,
    source: &str,
    seat: Option<Wind>,
    prevailing: Option<Wind>,
    problems: &mut Vec<Diagnostic>,
) -> Option<Hand> {
    let before = problems.len();
    let seat = match seat {
        Some(seat) => Some(seat),
        None => reader
            .require("seat", problems)
            .and_then(|v| read_wind(v, "seat", source, problems)),
    };
    let prevailing = match prevailing {
        Some(wind) => Some(wind),
        None => reader
            .require("prevailing", problems)
            .and_then(|v| read_wind(v, "prevailing", source, problems)),
    };

    let mut tiles = TileLedger::default();
    let concealed_value = reader
        .require("concealed", problems)
        .and_then(|v| document::expect_string(v, "concealed", source, problems));
    let concealed = concealed_value
        .as_ref()
        .map(|v| {
            let parsed = read_playing(v, "concealed", problems);
            tiles.record(&parsed);
            TileCounts::from_tiles(parsed.iter().map(|(t, _)| *t))
        })
        .unwrap_or_default();

    let melds = read_melds(&mut reader, source, seat, &mut tiles, problems);
    let bonus = read_bonus(&mut reader, source, problems);
    let seen = reader
        .string("seen", source, problems)
        .map(|v| {
            let parsed = read_playing(&v, "seen", problems);
            tiles.record(&parsed);
            TileCounts::from_tiles(parsed.iter().map(|(t, _)| *t))
        })
        .unwrap_or_default();
    let win = reader
        .get("win")
        .and_then(|v| read_win(v, source, seat, problems));
    // The original call, for a player who did not go out, at the top; for the winner, in
    // `[win]` (the contracts page) or at the top.
    let original_call = reader.flag("original-call", problems)
        || win.as_ref().is_some_and(|(_, _, called)| *called);
    reader.finish(problems);
    tiles.check_fifth_copies(problems);

    // Counting tiles only makes sense once every tile was read.
    if problems.len() == before
        && let Some(concealed_value) = &concealed_value
    {
        check_tile_count(&concealed, &melds, win.is_some(), concealed_value, problems);
        if let Some((win, span, _)) = &win
            && concealed.get(win.tile) == 0
        {
            problems.push(
                Diagnostic::new(
                    span.clone(),
                    format!(
                        "the winning tile `{}` is not among the concealed tiles",
                        win.tile
                    ),
                    "not in `concealed`",
                )
                .with_help(
                    "`concealed` holds the winning tile too (for a robbed kong, the robbed tile)",
                ),
            );
        }
    }

    if problems.len() > before {
        return None;
    }
    Some(Hand {
        seat: seat?,
        prevailing: prevailing?,
        concealed,
        melds,
        bonus,
        seen,
        win: win.map(|(w, _, _)| w),
        original_call,
    })
}

/// Checks the number of tiles: 14 plus one per kong for a winner, 13 plus one per kong for
/// the others.
fn check_tile_count(
    concealed: &TileCounts,
    melds: &[Set],
    winner: bool,
    concealed_value: &StrValue<'_>,
    problems: &mut Vec<Diagnostic>,
) {
    let kongs = melds.iter().filter(|m| m.kind == SetKind::Kong).count();
    let total = concealed.total() + melds.iter().map(|m| m.kind.size()).sum::<usize>();
    let expected = if winner { 14 } else { 13 } + kongs;
    if total != expected {
        let who = if winner {
            "a winning hand has 14 tiles"
        } else {
            "a hand that did not go out has 13 tiles"
        };
        problems.push(
            Diagnostic::new(
                concealed_value.span.clone(),
                format!("{who} plus one per kong ({expected} here), but this one has {total}"),
                format!("{} concealed tiles", concealed.total()),
            )
            .with_help(if winner {
                "count the winning tile in `concealed`, and flowers and seasons in `bonus` only"
            } else {
                "flowers and seasons go in `bonus`; a `[win]` table marks the player who went out"
            }),
        );
    }
}

/// Every playing tile read from the file, with its place, to find fifth copies.
#[derive(Default)]
struct TileLedger {
    tiles: Vec<(Tile, Range<usize>)>,
}

impl TileLedger {
    fn record(&mut self, tiles: &[(Tile, Range<usize>)]) {
        self.tiles.extend(tiles.iter().cloned());
    }

    fn check_fifth_copies(&self, problems: &mut Vec<Diagnostic>) {
        let mut counts = [0usize; Tile::COUNT];
        for (tile, span) in &self.tiles {
            counts[tile.index()] += 1;
            if counts[tile.index()] == 5 {
                problems.push(
                    Diagnostic::new(
                        span.clone(),
                        format!("a fifth `{tile}`: there are only four of each tile"),
                        "fifth copy",
                    )
                    .with_help("count the tiles in `concealed`, `melds` and `seen` together"),
                );
            }
        }
    }
}

fn read_wind(
    value: &document::Value<'_>,
    key: &str,
    source: &str,
    problems: &mut Vec<Diagnostic>,
) -> Option<Wind> {
    let v = document::expect_string(value, key, source, problems)?;
    let wind = Wind::from_name(v.text);
    if wind.is_none() {
        problems.push(bad_word(
            &v,
            format!("`{}` is not a wind", v.text),
            "expected east, south, west or north",
            Wind::ALL.map(Wind::name),
        ));
    }
    wind
}

/// A problem about an unknown word, with a "did you mean" over the known words.
fn bad_word<const N: usize>(
    v: &StrValue<'_>,
    message: String,
    label: &str,
    known: [&str; N],
) -> Diagnostic {
    let problem = Diagnostic::new(v.span.clone(), message, label);
    match did_you_mean(v.text, known) {
        Some(s) => problem.with_help(format!("did you mean `{s}`?")),
        None => problem.with_help(format!("use one of {}", quoted_list(&known))),
    }
}

/// Reads playing tiles from a string value; bonus tiles and notation errors are problems.
fn read_playing(
    v: &StrValue<'_>,
    key: &str,
    problems: &mut Vec<Diagnostic>,
) -> Vec<(Tile, Range<usize>)> {
    let mut out = Vec::new();
    for parsed in read_notation(v, problems) {
        let span = v.sub_span(parsed.span.clone());
        match parsed.tile {
            AnyTile::Playing(t) => out.push((t, span)),
            AnyTile::Bonus(b) => problems.push(
                Diagnostic::new(
                    span,
                    format!("`{b}` is a bonus tile, not a tile of `{key}`"),
                    "bonus tile",
                )
                .with_help("flowers and seasons go in `bonus`"),
            ),
        }
    }
    out
}

/// Reads tile notation from a string value, adding its notation errors as problems.
fn read_notation(v: &StrValue<'_>, problems: &mut Vec<Diagnostic>) -> Vec<ParsedTile> {
    match parse_tiles(v.text) {
        Ok(tiles) => tiles,
        Err(errors) => {
            problems.extend(errors.into_iter().map(|e| e.moved(|span| v.sub_span(span))));
            Vec::new()
        }
    }
}

/// The words that may follow a declared set's tiles.
const MELD_WORDS: [&str; 4] = ["exposed", "concealed", "claimed", "from="];

fn read_melds(
    reader: &mut TableReader<'_, '_>,
    source: &str,
    seat: Option<Wind>,
    tiles: &mut TileLedger,
    problems: &mut Vec<Diagnostic>,
) -> Melds {
    let Some(value) = reader.get("melds") else {
        return Melds::new();
    };
    let DeValue::Array(items) = value.get_ref() else {
        problems.push(document::wrong_type(
            value.span(),
            "melds",
            "an array of strings",
            value.get_ref(),
        ));
        return Melds::new();
    };
    let mut melds = Melds::new();
    for item in items.iter() {
        if let Some(v) = document::expect_string(item, "melds", source, problems)
            && let Some(meld) = read_meld(&v, seat, tiles, problems)
            && melds.try_push(meld).is_err()
        {
            problems.push(Diagnostic::new(
                v.span.clone(),
                format!("a hand has at most {MAX_MELDS} declared sets"),
                "one set too many",
            ));
        }
    }
    melds
}

/// Reads one declared set: its tiles, then optional words.
fn read_meld(
    v: &StrValue<'_>,
    seat: Option<Wind>,
    tiles: &mut TileLedger,
    problems: &mut Vec<Diagnostic>,
) -> Option<Set> {
    let before = problems.len();
    // The tiles run up to the first word that starts with a letter other than a suit letter
    // following digits: split on whitespace and take tokens while they parse as tiles.
    let mut tile_end = 0;
    let mut words: Vec<(&str, Range<usize>)> = Vec::new();
    for (start, token) in tokens(v.text) {
        let is_word = token
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() && c != '=');
        if is_word || !words.is_empty() {
            words.push((token, start..start + token.len()));
        } else {
            tile_end = start + token.len();
        }
    }
    let tile_part = StrValue {
        text: &v.text[..tile_end],
        span: v.span.clone(),
        content_start: v.content_start,
    };
    let parsed = read_playing(&tile_part, "melds", problems);
    tiles.record(&parsed);
    let set_tiles: Vec<Tile> = parsed.iter().map(|(t, _)| *t).collect();
    let shape = if set_tiles.is_empty() {
        if problems.len() == before {
            problems.push(Diagnostic::new(
                v.span.clone(),
                "a declared set has no tiles",
                "expected tiles such as `777z` or `1111p concealed`",
            ));
        }
        None
    } else {
        let shape = shape_of(&set_tiles);
        if shape.is_none() && problems.len() == before {
            problems.push(
                Diagnostic::new(
                    v.sub_span(0..tile_end),
                    format!(
                        "`{}` is not a chow, pung or kong",
                        v.text[..tile_end].trim()
                    ),
                    "not a set",
                )
                .with_help("a declared set is three tiles in sequence, three alike or four alike"),
            );
        }
        shape
    };

    let mut exposure: Option<Exposure> = None;
    let mut from = None;
    for (word, range) in words {
        let span = v.sub_span(range);
        if let Some(who) = word.strip_prefix("from=") {
            match Wind::from_name(who) {
                Some(w) if Some(w) == seat => problems.push(Diagnostic::new(
                    span,
                    format!("a set cannot be claimed from its own player (`{who}`)"),
                    "own seat",
                )),
                Some(w) => from = Some(w),
                None => problems.push(
                    Diagnostic::new(
                        span,
                        format!("`{who}` is not a wind"),
                        "expected east, south, west or north",
                    )
                    .with_help(
                        match did_you_mean(who, Wind::ALL.map(Wind::name)) {
                            Some(s) => format!("did you mean `from={s}`?"),
                            None => "write `from=east`, `from=south`, `from=west` or `from=north`"
                                .into(),
                        },
                    ),
                ),
            }
            continue;
        }
        let e = match word {
            "exposed" => Exposure::Exposed,
            "concealed" => Exposure::Concealed,
            "claimed" => Exposure::Claimed,
            _ => {
                let problem = Diagnostic::new(
                    span,
                    format!("unknown word `{word}` in a declared set"),
                    "unknown word",
                );
                problems.push(match did_you_mean(word, MELD_WORDS) {
                    Some(s) => problem.with_help(format!("did you mean `{s}`?")),
                    None => {
                        problem.with_help(format!("the words are {}", quoted_list(&MELD_WORDS)))
                    }
                });
                continue;
            }
        };
        if exposure.is_some() {
            problems.push(Diagnostic::new(
                span,
                "a declared set has one of `exposed`, `concealed` or `claimed`, not two",
                "second exposure word",
            ));
            continue;
        }
        if e != Exposure::Exposed && shape.is_some_and(|(k, _)| k != SetKind::Kong) {
            problems.push(
                Diagnostic::new(
                    span,
                    format!("only a kong can be declared `{word}`"),
                    "not a kong",
                )
                .with_help("concealed chows and pungs stay in `concealed`"),
            );
        }
        exposure = Some(e);
    }
    if problems.len() > before {
        return None;
    }
    let (kind, tile) = shape?;
    Some(Set {
        kind,
        tile,
        exposure: exposure.unwrap_or(Exposure::Exposed),
        declared: true,
        from,
    })
}

/// Whitespace-separated tokens with their byte offsets.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_whitespace()
        .map(move |t| (t.as_ptr() as usize - text.as_ptr() as usize, t))
}

fn read_bonus(
    reader: &mut TableReader<'_, '_>,
    source: &str,
    problems: &mut Vec<Diagnostic>,
) -> Bonus {
    let Some(value) = reader.get("bonus") else {
        return Bonus::new();
    };
    // Accept an array of strings or one string.
    let strings: Vec<StrValue<'_>> = match value.get_ref() {
        DeValue::Array(items) => items
            .iter()
            .filter_map(|item| document::expect_string(item, "bonus", source, problems))
            .collect(),
        _ => document::expect_string(value, "bonus", source, problems)
            .into_iter()
            .collect(),
    };
    // Each bonus tile at most once: `bonus` never holds more than there are.
    let mut bonus = Bonus::new();
    for v in &strings {
        for parsed in read_notation(v, problems) {
            let span = v.sub_span(parsed.span.clone());
            match parsed.tile {
                AnyTile::Bonus(b) if bonus.contains(&b) => problems.push(Diagnostic::new(
                    span,
                    format!("`{b}` appears twice: there is one of each flower and season"),
                    "second copy",
                )),
                AnyTile::Bonus(b) => bonus.push(b),
                AnyTile::Playing(t) => problems.push(
                    Diagnostic::new(
                        span,
                        format!("`{t}` is not a flower or season"),
                        "not a bonus tile",
                    )
                    .with_help("`bonus` holds flowers `1f`–`4f` and seasons `1y`–`4y`"),
                ),
            }
        }
    }
    bonus.sort();
    bonus
}

fn read_win(
    value: &document::Value<'_>,
    source: &str,
    seat: Option<Wind>,
    problems: &mut Vec<Diagnostic>,
) -> Option<(Win, Range<usize>, bool)> {
    let DeValue::Table(table) = value.get_ref() else {
        problems.push(document::wrong_type(
            value.span(),
            "win",
            "a table",
            value.get_ref(),
        ));
        return None;
    };
    let before = problems.len();
    let mut reader = TableReader::new(table, value.span(), "`[win]`");
    let tile = reader.require("tile", problems).and_then(|v| {
        let s = document::expect_string(v, "tile", source, problems)?;
        let tiles = read_playing(&s, "tile", problems);
        match tiles.as_slice() {
            [(t, span)] => Some((*t, span.clone())),
            // A notation error is already reported; an empty string is not.
            [] if problems.len() > before => None,
            _ => {
                problems.push(Diagnostic::new(
                    s.span.clone(),
                    "`tile` names one winning tile",
                    format!("{} tiles here", tiles.len()),
                ));
                None
            }
        }
    });
    let from = reader.require("from", problems).and_then(|v| {
        let s = document::expect_string(v, "from", source, problems)?;
        let found = WinSource::NAMES
            .iter()
            .find(|(n, _)| *n == s.text)
            .map(|(_, w)| *w);
        if found.is_none() {
            problems.push(bad_word(
                &s,
                format!("`{}` is not a way to win", s.text),
                "expected wall, discard, loose or robbed-kong",
                WinSource::NAMES.map(|(n, _)| n),
            ));
        }
        found.map(|f| (f, s.span))
    });
    let discarder = reader.get("discarder").and_then(|v| {
        let span = v.span();
        read_wind(v, "discarder", source, problems).map(|w| (w, span))
    });
    if let Some((who, span)) = &discarder {
        if Some(*who) == seat {
            problems.push(Diagnostic::new(
                span.clone(),
                format!("the discarder `{who}` is the winner's own seat"),
                "own seat",
            ));
        }
        if let Some((f, _)) = from
            && !f.is_claimed()
        {
            problems.push(
                Diagnostic::new(
                    span.clone(),
                    format!("a win from `{}` has no discarder", f.name()),
                    "no discard here",
                )
                .with_help(
                    "`discarder` goes with `from = \"discard\"` or `from = \"robbed-kong\"`",
                ),
            );
        }
    }
    let last = reader.flag("last", problems);
    let original_call = reader.flag("original-call", problems);
    let heavenly = reader.flag("heavenly", problems);
    let kong_on_kong = reader.flag("kong-on-kong", problems);
    let late = reader.flag("late", problems);
    let completes = reader.string("completes", source, problems).and_then(|s| {
        let tiles = read_playing(&s, "completes", problems);
        let set: Vec<Tile> = tiles.iter().map(|(t, _)| *t).collect();
        let shape = match set.as_slice() {
            [a, b] if a == b => Some((SetKind::Pair, *a)),
            _ => shape_of(&set).filter(|(k, _)| *k != SetKind::Kong),
        };
        let holds_tile = tile.as_ref().is_none_or(|(t, _)| set.contains(t));
        if shape.is_none() || !holds_tile {
            problems.push(
                Diagnostic::new(
                    s.span.clone(),
                    "`completes` names the chow, pung or pair that the winning tile completed",
                    "not such a set",
                )
                .with_help("for example `completes = \"345p\"` when 4p completed 345p"),
            );
        }
        shape
    });
    reader.finish(problems);
    if problems.len() > before {
        return None;
    }
    let (tile, tile_span) = tile?;
    Some((
        Win {
            tile,
            from: from?.0,
            discarder: discarder.map(|(w, _)| w),
            last,
            heavenly,
            kong_on_kong,
            late,
            completes,
        },
        tile_span,
        original_call,
    ))
}
