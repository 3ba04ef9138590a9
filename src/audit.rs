//! The audit: every rule of a variant beside the passage of the source text it cites.
//!
//! In: a compiled variant and the text of its source (read whole, or only the Markdown
//! section its `source-part` names). Out: a [`Report`]: for each item,
//! shape, requirement, payment rule, worked example and passage marked not scored, the
//! passage its citation finds (by rule number, or by the words of the citation, in any
//! language: a line matches when it holds a part of the citation word after word, or failing
//! that, all its words in any order), whether the
//! passage's numbers include the item's value, the scoring passages of the text that nothing
//! cites, and the worked examples scored again. [`Report::failed`] says whether anything
//! failed; the report renders as text, JSON, Markdown and HTML.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::Variant;
use crate::predicate::Compiled;
use crate::rules::{Cite, ExampleCase, ItemKind, ValueSource};
use crate::settle::{Deal, settle};

/// How many lines after a heading its parts are looked for: the longest table in the texts.
const WINDOW: usize = 40;

/// A passage of the source: lines `first..=last` (0-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Passage {
    /// The first line.
    pub first: usize,
    /// The last line.
    pub last: usize,
    /// The text shown for it: the first line, and the lines that carry the value, with
    /// `…` where lines between are left out.
    pub text: String,
    /// The text of the lines that should carry the value: from the line where the last
    /// part of the citation was found (a table's row, a rule's item) to the end.
    pub row: String,
}

/// The outcome of one check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The passage was found and agrees.
    Ok,
    /// The passage was found; it has no number to compare (the value is in words).
    NoNumber,
    /// The citation names another source (established rules, Kajongg): not checked here.
    OtherSource,
    /// The citation finds no passage.
    NotFound,
    /// The passage's numbers do not include the value.
    NumberMissing(Vec<i64>),
    /// A worked example scores differently under the rules.
    Disagrees(String),
    /// A worked example the file marks as a slip of the text, and it does differ.
    KnownSlip(String),
    /// A worked example marked as a slip that now agrees: the mark is stale.
    StaleSlip,
}

impl Status {
    /// True for a failure.
    pub fn failed(&self) -> bool {
        matches!(
            self,
            Status::NotFound | Status::NumberMissing(_) | Status::Disagrees(_) | Status::StaleSlip
        )
    }

    fn text(&self) -> String {
        match self {
            Status::Ok => "ok".into(),
            Status::NoNumber => "ok (no number in the passage)".into(),
            Status::OtherSource => "cites another source".into(),
            Status::NotFound => "FAIL: the citation finds no passage".into(),
            Status::NumberMissing(found) => {
                format!("FAIL: the passage's numbers {found:?} do not include the value")
            }
            Status::Disagrees(why) => format!("FAIL: {why}"),
            Status::KnownSlip(why) => format!("known slip of the text: {why}"),
            Status::StaleSlip => "FAIL: marked as a slip of the text, but it agrees".into(),
        }
    }
}

/// One audited entry of the variant.
#[derive(Clone, Debug)]
pub struct Entry {
    /// `item`, `shape`, `requirement`, `payment`, `example`, `not scored`.
    pub what: &'static str,
    /// Its id.
    pub id: String,
    /// What it says, in words.
    pub says: String,
    /// Its citation.
    pub cite: Cite,
    /// The passage found.
    pub passage: Option<Passage>,
    /// The outcome.
    pub status: Status,
}

impl Entry {
    /// `item pung-dragon`, or `not scored` for an entry without id; the id between `open`
    /// and `close`.
    fn label(&self, open: &str, close: &str) -> String {
        if self.id.is_empty() {
            self.what.to_string()
        } else {
            format!("{} {open}{}{close}", self.what, self.id)
        }
    }
}

/// The audit of one variant against one source text.
#[derive(Clone, Debug)]
pub struct Report {
    /// The variant's id.
    pub variant: String,
    /// The source's name.
    pub source: String,
    /// Every entry.
    pub entries: Vec<Entry>,
    /// Scoring passages of the text that nothing cites.
    pub uncovered: Vec<Passage>,
}

