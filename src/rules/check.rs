//! Checking a variant: compiles every condition and value, resolves every id, and reports
//! every problem at once, each pointing into the file it came from (and inside the
//! expression string, where the problem is in an expression).
//!
//! In: a [`Definition`] (a variant as written, `extends` followed). Out: its [`Rules`], every
//! condition and value compiled; or every problem of every file.

use std::collections::HashMap;

use super::{Definition, ForEach, ItemKind, Liable, Located, Source, Style, ValueSource};
use crate::arrange::Block;
use crate::diagnostic::{Diagnostic, InputError, did_you_mean};
use crate::predicate::check::{
    Env, Group, ParamValue, check_group, compile, compile_group_condition, compile_in_group,
};
use crate::predicate::compiled::Collection;
use crate::predicate::parse::parse_group;
use crate::predicate::{Compiled, Scope, Type, builtins, parse};

/// Payment rules, checked and compiled.
#[derive(Clone, Debug, Default)]
pub struct CompiledPayments {
    /// The players who did not go out pay each other the difference of their scores.
    pub losers_settle: bool,
    /// The most one payment may be.
    pub cap: Option<i64>,
    /// The most one payment to or from East may be.
    pub dealer_cap: Option<i64>,
    /// What one payment is, before the doublings (payment scope); `score` when none.
    pub amount: Option<Compiled>,
    /// What the winner takes from the table (payment scope), if anything.
    pub pot: Option<Compiled>,
    /// Conditions on one payment (payment scope); each that holds doubles it.
    pub doubles: Vec<Compiled>,
    /// Conditions on the winner's hand, and who then pays for all.
    pub liabilities: Vec<(Compiled, Liable)>,
}

/// The rules of a game, checked and compiled (`[game]`, the defaults filled in).
#[derive(Clone, Debug)]
pub struct CompiledGame {
    /// Each player's account at the start.
    pub start: i64,
    /// How many rounds a game has.
    pub rounds: u8,
    /// When the dealer deals again (deal scope); `dealer_won` when none.
    pub dealer_keeps: Option<Compiled>,
    /// The counters of the next deal (deal scope); 0 when none.
    pub counters: Option<Compiled>,
    /// What a player puts on the table with a deposit, if the rules have deposits.
    pub deposit: Option<i64>,
    /// The seats at the first deal of the second round on (see [`super::GameRules`]).
    pub round_seats: Vec<[crate::tiles::Wind; 4]>,
    /// Added to the final accounts by rank, first first.
    pub uma: Option<[i64; 4]>,
    /// The account each player returns at the end, the difference to the first.
    pub target: Option<i64>,
}

/// An item ready to evaluate: its compiled condition and value.
#[derive(Clone, Debug, PartialEq)]
pub struct CompiledItem {
    /// Index in [`Definition::items`].
    pub index: usize,
    /// What it gives.
    pub kind: ItemKind,
    /// What it looks at.
    pub for_each: ForEach,
    /// Whose hands.
    pub who: super::Who,
    /// Still counted on top of a limit hand.
    pub with_limit_hand: bool,
    /// The condition (constant true when none was given).
    pub when: Compiled,
    /// The value.
    pub value: Compiled,
    /// Indexes of the items it replaces.
    pub replaces: Vec<usize>,
    /// Indexes of the items whose matches it replaces within the sets of one of its own.
    pub replaces_within: Vec<usize>,
    /// The combination its matches are selected in, by index in [`Rules::combinations`].
    pub combination: Option<usize>,
    /// An exclusion reads its matches (it has a `replaces-within`, is named in one, or
    /// takes part in a combination): the scorer keeps each match apart
    /// ([`crate::score::Instance`]).
    pub instanced: bool,
    /// Its tags, as bits by index in [`Rules::tags`].
    pub tags: u64,
    /// Its condition or value reads other items' results (`sum`, `best`, `fired`): it is
    /// evaluated after them ([`Rules::later`]).
    pub reads_results: bool,
}

/// A tier ready to evaluate.
#[derive(Clone, Debug, PartialEq)]
pub struct CompiledTier {
    /// The index of the value it may replace, in [`Rules::values`].
    pub of: usize,
    /// When it applies.
    pub when: Compiled,
    /// What the value becomes.
    pub value: Compiled,
}

/// A checked variant: its definition, and every condition and value compiled.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The variant as written.
    pub definition: Definition,
    /// Its supported items, in order.
    pub items: Vec<CompiledItem>,
    /// Its special shapes' conditions, in order.
    pub shapes: Vec<Compiled>,
    /// Its blocks, in order ([`Definition::blocks`]), as the reading search takes them.
    pub blocks: Vec<Block>,
    /// Its requirements' conditions, in order.
    pub requirements: Vec<Compiled>,
    /// Its refusals' conditions, in order ([`Definition::refusals`]).
    pub refusals: Vec<Compiled>,
    /// Whether each requirement reads the items' results: it is judged after the items.
    pub requirements_read_results: Vec<bool>,
    /// The tags of its items, in the order they first appear.
    pub tags: Vec<String>,
    /// The tags of each item, as bits, by index in [`Definition::items`].
    pub tags_of: Vec<u64>,
    /// What decides between readings of the same total (`[score] prefer`), first first.
    pub prefer: Vec<Compiled>,
    /// The items that read other items' results, as positions in [`Self::items`], in the
    /// order they are evaluated: each after every item whose result it reads and every item
    /// that may replace one of those, the others in the order of the file. The other items
    /// are evaluated first.
    pub later: Vec<usize>,
    /// The values of a `formula` variant's score, in order ([`Definition::values`]).
    pub values: Vec<Compiled>,
    /// Its tiers, in order ([`Definition::tiers`]).
    pub tiers: Vec<CompiledTier>,
    /// Which value is the score (`total`), by index in [`Self::values`].
    pub total: Option<usize>,
    /// The score cap (points-and-doubles), if any.
    pub limit: Option<i64>,
    /// The least faan to win (faan).
    pub min_faan: i64,
    /// The faan cap (faan).
    pub max_faan: Option<i64>,
    /// The items (indexes into [`Definition::items`]) that some `calling('id')` asks about
    /// and that are scored: for a player who did not go out, each is tried against every
    /// tile that could come.
    pub calling_targets: Vec<usize>,
    /// How the players pay after a deal.
    pub payments: CompiledPayments,
    /// How a game goes on from deal to deal.
    pub game: CompiledGame,
    /// Some item, shape or requirement looks at the bonus tiles (an item for each bonus tile,
    /// or a condition or value over `bonus`); when none does, a hand's bonus tiles score
    /// nothing, and its card says so.
    pub reads_bonus_tiles: bool,
    /// Some item's matches are read by a set-level exclusion ([`CompiledItem::instanced`]).
    pub instanced: bool,
    /// Some expression reads the best of a tag (`best('tag')`): the results keep them.
    pub reads_bests: bool,
    /// Some expression reads whether an item counted (`fired('id')`): the results keep it.
    pub reads_fired: bool,
    /// The names of the combinations the items' matches are selected in, in the order they
    /// first appear.
    pub combinations: Vec<String>,
    /// By index in [`Definition::items`]: the item's position in [`Self::items`], or
    /// `u32::MAX` for one that is not scored ([`Self::item`] reads it for every item that
    /// counted, many times a reading).
    positions: Vec<u32>,
    /// The items that replace others, by index in [`Definition::items`], in an order where
    /// each comes before every item it replaces (`replaces` makes no cycle), and the place
    /// of each item in it (`u32::MAX` for one that replaces none): the items replaced in a
    /// reading are then found in one pass over those that counted.
    pub replacing: Vec<usize>,
    /// See [`Self::replacing`].
    pub replacing_rank: Vec<u32>,
}

