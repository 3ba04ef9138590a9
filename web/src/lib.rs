//! mjrules in the browser: what the page asks of the library, as functions of strings.
//!
//! In: the texts the page holds (a hand file, the ids of variants, a house-rule file, a
//! seed). Out: JSON text, the same as the command line's `--format json` where the command
//! line has one: a card per variant and the waits (`score`), the checker's problems with
//! their places and a house rule's changes (`check_house`), random hands (`generate`), the
//! totals of a corpus (`corpus_totals`), the figures and chart of two variants over a corpus
//! fed in chunks (`compare_begin`, `compare_add`, `compare_end`), a game's ledger (`game`).
//! Every failure is a JSON `{"ok": false, "problems": [...]}` with line, column and span, as
//! `mjrules --format json` reports it; nothing panics on any input.
//!
//! The built-in variants are loaded once and kept; a house rule is loaded on each call.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use mjrules::Variant;
use mjrules::compare::{self, CorpusComparison};
use mjrules::diagnostic::InputError;
use mjrules::hand::{file_key_span, parse_hand};
use mjrules::random::HandGenerator;
use mjrules::render;
use mjrules::rules::{LoadError, builtin};
use mjrules::tiles::TileStyle;
use serde_json::{Value, json};
use wasm_bindgen::prelude::wasm_bindgen;

thread_local! {
    /// The built-in variants loaded so far, by id.
    static BUILT_IN: RefCell<HashMap<String, Rc<Variant>>> = RefCell::new(HashMap::new());
    /// The comparison of two variants over a corpus under way: its variants, the lines
    /// counted so far, and the figures.
    static COMPARISON: RefCell<Option<Comparison>> = const { RefCell::new(None) };
}

/// Two variants over a corpus, fed a chunk of lines at a time.
struct Comparison {
    variants: [Rc<Variant>; 2],
    lines: usize,
    figures: CorpusComparison,
}

/// The failure of an input, as `--format json` gives it.
fn failure(errors: &[InputError]) -> Value {
    let problems: Vec<Value> = errors.iter().flat_map(render::problems_json).collect();
    json!({"ok": false, "problems": problems})
}

/// A failure without a place.
fn message(text: String) -> Value {
    json!({"ok": false, "problems": [{"message": text, "severity": "error"}]})
}

/// The built-in variant `id`, loaded once.
fn built_in(id: &str) -> Result<Rc<Variant>, Value> {
    if let Some(v) = BUILT_IN.with(|b| b.borrow().get(id).cloned()) {
        return Ok(v);
    }
    let variant = Rc::new(Variant::load(id, &[]).map_err(load_failure)?);
    BUILT_IN.with(|b| b.borrow_mut().insert(id.to_string(), variant.clone()));
    Ok(variant)
}

fn load_failure(error: LoadError) -> Value {
    match error {
        LoadError::Files(errors) => failure(&errors),
        other => message(other.to_string()),
    }
}

/// The variant of a house-rule file `house.toml` (which `extends` a built-in), or a
/// built-in one by id.
fn variant(id_or_house: &str, house: &str) -> Result<Rc<Variant>, Value> {
    if id_or_house == "house" {
        return Variant::from_text("house.toml", house)
            .map(Rc::new)
            .map_err(load_failure);
    }
    built_in(id_or_house)
}

/// The built-in variants: `[{"id", "name", "style"}]`, the default first.
#[wasm_bindgen]
pub fn variants() -> String {
    let list: Vec<Value> = builtin::ids()
        .filter_map(|id| {
            let v = built_in(id).ok()?;
            let d = v.definition();
            Some(json!({"id": id, "name": d.name, "style": d.style.name()}))
        })
        .collect();
    json!({"default": builtin::DEFAULT, "variants": list}).to_string()
}

/// The hand file `hand` scored under each of `ids` (comma-separated; `house` names the
/// house rule `house`): `{"ok": true, "cards": [{"variant", "card"} | {"variant",
/// "problems"}], "waits"}` (a variant that cannot be loaded, or that refuses the hand, gives
/// its problems); the hand's problems as a failure.
#[wasm_bindgen]
pub fn score(text: &str, ids: &str, house: &str) -> String {
    let hand = match parse_hand("hand.toml", text) {
        Ok(h) => h,
        Err(e) => return failure(&[e]).to_string(),
    };
    let mut cards = Vec::new();
    let mut waits = Value::Null;
    for id in ids.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        match variant(id, house) {
            Err(problems) => cards.push(json!({"variant": id, "problems": problems["problems"]})),
            Ok(v) => {
                let card = v.score(&hand);
                if let Some(r) = card.totals.refused {
                    let refusal = &v.definition().refusals[usize::from(r)];
                    let at = file_key_span(text, &refusal.at.value);
                    let refused =
                        InputError::new("hand.toml", text, vec![refusal.diagnostic(v.id(), at)]);
                    cards.push(json!({"variant": id, "problems": failure(&[refused])["problems"]}));
                    continue;
                }
                cards.push(
                    json!({"variant": id, "card": render::score_json(&card, TileStyle::Ascii)}),
                );
                if waits.is_null() && !hand.is_winner() {
                    let found = mjrules::waits::waits_in(&hand, &v);
                    waits = render::waits_json(&found, TileStyle::Ascii);
                }
            }
        }
    }
    json!({"ok": true, "cards": cards, "waits": waits}).to_string()
}

