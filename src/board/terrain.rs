//! What a tile map prints on its squares besides the obstacles (D42–D44):
//! rifts, gravity arrows and the gaps between tiles. Each is drawn as a shape
//! with a word beside it and a title that says what it does, never colour alone.

use duel_core::map::Terrain;
use duel_core::Square;
use leptos::prelude::*;

use super::pieces::angle;
use super::{centre, CELL};
use crate::store::use_store;
use crate::ui::names::{dir_name, square};

/// The printed rifts, arrows and gaps of the game's map.
#[component]
pub fn TerrainLayer() -> impl IntoView {
    let store = use_store();
    let terrain = Memo::new(move |_| store.game.with(|g| g.as_ref().map(|g| g.map().terrain.clone())));
    move || terrain.get().unwrap_or_default().into_iter().filter_map(|(sq, t)| piece(sq, t)).collect_view()
}

/// What a square's printed terrain does, in a sentence (its title, and what a
/// tap on the square says: issue 33, a rift or an arrow said nothing on a phone).
pub fn said(sq: Square, terrain: Terrain) -> Option<String> {
    let name = square(sq);
    Some(match terrain {
        Terrain::Rift => {
            format!("Rift at {name}: a ship moving through loses every shield die; fire cannot pass through it")
        }
        Terrain::Gravity(dir) => format!(
            "Gravity arrow at {name} pointing {}: moving with it keeps a helm die; moving against it with die A or B cancels die C",
            dir_name(dir)
        ),
        Terrain::Void => format!("{name}: no tile here; ships cannot enter"),
        Terrain::Asteroid | Terrain::Nebula | Terrain::Wormhole => return None,
    })
}

/// One square's printed terrain, drawn at `sq` (the lobby's preview uses it too).
pub fn piece(sq: Square, terrain: Terrain) -> Option<AnyView> {
    let (x, y) = centre(sq);
    let at = format!("translate({x} {y})");
    let name = square(sq);
    Some(match terrain {
        Terrain::Rift => view! {
            <g class="terrain terrain--rift" transform=at data-testid=format!("rift-{name}")>
                <title>{said(sq, terrain)}</title>
                <path class="terrain__crack" d="M-40 -30 L-18 -8 L-26 6 L4 14 L-2 30 L30 40 M-18 -8 L6 -24 L20 -40" />
                <text y="44" text-anchor="middle">"RIFT"</text>
            </g>
        }
        .into_any(),
        Terrain::Gravity(dir) => view! {
            <g class="terrain terrain--arrow" transform=at data-testid=format!("arrow-{name}") data-dir=dir_name(dir)>
                <title>{said(sq, terrain)}</title>
                <g transform=format!("rotate({})", angle(dir))>
                    <path class="terrain__arrow" d="M0 -40 L22 -14 L8 -14 L8 30 L-8 30 L-8 -14 L-22 -14 Z" />
                </g>
                <text y="46" text-anchor="middle">"GRAV"</text>
            </g>
        }
        .into_any(),
        Terrain::Void => view! {
            <g class="terrain terrain--gap" transform=at data-testid=format!("gap-{name}")>
                <title>{said(sq, terrain)}</title>
                <rect x=-CELL / 2 y=-CELL / 2 width=CELL height=CELL />
                <path d="M-50 -20 L-20 -50 M-50 20 L20 -50 M-50 50 L50 -50 M-20 50 L50 -20 M20 50 L50 20" />
            </g>
        }
        .into_any(),
        // Asteroids, nebulae and wormholes are drawn as the tokens they act as.
        Terrain::Asteroid | Terrain::Nebula | Terrain::Wormhole => return None,
    })
}
