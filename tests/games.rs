//! The worked games of `tests/games/`: each game file, played, gives the ledger worked by
//! hand beside it (`NAME.expect.toml`: the dealer and the winner of each deal, each deal's
//! net by player, the accounts at the end, the standings' adjustments, and who deals next).

mod common;

use std::path::Path;

use mjrules::game::{self, Ledger};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    dealers: Vec<String>,
    /// `""` for a drawn deal.
    winners: Vec<String>,
    nets: Vec<[i64; 4]>,
    totals: [i64; 4],
    /// The final accounts after uma and oka, in player order, where the variant has them.
    adjusted: Option<[i64; 4]>,
    finished: bool,
    /// Who deals next and in which round, when the game goes on.
    next: Option<(String, String)>,
}

/// Plays the game file at `path`, with its deal files read from its folder.
pub fn play(path: &Path) -> Ledger {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.display().to_string();
    let base = path.parent().unwrap();
    let variant = game::variant_for(&name, &text, base).unwrap();
    let files = game::DealFiles::new(base, &text);
    game::play(&variant, &name, &text, &|p| files.read(p)).unwrap_or_else(|errors| {
        let shown: Vec<String> = errors.iter().map(|e| format!("{e:?}")).collect();
        panic!("{name} does not play: {}", shown.join("\n"))
    })
}

#[test]
fn every_worked_game_gives_the_ledger_worked_by_hand() {
    let games: Vec<_> = common::files_in("games", "toml")
        .into_iter()
        .filter(|p| !p.to_string_lossy().ends_with(".expect.toml"))
        .collect();
    assert!(games.len() >= 5, "the worked games are there");
    for path in games {
        let expect_path = path.with_extension("expect.toml");
        let expect: Expect = toml::from_str(&std::fs::read_to_string(&expect_path).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", expect_path.display()));
        let ledger = play(&path);
        let name = path.file_name().unwrap().to_string_lossy();
        let player = |p: usize| ledger.players[p].clone();
        let dealers: Vec<String> = ledger.deals.iter().map(|d| player(d.seats[0])).collect();
        let winners: Vec<String> = (ledger.deals.iter())
            .map(|d| d.winner.map_or(String::new(), player))
            .collect();
        let nets: Vec<[i64; 4]> = ledger.deals.iter().map(|d| d.net).collect();
        assert_eq!(dealers, expect.dealers, "{name}: the dealers");
        assert_eq!(winners, expect.winners, "{name}: the winners");
        assert_eq!(nets, expect.nets, "{name}: each deal's net");
        let totals = ledger.deals.last().map_or([ledger.start; 4], |d| d.totals);
        assert_eq!(totals, expect.totals, "{name}: the accounts at the end");
        if let Some(adjusted) = expect.adjusted {
            let mut got = [0; 4];
            for s in &ledger.standings {
                got[s.player] = s.adjusted;
            }
            assert_eq!(got, adjusted, "{name}: the final adjustments");
        }
        assert_eq!(
            ledger.finished, expect.finished,
            "{name}: whether the game ended"
        );
        let next = ledger.next.map(|(p, w)| (player(p), w.name().to_string()));
        assert_eq!(next, expect.next, "{name}: who deals next");
    }
}

/// Plays the game file at `path`, expecting it to be refused: every problem, rendered.
fn refused(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let name = common::display_name(path);
    // Deal files from the game file's folder, as the crate's root sees it.
    let base = Path::new(&name).parent().unwrap();
    let previous = std::env::current_dir().unwrap();
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
    let files = game::DealFiles::new(base, &text);
    let errors = match game::variant_for(&name, &text, base) {
        Err(errors) => errors,
        Ok(variant) => match game::play(&variant, &name, &text, &|p| files.read(p)) {
            Err(errors) => errors,
            Ok(ledger) => panic!("{name} was played: {ledger:?}"),
        },
    };
    std::env::set_current_dir(previous).unwrap();
    for e in &errors {
        for p in e.problems() {
            assert!(
                p.span.end <= e.text().len() && e.text().is_char_boundary(p.span.start),
                "{name}: {:?}",
                p.span
            );
        }
    }
    errors.iter().map(common::render_plain).collect()
}

#[test]
fn every_bad_game_is_refused_with_every_problem_located() {
    let bad = common::files_in("games/invalid", "toml");
    assert!(bad.len() >= 15, "at least fifteen bad games");
    for path in bad {
        let stem = common::stem(&path);
        let shown = refused(&path);
        common::with_snapshots(&path, || {
            insta::assert_snapshot!(format!("invalid_game__{stem}"), shown);
        });
    }
}

#[test]
fn ledgers_as_text_json_and_csv_are_as_reviewed() {
    for stem in ["riichi-east-round", "hong-kong-penalty"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/games/{stem}.toml"));
        let ledger = play(&path);
        common::with_snapshots(&path, || {
            insta::assert_snapshot!(format!("game_text__{stem}"), game::render::text(&ledger));
            insta::assert_snapshot!(
                format!("game_json__{stem}"),
                serde_json::to_string_pretty(&game::render::json(&ledger)).unwrap()
            );
            insta::assert_snapshot!(format!("game_csv__{stem}"), game::render::csv(&ledger));
        });
    }
}

#[test]
fn the_chart_draws_each_players_account_after_every_deal() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/bmja-round.toml");
    let ledger = play(&path);
    let svg = game::render::svg(&ledger);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    let lines: Vec<&str> = svg.lines().filter(|l| l.starts_with("<polyline")).collect();
    assert_eq!(lines.len(), 4, "one line a player");
    for line in lines {
        // The start and one point a deal.
        let points = line
            .split("points=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        assert_eq!(points.split(' ').count(), ledger.deals.len() + 1, "{line}");
    }
    for name in &ledger.players {
        assert!(
            svg.contains(&format!(">{name}</text>")),
            "{name} in the legend"
        );
    }
}

/// A game file and its deal files are read within one input's bound in all, however often
/// a deal file is named: ten reads of a 1.5 MiB deal file fit in 16 MiB, the eleventh and
/// twelfth do not, and are problems at their deals.
#[test]
fn a_game_reads_its_deal_files_within_one_bound() {
    let dir = common::scratch("deal-bound");
    // East goes out (and deals again, so that every deal is East's), and a comment makes the
    // file 1.5 MiB.
    let deal = format!(
        "prevailing = \"east\"\neast = {{ score = 10, win = {{ from = \"wall\" }} }}\n# {}\n",
        "x".repeat(3 << 19)
    );
    std::fs::write(dir.join("drawn.toml"), deal).unwrap();
    let mut text =
        String::from("variant = \"bmja\"\nplayers = [\"Ann\", \"Bob\", \"Cy\", \"Di\"]\n");
    for _ in 0..12 {
        text.push_str("\n[[deal]]\nfile = \"drawn.toml\"\n");
    }
    let variant = game::variant_for("game.toml", &text, &dir).unwrap();
    let files = game::DealFiles::new(&dir, &text);
    let errors = game::play(&variant, "game.toml", &text, &|p| files.read(p)).unwrap_err();
    let problems: Vec<(usize, &str)> = errors[0]
        .problems()
        .iter()
        .map(|p| {
            (
                text[..p.span.start].matches("[[deal]]").count(),
                &*p.message,
            )
        })
        .collect();
    assert_eq!(problems.len(), 2, "{problems:?}");
    for (k, (deal, message)) in problems.iter().enumerate() {
        assert_eq!(*deal, 11 + k, "{message}");
        assert!(
            message.contains("a game and its deal files are read up to 16 MiB in all"),
            "{message}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}
