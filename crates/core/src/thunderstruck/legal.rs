//! What a player may do now in the Action Phase, listed (for bots, the
//! console screen, and the property tests). Planning intents need the
//! player's secret seed; [`Placement::all`](super::Placement::all) lists
//! the placements instead.

use super::console::{ConsoleSpace, Shield, System};
use super::intent::{Act, Intent, Steer};
use super::{Game, Pending, Phase, Player};

impl Game {
    /// Every legal action of `player` now: each die, with every affordable
    /// pip change and move, Boost pairs and Fire targets.
    pub fn legal_acts(&self, player: Player) -> Vec<Act> {
        if self.turn() != Some(player) {
            return vec![];
        }
        let Some(ship) = self.ship(player) else { return vec![] };
        let c = &ship.console;
        let cubes = c.cubes() as i8;
        let targets: Vec<Option<Player>> = if self.config.players == 2 {
            vec![None]
        } else {
            self.living().filter(|p| *p != player).map(Some).collect()
        };
        let mut out = Vec::new();
        for (die, _) in c.dice() {
            for pips in -cubes..=cubes {
                let moves = std::iter::once(None)
                    .chain(ConsoleSpace::ALL.into_iter().filter(|s| c.is_free(*s)).map(Some));
                for to in moves {
                    let at = to.unwrap_or(die);
                    let withs: Vec<Option<ConsoleSpace>> = if at.system() == System::Boost {
                        std::iter::once(None)
                            .chain(
                                ConsoleSpace::of(System::Boost)
                                    .iter()
                                    .filter(|s| **s != at && **s != die)
                                    .map(|s| Some(*s)),
                            )
                            .collect()
                    } else {
                        vec![None]
                    };
                    let aims: &[Option<Player>] =
                        if at.system() == System::Fire { &targets } else { &[None] };
                    for with in &withs {
                        for target in aims {
                            let act = Act { die, pips, to, with: *with, target: *target };
                            if self.validate(player, &Intent::Act(act)).is_ok() {
                                out.push(act);
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// The hit player's choices: a shield that faces the shot, and a space its damage may go.
    pub fn hit_answers(&self, player: Player) -> Vec<(Shield, ConsoleSpace)> {
        let Phase::Action { pending: Some(Pending::Hit { target, frontal }), .. } = self.phase else {
            return vec![];
        };
        if target != player {
            return vec![];
        }
        Shield::ALL
            .into_iter()
            .flat_map(|s| self.hit_spaces(player, s, frontal).into_iter().map(move |d| (s, d)))
            .collect()
    }

    /// A Manoeuvre winner's choices.
    pub fn steers(&self, player: Player) -> Vec<Steer> {
        let Phase::Action { pending: Some(Pending::Steer { ref winners }), .. } = self.phase else {
            return vec![];
        };
        let Some(&(_, may_warp)) = winners.iter().find(|(p, _)| *p == player) else { return vec![] };
        let mut out = vec![Steer::Flip, Steer::Hold];
        if may_warp {
            if let Some(ship) = self.ship(player) {
                let taken = self.occupied_except(player);
                for to in self.board.warp_targets(ship.at).into_iter().filter(|s| !taken.contains(s)) {
                    for facing in [super::Facing::Up, super::Facing::Down] {
                        out.push(Steer::Warp { to, facing });
                    }
                }
            }
        }
        out
    }

    /// Who must act or answer now (several Manoeuvre winners may choose at once).
    pub fn waiting_on(&self) -> Vec<Player> {
        match &self.phase {
            Phase::Action { pending: Some(Pending::Hit { target, .. }), .. } => vec![*target],
            Phase::Action { pending: Some(Pending::Steer { winners }), .. } => {
                winners.iter().map(|w| w.0).collect()
            }
            Phase::Action { turn, .. } => vec![*turn],
            Phase::Planning { .. } | Phase::Over { .. } => vec![],
        }
    }

    /// Every legal Action Phase intent of `player` (acts, hit answers, steers).
    pub fn legal_intents(&self, player: Player) -> Vec<Intent> {
        let mut out: Vec<Intent> = self.legal_acts(player).into_iter().map(Intent::Act).collect();
        out.extend(
            self.hit_answers(player).into_iter().map(|(shield, damage)| Intent::TakeHit { shield, damage }),
        );
        out.extend(self.steers(player).into_iter().map(Intent::Steer));
        out
    }
}
