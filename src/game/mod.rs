//! A whole game: deals in order, the seats that rotate, the counters and deposits carried
//! from deal to deal, the running accounts and the final standings.
//!
//! In: a game file (`docs/game-format.md`: the variant, the four players in their first
//! seats, the deals in order, each inline or a deal file) and the variant's `[game]` rules
//! (who deals next, the counters, the rounds, the accounts at the start and the adjustments
//! at the end). Out: a [`Ledger`], deal by deal (dealer, prevailing wind, winner, every
//! payment by player, running accounts) with the final standings; or every problem of the
//! file at once, each pointing into it (or into the deal file it names).
//!
//! The rotation is the variant's: after each deal the dealer deals again when
//! `[game] dealer-keeps` holds of the table; otherwise the deal passes (the player at South
//! becomes East), and after it has passed four times the next round begins, with the next
//! prevailing wind and, where the variant gives `round-seats`, the players in new seats. The
//! game ends when the last round ends. Deposits (riichi sticks) go on the table and stay
//! there until a winner takes the pot.

mod file;
pub mod render;

use std::borrow::Cow;
use std::ops::Range;
use std::path::Path;

use toml::de::DeValue;

use crate::Variant;
use crate::diagnostic::{Diagnostic, InputError};
use crate::document::pieces::Pieces;
use crate::document::{self, TableReader, Value};
use crate::rules::LoadError;
use crate::settle::{self, Deal, Settlement};
use crate::tiles::Wind;
use file::{DealSource, Entry, read_entry, read_players, renamed_deal, seats_named};

/// Who pays or is paid in a game: a player (by index, in first-seat order) or the table.
pub type Party = Option<usize>;

/// One payment of a deal, between players or with the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePayment {
    /// Who pays: a player, or the table (a winner taking the pot).
    pub from: Party,
    /// Who is paid: a player, or the table (a deposit).
    pub to: Party,
    /// How much.
    pub amount: i64,
}

/// One deal of the ledger.
#[derive(Clone, Debug, PartialEq)]
pub struct DealRecord {
    /// Its number in the game, from 1.
    pub number: usize,
    /// The prevailing wind.
    pub prevailing: Wind,
    /// The players at East, South, West and North (East deals).
    pub seats: [usize; 4],
    /// The counters on the table during the deal.
    pub counters: i64,
    /// The deposits on the table during the deal, this deal's own included.
    pub deposits: i64,
    /// The player who went out, if anyone did.
    pub winner: Option<usize>,
    /// The penalty that made one player pay for all, and who.
    pub liable: Option<(String, usize)>,
    /// Each player's score in the deal (what the settlement counted), in player order.
    pub scores: [i64; 4],
    /// Every payment: the deposits put on the table, then the settlement's.
    pub payments: Vec<GamePayment>,
    /// What each player gained or lost in the deal.
    pub net: [i64; 4],
    /// Each player's account after the deal.
    pub totals: [i64; 4],
    /// What lies on the table after the deal (deposits nobody took).
    pub table: i64,
    /// Notes of the settlement.
    pub notes: Vec<String>,
    /// The deal as written (a deal file's content in place of its path), from which the
    /// game can be played again.
    pub input: toml::Table,
}

/// A player's place at the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The player.
    pub player: usize,
    /// The account after the last deal.
    pub total: i64,
    /// After the final adjustments (uma and oka), where the variant has them.
    pub adjusted: i64,
}

/// A game scored deal by deal.
#[derive(Clone, Debug, PartialEq)]
pub struct Ledger {
    /// The variant's id.
    pub variant: String,
    /// The variant as the game file names it (an id or a path).
    pub variant_spec: String,
    /// The players, in first-seat order (East, South, West, North).
    pub players: [String; 4],
    /// Each player's account at the start.
    pub start: i64,
    /// The deals, in order.
    pub deals: Vec<DealRecord>,
    /// The players from first to last (ties: the one whose first seat comes first).
    pub standings: Vec<Standing>,
    /// The game ended (the last round was played out), or it stopped before.
    pub finished: bool,
    /// Who deals next, the prevailing wind, where the game goes on.
    pub next: Option<(usize, Wind)>,
}

