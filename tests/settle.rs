//! Settlement: the payment examples of text 004 under its three tables, classical deals worked
//! from texts 002 and 003, and the payments of full hands.

mod common;

use mjrules::Variant;
use mjrules::settle::{Settlement, parse_deal, settle};

fn run(variant: &str, deal: &str) -> Settlement {
    let v = Variant::load(variant, &[]).unwrap();
    let deal = parse_deal("deal.toml", deal, v.definition().style)
        .unwrap_or_else(|e| panic!("{}", common::render_plain(&e)));
    settle(&v, &deal).unwrap_or_else(|e| panic!("{}", common::render_plain(&e)))
}

/// The net of East, South, West, North.
fn net(s: &Settlement) -> [i64; 4] {
    s.net
}

fn paid(s: &Settlement, from: &str, to: &str) -> i64 {
    s.payments
        .iter()
        .filter(|p| p.from.map_or("pot", |w| w.name()) == from && p.to.name() == to)
        .map(|p| p.amount)
        .sum()
}

const WEST_SELF_DRAWN: &str =
    "prevailing = \"east\"\n[west]\nfaan = {F}\nwin = { from = \"wall\" }\n";
const NORTH_ON_SOUTHS_DISCARD: &str = "prevailing = \"east\"\n[north]\nfaan = {F}\nwin = { from = \"discard\", discarder = \"south\" }\n";
const EAST_ON_WESTS_DISCARD: &str = "prevailing = \"east\"\n[east]\nfaan = {F}\nwin = { from = \"discard\", discarder = \"west\" }\n";

fn deal(template: &str, faan: i64) -> String {
    template.replace("{F}", &faan.to_string())
}

#[test]
fn hong_kong_simplified_examples() {
    // Hand 1: West wins with 3 faan from the wall (1 base point): East 1 x2 (wall) x2 (East) =
    // 4, South 2, North 2; West +8.
    let s = run("hong-kong", &deal(WEST_SELF_DRAWN, 3));
    assert_eq!(net(&s), [-4, -2, 8, -2]);
    // Hand 2: North wins with 6 faan on South's discard (2 base points): East 2 x2 = 4, South
    // 2 x2 (discarder) = 4, West 2; North +10.
    let s = run("hong-kong", &deal(NORTH_ON_SOUTHS_DISCARD, 6));
    assert_eq!(net(&s), [-4, -4, -2, 10]);
    // Hand 3: East wins with 10 faan on West's discard (8 base points): South 8 x2 = 16, West
    // 8 x2 x2 = 32, North 16; East +64.
    let s = run("hong-kong", &deal(EAST_ON_WESTS_DISCARD, 10));
    assert_eq!(net(&s), [64, -16, -32, -16]);
    assert_eq!(
        s.next_dealer.name(),
        "east",
        "East keeps the deal after winning"
    );
}

#[test]
fn hong_kong_traditional_examples() {
    // Hand 1: West wins with 4 faan from the wall (16 base points): East 16 x2 x2 = 64, South
    // 32, North 32; West +128. (The text's lines "4 (do leste) + 2 + 2" and "Norte 1 (pontos
    // de base)" are slips; its totals are these.)
    let s = run("hong-kong-traditional", &deal(WEST_SELF_DRAWN, 4));
    assert_eq!(net(&s), [-64, -32, 128, -32]);
    // Hand 2: North wins with 6 faan on South's discard. The text says "(pontos de base de 16)"
    // as the table does (4-6 faan: 16), but then works with 32 (East -64, South -64, West -32,
    // North +160): its example contradicts its table. The table gives East 16 x2 = 32, South
    // 16 x2 = 32, West 16; North +80.
    let s = run("hong-kong-traditional", &deal(NORTH_ON_SOUTHS_DISCARD, 6));
    assert_eq!(net(&s), [-32, -32, -16, 80]);
    // Hand 3: East wins with 10 faan on West's discard (64 base points): South 128, West 256,
    // North 128; East +512.
    let s = run("hong-kong-traditional", &deal(EAST_ON_WESTS_DISCARD, 10));
    assert_eq!(net(&s), [512, -128, -256, -128]);
}

