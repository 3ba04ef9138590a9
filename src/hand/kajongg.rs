//! Kajongg's hand strings, for people moving from Kajongg and for its test data.
//!
//! In: a hand string in Kajongg's notation (described in
//! `../shared/anchors/kajongg-scoring-cases.md`, section 1) and the player's seat and the
//! prevailing wind, which the string does not hold. Out: a [`Hand`], or every problem with its
//! bytes in the string.
//!
//! A hand of 14 tiles or more (plus one per kong) is a Mah-Jong claim and becomes a winner's
//! hand; fewer tiles are a hand that did not go out, scored for what it shows (Kajongg scores
//! partial hands too: [`HandParts::partial`]). Lowercase melds of three or four tiles are
//! declared sets; everything else (uppercase melds, pairs, the `R` rest) is concealed and is
//! arranged freely, as Kajongg does with the rest. The hand is checked by [`Hand::new`], as
//! every reader's is.

use std::ops::Range;

use crate::diagnostic::{Diagnostic, InputError};
use crate::hand::{Hand, HandParts, HandProblem, MAX_MELDS, Win, WinSource};
use crate::set::{Exposure, Set, SetKind, shape_of};
use crate::tiles::{BonusKind, BonusTile, Dragon, Suit, Tile, TileCounts, Wind};

