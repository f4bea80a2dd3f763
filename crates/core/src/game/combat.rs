//! Launching torpedoes (R14, R26, R27, R34): the rulebook's steps A (hit
//! test and removals), B (sector and damage roll) and C (clean-up, crystals).

use super::{damage, fighter, Game};
use crate::choice::{ChoiceKind, Chooser};
use crate::dice::{DiceSource, WeaponFace};
use crate::error::RuleError;
use crate::event::{CrystalAt, Event, Removal};
use crate::freeze::{FireStep, FreezeAction, Progress};
use crate::geometry::{arc_of, hit_sector, range, Arc, Position, Sector, SectorHit};
use crate::ids::ShipId;
use crate::intent::Target;
use crate::spot::Spot;
use crate::station::{Station, TorpedoPart, Tube, TubeSide};

/// Whether "Fire `count`" at `target` may be declared.
pub(super) fn check_fire(
    game: &Game,
    ship: ShipId,
    count: u8,
    target: Target,
    side: Option<TubeSide>,
) -> Result<(), RuleError> {
    let Some(s) = game.ship(ship) else { return Err(RuleError::NoSuchShip) };
    if !(1..=2).contains(&count) {
        return Err(RuleError::FireCount);
    }
    if s.class.fires_one_forward() && count != 1 {
        return Err(RuleError::FighterFiresOne);
    }
    let front = s.loaded_tubes(TubeSide::Front).len();
    let rear = s.loaded_tubes(TubeSide::Rear).len();
    if front + rear == 0 {
        return Err(RuleError::NoTorpedoLoaded);
    }
    match (game.ruleset.house.weapons_name_side, side) {
        (true, None) => return Err(RuleError::NameTheSide),
        (true, Some(side)) if s.loaded_tubes(side).is_empty() => {
            return Err(RuleError::NoTorpedoOnSide { side })
        }
        // D12: one meaning per intent; without the toggle the arc decides (R26).
        (false, Some(_)) => return Err(RuleError::SideNotNamed),
        _ => {}
    }
    match target {
        Target::Ship(t) => match game.ship(t) {
            None => return Err(RuleError::NoSuchShip),
            Some(ts) if ts.destroyed => return Err(RuleError::TargetDestroyed),
            Some(ts) if ts.team == s.team => return Err(RuleError::FriendlyFire),
            Some(_) => {}
        },
        Target::Mine(sq) => {
            if game.mine_at(sq).is_none() {
                return Err(RuleError::NoMineAt { square: sq });
            }
        }
    }
    let Some(to) = target_position(game, target) else { return Ok(()) };
    if let Some(square) = game.map.rift_between(s.position.square, to.square) {
        return Err(RuleError::RiftInTheWay { square });
    }
    fighter::check_missile(s, count, to)
}

fn target_position(game: &Game, target: Target) -> Option<Position> {
    match target {
        Target::Ship(t) => game.ship(t).map(|s| s.position),
        Target::Mine(sq) => Some(Position::centre(sq)),
    }
}

fn set_step(game: &mut Game, step: FireStep, out: &mut Vec<Event>) {
    game.emit(out, Event::FreezeProgress { progress: Progress::Fire(step) });
}

/// One step of the Fire resolution.
pub(super) fn step(game: &mut Game, step: FireStep, dice: &mut dyn DiceSource, out: &mut Vec<Event>) {
    let Some(f) = &game.freeze else { return };
    let shooter = f.declared.ship;
    let FreezeAction::Fire { count, target, side: named } = f.declared.action else { return };
    match step {
        FireStep::Launch { side } => launch(game, shooter, count, target, named.or(side), out),
        FireStep::Sector { .. } => {}
        FireStep::Damage { torpedoes, sector } => {
            if let Target::Ship(t) = target {
                damage_roll(game, shooter, t, torpedoes, sector, dice, out);
            }
            set_step(game, FireStep::Crystals, out);
        }
        FireStep::Crystals => {
            return_crystals(game, dice, out);
            game.emit(out, Event::FreezeProgress { progress: Progress::Review });
        }
    }
}

/// Which tubes fly: the arc's side first (R26); the rest from the other side.
/// `None` means the Weapons officer must choose a side first.
fn pick_tubes(
    game: &Game,
    ship: ShipId,
    count: u8,
    arc: Option<TubeSide>,
    chosen: Option<TubeSide>,
    named_only: bool,
) -> Option<Vec<Tube>> {
    let s = game.ship(ship)?;
    let front = s.loaded_tubes(TubeSide::Front);
    let rear = s.loaded_tubes(TubeSide::Rear);
    let n = usize::from(count);
    if named_only {
        let side = chosen?;
        return Some(s.loaded_tubes(side).into_iter().take(n).collect());
    }
    let first = match (arc, chosen) {
        (Some(a), _) => a,
        (None, Some(c)) => c,
        (None, None) if front.is_empty() => TubeSide::Rear,
        (None, None) if rear.is_empty() || front.len() + rear.len() <= n => TubeSide::Front,
        (None, None) => return None,
    };
    let (a, b) = if first == TubeSide::Front { (front, rear) } else { (rear, front) };
    Some(a.into_iter().chain(b).take(n).collect())
}

