//! Helm: slots A, B and C. The ship moves when the third die lands (R10);
//! until then the board previews the path and the final facing from the
//! dice placed so far plus the die picked for the next empty slot.

use duel_core::dice::HelmFace;
use duel_core::game::{plan_path, PathStep};
use duel_core::station::{helm_face, HELM_SLOTS};
use duel_core::{Game, SeatId, ShipId, Spot, Station};
use leptos::prelude::*;

use super::common::{ship_memo, SpotView, StationFrame};
use crate::app::store::use_store;
use crate::ui::names::{dir_name, square};

/// The path the helm dice would fly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    pub path: Vec<PathStep>,
    /// All three slots accounted for: this is the whole move.
    pub complete: bool,
}

/// The preview for `ship`: placed dice in slot order, the picked (or first
/// rolled) die standing in for the first empty slot; `None` when no die counts.
/// A Fighter has two slots, a Capital ship three (R22).
pub fn preview(game: &Game, ship: ShipId, picked: &[u8]) -> Option<Preview> {
    let s = game.ship(ship)?;
    let dice = s.station_dice(Station::Helm);
    let rolled =
        dice.iter().enumerate().filter_map(|(i, d)| d.rolled().and_then(helm_face).map(|f| (i as u8, f)));
    let mut candidate: Option<HelmFace> =
        rolled.clone().find(|(i, _)| picked.contains(i)).or_else(|| rolled.clone().next()).map(|(_, f)| f);
    let mut faces = Vec::new();
    let slots = s.class.helm_slots();
    for slot in slots {
        match s.dice_at(Spot::Helm(*slot)).next().and_then(|(_, f)| helm_face(f)) {
            Some(f) => faces.push(f),
            None => match candidate.take() {
                Some(f) => faces.push(f),
                None => break,
            },
        }
    }
    if faces.is_empty() {
        return None;
    }
    let path = plan_path(game, s.position.square, s.facing, &faces);
    Some(Preview { path, complete: faces.len() == slots.len() })
}

#[component]
pub fn Helm(seat: SeatId, ship: ShipId) -> impl IntoView {
    let store = use_store();
    let s = ship_memo(store, ship);
    let text = Memo::new(move |_| {
        let picked = store.ui.picks(Station::Helm);
        store.game.with(|g| {
            let g = g.as_ref()?;
            let p = preview(g, ship, &picked)?;
            let end = p.path.last()?;
            let verb = if p.complete { "Moves to" } else { "So far: to" };
            Some(format!("{verb} {}, facing {}", square(end.square), dir_name(end.facing)))
        })
    });
    view! {
        <StationFrame seat ship station=Station::Helm>
            <div class="helm__slots">
                {HELM_SLOTS.into_iter().map(|slot| {
                    let name = format!("{slot:?}");
                    view! {
                        <SpotView seat s spot=Spot::Helm(slot) label=name.clone()
                            testid=format!("helm-slot-{}", name.to_lowercase()) class="spot--slot" />
                    }
                }).collect_view()}
            </div>
            <p class="helm__preview" data-testid="helm-preview">
                {move || text.get().unwrap_or_else(|| "Place three dice: the ship moves when the last one lands (A, then B, then C).".into())}
            </p>
        </StationFrame>
    }
}
