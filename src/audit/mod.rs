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

use text::{Found, Span, Text, Token, Unit, WINDOW};

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
}

/// The outcome of one check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The passage was found and agrees: it ties the item's value to it, or the claim has
    /// no number to check.
    Ok,
    /// The citation names another source (established rules, Kajongg): not checked here.
    OtherSource,
    /// The citation finds no passage.
    NotFound,
    /// The passage ties another number to the item (the number, as written, and its line).
    WrongNumber(String),
    /// The passage states no number for an item that has one.
    NoNumber,
    /// A worked example scores differently under the rules.
    Disagrees(String),
    /// A worked example the file marks as a slip of the text, and it does differ.
    KnownSlip(String),
    /// A worked example marked as a slip that now agrees: the mark is stale.
    StaleSlip,
    /// Another item cites the very same words (in the same column): the text cannot say
    /// which of the two it values. The other's id.
    SameWords(String),
}

impl Status {
    /// True for a failure.
    pub fn failed(&self) -> bool {
        matches!(
            self,
            Status::NotFound
                | Status::WrongNumber(_)
                | Status::NoNumber
                | Status::Disagrees(_)
                | Status::StaleSlip
                | Status::SameWords(_)
        )
    }

    fn text(&self) -> String {
        match self {
            Status::Ok => "ok".into(),
            Status::OtherSource => "not from this text".into(),
            Status::NotFound => "FAIL: the citation finds no passage".into(),
            Status::WrongNumber(found) => {
                format!("FAIL: the passage ties {found} to it, not its value")
            }
            Status::NoNumber => "FAIL: the passage states no number for it; \
                 name where the text does with `value-at`"
                .into(),
            Status::Disagrees(why) => format!("FAIL: {why}"),
            Status::KnownSlip(why) => format!("known slip of the text: {why}"),
            Status::StaleSlip => "FAIL: marked as a slip of the text, but it agrees".into(),
            Status::SameWords(other) => format!(
                "FAIL: item `{other}` cites the same words; cite each item by its own words \
                 (or its own `column`)"
            ),
        }
    }
}

/// A number of the text as written (`2 points`), and its line (0-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tied {
    /// The number with its unit, as the text writes it.
    pub written: String,
    /// Its line.
    pub line: usize,
}

impl std::fmt::Display for Tied {
    /// `` `2 points` (line 25) ``, the line counted from 1.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}` (line {})", self.written, self.line + 1)
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
    /// The number the passage ties to it.
    pub tied: Option<Tied>,
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

/// How the sentences of the text are accounted for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Sentences, table rows and cells of the text (or of the part the variant encodes).
    pub units: usize,
    /// Those a rule, a parameter, a table or a worked example cites.
    pub cited: usize,
    /// Those only marked as not a scoring rule.
    pub not_scored: usize,
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
    /// How the sentences are accounted for.
    pub coverage: Coverage,
    /// Sentences that nothing cites or marks as not scored.
    pub uncovered: Vec<Passage>,
    /// Values written in cited sentences that no rule ties to itself (the value as written,
    /// and the sentence).
    pub untied: Vec<(Tied, Passage)>,
}

impl Report {
    /// True when anything failed (a citation not found, a number that is not the item's,
    /// an example that disagrees, a stale slip, a sentence nothing accounts for, a value no
    /// rule reads).
    pub fn failed(&self) -> bool {
        self.failures() > 0
    }

    /// How many entries failed.
    pub fn failures(&self) -> usize {
        self.entries.iter().filter(|e| e.status.failed()).count()
            + self.uncovered.len()
            + self.untied.len()
    }

    /// The entries from this text, and those citing another source.
    pub fn from_text(&self) -> (Vec<&Entry>, Vec<&Entry>) {
        self.entries
            .iter()
            .partition(|e| e.status != Status::OtherSource)
    }
}

