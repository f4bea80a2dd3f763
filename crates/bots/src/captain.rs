//! The crew coordinator (the Captain's brain, R21): when to shout "Fire!"
//! (only when the hit test passes and no rift is in the way, D43, or to
//! strip jammers), when to tractor the
//! enemy or warp away, and when a crystal buys the critical die (R18).
//! Who may actually shout is left to `validate`: a Captain seat, Weapons or
//! Tractor when there is none, any seat for a warp.

use duel_core::dice::{Face, SensorFace, ShieldFace, WeaponFace};
use duel_core::geometry::{arc_of, Arc, Position};
use duel_core::geometry::{tractor_needed, Sector};
use duel_core::intent::{LaunchCost, LaunchSide, LAUNCH_CRYSTALS};
use duel_core::ship::DieState;
use duel_core::station::{TorpedoPart, TUBES};
use duel_core::Spot;
use duel_core::{HitTest, Intent, ShipClass, Station, Target};

use crate::level::Profile;
use crate::plan::Plan;
use crate::proposal::{band, Proposal};
use crate::situation::{parts_in, pierce, Situation};
use crate::tactics;

/// Pushes the Captain's proposals. While frozen only a follow-up Fire can be
/// declared (R20); everything else waits for play to resume.
pub(crate) fn propose(sit: &Situation, plan: Option<&Plan>, profile: &Profile, out: &mut Vec<Proposal>) {
    let Some(foe) = &sit.foe else { return };
    let target = Some(Target::Ship(foe.id));
    let named = sit.game.ruleset().house.weapons_name_side;
    let attack = foe.attack;
    // A misread range (R14): the enemy looks one square nearer, so a shot one
    // lock short looks like a hit. It is shouted, and misses.
    let misjudged = sit.glance()
        && attack.loaded_on_arc > 0
        && attack.rift.is_none()
        && (HitTest { lock: attack.lock.saturating_add(1), ..attack.test() }).hits();
    if attack.would_hit || misjudged {
        // Three shields stop everything (R14): one torpedo strips them, the other waits.
        let count = if foe.target_shields() >= 3 { 1 } else { attack.loaded_on_arc.clamp(1, 2) };
        let side = if named { attack.arc } else { None };
        out.push(Proposal::new(band::FIRE, 9, Intent::Fire { count, target, side }));
    } else if sit.sees_tricks(profile)
        && plan.is_some()
        // D43: Fire through a rift is refused at declaration.
        && attack.rift.is_none()
        && attack.loaded_on_arc >= 2
        && (HitTest { jammers: 0, ..attack.test() }).hits()
        && attack.jammers >= 3
    {
        // Strategy tip: one torpedo from the arc's side strips the jammers, hit or miss (R27).
        let side = if named { attack.arc } else { None };
        out.push(Proposal::new(band::STRIP_JAMMERS, 9, Intent::Fire { count: 1, target, side }));
    }
    let Some(plan) = plan else { return };
    if profile.mines && !attack.would_hit {
        shoot_mine_in_the_way(sit, named, out);
    }

    if sit.sees_tricks(profile) && sit.crystals > 0 && foe.threat.would_hit && !attack.would_hit {
        let expected = i32::from(foe.threat.loaded_on_arc) * pierce(sit.shields[foe.struck.index()]);
        if expected >= 50 {
            out.push(Proposal::new(band::WARP, 9, Intent::WarpJump));
        }
    }
    if sit.sees_tricks(profile) {
        let need = tractor_needed(sit.ship.position.square, foe.ship.position.square, sit.rule);
        let strong = sit.ship.tractor_strength() >= need;
        if strong && tactics::drag_gain(sit).is_some_and(|g| g >= tactics::DRAG_WORTH) {
            out.push(Proposal::new(band::TRACTOR_SHIP, 9, Intent::TractorShip { target: foe.id }));
        }
        if sit.crystals > 0 {
            overrides(sit, plan, out);
        }
    }
    relaunch(sit, out);
    // Energy Surge (R18, R38): buy back an energy die, keeping a crystal for a warp when in danger.
    let spare = if sit.in_loaded_arc() { 3 } else { 2 };
    if profile.crystals && sit.crystals >= spare && sit.ship.energy_on_track() > 0 {
        out.push(Proposal::new(band::SURGE, 5, Intent::EnergySurge));
    }
}