impl Rules {
    /// The item of index `index` in [`Definition::items`], one that is scored (an item that
    /// counted always is).
    pub fn item(&self, index: usize) -> &CompiledItem {
        let at = self.positions.get(index).copied().unwrap_or(u32::MAX);
        self.items
            .get(at as usize)
            .expect("an item that counted is scored")
    }

    /// The variant's id.
    pub fn id(&self) -> &str {
        &self.definition.id
    }

    /// The most a hand can score: the limit of a points-and-doubles variant, the base
    /// points of the most faan of a faan variant (its table's last row when the faan are not
    /// capped); none for a variant without a limit.
    pub fn top_score(&self) -> Option<i64> {
        match self.definition.style {
            Style::PointsAndDoubles => self.limit,
            Style::Faan => match self.max_faan {
                Some(most) => Some(self.base_points(most)),
                None => self.definition.faan_table.last().map(|&(_, base)| base),
            },
            // What a formula can reach is not worked out.
            Style::Formula => None,
        }
        .filter(|&top| top > 0)
    }

    /// The base points of `faan` in the variant's faan table: the row with the most faan not
    /// above it (0 below the first row).
    pub fn base_points(&self, faan: i64) -> i64 {
        self.definition
            .faan_table
            .iter()
            .rev()
            .find(|(least, _)| *least <= faan)
            .map_or(0, |&(_, base)| base)
    }

    /// Every expression evaluated on the facts of a hand: those that score it, and the
    /// liabilities.
    pub fn expressions(&self) -> impl Iterator<Item = &Compiled> {
        self.scoring_expressions()
            .chain(self.payments.liabilities.iter().map(|(c, _)| c))
    }

    /// True when some expression ([`Self::expressions`]) has a node that `found` looks for.
    pub fn reads(&self, found: impl Fn(&Compiled) -> bool) -> bool {
        self.expressions().any(|c| c.mentions(&found))
    }

    /// True when some expression of the variant has a node that `found` looks for: those
    /// [`Self::reads`] looks at, and those of its payments and its game.
    fn anywhere(&self, found: impl Fn(&Compiled) -> bool) -> bool {
        let (payments, game) = (&self.payments, &self.game);
        let mut more = (payments.amount.iter())
            .chain(&payments.pot)
            .chain(&payments.doubles)
            .chain(&game.dealer_keeps)
            .chain(&game.counters);
        self.reads(&found) || more.any(|c| c.mentions(&found))
    }

    /// The expressions that score a hand: the items' conditions and values, the tie-breaks, the shapes
    /// and
    /// the requirements.
    pub fn scoring_expressions(&self) -> impl Iterator<Item = &Compiled> {
        self.items
            .iter()
            .flat_map(|i| [&i.when, &i.value])
            .chain(&self.prefer)
            .chain(&self.shapes)
            .chain(&self.requirements)
            .chain(&self.values)
            .chain(self.tiers.iter().flat_map(|t| [&t.when, &t.value]))
    }
}

/// The most expressions `[score] prefer` may list.
pub const MAX_PREFER: usize = 4;

/// The most tags a variant's items may have between them.
pub const MAX_TAGS: usize = 64;

/// The most tiers a variant may have (a card names its tier in 16 bits).
pub const MAX_TIERS: usize = 1024;

/// The most special shapes a variant may have.
pub const MAX_SHAPES: usize = 64;

/// The most blocks a variant may have (a reading's block is one bit of a 64-bit word).
pub const MAX_BLOCKS: usize = 64;

/// The most ways one block may be made in (a reading names its way in 8 bits).
const MAX_WAYS: usize = 256;

/// Checks and compiles a loaded variant; `problems` holds those its files already have (one
/// list per file), reported with the checker's own.
pub fn check(
    definition: Definition,
    mut problems: Vec<Vec<Diagnostic>>,
) -> Result<Rules, Vec<InputError>> {
    problems.resize(definition.files.len().max(1), Vec::new());
    let read_whole = problems.iter().all(Vec::is_empty);
    let params: Vec<(String, ParamValue)> = definition
        .params
        .iter()
        .map(|p| (p.name.value.clone(), p.value))
        .collect();
    let shape_ids: Vec<String> = definition
        .shapes
        .iter()
        .map(|s| s.id.value.clone())
        .collect();
    let block_ids: Vec<String> = (definition.blocks.iter())
        .map(|b| b.id.value.clone())
        .collect();
    let item_ids: Vec<String> = definition
        .items
        .iter()
        .map(|i| i.id.value.clone())
        .collect();
    let units = check_units(&definition, &mut problems);
    let all_values: Vec<String> = (definition.values.iter())
        .map(|v| v.id.value.clone())
        .collect();
    let tags = tags_of_items(&definition, &units, &mut problems);
    let env = Env {
        items: &item_ids,
        params: &params,
        shapes: &shape_ids,
        blocks: &block_ids,
        shapes_known: true,
        reading_known: true,
        tags: &tags,
        results_known: true,
        units: &units,
        values: &[],
        all_values: &all_values,
    };

    // The shapes a hand forms are one bit each in a 64-bit word.
    let shape_ids = definition.shapes.iter().map(|s| &s.id);
    at_most(
        shape_ids,
        MAX_SHAPES,
        "special shapes",
        "shapes",
        &mut problems,
    );
    // Shapes are found before any item counts; payments read the deal.
    let shape_env = Env {
        shapes_known: false,
        results_known: false,
        ..env
    };
    let shapes = compile_conditions(
        definition.shapes.iter().map(|c| (&c.id, &c.when)),
        "shape",
        &shape_env,
        &mut problems,
    );
    let blocks = check_blocks(&definition, &mut problems);
    let requirements = compile_conditions(
        definition.requirements.iter().map(|c| (&c.id, &c.when)),
        "requirement",
        &env,
        &mut problems,
    );
    // A refusal looks at the hand as given: no reading, no shape, no item, no value.
    let refusal_env = Env {
        shapes_known: false,
        results_known: false,
        reading_known: false,
        all_values: &[],
        ..env
    };
    at_most(
        definition.refusals.iter().map(|r| &r.id),
        usize::from(u8::MAX),
        "refusals",
        "refusals",
        &mut problems,
    );
    let refusals = compile_conditions(
        definition.refusals.iter().map(|r| (&r.id, &r.when)),
        "refusal",
        &refusal_env,
        &mut problems,
    );
    let mut items = compile_items(&definition, &env, &mut problems);
    let combinations = resolve_combinations(&definition, &mut items, &mut problems);
    let later = results_order(&definition, &items, &mut problems);
    let mut examples: HashMap<&str, ()> = HashMap::new();
    for example in &definition.examples {
        if examples.insert(&example.id.value, ()).is_some() {
            problems[example.id.file].push(Diagnostic::new(
                example.id.span.clone(),
                format!("a second example with the id `{}`", example.id.value),
                "duplicate id",
            ));
        }
    }
    let (values, value_names) = compile_values(&definition, &env, &mut problems);
    // Payments read the deal and the winner's score: its values, not the items.
    let payment_env = Env {
        results_known: false,
        values: &value_names,
        ..env
    };
    let payments = compile_payments(&definition, &payment_env, &mut problems);
    let game = compile_game(&definition, &payment_env, &mut problems);
    let tiers = compile_tiers(&definition, &env, &value_names, &mut problems);
    let prefer = compile_prefer(
        &definition,
        &Env {
            values: &value_names,
            ..env
        },
        &mut problems,
    );
    // What the variant as a whole must have is judged only when its files were read whole:
    // a value that could not be read, or a base that could not be loaded, would be reported
    // missing a second time.
    if read_whole {
        check_style(&definition, &mut problems[0]);
        check_engine_params(&definition, &mut problems);
        check_params_read(&definition, &mut problems);
    }

    let errors = super::load::errors_of(&definition.files, problems);
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut tags_of = vec![0; definition.items.len()];
    let mut positions = vec![u32::MAX; definition.items.len()];
    for (at, item) in items.iter().enumerate() {
        tags_of[item.index] = item.tags;
        positions[item.index] = at as u32;
    }
    let (replacing, replacing_rank) = replacing_order(definition.items.len(), &items);
    let mut rules = Rules {
        replacing,
        replacing_rank,
        requirements_read_results: requirements.iter().map(reads_results).collect(),
        tags,
        tags_of,
        later,
        prefer,
        total: value_names.iter().position(|v| v == "total"),
        values,
        tiers,
        limit: definition.int_param("limit"),
        min_faan: definition.int_param("min-faan").unwrap_or(0),
        max_faan: definition.int_param("max-faan"),
        calling_targets: Vec::new(),
        reads_bonus_tiles: false,
        instanced: false,
        reads_bests: true,
        reads_fired: true,
        combinations,
        positions,
        payments,
        game,
        items,
        shapes,
        blocks,
        requirements,
        refusals,
        definition,
    };
    rules.calling_targets = calling_targets(&rules);
    rules.reads_bonus_tiles = reads_bonus_tiles(&rules);
    rules.instanced = rules.items.iter().any(|i| i.instanced);
    rules.reads_bests = rules.anywhere(|c| matches!(c, Compiled::Best(_)));
    rules.reads_fired = rules.anywhere(|c| matches!(c, Compiled::Fired(_)));
    Ok(rules)
}

