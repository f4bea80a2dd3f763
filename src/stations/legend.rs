//! Each station's legend: a "?" beside its name opens a card that says in
//! words what every box, track and icon on that screen means, for a player
//! who knows the board game only from its box.

use duel_core::Station;
use leptos::prelude::*;

use crate::ui::die::{die_svg, Show};
use crate::ui::names::station_key;

/// The distinct faces of `station`'s die, in pip order (Engineering has none).
pub fn faces(station: Station) -> Vec<duel_core::Face> {
    let mut out = Vec::new();
    for pip in 1..=6 {
        if let Some(face) = station.face(duel_core::Pip::new(pip)) {
            if !out.contains(&face) {
                out.push(face);
            }
        }
    }
    out
}

/// The words for `station`'s screen: (what you see, what it means).
pub fn entries(station: Station) -> &'static [(&'static str, &'static str)] {
    match station {
        Station::Engineering => &[
            ("White dice", "Your six energy dice. Roll them, then send each one to the station its number powers."),
            ("1 · 2 · 3 · 4 · 5", "1 powers Weapons, 2 Sensors, 3 Tractor, 4 Shields, 5 Helm. Each energy die lets that station roll one of its own dice."),
            ("6", "A six powers nothing: reroll it."),
            ("Dashed empty face", "A die that has not been rolled yet."),
            ("Outlined die", "Picked: Roll rerolls only the picked dice."),
            ("“ready to send · there now”", "How many pool dice show that number, and how many energy dice that station already holds."),
            ("A die marked with a station", "That energy die is at the station. It comes back unrolled when the station places a die, or when the station hands it back."),
        ],
        Station::Helm => &[
            ("Hand back", "Sends an energy die this station does not need back to Engineering."),
            ("Energy", "Energy dice Engineering sent (5s). Each lets Helm roll one yellow die."),
            ("A, B, C", "Three slots done in order, A then B then C. The ship moves when the third die lands."),
            ("Arrow up (one or two)", "Every face first moves one square forward; Forward 2 then moves one more."),
            ("Curved arrow", "Move forward one, then turn left or right a quarter turn."),
            ("U arrow", "Move forward one, then turn around."),
            ("Path on the board", "Where the placed dice will take the ship."),
        ],
        Station::Weapons => &[
            ("Energy", "Energy dice Engineering sent (1s). Each lets Weapons roll one red die."),
            ("Front tubes, rear tubes", "Four torpedo tubes: two fire forward, two backward."),
            ("Nose · Body · Tail", "A tube is loaded when its three parts hold a nose, a body and a tail die."),
            ("Blast faces", "Not torpedo parts: reroll them. Blasts count only in a damage roll."),
            ("Fire 1! / Fire 2!", crate::ui::names::FIRE),
            ("A freeze", "Fire stops time for both ships while the shot is resolved."),
        ],
        Station::Sensors => &[
            ("Energy", "Energy dice Engineering sent (2s). Each lets Sensors roll one green die."),
            ("Weapon lock", "Lock dice (a double lock counts two). A torpedo hits when your lock is at least the range plus the enemy's jammers."),
            ("Jammers", "Jammer dice protect your ship: each adds one to what the enemy's lock must reach."),
            ("Hit tests", "For each enemy: your lock against range + jammers, and whether a shot now would hit."),
            ("Diamond with a star", "The expansion's special symbol: it fits only an equipment card that asks for it; otherwise reroll it."),
        ],
        Station::Shields => &[
            ("Energy", "Energy dice Engineering sent (4s). Each lets Shields roll one blue die."),
            ("Shield 1 – 4", "The four sides of the ship: 1 front, 2 right, 3 back, 4 left. A die showing a number goes on that side."),
            ("Dice on a side", "A hit strikes the side facing the shooter: no shields, one damage per torpedo; three shields, none; one or two, a damage roll decides."),
            ("A diagonal shot", "The side with more shields takes it; on a tie the defender chooses."),
        ],
        Station::Tractor => &[
            ("Energy", "Energy dice Engineering sent (3s). Each lets Tractor roll one orange die."),
            ("Beam strength", "A bolt adds 1, a double bolt 2. Reaching a ship or a crystal needs twice its range (1 in your own square)."),
            ("Tractor!", "Drags the enemy ship to a square next to it (a freeze); a crystal in reach is tapped on the board and comes aboard."),
            ("Mine A, Mine B", "A mine die arms that mine. A ship entering the square of a released mine takes one damage."),
            ("Release", "Drops an armed mine in your ship's square."),
            ("Crystal at … · needs …", "A crystal on the board and the beam strength needed to pull it aboard."),
            ("Square", "The expansion symbol: it fits only an equipment card that asks for it (Blink); otherwise reroll it."),
        ],
    }
}

/// The "?" beside a station's name and the card it opens.
#[component]
pub fn Legend(station: Station) -> impl IntoView {
    let open = RwSignal::new(false);
    let key = station_key(station);
    let id = format!("legend-{key}");
    view! {
        <button class="btn btn--small legend__toggle" data-testid=format!("{key}-legend-toggle")
            aria-expanded=move || open.get().to_string() aria-controls=id.clone()
            aria-label=format!("What the {} screen shows", station.name())
            on:click=move |_| open.update(|o| *o = !*o)>
            {move || if open.get() { "×" } else { "?" }}
        </button>
        <Show when=move || open.get()>
            <dl class="legend" id=id.clone() data-testid=format!("{key}-legend")>
                // Every face of this station's die, drawn beside its name (issue 33: the
                // legend told the boxes but not which icon is which face).
                {Some(faces(station)).filter(|f| !f.is_empty()).map(|faces| view! {
                    <dt>"The die's faces"</dt>
                    <dd>
                        <ul class="legend__faces" data-testid=format!("{key}-legend-faces")>
                            {faces.into_iter().map(|face| view! {
                                <li>{die_svg(Some(station), Show::Face(face))}{Show::Face(face).name()}</li>
                            }).collect_view()}
                        </ul>
                    </dd>
                })}
                {entries(station).iter().map(|(what, means)| view! {
                    <dt>{*what}</dt>
                    <dd>{*means}</dd>
                }).collect_view()}
            </dl>
        </Show>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::station::ALL_STATIONS;

    #[test]
    fn every_station_has_words_for_its_screen() {
        for station in ALL_STATIONS {
            let list = entries(station);
            assert!(list.len() >= 4, "{station:?} has {} entries", list.len());
            assert!(list.iter().all(|(a, b)| !a.is_empty() && b.ends_with('.')), "{station:?}");
        }
    }

    #[test]
    fn every_station_die_face_is_drawn_in_its_legend_once() {
        assert_eq!(faces(Station::Weapons).len(), 5, "Nose, Body, Tail, Blast, Double Blast");
        assert_eq!(faces(Station::Helm).len(), 5);
        assert!(faces(Station::Engineering).is_empty());
    }

    #[test]
    fn the_weapons_legend_says_fire_as_the_rules_do() {
        assert!(entries(Station::Weapons).iter().any(|(_, what)| *what == crate::ui::names::FIRE));
    }
}
