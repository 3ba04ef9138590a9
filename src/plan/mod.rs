//! The plan: what exists only to score fast. Nothing here changes a score.
//!
//! In: a variant's checked [`Rules`]. Out: its [`Plan`], which the fast [`Scorer`] follows to
//! give the same score cards as the reference scorer ([`crate::score::reference`]) in a
//! fraction of the time. The meaning of a hand, a condition and a score is in the modules
//! the plan reads (`hand`, `arrange`, `waits`, `predicate`, `score`); none of them reads the
//! plan.
//!
//! The shortcuts, each of which can be turned off ([`Tricks`]); the tests score hands with
//! each off, and with all of them off, and hold every card to the reference scorer's:
//!
//! - conditions folded into fewer, wider tests (`fold`);
//! - conditions and values compiled to closures, called instead of walking the tree
//!   (`program`);
//! - a formula that reads only the items' sums and the hand's flags worked out once for
//!   each distinct set of them (`memo`);
//! - gates: necessary conditions of each item, shape and requirement, read from its top
//!   conjuncts and tested as bits before the rest of it is evaluated, many gates at once
//!   through a transposed table (`gate`);
//! - set items that are one flag test worth a constant, counted in a tight loop;
//! - tile items that count the elements pointing at each tile (`next(i.tile) == tile`)
//!   counted from the elements' side, each looking up its one tile (`pointing`);
//! - a non-winner's tiles held alike read as pungs only, where a proof shows that no other
//!   grouping scores more (`groupings`);
//! - a calling hand's completions tried only with the tiles, and scored only in the
//!   readings, where some item called for may apply (`calling`; not for a variant with
//!   blocks);
//! - the only possible tile read from the arrangements where one shows another winning tile,
//!   and the tiles that complete a hand as a special shape sought only among those that may
//!   make one form (`waits`);
//! - when only the totals are wanted: a winner's reading that misses a requirement is not
//!   given its items, and a non-winner under a variant with no item for him, whose score
//!   reads nothing of a reading, is not read;
//! - the waits, the wait count and the copies of each number, worked out only when some
//!   condition reads them.

pub(crate) mod calling;
pub(crate) mod corpus;
pub(crate) mod fold;
pub(crate) mod gate;
pub(crate) mod groupings;
pub(crate) mod memo;
pub(crate) mod pointing;
pub(crate) mod program;
pub(crate) mod refusing;
pub(crate) mod scorer;
pub(crate) mod waits;

use crate::arrange::Groupings;
use crate::predicate::Compiled;
use crate::predicate::compiled::{Collection, ElemInt, Mask};
use crate::predicate::facts::{Elem, Facts, hand};
use crate::rules::{CompiledItem, ForEach, Rules};
use crate::score::formula::ScoreExpressions;
use crate::score::items::applies_to;
use crate::tiles::TileSet;
use fold::fold;
use gate::{Gate, GateTable, Gated, Summary, Words};
use pointing::Pointing;
use program::{GroupProgram, Num, Test};
use refusing::Refusals;

pub use scorer::Scorer;

/// The shortcuts of the fast scorer (see the module docs), each on or off. None of them
/// changes a score; turning one off shows what it saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tricks {
    /// Conditions folded into fewer, wider tests.
    pub fold: bool,
    /// Items, shapes and requirements tested by their gates first.
    pub gates: bool,
    /// A player's item gates tested together through a transposed table (with `gates`).
    pub gate_table: bool,
    /// Set items that are one flag test worth a constant counted in a tight loop.
    pub set_tests: bool,
    /// Tile items that count the elements pointing at each tile counted from the
    /// elements' side.
    pub pointing: bool,
    /// A non-winner's pungs proved to score best read as pungs only.
    pub groupings: bool,
    /// A calling hand's completions tried only where an item called for may apply.
    pub calling: bool,
    /// The only possible tile read from the arrangements where they show another.
    pub only_possible: bool,
    /// The tiles that complete a hand as a special shape sought only among those that may
    /// make one form.
    pub shape_waits: bool,
    /// For the totals alone: a winner's reading that misses a requirement is not given its
    /// items, and a non-winner with no item for him is not read.
    pub totals_only: bool,
    /// The waits and the copies of each number worked out only when a condition reads them.
    pub only_what_is_read: bool,
    /// Conditions and values compiled to closures instead of walked as trees.
    pub programs: bool,
    /// A formula that reads only the items' sums and the hand's flags remembered by them.
    pub memo: bool,
}

