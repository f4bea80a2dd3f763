//! Small line icons for the stations (tab bar, headings): a shape for each,
//! so a station is recognisable without its colour.

use duel_core::Station;
use leptos::prelude::*;

/// The icon path of a station (24 × 24, stroked).
fn station_path(station: Option<Station>) -> &'static str {
    match station {
        // A power cell with a bolt.
        Some(Station::Engineering) => "M7 3 H17 V21 H7 Z M13 6 L9 13 H12 L11 18 L15 11 H12 Z",
        // A ship's wheel.
        Some(Station::Helm) => {
            "M12 4 A8 8 0 1 0 12.01 4 Z M12 9 A3 3 0 1 0 12.01 9 Z M12 1 V9 M12 15 V23 M1 12 H9 M15 12 H23"
        }
        // A torpedo.
        Some(Station::Weapons) => "M4 12 Q8 7 14 9 H19 L22 6 V18 L19 15 H14 Q8 17 4 12 Z",
        // A radar sweep.
        Some(Station::Sensors) => "M12 3 A9 9 0 1 0 12.01 3 Z M12 7 A5 5 0 1 0 12.01 7 Z M12 12 L19 6",
        // A shield.
        Some(Station::Shields) => "M12 2 L20 5 V11 Q20 18 12 22 Q4 18 4 11 V5 Z",
        // A magnet.
        Some(Station::Tractor) => "M5 3 V12 A7 7 0 0 0 19 12 V3 H15 V12 A3 3 0 0 1 9 12 V3 Z",
        // A star for the Captain.
        None => "M12 2 L15 9 L22 9 L16.5 13.5 L18.5 21 L12 16.5 L5.5 21 L7.5 13.5 L2 9 L9 9 Z",
    }
}

/// A station's icon (`None`: the Captain's star).
pub fn station_icon(station: Option<Station>) -> impl IntoView {
    view! {
        <svg class="icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d=station_path(station) />
        </svg>
    }
}

/// A Fighter's icon: a small delta-wing.
pub fn fighter_icon() -> impl IntoView {
    view! {
        <svg class="icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 2 L15 12 L22 18 L15 17 L12 22 L9 17 L2 18 L9 12 Z" />
        </svg>
    }
}

/// The board's icon: a grid.
pub fn board_icon() -> impl IntoView {
    view! {
        <svg class="icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M3 3 H21 V21 H3 Z M9 3 V21 M15 3 V21 M3 9 H21 M3 15 H21" />
        </svg>
    }
}

/// A snowflake: an equipment card that freezes the game when used (drawn, not the emoji,
/// which a device without an emoji font shows as an empty box).
pub fn snow_icon() -> impl IntoView {
    view! {
        <svg class="icon icon--inline" viewBox="0 0 24 24" role="img" aria-label="snowflake: using it freezes the game">
            <path d="M12 2 V22 M3.3 7 L20.7 17 M3.3 17 L20.7 7 M9 3.5 L12 6 L15 3.5 M9 20.5 L12 18 L15 20.5 M3.5 11 L6.8 9 L5 5.6 M20.5 13 L17.2 15 L19 18.4 M3.5 13 L6.8 15 L5 18.4 M20.5 11 L17.2 9 L19 5.6" />
        </svg>
    }
}

/// An arrow pointing one square's way: (`dx`, `dy`) each −1, 0 or 1 (up is −1, as on the board).
pub fn arrow_icon(dx: i8, dy: i8) -> impl IntoView {
    // Degrees clockwise from up.
    let turn = match (dx.signum(), dy.signum()) {
        (0, -1) => 0,
        (1, -1) => 45,
        (1, 0) => 90,
        (1, 1) => 135,
        (0, 1) => 180,
        (-1, 1) => 225,
        (-1, 0) => 270,
        _ => 315,
    };
    view! {
        <svg class="icon icon--inline" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 20 V5 M6 11 L12 5 L18 11" transform=format!("rotate({turn} 12 12)") />
        </svg>
    }
}
