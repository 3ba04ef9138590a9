//! Output: text and JSON renderings of what the engine found.
//!
//! In: hands, arrangements, waits and score cards. Out: the text a person reads and the JSON of
//! `../shared/design/contracts.md`.

use serde_json::{Value, json};

use crate::arrange::Arrangement;
use crate::markdown::{cell, code, code_cell, prose};
use crate::rules::{ItemKind, Located, Rules, Style};
use crate::score::{Exclusion, Fired, ScoreCard, Unkept};
use crate::tiles::{TileSet, TileStyle, format_tiles};
use crate::waits::Waits;

/// One arrangement as the list of its sets' texts.
pub fn arrangement_sets(arrangement: &Arrangement, style: TileStyle) -> Vec<String> {
    arrangement
        .sets
        .iter()
        .map(|&set| set.text(style))
        .collect()
}

/// Every arrangement, numbered, one per line; the winning tile's set is marked.
pub fn arrangements_text(arrangements: &[Arrangement], winner: bool, style: TileStyle) -> String {
    if arrangements.is_empty() {
        return if winner {
            "no standard arrangement: the tiles are not four sets and a pair\n".to_string()
        } else {
            "no arrangement\n".to_string()
        };
    }
    let mut out = format!(
        "{} arrangement{}\n",
        arrangements.len(),
        if arrangements.len() == 1 { "" } else { "s" }
    );
    for (n, arrangement) in arrangements.iter().enumerate() {
        let sets: Vec<String> = arrangement
            .sets
            .iter()
            .enumerate()
            .map(|(i, &set)| {
                let text = set.text(style);
                if arrangement.winning_set == Some(i) {
                    format!("[{text}]")
                } else {
                    text
                }
            })
            .collect();
        out.push_str(&format!("{:>3}. {}\n", n + 1, sets.join("  ")));
    }
    if winner {
        out.push_str("[…] is the set the winning tile completed\n");
    }
    out
}

/// Arrangements as JSON: a list of objects with the sets and the winning set's index.
pub fn arrangements_json(arrangements: &[Arrangement], style: TileStyle) -> Value {
    Value::Array(
        arrangements
            .iter()
            .map(|a| {
                json!({
                    "sets": arrangement_sets(a, style),
                    "winning_set": a.winning_set,
                    "fishing_the_eyes": a.fishing_the_eyes(),
                })
            })
            .collect(),
    )
}

fn tile_list(tiles: TileSet, style: TileStyle) -> Vec<String> {
    tiles.iter().map(|t| format_tiles([t], style)).collect()
}

/// Waits as the JSON of the contracts page, plus the live waits.
pub fn waits_json(waits: &Waits, style: TileStyle) -> Value {
    json!({
        "waits": tile_list(waits.tiles, style),
        "only_possible": waits.only_possible,
        "fishing_the_eyes": waits.fishing_the_eyes,
        "live": tile_list(waits.live, style),
    })
}

/// Waits as text.
pub fn waits_text(waits: &Waits, winner: bool, style: TileStyle) -> String {
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    let list = |tiles: TileSet| {
        if tiles.is_empty() {
            "none".to_string()
        } else {
            tile_list(tiles, style).join(" ")
        }
    };
    let mut out = format!("waits: {}\n", list(waits.tiles));
    out.push_str(&format!("live waits: {}\n", list(waits.live)));
    if winner {
        out.push_str(&format!(
            "winning tile was the only possible one: {}\n",
            yes_no(waits.only_possible)
        ));
        out.push_str(&format!(
            "fishing the eyes: {}\n",
            yes_no(waits.fishing_the_eyes)
        ));
    } else {
        out.push_str(&format!(
            "waiting on a single live tile: {}\n",
            yes_no(waits.only_possible)
        ));
    }
    out
}

/// The value of one match of an item, in its unit: `4 points`, `1 double`.
fn per_match(kind: ItemKind, fired: &Fired, units: &[Located<String>]) -> String {
    let times = i64::from(fired.times.max(1));
    if fired.amount % times == 0 {
        kind.unit(fired.amount / times, units)
    } else {
        format!("{} in all", kind.unit(fired.amount, units))
    }
}

/// The sets an item matched, as text.
fn matched_sets(card: &ScoreCard, fired: &Fired, style: TileStyle) -> Vec<String> {
    sets_of(card, fired.sets, style)
}

/// The sets of the arrangement whose bits `sets` holds, as text.
fn sets_of(card: &ScoreCard, sets: u32, style: TileStyle) -> Vec<String> {
    let Some(arrangement) = &card.arrangement else {
        return Vec::new();
    };
    arrangement
        .sets
        .iter()
        .enumerate()
        .filter(|(k, _)| sets & (1 << k) != 0)
        .map(|(_, s)| s.text(style))
        .collect()
}