/// The items of `items` that replace others (by index among the `count` items of the
/// definition), each before every item it replaces, the others in the order of the file;
/// and each item's place in that order (`u32::MAX` for one that replaces none). The
/// checker has refused a cycle of `replaces`.
fn replacing_order(count: usize, items: &[CompiledItem]) -> (Vec<usize>, Vec<u32>) {
    let mut replacers = vec![0usize; count];
    for item in items {
        for &r in &item.replaces {
            replacers[r] += 1;
        }
    }
    let mut replaces = vec![None; count];
    for item in items.iter().filter(|i| !i.replaces.is_empty()) {
        replaces[item.index] = Some(&item.replaces);
    }
    // An item is placed once every item that replaces it is: the first such in the file.
    let (mut order, mut placed) = (Vec::new(), vec![false; count]);
    while let Some(next) = (0..count).find(|&i| !placed[i] && replacers[i] == 0) {
        placed[next] = true;
        for &r in replaces[next].into_iter().flatten() {
            replacers[r] -= 1;
        }
        if replaces[next].is_some() {
            order.push(next);
        }
    }
    let mut rank = vec![u32::MAX; count];
    for (place, &i) in order.iter().enumerate() {
        rank[i] = place as u32;
    }
    (order, rank)
}

/// The names of the variant's units; a unit whose name the language or the file already
/// uses otherwise, or a second of one name, is a problem at its name. Only a `formula`
/// variant has units.
fn check_units(definition: &Definition, problems: &mut [Vec<Diagnostic>]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for unit in &definition.units {
        let name = unit.value.as_str();
        let problem = if definition.style != Style::Formula {
            Some((
                format!("a `{}` variant has no units of its own", definition.style.name()),
                "units belong to a `formula` variant",
                "its items go in the tables of its style; make it `style = \"formula\"` to name units".to_string(),
            ))
        } else if names.iter().any(|n| n == name) {
            Some((
                format!("a second unit `{name}`"),
                "duplicate unit",
                "each unit is named once".into(),
            ))
        } else if super::read::FILE_TABLES.contains(&name)
            || super::read::FILE_LISTS.contains(&name)
            || ItemKind::ALL
                .iter()
                .any(|k| k.table(&[]) == name && k.unit_name() != Some(name))
            || builtins::lookup(name).is_some()
            || builtins::collection(name).is_some()
        {
            Some((
                format!("`{name}` is already a name of the language or of variant files"),
                "taken",
                "give the unit a name of its own (`han`, `fu`)".into(),
            ))
        } else {
            None
        };
        match problem {
            Some((message, label, help)) => problems[unit.file]
                .push(Diagnostic::new(unit.span.clone(), message, label).with_help(help)),
            None => names.push(unit.value.clone()),
        }
    }
    names
}

/// Compiles the values of a `formula` variant's score, each on the hand, reading the units,
/// the items' results and the values before it; gives them with their names. A value with
/// a name the language already has, or a second value of one name, is a problem at its
/// name; so are values in a variant of another style.
fn compile_values(
    definition: &Definition,
    env: &Env<'_>,
    problems: &mut [Vec<Diagnostic>],
) -> (Vec<Compiled>, Vec<String>) {
    let mut names: Vec<String> = Vec::new();
    let mut compiled = Vec::new();
    for value in &definition.values {
        let (id, name) = (&value.id, value.id.value.as_str());
        let problem = if definition.style != Style::Formula {
            Some((
                format!(
                    "a `{}` variant has no `[[values]]`",
                    definition.style.name()
                ),
                "values belong to a `formula` variant",
                "its score is worked out by its style; a `formula` variant says how in `[[values]]`"
                    .to_string(),
            ))
        } else if names.iter().any(|n| n == name) {
            Some((
                format!("a second value `{name}`"),
                "duplicate value",
                "a value is worked out once; give the second its own name".into(),
            ))
        } else if name != "total" && crate::render::CARD_KEYS.contains(&name) {
            Some((
                format!("`{name}` is a key of the score card"),
                "taken",
                "the card shows each value by its name beside its own keys; give the value another name".into(),
            ))
        } else if builtins::lookup(name).is_some() || builtins::collection(name).is_some() {
            Some((
                format!("`{name}` is already a name of the language"),
                "taken",
                "give the value a name of its own (`basic`, `total`)".into(),
            ))
        } else {
            None
        };
        if let Some((message, label, help)) = problem {
            problems[id.file]
                .push(Diagnostic::new(id.span.clone(), message, label).with_help(help));
            continue;
        }
        let scope = Env {
            values: &names,
            ..*env
        };
        // (A value that does not compile is a problem: the rules are not made, and the
        // indexes of the others do not matter.)
        compiled.extend(compile_value(&value.value, Scope::Hand, &scope, problems));
        names.push(value.id.value.clone());
    }
    (compiled, names)
}

/// Compiles the tiers, each on the hand, reading the values up to the one it may replace
/// (`names`, the values' names); one that names no value is a problem at its `of`.
fn compile_tiers(
    definition: &Definition,
    env: &Env<'_>,
    names: &[String],
    problems: &mut [Vec<Diagnostic>],
) -> Vec<CompiledTier> {
    let tier_ids = definition.tiers.iter().map(|t| &t.id);
    at_most(tier_ids, MAX_TIERS, "tiers", "tiers", problems);
    let mut seen: Vec<&str> = Vec::new();
    let mut tiers = Vec::new();
    for tier in &definition.tiers {
        if seen.contains(&tier.id.value.as_str()) {
            problems[tier.id.file].push(Diagnostic::new(
                tier.id.span.clone(),
                format!("a second tier with the id `{}`", tier.id.value),
                "duplicate id",
            ));
        }
        seen.push(&tier.id.value);
        let Some(of) = names.iter().position(|n| *n == tier.of.value) else {
            let help = match did_you_mean(&tier.of.value, names.iter().map(String::as_str)) {
                Some(s) => format!("did you mean `{s}`?"),
                None if names.is_empty() => {
                    "a tier replaces one of the `[[values]]` of a `formula` variant".into()
                }
                None => format!(
                    "the values are {}",
                    crate::document::quoted_list(
                        &names.iter().map(String::as_str).collect::<Vec<_>>()
                    )
                ),
            };
            problems[tier.of.file].push(
                Diagnostic::new(
                    tier.of.span.clone(),
                    format!("no value `{}` for the tier to replace", tier.of.value),
                    "unknown value",
                )
                .with_help(help),
            );
            continue;
        };
        let scope = Env {
            values: &names[..=of],
            ..*env
        };
        let when = compile_source(&tier.when, Scope::Hand, Type::Bool, &scope, problems);
        let value = compile_value(&tier.value, Scope::Hand, &scope, problems);
        if let (Some(when), Some(value)) = (when, value) {
            tiers.push(CompiledTier { of, when, value });
        }
    }
    tiers
}

