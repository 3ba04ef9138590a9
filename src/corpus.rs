//! Corpora: many hands, one JSON object per line, with the keys of a hand file.
//!
//! In: JSON Lines text (`mjrules gen` writes it). Out: [`Hand`]s, read fast (a typed record,
//! the tile notation, then the same checks as a hand file); a line that fails is read again as
//! a hand file, so that its diagnostic is the one a hand file would get. And back: a hand as
//! one JSON line.

use serde::{Deserialize, Serialize};

use crate::diagnostic::InputError;
use crate::hand::{Hand, Win, WinSource, parse_hand};
use crate::render::hand_toml;
use crate::set::{Exposure, Set, SetKind, shape_of};
use crate::tiles::{AnyTile, BonusTile, Tile, TileCounts, Wind, parse_tiles};

/// One line of a corpus.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HandRecord {
    /// `seat`.
    pub seat: String,
    /// `prevailing`.
    pub prevailing: String,
    /// `concealed`.
    pub concealed: String,
    /// `melds`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub melds: Vec<String>,
    /// `bonus`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bonus: Vec<String>,
    /// `seen`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub seen: String,
    /// `original-call` (for a player who did not go out).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub original_call: bool,
    /// `win`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub win: Option<WinRecord>,
}

/// The `win` object of a corpus line.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct WinRecord {
    /// `tile`.
    pub tile: String,
    /// `from`.
    pub from: String,
    /// `discarder`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discarder: Option<String>,
    /// `last`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub last: bool,
    /// `original-call`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub original_call: bool,
    /// `heavenly`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub heavenly: bool,
    /// `kong-on-kong`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub kong_on_kong: bool,
    /// `late`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub late: bool,
    /// `completes`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completes: Option<String>,
}

/// Why a corpus line could not be read.
#[derive(Debug)]
pub enum LineError {
    /// Not JSON of the right shape.
    Json(String),
    /// A hand with problems, as a hand file would report them.
    Hand(Box<InputError>),
}

impl LineError {
    /// The error as text for a person, naming the corpus and the line.
    pub fn render(&self, corpus: &str, line: usize) -> String {
        match self {
            LineError::Json(message) => format!("error: {corpus}, line {line}: {message}\n"),
            LineError::Hand(e) => format!(
                "error: {corpus}, line {line} is not a valid hand:\n{}",
                e.render_plain()
            ),
        }
    }
}

/// Reads one corpus line.
pub fn read_line(line: &str) -> Result<Hand, LineError> {
    let record: HandRecord =
        serde_json::from_str(line).map_err(|e| LineError::Json(e.to_string()))?;
    match build(&record) {
        Some(hand) => Ok(hand),
        // Read it again as a hand file, for the diagnostic.
        None => Err(match parse_hand("line", &record_toml(&record)) {
            Err(e) => LineError::Hand(Box::new(e)),
            Ok(_) => LineError::Json("the hand could not be read".into()),
        }),
    }
}

/// A hand as one corpus line.
pub fn write_line(hand: &Hand) -> String {
    let text = hand_toml(hand);
    let record: HandRecord = record_from_toml(&text);
    serde_json::to_string(&record).expect("a record serializes")
}

fn record_from_toml(text: &str) -> HandRecord {
    toml::from_str(text).expect("hand_toml writes a valid hand file")
}

/// A record as hand-file TOML.
fn record_toml(record: &HandRecord) -> String {
    toml::to_string(record).expect("a record serializes to TOML")
}