/// Why a match was dropped, in words.
fn exclusion_text(card: &ScoreCard, by: Exclusion) -> String {
    let rules = card.rules();
    match by {
        Exclusion::Within(item) => {
            format!(
                "within a match of `{}`",
                rules.definition.items[item].id.value
            )
        }
        Exclusion::Combination(c, why) => format!(
            "combination `{}`: {}",
            rules.combinations[c],
            match why {
                Unkept::SharesASet => "a kept match of the same item shares a set with it",
                Unkept::ClosesACycle => "with the kept matches it would combine sets again",
                Unkept::WorthLess => "the selection worth most does without it",
            }
        ),
    }
}

/// Why a match was dropped, as JSON.
fn exclusion_json(card: &ScoreCard, by: Exclusion) -> Value {
    let rules = card.rules();
    match by {
        Exclusion::Within(item) => json!({"within": rules.definition.items[item].id.value}),
        Exclusion::Combination(c, why) => json!({
            "combination": rules.combinations[c],
            "rule": match why {
                Unkept::SharesASet => "shares-a-set",
                Unkept::ClosesACycle => "closes-a-cycle",
                Unkept::WorthLess => "worth-less",
            },
        }),
    }
}

/// What the hand was read as: the sets of the arrangement, or the special shape.
fn reading(card: &ScoreCard, style: TileStyle) -> Vec<String> {
    let variant = card.rules();
    match (&card.arrangement, card.shape) {
        (Some(a), _) => {
            let block = a.block.map(|b| {
                let def = &variant.definition.blocks[usize::from(b.block)];
                format!(
                    "block `{}` {}",
                    def.id.value,
                    format_tiles(def.ways[usize::from(b.way)].1.tiles(), style)
                )
            });
            block
                .into_iter()
                .chain(arrangement_sets(a, style))
                .collect()
        }
        (None, Some(s)) => vec![format!(
            "special shape `{}`",
            variant.definition.shapes[s].id.value
        )],
        (None, None) => Vec::new(),
    }
}

/// A score card as the JSON of the contracts page, with a few more fields.
pub fn score_json(card: &ScoreCard, style: TileStyle) -> Value {
    let variant = card.rules();
    let rules: Vec<Value> = card
        .fired
        .iter()
        .zip(card.items())
        .map(|(f, item)| {
            json!({
                "id": item.id,
                "kind": item.kind.table(&variant.definition.units),
                "value": per_match(item.kind, f, &variant.definition.units),
                "counted": item.counted,
                "times": f.times,
                "amount": f.amount,
                "sets": matched_sets(card, f, style),
                "cites": item.cite.text(),
            })
        })
        .collect();
    let formula = variant.definition.style == Style::Formula;
    let mut out = json!({
        "variant": card.variant(),
        "winner": card.winner,
        "valid": card.totals.valid,
        "points": (!formula).then_some(card.totals.points),
        "doubles": (!formula).then_some(card.totals.doubles),
        "faan": card.totals.faan,
        "limit_hand": card.limit_hand(),
        "unmet_requirement": card.totals.unmet.map(|r| variant.definition.requirements[r].id.value.clone()),
        "total": card.totals.total,
        "rules": rules,
        "arrangement": reading(card, style),
        "unscored_bonus": card.unscored_bonus,
    });
    if let Some(r) = card.totals.refused {
        out["refused"] = json!(variant.definition.refusals[usize::from(r)].id.value);
    }
    if !card.dropped.is_empty() {
        let items = &variant.definition.items;
        let dropped: Vec<Value> = (card.dropped.iter())
            .map(|d| {
                json!({
                    "id": items[d.instance.item].id.value,
                    "amount": d.instance.amount,
                    "sets": sets_of(card, d.instance.sets, style),
                    "by": exclusion_json(card, d.by),
                })
            })
            .collect();
        if let Value::Object(fields) = &mut out {
            fields.insert("dropped".into(), Value::Array(dropped));
        }
    }
    // A formula's values, each by its name (`han`, `fu`), beside the total: the checker
    // keeps their names apart from the card's own keys.
    if let Value::Object(fields) = &mut out {
        for (name, value) in card.values().filter(|(name, _)| *name != "total") {
            fields.insert(name.to_string(), json!(value));
        }
    }
    out
}