/// Where the game is before a deal: the seats, the round, the counters and the table.
#[derive(Clone, Debug)]
struct Table {
    /// The players at East, South, West and North.
    seats: [usize; 4],
    /// The round (0 is East's).
    round: usize,
    /// How many times the deal has passed in this round.
    passes: usize,
    counters: i64,
    deposits: i64,
    ended: bool,
}

impl Table {
    /// Before the first deal: the players in their first seats, East's round, nothing on
    /// the table.
    fn at_the_start() -> Table {
        Table {
            seats: [0, 1, 2, 3],
            round: 0,
            passes: 0,
            counters: 0,
            deposits: 0,
            ended: false,
        }
    }

    /// After a deal settled as `settlement`: its counters and the deposits it leaves on the
    /// table carried, and the deal passed on or not.
    fn after(&mut self, settlement: &Settlement, rules: &crate::rules::CompiledGame) {
        self.counters = settlement.next_counters;
        self.deposits = settlement.deposits_left;
        self.next(settlement.next_dealer == Wind::East, rules);
    }

    /// After a deal whose dealer deals again (`keeps`) or not.
    fn next(&mut self, keeps: bool, rules: &crate::rules::CompiledGame) {
        if keeps {
            return;
        }
        self.seats.rotate_left(1);
        self.passes += 1;
        if self.passes == 4 {
            self.passes = 0;
            self.round += 1;
            if self.round >= usize::from(rules.rounds) {
                self.ended = true;
            } else if let Some(seats) = rules.round_seats.get(self.round - 1) {
                // Players are numbered in first-seat order: the player whose first seat
                // was `w` is player `w.index()`.
                self.seats = seats.map(Wind::index);
            }
        }
    }
}

/// Reads the deal file at a path a game names: its name and text, or why it cannot.
pub type LoadDeal<'a> = dyn Fn(&str) -> Result<(String, String), String> + 'a;

/// Reads the deal files a game file names, from its folder. A game file may come from
/// anyone and name any path, so only a regular file is read (not a device, nor a pipe that
/// may never be written), one that is not a deal file is refused with nothing of it shown,
/// and the game file and its deal files together are read within one input's bound
/// ([`crate::MAX_INPUT`]), however many deals name the same file.
#[derive(Debug)]
pub struct DealFiles {
    folder: std::path::PathBuf,
    left: std::cell::Cell<u64>,
}

impl DealFiles {
    /// The deal files of the game file in `folder` whose text is `game`.
    pub fn new(folder: &Path, game: &str) -> DealFiles {
        DealFiles {
            folder: folder.to_path_buf(),
            left: std::cell::Cell::new(crate::MAX_INPUT.saturating_sub(game.len() as u64)),
        }
    }

    /// The deal file at `path` (from the game file's folder): its name and text, or why it
    /// cannot be read ([`LoadDeal`]).
    pub fn read(&self, path: &str) -> Result<(String, String), String> {
        let full = self.folder.join(path);
        let text = crate::document::read_regular(&full, self.left.get()).map_err(|e| {
            if e.kind() == std::io::ErrorKind::InvalidData && self.left.get() < crate::MAX_INPUT {
                format!(
                    "{e}: a game and its deal files are read up to {} MiB in all",
                    crate::MAX_INPUT >> 20
                )
            } else {
                e.to_string()
            }
        })?;
        self.left.set(self.left.get() - text.len() as u64);
        if !settle::is_deal_file(&text) {
            return Err(
                "it is not a deal file (TOML with a `prevailing` wind); nothing of it is shown"
                    .to_string(),
            );
        }
        Ok((full.display().to_string(), text))
    }
}