impl Report {
    /// True when anything failed (a citation not found, a number missing, an example that
    /// disagrees, a stale slip, a scoring passage nothing cites).
    pub fn failed(&self) -> bool {
        !self.uncovered.is_empty() || self.entries.iter().any(|e| e.status.failed())
    }

    /// How many entries failed.
    pub fn failures(&self) -> usize {
        self.entries.iter().filter(|e| e.status.failed()).count() + self.uncovered.len()
    }
}

/// The source text, split into lines, with each line's words.
struct Text {
    lines: Vec<String>,
    words: Vec<Vec<String>>,
}

/// Words of a text: lowercase letters and digits; each CJK character is a word.
fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        let cjk = ('\u{4E00}'..='\u{9FFF}').contains(&c);
        if c.is_alphanumeric() && !cjk {
            word.push(c);
            continue;
        }
        if !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
        if cjk {
            out.push(c.to_string());
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// The numbers of a passage: digit runs (`1,000` is 1000) and multipliers (`x 8`, `x2`).
fn numbers(text: &str) -> Vec<i64> {
    let cleaned = strip_images(text).replace(",000", "000");
    let mut out = Vec::new();
    let mut current = String::new();
    for c in cleaned.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            current.push(c);
        } else if !current.is_empty() {
            if let Ok(n) = current.parse() {
                out.push(n);
            }
            current.clear();
        }
    }
    out
}

/// True when the text writes a multiplier: `x 8`, `x2`.
fn has_multiplier(text: &str) -> bool {
    let lower = text.to_lowercase();
    let bytes = lower.as_bytes();
    (0..bytes.len()).any(|i| {
        bytes[i] == b'x'
            && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric())
            && lower[i + 1..]
                .trim_start()
                .starts_with(|c: char| c.is_ascii_digit())
    })
}

