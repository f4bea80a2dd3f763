//! Dice and their faces (R2). Every face table lives here, as data, so a
//! correction to the physical components is a one-line change.
//!
//! The core never rolls: a caller hands it a [`DiceSource`] and the faces it
//! produced travel inside events, so replicas never roll either.

use serde::{Deserialize, Serialize};

/// The number on a rolled six-sided die, always 1..=6 (also when decoded
/// from a peer's bytes: deserialising 0 or 7 is an error, not a panic later).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Pip(u8);

impl TryFrom<u8> for Pip {
    type Error = &'static str;

    fn try_from(value: u8) -> Result<Pip, Self::Error> {
        if (1..=6).contains(&value) {
            Ok(Pip(value))
        } else {
            Err("a die face is 1 to 6")
        }
    }
}

impl From<Pip> for u8 {
    fn from(pip: Pip) -> u8 {
        pip.0
    }
}

impl Pip {
    /// Clamps any byte into 1..=6 so an event from a peer can never hold an impossible face.
    pub fn new(value: u8) -> Pip {
        Pip(value.clamp(1, 6))
    }

    /// The value 1..=6.
    pub fn value(self) -> u8 {
        self.0
    }

    /// 0..=5, for indexing the face tables.
    pub fn index(self) -> usize {
        usize::from(self.0 - 1)
    }
}

/// Where the randomness comes from. The host passes its seeded RNG; tests pass fixed faces.
pub trait DiceSource {
    /// One roll of a six-sided die.
    fn roll(&mut self) -> Pip;
}

/// A fixed sequence of rolls for tests and scenarios: exactly the faces
/// given, in order. A test that rolls more dice than it scripted has a wrong
/// idea of the rules, so running out is reported, never papered over by
/// starting again ([`FixedDice::cycling`] says so when repeating is meant).
/// Only tests and benches have it (feature `test-support`): it panics by design.
#[cfg(any(test, feature = "test-support"))]
#[derive(Clone, Debug)]
pub struct FixedDice {
    faces: Vec<u8>,
    next: usize,
    cycle: bool,
}

#[cfg(any(test, feature = "test-support"))]
impl FixedDice {
    /// Rolls `faces` in order; one roll more panics with a message naming the
    /// script (this type is for tests: the host rolls from its seeded RNG).
    pub fn new(faces: &[u8]) -> FixedDice {
        FixedDice { faces: faces.to_vec(), next: 0, cycle: false }
    }

    /// Rolls `faces` in order, then again from the first (at least one face).
    pub fn cycling(faces: &[u8]) -> FixedDice {
        let faces = if faces.is_empty() { vec![1] } else { faces.to_vec() };
        FixedDice { faces, next: 0, cycle: true }
    }

    /// Rolls made so far.
    pub fn rolled(&self) -> usize {
        self.next
    }

    /// Whether every scripted face has been rolled.
    pub fn is_spent(&self) -> bool {
        self.next >= self.faces.len()
    }
}

#[cfg(any(test, feature = "test-support"))]
impl DiceSource for FixedDice {
    fn roll(&mut self) -> Pip {
        let face = if self.cycle {
            self.faces[self.next % self.faces.len()]
        } else {
            match self.faces.get(self.next) {
                Some(face) => *face,
                None => panic!(
                    "FixedDice ran out: roll {} asked of a script of {} faces {:?}",
                    self.next + 1,
                    self.faces.len(),
                    self.faces
                ),
            }
        };
        self.next += 1;
        Pip::new(face)
    }
}

/// What a helm die shows: every face moves one square forward first (R10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum HelmFace {
    Forward1,
    Forward2,
    TurnLeft,
    TurnRight,
    TurnAround,
}

/// What a weapons die shows. Blasts only count in the damage roll (R14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum WeaponFace {
    Nose,
    Body,
    Tail,
    Blast,
    DoubleBlast,
}

/// What a sensors die shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SensorFace {
    Lock,
    DoubleLock,
    Jammer,
    DoubleJammer,
    Special,
}

/// What a shields die shows: the sector it may go in (1 Front, 2 Right, 3 Back, 4 Left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ShieldFace {
    Front,
    Right,
    Back,
    Left,
    Special,
}

/// What a tractor beam die shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TractorFace {
    Bolt,
    DoubleBolt,
    MineA,
    MineB,
    Special,
}

/// A station die's face, tagged by the station the die belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Face {
    Helm(HelmFace),
    Weapons(WeaponFace),
    Sensors(SensorFace),
    Shields(ShieldFace),
    Tractor(TractorFace),
}

/// R2: the six faces of each station die, in pip order.
pub const HELM_FACES: [HelmFace; 6] = [
    HelmFace::Forward1,
    HelmFace::Forward1,
    HelmFace::Forward2,
    HelmFace::TurnLeft,
    HelmFace::TurnRight,
    HelmFace::TurnAround,
];
/// R2: weapons die faces.
pub const WEAPON_FACES: [WeaponFace; 6] = [
    WeaponFace::Nose,
    WeaponFace::Body,
    WeaponFace::Tail,
    WeaponFace::Blast,
    WeaponFace::Blast,
    WeaponFace::DoubleBlast,
];
/// R2: sensors die faces.
pub const SENSOR_FACES: [SensorFace; 6] = [
    SensorFace::Lock,
    SensorFace::DoubleLock,
    SensorFace::Jammer,
    SensorFace::DoubleJammer,
    SensorFace::Special,
    SensorFace::Special,
];
/// R2: shields die faces.
pub const SHIELD_FACES: [ShieldFace; 6] = [
    ShieldFace::Front,
    ShieldFace::Right,
    ShieldFace::Back,
    ShieldFace::Left,
    ShieldFace::Special,
    ShieldFace::Special,
];
/// R2: tractor beam die faces.
pub const TRACTOR_FACES: [TractorFace; 6] = [
    TractorFace::Bolt,
    TractorFace::Bolt,
    TractorFace::DoubleBolt,
    TractorFace::MineA,
    TractorFace::MineB,
    TractorFace::Special,
];