/// Compiles a number or an integer expression in `scope`.
fn compile_value(
    value: &Located<ValueSource>,
    scope: Scope,
    env: &Env<'_>,
    problems: &mut [Vec<Diagnostic>],
) -> Option<Compiled> {
    match &value.value {
        ValueSource::Int(n) => Some(Compiled::Const(*n)),
        ValueSource::Expr(source) => compile_source(source, scope, Type::Int, env, problems),
    }
}

/// A problem at the first of the entries of `[[table]]` (their ids, `ids`) past the `max`
/// a variant may have, extended files included; `noun` names them in the message.
fn at_most<'a>(
    mut ids: impl Iterator<Item = &'a Located<String>>,
    max: usize,
    noun: &str,
    table: &str,
    problems: &mut [Vec<Diagnostic>],
) {
    if let Some(id) = ids.nth(max) {
        problems[id.file].push(
            Diagnostic::new(
                id.span.clone(),
                format!("more than {max} {noun}"),
                "one too many",
            )
            .with_help(format!(
                "a variant may have at most {max} `[[{table}]]`, extended files included"
            )),
        );
    }
}

/// Compiles `[score] prefer`, each a number on the hand that may read the items' results;
/// more than [`MAX_PREFER`] is a problem at the first one too many.
fn compile_prefer(
    definition: &Definition,
    env: &Env<'_>,
    problems: &mut [Vec<Diagnostic>],
) -> Vec<Compiled> {
    if let Some(extra) = definition.prefer.get(MAX_PREFER) {
        problems[extra.file].push(
            Diagnostic::new(
                extra.span.clone(),
                format!("more than {MAX_PREFER} tie-breaks"),
                "one too many",
            )
            .with_help(format!(
                "`prefer` lists at most {MAX_PREFER} expressions; later ones would never decide"
            )),
        );
    }
    (definition.prefer.iter().take(MAX_PREFER))
        .filter_map(|source| compile_source(source, Scope::Hand, Type::Int, env, problems))
        .collect()
}

/// Whether some item, shape or requirement looks at the bonus tiles.
fn reads_bonus_tiles(rules: &Rules) -> bool {
    let over_bonus = |c: &Compiled| {
        matches!(
            c,
            Compiled::Count(Collection::Bonus, _)
                | Compiled::Any(Collection::Bonus, _)
                | Compiled::All(Collection::Bonus, _)
                | Compiled::Suits(Collection::Bonus)
        )
    };
    rules.items.iter().any(|i| i.for_each == ForEach::Bonus)
        || rules.scoring_expressions().any(|c| c.mentions(over_bonus))
}

/// The blocks of `definition` as the reading search takes them: ids unique, at most
/// [`MAX_BLOCKS`], each of at most [`MAX_WAYS`] distinct ways of one size.
fn check_blocks(definition: &Definition, problems: &mut [Vec<Diagnostic>]) -> Vec<Block> {
    at_most(
        definition.blocks.iter().map(|b| &b.id),
        MAX_BLOCKS,
        "blocks",
        "blocks",
        problems,
    );
    let mut seen: HashMap<&str, ()> = HashMap::new();
    let mut blocks = Vec::new();
    for block in &definition.blocks {
        if seen.insert(&block.id.value, ()).is_some() {
            problems[block.id.file].push(Diagnostic::new(
                block.id.span.clone(),
                format!("a second block with the id `{}`", block.id.value),
                "duplicate id",
            ));
        }
        let Some(((_, first), rest)) = block.ways.split_first() else {
            continue;
        };
        let size = first.total();
        for (k, (text, counts)) in rest.iter().enumerate() {
            let problem = if counts.total() != size {
                Some((
                    format!("a way of {} tiles in a block of {size}", counts.total()),
                    "not the size of the first way",
                    "every way to make a block holds as many tiles: it stands for as many sets",
                ))
            } else if block.ways[..=k].iter().any(|(_, c)| c == counts) {
                Some((
                    "the same tiles as an earlier way".to_string(),
                    "a repeated way",
                    "write each way to make the block once",
                ))
            } else if k + 1 >= MAX_WAYS {
                Some((
                    format!("more than {MAX_WAYS} ways to make a block"),
                    "one too many",
                    "split the block in two",
                ))
            } else {
                None
            };
            if let Some((message, label, help)) = problem {
                problems[text.file]
                    .push(Diagnostic::new(text.span.clone(), message, label).with_help(help));
            }
        }
        blocks.push(Block {
            ways: block.ways.iter().map(|(_, c)| *c).collect(),
            sets: size / 3,
        });
    }
    blocks
}

/// Compiles the conditions of shapes, requirements or refusals (`what`), given as their
/// ids and conditions, each on the hand; their ids are unique.
fn compile_conditions<'d>(
    list: impl IntoIterator<Item = (&'d Located<String>, &'d Source)>,
    what: &str,
    env: &Env<'_>,
    problems: &mut [Vec<Diagnostic>],
) -> Vec<Compiled> {
    let mut seen: HashMap<&str, ()> = HashMap::new();
    let mut out = Vec::new();
    for (id, when) in list {
        if seen.insert(&id.value, ()).is_some() {
            problems[id.file].push(Diagnostic::new(
                id.span.clone(),
                format!("a second {what} with the id `{}`", id.value),
                "duplicate id",
            ));
        }
        if let Some(c) = compile_source(when, Scope::Hand, Type::Bool, env, problems) {
            out.push(c);
        }
    }
    out
}

