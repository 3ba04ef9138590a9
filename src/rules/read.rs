//! Reading one variant file: every table and key, checked for shape and type, every value
//! with its place. Conditions are kept as text here; [`super::check`] compiles them.

use toml::de::DeValue;

use super::{
    BlockDef, Cite, Condition, Example, ExampleCase, File, ForEach, GameRules, Item, ItemKind,
    Liable, Located, NamedValue, NotScored, Param, PaymentRule, Refusal, Source, Style, Tier,
    ValueSource, Who,
};
use crate::diagnostic::Diagnostic;
use crate::document::{self, StrValue, TableReader, Value};
use crate::hand::HAND_KEYS;
use crate::hand::WinSource;
use crate::hand::file::read_hand;
use crate::predicate::check::ParamValue;
use crate::tiles::{AnyTile, TileCounts, Wind, parse_tiles};
use crate::words;

/// The tables of a variant file that are not lists (`[variant]`, `[score]`, …).
pub(super) const FILE_TABLES: &[&str] = &[
    "variant",
    "params",
    "faan-table",
    "payments",
    "game",
    "score",
];

/// The lists of tables of a variant file besides its items' (`[[shapes]]`, …). Any other
/// list is a unit's items.
pub(super) const FILE_LISTS: &[&str] = &[
    "shapes",
    "blocks",
    "requirements",
    "refusals",
    "values",
    "tiers",
    "examples",
    "not-scored",
];

/// What one file says, before `extends` is followed.
#[derive(Clone, Debug, Default)]
pub struct FileVariant {
    /// `[variant] id`.
    pub id: Option<Located<String>>,
    /// `[variant] name`.
    pub name: Option<String>,
    /// `[variant] source`.
    pub source: Option<String>,
    /// `[variant] source-part`.
    pub source_part: Option<String>,
    /// `[variant] style`.
    pub style: Option<Style>,
    /// `[variant] extends`.
    pub extends: Option<Located<String>>,
    /// `[variant] remove`: ids of the base's items to drop.
    pub remove: Vec<Located<String>>,
    /// `[variant] notes`.
    pub notes: Option<String>,
    /// `[params]`.
    pub params: Vec<Param>,
    /// `[[shapes]]`.
    pub shapes: Vec<Condition>,
    /// `[[blocks]]`.
    pub blocks: Vec<BlockDef>,
    /// `[[requirements]]`.
    pub requirements: Vec<Condition>,
    /// `[[refusals]]`.
    pub refusals: Vec<Refusal>,
    /// `[[points]]`, `[[doubles]]`, `[[faan]]`, `[[limit-hands]]`, in that order, then the
    /// items of the tables the file names itself (a unit's, `[[han]]`), in the file's order.
    pub items: Vec<Item>,
    /// For each item of a table the file names itself, by position in `items`: the table's
    /// name, which the loader resolves to one of the variant's units.
    pub unit_tables: Vec<(usize, Located<String>)>,
    /// `[[values]]`.
    pub values: Vec<NamedValue>,
    /// `[[tiers]]`.
    pub tiers: Vec<Tier>,
    /// `[faan-table]`.
    pub faan_table: Option<FaanTable>,
    /// `[payments]`.
    pub payments: Option<PaymentsPatch>,
    /// `[game]`: the keys it gives (the others `None` or empty).
    pub game: Option<GameRules>,
    /// `[score]`.
    pub score: Option<ScoreSection>,
    /// `[[examples]]`.
    pub examples: Vec<Example>,
    /// `[[not-scored]]`.
    pub not_scored: Vec<NotScored>,
}

/// A file's `[score]`: how the readings of a hand are told apart.
#[derive(Debug, Clone)]
pub struct ScoreSection {
    /// `prefer`: what decides between readings of the same total, first first.
    pub prefer: Option<Vec<Source>>,
    /// `units`: the units of a `formula` variant's items, and where the list is written.
    pub units: Option<(std::ops::Range<usize>, Vec<Located<String>>)>,
    /// `cite`.
    pub cite: Option<Cite>,
    /// `notes`.
    pub notes: Option<String>,
}

/// A file's `[faan-table]`: rows of `(least faan, base points)` and the passage they encode.
#[derive(Debug, Clone)]
pub struct FaanTable {
    /// `rows`, going up in faan.
    pub rows: Vec<(i64, i64)>,
    /// `cite`.
    pub cite: Option<Cite>,
    /// Where the table is in its file.
    pub span: std::ops::Range<usize>,
}

/// What one file says about payments: each key given replaces the base's; rules are
/// replaced by id or added.
#[derive(Clone, Debug, Default)]
pub struct PaymentsPatch {
    /// `losers-settle`.
    pub losers_settle: Option<bool>,
    /// `amount`.
    pub amount: Option<Source>,
    /// `pot`.
    pub pot: Option<Source>,
    /// `cap`.
    pub cap: Option<Located<ValueSource>>,
    /// `dealer-cap`.
    pub dealer_cap: Option<Located<ValueSource>>,
    /// `[[payments.doubles]]`.
    pub doubles: Vec<PaymentRule>,
    /// `[[payments.liabilities]]`.
    pub liabilities: Vec<PaymentRule>,
    /// `notes`.
    pub notes: Option<String>,
}