/// Builds a hand from a record, with the checks of a hand file; `None` on any problem.
fn build(r: &HandRecord) -> Option<Hand> {
    let seat = Wind::from_name(&r.seat)?;
    let prevailing = Wind::from_name(&r.prevailing)?;
    let concealed = playing(&r.concealed)?;
    let seen = playing(&r.seen)?;
    let mut melds = Vec::with_capacity(r.melds.len());
    for text in &r.melds {
        melds.push(meld(text, seat)?);
    }
    let mut bonus: Vec<BonusTile> = Vec::new();
    for text in &r.bonus {
        for t in parse_tiles(text).ok()? {
            match t.tile {
                AnyTile::Bonus(b) if !bonus.contains(&b) => bonus.push(b),
                _ => return None,
            }
        }
    }
    bonus.sort();
    let win = match &r.win {
        None => None,
        Some(w) => {
            let tiles = parse_tiles(&w.tile).ok()?;
            let [t] = tiles.as_slice() else { return None };
            let AnyTile::Playing(tile) = t.tile else {
                return None;
            };
            let from = match w.from.as_str() {
                "wall" => WinSource::Wall,
                "discard" => WinSource::Discard,
                "loose" => WinSource::Loose,
                "robbed-kong" => WinSource::RobbedKong,
                _ => return None,
            };
            let discarder = match &w.discarder {
                None => None,
                Some(d) => {
                    let d = Wind::from_name(d)?;
                    if d == seat || !from.is_claimed() {
                        return None;
                    }
                    Some(d)
                }
            };
            if concealed.get(tile) == 0 {
                return None;
            }
            let completes = match &w.completes {
                None => None,
                Some(text) => {
                    let set = playing(text)?;
                    let tiles: Vec<Tile> = set.tiles().collect();
                    let shape = match tiles.as_slice() {
                        [a, b] if a == b => (SetKind::Pair, *a),
                        _ => shape_of(&tiles).filter(|(k, _)| *k != SetKind::Kong)?,
                    };
                    if !tiles.contains(&tile) {
                        return None;
                    }
                    Some(shape)
                }
            };
            Some(Win {
                tile,
                from,
                discarder,
                last: w.last,
                heavenly: w.heavenly,
                kong_on_kong: w.kong_on_kong,
                late: w.late,
                completes,
            })
        }
    };
    let mut all = concealed;
    all.add_all(&seen);
    melds
        .iter()
        .for_each(|m| m.tiles().for_each(|t| all.add(t)));
    let kongs = melds.iter().filter(|m| m.kind == SetKind::Kong).count();
    let total = concealed.total() + melds.iter().map(|m| m.kind.size()).sum::<usize>();
    let expected = if win.is_some() { 14 } else { 13 } + kongs;
    if melds.len() > 4 || total != expected || Tile::all().any(|t| all.get(t) > 4) {
        return None;
    }
    Some(Hand {
        seat,
        prevailing,
        concealed,
        melds,
        bonus,
        seen,
        win,
        original_call: r.original_call || r.win.as_ref().is_some_and(|w| w.original_call),
    })
}

fn playing(text: &str) -> Option<TileCounts> {
    let mut counts = TileCounts::default();
    for t in parse_tiles(text).ok()? {
        match t.tile {
            AnyTile::Playing(p) => counts.add(p),
            AnyTile::Bonus(_) => return None,
        }
    }
    Some(counts)
}

/// A declared set: tiles, then `exposed`, `concealed`, `claimed` or `from=SEAT`.
fn meld(text: &str, seat: Wind) -> Option<Set> {
    let mut words = text.split_whitespace();
    let first = words.next()?;
    let tiles: Vec<Tile> = parse_tiles(first)
        .ok()?
        .into_iter()
        .map(|t| match t.tile {
            AnyTile::Playing(p) => Some(p),
            AnyTile::Bonus(_) => None,
        })
        .collect::<Option<_>>()?;
    let (kind, tile) = shape_of(&tiles)?;
    let mut set = Set {
        kind,
        tile,
        exposure: Exposure::Exposed,
        declared: true,
        from: None,
    };
    let mut exposure_given = false;
    for word in words {
        if let Some(who) = word.strip_prefix("from=") {
            let w = Wind::from_name(who)?;
            if w == seat {
                return None;
            }
            set.from = Some(w);
            continue;
        }
        let e = match word {
            "exposed" => Exposure::Exposed,
            "concealed" => Exposure::Concealed,
            "claimed" => Exposure::Claimed,
            _ => return None,
        };
        if exposure_given || (e != Exposure::Exposed && kind != SetKind::Kong) {
            return None;
        }
        exposure_given = true;
        set.exposure = e;
    }
    Some(set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::HandGenerator;

    #[test]
    fn lines_round_trip() {
        let mut g = HandGenerator::new(3);
        for _ in 0..300 {
            let hand = g.winning_hand();
            let line = write_line(&hand);
            assert_eq!(read_line(&line).unwrap(), hand, "{line}");
        }
    }

    #[test]
    fn a_bad_line_gets_the_hand_file_diagnostic() {
        let line = r#"{"seat":"sout","prevailing":"east","concealed":"123m"}"#;
        let Err(LineError::Hand(e)) = read_line(line) else {
            panic!()
        };
        assert!(e.render_plain().contains("`sout` is not a wind"));
        let Err(LineError::Json(m)) = read_line(r#"{"seat": 1}"#) else {
            panic!()
        };
        assert!(m.contains("invalid type"), "{m}");
    }
}
