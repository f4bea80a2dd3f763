//! What sits on the board: labels, obstacle and wormhole tokens, crystals,
//! mines and the ships.

use duel_core::event::CrystalAt;
use duel_core::map::Obstacle;
use duel_core::{Dir, Position, ShipClass, ShipId};
use leptos::prelude::*;

use super::{centre, CELL, MARGIN};
use crate::store::use_store;
use crate::ui::names::{dir_name, ship_class, ship_name, square};

/// Column letters and row numbers round the grid, crystal square numbers inside it.
#[component]
pub fn Labels() -> impl IntoView {
    let store = use_store();
    let map = Memo::new(move |_| store.game.with(|g| g.as_ref().map(|g| g.map().clone())));
    move || {
        map.get().map(|m| {
            let cols = (0..m.cols).map(|c| {
                let x = MARGIN + i32::from(c) * CELL + CELL / 2;
                let letter = char::from(b'A' + c).to_string();
                view! {
                    <text class="board__label" x=x y=MARGIN - 10 text-anchor="middle">{letter.clone()}</text>
                    <text class="board__label" x=x y=MARGIN + i32::from(m.rows) * CELL + 26 text-anchor="middle">{letter}</text>
                }
            });
            let rows = (0..m.rows).map(|r| {
                let y = MARGIN + i32::from(r) * CELL + CELL / 2 + 8;
                view! {
                    <text class="board__label" x=MARGIN / 2 y=y text-anchor="middle">{r + 1}</text>
                    <text class="board__label" x=MARGIN + i32::from(m.cols) * CELL + MARGIN / 2 y=y text-anchor="middle">{r + 1}</text>
                }
            });
            let crystal_squares = m.crystal_squares.iter().enumerate().map(|(i, sq)| {
                let (x, y) = centre(*sq);
                view! {
                    <g class="crystal-square">
                        <rect x=x - 44 y=y - 44 width="88" height="88" rx="10" />
                        <text x=x - 34 y=y - 26>{i + 1}</text>
                    </g>
                }
            });
            view! { <g>{cols.collect_view()}{rows.collect_view()}{crystal_squares.collect_view()}</g> }
        })
    }
}

/// Asteroids, nebulae (with a letter: never colour alone) and wormholes.
#[component]
pub fn Tokens() -> impl IntoView {
    let store = use_store();
    let tokens = Memo::new(move |_| {
        store.game.with(|g| {
            g.as_ref().map(|g| (g.obstacles().to_vec(), g.wormholes().to_vec())).unwrap_or_default()
        })
    });
    move || {
        let (obstacles, wormholes) = tokens.get();
        let obs = obstacles.into_iter().map(|(sq, kind)| {
            let (x, y) = centre(sq);
            let t = format!("translate({x} {y})");
            match kind {
                Obstacle::Asteroid => view! {
                    <g class="token token--asteroid" transform=t data-testid=format!("asteroid-{}", square(sq))>
                        <title>{format!("Asteroids at {}: entering strips two shield dice", square(sq))}</title>
                        <circle cx="-16" cy="-10" r="16" /><circle cx="14" cy="-4" r="12" /><circle cx="-2" cy="16" r="13" />
                        <text y="38" text-anchor="middle">"AST"</text>
                    </g>
                }.into_any(),
                Obstacle::Nebula => view! {
                    <g class="token token--nebula" transform=t data-testid=format!("nebula-{}", square(sq))>
                        <title>{format!("Nebula at {}: entering strips two sensor dice", square(sq))}</title>
                        <ellipse rx="38" ry="22" /><ellipse cx="-10" cy="-12" rx="22" ry="14" /><ellipse cx="14" cy="8" rx="20" ry="12" />
                        <text y="38" text-anchor="middle">"NEB"</text>
                    </g>
                }.into_any(),
            }
        });
        let worms = wormholes.into_iter().map(|sq| {
            let (x, y) = centre(sq);
            view! {
                <g class="token token--wormhole" transform=format!("translate({x} {y})")>
                    <title>{format!("Wormhole at {}", square(sq))}</title>
                    <circle r="34" /><circle r="22" /><circle r="10" />
                </g>
            }
        });
        view! { <g>{obs.collect_view()}{worms.collect_view()}</g> }
    }
}