/// Reads file number `index` of the load; adds every problem found to `problems`.
pub fn read_file(index: usize, file: &File, problems: &mut Vec<Diagnostic>) -> FileVariant {
    let text = file.text.as_str();
    let doc = match document::parse(text) {
        Ok(doc) => doc,
        Err(problem) => {
            problems.push(problem);
            return FileVariant::default();
        }
    };
    let mut out = FileVariant::default();
    let cx = Cx { index, text };
    let mut top = TableReader::new(doc.get_ref(), doc.span(), "the variant file");
    match top.get("variant") {
        Some(v) => cx.header(v, &mut out, problems),
        None => problems.push(
            Diagnostic::new(
                0..0,
                "the variant file has no `[variant]` table",
                "expected `[variant]` with an `id`",
            )
            .with_help("start the file with `[variant]` and `id = \"…\"`"),
        ),
    }
    if let Some(v) = top.get("params") {
        out.params = cx.params(v, problems);
    }
    out.shapes = cx.list(&mut top, "shapes", problems, |t, p| {
        cx.condition(t, "shapes", "a shape", p)
    });
    out.blocks = cx.list(&mut top, "blocks", problems, |t, p| cx.block(t, p));
    out.requirements = cx.list(&mut top, "requirements", problems, |t, p| {
        cx.condition(t, "requirements", "a requirement", p)
    });
    out.refusals = cx.list(&mut top, "refusals", problems, |t, p| cx.refusal(t, p));
    for kind in ItemKind::ALL {
        let name = kind.table(&[]);
        if let Some(v) = top.get(name) {
            for table in cx.array_of_tables(v, name, problems) {
                if let Some(item) = cx.item(table, name, kind, problems) {
                    out.items.push(item);
                }
            }
        }
    }
    out.values = cx.list(&mut top, "values", problems, |t, p| cx.named_value(t, p));
    out.tiers = cx.list(&mut top, "tiers", problems, |t, p| cx.tier(t, p));
    if let Some(v) = top.get("faan-table") {
        out.faan_table = cx.faan_table(v, problems);
    }
    if let Some(v) = top.get("payments") {
        out.payments = cx.payments(v, problems);
    }
    if let Some(v) = top.get("game") {
        out.game = cx.game(v, problems);
    }
    if let Some(v) = top.get("score") {
        out.score = cx.score(v, problems);
    }
    out.examples = cx.list(&mut top, "examples", problems, |t, p| cx.example(t, p));
    out.not_scored = cx.list(&mut top, "not-scored", problems, |t, p| cx.not_scored(t, p));
    // Any other list of tables is a table of items of a unit the variant may declare (here
    // or in its base): the loader tells which.
    let list_of_tables = |v: &Value<'_>| match v.get_ref() {
        DeValue::Array(list) => list.iter().all(|t| t.get_ref().is_table()),
        _ => false,
    };
    for (name, v) in top.rest(list_of_tables) {
        let located = Located {
            value: name.get_ref().to_string(),
            file: index,
            span: name.span(),
        };
        // The unit is not known yet: the loader sets it.
        for table in cx.array_of_tables(v, &located.value, problems) {
            if let Some(item) = cx.item(table, &located.value, ItemKind::Unit(0), problems) {
                out.unit_tables.push((out.items.len(), located.clone()));
                out.items.push(item);
            }
        }
    }
    top.finish(problems);
    out
}

/// The file being read.
struct Cx<'t> {
    index: usize,
    text: &'t str,
}

