//! The answers a pending question waits for: the target of a hit choosing
//! the shield and the space it damages (T4), a Manoeuvre winner steering
//! (T5). Checked here and turned into events; `play.rs` asks.

use super::console::{ConsoleSpace, Shield};
use super::event::Event;
use super::intent::Steer;
use super::refusal::ThunderRuleError;
use super::{Game, Pending, Phase, Player};

impl Game {
    /// Where the damage of a hit on `shield` could go (empty: that shield cannot take it).
    pub fn hit_spaces(&self, target: Player, shield: Shield, frontal: bool) -> Vec<ConsoleSpace> {
        let Some(ship) = self.ship(target) else { return vec![] };
        if !ship.console.shield_up(shield) || !shield.guards(frontal) {
            return vec![];
        }
        shield.damage_spaces().iter().copied().filter(|s| !ship.console.is_damaged(*s)).collect()
    }

    /// T4: the target of a hit chooses a raised shield that faces the shot and a
    /// space it damages.
    pub(super) fn take_hit(
        &self,
        player: Player,
        shield: Shield,
        damage: ConsoleSpace,
    ) -> Result<Vec<Event>, ThunderRuleError> {
        let Phase::Action { pending: Some(Pending::Hit { target, frontal }), .. } = self.phase else {
            return Err(ThunderRuleError::NothingToAnswer);
        };
        if target != player {
            return Err(ThunderRuleError::AwaitingAnswer);
        }
        let console = &self.ships[usize::from(player.0)].console;
        if !console.shield_up(shield) {
            return Err(ThunderRuleError::ShieldDown(shield));
        }
        if !shield.guards(frontal) {
            return Err(ThunderRuleError::ShieldFacesAway(shield));
        }
        if !self.hit_spaces(player, shield, frontal).contains(&damage) {
            return Err(ThunderRuleError::NoDamageThere(damage));
        }
        let mut after = console.clone();
        after.raise(shield, false);
        after.damage_at(damage);
        let mut events = vec![Event::HitTaken { player, shield, damage }];
        if after.is_crippled() {
            events.push(Event::Destroyed { player });
        }
        Ok(events)
    }

    /// T5: a Manoeuvre winner holds, flips or (with both dice) warps.
    pub(super) fn steer(&self, player: Player, steer: Steer) -> Result<Event, ThunderRuleError> {
        let Phase::Action { pending: Some(Pending::Steer { ref winners }), .. } = self.phase else {
            return Err(ThunderRuleError::NothingToAnswer);
        };
        let Some(&(_, may_warp)) = winners.iter().find(|(p, _)| *p == player) else {
            return Err(ThunderRuleError::AwaitingAnswer);
        };
        let ship = &self.ships[usize::from(player.0)];
        let (at, facing) = match steer {
            Steer::Hold => (ship.at, ship.facing),
            Steer::Flip => (ship.at, ship.facing.flipped()),
            Steer::Warp { to, facing } => {
                if !may_warp {
                    return Err(ThunderRuleError::CannotWarp);
                }
                if !self.board.warp_targets(ship.at).contains(&to)
                    || self.occupied_except(player).contains(&to)
                {
                    return Err(ThunderRuleError::NotAWarpSpot);
                }
                (to, facing)
            }
        };
        Ok(Event::Steered { player, steer, facing, at })
    }
}
