//! Variants side by side: comparison tables and JSON for gallery hands, rule-by-rule diffs of
//! real pairs, and the random corpus.

mod common;

use mjrules::Variant;
use mjrules::compare::{CorpusComparison, Measure, compare_hand, score_pair};
use mjrules::corpus::{read_line, write_line};
use mjrules::diff::diff;
use mjrules::hand::parse_hand;
use mjrules::hand::write::to_toml as hand_toml;
use mjrules::random::HandGenerator;
use mjrules::rules::builtin;
use mjrules::rules::load_definition;
use mjrules::tiles::TileStyle;

#[test]
fn comparison_tables_of_gallery_hands() {
    let bmja = Variant::load("bmja", &[]).unwrap();
    let hk = Variant::load("hong-kong", &[]).unwrap();
    let czech = Variant::load("czech", &[]).unwrap();
    for path in common::gallery() {
        let text = std::fs::read_to_string(&path).unwrap();
        let hand = parse_hand("hand.toml", &text).unwrap();
        let cmp = compare_hand(&[&bmja, &hk, &czech], &hand);
        // The table's totals are the cards' totals.
        for (card, variant) in cmp.cards.iter().zip([&bmja, &hk, &czech]) {
            assert_eq!(card.totals.total, variant.score(&hand).totals.total);
        }
        let json = serde_json::to_string_pretty(&cmp.json(TileStyle::Ascii)).unwrap();
        common::with_snapshots(&path, || {
            insta::assert_snapshot!(
                format!("compare__{}", common::stem(&path)),
                format!("{}\n{json}\n", cmp.text())
            );
        });
    }
}

#[test]
fn diffs_of_real_pairs() {
    let root = env!("CARGO_MANIFEST_DIR");
    let pairs = [
        ("bmja", "polish".to_string(), "bmja-polish"),
        (
            "bmja",
            format!("{root}/examples/house-rules/our-club.toml"),
            "bmja-our-club",
        ),
        (
            "hong-kong",
            "hong-kong-canton".to_string(),
            "hong-kong-canton",
        ),
    ];
    for (a, b, name) in pairs {
        let va = load_definition(a).unwrap();
        let vb = load_definition(&b).unwrap();
        let changes = diff(&va, &vb);
        assert!(!changes.is_empty());
        let path = std::path::Path::new(root).join("tests/compare.rs");
        common::with_snapshots(&path, || {
            insta::assert_snapshot!(
                format!("diff__{name}"),
                mjrules::diff::text(&va.id, &vb.id, &changes)
            );
        });
    }
    // A house rule differs from its base only where it says so: the removed item and the
    // changed limit.
    let base = load_definition("bmja").unwrap();
    let house = load_definition(&format!("{root}/examples/house-rules/our-club.toml")).unwrap();
    let changes = diff(&base, &house);
    let ids: Vec<&str> = changes.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["limit", "pung-dragon"]);
    assert!(diff(&base, &base).is_empty());
}

#[test]
fn a_change_of_who_is_liable_is_shown_as_such() {
    // Only `liable` changes: the diff names that field, with both values (it used to show
    // a change of `when` with the same condition on both sides).
    let base = load_definition("hong-kong").unwrap();
    let mut changed = base.clone();
    let rule = changed
        .payments
        .liabilities
        .iter_mut()
        .find(|r| r.id.value == "nine-tile-penalty")
        .unwrap();
    rule.liable = Some(mjrules::rules::Liable::LastSetProvider);
    let text = mjrules::diff::text("hong-kong", "changed", &diff(&base, &changed));
    assert_eq!(
        text,
        "hong-kong → changed: 1 difference\n\
         ~ payment rule nine-tile-penalty: liable discarder → last-set-provider\n"
    );
}