impl Cx<'_> {
    fn table<'a, 'i>(
        &self,
        value: &'a Value<'i>,
        key: &str,
        what: &'static str,
        problems: &mut Vec<Diagnostic>,
    ) -> Option<TableReader<'a, 'i>> {
        let t = document::expect_table(value, key, problems)?;
        Some(TableReader::new(t, value.span(), what))
    }

    /// Each entry of the list of tables `key` of `top` that `read` reads; none when there
    /// is no such list.
    fn list<'a, 'i, T>(
        &self,
        top: &mut TableReader<'a, 'i>,
        key: &'static str,
        problems: &mut Vec<Diagnostic>,
        read: impl Fn(&'a Value<'i>, &mut Vec<Diagnostic>) -> Option<T>,
    ) -> Vec<T> {
        let Some(v) = top.get(key) else {
            return Vec::new();
        };
        (self.array_of_tables(v, key, problems).into_iter())
            .filter_map(|table| read(table, problems))
            .collect()
    }

    fn array_of_tables<'a, 'i>(
        &self,
        value: &'a Value<'i>,
        key: &str,
        problems: &mut Vec<Diagnostic>,
    ) -> Vec<&'a Value<'i>> {
        match value.get_ref() {
            DeValue::Array(items) => items.iter().collect(),
            other => {
                problems.push(
                    document::wrong_type(value.span(), key, "a list of tables", other)
                        .with_help(format!("write each entry as `[[{key}]]`")),
                );
                Vec::new()
            }
        }
    }

    fn located(&self, v: &StrValue<'_>) -> Located<String> {
        Located {
            value: v.text.to_string(),
            file: self.index,
            span: v.span.clone(),
        }
    }

    fn source(&self, v: &StrValue<'_>) -> Source {
        Source {
            text: v.text.to_string(),
            file: self.index,
            span: v.span.clone(),
            content_start: v.content_start,
        }
    }

    /// The expression of `key`, which the table must give.
    fn required_expression(
        &self,
        reader: &mut TableReader<'_, '_>,
        key: &'static str,
        problems: &mut Vec<Diagnostic>,
    ) -> Option<Source> {
        reader
            .required_string(key, self.text, problems)
            .map(|s| self.source(&s))
    }

    /// The expression of `key`, if the table gives it.
    fn expression(
        &self,
        reader: &mut TableReader<'_, '_>,
        key: &'static str,
        problems: &mut Vec<Diagnostic>,
    ) -> Option<Source> {
        reader
            .string(key, self.text, problems)
            .map(|v| self.source(&v))
    }

    fn string(
        &self,
        reader: &mut TableReader<'_, '_>,
        key: &'static str,
        problems: &mut Vec<Diagnostic>,
    ) -> Option<String> {
        reader
            .string(key, self.text, problems)
            .map(|v| v.text.to_string())
    }

    fn header(&self, value: &Value<'_>, out: &mut FileVariant, problems: &mut Vec<Diagnostic>) {
        let Some(mut r) = self.table(value, "variant", "`[variant]`", problems) else {
            return;
        };
        out.id = self.id(&mut r, problems);
        out.name = self.string(&mut r, "name", problems);
        out.source = self.string(&mut r, "source", problems);
        out.source_part = self.string(&mut r, "source-part", problems);
        out.notes = self.string(&mut r, "notes", problems);
        out.style = r.string("style", self.text, problems).and_then(|s| {
            let style = Style::ALL.into_iter().find(|st| st.name() == s.text);
            if style.is_none() {
                problems.push(
                    Diagnostic::new(
                        s.span.clone(),
                        format!("`{}` is not a scoring style", s.text),
                        "unknown style",
                    )
                    .with_help("use `points-and-doubles`, `faan` or `formula`"),
                );
            }
            style
        });
        out.extends = r
            .string("extends", self.text, problems)
            .map(|s| self.located(&s));
        if let Some(v) = r.get("remove") {
            out.remove = self.id_list(v, "remove", problems);
        }
        r.finish(problems);
    }

    fn id_list(
        &self,
        value: &Value<'_>,
        key: &str,
        problems: &mut Vec<Diagnostic>,
    ) -> Vec<Located<String>> {
        let DeValue::Array(items) = value.get_ref() else {
            problems.push(document::wrong_type(
                value.span(),
                key,
                "a list of ids",
                value.get_ref(),
            ));
            return Vec::new();
        };
        items
            .iter()
            .filter_map(|item| document::expect_string_in(item, key, self.text, problems))
            .map(|s| self.located(&s))
            .collect()
    }

    fn params(&self, value: &Value<'_>, problems: &mut Vec<Diagnostic>) -> Vec<Param> {
        let Some(table) = document::expect_table(value, "params", problems) else {
            return Vec::new();
        };
        let mut params = Vec::new();
        for (key, v) in table.iter() {
            let name = Located {
                value: key.get_ref().to_string(),
                file: self.index,
                span: key.span(),
            };
            let (raw, note, cite, readings) = match v.get_ref() {
                DeValue::Table(t) => {
                    let mut r = TableReader::new(t, v.span(), "a parameter");
                    let raw = r.require("value", problems);
                    let note = self.string(&mut r, "note", problems);
                    let cite = r.get("cite").is_some().then(|| self.cite(&mut r, problems));
                    let readings = r
                        .get("readings")
                        .map(|v| self.readings(v, problems))
                        .unwrap_or_default();
                    r.finish(problems);
                    match raw {
                        Some(raw) => (raw, note, cite, readings),
                        None => continue,
                    }
                }
                _ => (v, None, None, Vec::new()),
            };
            let value = match raw.get_ref() {
                DeValue::Integer(i) => match i.as_str().parse::<i64>() {
                    Ok(n) => ParamValue::Int(n),
                    Err(_) => {
                        problems.push(Diagnostic::new(
                            raw.span(),
                            "this number is too large",
                            "out of range",
                        ));
                        continue;
                    }
                },
                DeValue::String(s) if s == "none" => ParamValue::None,
                other => {
                    problems.push(
                        document::wrong_type(
                            raw.span(),
                            &name.value,
                            "a whole number or \"none\"",
                            other,
                        )
                        .with_help(
                            "a parameter is a number, or \"none\" where the text gives no value",
                        ),
                    );
                    continue;
                }
            };
            let param = Param {
                name,
                value,
                note,
                cite,
                readings,
            };
            if let Some(n) = param.outside_readings() {
                problems.push(not_a_reading(raw.span(), n, &param.readings));
            }
            params.push(param);
        }
        params
    }

    /// The readings of a parameter: a table from each value it may take to the reading it
    /// stands for (`readings = { 1 = "one double", 2 = "one each" }`).
    fn readings(&self, value: &Value<'_>, problems: &mut Vec<Diagnostic>) -> Vec<(i64, String)> {
        let Some(table) = document::expect_table(value, "readings", problems) else {
            return Vec::new();
        };
        let mut readings = Vec::new();
        for (key, words) in table.iter() {
            let Ok(n) = key.get_ref().parse::<i64>() else {
                problems.push(
                    Diagnostic::new(
                        key.span(),
                        "a reading is named by the value that stands for it",
                        "not a whole number",
                    )
                    .with_help("`readings = { 1 = \"one double\", 2 = \"one each\" }`"),
                );
                continue;
            };
            if let Some(s) = document::expect_string(words, "readings", self.text, problems) {
                readings.push((n, s.text.to_string()));
            }
        }
        readings
    }

    fn cite(&self, r: &mut TableReader<'_, '_>, problems: &mut Vec<Diagnostic>) -> Cite {
        let Some(value) = r.require("cite", problems) else {
            return Cite::default();
        };
        self.cite_value(value, problems)
    }

    /// `cite`, one citation or a list of them, if the table gives it.
    fn cites(&self, r: &mut TableReader<'_, '_>, problems: &mut Vec<Diagnostic>) -> Vec<Cite> {
        match r.get("cite") {
            None => Vec::new(),
            Some(v) => match v.get_ref() {
                DeValue::Array(list) => list.iter().map(|c| self.cite_value(c, problems)).collect(),
                _ => vec![self.cite_value(v, problems)],
            },
        }
    }

    fn cite_value(&self, value: &Value<'_>, problems: &mut Vec<Diagnostic>) -> Cite {
        match value.get_ref() {
            DeValue::Table(t) => {
                let mut c = TableReader::new(t, value.span(), "`cite`");
                let source = self.string(&mut c, "source", problems);
                let at = self.string(&mut c, "at", problems);
                let column = self.string(&mut c, "column", problems);
                let value_at = self.string(&mut c, "value-at", problems);
                let through = self.string(&mut c, "through", problems);
                if source.is_none() || at.is_none() {
                    problems.push(Diagnostic::new(
                        value.span(),
                        "a citation names its `source` and the passage it is `at`",
                        "incomplete citation",
                    ));
                }
                c.finish(problems);
                Cite {
                    source: source.unwrap_or_default(),
                    at: at.unwrap_or_default(),
                    column,
                    value_at,
                    through,
                }
            }
            other => {
                problems.push(
                    document::wrong_type(value.span(), "cite", "a table", other)
                        .with_help("write `cite = { source = \"003\", at = \"Pungs\" }`"),
                );
                Cite::default()
            }
        }
    }

    fn condition(
        &self,
        value: &Value<'_>,
        key: &str,
        what: &'static str,
        problems: &mut Vec<Diagnostic>,
    ) -> Option<Condition> {
        let mut r = self.table(value, key, what, problems)?;
        let id = self.id(&mut r, problems);
        let when = self.required_expression(&mut r, "when", problems);
        let cite = self.cite(&mut r, problems);
        let notes = self.string(&mut r, "notes", problems);
        r.finish(problems);
        Some(Condition {
            id: id?,
            when: when?,
            cite,
            notes,
        })
    }

    /// A refusal: its id, condition, the key of the hand it points at, and its message.
    fn refusal(&self, value: &Value<'_>, problems: &mut Vec<Diagnostic>) -> Option<Refusal> {
        let mut r = self.table(value, "refusals", "a refusal", problems)?;
        let id = self.id(&mut r, problems);
        let when = self.required_expression(&mut r, "when", problems);
        let at = r.required_string("at", self.text, problems).and_then(|s| {
            if HAND_KEYS.contains(&s.text) {
                return Some(self.located(&s));
            }
            problems.push(document::not_a_word(
                &s,
                "a key of a hand",
                "no such key",
                HAND_KEYS,
            ));
            None
        });
        let message = r
            .required_string("message", self.text, problems)
            .map(|s| s.text.to_string());
        let cite = self.cite(&mut r, problems);
        let notes = self.string(&mut r, "notes", problems);
        r.finish(problems);
        Some(Refusal {
            id: id?,
            when: when?,
            at: at?,
            message: message?,
            cite,
            notes,
        })
    }

    /// A block: its id, and each of its ways as tiles.
    fn block(&self, value: &Value<'_>, problems: &mut Vec<Diagnostic>) -> Option<BlockDef> {
        let mut r = self.table(value, "blocks", "a block", problems)?;
        let id = self.id(&mut r, problems);
        let before = problems.len();
        let mut ways = Vec::new();
        if let Some(v) = r.require("tiles", problems) {
            match v.get_ref() {
                DeValue::Array(list) if !list.is_empty() => {
                    for item in list {
                        let Some(s) = document::expect_string_in(item, "tiles", self.text, problems)
                        else {
                            continue;
                        };
                        if let Some(counts) = block_tiles(&s, problems) {
                            ways.push((self.located(&s), counts));
                        }
                    }
                }
                DeValue::Array(_) => problems.push(
                    Diagnostic::new(v.span(), "a block with no way to make it", "an empty list")
                        .with_help(
                            "write each way to make the block as tiles: `tiles = [\"147m 258p 369s\"]`",
                        ),
                ),
                other => problems.push(
                    document::wrong_type(v.span(), "tiles", "a list of tile strings", other)
                        .with_help(
                            "write each way to make the block as tiles: `tiles = [\"147m 258p 369s\"]`",
                        ),
                ),
            }
        }
        let cite = self.cite(&mut r, problems);
        let notes = self.string(&mut r, "notes", problems);
        r.finish(problems);
        (problems.len() == before).then_some(())?;
        Some(BlockDef {
            id: id?,
            ways,
            cite,
            notes,
        })
    }

    fn id(
        &self,
        r: &mut TableReader<'_, '_>,
        problems: &mut Vec<Diagnostic>,
    ) -> Option<Located<String>> {
        let s = r.required_string("id", self.text, problems)?;
        if !is_id(s.text) {
            problems.push(bad_id(&s));
            return None;
        }
        Some(self.located(&s))
    }

    /// An item of the table `table`, whose items give `kind`.
    fn item(
        &self,
        value: &Value<'_>,
        table: &str,
        kind: ItemKind,
        problems: &mut Vec<Diagnostic>,
    ) -> Option<Item> {
        let before = problems.len();
        let mut r = self.table(value, table, "an item", problems)?;
        let id = self.id(&mut r, problems);
        let description = self.string(&mut r, "description", problems);
        // A group of elements is written as its names (`a, b in sets`); anything else is
        // one of the words.
        let for_each_text = r.string("for-each", self.text, problems);
        let group = (for_each_text.as_ref())
            .filter(|s| s.text.split_whitespace().any(|w| w == "in"))
            .map(|s| self.source(s));
        let for_each = match (&group, for_each_text) {
            (Some(_), _) => ForEach::Group,
            (None, Some(s)) => {
                read_word(&s, &ForEach::WORDS, "a scope", problems).unwrap_or(ForEach::Hand)
            }
            (None, None) => ForEach::Hand,
        };
        let who = r
            .string("who", self.text, problems)
            .and_then(|s| read_word(&s, &Who::WORDS, "a player group", problems))
            .unwrap_or(Who::All);
        let when = self.expression(&mut r, "when", problems);
        let mut value = r
            .get("value")
            .and_then(|v| self.value(v, "value", problems));
        let own_points_doubled = self.own_points_doubled(&mut r, kind, &mut value, problems);
        let replaces = r
            .get("replaces")
            .map(|v| self.id_list(v, "replaces", problems))
            .unwrap_or_default();
        let replaces_within = r
            .get("replaces-within")
            .map(|v| self.id_list(v, "replaces-within", problems))
            .unwrap_or_default();
        let combination = r.string("combination", self.text, problems).and_then(|s| {
            if is_id(s.text) {
                return Some(self.located(&s));
            }
            problems.push(
                Diagnostic::new(
                    s.span.clone(),
                    format!("`{}` is not a valid name of a combination", s.text),
                    "not a name",
                )
                .with_help("names are written like ids, lowercase letters, digits and hyphens"),
            );
            None
        });
        let tags = r
            .get("tags")
            .map(|v| self.id_list(v, "tags", problems))
            .unwrap_or_default();
        for tag in tags.iter().filter(|t| !is_id(&t.value)) {
            problems.push(bad_tag(tag));
        }
        let with_limit_hand = r.flag("with-limit-hand", problems);
        let cite = self.cite(&mut r, problems);
        let notes = self.string(&mut r, "notes", problems);
        let unsupported = self.string(&mut r, "unsupported", problems);
        let table_span = r.span();
        r.finish(problems);
        if unsupported.is_none() && value.is_none() && problems.len() == before {
            let span = id.as_ref().map_or(table_span, |i| i.span.clone());
            problems.push(
                Diagnostic::new(span, "an item needs a `value`", "no `value`")
                    .with_help("give its `value`, or mark it `unsupported = \"why\"` if the engine cannot score it"),
            );
        }
        if with_limit_hand && !matches!(kind, ItemKind::Points | ItemKind::Doubles) {
            problems.push(Diagnostic::new(
                id.as_ref().map_or(0..0, |i| i.span.clone()),
                "only points and doubles can be counted on top of a limit hand",
                "`with-limit-hand` on this item",
            ));
        }
        Some(Item {
            id: id?,
            kind,
            description,
            for_each,
            group,
            who,
            when,
            value,
            replaces,
            replaces_within,
            combination,
            tags,
            with_limit_hand,
            own_points_doubled,
            cite,
            notes,
            unsupported,
        })
    }

    /// Whether the item is a limit hand worth its own points doubled `doubles` times
    /// (`doubles = N` instead of `value`); `value` is then `N`. Only a limit hand can be.
    fn own_points_doubled(
        &self,
        r: &mut TableReader<'_, '_>,
        kind: ItemKind,
        value: &mut Option<Located<ValueSource>>,
        problems: &mut Vec<Diagnostic>,
    ) -> bool {
        let Some(v) = r.get("doubles") else {
            return false;
        };
        if kind != ItemKind::LimitHand {
            problems.push(
                Diagnostic::new(
                    v.span(),
                    "only a limit hand can be worth its own points doubled",
                    "`doubles` on this item",
                )
                .with_help("give the item's `value`"),
            );
            return false;
        }
        if value.is_some() {
            problems.push(
                Diagnostic::new(v.span(), "a limit hand has a `value` or `doubles`, not both", "second value")
                    .with_help("`value = N`: worth N; `doubles = N`: worth the hand's own points doubled N times"),
            );
            return false;
        }
        *value = self.value(v, "doubles", problems);
        value.is_some()
    }

    /// A number, or an integer expression in quotes.
    fn value(
        &self,
        v: &Value<'_>,
        key: &str,
        problems: &mut Vec<Diagnostic>,
    ) -> Option<Located<ValueSource>> {
        match v.get_ref() {
            DeValue::Integer(i) => match i.as_str().parse::<i64>() {
                Ok(n) => Some(Located {
                    value: ValueSource::Int(n),
                    file: self.index,
                    span: v.span(),
                }),
                Err(_) => {
                    problems.push(Diagnostic::new(
                        v.span(),
                        "this number is too large",
                        "out of range",
                    ));
                    None
                }
            },
            DeValue::String(_) => {
                let s = document::expect_string(v, key, self.text, problems)?;
                Some(Located {
                    value: ValueSource::Expr(self.source(&s)),
                    file: self.index,
                    span: v.span(),
                })
            }
            other => {
                problems.push(
                    document::wrong_type(
                        v.span(),
                        key,
                        "a number or an expression in quotes",
                        other,
                    )
                    .with_help(format!(
                        "for example `{key} = 4` or `{key} = \"$limit / 2\"`"
                    )),
                );
                None
            }
        }
    }

    /// An optional boolean.
    fn optional_flag(
        &self,
        r: &mut TableReader<'_, '_>,
        key: &'static str,
        problems: &mut Vec<Diagnostic>,
    ) -> Option<bool> {
        let v = r.get(key)?;
        match v.get_ref() {
            DeValue::Boolean(b) => Some(*b),
            other => {
                problems.push(document::wrong_type(
                    v.span(),
                    key,
                    "a boolean (`true` or `false`)",
                    other,
                ));
                None
            }
        }
    }

    fn payments(&self, value: &Value<'_>, problems: &mut Vec<Diagnostic>) -> Option<PaymentsPatch> {
        let mut r = self.table(value, "payments", "`[payments]`", problems)?;
        let mut patch = PaymentsPatch {
            losers_settle: self.optional_flag(&mut r, "losers-settle", problems),
            amount: self.expression(&mut r, "amount", problems),
            pot: self.expression(&mut r, "pot", problems),
            cap: r.get("cap").and_then(|v| self.value(v, "cap", problems)),
            dealer_cap: r
                .get("dealer-cap")
                .and_then(|v| self.value(v, "dealer-cap", problems)),
            notes: self.string(&mut r, "notes", problems),
            ..PaymentsPatch::default()
        };
        if let Some(v) = r.get("dealer-keeps-on-draw") {
            problems.push(
                Diagnostic::new(
                    v.span(),
                    "who deals next is a rule of the game now, not of the payments",
                    "moved to `[game]`",
                )
                .with_help(
                    "write `[game]` `dealer-keeps = \"dealer_won or drawn\"` (East keeps the \
                     deal on a win and on a draw)",
                ),
            );
        }
        if let Some(v) = r.get("doubles") {
            for t in self.array_of_tables(v, "payments.doubles", problems) {
                if let Some(rule) = self.payment_rule(t, false, problems) {
                    patch.doubles.push(rule);
                }
            }
        }
        if let Some(v) = r.get("liabilities") {
            for t in self.array_of_tables(v, "payments.liabilities", problems) {
                if let Some(rule) = self.payment_rule(t, true, problems) {
                    patch.liabilities.push(rule);
                }
            }
        }
        r.finish(problems);
        Some(patch)
    }

    fn game(&self, value: &Value<'_>, problems: &mut Vec<Diagnostic>) -> Option<GameRules> {
        let mut r = self.table(value, "game", "`[game]`", problems)?;
        let whole = |key: &'static str,
                     least: i64,
                     r: &mut TableReader<'_, '_>,
                     problems: &mut Vec<Diagnostic>| {
            let v = r.get(key)?;
            match v.get_ref() {
                DeValue::Integer(i) => match i.as_str().parse::<i64>() {
                    Ok(n) if n >= least && n <= crate::settle::MAX_PAYMENT => Some(Located {
                        value: n,
                        file: self.index,
                        span: v.span(),
                    }),
                    _ => {
                        problems.push(Diagnostic::new(
                            v.span(),
                            format!("`{key}` is a whole number from {least} to 2^53"),
                            "out of range",
                        ));
                        None
                    }
                },
                other => {
                    problems.push(document::wrong_type(v.span(), key, "a whole number", other));
                    None
                }
            }
        };
        let start = whole("start", 0, &mut r, problems);
        let rounds = whole("rounds", 1, &mut r, problems);
        if let Some(n) = rounds.as_ref().filter(|n| n.value > 4) {
            problems.push(
                Diagnostic::new(
                    n.span.clone(),
                    "a game has at most four rounds",
                    "more than four",
                )
                .with_help("the rounds are the prevailing winds: east, south, west, north"),
            );
        }
        let deposit = whole("deposit", 1, &mut r, problems);
        let target = whole("target", 0, &mut r, problems);
        let uma = r.get("uma").and_then(|v| {
            let numbers: Option<Vec<i64>> = match v.get_ref() {
                DeValue::Array(list) => list
                    .iter()
                    .map(|n| match n.get_ref() {
                        DeValue::Integer(i) => i.as_str().parse::<i64>().ok().filter(|n| n.abs() <= crate::settle::MAX_PAYMENT),
                        _ => None,
                    })
                    .collect(),
                _ => None,
            };
            match numbers.as_deref() {
                Some(&[a, b, c, d]) if a + b + c + d == 0 => Some(Located {
                    value: [a, b, c, d],
                    file: self.index,
                    span: v.span(),
                }),
                Some(&[a, b, c, d]) => {
                    problems.push(
                        Diagnostic::new(
                            v.span(),
                            format!("the uma adds up to {}, not 0", a + b + c + d),
                            "not zero-sum",
                        )
                        .with_help("what the first players gain the last pay: the four numbers add up to 0"),
                    );
                    None
                }
                _ => {
                    problems.push(
                        Diagnostic::new(v.span(), "`uma` is four whole numbers, first place first", "not four numbers")
                            .with_help("for example `uma = [15000, 5000, -5000, -15000]`"),
                    );
                    None
                }
            }
        });
        let round_seats = r
            .get("round-seats")
            .map_or_else(Vec::new, |v| self.round_seats(v, problems));
        let cites = self.cites(&mut r, problems);
        let game = GameRules {
            start,
            rounds,
            dealer_keeps: self.expression(&mut r, "dealer-keeps", problems),
            counters: self.expression(&mut r, "counters", problems),
            deposit,
            round_seats,
            uma,
            target,
            cites,
            notes: self.string(&mut r, "notes", problems),
        };
        r.finish(problems);
        Some(game)
    }

    /// `round-seats`: for each round after the first, the first seats of the players who sit
    /// East, South, West and North at its first deal.
    fn round_seats(
        &self,
        v: &Value<'_>,
        problems: &mut Vec<Diagnostic>,
    ) -> Vec<Located<[Wind; 4]>> {
        let help = "for each round after the first, the first seats of the players at East, \
                    South, West and North: `[\"south\", \"east\", \"north\", \"west\"]`";
        let DeValue::Array(rounds) = v.get_ref() else {
            problems.push(
                document::wrong_type(v.span(), "round-seats", "a list of lists", v.get_ref())
                    .with_help(help),
            );
            return Vec::new();
        };
        if rounds.len() > 3 {
            problems.push(
                Diagnostic::new(
                    v.span(),
                    "`round-seats` names at most three rounds, the second to the fourth",
                    "too many rounds",
                )
                .with_help(help),
            );
            return Vec::new();
        }
        let mut out = Vec::new();
        for round in rounds {
            let winds: Option<Vec<Wind>> = match round.get_ref() {
                DeValue::Array(seats) => seats
                    .iter()
                    .map(|s| match s.get_ref() {
                        DeValue::String(w) => Wind::from_name(w.as_ref()),
                        _ => None,
                    })
                    .collect(),
                _ => None,
            };
            match winds.as_deref() {
                Some(&[a, b, c, d])
                    if {
                        let mut seen = [a, b, c, d].map(Wind::index);
                        seen.sort_unstable();
                        seen == [0, 1, 2, 3]
                    } =>
                {
                    out.push(Located {
                        value: [a, b, c, d],
                        file: self.index,
                        span: round.span(),
                    });
                }
                _ => problems.push(
                    Diagnostic::new(
                        round.span(),
                        "a round's seats are the four winds, each once",
                        "not the four seats",
                    )
                    .with_help(help),
                ),
            }
        }
        out
    }

    fn payment_rule(
        &self,
        value: &Value<'_>,
        liability: bool,
        problems: &mut Vec<Diagnostic>,
    ) -> Option<PaymentRule> {
        let what = if liability {
            "a liability"
        } else {
            "a payment doubling"
        };
        let mut r = self.table(value, "payments", what, problems)?;
        let id = self.id(&mut r, problems);
        let when = self.required_expression(&mut r, "when", problems);
        let liable = if liability {
            r.required_string("liable", self.text, problems)
                .and_then(|s| read_word(&s, &Liable::WORDS, "a liable player", problems))
        } else {
            None
        };
        let cite = self.cite(&mut r, problems);
        let notes = self.string(&mut r, "notes", problems);
        r.finish(problems);
        Some(PaymentRule {
            id: id?,
            when: when?,
            liable,
            cite,
            notes,
        })
    }

    fn example(&self, value: &Value<'_>, problems: &mut Vec<Diagnostic>) -> Option<Example> {
        let before = problems.len();
        let mut r = self.table(value, "examples", "an example", problems)?;
        let id = self.id(&mut r, problems);
        let cite = self.cite(&mut r, problems);
        let slip = self.string(&mut r, "slip", problems);
        let expect = r.require("expect", problems);
        let case = match (r.get("hand"), r.get("payment"), r.get("faan"), expect) {
            (Some(hand), None, None, Some(expect)) => self.example_hand(hand, expect, problems),
            (None, Some(payment), None, Some(expect)) => {
                self.example_payment(payment, expect, problems)
            }
            (None, None, Some(faan), Some(expect)) => example_faan(faan, expect, problems),
            _ => {
                problems.push(
                    Diagnostic::new(r.span(), "an example has one of `hand`, `payment` or `faan`, and `expect`", "not an example")
                        .with_help("`hand = {…}` with `expect = { total = … }`, `payment = {…}` with `expect = { net = {…} }`, or `faan = N` with `expect = { base = … }`"),
                );
                None
            }
        };
        r.finish(problems);
        if problems.len() > before {
            return None;
        }
        Some(Example {
            id: id?,
            case: case?,
            cite,
            slip,
        })
    }

    /// A worked hand: `hand = {…}` with `expect = { total = … }`.
    fn example_hand(
        &self,
        hand: &Value<'_>,
        expect: &Value<'_>,
        problems: &mut Vec<Diagnostic>,
    ) -> Option<ExampleCase> {
        let (table, expected) = (
            document::expect_table(hand, "hand", problems),
            document::expect_table(expect, "expect", problems),
        );
        let (table, expected) = (table?, expected?);
        let reader = TableReader::new(table, hand.span(), "an example's hand");
        let hand = read_hand(reader, self.text, None, None, problems);
        let total = expected_int(expected, "total", expect.span(), problems);
        Some(ExampleCase::Hand {
            hand: Box::new(hand?),
            total: total?,
        })
    }

    /// A worked payment: `payment = { winner, value, from, discarder }` with
    /// `expect = { net = { east = …, … } }`.
    fn example_payment(
        &self,
        payment: &Value<'_>,
        expect: &Value<'_>,
        problems: &mut Vec<Diagnostic>,
    ) -> Option<ExampleCase> {
        let (table, expected) = (
            document::expect_table(payment, "payment", problems),
            document::expect_table(expect, "expect", problems),
        );
        let (table, expected) = (table?, expected?);
        let mut pr = TableReader::new(table, payment.span(), "an example's payment");
        let wind = |v: Option<StrValue<'_>>, problems: &mut Vec<Diagnostic>| {
            read_word(&v?, &Wind::WORDS, "a wind", problems)
        };
        let winner_text = pr.string("winner", self.text, problems);
        let winner = wind(winner_text, problems);
        let value = pr
            .get("value")
            .and_then(|v| v.get_ref().as_integer())
            .and_then(|i| i.as_str().parse().ok());
        let from = pr
            .string("from", self.text, problems)
            .and_then(|s| read_word(&s, &WinSource::WORDS, "a way to win", problems));
        let discarder_text = pr.string("discarder", self.text, problems);
        let discarder = wind(discarder_text, problems);
        pr.finish(problems);
        let Some(DeValue::Table(net_table)) = expected.get("net").map(|v| v.get_ref()) else {
            problems.push(Diagnostic::new(
                expect.span(),
                "`expect` needs `net = { east = …, south = …, west = …, north = … }`",
                "no net",
            ));
            return None;
        };
        let mut net = [0i64; 4];
        for (i, (seat, _)) in Wind::WORDS.iter().enumerate() {
            net[i] = expected_int(net_table, seat, expect.span(), problems)?;
        }
        if value.is_none() {
            problems.push(Diagnostic::new(
                payment.span(),
                "a payment example needs `value` (the score or the faan)",
                "no value",
            ));
        }
        Some(ExampleCase::Payment {
            winner: winner?,
            value: value?,
            from: from?,
            discarder,
            net,
        })
    }

    fn not_scored(&self, value: &Value<'_>, problems: &mut Vec<Diagnostic>) -> Option<NotScored> {
        let mut r = self.table(value, "not-scored", "a passage not scored", problems)?;
        let id = r
            .get("id")
            .is_some()
            .then(|| self.id(&mut r, problems))
            .flatten();
        let cite = self.cite(&mut r, problems);
        let reason = r
            .required_string("reason", self.text, problems)
            .map(|s| s.text.to_string());
        r.finish(problems);
        Some(NotScored {
            id,
            cite,
            reason: reason?,
        })
    }

    fn score(&self, value: &Value<'_>, problems: &mut Vec<Diagnostic>) -> Option<ScoreSection> {
        let mut r = self.table(value, "score", "`[score]`", problems)?;
        let prefer = r.get("prefer").map(|v| match v.get_ref() {
            DeValue::Array(list) => list
                .iter()
                .filter_map(|e| document::expect_string_in(e, "prefer", self.text, problems))
                .map(|s| self.source(&s))
                .collect(),
            other => {
                problems.push(
                    document::wrong_type(v.span(), "prefer", "a list of expressions", other)
                        .with_help("write `prefer = [\"sum('han')\", \"sum('fu')\"]`"),
                );
                Vec::new()
            }
        });
        let units = r.get("units").map(|v| {
            let units = self.id_list(v, "units", problems);
            for unit in units.iter().filter(|u| !is_name(&u.value)) {
                problems.push(bad_name(unit, "a unit"));
            }
            (v.span(), units)
        });
        let notes = self.string(&mut r, "notes", problems);
        let cite = r.get("cite").is_some().then(|| self.cite(&mut r, problems));
        r.finish(problems);
        Some(ScoreSection {
            prefer,
            units,
            cite,
            notes,
        })
    }

    /// One of `[[values]]`.
    fn named_value(&self, value: &Value<'_>, problems: &mut Vec<Diagnostic>) -> Option<NamedValue> {
        let mut r = self.table(value, "values", "a value", problems)?;
        let id = r
            .required_string("id", self.text, problems)
            .map(|s| self.located(&s))
            .filter(|id| {
                let ok = is_name(&id.value);
                if !ok {
                    problems.push(bad_name(id, "a value"));
                }
                ok
            });
        let description = self.string(&mut r, "description", problems);
        let value = r
            .require("value", problems)
            .and_then(|v| self.value(v, "value", problems));
        let cite = self.cite(&mut r, problems);
        let notes = self.string(&mut r, "notes", problems);
        r.finish(problems);
        Some(NamedValue {
            id: id?,
            description,
            value: value?,
            cite,
            notes,
        })
    }

    /// One of `[[tiers]]`.
    fn tier(&self, value: &Value<'_>, problems: &mut Vec<Diagnostic>) -> Option<Tier> {
        let mut r = self.table(value, "tiers", "a tier", problems)?;
        let id = self.id(&mut r, problems);
        let description = self.string(&mut r, "description", problems);
        let of = r
            .required_string("of", self.text, problems)
            .map(|s| self.located(&s));
        let when = self.required_expression(&mut r, "when", problems);
        let value = r
            .require("value", problems)
            .and_then(|v| self.value(v, "value", problems));
        let cite = self.cite(&mut r, problems);
        let notes = self.string(&mut r, "notes", problems);
        r.finish(problems);
        Some(Tier {
            id: id?,
            description,
            of: of?,
            when: when?,
            value: value?,
            cite,
            notes,
        })
    }

    fn faan_table(&self, value: &Value<'_>, problems: &mut Vec<Diagnostic>) -> Option<FaanTable> {
        let mut r = self.table(value, "faan-table", "`[faan-table]`", problems)?;
        let rows = r.require("rows", problems);
        // Notes are for people reading the file; the engine has no use for them.
        self.string(&mut r, "notes", problems);
        let cite = r.get("cite").is_some().then(|| self.cite(&mut r, problems));
        r.finish(problems);
        let rows = rows?;
        let bad = |problems: &mut Vec<Diagnostic>, span| {
            problems.push(
                Diagnostic::new(
                    span,
                    "a faan table row is `[least faan, base points]`",
                    "not a row",
                )
                .with_help("for example `rows = [[3, 1], [4, 2], [7, 4], [10, 8]]`"),
            );
        };
        let DeValue::Array(items) = rows.get_ref() else {
            bad(problems, rows.span());
            return None;
        };
        let mut table: Vec<(i64, i64)> = Vec::new();
        for row in items.iter() {
            let pair = match row.get_ref() {
                DeValue::Array(cells) if cells.len() == 2 => {
                    let n = |c: &Value<'_>| match c.get_ref() {
                        DeValue::Integer(i) => i.as_str().parse::<i64>().ok(),
                        _ => None,
                    };
                    n(&cells[0]).zip(n(&cells[1]))
                }
                _ => None,
            };
            match pair {
                Some((faan, points)) => {
                    if table.last().is_some_and(|&(f, _)| f >= faan) {
                        problems.push(Diagnostic::new(
                            row.span(),
                            "faan table rows go up in faan",
                            "not above the row before",
                        ));
                    }
                    table.push((faan, points));
                }
                None => bad(problems, row.span()),
            }
        }
        Some(FaanTable {
            rows: table,
            cite,
            span: value.span(),
        })
    }
}

