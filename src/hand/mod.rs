//! Hands: one player's tiles at the end of a deal, known to be legal.
//!
//! In: the parts of a hand as a reader found them ([`HandParts`]): a hand file (`file`), a
//! corpus line (`line`), a Kajongg string ([`kajongg`]), a deal's seat, the random
//! generator. Out: a [`Hand`], built only by [`Hand::new`], which checks every rule of a
//! legal hand ([`HandProblem`]: at most four copies of a tile, the right number of tiles,
//! the winning tile among the concealed ones, a discarder only for a claimed tile, …); or the
//! problems found, which each reader places in its own text. A [`Hand`] is written back as a
//! hand file or a corpus line by [`write`](mod@write).

pub(crate) mod file;
pub mod kajongg;
pub(crate) mod line;
pub mod write;

use arrayvec::ArrayVec;

use crate::diagnostic::Diagnostic;
use crate::set::{Exposure, Set, SetKind};
use crate::tiles::{BonusTile, Tile, TileCounts, Wind};
use crate::words::{self, Words};

pub use file::{HAND_KEYS, file_key_span, parse_hand, seat_key_span};
pub use line::line_key_span;

/// Where the winning tile came from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WinSource {
    /// Drawn from the live wall (self-drawn).
    Wall,
    /// Claimed from another player's discard.
    Discard,
    /// Drawn as a loose (replacement) tile after a kong or a bonus tile.
    Loose,
    /// Taken from another player's kong as it was being made.
    RobbedKong,
}

impl WinSource {
    /// The words of `[win] from`.
    pub const WORDS: Words<WinSource, 4> = [
        ("wall", WinSource::Wall),
        ("discard", WinSource::Discard),
        ("loose", WinSource::Loose),
        ("robbed-kong", WinSource::RobbedKong),
    ];

    /// The word used in hand files.
    pub fn name(self) -> &'static str {
        words::write(&WinSource::WORDS, self)
    }

    /// True when the winning tile came from another player (discard or robbed kong): the
    /// set it completes then counts as exposed.
    pub fn is_claimed(self) -> bool {
        matches!(self, WinSource::Discard | WinSource::RobbedKong)
    }
}

/// How the player went out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Win {
    /// The winning tile; it is also counted in [`Hand::concealed`].
    pub tile: Tile,
    /// Where it came from.
    pub from: WinSource,
    /// Who discarded it (or whose kong was robbed), if known.
    pub discarder: Option<Wind>,
    /// It was the last tile of the wall, or the discard of it.
    pub last: bool,
    /// Dealt complete (East) or complete on the first discard (others).
    pub heavenly: bool,
    /// Won with the loose tile of a kong made with a loose tile ("kong upon kong",
    /// Kajongg's "twofold fortune").
    pub kong_on_kong: bool,
    /// Five tiles or fewer were left in the wall when the winning tile came (Hong Kong's
    /// fifth-tile penalty).
    pub late: bool,
    /// The set the winning tile completed, when the player showed it: only arrangements in
    /// which the winning tile completes this set (kind and lowest tile) are read.
    pub completes: Option<(SetKind, Tile)>,
}

impl Win {
    /// A win with `tile` from `from`, nothing more known: no discarder, none of the rarer
    /// circumstances, no set shown.
    pub fn plain(tile: Tile, from: WinSource) -> Win {
        Win {
            tile,
            from,
            discarder: None,
            last: false,
            heavenly: false,
            kong_on_kong: false,
            late: false,
            completes: None,
        }
    }
}

/// The most declared sets a hand has.
pub const MAX_MELDS: usize = 4;

/// A hand's declared sets.
pub type Melds = ArrayVec<Set, MAX_MELDS>;

/// A hand's bonus tiles.
pub type Bonus = ArrayVec<BonusTile, { BonusTile::COUNT }>;

/// The most indicator tiles a table shows: one, and one more for each kong any player
/// declares, of which there are at most four (a hand's own kongs do not bound its
/// indicators: another player's kong turns one too).
pub const MAX_INDICATORS: usize = 5;

/// A hand's indicator tiles (riichi's dora indicators, or those under them).
pub type Indicators = ArrayVec<Tile, MAX_INDICATORS>;

/// Where red fives were written: the five of a suit, and the part it is in (for indicators
/// and the declared sets, which one). At most one of each suit.
pub type RedFives = ArrayVec<(Tile, Part), 3>;

