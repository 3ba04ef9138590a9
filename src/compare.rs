//! Variants side by side: one hand under several variants, item by item; a whole corpus under
//! two variants, as distributions, their rank correlation, and the hands where they differ most.
//!
//! In: compiled variants and a hand, or the lines of a corpus. Out: a [`HandComparison`] or a
//! [`CorpusComparison`] (bounded memory: counts per distinct total, and the few hands that
//! differ most), rendered as text or JSON.

use serde_json::{Value, json};

use crate::Variant;
use crate::hand::Hand;
use crate::plan::Scorer;
use crate::render;
use crate::rules::{ItemKind, Style};
use crate::score::ScoreCard;
use crate::stats::{self, Distribution, Pairs};
use crate::tiles::TileStyle;

/// One hand under several variants.
pub struct HandComparison<'v> {
    /// The variants, in the order given.
    pub variants: Vec<&'v Variant>,
    /// Each variant's card.
    pub cards: Vec<ScoreCard<'v>>,
}

/// Scores one hand under every variant.
pub fn compare_hand<'v>(variants: &[&'v Variant], hand: &Hand) -> HandComparison<'v> {
    HandComparison {
        variants: variants.to_vec(),
        cards: variants.iter().map(|v| v.score(hand)).collect(),
    }
}

impl HandComparison<'_> {
    /// The rows: every item id that counted under some variant, in first-seen order, with its
    /// value per variant (`None` where it did not count).
    pub fn rows(&self) -> Vec<(String, Vec<Option<String>>)> {
        let mut rows: Vec<(String, Vec<Option<String>>)> = Vec::new();
        for (k, (card, variant)) in self.cards.iter().zip(&self.variants).enumerate() {
            for f in &card.fired {
                let item = &variant.definition().items[f.item];
                let units = &variant.definition().units;
                let value = if f.kind == ItemKind::LimitHand
                    && card.totals.faan.is_none()
                    && card.totals.limit_hand != Some(f.item)
                {
                    format!("({})", item.kind.unit(f.amount, units))
                } else {
                    item.kind.unit(f.amount, units)
                };
                let at = match rows.iter().position(|(id, _)| *id == item.id.value) {
                    Some(at) => at,
                    None => {
                        rows.push((item.id.value.clone(), vec![None; self.cards.len()]));
                        rows.len() - 1
                    }
                };
                rows[at].1[k] = Some(value);
            }
        }
        rows
    }

    /// The rows of what each card adds up to, a label and a cell per variant: points and
    /// doubles where a variant counts them, faan where one does, the values of a `formula`
    /// variant's score (each name once, in the order first met), the limit hand or tier
    /// where a card has one, and the total.
    fn sum_rows(&self) -> Vec<Vec<String>> {
        let row = |label: &str, f: &dyn Fn(&ScoreCard) -> String| -> Vec<String> {
            std::iter::once(label.to_string())
                .chain(self.cards.iter().map(f))
                .collect()
        };
        let has = |style: Style| (self.cards.iter()).any(|c| c.rules().definition.style == style);
        let of = |style: Style, f: fn(&ScoreCard) -> String| {
            move |c: &ScoreCard| {
                if c.rules().definition.style == style {
                    f(c)
                } else {
                    String::new()
                }
            }
        };
        let mut rows = Vec::new();
        if has(Style::PointsAndDoubles) {
            rows.push(row(
                "points",
                &of(Style::PointsAndDoubles, |c| c.totals.points.to_string()),
            ));
            rows.push(row(
                "doubles",
                &of(Style::PointsAndDoubles, |c| c.totals.doubles.to_string()),
            ));
        }
        if has(Style::Faan) {
            rows.push(row("faan", &|c| {
                c.totals.faan.map(|f| f.to_string()).unwrap_or_default()
            }));
        }
        let mut names: Vec<&str> = Vec::new();
        for card in &self.cards {
            for (name, _) in card.values() {
                if name != "total" && !names.contains(&name) {
                    names.push(name);
                }
            }
        }
        for name in names {
            rows.push(row(name, &|c| {
                (c.values().find(|(n, _)| *n == name)).map_or(String::new(), |(_, v)| v.to_string())
            }));
        }
        if self.cards.iter().any(|c| c.limit_hand().is_some()) {
            rows.push(row("limit", &|c| c.limit_hand().unwrap_or("").to_string()));
        }
        rows.push(row("total", &|c| {
            if c.winner && !c.totals.valid {
                format!("{} (no valid win)", c.totals.total)
            } else {
                c.totals.total.to_string()
            }
        }));
        rows
    }

    /// The comparison as a text table: an item per row, a column per variant, the totals last.
    pub fn text(&self) -> String {
        let rows = self.rows();
        let mut table: Vec<Vec<String>> = vec![
            std::iter::once("item".to_string())
                .chain(self.variants.iter().map(|v| v.id().to_string()))
                .collect(),
        ];
        for (id, values) in &rows {
            table.push(
                std::iter::once(id.clone())
                    .chain(values.iter().map(|v| v.clone().unwrap_or_default()))
                    .collect(),
            );
        }
        let sums = self.sum_rows();
        let body = table.len();
        table.extend(sums);
        let widths: Vec<usize> = (0..table[0].len())
            .map(|c| {
                table
                    .iter()
                    .map(|r| render::width(&r[c]))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut out = String::new();
        for (r, row) in table.iter().enumerate() {
            if r == 1 || r == body {
                let rule: Vec<String> = widths.iter().map(|w| "─".repeat(*w)).collect();
                out.push_str(&format!("{}\n", rule.join("──")));
            }
            let cells: Vec<String> = row
                .iter()
                .enumerate()
                .map(|(c, v)| {
                    if c == 0 {
                        render::pad_right(v, widths[c])
                    } else {
                        render::pad_left(v, widths[c])
                    }
                })
                .collect();
            out.push_str(&format!("{}\n", cells.join("  ").trim_end()));
        }
        out
    }

    /// The comparison as JSON: the rows and each variant's card.
    pub fn json(&self, style: TileStyle) -> Value {
        let ids: Vec<&str> = self.variants.iter().map(|v| v.id()).collect();
        json!({
            "variants": ids,
            "rows": self.rows().into_iter().map(|(id, values)| json!({"item": id, "values": values})).collect::<Vec<_>>(),
            "cards": self.cards.iter().map(|c| render::score_json(c, style)).collect::<Vec<_>>(),
        })
    }
}

/// How many hands that differ most a corpus comparison keeps.
pub const KEEP_DIFFERENCES: usize = 5;

/// One variant's side of a corpus comparison.
#[derive(Clone, Debug, Default)]
pub struct Side {
    /// The totals.
    pub totals: Distribution,
    /// Hands scored as a limit hand.
    pub limit_hands: u64,
    /// Winners whose hand is not a valid win under the variant.
    pub invalid_wins: u64,
    /// Winners.
    pub winners: u64,
}

/// A corpus under two variants.
#[derive(Clone, Debug, Default)]
pub struct CorpusComparison {
    /// The two sides.
    pub sides: [Side; 2],
    /// The pairs of totals.
    pub pairs: Pairs,
    /// How two totals are set against each other.
    pub measure: Measure,
    /// The hands that differ most: (difference by [`Self::measure`], line number, the hand's
    /// line, totals).
    pub differences: Vec<(i64, usize, String, [i64; 2])>,
}

/// How far apart two variants' totals of one hand are. Variants score on unlike scales (a
/// limit of 1,000 points, 500, 64 base points at the most faan), so by default each total is
/// taken as a share of its variant's top score (the limit, or the base points of the most
/// faan), the difference in thousandths of the top; when a variant has no top (no limit),
/// the totals' plain difference.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Measure {
    /// Each variant's top score, when both have one.
    pub tops: Option<[i64; 2]>,
}

