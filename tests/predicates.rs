//! The semantics of the predicate language, table-driven: an expression, a hand, and the
//! value it must have, worked out by hand. Each expression runs through the whole pipeline:
//! it is written into a one-item variant file, loaded, checked, compiled and evaluated.

use mjrules::Variant;
use mjrules::hand::parse_hand;

/// The example hand (examples/hands/south-dragon-pung.toml): South, prevailing East;
/// 777z exposed pung; concealed 222m pung, 345p chow completed by the discarded 4p (so it is
/// exposed), 666s pung, 99s pair; flowers 2f 2y (both South's own).
const EXAMPLE: &str = "examples/hands/south-dragon-pung.toml";
/// East wins on a drawn 3m with 111222333m 456m 99m: all concealed.
const PURE: &str = "tests/hands/gallery/pure-suit-many-readings.toml";
/// North wins on a loose 4p with kongs 1111z (concealed), 5555s (claimed), 9999m (exposed),
/// the 234p chow and the 55z pair.
const KONGS: &str = "tests/hands/gallery/kongs.toml";
/// West wins with 11 55m 22p 33 99s 11z 77z: seven pairs, no standard reading.
const SEVEN_PAIRS: &str = "tests/hands/semantics/seven-pairs.toml";
/// East draws 4m to 3455 6m 789p 123s 55z: read as 345m + 456m, the 4m in either.
const CLOSED_OR_TWO_SIDED: &str = "tests/hands/semantics/closed-or-two-sided.toml";
/// South claims 7m to 89m 123p 456p 777s 11z.
const EDGE_SEVEN: &str = "tests/hands/semantics/edge-seven.toml";
/// South draws 3m to 12m 444p 789s 55z 666s.
const EDGE_THREE: &str = "tests/hands/gallery/edge-wait.toml";
/// East draws 1m to 19m 19p 19s 1234567z 1m: thirteen orphans, thirteen distinct tiles.
const ORPHANS: &str = "tests/hands/gallery/thirteen-orphans.toml";
/// West draws 5m to 1112345678999m.
const NINE_GATES: &str = "tests/hands/gallery/nine-gates.toml";

