//! Hostile strings (control characters, bidi controls, `<script>`, quotes, ampersands:
//! whatever the bytes are, read as UTF-8 with invalid sequences replaced) as the players',
//! variant's and series' names and a variant's texts, drawn by every renderer that shows
//! them. The input is split at each byte 0xFF: players 1 to 4, the variant, a chart's title,
//! its two series, numbers (the deals' nets and the charts' totals), then a variant's notes
//! and an item's description. Asserted: the game's SVG chart (`game::render::svg`) and the
//! corpus histogram (`chart::histogram_svg`) are well-formed XML (parsed with `roxmltree`)
//! whose root is `svg`, and show each name that XML can hold as the text of an element; the
//! ledger's CSV reads back (RFC 4180: a field with a comma, a quote or a line break quoted)
//! to fifteen fields a row, the players' names among them as written; the text and JSON
//! ledgers and a variant's Markdown and JSON pages draw without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mjrules::game::{DealRecord, GamePayment, Ledger, Standing, render};
use mjrules::stats::Distribution;
use mjrules::tiles::Wind;
use std::sync::OnceLock;

/// A name XML 1.0 can hold as written: its characters, no carriage return (which a parser
/// reads as a line feed), and not empty or blank (no text node, or one a parser may drop).
fn holdable(name: &str) -> bool {
    !name.trim().is_empty()
        && name.chars().all(|c| {
            matches!(c, '\t' | '\n' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}')
                || c >= '\u{10000}'
        })
}

/// Parses `svg` as XML, its root `svg`, and checks that each of `names` XML can hold is the
/// whole text of one of its elements (a legend's, a title's).
fn well_formed(svg: &str, names: &[&str], what: &str) {
    let doc = match roxmltree::Document::parse(svg) {
        Ok(doc) => doc,
        Err(e) => panic!("{what} is not well-formed XML: {e}\n{svg}"),
    };
    assert!(doc.root_element().has_tag_name("svg"), "{what}'s root");
    let texts: Vec<String> = doc
        .descendants()
        .filter(|n| n.is_element())
        .map(|n| n.children().filter_map(|c| c.text()).collect())
        .collect();
    for name in names.iter().filter(|n| holdable(n)) {
        assert!(
            texts.iter().any(|t| t.contains(*name)),
            "{what} does not show {name:?}"
        );
    }
}

/// The records of a CSV text (RFC 4180, each record ended by a line feed): a quoted field
/// doubles its quotes; a field that is not quoted holds no quote and no line break.
fn csv_records(text: &str) -> Vec<Vec<String>> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut chars = text.chars().peekable();
    loop {
        let mut field = String::new();
        if chars.peek() == Some(&'"') {
            chars.next();
            loop {
                match chars.next() {
                    Some('"') if chars.peek() == Some(&'"') => {
                        chars.next();
                        field.push('"');
                    }
                    Some('"') => break,
                    Some(c) => field.push(c),
                    None => panic!("a quoted field not closed:\n{text:?}"),
                }
            }
        } else {
            while let Some(&c) = chars.peek() {
                if c == ',' || c == '\n' {
                    break;
                }
                assert!(
                    c != '"' && c != '\r',
                    "{c:?} in a field that is not quoted:\n{text:?}"
                );
                field.push(c);
                chars.next();
            }
        }
        record.push(field);
        match chars.next() {
            Some(',') => {}
            Some('\n') => {
                records.push(std::mem::take(&mut record));
                if chars.peek().is_none() {
                    return records;
                }
            }
            None => panic!("the CSV does not end its last record:\n{text:?}"),
            Some(c) => panic!("{c:?} after a quoted field:\n{text:?}"),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    static RULES: OnceLock<mjrules::rules::Rules> = OnceLock::new();
    let pieces: Vec<String> = data
        .split(|&b| b == 0xFF)
        .map(|p| String::from_utf8_lossy(p).into_owned())
        .collect();
    let piece = |k: usize| pieces.get(k).cloned().unwrap_or_default();
    let players = [0, 1, 2, 3].map(piece);
    let numbers = piece(8).into_bytes();

    // A ledger of up to 64 deals, each player's net a byte's worth of thousands.
    let start = 25_000;
    let mut totals = [start; 4];
    let mut deals = Vec::new();
    for (k, chunk) in numbers.chunks_exact(4).take(64).enumerate() {
        let mut net = [0i64; 4];
        for (p, &b) in chunk.iter().enumerate() {
            net[p] = i64::from(b as i8) * 1000;
        }
        let seats = [k % 4, (k + 1) % 4, (k + 2) % 4, (k + 3) % 4];
        for (t, n) in totals.iter_mut().zip(net) {
            *t += n;
        }
        let winner = (net[0] > 0).then_some(0);
        deals.push(DealRecord {
            number: k + 1,
            prevailing: Wind::ALL[(k / 4) % 4],
            seats,
            counters: (k % 3) as i64,
            deposits: (k % 2) as i64,
            winner,
            liable: winner.map(|w| (piece(10), w)),
            scores: net,
            payments: vec![GamePayment {
                from: Some(1),
                to: None,
                amount: 1000,
            }],
            net,
            totals,
            table: 1000,
            notes: vec![piece(9)],
            input: toml::Table::new(),
        });
    }
    let mut standings: Vec<Standing> = (0..4)
        .map(|p| Standing {
            player: p,
            total: totals[p],
            adjusted: totals[p] - start,
        })
        .collect();
    standings.sort_by_key(|s| std::cmp::Reverse(s.total));
    let ledger = Ledger {
        variant: piece(4),
        variant_spec: piece(4),
        players: players.clone(),
        start,
        deals,
        standings,
        finished: false,
        next: Some((0, Wind::East)),
    };
    let names: Vec<&str> = players.iter().map(String::as_str).collect();
    let svg = render::svg(&ledger);
    let mut shown = names.clone();
    shown.push(&ledger.variant);
    well_formed(&svg, &shown, "the game's chart");

    let _ = render::text(&ledger);
    let _ = render::json(&ledger);
    let csv = render::csv(&ledger);
    let records = csv_records(&csv);
    assert_eq!(records.len(), ledger.deals.len() + 1, "{csv:?}");
    assert!(records.iter().all(|r| r.len() == 15), "{csv:?}");
    for (p, name) in players.iter().enumerate() {
        assert_eq!(records[0][6 + 2 * p], format!("{name} net"), "{csv:?}");
    }
    for (record, deal) in records[1..].iter().zip(&ledger.deals) {
        assert_eq!(record[2], players[deal.seats[0]], "{csv:?}");
    }

    // Two distributions of totals: the numbers, and fifty times them (another scale).
    let (mut a, mut b) = (Distribution::default(), Distribution::default());
    for &n in &numbers {
        a.add(i64::from(n));
        b.add(50 * i64::from(n));
    }
    let (title, first, second) = (piece(5), piece(6), piece(7));
    let chart = mjrules::chart::histogram_svg(&title, [&first, &second], [&a, &b]);
    well_formed(&chart, &[&title, &first, &second], "the histogram");

    // A variant's pages, with its name, notes and an item's description hostile.
    let mut rules = RULES
        .get_or_init(|| mjrules::Variant::load("dmjl", &[]).unwrap().rules().clone())
        .clone();
    rules.definition.name = piece(4);
    rules.definition.notes = Some(piece(9));
    if let Some(item) = rules.definition.items.first_mut() {
        item.description = Some(piece(10));
    }
    let _ = mjrules::render::variant_markdown(&rules);
    let _ = mjrules::render::variant_json(&rules);
});
