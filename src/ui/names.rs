//! Names players read: ships, teams, squares, stations, facings. One place,
//! so the header, the freeze story and the result screen agree.

use duel_core::error::fmt_square;
use duel_core::event::DamageCause;
use duel_core::{Dir, Game, Layout, Sector, ShipId, Square, Station, TeamId};

/// A ship's name in this layout ("White", "Black 2", …).
pub fn ship_name(layout: Layout, ship: ShipId) -> &'static str {
    let i = usize::from(ship.0);
    let names: &[&str] = match layout {
        Layout::Duel => &["White", "Black"],
        Layout::TwoPerSide => &["White 1", "White 2", "Black 1", "Black 2"],
        Layout::FreeForAll => &["White", "Black", "Red", "Blue"],
        // Die Fighter: ships in the mission's order (White's first, Capital before Fighter).
        Layout::Mission(duel_core::Mission::CarrierStrike) => {
            &["White", "White Fighter", "Black", "Black Fighter"]
        }
        Layout::Mission(duel_core::Mission::FighterAssault) => {
            &["White", "Black Fighter 1", "Black Fighter 2"]
        }
        Layout::Mission(duel_core::Mission::FighterDuel) => &["White Fighter", "Black Fighter"],
    };
    names.get(i).copied().unwrap_or("Ship")
}

/// The CSS modifier of a ship's colour (its miniature on the board, its banner).
pub fn ship_class(layout: Layout, ship: ShipId) -> &'static str {
    let i = usize::from(ship.0);
    let names: &[&str] = match layout {
        Layout::Duel => &["white", "black"],
        Layout::TwoPerSide => &["white", "white", "black", "black"],
        Layout::FreeForAll => &["white", "black", "red", "blue"],
        Layout::Mission(m) => match m {
            duel_core::Mission::CarrierStrike => &["white", "white", "black", "black"],
            duel_core::Mission::FighterAssault => &["white", "black", "black"],
            duel_core::Mission::FighterDuel => &["white", "black"],
        },
    };
    names.get(i).copied().unwrap_or("white")
}

/// A team's name: White and Black, or the ship's name in a free-for-all.
pub fn team_name(layout: Layout, team: TeamId) -> &'static str {
    match layout {
        Layout::FreeForAll => ship_name(layout, ShipId(team.0)),
        _ => ["White", "Black"].get(usize::from(team.0)).copied().unwrap_or("Team"),
    }
}

/// The name of the ship `ship` in `game`.
pub fn ship_of(game: &Game, ship: ShipId) -> &'static str {
    ship_name(game.layout(), ship)
}

/// "E5": column letter, row from the top (as the board is labelled).
pub fn square(sq: Square) -> String {
    fmt_square(sq)
}

/// A station's key for CSS classes and test ids ("helm", "tractor").
pub fn station_key(station: Station) -> &'static str {
    match station {
        Station::Engineering => "engineering",
        Station::Helm => "helm",
        Station::Weapons => "weapons",
        Station::Sensors => "sensors",
        Station::Shields => "shields",
        Station::Tractor => "tractor",
    }
}

/// A station's short label for the tab bar.
pub fn station_short(station: Station) -> &'static str {
    match station {
        Station::Tractor => "Tractor",
        other => other.name(),
    }
}

/// What dealt a damage, as the story and the debrief say it.
pub fn damage_cause(cause: DamageCause) -> &'static str {
    match cause {
        DamageCause::Torpedo => "a torpedo",
        DamageCause::Mine => "a mine",
        DamageCause::Missile => "a missile",
        DamageCause::PulseBomb => "a pulse bomb",
        DamageCause::Launch => "launching its Fighter",
    }
}

/// "north", "east", … for text.
pub fn dir_name(dir: Dir) -> &'static str {
    match dir {
        Dir::North => "north",
        Dir::East => "east",
        Dir::South => "south",
        Dir::West => "west",
    }
}

/// A shield sector with its shield number: "front (1)".
pub fn sector_name(sector: Sector) -> &'static str {
    sector.name()
}

/// A card's key in test ids and CSS classes ("blink", "thrusters", "jets", "neuronav").
pub fn card_key(card: duel_core::Card) -> &'static str {
    match card {
        duel_core::Card::Blink => "blink",
        duel_core::Card::RotationalThrusters => "thrusters",
        duel_core::Card::ManeuverJets => "jets",
        duel_core::Card::NeuroNav => "neuronav",
    }
}

/// What a card's die space takes, in a few words ("Tractor ▢", "Helm: a turn"; a locked
/// space, whose die stays when the card is used, says so).
pub fn slot_label(slot: &duel_core::equipment::Slot) -> String {
    let face = match slot.faces {
        [f] if f.is_special() && slot.station == duel_core::Station::Tractor => "▢".to_string(),
        [f] if f.is_special() => "✱".to_string(),
        [one] => one.name().to_string(),
        many if many.len() >= 5 => "any".to_string(),
        _ => "a turn".to_string(),
    };
    let optional = if slot.optional { "+ " } else { "" };
    // Words, not an emoji: a device with no emoji font drew "🔒" as an empty box.
    let lock = if slot.locked { " (locked: stays)" } else { "" };
    format!("{optional}{} {face}{lock}", station_short(slot.station))
}

/// Fire 1 and Fire 2 as the rulebook's "Launching torpedoes" has them (R14, R26, D8), in one
/// sentence the keys list, the Weapons legend and the rules page all show (issue 33: they said
/// it three ways).
pub const FIRE: &str =
    "Fire 1 launches one torpedo and Fire 2 two, from the side (front or rear) whose arc holds the enemy.";

/// The story's line for a launch: which ship fired, how many, and from which side
/// ("White fires 2 torpedoes from its front tubes; 1 on target."), never "front and front".
pub fn launch_line(ship: &str, sides: &[duel_core::TubeSide], on_target: u8) -> String {
    let n = sides.len();
    let mut names: Vec<&str> =
        sides.iter().map(|s| if *s == duel_core::TubeSide::Front { "front" } else { "rear" }).collect();
    names.dedup();
    format!(
        "{ship} fires {n} torpedo{} from its {} tube{}; {on_target} on target.",
        if n == 1 { "" } else { "es" },
        names.join(" and "),
        if n == 1 { "" } else { "s" },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::TubeSide::{Front, Rear};

    #[test]
    fn a_launch_names_the_ship_and_its_side_once() {
        assert_eq!(
            launch_line("White", &[Front, Front], 1),
            "White fires 2 torpedoes from its front tubes; 1 on target."
        );
        assert_eq!(
            launch_line("Black", &[Rear], 0),
            "Black fires 1 torpedo from its rear tube; 0 on target."
        );
        assert_eq!(
            launch_line("White", &[Front, Rear], 1),
            "White fires 2 torpedoes from its front and rear tubes; 1 on target."
        );
    }

    #[test]
    fn fire_is_told_as_the_rulebook_tells_it() {
        assert!(FIRE.contains("Fire 1 launches one torpedo and Fire 2 two"));
        assert!(FIRE.contains("from the side (front or rear) whose arc holds the enemy"));
    }
}