/// The text without the names of tile pictures (`MJt1-.svg`), whose digits are no numbers.
fn strip_images(text: &str) -> String {
    text.split_whitespace()
        .map(|w| {
            let mut out = String::new();
            let mut rest = w;
            while let Some(at) = rest.find("MJ") {
                out.push_str(&rest[..at]);
                match rest[at..].find(".svg") {
                    Some(end) => rest = &rest[at + end + 4..],
                    None => {
                        rest = &rest[at..];
                        break;
                    }
                }
            }
            out.push_str(rest);
            out
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The level of a Markdown heading line (`## 5. …` is 2), or `None` for another line.
fn heading_level(line: &str) -> Option<usize> {
    let n = line.bytes().take_while(|&b| b == b'#').count();
    (n > 0 && line[n..].starts_with(' ')).then_some(n)
}

/// The lines `start..end` of the Markdown section whose heading holds the words of `head`
/// word after word: from the heading to the next heading of the same or a higher level.
fn section(lines: &[String], head: &str) -> Option<(usize, usize)> {
    let wanted = words(head);
    if wanted.is_empty() {
        return None;
    }
    let start = lines.iter().position(|l| {
        heading_level(l).is_some() && words(l).windows(wanted.len()).any(|w| w == wanted)
    })?;
    let level = heading_level(&lines[start])?;
    let end = lines[start + 1..]
        .iter()
        .position(|l| heading_level(l).is_some_and(|n| n <= level))
        .map_or(lines.len(), |k| start + 1 + k);
    Some((start, end))
}

impl Text {
    fn new(text: &str) -> Text {
        Text::of_lines(text.lines().map(str::to_string).collect())
    }

    /// The part of `text` under the Markdown heading `head` (see [`section`]): the lines
    /// outside it are kept, empty, so that line numbers stay the file's. `None` when no
    /// heading holds `head`.
    fn part(text: &str, head: &str) -> Option<Text> {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let (start, end) = section(&lines, head)?;
        for (i, line) in lines.iter_mut().enumerate() {
            if !(start..end).contains(&i) {
                line.clear();
            }
        }
        Some(Text::of_lines(lines))
    }

    fn of_lines(lines: Vec<String>) -> Text {
        let words = lines.iter().map(|l| words(l)).collect();
        Text { lines, words }
    }

    fn line(&self, i: usize) -> Passage {
        Passage {
            first: i,
            last: i,
            text: self.lines[i].clone(),
            row: self.lines[i].clone(),
        }
    }

    /// The first line at or after `from` (before `to`) holding `part` word after word, or
    /// failing that, the first holding all its words in any order.
    fn find(&self, part: &str, from: usize, to: usize) -> Option<usize> {
        let wanted = words(part);
        if wanted.is_empty() {
            return None;
        }
        // The words in a row first; then in any order (a table's cells, a reworded heading).
        let range = from..to.min(self.lines.len());
        range
            .clone()
            .find(|&i| self.has_phrase(i, &wanted))
            .or_else(|| range.clone().find(|&i| self.has_words(i, &wanted)))
    }

    /// Whether line `i` holds `wanted`, word after word.
    fn has_phrase(&self, i: usize, wanted: &[String]) -> bool {
        self.words[i].windows(wanted.len()).any(|w| w == wanted)
    }

    /// Whether line `i` holds every word of `wanted`, in any order.
    fn has_words(&self, i: usize, wanted: &[String]) -> bool {
        wanted.iter().all(|w| self.words[i].contains(w))
    }

    /// The lines a heading may stand on: those holding it word after word, or when there
    /// are none, those holding its words in any order.
    fn anchors(&self, head: &str) -> Vec<usize> {
        let wanted = words(head);
        if wanted.is_empty() {
            return Vec::new();
        }
        let all = 0..self.lines.len();
        let exact: Vec<usize> = all
            .clone()
            .filter(|&i| self.has_phrase(i, &wanted))
            .collect();
        if !exact.is_empty() {
            return exact;
        }
        all.filter(|&i| self.has_words(i, &wanted)).collect()
    }

    /// The passage a citation names: a rule number (`114 b`), or a heading and parts
    /// (`Pungs: Minor tiles, Exposed`) looked for line by line.
    fn locate(&self, at: &str) -> Option<Passage> {
        let at = at.trim();
        if let Some(p) = self.locate_rule(at) {
            return Some(p);
        }
        let parts: Vec<&str> = at
            .split([':', ';'])
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        let (head, rest) = parts.split_first()?;
        let pieces: Vec<&str> = rest
            .iter()
            .flat_map(|p| p.split(','))
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        // Of the lines holding the heading, the one after which most pieces are found, and
        // of those the one with the pieces closest after it.
        let mut best: Option<(usize, Vec<usize>)> = None;
        for anchor in self.anchors(head) {
            // Each part is looked for after the one before (a table's row, then the line
            // below it) and after the heading (a column's title above the row); the nearer
            // to the part before wins.
            let mut found: Vec<usize> = Vec::new();
            for piece in &pieces {
                let after = found.last().copied().unwrap_or(anchor);
                let hits = [
                    self.find(piece, after, after + WINDOW),
                    self.find(piece, anchor, anchor + WINDOW),
                ];
                if let Some(i) = hits
                    .into_iter()
                    .flatten()
                    .min_by_key(|&i| i.abs_diff(after))
                {
                    found.push(i);
                }
            }
            let reach = |found: &[usize], anchor: usize| {
                found.iter().copied().max().unwrap_or(anchor) - anchor
            };
            if best.as_ref().is_none_or(|(a, f)| {
                found.len() > f.len()
                    || (found.len() == f.len() && reach(&found, anchor) < reach(f, *a))
            }) {
                best = Some((anchor, found));
            }
        }
        let (anchor, mut rows) = match best {
            Some((a, found)) if found.is_empty() => (a, vec![a]),
            Some(best) => best,
            // The heading in other words: any single part found will do.
            None => {
                let i = parts.iter().find_map(|p| self.find(p, 0, usize::MAX))?;
                (i, vec![i])
            }
        };
        rows.sort_unstable();
        rows.dedup();
        Some(self.with_numbers(anchor, rows))
    }

    /// The passage from `first` to the last of `rows`, the lines that should carry the value,
    /// and the lines below it that do: lines of bare numbers (`10 |`, `x 8`, a table written
    /// one cell to a line), or up to three lines of any kind when the row has no number yet.
    fn with_numbers(&self, first: usize, mut rows: Vec<usize>) -> Passage {
        let last = rows.last().copied().unwrap_or(first);
        let bare = |line: &str| {
            !line
                .chars()
                .any(|c| c.is_alphabetic() && !matches!(c, 'x' | 'X'))
        };
        let mut end = last;
        let mut next = last + 1;
        for _ in 0..3 {
            // Blank lines between a row and its value are stepped over.
            while next < self.lines.len() && self.lines[next].trim().is_empty() {
                next += 1;
            }
            if next >= self.lines.len() {
                break;
            }
            let has_value = !numbers(&self.lines[last..=end].join(" ")).is_empty();
            if has_value && !bare(&self.lines[next]) {
                break;
            }
            end = next;
            next += 1;
        }
        if numbers(&self.lines[last..=end].join(" ")).is_empty() {
            end = last;
        }
        rows.extend(last + 1..=end);
        // Shown: the heading, then the rows, with `…` for the lines skipped between.
        let mut shown = vec![self.lines[first].as_str()];
        let mut at = first;
        for &i in rows.iter().filter(|&&i| i > first) {
            if i > at + 1 && self.lines[at + 1..i].iter().any(|l| !l.trim().is_empty()) {
                shown.push("…");
            }
            shown.push(self.lines[i].as_str());
            at = i;
        }
        Passage {
            first,
            last: end,
            text: shown.join("\n"),
            row: rows
                .iter()
                .map(|&i| self.lines[i].as_str())
                .collect::<Vec<_>>()
                .join("\n"),
        }
    }

    /// `passage` with up to `n` lines after it, up to a blank line (a table's rows, an
    /// example's working).
    fn followed_by(&self, mut passage: Passage, n: usize) -> Passage {
        for line in self.lines.iter().skip(passage.last + 1).take(n) {
            if line.trim().is_empty() {
                break;
            }
            passage.text.push('\n');
            passage.text.push_str(line);
            passage.last += 1;
        }
        passage
    }

    /// `114 b`: the line `b)` of rule `114.`; `114`: the rule's line.
    fn locate_rule(&self, at: &str) -> Option<Passage> {
        let mut it = at.split_whitespace();
        let number: u32 = it.next()?.parse().ok()?;
        let letter = it.next();
        if it.next().is_some() || letter.is_some_and(|l| l.len() != 1) {
            return None;
        }
        let head = format!("{number}.");
        let start = self
            .lines
            .iter()
            .position(|l| l.trim_start().starts_with(&head))?;
        let Some(letter) = letter else {
            return Some(self.line(start));
        };
        let end = (start + 1..self.lines.len())
            .find(|&i| {
                let t = self.lines[i].trim_start();
                t.split('.')
                    .next()
                    .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
            })
            .unwrap_or(self.lines.len());
        let item = format!("{letter})");
        (start..end)
            .find(|&i| self.lines[i].trim_start().starts_with(&item))
            .map(|i| self.line(i))
    }

    /// The lines that look like scoring passages: a number outside tile pictures, and short
    /// (a table row, a rule's item, a line of a table or an example); not a Markdown
    /// heading, whose number is the section's.
    fn scoring_lines(&self) -> Vec<usize> {
        (0..self.lines.len())
            .filter(|&i| {
                !numbers(&self.lines[i]).is_empty()
                    && self.words[i].len() <= 40
                    && heading_level(&self.lines[i]).is_none()
            })
            .collect()
    }
}

/// The constant value of an item, if it has one.
fn constant(c: &Compiled) -> Option<i64> {
    match c {
        Compiled::Const(v) => Some(*v),
        _ => None,
    }
}

/// Checks a value against a passage's numbers: a double may be written as its multiplier.
fn number_status(kind: Option<ItemKind>, value: Option<i64>, passage: &Passage) -> Status {
    let found = numbers(&passage.row);
    let Some(value) = value else {
        return Status::Ok;
    };
    if found.is_empty() {
        return Status::NoNumber;
    }
    let doubles = kind == Some(ItemKind::Doubles);
    let multiplier = (doubles && (0..=20).contains(&value)).then(|| 1i64 << value);
    if found.contains(&value) || multiplier.is_some_and(|m| found.contains(&m)) {
        Status::Ok
    } else if doubles && !has_multiplier(&passage.row) {
        // A double is often written in words; the numbers of the passage are then about
        // something else (rule numbers, tile numbers).
        Status::NoNumber
    } else {
        Status::NumberMissing(found)
    }
}

/// The folders of the shared folder where source texts are kept, in the order they are
/// looked in: the seed texts, then the other sources (Kajongg's rules and test data, the
/// source of `dmjl`).
pub const SOURCE_DIRS: [&str; 2] = ["seeds", "anchors"];

/// The text of source `id` under the shared folder `shared`: the first of
/// [`SOURCE_DIRS`] that holds one (`003` → `seeds/003_….txt`, `kajongg` →
/// `anchors/kajongg-scoring-cases.md`).
pub fn find_source(shared: &Path, id: &str) -> Option<PathBuf> {
    SOURCE_DIRS
        .iter()
        .find_map(|dir| source_file(&shared.join(dir), id))
}

/// The source text numbered `id` in `dir`: the first file, by name, whose name starts with
/// it (`003` → `003_3ae4….txt`).
pub fn source_file(dir: &Path, id: &str) -> Option<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(id))
        })
        .collect();
    paths.sort();
    paths.into_iter().next()
}