/// The keys of a score card's JSON, which no value of a `formula` variant may take but
/// `total` (the score, which it is).
pub const CARD_KEYS: &[&str] = &[
    "variant",
    "winner",
    "valid",
    "points",
    "doubles",
    "faan",
    "limit_hand",
    "unmet_requirement",
    "total",
    "rules",
    "arrangement",
    "unscored_bonus",
    "dropped",
    "refused",
];

/// A score card as text: the reading, a table of the items that counted, and the sums.
pub fn score_text(card: &ScoreCard, style: TileStyle) -> String {
    let variant = card.rules();
    let items = &variant.definition.items;
    let mut out = format!("{} ({})\n", variant.definition.name, card.variant());
    let read = reading(card, style);
    if !read.is_empty() {
        out.push_str(&format!("hand: {}\n", read.join("  ")));
    }
    if let Some(r) = card.totals.refused {
        let r = &variant.definition.refusals[usize::from(r)];
        out.push_str(&format!(
            "refused: no hand of this variant, by `{}` ({}): {}\n",
            r.id.value,
            r.cite.text(),
            r.message
        ));
    } else if card.winner && !card.totals.valid {
        let why = match (card.totals.unmet, &card.arrangement, card.shape) {
            (Some(r), _, _) => {
                let r = &variant.definition.requirements[r];
                format!(
                    "does not meet the requirement `{}` ({})",
                    r.id.value,
                    r.cite.text()
                )
            }
            (None, None, None) => "is not a complete hand under this variant".to_string(),
            _ => "is below the variant's minimum to win".to_string(),
        };
        out.push_str(&format!(
            "not a valid Mah-Jong: the hand {why}, so it scores nothing\n"
        ));
    }
    if !card.fired.is_empty() {
        let rows: Vec<[String; 4]> = card
            .fired
            .iter()
            .zip(card.items())
            .map(|(f, item)| {
                let times = if f.times > 1 {
                    format!(" ×{}", f.times)
                } else {
                    String::new()
                };
                let sets = matched_sets(card, f, style).join(" ");
                [
                    item.id.to_string(),
                    format!(
                        "{}{times}{}",
                        per_match(item.kind, f, &card.rules().definition.units),
                        if item.counted {
                            ""
                        } else {
                            " (not used: the points score more)"
                        }
                    ),
                    sets,
                    item.cite.text(),
                ]
            })
            .collect();
        let widths: Vec<usize> = (0..3)
            .map(|c| rows.iter().map(|r| width(&r[c])).max().unwrap_or(0))
            .collect();
        for row in &rows {
            out.push_str(&format!(
                "  {}  {}  {}  {}\n",
                pad_right(&row[0], widths[0]),
                pad_right(&row[1], widths[1]),
                pad_right(&row[2], widths[2]),
                row[3],
            ));
        }
    }
    for d in &card.dropped {
        let item = &items[d.instance.item];
        out.push_str(&format!(
            "  not counted: {} {} ({}), {}\n",
            item.id.value,
            sets_of(card, d.instance.sets, style).join(" "),
            item.kind.unit(d.instance.amount, &variant.definition.units),
            exclusion_text(card, d.by)
        ));
    }
    let limit = variant
        .limit
        .map_or("no limit".to_string(), |l| format!("limit {l}"));
    match (card.totals.faan, card.totals.limit_hand) {
        (Some(faan), _) => out.push_str(&format!(
            "faan {faan} (min {}, max {}) → {} base points\n",
            variant.min_faan,
            variant.max_faan.map_or("none".into(), |m| m.to_string()),
            card.totals.total
        )),
        (None, Some(item)) if items[item].own_points_doubled => {
            let own: i64 = card
                .fired
                .iter()
                .filter(|f| f.kind == ItemKind::Points && !f.with_limit_hand)
                .map(|f| f.amount)
                .sum();
            let doubles = items[item]
                .value
                .as_ref()
                .map_or(String::new(), |v| v.value.text());
            out.push_str(&format!(
                "limit hand `{}`: its own {own} points × 2^{doubles}{} ({limit})\n",
                items[item].id.value,
                on_top(card, variant.limit)
            ));
        }
        (None, Some(item)) => out.push_str(&format!(
            "limit hand `{}`{} ({limit})\n",
            items[item].id.value,
            on_top(card, variant.limit)
        )),
        (None, None) if variant.definition.style == Style::Formula => {
            let values: Vec<String> = (card.values())
                .filter(|(name, _)| *name != "total")
                .map(|(name, v)| format!("{name} {v}"))
                .collect();
            out.push_str(&format!("{}\n", values.join(", ")));
            if let Some(t) = card.totals.tier {
                let tier = &variant.definition.tiers[usize::from(t)];
                out.push_str(&format!(
                    "tier `{}` for `{}` ({})\n",
                    tier.id.value,
                    tier.of.value,
                    tier.cite.text()
                ));
            }
        }
        (None, None) => out.push_str(&format!(
            "{} points × 2^{} ({limit})\n",
            card.totals.points, card.totals.doubles
        )),
    }
    if card.unscored_bonus > 0 {
        let tiles = if card.unscored_bonus == 1 {
            "bonus tile"
        } else {
            "bonus tiles"
        };
        out.push_str(&format!(
            "the hand's {} {tiles} scored nothing: this variant has no rule for bonus tiles\n",
            card.unscored_bonus
        ));
    }
    out.push_str(&format!("total {}\n", card.totals.total));
    out
}

