//! Die Fighter's Experimental Equipment cards (`001_…`, R22, D25–D31), as
//! data: which dice each card's slots take, which slots carry the lock icon,
//! how many crystals it holds, how it is used, and whether using it freezes
//! the game. The rules of using a card live in `game::equipment`; a new card
//! is one entry in [`Card::spec`] and, if it does something when used, one
//! effect function there.
//!
//! Only the cards whose effect the rulebook states are here (R22). Missile
//! Pack cannot be built as written; the others' effects are printed only on
//! the physical cards, so they stay out rather than be invented.

mod draft;

pub use draft::{Draft, DraftTurn, DRAFT_DEAL, PICK_ORDER};

use serde::{Deserialize, Serialize};

use crate::dice::{Face, HelmFace, SensorFace, ShieldFace, TractorFace};
use crate::geometry::Dir;
use crate::station::Station;

/// An Experimental Equipment card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Card {
    /// Move up to three squares in any direction without turning or entering
    /// the squares between.
    Blink,
    /// Pivot in place: left, right or about.
    RotationalThrusters,
    /// With a sensor die on it, Helm moves after two dice instead of three.
    ManeuverJets,
    /// With two crystals on it, asteroids and nebulae do not affect the ship.
    NeuroNav,
}

/// Every card in the deck this game implements, in rulebook order.
pub const DECK: [Card; 4] = [Card::Blink, Card::RotationalThrusters, Card::ManeuverJets, Card::NeuroNav];

/// How a card's ability is set off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// A player uses it (`Intent::UseCard`) once its required slots are filled.
    OnUse,
    /// It acts by itself the moment every slot is filled (like the helm's third die).
    WhenFull,
    /// It works for as long as every slot and crystal space is filled; nothing is spent.
    WhileFull,
}

/// One die space on a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The station whose officer rolls and places this die.
    pub station: Station,
    /// The faces the slot takes.
    pub faces: &'static [Face],
    /// The lock icon: the die stays on the card when the ability is used.
    pub locked: bool,
    /// Whether the card can be used with this slot empty (Blink's second and third tractor dice).
    pub optional: bool,
}

/// What a card is, as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardSpec {
    pub name: &'static str,
    pub slots: &'static [Slot],
    /// Crystal spaces on the card.
    pub crystals: u8,
    /// The lock icon over the crystal spaces: crystals stay when it is used.
    pub crystals_locked: bool,
    pub trigger: Trigger,
    /// The snowflake icon: using it freezes the game like Fire (shout its name).
    pub freeze: bool,
    /// The card's text, as the rules page and the card display show it.
    pub text: &'static str,
}

const ANY_HELM: &[Face] = &[
    Face::Helm(HelmFace::Forward1),
    Face::Helm(HelmFace::Forward2),
    Face::Helm(HelmFace::TurnLeft),
    Face::Helm(HelmFace::TurnRight),
    Face::Helm(HelmFace::TurnAround),
];
const HELM_TURN: &[Face] =
    &[Face::Helm(HelmFace::TurnLeft), Face::Helm(HelmFace::TurnRight), Face::Helm(HelmFace::TurnAround)];
/// R2: "Special" faces are the expansion symbols the cards take (D25).
const TRACTOR_SQUARE: &[Face] = &[Face::Tractor(TractorFace::Special)];
const SHIELD_SPECIAL: &[Face] = &[Face::Shields(ShieldFace::Special)];
const SENSOR_SPECIAL: &[Face] = &[Face::Sensors(SensorFace::Special)];

const fn slot(station: Station, faces: &'static [Face]) -> Slot {
    Slot { station, faces, locked: false, optional: false }
}

const BLINK: CardSpec = CardSpec {
    name: "Blink",
    slots: &[
        slot(Station::Helm, ANY_HELM),
        slot(Station::Tractor, TRACTOR_SQUARE),
        Slot { optional: true, ..slot(Station::Tractor, TRACTOR_SQUARE) },
        Slot { optional: true, ..slot(Station::Tractor, TRACTOR_SQUARE) },
    ],
    crystals: 0,
    crystals_locked: false,
    trigger: Trigger::OnUse,
    freeze: true,
    text: "A Helm die for the direction (forward, left, right or back, relative to the ship's facing) \
           and one to three Tractor Beam dice showing the square, one per square: shout \"Blink!\" and the \
           ship moves that far without turning and without entering the squares between.",
};