/// One player's hand, legal: built by [`Hand::new`] only.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Hand {
    seat: Wind,
    prevailing: Wind,
    concealed: TileCounts,
    melds: Melds,
    bonus: Bonus,
    seen: TileCounts,
    win: Option<Win>,
    original_call: bool,
    declared_ready: bool,
    one_go_around: bool,
    indicators: Indicators,
    hidden_indicators: Indicators,
    red_fives: RedFives,
}

/// The parts of a hand as a reader found them, to be checked and built into a [`Hand`] by
/// [`Hand::new`]. A part the reader could not read (a mistake it has reported itself) is
/// left out, and `incomplete` set: the hand is then checked as far as it is known, so that
/// every problem is reported at once, but not built.
#[derive(Clone, Copy, Debug, Default)]
pub struct HandParts<'a> {
    /// The player's own wind.
    pub seat: Option<Wind>,
    /// The wind of the round.
    pub prevailing: Option<Wind>,
    /// The tiles not in a declared set; for the winner, the winning tile among them.
    pub concealed: Option<TileCounts>,
    /// The declared sets, in the order written.
    pub melds: &'a [Set],
    /// The flowers and seasons, in the order written.
    pub bonus: &'a [BonusTile],
    /// The tiles seen elsewhere on the table.
    pub seen: TileCounts,
    /// How the player went out, for the player who did.
    pub win: Option<Win>,
    /// The player declared a ready hand at the start and kept it.
    pub original_call: bool,
    /// The player declared a ready hand with a closed hand (riichi's `riichi`; with
    /// `original_call`, riichi's `double-riichi`).
    pub declared_ready: bool,
    /// The player went out within one go-around of declaring ready (riichi's `ippatsu`).
    pub one_go_around: bool,
    /// The indicator tiles shown (riichi's dora indicators).
    pub indicators: &'a [Tile],
    /// The indicator tiles under them, turned for a player who declared ready (ura-dora).
    pub hidden_indicators: &'a [Tile],
    /// The red fives, each the five it is and the part it was written in.
    pub red_fives: &'a [(Tile, Part)],
    /// A hand that did not go out may hold fewer tiles than a whole hand (Kajongg scores
    /// such partial hands for what they show).
    pub partial: bool,
    /// Some part could not be read: check what is known, build nothing.
    pub incomplete: bool,
}

/// A part of a hand, where a tile is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The concealed tiles.
    Concealed,
    /// The declared set at this index.
    Meld(usize),
    /// The tiles seen elsewhere.
    Seen,
    /// The indicator at this index.
    Indicator(usize),
    /// The hidden indicator at this index.
    HiddenIndicator(usize),
}

