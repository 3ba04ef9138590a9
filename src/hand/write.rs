//! A hand written back: as a hand file (TOML) or as a corpus line (one JSON object), with the
//! same keys in the same order, from one list of them.
//!
//! In: a [`Hand`]. Out: its text. Both forms read back, by the hand file reader and
//! the corpus line reader, as the same hand.

use std::fmt::Write as _;

use super::{Hand, Part};
use crate::set::Set;
use crate::tiles::{Tile, TileStyle, format_tiles};

/// A value of a hand's key.
enum Value {
    Text(String),
    List(Vec<String>),
    True,
}

/// Keys and their values, in the order they are written.
type Keys = Vec<(&'static str, Value)>;

/// The keys of a hand, in the order they are written: those at the top, then those of
/// `[win]` for the player who went out.
fn keys(hand: &Hand) -> (Keys, Option<Keys>) {
    // The tiles of a part, its red fives written `0`.
    let red = |part: Part, text: String| {
        (hand.red_fives().iter())
            .filter(|(_, p)| *p == part)
            .fold(text, |text, (five, _)| mark_red(&text, *five))
    };
    let tiles = |counts: &crate::tiles::TileCounts, part: Part| {
        red(part, format_tiles(counts.tiles(), TileStyle::Ascii))
    };
    let mut top = vec![
        ("seat", Value::Text(hand.seat().to_string())),
        ("prevailing", Value::Text(hand.prevailing().to_string())),
        (
            "concealed",
            Value::Text(tiles(hand.concealed(), Part::Concealed)),
        ),
    ];
    if !hand.melds().is_empty() {
        let melds = hand.melds().iter().enumerate();
        top.push((
            "melds",
            Value::List(
                melds
                    .map(|(i, m)| red(Part::Meld(i), m.to_string()))
                    .collect(),
            ),
        ));
    }
    if !hand.bonus().is_empty() {
        top.push((
            "bonus",
            Value::List(hand.bonus().iter().map(|b| b.to_string()).collect()),
        ));
    }
    if hand.seen().total() > 0 {
        top.push(("seen", Value::Text(tiles(hand.seen(), Part::Seen))));
    }
    // Double riichi is the original call and a ready declaration, in riichi's word.
    let double_ready = hand.original_call() && hand.declared_ready_alone();
    if double_ready {
        top.push(("double-riichi", Value::True));
    } else if hand.declared_ready_alone() {
        top.push(("riichi", Value::True));
    }
    if hand.one_go_around() {
        top.push(("ippatsu", Value::True));
    }
    let indicators = |shown: &[Tile], part: fn(usize) -> Part| {
        let each = shown.iter().enumerate();
        let written: Vec<String> = each.map(|(i, t)| red(part(i), t.to_string())).collect();
        Value::Text(written.join(" "))
    };
    if !hand.indicators().is_empty() {
        top.push(("dora", indicators(hand.indicators(), Part::Indicator)));
    }
    if !hand.hidden_indicators().is_empty() {
        top.push((
            "ura-dora",
            indicators(hand.hidden_indicators(), Part::HiddenIndicator),
        ));
    }
    let original_call = hand.original_call() && !double_ready;
    let Some(win) = hand.win() else {
        if original_call {
            top.push(("original-call", Value::True));
        }
        return (top, None);
    };
    let mut keys = vec![
        ("tile", Value::Text(win.tile.to_string())),
        ("from", Value::Text(win.from.name().to_string())),
    ];
    if let Some(d) = win.discarder {
        keys.push(("discarder", Value::Text(d.to_string())));
    }
    for (key, on) in [
        ("last", win.last),
        ("original-call", original_call),
        ("heavenly", win.heavenly),
        ("kong-on-kong", win.kong_on_kong),
        ("late", win.late),
    ] {
        if on {
            keys.push((key, Value::True));
        }
    }
    if let Some((kind, tile)) = win.completes {
        let set = Set::concealed(kind, tile);
        keys.push((
            "completes",
            Value::Text(format_tiles(set.tiles(), TileStyle::Ascii)),
        ));
    }
    (top, Some(keys))
}

/// `text`, tile notation, with the first `5` of `five`'s suit written `0`, the red five.
fn mark_red(text: &str, five: Tile) -> String {
    let letter = five.to_string().pop().unwrap_or('m');
    let mut out: Vec<char> = text.chars().collect();
    // Each group of digits ends at its letter; the first `5` of the group of this suit.
    let mut start = 0;
    for i in 0..out.len() {
        if out[i] == letter
            && let Some(k) = (start..i).find(|&k| out[k] == '5')
        {
            out[k] = '0';
            break;
        }
        if !out[i].is_ascii_digit() {
            start = i + 1;
        }
    }
    out.into_iter().collect()
}

/// A hand as a hand file (TOML).
pub fn to_toml(hand: &Hand) -> String {
    let (top, win) = keys(hand);
    let mut out = String::new();
    let table = |keys: &[(&str, Value)], out: &mut String| {
        for (key, value) in keys {
            let text = match value {
                Value::Text(t) => format!("\"{t}\""),
                Value::List(items) => {
                    let quoted: Vec<String> = items.iter().map(|i| format!("\"{i}\"")).collect();
                    format!("[{}]", quoted.join(", "))
                }
                Value::True => "true".to_string(),
            };
            let _ = writeln!(out, "{key} = {text}");
        }
    };
    table(&top, &mut out);
    if let Some(win) = win {
        out.push_str("\n[win]\n");
        table(&win, &mut out);
    }
    out
}

/// A hand as one corpus line (a JSON object, no spaces).
pub fn to_json(hand: &Hand) -> String {
    let object = |keys: &[(&str, Value)]| {
        let fields: Vec<String> = keys
            .iter()
            .map(|(key, value)| {
                let text = match value {
                    Value::Text(t) => json_string(t),
                    Value::List(items) => {
                        let quoted: Vec<String> = items.iter().map(|i| json_string(i)).collect();
                        format!("[{}]", quoted.join(","))
                    }
                    Value::True => "true".to_string(),
                };
                format!("{}:{text}", json_string(key))
            })
            .collect();
        fields.join(",")
    };
    let (top, win) = keys(hand);
    match win {
        Some(win) => format!("{{{},\"win\":{{{}}}}}", object(&top), object(&win)),
        None => format!("{{{}}}", object(&top)),
    }
}

/// A string as JSON writes it.
fn json_string(text: &str) -> String {
    serde_json::to_string(text).expect("a string serializes")
}
