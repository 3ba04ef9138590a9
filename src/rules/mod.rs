//! Variant files: a rulebook as data.
//!
//! In: the TOML text of a variant file (format in `docs/rule-language.md`), and the files it
//! extends. Out: a [`Definition`] — parameters, special shapes, scoring items and the faan
//! table — in which every value remembers the file and bytes it came from; then, once
//! checked, its [`Rules`], whose conditions are compiled predicates ready to evaluate.
//!
//! Stages: `read` reads one file, `load` follows `extends` and applies a house file's
//! changes and the command line's `--param`, `check` compiles and checks everything and
//! reports all problems at once.

pub mod builtin;
pub(crate) mod check;
pub(crate) mod load;
pub(crate) mod read;

use std::ops::Range;

use crate::diagnostic::Diagnostic;
use crate::predicate::check::ParamValue;
use crate::words::{self, Words};

pub use check::{CompiledGame, CompiledItem, CompiledPayments, MAX_BLOCKS, MAX_SHAPES, Rules};
pub use load::{LoadError, load_definition};
pub(crate) use read::readings_text;

/// How a variant turns items into a score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Base points, doubled for each double, capped at the limit.
    PointsAndDoubles,
    /// Faan, added and capped, turned into base points by a table.
    Faan,
    /// The variant's own units (`[score] units`), added per unit, and its own formula: named
    /// values worked out in order (`[[values]]`), the last `total`, each perhaps raised or
    /// lowered to a tier (`[[tiers]]`).
    Formula,
}

impl Style {
    /// The word used in variant files.
    pub fn name(self) -> &'static str {
        match self {
            Style::PointsAndDoubles => "points-and-doubles",
            Style::Faan => "faan",
            Style::Formula => "formula",
        }
    }

    /// Every style, as a file may name it.
    pub const ALL: [Style; 3] = [Style::PointsAndDoubles, Style::Faan, Style::Formula];
}

/// What a scoring item gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ItemKind {
    /// Base points, added.
    Points,
    /// Doubles: the points are doubled once for each.
    Doubles,
    /// Faan, added.
    Faan,
    /// A limit hand: the score is its value (points-and-doubles) or its faan (faan).
    LimitHand,
    /// One of the variant's own units (a `formula` variant's), by index in
    /// [`Definition::units`].
    Unit(u8),
}

impl ItemKind {
    /// The name of the item list in variant files (`[[points]]`); a unit's is its name, one
    /// of `units`.
    pub fn table(self, units: &[Located<String>]) -> &str {
        match self {
            ItemKind::Points => "points",
            ItemKind::Doubles => "doubles",
            ItemKind::Faan => "faan",
            ItemKind::LimitHand => "limit-hands",
            ItemKind::Unit(u) => units.get(usize::from(u)).map_or("?", |u| &u.value),
        }
    }

    /// The unit of a value, for output: `4 points`, `1 double`, `2 han`; for a limit hand
    /// scored by doubling its own points, `own points × 2^3`.
    pub fn value_unit(
        self,
        value: i64,
        own_points_doubled: bool,
        units: &[Located<String>],
    ) -> String {
        if own_points_doubled {
            own_points_doubled_text(value)
        } else {
            self.unit(value, units)
        }
    }

    /// The unit of a value, for output: `4 points`, `1 double`, `2 han` (a unit's name as
    /// the variant gives it).
    pub fn unit(self, value: i64, units: &[Located<String>]) -> String {
        let plural = if value == 1 { "" } else { "s" };
        match self {
            ItemKind::Points => format!("{value} point{plural}"),
            ItemKind::Doubles => format!("{value} double{plural}"),
            ItemKind::Faan => format!("{value} faan"),
            ItemKind::LimitHand => format!("limit hand {value}"),
            ItemKind::Unit(_) => match self.as_written(units) {
                ItemKind::Unit(_) => format!("{value} {}", self.table(units)),
                fixed => fixed.unit(value, units),
            },
        }
    }

    /// The kind as texts write its values: a unit that took a fixed style's table (see
    /// [`ItemKind::unit_name`]) is that table's kind, `1 double` rather than `1 doubles`.
    pub fn as_written(self, units: &[Located<String>]) -> ItemKind {
        match self {
            ItemKind::Unit(_) => {
                let name = self.table(units);
                (ItemKind::ALL.into_iter())
                    .find(|k| k.unit_name() == Some(name))
                    .unwrap_or(self)
            }
            fixed => fixed,
        }
    }

