//! Reading a game file: its players, and each `[[deal]]` with the keys a game adds (the
//! dealer, the round, the deposits, a deal file's path), its seats named by players turned
//! into this deal's winds for the deal reader of [`crate::settle`].
//!
//! In: the game file's parsed document. Out: the [`Players`] and an [`Entry`] a deal, each
//! problem added to the list it is given, pointing into the file.

use std::ops::Range;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::diagnostic::Diagnostic;
use crate::document::{self, TableReader, Value};
use crate::settle;
use crate::tiles::Wind;

/// The players of a game file, in first-seat order.
pub(super) struct Players {
    pub(super) names: [String; 4],
}

pub(super) fn read_players(
    top: &mut TableReader<'_, '_>,
    text: &str,
    problems: &mut Vec<Diagnostic>,
) -> Option<Players> {
    let v = top.require("players", problems)?;
    let help = "name the four players in their first seats, East first: \
                `players = [\"Ann\", \"Bob\", \"Cy\", \"Di\"]`";
    let DeValue::Array(list) = v.get_ref() else {
        problems.push(
            document::wrong_type(v.span(), "players", "a list of four names", v.get_ref())
                .with_help(help),
        );
        return None;
    };
    if list.len() != 4 {
        problems.push(
            Diagnostic::new(
                v.span(),
                format!("a game has four players, not {}", list.len()),
                "not four names",
            )
            .with_help(help),
        );
        return None;
    }
    let before = problems.len();
    let mut names: Vec<String> = Vec::new();
    for p in list {
        let Some(s) = document::expect_string_in(p, "players", text, problems) else {
            continue;
        };
        let name = s.text.trim();
        if name.is_empty() {
            problems.push(Diagnostic::new(
                s.span,
                "a player's name is empty",
                "no name",
            ));
        } else if Wind::from_name(name).is_some() {
            problems.push(
                Diagnostic::new(
                    s.span,
                    format!("`{name}` is a seat: a player named so could not be told from it"),
                    "a wind's name",
                )
                .with_help("deals name players or seats; give the player another name"),
            );
        } else if name == "table" {
            problems.push(
                Diagnostic::new(
                    s.span,
                    "`table` is the table's name in a ledger",
                    "a reserved name",
                )
                .with_help(
                    "the ledger names the money on the table `table`; give the player another name",
                ),
            );
        } else if names.iter().any(|n| n == name) {
            problems.push(Diagnostic::new(
                s.span,
                format!("`{name}` is named twice"),
                "the same name",
            ));
        }
        names.push(name.to_string());
    }
    if problems.len() > before {
        return None;
    }
    Some(Players {
        names: names.try_into().ok()?,
    })
}

/// Where a deal's seats are written.
pub(super) enum DealSource<'a, 'i> {
    /// In the game file.
    Inline(&'a DeTable<'i>),
    /// In a deal file, at this path (written at this span).
    File(String, Range<usize>),
}

/// One `[[deal]]` of a game file, its game keys read.
pub(super) struct Entry<'a, 'i> {
    pub(super) source: DealSource<'a, 'i>,
    /// `dealer`: the player, and where.
    pub(super) dealer: Option<(usize, Range<usize>)>,
    /// `prevailing`, and where.
    pub(super) prevailing: Option<(Wind, Range<usize>)>,
    /// `honba` and `riichi-sticks` as written, to check against the table.
    pub(super) counters: Option<(i64, Range<usize>)>,
    pub(super) sticks: Option<(i64, Range<usize>)>,
    /// `deposits`: the players who put a deposit on the table in this deal.
    pub(super) deposits: Vec<(usize, Range<usize>)>,
    pub(super) span: Range<usize>,
}

/// A player named by name or, in this deal, by seat: the player's index, or a problem.
fn player_named(
    s: &document::StrValue<'_>,
    names: &[String; 4],
    seats: Option<&[usize; 4]>,
    problems: &mut Vec<Diagnostic>,
) -> Option<usize> {
    if let Some(p) = names.iter().position(|n| n == s.text) {
        return Some(p);
    }
    if let Some(w) = Wind::from_name(s.text) {
        return seats.map(|seats| seats[w.index()]);
    }
    problems.push(not_a_player(s.text, s.span.clone(), names));
    None
}

