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

use crate::Variant;
use crate::predicate::Compiled;
use crate::rules::{Cite, ExampleCase, ItemKind, ValueSource};
use crate::settle::{Deal, settle};

mod report;
mod text;

use text::{Text, WINDOW, has_multiplier, numbers};

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

/// One thing a variant says, and the passage it cites for it.
struct Claim<'v> {
    /// `param`, `item`, `shape`, … (as [`Entry::what`]).
    what: &'static str,
    id: &'v str,
    says: String,
    cite: &'v Cite,
    /// The kind of an item, which says whether a double may be written as its multiplier.
    kind: Option<ItemKind>,
    /// The number the passage should hold, if any.
    value: Option<i64>,
    /// How many lines after the passage belong to it (a table's rows, an example's working).
    extend: usize,
}

impl<'v> Claim<'v> {
    /// A claim with no number to check in one passage.
    fn plain(what: &'static str, id: &'v str, says: String, cite: &'v Cite) -> Claim<'v> {
        Claim {
            what,
            id,
            says,
            cite,
            kind: None,
            value: None,
            extend: 0,
        }
    }
}

/// What `variant` says, rule by rule, with its citations: parameters, items, shapes,
/// requirements, payment rules, the faan table and the passages marked not scored. (The
/// worked examples are claims too; they are scored again, in [`audit`].)
fn claims(variant: &Variant) -> Vec<Claim<'_>> {
    let v = variant.definition();
    let mut out = Vec::new();
    for p in &v.params {
        if let Some(cite) = &p.cite {
            let mut says = format!("{} = {}", p.name.value, p.value_text());
            if !p.readings.is_empty() {
                // A choice between readings: its value is not a number of the text.
                says.push_str(&format!(
                    ", a choice between readings: {}",
                    crate::rules::readings_text(&p.readings)
                ));
            }
            out.push(Claim {
                value: match p.value {
                    crate::predicate::check::ParamValue::Int(n) if p.readings.is_empty() => Some(n),
                    _ => None,
                },
                ..Claim::plain("param", &p.name.value, says, cite)
            });
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
            value.map_or("—".to_string(), |n| item
                .kind
                .value_unit(n, item.own_points_doubled)),
            item.description.clone().unwrap_or_default()
        );
        out.push(Claim {
            // A limit hand worth its own points doubled has its value in doubles.
            kind: Some(if item.own_points_doubled {
                ItemKind::Doubles
            } else {
                item.kind
            }),
            // A value written with a parameter (`$limit`) is the parameter's number, which
            // the parameter's own citation checks; the item's passage need not repeat it.
            value: match item.value.as_ref().map(|v| &v.value) {
                Some(ValueSource::Expr(_)) => None,
                _ => value,
            },
            ..Claim::plain("item", &item.id.value, says, &item.cite)
        });
    }
    for (what, list) in [("shape", &v.shapes), ("requirement", &v.requirements)] {
        for c in list {
            out.push(Claim::plain(
                what,
                &c.id.value,
                c.when.text.clone(),
                &c.cite,
            ));
        }
    }
    let payments = v.payments.doubles.iter().chain(&v.payments.liabilities);
    for r in payments {
        out.push(Claim::plain(
            "payment",
            &r.id.value,
            r.when.text.clone(),
            &r.cite,
        ));
    }
    if let Some(cite) = &v.faan_table_cite {
        let says = format!("{} rows", v.faan_table.len());
        out.push(Claim {
            // The table's lines, up to the blank line after it.
            extend: WINDOW,
            ..Claim::plain("faan table", "", says, cite)
        });
    }
    for n in &v.not_scored {
        let id = n.id.as_ref().map_or("", |id| id.value.as_str());
        out.push(Claim::plain("not scored", id, n.reason.clone(), &n.cite));
    }
    out
}

/// What a worked example's text gives and what the rules give, and whether they agree.
fn rework(variant: &Variant, case: &ExampleCase) -> (String, String, bool) {
    match case {
        ExampleCase::Hand { hand, total } => {
            let got = variant.score(hand).total();
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
            let deal = Deal::counted(crate::tiles::Wind::East, *winner, *value, *from, *discarder);
            match settle(variant, &deal) {
                Ok(s) => (format!("{net:?}"), format!("{:?}", s.net), *net == s.net),
                // Said in full rather than read as nothing paid.
                Err(e) => {
                    let why: Vec<&str> = e.problems().iter().map(|p| p.message.as_str()).collect();
                    let got = format!("no settlement ({})", why.join("; "));
                    (format!("{net:?}"), got, false)
                }
            }
        }
    }
}

/// The source text as the audit reads it: the passages found for claims, and which lines
/// they cover.
struct Reading {
    text: Text,
    /// The variant's own source: citations of another are not looked for.
    own: String,
    /// The lines each passage found covers, first and last.
    cited: Vec<(usize, usize)>,
}

impl Reading {
    /// The entry for `claim`: the passage its citation finds, and whether the passage holds
    /// its number.
    fn check(&mut self, claim: Claim) -> Entry {
        let (passage, status) = if claim.cite.source != self.own {
            (None, Status::OtherSource)
        } else {
            match self.text.locate(&claim.cite.at) {
                None => (None, Status::NotFound),
                Some(p) => {
                    let status = number_status(claim.kind, claim.value, &p);
                    (Some(self.text.followed_by(p, claim.extend)), status)
                }
            }
        };
        if let Some(p) = &passage {
            self.cited.push((p.first, p.last));
        }
        Entry {
            what: claim.what,
            id: claim.id.to_string(),
            says: claim.says,
            cite: claim.cite.clone(),
            passage,
            status,
        }
    }

    /// The scoring passages no claim cites.
    fn uncovered(&self) -> Vec<Passage> {
        self.text
            .scoring_lines()
            .into_iter()
            .filter(|&i| !self.cited.iter().any(|&(a, b)| (a..=b).contains(&i)))
            .map(|i| self.text.line(i))
            .collect()
    }
}

/// Audits `variant` against the source text `text` called `name`.
pub fn audit(variant: &Variant, name: &str, text: &str) -> Report {
    let v = variant.definition();
    let own = v.source.clone().unwrap_or_default();
    let mut entries = Vec::new();
    // A variant that encodes one part of its text is audited against that part alone.
    let source_text = match v.source_part.as_deref() {
        None => Text::new(text),
        Some(head) => Text::part(text, head).unwrap_or_else(|| {
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
        }),
    };
    let mut reading = Reading {
        text: source_text,
        own,
        cited: Vec::new(),
    };
    for claim in claims(variant) {
        entries.push(reading.check(claim));
    }
    // Worked examples: located (with the few lines of their working), then scored again.
    for e in &v.examples {
        let (text_says, rules_give, agrees) = rework(variant, &e.case);
        let says = format!("the text gives {text_says}; the rules give {rules_give}");
        let mut entry = reading.check(Claim {
            extend: 5,
            ..Claim::plain("example", &e.id.value, says, &e.cite)
        });
        if !matches!(entry.status, Status::NotFound | Status::OtherSource) {
            entry.status = example_status(agrees, &e.slip, &text_says, &rules_give);
        }
        entries.push(entry);
    }
    Report {
        variant: v.id.clone(),
        source: name.to_string(),
        entries,
        uncovered: reading.uncovered(),
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