#[test]
fn hong_kong_canton_examples() {
    // Hand 1: West wins with 4 faan from the wall (16): East 64, South 32, North 32; +128.
    let s = run("hong-kong-canton", &deal(WEST_SELF_DRAWN, 4));
    assert_eq!(net(&s), [-64, -32, 128, -32]);
    // The second "Hand 1": West wins with 7 faan from the wall (48): East 192, South 96, North
    // 96; West +384.
    let s = run("hong-kong-canton", &deal(WEST_SELF_DRAWN, 7));
    assert_eq!(net(&s), [-192, -96, 384, -96]);
    // Hand 3: East wins with 12 faan on West's discard (256): South 512, West 1024, North 512;
    // East +2048.
    let s = run("hong-kong-canton", &deal(EAST_ON_WESTS_DISCARD, 12));
    assert_eq!(net(&s), [2048, -512, -1024, -512]);
}

#[test]
fn below_the_minimum_nobody_pays() {
    let s = run("hong-kong", &deal(WEST_SELF_DRAWN, 2));
    assert!(s.payments.is_empty());
    assert_eq!(net(&s), [0, 0, 0, 0]);
    // The traditional table pays from 0 faan: 2 faan is 4 base points, x2 from the wall.
    let s = run("hong-kong-traditional", &deal(WEST_SELF_DRAWN, 2));
    assert_eq!(net(&s), [-16, -8, 32, -8]);
}

#[test]
fn polish_winner_east_double_losers_differences_and_caps() {
    // Text 002. South wins with 200; East 40, West 100, North 60.
    // To the winner: East pays double, 400, but a payment with East is capped at 600: 400;
    // West 200; North 200. Between the others (the lower pays the higher the difference):
    // East 40 pays West 100 the difference 60, doubled because East pays: 120; East pays North
    // 20 x2 = 40; North 60 pays West 100 the difference 40.
    let s = run(
        "polish",
        "prevailing = \"east\"\n[south]\nscore = 200\nwin = { from = \"wall\" }\n[east]\nscore = 40\n[west]\nscore = 100\n[north]\nscore = 60\n",
    );
    assert_eq!(paid(&s, "east", "south"), 400);
    assert_eq!(paid(&s, "west", "south"), 200);
    assert_eq!(paid(&s, "north", "south"), 200);
    assert_eq!(paid(&s, "east", "west"), 120);
    assert_eq!(paid(&s, "east", "north"), 40);
    assert_eq!(paid(&s, "north", "west"), 40);
    assert_eq!(s.net, [-560, 800, -40, -200]);
    assert_eq!(
        s.next_dealer.name(),
        "south",
        "the winds move on when East loses"
    );
}

#[test]
fn polish_caps_are_300_and_600_with_east() {
    // East wins with 1000: everyone pays double, 2000, capped at 600 for payments with East.
    let s = run(
        "polish",
        "prevailing = \"east\"\n[east]\nscore = 1000\nwin = { from = \"discard\", discarder = \"north\" }\n",
    );
    assert_eq!(s.net, [1800, -600, -600, -600]);
    // West wins with 1000: South and North pay 1000, capped at 300; East pays 2000, capped at 600.
    let s = run(
        "polish",
        "prevailing = \"east\"\n[west]\nscore = 1000\nwin = { from = \"wall\" }\n",
    );
    assert_eq!(s.net, [-600, -300, 1200, -300]);
}

#[test]
fn a_drawn_deal_pays_nothing() {
    // Text 002: the last tile drawn and nobody went out: a draw, nobody pays anybody, and the
    // winds move on.
    let s = run(
        "polish",
        "prevailing = \"east\"\n[east]\nscore = 40\n[west]\nscore = 100\n",
    );
    assert!(s.payments.is_empty());
    assert_eq!(s.net, [0, 0, 0, 0]);
    assert_eq!(s.next_dealer.name(), "south");
}