/// A rule of a legal hand that some parts break.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandProblem {
    /// A fifth copy of `tile`: its `copy`-th copy in `part` (counting the concealed tiles,
    /// then the declared sets in order, then the tiles seen).
    FifthCopy {
        /// The tile.
        tile: Tile,
        /// Where its fifth copy is.
        part: Part,
        /// Which copy of the tile in that part it is (1 for the first).
        copy: usize,
    },
    /// A declared set beyond the fourth.
    TooManyMelds {
        /// Its index.
        meld: usize,
    },
    /// A declared set claimed from its own player.
    ClaimedFromOwnSeat {
        /// Its index.
        meld: usize,
        /// The player's seat.
        seat: Wind,
    },
    /// A chow or pung declared concealed or claimed: only a kong can be.
    OnlyAKong {
        /// Its index.
        meld: usize,
        /// Its exposure.
        exposure: Exposure,
    },
    /// A bonus tile written a second time.
    SecondBonus {
        /// Its index among the bonus tiles.
        index: usize,
        /// The tile.
        tile: BonusTile,
    },
    /// The discarder is the winner.
    OwnDiscard {
        /// The winner's seat.
        seat: Wind,
    },
    /// A discarder named for a tile nobody discarded.
    NoDiscard {
        /// Where the winning tile came from.
        from: WinSource,
    },
    /// The set said to be completed by the winning tile is not a chow, pung or pair holding
    /// it.
    BadCompletes,
    /// The number of tiles is wrong.
    TileCount {
        /// The player went out.
        winner: bool,
        /// How many there should be.
        expected: usize,
        /// How many there are.
        found: usize,
        /// How many of them are concealed.
        concealed: usize,
    },
    /// The winning tile is not among the concealed tiles.
    WinningTileNotConcealed {
        /// The winning tile.
        tile: Tile,
    },
    /// A robbed kong's tile held more than once: the tile robbed is the fourth copy, the
    /// other three being in the kong robbed.
    RobbedTileHeld {
        /// The winning tile.
        tile: Tile,
        /// How many the hand holds, concealed and declared.
        held: usize,
    },
    /// A win on the loose tile of a kong made with a loose tile, in a hand without a
    /// declared kong or not won with a loose tile.
    KongOnKong,
    /// A hand dealt complete (or complete on the first discard) with something only later
    /// play brings: a declared set claimed or exposed, or East's winning tile claimed.
    Heavenly,
    /// A second red five of a suit.
    SecondRedFive {
        /// The five.
        tile: Tile,
        /// Where the second one is written.
        part: Part,
    },
    /// A ready hand declared with a set claimed from another player.
    ReadyWithClaimedSet {
        /// The first such set.
        meld: usize,
    },
    /// Won within one go-around of a ready declaration that was not made.
    OneGoAroundWithoutReady,
    /// Won within one go-around by a player who did not go out.
    OneGoAroundWithoutWin,
    /// Hidden indicators for a player who did not declare ready.
    HiddenWithoutReady,
    /// More indicators than a table shows ([`MAX_INDICATORS`]).
    TooManyIndicators {
        /// How many there are.
        found: usize,
    },
    /// More hidden indicators than indicators shown.
    MoreHiddenThanShown {
        /// Hidden indicators.
        hidden: usize,
        /// Indicators shown.
        shown: usize,
    },
}

