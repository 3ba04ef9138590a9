//! Loading a variant: a built-in id or a path, `extends` followed to its root, a house
//! file's changes applied over its base, `--param` overrides applied last, then the check.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use super::builtin;
use super::check::{Rules, check};
use super::read::{FileVariant, read_file};
use super::{Definition, File, ItemKind, Located, Param, Style};
use crate::diagnostic::{Diagnostic, InputError, did_you_mean};
use crate::predicate::check::ParamValue;

/// The most files one `extends` chain may hold.
const MAX_CHAIN: usize = 16;

/// Why a variant could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// Problems inside files, each file with its own.
    Files(Vec<InputError>),
    /// The name is neither a built-in variant nor a path (a path has a `/` or ends in
    /// `.toml`).
    UnknownVariant {
        /// The name given.
        name: String,
        /// The built-in id it is likely a typo of.
        suggestion: Option<&'static str>,
    },
    /// A file named by another file (a game's `variant`) is not a variant file: nothing of
    /// it is shown.
    NotAVariantFile {
        /// Its path.
        path: PathBuf,
    },
    /// A variant file could not be read.
    Unreadable {
        /// Its path.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// A parameter override whose value is neither a whole number nor `none`.
    BadParamValue {
        /// The parameter.
        name: String,
        /// The value given.
        value: String,
    },
    /// A parameter override whose value stands for none of the parameter's readings.
    NotAReading {
        /// The parameter.
        name: String,
        /// The value given.
        value: i64,
        /// Its readings, in words.
        readings: String,
    },
    /// Two overrides of one parameter.
    ParamTwice {
        /// The parameter.
        name: String,
        /// The values given, in order.
        values: [String; 2],
    },
    /// A parameter override that names no parameter of the variant.
    UnknownParam {
        /// The variant.
        variant: String,
        /// The parameter named.
        name: String,
        /// The parameter it is likely a typo of.
        suggestion: Option<String>,
        /// The variant's parameters.
        known: Vec<String>,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Files(errors) => {
                for (i, e) in errors.iter().enumerate() {
                    if i > 0 {
                        writeln!(f)?;
                    }
                    write!(f, "{e}")?;
                    for p in e.problems() {
                        write!(f, "\n  {}", p.message)?;
                    }
                }
                Ok(())
            }
            LoadError::UnknownVariant { name, suggestion } => {
                write!(f, "unknown variant `{name}`")?;
                if let Some(s) = suggestion {
                    write!(f, " (did you mean `{s}`?)")?;
                }
                write!(
                    f,
                    "; the built-in variants are {}, or give a path to a variant file",
                    builtin::ids().collect::<Vec<_>>().join(", ")
                )
            }
            LoadError::Unreadable { path, error } => {
                write!(f, "cannot read `{}`: {error}", path.display())
            }
            LoadError::NotAVariantFile { path } => write!(
                f,
                "`{}` is not a variant file (TOML with a `[variant]` table); nothing of it is shown",
                path.display()
            ),
            LoadError::BadParamValue { name, value } => write!(
                f,
                "`--param {name}={value}`: a parameter is a whole number or `none`"
            ),
            LoadError::NotAReading {
                name,
                value,
                readings,
            } => write!(
                f,
                "`--param {name}={value}`: `{value}` is not one of the readings of `{name}`: {readings}"
            ),
            LoadError::ParamTwice { name, values } => write!(
                f,
                "`--param {name}` is given twice (`{}`, then `{}`); give it once",
                values[0], values[1]
            ),
            LoadError::UnknownParam {
                variant,
                name,
                suggestion,
                known,
            } => {
                write!(f, "`{variant}` has no parameter `{name}`")?;
                if let Some(s) = suggestion {
                    write!(f, " (did you mean `{s}`?)")?;
                }
                write!(f, "; its parameters are {}", known.join(", "))
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// Loads and checks the variant named by `spec` (a built-in id or a path to a file), with
/// parameters overridden by `overrides` (`name`, `value` as typed on the command line).
/// What the files could not say is reported with what the checker finds in the rest, all
/// at once.
pub fn load(spec: &str, overrides: &[(String, String)]) -> Result<Rules, LoadError> {
    let (variant, read_problems) = read_definition(spec, None, NamedBy::User)?;
    let variant = apply_overrides(variant, overrides)?;
    check(variant, read_problems).map_err(LoadError::Files)
}

/// Loads and checks the variant that another file names (a game's `variant`): a built-in id,
/// or the path of a variant file from `folder` (the naming file's), else from the working
/// directory. Such a file may come from anyone, so only a regular file is read, and one that
/// is not a variant file is refused with nothing of it shown.
pub fn load_named(spec: &str, folder: &Path) -> Result<Rules, LoadError> {
    let from_folder = builtin::text(spec).is_none() && folder.join(spec).exists();
    let folder = from_folder.then_some(folder);
    let (variant, read_problems) = read_definition(spec, folder, NamedBy::File)?;
    check(variant, read_problems).map_err(LoadError::Files)
}

/// Loads a variant from text (for tests and for files that are not on disk), named `name`.
pub fn load_text(name: &str, text: &str) -> Result<Rules, LoadError> {
    let mut loader = Loader::default();
    let variant = loader.file(
        File {
            name: name.to_string(),
            text: text.to_string(),
        },
        None,
    );
    let (variant, read_problems) = loader.finish(variant);
    check(variant, read_problems).map_err(LoadError::Files)
}

/// Loads a variant and follows `extends`, without checking its conditions.
pub fn load_definition(spec: &str) -> Result<Definition, LoadError> {
    let (variant, problems) = read_definition(spec, None, NamedBy::User)?;
    let errors = errors_of(&variant.files, problems);
    if errors.is_empty() {
        Ok(variant)
    } else {
        Err(LoadError::Files(errors))
    }
}

/// Reads a variant and follows `extends`: what could be read, and the problems of each file.
fn read_definition(
    spec: &str,
    folder: Option<&Path>,
    by: NamedBy,
) -> Result<(Definition, Vec<Vec<Diagnostic>>), LoadError> {
    let mut loader = Loader::default();
    let (file, dir) = resolve(spec, folder, by)?;
    let variant = loader.file(file, dir);
    Ok(loader.finish(variant))
}

/// The problems of each file, as one error per file that has any.
pub(super) fn errors_of(files: &[File], problems: Vec<Vec<Diagnostic>>) -> Vec<InputError> {
    files
        .iter()
        .zip(problems)
        .filter(|(_, p)| !p.is_empty())
        .map(|(f, p)| InputError::new(&f.name, &f.text, p))
        .collect()
}

/// Whether `text` is a variant file: TOML with a `[variant]` table, or a text with a
/// `[variant]` line that is not TOML yet (its mistakes are the reader's to show).
fn is_variant_file(text: &str) -> bool {
    match text.parse::<toml::Table>() {
        Ok(table) => table.get("variant").is_some_and(toml::Value::is_table),
        Err(_) => text.lines().any(|l| l.trim() == "[variant]"),
    }
}

/// Who names a variant file.
#[derive(Clone, Copy, PartialEq, Eq)]
enum NamedBy {
    /// The user, on the command line or through the library: the file is read, and its
    /// mistakes shown, whatever it holds.
    User,
    /// Another file (`extends`, a game's `variant`), which may come from anyone: only a
    /// regular file is read (not a device or a pipe, which may never end), and one that is
    /// not a variant file is refused with nothing of it shown.
    File,
}

/// Reads a built-in variant or a file, `relative_to` a folder where one is given.
fn resolve(
    spec: &str,
    relative_to: Option<&Path>,
    by: NamedBy,
) -> Result<(File, Option<PathBuf>), LoadError> {
    let looks_like_path = spec.contains('/') || spec.contains('\\') || spec.ends_with(".toml");
    if !looks_like_path {
        return match builtin::text(spec) {
            Some(text) => Ok((
                File {
                    name: format!("rules/{spec}.toml"),
                    text: text.to_string(),
                },
                None,
            )),
            None => Err(LoadError::UnknownVariant {
                name: spec.to_string(),
                suggestion: did_you_mean(spec, builtin::ids()),
            }),
        };
    }
    let path = match relative_to {
        Some(dir) => dir.join(spec),
        None => PathBuf::from(spec),
    };
    let read = match by {
        NamedBy::User => std::fs::File::open(&path).and_then(crate::document::read_bounded),
        NamedBy::File => crate::document::read_regular(&path, crate::document::MAX_INPUT),
    };
    let text = match read {
        Ok(text) => text,
        Err(error) => return Err(LoadError::Unreadable { path, error }),
    };
    if by == NamedBy::File && !is_variant_file(&text) {
        return Err(LoadError::NotAVariantFile { path });
    }
    let dir = path.parent().map(Path::to_path_buf);
    Ok((
        File {
            name: path.display().to_string(),
            text,
        },
        dir,
    ))
}

/// Reads the files of one `extends` chain.
#[derive(Default)]
struct Loader {
    files: Vec<File>,
    problems: Vec<Vec<Diagnostic>>,
    /// Names of the files being loaded, outermost first, to find cycles.
    chain: Vec<String>,
}

impl Loader {
    fn add(&mut self, file: File) -> usize {
        self.files.push(file);
        self.problems.push(Vec::new());
        self.files.len() - 1
    }

    /// Reads a file and everything it extends.
    fn file(&mut self, file: File, dir: Option<PathBuf>) -> Definition {
        let name = file.name.clone();
        let index = self.add(file);
        let read = {
            let mut problems = Vec::new();
            let read = read_file(index, &self.files[index], &mut problems);
            self.problems[index].extend(problems);
            read
        };
        self.chain.push(name);
        let base = read
            .extends
            .clone()
            .and_then(|extends| self.base(index, &extends, dir.as_deref()));
        self.chain.pop();
        self.merge(index, read, base)
    }

    /// Loads the base named by `extends` in file `index`.
    fn base(
        &mut self,
        index: usize,
        extends: &Located<String>,
        dir: Option<&Path>,
    ) -> Option<Definition> {
        let problem = |message: String, help: String| {
            Diagnostic::new(extends.span.clone(), message, "base not loaded").with_help(help)
        };
        if self.chain.len() >= MAX_CHAIN {
            self.problems[index].push(problem(
                format!("`extends` chains may be at most {MAX_CHAIN} files long"),
                "shorten the chain".into(),
            ));
            return None;
        }
        match resolve(&extends.value, dir, NamedBy::File) {
            Ok((file, base_dir)) => {
                if self.chain.contains(&file.name) {
                    self.problems[index].push(problem(
                        format!(
                            "`extends` makes a cycle: {} → {}",
                            self.chain.join(" → "),
                            file.name
                        ),
                        "a variant cannot extend itself, directly or through others".into(),
                    ));
                    return None;
                }
                Some(self.file(file, base_dir))
            }
            Err(LoadError::NotAVariantFile { path }) => {
                self.problems[index].push(problem(
                    format!("`{}` is not a variant file", path.display()),
                    "a variant file is TOML with a `[variant]` table; nothing of this one is shown"
                        .into(),
                ));
                None
            }
            Err(e) => {
                self.problems[index].push(problem(
                    e.to_string(),
                    "name a built-in variant or a variant file".into(),
                ));
                None
            }
        }
    }

    /// Applies file `index` over its base: its header, then what it removes, then what it
    /// adds or replaces.
    fn merge(&mut self, index: usize, read: FileVariant, base: Option<Definition>) -> Definition {
        let problems = &mut self.problems[index];
        let mut variant = match base {
            Some(base) => {
                let mut extends = vec![base.id.clone()];
                extends.extend(base.extends.iter().cloned());
                Definition { extends, ..base }
            }
            None => {
                if read.extends.is_none()
                    && read.style.is_none()
                    && let Some(id) = &read.id
                {
                    problems.push(
                        Diagnostic::new(
                            id.span.clone(),
                            "a variant that extends nothing needs a `style`",
                            "no `style` in `[variant]`",
                        )
                        .with_help("add `style = \"points-and-doubles\"`, `style = \"faan\"` or `style = \"formula\"`"),
                    );
                }
                empty_definition()
            }
        };
        let id = read
            .id
            .as_ref()
            .map(|i| i.value.clone())
            .unwrap_or_default();
        variant.name = read.name.unwrap_or_else(|| {
            if variant.name.is_empty() {
                id.clone()
            } else {
                format!("{id} (extends {})", variant.id)
            }
        });
        variant.id = id;
        // A file that names another source names its part too, or none: the base's part
        // belongs to the base's source.
        if let Some(source) = read.source {
            variant.source = Some(source);
            variant.source_part = None;
        }
        variant.source_part = read.source_part.or(variant.source_part.take());
        variant.style = read.style.unwrap_or(variant.style);
        variant.notes = read.notes.or(variant.notes.take());
        for id in &read.remove {
            if !remove(&mut variant, &id.value) {
                problems.push(nothing_to_remove(&variant, id));
            }
        }
        let mut params = read.params;
        // A house file that sets a parameter keeps the readings its base gives it.
        for p in params.iter_mut().filter(|p| p.readings.is_empty()) {
            if let Some(base) = variant.params.iter().find(|b| b.name.value == p.name.value) {
                p.readings = base.readings.clone();
                if let Some(n) = p.outside_readings() {
                    problems.push(super::read::not_a_reading(
                        p.name.span.clone(),
                        n,
                        &p.readings,
                    ));
                }
            }
        }
        replace_or_add(&mut variant.params, params, |p| &p.name);
        replace_or_add(&mut variant.shapes, read.shapes, |c| &c.id);
        replace_or_add(&mut variant.blocks, read.blocks, |b| &b.id);
        replace_or_add(&mut variant.requirements, read.requirements, |c| &c.id);
        replace_or_add(&mut variant.refusals, read.refusals, |r| &r.id);
        // A file's `units` replace its base's whole, before its items are read as theirs.
        if let Some(score) = read.score {
            if let Some((span, units)) = score.units {
                let before = std::mem::replace(&mut variant.units, units);
                keep_units_by_name(&mut variant, &before, span, problems);
            }
            // A file's `prefer` replaces its base's whole.
            if let Some(prefer) = score.prefer {
                variant.prefer = prefer;
                variant.prefer_cite = score.cite;
                variant.prefer_notes = score.notes;
            }
        }
        let mut items = read.items;
        for (at, table) in read.unit_tables.iter().rev() {
            match unit_named(&variant.units, &table.value) {
                Some(unit) => items[*at].kind = unit,
                None => {
                    // Reported once per table, at its first item.
                    if !read
                        .unit_tables
                        .iter()
                        .any(|(before, t)| before < at && t.value == table.value)
                    {
                        problems.push(not_a_table(&variant, table));
                    }
                    items.remove(*at);
                }
            }
        }
        let inherited = variant.items.len();
        for item in items {
            // An item of the base with the same id is replaced in place; a second item with
            // one id in the same file is a duplicate (reported by the check).
            match variant.items[..inherited]
                .iter()
                .position(|i| i.id.value == item.id.value)
            {
                Some(at) if variant.items[at].id.file != index => variant.items[at] = item,
                _ => variant.items.push(item),
            }
        }
        // A `formula` variant's unit named after a table of the fixed styles takes that
        // table's items, the base's and the file's: so a house file can restate a points
        // or faan variant's score as a formula of its own items.
        if variant.style == Style::Formula {
            for item in &mut variant.items {
                if let Some(unit) =
                    (item.kind.unit_name()).and_then(|name| unit_named(&variant.units, name))
                {
                    item.kind = unit;
                }
            }
        }
        if let Some(table) = read.faan_table {
            if variant.style == Style::PointsAndDoubles {
                problems.push(
                    Diagnostic::new(
                        table.span.clone(),
                        "a points-and-doubles variant has no faan table",
                        "read by nothing",
                    )
                    .with_help(
                        "a faan table turns faan into base points in a `faan` variant; remove it, or make the variant `style = \"faan\"`",
                    ),
                );
            }
            variant.faan_table = table.rows;
            variant.faan_table_cite = table.cite;
        }
        replace_or_add(&mut variant.values, read.values, |v| &v.id);
        replace_or_add(&mut variant.tiers, read.tiers, |t| &t.id);
        replace_or_add(&mut variant.examples, read.examples, |e| &e.id);
        variant.not_scored.extend(read.not_scored);
        if let Some(patch) = read.payments {
            let p = &mut variant.payments;
            p.losers_settle = patch.losers_settle.unwrap_or(p.losers_settle);
            p.amount = patch.amount.or(p.amount.take());
            p.pot = patch.pot.or(p.pot.take());
            p.cap = patch.cap.or(p.cap.take());
            p.dealer_cap = patch.dealer_cap.or(p.dealer_cap.take());
            p.notes = patch.notes.or(p.notes.take());
            replace_or_add(&mut p.doubles, patch.doubles, |r| &r.id);
            replace_or_add(&mut p.liabilities, patch.liabilities, |r| &r.id);
        }
        if let Some(patch) = read.game {
            let g = &mut variant.game;
            g.start = patch.start.or(g.start.take());
            g.rounds = patch.rounds.or(g.rounds.take());
            g.dealer_keeps = patch.dealer_keeps.or(g.dealer_keeps.take());
            g.counters = patch.counters.or(g.counters.take());
            g.deposit = patch.deposit.or(g.deposit.take());
            if !patch.round_seats.is_empty() {
                g.round_seats = patch.round_seats;
            }
            g.uma = patch.uma.or(g.uma.take());
            g.target = patch.target.or(g.target.take());
            if !patch.cites.is_empty() {
                g.cites = patch.cites;
            }
            g.notes = patch.notes.or(g.notes.take());
        }
        variant
    }

    /// The variant as read, with its files, and each file's problems.
    fn finish(self, mut variant: Definition) -> (Definition, Vec<Vec<Diagnostic>>) {
        variant.files = self.files;
        (variant, self.problems)
    }
}

/// After a file replaced the units, written at `span`: the items of the units `before` take
/// the unit of the same name in the new list, wherever it stands. A unit the new list leaves
/// out while items still give it is a problem, once for each such unit.
fn keep_units_by_name(
    variant: &mut Definition,
    before: &[Located<String>],
    span: Range<usize>,
    problems: &mut Vec<Diagnostic>,
) {
    let mut missing: Vec<&str> = Vec::new();
    for item in &mut variant.items {
        if !matches!(item.kind, ItemKind::Unit(_)) {
            continue;
        }
        let name = item.kind.table(before);
        match unit_named(&variant.units, name) {
            Some(unit) => item.kind = unit,
            None if !missing.contains(&name) => missing.push(name),
            None => {}
        }
    }
    for name in missing {
        let message = format!(
            "the variant this file extends has `[[{name}]]` items, and `units` leaves `{name}` out"
        );
        problems.push(
            Diagnostic::new(span.clone(), message, "a unit dropped")
                .with_help(format!("add `{name}` to `units`, or `remove` its items")),
        );
    }
}

/// The unit of `units` called `name`, as an item's kind.
fn unit_named(units: &[Located<String>], name: &str) -> Option<ItemKind> {
    (units.iter().position(|u| u.value == name)).map(|u| ItemKind::Unit(u as u8))
}

/// The problem of a list of tables, `[[name]]`, that names no unit of `variant`.
fn not_a_table(variant: &Definition, table: &Located<String>) -> Diagnostic {
    let units = variant.units.iter().map(|u| u.value.as_str());
    let fixed = ItemKind::ALL.iter().map(|k| k.table(&[]));
    let known = (units.clone().chain(fixed)).chain(super::read::FILE_LISTS.iter().copied());
    let help = match did_you_mean(&table.value, known) {
        Some(s) => format!("did you mean `[[{s}]]`?"),
        None if variant.units.is_empty() => {
            "items go in `[[points]]`, `[[doubles]]`, `[[faan]]` or `[[limit-hands]]`; a \
             `formula` variant names its own units in `[score] units`"
                .to_string()
        }
        None => format!(
            "this variant's units are {}; add one to `[score] units`",
            crate::document::quoted_list(&units.collect::<Vec<_>>())
        ),
    };
    Diagnostic::new(
        table.span.clone(),
        format!("`[[{}]]` is not a table of this variant", table.value),
        "unknown table",
    )
    .with_help(help)
}

/// Removes the entry of `list` whose id is `id`; true when there was one.
/// The base of a file that extends nothing: no parameters, items or rules.
fn empty_definition() -> Definition {
    Definition {
        id: String::new(),
        name: String::new(),
        source: None,
        source_part: None,
        style: Style::PointsAndDoubles,
        extends: Vec::new(),
        notes: None,
        params: Vec::new(),
        shapes: Vec::new(),
        blocks: Vec::new(),
        requirements: Vec::new(),
        refusals: Vec::new(),
        items: Vec::new(),
        faan_table: Vec::new(),
        faan_table_cite: None,
        prefer: Vec::new(),
        prefer_cite: None,
        prefer_notes: None,
        units: Vec::new(),
        values: Vec::new(),
        tiers: Vec::new(),
        payments: super::Payments::default(),
        game: super::GameRules::default(),
        examples: Vec::new(),
        not_scored: Vec::new(),
        files: Vec::new(),
    }
}

/// Removes everything called `id` from `variant` (an item and a shape may share an id: both
/// go); false when nothing is.
fn remove(variant: &mut Definition, id: &str) -> bool {
    // Non-short-circuiting `|`: every list is cleared of the id.
    remove_by_id(&mut variant.items, id, |i| &i.id.value)
        | remove_by_id(&mut variant.shapes, id, |c| &c.id.value)
        | remove_by_id(&mut variant.blocks, id, |b| &b.id.value)
        | remove_by_id(&mut variant.requirements, id, |c| &c.id.value)
        | remove_by_id(&mut variant.refusals, id, |r| &r.id.value)
        | remove_by_id(&mut variant.payments.doubles, id, |r| &r.id.value)
        | remove_by_id(&mut variant.payments.liabilities, id, |r| &r.id.value)
        | remove_by_id(&mut variant.examples, id, |e| &e.id.value)
        | remove_by_id(&mut variant.tiers, id, |t| &t.id.value)
        | remove_by_id(&mut variant.params, id, |p| &p.name.value)
        | {
            let before = variant.not_scored.len();
            variant
                .not_scored
                .retain(|n| n.id.as_ref().is_none_or(|own| own.value != id));
            variant.not_scored.len() < before
        }
}

/// The problem of a `remove` that names nothing in `variant`, with the id it likely means.
fn nothing_to_remove(variant: &Definition, id: &Located<String>) -> Diagnostic {
    let ids = variant
        .items
        .iter()
        .map(|i| &i.id)
        .chain(variant.shapes.iter().map(|s| &s.id))
        .chain(variant.blocks.iter().map(|b| &b.id))
        .chain(variant.requirements.iter().map(|r| &r.id))
        .chain(variant.refusals.iter().map(|r| &r.id))
        .chain(variant.payments.doubles.iter().map(|r| &r.id))
        .chain(variant.payments.liabilities.iter().map(|r| &r.id))
        .chain(variant.tiers.iter().map(|t| &t.id))
        .chain(variant.params.iter().map(|p| &p.name))
        .map(|id| id.value.as_str());
    let help = did_you_mean(&id.value, ids)
        .map(|s| format!("did you mean `{s}`?"))
        .unwrap_or_else(|| {
            "`remove` names items, shapes, blocks, requirements, refusals, tiers or parameters of the variant this one extends"
                .into()
        });
    Diagnostic::new(
        id.span.clone(),
        format!("there is nothing called `{}` to remove", id.value),
        "unknown id",
    )
    .with_help(help)
}

/// Puts each of `new` in place of the entry of `list` with the same id from another file
/// (the base's), or after the others: a second entry with one id in the same file is a
/// duplicate, which the check reports.
fn replace_or_add<T>(list: &mut Vec<T>, new: Vec<T>, id: impl Fn(&T) -> &Located<String>) {
    for entry in new {
        let new_id = id(&entry);
        let base = list
            .iter()
            .position(|old| id(old).value == new_id.value && id(old).file != new_id.file);
        match base {
            Some(at) => list[at] = entry,
            None => list.push(entry),
        }
    }
}

fn remove_by_id<T>(list: &mut Vec<T>, id: &str, key: impl Fn(&T) -> &String) -> bool {
    let before = list.len();
    list.retain(|entry| key(entry) != id);
    list.len() < before
}

/// Applies `--param name=value` overrides.
pub fn apply_overrides(
    mut variant: Definition,
    overrides: &[(String, String)],
) -> Result<Definition, LoadError> {
    for (at, (name, value)) in overrides.iter().enumerate() {
        if let Some((_, first)) = overrides[..at].iter().find(|(n, _)| n == name) {
            return Err(LoadError::ParamTwice {
                name: name.clone(),
                values: [first.clone(), value.clone()],
            });
        }
        let parsed = if value == "none" {
            ParamValue::None
        } else {
            match value.parse::<i64>() {
                Ok(n) => ParamValue::Int(n),
                Err(_) => {
                    return Err(LoadError::BadParamValue {
                        name: name.clone(),
                        value: value.clone(),
                    });
                }
            }
        };
        match variant.params.iter_mut().find(|p| &p.name.value == name) {
            Some(param) => {
                param.value = parsed;
                if let Some(n) = param.outside_readings() {
                    return Err(LoadError::NotAReading {
                        name: name.clone(),
                        value: n,
                        readings: super::read::readings_text(&param.readings),
                    });
                }
                param.note = Some(format!("set on the command line to `{value}`"));
            }
            None => {
                let known: Vec<String> = variant
                    .params
                    .iter()
                    .map(|p| p.name.value.clone())
                    .collect();
                return Err(LoadError::UnknownParam {
                    variant: variant.id.clone(),
                    name: name.clone(),
                    suggestion: did_you_mean(name, known.iter().map(String::as_str))
                        .map(str::to_string),
                    known,
                });
            }
        }
    }
    Ok(variant)
}

impl Param {
    /// The value, when the parameter names its readings and the value stands for none.
    pub fn outside_readings(&self) -> Option<i64> {
        match self.value {
            ParamValue::Int(n)
                if !self.readings.is_empty() && !self.readings.iter().any(|(r, _)| *r == n) =>
            {
                Some(n)
            }
            _ => None,
        }
    }

    /// The value as text: a number or `none`.
    pub fn value_text(&self) -> String {
        match self.value {
            ParamValue::Int(n) => n.to_string(),
            ParamValue::None => "none".to_string(),
        }
    }
}