#[test]
fn bmja_full_hands_settle_from_their_scores() {
    // The example hand wins for South (320, see tests/cases/bmja/03-example-hand.toml). East
    // did not go out and holds lone tiles but for an exposed pung of green dragons (4 points,
    // 1 double: 8). Every player pays the winner 320, East double (640). Between the others:
    // West and North score 0; East (8) is paid the difference by each, doubled: 16.
    let s = run(
        "bmja",
        "prevailing = \"east\"\n\
         [south]\nconcealed = \"222m 345p 666s 99s\"\nmelds = [\"777z\"]\nbonus = [\"2f\", \"2y\"]\n\
         [south.win]\ntile = \"4p\"\nfrom = \"discard\"\ndiscarder = \"west\"\n\
         [east]\nconcealed = \"147m 258p 369s 1z\"\nmelds = [\"666z\"]\n",
    );
    assert_eq!(s.scores, [8, 320, 0, 0]);
    assert_eq!(paid(&s, "east", "south"), 640);
    assert_eq!(paid(&s, "west", "south"), 320);
    assert_eq!(paid(&s, "west", "east"), 16);
    assert_eq!(paid(&s, "north", "east"), 16);
    assert_eq!(s.net.iter().sum::<i64>(), 0);
}

#[test]
fn hong_kong_nine_tile_penalty() {
    // North shows three sets of dots and goes out on West's discard with all one suit: 7 faan,
    // 4 base points. East would pay 4 x2 = 8, South 4, West (discarder) 4 x2 = 8: 20. West let
    // a pure hand out after nine tiles of it were shown: West pays all 20.
    let s = run(
        "hong-kong",
        "prevailing = \"east\"\n[north]\nconcealed = \"888p 99p\"\nmelds = [\"111p\", \"234p\", \"567p\"]\n\
         [north.win]\ntile = \"9p\"\nfrom = \"discard\"\ndiscarder = \"west\"\n",
    );
    assert_eq!(
        s.liable.as_ref().map(|(id, w)| (id.as_str(), w.name())),
        Some(("nine-tile-penalty", "west"))
    );
    assert_eq!(s.net, [0, 0, -20, 20]);
}

#[test]
fn hong_kong_twelve_tile_penalty() {
    // North self-draws all one suit after claiming the fourth set of dots from East: 7 + 1
    // (self-draw) = 8 faan, 4 base points. East would pay 4 x2 x2 = 16, South 8, West 8: 32,
    // all paid by East, who let the fourth set be melded.
    let s = run(
        "hong-kong",
        "prevailing = \"east\"\n[north]\nconcealed = \"99p\"\nmelds = [\"111p\", \"234p\", \"567p\", \"888p from=east\"]\n\
         [north.win]\ntile = \"9p\"\nfrom = \"wall\"\n",
    );
    assert_eq!(
        s.liable.as_ref().map(|(id, w)| (id.as_str(), w.name())),
        Some(("twelve-tile-penalty", "east"))
    );
    assert_eq!(s.net, [-32, 0, 0, 32]);
}

#[test]
fn hong_kong_fifth_tile_penalty() {
    // Late in the wall, North discards a 5p nobody has seen and South goes out on it: common
    // hand 1 and concealed hand 1, 2 faan, 4 base points in the traditional table. East would
    // pay 8, West 4, North (discarder) 8: North pays all 20.
    let s = run(
        "hong-kong-traditional",
        "prevailing = \"east\"\n[south]\nconcealed = \"123m 456m 789p 234s 55p\"\n\
         [south.win]\ntile = \"5p\"\nfrom = \"discard\"\ndiscarder = \"north\"\nlate = true\n",
    );
    assert_eq!(
        s.liable.as_ref().map(|(id, w)| (id.as_str(), w.name())),
        Some(("fifth-tile-penalty", "north"))
    );
    assert_eq!(s.net, [0, 20, 0, -20]);
}

#[test]
fn hong_kong_robbed_kong_penalty() {
    // 004, Roubando Kong: "uma penalidade de 12 peças será imposta ao jogador que está sendo
    // roubado". North robs South's kong of 3m with the last tile: robbing a kong 1, last catch
    // 1, red dragon pung 1: 3 faan, 1 base point. East would pay 1 x2 (East) = 2, South 1 x2
    // (the robbed player pays as the discarder) = 2, West 1: 5, all paid by South.
    let s = run(
        "hong-kong",
        "prevailing = \"east\"\n[north]\nconcealed = \"234m 567m 88m\"\nmelds = [\"777z\", \"999s\"]\n\
         [north.win]\ntile = \"3m\"\nfrom = \"robbed-kong\"\ndiscarder = \"south\"\nlast = true\n",
    );
    assert_eq!(
        s.liable.as_ref().map(|(id, w)| (id.as_str(), w.name())),
        Some(("robbed-kong-penalty", "south"))
    );
    assert_eq!(s.net, [0, -5, 0, 5]);
}

