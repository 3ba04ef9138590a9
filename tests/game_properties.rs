//! Property tests of whole games, on random games under five variants: every deal and the
//! whole game sum to zero with the table; the JSON ledger plays the same game again; the
//! dealers follow the rotation, worked out here independently of the engine from each
//! variant's rule (the deal passes unless the dealer keeps it: `polish`, `bmja`, `hong-kong`
//! keep on a win, `riichi` on a win or when ready at a draw, `mcr` never, with its seat
//! changes after a round).

use mjrules::game::{self, Ledger};
use proptest::prelude::*;

/// One deal of a random game: who went out (by seat, East 0), how, and which winning hand;
/// or a draw, with who was ready; and who put a deposit on the table.
#[derive(Clone, Debug)]
struct RandomDeal {
    winner: Option<usize>,
    from_wall: bool,
    discarder_step: usize,
    pick: usize,
    ready: [bool; 4],
    deposits: [bool; 4],
}

fn random_deal() -> impl Strategy<Value = RandomDeal> {
    (
        prop::option::weighted(0.75, 0usize..4),
        any::<bool>(),
        1usize..4,
        0usize..64,
        any::<[bool; 4]>(),
        any::<[bool; 4]>(),
    )
        .prop_map(
            |(winner, from_wall, discarder_step, pick, ready, deposits)| RandomDeal {
                winner,
                from_wall,
                discarder_step,
                pick,
                ready,
                deposits,
            },
        )
}

const SEATS: [&str; 4] = ["east", "south", "west", "north"];

/// Winning hands that score under riichi and under MCR from any seat in any round.
const RIICHI_HANDS: [&str; 2] = [
    "concealed = \"234m 567m 234p 678s 55p\"\nwin = { tile = \"8s\", FROM }",
    "concealed = \"11m 55m 99m 22p 88p 33s 66z\"\nwin = { tile = \"6z\", FROM }",
];
const MCR_HANDS: [&str; 2] = [
    "concealed = \"123m 234p 345s 777z 99m\"\nwin = { tile = \"5s\", FROM }",
    "concealed = \"444m 99p\"\nmelds = [\"123m exposed\", \"567p exposed\", \"789s exposed\"]\nwin = { tile = \"4m\", FROM }",
];

const NAMES: [&str; 4] = ["Ann", "Bob", "Cy", "Di"];

/// The game file of `deals` under `variant`, whose players sat at `seats` in each deal (as
/// [`rotation`] works them out); seats by wind in each deal, deposits by player.
fn game_text(variant: &str, deals: &[RandomDeal], seats: &[[usize; 4]]) -> String {
    let mut text =
        format!("variant = \"{variant}\"\nplayers = [\"Ann\", \"Bob\", \"Cy\", \"Di\"]\n");
    for (d, seats) in deals.iter().zip(seats) {
        text.push_str("\n[[deal]]\n");
        if variant == "riichi" {
            // The winner's hand below does not declare riichi: he puts no stick.
            let deposits: Vec<String> = (0..4)
                .filter(|&i| d.deposits[i] && Some(i) != d.winner)
                .map(|i| format!("\"{}\"", NAMES[seats[i]]))
                .collect();
            text.push_str(&format!("deposits = [{}]\n", deposits.join(", ")));
        }
        match d.winner {
            None => {
                if variant == "riichi" {
                    let ready: Vec<String> = (0..4)
                        .filter(|&i| d.ready[i])
                        .map(|i| format!("\"{}\"", SEATS[i]))
                        .collect();
                    text.push_str(&format!("ready = [{}]\n", ready.join(", ")));
                }
            }
            Some(w) => {
                let from = if d.from_wall {
                    "from = \"wall\"".to_string()
                } else {
                    format!(
                        "from = \"discard\", discarder = \"{}\"",
                        SEATS[(w + d.discarder_step) % 4]
                    )
                };
                text.push_str(&format!("[deal.{}]\n", SEATS[w]));
                let hand = match variant {
                    "riichi" => RIICHI_HANDS[d.pick % 2],
                    "mcr" => MCR_HANDS[d.pick % 2],
                    "hong-kong" => &format!("faan = {}\nwin = {{ FROM }}", 3 + d.pick % 11),
                    _ => &format!("score = {}\nwin = {{ FROM }}", 10 + 8 * d.pick),
                };
                text.push_str(&hand.replace("FROM", &from));
                text.push('\n');
            }
        }
    }
    text
}

