//! Stations a bot works beside people (issue 45, D46). With two players a
//! ship, Engineering is shared (R8): a bot covering one holder works it
//! beside the person, but only once nobody else has acted there for
//! [`SHARED_IDLE_MS`], so it never fights a person who is working it. And a
//! person's station that nobody has touched while that person sent nothing
//! for [`IDLE_OFFER_MS`] is offered to a bot ([`IdleOffer`]), until the person
//! acts or takes it back.
//!
//! "Action" is read from the table alone (a bot knows no more than the
//! board shows): a station's dice changing (rolled, placed, removed), or at
//! Engineering the pool's rolled dice changing (a roll, a send). Energy
//! arriving or coming back is not an action of the station's holder. Time is
//! data: every function takes the caller's clock.

use duel_core::ship::DieState;
use duel_core::station::ALL_STATIONS;
use duel_core::{Game, Intent, Phase, Pip, SeatId, ShipId, Station};

/// How long (bot time) a shared station must have seen no action from
/// anyone before a bot beside a person works it (D46): longer than a
/// person's pause between two rolls (about a second, docs/BOTS.md), short
/// enough that a ship whose Engineer is busy elsewhere is never long without energy.
pub const SHARED_IDLE_MS: u64 = 3_000;

/// How long a person must have sent nothing, and a station of theirs seen no
/// action, before it is offered to a bot (D46): ten times [`SHARED_IDLE_MS`],
/// longer than anyone reads the board or talks tactics mid-battle.
pub const IDLE_OFFER_MS: u64 = 30_000;

/// What a station shows of the last action at it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Sign {
    /// Engineering: the pool's rolled dice (a roll changes a face, a send removes one).
    Pool(Vec<(u8, Pip)>),
    /// A dice station: every die's state.
    Dice(Vec<DieState>),
}

fn sign(game: &Game, ship: ShipId, station: Station) -> Option<Sign> {
    let s = game.ship(ship)?;
    Some(match station {
        Station::Engineering => Sign::Pool(s.pool().filter_map(|(d, p)| Some((d, p?))).collect()),
        _ => Sign::Dice(s.station_dice(station).to_vec()),
    })
}

/// When each station of each ship last changed by an action, as seen by
/// repeated [`StationWatch::observe`] calls.
#[derive(Clone, Debug, Default)]
pub struct StationWatch {
    seen: Vec<(ShipId, Station, Sign, u64)>,
}

impl StationWatch {
    /// Looks at the table at `now_ms`: a station whose sign changed acted now.
    /// A station seen for the first time counts as just acted (its past is unknown).
    pub fn observe(&mut self, game: &Game, now_ms: u64) {
        self.changes(game, now_ms);
    }

    /// [`StationWatch::observe`], returning the stations that changed and
    /// which of their dice did (the pool's energy dice at Engineering).
    pub(crate) fn changes(&mut self, game: &Game, now_ms: u64) -> Vec<(ShipId, Station, Vec<u8>)> {
        let mut out = Vec::new();
        for ship in (0..game.ships().len()).filter_map(|i| u8::try_from(i).ok()).map(ShipId) {
            for station in ALL_STATIONS {
                let Some(now_sign) = sign(game, ship, station) else { continue };
                match self.seen.iter_mut().find(|(sh, st, _, _)| *sh == ship && *st == station) {
                    Some(entry) if entry.2 != now_sign => {
                        out.push((ship, station, changed_dice(&entry.2, &now_sign)));
                        entry.2 = now_sign;
                        entry.3 = now_ms;
                    }
                    Some(_) => {}
                    None => self.seen.push((ship, station, now_sign, now_ms)),
                }
            }
        }
        out
    }

    /// How long `station` of `ship` has seen no action (0 if never observed).
    pub fn idle_for(&self, ship: ShipId, station: Station, now_ms: u64) -> u64 {
        self.seen
            .iter()
            .find(|(sh, st, _, _)| *sh == ship && *st == station)
            .map_or(0, |(_, _, _, since)| now_ms.saturating_sub(*since))
    }
}