#[test]
fn the_same_seed_gives_the_same_corpus_of_valid_hands() {
    let lines = |seed| {
        let mut g = HandGenerator::new(seed);
        (0..500)
            .map(|_| write_line(&g.corpus_hand(false)))
            .collect::<Vec<_>>()
    };
    let first = lines(11);
    assert_eq!(first, lines(11));
    assert_ne!(first, lines(12));
    let variants: Vec<_> = builtin::ids()
        .map(|id| Variant::load(id, &[]).unwrap())
        .collect();
    let mut scorers: Vec<_> = variants.iter().map(Variant::scorer).collect();
    let mut winners = 0;
    for line in &first {
        let hand = read_line(line.as_bytes()).unwrap_or_else(|e| panic!("{}", format!("{e:?}")));
        // The hand file validator accepts it too.
        let again = parse_hand("hand.toml", &hand_toml(&hand))
            .unwrap_or_else(|e| panic!("{}", common::render_plain(&e)));
        assert_eq!(again, hand);
        winners += usize::from(hand.is_winner());
        for (v, scorer) in variants.iter().zip(&mut scorers) {
            let card = v.score(&hand);
            assert!(card.totals.total >= 0, "{}: {line}", v.id());
            // Corpus figures come from the numbers alone, which take shortcuts the card
            // does not: they must agree with the card.
            assert_eq!(scorer.totals(&hand), card.totals, "{}: {line}", v.id());
        }
    }
    // Three in four are winners.
    assert!((300..450).contains(&winners), "{winners}");
}

#[test]
fn corpus_comparison_counts_every_hand() {
    let a = Variant::load("bmja", &[]).unwrap();
    let b = Variant::load("dmjl", &[]).unwrap();
    let mut scorers = [a.scorer(), b.scorer()];
    let measure = Measure::of([&a, &b]);
    // bmja's limit is 1,000, dmjl's 500: totals are set against each other as thousandths of
    // those.
    assert_eq!(measure.tops, Some([1000, 500]));
    let mut cmp = CorpusComparison {
        measure,
        ..Default::default()
    };
    let mut g = HandGenerator::new(4);
    let mut hands = Vec::new();
    let mut copied = 0;
    for n in 1..=400 {
        let hand = g.corpus_hand(true);
        let line = write_line(&hand);
        let scored = score_pair(
            &mut scorers,
            &hand,
            n,
            line.as_bytes(),
            cmp.keep_above(),
            measure,
        )
        .expect("neither variant refuses a hand");
        if let Some(text) = &scored.text {
            assert_eq!(text, &line);
            copied += 1;
        }
        cmp.add(scored);
        hands.push((hand, line));
    }
    assert_eq!(cmp.sides[0].totals.len(), 400);
    assert_eq!(cmp.sides[0].winners, 400);
    // The hands kept are the five that differ most (the first of equals), with their lines,
    // worked out from the score cards.
    let mut expected: Vec<(i64, usize, &str)> = hands
        .iter()
        .enumerate()
        .map(|(i, (h, line))| {
            let diff = (a.score(h).totals.total - b.score(h).totals.total * 2).abs();
            (diff, i + 1, line.as_str())
        })
        .collect();
    expected.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    let kept: Vec<(i64, usize, &str)> = cmp
        .differences
        .iter()
        .map(|(diff, n, text, _)| (*diff, *n, text.as_str()))
        .collect();
    assert_eq!(kept, expected[..5]);
    // Only the lines that could still be kept were copied.
    assert!(copied < 100, "{copied} of 400 lines copied");
    let rho = cmp.pairs.spearman().unwrap();
    assert!(rho > 0.0 && rho <= 1.0, "{rho}");
}

#[test]
fn an_empty_corpus_has_no_figures_rather_than_zeros() {
    // No hands: no mean, median or share to give, so the table shows dashes and the JSON
    // nulls (a mean of 0.0 would read as a corpus of hands that scored nothing).
    let cmp = CorpusComparison::default();
    let text = cmp.text(["bmja", "dmjl"]);
    assert!(text.starts_with("0 hands\n"), "{text}");
    let median = text
        .lines()
        .find(|l| l.starts_with("median total"))
        .unwrap();
    assert_eq!(
        median.split_whitespace().collect::<Vec<_>>(),
        ["median", "total", "–", "–"]
    );
    assert!(text.contains("undefined (a side has fewer than two distinct totals)"));
    let json = cmp.json(["bmja", "dmjl"]);
    for key in [
        "mean",
        "median",
        "p90",
        "max",
        "limit_hand_share",
        "invalid_win_share",
    ] {
        assert!(json["sides"][0][key].is_null(), "{key}: {json}");
    }
    assert_eq!(json["sides"][0]["hands"], 0);
}