impl Measure {
    /// The measure for two variants.
    pub fn of(variants: [&Variant; 2]) -> Measure {
        match variants.map(|v| v.rules().top_score()) {
            [Some(a), Some(b)] => Measure { tops: Some([a, b]) },
            _ => Measure { tops: None },
        }
    }

    /// How far apart totals `a` and `b` are.
    pub fn difference(self, a: i64, b: i64) -> i64 {
        match self.tops {
            Some([ta, tb]) => {
                let share = |v: i64, top: i64| i128::from(v) * 1000 / i128::from(top);
                (share(a, ta) - share(b, tb))
                    .unsigned_abs()
                    .min(i64::MAX as u128) as i64
            }
            None => a.saturating_sub(b).saturating_abs(),
        }
    }

    /// What the difference is, in words.
    pub fn describe(self, ids: [&str; 2]) -> String {
        match self.tops {
            Some([ta, tb]) => format!(
                "by share of each variant's top score ({} {ta}, {} {tb}), in thousandths",
                ids[0], ids[1]
            ),
            None => "by the difference of the totals (a variant has no top score)".to_string(),
        }
    }
}

/// The outcome of one corpus hand under two variants.
#[derive(Clone, Debug)]
pub struct Scored {
    /// The line number.
    pub line: usize,
    /// The line, when the hand may be kept among the differences (see [`score_pair`]).
    pub text: Option<String>,
    /// Each side: total, limit hand, winner, valid.
    pub sides: [(i64, bool, bool, bool); 2],
}

