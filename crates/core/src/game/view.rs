//! Read access to a `Game` for the UI, the bots and the network layer:
//! what is where, who sits where, what is left. Nothing here changes the
//! state (that is `apply`'s, through the host's `play` and `host`).

use super::{equipment, thunderstruck, Game, MineOnMap, Phase};
use crate::choice::Choice;
use crate::config::{Ruleset, SeatSpec};
use crate::event::CrystalAt;
use crate::freeze::Freeze;
use crate::geometry::Square;
use crate::ids::{SeatId, ShipId, TeamId};
use crate::layout::Layout;
use crate::map::{MapSpec, OBSTACLE_TOKENS, WORMHOLE_TOKENS};
use crate::obstacle::Obstacle;
use crate::ship::{MineToken, Ship};
use crate::station::{MineId, Station};

impl Game {
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }
    pub fn map(&self) -> &MapSpec {
        &self.map
    }
    pub fn layout(&self) -> Layout {
        self.layout
    }
    pub fn seats(&self) -> &[SeatSpec] {
        &self.seats
    }
    pub fn seat(&self, seat: SeatId) -> Option<&SeatSpec> {
        self.seats.get(usize::from(seat.0))
    }
    pub fn is_away(&self, seat: SeatId) -> bool {
        self.away.contains(&seat)
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    pub fn ships(&self) -> &[Ship] {
        &self.ships
    }
    pub fn ship(&self, ship: ShipId) -> Option<&Ship> {
        self.ships.get(usize::from(ship.0))
    }
    pub fn obstacles(&self) -> &[(Square, Obstacle)] {
        &self.obstacles
    }
    pub fn obstacle_at(&self, sq: Square) -> Option<Obstacle> {
        self.obstacles.iter().find(|(s, _)| *s == sq).map(|(_, o)| *o)
    }
    pub fn wormholes(&self) -> &[Square] {
        &self.wormholes
    }
    pub fn crystals(&self) -> &[CrystalAt; 6] {
        &self.crystals
    }
    pub fn freeze(&self) -> Option<&Freeze> {
        self.freeze.as_ref()
    }
    pub fn choices(&self) -> &[Choice] {
        &self.choices
    }
    /// The equipment draft, once dealt.
    pub fn draft(&self) -> Option<&crate::equipment::Draft> {
        self.draft.as_ref()
    }
    /// The Thunderstruck duel this match plays, if it is one (R23).
    pub fn thunderstruck(&self) -> Option<&crate::thunderstruck::Game> {
        self.mode.duel()
    }
    pub fn events_applied(&self) -> u64 {
        self.applied
    }

    /// The winner once the game is over (`Some(None)` is a draw).
    pub fn outcome(&self) -> Option<Option<TeamId>> {
        if let super::ModeState::Thunderstruck(duel) = &self.mode {
            return thunderstruck::outcome(duel);
        }
        match self.phase {
            Phase::Over { winner } => Some(winner),
            _ => None,
        }
    }

    /// Crystals a ship holds.
    pub fn crystals_held(&self, ship: ShipId) -> u8 {
        self.crystals.iter().filter(|c| **c == CrystalAt::Held(ship)).count() as u8
    }

    /// Crystals on one of the ship's equipment cards.
    pub fn crystals_on_card(&self, ship: ShipId, card: crate::equipment::Card) -> u8 {
        self.crystals.iter().filter(|c| **c == CrystalAt::OnCard(ship, card)).count() as u8
    }

    /// Crystals the ship may spend on a crystal action: those held, and
    /// those on its equipment cards, which may be taken off to pay (`001_…`).
    pub fn crystals_to_spend(&self, ship: ShipId) -> u8 {
        self.crystals
            .iter()
            .filter(|c| matches!(c, CrystalAt::Held(s) | CrystalAt::OnCard(s, _) if *s == ship))
            .count() as u8
    }

    /// Whether a card's lasting ability is on now: the ship holds it and
    /// every required slot and crystal space is filled.
    pub fn card_active(&self, ship: ShipId, card: crate::equipment::Card) -> bool {
        equipment::is_charged(self, ship, card)
    }

    /// Mine tokens on the map.
    pub fn mines(&self) -> Vec<MineOnMap> {
        let mut out = Vec::new();
        for (i, ship) in self.ships.iter().enumerate() {
            for (mine, token) in [MineId::A, MineId::B].iter().zip(ship.mines) {
                if let MineToken::OnMap(square) = token {
                    out.push(MineOnMap { owner: ShipId(i as u8), mine: *mine, square });
                }
            }
        }
        out
    }

    /// The mine in a square, if any (at most one, R17).
    pub fn mine_at(&self, sq: Square) -> Option<MineOnMap> {
        self.mines().into_iter().find(|m| m.square == sq)
    }

    /// The ship a seat crews.
    pub fn seat_ship(&self, seat: SeatId) -> Option<ShipId> {
        self.seat(seat).map(|s| s.ship)
    }

    /// Whether `seat` holds `station` (R8: Engineering may be shared).
    pub fn holds(&self, seat: SeatId, station: Station) -> bool {
        self.seat(seat).is_some_and(|s| s.stations.contains(&station))
    }

    /// Seats of a ship.
    pub fn seats_of(&self, ship: ShipId) -> impl Iterator<Item = (SeatId, &SeatSpec)> + '_ {
        self.seats.iter().enumerate().filter(move |(_, s)| s.ship == ship).map(|(i, s)| (SeatId(i as u8), s))
    }

    /// Whether a ship has a Captain who is present (R21).
    pub fn captain_present(&self, ship: ShipId) -> bool {
        self.seats_of(ship).any(|(id, s)| s.captain && !self.is_away(id))
    }

    /// Ships not on `team` and not destroyed.
    pub fn enemies_of(&self, team: TeamId) -> impl Iterator<Item = (ShipId, &Ship)> + '_ {
        self.ships
            .iter()
            .enumerate()
            .filter(move |(_, s)| s.team != team && !s.destroyed)
            .map(|(i, s)| (ShipId(i as u8), s))
    }

    /// The Die Fighter mission being played, if any.
    pub fn mission(&self) -> Option<crate::mission::Mission> {
        self.layout.mission()
    }

    /// The ships of a team of one class, destroyed or not, in ship order.
    pub fn team_ships(
        &self,
        team: TeamId,
        class: crate::class::ShipClass,
    ) -> impl Iterator<Item = (ShipId, &Ship)> + '_ {
        self.ships
            .iter()
            .enumerate()
            .filter(move |(_, s)| s.team == team && s.class == class)
            .map(|(i, s)| (ShipId(i as u8), s))
    }

    /// The team placing a token now, during set-up.
    pub fn setup_turn(&self) -> Option<TeamId> {
        match self.phase {
            Phase::Setup { next } => Some(next),
            _ => None,
        }
    }

    /// Tokens still to place in set-up: (obstacles, wormholes).
    pub fn tokens_left(&self) -> (u8, u8) {
        let wormholes = if self.ruleset.wormholes { WORMHOLE_TOKENS } else { 0 };
        (
            OBSTACLE_TOKENS.saturating_sub(self.obstacles.len() as u8),
            wormholes.saturating_sub(self.wormholes.len() as u8),
        )
    }

    /// A stable digest of the whole state (see [`crate::hash`]).
    pub fn state_hash(&self) -> u64 {
        crate::hash::stable_hash(self)
    }
}
