//! Output: text and JSON renderings of what the engine found.
//!
//! In: arrangements and waits. Out: the text a person reads and the JSON of
//! `../shared/design/contracts.md`.

use serde_json::{Value, json};

use crate::arrange::Arrangement;
use crate::tiles::{TileSet, TileStyle, format_tiles};
use crate::waits::Waits;

/// One arrangement as the list of its sets' texts.
pub fn arrangement_sets(arrangement: &Arrangement, style: TileStyle) -> Vec<String> {
    arrangement
        .sets
        .iter()
        .map(|&set| set.text(style))
        .collect()
}

/// Every arrangement, numbered, one per line; the winning tile's set is marked.
pub fn arrangements_text(arrangements: &[Arrangement], winner: bool, style: TileStyle) -> String {
    if arrangements.is_empty() {
        return if winner {
            "no standard arrangement: the tiles are not four sets and a pair\n".to_string()
        } else {
            "no arrangement\n".to_string()
        };
    }
    let mut out = format!(
        "{} arrangement{}\n",
        arrangements.len(),
        if arrangements.len() == 1 { "" } else { "s" }
    );
    for (n, arrangement) in arrangements.iter().enumerate() {
        let sets: Vec<String> = arrangement
            .sets
            .iter()
            .enumerate()
            .map(|(i, &set)| {
                let text = set.text(style);
                if arrangement.winning_set == Some(i) {
                    format!("[{text}]")
                } else {
                    text
                }
            })
            .collect();
        out.push_str(&format!("{:>3}. {}\n", n + 1, sets.join("  ")));
    }
    if winner {
        out.push_str("[…] is the set the winning tile completed\n");
    }
    out
}

/// Arrangements as JSON: a list of objects with the sets and the winning set's index.
pub fn arrangements_json(arrangements: &[Arrangement], style: TileStyle) -> Value {
    Value::Array(
        arrangements
            .iter()
            .map(|a| {
                json!({
                    "sets": arrangement_sets(a, style),
                    "winning_set": a.winning_set,
                    "fishing_the_eyes": a.fishing_the_eyes(),
                })
            })
            .collect(),
    )
}

fn tile_list(tiles: TileSet, style: TileStyle) -> Vec<String> {
    tiles.iter().map(|t| format_tiles([t], style)).collect()
}

/// Waits as the JSON of the contracts page, plus the live waits.
pub fn waits_json(waits: &Waits, style: TileStyle) -> Value {
    json!({
        "waits": tile_list(waits.tiles, style),
        "only_possible": waits.only_possible,
        "fishing_the_eyes": waits.fishing_the_eyes,
        "live": tile_list(waits.live, style),
    })
}

/// Waits as text.
pub fn waits_text(waits: &Waits, winner: bool, style: TileStyle) -> String {
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    let list = |tiles: TileSet| {
        if tiles.is_empty() {
            "none".to_string()
        } else {
            tile_list(tiles, style).join(" ")
        }
    };
    let mut out = format!("waits: {}\n", list(waits.tiles));
    out.push_str(&format!("live waits: {}\n", list(waits.live)));
    if winner {
        out.push_str(&format!(
            "winning tile was the only possible one: {}\n",
            yes_no(waits.only_possible)
        ));
        out.push_str(&format!(
            "fishing the eyes: {}\n",
            yes_no(waits.fishing_the_eyes)
        ));
    } else {
        out.push_str(&format!(
            "waiting on a single live tile: {}\n",
            yes_no(waits.only_possible)
        ));
    }
    out
}
