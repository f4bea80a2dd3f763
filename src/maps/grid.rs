//! The editor's board: one button per square, so a tap, a click, Enter or
//! Space paints it. One square at a time is in the Tab order (the cursor);
//! the arrow keys move the cursor, Home and End jump along the row.

use duel_core::error::fmt_square;
use duel_core::map::{MapSpec, Terrain};
use duel_core::Square;
use leptos::prelude::*;

use crate::board::map::arrow;

/// The test id of a square's button (`cell-E5`).
fn cell_id(sq: Square) -> String {
    format!("cell-{}", fmt_square(sq))
}

/// How a square looks and reads: its classes, glyphs and accessible name.
fn look(map: &MapSpec, sq: Square) -> (String, String, String) {
    let mut class = String::from("cell");
    let mut text = Vec::new();
    let mut words = Vec::new();
    if let Some(t) = map.terrain_at(sq) {
        let (kind, glyph) = match t {
            Terrain::Asteroid => ("asteroid", "A"),
            Terrain::Nebula => ("nebula", "N"),
            Terrain::Rift => ("rift", "≋"),
            Terrain::Gravity(d) => ("arrow", arrow(d)),
            Terrain::Wormhole => ("wormhole", "◎"),
            Terrain::Void => ("gap", ""),
        };
        class.push_str(&format!(" cell--{kind}"));
        text.push(glyph.to_string());
        words.push(t.name());
    }
    if let Some(n) = map.crystal_number(sq) {
        class.push_str(" cell--crystal");
        text.push(format!("◆{n}"));
        words.push(format!("crystal square {n}"));
    }
    for (i, s) in map.start_squares.iter().enumerate().filter(|(_, s)| s.square == sq) {
        class.push_str(" cell--start");
        text.push(format!("S{}{}", i + 1, arrow(s.facing)));
        words.push(format!("start square {} facing {}", i + 1, s.facing.name()));
    }
    if words.is_empty() {
        words.push("empty".into());
    }
    let label = format!("{}: {}", fmt_square(sq), words.join(", "));
    (class, text.join(" "), label)
}

fn focus_cell(sq: Square) {
    use wasm_bindgen::JsCast;
    let cell = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(&format!("[data-testid=\"{}\"]", cell_id(sq))).ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(cell) = cell {
        let _ = cell.focus();
    }
}

/// The grid of `map`; `on_paint` paints a square (tap, click, Enter, Space).
#[component]
pub fn Grid(map: RwSignal<MapSpec>, cursor: RwSignal<Square>, on_paint: Callback<Square>) -> impl IntoView {
    let size = Memo::new(move |_| map.with(|m| (m.cols, m.rows)));
    let squares = move || {
        let (cols, rows) = size.get();
        (0..rows).flat_map(move |r| (0..cols).map(move |c| Square::new(c, r))).collect::<Vec<_>>()
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let (cols, rows) = size.get_untracked();
        let at = cursor.get_untracked();
        let next = match ev.key().as_str() {
            "ArrowUp" => Square::new(at.col, at.row.saturating_sub(1)),
            "ArrowDown" => Square::new(at.col, (at.row + 1).min(rows - 1)),
            "ArrowLeft" => Square::new(at.col.saturating_sub(1), at.row),
            "ArrowRight" => Square::new((at.col + 1).min(cols - 1), at.row),
            "Home" => Square::new(0, at.row),
            "End" => Square::new(cols - 1, at.row),
            _ => return,
        };
        ev.prevent_default();
        cursor.set(next);
        focus_cell(next);
    };
    let label = move || {
        let (cols, rows) = size.get();
        format!("The map, {cols} by {rows}: arrow keys move, Enter or Space paints")
    };
    view! {
        <div class="map-grid" role="group" aria-label=label data-testid="map-grid"
            style=move || format!("--cols: {}", size.get().0) on:keydown=on_key>
            <For each=squares key=|sq| *sq let:sq>
                {
                    let shown = Memo::new(move |_| map.with(|m| look(m, sq)));
                    view! {
                        <button type="button" class=move || shown.with(|s| s.0.clone())
                            class:is-cursor=move || cursor.get() == sq
                            tabindex=move || if cursor.get() == sq { "0" } else { "-1" }
                            aria-label=move || shown.with(|s| s.2.clone()) data-testid=cell_id(sq)
                            on:focus=move |_| cursor.set(sq)
                            on:click=move |_| { cursor.set(sq); on_paint.run(sq); }>
                            {move || shown.with(|s| s.1.clone())}
                        </button>
                    }
                }
            </For>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::Dir;

    #[test]
    fn squares_read_in_words() {
        let mut map = MapSpec::default();
        map.paint(Square::new(4, 4), Some(Terrain::Gravity(Dir::East)));
        let (class, text, label) = look(&map, Square::new(4, 4));
        assert_eq!((class.as_str(), text.as_str()), ("cell cell--arrow", "→"));
        assert_eq!(label, "E5: gravity arrow pointing east");
        assert_eq!(look(&map, Square::new(1, 2)).2, "B3: crystal square 1");
        assert_eq!(look(&map, Square::new(0, 0)).2, "A1: empty");
    }
}