    /// The name of the unit of a `formula` variant that takes the items of this fixed
    /// style's table: the table's name as an expression reads it (`limit_hands` for
    /// `[[limit-hands]]`). A unit's own items have none.
    pub fn unit_name(self) -> Option<&'static str> {
        match self {
            ItemKind::Points => Some("points"),
            ItemKind::Doubles => Some("doubles"),
            ItemKind::Faan => Some("faan"),
            ItemKind::LimitHand => Some("limit_hands"),
            ItemKind::Unit(_) => None,
        }
    }

    /// Every kind of the two fixed styles, in file order.
    pub const ALL: [ItemKind; 4] = [
        ItemKind::Points,
        ItemKind::Doubles,
        ItemKind::Faan,
        ItemKind::LimitHand,
    ];
}

/// What an item looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForEach {
    /// The hand, once.
    Hand,
    /// Each set of the arrangement (the pair included).
    Set,
    /// Each tile held (with copies).
    Tile,
    /// Each bonus tile.
    Bonus,
    /// Each group of named elements that meets the condition (`for-each = "a, b in
    /// sets"`): the names are the item's own ([`Item::group`]).
    Group,
}

impl ForEach {
    /// The words of `for-each` (a group is written as its names instead).
    pub const WORDS: Words<ForEach, 4> = [
        ("hand", ForEach::Hand),
        ("set", ForEach::Set),
        ("tile", ForEach::Tile),
        ("bonus", ForEach::Bonus),
    ];

    /// The word used in variant files (`for-each = "set"`); for a group, which is written as
    /// its names, `group`.
    pub fn word(self) -> &'static str {
        match self {
            ForEach::Group => "group",
            _ => words::write(&ForEach::WORDS, self),
        }
    }
}

/// Whose hands an item applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// Every player.
    All,
    /// The player who went out.
    Winner,
    /// The players who did not go out.
    Others,
}

impl Who {
    /// The words of `who`.
    pub const WORDS: Words<Who, 3> = [
        ("all", Who::All),
        ("winner", Who::Winner),
        ("others", Who::Others),
    ];

    /// The word used in variant files (`who = "winner"`).
    pub fn word(self) -> &'static str {
        words::write(&Who::WORDS, self)
    }
}

/// A text value with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located<T> {
    /// The value.
    pub value: T,
    /// Which file it came from (index into [`Definition::files`]).
    pub file: usize,
    /// Its bytes in that file.
    pub span: Range<usize>,
}

/// An expression as written, with where its text starts in the file (when the string
/// appears verbatim) so that positions inside it can be pointed at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The expression text.
    pub text: String,
    /// The file.
    pub file: usize,
    /// The bytes of the whole TOML value.
    pub span: Range<usize>,
    /// Where byte 0 of `text` is in the file, if it appears verbatim.
    pub content_start: Option<usize>,
}

impl Source {
    /// The span in the file of bytes `inner` of the expression.
    pub fn sub_span(&self, inner: Range<usize>) -> Range<usize> {
        match self.content_start {
            Some(start) => start + inner.start..start + inner.end,
            None => self.span.clone(),
        }
    }
}

/// How the value of a limit hand worth its own points doubled `doubles` times is written:
/// `own points × 2^3`.
pub fn own_points_doubled_text(doubles: impl std::fmt::Display) -> String {
    format!("own points × 2^{doubles}")
}

/// An item's value: a number or an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueSource {
    /// A number.
    Int(i64),
    /// An integer expression (may use parameters: `$limit / 2`).
    Expr(Source),
}

impl ValueSource {
    /// The value as written: `4`, `$limit / 2`.
    pub fn text(&self) -> String {
        match self {
            ValueSource::Int(n) => n.to_string(),
            ValueSource::Expr(e) => e.text.clone(),
        }
    }
}