/// `name`, at `span`, names no player of the game.
fn not_a_player(name: &str, span: Range<usize>, names: &[String; 4]) -> Diagnostic {
    let problem = Diagnostic::new(
        span,
        format!("`{name}` is not a player of this game"),
        "unknown player",
    );
    match crate::diagnostic::did_you_mean(name, names.iter().map(String::as_str)) {
        Some(n) => problem.with_help(format!("did you mean `{n}`?")),
        None => problem.with_help(format!(
            "the players are {}; or name a seat (east, south, west, north)",
            names
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

pub(super) fn read_entry<'a, 'i>(
    value: &'a Value<'i>,
    number: usize,
    names: &[String; 4],
    text: &str,
    problems: &mut Vec<Diagnostic>,
) -> Option<Entry<'a, 'i>> {
    let t = document::expect_table(value, "deal", problems)?;
    let mut r = TableReader::new(t, value.span(), "a deal");
    let dealer = r.string("dealer", text, problems).and_then(|s| {
        let p = player_named(&s, names, None, problems);
        if p.is_none() && Wind::from_name(s.text).is_some() {
            problems.push(
                Diagnostic::new(
                    s.span.clone(),
                    "the dealer is named by the player's name",
                    "a seat",
                )
                .with_help("East always deals: name the player who sits there"),
            );
        }
        p.map(|p| (p, s.span))
    });
    let prevailing =
        r.string("prevailing", text, problems)
            .and_then(|s| match Wind::from_name(s.text) {
                Some(w) => Some((w, s.span)),
                None => {
                    problems.push(Diagnostic::new(
                        s.span,
                        format!("`{}` is not a wind", s.text),
                        "not a wind",
                    ));
                    None
                }
            });
    let mut whole = |key: &'static str| {
        let v = r.get(key)?;
        Some((settle::count(v, key, problems)?, v.span()))
    };
    let counters = whole("honba");
    let sticks = whole("riichi-sticks");
    let mut deposits = Vec::new();
    if let Some(v) = r.get("deposits") {
        match v.get_ref() {
            DeValue::Array(list) => {
                for p in list {
                    let Some(s) = document::expect_string_in(p, "deposits", text, problems) else {
                        continue;
                    };
                    if Wind::from_name(s.text).is_some() && !names.iter().any(|n| n == s.text) {
                        problems.push(
                            Diagnostic::new(
                                s.span.clone(),
                                "name the player who put the deposit",
                                "a seat",
                            )
                            .with_help("deposits are listed by the players' names"),
                        );
                        continue;
                    }
                    if let Some(player) = player_named(&s, names, None, problems) {
                        if deposits.iter().any(|(q, _)| *q == player) {
                            problems.push(Diagnostic::new(
                                s.span.clone(),
                                format!("`{}` deposits once a deal", s.text),
                                "named twice",
                            ));
                        }
                        deposits.push((player, s.span));
                    }
                }
            }
            other => problems.push(
                document::wrong_type(v.span(), "deposits", "a list of players", other).with_help(
                    "for example `deposits = [\"Ann\"]`: the players who declared riichi",
                ),
            ),
        }
    }
    let file = r
        .string("file", text, problems)
        .map(|s| (s.text.to_string(), s.span));
    // The deal's own keys: its seats (or players), `prevailing`, `ready`; read by the deal.
    let seat_keys = t.keys().any(|k| {
        let k: &str = k.get_ref();
        k != "prevailing" && !GAME_KEYS.contains(&k)
    });
    let source = match file {
        Some((path, span)) => {
            if seat_keys {
                problems.push(
                    Diagnostic::new(
                        span.clone(),
                        format!("deal {number} is read from `{path}`, and given here too"),
                        "a deal file",
                    )
                    .with_help("write the deal's seats here or in the file, not both"),
                );
            }
            DealSource::File(path, span)
        }
        None => {
            // The remaining keys are the deal's: mark them known here.
            let _ = r.rest(|_| true);
            DealSource::Inline(t)
        }
    };
    r.finish(problems);
    Some(Entry {
        source,
        dealer,
        prevailing,
        counters,
        sticks,
        deposits,
        span: value.span(),
    })
}

/// `p` with each seat it names in backticks followed by the player who sits there.
pub(super) fn seats_named(
    mut p: Diagnostic,
    seats: &[usize; 4],
    names: &[String; 4],
) -> Diagnostic {
    let name = |text: &str| -> String {
        Wind::ALL.iter().fold(text.to_string(), |out, w| {
            out.replace(
                &format!("`{w}`"),
                &format!("`{}` ({w})", names[seats[w.index()]]),
            )
        })
    };
    let message = name(&p.message);
    p.message = message;
    p.help = p.help.as_deref().map(name);
    p
}

/// The keys of a deal besides those of a game's deal: its seats, `prevailing`, `ready`.
const DEAL_KEYS: &[&str] = &["east", "south", "west", "north", "prevailing", "ready"];

/// The keys of a game's deal that a deal file does not have.
pub(super) const GAME_KEYS: &[&str] = &["dealer", "honba", "riichi-sticks", "deposits", "file"];

/// The deal's table with players' names turned into this deal's seats (keys, discarders,
/// `ready`), its game keys left out, and the prevailing wind added when not written.
pub(super) fn renamed_deal<'i>(
    t: &DeTable<'i>,
    names: &[String; 4],
    seats: &[usize; 4],
    prevailing: Wind,
    span: Range<usize>,
    problems: &mut Vec<Diagnostic>,
) -> DeTable<'i> {
    let seat_of = |name: &str| -> Option<&'static str> {
        let p = names.iter().position(|n| n == name)?;
        let i = seats.iter().position(|&q| q == p)?;
        Some(Wind::ALL[i].name())
    };
    let rename = |v: &Spanned<DeValue<'i>>, problems: &mut Vec<Diagnostic>| match v.get_ref() {
        DeValue::String(s) => match seat_of(s) {
            Some(w) => Spanned::new(v.span(), DeValue::String(w.into())),
            None => {
                if Wind::from_name(s.as_ref()).is_none() {
                    problems.push(not_a_player(s, v.span(), names));
                }
                v.clone()
            }
        },
        _ => v.clone(),
    };
    let mut out = DeTable::new();
    for (key, value) in t.iter() {
        let k: &str = key.get_ref();
        if GAME_KEYS.contains(&k) {
            continue;
        }
        let key = match seat_of(k) {
            Some(w) => Spanned::new(key.span(), w.into()),
            None if DEAL_KEYS.contains(&k) => key.clone(),
            None => {
                let mut problem = Diagnostic::new(
                    key.span(),
                    format!("`{k}` is not a player of this game, nor a key of a deal"),
                    "unknown player",
                );
                let known = (names.iter().map(String::as_str))
                    .chain(DEAL_KEYS.iter().copied())
                    .chain(GAME_KEYS.iter().copied());
                if let Some(n) = crate::diagnostic::did_you_mean(k, known) {
                    problem = problem.with_help(format!("did you mean `{n}`?"));
                }
                problems.push(problem);
                continue;
            }
        };
        if let Some(w) = Wind::from_name(key.get_ref().as_ref())
            && out.contains_key(w.name())
        {
            problems.push(
                Diagnostic::new(
                    key.span(),
                    format!("`{w}` is given twice in this deal (by seat and by player)"),
                    "the same seat again",
                )
                .with_help(format!(
                    "`{w}` is `{}` in this deal",
                    names[seats[w.index()]]
                )),
            );
            continue;
        }
        let value = match value.get_ref() {
            // A seat: its `win.discarder` may name a player.
            DeValue::Table(seat) => {
                let mut seat = seat.clone();
                if let Some(win) = seat.get_mut("win")
                    && let DeValue::Table(w) = win.get_mut()
                    && let Some(d) = w.get_mut("discarder")
                {
                    *d = rename(d, problems);
                }
                Spanned::new(value.span(), DeValue::Table(seat))
            }
            DeValue::Array(list) if k == "ready" => Spanned::new(
                value.span(),
                DeValue::Array(list.iter().map(|v| rename(v, problems)).collect()),
            ),
            _ => value.clone(),
        };
        out.insert(key, value);
    }
    if !out.contains_key("prevailing") {
        out.insert(
            Spanned::new(span.start..span.start, "prevailing".into()),
            Spanned::new(
                span.start..span.start,
                DeValue::String(prevailing.name().into()),
            ),
        );
    }
    out
}
