//! The proof that a non-winner's pungs score best (the plan's groupings, reported by
//! `Plan::read_every_way`): what it proves for
//! the built-in variants and for small variants made to test it, and that scoring with the
//! groupings it leaves out gives the same score cards as reading every grouping, on random
//! hands that did not go out.

use std::sync::LazyLock;

use mjrules::Variant;
use mjrules::hand::{Hand, HandParts, Melds, parse_hand};
use mjrules::plan::Tricks;
use mjrules::random::HandGenerator;
use mjrules::set::{Exposure, Set, SetKind};
use mjrules::tiles::{Tile, TileCounts, TileSet, Wind};
use proptest::prelude::*;

/// The tiles with these indexes.
fn tiles(indexes: impl IntoIterator<Item = usize>) -> TileSet {
    let mut set = TileSet::default();
    for i in indexes {
        set.insert(Tile::from_index(i).unwrap());
    }
    set
}

const WINDS: std::ops::Range<usize> = 27..31;
const DRAGONS: std::ops::Range<usize> = 31..34;

/// Small variants, each with what the proof must leave regrouped (read every way).
fn probes() -> Vec<(&'static str, String, TileSet)> {
    let item = |kind: &str, id: &str, body: &str| {
        format!(
            "[[{kind}]]\nid = \"{id}\"\n{body}\ncite = {{ source = \"test\", at = \"probe\" }}\n"
        )
    };
    // A concealed pung is worth 4 points in all of them.
    let pung = item(
        "points",
        "pung",
        "for-each = \"set\"\nwhen = \"pung and concealed\"\nvalue = 4",
    );
    let variant = |extra: &str| {
        format!(
            "[variant]\nid = \"probe\"\nstyle = \"points-and-doubles\"\n[params]\nlimit = 1000\n{pung}{extra}"
        )
    };
    vec![
        // A pair is worth less than a pung: proved for every tile.
        (
            "pair below pung",
            variant(&item(
                "points",
                "pair",
                "for-each = \"set\"\nwhen = \"pair\"\nvalue = 2",
            )),
            TileSet::default(),
        ),
        // A pair is worth more than a pung: 3 alike read as a pair and a lone tile score 10,
        // as a pung 4. Nothing proved.
        (
            "pair above pung",
            variant(&item(
                "points",
                "pair",
                "for-each = \"set\"\nwhen = \"pair\"\nvalue = 10",
            )),
            TileSet::all(),
        ),
        // Only a dragon pair is worth more: only the dragons are read every way.
        (
            "dragon pair above pung",
            variant(&item(
                "points",
                "pair",
                "for-each = \"set\"\nwhen = \"pair and dragon\"\nvalue = 10",
            )),
            tiles(DRAGONS),
        ),
        // Only the player's own wind as a pair is worth more: the winds are read every way
        // (which wind is his own depends on his seat).
        (
            "own wind pair above pung",
            variant(&item(
                "points",
                "pair",
                "for-each = \"set\"\nwhen = \"pair and own_wind\"\nvalue = 10",
            )),
            tiles(WINDS),
        ),
        // Six sets or more double: three alike as a pair and a lone tile make one set more.
        (
            "more sets",
            variant(&item(
                "doubles",
                "many",
                "when = \"count(sets) >= 6\"\nvalue = 1",
            )),
            TileSet::all(),
        ),
        // Little three dragons: a pair of dragons may make it where a pung does not.
        (
            "little three dragons",
            variant(&item(
                "doubles",
                "little",
                "when = \"count(sets, pung and dragon) == 2 and count(sets, pair and dragon) == 1\"\nvalue = 1",
            )),
            tiles(DRAGONS),
        ),
        // No lone tile: four alike as two pairs leave none where a pung leaves one. Nothing
        // proved.
        (
            "no lone tile",
            variant(&item(
                "doubles",
                "none",
                "when = \"not any(sets, single)\"\nvalue = 1",
            )),
            TileSet::all(),
        ),
        // No pair, and some dragon pung: only the pungs can make them.
        (
            "no pair, a dragon pung",
            variant(&format!(
                "{}{}",
                item(
                    "doubles",
                    "no-pair",
                    "when = \"all(sets, not pair)\"\nvalue = 1"
                ),
                item(
                    "points",
                    "dragon",
                    "when = \"any(sets, pung and dragon)\"\nvalue = 3"
                ),
            )),
            TileSet::default(),
        ),
        // Czech's doubles: one for each dragon pung, one for little three dragons (two dragon
        // pungs and a dragon pair), two for big three dragons. A dragon pair may make little
        // three dragons, but only where the pung makes big three dragons: proved, by weighing
        // the two together for every count of the other dragon pungs (0 to 2).
        (
            "little and big three dragons",
            variant(&three_dragons(1)),
            TileSet::default(),
        ),
        // The same with little three dragons worth four doubles: three dragon pungs score
        // 3 + 2 doubles, two and a dragon pair 2 + 4. The dragons are read every way.
        (
            "little three dragons above big",
            variant(&three_dragons(4)),
            tiles(DRAGONS),
        ),
        // Three honour pungs and an honour pair double; nothing makes up for it when a
        // fourth honour pung turns it off (the other honours may hold three pungs).
        (
            "three honour pungs and an honour pair",
            variant(&item(
                "doubles",
                "three",
                "when = \"count(sets, pung and honour) == 3 and any(sets, pair and honour)\"\nvalue = 1",
            )),
            tiles(27..34),
        ),
        // Negative points: doubles would then lower the score. Nothing proved.
        (
            "negative points",
            variant(&format!(
                "{}{}",
                item(
                    "points",
                    "minus",
                    "for-each = \"set\"\nwhen = \"single\"\nvalue = -1"
                ),
                item(
                    "doubles",
                    "pungs",
                    "for-each = \"set\"\nwhen = \"pung\"\nvalue = 1"
                ),
            )),
            TileSet::all(),
        ),
        // A limit hand for the others that depends on the grouping. Nothing proved.
        (
            "limit hand on the sets",
            variant(&item(
                "limit-hands",
                "four-pairs",
                "who = \"others\"\nwhen = \"count(sets, pair) >= 4\"\nvalue = 500",
            )),
            TileSet::all(),
        ),
        // A limit hand only a winner can have is no obstacle.
        (
            "limit hand of a winner",
            variant(&item(
                "limit-hands",
                "four-pairs",
                "when = \"complete and count(sets, pair) >= 4\"\nvalue = 500",
            )),
            TileSet::default(),
        ),
    ]
}