/// The constant value of an item, if it has one.
fn constant(c: &Compiled) -> Option<i64> {
    match c {
        Compiled::Const(v) => Some(*v),
        _ => None,
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
    /// A parameter's choice between readings: its passage is shown, and accounted for by
    /// the items that read it.
    reading: bool,
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
            reading: false,
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
                reading: !p.readings.is_empty(),
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
            value.map_or("—".to_string(), |n| item.kind.value_unit(
                n,
                item.own_points_doubled,
                &v.units
            )),
            item.description.clone().unwrap_or_default()
        );
        out.push(Claim {
            // A limit hand worth its own points doubled has its value in doubles.
            kind: Some(if item.own_points_doubled {
                ItemKind::Doubles
            } else {
                item.kind.as_written(&v.units)
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
    for b in &v.blocks {
        out.push(Claim::plain("block", &b.id.value, b.ways_text(), &b.cite));
    }
    for r in &v.refusals {
        out.push(Claim::plain(
            "refusal",
            &r.id.value,
            r.when.text.clone(),
            &r.cite,
        ));
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
    for cite in &v.game.cites {
        let says = (v.game.described().into_iter())
            .map(|(key, value)| format!("{key} = {value}"))
            .collect::<Vec<_>>()
            .join("; ");
        out.push(Claim::plain("game", "", says, cite));
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

/// The source text as the audit reads it: the passages found for claims, what they cover
/// and the numbers they tie.
struct Reading {
    text: Text,
    /// The variant's own source: citations of another are not looked for.
    own: String,
    /// What each passage found covers, and how.
    covers: Vec<(Span, Cover)>,
    /// The numbers tied to claims.
    tied: Vec<Span>,
    /// The words each claim names its item by (the last part of its citation), with the
    /// number a rule ties there (from those words on, in its passage or its `value-at`).
    named: Vec<(Span, Option<Span>)>,
    /// The words each item is named by, with the column of its value: no two items may
    /// share both.
    items: Vec<(Span, Option<String>, String)>,
}

/// How a claim accounts for the sentences it cites.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Cover {
    /// Whole (a table, an example, a passage not scored, an item valued by a parameter):
    /// every number of the sentence is accounted for; otherwise (a rule with a number, a
    /// shape, a requirement, a payment, a column not scored) only the number it ties, and
    /// the other values of the sentence still need a rule.
    whole: bool,
    /// As a rule that scores, rather than as a passage not scored.
    scored: bool,
}

impl Reading {
    /// The passage a citation finds, run on to its `through` and the `extend` lines after.
    fn find(&self, cite: &Cite, extend: usize) -> Option<Found> {
        let found = self.text.locate(&cite.at, cite.column.as_deref())?;
        let found = self.text.followed_by(found, extend);
        match &cite.through {
            Some(words) => self.text.through(found, words),
            None => Some(found),
        }
    }

    /// The entry for `claim`: the passage its citation finds, and whether the number the
    /// passage ties to it is its value.
    fn check(&mut self, claim: Claim) -> Entry {
        let mut entry = Entry {
            what: claim.what,
            id: claim.id.to_string(),
            says: claim.says,
            cite: claim.cite.clone(),
            passage: None,
            tied: None,
            status: Status::Ok,
        };
        if claim.cite.source != self.own {
            entry.status = Status::OtherSource;
            return entry;
        }
        let Some(found) = self.find(claim.cite, claim.extend) else {
            entry.status = Status::NotFound;
            return entry;
        };
        // The value stated elsewhere, where the text says so: the sentence before a list.
        let value_at = match &claim.cite.value_at {
            Some(at) => match self.text.locate(at, None) {
                Some(v) => Some(v),
                None => {
                    entry.status = Status::NotFound;
                    entry
                        .says
                        .push_str(&format!(" (its value-at `{at}` is not found)"));
                    return entry;
                }
            },
            None => None,
        };
        let not_scored = claim.what == "not scored";
        let cover = Cover {
            // A passage not scored in one column accounts for its cell alone.
            whole: claim.value.is_none()
                && !(not_scored && claim.cite.column.is_some())
                && !matches!(claim.what, "shape" | "requirement" | "payment"),
            scored: !not_scored,
        };
        let tied: Option<Token> = value_at.as_ref().map_or(found.tied, |v| v.tied);
        // A choice between readings shows its passage; the items that read it account for it.
        if !claim.reading {
            for f in std::iter::once(&found).chain(&value_at) {
                self.covers.extend(f.covers.iter().map(|&s| (s, cover)));
                // A passage not scored marks the sentences it names, not the heading they
                // were found under (unless it runs `through` from it).
                if cover.scored {
                    self.covers.extend(f.heading.map(|s| (s, cover)));
                }
            }
            let last = value_at.as_ref().map_or(0, |v| v.passage.last);
            let here = tied.map(|t| t.span).filter(|t| {
                claim.value.is_some()
                    && (found.named.line..=found.passage.last.max(last)).contains(&t.line)
            });
            self.named.push((found.named, here));
        }
        if !cover.whole
            && !cover.scored
            && let Some(t) = tied
        {
            self.tied.push(t.span);
        }
        if let Some(value) = claim.value {
            let doubles = claim.kind == Some(ItemKind::Doubles);
            entry.status = match tied {
                None => Status::NoNumber,
                Some(t) if t.amount.states(value, doubles) => Status::Ok,
                Some(t) => Status::WrongNumber(self.written(&t).to_string()),
            };
            if let Some(t) = tied {
                entry.tied = Some(self.written(&t));
                self.tied.push(t.span);
            }
        }
        if claim.what == "item" {
            let column = claim.cite.column.clone();
            if entry.status == Status::Ok
                && let Some((_, _, other)) = self
                    .items
                    .iter()
                    .find(|(s, c, _)| *s == found.named && *c == column)
            {
                entry.status = Status::SameWords(other.clone());
            }
            self.items.push((found.named, column, claim.id.to_string()));
        }
        entry.passage = Some(found.passage);
        entry
    }

    /// A number as it stands in the text.
    fn written(&self, t: &Token) -> Tied {
        Tied {
            written: self.text.show(&t.span).to_string(),
            line: t.span.line,
        }
    }

    /// The units of the text, and what accounts for each: counted, and those nothing
    /// accounts for; with the values of cited units that no claim ties.
    ///
    /// A unit in which a claim names one of the alternatives of an `or` (`2 points are
    /// scored for a pair of Dragons, for a pair of the prevailing Wind … or for a pair of the
    /// player's own Wind`; `All Four Flowers or Seasons | 3 Doubles`) is read by clause,
    /// unless a claim reads it whole: each clause must hold the words a claim names its item
    /// by, or be the number alone.
    fn account(&self) -> (Coverage, Vec<Passage>, Vec<(Tied, Passage)>) {
        let mut coverage = Coverage::default();
        let mut uncovered = Vec::new();
        let mut untied = Vec::new();
        for unit in self.text.units() {
            let by: Vec<&(Span, Cover)> = self
                .covers
                .iter()
                .filter(|(s, _)| s.overlaps(unit))
                .collect();
            coverage.units += 1;
            if by.is_empty() {
                uncovered.push(self.unit_passage(unit));
                continue;
            }
            let bare = self.bare_clauses(unit, &by);
            if !bare.is_empty() {
                // The unit, shown by the clauses nothing accounts for.
                let shown: Vec<&str> = bare.iter().map(|c| self.text.show(c)).collect();
                uncovered.push(Passage {
                    text: shown.join(" … "),
                    ..self.unit_passage(unit)
                });
                continue;
            }
            if by.iter().any(|(_, c)| c.scored) {
                coverage.cited += 1;
            } else {
                coverage.not_scored += 1;
            }
            if by.iter().all(|(_, c)| !c.whole) {
                for t in self.text.values_in(unit) {
                    // A total with its sum in brackets after it (`2 (1 bônus +1 de
                    // auto-escolha)`) is read by the rules that tie its parts.
                    let parts = self.text.bracket_after(&t.span);
                    if !self.tied.contains(&t.span)
                        && !parts.is_some_and(|b| self.tied.iter().any(|s| b.overlaps(s)))
                    {
                        untied.push((self.written(t), self.unit_passage(unit)));
                    }
                }
            }
        }
        (coverage, uncovered, untied)
    }

    /// The clauses of `unit` that nothing accounts for, when it is read by clause (see
    /// [`Reading::account`]); `by` are the covers that overlap it.
    fn bare_clauses(&self, unit: &Unit, by: &[&(Span, Cover)]) -> Vec<Span> {
        if by.iter().any(|(s, _)| unit.within(s)) {
            return Vec::new();
        }
        // Read by clause: a unit in which a rule names one of the alternatives of an `or`
        // that shares a number stated outside it.
        let clauses = self.text.clauses(unit);
        let alternative = clauses.iter().enumerate().any(|(k, c)| {
            let or = |j: usize| clauses.get(j).is_some_and(|c| self.text.opens_with_or(c));
            (or(k) || or(k + 1))
                && self
                    .named
                    .iter()
                    .any(|(s, tie)| s.within(c) && tie.is_some_and(|t| !t.within(c)))
        });
        if !alternative {
            return Vec::new();
        }
        clauses
            .into_iter()
            .filter(|c| {
                let words = self.text.trimmed(c);
                let number_alone = self.tied.iter().any(|t| words.within(t));
                !number_alone && !self.named.iter().any(|(s, _)| s.within(c))
            })
            .collect()
    }

    fn unit_passage(&self, unit: &Unit) -> Passage {
        Passage {
            first: unit.line,
            last: unit.line,
            text: self.text.show(unit).to_string(),
        }
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
                    ..Cite::default()
                },
                passage: None,
                tied: None,
                status: Status::NotFound,
            });
            Text::new(text)
        }),
    };
    let mut reading = Reading {
        text: source_text,
        own,
        covers: Vec::new(),
        tied: Vec::new(),
        named: Vec::new(),
        items: Vec::new(),
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
    // The item whose words a later one shares fails too.
    let shared: Vec<(String, String)> = entries
        .iter()
        .filter_map(|e| match &e.status {
            Status::SameWords(other) => Some((other.clone(), e.id.clone())),
            _ => None,
        })
        .collect();
    for (first, later) in shared {
        if let Some(e) = entries
            .iter_mut()
            .find(|e| e.what == "item" && e.id == first && e.status == Status::Ok)
        {
            e.status = Status::SameWords(later);
        }
    }
    let (coverage, uncovered, untied) = reading.account();
    Report {
        variant: v.id.clone(),
        source: name.to_string(),
        entries,
        coverage,
        uncovered,
        untied,
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
