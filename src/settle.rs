//! Settlement: who pays whom after a deal, under a variant's payment rules.
//!
//! In: a deal file (`../shared/design/contracts.md`, "A deal file": each seat a full hand or
//! a score counted elsewhere) and a [`Variant`]. Out: a [`Settlement`]: each seat's
//! score, every payment, the net per seat (summing to zero) and the next dealer; or an
//! [`InputError`] pointing into the deal file.
//!
//! The rules are data (`[payments]` of the variant file): every player who did not go out pays
//! the winner an amount, the variant's `amount` expression or else the winner's score (points)
//! or base points (faan); each payment doubling that holds for a payment doubles it,
//! compounding; caps apply per payment, with a separate cap when East pays or is paid; when a
//! liability holds for the winner's hand, the liable player pays everything the others would
//! have paid; the players who did not go out may settle the difference of their scores among
//! themselves; the winner takes the variant's `pot` from the table. The deal's counters
//! (`honba`) and deposits (`riichi-sticks`) are read by those expressions. A drawn deal pays
//! nothing.

use std::ops::Range;
use std::sync::Arc;

use toml::de::DeValue;

use crate::Variant;
use crate::diagnostic::{Diagnostic, InputError};
use crate::document::{self, TableReader};
use crate::hand::file::read_hand;
use crate::hand::{Hand, HandProblem, WinSource, seat_key_span};
use crate::predicate::Compiled;
use crate::predicate::compiled::PaymentInt;
use crate::predicate::facts::{Elem, Facts, PaymentFacts, Results, deal, hand as hf, payment};
use crate::rules::{Liable, Style};
use crate::tiles::{Tile, TileCounts, Wind};
use crate::words;

/// What the deal file says of one seat.
#[derive(Clone, Debug, PartialEq)]
pub enum Seat {
    /// Left out: scored nothing.
    Absent,
    /// A full hand, scored here.
    Hand(Box<Hand>),
    /// A score (points variants) or faan (faan variants) counted elsewhere, and how the
    /// player went out, if they did.
    Counted {
        /// The score or the faan (0 where a `formula` variant's seat gives its values).
        value: i64,
        /// Where the winning tile came from and who discarded it, for the winner.
        win: Option<(WinSource, Option<Wind>)>,
        /// A `formula` variant's units and values counted at the table (`han = 4`), each
        /// with where it is written.
        named: Vec<(String, i64, Range<usize>)>,
    },
}

/// A deal: the prevailing wind and the four seats, East first.
#[derive(Clone, Debug, PartialEq)]
pub struct Deal {
    /// The wind of the round.
    pub prevailing: Wind,
    /// The seats, in the order East, South, West, North.
    pub seats: [Seat; 4],
    /// The counters on the table (`honba`).
    pub counters: i64,
    /// The deposits on the table (`riichi-sticks`), which the winner may take.
    pub deposits: i64,
    /// The seats that were ready when the deal was drawn (`ready`), East first.
    pub ready: [bool; 4],
    /// The bytes of each seat's table in the file (for diagnostics).
    spans: [Range<usize>; 4],
    source: Source,
}

/// The name and text of the file a deal was read from, for its diagnostics: shared by the
/// deals of one file (a game's), not copied into each.
#[derive(Clone, Debug, PartialEq)]
pub struct Source {
    name: Arc<str>,
    text: Arc<str>,
}

impl Source {
    /// The file called `name` whose text is `text`.
    pub fn new(name: &str, text: &str) -> Source {
        Source {
            name: name.into(),
            text: text.into(),
        }
    }

    /// The problems of this file.
    fn error(&self, problems: Vec<Diagnostic>) -> InputError {
        InputError::new(&self.name, &self.text, problems)
    }
}

impl Deal {
    /// Where the seat `wind` is written in the deal's file (empty when it is left out).
    pub fn seat_span(&self, wind: Wind) -> Range<usize> {
        self.spans[wind.index()].clone()
    }

    /// A deal whose winner's score (or faan) was counted elsewhere and nobody else scored:
    /// the shape of the payment examples of a text.
    pub fn counted(
        prevailing: Wind,
        winner: Wind,
        value: i64,
        from: WinSource,
        discarder: Option<Wind>,
    ) -> Deal {
        let mut seats = [Seat::Absent, Seat::Absent, Seat::Absent, Seat::Absent];
        seats[winner.index()] = Seat::Counted {
            value,
            win: Some((from, discarder)),
            named: Vec::new(),
        };
        Deal {
            prevailing,
            seats,
            counters: 0,
            deposits: 0,
            ready: [false; 4],
            spans: [0..0, 0..0, 0..0, 0..0],
            source: Source::new("example", ""),
        }
    }
}