/// Scores one corpus hand, read from the line `text`, under two variants with reusable
/// scorers. The line is copied only when the totals differ by more than `keep_above` (see
/// [`CorpusComparison::keep_above`]): most hands are not kept, and are not copied. A hand
/// that a variant refuses is not scored: which variant (0 or 1), and its refusal's index.
pub fn score_pair(
    scorers: &mut [Scorer<'_>; 2],
    hand: &Hand,
    line: usize,
    text: &[u8],
    keep_above: i64,
    measure: Measure,
) -> Result<Scored, (usize, usize)> {
    let mut sides = [(0, false, false, false); 2];
    for (k, scorer) in scorers.iter_mut().enumerate() {
        let t = scorer.totals(hand);
        if let Some(r) = t.refused {
            return Err((k, usize::from(r)));
        }
        sides[k] = (t.total, t.at_limit(), hand.is_winner(), t.valid);
    }
    // A line the hand was read from is UTF-8 (see `corpus::read_line`): the lossy reading
    // is never taken.
    let text = (measure.difference(sides[0].0, sides[1].0) > keep_above).then(|| {
        std::str::from_utf8(text).map_or_else(
            |_| String::from_utf8_lossy(text).into_owned(),
            str::to_owned,
        )
    });
    Ok(Scored { line, text, sides })
}

impl Side {
    /// Counts one hand's outcome.
    pub fn add(&mut self, (total, limit, winner, valid): (i64, bool, bool, bool)) {
        self.totals.add(total);
        self.limit_hands += u64::from(limit);
        self.winners += u64::from(winner);
        self.invalid_wins += u64::from(winner && !valid);
    }
}

impl CorpusComparison {
    /// The difference a hand's totals must exceed for it to be kept among the differences:
    /// 0 (any hand scored differently) while fewer than [`KEEP_DIFFERENCES`] are kept, then
    /// the least kept. It only grows, so a hand that does not exceed it now never will be
    /// kept.
    pub fn keep_above(&self) -> i64 {
        if self.differences.len() < KEEP_DIFFERENCES {
            0
        } else {
            self.differences.last().map_or(-1, |d| d.0)
        }
    }

    /// Counts one scored hand, which was scored with a `keep_above` no greater than
    /// [`Self::keep_above`] now.
    pub fn add(&mut self, s: Scored) {
        for (side, &outcome) in self.sides.iter_mut().zip(&s.sides) {
            side.add(outcome);
        }
        let (a, b) = (s.sides[0].0, s.sides[1].0);
        self.pairs.add(a, b);
        let diff = self.measure.difference(a, b);
        if diff > self.keep_above() {
            let text = s
                .text
                .expect("a hand that may be kept was scored with its line");
            self.differences.push((diff, s.line, text, [a, b]));
            self.differences
                .sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
            self.differences.truncate(KEEP_DIFFERENCES);
        }
    }

    /// The chart of both variants' totals, as SVG (`compare --corpus --plot`).
    pub fn chart(&self, ids: [&str; 2]) -> String {
        let title = format!(
            "Totals of {}: {} and {}",
            stats::hands(self.sides[0].totals.len()),
            ids[0],
            ids[1]
        );
        crate::chart::histogram_svg(&title, ids, [&self.sides[0].totals, &self.sides[1].totals])
    }

    /// The summary as text.
    pub fn text(&self, ids: [&str; 2]) -> String {
        let mut out = format!("{}\n\n", stats::hands(self.sides[0].totals.len()));
        let head = format!("{:<22}{:>14}{:>14}\n", "", ids[0], ids[1]);
        out.push_str(&head);
        let row = |label: &str, f: &dyn Fn(&Side) -> String| {
            format!(
                "{label:<22}{:>14}{:>14}\n",
                f(&self.sides[0]),
                f(&self.sides[1])
            )
        };
        out.push_str(&row("mean total", &|s| {
            figure(s.totals.mean().map(|m| format!("{m:.1}")))
        }));
        out.push_str(&row("median total", &|s| figure(s.totals.quantile(0.5))));
        out.push_str(&row("90th percentile", &|s| figure(s.totals.quantile(0.9))));
        out.push_str(&row("maximum", &|s| figure(s.totals.max())));
        out.push_str(&row("limit hands", &|s| {
            percent(s.limit_hands, s.totals.len())
        }));
        out.push_str(&row("invalid wins", &|s| {
            percent(s.invalid_wins, s.winners)
        }));
        out.push_str(&format!(
            "\nrank correlation (Spearman): {}\n",
            self.pairs.spearman().map_or(
                "undefined (a side has fewer than two distinct totals)".to_string(),
                |r| format!("{r:.3}")
            )
        ));
        if !self.differences.is_empty() {
            out.push_str(&format!(
                "\nhands that differ most, {}:\n",
                self.measure.describe(ids)
            ));
            for (diff, line, _, totals) in &self.differences {
                out.push_str(&format!(
                    "  line {line}: {} {} against {} {} (difference {diff})\n",
                    ids[0], totals[0], ids[1], totals[1]
                ));
            }
        } else if !self.sides[0].totals.is_empty() {
            out.push_str("\nno hand scores differently under the two variants\n");
        }
        out
    }

    /// The summary as JSON.
    pub fn json(&self, ids: [&str; 2]) -> Value {
        let side = |s: &Side, id: &str| {
            json!({
                "variant": id,
                "hands": s.totals.len(),
                "mean": s.totals.mean(),
                "median": s.totals.quantile(0.5),
                "p90": s.totals.quantile(0.9),
                "max": s.totals.max(),
                "limit_hand_share": share(s.limit_hands, s.totals.len()),
                "invalid_win_share": share(s.invalid_wins, s.winners),
            })
        };
        json!({
            "sides": [side(&self.sides[0], ids[0]), side(&self.sides[1], ids[1])],
            "spearman": self.pairs.spearman(),
            "differences_by": self.measure.describe(ids),
            "top_scores": self.measure.tops,
            "differences": self.differences.iter().map(|(d, line, text, t)| json!({
                "line": line, "difference": d, "totals": t, "hand": serde_json::from_str::<Value>(text).unwrap_or(Value::Null),
            })).collect::<Vec<_>>(),
        })
    }
}

/// The share `part / whole`, none when there is no whole (no hands, or no winners).
fn share(part: u64, whole: u64) -> Option<f64> {
    (whole > 0).then(|| part as f64 / whole as f64)
}

fn percent(part: u64, whole: u64) -> String {
    figure(share(part, whole).map(|s| format!("{:.1} %", 100.0 * s)))
}

/// A figure for the table, or a dash where there is none (an empty corpus, no winners).
fn figure(value: Option<impl ToString>) -> String {
    value.map_or_else(|| "–".to_string(), |v| v.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_on_unlike_scales_are_set_against_each_other_as_shares_of_the_top() {
        // A limit of 1,000 points against a top of 8 base points.
        let m = Measure {
            tops: Some([1000, 8]),
        };
        assert_eq!(m.difference(1000, 0), 1000);
        assert_eq!(m.difference(500, 4), 0);
        assert_eq!(m.difference(250, 8), 750);
        // Without a top, the plain difference.
        let plain = Measure { tops: None };
        assert_eq!(plain.difference(1000, 8), 992);
        assert_eq!(plain.difference(i64::MIN, i64::MAX), i64::MAX);
    }
}