/// Where an item comes from in the source text.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Cite {
    /// The source text: the seed's number (`003`) or another name.
    pub source: String,
    /// The passage: rule number, heading or table row.
    pub at: String,
    /// The column of a table whose cell in the row holds the value (`Exposed`).
    pub column: Option<String>,
    /// Where the text states the value, when the passage itself does not: the sentence
    /// that introduces a list of doubles ("each player's score is doubled for each of the
    /// following conditions").
    pub value_at: Option<String>,
    /// The words of the last sentence the passage runs to, when it is more than one.
    pub through: Option<String>,
}

impl Cite {
    /// `003 / Pungs: Minor tiles [column Exposed]`.
    pub fn text(&self) -> String {
        let mut out = format!("{} / {}", self.source, self.at);
        if let Some(c) = &self.column {
            out.push_str(&format!(" [column {c}]"));
        }
        if let Some(t) = &self.through {
            out.push_str(&format!(" … {t}"));
        }
        if let Some(v) = &self.value_at {
            out.push_str(&format!(" [value: {v}]"));
        }
        out
    }
}

/// One scoring item of a variant, as written.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// Unique within the variant.
    pub id: Located<String>,
    /// What it gives.
    pub kind: ItemKind,
    /// A description in words.
    pub description: Option<String>,
    /// What it looks at.
    pub for_each: ForEach,
    /// The elements it looks at together, as written (`a, b in sets`), for an item over
    /// groups ([`ForEach::Group`]).
    pub group: Option<Source>,
    /// Whose hands.
    pub who: Who,
    /// The condition; none means always.
    pub when: Option<Source>,
    /// The value per match.
    pub value: Option<Located<ValueSource>>,
    /// Items it replaces when it applies.
    pub replaces: Vec<Located<String>>,
    /// Items whose matches it replaces where they lie within the sets of one of its own
    /// (`replaces-within`): non-repeat limited to the sets a match used.
    pub replaces_within: Vec<Located<String>>,
    /// The combination its matches are selected in, with those of the other items of the same
    /// name (`combination`): the selection worth most whose matches close no cycle over their
    /// sets, no two of one item sharing a set.
    pub combination: Option<Located<String>>,
    /// Names for what it gives, which `sum('tag')` adds up (riichi's `yaku`).
    pub tags: Vec<Located<String>>,
    /// Still counted on top of a limit hand (points and doubles only).
    pub with_limit_hand: bool,
    /// A limit hand (a special hand) worth the reading's own points, those not counted on
    /// top of a limit hand, doubled `value` times, rather than `value` (`doubles = N` in the
    /// file). It replaces the reading's normal score: the table's doubles do not apply to it.
    pub own_points_doubled: bool,
    /// The passage it encodes.
    pub cite: Cite,
    /// Notes: choices made where the text is ambiguous or silent.
    pub notes: Option<String>,
    /// Why the engine does not score it, if it does not.
    pub unsupported: Option<String>,
}

impl Item {
    /// What it looks at, as written in `for-each`.
    pub fn for_each_text(&self) -> &str {
        match &self.group {
            Some(group) => &group.text,
            None => self.for_each.word(),
        }
    }
}

/// One value of a `formula` variant's score, as written: a number worked out from the
/// units' sums, the values before it and the facts of the reading.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedValue {
    /// Its name, unique among the values; the name of a unit or an earlier value makes it
    /// stand for that from here on.
    pub id: Located<String>,
    /// A description in words.
    pub description: Option<String>,
    /// The expression.
    pub value: Located<ValueSource>,
    /// The passage it encodes.
    pub cite: Cite,
    /// Notes.
    pub notes: Option<String>,
}

/// A tier of a `formula` variant: when its condition holds, the value it is `of` becomes
/// its own (mangan: basic points 2000 from five han), and the card names it as its limit.
#[derive(Clone, Debug, PartialEq)]
pub struct Tier {
    /// Its id, unique among the tiers; the card's `limit_hand`.
    pub id: Located<String>,
    /// A description in words.
    pub description: Option<String>,
    /// The value it replaces.
    pub of: Located<String>,
    /// When it applies (read with the value it replaces as worked out).
    pub when: Source,
    /// What the value becomes.
    pub value: Located<ValueSource>,
    /// The passage it encodes.
    pub cite: Cite,
    /// Notes.
    pub notes: Option<String>,
}

