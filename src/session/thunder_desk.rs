//! The person's Thunderstruck desk (R23), beside the bots' ([`super::thunder_bots`]):
//! this device's seat, its secrets (a [`Desk`]) and their keeping in this
//! browser's `localStorage`, keyed by room and seat, so a reloaded tab can
//! still reveal the plan it sealed. The session's pump sends the desk's
//! protocol steps (commit a seed, reveal) as soon as they are due, as it
//! sends the bots'; the screen only seals a plan and reads the dice, through
//! the store ([`SessionApi::seal_plan`], [`SessionApi::duel_dice`], [`SessionApi::duel_plan`]).

use duel_core::thunderstruck::{self as ts, Placement, Planning, Player};
use duel_core::{Game, Intent, Pip, SeatId};
use duel_net::thunder::Desk;

use super::{Pumped, RoomLink, Session, SessionApi};
use crate::net::saves::{hex, unhex};
use crate::net::ConnState;
use crate::platform::full_app::LOADED;
use crate::platform::{random, storage};

/// The room name a practice's desk is kept under (a practice's room has no name).
const PRACTICE: &str = "practice";

/// This device's seat in a Thunderstruck duel, and its secrets.
pub struct ThunderDesk {
    seat: SeatId,
    desk: Desk,
    /// Where the desk is kept in `localStorage`.
    key: String,
    /// The game's events applied when last seen: fewer means a new duel began
    /// in the same session (a rematch in the room), which needs a new desk.
    seen: u64,
}

impl ThunderDesk {
    /// `seat`'s desk as kept for `room`, or a new one from the browser's
    /// crypto RNG (always a new one for a `fresh` duel: a secret from an
    /// earlier duel is never used twice).
    pub fn open(room: &str, seat: SeatId, fresh: bool) -> ThunderDesk {
        let room = if room.is_empty() { PRACTICE } else { room };
        let key = format!("dice-duel/ts-desk/{room}/{}", seat.0);
        let player = Player(seat.0);
        let saved = storage::get(&key)
            .filter(|_| !fresh)
            .and_then(|text| unhex(&text))
            .and_then(|b| Desk::from_bytes(&b))
            .filter(|d| d.player() == player);
        let mut desk = ThunderDesk { seat, desk: Desk::new(player, [0; 32]), key, seen: 0 };
        match saved {
            Some(saved) => desk.desk = saved,
            None => desk.renew(),
        }
        desk
    }

    /// A new desk for a new duel: a secret from the duel before is never used twice.
    fn renew(&mut self) {
        let mut master = [0u8; 32];
        random::fill(&mut master);
        self.desk = Desk::new(self.desk.player(), master);
        self.keep();
    }

    /// Writes the desk (a failed write only costs the reveal after a reload).
    fn keep(&self) {
        let _ = storage::set(&self.key, &hex(&self.desk.to_bytes()));
    }

    /// Seals `placement` after `rerolls` (kept at once: a reload still reveals it).
    ///
    /// # Errors
    /// The rules' reason, in words (no dice yet, too many rerolls, a misplaced die).
    fn seal(&mut self, duel: &ts::Game, rerolls: u8, placement: Placement) -> Result<ts::Intent, String> {
        let intent = self.desk.seal(duel, rerolls, placement).map_err(|e| e.to_string())?;
        self.keep();
        Ok(intent)
    }
}

/// Whether `duel` is new to `me`: round 1 with no seed of `me` committed, so
/// no secret kept from an earlier duel (a practice before, a rematch in the
/// same room) is needed, and none should be reused (a seed already revealed
/// would let the host see this seat's dice coming).
fn new_duel_for(duel: &ts::Game, me: Player) -> bool {
    duel.round() == 1 && duel.ship(me).is_some_and(|s| s.planning == Planning::Unseeded)
}

/// `slot` made to hold `seat`'s desk for the duel `game` plays: opened when
/// first needed (kept or new), renewed when a new duel began under it.
fn follow(slot: &mut Option<ThunderDesk>, room: &str, seat: SeatId, game: &Game, duel: &ts::Game) {
    let applied = game.events_applied();
    match slot {
        Some(desk) if desk.seat == seat => {
            if applied < desk.seen {
                desk.renew();
            }
            desk.seen = applied;
        }
        _ => {
            let mut desk = ThunderDesk::open(room, seat, new_duel_for(duel, Player(seat.0)));
            desk.seen = applied;
            *slot = Some(desk);
        }
    }
}

impl<T: RoomLink> Session<T> {
    /// The seat this device's person flies, while the game is a Thunderstruck duel.
    fn duel_seat(&self) -> Option<SeatId> {
        // The duel first: this runs on every pump, and a Dice Duel game needs no seat list.
        self.dev.replica.game()?.thunderstruck()?;
        let me = self.me()?;
        self.room()?.seats_of(me).first().copied()
    }

    /// Keeps the person's desk in step with the duel and sends its protocol
    /// step (commit a seed, reveal) when one is due and nothing of this
    /// device's is still on its way to the host.
    pub(super) fn run_desk(&mut self, now: u64, p: &mut Pumped) {
        if !LOADED {
            return;
        }
        let Some(seat) = self.duel_seat() else { return };
        let Some(game) = self.dev.replica.game() else { return };
        let Some(duel) = game.thunderstruck() else { return };
        follow(&mut self.desk, &self.room_name, seat, game, duel);
        // A host that does not answer gets nothing more (the store holds the person's moves too).
        if self.dev.replica.pending() > 0 || self.link == ConnState::HostAway {
            return;
        }
        let Some(step) = self.desk.as_ref().and_then(|d| d.desk.next_intent(duel)) else { return };
        // A step on a copy a moment old may be refused: the next pump tries again.
        if self.dev.submit(now, seat, Intent::Thunderstruck(step)).is_ok() {
            self.cycle(now, p);
        }
    }

    /// Seals the person's plan: `placement` after `rerolls`; the seat and the intent to send.
    ///
    /// # Errors
    /// No duel is played from this device, or the rules' reason in words.
    pub(super) fn seal_with_desk(
        &mut self,
        rerolls: u8,
        placement: Placement,
    ) -> Result<(SeatId, ts::Intent), String> {
        let no_ship = || String::from("This device flies no ship in this duel.");
        let seat = self.duel_seat().ok_or_else(no_ship)?;
        let duel = self.dev.replica.game().and_then(Game::thunderstruck).ok_or_else(no_ship)?;
        let desk = self
            .desk
            .as_mut()
            .filter(|d| d.seat == seat)
            .ok_or_else(|| String::from("Your dice are not rolled yet: wait for the round's roll."))?;
        Ok((seat, desk.seal(duel, rerolls, placement)?))
    }

    /// The person's desk and the duel, while this device flies a ship in one.
    fn desk_and_duel(&self) -> Option<(&Desk, &ts::Game)> {
        let seat = self.duel_seat()?;
        let desk = self.desk.as_ref().filter(|d| d.seat == seat)?;
        Some((&desk.desk, self.dev.replica.game()?.thunderstruck()?))
    }

    /// The person's dice this round after `rerolls` rerolls (once the beacon is drawn).
    pub(super) fn desk_dice(&self, rerolls: u8) -> Option<Vec<Pip>> {
        let (desk, duel) = self.desk_and_duel()?;
        desk.dice(duel, rerolls)
    }

    /// The plan the person sealed this round: its rerolls and placement.
    pub(super) fn desk_plan(&self) -> Option<(u8, Placement)> {
        let (desk, duel) = self.desk_and_duel()?;
        desk.plan(duel).map(|(n, p)| (n, p.clone()))
    }
}