impl HandProblem {
    /// The problem as a diagnostic at `span`, worded alike for every reader.
    pub fn at(&self, span: std::ops::Range<usize>) -> Diagnostic {
        match self {
            HandProblem::FifthCopy { tile, .. } => Diagnostic::new(
                span,
                format!("a fifth `{tile}`: there are only four of each tile"),
                "fifth copy",
            )
            .with_help(
                "count the tiles in `concealed`, `melds`, `seen`, `dora` and `ura-dora` together",
            ),
            HandProblem::SecondRedFive { tile, .. } => Diagnostic::new(
                span,
                format!(
                    "a second red five of {}: there is one of each suit",
                    match tile.suit() {
                        crate::tiles::Suit::Characters => "characters",
                        crate::tiles::Suit::Dots => "dots",
                        _ => "bamboo",
                    }
                ),
                "second red five",
            )
            .with_help(format!("write the other as `{tile}`")),
            HandProblem::ReadyWithClaimedSet { .. } => Diagnostic::new(
                span,
                "a ready hand is declared with a closed hand, but this set was claimed",
                "claimed set",
            )
            .with_help("only a concealed kong (`\"1111p concealed\"`) may be declared beside it"),
            HandProblem::OneGoAroundWithoutReady => Diagnostic::new(
                span,
                "`ippatsu` is a win within one go-around of declaring ready, but the hand did not declare",
                "no `riichi` or `double-riichi`",
            )
            .with_help("add `riichi = true`, or remove `ippatsu`"),
            HandProblem::OneGoAroundWithoutWin => Diagnostic::new(
                span,
                "`ippatsu` is a way of going out, but this player did not go out",
                "no `[win]`",
            ),
            HandProblem::HiddenWithoutReady => Diagnostic::new(
                span,
                "`ura-dora` indicators are turned only for a player who declared ready",
                "no `riichi` or `double-riichi`",
            )
            .with_help("add `riichi = true`, or remove `ura-dora`"),
            HandProblem::TooManyIndicators { found } => Diagnostic::new(
                span,
                format!("{found} indicators, but a table shows at most {MAX_INDICATORS}"),
                "too many indicators",
            )
            .with_help(
                "one indicator is shown, and one more for each kong declared by any player, \
                 of which there are at most four",
            ),
            HandProblem::MoreHiddenThanShown { hidden, shown } => Diagnostic::new(
                span,
                format!(
                    "{hidden} `ura-dora` indicators under {shown} `dora` indicator{}",
                    if *shown == 1 { "" } else { "s" }
                ),
                "more than are shown",
            )
            .with_help("each `ura-dora` indicator lies under one `dora` indicator"),
            HandProblem::TooManyMelds { .. } => Diagnostic::new(
                span,
                format!("a hand has at most {MAX_MELDS} declared sets"),
                "one set too many",
            ),
            HandProblem::ClaimedFromOwnSeat { seat, .. } => Diagnostic::new(
                span,
                format!("a set cannot be claimed from its own player (`{seat}`)"),
                "own seat",
            ),
            HandProblem::OnlyAKong { exposure, .. } => Diagnostic::new(
                span,
                format!("only a kong can be declared `{}`", exposure.name()),
                "not a kong",
            )
            .with_help("concealed chows and pungs stay in `concealed`"),
            HandProblem::SecondBonus { tile, .. } => Diagnostic::new(
                span,
                format!("`{tile}` appears twice: there is one of each flower and season"),
                "second copy",
            ),
            HandProblem::OwnDiscard { seat } => Diagnostic::new(
                span,
                format!("the discarder `{seat}` is the winner's own seat"),
                "own seat",
            ),
            HandProblem::NoDiscard { from } => Diagnostic::new(
                span,
                format!("a win from `{}` has no discarder", from.name()),
                "no discard here",
            )
            .with_help("`discarder` goes with `from = \"discard\"` or `from = \"robbed-kong\"`"),
            HandProblem::BadCompletes => Diagnostic::new(
                span,
                "`completes` names the chow, pung or pair that the winning tile completed",
                "not such a set",
            )
            .with_help("for example `completes = \"345p\"` when 4p completed 345p"),
            HandProblem::TileCount {
                winner,
                expected,
                found,
                concealed,
            } => {
                let who = if *winner {
                    "a winning hand has 14 tiles"
                } else {
                    "a hand that did not go out has 13 tiles"
                };
                Diagnostic::new(
                    span,
                    format!("{who} plus one per kong ({expected} here), but this one has {found}"),
                    format!("{concealed} concealed tiles"),
                )
                .with_help(if *winner {
                    "count the winning tile in `concealed`, and flowers and seasons in `bonus` only"
                } else {
                    "flowers and seasons go in `bonus`; a `[win]` table marks the player who went out"
                })
            }
            HandProblem::KongOnKong => Diagnostic::new(
                span,
                "kong upon kong wins with the loose tile of a kong made with a loose tile",
                "no such kong here",
            )
            .with_help("it needs a declared kong and `from = \"loose\"`"),
            HandProblem::Heavenly => Diagnostic::new(
                span,
                "a hand dealt complete has nothing claimed or exposed, and East's takes no discard",
                "not before the first discard",
            )
            .with_help(
                "`heavenly` is East's dealt hand, or another's completed by East's first discard",
            ),
            HandProblem::WinningTileNotConcealed { tile } => Diagnostic::new(
                span,
                format!("the winning tile `{tile}` is not among the concealed tiles"),
                "not in `concealed`",
            )
            .with_help(
                "`concealed` holds the winning tile too (for a robbed kong, the robbed tile)",
            ),
            HandProblem::RobbedTileHeld { tile, held } => Diagnostic::new(
                span,
                format!(
                    "the hand holds {held} of `{tile}`, but a robbed kong's tile is the last \
                     copy: the other three are in the kong robbed"
                ),
                "robbed kong",
            )
            .with_help(format!(
                "only the robbed `{tile}` may be in the hand; a tile another player \
                 discarded is `from = \"discard\"`"
            )),
        }
    }
}

/// What [`Hand::check`] found in parts it passed: the winds and the concealed tiles, which
/// parts may leave out, and the bonus tiles, checked. Made by the check alone, so that no
/// hand is assembled unchecked.
pub(crate) struct Checked {
    seat: Wind,
    prevailing: Wind,
    concealed: TileCounts,
    bonus: Bonus,
}

impl Hand {
    /// Checks the parts of a hand and builds it: every problem found, in the order of the
    /// parts, or the hand. Parts left out (`incomplete`) are not checked, and no hand is
    /// built; the tile count and the winning tile are checked only when every part is known
    /// and nothing else is wrong.
    pub fn new(parts: HandParts<'_>) -> Result<Hand, Vec<HandProblem>> {
        let checked = Hand::check(&parts)?;
        Ok(Hand::assemble(&parts, checked))
    }

