//! Seats mid-game (issue 30): who plays each seat, and a tap to slide into
//! one a bot plays (a bot seat, or one it covers for a player whose device is
//! gone) or to hand one's own to a bot, as a friend takes an empty chair at
//! the table; and, when Die Fighter's rules allow it (D20), a swap of
//! stations with a teammate (`reseat::SwapList`): every crew change in one
//! card. Through the host like every command, with its checks.

use duel_core::ShipClass;
use duel_net::{Command, PlayerNo, SeatHolder};
use leptos::prelude::*;

use crate::session::difficulty;
use crate::store::{use_store, Act};
use crate::ui::names::{ship_class, ship_name, station_short};

/// One row: (seat, ship, class, stations, who plays it, what this device may do).
#[derive(Clone, PartialEq)]
struct Row {
    seat: duel_core::SeatId,
    ship: &'static str,
    class: &'static str,
    stations: String,
    who: String,
    may: May,
}

#[derive(Clone, Copy, PartialEq)]
enum May {
    Take,
    HandToBot,
    Nothing,
}

/// The "Seats" card: opened from the header, closed by its button or a tap outside.
#[component]
pub fn SeatsCard(open: RwSignal<bool>) -> impl IntoView {
    let store = use_store();
    let rows = Memo::new(move |_| {
        let me = store.me.get();
        store.room.with(|r| {
            let Some(r) = r.as_ref() else { return Vec::new() };
            let covered = r.covered_seats();
            let name = |p| r.player(p).map_or_else(|| "a player".to_string(), |v| v.name.clone());
            r.config
                .seats
                .iter()
                .zip(&r.seats)
                .enumerate()
                .map(|(i, (spec, holder))| {
                    let seat = duel_core::SeatId(u8::try_from(i).unwrap_or(u8::MAX));
                    let stations = if r.config.layout.class_of(spec.ship) == ShipClass::Fighter {
                        "Pilot".to_string()
                    } else if spec.captain {
                        "Captain".to_string()
                    } else {
                        spec.stations.iter().map(|s| station_short(*s)).collect::<Vec<_>>().join(", ")
                    };
                    let cover = covered.iter().find(|(s, _)| *s == seat).map(|(_, p)| name(*p));
                    let level = difficulty(r.bot_level(seat)).name();
                    let away = |p: &PlayerNo| r.player(*p).is_none_or(|v| v.away);
                    let (who, may) = match (holder, cover) {
                        (SeatHolder::Player(p), _) if Some(*p) == me => ("You".to_string(), May::HandToBot),
                        (_, Some(gone)) => (format!("A {level} bot, for {gone}"), May::Take),
                        (SeatHolder::Bot, _) => (format!("A {level} bot"), May::Take),
                        (SeatHolder::Open, _) => ("Nobody".to_string(), May::Take),
                        // Bots do not cover in this room: the seat waits, and anyone may take it.
                        (SeatHolder::Player(p), _) if away(p) => {
                            (format!("{}, away: it waits", name(*p)), May::Take)
                        }
                        (SeatHolder::Player(p), _) => (name(*p), May::Nothing),
                    };
                    let layout = r.config.layout;
                    Row {
                        seat,
                        ship: ship_name(layout, spec.ship),
                        class: ship_class(layout, spec.ship),
                        stations,
                        who,
                        may,
                    }
                })
                .collect()
        })
    });
    move || {
        open.get().then(|| view! {
            <div class="pause" role="dialog" aria-modal="true" aria-labelledby="seats-title" data-testid="seats-card"
                on:click=move |_| open.set(false)>
                <div class="pause__card panel" on:click=|ev| ev.stop_propagation()>
                    <h2 id="seats-title">"Seats"</h2>
                    <p class="hint">"Take a seat a bot plays, hand yours to a bot, or swap with a teammate when the rules allow: no station is ever left without a crew."</p>
                    <ul class="seats seats--game">
                        <For each=move || rows.get() key=|row| (row.seat, row.who.clone(), row.may as u8) let:row>
                            {
                                let seat = row.seat;
                                let i = seat.0;
                                view! {
                                    <li class="seat" data-testid=format!("game-seat-{i}")>
                                        <span class=format!("seat__ship ship-badge--{}", row.class)>{row.ship}</span>
                                        <span class="seat__stations">{row.stations}</span>
                                        <span class="seat__who" data-testid=format!("game-seat-{i}-who")>{row.who}</span>
                                        <span class="seat__actions">
                                            {(row.may == May::Take).then(|| view! {
                                                <button class="btn btn--small btn--helm" data-testid=format!("game-seat-{i}-take")
                                                    on:click=move |_| { store.act(Act::Command(Command::Claim { seat })); }>"Take"</button>
                                            })}
                                            {(row.may == May::HandToBot).then(|| view! {
                                                <button class="btn btn--small" data-testid=format!("game-seat-{i}-bot")
                                                    on:click=move |_| { store.act(Act::Command(Command::Release { seat })); }>"Give to a bot"</button>
                                            })}
                                        </span>
                                    </li>
                                }
                            }
                        </For>
                    </ul>
                    <super::reseat::SwapList />
                    // A device that reloaded while the server was away, or a new one at a table with
                    // no internet, joins by camera through any device in the room (issue 34).
                    {crate::platform::full_app::ROOMS.then(|| view! { <crate::pairing::Invite /> })}
                    <button class="btn btn--helm" data-testid="seats-close" on:click=move |_| open.set(false)>"Close"</button>
                </div>
            </div>
        })
    }
}
