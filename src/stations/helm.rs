//! Helm: slots A, B and C. The ship moves when the third die lands (R10);
//! until then the board previews the path and the final facing from the
//! dice placed so far plus the die picked for the next empty slot.

use duel_core::dice::HelmFace;
use duel_core::game::{plan_partial_move, PathStep};
use duel_core::map::Pull;
use duel_core::station::{helm_face, HELM_SLOTS};
use duel_core::{Game, SeatId, ShipId, Spot, Station};
use leptos::prelude::*;

use super::common::{ship_memo, SpotView, StationFrame};
use crate::store::use_store;
use crate::ui::names::{dir_name, square};

/// The path the helm dice would fly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    pub path: Vec<PathStep>,
    /// All three slots accounted for: this is the whole move.
    pub complete: bool,
    /// An earlier die moves against a gravity arrow: the last die will do nothing (D44).
    pub last_cancelled: bool,
    /// Helm dice moving with gravity arrows will keep (D44).
    pub kept: u8,
}

impl Preview {
    /// What the gravity arrows on the way will do, in words (empty when none are met).
    pub fn gravity(&self, last_slot: &str) -> Vec<String> {
        let mut out = Vec::new();
        for step in &self.path {
            match step.pull {
                Some(Pull::Against) => out.push(format!("against the arrow at {}", square(step.square))),
                Some(Pull::With) => out.push(format!("with the arrow at {}", square(step.square))),
                None => {}
            }
        }
        if self.last_cancelled {
            out.push(format!("die {last_slot} will do nothing"));
        }
        if self.kept > 0 {
            let dice = if self.kept == 1 { "1 helm die" } else { "2 helm dice" };
            out.push(format!("{dice} kept for a free placement"));
        }
        out
    }
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
    let plan = plan_partial_move(game, s.position.square, s.facing, &faces, slots.len());
    Some(Preview {
        path: plan.path,
        complete: faces.len() == slots.len(),
        last_cancelled: plan.last_cancelled,
        kept: plan.kept,
    })
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
            let last = g.ship(ship).and_then(|s| s.class.helm_slots().last().map(|slot| format!("{slot:?}")));
            let mut text = format!("{verb} {}, facing {}", square(end.square), dir_name(end.facing));
            for note in p.gravity(&last.unwrap_or_default()) {
                text.push_str(" · ");
                text.push_str(&note);
            }
            Some(text)
        })
    });
    // With Maneuver Jets charged the ship moves on two dice (D31): the hint says so.
    let jets = Memo::new(move |_| {
        store.game.with(|g| {
            g.as_ref().is_some_and(|g| g.card_active(ship, duel_core::equipment::Card::ManeuverJets))
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
                {move || text.get().unwrap_or_else(|| if jets.get() {
                    "Maneuver Jets: place two dice; the ship moves when the second one lands.".into()
                } else {
                    "Place three dice: the ship moves when the last one lands (A, then B, then C).".into()
                })}
            </p>
        </StationFrame>
    }
}