    /// The hand of `parts` that [`Hand::check`] passed, built where its caller keeps it
    /// (inlined: a hand is a few hundred bytes, and a reader of many hands builds each in
    /// place instead of copying it there).
    #[inline(always)]
    pub(crate) fn assemble(parts: &HandParts<'_>, checked: Checked) -> Hand {
        let mut melds = Melds::new();
        melds
            .try_extend_from_slice(parts.melds)
            .expect("four declared sets at most");
        // Copied whole: the checks bound each (see `check_declarations`). Most hands have
        // none (every hand of a variant without them), and a copy is a call.
        let indicators = |tiles: &[Tile]| {
            let mut held = Indicators::new();
            if !tiles.is_empty() {
                held.try_extend_from_slice(tiles)
                    .expect("five indicators at most");
            }
            held
        };
        let mut red_fives = RedFives::new();
        if !parts.red_fives.is_empty() {
            red_fives
                .try_extend_from_slice(parts.red_fives)
                .expect("one red five of each suit at most");
        }
        Hand {
            seat: checked.seat,
            prevailing: checked.prevailing,
            concealed: checked.concealed,
            melds,
            bonus: checked.bonus,
            seen: parts.seen,
            win: parts.win,
            original_call: parts.original_call,
            declared_ready: parts.declared_ready,
            one_go_around: parts.one_go_around,
            indicators: indicators(parts.indicators),
            hidden_indicators: indicators(parts.hidden_indicators),
            red_fives,
        }
    }

    /// The checks of [`Hand::new`]: every problem found, or what [`Hand::assemble`] needs
    /// besides the parts.
    #[inline(never)]
    pub(crate) fn check(parts: &HandParts<'_>) -> Result<Checked, Vec<HandProblem>> {
        let mut problems = Vec::new();
        // Every copy in sight, the declared sets' tiles added as they are checked.
        let mut copies = parts.concealed.unwrap_or_default();
        copies.add_all(&parts.seen);
        for &t in parts.indicators.iter().chain(parts.hidden_indicators) {
            copies.add(t);
        }
        let declared = check_melds(parts, &mut copies, &mut problems);
        let bonus = check_bonus(parts, &mut problems);
        check_win(parts, &mut problems);
        check_declarations(parts, &mut problems);
        check_copies(parts, &copies, &mut problems);
        let (Some(seat), Some(prevailing), Some(concealed)) =
            (parts.seat, parts.prevailing, parts.concealed)
        else {
            return Err(problems);
        };
        if parts.incomplete || !problems.is_empty() {
            return Err(problems);
        }
        check_count(parts, &concealed, declared, &mut problems);
        if let Some(win) = parts.win {
            if concealed.get(win.tile) == 0 {
                report(
                    &mut problems,
                    HandProblem::WinningTileNotConcealed { tile: win.tile },
                );
            } else if win.from == WinSource::RobbedKong {
                let held = usize::from(concealed.get(win.tile))
                    + (parts.melds.iter().flat_map(|m| m.tiles()))
                        .filter(|&t| t == win.tile)
                        .count();
                if held > 1 {
                    report(
                        &mut problems,
                        HandProblem::RobbedTileHeld {
                            tile: win.tile,
                            held,
                        },
                    );
                }
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Checked {
            seat,
            prevailing,
            concealed,
            bonus,
        })
    }

    /// The hand's parts, as [`Hand::new`] takes them.
    pub fn parts(&self) -> HandParts<'_> {
        HandParts {
            seat: Some(self.seat),
            prevailing: Some(self.prevailing),
            concealed: Some(self.concealed),
            melds: &self.melds,
            bonus: &self.bonus,
            seen: self.seen,
            win: self.win,
            original_call: self.original_call,
            declared_ready: self.declared_ready,
            one_go_around: self.one_go_around,
            indicators: &self.indicators,
            hidden_indicators: &self.hidden_indicators,
            red_fives: &self.red_fives,
            partial: false,
            incomplete: false,
        }
    }