/// What a limit hand's card adds after it: the points counted on top of it, if any, and
/// whether the limit capped the whole.
fn on_top(card: &ScoreCard<'_>, limit: Option<i64>) -> String {
    let t = &card.totals;
    if t.points == 0 {
        return String::new();
    }
    format!(
        ", plus {} points × 2^{} on top{}",
        t.points,
        t.doubles,
        if limit == Some(t.total) {
            ", capped by the limit"
        } else {
            ""
        }
    )
}

/// A settlement as the JSON of the contracts page, with each seat's score and the notes.
pub fn settlement_json(s: &crate::settle::Settlement) -> Value {
    let by_seat = |values: &[i64; 4]| {
        let mut map = serde_json::Map::new();
        for (i, wind) in crate::tiles::Wind::ALL.iter().enumerate() {
            map.insert(wind.name().to_string(), json!(values[i]));
        }
        map
    };
    // The table's side of the money the winner took from it, so that the entries sum to 0.
    let mut net = by_seat(&s.net);
    if let Some(pot) = s.pot {
        net.insert("pot".to_string(), json!(-pot));
    }
    json!({
        "net": net,
        "payments": s.payments.iter().map(|p| json!({
            "from": p.from.map_or("pot", |w| w.name()),
            "to": p.to.name(),
            "amount": p.amount,
            "why": p.why,
        })).collect::<Vec<_>>(),
        "next_dealer": s.next_dealer.name(),
        "winner": s.winner.map(|w| w.name()),
        "scores": by_seat(&s.scores),
        "pot": s.pot,
        "liable": s.liable.as_ref().map(|(id, who)| json!({"rule": id, "seat": who.name()})),
        "notes": s.notes,
    })
}

/// A settlement as text: the scores, a table of payments, the net per seat (and the pot's).
pub fn settlement_text(s: &crate::settle::Settlement) -> String {
    use crate::tiles::Wind;
    let mut out = match s.winner {
        Some(w) => format!("{w} went out\n"),
        None => "nobody went out\n".to_string(),
    };
    for note in &s.notes {
        out.push_str(&format!("note: {note}\n"));
    }
    if let Some((id, who)) = &s.liable {
        out.push_str(&format!("{who} pays for everyone: `{id}`\n"));
    }
    out.push_str("\nscores:");
    for wind in Wind::ALL {
        out.push_str(&format!("  {wind} {}", s.scores[wind.index()]));
    }
    out.push_str("\n\n");
    if s.payments.is_empty() {
        out.push_str("no payments\n");
    }
    for p in &s.payments {
        let why = if p.why.is_empty() {
            String::new()
        } else {
            format!("  ({})", p.why.join(", "))
        };
        out.push_str(&format!(
            "  {:<5} pays {:<5} {:>6}{why}\n",
            p.from.map_or("pot", |w| w.name()),
            p.to.name(),
            p.amount
        ));
    }
    out.push_str("\nnet:");
    for wind in Wind::ALL {
        out.push_str(&format!("  {wind} {:+}", s.net[wind.index()]));
    }
    if let Some(pot) = s.pot {
        out.push_str(&format!("  pot {:+}", -pot));
    }
    out.push_str(&format!("\nnext dealer: {}\n", s.next_dealer));
    out
}

