//! Names players read of Thunderstruck: facings, track spaces, cubes, and
//! the console's keys and hints. One place, so the console, the battlefield
//! and the story (`feed::thunder`) agree. A console space's own name is the
//! core's one table, `ConsoleSpace::label`.

use duel_core::thunderstruck::{Board, ConsoleSpace, Facing, Shield, Space, System};

/// A console space's stable key, for test ids and CSS (`boost-a`, `shield-front`).
pub fn console_space_key(space: ConsoleSpace) -> &'static str {
    match space {
        ConsoleSpace::BoostA => "boost-a",
        ConsoleSpace::BoostB => "boost-b",
        ConsoleSpace::ManoeuvreA => "manoeuvre-a",
        ConsoleSpace::ManoeuvreB => "manoeuvre-b",
        ConsoleSpace::FireA => "fire-a",
        ConsoleSpace::FireB => "fire-b",
        ConsoleSpace::PowerA => "power-a",
        ConsoleSpace::PowerB => "power-b",
        ConsoleSpace::ShieldFront => "shield-front",
        ConsoleSpace::ShieldRear => "shield-rear",
        ConsoleSpace::ShieldMid => "shield-mid",
    }
}

/// What a system's row says it needs or does (shown beside its spaces).
pub fn system_hint(system: System) -> &'static str {
    match system {
        System::Boost => "1–2 dice · move ahead",
        System::Manoeuvre => "1–2 dice · flip or warp",
        System::Fire => "hit within the die's value",
        System::Power => "+1 cube (a 6: +2)",
        System::Shields => "each takes only its numbers",
    }
}

/// The CSS modifier of a system (its colour on the console).
pub fn system_key(system: System) -> &'static str {
    match system {
        System::Boost => "boost",
        System::Manoeuvre => "manoeuvre",
        System::Fire => "fire",
        System::Power => "power",
        System::Shields => "shields",
    }
}

pub fn shield_short(shield: Shield) -> &'static str {
    match shield {
        Shield::Front => "Front",
        Shield::Rear => "Rear",
        Shield::Mid => "Mid",
    }
}

/// A track space as players count it (from 1).
pub fn space(space: Space) -> String {
    format!("space {}", space.0 + 1)
}

/// Which way a facing points, as drawn: right/left on the straight track,
/// clockwise/anticlockwise on the ring.
pub fn facing(board: &Board, facing: Facing) -> &'static str {
    match (board.sectors() == 3, facing) {
        (false, Facing::Up) => "right →",
        (false, Facing::Down) => "← left",
        (true, Facing::Up) => "clockwise ↻",
        (true, Facing::Down) => "anticlockwise ↺",
    }
}

/// "1 cube", "2 cubes".
pub fn cubes(n: u8) -> String {
    if n == 1 {
        "1 cube".into()
    } else {
        format!("{n} cubes")
    }
}