    /// This hand, which did not go out, as won with one more tile drawn from the wall: a
    /// calling hand's completion. The player holds fewer than four of `tile`; every other
    /// copy may be in sight.
    pub(crate) fn won_with(&self, tile: Tile) -> Hand {
        debug_assert!(self.win.is_none() && self.own_tiles().get(tile) < 4);
        let mut hand = self.clone();
        hand.concealed.add(tile);
        hand.win = Some(Win::plain(tile, WinSource::Wall));
        hand
    }

    /// This hand completed with `tile`: for the player who went out, in place of the winning
    /// tile and won the same way; for another, drawn from the wall ([`Self::won_with`]). Not
    /// checked, and red fives are left as they were: it is only for reading the shape that its
    /// tiles make. The player holds fewer than four of `tile` before the win.
    pub(crate) fn completed_with(&self, tile: Tile) -> Hand {
        let Some(win) = self.win else {
            return self.won_with(tile);
        };
        let mut hand = self.clone();
        hand.concealed.remove(win.tile);
        hand.concealed.add(tile);
        hand.win = Some(Win {
            tile,
            completes: None,
            ..win
        });
        hand
    }

    /// The player's own wind.
    pub fn seat(&self) -> Wind {
        self.seat
    }

    /// The wind of the round.
    pub fn prevailing(&self) -> Wind {
        self.prevailing
    }

    /// Tiles not in a declared set; for the winner this includes the winning tile.
    pub fn concealed(&self) -> &TileCounts {
        &self.concealed
    }

    /// Declared sets, in the order of the file.
    pub fn melds(&self) -> &[Set] {
        &self.melds
    }

    /// Flowers and seasons, in order, each at most once.
    pub fn bonus(&self) -> &[BonusTile] {
        &self.bonus
    }

    /// Tiles visible elsewhere on the table.
    pub fn seen(&self) -> &TileCounts {
        &self.seen
    }

    /// How the player went out, for the player who did.
    pub fn win(&self) -> Option<Win> {
        self.win
    }

    /// The player declared a ready hand after the first discard and kept it (the original
    /// call), whether or not they went out.
    pub fn original_call(&self) -> bool {
        self.original_call
    }

    /// The player declared a ready hand with a closed hand (riichi; an original call, which
    /// is riichi's double riichi, is one too).
    pub fn declared_ready(&self) -> bool {
        self.declared_ready || self.original_call
    }

    /// The player declared ready with `riichi` or `double-riichi`, as the hand file said
    /// (not an original call alone).
    pub(crate) fn declared_ready_alone(&self) -> bool {
        self.declared_ready
    }

    /// The player went out within one go-around of declaring ready (ippatsu).
    pub fn one_go_around(&self) -> bool {
        self.one_go_around
    }

    /// The indicator tiles shown (dora indicators).
    pub fn indicators(&self) -> &[Tile] {
        &self.indicators
    }

    /// The indicator tiles under them (ura-dora indicators).
    pub fn hidden_indicators(&self) -> &[Tile] {
        &self.hidden_indicators
    }

    /// The red fives written, each the five it is and its part.
    pub fn red_fives(&self) -> &[(Tile, Part)] {
        &self.red_fives
    }

    /// How many red fives the player holds (in the concealed tiles and declared sets).
    pub fn red_fives_held(&self) -> usize {
        self.red_fives
            .iter()
            .filter(|(_, part)| matches!(part, Part::Concealed | Part::Meld(_)))
            .count()
    }

    /// True for the player who went out.
    pub fn is_winner(&self) -> bool {
        self.win.is_some()
    }

    /// How many sets the concealed tiles must still form (besides the pair) to go out.
    pub fn sets_needed(&self) -> usize {
        4usize.saturating_sub(self.melds.len())
    }

    /// The hand before its winning tile arrived: the concealed tiles less the winning tile
    /// (for a non-winner, the concealed tiles).
    pub fn waiting_tiles(&self) -> TileCounts {
        let mut counts = self.concealed;
        if let Some(win) = self.win {
            counts.remove(win.tile);
        }
        counts
    }

    /// Every tile of the player's: concealed and declared. (Inlined, so that the counts are
    /// made where the caller keeps them: copied out, the copy's wide reads waited for the
    /// declared sets' tiles just added one by one.)
    #[inline]
    pub fn own_tiles(&self) -> TileCounts {
        let mut counts = self.concealed;
        for meld in &self.melds {
            meld.add_to(&mut counts);
        }
        counts
    }