impl Tricks {
    /// Every shortcut on: what the scorer uses.
    pub const ALL: Tricks = Tricks {
        fold: true,
        gates: true,
        gate_table: true,
        set_tests: true,
        pointing: true,
        groupings: true,
        calling: true,
        only_possible: true,
        shape_waits: true,
        totals_only: true,
        only_what_is_read: true,
        programs: true,
        memo: true,
    };

    /// Every shortcut off: the fast scorer does what the reference scorer does.
    pub const NONE: Tricks = Tricks {
        fold: false,
        gates: false,
        gate_table: false,
        set_tests: false,
        pointing: false,
        groupings: false,
        calling: false,
        only_possible: false,
        shape_waits: false,
        totals_only: false,
        only_what_is_read: false,
        programs: false,
        memo: false,
    };

    /// Each shortcut by its name, for switching one off.
    pub const NAMES: [&'static str; 13] = [
        "fold",
        "gates",
        "gate-table",
        "set-tests",
        "pointing",
        "groupings",
        "calling",
        "only-possible",
        "shape-waits",
        "totals-only",
        "only-what-is-read",
        "programs",
        "memo",
    ];

    /// These shortcuts with the one called `name` turned off; `None` for an unknown name.
    pub fn without(self, name: &str) -> Option<Tricks> {
        let mut t = self;
        let flag = match name {
            "fold" => &mut t.fold,
            "gates" => &mut t.gates,
            "gate-table" => &mut t.gate_table,
            "set-tests" => &mut t.set_tests,
            "pointing" => &mut t.pointing,
            "groupings" => &mut t.groupings,
            "calling" => &mut t.calling,
            "only-possible" => &mut t.only_possible,
            "shape-waits" => &mut t.shape_waits,
            "totals-only" => &mut t.totals_only,
            "only-what-is-read" => &mut t.only_what_is_read,
            "programs" => &mut t.programs,
            "memo" => &mut t.memo,
            _ => return None,
        };
        *flag = false;
        Some(t)
    }
}

/// An item as the fast scorer runs it: the item, its condition and value folded, its
/// condition gated.
///
/// Laid out in the order written (`repr(C)`): what tells the scorer how to count the item
/// first, so that an item's first read brings those fields in together; the item itself,
/// which holds its trees, last.
#[derive(Clone, Debug)]
#[repr(C)]
pub(crate) struct PlanItem {
    /// The commonest shape of item, a flag test on each set worth a constant (what is left
    /// of the condition after its gate, and the value), counted in a tight loop.
    pub set_test: Option<(Mask, i64)>,
    /// For an item over groups of named elements: how it counts.
    pub group: Option<GroupProgram>,
    /// A tile item counted from the elements pointing at the tiles.
    pub pointing: Option<Pointing>,
    /// The value, as a program.
    pub amount: Num,
    /// The condition, with its gate.
    pub condition: Gated,
    /// The item, with its condition and value as the plan evaluates them.
    pub item: CompiledItem,
}

/// The items that apply to one player (the winner, or one of the others), in the order the
/// fast scorer walks them.
#[derive(Clone, Debug)]
pub(crate) struct PlayerPlan {
    /// The items that read no other item's result, grouped by what they look at.
    pub items: Vec<PlanItem>,
    /// Their gates, in the same order.
    pub gates: GateTable,
    /// The items that read other items' results, in the order they are evaluated after
    /// those ([`Rules::later`]), as the reference scorer evaluates them
    /// ([`crate::score::items::count_later`]).
    pub later: Vec<PlanItem>,
    /// For each item of the variant, by its index, its place in `items`, if it is there.
    places: Vec<Option<u32>>,
}

impl PlayerPlan {
    /// Every item of the player's: those that read no result, then the others.
    pub fn every_item(&self) -> Vec<PlanItem> {
        self.items.iter().chain(&self.later).cloned().collect()
    }

    /// The item of index `index` (in [`Definition::items`](crate::rules::Definition::items)), if
    /// it is among `items`.
    pub fn item(&self, index: usize) -> Option<&PlanItem> {
        let place = (*self.places.get(index)?)?;
        self.items.get(place as usize)
    }
}