/// Checks the items' ids and kinds, resolves what each replaces, and compiles the
/// supported ones.
fn compile_items(
    definition: &Definition,
    env: &Env<'_>,
    problems: &mut [Vec<Diagnostic>],
) -> Vec<CompiledItem> {
    let mut ids: HashMap<&str, usize> = HashMap::new();
    for (index, item) in definition.items.iter().enumerate() {
        if ids.insert(&item.id.value, index).is_some() {
            problems[item.id.file].push(
                Diagnostic::new(item.id.span.clone(), format!("a second item with the id `{}`", item.id.value), "duplicate id")
                    .with_help("ids are unique within a variant; a house file replaces a base item by using its id"),
            );
        }
        let fits = match definition.style {
            Style::PointsAndDoubles => !matches!(item.kind, ItemKind::Faan | ItemKind::Unit(_)),
            Style::Faan => matches!(item.kind, ItemKind::Faan | ItemKind::LimitHand),
            Style::Formula => matches!(item.kind, ItemKind::Unit(_)),
        };
        if !fits {
            problems[item.id.file].push(Diagnostic::new(
                item.id.span.clone(),
                format!(
                    "a `{}` variant has no `[[{}]]` items",
                    definition.style.name(),
                    item.kind.table(&definition.units)
                ),
                "wrong kind of item for this style",
            ));
        } else if definition.style == Style::Formula
            && (item.own_points_doubled || item.with_limit_hand)
        {
            let key = if item.own_points_doubled {
                "doubles"
            } else {
                "with-limit-hand"
            };
            problems[item.id.file].push(
                Diagnostic::new(
                    item.id.span.clone(),
                    format!("`{key}` has no meaning in a `formula` variant"),
                    format!("`{key}` on a formula's item"),
                )
                .with_help(
                    "the formula says what a limit hand is worth: write the item without it (in a house file, an item with its id replaces the base's), tag it, and read the tag in `[[values]]` with `sum` or `best`",
                ),
            );
        } else if item.own_points_doubled && definition.style == Style::Faan {
            problems[item.id.file].push(
                Diagnostic::new(
                    item.id.span.clone(),
                    "a `faan` variant has no points to double: its limit hands are worth faan",
                    "`doubles` on a limit hand",
                )
                .with_help("give the limit hand's `value` in faan"),
            );
        }
    }
    let replaced: Vec<Vec<usize>> = (definition.items.iter().enumerate())
        .map(|(index, _)| resolve_replaces(definition, index, &ids, problems))
        .collect();
    replaces_cycle(definition, &replaced, problems);
    let mut items = Vec::new();
    for (index, (item, replaces)) in definition.items.iter().zip(replaced).enumerate() {
        if item.unsupported.is_some() {
            continue;
        }
        let scope = match item.for_each {
            ForEach::Hand | ForEach::Group => Scope::Hand,
            ForEach::Set => Scope::Set,
            ForEach::Tile => Scope::Tile,
            ForEach::Bonus => Scope::Bonus,
        };
        // An item over groups of named elements reads them in its condition and value.
        let group = item
            .group
            .as_ref()
            .and_then(|g| check_group_source(g, env, problems));
        let when = match (&item.when, &item.group) {
            (_, Some(_)) => group
                .as_ref()
                .and_then(|g| group_condition(item, g, env, problems)),
            (Some(source), None) => compile_source(source, scope, Type::Bool, env, problems),
            (None, None) => Some(Compiled::Const(1)),
        };
        let value = match item.value.as_ref().map(|v| &v.value) {
            Some(ValueSource::Int(n))
                if *n < 0 && (item.kind == ItemKind::Doubles || item.own_points_doubled) =>
            {
                let at = item.value.as_ref().expect("matched");
                problems[at.file].push(
                    Diagnostic::new(at.span.clone(), format!("{n} doubles"), "fewer than none")
                        .with_help(
                            "a double multiplies the score by two; there is no negative double",
                        ),
                );
                None
            }
            Some(ValueSource::Int(n)) => Some(Compiled::Const(*n)),
            Some(ValueSource::Expr(source)) => match (&item.group, &group) {
                (None, _) => compile_source(source, scope, Type::Int, env, problems),
                (Some(_), Some(group)) => in_group(source, group, Type::Int, env, problems),
                (Some(_), None) => None,
            },
            None => None,
        };
        if let (Some(when), Some(value)) = (when, value) {
            let own = match item.kind {
                ItemKind::Unit(u) => 1 << u,
                _ => 0,
            };
            let tags = item
                .tags
                .iter()
                .filter_map(|t| env.tags.iter().position(|known| *known == t.value))
                .fold(own, |bits, i| bits | 1 << i);
            items.push(CompiledItem {
                reads_results: reads_results(&when) || reads_results(&value),
                tags,
                index,
                kind: item.kind,
                for_each: item.for_each,
                who: item.who,
                with_limit_hand: item.with_limit_hand,
                when,
                value,
                replaces,
                replaces_within: Vec::new(),
                combination: None,
                instanced: false,
            });
        }
    }
    resolve_replaces_within(definition, &ids, &mut items, problems);
    items
}

/// The combinations the items' matches are selected in (their names, in the order they first
/// appear), each item marked with its own: an item in one must look at sets and read no
/// results, as for `replaces-within`.
fn resolve_combinations(
    definition: &Definition,
    items: &mut [CompiledItem],
    problems: &mut [Vec<Diagnostic>],
) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for item in items.iter_mut() {
        let written = &definition.items[item.index];
        let Some(name) = &written.combination else {
            continue;
        };
        if !over_sets(item) {
            problems[name.file].push(
                Diagnostic::new(
                    name.span.clone(),
                    format!(
                        "a combination selects among matches over sets, but `{}` looks at {}",
                        written.id.value,
                        looks_at(written)
                    ),
                    "not an item over sets",
                )
                .with_help("give it `for-each = \"set\"` or names in `sets`"),
            );
            continue;
        }
        if item.reads_results {
            problems[name.file].push(
                Diagnostic::new(
                    name.span.clone(),
                    format!(
                        "`{}` reads the items' results, so its matches are not known when the \
                         combination is selected",
                        written.id.value
                    ),
                    "reads results",
                )
                .with_help("combinations are selected before the items that read results count"),
            );
            continue;
        }
        let index = names
            .iter()
            .position(|n| *n == name.value)
            .unwrap_or_else(|| {
                names.push(name.value.clone());
                names.len() - 1
            });
        item.combination = Some(index);
        item.instanced = true;
    }
    names
}

/// Whether an item looks at sets: each set, or groups of sets.
fn over_sets(item: &CompiledItem) -> bool {
    match (&item.when, item.for_each) {
        (_, ForEach::Set) => true,
        (Compiled::Tuples(t), ForEach::Group) => t.collection == Collection::Sets,
        _ => false,
    }
}

/// Resolves each item's `replaces-within` and marks the items whose matches it reads: both
/// sides must look at sets (each set, or groups of sets), whose matches have sets to lie
/// within.
fn resolve_replaces_within(
    definition: &Definition,
    ids: &HashMap<&str, usize>,
    items: &mut [CompiledItem],
    problems: &mut [Vec<Diagnostic>],
) {
    let over_sets = |index: usize| {
        items
            .iter()
            .find(|c| c.index == index)
            .is_none_or(over_sets)
    };
    let mut within: Vec<(usize, Vec<usize>)> = Vec::new();
    for (index, item) in definition.items.iter().enumerate() {
        if item.replaces_within.is_empty() {
            continue;
        }
        let key = "replaces-within";
        let targets = resolve_ids(definition, index, &item.replaces_within, key, ids, problems);
        let first = &item.replaces_within[0];
        let mut fine = true;
        if !over_sets(index) {
            problems[first.file].push(
                Diagnostic::new(
                    first.span.clone(),
                    format!(
                        "`replaces-within` drops matches within the sets of one of this item's, \
                         but `{}` looks at {}",
                        item.id.value,
                        looks_at(item)
                    ),
                    "not an item over sets",
                )
                .with_help(
                    "give it `for-each = \"set\"` or names in `sets`, or use `replaces`, which \
                     drops every match",
                ),
            );
            fine = false;
        }
        for (r, &target) in item.replaces_within.iter().zip(&targets) {
            if !over_sets(target) {
                let other = &definition.items[target];
                problems[r.file].push(
                    Diagnostic::new(
                        r.span.clone(),
                        format!(
                            "`{}` looks at {}: it has no matches within sets to drop",
                            other.id.value,
                            looks_at(other)
                        ),
                        "not an item over sets",
                    )
                    .with_help("name it in `replaces`, which drops every match"),
                );
                fine = false;
            }
        }
        if fine {
            within.push((index, targets));
        }
    }
    // Matches are dropped before the items that read the results count.
    for (index, targets) in &within {
        for i in std::iter::once(index).chain(targets) {
            let Some(item) = items.iter().find(|c| c.index == *i) else {
                continue;
            };
            if item.reads_results {
                let at = &definition.items[*index].replaces_within[0];
                problems[at.file].push(
                    Diagnostic::new(
                        at.span.clone(),
                        format!(
                            "`{}` reads the items' results, so its matches are not known when \
                             `replaces-within` drops matches",
                            definition.items[*i].id.value
                        ),
                        "reads results",
                    )
                    .with_help(
                        "set-level exclusions are worked out before the items that read \
                         results count",
                    ),
                );
            }
        }
    }
    for (index, targets) in within {
        for item in items.iter_mut() {
            if item.index == index {
                item.replaces_within = targets.clone();
                item.instanced = true;
            } else if targets.contains(&item.index) {
                item.instanced = true;
            }
        }
    }
}

