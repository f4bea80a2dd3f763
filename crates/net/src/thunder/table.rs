//! The host of one Thunderstruck duel: the authoritative game, its event
//! log, and the seeded dice that draw each round's beacon. Offline practice
//! runs it in the tab; every seat still talks to it only through intents.

use duel_core::thunderstruck::{Config, ConfigError, Event, Game, HostAction, Intent, Player, Refusal};

use crate::dice::ChaChaDice;

pub struct Table {
    game: Game,
    log: Vec<Event>,
    dice: ChaChaDice,
}

impl Table {
    /// A new duel; `seed` seeds the host's beacon dice.
    ///
    /// # Errors
    /// The [`ConfigError`] of a config no duel can start from.
    pub fn new(config: Config, seed: u64) -> Result<Table, ConfigError> {
        Ok(Table { game: Game::new(config)?, log: Vec::new(), dice: ChaChaDice::new(seed) })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn log(&self) -> &[Event] {
        &self.log
    }

    /// A seat's intent, checked by the rules; the events that followed.
    ///
    /// # Errors
    /// The [`Refusal`]; nothing changed.
    pub fn submit(&mut self, player: Player, intent: &Intent) -> Result<Vec<Event>, Refusal> {
        let events = self.game.play(player, intent)?;
        self.log.extend(events.iter().cloned());
        Ok(events)
    }

    /// What the host does by itself now: draw the round's beacon once every
    /// living player has committed its seed.
    pub fn step(&mut self) -> Vec<Event> {
        if self.game.beacon_due() {
            return self.host(HostAction::Beacon);
        }
        Vec::new()
    }

    /// A host action (a deadline's forfeit or default, or the beacon now).
    pub fn host(&mut self, action: HostAction) -> Vec<Event> {
        let events = self.game.host(action, &mut self.dice).unwrap_or_default();
        self.log.extend(events.iter().cloned());
        events
    }
}