/// One payment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payment {
    /// Who pays: a seat, or the table (none) where the winner takes the pot.
    pub from: Option<Wind>,
    /// Who is paid.
    pub to: Wind,
    /// How much.
    pub amount: i64,
    /// Why: the ids of the doublings, the cap or the liability that shaped it.
    pub why: Vec<String>,
}

/// The outcome of a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settlement {
    /// The player who went out, if anyone did.
    pub winner: Option<Wind>,
    /// Each seat's score (the winner's: what each player pays before doublings), East first.
    pub scores: [i64; 4],
    /// Every payment.
    pub payments: Vec<Payment>,
    /// What each seat gained or lost, East first; with the pot, sums to zero.
    pub net: [i64; 4],
    /// What the winner took from the table, where the variant has a `pot` (none otherwise).
    pub pot: Option<i64>,
    /// The seat that deals next: East again when the variant's `[game] dealer-keeps` holds,
    /// South otherwise.
    pub next_dealer: Wind,
    /// The counters on the table for the next deal (`[game] counters`).
    pub next_counters: i64,
    /// The deposits left on the table for the next deal: all of them after a drawn deal, or
    /// where the variant's winner takes nothing from the table.
    pub deposits_left: i64,
    /// The liability that made one player pay for all, and who.
    pub liable: Option<(String, Wind)>,
    /// Notes on the settlement (a winner below the minimum, …).
    pub notes: Vec<String>,
}

/// Whether `text` is a deal file: TOML with a `prevailing` key, or a text with a
/// `prevailing = …` line that is not TOML yet (its mistakes are the reader's to show).
pub fn is_deal_file(text: &str) -> bool {
    match text.parse::<toml::Table>() {
        Ok(table) => table.contains_key("prevailing"),
        Err(_) => text.lines().any(|l| {
            l.trim_start()
                .strip_prefix("prevailing")
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        }),
    }
}

/// Reads a deal file called `name`.
pub fn parse_deal(name: &str, text: &str, style: Style) -> Result<Deal, InputError> {
    let mut problems = Vec::new();
    let doc = match document::parse(text) {
        Ok(doc) => doc,
        Err(p) => return Err(InputError::new(name, text, vec![p])),
    };
    let top = TableReader::new(doc.get_ref(), doc.span(), "the deal");
    match read_deal(top, &Source::new(name, text), style, &mut problems) {
        Some(deal) if problems.is_empty() => Ok(deal),
        _ => Err(InputError::new(name, text, problems)),
    }
}

/// Reads a deal from a table of the document `source` (a deal file, a game file, or a worked
/// example in a variant file); adds every problem to `problems`.
pub fn read_deal(
    mut top: TableReader<'_, '_>,
    source: &Source,
    style: Style,
    problems: &mut Vec<Diagnostic>,
) -> Option<Deal> {
    let text = &*source.text;
    let before = problems.len();
    let prevailing = top
        .required_string("prevailing", text, problems)
        .and_then(|s| {
            let wind = Wind::from_name(s.text);
            if wind.is_none() {
                problems.push(
                    Diagnostic::new(
                        s.span,
                        format!("`{}` is not a wind", s.text),
                        "expected east, south, west or north",
                    )
                    .with_help("the prevailing wind is east, south, west or north"),
                );
            }
            wind
        });
    let mut seats = [Seat::Absent, Seat::Absent, Seat::Absent, Seat::Absent];
    let mut spans = [0..0, 0..0, 0..0, 0..0];
    let mut winners: Vec<(Wind, Range<usize>)> = Vec::new();
    for (i, (key, wind)) in Wind::WORDS.into_iter().enumerate() {
        let Some(value) = top.get(key) else { continue };
        spans[i] = value.span();
        let Some(table) = document::expect_table(value, key, problems) else {
            continue;
        };
        // A seat is counted by its score or faan, or, in a `formula` variant, by the units
        // and values it gives in place of a hand.
        let counted = ["score", "faan"].iter().any(|k| table.contains_key(*k))
            || (style == Style::Formula
                && !table.contains_key("concealed")
                && table.keys().any(|k| k.get_ref() != "win"));
        let seat = if counted {
            read_counted(table, value.span(), text, wind, style, problems)
        } else {
            let reader = TableReader::new(table, value.span(), "a seat's hand");
            // A seat may repeat the prevailing wind; otherwise the deal's is used.
            let given = if table.contains_key("prevailing") {
                None
            } else {
                prevailing
            };
            let hand = read_hand(reader, text, Some(wind), given, problems);
            if let (Some(hand), Some(deal_wind), Some(own)) =
                (&hand, prevailing, table.get("prevailing"))
                && hand.prevailing() != deal_wind
            {
                problems.push(Diagnostic::new(
                    own.span(),
                    format!(
                        "`{key}` plays in a round of `{}`, the deal in one of `{deal_wind}`",
                        hand.prevailing()
                    ),
                    "another round",
                ));
            }
            hand.map(|h| Seat::Hand(Box::new(h)))
        };
        if let Some(seat) = seat {
            let won = match &seat {
                Seat::Hand(h) => h.is_winner(),
                Seat::Counted { win, .. } => win.is_some(),
                Seat::Absent => false,
            };
            if won {
                winners.push((wind, value.span()));
            }
            seats[i] = seat;
        }
    }
    let counters = top
        .get("honba")
        .map_or(Some(0), |v| count(v, "honba", problems));
    let deposits =
        (top.get("riichi-sticks")).map_or(Some(0), |v| count(v, "riichi-sticks", problems));
    let mut ready = [false; 4];
    if let Some(v) = top.get("ready") {
        read_ready(v, text, &mut ready, problems);
        if let Some((wind, _)) = winners.first() {
            problems.push(
                Diagnostic::new(
                    v.span(),
                    format!("`{wind}` went out: who was ready matters only when nobody did"),
                    "not a drawn deal",
                )
                .with_help("remove `ready`, or the winner's `win`"),
            );
        }
    }
    top.finish(problems);
    fifth_copies_at_the_table(&seats, &spans, problems);
    if winners.len() > 1 {
        for (wind, span) in &winners[1..] {
            problems.push(
                Diagnostic::new(
                    span.clone(),
                    format!("`{wind}` went out too: a deal has one winner"),
                    "a second winner",
                )
                .with_help(format!(
                    "`{}` went out already; remove one of the `win` entries",
                    winners[0].0
                )),
            );
        }
    }
    if problems.len() > before {
        return None;
    }
    Some(Deal {
        prevailing: prevailing?,
        seats,
        counters: counters?,
        deposits: deposits?,
        ready,
        spans,
        source: source.clone(),
    })
}