enum Probe<'a> {
    /// The expression as an item's condition (value 1): 1 if it holds, else 0.
    When(&'a str),
    /// The expression as the value of an item that always applies.
    Value(&'a str),
    /// The expression as the condition of an item looking at each set: how many match.
    EachSet(&'a str),
}

fn run(hand_path: &str, probe: &Probe<'_>) -> i64 {
    let item = match probe {
        Probe::When(e) => format!("when = \"{e}\"\nvalue = 1"),
        Probe::Value(e) => format!("value = \"{e}\""),
        Probe::EachSet(e) => format!("for-each = \"set\"\nwhen = \"{e}\"\nvalue = 1"),
    };
    let text = format!(
        "[variant]\nid = \"probe\"\nstyle = \"points-and-doubles\"\n[params]\nlimit = 1000\n\
         [[shapes]]\nid = \"seven-pairs\"\nwhen = \"kinds(tiles) == 7 and all(tiles, copies == 2)\"\n\
         cite = {{ source = \"test\", at = \"probe\" }}\n\
         [[shapes]]\nid = \"thirteen-orphans\"\n\
         when = \"kinds(tiles) == 13 and all(tiles, terminal or honour)\"\n\
         cite = {{ source = \"test\", at = \"probe\" }}\n\
         [[points]]\nid = \"probe\"\n{item}\ncite = {{ source = \"test\", at = \"probe\" }}\n"
    );
    let variant = Variant::from_text("probe.toml", &text).unwrap_or_else(|e| panic!("{e}"));
    let path = format!("{}/{hand_path}", env!("CARGO_MANIFEST_DIR"));
    let hand = parse_hand(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
    variant.score(&hand).totals.total
}

#[test]
fn predicate_semantics() {
    use Probe::*;
    let cases: &[(&str, Probe, i64)] = &[
        // Arithmetic and precedence: * before +, unary minus binds tightest, integer
        // division, division by zero is 0.
        (EXAMPLE, Value("1 + 2 * 3"), 7),
        (EXAMPLE, Value("(1 + 2) * 3"), 9),
        (EXAMPLE, Value("7 / 2"), 3),
        (EXAMPLE, Value("-2 * 3 + 10"), 4),
        (EXAMPLE, Value("1 / 0"), 0),
        // A remainder is never negative; by 0 it is 0.
        (EXAMPLE, Value("mod(7, 3)"), 1),
        (EXAMPLE, Value("mod(-7, 3)"), 2),
        (EXAMPLE, Value("mod(7, -3)"), 1),
        (EXAMPLE, Value("mod(6, 3) + mod(7, 0)"), 0),
        (EXAMPLE, Value("10 - 3 - 2"), 5),
        // Logic: `and` binds tighter than `or`; `not` is looser than comparisons.
        (EXAMPLE, When("true or false and false"), 1),
        (EXAMPLE, When("(true or false) and false"), 0),
        (EXAMPLE, When("not false and false"), 0),
        (EXAMPLE, When("not 1 == 2"), 1),
        (EXAMPLE, When("1 < 2 and 2 <= 2 and 3 > 2 and 3 >= 4"), 0),
        (EXAMPLE, When("1 != 2"), 1),
        // Parameters.
        (EXAMPLE, Value("$limit / 2"), 500),
        // Facts of the example hand.
        (EXAMPLE, When("winner"), 1),
        (
            EXAMPLE,
            When("from_discard and not self_drawn and not from_wall"),
            1,
        ),
        (EXAMPLE, When("winning_tile == 4p"), 1),
        (EXAMPLE, When("winning_tile == 5p"), 0),
        (EXAMPLE, When("dealer"), 0),
        (EXAMPLE, When("concealed_hand"), 0),
        (EXAMPLE, When("fishing_the_eyes"), 0),
        // 4p was the only tile that could complete 35p (no other wait).
        (EXAMPLE, When("only_possible"), 1),
        // The wait of each reading, and the tiles that completed the hand by shape. The
        // probe's value is that of the best reading, so `When` asks whether some reading
        // has it. The example's 4p sat in the middle of 3-4-5; nothing else completed it.
        (EXAMPLE, When("closed_wait"), 1),
        (
            EXAMPLE,
            When("two_sided_wait or edge_wait or single_wait or dual_pung_wait"),
            0,
        ),
        (EXAMPLE, Value("wait_count"), 1),
        // 3455 6m + 4m: 4m is the middle of 3-4-5 in one reading and the end of 4-5-6 in
        // the other; never both in one reading. Before it, 4m (345 + 456) and 7m (345 +
        // 567) completed the hand; 2, 3, 5 and 6m leave a lone tile (234 + 556, 345 + 356…).
        (CLOSED_OR_TWO_SIDED, When("closed_wait"), 1),
        (CLOSED_OR_TWO_SIDED, When("two_sided_wait"), 1),
        (
            CLOSED_OR_TWO_SIDED,
            When("closed_wait and two_sided_wait"),
            0,
        ),
        (CLOSED_OR_TWO_SIDED, When("edge_wait or single_wait"), 0),
        (CLOSED_OR_TWO_SIDED, Value("wait_count"), 2),
        // The 7 of 7-8-9 and the 3 of 1-2-3 are edge waits; 89m and 12m wait on nothing else.
        (EDGE_SEVEN, When("edge_wait and not two_sided_wait"), 1),
        (EDGE_SEVEN, Value("wait_count"), 1),
        (EDGE_THREE, When("edge_wait and not closed_wait"), 1),
        (EDGE_THREE, Value("wait_count"), 1),
        // 111222333m 456m 99m on a drawn 3m: the 3m makes the pung 333 (two pairs waited
        // on, 33 and 99) or ends 1-2-3 (an edge). Before it, 1112223345699m was completed by
        // 3m (111 222 333 456 99) and 9m (111 222 456 999 + 33), and by no other tile.
        (PURE, When("dual_pung_wait"), 1),
        (PURE, When("edge_wait"), 1),
        (PURE, When("dual_pung_wait and edge_wait"), 0),
        (
            PURE,
            When("two_sided_wait or closed_wait or single_wait"),
            0,
        ),
        (PURE, Value("wait_count"), 2),
        // 1112345678999m, the pure nine gates, waits on all nine; its 5m can only be the pair
        // (111 234 55 678 999), a single wait, the same as fishing the eyes.
        (NINE_GATES, Value("wait_count"), 9),
        (NINE_GATES, When("single_wait and fishing_the_eyes"), 1),
        (
            NINE_GATES,
            When("two_sided_wait or closed_wait or edge_wait or dual_pung_wait"),
            0,
        ),
        // Pungs 777z, 222m, 666s; the 345p chow and the 99s pair are not pungs.
        (EXAMPLE, Value("count(sets, pung)"), 3),
        (EXAMPLE, Value("count(sets, pung and dragon)"), 1),
        (EXAMPLE, Value("count(sets, exposed)"), 2),
        (EXAMPLE, Value("count(sets)"), 5),
        // The winning 4p completed the chow, which is exposed because 4p was a discard.
        (EXAMPLE, When("any(sets, winning and chow and exposed)"), 1),
        (EXAMPLE, When("any(sets, winning and pair)"), 0),
        // Tiles: three 7z are the only honours; seven distinct tiles; three suits.
        (EXAMPLE, Value("count(tiles, honour)"), 3),
        (EXAMPLE, Value("count(tiles)"), 14),
        (EXAMPLE, Value("kinds(tiles)"), 7),
        (EXAMPLE, Value("suits(tiles)"), 3),
        (EXAMPLE, Value("suits(sets)"), 3),
        (EXAMPLE, When("all(tiles, major)"), 0),
        (EXAMPLE, When("any(tiles, red)"), 1),
        (EXAMPLE, Value("count(tiles, copies == 3)"), 9),
        // Bonus: 2f and 2y are South's own.
        (EXAMPLE, Value("count(bonus, own)"), 2),
        // For a bonus tile, `own_wind` is `own`; no set of the example is of South.
        (EXAMPLE, Value("count(bonus, own_wind)"), 2),
        (
            EXAMPLE,
            When("any(bonus, own_wind) and not any(sets, own_wind)"),
            1,
        ),
        (EXAMPLE, Value("count(bonus, flower)"), 1),
        (EXAMPLE, When("all(bonus, south)"), 1),
        // Per set: 777z is the only major pung; every set but the chow is a pung or pair.
        (EXAMPLE, EachSet("pung and major"), 1),
        (EXAMPLE, EachSet("pung or pair"), 4),
        (EXAMPLE, EachSet("number >= 5"), 2),
        (EXAMPLE, EachSet("tile == 7z"), 1),
        // Kongs: 1111z concealed, 5555s claimed, 9999m exposed; the 234p chow, the 55z pair.
        (KONGS, EachSet("pung_or_kong"), 3),
        (KONGS, EachSet("pung_or_kong and (concealed or claimed)"), 2),
        (
            KONGS,
            Value("count(sets, pung_or_kong and wind) + count(sets, pung)"),
            1,
        ),
        (
            KONGS,
            When("count(sets, pung_or_kong) == 3 and not any(sets, pung)"),
            1,
        ),
        // The pure hand: East, drawn from the wall, everything concealed, one suit.
        (PURE, When("dealer and self_drawn and from_wall"), 1),
        (PURE, When("concealed_hand"), 1),
        (
            PURE,
            When("suits(tiles) == 1 and not any(tiles, honour)"),
            1,
        ),
        // Seven pairs is no standard hand; the variant's shape reads it.
        (
            SEVEN_PAIRS,
            When("shape('seven-pairs') and special_shape"),
            1,
        ),
        (SEVEN_PAIRS, Value("count(tiles, honour)"), 4),
        // Six pairs and a 7z waited on the seventh pair (the probe's special shape), and on
        // nothing in the standard shape. A special shape has no winning set: no wait shape.
        (SEVEN_PAIRS, Value("wait_count"), 1),
        (
            SEVEN_PAIRS,
            When("single_wait or two_sided_wait or closed_wait or edge_wait or dual_pung_wait"),
            0,
        ),
        // Numbers: `if`, `min`, `max`, `abs`, rounding up, powers; the example's player is
        // South, not the dealer.
        (EXAMPLE, Value("if(dealer, 10, 20)"), 20),
        (EXAMPLE, Value("min(3, 8) + max(3, 8)"), 11),
        (EXAMPLE, Value("round_up(22, 10) + round_up(30, 10)"), 60),
        (EXAMPLE, Value("pow(2, 2 + 3)"), 32),
        (EXAMPLE, Value("abs(0 - 5)"), 5),
        (EXAMPLE, When("if(winner, 4p, 5p) == winning_tile"), 1),
        // The next tile goes round: red dragon to white, North to East, 9 to 1.
        (
            EXAMPLE,
            When("next(7z) == 5z and next(4z) == 1z and next(9s) == 1s"),
            1,
        ),
        (EXAMPLE, When("next(winning_tile) == 5p"), 1),
        // The suit as a number: 222m is 1, 345p 2, 666s and 99s 3, 777z 0.
        (EXAMPLE, Value("count(sets, suit == 3)"), 2),
        (EXAMPLE, EachSet("suit == 0"), 1),
        // Named elements. Pairs of pungs among 777z, 222m, 666s: three.
        (EXAMPLE, Value("count(a, b in sets, a.pung and b.pung)"), 3),
        // A group matches in either order and counts once: 666s with 99s.
        (
            EXAMPLE,
            Value("count(a, b in sets, a.pung and b.pair and a.suit == b.suit)"),
            1,
        ),
        // One set of each suit: 222m, 345p, and 666s or 99s: two groups.
        (
            EXAMPLE,
            Value("count(a, b, c in sets, a.suit == 1 and b.suit == 2 and c.suit == 3)"),
            2,
        ),
        (
            EXAMPLE,
            When("any(a, b, c in sets, a.suit == 1 and b.suit == 2 and c.suit == 3)"),
            1,
        ),
        // Each name takes only the elements its own conjuncts allow: four chows are sought
        // among one (345p), so no group is formed; the pair 99s takes a partner that only a
        // condition on both names picks (666s).
        (
            EXAMPLE,
            Value("count(a, b, c, d in sets, a.chow and b.chow and c.chow and d.chow)"),
            0,
        ),
        (
            EXAMPLE,
            Value("count(a, b in sets, a.pair and b.suit == a.suit)"),
            1,
        ),
        (EXAMPLE, When("all(a in sets, a.suit > 0 or a.honour)"), 1),
        (EXAMPLE, When("all(a in sets, a.suit > 0)"), 0),
        // A bare name still means the element looked at: only 222m has a set numbered one
        // more than itself (345p).
        (
            EXAMPLE,
            EachSet("any(a in sets, a.number == number + 1)"),
            1,
        ),
        // Nested, and read inside a plain count: each pung's tile is held three times.
        (
            EXAMPLE,
            Value(
                "count(a in sets, a.pung and any(b in sets, b.chow and b.number == a.number + 1))",
            ),
            1,
        ),
        (
            EXAMPLE,
            Value("count(a in sets, a.pung and count(tiles, tile == a.tile) == 3)"),
            3,
        ),
        // The pure hand read as three 123m chows: three pairs of equal chows, one triple.
        (
            PURE,
            Value("count(a, b in sets, a.chow and b.chow and a.tile == b.tile)"),
            3,
        ),
        (
            PURE,
            Value(
                "count(a, b, c in sets, a.chow and a.tile == b.tile and b.tile == c.tile and b.chow and c.chow)",
            ),
            1,
        ),
        // Groups of tiles, many matching: 6 terminals, 7 honours, 13 distinct tiles. Up to
        // 32 matching groups are found by giving the names elements one after the other;
        // more, group by group: both ways give every group once.
        (
            ORPHANS,
            Value("count(a, b in tiles, a.terminal and b.terminal)"),
            15, // 6 × 5 / 2
        ),
        (
            ORPHANS,
            Value("count(a, b in tiles, a.honour and b.terminal)"),
            42, // 7 × 6: each group of one honour and one terminal, in one order
        ),
        (
            ORPHANS,
            Value("count(a, b, c in tiles, a.honour and b.honour and c.honour)"),
            35, // 7 × 6 × 5 / 6
        ),
        (
            ORPHANS,
            Value("count(a, b in tiles, a.copies + b.copies == 3)"),
            12, // the 1m (two copies) with each of the other twelve tiles
        ),
        (
            ORPHANS,
            Value("count(a, b in tiles, a.copies >= 1 and b.copies >= 1)"),
            78, // 13 × 12 / 2
        ),
    ];
    let mut failures = Vec::new();
    for (hand, probe, expected) in cases {
        let got = run(hand, probe);
        if got != *expected {
            let text = match probe {
                When(e) | Value(e) | EachSet(e) => e,
            };
            failures.push(format!("{text} on {hand}: expected {expected}, got {got}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A variant whose requirement alone asks whether the winning tile was the only possible
/// one (no item does): the example hand won on 4p, its only wait (35p), so it meets the
/// requirement and scores its one point; the pure hand, which also waited on other tiles,
/// does not, and scores nothing.
#[test]
fn a_requirement_may_ask_about_the_waits() {
    let text = "[variant]\nid = \"probe\"\nstyle = \"points-and-doubles\"\n[params]\nlimit = 1000\n\
                [[requirements]]\nid = \"only\"\nwhen = \"only_possible\"\n\
                cite = { source = \"test\", at = \"probe\" }\n\
                [[points]]\nid = \"one\"\nvalue = 1\ncite = { source = \"test\", at = \"probe\" }\n";
    let variant = Variant::from_text("probe.toml", text).unwrap_or_else(|e| panic!("{e}"));
    let totals = |hand_path: &str| {
        let path = format!("{}/{hand_path}", env!("CARGO_MANIFEST_DIR"));
        let hand = parse_hand(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
        let card = variant.score(&hand);
        (card.totals.valid, card.totals.total)
    };
    assert_eq!(totals(EXAMPLE), (true, 1));
    assert_eq!(totals(PURE), (false, 0));
}

/// The deepest expressions the parser takes are checked and evaluated on a test thread's
/// stack (2 MiB) in a debug build: `not`s, unary minus signs and a chain of `+`, each
/// [`mjrules::predicate::MAX_LEVELS`] levels deep with the comparison.
#[test]
fn the_deepest_expressions_accepted_run() {
    let depth = mjrules::predicate::MAX_LEVELS - 1;
    let nots = format!("{}true", "not ".repeat(depth - 1));
    let minus = format!("{}1 == 1", "-".repeat(depth - 1));
    let chain = format!("0{} == {}", " + 1".repeat(depth - 1), depth - 1);
    for e in [nots, minus, chain] {
        assert!(mjrules::predicate::parse(&e).is_ok(), "{e}");
        assert_eq!(run(EXAMPLE, &Probe::When(&e)), 1, "{e}");
    }
}

/// Items that read what other items gave (`sum('tag')`, `fired('id')`) are evaluated after
/// them, whatever their place in the file, and see the items that another replaced left
/// out; a requirement reads every item's result.
///
/// On the example hand (777z exposed, 222m, 345p, 666s, 99s): `chows` gives 1 (345p),
/// `pungs` 30 (three pungs), `dragon-pung` 100 and replaces `pungs`, so the `shape` tag
/// sums to 1 + 100 = 101, which `echo` gives again; `after-dragon` gives 1,000 as
/// `dragon-pung` counted, and `after-echo` 5 as `echo` did. Total 1 + 100 + 101 + 1,000 +
/// 5 = 1,207 points, no doubles. With the requirement that the tag sum to 200 or more, the
/// hand is no valid Mah-Jong.
#[test]
fn items_read_the_results_of_the_items_evaluated_before_them() {
    let cite = "cite = { source = \"test\", at = \"probe\" }";
    let variant = |requirement: &str| {
        let text = format!(
            "[variant]\nid = \"probe\"\nstyle = \"points-and-doubles\"\n[params]\nlimit = 100000\n\
             {requirement}\
             [[points]]\nid = \"after-echo\"\nwhen = \"fired('echo')\"\nvalue = 5\n{cite}\n\
             [[points]]\nid = \"echo\"\nvalue = \"sum('shape')\"\n{cite}\n\
             [[points]]\nid = \"after-dragon\"\nwhen = \"fired('dragon-pung')\"\nvalue = 1000\n{cite}\n\
             [[points]]\nid = \"chows\"\nfor-each = \"set\"\nwhen = \"chow\"\nvalue = 1\ntags = [\"shape\"]\n{cite}\n\
             [[points]]\nid = \"pungs\"\nfor-each = \"set\"\nwhen = \"pung_or_kong\"\nvalue = 10\ntags = [\"shape\"]\n{cite}\n\
             [[points]]\nid = \"dragon-pung\"\nwhen = \"any(sets, pung and dragon)\"\nvalue = 100\n\
             replaces = [\"pungs\"]\ntags = [\"shape\"]\n{cite}\n"
        );
        Variant::from_text("probe.toml", &text).unwrap_or_else(|e| panic!("{e}"))
    };
    let path = format!("{}/{EXAMPLE}", env!("CARGO_MANIFEST_DIR"));
    let hand = parse_hand(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
    let plain = variant("");
    for card in [
        plain.score(&hand),
        mjrules::score::reference::score(plain.rules(), &hand),
    ] {
        assert!(card.totals.valid);
        assert_eq!((card.totals.points, card.totals.total), (1207, 1207));
        let amounts: Vec<(&str, i64)> = card
            .fired
            .iter()
            .map(|f| (plain.definition().items[f.item].id.value.as_str(), f.amount))
            .collect();
        assert_eq!(
            amounts,
            [
                ("after-echo", 5),
                ("echo", 101),
                ("after-dragon", 1000),
                ("chows", 1),
                ("dragon-pung", 100)
            ]
        );
    }
    let strict = variant(&format!(
        "[[requirements]]\nid = \"big\"\nwhen = \"sum('shape') >= 200\"\n{cite}\n"
    ));
    for card in [
        strict.score(&hand),
        mjrules::score::reference::score(strict.rules(), &hand),
    ] {
        assert!(!card.totals.valid);
        assert_eq!(card.totals.total, 0);
        assert_eq!(card.totals.unmet, Some(0));
    }
}

/// `[score] prefer` decides between readings of the same total, and only then. The pure hand
/// (111222333m 456m 99m on a drawn 3m) reads as three pungs (111 222 333) or three chows
/// (123 123 123), with 456m and 99m either way; an item worth 1 on every reading gives both
/// the total 1, so `prefer` picks the reading: the chows when it counts chows, the pungs
/// when it counts pungs. An item worth the pungs makes the pung reading total 3 against 0,
/// and no tie-break turns that round.
#[test]
fn a_tie_break_picks_between_readings_of_the_same_total() {
    let cite = "cite = { source = \"test\", at = \"probe\" }";
    let arrangement = |value: &str, prefer: &str| {
        let text = format!(
            "[variant]\nid = \"probe\"\nstyle = \"points-and-doubles\"\n[params]\nlimit = 1000\n\
             [score]\nprefer = [{prefer}]\n\
             [[points]]\nid = \"one\"\nvalue = \"{value}\"\n{cite}\n\
             [[points]]\nid = \"three-chows\"\nwhen = \"count(sets, chow) >= 3\"\nvalue = 0\n{cite}\n"
        );
        let variant = Variant::from_text("probe.toml", &text).unwrap_or_else(|e| panic!("{e}"));
        let path = format!("{}/{PURE}", env!("CARGO_MANIFEST_DIR"));
        let hand = parse_hand(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
        let fast = variant.score(&hand);
        let plain = mjrules::score::reference::score(variant.rules(), &hand);
        assert_eq!(fast.arrangement, plain.arrangement);
        assert_eq!(fast.totals, plain.totals);
        let sets = fast.arrangement.expect("a standard reading").sets;
        let chows = sets
            .iter()
            .filter(|s| s.kind == mjrules::set::SetKind::Chow);
        (chows.count(), fast.totals.total)
    };
    // 123m 123m 123m 456m: four chows.
    assert_eq!(arrangement("1", "\"count(sets, chow)\""), (4, 1));
    // 111m 222m 333m 456m: one chow.
    assert_eq!(arrangement("1", "\"count(sets, pung)\""), (1, 1));
    // The first tie-break decides; a second is read only on a tie.
    assert_eq!(
        arrangement("1", "\"-count(sets, chow)\", \"count(sets, chow)\""),
        (1, 1)
    );
    // The items' results: `three-chows` counts (for nothing) on the chow reading only.
    assert_eq!(
        arrangement("1", "\"if(fired('three-chows'), 1, 0)\""),
        (4, 1)
    );
    assert_eq!(
        arrangement("1", "\"if(fired('three-chows'), 0, 1)\""),
        (1, 1)
    );
    assert_eq!(
        arrangement("count(sets, pung)", "\"count(sets, chow)\""),
        (1, 3)
    );
}

/// A formula variant whose first item is `unsupported` and whose requirement reads the unit
/// (`tests/variants/unsupported-first.toml`) loads and scores, the unsupported item counting
/// nothing: the plan places the items by their index in the file, which the unsupported item
/// keeps.
#[test]
fn an_unsupported_item_first_leaves_the_others_scored() {
    let variant = Variant::load(
        &format!(
            "{}/tests/variants/unsupported-first.toml",
            env!("CARGO_MANIFEST_DIR")
        ),
        &[],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let score = |path: &str| {
        let path = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
        let hand = parse_hand(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
        let card = variant.score(&hand);
        assert_eq!(
            card,
            mjrules::score::reference::score(variant.rules(), &hand)
        );
        (card.totals.valid, card.total())
    };
    // South's own flower 2f and season 2y, 1 tai each, and the pung of red dragons, 1: 3 tai,
    // 2^(3 - 1) = 4 units.
    assert_eq!(score("examples/hands/south-dragon-pung.toml"), (true, 4));
    // Four chows and a pair of 5m, no bonus tiles: no tai, under the one the requirement asks.
    assert_eq!(
        score("tests/hands/semantics/formula-chows.toml"),
        (false, 0)
    );
}

/// A `formula` variant (`tests/variants/formula.toml`) scores each hand by its own values,
/// worked out here by hand from the file. Units: han, fu and `full`; the values `han` (at
/// most 13), `fu` (rounded up to tens), `basic` = fu × 2^(2 + han), whose tiers are
/// `full-score` (8000 a full) and `high` (2000 from 5 han or above 2000), and `total` =
/// basic × 6 for the dealer, × 4 for the others, rounded up to 100.
#[test]
fn a_formula_works_out_its_values_in_order_and_names_the_tier() {
    let variant = Variant::load(
        &format!("{}/tests/variants/formula.toml", env!("CARGO_MANIFEST_DIR")),
        &[],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let score = |file: &str| {
        let path = format!(
            "{}/tests/hands/semantics/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        let hand = parse_hand(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
        let card = variant.score(&hand);
        assert_eq!(
            card,
            mjrules::score::reference::score(variant.rules(), &hand)
        );
        let values: Vec<(String, i64)> = card.values().map(|(n, v)| (n.to_string(), v)).collect();
        // A tier is a limit, as a limit hand is (the corpus summaries count them).
        assert_eq!(card.totals.at_limit(), card.limit_hand().is_some());
        (
            values,
            card.limit_hand().map(String::from),
            card.totals.valid,
        )
    };
    let values = |han, fu, basic, total| {
        [("han", han), ("fu", fu), ("basic", basic), ("total", total)]
            .map(|(n, v)| (n.to_string(), v))
            .to_vec()
    };
    // Four chows: all-chows 2 han; fu 20 + 2 for the single wait = 22, rounded to 30;
    // basic 30 × 2^4 = 480; South: 480 × 4 = 1920, rounded up to 2000.
    assert_eq!(
        score("formula-chows.toml"),
        (values(2, 30, 480, 2000), None, true)
    );
    // All honours: one full, which replaces every han and fu item (4 pung-han, 3 dragon,
    // self-drawn; base and pung fu), so han and fu are 0 and basic 0 × 4 = 0, raised by the
    // tier `full-score` to 8000; East, the dealer: 8000 × 6 = 48000.
    assert_eq!(
        score("formula-honours.toml"),
        (values(0, 0, 8000, 48000), Some("full-score".into()), true)
    );
    // pung-han 3 (the kong and two pungs), dragon 1, self-drawn 1: 5 han. Fu: 20; the
    // exposed red kong 8 × 4 / 2 = 16, the concealed pungs of 1m and 9p 8 each: 52, rounded
    // to 60 (4s to 23s is two-sided: no wait fu). Basic 60 × 2^7 = 7680; 5 han make it the
    // tier `high`, 2000; South: 8000.
    assert_eq!(
        score("formula-kong.toml"),
        (values(5, 60, 2000, 8000), Some("high".into()), true)
    );
    // West did not go out: pung-han 3 and pung fu 32 (no base fu, which is the winner's),
    // rounded to 40; basic 40 × 2^5 = 1280, under every tier; 1280 × 4 = 5120, rounded up
    // to 5200.
    assert_eq!(
        score("formula-calling.toml"),
        (values(3, 40, 1280, 5200), None, true)
    );
}