/// R17: an enemy mine on the squares straight ahead (where the ship is
/// going) is shot away with one torpedo, when the hit test passes and the
/// torpedo is not needed for the enemy ship: another is loaded, or the
/// enemy is far off.
fn shoot_mine_in_the_way(sit: &Situation, named: bool, out: &mut Vec<Proposal>) {
    let Some(foe) = &sit.foe else { return };
    if sit.torps.total() < 2 && foe.range <= 4 {
        return;
    }
    let game = sit.game;
    let map = game.map();
    let mut sq = sit.ship.position.square;
    for _ in 0..MINE_LOOKAHEAD {
        let Some(next) = map.step(sq, sit.ship.facing) else { return };
        sq = next;
        let enemy_mine = game
            .mine_at(sq)
            .is_some_and(|m| game.ship(m.owner).is_some_and(|owner| owner.team != sit.ship.team));
        if !enemy_mine {
            continue;
        }
        let Some(shot) = game.fire_preview(sit.me, Target::Mine(sq)) else { return };
        if shot.would_hit && shot.rift.is_none() {
            let side = if named { shot.arc } else { None };
            let intent = Intent::Fire { count: 1, target: Some(Target::Mine(sq)), side };
            out.push(Proposal::new(band::SHOOT_MINE, 9, intent));
        }
        return;
    }
}

/// How many squares ahead an enemy mine counts as in the way.
const MINE_LOOKAHEAD: u8 = 3;

fn idle_die(sit: &Situation, station: Station) -> Option<u8> {
    sit.ship.station_dice(station).iter().position(|d| *d == DieState::Idle).map(|i| i as u8)
}

/// Station Override at the critical moment (R18, R32): the one die that
/// completes a shot, or a shield on the bare sector under fire.
fn overrides(sit: &Situation, plan: &Plan, out: &mut Vec<Proposal>) {
    let Some(foe) = &sit.foe else { return };
    let a = foe.attack;
    let need_lock = a.test().lock_needed();
    // D43: no crystal for a shot a rift blocks.
    if let Some(side) = a.arc.filter(|_| a.rift.is_none()) {
        // A torpedo one part short on the arc's side, with the lock already there.
        if a.loaded_on_arc == 0 && a.test().hits() {
            let short = TUBES.iter().filter(|t| t.side == side).find(|t| parts_in(sit.ship, **t) == 2);
            if let (Some(tube), Some(die)) = (short, idle_die(sit, Station::Weapons)) {
                let missing = [TorpedoPart::Nose, TorpedoPart::Body, TorpedoPart::Tail]
                    .into_iter()
                    .find(|p| sit.ship.spot_free(Spot::Torpedo(*tube, *p)));
                if let Some(part) = missing {
                    let face = Face::Weapons(match part {
                        TorpedoPart::Nose => WeaponFace::Nose,
                        TorpedoPart::Body => WeaponFace::Body,
                        TorpedoPart::Tail => WeaponFace::Tail,
                    });
                    let spot = Spot::Torpedo(*tube, part);
                    let intent = Intent::Override { station: Station::Weapons, die, face, spot };
                    out.push(Proposal::new(band::OVERRIDE, 9, intent));
                }
            }
        }
        // A torpedo ready, the lock one Double Lock short.
        if a.loaded_on_arc > 0 && a.lock < need_lock && a.lock + 2 >= need_lock {
            if let Some(die) = idle_die(sit, Station::Sensors) {
                let face = Face::Sensors(SensorFace::DoubleLock);
                let intent = Intent::Override { station: Station::Sensors, die, face, spot: Spot::Lock };
                out.push(Proposal::new(band::OVERRIDE, 8, intent));
            }
        }
    }
    // Under fire on a bare sector, when no warp is possible (a warp also costs one crystal).
    let sector = foe.struck;
    if sit.under_fire() && sit.shields[sector.index()] == 0 && plan.shield_target[sector.index()] > 0 {
        if let Some(die) = idle_die(sit, Station::Shields) {
            let face = Face::Shields(match sector {
                Sector::Front => ShieldFace::Front,
                Sector::Right => ShieldFace::Right,
                Sector::Aft => ShieldFace::Back,
                Sector::Left => ShieldFace::Left,
            });
            let intent =
                Intent::Override { station: Station::Shields, die, face, spot: Spot::Shield(sector) };
            out.push(Proposal::new(band::OVERRIDE, 7, intent));
        }
    }
}

