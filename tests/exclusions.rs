//! Non-repeat limited to the sets a match used (`replaces-within`), on hands worked by hand
//! under `tests/variants/exclusions.toml` (BMJA with four house items: a point for each pung
//! of terminals or honours, 2 for a pung of the prevailing wind in place of that point, 2 for
//! each two pungs of one number, 16 for three of them in place of those pairs).

use mjrules::Variant;
use mjrules::hand::parse_hand;

fn variant() -> Variant {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/variants/exclusions.toml"
    );
    Variant::load(path, &[]).unwrap()
}

/// An item that counted: its id and amount.
type Counted = (String, i64);

/// A match dropped: its item's id, its amount, and why: the item within whose match it lay,
/// or the combination and the rule that kept it out.
type Dropped = (String, i64, String);

/// The items that counted on `hand`, and the matches dropped.
fn card(hand: &str) -> (Vec<Counted>, Vec<Dropped>) {
    let variant = variant();
    let card = variant.score(&parse_hand("hand.toml", hand).unwrap());
    let json = mjrules::render::score_json(&card, mjrules::tiles::TileStyle::Ascii);
    let counted = json["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["id"].as_str().unwrap().to_string(),
                r["amount"].as_i64().unwrap(),
            )
        })
        .collect();
    let dropped = json
        .get("dropped")
        .map(|d| d.as_array().unwrap().clone())
        .unwrap_or_default()
        .iter()
        .map(|d| {
            (
                d["id"].as_str().unwrap().to_string(),
                d["amount"].as_i64().unwrap(),
                match d["by"].get("within") {
                    Some(item) => item.as_str().unwrap().to_string(),
                    None => format!(
                        "{}: {}",
                        d["by"]["combination"].as_str().unwrap(),
                        d["by"]["rule"].as_str().unwrap()
                    ),
                },
            )
        })
        .collect();
    (counted, dropped)
}

#[test]
fn a_match_within_another_item_s_match_is_dropped_and_listed() {
    // 555m 555p 555s pungs, an East pung, a pair of 9s; East in an East round, self-drawn.
    // The three fives make three pairs of one number (double-pung, 2 each) and one triple
    // (16), which drops the three pairs, since each lies within its sets. The East pung is
    // the prevailing wind's (2), which drops the honour point of that pung; no other pung
    // is of terminals or honours, so that item no longer counts at all.
    let (counted, dropped) = card(
        r#"
seat = "east"
prevailing = "east"
concealed = "555m 555p 555s 111z 99s"
[win]
tile = "9s"
from = "wall"
"#,
    );
    let has = |id: &str, amount: i64| counted.contains(&(id.to_string(), amount));
    assert!(
        has("prevailing-pung", 2) && has("triple-pung", 16),
        "{counted:?}"
    );
    assert!(
        !counted
            .iter()
            .any(|(id, _)| id == "double-pung" || id == "honour-or-terminal-pung")
    );
    let within = |id: &str, by: &str| (id.to_string(), 0, by.to_string());
    let dropped: Vec<_> = dropped
        .into_iter()
        .map(|(id, _, by)| within(&id, &by))
        .collect();
    assert_eq!(
        dropped,
        [
            within("honour-or-terminal-pung", "prevailing-pung"),
            within("double-pung", "triple-pung"),
            within("double-pung", "triple-pung"),
            within("double-pung", "triple-pung"),
        ]
    );
}

#[test]
fn a_match_outside_the_sets_still_counts() {
    // A 999s pung beside the East pung keeps its honour-or-terminal point (it does not lie
    // within the East pung), and 555m 555p without a third five is one pair of one number:
    // nothing drops it.
    let (counted, dropped) = card(
        r#"
seat = "east"
prevailing = "east"
concealed = "555m 555p 999s 111z 22p"
[win]
tile = "2p"
from = "wall"
"#,
    );
    assert!(
        counted.contains(&("honour-or-terminal-pung".to_string(), 1)),
        "{counted:?}"
    );
    assert!(
        counted.contains(&("double-pung".to_string(), 2)),
        "{counted:?}"
    );
    assert_eq!(
        dropped,
        [(
            "honour-or-terminal-pung".to_string(),
            1,
            "prevailing-pung".to_string()
        )]
    );
}