/// The house-rule file `text` checked: `{"ok": true, "id", "extends", "diff"}` (the built-in
/// variant it extends first, and what it changes of it rule by rule, as `mjrules diff`
/// says), or its problems.
#[wasm_bindgen]
pub fn check_house(text: &str) -> String {
    let house = match Variant::from_text("house.toml", text) {
        Ok(v) => v,
        Err(e) => return load_failure(e).to_string(),
    };
    let d = house.definition();
    let base = d.extends.first().and_then(|id| built_in(id).ok());
    let diff = base.as_ref().map(|b| {
        let changes = mjrules::diff::diff(b.definition(), d);
        mjrules::diff::text(b.id(), &d.id, &changes)
    });
    json!({"ok": true, "id": d.id, "extends": base.map(|b| b.id().to_string()), "diff": diff})
        .to_string()
}

/// `count` random hands (winners and not) from `seed`, one corpus line each, as
/// `mjrules gen --seed SEED --count COUNT` writes them.
#[wasm_bindgen]
pub fn generate(seed: u64, count: u32) -> String {
    let mut generator = HandGenerator::new(seed);
    let mut out = String::new();
    for _ in 0..count {
        out.push_str(&mjrules::corpus::write_line(&generator.corpus_hand(false)));
        out.push('\n');
    }
    out
}

/// The totals of every line of `corpus` (JSON Lines) under the variant `id` (or the house
/// rule `house`): `{"ok": true, "totals": [..]}`, a line that cannot be read, or whose hand
/// the variant refuses, giving `null`.
#[wasm_bindgen]
pub fn corpus_totals(corpus: &str, id: &str, house: &str) -> String {
    let v = match variant(id, house) {
        Ok(v) => v,
        Err(problems) => return problems.to_string(),
    };
    let mut scorer = v.scorer();
    let totals: Vec<Value> = corpus
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| match mjrules::corpus::read_line(line.as_bytes()) {
            Ok(hand) => {
                let totals = scorer.totals(&hand);
                totals
                    .refused
                    .map_or_else(|| json!(totals.total), |_| Value::Null)
            }
            Err(_) => Value::Null,
        })
        .collect();
    json!({"ok": true, "totals": totals}).to_string()
}

/// The corpus line `line` as a hand file, to open one hand of a corpus on the page.
#[wasm_bindgen]
pub fn hand_file(line: &str) -> String {
    match mjrules::corpus::read_line_slowly(line) {
        Ok(hand) => mjrules::hand::write::to_toml(&hand),
        Err(_) => String::new(),
    }
}

/// Begins comparing the variants `a` and `b` (ids, or `house` for the house rule) over a
/// corpus given by [`compare_add`]: `{"ok": true}` or the problems of the house rule.
#[wasm_bindgen]
pub fn compare_begin(a: &str, b: &str, house: &str) -> String {
    let (va, vb) = match (variant(a, house), variant(b, house)) {
        (Ok(va), Ok(vb)) => (va, vb),
        (Err(problems), _) | (_, Err(problems)) => return problems.to_string(),
    };
    let figures = CorpusComparison {
        measure: compare::Measure::of([&va, &vb]),
        ..Default::default()
    };
    COMPARISON.with(|c| {
        *c.borrow_mut() = Some(Comparison {
            variants: [va, vb],
            lines: 0,
            figures,
        })
    });
    json!({"ok": true}).to_string()
}