/// A named condition of a variant: a special shape (a complete hand that is not four sets
/// and a pair, stated over the hand's tiles) or a requirement (something every winning
/// arrangement must meet, such as BMJA's one chow at most).
#[derive(Clone, Debug, PartialEq)]
pub struct Condition {
    /// Unique among the shapes, or among the requirements.
    pub id: Located<String>,
    /// The condition.
    pub when: Source,
    /// The passage it encodes.
    pub cite: Cite,
    /// Notes.
    pub notes: Option<String>,
}

/// A refusal (`[[refusals]]`): a hand the variant's play cannot produce, such as four plain
/// fives of a suit where one five of each suit is red. A hand that meets its condition is
/// refused as input, as a hand with a fifth copy of a tile is under every variant.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    /// Unique among the refusals.
    pub id: Located<String>,
    /// The condition, on the hand as given (before any reading of it).
    pub when: Source,
    /// The key of the hand that the diagnostic points at (`concealed`, `win.last`, …).
    pub at: Located<String>,
    /// What is wrong, in words, for the diagnostic.
    pub message: String,
    /// The passage it encodes.
    pub cite: Cite,
    /// Notes.
    pub notes: Option<String>,
}

impl Refusal {
    /// The diagnostic of a hand that the variant `variant` refuses by this refusal, at
    /// `span` (where the hand writes the key [`Self::at`] names).
    pub fn diagnostic(&self, variant: &str, span: Range<usize>) -> Diagnostic {
        Diagnostic::new(
            span,
            format!("`{variant}` refuses this hand: {}", self.message),
            format!("refused by `{}`", self.id.value),
        )
        .with_help(format!(
            "the refusal `{}` of `{variant}` encodes {}",
            self.id.value,
            self.cite.text()
        ))
    }
}

/// A block (`[[blocks]]`): tiles a winner's reading may take together as one unit in place
/// of some of its sets, in any of several ways (MCR's knitted straight).
#[derive(Clone, Debug, PartialEq)]
pub struct BlockDef {
    /// Unique among the blocks.
    pub id: Located<String>,
    /// Each way to make it: its tiles as written, and counted.
    pub ways: Vec<(Located<String>, crate::tiles::TileCounts)>,
    /// The passage it encodes.
    pub cite: Cite,
    /// Notes.
    pub notes: Option<String>,
}

impl BlockDef {
    /// Its ways as written, one after the other.
    pub fn ways_text(&self) -> String {
        let ways: Vec<&str> = self.ways.iter().map(|(w, _)| w.value.as_str()).collect();
        ways.join(", ")
    }
}

/// Who pays for everyone when a liability applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Liable {
    /// The player who discarded the winning tile.
    Discarder,
    /// The player from whom the winner's last declared set was claimed (its `from=`).
    LastSetProvider,
}

impl Liable {
    /// The words of `liable`.
    pub const WORDS: Words<Liable, 2> = [
        ("discarder", Liable::Discarder),
        ("last-set-provider", Liable::LastSetProvider),
    ];

    /// The word used in variant files (`liable = "discarder"`).
    pub fn word(self) -> &'static str {
        words::write(&Liable::WORDS, self)
    }
}

/// A rule of payment: a doubling of payments, or a liability.
#[derive(Clone, Debug, PartialEq)]
pub struct PaymentRule {
    /// Unique among the payment rules.
    pub id: Located<String>,
    /// When it applies: for a doubling, a condition on one payment (payment scope); for a
    /// liability, a condition on the winner's hand.
    pub when: Source,
    /// For a liability: who pays for everyone.
    pub liable: Option<Liable>,
    /// The passage it encodes.
    pub cite: Cite,
    /// Notes.
    pub notes: Option<String>,
}

/// How the players pay after a deal.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Payments {
    /// The players who did not go out pay each other the difference of their scores.
    pub losers_settle: bool,
    /// What one payment is (an integer expression, payment scope), before the doublings and
    /// the caps; `score` when not given.
    pub amount: Option<Source>,
    /// What the winner takes from the table besides the seats' payments (an integer
    /// expression, payment scope); nothing when not given.
    pub pot: Option<Source>,
    /// The most one payment may be (an integer expression over the parameters).
    pub cap: Option<Located<ValueSource>>,
    /// The most one payment to or from East may be.
    pub dealer_cap: Option<Located<ValueSource>>,
    /// Each applies to one payment and doubles it; they compound.
    pub doubles: Vec<PaymentRule>,
    /// When one applies to the winner's hand, the liable player pays for all the others.
    pub liabilities: Vec<PaymentRule>,
    /// Notes.
    pub notes: Option<String>,
}