/// LAUNCH (R22, mission 1): relaunch the team's destroyed Fighter, with three
/// crystals when the ship holds them, else with one damage while the Capital
/// ship has at most one and is not under fire (never the fourth: the core
/// refuses it). The Fighter faces the side that puts the enemy Capital ship
/// in its front arc, if either does.
fn relaunch(sit: &Situation, out: &mut Vec<Proposal>) {
    let game = sit.game;
    if !game.mission().is_some_and(|m| m.relaunches()) || sit.ship.class != ShipClass::Capital {
        return;
    }
    if !game.team_ships(sit.ship.team, ShipClass::Fighter).any(|(_, f)| f.destroyed) {
        return;
    }
    let pay = if sit.crystals >= LAUNCH_CRYSTALS {
        LaunchCost::Crystals
    } else if sit.ship.hits <= 1 && !sit.under_fire() {
        LaunchCost::Damage
    } else {
        return;
    };
    let at = Position::centre(sit.ship.position.square);
    let enemy =
        game.enemies_of(sit.ship.team).find(|(_, s)| s.class == ShipClass::Capital).map(|(_, s)| s.position);
    let side = LaunchSide::BOTH
        .into_iter()
        .find(|side| enemy.is_some_and(|e| arc_of(at, side.facing(sit.ship.facing), e) == Some(Arc::Front)))
        .unwrap_or(LaunchSide::Left);
    out.push(Proposal::new(band::OVERRIDE, 9, Intent::Launch { side, pay }));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Difficulty;
    use duel_core::map::{MapSpec, Terrain};
    use duel_core::station::{Tube, TubeSide};
    use duel_core::{Dir, Game, GameConfig, ShipId, Square};

    /// White at E7 facing Black at E3 (range 4) with both front torpedoes
    /// loaded and `lock`; Black jams 3. A rift at E5 (`blocked`) or in a corner.
    fn shot(blocked: bool, lock: u8) -> Game {
        let mut map = MapSpec::default();
        let rift = if blocked { Square::new(4, 4) } else { Square::new(0, 0) };
        map.paint(rift, Some(Terrain::Rift));
        let game = Game::new(GameConfig { map, ..GameConfig::duel() }).expect("a valid tile map");
        let mut setup = game.to_setup().expect("at rest");
        setup.put(ShipId(0), Square::new(4, 6), Dir::North).put(ShipId(1), Square::new(4, 2), Dir::South);
        for index in 0..2 {
            let tube = Tube { side: TubeSide::Front, index };
            for (face, part) in [
                (WeaponFace::Nose, TorpedoPart::Nose),
                (WeaponFace::Body, TorpedoPart::Body),
                (WeaponFace::Tail, TorpedoPart::Tail),
            ] {
                setup.place(ShipId(0), Face::Weapons(face), Spot::Torpedo(tube, part));
            }
        }
        for _ in 0..lock / 2 {
            setup.place(ShipId(0), Face::Sensors(SensorFace::DoubleLock), Spot::Lock);
        }
        setup.place(ShipId(1), Face::Sensors(SensorFace::DoubleJammer), Spot::Jammer);
        setup.place(ShipId(1), Face::Sensors(SensorFace::Jammer), Spot::Jammer);
        setup.into_game().expect("a possible position")
    }

    fn fires(game: &Game) -> bool {
        let sit = Situation::new(game, ShipId(0)).expect("ship");
        let profile = Difficulty::Hard.profile();
        let plan = Plan::new(&sit, &profile, false);
        let mut out = Vec::new();
        propose(&sit, Some(&plan), &profile, &mut out);
        out.iter().any(|p| matches!(p.intent, Intent::Fire { .. }))
    }

    /// D43: Fire through a rift is refused, so the Captain never shouts it:
    /// neither a shot that would hit (lock 8 against range 4 + 3 jammers) nor
    /// one to strip the jammers (lock 4), both of which it shouts in the open.
    #[test]
    fn d43_the_captain_never_declares_fire_through_a_rift() {
        for lock in [8, 4] {
            assert!(fires(&shot(false, lock)), "lock {lock}, no rift in the way");
            let blocked = shot(true, lock);
            let preview = blocked.fire_preview(ShipId(0), Target::Ship(ShipId(1))).expect("ships");
            assert_eq!(preview.rift, Some(Square::new(4, 4)));
            assert!(!fires(&blocked), "lock {lock}: fired through the rift");
        }
    }

    /// A hurried glance (R14): the enemy looks one square nearer, so with the
    /// lock one short (6 against range 4 + 3 jammers) both torpedoes are
    /// shouted; looking properly, Hard only strips the jammers with one.
    #[test]
    fn a_glance_shouts_a_shot_one_lock_short() {
        let game = shot(false, 6);
        assert!(!game.fire_preview(ShipId(0), Target::Ship(ShipId(1))).expect("ships").would_hit);
        let profile = Difficulty::Hard.profile();
        let counts = |misread| {
            let mut sit = Situation::new(&game, ShipId(0)).expect("ship");
            sit.misread = misread;
            let plan = Plan::new(&sit, &profile, false);
            let mut out = Vec::new();
            propose(&sit, Some(&plan), &profile, &mut out);
            out.iter()
                .filter_map(|p| match p.intent {
                    Intent::Fire { count, .. } => Some(count),
                    _ => None,
                })
                .collect::<Vec<u8>>()
        };
        assert_eq!(counts(None), vec![1], "strips the jammers");
        assert_eq!(counts(Some(crate::misread::Misread::Glance)), vec![2], "fires one lock short");
    }
}