/// An expression written over several lines, on one: its words joined by single spaces.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A variant as a Markdown page: parameters, requirements, shapes, every item with its value,
/// condition in words and in the rule language, and citation; the faan table.
pub fn variant_markdown(variant: &Rules) -> String {
    let v = &variant.definition;
    let mut out = format!("# {} (`{}`)\n\n", prose(&v.name), v.id);
    // The command that makes the page again: a built-in by its id, a file by its path.
    let file = v.files.first().map_or(v.id.as_str(), |f| f.name.as_str());
    let spec =
        if file == format!("rules/{}.toml", v.id) && crate::rules::builtin::text(&v.id).is_some() {
            v.id.as_str()
        } else {
            file
        };
    out.push_str(&format!(
        "Generated from the variant file by `mjrules doc {spec}`: every rule the engine applies, with\nthe passage of the source it encodes.\n\n"
    ));
    out.push_str(&format!("- Scoring style: {}\n", v.style.name()));
    if let Some(source) = &v.source {
        let part = v.source_part.as_ref().map_or(String::new(), |p| {
            format!(", the part headed \"{}\"", prose(p))
        });
        out.push_str(&format!("- Source text: {}{part}\n", prose(source)));
    }
    if !v.extends.is_empty() {
        out.push_str(&format!("- Extends: {}\n", v.extends.join(" → ")));
    }
    if !v.units.is_empty() {
        let units: Vec<String> = v.units.iter().map(|u| format!("`{}`", u.value)).collect();
        out.push_str(&format!("- Units: {}\n", units.join(", ")));
    }
    if let Some(notes) = &v.notes {
        out.push_str(&format!("\n{}\n", prose(notes.trim())));
    }
    if !v.params.is_empty() {
        out.push_str("\n## Parameters\n\n| parameter | value | note |\n|---|---|---|\n");
    }
    for p in &v.params {
        out.push_str(&format!(
            "| `{}` | {} | {} |\n",
            p.name.value,
            p.value_text(),
            cell(p.note.as_deref().unwrap_or(""))
        ));
    }
    for (title, list) in [
        ("Requirements of a Mah-Jong", &v.requirements),
        ("Special shapes", &v.shapes),
    ] {
        if list.is_empty() {
            continue;
        }
        out.push_str(&format!(
            "\n## {title}\n\n| id | condition | cites | notes |\n|---|---|---|---|\n"
        ));
        for c in list.iter() {
            out.push_str(&format!(
                "| `{}` | {} | {} | {} |\n",
                c.id.value,
                code_cell(&c.when.text),
                cell(&c.cite.text()),
                cell(c.notes.as_deref().unwrap_or(""))
            ));
        }
    }
    if !v.refusals.is_empty() {
        out.push_str(
            "\n## Hands refused\n\nHands this variant cannot have, refused as input.\n\n| id | condition | at | message | cites | notes |\n|---|---|---|---|---|---|\n",
        );
        for r in &v.refusals {
            out.push_str(&format!(
                "| `{}` | {} | `{}` | {} | {} | {} |\n",
                r.id.value,
                code_cell(&r.when.text),
                r.at.value,
                cell(&r.message),
                cell(&r.cite.text()),
                cell(r.notes.as_deref().unwrap_or(""))
            ));
        }
    }
    if !v.blocks.is_empty() {
        out.push_str(
            "\n## Blocks\n\nTiles a winner's reading may take whole, in place of sets.\n\n| id | ways | cites | notes |\n|---|---|---|---|\n",
        );
        for b in &v.blocks {
            let ways: Vec<String> = b
                .ways
                .iter()
                .map(|(w, _)| format!("`{}`", w.value))
                .collect();
            out.push_str(&format!(
                "| `{}` | {} | {} | {} |\n",
                b.id.value,
                ways.join(", "),
                cell(&b.cite.text()),
                cell(b.notes.as_deref().unwrap_or(""))
            ));
        }
    }
    out.push_str(&items_markdown(v));
    if !v.faan_table.is_empty() {
        out.push_str("\n## Faan table\n\n| least faan | base points |\n|---|---|\n");
        for (faan, base) in &v.faan_table {
            out.push_str(&format!("| {faan} | {base} |\n"));
        }
    }
    out.push_str(&formula_markdown(v));
    out.push_str(&prefer_markdown(v));
    out.push_str(&payments_markdown(variant));
    out.push_str(&game_markdown(variant));
    out
}

