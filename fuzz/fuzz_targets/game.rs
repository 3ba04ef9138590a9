//! Any text given as a game file, or as the JSON ledger `mjrules game` writes (played again
//! from the deals it records), is played under every built-in variant, with two deal files
//! held in memory and every other path refused (nothing is read from the disk). A game is
//! played, or refused with problems inside the text of the file they name. A game played has
//! deals numbered in order, each netting to zero with the table (what the players put on it
//! or took from it), accounts that are the running sums of the deals' nets from the start,
//! payments that add up to the nets, and standings that rank the final accounts; it draws as
//! text, JSON (also when written a deal at a time), CSV and SVG; and its JSON ledger plays
//! again to a ledger with no difference from it and the same standings. Where the text names
//! a built-in variant, `game::variant_for` loads that one.
#![no_main]

/// The command line's renderer of diagnostics, fuzzed with the readers.
#[path = "../../src/cli/report.rs"]
#[allow(dead_code)]
mod report;

use libfuzzer_sys::fuzz_target;
use mjrules::game::{self, Ledger, render};
use std::sync::OnceLock;

/// The deal files a game may name: a riichi deal with a ready declaration and counters on
/// the table, and a points deal.
const DEAL_FILES: [(&str, &str); 2] = [
    (
        "deals/riichi.toml",
        "prevailing = \"east\"\nhonba = 1\nriichi-sticks = 1\n\
         [west]\nconcealed = \"234m 567m 234p 678s 5p\"\nriichi = true\n\
         win = { tile = \"5p\", from = \"wall\" }\n",
    ),
    (
        "deals/counted.toml",
        "prevailing = \"east\"\n[south]\nscore = 40\n\
         win = { from = \"discard\", discarder = \"east\" }\n[north]\nscore = 8\n",
    ),
];

/// Reads only the deal files above.
fn load(path: &str) -> Result<(String, String), String> {
    DEAL_FILES
        .iter()
        .find(|(name, _)| *name == path)
        .map(|(name, text)| (name.to_string(), text.to_string()))
        .ok_or_else(|| "no file is read while fuzzing".to_string())
}

fn checked(errors: &[mjrules::diagnostic::InputError]) {
    assert!(!errors.is_empty(), "a game refused without a problem");
    for e in errors {
        for p in e.problems() {
            assert!(p.span.start <= p.span.end && p.span.end <= e.text().len());
            assert!(e.text().is_char_boundary(p.span.start));
            assert!(e.text().is_char_boundary(p.span.end));
        }
        let _ = report::render_plain(e);
    }
}

/// What holds of every ledger, whatever the game.
fn holds(ledger: &Ledger) {
    let mut totals = [i128::from(ledger.start); 4];
    let mut table = 0i128;
    for (k, d) in ledger.deals.iter().enumerate() {
        assert_eq!(d.number, k + 1);
        let mut seats = d.seats;
        seats.sort_unstable();
        assert_eq!(seats, [0, 1, 2, 3], "deal {}'s seats", d.number);
        // The payments give the nets; the table is `None`.
        let mut net = [0i128; 4];
        let mut to_table = 0i128;
        for p in &d.payments {
            assert!(
                p.amount >= 0,
                "deal {}: a payment of {}",
                d.number,
                p.amount
            );
            assert!(p.from.is_some() || p.to.is_some(), "the table pays itself");
            match p.from {
                Some(from) => net[from] -= i128::from(p.amount),
                None => to_table -= i128::from(p.amount),
            }
            match p.to {
                Some(to) => net[to] += i128::from(p.amount),
                None => to_table += i128::from(p.amount),
            }
        }
        assert_eq!(net, d.net.map(i128::from), "deal {}'s payments", d.number);
        let now = i128::from(d.table);
        assert_eq!(now - table, to_table, "deal {}: the table", d.number);
        assert_eq!(
            net.iter().sum::<i128>() + (now - table),
            0,
            "deal {} with the table",
            d.number
        );
        table = now;
        for (t, n) in totals.iter_mut().zip(net) {
            *t += n;
        }
        assert_eq!(
            totals,
            d.totals.map(i128::from),
            "deal {}'s accounts",
            d.number
        );
        if let Some(w) = d.winner {
            assert!(w < 4);
        }
    }
    // The standings: every player once, by final account, highest first.
    let mut players: Vec<usize> = ledger.standings.iter().map(|s| s.player).collect();
    players.sort_unstable();
    assert_eq!(players, [0, 1, 2, 3]);
    for s in &ledger.standings {
        assert_eq!(i128::from(s.total), totals[s.player]);
    }
    assert!(
        ledger
            .standings
            .windows(2)
            .all(|w| w[0].total >= w[1].total)
    );
    assert_eq!(ledger.finished, ledger.next.is_none());
}