/// Crystals lying on the map (several in a square fan out).
#[component]
pub fn Crystals() -> impl IntoView {
    let store = use_store();
    let list = Memo::new(move |_| {
        store.game.with(|g| {
            g.as_ref()
                .map(|g| {
                    g.crystals()
                        .iter()
                        .enumerate()
                        .filter_map(|(i, c)| match c {
                            CrystalAt::OnMap(sq) => Some((i as u8, *sq)),
                            _ => None,
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    move || {
        let all = list.get();
        all.iter()
            .map(|(i, sq)| {
                let k = all.iter().filter(|(j, s)| s == sq && j < i).count() as i32;
                let (x, y) = centre(*sq);
                let (x, y) = (x + 20 + 14 * k, y + 22 - 8 * k);
                view! {
                    <g class="crystal" transform=format!("translate({x} {y})") data-testid=format!("crystal-{}", i + 1)>
                        <title>{format!("A crystal at {}", square(*sq))}</title>
                        <path d="M0 -16 L11 0 L0 16 L-11 0 Z" />
                    </g>
                }
            })
            .collect_view()
    }
}

/// Mine tokens on the map, lettered with their owner's mine.
#[component]
pub fn Mines() -> impl IntoView {
    let store = use_store();
    let mines = Memo::new(move |_| store.game.with(|g| g.as_ref().map(|g| g.mines()).unwrap_or_default()));
    move || {
        mines
            .get()
            .into_iter()
            .map(|m| {
                let (x, y) = centre(m.square);
                view! {
                    <g class="mine-token" transform=format!("translate({} {})", x - 26, y + 24) data-testid=format!("mine-{}", square(m.square))>
                        <title>{format!("Mine {:?} at {}", m.mine, square(m.square))}</title>
                        <path d="M0 -18 V18 M-18 0 H18 M-12 -12 L12 12 M12 -12 L-12 12" />
                        <circle r="11" />
                        <text y="5" text-anchor="middle">{format!("{:?}", m.mine)}</text>
                    </g>
                }
            })
            .collect_view()
    }
}

pub(super) fn angle(dir: Dir) -> i32 {
    match dir {
        Dir::North => 0,
        Dir::East => 90,
        Dir::South => 180,
        Dir::West => 270,
    }
}

/// Where a ship is drawn: its square's centre, or the half it shares (R11).
pub(super) fn ship_xy(pos: Position) -> (i32, i32) {
    let (x, y) = centre(pos.square);
    let (dx, dy) = pos.half.map_or((0, 0), Dir::delta);
    (x + i32::from(dx) * 25, y + i32::from(dy) * 25)
}

/// The ships: an arrowhead pointing where the ship faces, in its colour,
/// named; a Fighter is a smaller delta-wing with its Health beside it, and
/// leaves the board while destroyed (R22).
#[component]
pub fn Ships(focus: Signal<Option<ShipId>>) -> impl IntoView {
    let store = use_store();
    let ships = Memo::new(move |_| {
        store.game.with(|g| {
            g.as_ref()
                .map(|g| {
                    g.ships()
                        .iter()
                        .enumerate()
                        .filter(|(_, s)| !(s.destroyed && s.class == ShipClass::Fighter))
                        .map(|(i, s)| {
                            let id = ShipId(i as u8);
                            (
                                id,
                                s.position,
                                s.facing,
                                s.destroyed,
                                ship_class(g.layout(), id),
                                ship_name(g.layout(), id),
                                s.health(),
                            )
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    view! {
        <For each=move || ships.get() key=|s| s.0 let:s>
            {
                let id = s.0;
                let me = Memo::new(move |_| ships.with(|all| all.iter().find(|x| x.0 == id).cloned()));
                let style = move || me.get().map(|(_, pos, facing, ..)| {
                    let (x, y) = ship_xy(pos);
                    format!("transform: translate({x}px, {y}px) rotate({}deg)", angle(facing))
                });
                let scale = move || if me.get().is_some_and(|m| m.1.half.is_some()) { "scale(0.72)" } else { "scale(1)" };
                view! {
                    <g class=format!("ship ship--{}", s.4) class:is-focus=move || focus.get() == Some(id)
                        class:is-destroyed=move || me.get().is_some_and(|m| m.3)
                        style=style data-testid=format!("board-ship-{}", id.0)
                        data-square=move || me.get().map(|m| square(m.1.square))
                        data-facing=move || me.get().map(|m| dir_name(m.2))>
                        <title>{s.5}</title>
                        <g style=move || format!("transform: {}", scale())>
                            {match s.6 {
                                None => view! {
                                    <path class="ship__hull" d="M0 -38 L26 30 L0 17 L-26 30 Z" />
                                    <circle class="ship__bridge" cy="4" r="6" />
                                }.into_any(),
                                Some(_) => view! {
                                    <path class="ship__hull ship__hull--fighter" d="M0 -26 L7 -4 L24 14 L7 10 L0 22 L-7 10 L-24 14 L-7 -4 Z" />
                                }.into_any(),
                            }}
                        </g>
                        {move || me.get().and_then(|m| m.6).map(|health| view! {
                            <g class="ship__health" data-testid=format!("board-health-{}", id.0) data-health=health>
                                {(0..health).map(|i| view! { <circle cx=-14 + i32::from(i) * 14 cy="36" r="6" /> }).collect_view()}
                            </g>
                        })}
                    </g>
                }
            }
        </For>
    }
}
