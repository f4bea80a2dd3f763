//! How Practice starts on this device (issue 33: a first practice a newcomer
//! can win), and the choice this device remembers. The first time, Practice
//! asks: one station with a bot crew around you against the slowest bots, or
//! the whole ship against Medium bots. Starting it is a service's
//! (`boot::practice_as`, through `store::Errand::PracticeAs`).

use duel_core::Station;

use crate::platform::storage;

const KEY: &str = "dice-duel/practice-start";

/// What one tap on Practice starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PracticeStart {
    /// The player holds this station of White; a Hard bot crew holds the rest
    /// and Black is a Learning crew.
    Station(Station),
    /// The whole of White against a Medium bot crew: the full game.
    Crew,
}

impl PracticeStart {
    /// The choices the first Practice offers, in order: the station of the
    /// last lesson this device finished (if any), Weapons and Helm, the whole ship.
    pub fn offered(last_lesson: Option<Station>) -> Vec<PracticeStart> {
        let mut stations = vec![Station::Weapons, Station::Helm];
        if let Some(station) = last_lesson {
            stations.retain(|s| *s != station);
            stations.insert(0, station);
        }
        stations.into_iter().map(PracticeStart::Station).chain([PracticeStart::Crew]).collect()
    }

    /// Its stored name, also its test id's tail ("weapons", "helm", "crew").
    pub fn key(self) -> &'static str {
        match self {
            PracticeStart::Station(station) => crate::ui::names::station_key(station),
            PracticeStart::Crew => "crew",
        }
    }

    /// The choice a stored name (or a test id's tail) names.
    pub fn from_key(key: &str) -> Option<PracticeStart> {
        let station = duel_core::station::ALL_STATIONS.into_iter().map(PracticeStart::Station);
        station.chain([PracticeStart::Crew]).find(|s| s.key() == key)
    }

    /// The button's words.
    pub fn label(self) -> &'static str {
        match self {
            PracticeStart::Station(Station::Weapons) => "Weapons: load and fire torpedoes",
            PracticeStart::Station(Station::Helm) => "Helm: fly the ship",
            PracticeStart::Station(Station::Engineering) => {
                "Engineering: roll energy and send it to the stations"
            }
            PracticeStart::Station(Station::Sensors) => "Sensors: lock on so torpedoes hit",
            PracticeStart::Station(Station::Shields) => "Shields: guard the ship's sides",
            PracticeStart::Station(Station::Tractor) => "Tractor Beam: pull ships and lay mines",
            PracticeStart::Crew => "The whole ship, against Medium bots",
        }
    }

    /// One line under Practice once it is chosen.
    pub fn describe(self) -> String {
        match self {
            PracticeStart::Station(station) => format!(
                "Practice: you at {}, a Hard bot crew on the rest of White, Black's crew at the Learning level.",
                station.name()
            ),
            PracticeStart::Crew => "Practice: you crew the whole of White against a Medium bot crew.".into(),
        }
    }
}

/// This device's choice, if Practice was ever started from the home screen.
pub fn chosen() -> Option<PracticeStart> {
    storage::get(KEY).and_then(|k| PracticeStart::from_key(&k))
}

/// Remembers `start` as this device's choice.
pub fn remember(start: PracticeStart) {
    let _ = storage::set(KEY, start.key());
}