/// How the fast scorer scores a variant's hands (see the module docs).
#[derive(Clone, Debug)]
pub struct Plan {
    /// The shortcuts taken.
    pub(crate) tricks: Tricks,
    /// The items of the winner, and those of the others.
    pub(crate) by_player: [PlayerPlan; 2],
    /// The special shapes' conditions, gated.
    pub(crate) shapes: Vec<Gated>,
    /// The requirements' conditions, gated.
    pub(crate) requirements: Vec<Gated>,
    /// The refusals, as the fast scorer tests them.
    pub(crate) refusals: Refusals,
    /// The liabilities' conditions, gated.
    pub(crate) liabilities: Vec<Gated>,
    /// A `formula` variant's values and tiers, and the tie-breaks, as programs.
    pub(crate) score: ScorePrograms,
    /// What a `formula` variant's values and tiers read, when the score can be remembered by
    /// it ([`memo`]).
    pub(crate) formula_inputs: Option<memo::Inputs>,
    /// The items some `calling(…)` asks about, as the fast scorer runs them.
    pub(crate) calling_targets: Vec<PlanItem>,
    /// Some condition asks whether the winning tile was the only possible one.
    pub(crate) needs_waits: bool,
    /// Some condition reads `number_copies`.
    pub(crate) needs_number_copies: bool,
    /// Which groupings of a non-winner's tiles held alike are read.
    pub(crate) groupings: Groupings,
    /// For the totals alone: a player who did not go out scores the same in every reading,
    /// so his readings are not looked for. No item applies to him, and the score's own
    /// expressions (a formula's values and tiers, the tie-breaks) read neither the sets, nor
    /// the special shapes or the items called for (worked out with the readings), nor the
    /// one flag of a reading that may differ between his (`concealed_hand`; the others of a
    /// reading are never his).
    pub(crate) others_score_alike: bool,
    /// Moreover, the score's own expressions read nothing of his hand but its flags (and
    /// the results, which no item gives him): his tiles are not looked at.
    pub(crate) others_score_by_flags: bool,
    /// Some gate reads the suits of the sets ([`gate::ties_suits_of_sets`]): the words of
    /// each reading hold them.
    sets_by_suit: bool,
    /// Some gate reads how many times a tile is held ([`Gate::reads_copies`]): the summary
    /// of each hand holds it.
    tiles_by_copies: bool,
    /// The requirements that read the items' results read none that an item counted after
    /// the others gives or takes away: they are settled before those items are counted.
    pub(crate) settled_before_later: bool,
}