/// `tests/variants/formula.toml` pays as a riichi table does, from its own values: on a
/// discard the discarder pays `total` (basic × 4, × 6 to East, rounded up to 100) and 300 a
/// counter (`honba`); on a self-draw each pays basic, × 2 where East pays or is paid, rounded
/// up to 100, and 100 a counter; the winner takes 1000 a deposit (`riichi-sticks`). The
/// hands are those of `tests/hands/semantics/formula-*.toml`, whose values are worked out in
/// tests/predicates.rs.
mod table_payments {
    use super::*;

    fn formula(deal: &str) -> Settlement {
        run(
            &format!("{}/tests/variants/formula.toml", env!("CARGO_MANIFEST_DIR")),
            deal,
        )
    }

    #[test]
    fn a_discard_is_paid_by_the_discarder_with_the_counters_and_the_pot() {
        // South's four chows on West's 5m: basic 480, total 480 × 4 = 1920 → 2000. West
        // pays 2000 + 2 × 300 = 2600; nobody else pays; South takes 1 × 1000 from the table.
        let s = formula(
            "prevailing = \"east\"\nhonba = 2\nriichi-sticks = 1\n\
             [south]\nconcealed = \"123m 456p 789s 234s 55m\"\n\
             win = { tile = \"5m\", from = \"discard\", discarder = \"west\" }\n",
        );
        assert_eq!(paid(&s, "west", "south"), 2600);
        assert_eq!(paid(&s, "pot", "south"), 1000);
        assert_eq!(s.payments.len(), 2, "{s:?}");
        assert_eq!(s.net, [0, 3600, -2600, 0]);
        assert_eq!(s.pot, Some(1000));
        assert_eq!(s.net.iter().sum::<i64>(), s.pot.unwrap());
    }

    #[test]
    fn a_self_draw_is_shared_each_share_rounded() {
        // South's kong hand from the wall: basic 2000 (tier `high`). East pays 2000 × 2 =
        // 4000 + 100 (one counter) = 4100; West and North 2000 + 100 = 2100 each; no deposits,
        // so the pot pays nothing.
        let s = formula(
            "prevailing = \"east\"\nhonba = 1\n\
             [south]\nconcealed = \"111m 999p 234s 22s\"\nmelds = [\"7777z\"]\n\
             win = { tile = \"4s\", from = \"wall\" }\n",
        );
        assert_eq!(paid(&s, "east", "south"), 4100);
        assert_eq!(paid(&s, "west", "south"), 2100);
        assert_eq!(paid(&s, "north", "south"), 2100);
        assert_eq!(s.net, [-4100, 8300, -2100, -2100]);
        assert_eq!(s.pot, Some(0));
        assert_eq!(
            s.payments.len(),
            3,
            "no payment of nothing from the pot: {s:?}"
        );
    }

    #[test]
    fn the_dealer_self_drawing_is_paid_double_by_everyone() {
        // East's all honours from the wall: basic 8000 (tier `full-score`); each of the
        // others pays 8000 × 2 = 16000; three deposits, 3000 from the table.
        let s = formula(
            "prevailing = \"east\"\nriichi-sticks = 3\n\
             [east]\nconcealed = \"555z 666z 777z 111z 22z\"\n\
             win = { tile = \"2z\", from = \"wall\" }\n",
        );
        assert_eq!(s.net, [51000, -16000, -16000, -16000]);
        assert_eq!(s.pot, Some(3000));
        assert_eq!(s.next_dealer, mjrules::tiles::Wind::East);
    }

    #[test]
    fn a_drawn_deal_leaves_the_deposits_on_the_table() {
        let s = formula(
            "prevailing = \"east\"\nriichi-sticks = 2\nhonba = 1\n\
             [west]\nconcealed = \"111m 999p 23s 2s 5z\"\nmelds = [\"7777z\"]\n",
        );
        assert!(s.payments.is_empty(), "{s:?}");
        assert_eq!(s.net, [0; 4]);
        assert_eq!(s.pot, Some(0));
    }