/// The dice whose state differs between two signs of one station.
fn changed_dice(before: &Sign, after: &Sign) -> Vec<u8> {
    match (before, after) {
        (Sign::Pool(a), Sign::Pool(b)) => {
            let mut dice: Vec<u8> = a.iter().filter(|x| !b.contains(x)).map(|(d, _)| *d).collect();
            dice.extend(b.iter().filter(|x| !a.contains(x)).map(|(d, _)| *d));
            dice
        }
        (Sign::Dice(a), Sign::Dice(b)) => {
            let n = a.len().max(b.len());
            (0..n).filter(|&i| a.get(i) != b.get(i)).filter_map(|i| u8::try_from(i).ok()).collect()
        }
        _ => Vec::new(),
    }
}

/// The dice of its station an intent touches (energy dice at Engineering).
fn dice_touched(intent: &Intent) -> Vec<u8> {
    match intent {
        Intent::RollEnergy { dice } | Intent::RollDice { dice, .. } => dice.clone(),
        Intent::SendEnergy { die }
        | Intent::PlaceDie { die, .. }
        | Intent::RemoveDie { die, .. }
        | Intent::Override { die, .. } => vec![*die],
        _ => Vec::new(),
    }
}

/// The station an intent works, if it belongs to one (ship-wide shouts,
/// answers and cards belong to none).
pub fn station_of(intent: &Intent) -> Option<Station> {
    match intent {
        Intent::RollEnergy { .. } | Intent::SendEnergy { .. } => Some(Station::Engineering),
        Intent::ReturnEnergy { station }
        | Intent::RollDice { station, .. }
        | Intent::PlaceDie { station, .. }
        | Intent::RemoveDie { station, .. }
        | Intent::Override { station, .. } => Some(*station),
        Intent::ReleaseMine { .. }
        | Intent::TractorCrystal { .. }
        | Intent::TractorMine { .. }
        | Intent::TractorShip { .. } => Some(Station::Tractor),
        // Without a Captain, Weapons fires (R21).
        Intent::Fire { .. } => Some(Station::Weapons),
        _ => None,
    }
}

/// The stations `bots` (seats a bot plays) share with `people` (seats a person
/// plays) on one ship: those a bot beside a person works only when idle (D46).
pub fn shared_stations(game: &Game, bots: &[SeatId], people: &[SeatId]) -> Vec<Station> {
    let mut out: Vec<Station> = Vec::new();
    for &bot in bots {
        for &person in people.iter().filter(|p| game.seat_ship(**p) == game.seat_ship(bot)) {
            for station in ALL_STATIONS {
                if game.holds(bot, station) && game.holds(person, station) && !out.contains(&station) {
                    out.push(station);
                }
            }
        }
    }
    out
}

/// How long a change at a shared station that this crew's own intent could
/// explain is taken for its echo (the host's round trip, with room to spare).
const ECHO_MS: u64 = 2_000;

/// Which stations a crew may act at: all its seats hold, or only some; and
/// which of them it shares with a person. At a shared station the crew waits
/// until nobody else has acted there for `after_ms`; then it works it at its
/// own pace until someone else acts there again (D46).
#[derive(Clone, Debug, Default)]
pub(crate) struct Gate {
    only: Option<Vec<Station>>,
    shared: Vec<Station>,
    after_ms: u64,
    watch: StationWatch,
    /// When someone other than this crew last acted at a shared station.
    others: Vec<(ShipId, Station, u64)>,
    /// Dice this crew's own intents touched at shared stations, and when.
    mine: Vec<(ShipId, Station, u8, u64)>,
    /// Set when a shared station held a proposal back: when it opens.
    pub opens_at: Option<u64>,
}

impl Gate {
    pub fn only(&mut self, stations: &[Station]) {
        self.only = Some(stations.to_vec());
    }

    pub fn share(&mut self, stations: &[Station], after_ms: u64) {
        self.shared = stations.to_vec();
        self.after_ms = after_ms;
    }

    /// Called once per decision round, before [`Gate::allows`]: a change at a
    /// shared station that this crew's recent intents do not explain is someone else's action.
    pub fn observe(&mut self, game: &Game, now_ms: u64) {
        if self.shared.is_empty() {
            return;
        }
        self.mine.retain(|m| now_ms.saturating_sub(m.3) <= ECHO_MS);
        for (ship, station, dice) in self.watch.changes(game, now_ms) {
            if !self.shared.contains(&station) {
                continue;
            }
            let ours = dice.iter().all(|d| self.mine.iter().any(|m| (m.0, m.1, m.2) == (ship, station, *d)));
            if !ours {
                self.others.retain(|o| (o.0, o.1) != (ship, station));
                self.others.push((ship, station, now_ms));
            }
        }
    }