fn play(text: &str) -> Result<Ledger, String> {
    let base = std::path::Path::new(".");
    let variant = game::variant_for("random.toml", text, base).map_err(|e| format!("{e:?}"))?;
    let none = |_: &str| Err("no deal files here".to_string());
    game::play(&variant, "random.toml", text, &none).map_err(|e| format!("{e:?}\n{text}"))
}

/// The players at East, South, West and North in each deal of a game whose deals went
/// these ways (the seat that went out, East 0, or `None` for a draw, and whether East was
/// then ready), by each variant's rule, worked out here (players in first-seat order 0 to
/// 3), as far as the game goes: the deals after its end are left out.
fn rotation(variant: &str, outcomes: &[(Option<usize>, bool)]) -> Vec<[usize; 4]> {
    let mcr_rounds = [[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 1, 0], [3, 2, 0, 1]];
    let rounds = if variant == "riichi" { 2 } else { 4 };
    let mut seats = [0usize, 1, 2, 3];
    let (mut passes, mut round) = (0, 0);
    let mut out = Vec::new();
    for &(winner, dealer_ready) in outcomes {
        if round == rounds {
            break;
        }
        out.push(seats);
        let keeps = match variant {
            "mcr" => false,
            "riichi" => winner == Some(0) || (winner.is_none() && dealer_ready),
            _ => winner == Some(0),
        };
        if !keeps {
            seats.rotate_left(1);
            passes += 1;
            if passes == 4 {
                passes = 0;
                round += 1;
                if variant == "mcr" && round < 4 {
                    seats = mcr_rounds[round];
                }
            }
        }
    }
    out
}

/// A random game: its variant, its deals as far as the game goes, and the seats of each.
fn random_game() -> impl Strategy<Value = (&'static str, Vec<RandomDeal>, Vec<[usize; 4]>)> {
    (
        prop::sample::select(vec!["polish", "bmja", "hong-kong", "riichi", "mcr"]),
        prop::collection::vec(random_deal(), 0..24),
    )
        .prop_map(|(variant, mut deals)| {
            let outcomes: Vec<_> = deals.iter().map(|d| (d.winner, d.ready[0])).collect();
            let seats = rotation(variant, &outcomes);
            deals.truncate(seats.len());
            (variant, deals, seats)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn deals_and_games_sum_to_zero_with_the_table((variant, deals, seats) in random_game()) {
        let ledger = play(&game_text(variant, &deals, &seats)).map_err(TestCaseError::fail)?;
        let mut table = 0;
        for d in &ledger.deals {
            let moved: i64 = d.net.iter().sum();
            prop_assert_eq!(moved + (d.table - table), 0, "deal {}", d.number);
            table = d.table;
            for p in &d.payments {
                prop_assert!(p.amount > 0);
            }
        }
        let totals = ledger.deals.last().map_or([ledger.start; 4], |d| d.totals);
        prop_assert_eq!(totals.iter().sum::<i64>() + table, 4 * ledger.start);
        // The final adjustments move points between players: riichi's return each start
        // (its target is its start) and add a zero-sum uma.
        let adjusted: i64 = ledger.standings.iter().map(|s| s.adjusted).sum();
        let returned = if variant == "riichi" { 4 * ledger.start } else { 0 };
        prop_assert_eq!(adjusted, totals.iter().sum::<i64>() - returned);
    }

    #[test]
    fn a_ledger_plays_the_same_game_again((variant, deals, seats) in random_game()) {
        let ledger = play(&game_text(variant, &deals, &seats)).map_err(TestCaseError::fail)?;
        let json = game::render::json(&ledger);
        let again = play(&game::replayed(&json).map_err(TestCaseError::fail)?)
            .map_err(TestCaseError::fail)?;
        prop_assert_eq!(game::render::json(&again), json);
    }

    #[test]
    fn seats_follow_the_variants_rotation_to_the_end((variant, deals, seats) in random_game()) {
        let text = game_text(variant, &deals, &seats);
        let ledger = play(&text).map_err(TestCaseError::fail)?;
        let got: Vec<[usize; 4]> = ledger.deals.iter().map(|d| d.seats).collect();
        prop_assert_eq!(got, seats.clone());
        // The game ended where the rotation says, and a deal after its end is refused.
        let outcomes: Vec<_> = deals.iter().map(|d| (d.winner, d.ready[0])).collect();
        let one_more = rotation(variant, &[outcomes, vec![(None, false)]].concat()).len();
        let ended = one_more == seats.len();
        prop_assert_eq!(ledger.finished, ended);
        if ended {
            let after = format!("{text}\n[[deal]]\n");
            prop_assert!(play(&after).is_err());
        }
    }
}