impl Plan {
    /// The plan of `rules` with the shortcuts `tricks`.
    pub fn new(rules: &Rules, tricks: Tricks) -> Plan {
        // The calling shortcut tries the tiles of the standard shape and the special shapes:
        // a variant with blocks tries every tile.
        let tricks = Tricks {
            calling: tricks.calling && rules.blocks.is_empty(),
            ..tricks
        };
        let prepare = |c: &Compiled| {
            if tricks.fold {
                fold(c.clone())
            } else {
                c.clone()
            }
        };
        let gated = |c: &Compiled, each: Option<Collection>| {
            let c = prepare(c);
            if tricks.gates {
                Gated::new(c, each, tricks.programs)
            } else {
                Gated::open(c, tricks.programs)
            }
        };
        let items: Vec<PlanItem> = rules
            .items
            .iter()
            .map(|item| {
                let each = match item.for_each {
                    ForEach::Hand | ForEach::Group => None,
                    ForEach::Set => Some(Collection::Sets),
                    ForEach::Tile => Some(Collection::Tiles),
                    ForEach::Bonus => Some(Collection::Bonus),
                };
                let condition = gated(&item.when, each);
                let planned = CompiledItem {
                    when: condition.when.clone(),
                    value: prepare(&item.value),
                    ..item.clone()
                };
                let set_test = match (item.for_each, &condition.rest, &planned.value) {
                    (ForEach::Set, Compiled::ElemMask(mask), Compiled::Const(v))
                        if tricks.set_tests =>
                    {
                        Some((*mask, *v))
                    }
                    _ => None,
                };
                let pointing = (item.for_each == ForEach::Tile && tricks.pointing)
                    .then(|| Pointing::of(&condition.rest, &planned.value, tricks.programs))
                    .flatten();
                PlanItem {
                    amount: Num::new(&planned.value, tricks.programs),
                    group: (item.for_each == ForEach::Group)
                        .then(|| GroupProgram::new(&planned.when, &planned.value, tricks.programs))
                        .flatten(),
                    item: planned,
                    condition,
                    set_test,
                    pointing,
                }
            })
            .collect();
        let for_player = |winner: bool| {
            let mut list: Vec<PlanItem> = items
                .iter()
                .filter(|p| applies_to(p.item.who, winner) && !p.item.reads_results)
                .cloned()
                .collect();
            let later = (rules.later.iter())
                .map(|&k| &items[k])
                .filter(|p| applies_to(p.item.who, winner))
                .cloned()
                .collect();
            list.sort_by_key(|p| p.item.for_each as u8);
            let mut places = vec![None; rules.definition.items.len()];
            for (place, i) in list.iter().enumerate() {
                places[i.item.index] = u32::try_from(place).ok();
            }
            PlayerPlan {
                gates: GateTable::new(&list.iter().map(|i| *i.condition.gate).collect::<Vec<_>>()),
                items: list,
                later,
                places,
            }
        };
        let by_player = [for_player(true), for_player(false)];
        let reads = |found: &dyn Fn(&Compiled) -> bool| {
            !tricks.only_what_is_read || rules.expressions().any(|c| c.mentions(found))
        };
        let needs_waits = reads(&|c| {
            matches!(c, Compiled::HandMask(m)
                if m.bits() & hand::ONLY_POSSIBLE != 0)
        });
        let needs_number_copies = reads(&|c| matches!(c, Compiled::ElemInt(ElemInt::NumberCopies)));
        let reads_a_reading = |c: &Compiled| {
            c.mentions(|node| match node {
                Compiled::Count(c, _) | Compiled::Any(c, _) | Compiled::All(c, _) => {
                    *c == Collection::Sets
                }
                Compiled::Suits(c) => *c == Collection::Sets,
                Compiled::Tuples(t) => t.collection == Collection::Sets,
                Compiled::HandMask(m) => m.bits() & hand::CONCEALED_HAND != 0,
                Compiled::Calling(_) | Compiled::Shape(_) | Compiled::Block(_) => true,
                _ => false,
            })
        };
        // The score's own expressions: a formula's values and tiers, and the tie-breaks.
        let score_expressions = || {
            (rules.values.iter())
                .chain(rules.tiers.iter().flat_map(|t| [&t.when, &t.value]))
                .chain(&rules.prefer)
        };
        let others = &by_player[1];
        let others_score_alike = tricks.totals_only
            && others.items.is_empty()
            && others.later.is_empty()
            && !score_expressions().any(reads_a_reading);
        // The score's own expressions read nothing of a hand but its flags and the results.
        let others_score_by_flags = others_score_alike
            && !score_expressions()
                .any(|c| c.mentions(|node| !memo::reads_only_results_and_flags(node)));
        let groupings = if tricks.groupings {
            groupings::groupings(&by_player[1].every_item())
        } else {
            Groupings::every()
        };
        let mut plan = Plan {
            tricks,
            shapes: rules.shapes.iter().map(|c| gated(c, None)).collect(),
            requirements: rules.requirements.iter().map(|c| gated(c, None)).collect(),
            refusals: Refusals::new(
                rules.refusals.iter().map(prepare),
                tricks.gates,
                tricks.programs,
            ),
            liabilities: rules
                .payments
                .liabilities
                .iter()
                .map(|(c, _)| gated(c, None))
                .collect(),
            calling_targets: rules
                .calling_targets
                .iter()
                .filter_map(|&index| items.iter().find(|p| p.item.index == index))
                .cloned()
                .collect(),
            score: ScorePrograms {
                values: (rules.values.iter())
                    .map(|c| Num::new(&prepare(c), tricks.programs))
                    .collect(),
                tiers: (rules.tiers.iter())
                    .map(|t| {
                        let when = Test::new(&prepare(&t.when), tricks.programs);
                        (when, Num::new(&prepare(&t.value), tricks.programs))
                    })
                    .collect(),
                prefer: (rules.prefer.iter())
                    .map(|c| Num::new(&prepare(c), tricks.programs))
                    .collect(),
            },
            formula_inputs: tricks.memo.then(|| memo::Inputs::of(rules)).flatten(),
            needs_waits,
            needs_number_copies,
            groupings,
            others_score_alike,
            others_score_by_flags,
            sets_by_suit: rules.reads(gate::ties_suits_of_sets),
            tiles_by_copies: false,
            settled_before_later: settled_before_later(rules, &by_player[0].later),
            by_player,
        };
        let reads_copies = plan.gates().any(Gate::reads_copies);
        plan.tiles_by_copies = reads_copies;
        plan
    }

    /// What the gates read of `facts`: the copies of the tiles only where some gate of the
    /// plan reads them ([`Plan::tiles_by_copies`]).
    #[inline]
    pub(crate) fn summary(&self, facts: &Facts<'_>) -> Summary {
        Summary::of(facts, self.tiles_by_copies)
    }

    /// The words the gates read of `summary`: the suits of the sets only where some gate of
    /// the plan reads them ([`Plan::sets_by_suit`]).
    #[inline]
    pub(crate) fn words(&self, summary: &Summary) -> Words {
        summary.words(self.sets_by_suit)
    }

