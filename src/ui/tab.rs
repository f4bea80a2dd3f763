//! What the main panel shows: a station, a Captain's bridge, a cockpit or the
//! board (which one is shown is the store's UI state, `store::ui`).

use duel_core::{SeatId, Station};

/// What the main panel shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tab {
    /// One station's screen, acting as `seat`.
    Station { seat: SeatId, station: Station },
    /// A Captain's bridge: the ship's displays and the orders.
    Captain { seat: SeatId },
    /// A Pilot's cockpit: the whole Fighter on one card (R22).
    Cockpit { seat: SeatId },
    /// The board large, with both ships' displays and no controls.
    Board,
}

impl Tab {
    /// The seat this tab acts for, if it acts.
    pub fn seat(self) -> Option<SeatId> {
        match self {
            Tab::Station { seat, .. } | Tab::Captain { seat } | Tab::Cockpit { seat } => Some(seat),
            Tab::Board => None,
        }
    }

    /// The station shown, if any.
    pub fn station(self) -> Option<Station> {
        match self {
            Tab::Station { station, .. } => Some(station),
            _ => None,
        }
    }
}