    /// This crew sends `intent` for `seat` at `now_ms`.
    pub fn sent(&mut self, game: &Game, seat: SeatId, intent: &Intent, now_ms: u64) {
        let (Some(station), Some(ship)) = (station_of(intent), game.seat_ship(seat)) else { return };
        if self.shared.contains(&station) {
            self.mine.extend(dice_touched(intent).into_iter().map(|d| (ship, station, d, now_ms)));
        }
    }

    /// Whether `seat` may send `intent` now.
    pub fn allows(&mut self, game: &Game, seat: SeatId, intent: &Intent, now_ms: u64) -> bool {
        let station = station_of(intent);
        if let Some(only) = &self.only {
            if !station.is_some_and(|s| only.contains(&s)) {
                return false;
            }
        }
        let (Some(station), Some(ship)) = (station, game.seat_ship(seat)) else { return true };
        if !self.shared.contains(&station) {
            return true;
        }
        // Never seen acted at: idle since this crew first looked.
        let since = match self.others.iter().find(|o| (o.0, o.1) == (ship, station)) {
            Some(o) => o.2,
            None => {
                self.others.push((ship, station, now_ms));
                now_ms
            }
        };
        let idle = now_ms.saturating_sub(since);
        if idle >= self.after_ms {
            return true;
        }
        let opens = now_ms + (self.after_ms - idle);
        self.opens_at = Some(self.opens_at.map_or(opens, |t| t.min(opens)));
        false
    }
}

/// A person's stations offered to a bot after they went idle (D46): the
/// person's own device runs it, so the bot acts for the person's own seats.
/// Pure: the caller says when the person acted and passes the game and clock.
#[derive(Clone, Debug)]
pub struct IdleOffer {
    after_ms: u64,
    last_act: Option<u64>,
    offered: Vec<Station>,
    watch: StationWatch,
}

impl IdleOffer {
    /// An offer made after `after_ms` of idleness ([`IDLE_OFFER_MS`] in play).
    pub fn new(after_ms: u64) -> IdleOffer {
        IdleOffer { after_ms, last_act: None, offered: Vec::new(), watch: StationWatch::default() }
    }

    /// The person acted at `now_ms`: every offered station is theirs again.
    /// Returns whether an offer was withdrawn.
    pub fn acted(&mut self, now_ms: u64) -> bool {
        self.last_act = Some(now_ms);
        !std::mem::take(&mut self.offered).is_empty()
    }

    /// The person tapped "keep them": the same as acting.
    pub fn undo(&mut self, now_ms: u64) -> bool {
        self.acted(now_ms)
    }

    /// The stations a bot works for the person now.
    pub fn offered(&self) -> &[Station] {
        &self.offered
    }

    /// Looks at the table: returns the stations newly offered, if any. A
    /// station is offered when the person (holding `seats`) has sent nothing
    /// for the bound and nobody has acted at it for the bound either (so a
    /// shared Engineering another holder works is not offered). An offered
    /// station stays offered until the person acts (the bot's own actions
    /// keep it busy, and must not end the offer).
    pub fn poll(&mut self, game: &Game, seats: &[SeatId], now_ms: u64) -> Option<Vec<Station>> {
        if !matches!(game.phase(), Phase::Battle) || game.outcome().is_some() || game.freeze().is_some() {
            return None;
        }
        self.watch.observe(game, now_ms);
        let since = *self.last_act.get_or_insert(now_ms);
        if now_ms.saturating_sub(since) < self.after_ms {
            return None;
        }
        let mut new = Vec::new();
        for &seat in seats {
            let Some(ship) = game.seat_ship(seat) else { continue };
            for station in ALL_STATIONS.into_iter().filter(|s| game.holds(seat, *s)) {
                let idle = self.watch.idle_for(ship, station, now_ms) >= self.after_ms;
                if idle && !self.offered.contains(&station) && !new.contains(&station) {
                    new.push(station);
                }
            }
        }
        if new.is_empty() {
            return None;
        }
        self.offered.extend(new.iter().copied());
        Some(new)
    }
}

#[cfg(test)]
#[path = "share_tests.rs"]
mod tests;
