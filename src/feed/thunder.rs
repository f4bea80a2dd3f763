//! Thunderstruck's story (R23): the duel told in short lines ("Blue fires a
//! 4 at Red: hit, front shield takes it"), the log under the battlefield,
//! newest first on screen. The store records it from the events it applies,
//! beside Dice Duel's lines ([`super::Log::thunder`]).

use duel_core::thunderstruck::{Act, Board, Event, Outcome, Player, Shot, Steer};

use crate::ui::thunder_words as words;

/// Lines kept (older ones scroll away).
const KEEP: usize = 80;

/// One line of the duel's story, with the player it is about (its colour).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThunderLine {
    pub id: u64,
    pub who: Option<Player>,
    pub text: String,
}

/// The duel's story so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ThunderStory {
    lines: Vec<ThunderLine>,
    next: u64,
    /// The line of a shielded hit still waiting for the target's answer.
    open_hit: Option<u64>,
    /// Events heard before the battlefield was known (a reloaded host's
    /// history, taken before its first pump): told with the first game.
    untold: Vec<Event>,
    /// The game's events applied as of the last batch: fewer means a new duel
    /// began in the same session, which starts a new story.
    seen: u64,
}

impl ThunderStory {
    pub fn lines(&self) -> &[ThunderLine] {
        &self.lines
    }

    /// The newest line, if any.
    pub fn last(&self) -> Option<&ThunderLine> {
        self.lines.last()
    }

    /// Whether events wait for the battlefield to be told.
    pub fn untold(&self) -> bool {
        !self.untold.is_empty()
    }

    /// Tells `events`, already applied to the duel on `board` (`applied`:
    /// the game's events applied now). With no board yet they wait, and are
    /// told with the first batch that has one.
    pub fn record(&mut self, board: Option<&Board>, applied: u64, events: &[Event]) {
        let Some(board) = board else {
            self.untold.extend_from_slice(events);
            return;
        };
        if applied < self.seen {
            *self = ThunderStory::default();
        }
        self.seen = applied;
        for e in std::mem::take(&mut self.untold).iter().chain(events) {
            self.tell(board, e);
        }
        let extra = self.lines.len().saturating_sub(KEEP);
        self.lines.drain(..extra);
    }

    fn push(&mut self, who: Option<Player>, text: String) -> u64 {
        let id = self.next;
        self.next += 1;
        self.lines.push(ThunderLine { id, who, text });
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
                let tail = format!(", {shield} takes it (damage on {}).", damage.label());
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
        parts.push(format!("moved to {}", to.label()));
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
        let mut story = ThunderStory::default();
        let act = Act::plain(ConsoleSpace::FireA);
        story.record(
            Some(&board),
            2,
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

    /// A reloaded host's history comes before its battlefield is known: it
    /// waits, is told whole with the first game, and once only; a new duel
    /// in the same session (fewer events applied) starts a new story.
    #[test]
    fn a_history_waits_for_the_battlefield_and_a_new_duel_starts_afresh() {
        let board = Board::for_players(2);
        let ready = |p| Event::PlanSealed { player: Player(p), plan: duel_core::seal::Digest([p; 32]) };
        let mut story = ThunderStory::default();
        story.record(None, 0, &[Event::Beacon { value: 1 }, ready(0)]);
        assert!(story.untold() && story.lines().is_empty(), "no battlefield yet: nothing told");
        story.record(Some(&board), 9, &[]);
        assert!(!story.untold());
        let texts: Vec<&str> = story.lines().iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["Dice rolled: everyone plans in secret.", "Red is ready."]);
        story.record(Some(&board), 10, &[ready(1)]);
        assert_eq!(story.lines().len(), 3, "told once, then the news");
        story.record(Some(&board), 2, &[Event::Beacon { value: 2 }]);
        assert_eq!(story.lines().len(), 1, "a new duel: {:?}", story.lines());
    }
}