    /// The tiles the player held before the winning tile came, concealed and declared (for
    /// a player who did not go out, all of them).
    pub fn held_before_win(&self) -> TileCounts {
        let mut counts = self.own_tiles();
        if let Some(win) = self.win {
            counts.remove(win.tile);
        }
        counts
    }
}

/// The tiles and kongs of the declared sets.
#[derive(Clone, Copy, Default)]
struct Declared {
    tiles: usize,
    kongs: usize,
}

/// At most four declared sets; none claimed from its own player; only kongs concealed or
/// claimed. Their tiles are added to `copies`; gives how many tiles and kongs they hold.
fn check_melds(
    parts: &HandParts<'_>,
    copies: &mut TileCounts,
    problems: &mut Vec<HandProblem>,
) -> Declared {
    let mut declared = Declared::default();
    for (meld, &set) in parts.melds.iter().enumerate() {
        set.add_to(copies);
        declared.tiles += set.kind.size();
        declared.kongs += usize::from(set.kind == SetKind::Kong);
        if let Some(from) = set.from
            && Some(from) == parts.seat
        {
            report(
                problems,
                HandProblem::ClaimedFromOwnSeat { meld, seat: from },
            );
        }
        if set.exposure != Exposure::Exposed && set.kind != SetKind::Kong {
            report(
                problems,
                HandProblem::OnlyAKong {
                    meld,
                    exposure: set.exposure,
                },
            );
        }
        if meld >= MAX_MELDS {
            report(problems, HandProblem::TooManyMelds { meld });
        }
    }
    declared
}

/// Each bonus tile at most once.
/// Gives the bonus tiles in order, each once.
fn check_bonus(parts: &HandParts<'_>, problems: &mut Vec<HandProblem>) -> Bonus {
    let mut held = 0u8;
    for (index, &tile) in parts.bonus.iter().enumerate() {
        let bit = 1 << tile.index();
        if held & bit != 0 {
            report(problems, HandProblem::SecondBonus { index, tile });
        }
        held |= bit;
    }
    let mut bonus = Bonus::new();
    while held != 0 {
        let index = held.trailing_zeros() as usize;
        bonus.extend(BonusTile::from_index(index));
        held &= held - 1;
    }
    bonus
}

/// A discarder only for a claimed tile, and not the winner; a completed set that is a chow,
/// pung or pair holding the winning tile.
fn check_win(parts: &HandParts<'_>, problems: &mut Vec<HandProblem>) {
    let Some(win) = parts.win else {
        return;
    };
    if let Some(discarder) = win.discarder {
        if Some(discarder) == parts.seat {
            report(problems, HandProblem::OwnDiscard { seat: discarder });
        }
        if !win.from.is_claimed() {
            report(problems, HandProblem::NoDiscard { from: win.from });
        }
    }
    if let Some((kind, first)) = win.completes {
        let set = Set::concealed(kind, first);
        if kind == SetKind::Kong || kind == SetKind::Single || !set.contains(win.tile) {
            report(problems, HandProblem::BadCompletes);
        }
    }
    if win.kong_on_kong && !kong_on_kong_can_be(win.from, parts.melds) {
        report(problems, HandProblem::KongOnKong);
    }
    if win.heavenly && !heavenly_can_be(parts.seat, win.from, parts.melds) {
        report(problems, HandProblem::Heavenly);
    }
}

/// A ready hand declared closed, with every declared set a concealed kong; a win within one
/// go-around of it only for a winner who declared; hidden indicators only for a player who
/// declared, and no more than are shown; indicators no more than a table shows; at most one
/// red five of a suit.
fn check_declarations(parts: &HandParts<'_>, problems: &mut Vec<HandProblem>) {
    let ready = parts.declared_ready || parts.original_call;
    if parts.declared_ready
        && let Some(meld) = parts
            .melds
            .iter()
            .position(|m| m.exposure != Exposure::Concealed)
    {
        report(problems, HandProblem::ReadyWithClaimedSet { meld });
    }
    if parts.one_go_around && !ready {
        report(problems, HandProblem::OneGoAroundWithoutReady);
    } else if parts.one_go_around && parts.win.is_none() {
        report(problems, HandProblem::OneGoAroundWithoutWin);
    }
    if !parts.hidden_indicators.is_empty() && !ready {
        report(problems, HandProblem::HiddenWithoutReady);
    }
    let shown = parts.indicators.len();
    if shown > MAX_INDICATORS {
        report(problems, HandProblem::TooManyIndicators { found: shown });
    }
    let hidden = parts.hidden_indicators.len();
    if hidden > shown.max(1) {
        report(problems, HandProblem::MoreHiddenThanShown { hidden, shown });
    }
    for (k, &(tile, part)) in parts.red_fives.iter().enumerate() {
        if parts.red_fives[..k].iter().any(|(t, _)| *t == tile) {
            report(problems, HandProblem::SecondRedFive { tile, part });
        }
    }
}