/// The item tables of a variant page, a table for each kind of item and each unit.
fn items_markdown(v: &crate::rules::Definition) -> String {
    let mut out = String::new();
    let units = (0..v.units.len()).map(|u| ItemKind::Unit(u as u8));
    for kind in ItemKind::ALL.into_iter().chain(units) {
        let items: Vec<_> = v.items.iter().filter(|i| i.kind == kind).collect();
        if items.is_empty() {
            continue;
        }
        let title = match kind {
            ItemKind::Points => "Points".to_string(),
            ItemKind::Doubles => "Doubles".to_string(),
            ItemKind::Faan => "Faan".to_string(),
            ItemKind::LimitHand => "Limit hands".to_string(),
            ItemKind::Unit(_) => format!("Items in {}", kind.table(&v.units)),
        };
        out.push_str(&format!(
            "\n## {title}\n\n| id | what | value | whose | each | condition | cites | notes |\n|---|---|---|---|---|---|---|---|\n"
        ));
        for item in items {
            let value = match &item.value {
                Some(located) => match &located.value {
                    crate::rules::ValueSource::Int(n) => n.to_string(),
                    crate::rules::ValueSource::Expr(source) => code_cell(&source.text),
                },
                None => "—".to_string(),
            };
            let value = if item.own_points_doubled {
                crate::rules::own_points_doubled_text(value)
            } else {
                value
            };
            let each = match item.for_each {
                crate::rules::ForEach::Hand => "",
                crate::rules::ForEach::Bonus => "bonus tile",
                _ => item.for_each_text(),
            };
            let condition = item
                .when
                .as_ref()
                .map_or("always".to_string(), |w| code_cell(&w.text));
            let mut notes = item.notes.as_deref().unwrap_or("").trim().to_string();
            if let Some(why) = &item.unsupported {
                notes = format!("**Not scored yet:** {why}. {notes}");
            }
            if !item.replaces.is_empty() {
                let ids: Vec<String> = item
                    .replaces
                    .iter()
                    .map(|r| format!("`{}`", r.value))
                    .collect();
                notes = format!("Replaces {}. {notes}", ids.join(", "));
            }
            if !item.replaces_within.is_empty() {
                let ids: Vec<String> = (item.replaces_within.iter())
                    .map(|r| format!("`{}`", r.value))
                    .collect();
                notes = format!("Replaces within its sets {}. {notes}", ids.join(", "));
            }
            if let Some(c) = &item.combination {
                notes = format!("In the combination `{}`. {notes}", c.value);
            }
            if item.with_limit_hand {
                notes = format!("Counts on top of a limit hand. {notes}");
            }
            out.push_str(&format!(
                "| `{}` | {} | {} | {} | {} | {} | {} | {} |\n",
                item.id.value,
                cell(item.description.as_deref().unwrap_or("")),
                value,
                item.who.word(),
                each,
                condition,
                cell(&item.cite.text()),
                cell(notes.trim())
            ));
        }
    }
    out
}

/// The variant's own tie-breaks between readings of the same total (`[score] prefer`);
/// nothing when it has none.
fn prefer_markdown(v: &crate::rules::Definition) -> String {
    if v.prefer.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "\n## Between readings of the same total\n\nThe reading kept is the one with the larger of these, compared in order:\n\n",
    );
    for (i, p) in v.prefer.iter().enumerate() {
        out.push_str(&format!("{}. {}\n", i + 1, code(&p.text)));
    }
    if let Some(cite) = &v.prefer_cite {
        out.push_str(&format!("\nCites: {}.\n", prose(&cite.text())));
    }
    if let Some(notes) = &v.prefer_notes {
        out.push_str(&format!("\n{}\n", prose(notes.trim())));
    }
    out
}

/// The values and tiers of a `formula` variant's page, in the order they are worked out;
/// nothing for another style.
fn formula_markdown(v: &crate::rules::Definition) -> String {
    if v.values.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "\n## The score\n\nWorked out in this order once the items have counted; a tier replaces the value it follows.\n\n| value or tier | when | is | cites | notes |\n|---|---|---|---|---|\n",
    );
    let notes = |n: &Option<String>| cell(n.as_deref().unwrap_or("").trim());
    for value in &v.values {
        out.push_str(&format!(
            "| `{}` | | {} | {} | {} |\n",
            value.id.value,
            code_cell(&value.value.value.text()),
            cell(&value.cite.text()),
            notes(&value.notes)
        ));
        for tier in v.tiers.iter().filter(|t| t.of.value == value.id.value) {
            out.push_str(&format!(
                "| tier `{}` | {} | {} | {} | {} |\n",
                tier.id.value,
                code_cell(&tier.when.text),
                code_cell(&tier.value.value.text()),
                cell(&tier.cite.text()),
                notes(&tier.notes)
            ));
        }
    }
    out
}

/// The rules of a game of a variant page.
fn game_markdown(variant: &Rules) -> String {
    let g = &variant.definition.game;
    let mut out = String::from("\n## The game\n\n| rule | value |\n|---|---|\n");
    for (key, value) in g.described() {
        out.push_str(&format!("| `{key}` | {} |\n", code_cell(&value)));
    }
    if !g.cites.is_empty() {
        out.push_str(&format!(
            "\nCites: {}.\n",
            g.cites
                .iter()
                .map(|c| cell(&c.text()))
                .collect::<Vec<_>>()
                .join("; ")
        ));
    }
    if let Some(notes) = &g.notes {
        out.push_str(&format!("\n{}\n", prose(notes.trim())));
    }
    out
}