/// Czech's dragon doubles (text 000, 116 g and h), little three dragons worth `little`.
fn three_dragons(little: i64) -> String {
    let cite = "cite = { source = \"test\", at = \"probe\" }";
    format!(
        "[[doubles]]\nid = \"dragon\"\nfor-each = \"set\"\nwhen = \"pung_or_kong and dragon\"\nvalue = 1\n{cite}\n\
         [[doubles]]\nid = \"little\"\nwhen = \"count(sets, pung_or_kong and dragon) == 2 and any(sets, pair and dragon)\"\nvalue = {little}\n{cite}\n\
         [[doubles]]\nid = \"big\"\nwhen = \"count(sets, pung_or_kong and dragon) == 3\"\nvalue = 2\n{cite}\n"
    )
}

/// The tiles a non-winner under `variant` has read every way: those whose pungs the proof
/// did not show to score best.
fn regrouped(variant: &Variant) -> TileSet {
    variant
        .plan()
        .read_every_way()
        .iter()
        .fold(TileSet::default(), |all, r| all.or(r.tiles))
}

#[test]
fn the_probes_prove_what_they_should() {
    for (name, text, expected) in probes() {
        let variant =
            Variant::from_text("probe.toml", &text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(regrouped(&variant), expected, "{name}");
    }
}

#[test]
fn the_built_in_variants_prove_what_they_should() {
    // Every tile is proved for every built-in variant. Czech and DMJL score little four joys
    // and little three dragons for every player, which a pair of winds or dragons may make
    // where the pung does not: they are weighed against big four joys and big three dragons
    // and the pungs' own doubles.
    for (id, expected) in [
        ("bmja", TileSet::default()),
        ("english", TileSet::default()),
        ("polish", TileSet::default()),
        ("czech", TileSet::default()),
        ("dmjl", TileSet::default()),
        ("hong-kong", TileSet::default()),
        ("hong-kong-traditional", TileSet::default()),
        ("hong-kong-canton", TileSet::default()),
    ] {
        let variant = Variant::load(id, &[]).unwrap();
        assert_eq!(regrouped(&variant), expected, "{id}");
    }
}

#[test]
fn the_item_that_stops_the_proof_is_named() {
    let variant = probe("little three dragons above big");
    // 7z, the red dragon.
    let red = Tile::from_index(33).unwrap();
    let blocker = variant
        .plan()
        .read_every_way()
        .into_iter()
        .find(|r| r.tiles.contains(red))
        .expect("the red dragon is read every way");
    assert_eq!(variant.definition().items[blocker.item].id.value, "little");
}

#[test]
fn weighing_many_items_over_many_counts_gives_up_instead_of_taking_long() {
    // 200 items on the whole hand, each losing a double when a dragon pair appears, and each
    // reading three counts of sets (5 x 15 x 10 values over the other sets); a dragon pung
    // gains 500 doubles, so every weighing would succeed. 200 x 750 evaluations a regrouping
    // are more than the proof spends (2^16): the dragons are read every way. (Weighed in
    // full, this file took 7.8 s to load in a release build; now 0.1 s.)
    let cite = "cite = { source = \"test\", at = \"probe\" }";
    let mut text = format!(
        "[variant]\nid = \"many\"\nstyle = \"points-and-doubles\"\n[params]\nlimit = 1000\n\
         [[doubles]]\nid = \"dragon\"\nfor-each = \"set\"\nwhen = \"pung and dragon\"\nvalue = 500\n{cite}\n"
    );
    for i in 0..200 {
        text.push_str(&format!(
            "[[doubles]]\nid = \"x{i}\"\nwhen = \"count(sets, pair and dragon) >= 1 and \
             count(sets, pung and simple) <= {} and count(sets, pung and bamboo) <= 20\"\n\
             value = 1\n{cite}\n",
            20 + i
        ));
    }
    let variant = Variant::from_text("many.toml", &text).unwrap();
    assert!(
        DRAGONS
            .map(|i| Tile::from_index(i).unwrap())
            .all(|t| regrouped(&variant).contains(t))
    );
}

/// The probe `name`, loaded.
fn probe(name: &str) -> Variant {
    let (_, text, _) = probes().into_iter().find(|p| p.0 == name).unwrap();
    Variant::from_text("probe.toml", &text).unwrap()
}

/// The total of a non-winner of seat North in an East round holding `concealed`, under the
/// probe `name`.
fn probe_total(name: &str, concealed: &str) -> i64 {
    let variant = probe(name);
    let hand = format!(
        "seat = \"north\"\nprevailing = \"east\"\nconcealed = \"{concealed}\"\nmelds = []\n"
    );
    variant
        .score(&parse_hand("hand.toml", &hand).unwrap())
        .totals
        .total
}

#[test]
fn where_the_proof_fails_the_better_grouping_is_found() {
    // 555z 666z 777z 111p 9m, little three dragons worth 4 doubles. All pungs: 4 concealed
    // pungs, 16 points; 3 dragon doubles and big three dragons 2: 16 x 2^5 = 512. One dragon
    // as a pair and a lone tile: 12 points; 2 dragon doubles and little three dragons 4:
    // 12 x 2^6 = 768. Two dragons broken: 8 points, 1 double, 16. Best 768.
    assert_eq!(
        probe_total("little three dragons above big", "555z 666z 777z 111p 9m"),
        768
    );
    // The same hand when little three dragons is worth 1: the pungs score 512, one dragon
    // broken 12 x 2^3 = 96. Best 512, read from the pungs alone.
    assert_eq!(
        probe_total("little and big three dragons", "555z 666z 777z 111p 9m"),
        512
    );
    // 111z 222z 333z 555z 9m, three honour pungs and an honour pair worth a double. All
    // pungs: 16 points, no double (four honour pungs). One honour broken: 12 points, one
    // double, 24. Best 24.
    assert_eq!(
        probe_total(
            "three honour pungs and an honour pair",
            "111z 222z 333z 555z 9m"
        ),
        24
    );
}

#[test]
fn a_pair_worth_more_than_a_pung_is_still_found() {
    // North, did not go out, holds 555p 1m 3m 9s 2z 4z 6z 1s 8p 9m 7s concealed (13 tiles,
    // no other tile twice). With a pair worth 10 and a concealed pung 4, the 5p read as a
    // pair and a lone tile score 10, as a pung 4: the best is 10.
    assert_eq!(
        probe_total("pair above pung", "555p 13m 9s 246z 1s 8p 9m 7s"),
        10
    );
}

/// `variant` reading every grouping of every tile: without the plan's groupings.
fn reading_every_grouping(variant: &Variant) -> Variant {
    let tricks = Tricks::ALL.without("groupings").unwrap();
    Variant::with_tricks(variant.rules().clone(), tricks)
}

/// The variants to check the proof on, the built-in ones, the probes and a house rule: each
/// as loaded, and reading every grouping.
static VARIANTS: LazyLock<Vec<(String, Variant, Variant)>> = LazyLock::new(|| {
    let mut out: Vec<(String, Variant)> = mjrules::rules::builtin::ids()
        .map(|id| (id.to_string(), Variant::load(id, &[]).unwrap()))
        .collect();
    for (name, text, _) in probes() {
        out.push((
            name.to_string(),
            Variant::from_text("probe.toml", &text).unwrap(),
        ));
    }
    let house = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/variants/dragon-pair-bonus.toml"
    );
    out.push((
        "dragon-pair-bonus".to_string(),
        Variant::load(house, &[]).unwrap(),
    ));
    out.into_iter()
        .map(|(name, v)| {
            let every = reading_every_grouping(&v);
            (name, v, every)
        })
        .collect()
});