/// Kong upon kong can be claimed for a hand with a declared kong won with a loose tile.
pub(crate) fn kong_on_kong_can_be(from: WinSource, melds: &[Set]) -> bool {
    from == WinSource::Loose && melds.iter().any(|m| m.kind == SetKind::Kong)
}

/// A hand dealt complete (or complete on East's first discard) has nothing claimed or
/// exposed, and East's was not won on a discard.
pub(crate) fn heavenly_can_be(seat: Option<Wind>, from: WinSource, melds: &[Set]) -> bool {
    !(seat == Some(Wind::East) && from.is_claimed())
        && melds.iter().all(|m| m.exposure == Exposure::Concealed)
}

/// Adds a problem to those found: seldom done, so kept out of the way of the checks.
#[cold]
#[inline(never)]
fn report(problems: &mut Vec<HandProblem>, problem: HandProblem) {
    problems.push(problem);
}

/// At most four copies of a tile among the concealed tiles, the declared sets, the tiles
/// seen and the indicators (`copies`, all of them): the fifth copy of each tile is
/// reported, where it falls.
fn check_copies(parts: &HandParts<'_>, copies: &TileCounts, problems: &mut Vec<HandProblem>) {
    if copies.as_array().iter().fold(0, |most, &n| most.max(n)) > 4 {
        fifth_copies(parts, problems);
    }
}

/// The fifth copy of each tile among the concealed tiles, the declared sets and the tiles
/// seen, in the part it falls in (some tile has one).
#[cold]
#[inline(never)]
fn fifth_copies(parts: &HandParts<'_>, problems: &mut Vec<HandProblem>) {
    let mut counted = [0usize; Tile::COUNT];
    let mut count = |tile: Tile, part: Part, copy: usize, problems: &mut Vec<HandProblem>| {
        let n = &mut counted[tile.index()];
        *n += 1;
        if *n == 5 {
            report(problems, HandProblem::FifthCopy { tile, part, copy });
        }
    };
    let concealed = parts.concealed.unwrap_or_default();
    for tile in Tile::all() {
        for copy in 1..=usize::from(concealed.get(tile)) {
            count(tile, Part::Concealed, copy, problems);
        }
    }
    for (i, meld) in parts.melds.iter().enumerate() {
        for (copy, tile) in meld.tiles().enumerate() {
            // A set repeats one tile, or holds three different tiles once each.
            let copy = if meld.kind == SetKind::Chow {
                1
            } else {
                copy + 1
            };
            count(tile, Part::Meld(i), copy, problems);
        }
    }
    for tile in Tile::all() {
        for copy in 1..=usize::from(parts.seen.get(tile)) {
            count(tile, Part::Seen, copy, problems);
        }
    }
    for (i, &tile) in parts.indicators.iter().enumerate() {
        count(tile, Part::Indicator(i), 1, problems);
    }
    for (i, &tile) in parts.hidden_indicators.iter().enumerate() {
        count(tile, Part::HiddenIndicator(i), 1, problems);
    }
}

/// 14 tiles plus one per kong for a winner, 13 plus one per kong for the others (at most
/// that many for a partial hand).
fn check_count(
    parts: &HandParts<'_>,
    concealed: &TileCounts,
    declared: Declared,
    problems: &mut Vec<HandProblem>,
) {
    let kongs = declared.kongs;
    let found = concealed.total() + declared.tiles;
    let winner = parts.win.is_some();
    let expected = if winner { 14 } else { 13 } + kongs;
    let fits = found == expected || (parts.partial && !winner && found < expected);
    if !fits {
        report(
            problems,
            HandProblem::TileCount {
                winner,
                expected,
                found,
                concealed: concealed.total(),
            },
        );
    }
}