/// `ready`: the seats that were ready when the deal was drawn, each a wind.
fn read_ready(
    v: &document::Value<'_>,
    text: &str,
    ready: &mut [bool; 4],
    problems: &mut Vec<Diagnostic>,
) {
    let DeValue::Array(list) = v.get_ref() else {
        problems.push(
            document::wrong_type(v.span(), "ready", "a list of seats", v.get_ref())
                .with_help("for example `ready = [\"east\", \"west\"]`"),
        );
        return;
    };
    for seat in list {
        let Some(s) = document::expect_string(seat, "ready", text, problems) else {
            continue;
        };
        match Wind::from_name(s.text) {
            Some(w) if ready[w.index()] => problems.push(Diagnostic::new(
                s.span,
                format!("`{w}` is named twice"),
                "named already",
            )),
            Some(w) => ready[w.index()] = true,
            None => problems.push(
                Diagnostic::new(s.span, format!("`{}` is not a seat", s.text), "not a wind")
                    .with_help("the seats are east, south, west and north"),
            ),
        }
    }
}

/// There are four of each tile at the table: the seats' own tiles (concealed and declared)
/// together hold no more. A fifth copy is a problem at the seat whose hand holds it.
fn fifth_copies_at_the_table(
    seats: &[Seat; 4],
    spans: &[Range<usize>; 4],
    problems: &mut Vec<Diagnostic>,
) {
    let mut held = TileCounts::default();
    for (i, seat) in seats.iter().enumerate() {
        let Seat::Hand(hand) = seat else { continue };
        let before = held;
        held.add_all(&hand.own_tiles());
        let fifth: Vec<String> = Tile::all()
            .filter(|&t| before.get(t) <= 4 && held.get(t) > 4)
            .map(|t| t.to_string())
            .collect();
        if !fifth.is_empty() {
            problems.push(
                Diagnostic::new(
                    spans[i].clone(),
                    format!(
                        "a fifth copy of {} at the table: there are only four of each tile",
                        fifth
                            .iter()
                            .map(|t| format!("`{t}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    "counting this hand",
                )
                .with_help("count each tile in every seat's concealed tiles and declared sets"),
            );
        }
    }
}

/// Reads a seat whose score was counted elsewhere.
fn read_counted(
    table: &toml::de::DeTable<'_>,
    span: Range<usize>,
    text: &str,
    wind: Wind,
    style: Style,
    problems: &mut Vec<Diagnostic>,
) -> Option<Seat> {
    let before = problems.len();
    let mut r = TableReader::new(table, span, "a counted seat");
    let (key, other) = match style {
        Style::PointsAndDoubles | Style::Formula => ("score", "faan"),
        Style::Faan => ("faan", "score"),
    };
    if let Some(v) = r.get(other) {
        problems.push(
            Diagnostic::new(
                v.span(),
                format!("this variant counts `{key}`, not `{other}`"),
                "wrong measure",
            )
            .with_help(format!("give the seat's `{key}`")),
        );
    }
    // A `formula` variant's seat may give its units and values by name instead of a score.
    let mut named = Vec::new();
    if style == Style::Formula {
        r.get("win");
        let integer = |v: &document::Value<'_>| matches!(v.get_ref(), DeValue::Integer(_));
        for (name, v) in r.rest(integer) {
            if name.get_ref() != "score"
                && let Some(n) = count(v, name.get_ref(), problems)
            {
                named.push((name.get_ref().to_string(), n, name.span()));
            }
        }
    }
    let value = if named.is_empty() {
        r.require(key, problems)
            .and_then(|v| count(v, key, problems))
    } else {
        r.get(key).and_then(|v| count(v, key, problems))
    };
    let win = r.get("win").and_then(|v| {
        let t = document::expect_table(v, "win", problems)?;
        let mut w = TableReader::new(t, v.span(), "`win`");
        let from = w.required_string("from", text, problems).and_then(|s| {
            let source = words::read(&WinSource::WORDS, s.text);
            if source.is_none() {
                problems.push(
                    Diagnostic::new(
                        s.span,
                        format!("`{}` is not a way to win", s.text),
                        "unknown source",
                    )
                    .with_help("use wall, discard, loose or robbed-kong"),
                );
            }
            source
        });
        let discarder =
            w.string("discarder", text, problems)
                .and_then(|s| match Wind::from_name(s.text) {
                    Some(d) if d == wind => {
                        problems.push(Diagnostic::new(
                            s.span,
                            format!("the discarder `{d}` is the winner"),
                            "the winner's own seat",
                        ));
                        None
                    }
                    // Nobody discarded a tile drawn from the wall or a loose tile.
                    Some(_) if let Some(from) = from.filter(|f| !f.is_claimed()) => {
                        problems.push(HandProblem::NoDiscard { from }.at(s.span));
                        None
                    }
                    Some(d) => Some(d),
                    None => {
                        problems.push(Diagnostic::new(
                            s.span,
                            format!("`{}` is not a wind", s.text),
                            "not a seat",
                        ));
                        None
                    }
                });
        w.finish(problems);
        Some((from?, discarder))
    });
    r.finish(problems);
    (problems.len() == before).then(|| Seat::Counted {
        value: value.unwrap_or(0),
        win,
        named,
    })
}

/// The whole number, 0 or more, of `key`; or a problem.
pub(crate) fn count(
    v: &document::Value<'_>,
    key: &str,
    problems: &mut Vec<Diagnostic>,
) -> Option<i64> {
    match v.get_ref() {
        DeValue::Integer(i) => i
            .as_str()
            .parse::<i64>()
            .ok()
            .filter(|n| *n >= 0)
            .or_else(|| {
                problems.push(Diagnostic::new(
                    v.span(),
                    format!("`{key}` is a whole number, 0 or more"),
                    "not a count",
                ));
                None
            }),
        other => {
            problems.push(document::wrong_type(v.span(), key, "a whole number", other));
            None
        }
    }
}

/// The largest payment a settlement makes (2^53, the largest whole number a JSON reader
/// reads exactly): any dozen of them add up without overflow.
pub const MAX_PAYMENT: i64 = 1 << 53;

/// What the winner brings to the settlement.
struct Winner {
    seat: Wind,
    /// What each player pays before the variant's amount and the doublings.
    value: i64,
    /// The values of the winner's score (a `formula` variant's), which the payments may
    /// read; none for a score counted elsewhere.
    results: Results,
    flags: u64,
    discarder: Option<Wind>,
    liable: Option<(String, Wind)>,
}

/// Settles a deal under a variant.
pub fn settle(variant: &Variant, deal: &Deal) -> Result<Settlement, InputError> {
    let mut scores = [0i64; 4];
    let mut notes = Vec::new();
    let mut winner: Option<Winner> = None;
    for (i, seat) in deal.seats.iter().enumerate() {
        let wind = Wind::ALL[i];
        let (score, won) = match seat {
            Seat::Absent => continue,
            Seat::Hand(hand) => scored(variant, deal, i, hand, &mut notes)?,
            Seat::Counted { named, win, .. } if !named.is_empty() => {
                given_values(variant, deal, wind, named, *win)?
            }
            Seat::Counted { value, win, .. } => match counted(variant, wind, *value, *win) {
                Ok(counted) => counted,
                Err(note) => {
                    notes.push(note);
                    continue;
                }
            },
        };
        if won.is_some() && matches!(seat, Seat::Counted { named, .. } if named.is_empty()) {
            counted_winner_is_enough(variant, deal, i)?;
        }
        scores[i] = score;
        if won.is_some() {
            winner = won;
        }
    }
    notes.extend(unread_counts(variant, deal));
    let (payments, pot) = match &winner {
        Some(w) => {
            let table = Table::new(variant, deal, w);
            (payments(&table, w, &scores), table.pot(w))
        }
        None => {
            if notes.is_empty() {
                notes.push("a drawn deal: nobody pays".to_string());
            }
            (Vec::new(), None)
        }
    };
    let taken = winner
        .as_ref()
        .zip(pot.filter(|&a| a > 0))
        .map(|(w, amount)| Payment {
            from: None,
            to: w.seat,
            amount,
            why: Vec::new(),
        });
    if let Some(pay) = payments
        .iter()
        .chain(taken.iter())
        .find(|p| p.amount > MAX_PAYMENT)
    {
        // Amounts this large come from a counted score, a variant without a limit or huge
        // counts on the table; the nets could no longer be added exactly, so the deal is
        // refused rather than settled wrong.
        let problem = Diagnostic::new(
            deal.spans[pay.to.index()].clone(),
            format!(
                "{} would pay {} {}, more than a settlement can add exactly ({MAX_PAYMENT} at most)",
                pay.from.map_or("the pot", Wind::name),
                pay.to.name(),
                pay.amount
            ),
            "this score",
        )
        .with_help("an amount of this size is not a game's: check the counted value, the deal's `honba` and `riichi-sticks`, or the variant's limit");
        return Err(deal.source.error(vec![problem]));
    }
    // Each payment is at most MAX_PAYMENT, and there are at most a dozen: the nets are exact,
    // and with the pot sum to zero.
    let mut net = [0i64; 4];
    for pay in payments.iter().chain(taken.iter()) {
        if let Some(from) = pay.from {
            net[from.index()] -= pay.amount;
        }
        net[pay.to.index()] += pay.amount;
    }
    let payments = payments.into_iter().chain(taken).collect();
    let (keeps, next_counters) = table_after(variant, deal, winner.as_ref());
    let has_pot = variant.rules().payments.pot.is_some();
    let deposits_left = if winner.is_some() && has_pot {
        0
    } else {
        deal.deposits
    };
    Ok(Settlement {
        winner: winner.as_ref().map(|w| w.seat),
        scores,
        payments,
        net,
        pot: variant
            .rules()
            .payments
            .pot
            .as_ref()
            .map(|_| pot.unwrap_or(0)),
        next_dealer: if keeps { Wind::East } else { Wind::South },
        next_counters,
        deposits_left,
        liable: winner.and_then(|w| w.liable),
        notes,
    })
}

/// What the rules of a game read of the table after a deal: whether the dealer deals again
/// (`[game] dealer-keeps`, `dealer_won` when not given) and the counters of the next deal
/// (`[game] counters`, 0 when not given).
fn table_after(variant: &Variant, deal: &Deal, winner: Option<&Winner>) -> (bool, i64) {
    let game = &variant.rules().game;
    let mut flags = 0;
    match winner {
        None => flags |= deal::DRAWN,
        Some(w) if w.seat == Wind::East => flags |= deal::DEALER_WON,
        Some(_) => {}
    }
    if winner.is_none() && deal.ready[0] {
        flags |= deal::DEALER_READY;
    }
    let table = PaymentFacts {
        score: 0,
        counters: deal.counters,
        deposits: deal.deposits,
    };
    let none = Results::default();
    let mut facts = Facts::default().with_results(winner.map_or(&none, |w| &w.results));
    facts.flags = winner.map_or(0, |w| w.flags);
    facts.payment = &table;
    let elem = Elem {
        flags,
        ..Elem::default()
    };
    let keeps = match &game.dealer_keeps {
        Some(c) => c.eval(&facts, elem) != 0,
        None => flags & deal::DEALER_WON != 0,
    };
    let counters = game
        .counters
        .as_ref()
        .map_or(0, |c| c.eval(&facts, elem).clamp(0, MAX_PAYMENT));
    (keeps, counters)
}

/// The payment expressions of a variant: its amount, its pot and its doublings.
fn payment_expressions(variant: &Variant) -> impl Iterator<Item = &Compiled> {
    let p = &variant.rules().payments;
    (p.amount.iter().chain(p.pot.iter())).chain(p.doubles.iter())
}

/// An error when the winner of seat `i` was counted elsewhere but the variant's payments
/// read values of the score that a count does not give.
fn counted_winner_is_enough(variant: &Variant, deal: &Deal, i: usize) -> Result<(), InputError> {
    let mut read: Vec<&str> = Vec::new();
    for c in payment_expressions(variant) {
        c.visit(&mut |n| {
            if let Compiled::Value(v) = n
                && let Some(named) = variant.definition().values.get(*v as usize)
                && !read.contains(&named.id.value.as_str())
            {
                read.push(&named.id.value);
            }
        });
    }
    let names: Vec<String> = read.iter().map(|n| format!("`{n}`")).collect();
    let (what, names) = match names.split_last() {
        Some((last, [])) => ("the value", last.clone()),
        Some((last, rest)) => ("the values", format!("{} and {last}", rest.join(", "))),
        None => return Ok(()),
    };
    let problem = Diagnostic::new(
        deal.spans[i].clone(),
        format!(
            "the payments of `{}` read {what} {names} of the winner's score, which a score counted elsewhere does not give",
            variant.id(),
        ),
        "a counted score",
    )
    .with_help(format!(
        "give the seat's full hand, so that its score is worked out here, or what the table counted of it by name: its units or values ({})",
        counted_names(variant).join(", ")
    ));
    Err(deal.source.error(vec![problem]))
}

/// A note for each count on the table the deal gives (`honba`, `riichi-sticks`) that the
/// variant's payments do not read: nothing the deal says is dropped unsaid.
fn unread_counts(variant: &Variant, deal: &Deal) -> Vec<String> {
    let reads = |wanted: PaymentInt| {
        payment_expressions(variant)
            .any(|c| c.mentions(|n| matches!(n, Compiled::PaymentInt(p) if *p == wanted)))
    };
    [
        ("honba", deal.counters, PaymentInt::Counters),
        ("riichi-sticks", deal.deposits, PaymentInt::Deposits),
    ]
    .into_iter()
    .filter(|&(_, n, wanted)| n > 0 && !reads(wanted))
    .map(|(key, n, _)| {
        format!(
            "the deal's `{key} = {n}` changes nothing: the payments of `{}` do not read it",
            variant.id()
        )
    })
    .collect()
}

/// The score of seat `i`'s hand, and the winner if it went out with a valid hand (a claim
/// that is not a valid win is noted, and nobody pays it).
fn scored(
    variant: &Variant,
    deal: &Deal,
    i: usize,
    hand: &Hand,
    notes: &mut Vec<String>,
) -> Result<(i64, Option<Winner>), InputError> {
    let wind = Wind::ALL[i];
    let card = variant.score(hand);
    if let Some(r) = card.totals.refused {
        let refusal = &variant.definition().refusals[usize::from(r)];
        // At the key the refusal names in the seat's table.
        let at = seat_key_span(&deal.source.text, wind.name(), &refusal.at.value)
            .unwrap_or_else(|| deal.spans[i].clone());
        let problem = refusal.diagnostic(variant.id(), at);
        return Err(deal.source.error(vec![problem]));
    }
    let total = card.totals.total;
    let Some(win) = hand.win() else {
        return Ok((total, None));
    };
    if !card.totals.valid {
        notes.push(format!(
            "{wind} claimed Mah-Jong but the hand is not a valid win: nobody pays"
        ));
        return Ok((total, None));
    }
    let liable = match card.totals.liability {
        None => None,
        Some(rule) => Some(liable(variant, deal, i, hand, rule)?),
    };
    let winner = Winner {
        seat: wind,
        value: total,
        results: Results {
            values: card.values.clone(),
            ..Results::default()
        },
        flags: win_flags(wind, win.from),
        discarder: win.discarder,
        liable,
    };
    Ok((total, Some(winner)))
}

/// Who pays for the winner of seat `i` under liability rule `rule` (an index into the
/// variant's liabilities), with the rule's id; an error when the deal does not say.
fn liable(
    variant: &Variant,
    deal: &Deal,
    i: usize,
    hand: &Hand,
    rule: usize,
) -> Result<(String, Wind), InputError> {
    let rule = &variant.definition().payments.liabilities[rule];
    let who = match rule.liable {
        Some(Liable::Discarder) => hand.win().and_then(|w| w.discarder),
        Some(Liable::LastSetProvider) => hand
            .melds()
            .iter()
            .rev()
            .find(|m| m.declared && m.scores_as_exposed())
            .and_then(|m| m.from),
        None => None,
    };
    let Some(who) = who else {
        let what = match rule.liable {
            Some(Liable::Discarder) => "the discarder of the winning tile (`discarder` in `[win]`)",
            _ => "whom the last declared set was claimed from (`from=SEAT`)",
        };
        let problem = Diagnostic::new(
            deal.spans[i].clone(),
            format!(
                "the penalty `{}` applies, but the deal does not say who pays it",
                rule.id.value
            ),
            "no provenance",
        )
        .with_help(format!("give {what}"));
        return Err(deal.source.error(vec![problem]));
    };
    Ok((rule.id.value.clone(), who))
}

/// The score of a seat whose value was counted already (points, or faan turned into base
/// points), and the winner if it went out; a note instead when a faan winner is below the
/// minimum and nobody pays.
fn counted(
    variant: &Variant,
    wind: Wind,
    value: i64,
    win: Option<(WinSource, Option<Wind>)>,
) -> Result<(i64, Option<Winner>), String> {
    let rules = variant.rules();
    let total = match (variant.definition().style, win) {
        (Style::Faan, Some(_)) if value < rules.min_faan => {
            return Err(format!(
                "{wind} went out with {value} faan, below the minimum of {}: nobody pays",
                rules.min_faan
            ));
        }
        (Style::Faan, Some(_)) => rules.base_points(rules.max_faan.map_or(value, |m| value.min(m))),
        (Style::Faan, None) => 0,
        _ => value,
    };
    let winner = win.map(|(from, discarder)| Winner {
        seat: wind,
        value: total,
        results: Results::default(),
        flags: win_flags(wind, from),
        discarder,
        liable: None,
    });
    Ok((total, winner))
}

/// The names a counted seat of a `formula` variant may give: its units and values, each once.
fn counted_names(variant: &Variant) -> Vec<String> {
    let definition = variant.definition();
    let mut names: Vec<String> = Vec::new();
    let all = (definition.units.iter().map(|u| &u.value))
        .chain(definition.values.iter().map(|v| &v.id.value));
    for name in all {
        let quoted = format!("`{name}`");
        if !names.contains(&quoted) {
            names.push(quoted);
        }
    }
    names
}

/// A `formula` variant's seat counted by its units and values (`han = 4, fu = 25`): the
/// other values worked out from them (`basic`, `total`), as a hand's would be from its
/// items; its total is its score. A name that is neither a unit nor a value of the variant
/// is an error.
fn given_values(
    variant: &Variant,
    deal: &Deal,
    wind: Wind,
    named: &[(String, i64, Range<usize>)],
    win: Option<(WinSource, Option<Wind>)>,
) -> Result<(i64, Option<Winner>), InputError> {
    let rules = variant.rules();
    let definition = variant.definition();
    let values: Vec<&str> = definition
        .values
        .iter()
        .map(|v| v.id.value.as_str())
        .collect();
    let units: Vec<&str> = definition.units.iter().map(|u| u.value.as_str()).collect();
    let mut results = Results::default();
    results.clear(rules.tags.len(), rules.tags.len(), definition.items.len());
    let mut given = vec![None; values.len()];
    let mut problems = Vec::new();
    for (name, n, span) in named {
        if let Some(i) = values.iter().position(|v| v == name) {
            given[i] = Some(*n);
        } else if units.contains(&name.as_str())
            && let Some(t) = rules.tags.iter().position(|t| t == name)
        {
            results.sums[t] = *n;
        } else {
            let known = values.iter().chain(units.iter()).copied();
            let mut problem = Diagnostic::new(
                span.clone(),
                format!(
                    "`{name}` is neither a unit nor a value of `{}`",
                    variant.id()
                ),
                "not counted here",
            );
            problem = match crate::diagnostic::did_you_mean(name, known.clone()) {
                Some(n) => problem.with_help(format!("did you mean `{n}`?")),
                None => problem.with_help(format!(
                    "a counted seat gives its units or values: {}",
                    counted_names(variant).join(", ")
                )),
            };
            problems.push(problem);
        }
    }
    if !problems.is_empty() {
        return Err(deal.source.error(problems));
    }
    let flags = win.map_or(0, |(from, _)| win_flags(wind, from));
    let mut facts = Facts::default();
    facts.flags = flags;
    let totals =
        crate::score::formula::evaluate_given(rules, rules, &facts, &mut results, true, |i| {
            given[i]
        });
    let winner = win.map(|(_, discarder)| Winner {
        seat: wind,
        value: totals.total,
        results: Results {
            values: results.values.clone(),
            ..Results::default()
        },
        flags,
        discarder,
        liable: None,
    });
    Ok((totals.total, winner))
}

/// What every payment of a deal reads besides its own seats: the variant, the winner's
/// hand flags and values, and the counts on the table.
struct Table<'v> {
    variant: &'v Variant,
    winner_flags: u64,
    results: &'v Results,
    counters: i64,
    deposits: i64,
}

impl<'v> Table<'v> {
    fn new(variant: &'v Variant, deal: &Deal, w: &'v Winner) -> Table<'v> {
        Table {
            variant,
            winner_flags: w.flags,
            results: &w.results,
            counters: deal.counters,
            deposits: deal.deposits,
        }
    }

    /// `c` worked out for one payment whose flags are `flags` and base `score`.
    fn eval(&self, c: &Compiled, flags: u64, score: i64) -> i64 {
        let payment = PaymentFacts {
            score,
            counters: self.counters,
            deposits: self.deposits,
        };
        let mut facts = Facts::default().with_results(self.results);
        facts.flags = self.winner_flags;
        facts.payment = &payment;
        c.eval(
            &facts,
            Elem {
                flags,
                ..Elem::default()
            },
        )
    }

    /// One payment from `from` to `to` whose base is `score`: the variant's amount, doubled
    /// by every payment doubling that holds, and capped.
    fn payment(
        &self,
        from: Wind,
        to: Wind,
        score: i64,
        to_winner: bool,
        from_discarder: bool,
    ) -> Payment {
        let mut flags = 0;
        if from == Wind::East {
            flags |= payment::PAYER_DEALER;
        }
        if to == Wind::East {
            flags |= payment::PAYEE_DEALER;
        }
        if to_winner {
            flags |= payment::TO_WINNER;
        }
        if from_discarder {
            flags |= payment::PAYER_DISCARDER;
        }
        let p = &self.variant.rules().payments;
        let mut amount = match &p.amount {
            Some(c) => self.eval(c, flags, score),
            None => score,
        };
        let mut why = Vec::new();
        for (rule, compiled) in p
            .doubles
            .iter()
            .zip(self.variant.definition().payments.doubles.iter())
        {
            if self.eval(rule, flags, score) != 0 {
                amount = amount.saturating_mul(2);
                why.push(compiled.id.value.clone());
            }
        }
        let cap = if from == Wind::East || to == Wind::East {
            p.dealer_cap.or(p.cap)
        } else {
            p.cap
        };
        if let Some(cap) = cap
            && amount > cap
        {
            amount = cap;
            why.push(format!("capped at {cap}"));
        }
        Payment {
            from: Some(from),
            to,
            amount,
            why,
        }
    }

    /// What winner `w` takes from the table: the variant's pot, none without one (0 or less
    /// is nothing).
    fn pot(&self, w: &Winner) -> Option<i64> {
        let pot = self.variant.rules().payments.pot.as_ref()?;
        let mut flags = payment::TO_WINNER;
        if w.seat == Wind::East {
            flags |= payment::PAYEE_DEALER;
        }
        Some(self.eval(pot, flags, w.value).max(0))
    }
}

/// The payments to winner `w`, and among the losers where they settle with each other
/// (`scores` are every seat's).
fn payments(table: &Table<'_>, w: &Winner, scores: &[i64; 4]) -> Vec<Payment> {
    let variant = table.variant;
    let mut owed: Vec<Payment> = Wind::ALL
        .into_iter()
        .filter(|&loser| loser != w.seat)
        .map(|loser| table.payment(loser, w.seat, w.value, true, w.discarder == Some(loser)))
        .collect();
    if let Some((id, liable)) = &w.liable {
        // The liable player pays what everyone would have paid.
        let amount = owed
            .iter()
            .fold(0i64, |sum, o| sum.saturating_add(o.amount));
        owed = vec![Payment {
            from: Some(*liable),
            to: w.seat,
            amount,
            why: vec![id.clone()],
        }];
    }
    let mut payments: Vec<Payment> = owed.into_iter().filter(|o| o.amount > 0).collect();
    let faan = variant.definition().style == Style::Faan;
    if variant.rules().payments.losers_settle && !faan {
        let losers: Vec<Wind> = Wind::ALL.into_iter().filter(|&s| s != w.seat).collect();
        for (a, &x) in losers.iter().enumerate() {
            for &y in &losers[a + 1..] {
                let (hi, lo) = if scores[x.index()] >= scores[y.index()] {
                    (x, y)
                } else {
                    (y, x)
                };
                let diff = scores[hi.index()].saturating_sub(scores[lo.index()]);
                if diff > 0 {
                    let pay = table.payment(lo, hi, diff, false, false);
                    if pay.amount > 0 {
                        payments.push(pay);
                    }
                }
            }
        }
    }
    payments
}

/// The winner's hand flags that payment rules may ask about.
fn win_flags(seat: Wind, from: WinSource) -> u64 {
    let mut flags = hf::WINNER | hf::COMPLETE;
    if seat == Wind::East {
        flags |= hf::DEALER;
    }
    flags
        | match from {
            WinSource::Wall => hf::FROM_WALL | hf::SELF_DRAWN,
            WinSource::Loose => hf::FROM_LOOSE | hf::SELF_DRAWN,
            WinSource::Discard => hf::FROM_DISCARD,
            WinSource::RobbedKong => hf::ROBBED_KONG,
        }
}
