//! The host's clock in a Thunderstruck duel (R23): it draws each round's
//! beacon once every living player has committed its seed, and it keeps
//! the table moving when a player does not (D36, D38): a plan not sealed or
//! revealed in `plan_ms` sits that player out for the round; a turn or an
//! answer not given in `turn_ms` takes its stated default.

use duel_core::thunderstruck::{HostAction as Ts, Phase, Planning, Player};
use duel_core::HostAction;

use super::game::{Batch, Match};
use super::keys::Keys;

impl Match {
    pub(crate) fn thunderstruck_tick(&mut self, keys: &mut Keys, now: u64) -> Vec<Batch> {
        let mut out = Vec::new();
        if let Some(action) = self.due_now() {
            out.extend(self.act(&HostAction::Thunderstruck(action), None, None, keys, now).ok());
        }
        let Some(duel) = self.game.thunderstruck() else { return out };
        let hash = duel.state_hash();
        let since = match self.waiting_since {
            Some((h, since)) if h == hash => since,
            _ => {
                self.waiting_since = Some((hash, now));
                now
            }
        };
        let planning = matches!(duel.phase(), Phase::Planning { .. });
        let limit = if planning { self.timing.plan_ms } else { self.timing.turn_ms };
        if now.saturating_sub(since) >= limit {
            for action in self.late_defaults() {
                out.extend(self.act(&HostAction::Thunderstruck(action), None, None, keys, now).ok());
            }
            self.waiting_since = None;
        }
        out.retain(|b| b.count > 0);
        out
    }

    /// The beacon, as soon as every living player has committed a seed.
    fn due_now(&self) -> Option<Ts> {
        let duel = self.game.thunderstruck()?;
        duel.beacon_due().then_some(Ts::Beacon)
    }

    /// What a deadline does now: the beacon without the missing seeds; a
    /// forfeit for each player holding up the plans; a turn's or answer's default.
    fn late_defaults(&self) -> Vec<Ts> {
        let Some(duel) = self.game.thunderstruck() else { return vec![] };
        match duel.phase() {
            Phase::Planning { beacon: None } => vec![Ts::Beacon],
            Phase::Planning { beacon: Some(_) } => {
                let plan = |p: &Player| duel.ship(*p).map(|s| s.planning);
                let all_sealed = duel.living().all(|p| {
                    matches!(plan(&p), Some(Planning::Sealed { .. } | Planning::Revealed | Planning::Forfeit))
                });
                duel.living()
                    .filter(|p| match plan(p) {
                        Some(Planning::Sealed { .. }) => all_sealed,
                        Some(Planning::Seeded { .. } | Planning::Unseeded) => true,
                        _ => false,
                    })
                    .map(|player| Ts::Forfeit { player })
                    .collect()
            }
            Phase::Action { .. } => vec![Ts::Default],
            Phase::Over { .. } => vec![],
        }
    }
}