    #[test]
    fn counts_a_variant_does_not_read_are_noted() {
        let s = run(
            "bmja",
            "prevailing = \"east\"\nhonba = 2\nriichi-sticks = 1\n\
             [south]\nscore = 20\nwin = { from = \"wall\" }\n",
        );
        assert_eq!(s.pot, None);
        assert!(
            s.notes
                .iter()
                .any(|n| n.contains("`honba = 2` changes nothing")),
            "{:?}",
            s.notes
        );
        assert!(
            s.notes
                .iter()
                .any(|n| n.contains("`riichi-sticks = 1` changes nothing")),
            "{:?}",
            s.notes
        );
    }
}

/// `riichi` settles from its basic points: a discarder pays the total and 300 a counter, a
/// self-draw is paid in shares rounded each, 100 a counter each, and the winner takes 1000 a
/// riichi stick (EMA 2016, 4.1.2, 3.4.10, 3.3.14).
#[test]
fn riichi_pays_from_basic_points_with_counters_and_sticks() {
    // South's riichi, pinfu, tanyao and red five on West's 8s: 4 han 30 fu, basic 1920;
    // 1920 × 4 = 7680 → 7700, + 300 for the one counter = 8000 from West; 2 sticks, 2000
    // from the table.
    let ron = run(
        "riichi",
        "prevailing = \"east\"\nhonba = 1\nriichi-sticks = 2\n[south]\n\
         concealed = \"234m 067m 345p 678s 66s\"\nriichi = true\ndora = \"9m\"\n\
         win = { tile = \"8s\", from = \"discard\", discarder = \"west\" }\n",
    );
    assert_eq!(ron.scores[1], 7700);
    assert_eq!(ron.net, [0, 10000, -8000, 0]);
    assert_eq!(ron.pot, Some(2000));
    // South draws 8m for 13 han without a yakuman: a counted yakuman, basic 8000. East
    // pays 16000 and the others 8000 each, each with 2 × 100 for two counters.
    let tsumo = run(
        "riichi",
        "prevailing = \"east\"\nhonba = 2\n[south]\n\
         concealed = \"223344m 567m 678m 55m\"\nriichi = true\ndora = \"1m\"\n\
         win = { tile = \"8m\", from = \"wall\" }\n",
    );
    assert_eq!(tsumo.scores[1], 32000);
    assert_eq!(tsumo.net, [-16200, 32600, -8200, -8200]);
    assert_eq!(tsumo.pot, Some(0));
    assert_eq!(tsumo.next_dealer, mjrules::tiles::Wind::South);
}

#[test]
fn mcr_pays_eight_and_the_total() {
    // East (East round) holds 123m 234p 345s 777z 99m and a flower, as in
    // tests/cases/mcr/01: won on North's 5s it scores Mixed Shifted Chows 6, Dragon Pung 2,
    // Concealed Hand 2 and the flower 1 = 11. The rules' settlement: the discarder pays 8 and
    // the total, 19; South and West 8 each.
    let hand = "concealed = \"123m 234p 345s 777z 99m\"\nbonus = [\"1f\"]\n";
    let ron = run(
        "mcr",
        &format!(
            "prevailing = \"east\"\n[east]\n{hand}win = {{ tile = \"5s\", from = \"discard\", discarder = \"north\" }}\n"
        ),
    );
    assert_eq!(ron.scores[0], 11);
    assert_eq!(net(&ron), [35, -8, -8, -19]);
    // Drawn from the wall: Fully Concealed Hand 4 in place of Concealed Hand (and Self-Drawn),
    // 6 + 2 + 4 + 1 = 13, and each of the three pays 8 and the total, 21.
    let tsumo = run(
        "mcr",
        &format!(
            "prevailing = \"east\"\n[east]\n{hand}win = {{ tile = \"5s\", from = \"wall\" }}\n"
        ),
    );
    assert_eq!(tsumo.scores[0], 13);
    assert_eq!(net(&tsumo), [63, -21, -21, -21]);
}

mod random_deals {
    use mjrules::Variant;
    use mjrules::hand::write::to_toml as hand_toml;
    use mjrules::hand::{Hand, HandParts};
    use mjrules::random::{HandGenerator, Rng};
    use mjrules::rules::builtin;
    use mjrules::settle::{parse_deal, settle};
    use mjrules::tiles::{Tile, TileCounts, Wind};

