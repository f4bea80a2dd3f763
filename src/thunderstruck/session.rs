//! An offline Thunderstruck duel as this tab runs it: the host's [`Table`],
//! one [`Desk`] per seat (each seat's secrets), and the bots of the seats
//! the person does not play. No clock and no storage in here: the caller
//! passes `now` (ms) and keeps [`Session::journal`] and the desks.
//!
//! Every seat, the person's included, reaches the table only through
//! intents, exactly as it would over the network: the protocol steps
//! (commit a seed, reveal a sealed plan) are sent as soon as a desk says
//! they are due; plans and actions come from the person or a bot.

use duel_core::thunderstruck::{
    Config, ConfigError, Event, Game, HostAction, Intent, Placement, Player, Refusal,
};
use duel_core::Pip;
use duel_net::thunder::{Desk, Table};

use super::bots::{Bot, Level};

/// The person's seat (Red).
pub const ME: Player = Player(0);

/// Protocol steps and bot moves handled in one pump at most (a bound, never reached in play).
const STEPS_PER_PUMP: usize = 64;

/// How the duel is set up on the home screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// 2 or 3.
    pub players: u8,
    /// 6 or 12.
    pub rounds: u8,
    pub level: Level,
    /// Red holds the turn marker in round 1; otherwise a random player does.
    pub red_first: bool,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup { players: 2, rounds: 12, level: Level::Hard, red_first: false }
    }
}

impl Setup {
    /// The rules' config; `seed` picks the first player unless Red goes first.
    pub fn config(&self, seed: u64) -> Config {
        let players = self.players.max(1);
        let first = if self.red_first { ME } else { Player((seed % u64::from(players)) as u8) };
        Config { players: self.players, rounds: self.rounds, first }
    }
}

/// How long bots wait before each move, so a person can follow them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pace {
    /// Between two bot moves (and after the person's).
    pub move_ms: u64,
    /// From the roll to a bot's locked-in plan.
    pub plan_ms: u64,
    /// After the reveal, before the first action (time to read every console).
    pub reveal_ms: u64,
}

impl Pace {
    /// The pace for the page's `?fast=` and `?speed=` (tests and demos).
    pub fn new(fast: bool, speed: u64) -> Pace {
        let (m, p, r) = if fast { (120, 120, 200) } else { (600, 900, 1_600) };
        let speed = speed.max(1);
        Pace { move_ms: m / speed, plan_ms: p / speed, reveal_ms: r / speed }
    }
}

/// One entry of the journal: an intent a seat sent, or a host forfeit
/// (`None`, a bot that found no legal placement). Replaying the journal on
/// a new table with the same seed rebuilds the same duel.
pub type Entry = (Player, Option<Intent>);

/// A running duel. See the module docs.
pub struct Session {
    setup: Setup,
    seed: u64,
    table: Table,
    desks: Vec<Desk>,
    bots: Vec<Bot>,
    journal: Vec<Entry>,
    pace: Pace,
    /// No bot moves before this time.
    due: u64,
}

impl Session {
    /// A new duel: `seed` seeds the host's beacon, the first player and the
    /// bots; `masters` gives each seat's 32 secret bytes.
    ///
    /// # Errors
    /// The [`ConfigError`] of a set-up no duel can start from.
    pub fn new(
        setup: Setup,
        seed: u64,
        masters: impl FnMut() -> [u8; 32],
        pace: Pace,
    ) -> Result<Session, ConfigError> {
        let mut masters = masters;
        let config = setup.config(seed);
        let table = Table::new(config, seed)?;
        let desks = table.game().players().map(|p| Desk::new(p, masters())).collect();
        Ok(Session::around(setup, seed, table, desks, pace))
    }

    fn around(setup: Setup, seed: u64, table: Table, desks: Vec<Desk>, pace: Pace) -> Session {
        let bots = table
            .game()
            .players()
            .filter(|p| *p != ME)
            .map(|p| Bot::new(setup.level, p, seed ^ (u64::from(p.0) << 56)))
            .collect();
        Session { setup, seed, table, desks, bots, journal: Vec::new(), pace, due: 0 }
    }

