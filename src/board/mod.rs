//! The board as SVG: the grid with its crystal squares, a tile map's
//! rifts, gravity arrows and gaps, obstacles, wormholes, crystals, mines and ships (facing, half-square positions),
//! and overlays for the ship this device plays: its arcs, the tractor
//! beam's reach, the helm's planned path, and the squares a pending choice
//! offers. Tapping a square does what the moment calls for ([`click`]).

pub mod click;
mod describe;
pub mod map;
mod marks;
mod overlays;
mod pieces;
pub mod terrain;

use duel_core::{ShipId, Square, Station};
use leptos::prelude::*;

use crate::store::use_store;
use marks::{square_marks, Mark};
use overlays::{HelmPath, RangeTags};
use pieces::{Crystals, Labels, Mines, Ships, Tokens};

/// Side of a square in SVG units.
pub const CELL: i32 = 100;
/// Room for the coordinate labels.
pub const MARGIN: i32 = 34;

/// The centre of a square in SVG units.
pub fn centre(sq: Square) -> (i32, i32) {
    (MARGIN + i32::from(sq.col) * CELL + CELL / 2, MARGIN + i32::from(sq.row) * CELL + CELL / 2)
}

/// The board. `focus`: the ship whose overlays are drawn; `interactive`: taps do things.
#[component]
pub fn Board(
    #[prop(into)] focus: Signal<Option<ShipId>>,
    #[prop(optional)] interactive: bool,
) -> impl IntoView {
    let store = use_store();
    let size =
        Memo::new(move |_| store.game.with(|g| g.as_ref().map_or((9, 9), |g| (g.map().cols, g.map().rows))));
    let marks = Memo::new(move |_| {
        let tab = store.ui.tab.get();
        let picked = store.ui.picks(Station::Helm);
        let seats = store.my_seats();
        store.game.with(|g| {
            g.as_ref().map(|g| square_marks(g, focus.get(), tab, &seats, &picked)).unwrap_or_default()
        })
    });
    // Named squares for tooltips and one sentence for a screen reader.
    let words = Memo::new(move |_| {
        store.game.with(|g| g.as_ref().map(|g| (describe::contents(g), describe::summary(g))))
    });
    // Each crew sees its own home edge at the bottom of its own devices: a
    // device whose seats are all Black's turns the board (the board view
    // in the middle of the table does not: `focus` is None there).
    let turned = Memo::new(move |_| {
        let seats = store.my_seats();
        focus.get().is_some()
            && store.game.with(|g| {
                g.as_ref().is_some_and(|g| {
                    let teams: Vec<_> = seats
                        .iter()
                        .filter_map(|s| g.seat_ship(*s))
                        .filter_map(|s| g.ship(s))
                        .map(|s| s.team)
                        .collect();
                    !teams.is_empty() && teams.iter().all(|t| *t == duel_core::TeamId(1))
                })
            })
    });
    let view_box = move || {
        let (c, r) = size.get();
        format!("0 0 {} {}", MARGIN * 2 + i32::from(c) * CELL, MARGIN * 2 + i32::from(r) * CELL)
    };
    // One reactive closure for the whole grid (not one per square): the marks
    // change rarely, and 81 subscriptions would each wake on every event.
    let squares = move || {
        let (cols, rows) = size.get();
        let marks = marks.get();
        let names = words.with(|w| w.as_ref().map(|(c, _)| c.clone()).unwrap_or_default());
        (0..rows)
            .flat_map(|row| (0..cols).map(move |col| Square::new(col, row)))
            .map(|sq| {
                let (x, y) = centre(sq);
                let i = usize::from(sq.row) * usize::from(cols) + usize::from(sq.col);
                let m = marks.get(i).copied().unwrap_or_default();
                let mut class = String::from("sq");
                for (on, name) in [
                    ((sq.col + sq.row) % 2 == 1, " sq--alt"),
                    (m.contains(Mark::FRONT), " sq--front"),
                    (m.contains(Mark::REAR), " sq--rear"),
                    (m.contains(Mark::REACH), " sq--reach"),
                    (m.contains(Mark::OPTION), " sq--option"),
                    (m.contains(Mark::PLACE), " sq--place"),
                ] {
                    if on {
                        class.push_str(name);
                    }
                }
                let name = crate::ui::names::square(sq);
                let said = describe::square_name(sq, names.get(&(sq.row, sq.col)));
                view! {
                    <rect class=class x=x - CELL / 2 y=y - CELL / 2 width=CELL height=CELL
                        data-testid=format!("sq-{name}")
                        on:click=move |_| { if interactive { click::on_square(store, sq) } }>
                        <title>{said}</title>
                    </rect>
                }
            })
            .collect_view()
    };
    view! {
        <svg class="board" class:board--interactive=interactive class:board--turned=move || turned.get()
            viewBox=view_box data-testid="board" role="img"
            aria-label=move || words.with(|w| w.as_ref().map_or_else(|| "The board".to_string(), |(_, s)| s.clone()))>
            <g class="board__squares">{squares}</g>
            <terrain::TerrainLayer />
            <Labels />
            <Tokens />
            <Crystals />
            <Mines />
            <HelmPath focus />
            <Ships focus />
            <RangeTags focus />
        </svg>
    }
}