/// The payment rules of a variant page.
fn payments_markdown(variant: &Rules) -> String {
    let p = &variant.definition.payments;
    let c = &variant.payments;
    let mut out = String::from("\n## Payments\n\n");
    out.push_str(&format!(
        "- The players who did not go out {} the difference of their scores.\n",
        if p.losers_settle {
            "pay each other"
        } else {
            "do not settle"
        }
    ));
    match &p.amount {
        Some(amount) => out.push_str(&format!(
            "- Each payment, before doublings and caps: {}.\n",
            code_cell(&one_line(&amount.text))
        )),
        None => out.push_str("- Each payment, before doublings and caps: the winner's score.\n"),
    }
    if let Some(pot) = &p.pot {
        out.push_str(&format!(
            "- The winner takes from the table: {}.\n",
            code_cell(&one_line(&pot.text))
        ));
    }
    let cap = |v: Option<i64>| v.map_or("none".to_string(), |n| n.to_string());
    out.push_str(&format!(
        "- Cap per payment: {}; with East: {}.\n",
        cap(c.cap),
        cap(c.dealer_cap.or(c.cap))
    ));
    if let Some(notes) = &p.notes {
        out.push_str(&format!("\n{}\n", prose(notes.trim())));
    }
    if !p.doubles.is_empty() || !p.liabilities.is_empty() {
        out.push_str("\n| id | doubles a payment / liable | condition | cites | notes |\n|---|---|---|---|---|\n");
        for r in p.doubles.iter().chain(p.liabilities.iter()) {
            let what = match r.liable {
                None => "doubles".to_string(),
                Some(crate::rules::Liable::Discarder) => "the discarder pays for all".to_string(),
                Some(crate::rules::Liable::LastSetProvider) => {
                    "the provider of the last set pays for all".to_string()
                }
            };
            out.push_str(&format!(
                "| `{}` | {} | {} | {} | {} |\n",
                r.id.value,
                what,
                code_cell(&r.when.text),
                cell(&r.cite.text()),
                cell(r.notes.as_deref().unwrap_or(""))
            ));
        }
    }
    out
}

