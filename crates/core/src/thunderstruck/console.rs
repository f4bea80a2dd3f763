//! A Ship's Console (T2): eleven die spaces, the damage they have taken,
//! the shields raised on its three shield spaces and the power cubes held.
//! Which spaces a front or rear hit may damage is a table (D32).

use serde::{Deserialize, Serialize};

use crate::dice::Pip;

/// The most power cubes a ship holds (T6).
pub const MAX_CUBES: u8 = 4;

/// A die space of the console.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Slot {
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
    pub fn slot(self) -> Slot {
        match self {
            Shield::Front => Slot::ShieldFront,
            Shield::Rear => Slot::ShieldRear,
            Shield::Mid => Slot::ShieldMid,
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
    pub fn damage_spaces(self) -> &'static [Slot] {
        match self {
            Shield::Front => &FORE,
            Shield::Rear => &AFT,
            Shield::Mid => &Slot::ALL,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

const FORE: [Slot; 5] = [Slot::BoostA, Slot::ManoeuvreA, Slot::FireA, Slot::PowerA, Slot::ShieldFront];
const AFT: [Slot; 5] = [Slot::BoostB, Slot::ManoeuvreB, Slot::FireB, Slot::PowerB, Slot::ShieldRear];

impl Slot {
    pub const ALL: [Slot; 11] = [
        Slot::BoostA,
        Slot::BoostB,
        Slot::ManoeuvreA,
        Slot::ManoeuvreB,
        Slot::FireA,
        Slot::FireB,
        Slot::PowerA,
        Slot::PowerB,
        Slot::ShieldFront,
        Slot::ShieldRear,
        Slot::ShieldMid,
    ];

    pub fn system(self) -> System {
        match self {
            Slot::BoostA | Slot::BoostB => System::Boost,
            Slot::ManoeuvreA | Slot::ManoeuvreB => System::Manoeuvre,
            Slot::FireA | Slot::FireB => System::Fire,
            Slot::PowerA | Slot::PowerB => System::Power,
            Slot::ShieldFront | Slot::ShieldRear | Slot::ShieldMid => System::Shields,
        }
    }

    /// The shield a shield space raises.
    pub fn shield(self) -> Option<Shield> {
        match self {
            Slot::ShieldFront => Some(Shield::Front),
            Slot::ShieldRear => Some(Shield::Rear),
            Slot::ShieldMid => Some(Shield::Mid),
            _ => None,
        }
    }

    /// T2: only shield spaces restrict the value (Front 1–2, Rear 3–4, Mid 5–6).
    pub fn takes(self, pip: Pip) -> bool {
        match self {
            Slot::ShieldFront => pip.value() <= 2,
            Slot::ShieldRear => (3..=4).contains(&pip.value()),
            Slot::ShieldMid => pip.value() >= 5,
            _ => true,
        }
    }

    /// The two spaces of a system (shields have three).
    pub fn of(system: System) -> &'static [Slot] {
        match system {
            System::Boost => &[Slot::BoostA, Slot::BoostB],
            System::Manoeuvre => &[Slot::ManoeuvreA, Slot::ManoeuvreB],
            System::Fire => &[Slot::FireA, Slot::FireB],
            System::Power => &[Slot::PowerA, Slot::PowerB],
            System::Shields => &[Slot::ShieldFront, Slot::ShieldRear, Slot::ShieldMid],
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
    pub fn die(&self, slot: Slot) -> Option<Pip> {
        self.dice[slot.index()]
    }

    /// The dice waiting on the console, in space order.
    pub fn dice(&self) -> impl Iterator<Item = (Slot, Pip)> + '_ {
        Slot::ALL.into_iter().filter_map(|s| self.die(s).map(|p| (s, p)))
    }

    pub fn has_dice(&self) -> bool {
        self.dice.iter().any(Option::is_some)
    }

    pub fn is_damaged(&self, slot: Slot) -> bool {
        self.damaged[slot.index()]
    }

    /// Damage tokens on the ship (the score at the round limit, T9).
    pub fn damage(&self) -> u8 {
        self.damaged.iter().filter(|d| **d).count() as u8
    }

    /// Whether a die may go on `slot`: undamaged and empty.
    pub fn is_free(&self, slot: Slot) -> bool {
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
            .any(|s| Slot::of(s).iter().all(|slot| self.is_damaged(*slot)))
    }

    pub(crate) fn put(&mut self, slot: Slot, pip: Option<Pip>) {
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
    pub(crate) fn damage_at(&mut self, slot: Slot) {
        self.damaged[slot.index()] = true;
        self.dice[slot.index()] = None;
        if let Some(shield) = slot.shield() {
            self.raise(shield, false);
        }
    }
}
