//! The shared-screen board view (`?view=board`, `#/board`): the map and every
//! ship's displays large, the freeze story, no controls. For a TV or a
//! laptop at the end of the table.

use duel_core::ShipId;
use leptos::prelude::*;

use super::freeze::{FreezeOverlay, FreezeResult};
use super::header::Header;
use super::ticker::Ticker;
use crate::board::Board;
use crate::stations::display::ShipDisplay;
use crate::store::use_store;

#[component]
pub fn BoardScreen() -> impl IntoView {
    let store = use_store();
    let ships = Memo::new(move |_| store.game.with(|g| g.as_ref().map_or(0, |g| g.ships().len() as u8)));
    let seats = RwSignal::new(false);
    view! {
        <div class="board-screen" data-testid="board-screen">
            <Header seats />
            {move || if store.game.with(Option::is_none) {
                // A board view link in a browser that cannot be in a room: why, not a wait forever.
                match crate::net::room_link_refused() {
                    Some(why) => view! {
                        <p class="board-screen__wait home__error panel" role="alert" data-testid="board-no-webrtc">{why.to_string()}</p>
                    }.into_any(),
                    None => view! { <p class="board-screen__wait" data-testid="board-wait">"Waiting for the battle to begin…"</p> }.into_any(),
                }
            } else {
                view! {
                    <main class="board-screen__main">
                        <Board focus=Signal::stored(None::<ShipId>) />
                        <aside class="board-screen__side">
                            <For each=move || ship_ids(ships.get()) key=|id| *id let:id>
                                <ShipDisplay ship=id large=true />
                            </For>
                            <Ticker />
                        </aside>
                    </main>
                }.into_any()
            }}
            <FreezeOverlay />
            <FreezeResult floating=true />
        </div>
    }
}

/// Every ship id of a game with `n` ships.
fn ship_ids(n: u8) -> Vec<ShipId> {
    (0..n).map(ShipId).collect()
}