/// How a game goes on from one deal to the next (`[game]`): who deals next, what the table
/// carries over, how many rounds are played, the accounts at the start and the adjustments
/// at the end. Each key not given keeps the base's, or the default.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct GameRules {
    /// Each player's account at the start (0 when not given).
    pub start: Option<Located<i64>>,
    /// How many rounds (prevailing winds, from East) a game has (4 when not given).
    pub rounds: Option<Located<i64>>,
    /// When the dealer deals again (a condition on the table after a deal); `dealer_won`
    /// when not given. Otherwise the deal passes to the next seat.
    pub dealer_keeps: Option<Source>,
    /// The counters on the table for the next deal (an integer expression on the table
    /// after a deal); none (0) when not given.
    pub counters: Option<Source>,
    /// What a player puts on the table with each deposit of a deal (`deposits = [...]` in a
    /// game's deal): a riichi stick's 1,000. None when the rules have no deposits.
    pub deposit: Option<Located<i64>>,
    /// The seats at the first deal of each round after the first: for each of East, South,
    /// West and North, the first seat of the player who sits there. None: the seats stay,
    /// the winds going round with the deal.
    pub round_seats: Vec<Located<[crate::tiles::Wind; 4]>>,
    /// What is added to the final accounts by rank, first first (uma); none when not given.
    pub uma: Option<Located<[i64; 4]>>,
    /// The account each player returns at the end, the difference from `start` to the first
    /// player (oka); none when not given.
    pub target: Option<Located<i64>>,
    /// The passages that give these rules.
    pub cites: Vec<Cite>,
    /// What the file assumes where its text is silent.
    pub notes: Option<String>,
}

impl GameRules {
    /// Each rule as `(key, its value as written)`, the defaults spelled out: what `diff`
    /// compares and the variant's page lists.
    pub fn described(&self) -> Vec<(&'static str, String)> {
        let number = |n: &Option<Located<i64>>, default: &str| {
            n.as_ref()
                .map_or(default.to_string(), |n| n.value.to_string())
        };
        let text = |s: &Option<Source>, default: &str| {
            s.as_ref().map_or(default.to_string(), |s| {
                s.text.split_whitespace().collect::<Vec<_>>().join(" ")
            })
        };
        let winds =
            |w: &[crate::tiles::Wind; 4]| w.iter().map(|w| w.name()).collect::<Vec<_>>().join(" ");
        vec![
            ("start", number(&self.start, "0")),
            ("rounds", number(&self.rounds, "4")),
            ("dealer-keeps", text(&self.dealer_keeps, "dealer_won")),
            ("counters", text(&self.counters, "0")),
            ("deposit", number(&self.deposit, "none")),
            (
                "round-seats",
                if self.round_seats.is_empty() {
                    "the seats stay".to_string()
                } else {
                    self.round_seats
                        .iter()
                        .map(|r| winds(&r.value))
                        .collect::<Vec<_>>()
                        .join("; ")
                },
            ),
            (
                "uma",
                self.uma.as_ref().map_or("none".to_string(), |u| {
                    u.value.map(|n| n.to_string()).join(" ")
                }),
            ),
            ("target", number(&self.target, "none")),
        ]
    }
}

/// What a worked example of the source text is about.
#[derive(Clone, Debug, PartialEq)]
pub enum ExampleCase {
    /// A hand and the total the text gives it.
    Hand {
        /// The hand.
        hand: Box<crate::hand::Hand>,
        /// The text's total.
        total: i64,
    },
    /// A deal counted elsewhere and the net the text gives each seat, East first.
    Payment {
        /// Who went out, with how much (score or faan), how, and on whose discard.
        winner: crate::tiles::Wind,
        /// The score or faan.
        value: i64,
        /// Where the winning tile came from.
        from: crate::hand::WinSource,
        /// Who discarded it.
        discarder: Option<crate::tiles::Wind>,
        /// The text's net, East first.
        net: [i64; 4],
    },
    /// A faan count and the base points the text gives it.
    Faan {
        /// The faan.
        faan: i64,
        /// The text's base points.
        base: i64,
    },
}