/// Audits `variant` against the source text `text` called `name`.
pub fn audit(variant: &Variant, name: &str, text: &str) -> Report {
    let v = variant.definition();
    let own = v.source.clone().unwrap_or_default();
    let mut entries = Vec::new();
    // A variant that encodes one part of its text is audited against that part alone.
    let part = v
        .source_part
        .as_deref()
        .map(|head| (head, Text::part(text, head)));
    let source_text = match part {
        Some((_, Some(part))) => part,
        Some((head, None)) => {
            entries.push(Entry {
                what: "source part",
                id: String::new(),
                says: "the part of the text the variant encodes".into(),
                cite: Cite {
                    source: own.clone(),
                    at: head.to_string(),
                },
                passage: None,
                status: Status::NotFound,
            });
            Text::new(text)
        }
        None => Text::new(text),
    };
    let mut cited: Vec<(usize, usize)> = Vec::new();
    let mut check = |what: &'static str,
                     id: &str,
                     says: String,
                     cite: &Cite,
                     kind: Option<ItemKind>,
                     value: Option<i64>,
                     extend: usize| {
        let (passage, status) = if cite.source != own {
            (None, Status::OtherSource)
        } else {
            match source_text.locate(&cite.at) {
                None => (None, Status::NotFound),
                Some(p) => {
                    let status = number_status(kind, value, &p);
                    (Some(source_text.followed_by(p, extend)), status)
                }
            }
        };
        if let Some(p) = &passage {
            cited.push((p.first, p.last));
        }
        Entry {
            what,
            id: id.to_string(),
            says,
            cite: cite.clone(),
            passage,
            status,
        }
    };
    for p in &v.params {
        if let Some(cite) = &p.cite {
            let value = match p.value {
                crate::predicate::check::ParamValue::Int(n) => Some(n),
                crate::predicate::check::ParamValue::None => None,
            };
            entries.push(check(
                "param",
                &p.name.value,
                format!("{} = {}", p.name.value, p.value_text()),
                cite,
                None,
                value,
                0,
            ));
        }
    }
    for item in &v.items {
        let compiled = variant
            .rules()
            .items
            .iter()
            .find(|c| v.items[c.index].id.value == item.id.value);
        let value = compiled.and_then(|c| constant(&c.value));
        let says = format!(
            "{}: {}",
            value.map_or("—".to_string(), |n| item.kind.unit(n)),
            item.description.clone().unwrap_or_default()
        );
        // A value written with a parameter (`$limit`) is the parameter's number, which the
        // parameter's own citation checks; the item's passage need not repeat it.
        let written = match item.value.as_ref().map(|v| &v.value) {
            Some(ValueSource::Expr(_)) => None,
            _ => value,
        };
        entries.push(check(
            "item",
            &item.id.value,
            says,
            &item.cite,
            Some(item.kind),
            written,
            0,
        ));
    }
    for (what, list) in [("shape", &v.shapes), ("requirement", &v.requirements)] {
        for c in list.iter() {
            entries.push(check(
                what,
                &c.id.value,
                c.when.text.clone(),
                &c.cite,
                None,
                None,
                0,
            ));
        }
    }
    for r in v
        .payments
        .doubles
        .iter()
        .chain(v.payments.liabilities.iter())
    {
        entries.push(check(
            "payment",
            &r.id.value,
            r.when.text.clone(),
            &r.cite,
            None,
            None,
            0,
        ));
    }
    if let Some(cite) = &v.faan_table_cite {
        let rows = v.faan_table.len();
        entries.push(check(
            "faan table",
            "",
            format!("{} rows", rows),
            cite,
            None,
            None,
            // The table's lines, up to the blank line after it.
            WINDOW,
        ));
    }
    for n in &v.not_scored {
        entries.push(check(
            "not scored",
            n.id.as_ref().map_or("", |id| id.value.as_str()),
            n.reason.clone(),
            &n.cite,
            None,
            None,
            0,
        ));
    }
    // Worked examples: located (with the few lines of their working), then scored again.
    for e in &v.examples {
        let (text_says, rules_give, agrees) = match &e.case {
            ExampleCase::Hand { hand, total } => {
                let got = variant.score(hand).totals.total;
                (total.to_string(), got.to_string(), *total == got)
            }
            ExampleCase::Faan { faan, base } => {
                let got = variant.rules().base_points(*faan);
                (base.to_string(), got.to_string(), *base == got)
            }
            ExampleCase::Payment {
                winner,
                value,
                from,
                discarder,
                net,
            } => {
                let deal =
                    Deal::counted(crate::tiles::Wind::East, *winner, *value, *from, *discarder);
                match settle(variant, &deal) {
                    Ok(s) => (format!("{net:?}"), format!("{:?}", s.net), *net == s.net),
                    // Said in full rather than read as nothing paid.
                    Err(e) => {
                        let why: Vec<&str> =
                            e.problems().iter().map(|p| p.message.as_str()).collect();
                        let got = format!("no settlement ({})", why.join("; "));
                        (format!("{net:?}"), got, false)
                    }
                }
            }
        };
        let mut entry = check(
            "example",
            &e.id.value,
            format!("the text gives {text_says}; the rules give {rules_give}"),
            &e.cite,
            None,
            None,
            5,
        );
        if !matches!(entry.status, Status::NotFound | Status::OtherSource) {
            entry.status = example_status(agrees, &e.slip, &text_says, &rules_give);
        }
        entries.push(entry);
    }
    let uncovered = source_text
        .scoring_lines()
        .into_iter()
        .filter(|&i| !cited.iter().any(|&(a, b)| (a..=b).contains(&i)))
        .map(|i| source_text.line(i))
        .collect();
    Report {
        variant: v.id.clone(),
        source: name.to_string(),
        entries,
        uncovered,
    }
}