/// What the word `s` names in `table`, or a problem saying it is not `what` (with the likely
/// word).
fn read_word<T: Copy, const N: usize>(
    s: &StrValue<'_>,
    table: &words::Words<T, N>,
    what: &str,
    problems: &mut Vec<Diagnostic>,
) -> Option<T> {
    let read = words::read(table, s.text);
    if read.is_none() {
        problems.push(document::not_a_word(
            s,
            what,
            "unknown word",
            &words::all(table),
        ));
    }
    read
}

/// A worked faan table row: `faan = N` with `expect = { base = … }`.
fn example_faan(
    faan: &Value<'_>,
    expect: &Value<'_>,
    problems: &mut Vec<Diagnostic>,
) -> Option<ExampleCase> {
    let faan = faan
        .get_ref()
        .as_integer()
        .and_then(|i| i.as_str().parse().ok());
    let expected = document::expect_table(expect, "expect", problems)?;
    let base = expected_int(expected, "base", expect.span(), problems);
    Some(ExampleCase::Faan {
        faan: faan?,
        base: base?,
    })
}

/// The whole number under `key` in an example's `expect` table (at `span`), or a problem.
fn expected_int(
    table: &toml::de::DeTable<'_>,
    key: &str,
    span: std::ops::Range<usize>,
    problems: &mut Vec<Diagnostic>,
) -> Option<i64> {
    match table.get(key).map(|v| v.get_ref()) {
        Some(DeValue::Integer(i)) => i.as_str().parse().ok(),
        _ => {
            problems.push(Diagnostic::new(
                span,
                format!("`expect` needs `{key}`, a whole number"),
                "missing or not a number",
            ));
            None
        }
    }
}

