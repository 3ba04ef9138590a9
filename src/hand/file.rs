//! Hand files: a hand read from a table of a spanned document, every problem placed in the
//! text.
//!
//! In: the text of a hand file (`../shared/design/contracts.md`, "A hand file"), or a table
//! of a document that holds one (a seat of a deal file, a corpus line read as a table: see
//! [`super::line`]). Out: a [`Hand`], or an [`InputError`] listing every problem with its
//! place: the reader's own (keys, types, words, tile notation, the shape of a declared set)
//! and those [`Hand::new`] finds in the parts read, placed where the part was written.

use std::ops::Range;

use toml::de::DeValue;

use super::{Hand, HandParts, HandProblem, Part, Win, WinSource};
use crate::diagnostic::{Diagnostic, InputError, did_you_mean};
use crate::document::{self, StrValue, TableReader, quoted_list};
use crate::set::{Exposure, Set, SetKind, shape_of};
use crate::tiles::{AnyTile, BonusTile, ParsedTile, Tile, TileCounts, Wind, parse_tiles};
use crate::words;

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

/// The keys of a hand (`[win]`'s as `win.KEY`), as a diagnostic about a whole hand may name
/// the one it points at: a variant's refusal ([`crate::rules::Refusal`]).
pub const HAND_KEYS: &[&str] = &[
    "seat",
    "prevailing",
    "concealed",
    "melds",
    "bonus",
    "seen",
    "riichi",
    "double-riichi",
    "ippatsu",
    "dora",
    "ura-dora",
    "original-call",
    "win",
    "win.tile",
    "win.from",
    "win.discarder",
    "win.completes",
    "win.last",
    "win.original-call",
    "win.heavenly",
    "win.kong-on-kong",
    "win.late",
];

/// Where `key` (one of [`HAND_KEYS`]) is written in the hand that `table` holds, whose own
/// span is `span`: the span of its value; where it is not written, that of the nearest
/// table holding it (`[win]`, or the hand).
pub fn key_span(table: &toml::de::DeTable<'_>, span: Range<usize>, key: &str) -> Range<usize> {
    let (outer, inner) = match key.split_once('.') {
        Some((outer, inner)) => (outer, Some(inner)),
        None => (key, None),
    };
    let Some(value) = table.get(outer) else {
        return span;
    };
    match (inner, value.get_ref()) {
        (Some(inner), DeValue::Table(win)) => {
            win.get(inner).map_or_else(|| value.span(), |v| v.span())
        }
        _ => value.span(),
    }
}

/// Where `key` (one of [`HAND_KEYS`]) is written in the hand file `text`: the span of its
/// value, or, where it is not written, of the table that would hold it; the whole text where
/// the text cannot be read.
pub fn file_key_span(text: &str, key: &str) -> Range<usize> {
    // The file's own table has an empty span: the whole text stands for it.
    let whole = 0..text.len();
    match document::parse(text) {
        Ok(doc) => Some(key_span(doc.get_ref(), whole.clone(), key)).filter(|s| !s.is_empty()),
        Err(_) => None,
    }
    .unwrap_or(whole)
}