    /// A hand from `make` whose tiles, added to those `held` at the table, make no fifth copy
    /// (a few tries); the tiles are added to `held`.
    fn fitting(held: &mut TileCounts, mut make: impl FnMut() -> Hand) -> Option<Hand> {
        let hand = (0..100).map(|_| make()).find(|hand| {
            let own = hand.own_tiles();
            Tile::all().all(|t| held.get(t) + own.get(t) <= 4)
        })?;
        held.add_all(&hand.own_tiles());
        Some(hand)
    }

    /// A random deal: a winner's full hand at a random seat (or a drawn deal), and the other
    /// seats as full hands that did not go out, counted scores, or left out; the full hands
    /// hold no more than four of a tile together (none when they cannot be found).
    fn deal(rng: &mut Rng, hands: &mut HandGenerator, faan: bool) -> Option<String> {
        let winner = (rng.below(5) < 4).then(|| Wind::ALL[rng.below(4)]);
        let mut text = format!(
            "prevailing = \"east\"\nhonba = {}\nriichi-sticks = {}\n",
            rng.below(4),
            rng.below(4)
        );
        let mut held = TileCounts::default();
        for wind in Wind::ALL {
            if Some(wind) == winner {
                let hand = fitting(&mut held, || hands.winning_hand())?;
                let mut win = hand.win();
                if let Some(win) = win.as_mut() {
                    if win.discarder == Some(wind) {
                        win.discarder = Some(wind.next());
                    }
                    // East's hand dealt complete takes no discard.
                    win.heavenly &= !(wind == Wind::East && win.from.is_claimed());
                }
                let hand = Hand::new(HandParts {
                    seat: Some(wind),
                    win,
                    ..hand.parts()
                })
                .unwrap();
                let toml = hand_toml(&hand).replace("[win]", &format!("[{wind}.win]"));
                let (top, win) = toml.split_once(&format!("\n[{wind}.win]")).unwrap();
                let top: String = top
                    .lines()
                    .filter(|l| !l.starts_with("seat") && !l.starts_with("prevailing"))
                    .map(|l| format!("{l}\n"))
                    .collect();
                text.push_str(&format!("[{wind}]\n{top}[{wind}.win]{win}"));
                continue;
            }
            match rng.below(3) {
                0 => {}
                1 => {
                    let key = if faan { "faan" } else { "score" };
                    text.push_str(&format!("[{wind}]\n{key} = {}\n", rng.below(600)));
                }
                _ => {
                    let hand = fitting(&mut held, || hands.waiting_hand())?;
                    let toml = hand_toml(&hand);
                    let body: String = toml
                        .lines()
                        .filter(|l| !l.starts_with("seat") && !l.starts_with("prevailing"))
                        .map(|l| format!("{l}\n"))
                        .collect();
                    text.push_str(&format!("[{wind}]\n{body}"));
                }
            }
        }
        Some(text)
    }

    #[test]
    fn net_sums_to_zero_and_no_payment_exceeds_its_cap() {
        let mut rng = Rng::new(5);
        let mut hands = HandGenerator::new(6);
        let formula = format!("{}/tests/variants/formula.toml", env!("CARGO_MANIFEST_DIR"));
        let mut ids: Vec<&str> = builtin::ids().collect();
        ids.push(&formula);
        for id in ids {
            let variant = Variant::load(id, &[]).unwrap();
            let faan = variant.definition().style == mjrules::rules::Style::Faan;
            let mut settled = 0;
            for n in 0..300 {
                let Some(text) = deal(&mut rng, &mut hands, faan) else {
                    continue;
                };
                let deal = parse_deal("random.toml", &text, variant.definition().style)
                    .unwrap_or_else(|e| {
                        panic!(
                            "{id} deal {n}:\n{text}\n{}",
                            crate::common::render_plain(&e)
                        )
                    });
                let s = match settle(&variant, &deal) {
                    Ok(s) => s,
                    // A random hand can meet a penalty whose payer the random deal does not
                    // name; that is a diagnostic, not a settlement.
                    Err(e) if e.problems()[0].message.contains("does not say who pays") => continue,
                    // The random hands have no red fives: one that shows four fives of a suit
                    // is no hand of a variant with red fives, which refuses it.
                    Err(e) if e.problems()[0].message.contains("refuses this hand") => continue,
                    Err(e) => panic!("{id} deal {n}: {}", crate::common::render_plain(&e)),
                };
                settled += 1;
                // The seats and the pot sum to zero.
                let pot = s.pot.unwrap_or(0);
                assert_eq!(s.net.iter().sum::<i64>() - pot, 0, "{id} deal {n}: {s:?}");
                for p in &s.payments {
                    assert!(p.amount > 0, "{id}: a payment of nothing");
                    let east = p.from == Some(Wind::East) || p.to == Wind::East;
                    let cap = if east {
                        variant
                            .rules()
                            .payments
                            .dealer_cap
                            .or(variant.rules().payments.cap)
                    } else {
                        variant.rules().payments.cap
                    };
                    if let Some(cap) = cap {
                        assert!(p.amount <= cap, "{id} deal {n}: {p:?} over {cap}");
                    }
                }
            }
            assert!(settled > 250, "{id}: only {settled} deals settled");
        }
    }
}