/// Counts the lines of `corpus` (JSON Lines) in the comparison begun by [`compare_begin`],
/// numbered after those already counted: how many lines were hands (a line that is not a
/// hand is skipped, as `mjrules compare --corpus` reports and skips it).
#[wasm_bindgen]
pub fn compare_add(corpus: &str) -> u32 {
    COMPARISON.with(|c| {
        let mut c = c.borrow_mut();
        let Some(cmp) = c.as_mut() else { return 0 };
        let [va, vb] = &cmp.variants;
        let mut scorers = [va.scorer(), vb.scorer()];
        let mut hands = 0;
        for line in corpus.lines() {
            cmp.lines += 1;
            let Ok(hand) = mjrules::corpus::read_line(line.as_bytes()) else {
                continue;
            };
            let keep = cmp.figures.keep_above();
            let measure = cmp.figures.measure;
            // A line that is not a hand, or not one of both variants', is skipped, as the
            // command line reports it and goes on.
            let Ok(scored) = compare::score_pair(
                &mut scorers,
                &hand,
                cmp.lines,
                line.as_bytes(),
                keep,
                measure,
            ) else {
                continue;
            };
            cmp.figures.add(scored);
            hands += 1;
        }
        hands
    })
}

/// The comparison's figures, as `mjrules compare A B --corpus` gives them: `{"json", "text",
/// "svg"}` (its `--format json`, its text and its `--plot` chart).
#[wasm_bindgen]
pub fn compare_end() -> String {
    COMPARISON.with(|c| {
        let Some(cmp) = c.borrow_mut().take() else {
            return message("no comparison was begun".into()).to_string();
        };
        let ids = [cmp.variants[0].id(), cmp.variants[1].id()];
        json!({
            "ok": true,
            "json": cmp.figures.json(ids),
            "text": cmp.figures.text(ids),
            "svg": cmp.figures.chart(ids),
        })
        .to_string()
    })
}

/// The game file `text` played (`mjrules game`): `{"ok": true, "ledger", "text"}` (the JSON
/// and the text of its ledger), or every problem of the file. Its variant is a built-in one
/// (the page reads no files).
#[wasm_bindgen]
pub fn game(text: &str) -> String {
    let variant = match mjrules::game::variant_for("game.toml", text, std::path::Path::new("")) {
        Ok(v) => v,
        Err(errors) => return failure(&errors).to_string(),
    };
    let no_files = |path: &str| {
        Err(format!(
            "the page reads no files: write the deal of `{path}` in the game"
        ))
    };
    match mjrules::game::play(&variant, "game.toml", text, &no_files) {
        Ok(ledger) => json!({
            "ok": true,
            "ledger": mjrules::game::render::json(&ledger),
            "text": mjrules::game::render::text(&ledger),
        })
        .to_string(),
        Err(errors) => failure(&errors).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_is_scored_under_several_variants_and_a_house_rule() {
        // The library's own example: BMJA's 003 gives this hand 160 without the dragon
        // pung's double (the house rule removes it), 320 with it.
        let hand = "seat = \"south\"\nprevailing = \"east\"\nconcealed = \"222m 345p 666s 99s\"\nmelds = [\"777z\"]\nbonus = [\"2f\", \"2y\"]\nwin = { tile = \"4p\", from = \"discard\", discarder = \"east\" }\n";
        let house =
            "[variant]\nid = \"our-club\"\nextends = \"bmja\"\nremove = [\"pung-dragon\"]\n";
        let out: Value = serde_json::from_str(&score(hand, "bmja,house", house)).unwrap();
        assert_eq!(out["ok"], true);
        assert_eq!(out["cards"][0]["card"]["total"], 320);
        assert_eq!(out["cards"][1]["card"]["total"], 160);
    }

    #[test]
    fn a_game_is_played_and_a_bad_one_refused() {
        // 002: every loser pays the winner's 120, East double: Bartek +480.
        let game = "variant = \"polish\"\nplayers = [\"A\", \"B\", \"C\", \"D\"]\n[[deal]]\nB = { score = 120, win = { from = \"wall\" } }\n";
        let out: Value = serde_json::from_str(&super::game(game)).unwrap();
        assert_eq!(out["ledger"]["deals"][0]["net"]["B"], 480, "{out}");
        let out: Value = serde_json::from_str(&super::game("variant = \"polish\"\n")).unwrap();
        assert_eq!(out["ok"], false);
    }

    #[test]
    fn bad_input_is_a_failure_with_places_never_a_panic() {
        let out: Value = serde_json::from_str(&score("concealed = \"12x\"", "bmja", "")).unwrap();
        assert_eq!(out["ok"], false);
        assert!(out["problems"][0]["line"].is_number(), "{out}");
        let out: Value = serde_json::from_str(&check_house("[variant]\nid = \"x\"\nextends = \"bmja\"\n[[doubles]]\nid = \"d\"\nwhen = \"pung and\"\n")).unwrap();
        assert_eq!(out["ok"], false);
        assert!(out["problems"][0]["span"].is_array(), "{out}");
    }
}