/// One tile of a Kajongg string: the tile, whether it was written in uppercase (concealed),
/// and its bytes.
#[derive(Clone, Debug)]
struct KTile {
    tile: KAny,
    upper: bool,
    span: Range<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum KAny {
    Playing(Tile),
    Bonus(BonusTile),
}

fn wind_of(c: char) -> Option<Wind> {
    match c {
        'e' => Some(Wind::East),
        's' => Some(Wind::South),
        'w' => Some(Wind::West),
        'n' => Some(Wind::North),
        _ => None,
    }
}

/// A mistake in the Kajongg string, at `span`.
fn mistake(span: Range<usize>, message: String) -> Diagnostic {
    Diagnostic::new(span, message, "in the Kajongg string")
}

/// Reads the two-character tile at `at`.
fn tile_at(text: &str, at: usize) -> Result<KTile, Diagnostic> {
    let bytes = text.as_bytes();
    // Two bytes, or up to the end of the character they cut into.
    let mut end = (at + 2).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    let span = at..end;
    let bad = |message: String| mistake(span.clone(), message);
    if at + 2 > text.len() || !text.is_char_boundary(at + 2) {
        return Err(bad(
            "a Kajongg tile is two characters: a group letter and a value".into(),
        ));
    }
    let (group, value) = (bytes[at] as char, bytes[at + 1] as char);
    let upper = group.is_ascii_uppercase();
    let number = value.to_digit(10).map(|d| d as u8);
    let tile = match group.to_ascii_lowercase() {
        's' => number
            .and_then(|n| Tile::new(Suit::Dots, n))
            .map(KAny::Playing),
        'b' => number
            .and_then(|n| Tile::new(Suit::Bamboo, n))
            .map(KAny::Playing),
        'c' => number
            .and_then(|n| Tile::new(Suit::Characters, n))
            .map(KAny::Playing),
        'w' => wind_of(value).map(|w| KAny::Playing(Tile::wind(w))),
        'd' => match value {
            'b' => Some(Dragon::White),
            'g' => Some(Dragon::Green),
            'r' => Some(Dragon::Red),
            _ => None,
        }
        .map(|d| KAny::Playing(Tile::dragon(d))),
        'f' if !upper => wind_of(value).map(|wind| {
            KAny::Bonus(BonusTile {
                kind: BonusKind::Flower,
                wind,
            })
        }),
        'y' if !upper => wind_of(value).map(|wind| {
            KAny::Bonus(BonusTile {
                kind: BonusKind::Season,
                wind,
            })
        }),
        _ => None,
    };
    tile.map(|tile| KTile {
        tile,
        upper,
        span: span.clone(),
    })
    .ok_or_else(|| bad(format!("`{}` is not a Kajongg tile", &text[span.clone()])))
}

/// Reads a run of two-character tiles from `start` to `end`.
fn tiles_in(text: &str, start: usize, end: usize, errors: &mut Vec<Diagnostic>) -> Vec<KTile> {
    let mut out = Vec::new();
    let mut at = start;
    while at < end {
        match tile_at(text, at) {
            Ok(t) => out.push(t),
            Err(e) => {
                errors.push(e);
                return out;
            }
        }
        at += 2;
    }
    out
}

fn playing(tiles: &[KTile]) -> Option<Vec<Tile>> {
    tiles
        .iter()
        .map(|t| match t.tile {
            KAny::Playing(p) => Some(p),
            KAny::Bonus(_) => None,
        })
        .collect()
}

/// Reads a Kajongg hand string for the player in `seat` in a round of `prevailing`; its
/// mistakes are given as the problems of an input called `<kajongg>`.
pub fn parse_kajongg(text: &str, seat: Wind, prevailing: Wind) -> Result<Hand, InputError> {
    read_kajongg(text, seat, prevailing).map_err(|e| InputError::new("<kajongg>", text, e))
}

/// What the tokens of a Kajongg string hold, read one by one.
#[derive(Default)]
struct Tokens {
    concealed: TileCounts,
    /// The declared sets, each with its bytes.
    melds: Vec<(Set, Range<usize>)>,
    /// The bonus tiles, each with its bytes.
    bonus: Vec<(BonusTile, Range<usize>)>,
    /// The last tile and the meld it completed.
    last: Option<(KTile, Vec<KTile>)>,
    /// The source letter of the last tile, with its byte.
    source: Option<(char, Range<usize>)>,
    original_call: bool,
    kong_on_kong: bool,
}

fn read_kajongg(text: &str, seat: Wind, prevailing: Wind) -> Result<Hand, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut tokens = read_tokens(text, &mut errors);
    let win = read_win(&mut tokens, text, &mut errors)?;
    let sets: Vec<Set> = tokens.melds.iter().map(|(set, _)| *set).collect();
    let bonus: Vec<BonusTile> = tokens.bonus.iter().map(|(b, _)| *b).collect();
    let parts = HandParts {
        seat: Some(seat),
        prevailing: Some(prevailing),
        concealed: Some(tokens.concealed),
        melds: &sets,
        bonus: &bonus,
        seen: TileCounts::default(),
        win,
        original_call: tokens.original_call,
        // Kajongg scores a hand that did not go out for what it shows.
        partial: true,
        incomplete: !errors.is_empty(),
        ..HandParts::default()
    };
    match Hand::new(parts) {
        Ok(hand) => Ok(hand),
        Err(problems) => {
            let whole = 0..text.len();
            errors.extend(problems.iter().map(|p| {
                p.at(match p {
                    HandProblem::TooManyMelds { meld }
                    | HandProblem::ClaimedFromOwnSeat { meld, .. }
                    | HandProblem::OnlyAKong { meld, .. } => tokens.melds[*meld].1.clone(),
                    HandProblem::SecondBonus { index, .. } => tokens.bonus[*index].1.clone(),
                    _ => whole.clone(),
                })
            }));
            Err(errors)
        }
    }
}

/// Reads every token of `text`: the rest (`R…`), the last tile (`L…`), the announcements
/// (`m…`), and melds.
fn read_tokens(text: &str, errors: &mut Vec<Diagnostic>) -> Tokens {
    let mut tokens = Tokens::default();
    let mut offset = 0;
    for token in text.split(' ') {
        let start = offset;
        offset += token.len() + 1;
        if token.is_empty() {
            continue;
        }
        let end = start + token.len();
        match token.as_bytes()[0] {
            b'R' => {
                for t in tiles_in(text, start + 1, end, errors) {
                    match t.tile {
                        KAny::Playing(p) => tokens.concealed.add(p),
                        KAny::Bonus(_) => errors.push(mistake(
                            t.span,
                            "bonus tiles stand alone, not in the rest".into(),
                        )),
                    }
                }
            }
            b'L' | b'm' if let Some(what) = given_before(&tokens, token) => errors.push(mistake(
                start..end,
                format!("a second `{}` token: a hand has one {what}", &token[..1]),
            )),
            b'L' => {
                let tiles = tiles_in(text, start + 1, end, errors);
                match tiles.split_first() {
                    Some((tile, meld)) if matches!(tile.tile, KAny::Playing(_)) => {
                        tokens.last = Some((tile.clone(), meld.to_vec()));
                    }
                    _ => errors.push(mistake(
                        start..end,
                        "`L` is followed by the last tile, then optionally its meld".into(),
                    )),
                }
            }
            b'm' => {
                let mut chars = token[1..].char_indices();
                let at = |i: usize, c: char| start + 1 + i..start + 1 + i + c.len_utf8();
                if let Some((i, c)) = chars.next() {
                    tokens.source = Some((c, at(i, c)));
                }
                for (i, c) in chars {
                    match c {
                        'a' => tokens.original_call = true,
                        't' => tokens.kong_on_kong = true,
                        _ => errors.push(mistake(
                            at(i, c),
                            format!(
                                "`{c}` is not an announcement (`a` original call, `t` twofold fortune)"
                            ),
                        )),
                    }
                }
            }
            _ => {
                let tiles = tiles_in(text, start, end, errors);
                read_meld(&tiles, &mut tokens, errors);
            }
        }
    }
    tokens
}