/// Ids are lowercase words joined by hyphens: `pung-dragon`, `all-one-suit`.
pub fn is_id(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !text.starts_with('-')
}

fn bad_id(s: &StrValue<'_>) -> Diagnostic {
    Diagnostic::new(
        s.span.clone(),
        format!("`{}` is not a valid id", s.text),
        "not an id",
    )
    .with_help("ids are lowercase letters, digits and hyphens: `pung-dragon`")
}

/// A name that expressions read, a unit or a value: a lowercase letter, then lowercase
/// letters, digits and underscores (`han`, `basic_points`).
fn is_name(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_lowercase())
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The problem with `name`, given as `what` (a unit, a value), that is not a name.
fn bad_name(name: &Located<String>, what: &str) -> Diagnostic {
    Diagnostic::new(
        name.span.clone(),
        format!("`{}` is not a valid name for {what}", name.value),
        "not a name",
    )
    .with_help("expressions read it by name: lowercase letters, digits and underscores, starting with a letter (`han`, `basic_points`)")
}

fn bad_tag(tag: &Located<String>) -> Diagnostic {
    Diagnostic::new(
        tag.span.clone(),
        format!("`{}` is not a valid tag", tag.value),
        "not a tag",
    )
    .with_help("tags are written like ids, lowercase letters, digits and hyphens: `yaku`")
}

