//! A small drawing of a map for the lobby: squares, the printed terrain
//! (rifts, gravity arrows pointing their way and gaps drawn as the board
//! draws them; wormholes, asteroids and nebulae as tokens), crystal squares
//! and start squares numbered, and on the plain board the tokens a quick
//! start preplaced.

use duel_core::config::Preplaced;
use duel_core::map::{MapSpec, Obstacle, Start, Terrain};
use duel_core::{Dir, Square};
use leptos::prelude::*;

use crate::board::{centre, CELL, MARGIN};

/// The arrow glyph pointing `dir` (also the editor's cell text).
pub fn arrow(dir: Dir) -> &'static str {
    match dir {
        Dir::North => "↑",
        Dir::East => "→",
        Dir::South => "↓",
        Dir::West => "←",
    }
}

/// A chevron pointing `dir` centred on (x, y), as an SVG path.
fn chevron(x: i32, y: i32, dir: Dir, size: i32) -> String {
    let (dx, dy) = dir.delta();
    let (dx, dy) = (i32::from(dx), i32::from(dy));
    // Tip ahead of the centre, the two tails behind it and to either side.
    let tip = (x + dx * size, y + dy * size);
    let left = (x - dx * size / 2 + dy * size, y - dy * size / 2 - dx * size);
    let right = (x - dx * size / 2 - dy * size, y - dy * size / 2 + dx * size);
    format!("M{} {} L{} {} L{} {} Z", left.0, left.1, tip.0, tip.1, right.0, right.1)
}

fn letter_token(class: &'static str, sq: Square, letter: &'static str) -> AnyView {
    let (x, y) = centre(sq);
    view! { <g class=class><circle cx=x cy=y r="34" /><text x=x y=y + 11 text-anchor="middle">{letter}</text></g> }
        .into_any()
}

/// Asteroids, nebulae and wormholes as the tokens they act as; rifts,
/// arrows and gaps as the game's board draws them.
fn terrain_mark(sq: Square, terrain: Terrain) -> Option<AnyView> {
    match terrain {
        Terrain::Asteroid => Some(letter_token("preview__ast", sq, "A")),
        Terrain::Nebula => Some(letter_token("preview__neb", sq, "N")),
        Terrain::Wormhole => Some(letter_token("preview__worm", sq, "W")),
        _ => crate::board::terrain::piece(sq, terrain),
    }
}

/// The map drawn as SVG, with `starts` numbered (a layout's own, in ship
/// order) and `preplaced` tokens, if any.
pub fn map_svg(map: &MapSpec, starts: &[Start], preplaced: Option<&Preplaced>) -> impl IntoView {
    let w = MARGIN * 2 + i32::from(map.cols) * CELL;
    let h = MARGIN * 2 + i32::from(map.rows) * CELL;
    let cells = map.squares().map(|sq| {
        let (x, y) = centre(sq);
        view! { <rect class="sq" class:sq--alt=(sq.col + sq.row) % 2 == 1 x=x - CELL / 2 y=y - CELL / 2 width=CELL height=CELL /> }
    });
    let terrain = map.terrain.iter().filter_map(|(sq, t)| terrain_mark(*sq, *t));
    let crystals = map.crystal_squares.iter().enumerate().map(|(i, sq)| {
        let (x, y) = centre(*sq);
        view! {
            <g class="preview__crystal">
                <path d=format!("M{x} {} l26 30 l-26 30 l-26 -30 z", y - 30) />
                <text x=x y=y + 11 text-anchor="middle">{(i + 1).to_string()}</text>
            </g>
        }
    });
    let starts = starts.iter().enumerate().map(|(i, s)| {
        let (x, y) = centre(s.square);
        let (dx, dy) = s.facing.delta();
        let (tx, ty) = (x + i32::from(dx) * 36, y + i32::from(dy) * 36);
        view! {
            <g class="preview__start">
                <circle cx=x cy=y r="28" />
                <path class="preview__facing" d=chevron(tx, ty, s.facing, 12) />
                <text x=x y=y + 11 text-anchor="middle">{(i + 1).to_string()}</text>
            </g>
        }
    });
    let tokens: Vec<AnyView> = preplaced
        .map(|p| {
            let obstacles = p.obstacles.iter().map(|(sq, kind)| match kind {
                Obstacle::Asteroid => letter_token("preview__ast", *sq, "A"),
                Obstacle::Nebula => letter_token("preview__neb", *sq, "N"),
            });
            let worms = p.wormholes.iter().flatten().map(|sq| letter_token("preview__worm", *sq, "W"));
            obstacles.chain(worms).collect()
        })
        .unwrap_or_default();
    let label = format!("Map preview: {}, {}×{}", map.name, map.cols, map.rows);
    view! {
        <svg class="preview" viewBox=format!("0 0 {w} {h}") data-testid="lobby-map-preview" role="img" aria-label=label>
            {cells.collect_view()}{terrain.collect_view()}{crystals.collect_view()}{starts.collect_view()}{tokens}
        </svg>
    }
}