fn example_status(agrees: bool, slip: &Option<String>, text: &str, rules: &str) -> Status {
    match (agrees, slip) {
        (true, None) => Status::Ok,
        (true, Some(_)) => Status::StaleSlip,
        (false, Some(why)) => {
            Status::KnownSlip(format!("{why} (the text: {text}; the rules: {rules})"))
        }
        (false, None) => Status::Disagrees(format!("the text gives {text}, the rules {rules}")),
    }
}

impl Report {
    /// The report as text.
    pub fn text(&self) -> String {
        let mut out = format!(
            "audit of `{}` against {}: {} entries, {} failures\n",
            self.variant,
            self.source,
            self.entries.len(),
            self.failures()
        );
        for e in &self.entries {
            out.push_str(&format!("\n{}:\n", e.label("", "")));
            out.push_str(&format!("  says:   {}\n", e.says));
            out.push_str(&format!("  cites:  {}\n", e.cite.text()));
            if let Some(p) = &e.passage {
                for (k, line) in p.text.lines().enumerate() {
                    let label = if k == 0 {
                        format!("  line {}:", p.first + 1)
                    } else {
                        String::new()
                    };
                    out.push_str(&format!("{label:<12}{}\n", line.trim()));
                }
            }
            out.push_str(&format!("  status: {}\n", e.status.text()));
        }
        if !self.uncovered.is_empty() {
            out.push_str("\nscoring passages that nothing cites (FAIL):\n");
            for p in &self.uncovered {
                out.push_str(&format!("  line {}: {}\n", p.first + 1, p.text.trim()));
            }
        }
        out
    }

