//! The battlefield drawn (T1): the straight track of two sectors, or the
//! ring of three, with warp spots (◎, D33), a closed sector greyed (D34),
//! and each ship as an arrow in its colour pointing the way it faces, its
//! raised shields as bars (front, rear) and a ring (mid), and how far it is
//! from Red.

use duel_core::thunderstruck::board::SECTOR;
use duel_core::thunderstruck::{Board, Facing, Game, Player, Space};
use leptos::prelude::*;

use super::duel::use_duel;

/// Where a space is drawn, and the angle (degrees) of "Up" there.
fn place(board: &Board, space: Space) -> (f64, f64, f64) {
    if board.sectors() == 3 {
        let n = f64::from(board.spaces());
        let theta = (-90.0 + (f64::from(space.0) + 0.5) * 360.0 / n).to_radians();
        let r = 112.0;
        (150.0 + r * theta.cos(), 150.0 + r * theta.sin(), theta.to_degrees() + 90.0)
    } else {
        (21.0 + f64::from(space.0) * 30.0, 58.0, 0.0)
    }
}

fn view_box(board: &Board) -> &'static str {
    if board.sectors() == 3 {
        "0 0 300 300"
    } else {
        "0 0 372 112"
    }
}

/// The spaces, sector marks and warp spots (redrawn only when a sector closes).
fn track(board: Board, highlight: Vec<Space>) -> impl IntoView {
    let ring = board.sectors() == 3;
    let spaces = (0..board.spaces()).map(Space).map(|s| {
        let (x, y, _) = place(&board, s);
        let sector = s.sector();
        let closed = !board.is_open(s);
        let warp = board.warp_spots(sector).contains(&s);
        let mut class = format!("ts-cell ts-cell--s{}", sector % 2);
        if closed {
            class += " is-closed";
        }
        if highlight.contains(&s) {
            class += " is-target";
        }
        let cell = if ring {
            view! { <circle class=class.clone() cx=x cy=y r="12.5" /> }.into_any()
        } else {
            view! { <rect class=class.clone() x=x - 14.0 y=y - 18.0 width="28" height="36" rx="4" /> }
                .into_any()
        };
        let (nx, ny) = if ring {
            let (dx, dy) = (x - 150.0, y - 150.0);
            (150.0 + dx * 1.2, 150.0 + dy * 1.2 + 3.0)
        } else {
            (x, y + 31.0)
        };
        view! {
            <g>
                {cell}
                {warp.then(|| view! { <circle class="ts-warp" cx=x cy=y r="6" /> })}
                <text class="ts-cell__n" x=nx y=ny text-anchor="middle">{s.0 + 1}</text>
            </g>
        }
    });
    let sectors = (0..board.sectors()).map(|k| {
        let closed = board.closed() == Some(k);
        let label = if closed { format!("Sector {} (closed)", k + 1) } else { format!("Sector {}", k + 1) };
        if ring {
            let mid = (-90.0 + (f64::from(k) + 0.5) * 120.0).to_radians();
            let edge = (-90.0 + f64::from(k) * 120.0).to_radians();
            view! {
                <g>
                    <line class="ts-divider" x1=150.0 + 96.0 * edge.cos() y1=150.0 + 96.0 * edge.sin()
                        x2=150.0 + 130.0 * edge.cos() y2=150.0 + 130.0 * edge.sin() />
                    <text class="ts-sector" x=150.0 + 70.0 * mid.cos() y=150.0 + 70.0 * mid.sin() + 4.0 text-anchor="middle">{label}</text>
                </g>
            }
            .into_any()
        } else {
            let x0 = 6.0 + f64::from(k * SECTOR) * 30.0;
            view! {
                <g>
                    {(k > 0).then(|| view! { <line class="ts-divider" x1=x0 - 1.0 y1="26" x2=x0 - 1.0 y2="90" /> })}
                    <text class="ts-sector" x=x0 + 89.0 y="18" text-anchor="middle">{label}</text>
                </g>
            }
            .into_any()
        }
    });
    view! { <g>{spaces.collect_view()}{sectors.collect_view()}</g> }
}

/// One ship token.
fn token(game: &Game, player: Player, me: Player) -> Option<impl IntoView> {
    let ship = game.ship(player)?;
    if ship.destroyed {
        return None;
    }
    let board = game.board();
    let (x, y, up) = place(board, ship.at);
    let angle = match ship.facing {
        Facing::Up => up,
        Facing::Down => up + 180.0,
    };
    let c = &ship.console;
    let colour = player.colour().to_lowercase();
    let distance = game.ship(me).filter(|_| player != me).map(|mine| board.distance(mine.at, ship.at));
    let label = format!(
        "{player} on space {}{}",
        ship.at.0 + 1,
        distance.map(|d| format!(", {d} from you")).unwrap_or_default()
    );
    Some(view! {
        <g class=format!("ts-ship ts-ship--{colour}") data-testid=format!("ts-ship-{colour}") data-space=ship.at.0 + 1>
            <title>{label}</title>
            <g transform=format!("translate({x:.1} {y:.1}) rotate({angle:.1})")>
                {c.shield_up(duel_core::thunderstruck::Shield::Mid).then(|| view! { <circle class="ts-shield ts-shield--mid" r="15" /> })}
                {c.shield_up(duel_core::thunderstruck::Shield::Front).then(|| view! { <line class="ts-shield" x1="14" y1="-9" x2="14" y2="9" /> })}
                {c.shield_up(duel_core::thunderstruck::Shield::Rear).then(|| view! { <line class="ts-shield" x1="-13" y1="-9" x2="-13" y2="9" /> })}
                <polygon class="ts-ship__hull" points="11,0 -8,-8 -4,0 -8,8" />
            </g>
            {distance.map(|d| view! {
                <g class="ts-dist">
                    <circle cx=x + 12.0 cy=y - 14.0 r="7.5" />
                    <text x=x + 12.0 y=y - 11.0 text-anchor="middle">{d}</text>
                </g>
            })}
        </g>
    })
}

#[component]
pub fn Field() -> impl IntoView {
    let duel = use_duel();
    let me = duel.me;
    let board = Memo::new(move |_| duel.game.with(|g| g.as_ref().map(|g| *g.board())));
    let spots = Memo::new(move |_| {
        duel.game.with(|g| {
            let mut s: Vec<Space> = g
                .as_ref()
                .map(|g| {
                    g.steers(me)
                        .into_iter()
                        .filter_map(|x| match x {
                            duel_core::thunderstruck::Steer::Warp { to, .. } => Some(to),
                            _ => None,
                        })
                        .collect()
                })
                .unwrap_or_default();
            s.dedup();
            s
        })
    });
    let ships = move || {
        duel.game.with(|g| g.as_ref().map(|g| g.players().filter_map(|p| token(g, p, me)).collect_view()))
    };
    move || {
        board.get().map(|b| {
            view! {
                <svg class=if b.sectors() == 3 { "ts-field ts-field--ring" } else { "ts-field" } viewBox=view_box(&b)
                    role="img" aria-label="The battlefield" data-testid="ts-field">
                    {move || track(b, spots.get())}
                    {ships}
                </svg>
            }
        })
    }
}