    /// A saved duel: the same set-up and seed, the desks as saved, and the
    /// journal replayed on a fresh table.
    ///
    /// # Errors
    /// Why the save does not rebuild (another build's rules, a damaged save).
    pub fn restore(
        setup: Setup,
        seed: u64,
        desks: Vec<Desk>,
        journal: Vec<Entry>,
        pace: Pace,
    ) -> Result<Session, String> {
        let table = Table::new(setup.config(seed), seed).map_err(|e| e.to_string())?;
        if desks.len() != usize::from(setup.players) {
            return Err("the saved seats do not match the duel".into());
        }
        let mut s = Session::around(setup, seed, table, desks, pace);
        for (player, intent) in journal {
            s.send_entry(player, intent).map_err(|e| format!("the saved duel does not replay: {e}"))?;
        }
        Ok(s)
    }

    pub fn setup(&self) -> Setup {
        self.setup
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn game(&self) -> &Game {
        self.table.game()
    }

    /// Everything that happened, in order (the log after a reload is told from it).
    pub fn events(&self) -> &[Event] {
        self.table.log()
    }

    pub fn journal(&self) -> &[Entry] {
        &self.journal
    }

    /// Every seat's secrets, saved so a sealed plan can still be revealed after a reload.
    pub fn desk_bytes(&self) -> Vec<Vec<u8>> {
        self.desks.iter().map(Desk::to_bytes).collect()
    }

    fn desk(&self, player: Player) -> Option<&Desk> {
        self.desks.iter().find(|d| d.player() == player)
    }

    /// The person's dice this round after `rerolls` rerolls (once rolled).
    pub fn dice(&self, rerolls: u8) -> Option<Vec<Pip>> {
        self.desk(ME)?.dice(self.game(), rerolls)
    }

    /// The plan the person locked in this round, if any.
    pub fn my_plan(&self) -> Option<(u8, Placement)> {
        self.desk(ME)?.plan(self.game()).map(|(r, p)| (r, p.clone()))
    }

    /// Whether the person's plan is locked in (or revealed).
    pub fn sealed(&self, player: Player) -> bool {
        self.desk(player).is_some_and(|d| d.sealed(self.game()))
    }

    /// Locks in the person's plan.
    ///
    /// # Errors
    /// The [`Refusal`] (a misplaced die, too many rerolls, not the time).
    pub fn seal(&mut self, now: u64, rerolls: u8, placement: Placement) -> Result<Vec<Event>, Refusal> {
        let game = self.table.game().clone();
        let desk = self.desks.iter_mut().find(|d| d.player() == ME).ok_or(Refusal::NoSuchPlayer)?;
        let intent = desk.seal(&game, rerolls, placement)?;
        let mut events = self.send(ME, intent)?;
        events.extend(self.protocol());
        self.due = self.due.max(now + self.pace.move_ms);
        self.pause_for(now, &events);
        Ok(events)
    }

    /// Sends one of the person's Action Phase intents.
    ///
    /// # Errors
    /// The rules' [`Refusal`]; nothing changed.
    pub fn submit(&mut self, now: u64, intent: Intent) -> Result<Vec<Event>, Refusal> {
        let mut events = self.send(ME, intent)?;
        events.extend(self.protocol());
        // The bots answer after a beat, not in the same frame.
        self.due = self.due.max(now + self.pace.move_ms);
        self.pause_for(now, &events);
        Ok(events)
    }

    /// Moves the duel on: every protocol step due, then one bot move if its time has come.
    pub fn pump(&mut self, now: u64) -> Vec<Event> {
        let mut events = self.protocol();
        self.pause_for(now, &events);
        if now >= self.due && !self.game().is_over() {
            if let Some(mut moved) = self.bot_move() {
                moved.extend(self.protocol());
                self.due = now + self.pace.move_ms;
                self.pause_for(now, &moved);
                events.extend(moved);
            }
        }
        events
    }

    /// A new roll or the reveal gives the person time to look before the bots go on.
    fn pause_for(&mut self, now: u64, events: &[Event]) {
        if events.iter().any(|e| matches!(e, Event::Beacon { .. })) {
            self.due = self.due.max(now + self.pace.plan_ms);
        }
        let acting = matches!(self.game().phase(), duel_core::thunderstruck::Phase::Action { .. });
        if acting && events.iter().any(|e| matches!(e, Event::Revealed { .. })) {
            self.due = self.due.max(now + self.pace.reveal_ms);
        }
    }

    /// The protocol steps due for every desk (seed commitments, reveals) and the host's beacon.
    fn protocol(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        for _ in 0..STEPS_PER_PUMP {
            let due =
                self.desks.iter().find_map(|d| d.next_intent(self.table.game()).map(|i| (d.player(), i)));
            let Some((player, intent)) = due else { break };
            match self.send(player, intent) {
                Ok(e) => events.extend(e),
                // A desk's own step refused would repeat forever: stop for this pump.
                Err(_) => break,
            }
        }
        events.extend(self.table.step());
        events
    }

    /// The next bot move: a plan to lock in, an action, or an answer.
    fn bot_move(&mut self) -> Option<Vec<Event>> {
        let game = self.table.game().clone();
        if game.beacon().is_some() {
            for i in 0..self.bots.len() {
                let player = self.bots[i].player();
                let seeded = game
                    .ship(player)
                    .is_some_and(|s| matches!(s.planning, duel_core::thunderstruck::Planning::Seeded { .. }));
                if !seeded {
                    continue;
                }
                let desk = self.desks.iter_mut().find(|d| d.player() == player)?;
                let plan = self.bots[i].plan(&game, &|r| desk_dice(desk, &game, r));
                let sealed = plan.and_then(|(r, p)| desk.seal(&game, r, p).ok());
                return match sealed {
                    Some(intent) => self.send(player, intent).ok(),
                    None => self.send_entry(player, None).ok(),
                };
            }
            return None;
        }
        let waiting = game.waiting_on();
        let bot = self.bots.iter_mut().find(|b| waiting.contains(&b.player()))?;
        let player = bot.player();
        let intent = bot.act(&game)?;
        self.send(player, intent).ok()
    }

    fn send(&mut self, player: Player, intent: Intent) -> Result<Vec<Event>, Refusal> {
        self.send_entry(player, Some(intent))
    }

    /// Submits an entry to the table, journals it, and lets the host act.
    fn send_entry(&mut self, player: Player, intent: Option<Intent>) -> Result<Vec<Event>, Refusal> {
        let mut events = match &intent {
            Some(i) => self.table.submit(player, i)?,
            None => self.table.host(HostAction::Forfeit { player }),
        };
        self.journal.push((player, intent));
        events.extend(self.table.step());
        Ok(events)
    }
}

fn desk_dice(desk: &Desk, game: &Game, rerolls: u8) -> Vec<Pip> {
    desk.dice(game, rerolls).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::thunderstruck::Phase;

    fn session(players: u8, rounds: u8) -> Session {
        session_at(players, rounds, Pace::new(true, 100))
    }

    fn session_at(players: u8, rounds: u8, pace: Pace) -> Session {
        let mut k = 0u8;
        let setup = Setup { players, rounds, level: Level::Easy, red_first: true };
        Session::new(
            setup,
            7,
            || {
                k += 1;
                [k; 32]
            },
            pace,
        )
        .expect("a valid set-up")
    }

    /// Plays the person's seat with the first legal choice, like a bot would.
    fn play_me(s: &mut Session, now: u64) {
        let game = s.game().clone();
        if game.beacon().is_some() && !s.sealed(ME) {
            if let Some(dice) = s.dice(0) {
                let ship = game.ship(ME).expect("Red");
                if let Some(p) = Placement::all(&dice, &ship.console).into_iter().next() {
                    s.seal(now, 0, p).expect("a listed placement seals");
                }
            }
        } else if game.waiting_on().contains(&ME) {
            let intent = game.legal_intents(ME).into_iter().next().expect("something legal");
            s.submit(now, intent).expect("a legal intent");
        }
    }

    #[test]
    fn a_duel_with_bots_reaches_its_end_and_replays_from_its_journal() {
        for players in [2, 3] {
            let mut s = session(players, 6);
            let mut now = 0;
            while !s.game().is_over() && now < 1_000_000 {
                play_me(&mut s, now);
                s.pump(now);
                now += 10;
            }
            assert!(s.game().is_over(), "{players} players: over in time");
            assert!(matches!(s.game().phase(), Phase::Over { .. }));
            let again = Session::restore(
                s.setup(),
                s.seed(),
                s.desk_bytes().iter().filter_map(|b| Desk::from_bytes(b)).collect(),
                s.journal().to_vec(),
                Pace::new(true, 100),
            )
            .expect("replays");
            assert_eq!(again.game().state_hash(), s.game().state_hash());
        }
    }

    #[test]
    fn bots_wait_their_pace() {
        let pace = Pace::new(false, 1);
        let mut s = session_at(2, 6, pace);
        s.pump(0);
        assert!(s.game().beacon().is_some(), "every seed committed at once, then the roll");
        s.pump(1);
        assert!(!s.sealed(Player(1)), "the bot does not lock in within the same moment");
        let mut now = 1;
        while !s.sealed(Player(1)) && now < 10_000 {
            now += 1;
            s.pump(now);
        }
        assert!(now >= pace.plan_ms);
    }
}
