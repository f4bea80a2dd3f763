//! The editor's palette: what the brush paints, each item in words and a
//! glyph (never colour alone), and the direction picker that gravity arrows
//! and start squares' facings share.

use duel_core::map::{MapSpec, Terrain};
use duel_core::Dir;
use leptos::prelude::*;

use crate::atlas::paint::{start_ready, Brush};
use crate::board::map::arrow;

/// A palette item (the direction comes from the direction picker).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Empty,
    Asteroid,
    Nebula,
    Rift,
    Arrow,
    Wormhole,
    Gap,
    Crystal(u8),
    Start(u8),
}

impl Tool {
    /// The brush this tool paints with, pointing `dir`.
    pub fn brush(self, dir: Dir) -> Brush {
        match self {
            Tool::Empty => Brush::Empty,
            Tool::Asteroid => Brush::Terrain(Terrain::Asteroid),
            Tool::Nebula => Brush::Terrain(Terrain::Nebula),
            Tool::Rift => Brush::Terrain(Terrain::Rift),
            Tool::Arrow => Brush::Terrain(Terrain::Gravity(dir)),
            Tool::Wormhole => Brush::Terrain(Terrain::Wormhole),
            Tool::Gap => Brush::Terrain(Terrain::Void),
            Tool::Crystal(n) => Brush::Crystal(n),
            Tool::Start(n) => Brush::Start(n, dir),
        }
    }

    /// Test id and visible label.
    fn id_label(self) -> (String, String) {
        match self {
            Tool::Empty => ("empty".into(), "Empty".into()),
            Tool::Asteroid => ("asteroid".into(), "Asteroid".into()),
            Tool::Nebula => ("nebula".into(), "Nebula".into()),
            Tool::Rift => ("rift".into(), "Rift".into()),
            Tool::Arrow => ("arrow".into(), "Gravity arrow".into()),
            Tool::Wormhole => ("wormhole".into(), "Wormhole".into()),
            Tool::Gap => ("gap".into(), "Gap (no tile)".into()),
            Tool::Crystal(n) => (format!("crystal-{n}"), format!("Crystal {n}")),
            Tool::Start(n) => (format!("start-{n}"), format!("Start {n}")),
        }
    }
}

/// The editor's glyph for a tool (the grid uses the same ones).
pub fn glyph(tool: Tool, dir: Dir) -> String {
    match tool {
        Tool::Empty => "·".into(),
        Tool::Asteroid => "A".into(),
        Tool::Nebula => "N".into(),
        Tool::Rift => "≋".into(),
        Tool::Arrow => arrow(dir).into(),
        Tool::Wormhole => "◎".into(),
        Tool::Gap => "▒".into(),
        Tool::Crystal(n) => format!("◆{n}"),
        Tool::Start(n) => format!("S{n}"),
    }
}

const TERRAIN: [Tool; 7] =
    [Tool::Empty, Tool::Asteroid, Tool::Nebula, Tool::Rift, Tool::Arrow, Tool::Wormhole, Tool::Gap];

/// The palette: terrain, crystal squares 1–6, start squares 1–4, and the direction.
#[component]
pub fn Palette(
    tool: RwSignal<Tool>,
    dir: RwSignal<Dir>,
    symmetric: RwSignal<bool>,
    #[prop(into)] map: Signal<MapSpec>,
) -> impl IntoView {
    let item = move |t: Tool| {
        let (id, label) = t.id_label();
        let ready = move || match t {
            Tool::Start(n) => map.with(|m| start_ready(m, n, symmetric.get())),
            _ => true,
        };
        let title = match t {
            Tool::Start(n) if n > 1 => format!("Start squares are painted in order: start {} first", n - 1),
            _ => String::new(),
        };
        view! {
            <button type="button" class=format!("tool tool--{}", id.split('-').next().unwrap_or_default())
                class:is-on=move || tool.get() == t aria-pressed=move || (tool.get() == t).to_string()
                disabled=move || !ready() title=title data-testid=format!("tool-{id}")
                on:click=move |_| tool.set(t)>
                <span class="tool__glyph" aria-hidden="true">{move || glyph(t, dir.get())}</span>
                <span class="tool__label">{label}</span>
            </button>
        }
    };
    let dirs = [Dir::North, Dir::East, Dir::South, Dir::West];
    view! {
        <div class="palette" data-testid="map-palette">
            <div class="palette__group" role="group" aria-label="Terrain">
                {TERRAIN.into_iter().map(item).collect_view()}
            </div>
            <div class="palette__group" role="group" aria-label="Crystal squares">
                {(1..=6).map(|n| item(Tool::Crystal(n))).collect_view()}
            </div>
            <div class="palette__group" role="group" aria-label="Start squares">
                {(1..=4).map(|n| item(Tool::Start(n))).collect_view()}
            </div>
            <div class="palette__group palette__dirs" role="group"
                aria-label="Direction of gravity arrows and start facings">
                <span class="seg__label">"Pointing"</span>
                {dirs.into_iter().map(|d| view! {
                    <button type="button" class="tool tool--dir" class:is-on=move || dir.get() == d
                        aria-pressed=move || (dir.get() == d).to_string()
                        data-testid=format!("dir-{}", d.name()) on:click=move |_| dir.set(d)>
                        <span class="tool__glyph" aria-hidden="true">{arrow(d)}</span>
                        <span class="tool__label">{capitalised(d.name())}</span>
                    </button>
                }).collect_view()}
            </div>
            <label class="palette__sym">
                <input type="checkbox" data-testid="map-symmetric" prop:checked=move || symmetric.get()
                    on:change=move |ev| symmetric.set(event_target_checked(&ev)) />
                "Symmetric painting (each stroke also paints the opposite square)"
            </label>
        </div>
    }
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