#[test]
fn a_combination_keeps_the_selection_worth_most_that_combines_each_set_once() {
    // 234s, 234p twice, 567p and a pair of 9m (MCR's own account-once example). The matches:
    // the two 234p a pure double chow; 234s with either 234p a mixed double chow; either 234p
    // with 567p a short straight: five matches over four chows, 1 point each. Four chows
    // joined by matches that close no cycle take at most three of them, and one of each item
    // does: the pure double chow, one mixed double chow and one short straight, 3 points. The
    // other mixed double chow and short straight share a chow with the kept match of their own
    // item.
    let (counted, dropped) = card(
        r#"
seat = "south"
prevailing = "east"
concealed = "234s 223344p 567p 99m"
[win]
tile = "9m"
from = "discard"
discarder = "east"
"#,
    );
    for id in ["pure-double-chow", "mixed-double-chow", "short-straight"] {
        assert!(counted.contains(&(id.to_string(), 1)), "{id}: {counted:?}");
    }
    let why = |id: &str| (id.to_string(), 1, "chows: shares-a-set".to_string());
    assert_eq!(dropped, [why("mixed-double-chow"), why("short-straight")]);
}

#[test]
fn two_matches_of_one_item_on_the_same_sets_keep_one() {
    // 123s 234s 345s 456s and a pair of 5z: 123-234-345 and 234-345-456 both shift by one
    // (pure shifted chows, 16 each) and 123 with 456 is a short straight (1). The two shifts
    // share two chows: one is kept (the first, as both are worth as much), and the short
    // straight beside it joins 123s to 456s, closing no cycle: 17. The other shift shares
    // chows with the kept match of its own item.
    let (counted, dropped) = card(
        r#"
seat = "south"
prevailing = "east"
concealed = "123s 234s 345s 456s 55z"
[win]
tile = "5z"
from = "discard"
discarder = "east"
"#,
    );
    assert!(
        counted.contains(&("pure-shifted-chows".to_string(), 16)),
        "{counted:?}"
    );
    assert!(
        counted.contains(&("short-straight".to_string(), 1)),
        "{counted:?}"
    );
    let why = "chows: shares-a-set".to_string();
    assert_eq!(dropped, [("pure-shifted-chows".to_string(), 16, why)]);
}

#[test]
fn an_item_replaced_by_another_replaces_nothing() {
    // Three items in a chain: three pungs replace two pungs, which replace one pung. With
    // three pungs, the item for three counts and drops the item for two; that one counts no
    // more, so it drops nothing, and the item for one pung counts beside the first.
    let variant = Variant::from_text(
        "chain.toml",
        r#"
[variant]
id = "chain"
extends = "bmja"

[[points]]
id = "three-pungs"
when = "count(sets, pung_or_kong) >= 3"
value = 30
replaces = ["two-pungs"]
cite = { source = "x", at = "three" }

[[points]]
id = "two-pungs"
when = "count(sets, pung_or_kong) >= 2"
value = 20
replaces = ["one-pung"]
cite = { source = "x", at = "two" }

[[points]]
id = "one-pung"
when = "count(sets, pung_or_kong) >= 1"
value = 10
cite = { source = "x", at = "one" }
"#,
    )
    .unwrap();
    let ids = |hand: &str| -> Vec<String> {
        let card = variant.score(&parse_hand("hand.toml", hand).unwrap());
        (card.items())
            .filter(|i| i.id.ends_with("pung") || i.id.ends_with("pungs"))
            .map(|i| i.id.to_string())
            .collect()
    };
    let three = "seat = \"south\"\nprevailing = \"east\"\nconcealed = \"222m 444p 666s 123s 99m\"\n[win]\ntile = \"9m\"\nfrom = \"wall\"\n";
    assert_eq!(ids(three), ["three-pungs", "one-pung"]);
    // Two pungs: the item for two counts and drops the item for one.
    let two = "seat = \"south\"\nprevailing = \"east\"\nconcealed = \"222m 444p 123s 456s 99m\"\n[win]\ntile = \"9m\"\nfrom = \"wall\"\n";
    assert_eq!(ids(two), ["two-pungs"]);
}