/// A variant as data, for programs: what [`variant_markdown`] shows, after `extends` and
/// `--param`, with the keys and words of variant files. A value is a number, or the text of
/// its expression; a limit hand worth its own points doubled has `doubles` instead.
pub fn variant_json(variant: &Rules) -> Value {
    let v = &variant.definition;
    let value = |source: &crate::rules::ValueSource| match source {
        crate::rules::ValueSource::Int(n) => json!(n),
        crate::rules::ValueSource::Expr(e) => json!(e.text),
    };
    let cite = |c: &crate::rules::Cite| json!({"source": c.source, "at": c.at, "column": c.column, "through": c.through, "value-at": c.value_at});
    let conditions = |list: &[crate::rules::Condition]| -> Vec<Value> {
        list.iter()
            .map(|c| json!({"id": c.id.value, "when": c.when.text, "cite": cite(&c.cite), "notes": c.notes}))
            .collect()
    };
    let items: Vec<Value> = v
        .items
        .iter()
        .map(|item| {
            let mut out = json!({
                "kind": item.kind.table(&v.units),
                "id": item.id.value,
                "description": item.description,
                "for-each": item.for_each_text(),
                "who": item.who.word(),
                "when": item.when.as_ref().map(|w| &w.text),
                "replaces": item.replaces.iter().map(|r| &r.value).collect::<Vec<_>>(),
                "with-limit-hand": item.with_limit_hand,
                "cite": cite(&item.cite),
                "notes": item.notes,
                "unsupported": item.unsupported,
            });
            let key = if item.own_points_doubled {
                "doubles"
            } else {
                "value"
            };
            out[key] = item.value.as_ref().map_or(Value::Null, |v| value(&v.value));
            // The exclusions over sets, where an item has them.
            if !item.replaces_within.is_empty() {
                out["replaces-within"] = json!(
                    item.replaces_within
                        .iter()
                        .map(|r| &r.value)
                        .collect::<Vec<_>>()
                );
            }
            if let Some(c) = &item.combination {
                out["combination"] = json!(c.value);
            }
            out
        })
        .collect();
    let p = &v.payments;
    let rules: Vec<Value> = p
        .doubles
        .iter()
        .chain(&p.liabilities)
        .map(|r| {
            let liable = r.liable.map(crate::rules::Liable::word);
            json!({"id": r.id.value, "when": r.when.text, "liable": liable, "cite": cite(&r.cite), "notes": r.notes})
        })
        .collect();
    json!({
        "id": v.id,
        "name": v.name,
        "style": v.style.name(),
        "source": v.source,
        "source-part": v.source_part,
        "extends": v.extends,
        "notes": v.notes,
        "params": v.params.iter().map(|p| json!({
            "name": p.name.value,
            "value": match p.value {
                crate::predicate::check::ParamValue::Int(n) => json!(n),
                crate::predicate::check::ParamValue::None => Value::Null,
            },
            "readings": p.readings.iter().map(|(n, words)| json!({"value": n, "reading": words})).collect::<Vec<_>>(),
            "note": p.note,
        })).collect::<Vec<_>>(),
        "requirements": conditions(&v.requirements),
        "shapes": conditions(&v.shapes),
        "blocks": v.blocks.iter().map(|b| json!({
            "id": b.id.value,
            "tiles": b.ways.iter().map(|(w, _)| &w.value).collect::<Vec<_>>(),
            "cite": cite(&b.cite),
            "notes": b.notes,
        })).collect::<Vec<_>>(),
        "items": items,
        "faan-table": v.faan_table.iter().map(|(faan, base)| json!({"faan": faan, "base": base})).collect::<Vec<_>>(),
        "prefer": v.prefer.iter().map(|s| &s.text).collect::<Vec<_>>(),
        "prefer-cite": v.prefer_cite.as_ref().map(cite),
        "prefer-notes": v.prefer_notes,
        "units": v.units.iter().map(|u| &u.value).collect::<Vec<_>>(),
        "values": v.values.iter().map(|n| json!({"id": n.id.value, "description": n.description, "value": value(&n.value.value), "cite": cite(&n.cite), "notes": n.notes})).collect::<Vec<_>>(),
        "tiers": v.tiers.iter().map(|t| json!({"id": t.id.value, "description": t.description, "of": t.of.value, "when": t.when.text, "value": value(&t.value.value), "cite": cite(&t.cite), "notes": t.notes})).collect::<Vec<_>>(),
        "payments": {
            "losers-settle": p.losers_settle,
            "amount": p.amount.as_ref().map(|a| &a.text),
            "pot": p.pot.as_ref().map(|a| &a.text),
            "cap": p.cap.as_ref().map(|c| value(&c.value)),
            "dealer-cap": p.dealer_cap.as_ref().map(|c| value(&c.value)),
            "rules": rules,
            "notes": p.notes,
        },
        "game": {
            "rules": v.game.described().into_iter().map(|(k, x)| json!({"key": k, "value": x})).collect::<Vec<_>>(),
            "cite": v.game.cites.iter().map(cite).collect::<Vec<_>>(),
            "notes": v.game.notes,
        },
    })
}

/// How many columns `text` takes on a terminal: a wide character (the red dragon tile `🀄`,
/// CJK text) takes two.
pub(crate) fn width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// `text` followed by spaces up to `columns` columns.
pub(crate) fn pad_right(text: &str, columns: usize) -> String {
    format!("{text}{}", " ".repeat(columns.saturating_sub(width(text))))
}

/// `text` after spaces up to `columns` columns.
pub(crate) fn pad_left(text: &str, columns: usize) -> String {
    format!("{}{text}", " ".repeat(columns.saturating_sub(width(text))))
}

/// Every problem of an input as JSON, for editors and CI: the input, the line and column
/// (from 1; the column in bytes, as the text report gives it), the span in bytes, the
/// message, the label at the span, the help and the severity.
pub fn problems_json(error: &crate::diagnostic::InputError) -> Vec<Value> {
    error
        .problems()
        .iter()
        .map(|p| {
            let (line, column) = error.line_column(p.span.start);
            json!({
                "file": error.name(),
                "line": line,
                "column": column,
                "span": [p.span.start, p.span.end],
                "message": p.message,
                "label": p.label,
                "help": p.help,
                "severity": match p.severity {
                    crate::diagnostic::Severity::Error => "error",
                    crate::diagnostic::Severity::Warning => "warning",
                },
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_counted_as_a_terminal_shows_them() {
        // The red dragon tile is a wide character; the other tiles and ASCII are narrow.
        assert_eq!(width("🀄🀄🀄 exposed"), 14);
        assert_eq!(width("🀈🀈🀈 concealed"), 13);
        assert_eq!(pad_right("🀄", 4), "🀄  ");
        assert_eq!(pad_left("12", 4), "  12");
        assert_eq!(pad_right("too long", 3), "too long");
    }
}
