//! The course of "Learn a station" (issue 16): short scripted situations on a real game,
//! each with one goal, hints that point at the control to use, and a check
//! when the goal is met. A lesson is data — a start position built with the
//! core's validated [`Setup`], the seat the learner holds, a [`Goal`] and its
//! hints — run by the ordinary practice host; nothing in the game knows it
//! is a lesson. See `docs/LESSONS.md` for the decisions.

mod first_practice;
mod goal;
mod progress;
mod start;
mod step;
#[cfg(test)]
mod tests;

pub use first_practice::{chosen as practice_start, remember as remember_practice_start, PracticeStart};
pub use goal::{FreezeKind, Goal, LEARNER};
pub use progress::{dismiss_offer, done_ids, forget_saved, mark_done, offer_due, remember_running, running};
pub use step::Step;

use duel_core::{Setup, SetupError, Station};

/// A step towards the goal, and the control it points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    pub text: &'static str,
    /// The station tab to open first, if the control is on a station.
    pub station: Option<Station>,
    /// The `data-testid` of the control to highlight.
    pub target: &'static str,
    /// What the learner does to follow it: once done, the card moves on.
    pub step: Step,
}

/// One lesson. See the module docs.
#[derive(Clone, Copy, Debug)]
pub struct Lesson {
    /// Its address: `#/learn/<id>`.
    pub id: &'static str,
    pub title: &'static str,
    /// What the learner is asked, in the game's words.
    pub task: &'static str,
    /// What the station (or freeze) is for, in a sentence or two.
    pub intro: &'static str,
    /// The stations the learner's seat holds (the rest of the ship is unmanned).
    pub holds: &'static [Station],
    pub goal: Goal,
    pub hints: &'static [Hint],
    /// A freeze lesson (listed after the stations).
    pub freeze: bool,
    /// The start position (before the learner's seat is set on it).
    start: fn() -> Result<Setup, SetupError>,
}

impl Lesson {
    /// The position the lesson starts from: its situation, with the learner
    /// holding [`Lesson::holds`] of White and Black's whole ship a bot seat.
    ///
    /// # Errors
    /// What `Setup::into_game` would refuse (a lesson table mistake; the
    /// unit tests build every lesson).
    pub fn position(&self) -> Result<Setup, SetupError> {
        let mut setup = (self.start)()?;
        setup.config.seats = start::seats(self.holds);
        // Checked here too, so a broken lesson says what is wrong before the host does.
        setup.clone().into_game()?;
        Ok(setup)
    }

    /// The hint to show in `game`: the one after the furthest step the
    /// learner has done (issue 33: the card follows the learner).
    pub fn hint_at(&self, game: &duel_core::Game) -> usize {
        step::follow(self.hints.iter().map(|h| h.step), game)
    }

    /// The station the lesson is played at: its first hint's, else the first it holds.
    pub fn station(&self) -> Option<Station> {
        self.hints.iter().find_map(|h| h.station).or_else(|| self.holds.first().copied())
    }

    /// The lesson after this one in the list, if any.
    pub fn next(&self) -> Option<&'static Lesson> {
        let at = LESSONS.iter().position(|l| l.id == self.id)?;
        LESSONS.get(at + 1)
    }
}

/// The lesson named `id`.
pub fn find(id: &str) -> Option<&'static Lesson> {
    LESSONS.iter().find(|l| l.id == id)
}

const fn hint(text: &'static str, station: Option<Station>, target: &'static str, step: Step) -> Hint {
    Hint { text, station, target, step }
}

use duel_core::dice::{HelmFace, ShieldFace};
use duel_core::station::TorpedoPart;
use duel_core::{Face, Spot, Tube, TubeSide};
use Station::{Engineering as Eng, Helm, Sensors, Shields, Tractor, Weapons};

/// The Nose box of front tube 1 (the Weapons lesson's tube).
const F0_NOSE: Spot = Spot::Torpedo(Tube { side: TubeSide::Front, index: 0 }, TorpedoPart::Nose);

