//! BMJA's basic table (benches/bmja-basic.toml) written by hand in Rust, as a yardstick: the
//! benchmark compares it with the interpreted variant to price the interpretation, and a
//! test checks that both give the same totals on random hands.

use mjrules::arrange::{Arrangement, Groupings, arrange_into};
use mjrules::hand::{Hand, WinSource};
use mjrules::set::{Exposure, SetKind};
use mjrules::tiles::{BonusKind, Tile, TileSet};

/// Scores `hand` as rules/bmja.toml does; `buffer` is reused between calls. A player who did
/// not go out has his tiles held alike read as pungs only: in this table a pung always scores
/// at least as much as a pair and a lone tile (`mjrules check` proves it of the interpreted
/// file too, which then reads the same arrangements).
pub fn score(hand: &Hand, buffer: &mut Vec<Arrangement>) -> i64 {
    buffer.clear();
    let pungs = Groupings {
        regrouped: TileSet::default(),
    };
    arrange_into(hand, pungs, &[], buffer);
    let winner = hand.win().is_some();
    if winner && buffer.is_empty() {
        return 0;
    }
    let mut bonus_points = 0;
    let mut bonus_doubles = 0;
    let flowers = hand
        .bonus()
        .iter()
        .filter(|b| b.kind == BonusKind::Flower)
        .count();
    let seasons = hand.bonus().len() - flowers;
    for b in hand.bonus() {
        bonus_points += 4;
        if b.wind == hand.seat() {
            bonus_doubles += 1;
        }
    }
    if flowers == 4 {
        bonus_doubles += 1;
    }
    if hand.original_call() {
        bonus_doubles += 1;
    }
    if seasons == 4 {
        bonus_doubles += 1;
    }
    let own = hand.own_tiles();
    let tiles: Vec<Tile> = Tile::all().filter(|&t| own.get(t) > 0).collect();
    let suits = [0, 1, 2]
        .iter()
        .filter(|&&s| tiles.iter().any(|t| t.is_suited() && t.index() / 9 == s))
        .count();
    let honours = tiles.iter().any(|t| t.is_honour());
    let all_major = tiles.iter().all(|t| t.is_major());
    let terminals = tiles.iter().any(|t| t.is_terminal());
    let mut best = 0;
    for a in buffer.iter() {
        let mut points = bonus_points;
        let mut doubles = bonus_doubles;
        let mut chows = 0;
        for s in &a.sets {
            let major = s.tile.is_major();
            let exposed = s.exposure != Exposure::Concealed;
            match s.kind {
                SetKind::Pung | SetKind::Kong => {
                    let base = match (major, exposed) {
                        (false, true) => 2,
                        (false, false) => 4,
                        (true, true) => 4,
                        (true, false) => 8,
                    };
                    points += if s.kind == SetKind::Kong {
                        base * 4
                    } else {
                        base
                    };
                    if s.tile.as_wind() == Some(hand.seat()) {
                        doubles += 1;
                    }
                    if s.tile.as_wind() == Some(hand.prevailing()) {
                        doubles += 1;
                    }
                    if s.tile.as_dragon().is_some() {
                        doubles += 1;
                    }
                }
                SetKind::Pair => {
                    if s.tile.as_dragon().is_some() {
                        points += 2;
                    }
                    if s.tile.as_wind() == Some(hand.prevailing()) {
                        points += 2;
                    }
                    if s.tile.as_wind() == Some(hand.seat()) {
                        points += 2;
                    }
                }
                SetKind::Chow => chows += 1,
                SetKind::Single => {}
            }
        }
        if let Some(win) = hand.win() {
            points += 20;
            if win.from == WinSource::Wall {
                points += 2;
            }
            if chows == 0 {
                doubles += 1;
            }
            if suits == 1 && honours {
                doubles += 1;
            }
            if all_major && terminals && honours {
                doubles += 1;
            }
            if a.sets.iter().all(|s| s.counts_as_concealed()) {
                doubles += 1;
            }
            match (win.from, win.last) {
                (WinSource::Loose, last) => {
                    doubles += 1;
                    if last {
                        doubles += 1;
                    }
                }
                (WinSource::Wall, true)
                | (WinSource::Discard, true)
                | (WinSource::RobbedKong, true) => doubles += 1,
                _ => {}
            }
            if win.from == WinSource::RobbedKong {
                doubles += 1;
            }
            if hand.original_call() {
                doubles += 1;
            }
            if suits == 1 && !honours {
                doubles += 3;
            }
        }
        let total = (points << doubles.min(40)).min(1000);
        best = best.max(total);
    }
    best
}