/// Loads the variant the game file `name` (text `text`) names: a built-in id, or the path of
/// a variant file from the game file's folder `base` (or else from the working directory).
/// A file that names no variant, or one that cannot be loaded, is a problem pointing at it;
/// a path that is not a regular variant file is refused showing nothing of it
/// ([`Variant::load_named`]).
pub fn variant_for(name: &str, text: &str, base: &Path) -> Result<Variant, Vec<InputError>> {
    let fail = |p: Diagnostic| vec![InputError::new(name, text, vec![p])];
    let (doc, _) = read_document(text).map_err(fail)?;
    let mut problems = Vec::new();
    let mut top = TableReader::new(doc.get_ref(), doc.span(), "the game");
    let Some(spec) = top.required_string("variant", text, &mut problems) else {
        return Err(vec![InputError::new(name, text, problems)]);
    };
    Variant::load_named(spec.text, base).map_err(|error| match error {
        LoadError::Files(errors) => errors,
        other => fail(
            Diagnostic::new(spec.span.clone(), other.to_string(), "this variant").with_help(
                "a built-in id (`mjrules variants` lists them) or the path of a variant file, \
                 from the game file's folder",
            ),
        ),
    })
}

/// Plays the game file `name` (text `text`) under `variant`: every deal settled in turn and
/// checked against the rotation. `load` reads a deal file the game names by path, giving
/// its name and text, or a message. Every problem of the file is reported at once.
pub fn play(
    variant: &Variant,
    name: &str,
    text: &str,
    load: &LoadDeal<'_>,
) -> Result<Ledger, Vec<InputError>> {
    let whole_problem = |p| vec![InputError::new(name, text, vec![p])];
    let (doc, pieces) = read_document(text).map_err(whole_problem)?;
    let mut problems = Vec::new();
    let mut errors = Vec::new();
    let (spec, players, deals) = read_top(&doc, pieces, text, &mut problems);
    let Some(players) = players else {
        return Err(vec![InputError::new(name, text, problems)]);
    };
    let rules = &variant.rules().game;
    let source = settle::Source::new(name, text);
    let reader = DealReader {
        names: &players.names,
        source: &source,
        style: variant.definition().style,
        load,
    };
    let mut table = Table::at_the_start();
    let mut totals = [rules.start; 4];
    let mut records = Vec::new();
    // Once a deal cannot be settled, the rotation after it is unknown: the deals after it
    // are still read for their own problems.
    let mut known = true;
    for k in 0..deals.len() {
        // A deal that is not TOML is the file's only problem, as the whole file's would be.
        let value = deals.get(k, text).map_err(whole_problem)?;
        let value = &*value;
        let number = k + 1;
        let before = problems.len();
        let Some(entry) = read_entry(value, number, &players.names, text, &mut problems) else {
            known = false;
            continue;
        };
        // A deal whose game keys are wrong is still read for the problems of its seats.
        if problems.len() > before {
            known = false;
        }
        if known && table.ended {
            problems.push(after_the_end(value.span(), number, rules.rounds));
            known = false;
        }
        let prevailing = Wind::ALL[table.round.min(3)];
        if known {
            check_rotation(&entry, &table, prevailing, &players.names, &mut problems);
        }
        let seats = known.then_some(table.seats);
        let (deal, from_file) = reader.read(
            &entry,
            value,
            number,
            seats,
            prevailing,
            &mut problems,
            &mut errors,
        );
        let Some(mut deal) = deal.filter(|_| problems.len() == before) else {
            known = false;
            continue;
        };
        if !known {
            continue;
        }
        // The table's counters and deposits: carried, and this deal's deposits added.
        let deposited: Vec<usize> = entry.deposits.iter().map(|(p, _)| *p).collect();
        check_counts(&entry, &deal, &table, rules.deposit, number, &mut problems);
        check_declared_deposits(&entry, &deal, &table.seats, &players.names, &mut problems);
        if problems.len() > before {
            known = false;
            continue;
        }
        deal.counters = table.counters;
        deal.deposits = table.deposits + deposited.len() as i64;
        let settlement = match settle::settle(variant, &deal) {
            Ok(s) => s,
            Err(e) => {
                errors.push(e);
                known = false;
                continue;
            }
        };
        let mut record = record(
            number,
            prevailing,
            &table,
            &deal,
            &deposited,
            rules.deposit.unwrap_or(0),
            &settlement,
            &mut totals,
        );
        if let Some(problem) = beyond_exact(&record, &players.names, value.span()) {
            problems.push(problem);
            known = false;
            continue;
        }
        record.input = as_written(value, from_file);
        table.after(&settlement, rules);
        records.push(record);
    }
    if !problems.is_empty() {
        errors.insert(0, InputError::new(name, text, problems));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(ledger(
        variant,
        spec,
        players.names,
        &totals,
        records,
        &table,
    ))
}

/// The ledger of a game played to its end under `variant`, named `spec` in its file: its
/// players' `names`, the accounts' `totals`, the deals' `records` and the `table` after.
fn ledger(
    variant: &Variant,
    spec: String,
    names: [String; 4],
    totals: &[i64; 4],
    records: Vec<DealRecord>,
    table: &Table,
) -> Ledger {
    let rules = &variant.rules().game;
    Ledger {
        variant: variant.definition().id.clone(),
        variant_spec: spec,
        players: names,
        start: rules.start,
        deals: records,
        standings: standings(totals, rules),
        finished: table.ended,
        next: (!table.ended).then(|| (table.seats[0], Wind::ALL[table.round.min(3)])),
    }
}

/// The game file `text` parsed: where it can be cut before each `[[deal]]`, its top alone,
/// and the pieces of its deals, each parsed when it is played (`document::pieces`); or else
/// the whole document.
fn read_document(text: &str) -> Result<(document::Document<'_>, Option<Pieces>), Diagnostic> {
    if let Some(pieces) = document::pieces::split(text, "deal") {
        let top = document::parse(&text[pieces.top.clone()])?;
        // A top that says `deal` itself (`deal.x = 1`) is the whole document's to judge.
        if !top.get_ref().contains_key("deal") {
            return Ok((top, Some(pieces)));
        }
    }
    Ok((document::parse(text)?, None))
}

/// The deals of a game file as written: the tables of the whole document, or the pieces of
/// the text each is written in.
enum Deals<'d, 'i> {
    Parsed(Vec<&'d Value<'i>>),
    Pieces(Vec<Range<usize>>),
}

impl<'d, 'i> Deals<'d, 'i> {
    fn len(&self) -> usize {
        match self {
            Deals::Parsed(values) => values.len(),
            Deals::Pieces(pieces) => pieces.len(),
        }
    }

    /// Deal `k` (from 0) of the game file `text`, parsed if it was not.
    fn get(&self, k: usize, text: &'i str) -> Result<Cow<'d, Value<'i>>, Diagnostic> {
        match self {
            Deals::Parsed(values) => Ok(Cow::Borrowed(values[k])),
            Deals::Pieces(pieces) => {
                document::pieces::parse_table(text, &pieces[k], "deal").map(Cow::Owned)
            }
        }
    }
}

/// The top of a game file (`doc`, the whole document or its top, whose deals are in
/// `pieces`): the variant as named, the players, and the deals as written.
fn read_top<'d, 'i>(
    doc: &'d document::Document<'i>,
    pieces: Option<Pieces>,
    text: &str,
    problems: &mut Vec<Diagnostic>,
) -> (String, Option<file::Players>, Deals<'d, 'i>) {
    let mut top = TableReader::new(doc.get_ref(), doc.span(), "the game");
    let spec = top
        .get("variant")
        .and_then(|v| v.get_ref().as_str())
        .unwrap_or_default()
        .to_string();
    let players = read_players(&mut top, text, problems);
    let deals = match top.get("deal") {
        None => pieces.map_or(Deals::Parsed(Vec::new()), |p| Deals::Pieces(p.tables)),
        Some(v) => match v.get_ref() {
            DeValue::Array(list) => Deals::Parsed(list.iter().collect()),
            other => {
                problems.push(
                    document::wrong_type(v.span(), "deal", "a list of tables", other)
                        .with_help("write each deal as `[[deal]]`"),
                );
                Deals::Parsed(Vec::new())
            }
        },
    };
    top.finish(problems);
    (spec, players, deals)
}

/// The problem of deal `number`, written at `span`, played after the game's `rounds` ended.
fn after_the_end(span: Range<usize>, number: usize, rounds: u8) -> Diagnostic {
    Diagnostic::new(
        span,
        format!("deal {number} comes after the game ended: {rounds} rounds were played"),
        "after the end",
    )
    .with_help("the variant's `[game] rounds` says how many rounds a game has")
}

/// What the deals of a game are read with: its players' names, its file, the variant's style
/// and the reader of the deal files it names.
struct DealReader<'a, 'l> {
    names: &'a [String; 4],
    source: &'a settle::Source,
    style: crate::rules::Style,
    load: &'a LoadDeal<'l>,
}

impl DealReader<'_, '_> {
    /// The deal of `entry` (written at `value`), deal `number` of the game, played in the
    /// round of `prevailing`, with the players at `seats` where the rotation is known (where
    /// it is not, each seat's first player): the deal, or none with its problems added; and,
    /// for a deal read from a file, that file's table as written.
    #[allow(clippy::too_many_arguments)]
    fn read(
        &self,
        entry: &Entry<'_, '_>,
        value: &Value<'_>,
        number: usize,
        seats: Option<[usize; 4]>,
        prevailing: Wind,
        problems: &mut Vec<Diagnostic>,
        errors: &mut Vec<InputError>,
    ) -> (Option<Deal>, Option<toml::Table>) {
        match &entry.source {
            DealSource::Inline(t) => {
                let seats = seats.unwrap_or([0, 1, 2, 3]);
                let mut reported = Vec::new();
                let renamed = renamed_deal(
                    t,
                    self.names,
                    &seats,
                    prevailing,
                    value.span(),
                    &mut reported,
                );
                let reader = TableReader::new(&renamed, value.span(), "a deal");
                let mut found = Vec::new();
                let deal = settle::read_deal(reader, self.source, self.style, &mut found);
                // A place already reported (a name that is no player) is reported once; the
                // seats the deal's own messages name are the players sitting there.
                let places: Vec<Range<usize>> = reported.iter().map(|p| p.span.clone()).collect();
                problems.extend(reported);
                problems.extend(
                    (found.into_iter())
                        .filter(|p| !places.contains(&p.span))
                        .map(|p| seats_named(p, &seats, self.names)),
                );
                (deal, None)
            }
            DealSource::File(path, span) => {
                let in_round = seats.is_some().then_some(prevailing);
                self.in_file(path, span, number, in_round, problems, errors)
            }
        }
    }

    /// The deal of the deal file at `path` (named at `span`), deal `number` of the game,
    /// checked to be played in the round of `prevailing` where the rotation is known.
    fn in_file(
        &self,
        path: &str,
        span: &Range<usize>,
        number: usize,
        prevailing: Option<Wind>,
        problems: &mut Vec<Diagnostic>,
        errors: &mut Vec<InputError>,
    ) -> (Option<Deal>, Option<toml::Table>) {
        let (file_name, file_text) = match (self.load)(path) {
            Ok(file) => file,
            Err(message) => {
                problems.push(Diagnostic::new(
                    span.clone(),
                    format!("cannot read the deal file `{path}`: {message}"),
                    "this file",
                ));
                return (None, None);
            }
        };
        let written = toml::from_str(&file_text).ok();
        match settle::parse_deal(&file_name, &file_text, self.style) {
            Ok(deal) => {
                if let Some(round) = prevailing.filter(|&w| w != deal.prevailing) {
                    problems.push(Diagnostic::new(
                        span.clone(),
                        format!(
                            "deal {number} is played in the round of `{round}`, but `{path}` \
                             says `{}`",
                            deal.prevailing
                        ),
                        "another round",
                    ));
                }
                (Some(deal), written)
            }
            Err(e) => {
                errors.push(e);
                (None, written)
            }
        }
    }
}

/// Where a ledger's JSON as recorded (`recorded`) says otherwise than the game it records,
/// played again (`replay`): each difference in words, the deals' first (every key the record
/// gives but `input`, down to the values that differ), then the ledger's own
/// (`start`, `finished`, `standings`, `next`). None for a ledger as this program wrote it; a
/// ledger edited by hand shows each change.
pub fn differences(recorded: &serde_json::Value, replay: &Ledger) -> Vec<String> {
    use serde_json::Value as Json;
    let again = render::json(replay);
    let deals = |ledger: &Json| -> Vec<Json> {
        (ledger.get("deals").and_then(Json::as_array))
            .cloned()
            .unwrap_or_default()
    };
    let (was, now) = (deals(recorded), deals(&again));
    let mut found = Vec::new();
    if was.len() != now.len() {
        found.push(format!(
            "the ledger records {} deals; its inputs play {}",
            was.len(),
            now.len()
        ));
    }
    for (k, (was, now)) in was.iter().zip(&now).enumerate() {
        for (key, value) in now.as_object().into_iter().flatten() {
            if key != "input" {
                differ(
                    &format!("deal {}", k + 1),
                    key,
                    was.get(key),
                    value,
                    &mut found,
                );
            }
        }
    }
    for key in ["start", "finished", "standings", "next"] {
        let now = again.get(key).unwrap_or(&Json::Null);
        differ("the ledger", key, recorded.get(key), now, &mut found);
    }
    found
}

/// Adds to `found` where the value at `path` (a path as jq writes one: `net.Ben`,
/// `standings[0].total`) of `place` was recorded as `was` (none where the record leaves it
/// out: nothing to differ) but is `now`: tables key by key and lists of one length item by
/// item, down to the values that differ.
fn differ(
    place: &str,
    path: &str,
    was: Option<&serde_json::Value>,
    now: &serde_json::Value,
    found: &mut Vec<String>,
) {
    use serde_json::Value as Json;
    let Some(was) = was else { return };
    match (was, now) {
        (Json::Object(was), Json::Object(now)) => {
            for (key, value) in now {
                differ(place, &format!("{path}.{key}"), was.get(key), value, found);
            }
        }
        (Json::Array(was), Json::Array(now)) if was.len() == now.len() => {
            for (k, (was, now)) in was.iter().zip(now).enumerate() {
                differ(place, &format!("{path}[{k}]"), Some(was), now, found);
            }
        }
        _ if was != now => {
            found.push(format!(
                "{place}: `{path}` is recorded as {was}, played again {now}"
            ));
        }
        _ => {}
    }
}

/// A deal's table as written in the game file, its values without their places, with the
/// table of the deal file it names (`from_file`) in place of its name: kept in the ledger so
/// that the game can be played again.
fn as_written(deal: &Value<'_>, from_file: Option<toml::Table>) -> toml::Table {
    use serde::Deserialize as _;
    let mut written = toml::Table::deserialize(toml::de::ValueDeserializer::from(deal.clone()))
        .unwrap_or_default();
    if let Some(file) = from_file {
        written.remove("file");
        written.extend(file);
    }
    written
}

/// The game file that plays the game a ledger's JSON records again: its variant, its
/// players and each deal as written. A message when the JSON is not a ledger.
pub fn replayed(ledger: &serde_json::Value) -> Result<String, String> {
    let field = |key: &str| {
        ledger
            .get(key)
            .ok_or_else(|| format!("a ledger has `{key}`; this JSON has none"))
    };
    let mut game = toml::Table::new();
    let variant = field("variant_spec")?
        .as_str()
        .ok_or("`variant_spec` is a string")?;
    game.insert("variant".into(), variant.into());
    let players: Vec<toml::Value> =
        serde_json::from_value(field("players")?.clone()).map_err(|e| format!("`players`: {e}"))?;
    game.insert("players".into(), players.into());
    let deals = field("deals")?.as_array().ok_or("`deals` is a list")?;
    let mut inputs = Vec::new();
    for d in deals {
        let input = d
            .get("input")
            .ok_or("each deal of a ledger has its `input`")?;
        let table: toml::Table =
            serde_json::from_value(input.clone()).map_err(|e| format!("a deal's `input`: {e}"))?;
        inputs.push(toml::Value::Table(table));
    }
    game.insert("deal".into(), inputs.into());
    toml::to_string(&game).map_err(|e| e.to_string())
}

/// The record of a settled deal; adds its net to `totals`.
#[allow(clippy::too_many_arguments)]
fn record(
    number: usize,
    prevailing: Wind,
    table: &Table,
    deal: &Deal,
    deposited: &[usize],
    deposit: i64,
    s: &Settlement,
    totals: &mut [i64; 4],
) -> DealRecord {
    let player = |w: Wind| table.seats[w.index()];
    let mut payments: Vec<GamePayment> = deposited
        .iter()
        .map(|&p| GamePayment {
            from: Some(p),
            to: None,
            amount: deposit,
        })
        .collect();
    payments.extend(s.payments.iter().map(|p| GamePayment {
        from: p.from.map(player),
        to: Some(player(p.to)),
        amount: p.amount,
    }));
    let mut net = [0i64; 4];
    let mut scores = [0i64; 4];
    for w in Wind::ALL {
        net[player(w)] = s.net[w.index()];
        scores[player(w)] = s.scores[w.index()];
    }
    for &p in deposited {
        net[p] -= deposit;
    }
    for (t, n) in totals.iter_mut().zip(net) {
        *t += n;
    }
    DealRecord {
        number,
        prevailing,
        seats: table.seats,
        counters: deal.counters,
        deposits: deal.deposits,
        winner: s.winner.map(player),
        liable: s
            .liable
            .as_ref()
            .map(|(rule, w)| (rule.clone(), player(*w))),
        scores,
        payments,
        net,
        totals: *totals,
        table: s.deposits_left.saturating_mul(deposit),
        notes: s.notes.clone(),
        input: toml::Table::new(),
    }
}

/// The problem, at the deal (`span`), of an account or a table after it beyond what a
/// ledger keeps exactly: ±2^53, the largest whole number a JSON reader reads exactly (the
/// bound of one payment, [`settle::MAX_PAYMENT`]).
fn beyond_exact(
    record: &DealRecord,
    names: &[String; 4],
    span: Range<usize>,
) -> Option<Diagnostic> {
    let most = settle::MAX_PAYMENT;
    let (whose, amount) = (names.iter().zip(record.totals))
        .map(|(name, total)| (format!("`{name}`'s account"), total))
        .chain([("the table".to_string(), record.table)])
        .find(|(_, amount)| amount.unsigned_abs() > most.unsigned_abs())?;
    Some(
        Diagnostic::new(
            span,
            format!(
                "after deal {}, {whose} would be {amount}, beyond what a ledger keeps exactly \
                 (±{most})",
                record.number
            ),
            "too much",
        )
        .with_help("the accounts of a game are kept within ±2^53, as each payment is"),
    )
}

/// The players from first to last, and their adjusted accounts.
fn standings(totals: &[i64; 4], rules: &crate::rules::CompiledGame) -> Vec<Standing> {
    let mut order = [0usize, 1, 2, 3];
    // A stable sort: players of equal accounts keep their first-seat order.
    order.sort_by_key(|&p| std::cmp::Reverse(totals[p]));
    order
        .iter()
        .enumerate()
        .map(|(rank, &p)| {
            let mut adjusted = totals[p];
            if let Some(target) = rules.target {
                adjusted -= target;
                if rank == 0 {
                    adjusted += 4 * (target - rules.start);
                }
            }
            if let Some(uma) = rules.uma {
                adjusted += uma[rank];
            }
            Standing {
                player: p,
                total: totals[p],
                adjusted,
            }
        })
        .collect()
}

/// The dealer and the prevailing wind a deal states, against the rotation.
fn check_rotation(
    entry: &Entry<'_, '_>,
    table: &Table,
    prevailing: Wind,
    names: &[String; 4],
    problems: &mut Vec<Diagnostic>,
) {
    if let Some((p, span)) = &entry.dealer
        && *p != table.seats[0]
    {
        problems.push(
            Diagnostic::new(
                span.clone(),
                format!(
                    "`{}` deals here by the rotation, not `{}`",
                    names[table.seats[0]], names[*p]
                ),
                "the wrong dealer",
            )
            .with_help("the variant's `[game] dealer-keeps` says when the dealer deals again; otherwise the deal passes to the player at South"),
        );
    }
    if let Some((w, span)) = &entry.prevailing
        && *w != prevailing
    {
        problems.push(Diagnostic::new(
            span.clone(),
            format!("this deal is played in the round of `{prevailing}`, not `{w}`"),
            "the wrong round",
        ));
    }
}

/// `honba` and `riichi-sticks` written in a deal, against what the table carries.
fn check_counts(
    entry: &Entry<'_, '_>,
    deal: &Deal,
    table: &Table,
    deposit: Option<i64>,
    number: usize,
    problems: &mut Vec<Diagnostic>,
) {
    let on_table = table.deposits + entry.deposits.len() as i64;
    let file_counts =
        matches!(entry.source, DealSource::File(..)).then_some((deal.counters, deal.deposits));
    let written = [
        (
            "honba",
            entry.counters.clone(),
            file_counts.map(|c| c.0),
            table.counters,
        ),
        (
            "riichi-sticks",
            entry.sticks.clone(),
            file_counts.map(|c| c.1),
            on_table,
        ),
    ];
    for (key, here, in_file, carried) in written {
        let (n, span) = match (here, in_file) {
            (Some((n, span)), _) => (n, span),
            (None, Some(n)) if n != 0 => (n, entry.span.start..entry.span.start),
            _ => continue,
        };
        if n != carried {
            problems.push(
                Diagnostic::new(
                    span,
                    format!("deal {number} has {carried} `{key}` on the table by the game so far, not {n}"),
                    "not what the table carries",
                )
                .with_help("a game counts the counters and deposits itself: leave them out, or give what the table carries"),
            );
        }
    }
    if deposit.is_none()
        && let Some((_, span)) = entry.deposits.first()
    {
        problems.push(
            Diagnostic::new(
                span.clone(),
                "this variant has no deposits",
                "no `[game] deposit`",
            )
            .with_help(
                "a variant whose players put money on the table says how much in `[game] deposit`",
            ),
        );
    }
}

/// A full hand that declared ready (riichi) put a deposit on the table: it is listed.
fn check_declared_deposits(
    entry: &Entry<'_, '_>,
    deal: &Deal,
    seats: &[usize; 4],
    names: &[String; 4],
    problems: &mut Vec<Diagnostic>,
) {
    if entry.deposits.is_empty() && !matches!(entry.source, DealSource::Inline(_)) {
        return;
    }
    for (i, seat) in deal.seats.iter().enumerate() {
        let settle::Seat::Hand(hand) = seat else {
            continue;
        };
        let player = seats[i];
        if hand.declared_ready() && !entry.deposits.iter().any(|(p, _)| *p == player) {
            problems.push(
                Diagnostic::new(
                    match entry.source {
                        DealSource::Inline(_) => deal.seat_span(Wind::ALL[i]),
                        DealSource::File(_, ref span) => span.clone(),
                    },
                    format!(
                        "`{}` declared riichi but is not among the deal's `deposits`",
                        names[player]
                    ),
                    "a declaration without its deposit",
                )
                .with_help(format!(
                    "add `deposits = [\"{}\"]` to the deal",
                    names[player]
                )),
            );
        }
    }
}