/// What an item looks at, in words.
fn looks_at(item: &super::Item) -> String {
    match item.for_each {
        ForEach::Hand => "the hand".to_string(),
        ForEach::Set => "each set".to_string(),
        ForEach::Tile => "each tile".to_string(),
        ForEach::Bonus => "each bonus tile".to_string(),
        ForEach::Group => format!("groups of `{}`", item.for_each_text()),
    }
}

/// A cycle of `replaces` (an item that, through the items it replaces, replaces itself) is
/// a problem at the `replaces` entry that closes it: which of them would count is not said.
fn replaces_cycle(
    definition: &Definition,
    replaced: &[Vec<usize>],
    problems: &mut [Vec<Diagnostic>],
) {
    for cycle in cycles(replaced) {
        let (from, to) = (cycle[cycle.len() - 2], cycle[cycle.len() - 1]);
        // The entry that names the item, or a tag of it.
        let target = &definition.items[to];
        let names_target = |name: &str| {
            name == target.id.value
                || target.tags.iter().any(|t| t.value == name)
                || matches!(target.kind, ItemKind::Unit(_))
                    && target.kind.table(&definition.units) == name
        };
        let replacing = &definition.items[from];
        let Some(entry) = (replacing.replaces.iter()).find(|r| names_target(&r.value)) else {
            continue;
        };
        // A tag (or unit) the replacing item has itself names every other item with it,
        // those that replace it back among them.
        let own_unit = matches!(replacing.kind, ItemKind::Unit(_))
            && replacing.kind.table(&definition.units) == entry.value;
        let own = if own_unit {
            Some("unit")
        } else {
            (replacing.tags.iter().any(|t| t.value == entry.value)).then_some("tag")
        };
        let help = if let Some(own) = own {
            format!(
                "`{}` is `{}`'s own {own}: it names every other item of it, and `{}` replaces \
                 `{}` back. To drop the others, give them a tag of their own and replace that, \
                 or name them by id",
                entry.value, replacing.id.value, target.id.value, replacing.id.value
            )
        } else {
            "an item that replaces another cannot be replaced by it, directly or through others"
                .to_string()
        };
        problems[entry.file].push(
            Diagnostic::new(
                entry.span.clone(),
                format!(
                    "`replaces` makes a cycle: {}",
                    item_path(definition, &cycle)
                ),
                "closes the cycle",
            )
            .with_help(help),
        );
    }
}

/// The ids of the items at `path`, joined by arrows.
fn item_path(definition: &Definition, path: &[usize]) -> String {
    let ids: Vec<&str> = path
        .iter()
        .map(|&i| definition.items[i].id.value.as_str())
        .collect();
    ids.join(" → ")
}

/// Cycles of the graph whose edges from node `i` go to `edges[i]`: at most one for each
/// node from which a depth-first walk finds nodes not seen before, each as the path from
/// its first node round to it again.
fn cycles(edges: &[Vec<usize>]) -> Vec<Vec<usize>> {
    // Depth-first, each node's state: 0 not seen, 1 on the path, 2 done.
    fn visit(at: usize, edges: &[Vec<usize>], state: &mut [u8], path: &mut Vec<usize>) -> bool {
        state[at] = 1;
        path.push(at);
        for &next in &edges[at] {
            if state[next] == 1 {
                path.push(next);
                return true;
            }
            if state[next] == 0 && visit(next, edges, state, path) {
                return true;
            }
        }
        path.pop();
        state[at] = 2;
        false
    }
    let mut state = vec![0u8; edges.len()];
    let mut found = Vec::new();
    for start in 0..edges.len() {
        let mut path = Vec::new();
        if state[start] == 0 && visit(start, edges, &mut state, &mut path) {
            let closing = path[path.len() - 1];
            let first = path.iter().position(|&i| i == closing).unwrap_or(0);
            found.push(path[first..].to_vec());
            // The walk stopped on its path: those nodes are done with, not on a later
            // walk's path (which would otherwise close a cycle of one node at them).
            for &node in &path {
                state[node] = 2;
            }
        }
    }
    found
}

/// Whether `c` reads the items' results (`sum`, `best`, `fired`).
fn reads_results(c: &Compiled) -> bool {
    c.mentions(|n| matches!(n, Compiled::Sum(_) | Compiled::Best(_) | Compiled::Fired(_)))
}

/// The tags of the variant's items, in the order they first appear; more than
/// [`MAX_TAGS`] is a problem at the first one too many.
fn tags_of_items(
    definition: &Definition,
    units: &[String],
    problems: &mut [Vec<Diagnostic>],
) -> Vec<String> {
    // A unit is the tag of its items, and comes first: unit `i` is tag `i`.
    let mut tags: Vec<String> = units.iter().take(MAX_TAGS).cloned().collect();
    for tag in definition.items.iter().flat_map(|i| &i.tags) {
        if tags.contains(&tag.value) {
            continue;
        }
        if tags.len() == MAX_TAGS {
            problems[tag.file].push(
                Diagnostic::new(
                    tag.span.clone(),
                    format!("more than {MAX_TAGS} tags"),
                    "one too many",
                )
                .with_help(format!(
                    "a variant's items may have at most {MAX_TAGS} tags between them, extended files included"
                )),
            );
            break;
        }
        tags.push(tag.value.clone());
    }
    tags
}

/// The order in which the items that read other items' results are evaluated (see
/// [`Rules::later`]); an item whose results depend on its own, through the items it reads,
/// is a problem at its id.
fn results_order(
    definition: &Definition,
    items: &[CompiledItem],
    problems: &mut [Vec<Diagnostic>],
) -> Vec<usize> {
    // What each item's result depends on, by index in the file: the items it reads, and the
    // items that may replace one of those.
    let mut replacers = vec![Vec::new(); definition.items.len()];
    for item in items {
        for &r in &item.replaces {
            replacers[r].push(item.index);
        }
    }
    let mut depends = vec![Vec::new(); definition.items.len()];
    for item in items.iter().filter(|i| i.reads_results) {
        let mut read = Vec::new();
        for c in [&item.when, &item.value] {
            c.visit(&mut |n| match n {
                Compiled::Fired(i) => read.push(*i as usize),
                Compiled::Sum(tag) | Compiled::Best(tag) => read.extend(
                    items
                        .iter()
                        .filter(|other| other.tags & 1 << tag != 0)
                        .map(|other| other.index),
                ),
                _ => {}
            });
        }
        let by_replacers: Vec<usize> = read.iter().flat_map(|&r| replacers[r].clone()).collect();
        read.extend(by_replacers);
        read.sort_unstable();
        read.dedup();
        depends[item.index] = read;
    }
    let found = cycles(&depends);
    for cycle in &found {
        let item = &definition.items[cycle[0]];
        problems[item.id.file].push(
            Diagnostic::new(
                item.id.span.clone(),
                format!(
                    "`{}` reads results that depend on its own: {}",
                    item.id.value,
                    item_path(definition, cycle)
                ),
                "reads its own result",
            )
            .with_help(
                "an item may read (`sum`, `best`, `fired`) only items that do not read it, nor are \
                 replaced by an item that does; a tag an item has is one it cannot `sum`",
            ),
        );
    }
    if !found.is_empty() {
        return Vec::new();
    }
    // Each item's stage: 0 when it reads nothing, else one more than the latest it reads.
    fn stage(at: usize, depends: &[Vec<usize>], memo: &mut [Option<usize>]) -> usize {
        if let Some(s) = memo[at] {
            return s;
        }
        let s = depends[at]
            .iter()
            .map(|&d| stage(d, depends, memo) + 1)
            .max()
            .unwrap_or(0);
        memo[at] = Some(s);
        s
    }
    let mut memo = vec![None; definition.items.len()];
    let mut later: Vec<(usize, usize)> = (0..items.len())
        .filter(|&k| items[k].reads_results)
        .map(|k| (stage(items[k].index, &depends, &mut memo), k))
        .collect();
    later.sort_unstable();
    later.into_iter().map(|(_, k)| k).collect()
}

