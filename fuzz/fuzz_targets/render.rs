//! Hostile strings (control characters, bidi controls, `<script>`, quotes, ampersands:
//! whatever the bytes are, read as UTF-8 with invalid sequences replaced) as the players',
//! variant's and series' names and a variant's texts, drawn by every renderer that shows
//! them. The input is split at each byte 0xFF: players 1 to 4, the variant, a chart's title,
//! its two series, numbers (the deals' nets and the charts' totals), then a variant's notes
//! and an item's description. Asserted: the game's SVG chart (`game::render::svg`) and the
//! corpus histogram (`chart::histogram_svg`) are well-formed XML (parsed with `roxmltree`)
//! whose root is `svg`, and show each name in the text of an element, the characters that
//! would not be seen for what they are written as escapes (`\u{202e}`); the ledger's JSON
//! as the command line writes it (`write_json`) is its JSON and holds no such character; its
//! CSV as the command line writes it (hidden characters as escapes) reads back by RFC 4180
//! to fifteen fields a row, the players' names among them; a variant's Markdown page (its
//! name, notes and an item's description hostile) holds none of them as markup (a `<`
//! before a letter, in a text with no code span of its own, written as it is); the text
//! ledger and the variant's JSON draw without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mjrules::game::{DealRecord, GamePayment, Ledger, Standing, render};
use mjrules::stats::Distribution;
use mjrules::tiles::Wind;
use std::sync::OnceLock;

/// `name` as a chart shows it: each character that would not be seen for what it is
/// (`diagnostic::is_hidden`: controls, line ends and tabs too, bidi controls, U+FFFE and
/// U+FFFF) written as an escape, `\u{1}`, the rest as it is.
fn shown(name: &str) -> String {
    name.chars()
        .map(|c| {
            if mjrules::diagnostic::is_hidden(c) {
                format!("\\u{{{:x}}}", u32::from(c))
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Parses `svg` as XML, its root `svg`, and checks that each of `names` is shown (as
/// [`shown`] writes it) in the text of one of its elements (a legend's, a title's). A blank
/// name is left out: a parser may keep no text of it.
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
    for name in names.iter().filter(|n| !n.trim().is_empty()) {
        let shown = shown(name);
        assert!(
            texts.iter().any(|t| t.contains(&shown)),
            "{what} does not show {name:?} as {shown:?}"
        );
    }
}

/// A piece of prose that would be markup if written as it is: a `<` before a letter, and no
/// backtick (no code span of its own, which would show it as written).
fn markup(text: &str) -> bool {
    !text.contains('`')
        && text
            .as_bytes()
            .windows(2)
            .any(|w| w[0] == b'<' && w[1].is_ascii_alphabetic())
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
    // The JSON as `game --format json` writes it, hidden characters as JSON escapes, is
    // the ledger's JSON.
    let json = render::json(&ledger);
    let mut written = Vec::new();
    render::write_json(&ledger, serde_json::Map::new(), &mut written).unwrap();
    let read: serde_json::Value = serde_json::from_slice(&written).unwrap();
    assert_eq!(read, json, "write_json against json");
    let written = String::from_utf8(written).unwrap();
    assert!(
        !written
            .chars()
            .any(|c| mjrules::diagnostic::is_hidden(c) && c != '\n'),
        "a hidden character in the JSON written: {written:?}"
    );
    // The CSV as `game --format csv` writes it: its hidden characters as escapes.
    let visible = |s: &str| mjrules::diagnostic::visible(s).into_owned();
    let csv = visible(&render::csv(&ledger));
    let records = csv_records(&csv);
    assert_eq!(records.len(), ledger.deals.len() + 1, "{csv:?}");
    assert!(records.iter().all(|r| r.len() == 15), "{csv:?}");
    for (p, name) in players.iter().enumerate() {
        assert_eq!(
            records[0][6 + 2 * p],
            visible(&format!("{name} net")),
            "{csv:?}"
        );
    }
    for (record, deal) in records[1..].iter().zip(&ledger.deals) {
        assert_eq!(record[2], visible(&players[deal.seats[0]]), "{csv:?}");
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

    // A small variant's pages (tests/variants/formula-others.toml), with its name, notes
    // and an item's description hostile.
    let mut rules = RULES
        .get_or_init(|| {
            let text = include_str!("../../tests/variants/formula-others.toml");
            let variant = mjrules::Variant::from_text("formula-others.toml", text).unwrap();
            variant.rules().clone()
        })
        .clone();
    rules.definition.name = piece(4);
    rules.definition.notes = Some(piece(9));
    if let Some(item) = rules.definition.items.first_mut() {
        item.description = Some(piece(10));
    }
    let page = mjrules::render::variant_markdown(&rules);
    for text in [piece(4), piece(9), piece(10)] {
        assert!(
            !(markup(&text) && page.contains(text.trim())),
            "markup written into the page as it is: {text:?}"
        );
    }
    let _ = mjrules::render::variant_json(&rules);
});