/// What the `L` or `m` token `token` gives, if an earlier token gave it already.
fn given_before(tokens: &Tokens, token: &str) -> Option<&'static str> {
    match token.as_bytes()[0] {
        b'L' if tokens.last.is_some() => Some("last tile"),
        b'm' if tokens.source.is_some() => Some("way of going out"),
        _ => None,
    }
}

/// The win of a hand of 14 tiles or more (plus one per kong), from its last tile and its
/// source letter; none for a smaller hand. A winning hand without a last tile is a mistake
/// that stops the reading: whether the tile was drawn or claimed, and which set it
/// completed, change the score, and Kajongg's own reading (no last tile, so none of the
/// points for it) is one a hand here cannot state. A hand dealt complete (`m1`) is the
/// exception: no tile came last, and one of its concealed tiles stands for the last one,
/// drawn from the wall.
fn read_win(
    tokens: &mut Tokens,
    text: &str,
    errors: &mut Vec<Diagnostic>,
) -> Result<Option<Win>, Vec<Diagnostic>> {
    let kongs = tokens
        .melds
        .iter()
        .filter(|(m, _)| m.kind == SetKind::Kong)
        .count();
    let meld_tiles: usize = tokens.melds.iter().map(|(m, _)| m.kind.size()).sum();
    if tokens.concealed.total() + meld_tiles < 14 + kongs {
        return Ok(None);
    }
    let (tile, claimed, completes) = match &tokens.last {
        Some((t, meld)) => {
            let KAny::Playing(tile) = t.tile else {
                unreachable!("checked when read")
            };
            let completes = playing(meld).and_then(|m| completed_shape(&m));
            (tile, !t.upper, completes)
        }
        None => match tokens.concealed.tiles().last() {
            Some(t) if matches!(tokens.source, Some(('1', _))) => (t, false, None),
            _ => {
                errors.push(
                    mistake(
                        0..text.len(),
                        "a Mah-Jong hand needs its last tile (`L…`): whether it was drawn \
                         or claimed, and the set it completed, change the score"
                            .into(),
                    )
                    .with_help(
                        "add `L` and the tile: uppercase if drawn from the wall (`LDr`), \
                         lowercase if claimed (`Ldr`), optionally followed by the set it \
                         completed (`LDrDrDrDr`: a red dragon completed the pung `DrDrDr`)",
                    ),
                );
                return Err(std::mem::take(errors));
            }
        },
    };
    // A last tile that completed a declared meld (Kajongg shows a set completed by a
    // claimed discard as exposed): that meld is read from the concealed tiles instead, so
    // that the winning tile completes it there. The meld named after `L` is taken if it
    // was declared; otherwise the first declared meld holding the tile, if the concealed
    // tiles do not hold it.
    let named = completes.and_then(|(kind, first)| {
        tokens
            .melds
            .iter()
            .position(|(m, _)| m.kind == kind && m.tile == first && m.kind != SetKind::Kong)
    });
    let holding = (tokens.concealed.get(tile) == 0)
        .then(|| {
            tokens
                .melds
                .iter()
                .position(|(m, _)| m.kind != SetKind::Kong && m.contains(tile))
        })
        .flatten();
    if let Some(at) = named.or(holding) {
        let (meld, _) = tokens.melds.remove(at);
        meld.tiles().for_each(|t| tokens.concealed.add(t));
    }
    // The case of the last tile says whether it was claimed; the source letter adds
    // where it came from (a lowercase last tile with `w` or `z` is still a claim).
    let drawn_or_claimed = if claimed {
        WinSource::Discard
    } else {
        WinSource::Wall
    };
    let (from, last, heavenly) = match tokens.source.clone() {
        Some(('w', _)) => (drawn_or_claimed, false, false),
        Some(('d', _)) => (WinSource::Discard, false, false),
        Some(('z', _)) => (drawn_or_claimed, true, false),
        Some(('Z', _)) => (WinSource::Discard, true, false),
        Some(('e', _)) => (WinSource::Loose, false, false),
        Some(('1', _)) => (WinSource::Wall, false, true),
        Some(('k', _)) => (WinSource::RobbedKong, false, false),
        // Twofold fortune (`t`) is a win with a loose tile, whatever the source letter.
        Some(('.', _)) | None if tokens.kong_on_kong => (WinSource::Loose, false, false),
        Some(('.', _)) | None => (drawn_or_claimed, false, false),
        Some((c, span)) => {
            errors.push(mistake(
                span,
                format!("`{c}` is not a source of the last tile (`. w d z Z e 1 k`)"),
            ));
            (WinSource::Wall, false, false)
        }
    };
    Ok(Some(Win {
        tile,
        from,
        discarder: None,
        last,
        heavenly,
        kong_on_kong: tokens.kong_on_kong,
        late: false,
        completes,
    }))
}