#[test]
fn the_generated_non_winners_score_the_same_with_the_groupings_left_out() {
    // The non-winners among the first 20,000 hands of `gen --seed 7` (the corpus of the
    // performance page), under every built-in variant and every probe.
    let mut hands = HandGenerator::new(7);
    let mut checked = 0;
    for _ in 0..20_000 {
        let hand = hands.corpus_hand(false);
        if hand.is_winner() {
            continue;
        }
        checked += 1;
        for (name, variant, every) in VARIANTS.iter() {
            assert_eq!(variant.score(&hand), every.score(&hand), "{name}: {hand:?}");
        }
    }
    assert!(checked > 4_000, "{checked} non-winners");
}

/// Takes `n` more copies of tile `i`, if that makes no more than four.
fn take(used: &mut [u8; Tile::COUNT], i: usize, n: u8) -> bool {
    let fits = used[i] + n <= 4;
    if fits {
        used[i] += n;
    }
    fits
}

/// A hand that did not go out, rich in tiles held three and four alike, honours most of all.
fn non_winner() -> impl Strategy<Value = Hand> {
    let tile = prop_oneof![0usize..34, 27usize..34];
    let alike = prop::collection::vec((tile.clone(), 3u8..=4), 0..=4);
    let loose = prop::collection::vec(tile, 0..8);
    let meld = (0usize..34, 0u8..3, any::<bool>());
    let melds = prop::collection::vec(meld, 0..=2);
    let wind = (0usize..4).prop_map(|i| Wind::ALL[i]);
    (alike, loose, melds, wind.clone(), wind, any::<bool>()).prop_filter_map(
        "not a legal hand",
        |(alike, loose, melds, seat, prevailing, original_call)| {
            let mut used = [0u8; Tile::COUNT];
            let mut declared = Melds::new();
            for (i, kind, exposed) in melds {
                let tile = Tile::from_index(i).unwrap();
                let (kind, n) = match kind {
                    0 => (SetKind::Pung, 3),
                    1 => (SetKind::Kong, 4),
                    _ if tile.is_suited() && tile.number() <= 7 => (SetKind::Chow, 0),
                    _ => (SetKind::Pung, 3),
                };
                let fits = if kind == SetKind::Chow {
                    (0..3).all(|k| used[i + k] < 4) && (0..3).all(|k| take(&mut used, i + k, 1))
                } else {
                    take(&mut used, i, n)
                };
                if fits {
                    let mut set = Set::concealed(kind, tile);
                    set.declared = true;
                    // Only a kong may be declared concealed.
                    if exposed || kind != SetKind::Kong {
                        set.exposure = Exposure::Exposed;
                    }
                    declared.push(set);
                }
            }
            let mut concealed = TileCounts::default();
            for (i, n) in alike.into_iter().chain(loose.into_iter().map(|i| (i, 1))) {
                if concealed.total() + usize::from(n) <= 14 - 3 * declared.len()
                    && take(&mut used, i, n)
                {
                    for _ in 0..n {
                        concealed.add(Tile::from_index(i).unwrap());
                    }
                }
            }
            // The hand holds no more tiles than one that did not go out: a partial hand.
            Hand::new(HandParts {
                seat: Some(seat),
                prevailing: Some(prevailing),
                concealed: Some(concealed),
                melds: &declared,
                original_call,
                partial: true,
                ..HandParts::default()
            })
            .ok()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_non_winners_score_the_same_with_the_groupings_left_out(hand in non_winner()) {
        for (name, variant, every) in VARIANTS.iter() {
            prop_assert_eq!(variant.score(&hand), every.score(&hand), "{}", name);
        }
    }
}