fn launch(
    game: &mut Game,
    shooter: ShipId,
    count: u8,
    target: Target,
    side: Option<TubeSide>,
    out: &mut Vec<Event>,
) {
    let (Some(s), Some(tpos)) = (game.ship(shooter), target_position(game, target)) else { return };
    let spos = s.position;
    let arc_side = arc_side(s.position, s.facing, tpos);
    // Measured before the launch spends the locks and strips the jammers.
    let Some(test) = hit_test(game, shooter, target) else { return };
    let named_only = game.ruleset.house.weapons_name_side;
    let Some(tubes) = pick_tubes(game, shooter, count, arc_side, side, named_only) else {
        game.open_choice(out, shooter, Chooser::Station(Station::Weapons), ChoiceKind::TorpedoSide);
        return;
    };
    let on_target = tubes.iter().filter(|t| Some(t.side) == arc_side).count() as u8;
    game.emit(out, Event::TorpedoesLaunched { ship: shooter, tubes: tubes.clone(), on_target });
    let torpedo_dice: Vec<u8> = tubes
        .iter()
        .flat_map(|t| [TorpedoPart::Nose, TorpedoPart::Body, TorpedoPart::Tail].map(|p| Spot::Torpedo(*t, p)))
        .filter_map(|spot| game.ship(shooter)?.dice_at(spot).next().map(|(i, _)| i))
        .collect();
    game.emit(
        out,
        Event::DiceRemoved {
            ship: shooter,
            station: Station::Weapons,
            dice: torpedo_dice,
            why: Removal::Launched,
        },
    );
    remove_all(game, shooter, Spot::Lock, Removal::LocksSpent, out);

    let hit = on_target > 0 && test.hits();
    let HitTest { lock, range, jammers } = test;
    match target {
        Target::Ship(t) => {
            if on_target > 0 {
                // R14, R27: jammers go whenever a torpedo flew from the arc's side, hit or miss.
                remove_all(game, t, Spot::Jammer, Removal::Jammed, out);
            }
            game.emit(out, Event::HitTested { ship: shooter, lock, range, jammers, hit });
            if !hit {
                return set_step(game, FireStep::Crystals, out);
            }
            let Some(ts) = game.ship(t) else { return };
            if !ts.class.has_shields() {
                // R22: a torpedo or missile that hits a Fighter deals one damage each.
                fighter::strike_shieldless(game, shooter, t, on_target, out);
                return set_step(game, FireStep::Crystals, out);
            }
            match hit_sector(ts.position, ts.facing, spos) {
                SectorHit::Sector(sector) => {
                    set_step(game, FireStep::Damage { torpedoes: on_target, sector }, out)
                }
                SectorHit::Diagonal(a, b) => {
                    let (sa, sb) = (ts.shields(a), ts.shields(b));
                    if game.ruleset.house.defender_picks_diagonal || sa == sb {
                        set_step(game, FireStep::Sector { torpedoes: on_target }, out);
                        let kind = ChoiceKind::DiagonalSector { options: [a, b] };
                        game.open_choice(out, t, Chooser::Station(Station::Shields), kind);
                    } else {
                        let sector = if sa > sb { a } else { b };
                        set_step(game, FireStep::Damage { torpedoes: on_target, sector }, out);
                    }
                }
            }
        }
        Target::Mine(sq) => {
            game.emit(out, Event::HitTested { ship: shooter, lock, range, jammers, hit });
            if let Some(mine) = game.mine_at(sq).filter(|_| hit) {
                game.emit(out, Event::MineGone { owner: mine.owner, mine: mine.mine });
            }
            set_step(game, FireStep::Crystals, out);
        }
    }
}

fn remove_all(game: &mut Game, ship: ShipId, spot: Spot, why: Removal, out: &mut Vec<Event>) {
    let Some(s) = game.ship(ship) else { return };
    let dice: Vec<u8> = s.dice_at(spot).map(|(i, _)| i).collect();
    if !dice.is_empty() {
        game.emit(out, Event::DiceRemoved { ship, station: spot.station(), dice, why });
    }
}

/// The defender picked the sector on a diagonal.
pub(super) fn on_sector(game: &mut Game, sector: Sector, out: &mut Vec<Event>) {
    if let Some(Progress::Fire(FireStep::Sector { torpedoes })) =
        game.freeze.as_ref().map(|f| f.progress.clone())
    {
        set_step(game, FireStep::Damage { torpedoes, sector }, out);
    }
}

/// The Weapons officer picked the side whose torpedoes fly (R26).
pub(super) fn on_side(game: &mut Game, side: TubeSide, out: &mut Vec<Event>) {
    set_step(game, FireStep::Launch { side: Some(side) }, out);
}

