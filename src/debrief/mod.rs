//! The debrief after a game: who won, the timeline of damage, and how each
//! crew moved its energy and used its torpedoes, beside the final board.

use duel_core::event::DamageCause;
use duel_core::station::ALL_STATIONS;
use duel_core::{ShipClass, ShipId};
use leptos::prelude::*;

use crate::board::Board;
use crate::route::Route;
use crate::store::{use_store, Errand};
use crate::ui::icons::station_icon;
use crate::ui::names::{damage_cause, ship_class, ship_name, station_short, team_name};

fn clock(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

/// The result screen (`data-testid="result"`).
#[component]
pub fn Debrief() -> impl IntoView {
    let store = use_store();
    // Said from this device's side (issue 33): "You won!", or who beat you; a device that
    // holds no seat (a spectator) hears the winner's name.
    let headline = Memo::new(move |_| {
        let seats = store.my_seats();
        store.game.with(|g| {
            let g = g.as_ref()?;
            let mine = seats.iter().find_map(|s| g.seat_ship(*s)).map(|ship| g.layout().team_of(ship));
            Some(match g.outcome()? {
                Some(team) if mine == Some(team) => "You won!".to_string(),
                Some(team) if mine.is_some() => format!("{} won: you lost.", team_name(g.layout(), team)),
                Some(team) => format!("{} won!", team_name(g.layout(), team)),
                None => "A draw: both ships destroyed.".to_string(),
            })
        })
    });
    let layout = Memo::new(move |_| store.game.with(|g| g.as_ref().map(|g| g.layout())));
    // Fighters have Health, not damage tracks and energy (R22).
    let fighters = Memo::new(move |_| {
        store.game.with(|g| {
            g.as_ref()
                .map(|g| g.ships().iter().map(|s| s.class == ShipClass::Fighter).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    });
    let is_fighter =
        move |ship: ShipId| fighters.with(|f| f.get(usize::from(ship.0)).copied().unwrap_or(false));
    let ships = Memo::new(move |_| store.game.with(|g| g.as_ref().map_or(0, |g| g.ships().len() as u8)));
    let any_ship = move |fighter: bool| fighters.with(|f| f.contains(&fighter));
    let marks = Memo::new(move |_| store.log.with(|l| l.damage.clone()));
    let tally = Memo::new(move |_| store.log.with(|l| l.tally.clone()));
    let timeline = move || {
        let Some(layout) = layout.get() else { return ().into_any() };
        let marks = marks.get();
        let n = ships.get().max(1);
        let end = marks.iter().filter_map(|m| m.at).max().unwrap_or(0).max(1);
        let last_seq = marks.iter().map(|m| m.seq).max().unwrap_or(1).max(1);
        // One row a ship: its name in full as text of the page's size (an SVG label shrank to
        // ~7 px on a phone and was cut to seven letters), its damage marks on a line below.
        let rows = (0..n).map(|s| {
            let dots = marks.iter().enumerate().filter(|(_, m)| m.ship.0 == s).map(|(k, m)| {
                let x = match m.at {
                    Some(at) => 20 + (at * 320 / end) as i32,
                    None => 20 + (m.seq * 320 / last_seq) as i32,
                };
                let icon = match m.cause {
                    DamageCause::Mine => "M",
                    DamageCause::PulseBomb => "B",
                    DamageCause::Launch => "L",
                    DamageCause::Torpedo | DamageCause::Missile => "T",
                };
                view! {
                    <g class=format!("tl__mark ship--{}", ship_class(layout, m.ship)) data-testid=format!("timeline-mark-{k}")>
                        <circle cx=x cy="18" r="12" /><text x=x y="23" text-anchor="middle">{icon}</text>
                    </g>
                }
            });
            view! {
                <li class="tl__row">
                    <span class="tl__name" data-testid=format!("timeline-name-{s}")>{ship_name(layout, ShipId(s))}</span>
                    // 360 units across a card about as wide: a mark stays as large as the text
                    // on a phone (600 drew it at ~7 px).
                    <svg class="tl__line" viewBox="0 0 360 36" aria-hidden="true">
                        <line x1="20" x2="340" y1="18" y2="18" />
                        {dots.collect_view()}
                    </svg>
                </li>
            }
        });
        view! {
            <ul class="timeline" data-testid="timeline">{rows.collect_view()}</ul>
            <ol class="timeline__list">
                {marks.iter().map(|m| {
                    let when = m.at.map(clock).unwrap_or_default();
                    let how = damage_cause(m.cause);
                    let name = ship_name(layout, m.ship);
                    let line = if is_fighter(m.ship) {
                        format!("{when} {name} is hit by {how} (hit {})", m.total)
                    } else {
                        format!("{when} {name} takes damage from {how} ({}/4)", m.total)
                    };
                    view! { <li>{line}</li> }
                }).collect_view()}
            </ol>
        }
        .into_any()
    };
    // Capital ships' energy, or (`fighter`) the Fighters', which have none (R22).
    let flows = move |fighter: bool| {
        let Some(layout) = layout.get() else { return ().into_any() };
        let tally = tally.get();
        (0..ships.get())
            .filter(|s| is_fighter(ShipId(*s)) == fighter)
            .map(|s| {
                let id = ShipId(s);
                let t = tally.get(&id).cloned().unwrap_or_default();
                let max = t.energy.iter().copied().max().unwrap_or(0).max(1);
                if is_fighter(id) {
                    return view! {
                        <section class=format!("flow ship-edge--{}", ship_class(layout, id)) data-testid=format!("flow-{s}")>
                            <h3>{ship_name(layout, id)}</h3>
                            <p class="hint">{format!("{} missiles launched, {} hits, {} freezes", t.launched, t.hits, t.freezes)}</p>
                        </section>
                    }
                    .into_any();
                }
                view! {
                    <section class=format!("flow ship-edge--{}", ship_class(layout, id)) data-testid=format!("flow-{s}")>
                        <h3>{ship_name(layout, id)}</h3>
                        <ul class="flow__bars">
                            {ALL_STATIONS.iter().filter(|st| st.energy_number().is_some()).map(|st| {
                                let n = t.energy[st.index()];
                                view! {
                                    <li class=format!("flow__bar flow__bar--{}", crate::ui::names::station_key(*st))>
                                        {station_icon(Some(*st))}<span>{station_short(*st)}</span>
                                        <span class="flow__fill" style=format!("width: {}%", n * 100 / max)></span>
                                        <b>{n}</b>
                                    </li>
                                }
                            }).collect_view()}
                        </ul>
                        <p class="hint">{format!("{} torpedoes launched, {} hits, {} freezes, {} crystals", t.launched, t.hits, t.freezes, t.crystals)}</p>
                    </section>
                }
                .into_any()
            })
            .collect_view()
            .into_any()
    };
    view! {
        <main class="result" data-testid="result">
            <header class="result__head">
                <h1 data-testid="result-winner">{move || headline.get().unwrap_or_default()}</h1>
                <nav class="result__actions">
                    <button class="btn btn--helm" data-testid="result-again" on:click=move |_| { store.act(Errand::PracticeAgain); }>"Practice again"</button>
                    <button class="btn btn--sensors" data-testid="result-replay" on:click=move |_| { store.act(Errand::WatchCurrent); }>"Watch the replay"</button>
                    <button class="btn btn--ghost" data-testid="result-home" on:click=move |_| { store.act(Errand::Leave); }>"Home"</button>
                    <a class="btn btn--ghost" href=Route::Rules.hash()>"Rules"</a>
                </nav>
            </header>
            <div class="result__grid">
                <section class="panel">
                    <h2>"Damage"</h2>
                    {timeline}
                </section>
                {move || any_ship(false).then(|| view! {
                    <section class="panel" data-testid="result-energy">
                        <h2>"Energy sent to each station"</h2>
                        {move || flows(false)}
                    </section>
                })}
                {move || any_ship(true).then(|| view! {
                    <section class="panel" data-testid="result-fighters">
                        <h2>"Fighters"</h2>
                        {move || flows(true)}
                    </section>
                })}
                <section class="panel result__board">
                    <h2>"The final board"</h2>
                    <Board focus=Signal::stored(None::<ShipId>) />
                </section>
            </div>
        </main>
    }
}