/// The indexes of the items that `item` (at `index`) replaces; an unknown id or the item's
/// own is a problem.
fn resolve_replaces(
    definition: &Definition,
    index: usize,
    ids: &HashMap<&str, usize>,
    problems: &mut [Vec<Diagnostic>],
) -> Vec<usize> {
    let item = &definition.items[index];
    resolve_ids(definition, index, &item.replaces, "replaces", ids, problems)
}

/// The items that the ids (or tags) of `list`, the item `index`'s `key`, name; an unknown
/// id and the item's own are problems.
fn resolve_ids(
    definition: &Definition,
    index: usize,
    list: &[Located<String>],
    key: &str,
    ids: &HashMap<&str, usize>,
    problems: &mut [Vec<Diagnostic>],
) -> Vec<usize> {
    // The items with a tag: those that name it, and a unit's own.
    let tagged = |tag: &str| -> Vec<usize> {
        (definition.items.iter().enumerate())
            .filter(|(_, other)| {
                other.tags.iter().any(|t| t.value == tag)
                    || matches!(other.kind, ItemKind::Unit(_))
                        && other.kind.table(&definition.units) == tag
            })
            .map(|(i, _)| i)
            .collect()
    };
    let mut replaces = Vec::new();
    for r in list {
        match ids.get(r.value.as_str()) {
            Some(&i) if i == index => problems[r.file].push(Diagnostic::new(
                r.span.clone(),
                "an item cannot replace itself",
                "its own id",
            )),
            Some(&i) => replaces.push(i),
            // A tag: every other item with it.
            None if !tagged(&r.value).is_empty() => {
                replaces.extend(tagged(&r.value).into_iter().filter(|&i| i != index));
            }
            None => {
                let help = did_you_mean(&r.value, ids.keys().copied())
                    .map(|s| format!("did you mean `{s}`?"))
                    .unwrap_or_else(|| {
                        format!("`{key}` names ids of items of this variant, or a tag of some")
                    });
                problems[r.file].push(
                    Diagnostic::new(
                        r.span.clone(),
                        format!("`{key}` names an unknown item `{}`", r.value),
                        "unknown id",
                    )
                    .with_help(help),
                );
            }
        }
    }
    replaces
}

/// Checks what the variant's style needs: its parameters and, for faan, the table.
fn check_style(definition: &Definition, problems: &mut Vec<Diagnostic>) {
    let mut require_param = |name: &str, why: &str| {
        if definition.param(name).is_none() {
            problems.push(
                Diagnostic::new(
                    0..0,
                    format!(
                        "a `{}` variant needs the parameter `{name}`",
                        definition.style.name()
                    ),
                    "missing parameter",
                )
                .with_help(format!(
                    "{why}; add it to `[params]` (\"none\" where the text gives no value)"
                )),
            );
        }
    };
    match definition.style {
        Style::PointsAndDoubles => require_param("limit", "it caps the score"),
        Style::Faan => {
            require_param("min-faan", "it is the least faan to win");
            require_param("max-faan", "it caps the faan");
            if definition.faan_table.is_empty() {
                problems.push(
                    Diagnostic::new(
                        0..0,
                        "a `faan` variant needs a `[faan-table]`",
                        "no faan table",
                    )
                    .with_help("add `[faan-table]` with `rows = [[least faan, base points], …]`"),
                );
            }
        }
        Style::Formula => {
            if !definition.values.iter().any(|v| v.id.value == "total") {
                problems.push(
                    Diagnostic::new(0..0, "a `formula` variant needs a value named `total`", "no `total`")
                        .with_help("add `[[values]]` with `id = \"total\"` and the expression of the score, e.g. `value = \"han * 2\"`"),
                );
            }
        }
    }
}

/// The numbers the engine reads must make sense: a limit above 0, faan from 0, and a least
/// faan to win not above the most; each wrong one is a problem at its name.
fn check_engine_params(definition: &Definition, problems: &mut [Vec<Diagnostic>]) {
    let mut refuse = |name: &str, message: String, help: &str| {
        if let Some(p) = definition.params.iter().find(|p| p.name.value == name) {
            problems[p.name.file].push(
                Diagnostic::new(p.name.span.clone(), message, "not a value it can take")
                    .with_help(help.to_string()),
            );
        }
    };
    if let Some(limit) = definition.int_param("limit").filter(|&l| l <= 0) {
        refuse(
            "limit",
            format!("a limit of {limit}"),
            "the limit caps the score: a number above 0, or \"none\"",
        );
    }
    for name in ["min-faan", "max-faan"] {
        if let Some(n) = definition.int_param(name).filter(|&n| n < 0) {
            refuse(name, format!("`{name}` of {n}"), "faan are counted from 0");
        }
    }
    if let (Some(least), Some(most)) = (
        definition.int_param("min-faan"),
        definition.int_param("max-faan"),
    ) && least > most
    {
        refuse(
            "min-faan",
            format!("`min-faan` of {least} is above `max-faan` of {most}"),
            "no hand could win",
        );
    }
}

/// The parameters the engine reads itself in a variant of this style: the cap of a
/// points-and-doubles variant, the least and most faan of a faan variant. Every other
/// parameter is read by the rules.
pub fn engine_params(style: Style) -> &'static [&'static str] {
    match style {
        Style::PointsAndDoubles => &["limit"],
        Style::Faan => &["min-faan", "max-faan"],
        Style::Formula => &[],
    }
}

/// Every parameter that nothing reads is a mistake (most often a misspelt name, which would
/// otherwise change nothing): neither the engine nor any rule of the variant's files
/// (`$name` in their text) reads it.
fn check_params_read(definition: &Definition, problems: &mut [Vec<Diagnostic>]) {
    let read = |name: &str| {
        let written = format!("${name}");
        definition.files.iter().any(|f| {
            f.text.match_indices(&written).any(|(at, _)| {
                !f.text[at + written.len()..]
                    .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            })
        })
    };
    let engine = engine_params(definition.style);
    for param in &definition.params {
        let name = param.name.value.as_str();
        if engine.contains(&name) || read(name) {
            continue;
        }
        let others = (definition.params.iter().map(|p| p.name.value.as_str()))
            .filter(|&other| other != name)
            .chain(engine.iter().copied());
        let in_other_style = Style::ALL
            .into_iter()
            .find(|&style| engine_params(style).contains(&name));
        let help = match (in_other_style, did_you_mean(name, others)) {
            (Some(style), _) => format!(
                "`{name}` is read in a `{}` variant; this one is `{}`",
                style.name(),
                definition.style.name()
            ),
            (None, Some(m)) => format!("did you mean `{m}`?"),
            (None, None) => format!(
                "a rule reads a parameter as `${name}` in an expression; the engine reads \
                 {} itself",
                crate::document::quoted_list(engine)
            ),
        };
        problems[param.name.file].push(
            Diagnostic::new(
                param.name.span.clone(),
                format!("nothing reads the parameter `{name}`"),
                "read by no rule",
            )
            .with_help(help),
        );
    }
}

