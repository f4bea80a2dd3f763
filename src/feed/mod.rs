//! The story of the game told from its events: each step of a freeze as it
//! happens (the hit test with its numbers, the sector, the damage roll's
//! faces), a ticker of what happened outside freezes, and the records the
//! result screen shows (damage timeline, energy flow, shots). Each event's
//! line is in [`story`]; Thunderstruck's duel is told in its own lines, [`thunder`].

mod story;
mod thunder;

pub use story::answer_text;
pub use thunder::ThunderStory;

use std::collections::BTreeMap;

use duel_core::event::DamageCause;
use duel_core::freeze::Declared;
use duel_core::{ChoiceId, Event, Layout, Pip, ShipId, Station, TeamId};

use crate::platform::full_app::LOADED;
use crate::ui::names::ship_name;

/// Lines kept in the ticker.
const TICKER: usize = 6;

/// How a line should look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Plain,
    /// Good news for nobody in particular (a hit, a win).
    Loud,
    Miss,
    /// Damage.
    Damage,
    /// News of the room, not the game (who hosts now, a bot in a seat).
    News,
    /// Dice nobody can check (their host left before showing its key).
    Caution,
}

/// One line of the story.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub seq: u64,
    pub text: String,
    pub tone: Tone,
    /// Damage-roll faces (weapons dice) to draw beside the text.
    pub dice: Vec<Pip>,
}

/// A damage point on the result screen's timeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    pub seq: u64,
    /// Milliseconds since the battle began, when this tab saw it happen.
    pub at: Option<u64>,
    pub ship: ShipId,
    pub cause: DamageCause,
    /// The ship's damage after this point.
    pub total: u8,
}

/// Per-ship counts for the result screen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Energy dice sent, per station (indexed by `Station::index`).
    pub energy: [u32; 6],
    pub launched: u32,
    pub hits: u32,
    pub freezes: u32,
    pub crystals: u32,
}

/// Everything the UI learned from events. See the module docs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Log {
    layout: Option<Layout>,
    frozen: bool,
    /// Crystals now on an equipment card: one moving back aboard is taken off, not tractored.
    on_cards: Vec<u8>,
    /// The running (or last) freeze, step by step.
    pub freeze: Vec<Line>,
    /// The running (or last) freeze's call: its event number, "White: Fire 1!", who called it.
    pub freeze_call: Option<(u64, String, ShipId)>,
    pub ticker: Vec<Line>,
    pub damage: Vec<Mark>,
    pub tally: BTreeMap<ShipId, Tally>,
    /// When this tab saw each open choice (for the deadline countdown).
    pub opened: BTreeMap<ChoiceId, u64>,
    /// Per die, how often it was rolled: a new roll replays the roll animation.
    pub rolls: BTreeMap<(u8, u8, u8), u32>,
    pub started_at: Option<u64>,
    pub winner: Option<Option<TeamId>>,
    /// Thunderstruck's story, told whole after a reload (the host's history).
    pub thunder: ThunderStory,
}

/// The roll-counter key of an energy die.
pub fn energy_key(ship: ShipId, die: u8) -> (u8, u8, u8) {
    (ship.0, 255, die)
}

/// The roll-counter key of a station die.
pub fn die_key(ship: ShipId, station: Station, die: u8) -> (u8, u8, u8) {
    (ship.0, station.index() as u8, die)
}

impl Log {
    /// The records of a whole event log (a reloaded host: no times, no story
    /// but Thunderstruck's, whose log is told whole again once its duel is known).
    pub fn from_history(events: &[Event]) -> Log {
        let mut log = Log::told(None, events);
        log.freeze.clear();
        log.freeze_call = None;
        log.ticker.clear();
        log.frozen = false;
        log.opened.clear();
        log.rolls.clear();
        log.started_at = None;
        for m in &mut log.damage {
            m.at = None;
        }
        log
    }

    /// The whole story of `events` (numbered from 1), as if each had just
    /// happened: the running freeze's lines and the ticker included (a replay's jump).
    pub fn told(game: Option<&duel_core::Game>, events: &[Event]) -> Log {
        let mut log = Log::default();
        let numbered: Vec<(u64, Event)> =
            events.iter().enumerate().map(|(i, e)| (i as u64 + 1, e.clone())).collect();
        log.record(game, &numbered, 0);
        log
    }

    /// Takes in events applied now (`now`: this tab's clock).
    pub fn record(&mut self, game: Option<&duel_core::Game>, events: &[(u64, Event)], now: u64) {
        if let Some(g) = game {
            self.layout = Some(g.layout());
        }
        for (seq, e) in events {
            self.one(game, *seq, e, now);
        }
        self.tell_duel(game, events);
        if self.ticker.len() > TICKER {
            let cut = self.ticker.len() - TICKER;
            self.ticker.drain(..cut);
        }
    }

    /// A line about the room rather than the game (news, a caution), told
    /// in the ticker even during a freeze (the freeze's card tells the
    /// freeze alone). Numbered as the last line, so it sorts where it came.
    pub fn tell(&mut self, text: String, tone: Tone) {
        let seq = self.ticker.last().map_or(0, |l| l.seq);
        self.ticker.push(Line { seq, text, tone, dice: Vec::new() });
        if self.ticker.len() > TICKER {
            let cut = self.ticker.len() - TICKER;
            self.ticker.drain(..cut);
        }
    }

    /// Thunderstruck's events of a batch, told on the duel's battlefield
    /// (kept until there is one: a history taken before the first game).
    fn tell_duel(&mut self, game: Option<&duel_core::Game>, events: &[(u64, Event)]) {
        // Only the full app plays Thunderstruck (issue 32): the constant leaves its story out
        // of the practice and base files.
        if !LOADED {
            return;
        }
        let duel: Vec<duel_core::thunderstruck::Event> = events
            .iter()
            .filter_map(|(_, e)| match e {
                Event::Thunderstruck(e) => Some(e.clone()),
                _ => None,
            })
            .collect();
        if duel.is_empty() && !self.thunder.untold() {
            return;
        }
        let board = game.and_then(duel_core::Game::thunderstruck).map(|d| d.board());
        self.thunder.record(board, game.map_or(0, duel_core::Game::events_applied), &duel);
    }

    fn name(&self, ship: ShipId) -> &'static str {
        ship_name(self.layout.unwrap_or(Layout::Duel), ship)
    }

    fn call(&self, d: &Declared) -> String {
        format!("{}: {}", self.name(d.ship), d.action.call())
    }

    fn say(&mut self, seq: u64, text: String, tone: Tone) {
        let line = Line { seq, text, tone, dice: Vec::new() };
        if self.frozen {
            self.freeze.push(line);
        } else {
            self.ticker.push(line);
        }
    }

    fn tally(&mut self, ship: ShipId) -> &mut Tally {
        self.tally.entry(ship).or_default()
    }
}
