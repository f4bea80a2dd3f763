//! Call-outs: "Give me twos!" A seat asks Engineering for energy for one of
//! its stations. Requests are data kept outside the core (the app or the
//! network carries them between players); bot Engineering honours open ones
//! before its own plan.

use duel_core::{Game, ShipId, Station};

/// One seat asking its Engineering for energy for `station`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnergyRequest {
    pub ship: ShipId,
    pub station: Station,
}

impl EnergyRequest {
    /// What a player shouts: "Give me twos!" for Sensors (R1 numbers).
    pub fn shout(&self) -> String {
        match self.station.energy_number() {
            Some(n) => format!("Give me {}s!", ["", "one", "two", "three", "four", "five"][usize::from(n)]),
            None => "Give me energy!".to_string(),
        }
    }
}

/// Open requests with the bookkeeping to close them: a request is met once
/// the station holds more energy dice than when it was raised, and lapses
/// after `lapse_ms` (a shout is forgotten if nobody answers it).
#[derive(Clone, Debug, Default)]
pub struct CallOuts {
    open: Vec<EnergyRequest>,
    /// Per open request: when it was raised and the station's energy then.
    meta: Vec<(u64, usize)>,
}

impl CallOuts {
    /// How long a shout stays open when nobody answers it.
    pub const LAPSE_MS: u64 = 15_000;

    /// No requests.
    pub fn new() -> CallOuts {
        CallOuts::default()
    }

    /// Raises a request (a repeat of an open one is ignored).
    pub fn raise(&mut self, game: &Game, request: EnergyRequest, now_ms: u64) {
        if self.open.contains(&request) {
            return;
        }
        let energy = game.ship(request.ship).map_or(0, |s| s.energy_at(request.station));
        self.open.push(request);
        self.meta.push((now_ms, energy));
    }

    /// Drops requests that were met or have lapsed.
    pub fn retain_open(&mut self, game: &Game, now_ms: u64) {
        let mut i = 0;
        while i < self.open.len() {
            let r = self.open[i];
            let (raised, energy) = self.meta[i];
            let now_energy = game.ship(r.ship).map_or(usize::MAX, |s| s.energy_at(r.station));
            if now_energy > energy || now_ms.saturating_sub(raised) >= Self::LAPSE_MS {
                self.open.remove(i);
                self.meta.remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// The open requests, oldest first: what bot Engineering takes as input.
    pub fn requests(&self) -> &[EnergyRequest] {
        &self.open
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::event::Event;
    use duel_core::{GameConfig, Pip};

    #[test]
    fn a_request_closes_when_the_station_gets_energy_or_lapses() {
        let mut game = Game::new(GameConfig::quick_duel(1)).expect("valid");
        let mut calls = CallOuts::new();
        let twos = EnergyRequest { ship: ShipId(0), station: Station::Sensors };
        assert_eq!(twos.shout(), "Give me twos!");
        calls.raise(&game, twos, 0);
        calls.raise(&game, twos, 10);
        assert_eq!(calls.requests(), &[twos]);
        calls.retain_open(&game, 1000);
        assert_eq!(calls.requests().len(), 1);
        game.apply(&Event::EnergyRolled { ship: ShipId(0), faces: vec![(0, Pip::new(2))] });
        game.apply(&Event::EnergySent { ship: ShipId(0), die: 0, station: Station::Sensors });
        calls.retain_open(&game, 1000);
        assert!(calls.requests().is_empty());

        calls.raise(&game, EnergyRequest { ship: ShipId(0), station: Station::Helm }, 0);
        calls.retain_open(&game, CallOuts::LAPSE_MS);
        assert!(calls.requests().is_empty());
    }
}
