//! A Ship's Console (T2): eleven die spaces, the damage they have taken,
//! the shields raised on its three shield spaces and the power cubes held.
//! Which spaces a front or rear hit may damage is a table (D32).

use serde::{Deserialize, Serialize};

use crate::dice::Pip;

/// The most power cubes a ship holds (T6).
pub const MAX_CUBES: u8 = 4;

/// A die space of the console.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ConsoleSpace {
    BoostA,
    BoostB,
    ManoeuvreA,
    ManoeuvreB,
    FireA,
    FireB,
    PowerA,
    PowerB,
    /// Takes a 1 or 2.
    ShieldFront,
    /// Takes a 3 or 4.
    ShieldRear,
    /// Takes a 5 or 6.
    ShieldMid,
}

/// What a space does when its die is actioned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum System {
    Boost,
    Manoeuvre,
    Fire,
    Power,
    Shields,
}

/// A shield token's space: which hits it stops (`004_…` Shields 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Shield {
    Front,
    Rear,
    Mid,
}

impl Shield {
    pub const ALL: [Shield; 3] = [Shield::Front, Shield::Rear, Shield::Mid];

    /// The space the shield token lies on.
    pub fn slot(self) -> ConsoleSpace {
        match self {
            Shield::Front => ConsoleSpace::ShieldFront,
            Shield::Rear => ConsoleSpace::ShieldRear,
            Shield::Mid => ConsoleSpace::ShieldMid,
        }
    }

    /// Whether it stops a hit from the front (`true`) or the rear.
    pub fn guards(self, frontal: bool) -> bool {
        match self {
            Shield::Mid => true,
            Shield::Front => frontal,
            Shield::Rear => !frontal,
        }
    }