    /// The gates of every condition the plan tests by its gate.
    fn gates(&self) -> impl Iterator<Item = &Gate> {
        let items = (self.by_player.iter())
            .flat_map(|p| p.items.iter().chain(&p.later))
            .chain(&self.calling_targets)
            .map(|i| &i.condition);
        (self.shapes.iter())
            .chain(&self.requirements)
            .chain(&self.liabilities)
            .chain(items)
            .map(|g| &*g.gate)
    }
}

/// The expressions of a score that are not items', as programs: a `formula` variant's values
/// and tiers (condition and value), and the tie-breaks, by index as in [`Rules`].
#[derive(Clone, Debug)]
pub(crate) struct ScorePrograms {
    values: Vec<Num>,
    tiers: Vec<(Test, Num)>,
    prefer: Vec<Num>,
}

impl ScoreExpressions for ScorePrograms {
    fn value(&self, i: usize, facts: &Facts<'_>) -> i64 {
        self.values[i].value(facts, Elem::default())
    }

    fn tier(&self, k: usize, facts: &Facts<'_>) -> Option<i64> {
        let (when, value) = &self.tiers[k];
        when.holds(facts, Elem::default())
            .then(|| value.value(facts, Elem::default()))
    }

    fn prefer(&self, i: usize, facts: &Facts<'_>) -> i64 {
        self.prefer[i].value(facts, Elem::default())
    }
}

/// Tiles that a player who did not go out has read every way, not only as pungs, because
/// the groupings proof could not show that the pungs score best: the item that stopped it,
/// and why. Scoring such a hand is slower, never wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadEveryWay {
    /// The tiles.
    pub tiles: TileSet,
    /// The item that stopped the proof, as an index into the variant's items.
    pub item: usize,
    /// What the item does that the proof cannot rule out.
    pub why: &'static str,
}

impl Plan {
    /// The tiles a player who did not go out has read every way, gathered by what stopped
    /// the proof (none when the groupings shortcut is off: then every tile is).
    pub fn read_every_way(&self) -> Vec<ReadEveryWay> {
        groupings::unproved(&self.by_player[1].every_item())
            .into_iter()
            .map(|(tiles, b)| ReadEveryWay {
                tiles,
                item: b.item,
                why: b.why,
            })
            .collect()
    }

    /// Whether some condition asks if the winning tile was the only possible one, so that
    /// the waits of a winner are worked out.
    pub fn needs_waits(&self) -> bool {
        self.needs_waits
    }
}

/// True when `rules` has requirements that read the items' results and items counted after
/// the others (`later`), and the former read nothing that the latter give or take away: no
/// tag of theirs, no `fired` of theirs, no value of the score, and none of them replaces
/// another.
fn settled_before_later(rules: &Rules, later: &[PlanItem]) -> bool {
    let tags = later.iter().fold(0u64, |tags, p| tags | p.item.tags);
    let given_late = |node: &Compiled| match *node {
        Compiled::Sum(tag) | Compiled::Best(tag) => tags >> tag & 1 != 0,
        Compiled::Fired(i) => later.iter().any(|p| p.item.index == i as usize),
        Compiled::Value(_) => true,
        _ => false,
    };
    // Nothing to settle, or nothing counted after: nothing saved.
    !later.is_empty()
        && rules.requirements_read_results.contains(&true)
        && later
            .iter()
            .all(|p| p.item.replaces.is_empty() && p.item.replaces_within.is_empty())
        && (rules
            .requirements
            .iter()
            .zip(&rules.requirements_read_results))
        .all(|(c, &reads)| !reads || !c.mentions(given_late))
}

/// `text` compiled as a condition in `scope` and folded as the plan folds it, with no
/// parameters, shapes or items to name (for tests; panics on a mistake).
#[cfg(test)]
pub(crate) fn test_condition(text: &str, scope: crate::predicate::Scope) -> Compiled {
    fold(crate::predicate::check::test_condition(text, scope))
}

#[cfg(test)]
mod tests {
    use crate::Variant;

    #[test]
    fn a_non_winner_scores_alike_only_where_nothing_reads_his_readings() {
        let alike = |spec: &str| {
            let spec = spec.replace("$tests", concat!(env!("CARGO_MANIFEST_DIR"), "/tests"));
            Variant::load(&spec, &[]).unwrap().plan().others_score_alike
        };
        // Riichi: no item for him, and the formula reads no set.
        assert!(alike("riichi"));
        // Hong Kong: no item for him, and no formula.
        assert!(alike("hong-kong"));
        // BMJA scores his pungs; this formula reads every player's sets.
        assert!(!alike("bmja"));
        assert!(!alike("$tests/variants/formula-others.toml"));
    }
}