/// A parameter's value that stands for none of its readings.
pub(super) fn not_a_reading(
    span: std::ops::Range<usize>,
    value: i64,
    readings: &[(i64, String)],
) -> Diagnostic {
    Diagnostic::new(
        span,
        format!("`{value}` is not one of this parameter's readings"),
        "no such reading",
    )
    .with_help(format!("the readings are {}", readings_text(readings)))
}

/// The readings of a parameter in words: `1 (one double), 2 (one each)`.
pub(crate) fn readings_text(readings: &[(i64, String)]) -> String {
    readings
        .iter()
        .map(|(n, words)| format!("{n} ({words})"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The tiles of one way to make a block (`s`, an entry of its `tiles`): playing tiles, a
/// multiple of three from 3 to 12, at most four of each.
fn block_tiles(s: &StrValue<'_>, problems: &mut Vec<Diagnostic>) -> Option<TileCounts> {
    let tiles = match parse_tiles(s.text) {
        Ok(tiles) => tiles,
        Err(errors) => {
            problems.extend(errors.into_iter().map(|mut e| {
                e.span = s.sub_span(e.span.clone());
                e
            }));
            return None;
        }
    };
    let mut counts = TileCounts::default();
    for parsed in &tiles {
        match parsed.tile {
            AnyTile::Playing(tile) => counts.add(tile),
            AnyTile::Bonus(_) => {
                problems.push(
                    Diagnostic::new(
                        s.sub_span(parsed.span.clone()),
                        "a block holds no flower or season",
                        "a bonus tile",
                    )
                    .with_help("a block is made of playing tiles, read in place of sets"),
                );
                return None;
            }
        }
    }
    let n = counts.total();
    if n == 0 || n % 3 != 0 || n > 12 {
        problems.push(
            Diagnostic::new(
                s.span.clone(),
                format!("a block of {n} tiles"),
                "not 3, 6, 9 or 12 tiles",
            )
            .with_help("a block stands for whole sets: three tiles a set, at most four sets"),
        );
        return None;
    }
    if let Some(tile) = counts.tiles().find(|&t| counts.get(t) > 4) {
        problems.push(Diagnostic::new(
            s.span.clone(),
            format!("a block with {} copies of {tile}", counts.get(tile)),
            "more than four of a tile",
        ));
        return None;
    }
    Some(counts)
}