/// The set a last tile's meld names: a chow or pung (`Lc1c1c2c3`), or a pair (`Lc5c5c5`).
fn completed_shape(meld: &[Tile]) -> Option<(SetKind, Tile)> {
    match meld {
        [a, b] if a == b => Some((SetKind::Pair, *a)),
        _ => shape_of(meld).filter(|(k, _)| *k != SetKind::Kong),
    }
}

/// Files one meld token: bonus tiles, a declared set, or concealed tiles.
fn read_meld(tiles: &[KTile], tokens: &mut Tokens, errors: &mut Vec<Diagnostic>) {
    if tiles.iter().all(|t| matches!(t.tile, KAny::Bonus(_))) {
        for t in tiles {
            if let KAny::Bonus(b) = t.tile {
                tokens.bonus.push((b, t.span.clone()));
            }
        }
        return;
    }
    let span = tiles[0].span.start..tiles[tiles.len() - 1].span.end;
    let Some(set_tiles) = playing(tiles) else {
        errors.push(mistake(
            span,
            "a meld mixes bonus tiles with playing tiles".into(),
        ));
        return;
    };
    let case: Vec<bool> = tiles.iter().map(|t| t.upper).collect();
    let exposure = match (set_tiles.len(), case.as_slice()) {
        (4, [false, false, false, false]) => Some(Exposure::Exposed),
        (4, [false, true, true, false]) => Some(Exposure::Concealed),
        (4, [false, false, false, true]) => Some(Exposure::Claimed),
        (3, [false, false, false]) => Some(Exposure::Exposed),
        _ => None,
    };
    match (exposure, shape_of(&set_tiles)) {
        // A set beyond the fourth is refused where it stands, and not counted: the hand is
        // read without it.
        (Some(_), Some(_)) if tokens.melds.len() == MAX_MELDS => {
            errors.push(HandProblem::TooManyMelds { meld: MAX_MELDS }.at(span))
        }
        (Some(exposure), Some((kind, tile))) => tokens.melds.push((
            Set {
                kind,
                tile,
                exposure,
                declared: true,
                from: None,
            },
            span,
        )),
        _ => set_tiles.iter().for_each(|&t| tokens.concealed.add(t)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_winning_hand_with_declared_and_concealed_melds() {
        // K-009: exposed chow 1-3 characters, exposed east and red pungs, exposed pair of
        // white (read as concealed tiles), concealed green pung; the last tile, a white
        // dragon from a discard, completed the pair.
        let hand = parse_kajongg(
            "c1c2c3 wewewe drdrdr dbdb DgDgDg Ldbdbdb",
            Wind::West,
            Wind::North,
        )
        .unwrap();
        let win = hand.win().unwrap();
        assert_eq!(win.tile, Tile::dragon(Dragon::White));
        assert_eq!(win.from, WinSource::Discard);
        assert_eq!(
            win.completes,
            Some((SetKind::Pair, Tile::dragon(Dragon::White)))
        );
        assert_eq!(hand.melds().len(), 3);
        assert_eq!(hand.concealed().total(), 5);
    }

    #[test]
    fn kongs_by_case() {
        let hand = parse_kajongg("b8B8B8b8 c9c9c9C9 s1s1s1s1 fe", Wind::East, Wind::East).unwrap();
        let exposures: Vec<Exposure> = hand.melds().iter().map(|m| m.exposure).collect();
        assert_eq!(
            exposures,
            [Exposure::Concealed, Exposure::Claimed, Exposure::Exposed]
        );
        assert!(hand.win().is_none());
        assert_eq!(hand.bonus().len(), 1);
    }

    #[test]
    fn sources_and_announcements() {
        let hand = parse_kajongg(
            "RB1B1B1B2B3B4B5B6B7B8B9B9B9B5 mza LB5",
            Wind::East,
            Wind::East,
        )
        .unwrap();
        let win = hand.win().unwrap();
        assert!(win.last && hand.original_call() && win.from == WinSource::Wall);
    }

    #[test]
    fn a_winning_hand_names_its_last_tile_unless_dealt_complete() {
        // K-097 without its last tile: drawn, it would earn the points for a tile from the
        // wall; claimed, it would expose the pung it completed. Neither is stated.
        let error =
            parse_kajongg("dgdgdg RDrDrDrDbDbDb s4s5s6 c5c5", Wind::East, Wind::East).unwrap_err();
        assert!(error.problems()[0].message.contains("needs its last tile"));
        // K-138, dealt complete: no tile came last.
        let hand = parse_kajongg(
            "S4S5S6 RS1S1S1B6B6B6B8B8B8B5B5 fn yn m1",
            Wind::East,
            Wind::East,
        )
        .unwrap();
        let win = hand.win().unwrap();
        assert!(win.heavenly && win.from == WinSource::Wall);
    }

    #[test]
    fn spans_fall_between_characters() {
        // A tile cut into a two-byte character, and an announcement that is one.
        for text in [
            "b1B1B1b1 RB2B3B4B\u{2bd}\u{27d}8B8DrDr LDrDrDr",
            "c1c2c3 m.\u{e9}",
        ] {
            let error = parse_kajongg(text, Wind::East, Wind::East).unwrap_err();
            for p in error.problems() {
                assert!(text.is_char_boundary(p.span.start) && text.is_char_boundary(p.span.end));
            }
        }
    }

    #[test]
    fn a_last_tile_or_a_way_out_given_twice_is_refused_where_it_stands() {
        // Which of the two was meant is not for the reader to guess (it kept the second).
        for (text, at) in [
            ("c1c2c3 wewewe drdrdr dbdb DgDgDg Ldbdbdb mw mz", 44..46),
            ("c1c2c3 wewewe drdrdr dbdb DgDgDg Ldbdbdb Lwewewe", 41..48),
        ] {
            let error = parse_kajongg(text, Wind::East, Wind::East).unwrap_err();
            let second: Vec<_> = (error.problems().iter())
                .filter(|p| p.message.starts_with("a second"))
                .collect();
            assert_eq!(second.len(), 1, "{text}: {:?}", error.problems());
            assert_eq!(second[0].span, at);
        }
    }

    #[test]
    fn errors_point_into_the_string() {
        let error = parse_kajongg("c1c2x3 RB1", Wind::East, Wind::East).unwrap_err();
        let errors = error.problems();
        assert_eq!(errors[0].span, 4..6);
    }

    #[test]
    fn a_fifth_declared_set_is_refused_where_it_stands() {
        // Five exposed pungs of bamboo: the fifth, `b5b5b5`, starts at byte 28.
        let text = "b1b1b1 b2b2b2 b3b3b3 b4b4b4 b5b5b5";
        let error = parse_kajongg(text, Wind::East, Wind::East).unwrap_err();
        let errors = error.problems();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].span, 28..34);
        assert_eq!(errors[0].message, "a hand has at most 4 declared sets");
    }
}