    /// D32: where the damage of a hit this shield took may go: front
    /// shield, the A spaces and the front shield's; rear, the B spaces and
    /// the rear shield's; mid, anywhere (`004_…` Fire 3).
    pub fn damage_spaces(self) -> &'static [ConsoleSpace] {
        match self {
            Shield::Front => &FORE,
            Shield::Rear => &AFT,
            Shield::Mid => &ConsoleSpace::ALL,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

const FORE: [ConsoleSpace; 5] = [
    ConsoleSpace::BoostA,
    ConsoleSpace::ManoeuvreA,
    ConsoleSpace::FireA,
    ConsoleSpace::PowerA,
    ConsoleSpace::ShieldFront,
];
const AFT: [ConsoleSpace; 5] = [
    ConsoleSpace::BoostB,
    ConsoleSpace::ManoeuvreB,
    ConsoleSpace::FireB,
    ConsoleSpace::PowerB,
    ConsoleSpace::ShieldRear,
];

impl ConsoleSpace {
    pub const ALL: [ConsoleSpace; 11] = [
        ConsoleSpace::BoostA,
        ConsoleSpace::BoostB,
        ConsoleSpace::ManoeuvreA,
        ConsoleSpace::ManoeuvreB,
        ConsoleSpace::FireA,
        ConsoleSpace::FireB,
        ConsoleSpace::PowerA,
        ConsoleSpace::PowerB,
        ConsoleSpace::ShieldFront,
        ConsoleSpace::ShieldRear,
        ConsoleSpace::ShieldMid,
    ];

    pub fn system(self) -> System {
        match self {
            ConsoleSpace::BoostA | ConsoleSpace::BoostB => System::Boost,
            ConsoleSpace::ManoeuvreA | ConsoleSpace::ManoeuvreB => System::Manoeuvre,
            ConsoleSpace::FireA | ConsoleSpace::FireB => System::Fire,
            ConsoleSpace::PowerA | ConsoleSpace::PowerB => System::Power,
            ConsoleSpace::ShieldFront | ConsoleSpace::ShieldRear | ConsoleSpace::ShieldMid => System::Shields,
        }
    }

    /// The shield a shield space raises.
    pub fn shield(self) -> Option<Shield> {
        match self {
            ConsoleSpace::ShieldFront => Some(Shield::Front),
            ConsoleSpace::ShieldRear => Some(Shield::Rear),
            ConsoleSpace::ShieldMid => Some(Shield::Mid),
            _ => None,
        }
    }

    /// T2: only shield spaces restrict the value (Front 1–2, Rear 3–4, Mid 5–6).
    pub fn takes(self, pip: Pip) -> bool {
        match self {
            ConsoleSpace::ShieldFront => pip.value() <= 2,
            ConsoleSpace::ShieldRear => (3..=4).contains(&pip.value()),
            ConsoleSpace::ShieldMid => pip.value() >= 5,
            _ => true,
        }
    }

    /// The two spaces of a system (shields have three).
    pub fn of(system: System) -> &'static [ConsoleSpace] {
        match system {
            System::Boost => &[ConsoleSpace::BoostA, ConsoleSpace::BoostB],
            System::Manoeuvre => &[ConsoleSpace::ManoeuvreA, ConsoleSpace::ManoeuvreB],
            System::Fire => &[ConsoleSpace::FireA, ConsoleSpace::FireB],
            System::Power => &[ConsoleSpace::PowerA, ConsoleSpace::PowerB],
            System::Shields => {
                &[ConsoleSpace::ShieldFront, ConsoleSpace::ShieldRear, ConsoleSpace::ShieldMid]
            }
        }
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// One ship's console.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Console {
    /// Dice placed and not yet actioned, by space.
    dice: [Option<Pip>; 11],
    /// Damage tokens, by space.
    damaged: [bool; 11],
    /// Shield tokens raised (Front, Rear, Mid).
    shields: [bool; 3],
    cubes: u8,
}

impl Default for Console {
    /// Set-up: one power cube, a shield on the 5/6 space.
    fn default() -> Console {
        Console { dice: [None; 11], damaged: [false; 11], shields: [false, false, true], cubes: 1 }
    }
}

impl Console {
    pub fn die(&self, slot: ConsoleSpace) -> Option<Pip> {
        self.dice[slot.index()]
    }

    /// The dice waiting on the console, in space order.
    pub fn dice(&self) -> impl Iterator<Item = (ConsoleSpace, Pip)> + '_ {
        ConsoleSpace::ALL.into_iter().filter_map(|s| self.die(s).map(|p| (s, p)))
    }

    pub fn has_dice(&self) -> bool {
        self.dice.iter().any(Option::is_some)
    }

    pub fn is_damaged(&self, slot: ConsoleSpace) -> bool {
        self.damaged[slot.index()]
    }

    /// Damage tokens on the ship (the score at the round limit, T9).
    pub fn damage(&self) -> u8 {
        self.damaged.iter().filter(|d| **d).count() as u8
    }

    /// Whether a die may go on `slot`: undamaged and empty.
    pub fn is_free(&self, slot: ConsoleSpace) -> bool {
        !self.is_damaged(slot) && self.die(slot).is_none()
    }

    pub fn shield_up(&self, shield: Shield) -> bool {
        self.shields[shield.index()]
    }

    pub fn cubes(&self) -> u8 {
        self.cubes
    }

    /// T3: both spaces of Fire, Boost or Manoeuvre damaged.
    pub fn is_crippled(&self) -> bool {
        [System::Fire, System::Boost, System::Manoeuvre]
            .into_iter()
            .any(|s| ConsoleSpace::of(s).iter().all(|slot| self.is_damaged(*slot)))
    }

    pub(crate) fn put(&mut self, slot: ConsoleSpace, pip: Option<Pip>) {
        self.dice[slot.index()] = pip;
    }

    pub(crate) fn clear_dice(&mut self) {
        self.dice = [None; 11];
    }

    pub(crate) fn set_cubes(&mut self, cubes: u8) {
        self.cubes = cubes.min(MAX_CUBES);
    }

    pub(crate) fn raise(&mut self, shield: Shield, up: bool) {
        self.shields[shield.index()] = up;
    }

    /// `004_…` Fire 4–5: a damage token deactivates a shield on its space and
    /// removes a die waiting there.
    pub(crate) fn damage_at(&mut self, slot: ConsoleSpace) {
        self.damaged[slot.index()] = true;
        self.dice[slot.index()] = None;
        if let Some(shield) = slot.shield() {
            self.raise(shield, false);
        }
    }
}