/// A worked example of the source text: what the text says a hand, a deal or a faan count
/// is worth. The audit scores it again.
#[derive(Clone, Debug, PartialEq)]
pub struct Example {
    /// Unique among the examples.
    pub id: Located<String>,
    /// What the example is.
    pub case: ExampleCase,
    /// Where the text gives it.
    pub cite: Cite,
    /// When the text contradicts its own rules here: what is wrong with it. The audit then
    /// reports the difference as a known slip instead of a failure.
    pub slip: Option<String>,
}

/// A scoring passage of the source text that no item encodes, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct NotScored {
    /// An id, so that a variant extending this one can `remove` it.
    pub id: Option<Located<String>>,
    /// The passage.
    pub cite: Cite,
    /// Why it is not an item.
    pub reason: String,
}

/// A parameter of the variant.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// Its name.
    pub name: Located<String>,
    /// Its value.
    pub value: ParamValue,
    /// Why it has this value.
    pub note: Option<String>,
    /// The passage that gives it, if the source text does.
    pub cite: Option<Cite>,
    /// Where the text leaves a reading open, each value the parameter may take with the
    /// reading it stands for, in words; empty for a number the text gives.
    pub readings: Vec<(i64, String)>,
}

/// A file that a variant was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    /// Its name (a path, or `builtin:bmja`).
    pub name: String,
    /// Its text.
    pub text: String,
}

/// A variant, after `extends` has been followed.
#[derive(Clone, Debug, PartialEq)]
pub struct Definition {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The source text it encodes.
    pub source: Option<String>,
    /// The heading of the part of the source text it encodes, when it encodes one part
    /// only (a Markdown section): the audit reads that part alone.
    pub source_part: Option<String>,
    /// Points and doubles, or faan.
    pub style: Style,
    /// The ids it extends, nearest first.
    pub extends: Vec<String>,
    /// Notes about the whole variant.
    pub notes: Option<String>,
    /// Parameters.
    pub params: Vec<Param>,
    /// Special shapes.
    pub shapes: Vec<Condition>,
    /// Blocks that readings may take.
    pub blocks: Vec<BlockDef>,
    /// What every winning arrangement must meet to be a valid Mah-Jong.
    pub requirements: Vec<Condition>,
    /// The hands refused as input.
    pub refusals: Vec<Refusal>,
    /// Scoring items, in order.
    pub items: Vec<Item>,
    /// Faan → base points: rows of (least faan, base points), ascending.
    pub faan_table: Vec<(i64, i64)>,
    /// The passage that gives the faan table.
    pub faan_table_cite: Option<Cite>,
    /// What decides between readings of a hand with the same total, first first (`[score]
    /// prefer`): numbers, the larger preferred.
    pub prefer: Vec<Source>,
    /// The passage that says so.
    pub prefer_cite: Option<Cite>,
    /// Notes on them (`[score] notes`).
    pub prefer_notes: Option<String>,
    /// The units its items give (`[score] units`, a `formula` variant's): each names a
    /// table of items, `[[han]]`.
    pub units: Vec<Located<String>>,
    /// The values of its score (`[[values]]`, a `formula` variant's), worked out in order;
    /// the one named `total` is the score.
    pub values: Vec<NamedValue>,
    /// The tiers that may replace a value (`[[tiers]]`): of those of one value, the first
    /// that holds.
    pub tiers: Vec<Tier>,
    /// How the players pay after a deal.
    pub payments: Payments,
    /// How a game goes on from deal to deal.
    pub game: GameRules,
    /// The worked examples of the source text.
    pub examples: Vec<Example>,
    /// Scoring passages of the source text that no item encodes, with the reason.
    pub not_scored: Vec<NotScored>,
    /// Every file read, the variant's own first.
    pub files: Vec<File>,
}

impl Definition {
    /// The value of a parameter.
    pub fn param(&self, name: &str) -> Option<ParamValue> {
        self.params
            .iter()
            .find(|p| p.name.value == name)
            .map(|p| p.value)
    }

    /// The value of a parameter that is a number.
    pub fn int_param(&self, name: &str) -> Option<i64> {
        match self.param(name) {
            Some(ParamValue::Int(n)) => Some(n),
            _ => None,
        }
    }
}