impl WeaponFace {
    /// Blast symbols counted by the damage roll (R14).
    pub fn blasts(self) -> u8 {
        match self {
            WeaponFace::Blast => 1,
            WeaponFace::DoubleBlast => 2,
            _ => 0,
        }
    }

    /// The weapon face a damage-roll die shows.
    pub fn from_pip(pip: Pip) -> WeaponFace {
        WEAPON_FACES[pip.index()]
    }
}

impl Face {
    /// The expansion symbols cannot be placed in the base game and must be rerolled (R2).
    pub fn is_special(self) -> bool {
        matches!(
            self,
            Face::Sensors(SensorFace::Special)
                | Face::Shields(ShieldFace::Special)
                | Face::Tractor(TractorFace::Special)
        )
    }

    /// A short human name for messages ("Double Lock", "Nose").
    pub fn name(self) -> &'static str {
        match self {
            Face::Helm(HelmFace::Forward1) => "Forward 1",
            Face::Helm(HelmFace::Forward2) => "Forward 2",
            Face::Helm(HelmFace::TurnLeft) => "Forward + turn left",
            Face::Helm(HelmFace::TurnRight) => "Forward + turn right",
            Face::Helm(HelmFace::TurnAround) => "Forward + turn around",
            Face::Weapons(WeaponFace::Nose) => "Nose",
            Face::Weapons(WeaponFace::Body) => "Body",
            Face::Weapons(WeaponFace::Tail) => "Tail",
            Face::Weapons(WeaponFace::Blast) => "Blast",
            Face::Weapons(WeaponFace::DoubleBlast) => "Double Blast",
            Face::Sensors(SensorFace::Lock) => "Lock",
            Face::Sensors(SensorFace::DoubleLock) => "Double Lock",
            Face::Sensors(SensorFace::Jammer) => "Jammer",
            Face::Sensors(SensorFace::DoubleJammer) => "Double Jammer",
            Face::Shields(ShieldFace::Front) => "Shield 1 (front)",
            Face::Shields(ShieldFace::Right) => "Shield 2 (right)",
            Face::Shields(ShieldFace::Back) => "Shield 3 (back)",
            Face::Shields(ShieldFace::Left) => "Shield 4 (left)",
            Face::Tractor(TractorFace::Bolt) => "Bolt",
            Face::Tractor(TractorFace::DoubleBolt) => "Double Bolt",
            Face::Tractor(TractorFace::MineA) => "Mine A",
            Face::Tractor(TractorFace::MineB) => "Mine B",
            // The tractor die's symbol is the square Blink counts (`001_…`).
            Face::Tractor(TractorFace::Special) => "the square (expansion symbol)",
            Face::Sensors(SensorFace::Special) | Face::Shields(ShieldFace::Special) => "the expansion symbol",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r2_each_table_has_six_faces_and_the_rulebook_counts() {
        assert_eq!(HELM_FACES.iter().filter(|f| **f == HelmFace::Forward1).count(), 2);
        assert_eq!(WEAPON_FACES.iter().filter(|f| **f == WeaponFace::Blast).count(), 2);
        assert_eq!(SENSOR_FACES.iter().filter(|f| **f == SensorFace::Special).count(), 2);
        assert_eq!(SHIELD_FACES.iter().filter(|f| **f == ShieldFace::Special).count(), 2);
        assert_eq!(TRACTOR_FACES.iter().filter(|f| **f == TractorFace::Bolt).count(), 2);
    }

    #[test]
    fn r2_special_faces_are_unplaceable() {
        assert!(Face::Sensors(SensorFace::Special).is_special());
        assert!(Face::Tractor(TractorFace::Special).is_special());
        assert!(!Face::Weapons(WeaponFace::Blast).is_special());
    }

    #[test]
    fn a_decoded_face_out_of_range_is_an_error() {
        let bytes = postcard::to_allocvec(&Pip::new(6)).unwrap();
        assert_eq!(postcard::from_bytes::<Pip>(&bytes).unwrap(), Pip::new(6));
        assert!(postcard::from_bytes::<Pip>(&[0]).is_err());
        assert!(postcard::from_bytes::<Pip>(&[7]).is_err());
    }

    #[test]
    fn pip_is_always_a_die_face() {
        assert_eq!(Pip::new(0).value(), 1);
        assert_eq!(Pip::new(9).value(), 6);
        let mut dice = FixedDice::cycling(&[3, 5]);
        assert_eq!([dice.roll().value(), dice.roll().value(), dice.roll().value()], [3, 5, 3]);
        let mut dice = FixedDice::new(&[3, 5]);
        assert_eq!([dice.roll().value(), dice.roll().value()], [3, 5]);
        assert!(dice.is_spent());
        assert!(std::panic::catch_unwind(move || dice.roll()).is_err(), "running out is reported");
    }
}