/// The items some `calling(…)` asks about, in the order first asked, that are scored (an
/// unsupported item never counts, so it is never called for).
fn calling_targets(rules: &Rules) -> Vec<usize> {
    let mut called = Vec::new();
    for c in rules.scoring_expressions() {
        c.visit(&mut |node| {
            if let Compiled::Calling(i) = node
                && !called.contains(&(*i as usize))
            {
                called.push(*i as usize);
            }
        });
    }
    called.retain(|&index| rules.items.iter().any(|i| i.index == index));
    called
}

/// Parses and compiles one expression, adding its problems (placed in the file) to the
/// problems of its file.
fn compile_source(
    source: &Source,
    scope: Scope,
    ty: Type,
    env: &Env<'_>,
    problems: &mut [Vec<Diagnostic>],
) -> Option<Compiled> {
    let file_problems = &mut problems[source.file];
    let place = |span| source.sub_span(span);
    let compiled = parse(&source.text)
        .map_err(|e| vec![e])
        .and_then(|expr| compile(&expr, scope, ty, env));
    match compiled {
        Ok(c) => Some(c),
        Err(errors) => {
            file_problems.extend(errors.into_iter().map(|e| e.moved(place)));
            None
        }
    }
}

/// `[game]`, its expressions compiled on the table after a deal.
fn compile_game(
    definition: &Definition,
    env: &Env<'_>,
    problems: &mut [Vec<Diagnostic>],
) -> CompiledGame {
    let g = &definition.game;
    if let Some(deposit) = &g.deposit
        && definition.payments.pot.is_none()
    {
        problems[deposit.file].push(
            Diagnostic::new(
                deposit.span.clone(),
                "deposits go on the table, but no winner ever takes them",
                "no `[payments] pot`",
            )
            .with_help(
                "say what the winner takes from the table in `[payments]`: `pot = \"1000 * deposits\"`",
            ),
        );
    }
    let dealer_keeps = (g.dealer_keeps.as_ref())
        .and_then(|s| compile_source(s, Scope::Deal, Type::Bool, env, problems));
    let counters = (g.counters.as_ref())
        .and_then(|s| compile_source(s, Scope::Deal, Type::Int, env, problems));
    CompiledGame {
        start: g.start.as_ref().map_or(0, |n| n.value),
        rounds: g.rounds.as_ref().map_or(4, |n| n.value.clamp(1, 4) as u8),
        dealer_keeps,
        counters,
        deposit: g.deposit.as_ref().map(|n| n.value),
        round_seats: g.round_seats.iter().map(|r| r.value).collect(),
        uma: g.uma.as_ref().map(|u| u.value),
        target: g.target.as_ref().map(|n| n.value),
    }
}

/// The group of elements an item looks at, written in `source` (`a, b in sets`), checked;
/// `None` after reporting its problems.
fn check_group_source(
    source: &Source,
    env: &Env<'_>,
    problems: &mut [Vec<Diagnostic>],
) -> Option<Group> {
    let checked = parse_group(&source.text)
        .map_err(|e| vec![e])
        .and_then(|binding| check_group(&binding, env));
    checked
        .map_err(|errors| {
            let place = |span| source.sub_span(span);
            problems[source.file].extend(errors.into_iter().map(|e| e.moved(place)));
        })
        .ok()
}

/// The condition of an item over `group`: some group of its elements meets the item's
/// `when`, which must read every name; `None` after reporting its problems.
fn group_condition(
    item: &super::Item,
    group: &Group,
    env: &Env<'_>,
    problems: &mut [Vec<Diagnostic>],
) -> Option<Compiled> {
    let Some(source) = &item.when else {
        let at = item.group.as_ref().expect("an item over a group has one");
        problems[at.file].push(
            Diagnostic::new(
                at.span.clone(),
                "an item over a group of elements needs a `when` that reads each of them",
                "no `when`",
            )
            .with_help("for example `when = \"a.chow and b.chow and a.tile == b.tile\"`"),
        );
        return None;
    };
    let compiled = parse(&source.text)
        .map_err(|e| vec![e])
        .and_then(|expr| compile_group_condition(group, &expr, env));
    compiled
        .map_err(|errors| {
            let place = |span| source.sub_span(span);
            problems[source.file].extend(errors.into_iter().map(|e| e.moved(place)));
        })
        .ok()
}

/// `source` compiled on one group of `group`'s elements, expecting `ty`; `None` after
/// reporting its problems.
fn in_group(
    source: &Source,
    group: &Group,
    ty: Type,
    env: &Env<'_>,
    problems: &mut [Vec<Diagnostic>],
) -> Option<Compiled> {
    let compiled = parse(&source.text)
        .map_err(|e| vec![e])
        .and_then(|expr| compile_in_group(group, &expr, ty, env));
    compiled
        .map_err(|errors| {
            let place = |span| source.sub_span(span);
            problems[source.file].extend(errors.into_iter().map(|e| e.moved(place)));
        })
        .ok()
}

/// Checks and compiles the payment rules; caps must be constant.
fn compile_payments(
    definition: &Definition,
    env: &Env<'_>,
    problems: &mut [Vec<Diagnostic>],
) -> CompiledPayments {
    let p = &definition.payments;
    let mut cap = |value: &Option<Located<ValueSource>>| -> Option<i64> {
        let located = value.as_ref()?;
        let n = match &located.value {
            ValueSource::Int(n) => *n,
            ValueSource::Expr(source) => {
                match compile_source(source, Scope::Hand, Type::Int, env, problems)? {
                    Compiled::Const(n) => n,
                    _ => {
                        problems[located.file].push(Diagnostic::new(
                            located.span.clone(),
                            "a cap is a number: it may use parameters, not facts of a hand",
                            "not a constant",
                        ));
                        return None;
                    }
                }
            }
        };
        if n <= 0 {
            problems[located.file].push(
                Diagnostic::new(
                    located.span.clone(),
                    format!("a cap of {n}"),
                    "not a value it can take",
                )
                .with_help("a cap is the most one payment can be: a number above 0, or no cap"),
            );
            return None;
        }
        Some(n)
    };
    let cap_value = cap(&p.cap);
    let dealer_cap = cap(&p.dealer_cap);
    let mut seen: HashMap<&str, ()> = HashMap::new();
    for rule in p.doubles.iter().chain(p.liabilities.iter()) {
        if seen.insert(&rule.id.value, ()).is_some() {
            problems[rule.id.file].push(Diagnostic::new(
                rule.id.span.clone(),
                format!("a second payment rule with the id `{}`", rule.id.value),
                "duplicate id",
            ));
        }
    }
    let doubles: Vec<Compiled> = p
        .doubles
        .iter()
        .filter_map(|r| compile_source(&r.when, Scope::Payment, Type::Bool, env, problems))
        .collect();
    let mut number = |source: &Option<Source>| {
        compile_source(source.as_ref()?, Scope::Payment, Type::Int, env, problems)
    };
    let amount = number(&p.amount);
    let pot = number(&p.pot);

    let liabilities = p
        .liabilities
        .iter()
        .filter_map(|r| {
            let c = compile_source(&r.when, Scope::Hand, Type::Bool, env, problems)?;
            Some((c, r.liable?))
        })
        .collect();
    CompiledPayments {
        losers_settle: p.losers_settle,
        amount,
        pot,
        cap: cap_value,
        dealer_cap,
        doubles,
        liabilities,
    }
}