const ROTATIONAL_THRUSTERS: CardSpec = CardSpec {
    name: "Rotational Thrusters",
    slots: &[slot(Station::Helm, HELM_TURN), slot(Station::Shields, SHIELD_SPECIAL)],
    crystals: 0,
    crystals_locked: false,
    trigger: Trigger::WhenFull,
    freeze: false,
    text: "A Helm die showing a turn (left, right or about) and a Shields die showing the special \
           symbol: the moment both are on the card the ship pivots in place, and both dice come off.",
};

const MANEUVER_JETS: CardSpec = CardSpec {
    name: "Maneuver Jets",
    slots: &[Slot { locked: true, ..slot(Station::Sensors, SENSOR_SPECIAL) }],
    crystals: 0,
    crystals_locked: false,
    trigger: Trigger::WhileFull,
    freeze: false,
    text: "While a Sensors die showing the special symbol is on the card, Helm moves the ship as soon as \
           two helm dice are placed instead of three. The die stays (lock).",
};

const NEURONAV: CardSpec = CardSpec {
    name: "NeuroNav Interface",
    slots: &[],
    crystals: 2,
    crystals_locked: true,
    trigger: Trigger::WhileFull,
    freeze: false,
    text: "While two crystals are on the card, asteroids and nebulae do not affect the ship. The crystals \
           stay (lock), and may be taken off at any time to pay for a crystal action.",
};

impl Card {
    /// The card's data.
    pub fn spec(self) -> &'static CardSpec {
        match self {
            Card::Blink => &BLINK,
            Card::RotationalThrusters => &ROTATIONAL_THRUSTERS,
            Card::ManeuverJets => &MANEUVER_JETS,
            Card::NeuroNav => &NEURONAV,
        }
    }

    /// The printed name.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// Slot `i`, if the card has it.
    pub fn slot(self, i: u8) -> Option<&'static Slot> {
        self.spec().slots.get(usize::from(i))
    }

    /// Index 0.. in [`DECK`] order, for per-card arrays.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl std::fmt::Display for Card {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// D26: the direction a Blink takes from its Helm die, relative to the
/// ship's facing: the forward arrows forward, a left or right turn that
/// side, the turn about backwards.
pub fn blink_direction(face: HelmFace, facing: Dir) -> Dir {
    match face {
        HelmFace::Forward1 | HelmFace::Forward2 => facing,
        HelmFace::TurnLeft => facing.left(),
        HelmFace::TurnRight => facing.right(),
        HelmFace::TurnAround => facing.opposite(),
    }
}

/// The facing after Rotational Thrusters with `face` (a turn face; others keep it).
pub fn pivot(face: HelmFace, facing: Dir) -> Dir {
    match face {
        HelmFace::TurnLeft => facing.left(),
        HelmFace::TurnRight => facing.right(),
        HelmFace::TurnAround => facing.opposite(),
        HelmFace::Forward1 | HelmFace::Forward2 => facing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r22_the_deck_is_the_four_cards_whose_effect_the_rulebook_states() {
        assert_eq!(DECK.len(), 4);
        for (i, card) in DECK.iter().enumerate() {
            assert_eq!(card.index(), i);
            assert!(!card.spec().text.is_empty());
        }
    }

    #[test]
    fn d25_cards_take_the_expansion_symbols() {
        assert!(Card::Blink.slot(1).is_some_and(|s| s.faces == [Face::Tractor(TractorFace::Special)]));
        assert!(Card::ManeuverJets.slot(0).is_some_and(|s| s.locked && s.station == Station::Sensors));
        assert_eq!(Card::NeuroNav.spec().crystals, 2);
        assert!(Card::NeuroNav.spec().crystals_locked);
    }

    #[test]
    fn d26_blink_direction_is_relative_to_facing() {
        assert_eq!(blink_direction(HelmFace::Forward2, Dir::North), Dir::North);
        assert_eq!(blink_direction(HelmFace::TurnLeft, Dir::North), Dir::West);
        assert_eq!(blink_direction(HelmFace::TurnRight, Dir::East), Dir::South);
        assert_eq!(blink_direction(HelmFace::TurnAround, Dir::South), Dir::North);
    }
}