mod any_size {
    use mjrules::Variant;
    use mjrules::rules::{Style, builtin};
    use mjrules::settle::{MAX_PAYMENT, parse_deal, settle};
    use mjrules::tiles::Wind;
    use proptest::prelude::*;

    /// A counted score of any size a deal file takes: small ones mostly, the whole `i64`
    /// range too.
    fn value() -> impl Strategy<Value = i64> {
        prop_oneof![
            -100i64..10_000,
            any::<i64>(),
            Just(i64::MAX),
            Just(i64::MIN)
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// Whatever the counted scores, a deal is settled with nets that sum to zero and no
        /// payment above MAX_PAYMENT, or refused with a message.
        #[test]
        fn a_counted_deal_settles_to_zero_or_is_refused(
            variant in 0usize..8,
            winner in 0usize..4,
            by_discard in any::<bool>(),
            values in proptest::array::uniform4(value()),
        ) {
            let id = builtin::ids().nth(variant).unwrap();
            let v = Variant::load(id, &[]).unwrap();
            let key = if v.definition().style == Style::Faan { "faan" } else { "score" };
            let mut text = String::from("prevailing = \"east\"\n");
            for (i, wind) in Wind::ALL.into_iter().enumerate() {
                text.push_str(&format!("[{wind}]\n{key} = {}\n", values[i]));
                if i == winner {
                    let discarder = wind.next();
                    text.push_str(&if by_discard {
                        format!("win = {{ from = \"discard\", discarder = \"{discarder}\" }}\n")
                    } else {
                        "win = { from = \"wall\" }\n".to_string()
                    });
                }
            }
            let Ok(deal) = parse_deal("deal.toml", &text, v.definition().style) else {
                return Ok(());
            };
            match settle(&v, &deal) {
                Ok(s) => {
                    let sum: i128 = s.net.iter().map(|&n| i128::from(n)).sum();
                    prop_assert_eq!(sum, 0, "{}\n{:?}", text, s.net);
                    prop_assert!(s.payments.iter().all(|p| (0..=MAX_PAYMENT).contains(&p.amount)));
                }
                Err(e) => prop_assert!(!e.problems().is_empty()),
            }
        }
    }
}

/// The deal of docs/hand-format.md and the example deal settle under a points variant.
#[test]
fn the_documented_deals_settle() {
    let doc = std::fs::read_to_string("docs/hand-format.md").unwrap();
    let section = &doc[doc.find("## Deal files").unwrap()..];
    let start = section.find("```toml\n").unwrap() + "```toml\n".len();
    let block = &section[start..start + section[start..].find("```").unwrap()];
    let documented = run("bmja", block);
    // South went out with 120 counted; West discarded.
    assert_eq!(documented.winner.map(|w| w.name()), Some("south"));
    let example = std::fs::read_to_string("examples/deals/west-wins-on-a-discard.toml").unwrap();
    let example = run("bmja", &example);
    assert_eq!(example.winner.map(|w| w.name()), Some("west"));
    assert_eq!(example.net.iter().sum::<i64>(), 0);
}
