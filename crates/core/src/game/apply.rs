//! `Game::apply`: the only mutation. Total: an event that refers to a ship,
//! die or choice that does not exist changes nothing rather than panicking.

use super::{Game, Phase};
use crate::cockpit::{BombRun, Cockpit};
use crate::event::{CrystalAt, Event};
use crate::ship::{mine_index, DieState, EnergyAt, MineToken, HULL};

impl Game {
    /// Applies one event. Never panics; unknown references are ignored.
    ///
    /// The replica's path (STYLE habit 3): it trusts the event, which the
    /// host produced by validating an intent (`duel-net` bounds a peer's
    /// events with `check_event` first). It is public because every replica,
    /// replay and audit in `duel-net` and the app applies the host's events,
    /// and a bot imagines a round on a copy; it is not how a position is
    /// built: a lesson, a scenario or a test starts from [`crate::Setup`].
    pub fn apply(&mut self, event: &Event) {
        self.applied += 1;
        match event {
            Event::Thunderstruck(e) => {
                // Without the rules (the base file, issue 32) the event is counted and not applied:
                // a device there loads the full app before the duel goes on (it replays the log).
                if let (true, super::ModeState::Thunderstruck(duel)) =
                    (cfg!(feature = "thunderstruck"), &mut self.mode)
                {
                    duel.apply(e);
                }
            }
            Event::ObstaclePlaced { square, obstacle, team } => {
                if self.obstacle_at(*square).is_none() {
                    self.obstacles.push((*square, *obstacle));
                    self.obstacles.sort();
                }
                self.advance_setup(*team);
            }
            Event::WormholePlaced { square, team } => {
                if !self.wormholes.contains(square) && self.wormholes.len() < 2 {
                    self.wormholes.push(*square);
                }
                self.advance_setup(*team);
            }
            Event::BattleBegan => self.phase = Phase::Battle,
            Event::EnergyRolled { ship, faces } => {
                if let Some(s) = self.ship_mut(*ship) {
                    for (die, pip) in faces {
                        if let Some(e @ EnergyAt::Pool(_)) = s.energy.get_mut(usize::from(*die)) {
                            *e = EnergyAt::Pool(Some(*pip));
                        }
                    }
                }
            }
            Event::EnergySent { ship, die, station } => {
                if let Some(e) = self.ship_mut(*ship).and_then(|s| s.energy.get_mut(usize::from(*die))) {
                    *e = EnergyAt::Station(*station);
                }
            }
            // D2: energy that comes back to Engineering arrives unrolled.
            Event::EnergyReturned { ship, die, .. } => {
                if let Some(e) = self.ship_mut(*ship).and_then(|s| s.energy.get_mut(usize::from(*die))) {
                    *e = EnergyAt::Pool(None);
                }
            }
            Event::DiceRolled { ship, station, faces } => {
                if let Some(s) = self.ship_mut(*ship) {
                    if *station == crate::station::Station::Helm {
                        s.gravity_kept.retain(|d| !faces.iter().any(|(die, _)| die == d));
                    }
                    for (die, pip) in faces {
                        let order = s.tick();
                        let face = station.face(*pip);
                        if let (Some(d), Some(face)) =
                            (s.dice[station.index()].get_mut(usize::from(*die)), face)
                        {
                            *d = DieState::Rolled { face, order };
                        }
                    }
                }
            }
            Event::DiePlaced { ship, station, die, spot, energy } => {
                if let Some(s) = self.ship_mut(*ship) {
                    let order = s.tick();
                    if let Some(d) = s.dice[station.index()].get_mut(usize::from(*die)) {
                        if let DieState::Rolled { face, .. } = *d {
                            *d = DieState::Placed { face, spot: *spot, order };
                        }
                    }
                    if let Some(e) = s.energy.get_mut(usize::from(*energy)) {
                        *e = EnergyAt::Pool(None);
                    }
                }
            }
            Event::DieOverridden { ship, station, die, face, spot } => {
                if let Some(s) = self.ship_mut(*ship) {
                    if *station == crate::station::Station::Helm {
                        s.gravity_kept.retain(|d| d != die);
                    }
                    let order = s.tick();
                    if let Some(d) = s.dice[station.index()].get_mut(usize::from(*die)) {
                        *d = DieState::Placed { face: *face, spot: *spot, order };
                    }
                }
            }
            Event::DiceRemoved { ship, station, dice, .. } => {
                if let Some(s) = self.ship_mut(*ship) {
                    for die in dice {
                        if let Some(d) = s.dice[station.index()].get_mut(usize::from(*die)) {
                            *d = DieState::Idle;
                        }
                    }
                }
            }
            Event::RollLost { ship, station, die } => {
                if let Some(d) =
                    self.ship_mut(*ship).and_then(|s| s.dice[station.index()].get_mut(usize::from(*die)))
                {
                    *d = DieState::Idle;
                }
            }
            Event::ShipMoved { ship, to, facing } => {
                if let Some(s) = self.ship_mut(*ship) {
                    s.position = *to;
                    s.facing = *facing;
                }
                // R22, D22: a bombing run ends as soon as the Fighter or its Capital ship moves.
                for (i, s) in self.ships.iter_mut().enumerate() {
                    if let Some(c) = s.cockpit.as_mut() {
                        if usize::from(ship.0) == i || c.bomb_run.is_some_and(|r| r.target == *ship) {
                            c.bomb_run = None;
                        }
                    }
                }
            }
            Event::ShipShifted { ship, half } => {
                if let Some(s) = self.ship_mut(*ship) {
                    s.position.half = *half;
                }
            }
            Event::ObstacleEntered { .. }
            | Event::RiftEntered { .. }
            | Event::GravityPulled { .. }
            | Event::HelmDieCancelled { .. }
            | Event::HitTested { .. }
            | Event::SectorStruck { .. } => {}
            Event::HelmDiceKept { ship, dice } => {
                if let Some(s) = self.ship_mut(*ship) {
                    s.gravity_kept.extend(dice);
                    s.gravity_kept.sort_unstable();
                    s.gravity_kept.dedup();
                }
            }
            Event::DamageRolled { .. } | Event::WarpRolled { .. } | Event::TorpedoesLaunched { .. } => {}
            Event::MineReleased { ship, mine, square } => {
                if let Some(s) = self.ship_mut(*ship) {
                    s.mines[mine_index(*mine)] = MineToken::OnMap(*square);
                }
            }
            Event::MineMoved { owner, mine, to } => {
                if let Some(s) = self.ship_mut(*owner) {
                    if let MineToken::OnMap(_) = s.mines[mine_index(*mine)] {
                        s.mines[mine_index(*mine)] = MineToken::OnMap(*to);
                    }
                }
            }
            Event::MineGone { owner, mine } => {
                if let Some(s) = self.ship_mut(*owner) {
                    s.mines[mine_index(*mine)] = MineToken::Spent;
                }
            }
            Event::CrystalMoved { crystal, to } => {
                if let Some(c) = self.crystals.get_mut(usize::from(*crystal)) {
                    *c = *to;
                }
                if let CrystalAt::Track(ship) = to {
                    if let Some(s) = self.ship_mut(*ship) {
                        s.track_crystals = s.track_crystals.saturating_add(1);
                    }
                }
            }
            Event::EnergyRestored { ship, die } => {
                if let Some(e) = self.ship_mut(*ship).and_then(|s| s.energy.get_mut(usize::from(*die))) {
                    if *e == EnergyAt::DamageTrack {
                        *e = EnergyAt::Pool(None);
                    }
                }
            }
            Event::Damaged { ship, .. } => {
                if let Some(s) = self.ship_mut(*ship) {
                    match s.cockpit.as_mut() {
                        // R22: damage rotates a Fighter's Health die down one pip.
                        Some(c) => c.health = c.health.saturating_sub(1),
                        None => s.hits = s.hits.saturating_add(1).min(HULL),
                    }
                }
            }
            Event::EnergyLost { ship, die } => {
                if let Some(e) = self.ship_mut(*ship).and_then(|s| s.energy.get_mut(usize::from(*die))) {
                    *e = EnergyAt::DamageTrack;
                }
            }
            Event::ShipDestroyed { ship } => {
                if let Some(s) = self.ship_mut(*ship) {
                    s.destroyed = true;
                }
                // R37: a destroyed ship's crystals go to the used box (those on its cards too).
                for c in self.crystals.iter_mut() {
                    if matches!(c, CrystalAt::Held(s) | CrystalAt::OnCard(s, _) if s == ship) {
                        *c = CrystalAt::Used;
                    }
                }
                self.choices.retain(|c| c.ship != *ship);
            }
            Event::GameOver { winner } => {
                self.phase = Phase::Over { winner: *winner };
                self.freeze = None;
                self.choices.clear();
            }
            Event::FreezeDeclared { declared } => {
                // A queued follow-up that starts leaves the queue; the rest stay behind it.
                let mut queued = self.freeze.take().map(|f| f.queued).unwrap_or_default();
                if let Some(i) = queued.iter().position(|q| q == declared) {
                    queued.remove(i);
                }
                self.freeze = Some(crate::freeze::Freeze {
                    declared: declared.clone(),
                    progress: super::freezes::initial_progress(&declared.action),
                    awaiting: None,
                    queued,
                });
            }
            Event::FreezeQueued { declared } => {
                if let Some(f) = self.freeze.as_mut() {
                    f.queued.push(declared.clone());
                }
            }
            Event::FreezeCancelled { declared, .. } => {
                if let Some(f) = self.freeze.as_mut() {
                    if let Some(i) = f.queued.iter().position(|q| q == declared) {
                        f.queued.remove(i);
                    }
                }
            }
            Event::FreezeProgress { progress } => {
                if let Some(f) = self.freeze.as_mut() {
                    f.progress = progress.clone();
                }
            }
            Event::FreezeEnded => self.freeze = None,
            Event::ChoiceOpened { choice } => {
                self.next_choice = self.next_choice.max(choice.id.0.saturating_add(1));
                if let Some(f) = self.freeze.as_mut() {
                    if f.awaiting.is_none() && super::freezes::belongs_to_freeze(&choice.kind) {
                        f.awaiting = Some(choice.id);
                    }
                }
                self.choices.push(choice.clone());
            }
            Event::ChoiceClosed { id, .. } => {
                self.choices.retain(|c| c.id != *id);
                if let Some(f) = self.freeze.as_mut() {
                    if f.awaiting == Some(*id) {
                        f.awaiting = None;
                    }
                }
            }
            Event::SeatAway { seat, away } => {
                self.away.retain(|s| s != seat);
                if *away {
                    self.away.push(*seat);
                    self.away.sort();
                }
            }
            Event::CockpitDiePlaced { ship, station, die, spot } => {
                if let Some(s) = self.ship_mut(*ship) {
                    let order = s.tick();
                    if let Some(d) = s.dice[station.index()].get_mut(usize::from(*die)) {
                        if let DieState::Rolled { face, .. } = *d {
                            *d = DieState::Placed { face, spot: *spot, order };
                        }
                    }
                }
            }
            Event::BombRunBegun { ship, target } => {
                if let Some(s) = self.ship_mut(*ship) {
                    let bay = s.bomb_bay();
                    if let (Some(c), Some(bay)) = (s.cockpit.as_mut(), bay) {
                        c.bomb_run = Some(BombRun { target: *target, bay });
                    }
                }
            }
            Event::PulseBombRolled { .. } => {}
            Event::FighterLaunched { ship, to, facing, health } => {
                if let Some(s) = self.ship_mut(*ship) {
                    if s.cockpit.is_some() {
                        // R22: back on the board with a fresh Health die and an empty cockpit.
                        s.destroyed = false;
                        s.position = *to;
                        s.facing = *facing;
                        s.cockpit = Some(Cockpit::new(*health));
                        for dice in s.dice.iter_mut() {
                            dice.iter_mut().for_each(|d| *d = DieState::Idle);
                        }
                    }
                }
            }
            Event::EquipmentDealt { cards, first } => {
                if self.draft.is_none() {
                    let other = crate::ids::TeamId(1 - first.0.min(1));
                    self.draft = Some(crate::equipment::Draft {
                        dealt: cards.clone(),
                        first: *first,
                        other,
                        picks: vec![],
                    });
                }
            }
            Event::CardDrafted { team, card } => {
                if let Some(d) = self.draft.as_mut() {
                    d.picks.push((*team, *card));
                }
                let ship = super::equipment::card_ship(self, *team);
                if let Some(s) = ship.and_then(|id| self.ship_mut(id)) {
                    if !s.cards.contains(card) {
                        s.cards.push(*card);
                    }
                }
            }
            Event::DraftEnded => {
                if let Phase::Draft { then_battle } = self.phase {
                    let next = crate::ids::TeamId(0);
                    self.phase = if then_battle { Phase::Battle } else { Phase::Setup { next } };
                }
            }
            Event::CardUsed { .. } => {}
            Event::Reseated { seats } => {
                for (seat, spec) in seats {
                    if let Some(slot) = self.seats.get_mut(usize::from(seat.0)) {
                        *slot = spec.clone();
                    }
                }
            }
        }
    }

    /// After a set-up token: the other team places next, or the battle begins.
    fn advance_setup(&mut self, placed_by: crate::ids::TeamId) {
        if let Phase::Setup { .. } = self.phase {
            let teams = self.ships.iter().map(|s| s.team.0).max().unwrap_or(0) + 1;
            let next = crate::ids::TeamId((placed_by.0 + 1) % teams);
            self.phase = Phase::Setup { next };
        }
    }
}