    /// The report as JSON.
    pub fn json(&self) -> Value {
        json!({
            "variant": self.variant,
            "source": self.source,
            "failed": self.failed(),
            "failures": self.failures(),
            "entries": self.entries.iter().map(|e| json!({
                "what": e.what,
                "id": e.id,
                "says": e.says,
                "cites": e.cite.text(),
                "passage": e.passage.as_ref().map(|p| json!({"line": p.first + 1, "text": p.text})),
                "status": e.status.text(),
                "failed": e.status.failed(),
            })).collect::<Vec<_>>(),
            "uncovered": self.uncovered.iter().map(|p| json!({"line": p.first + 1, "text": p.text})).collect::<Vec<_>>(),
        })
    }

    /// The report as Markdown: a table with the rule beside its passage.
    pub fn markdown(&self) -> String {
        let cell = |t: &str| t.replace('|', "\\|").replace('\n', "<br>");
        let mut out = format!(
            "# Audit of `{}` against {}\n\n{} entries, {} failures.\n\n| rule | says | passage | status |\n|---|---|---|---|\n",
            self.variant,
            self.source,
            self.entries.len(),
            self.failures()
        );
        for e in &self.entries {
            let passage = e.passage.as_ref().map_or(String::new(), |p| {
                format!("line {}: {}", p.first + 1, cell(p.text.trim()))
            });
            out.push_str(&format!(
                "| {}<br>{} | {} | {} | {} |\n",
                e.label("`", "`"),
                cell(&e.cite.text()),
                cell(&e.says),
                passage,
                cell(&e.status.text())
            ));
        }
        if !self.uncovered.is_empty() {
            out.push_str("\n## Scoring passages that nothing cites\n\n");
            for p in &self.uncovered {
                out.push_str(&format!(
                    "- line {}: {}\n",
                    p.first + 1,
                    cell(p.text.trim())
                ));
            }
        }
        out
    }

