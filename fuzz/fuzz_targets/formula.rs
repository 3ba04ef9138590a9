//! Riichi hands made from the fuzz input are scored under `riichi`, a `formula` variant, and
//! the card is held to what the variant's file says of its values. The first eight bytes
//! seed the library's hand generator (`mjrules gen --indicators`, with the special patterns
//! when the ninth byte is odd); each byte after them changes one thing of the hand (its
//! seat, the round, how it was won, a declaration, an indicator, a tile seen elsewhere), and
//! a hand the changes make illegal is dropped. Asserted of every card: it is the reference
//! scorer's (every reading, no shortcut), the numbers alone are the card's, and it draws as
//! text and JSON; of a valid winner's card, that the han are its han items' (13 a yakuman,
//! at most six, where it has one), the fu its fu items' rounded up to ten (unless a special
//! shape), and the total the card's `total` value, which is what the basic points come to
//! by EMA 4.1.2: four times them (six for the dealer) on a discard, twice from the dealer
//! and once from each other player on a self-draw (twice from each to a dealer), each
//! payment rounded up to 100.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mjrules::hand::{Hand, WinSource};
use mjrules::random::HandGenerator;
use mjrules::rules::ItemKind;
use mjrules::tiles::{Tile, Wind};
use std::sync::OnceLock;

/// `n` rounded up to a multiple of `to`.
fn round_up(n: i64, to: i64) -> i64 {
    n.div_euclid(to) * to + if n.rem_euclid(to) > 0 { to } else { 0 }
}

/// The hand the generator made, with the changes the bytes ask for; none where they make
/// it illegal.
fn changed(hand: &Hand, bytes: &[u8]) -> Option<Hand> {
    let mut parts = hand.parts();
    let mut indicators = parts.indicators.to_vec();
    let mut hidden = parts.hidden_indicators.to_vec();
    for &b in bytes {
        let tile = Tile::from_index(usize::from(b >> 3) % Tile::COUNT)?;
        let wind = Wind::ALL[usize::from(b >> 3) % 4];
        match b & 7 {
            0 => parts.seat = Some(wind),
            1 => parts.prevailing = Some(wind),
            2 => {
                let win = parts.win.as_mut()?;
                win.from = [
                    WinSource::Wall,
                    WinSource::Discard,
                    WinSource::Loose,
                    WinSource::RobbedKong,
                ][usize::from(b >> 3) % 4];
                win.discarder = None;
            }
            3 => {
                let win = parts.win.as_mut()?;
                match (b >> 3) % 4 {
                    0 => win.last = !win.last,
                    1 => win.heavenly = !win.heavenly,
                    2 => win.kong_on_kong = !win.kong_on_kong,
                    _ => win.discarder = Some(wind),
                }
            }
            4 => match (b >> 3) % 3 {
                0 => parts.declared_ready = !parts.declared_ready,
                1 => parts.original_call = !parts.original_call,
                _ => parts.one_go_around = !parts.one_go_around,
            },
            5 => indicators.push(tile),
            6 => hidden.push(tile),
            _ if parts.seen.get(tile) < 4 => parts.seen.add(tile),
            _ => {}
        }
    }
    parts.indicators = &indicators;
    parts.hidden_indicators = &hidden;
    Hand::new(parts).ok()
}

fuzz_target!(|data: &[u8]| {
    static RIICHI: OnceLock<mjrules::Variant> = OnceLock::new();
    let riichi = RIICHI.get_or_init(|| mjrules::Variant::load("riichi", &[]).unwrap());
    let mut seed = [0u8; 8];
    let n = data.len().min(8);
    seed[..n].copy_from_slice(&data[..n]);
    let special = data.get(8).is_some_and(|b| b & 1 == 1);
    let mut generator = HandGenerator::with_indicators(u64::from_le_bytes(seed));
    if special {
        generator = generator.with_special_patterns();
    }
    let made = generator.corpus_hand(false);
    let Some(hand) = changed(&made, data.get(9..).unwrap_or_default()) else {
        return;
    };
    let card = riichi.score(&hand);
    let reference = mjrules::score::reference::score(riichi.rules(), &hand);
    assert_eq!(card, reference, "the fast scorer against the reference");
    assert_eq!(riichi.scorer().totals(&hand), card.totals);
    let _ = mjrules::render::score_text(&card, mjrules::tiles::TileStyle::Ascii);
    let json = mjrules::render::score_json(&card, mjrules::tiles::TileStyle::Unicode);
    assert_eq!(json["total"], serde_json::json!(card.total()), "{json}");
    if !(card.winner && card.totals.valid) {
        return;
    }
    let value = |id: &str| {
        card.values()
            .find(|(v, _)| *v == id)
            .unwrap_or_else(|| panic!("no value `{id}`"))
            .1
    };
    // The units' sums over the items that counted: han, fu, yakuman.
    let mut units = [0i64; 3];
    for item in card.items().filter(|i| i.counted) {
        if let ItemKind::Unit(u) = item.kind {
            units[usize::from(u)] += item.amount;
        }
    }
    let [han, fu, yakuman] = units;
    if yakuman >= 1 {
        assert_eq!(value("han"), 13 * yakuman.min(6), "a yakuman's han");
    } else {
        assert_eq!(value("han"), han, "the han items");
        assert!(han >= 1, "a valid hand without a han");
    }
    if card.shape.is_none() {
        assert_eq!(value("fu"), round_up(fu, 10), "the fu items, rounded");
    }
    let basic = value("basic");
    assert!(basic > 0 && basic <= 6 * 8000, "basic points {basic}");
    let dealer = hand.seat() == Wind::East;
    let win = hand.win().unwrap();
    let total = if matches!(win.from, WinSource::Wall | WinSource::Loose) {
        if dealer {
            3 * round_up(2 * basic, 100)
        } else {
            round_up(2 * basic, 100) + 2 * round_up(basic, 100)
        }
    } else {
        round_up(basic * if dealer { 6 } else { 4 }, 100)
    };
    assert_eq!(value("total"), total, "the total by EMA 4.1.2");
    assert_eq!(card.total(), total, "the card's total");
});