/// R14 step B: 0 shields → every torpedo damages; 3+ → none; 1–2 → one
/// weapons die per torpedo, Blast beats one shield, Double Blast two. A
/// missile counts one shield more and removes at most one (R22).
fn damage_roll(
    game: &mut Game,
    shooter: ShipId,
    target: ShipId,
    torpedoes: u8,
    sector: Sector,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) {
    let Some(ts) = game.ship(target) else { return };
    let actual = ts.shields(sector);
    let class = game.ship(shooter).map_or(crate::class::ShipClass::Capital, |s| s.class);
    let shields = fighter::counted_shields(class, actual);
    game.emit(out, Event::SectorStruck { ship: target, sector, shields: actual });
    let (faces, damage) = match shields {
        0 => (vec![], torpedoes),
        1 | 2 => {
            let faces: Vec<_> = (0..torpedoes).map(|_| dice.roll()).collect();
            let damage = faces.iter().filter(|p| WeaponFace::from_pip(**p).blasts() >= shields).count() as u8;
            (faces, damage)
        }
        _ => (vec![], 0),
    };
    game.emit(out, Event::DamageRolled { ship: target, faces, shields, damage });
    let struck: Vec<u8> =
        game.ship(target).map_or(vec![], |s| s.dice_at(Spot::Shield(sector)).map(|(i, _)| i).collect());
    let lost: Vec<u8> = struck.iter().copied().take(fighter::shields_lost(class, struck.len())).collect();
    if !lost.is_empty() {
        game.emit(
            out,
            Event::DiceRemoved {
                ship: target,
                station: Station::Shields,
                dice: lost,
                why: Removal::ShieldsHit,
            },
        );
    }
    let cause = fighter::projectile_cause(game, shooter);
    for _ in 0..damage {
        damage::hit(game, target, cause, out);
    }
}

/// R34: every used crystal is rolled back onto its crystal square.
fn return_crystals(game: &mut Game, dice: &mut dyn DiceSource, out: &mut Vec<Event>) {
    for crystal in 0..game.crystals.len() {
        if game.crystals[crystal] == CrystalAt::Used {
            let pip = dice.roll();
            let to = CrystalAt::OnMap(game.map.crystal_square(pip.value()));
            game.emit(out, Event::CrystalMoved { crystal: crystal as u8, to });
        }
    }
}

/// The numbers of the hit test (R14, step A): the shooter's lock against
/// the range plus the target's jammers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HitTest {
    pub lock: u8,
    pub range: u8,
    /// The target's jammers; a mine has none (R27).
    pub jammers: u8,
}

impl HitTest {
    /// The lock a hit needs: range + jammers, and never less than 1 (R14).
    pub fn lock_needed(&self) -> u8 {
        self.range.saturating_add(self.jammers).max(1)
    }

    /// Whether a torpedo flown from the arc's side hits (R14).
    pub fn hits(&self) -> bool {
        self.lock >= self.lock_needed()
    }
}

/// The side whose tubes face a target: the arc holding it, if any (R26).
fn arc_side(from: Position, facing: crate::geometry::Dir, to: Position) -> Option<TubeSide> {
    arc_of(from, facing, to).map(|a| match a {
        Arc::Front => TubeSide::Front,
        Arc::Rear => TubeSide::Rear,
    })
}

/// The hit test `ship` faces against `target` now: the one home of R14's
/// step A, used by the launch itself, the Sensors display and the bots.
pub(super) fn hit_test(game: &Game, ship: ShipId, target: Target) -> Option<HitTest> {
    let s = game.ship(ship)?;
    let to = target_position(game, target)?;
    let jammers = match target {
        Target::Ship(t) => game.ship(t)?.jammers(),
        // R27: no jammers on a mine; the lock still has to reach it.
        Target::Mine(_) => 0,
    };
    let range = range(s.position.square, to.square, game.ruleset.range_rule());
    Some(HitTest { lock: s.lock(), range, jammers })
}

/// What a launch at a target would meet now: for the Sensors display, the
/// Captain's "can we hit?" and bots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirePreview {
    /// The shooter's arc holding the target, if any.
    pub arc: Option<TubeSide>,
    /// Loaded torpedoes on that side.
    pub loaded_on_arc: u8,
    pub lock: u8,
    pub range: u8,
    pub jammers: u8,
    /// A rift on the line of fire (D43): no shot may be declared.
    pub rift: Option<crate::geometry::Square>,
    /// Every hit condition met by at least one torpedo.
    pub would_hit: bool,
}

impl FirePreview {
    /// The hit test these numbers make.
    pub fn test(&self) -> HitTest {
        HitTest { lock: self.lock, range: self.range, jammers: self.jammers }
    }
}

impl Game {
    /// The hit test `ship` would face firing at `target` now.
    pub fn fire_preview(&self, ship: ShipId, target: Target) -> Option<FirePreview> {
        let s = self.ship(ship)?;
        let arc = arc_side(s.position, s.facing, target_position(self, target)?);
        let loaded_on_arc = arc.map_or(0, |side| s.loaded_tubes(side).len() as u8);
        let test = hit_test(self, ship, target)?;
        let HitTest { lock, range, jammers } = test;
        let rift = self.map.rift_between(s.position.square, target_position(self, target)?.square);
        Some(FirePreview {
            arc,
            loaded_on_arc,
            lock,
            range,
            jammers,
            rift,
            would_hit: loaded_on_arc > 0 && test.hits() && rift.is_none(),
        })
    }
}
