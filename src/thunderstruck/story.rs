//! The duel told in short lines ("Blue fires a 4 at Red: hit, front shield
//! takes it"): the log under the battlefield, newest first on screen.

use duel_core::thunderstruck::{Act, Board, Event, Outcome, Player, Shot, Steer};

use super::words;

/// Lines kept (older ones scroll away).
const KEEP: usize = 80;

/// One line of the log, with the player it is about (its colour).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub id: u64,
    pub who: Option<Player>,
    pub text: String,
}

/// The log so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Story {
    lines: Vec<Line>,
    next: u64,
    /// The line of a shielded hit still waiting for the target's answer.
    open_hit: Option<u64>,
}

impl Story {
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// The newest line, if any.
    pub fn last(&self) -> Option<&Line> {
        self.lines.last()
    }

    /// Tells `events` (already applied; `board` is the battlefield now).
    pub fn record(&mut self, board: &Board, events: &[Event]) {
        for e in events {
            self.tell(board, e);
        }
        let extra = self.lines.len().saturating_sub(KEEP);
        self.lines.drain(..extra);
    }

    fn push(&mut self, who: Option<Player>, text: String) -> u64 {
        let id = self.next;
        self.next += 1;
        self.lines.push(Line { id, who, text });
        id
    }

    fn tell(&mut self, board: &Board, event: &Event) {
        match event {
            Event::SeedCommitted { .. } => {}
            Event::Beacon { .. } => {
                self.push(None, "Dice rolled: everyone plans in secret.".into());
            }
            Event::PlanSealed { player, .. } => {
                self.push(Some(*player), format!("{player} is ready."));
            }
            Event::Revealed { player, rerolls, .. } => {
                let extra = match rerolls {
                    0 => String::new(),
                    1 => " (after a reroll)".into(),
                    n => format!(" (after {n} rerolls)"),
                };
                self.push(Some(*player), format!("{player} reveals its plan{extra}."));
            }
            Event::Forfeited { player } => {
                self.push(Some(*player), format!("{player} sits this round out."));
            }
            Event::Acted { player, act, value, outcome } => {
                let text = acted(*player, act, value.value(), outcome);
                let id = self.push(Some(*player), text);
                if let Outcome::Fired { shot: Shot::Shielded { .. }, .. } = outcome {
                    self.open_hit = Some(id);
                }
            }
            Event::HitTaken { player, shield, damage } => {
                let tail = format!(", {shield} takes it (damage on {}).", words::slot_label(*damage));
                match self.open_hit.take().and_then(|id| self.lines.iter_mut().find(|l| l.id == id)) {
                    Some(line) => {
                        line.text = line.text.trim_end_matches('.').to_string() + &tail;
                    }
                    None => {
                        self.push(Some(*player), format!("{player} is hit{tail}"));
                    }
                }
            }
            Event::Steered { player, steer, facing, at } => {
                let text = match steer {
                    Steer::Flip => format!("{player} flips to face {}.", words::facing(board, *facing)),
                    Steer::Hold => format!("{player} holds its course."),
                    Steer::Warp { .. } => format!(
                        "{player} warps to {}, facing {}.",
                        words::space(*at),
                        words::facing(board, *facing)
                    ),
                };
                self.push(Some(*player), text);
            }
            Event::Destroyed { player } => {
                self.push(Some(*player), format!("{player} is destroyed!"));
            }
            Event::RoundEnded { reflex, closed } => {
                let mut text = String::from("Round over.");
                if let Some(p) = reflex {
                    text += &format!(" {p} takes the Reflex die.");
                }
                if let Some(s) = closed {
                    text += &format!(" Sector {} closes.", s + 1);
                }
                self.push(None, text);
            }
            Event::SectorClosed { sector } => {
                self.push(None, format!("The last two ships meet: Sector {} closes.", sector + 1));
            }
            Event::Over { winner } => {
                let text = match winner {
                    Some(p) => format!("{p} wins the duel!"),
                    None => "The duel ends in a draw.".into(),
                };
                self.push(*winner, text);
            }
        }
    }
}

/// What the cubes did to a die before its action ("+1, moved to Fire B").
fn cubes_spent(act: &Act) -> String {
    let mut parts = Vec::new();
    if act.pips != 0 {
        parts.push(format!("{:+} with cubes", act.pips));
    }
    if let Some(to) = act.to {
        parts.push(format!("moved to {}", words::slot_label(to)));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!(" ({})", parts.join(", "))
    }
}

fn acted(player: Player, act: &Act, value: u8, outcome: &Outcome) -> String {
    let spent = cubes_spent(act);
    match outcome {
        Outcome::Boosted { spaces, from, to } if from == to => {
            format!("{player} boosts {spaces}{spent} but cannot move.")
        }
        Outcome::Boosted { spaces, to, .. } => {
            format!("{player} boosts {spaces}{spent} to {}.", words::space(*to))
        }
        Outcome::Manoeuvred { dice, winners } => {
            let totals: Vec<String> = dice
                .iter()
                .map(|(p, d)| format!("{p} {}", d.iter().map(|x| u32::from(x.value())).sum::<u32>()))
                .collect();
            let won = if winners.is_empty() {
                "nobody wins".to_string()
            } else {
                let names: Vec<String> = winners
                    .iter()
                    .map(|(p, warp)| if *warp { format!("{p} (may warp)") } else { p.to_string() })
                    .collect();
                let verb = if winners.len() == 1 { "wins" } else { "win" };
                format!("{} {verb}", names.join(" and "))
            };
            format!("{player} calls the Manoeuvre{spent}: {}; {won}.", totals.join(", "))
        }
        Outcome::ShieldRaised { shield, already: false } => format!("{player} raises its {shield}{spent}."),
        Outcome::ShieldRaised { shield, already: true } => {
            format!("{player} uses its {shield} space{spent} (already raised).")
        }
        Outcome::Fired { target, distance, shot } => {
            let result = match shot {
                Shot::Miss => "miss".to_string(),
                Shot::Unshielded => "hit, no shield faces it".to_string(),
                Shot::Shielded { frontal: true } => "hit from the front".to_string(),
                Shot::Shielded { frontal: false } => "hit from behind".to_string(),
            };
            format!("{player} fires a {value}{spent} at {target} ({distance} away): {result}.")
        }
        Outcome::Powered { gained } => {
            format!("{player} powers up{spent}: +{}.", words::cubes(*gained))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::thunderstruck::{ConsoleSpace, Shield};
    use duel_core::Pip;

    #[test]
    fn a_shielded_hit_is_one_line_once_answered() {
        let board = Board::for_players(2);
        let mut story = Story::default();
        let act = Act::plain(ConsoleSpace::FireA);
        story.record(
            &board,
            &[
                Event::Acted {
                    player: Player(1),
                    act,
                    value: Pip::new(4),
                    outcome: Outcome::Fired {
                        target: Player(0),
                        distance: 3,
                        shot: Shot::Shielded { frontal: true },
                    },
                },
                Event::HitTaken { player: Player(0), shield: Shield::Front, damage: ConsoleSpace::FireA },
            ],
        );
        assert_eq!(story.lines().len(), 1);
        assert_eq!(
            story.lines()[0].text,
            "Blue fires a 4 at Red (3 away): hit from the front, front shield takes it (damage on Fire A)."
        );
    }
}