/// Every lesson, in the order the list offers them: the six stations, then the freezes.
pub static LESSONS: [Lesson; 9] = [
    Lesson {
        id: "engineering",
        title: "Engineering",
        task: "Send two energy dice to Weapons",
        intro: "Engineering rolls the white energy dice and sends each one to the station its number powers: \
                1 Weapons, 2 Sensors, 3 Tractor Beam, 4 Shields, 5 Helm, 6 nothing (roll it again).",
        holds: &[Eng],
        goal: Goal::EnergyAt { station: Weapons, dice: 2 },
        hints: &[
            hint("Press Roll to roll the energy dice in the pool.", Some(Eng), "engineering-roll", Step::PoolRolled),
            hint("A die showing 1 powers Weapons: press the 1 → Weapons button to send it.", Some(Eng), "eng-send-1", Step::EnergyAt { station: Weapons, dice: 1 }),
            hint("No 1 showing? Roll again (only the dice still in the pool roll) until two have gone to Weapons.", Some(Eng), "engineering-roll", Step::Read),
        ],
        freeze: false,
        start: start::plain,
    },
    Lesson {
        id: "helm",
        title: "Helm",
        task: "Move to C4 facing east",
        intro: "Helm flies the ship. Three helm dice go in slots A, B and C; when the last slot is filled the ship \
                moves, A then B then C, each die one square forward and then its turn.",
        holds: &[Helm],
        goal: Goal::ShipAt { square: start::C4, facing: duel_core::Dir::East },
        hints: &[
            hint("Slots A and B already hold a Forward 1 each: from C7 that flies you to C5. Press Roll to roll the last helm die.", Some(Helm), "helm-roll", Step::Rolled(Helm)),
            hint("You need Forward + turn right (one square on to C4, then face east). Any other face: press Roll again.", Some(Helm), "helm-roll", Step::Showing(Face::Helm(HelmFace::TurnRight))),
            hint("Tap the Forward + turn right die, then slot C: the ship moves.", Some(Helm), "helm-slot-c", Step::Read),
        ],
        freeze: false,
        start: start::helm,
    },
    Lesson {
        id: "weapons",
        title: "Weapons",
        task: "Load a torpedo in front tube 1",
        intro: "Weapons builds torpedoes: a Nose, a Body and a Tail in one tube make a torpedo ready to fire. \
                Placing a die sends its energy back to Engineering.",
        holds: &[Eng, Weapons],
        goal: Goal::TorpedoLoaded { tube: duel_core::Tube { side: duel_core::TubeSide::Front, index: 0 } },
        hints: &[
            hint("Weapons has three energy dice: press Roll to roll three weapon dice.", Some(Weapons), "weapons-roll", Step::Rolled(Weapons)),
            hint("Tap a Nose die, then the Nose box of front tube 1.", Some(Weapons), "weapons-f0-nose", Step::Placed(F0_NOSE)),
            hint("Then a Body, then a Tail, in the same tube. Roll again for the faces you lack.", Some(Weapons), "weapons-f0-body", Step::Read),
            hint("Out of energy? Engineering sends more: a 1 powers Weapons.", Some(Eng), "eng-send-1", Step::Read),
        ],
        freeze: false,
        start: start::weapons,
    },
    Lesson {
        id: "sensors",
        title: "Sensors",
        task: "Build a lock of 3",
        intro: "Sensors locks on to the enemy so torpedoes hit: a torpedo hits when your lock is at least the range \
                plus the enemy's jammers. Jammers protect your own ship the same way.",
        holds: &[Eng, Sensors],
        goal: Goal::LockAtLeast { n: 3 },
        hints: &[
            hint("Press Roll to roll two sensor dice.", Some(Sensors), "sensors-roll", Step::Rolled(Sensors)),
            hint("Tap a Lock or Double Lock die, then the Lock box. A Double Lock counts 2.", Some(Sensors), "sensors-lock", Step::LockAtLeast(1)),
            hint("The Lock total shows how far you are. Roll again for more locks; ask Engineering for a 2 when out of energy.", Some(Sensors), "sensors-lock-total", Step::Read),
        ],
        freeze: false,
        start: start::sensors,
    },
    Lesson {
        id: "shields",
        title: "Shields",
        task: "Raise a shield on your front",
        intro: "Shields guard the four sides of the ship. A hit on a side with shields loses shield dice instead of \
                energy; three shields on a side stop the damage.",
        holds: &[Eng, Shields],
        goal: Goal::ShieldsOn { sector: duel_core::Sector::Front, n: 1 },
        hints: &[
            hint("Press Roll to roll a shield die.", Some(Shields), "shields-roll", Step::Rolled(Shields)),
            hint("You need Shield 1 (front). Any other face: roll again.", Some(Shields), "shields-roll", Step::Showing(Face::Shields(ShieldFace::Front))),
            hint("Tap the Shield 1 die, then the front side.", Some(Shields), "shields-sector-1", Step::Read),
        ],
        freeze: false,
        start: start::shields,
    },
    Lesson {
        id: "tractor",
        title: "Tractor Beam",
        task: "Pull the crystal at E7 aboard",
        intro: "The tractor beam pulls crystals aboard and drags ships. Its strength is the bolts on its dice; it \
                needs twice the range (at least 1).",
        holds: &[Eng, Tractor],
        goal: Goal::CrystalsHeld { n: 1 },
        hints: &[
            hint("Press Roll to roll two tractor dice.", Some(Tractor), "tractor-roll", Step::Rolled(Tractor)),
            hint("Place Bolt or Double Bolt dice in the bolts box until the strength is 2 (E7 is one square away).", Some(Tractor), "tractor-bolts", Step::BoltsAtLeast(2)),
            hint("Now pull the crystal at E7 aboard.", Some(Tractor), "tractor-crystal-5", Step::Read),
        ],
        freeze: false,
        start: start::tractor,
    },
    Lesson {
        id: "fire",
        title: "Freeze: a firing run",
        task: "Build a lock of 3 against 1 jammer and fire",
        intro: "Fire is a freeze: the game stops, the torpedo flies and the hit test is told step by step. Black is \
                2 squares away with 1 jammer, so a hit needs a lock of 2 + 1 = 3. Your torpedo is loaded.",
        holds: &[Eng, Weapons, Sensors],
        goal: Goal::TorpedoHit,
        hints: &[
            hint("Press Roll to roll two sensor dice.", Some(Sensors), "sensors-roll", Step::Rolled(Sensors)),
            hint("Tap a Lock or Double Lock die, then the Lock box, until the lock total is 3: the hit test then says HIT. Roll again for more locks; out of energy, Engineering sends a 2.", Some(Sensors), "sensors-lock", Step::LockAtLeast(3)),
            hint("Press Fire 1: the freeze tells the rest.", None, "cmd-fire1", Step::Read),
        ],
        freeze: true,
        start: start::fire,
    },
    Lesson {
        id: "tractor-freeze",
        title: "Freeze: a tractor",
        task: "Drag the Black ship with the tractor beam",
        intro: "Tractoring a ship is a freeze: the game stops while you choose the square next to it where it goes. \
                Black is one square ahead and your beam already has 2 bolts.",
        holds: &[Tractor],
        goal: Goal::FreezeDone { kind: FreezeKind::Tractor },
        hints: &[
            hint("Your beam's strength 2 reaches a ship one square away: press Tractor.", Some(Tractor), "cmd-tractor", Step::Frozen),
            hint("Choose where the Black ship goes, then wait for the freeze to end.", None, "freeze-overlay", Step::Read),
        ],
        freeze: true,
        start: start::tractor_freeze,
    },
    Lesson {
        id: "warp",
        title: "Freeze: a warp jump",
        task: "Warp jump to a crystal square",
        intro: "A warp jump costs a crystal: the game freezes, two energy dice are rolled and the ship jumps to a \
                crystal square they name. You hold one crystal.",
        holds: &[Eng, Helm],
        goal: Goal::FreezeDone { kind: FreezeKind::Warp },
        hints: &[
            hint("Press Warp.", None, "cmd-warp", Step::Frozen),
            hint("Choose one of the squares the dice name, then wait for the freeze to end.", None, "freeze-overlay", Step::Read),
        ],
        freeze: true,
        start: start::warp,
    },
];