    /// The report as a standalone HTML page: each rule beside its passage.
    pub fn html(&self) -> String {
        let esc = |t: &str| {
            t.replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
                .replace('\n', "<br>")
        };
        let mut out = format!(
            "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Audit of {0}</title>\n\
             <style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:4px 8px;vertical-align:top}}.fail{{background:#fdd}}.slip{{background:#ffd}}</style>\n\
             </head><body>\n<h1>Audit of <code>{0}</code> against {1}</h1>\n<p>{2} entries, {3} failures.</p>\n\
             <table><tr><th>rule</th><th>says</th><th>passage</th><th>status</th></tr>\n",
            esc(&self.variant),
            esc(&self.source),
            self.entries.len(),
            self.failures()
        );
        for e in &self.entries {
            let class = match e.status {
                _ if e.status.failed() => " class=\"fail\"",
                Status::KnownSlip(_) => " class=\"slip\"",
                _ => "",
            };
            let passage = e.passage.as_ref().map_or(String::new(), |p| {
                format!("line {}: {}", p.first + 1, esc(p.text.trim()))
            });
            out.push_str(&format!(
                "<tr{class}><td>{}<br><small>{}</small></td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                // Ids are lowercase words and hyphens: nothing to escape.
                e.label("<code>", "</code>"),
                esc(&e.cite.text()),
                esc(&e.says),
                passage,
                esc(&e.status.text())
            ));
        }
        out.push_str("</table>\n");
        if !self.uncovered.is_empty() {
            out.push_str("<h2>Scoring passages that nothing cites</h2>\n<ul>\n");
            for p in &self.uncovered {
                out.push_str(&format!(
                    "<li>line {}: {}</li>\n",
                    p.first + 1,
                    esc(p.text.trim())
                ));
            }
            out.push_str("</ul>\n");
        }
        out.push_str("</body></html>\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_numbers() {
        assert_eq!(
            words("Mão Comum 平 糊; ping"),
            ["mão", "comum", "平", "糊", "ping"]
        );
        assert_eq!(words("(平糊)"), ["平", "糊"]);
        assert_eq!(
            numbers("x 8 and 1,000 points; MJt1-.svgMJt2-.svg 4"),
            [8, 1000, 4]
        );
    }

    #[test]
    fn rules_and_headings_are_located() {
        let t = Text::new(
            "114. Základní skóre:\n\na) Za bonus 4 body.\nb) Pong 2 body.\n115. Next\nb) other\nPungs\nExposed | Concealed\nMinor tiles | 2 points | 4 points |",
        );
        assert_eq!(t.locate("114 b").unwrap().text, "b) Pong 2 body.");
        assert_eq!(t.locate("115 b").unwrap().text, "b) other");
        let p = t.locate("Pungs: Minor tiles, Exposed").unwrap();
        assert_eq!((p.first, p.last), (6, 8));
        assert!(t.locate("Kongs: Major tiles").is_none());
    }

    #[test]
    fn a_part_is_its_heading_down_to_the_next_heading_of_its_level() {
        let text = "# Cases\nExposed Pung 9 pts\n## 5. The table\n| Exposed Pung | 2 pts |\n### Detail\n| Flower | 4 pts |\n## 6. Notes\nExposed Pung 7\n";
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        // From `## 5.` down to `## 6.`, its `###` included; `#5` or `##x` is no heading.
        assert_eq!(section(&lines, "The table"), Some((2, 6)));
        assert_eq!(section(&lines, "Cases"), Some((0, 8)));
        assert_eq!(section(&lines, "Pung"), None);
        assert_eq!(heading_level("#5 pts"), None);
        let t = Text::part(text, "5. The table").unwrap();
        // Only the part is read: the citation finds the row of the table, not the line
        // above it, and line numbers stay the file's.
        let p = t.locate("Exposed Pung").unwrap();
        assert_eq!((p.first, p.text.as_str()), (3, "| Exposed Pung | 2 pts |"));
        // The scoring lines are the part's, its headings left out.
        assert_eq!(t.scoring_lines(), [3, 5]);
        assert!(Text::part(text, "7. Missing").is_none());
    }
}