/// [`file_key_span`] for the hand of the top table `seat` of the file `text` (a deal file's
/// `east`, …); `None` where the file has no such table (a deal inside a game file).
pub fn seat_key_span(text: &str, seat: &str, key: &str) -> Option<Range<usize>> {
    let doc = document::parse(text).ok()?;
    let value = doc.get_ref().get(seat)?;
    match value.get_ref() {
        DeValue::Table(table) => Some(key_span(table, value.span(), key)),
        _ => None,
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
    let concealed_value = reader.required_string("concealed", source, problems);
    let concealed = concealed_value
        .as_ref()
        .map(|v| read_playing(v, "concealed", problems));
    let melds = read_melds(&mut reader, source, problems);
    let bonus = read_bonus(&mut reader, source, problems);
    let seen = reader
        .string("seen", source, problems)
        .map(|v| read_playing(&v, "seen", problems))
        .unwrap_or_default();
    let declared_ready = reader.flag("riichi", problems);
    let double_ready = reader.flag("double-riichi", problems);
    let (one_go_around, one_go_around_span) = reader.flag_at("ippatsu", problems);
    let indicators = reader.string("dora", source, problems).map(|v| {
        let span = v.span.clone();
        (read_playing(&v, "dora", problems), span)
    });
    let hidden = reader.string("ura-dora", source, problems).map(|v| {
        let span = v.span.clone();
        (read_playing(&v, "ura-dora", problems), span)
    });
    let win = reader
        .get("win")
        .and_then(|v| read_win(v, source, problems));
    // The original call, for a player who did not go out, at the top; for the winner, in
    // `[win]` (the contracts page) or at the top.
    // Double riichi is the original call, in riichi's word, and a ready declaration.
    let at_top = reader.flag_at("original-call", problems);
    let in_win = win
        .as_ref()
        .map_or((false, None), |w| w.original_call.clone());
    let original_call = one_original_call(at_top, in_win, double_ready, problems);
    reader.finish(problems);

    let counts = |tiles: &[Written]| TileCounts::from_tiles(tiles.iter().map(|w| w.tile));
    let sets: Vec<Set> = melds.iter().map(|m| m.set).collect();
    let bonus_tiles: Vec<BonusTile> = bonus.iter().map(|(b, _)| *b).collect();
    let no_tiles: &[Written] = &[];
    let shown = indicators.as_ref().map_or(no_tiles, |(t, _)| t);
    let under = hidden.as_ref().map_or(no_tiles, |(t, _)| t);
    let tiles_of = |w: &[Written]| w.iter().map(|w| w.tile).collect::<Vec<Tile>>();
    let (shown_tiles, under_tiles) = (tiles_of(shown), tiles_of(under));
    // Every part a tile is written in, with its tiles, for the red fives and the places of
    // the problems.
    let mut written: Vec<(Part, &[Written])> = Vec::new();
    written.push((Part::Concealed, concealed.as_deref().unwrap_or_default()));
    written.extend(
        melds
            .iter()
            .enumerate()
            .map(|(i, m)| (Part::Meld(i), &m.tiles[..])),
    );
    written.push((Part::Seen, &seen));
    written.extend((0..shown.len()).map(|i| (Part::Indicator(i), &shown[i..=i])));
    written.extend((0..under.len()).map(|i| (Part::HiddenIndicator(i), &under[i..=i])));
    let red_fives: Vec<(Tile, Part)> = written
        .iter()
        .flat_map(|(part, tiles)| tiles.iter().filter(|w| w.red).map(|w| (w.tile, *part)))
        .collect();
    if let Some(w) = win.as_ref().filter(|w| w.red)
        && !red_fives.contains(&(w.win.tile, Part::Concealed))
    {
        problems.push(
            Diagnostic::new(
                w.tile_span.clone(),
                format!(
                    "the winning tile is a red five, but `concealed` holds no red `{}`",
                    w.win.tile
                ),
                "no such red five",
            )
            .with_help(
                "write the red five in `concealed` too, as the winning tile is counted there",
            ),
        );
    }
    let parts = HandParts {
        seat,
        prevailing,
        concealed: concealed.as_deref().map(counts),
        melds: &sets,
        bonus: &bonus_tiles,
        seen: counts(&seen),
        win: win.as_ref().map(|w| w.win),
        original_call,
        declared_ready: declared_ready || double_ready,
        one_go_around,
        indicators: &shown_tiles,
        hidden_indicators: &under_tiles,
        red_fives: &red_fives,
        partial: false,
        incomplete: problems.len() > before || win.as_ref().is_some_and(|w| w.incomplete),
    };
    match Hand::new(parts) {
        Ok(hand) => Some(hand),
        Err(found) => {
            // The span of a key of `[win]`, when it was written.
            let in_win = |key: fn(&ReadWin) -> &Option<Range<usize>>| {
                win.as_ref()
                    .and_then(|w| key(w).clone())
                    .unwrap_or_default()
            };
            let in_part = |part: &Part| {
                written
                    .iter()
                    .find(|(p, _)| p == part)
                    .map_or(no_tiles, |(_, tiles)| *tiles)
            };
            let key_span = |span: &Option<Range<usize>>| span.clone().unwrap_or_default();
            let place = |p: &HandProblem| -> Range<usize> {
                match p {
                    HandProblem::FifthCopy { tile, part, copy } => in_part(part)
                        .iter()
                        .filter(|w| w.tile == *tile)
                        .nth(copy - 1)
                        .map_or(0..0, |w| w.span.clone()),
                    HandProblem::SecondRedFive { tile, part } => in_part(part)
                        .iter()
                        .rfind(|w| w.red && w.tile == *tile)
                        .map_or(0..0, |w| w.span.clone()),
                    HandProblem::ReadyWithClaimedSet { meld } => melds[*meld].span.clone(),
                    HandProblem::OneGoAroundWithoutReady | HandProblem::OneGoAroundWithoutWin => {
                        key_span(&one_go_around_span)
                    }
                    HandProblem::HiddenWithoutReady | HandProblem::MoreHiddenThanShown { .. } => {
                        key_span(&hidden.as_ref().map(|(_, span)| span.clone()))
                    }
                    HandProblem::TooManyIndicators { .. } => {
                        key_span(&indicators.as_ref().map(|(_, span)| span.clone()))
                    }
                    HandProblem::TooManyMelds { meld } => melds[*meld].span.clone(),
                    HandProblem::ClaimedFromOwnSeat { meld, .. } => melds[*meld].from_span.clone(),
                    HandProblem::OnlyAKong { meld, .. } => melds[*meld].exposure_span.clone(),
                    HandProblem::SecondBonus { index, .. } => bonus[*index].1.clone(),
                    HandProblem::OwnDiscard { .. } | HandProblem::NoDiscard { .. } => {
                        in_win(|w| &w.discarder_span)
                    }
                    HandProblem::BadCompletes => in_win(|w| &w.completes_span),
                    HandProblem::TileCount { .. } => {
                        concealed_value.as_ref().map_or(0..0, |v| v.span.clone())
                    }
                    HandProblem::WinningTileNotConcealed { .. }
                    | HandProblem::RobbedTileHeld { .. } => {
                        win.as_ref().map_or(0..0, |w| w.tile_span.clone())
                    }
                    HandProblem::KongOnKong => in_win(|w| &w.kong_on_kong_span),
                    HandProblem::Heavenly => in_win(|w| &w.heavenly_span),
                }
            };
            problems.extend(found.iter().map(|p| p.at(place(p))));
            None
        }
    }
}

/// Reads a wind: a seat, the prevailing wind, a discarder.
fn read_wind(
    value: &document::Value<'_>,
    key: &str,
    source: &str,
    problems: &mut Vec<Diagnostic>,
) -> Option<Wind> {
    let expected = "expected east, south, west or north";
    read_word(
        value,
        key,
        source,
        problems,
        &Wind::WORDS,
        "a wind",
        expected,
    )
}

/// Reads one word of `table`; a string that is none of them is a problem saying it is not
/// `what` and what was `expected`, with a "did you mean".
fn read_word<T: Copy, const N: usize>(
    value: &document::Value<'_>,
    key: &str,
    source: &str,
    problems: &mut Vec<Diagnostic>,
    table: &words::Words<T, N>,
    what: &str,
    expected: &str,
) -> Option<T> {
    let v = document::expect_string(value, key, source, problems)?;
    let found = words::read(table, v.text);
    if found.is_none() {
        problems.push(document::not_a_word(&v, what, expected, &words::all(table)));
    }
    found
}

/// A playing tile as written: the tile, its place, and whether it was written as a red five.
struct Written {
    tile: Tile,
    span: Range<usize>,
    red: bool,
}

/// Reads playing tiles from a string value; bonus tiles and notation errors are problems.
fn read_playing(v: &StrValue<'_>, key: &str, problems: &mut Vec<Diagnostic>) -> Vec<Written> {
    let mut out = Vec::new();
    for parsed in read_notation(v, problems) {
        let span = v.sub_span(parsed.span.clone());
        match parsed.tile {
            AnyTile::Playing(tile) => out.push(Written {
                tile,
                span,
                red: parsed.red,
            }),
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

/// A declared set as read, with the places of what the checks may point at.
struct ReadMeld {
    set: Set,
    /// The whole value.
    span: Range<usize>,
    /// Its exposure word (the whole value when there is none).
    exposure_span: Range<usize>,
    /// Its `from=` word (the whole value when there is none).
    from_span: Range<usize>,
    /// Its tiles, each with its place.
    tiles: Vec<Written>,
}

fn read_melds(
    reader: &mut TableReader<'_, '_>,
    source: &str,
    problems: &mut Vec<Diagnostic>,
) -> Vec<ReadMeld> {
    let Some(value) = reader.get("melds") else {
        return Vec::new();
    };
    let DeValue::Array(items) = value.get_ref() else {
        problems.push(document::wrong_type(
            value.span(),
            "melds",
            "an array of strings",
            value.get_ref(),
        ));
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|item| {
            let v = document::expect_string_in(item, "melds", source, problems)?;
            read_meld(&v, problems)
        })
        .collect()
}

/// The words that may follow a declared set's tiles.
const MELD_WORDS: [&str; 4] = ["exposed", "concealed", "claimed", "from="];

/// Reads one declared set: its tiles, then optional words.
fn read_meld(v: &StrValue<'_>, problems: &mut Vec<Diagnostic>) -> Option<ReadMeld> {
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
    let tiles = read_playing(&tile_part, "melds", problems);
    let set_tiles: Vec<Tile> = tiles.iter().map(|w| w.tile).collect();
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

    let mut exposure: Option<(Exposure, Range<usize>)> = None;
    let mut from = None;
    for (word, range) in words {
        let span = v.sub_span(range);
        if let Some(who) = word.strip_prefix("from=") {
            match Wind::from_name(who) {
                Some(_) if from.is_some() => problems.push(
                    Diagnostic::new(
                        span,
                        "`from=` is given twice: a declared set was claimed from one player",
                        "second `from=`",
                    )
                    .with_help("keep the one `from=` that names whom the tile was claimed from"),
                ),
                Some(w) => from = Some((w, span)),
                None => problems.push(
                    Diagnostic::new(
                        span,
                        format!("`{who}` is not a wind"),
                        "expected east, south, west or north",
                    )
                    .with_help(
                        match did_you_mean(who, words::all(&Wind::WORDS)) {
                            Some(s) => format!("did you mean `from={s}`?"),
                            None => "write `from=east`, `from=south`, `from=west` or `from=north`"
                                .into(),
                        },
                    ),
                ),
            }
            continue;
        }
        let Some(e) = words::read(&Exposure::WORDS, word) else {
            let problem = Diagnostic::new(
                span,
                format!("unknown word `{word}` in a declared set"),
                "unknown word",
            );
            problems.push(match did_you_mean(word, MELD_WORDS) {
                Some(s) => problem.with_help(format!("did you mean `{s}`?")),
                None => problem.with_help(format!("the words are {}", quoted_list(&MELD_WORDS))),
            });
            continue;
        };
        if exposure.is_some() {
            problems.push(Diagnostic::new(
                span,
                "a declared set has one of `exposed`, `concealed` or `claimed`, not two",
                "second exposure word",
            ));
            continue;
        }
        exposure = Some((e, span));
    }
    let (kind, tile) = shape?;
    Some(ReadMeld {
        set: Set {
            kind,
            tile,
            exposure: exposure.as_ref().map_or(Exposure::Exposed, |(e, _)| *e),
            declared: true,
            from: from.as_ref().map(|(w, _)| *w),
        },
        span: v.span.clone(),
        exposure_span: exposure.map_or(v.span.clone(), |(_, s)| s),
        from_span: from.map_or(v.span.clone(), |(_, s)| s),
        tiles,
    })
}

/// Whitespace-separated tokens with their byte offsets.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_whitespace()
        .map(move |t| (t.as_ptr() as usize - text.as_ptr() as usize, t))
}

/// Reads the bonus tiles: an array of strings, or one string; each tile with its place.
fn read_bonus(
    reader: &mut TableReader<'_, '_>,
    source: &str,
    problems: &mut Vec<Diagnostic>,
) -> Vec<(BonusTile, Range<usize>)> {
    let Some(value) = reader.get("bonus") else {
        return Vec::new();
    };
    let strings: Vec<StrValue<'_>> = match value.get_ref() {
        DeValue::Array(items) => items
            .iter()
            .filter_map(|item| document::expect_string_in(item, "bonus", source, problems))
            .collect(),
        _ => document::expect_string(value, "bonus", source, problems)
            .into_iter()
            .collect(),
    };
    let mut bonus = Vec::new();
    for v in &strings {
        for parsed in read_notation(v, problems) {
            let span = v.sub_span(parsed.span.clone());
            match parsed.tile {
                AnyTile::Bonus(b) => bonus.push((b, span)),
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
    bonus
}

/// The original call, as the hand says it: at the top, in `[win]`, or in riichi's word
/// (`double-riichi`); each where it is given, with its value and where it is written. Two
/// that say otherwise are a problem at the second.
fn one_original_call(
    at_top: (bool, Option<Range<usize>>),
    in_win: (bool, Option<Range<usize>>),
    double_ready: bool,
    problems: &mut Vec<Diagnostic>,
) -> bool {
    if let ((top, Some(_)), (win, Some(span))) = (&at_top, &in_win)
        && top != win
    {
        problems.push(
            Diagnostic::new(
                span.clone(),
                format!(
                    "`original-call` is given twice with different values: `{top}` at the top, \
                     `{win}` in `[win]`"
                ),
                "says otherwise",
            )
            .with_help("write it once, at the top or in `[win]`"),
        );
    }
    if double_ready
        && let Some((false, Some(span))) = [&at_top, &in_win].into_iter().find(|(_, s)| s.is_some())
    {
        problems.push(
            Diagnostic::new(
                span.clone(),
                "`double-riichi` is the original call in riichi's word, but `original-call` \
                 says there was none",
                "says otherwise",
            )
            .with_help("remove `original-call = false`, or `double-riichi`"),
        );
    }
    at_top.0 || in_win.0 || double_ready
}

/// The `[win]` table as read, with the places of what the checks may point at.
struct ReadWin {
    win: Win,
    /// The original call, written in `[win]`: its value, and where it is written.
    original_call: (bool, Option<Range<usize>>),
    /// The winning tile was written as a red five.
    red: bool,
    /// Some key of the table could not be read.
    incomplete: bool,
    tile_span: Range<usize>,
    discarder_span: Option<Range<usize>>,
    completes_span: Option<Range<usize>>,
    heavenly_span: Option<Range<usize>>,
    kong_on_kong_span: Option<Range<usize>>,
}

fn read_win(
    value: &document::Value<'_>,
    source: &str,
    problems: &mut Vec<Diagnostic>,
) -> Option<ReadWin> {
    let table = document::expect_table(value, "win", problems)?;
    let before = problems.len();
    let mut reader = TableReader::new(table, value.span(), "`[win]`");
    let tile = reader
        .required_string("tile", source, problems)
        .and_then(|s| {
            let tiles = read_playing(&s, "tile", problems);
            match tiles.as_slice() {
                [w] => Some((w.tile, w.span.clone(), w.red)),
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
        let expected = "expected wall, discard, loose or robbed-kong";
        read_word(
            v,
            "from",
            source,
            problems,
            &WinSource::WORDS,
            "a way to win",
            expected,
        )
    });
    let discarder = reader.get("discarder").and_then(|v| {
        let span = v.span();
        read_wind(v, "discarder", source, problems).map(|w| (w, span))
    });
    let last = reader.flag("last", problems);
    let original_call = reader.flag_at("original-call", problems);
    let (heavenly, heavenly_span) = reader.flag_at("heavenly", problems);
    let (kong_on_kong, kong_on_kong_span) = reader.flag_at("kong-on-kong", problems);
    let late = reader.flag("late", problems);
    let completes = reader.string("completes", source, problems).and_then(|s| {
        let tiles = read_playing(&s, "completes", problems);
        let set: Vec<Tile> = tiles.iter().map(|w| w.tile).collect();
        let shape = match set.as_slice() {
            [a, b] if a == b => Some((SetKind::Pair, *a)),
            _ => shape_of(&set).filter(|(k, _)| *k != SetKind::Kong),
        };
        if shape.is_none() {
            problems.push(HandProblem::BadCompletes.at(s.span.clone()));
        }
        shape.map(|shape| (shape, s.span))
    });
    reader.finish(problems);
    let ((tile, tile_span, red), from) = (tile?, from?);
    Some(ReadWin {
        win: Win {
            tile,
            from,
            discarder: discarder.as_ref().map(|(w, _)| *w),
            last,
            heavenly,
            kong_on_kong,
            late,
            completes: completes.as_ref().map(|(shape, _)| *shape),
        },
        original_call,
        red,
        incomplete: problems.len() > before,
        tile_span,
        discarder_span: discarder.map(|(_, span)| span),
        completes_span: completes.map(|(_, span)| span),
        heavenly_span,
        kong_on_kong_span,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_a_refusal_may_name_is_found_where_a_hand_file_writes_it() {
        // Every key of HAND_KEYS, each written once with a value that names it, so that the
        // span found can be told from the others.
        let text = "seat = \"east\"\nprevailing = \"south\"\nconcealed = \"concealed\"\n\
                    melds = [\"melds\"]\nbonus = [\"bonus\"]\nseen = \"seen\"\n\
                    riichi = \"riichi\"\ndouble-riichi = \"double-riichi\"\n\
                    ippatsu = \"ippatsu\"\ndora = \"dora\"\nura-dora = \"ura-dora\"\n\
                    original-call = \"original-call\"\n[win]\ntile = \"win.tile\"\n\
                    from = \"win.from\"\ndiscarder = \"win.discarder\"\n\
                    completes = \"win.completes\"\nlast = \"win.last\"\n\
                    original-call = \"win.original-call\"\nheavenly = \"win.heavenly\"\n\
                    kong-on-kong = \"win.kong-on-kong\"\nlate = \"win.late\"\n";
        for &key in HAND_KEYS {
            let span = file_key_span(text, key);
            let found = &text[span];
            match key {
                "seat" => assert_eq!(found, "\"east\""),
                "prevailing" => assert_eq!(found, "\"south\""),
                // `[win]` is a table: its header.
                "win" => assert_eq!(found, "[win]"),
                "melds" | "bonus" => assert_eq!(found, format!("[\"{key}\"]")),
                _ => assert_eq!(found, format!("\"{key}\""), "{key}"),
            }
        }
        // A key the hand does not write: the table that would hold it.
        let short = "seat = \"east\"\n[win]\ntile = \"1z\"\n";
        assert_eq!(&short[file_key_span(short, "win.last")], "[win]");
        assert_eq!(file_key_span(short, "dora"), 0..short.len());
        // A deal's seat: the key in the seat's table.
        let deal = "prevailing = \"east\"\n[south]\nconcealed = \"123m\"\n";
        let at = seat_key_span(deal, "south", "concealed").unwrap();
        assert_eq!(&deal[at], "\"123m\"");
        assert_eq!(seat_key_span(deal, "west", "concealed"), None);
    }
}