/// Every renderer draws the ledger; the JSON written a deal at a time is the JSON.
fn drawn(ledger: &Ledger) -> serde_json::Value {
    let _ = render::text(ledger);
    let _ = render::csv(ledger);
    let _ = render::svg(ledger);
    let json = render::json(ledger);
    let mut written = Vec::new();
    render::write_json(ledger, serde_json::Map::new(), &mut written).unwrap();
    let read: serde_json::Value = serde_json::from_slice(&written).unwrap();
    assert_eq!(read, json, "write_json against json");
    json
}

fuzz_target!(|data: &[u8]| {
    static VARIANTS: OnceLock<Vec<mjrules::Variant>> = OnceLock::new();
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let variants = VARIANTS.get_or_init(|| {
        mjrules::rules::builtin::ids()
            .map(|id| mjrules::Variant::load(id, &[]).unwrap())
            .collect()
    });
    // A ledger is played again from the deals it records, as the command line does.
    let (name, text, recorded) = if text.trim_start().starts_with('{') {
        let Ok(json) = serde_json::from_str::<serde_json::Value>(text) else {
            return;
        };
        match game::replayed(&json) {
            Ok(replay) => ("fuzz.json (the game it records)", replay, Some(json)),
            Err(_) => return,
        }
    } else {
        ("fuzz.toml", text.to_string(), None)
    };
    // The variant the file names, where it is a built-in one: loaded as the command line
    // loads it (no built-in id reads the disk).
    let named = toml::from_str::<toml::Table>(&text)
        .ok()
        .and_then(|t| t.get("variant")?.as_str().map(str::to_string))
        .filter(|spec| mjrules::rules::builtin::ids().any(|id| id == spec));
    if let Some(spec) = &named {
        match game::variant_for(name, &text, std::path::Path::new("")) {
            Ok(v) => assert_eq!(v.id(), spec),
            Err(errors) => panic!("the built-in `{spec}` refused: {}", errors.len()),
        }
    }
    for variant in variants {
        let ledger = match game::play(variant, name, &text, &load) {
            Ok(ledger) => ledger,
            Err(errors) => {
                checked(&errors);
                continue;
            }
        };
        holds(&ledger);
        let json = drawn(&ledger);
        if let Some(recorded) = &recorded {
            let _ = game::differences(recorded, &ledger);
        }
        // The ledger's JSON plays again to the same game.
        let replay = game::replayed(&json).expect("a ledger's JSON is a ledger");
        let again = match game::play(variant, "replay.toml", &replay, &load) {
            Ok(again) => again,
            Err(errors) => panic!(
                "the ledger's JSON does not play again: {:?}\n{replay}",
                errors
                    .iter()
                    .flat_map(|e| e.problems().iter().map(|p| p.message.clone()))
                    .collect::<Vec<_>>()
            ),
        };
        assert_eq!(game::differences(&json, &again), Vec::<String>::new());
        assert_eq!(again.standings, ledger.standings);
        assert_eq!(again.deals.len(), ledger.deals.len());
    }
});
