//! Ships and crews: the layout (a duel, two ships a side, a free-for-all,
//! or one of Die Fighter's three missions, each Fighter flown by one Pilot),
//! how many players crew each ship (the rulebook's recommended splits for
//! 2, 3 and 4; one seat per station), and who takes each seat: a person on
//! this or another device, a bot at a level, or nobody yet.

use duel_core::station::ALL_STATIONS;
use duel_core::{Layout, Mission, SeatId, SeatSpec, ShipClass, ShipId};
use duel_net::{Command, LobbyEdit, SeatHolder};
use leptos::prelude::*;

use super::bot_levels;
use crate::session::difficulty;
use crate::session::SessionKind;
use crate::store::{use_store, Act, Errand, Store};
use crate::ui::icons::{fighter_icon, station_icon};
use crate::ui::names::{ship_class, ship_name, station_short};

/// The seats of every ship for `per_ship` players each (6: one per station);
/// a Fighter always has exactly one seat, its Pilot (R22).
pub fn seats_for(layout: Layout, per_ship: u8) -> Vec<SeatSpec> {
    (0..layout.ship_count())
        .flat_map(|s| {
            let ship = ShipId(s);
            if layout.class_of(ship) == ShipClass::Fighter {
                vec![SeatSpec::pilot(ship)]
            } else if per_ship >= 6 {
                ALL_STATIONS.iter().map(|st| SeatSpec { ship, stations: vec![*st], captain: false }).collect()
            } else {
                SeatSpec::recommended(ship, per_ship)
            }
        })
        .collect()
}

/// Players per Capital ship in a seat table (1, 2, 3, 4 or 6).
fn crew_size(layout: Layout, seats: &[SeatSpec]) -> u8 {
    let first = (0..layout.ship_count()).map(ShipId).find(|s| layout.class_of(*s) == ShipClass::Capital);
    first.map_or(1, |ship| seats.iter().filter(|s| s.ship == ship).count() as u8)
}

/// What a mission is, in a line, for the lobby.
fn mission_text(mission: Mission) -> &'static str {
    match mission {
        Mission::CarrierStrike => "Each team flies a Capital ship and a Fighter. Destroy the enemy Capital ship to win; a destroyed Fighter can be relaunched.",
        Mission::FighterAssault => "White's Capital ship against Black's two Fighters (two Pilots). White wins when both Fighters are destroyed.",
        Mission::FighterDuel => "One Fighter each, one Pilot each: the first to destroy the other wins.",
    }
}

/// After the seat table changed shape (claims are cleared): this device
/// takes the first seat again; in practice, bots take the rest.
pub(super) fn reseat(store: Store, count: usize) {
    store.act(Act::Command(Command::Claim { seat: SeatId(0) }));
    if store.kind.get_untracked() == SessionKind::Practice {
        for i in 1..count {
            store.act(Act::Command(Command::Edit(LobbyEdit::Bot { seat: SeatId(i as u8), bot: true })));
        }
    }
}

fn reshape(store: Store, layout: Layout, per_ship: u8) {
    let seats = seats_for(layout, per_ship);
    let count = seats.len();
    store.act(Act::Command(Command::Edit(LobbyEdit::Layout(layout))));
    store.act(Act::Command(Command::Edit(LobbyEdit::Seats(seats))));
    store.act(Errand::RefreshQuickLayout);
    reseat(store, count);
}

/// "Duel, 2 players a ship" or "Mission 1: Carrier Strike, 1 player a Capital ship".
fn shape_words(layout: Layout, per_ship: u8) -> String {
    let name = match layout {
        Layout::Duel => "Duel".to_string(),
        Layout::TwoPerSide => "Two ships a side".to_string(),
        Layout::FreeForAll => "Free-for-all".to_string(),
        Layout::Mission(m) => format!("Mission {}: {}", m.index(), m.name()),
    };
    let players = if per_ship == 1 { "1 player".to_string() } else { format!("{per_ship} players") };
    let ship = if layout.mission().is_some() { "a Capital ship" } else { "a ship" };
    format!("{name}, {players} {ship}. The host chooses.")
}

#[component]
pub fn Crew() -> impl IntoView {
    let store = use_store();
    let shape = Memo::new(move |_| {
        store.room.with(|r| {
            r.as_ref()
                .map(|r| (r.config.layout, crew_size(r.config.layout, &r.config.seats)))
                .unwrap_or((Layout::Duel, 1))
        })
    });
    let locked = Memo::new(move |_| !store.owner.get());
    let layouts = [
        (Layout::Duel, "Duel", "duel"),
        (Layout::TwoPerSide, "Two ships a side", "two"),
        (Layout::FreeForAll, "Free-for-all", "ffa"),
    ];
    let missions = Mission::ALL.map(|m| (Layout::Mission(m), m));
    let capitals = Memo::new(move |_| {
        let layout = shape.get().0;
        (0..layout.ship_count()).any(|s| layout.class_of(ShipId(s)) == ShipClass::Capital)
    });
    let sizes = [(1u8, "1"), (2, "2"), (3, "3"), (4, "4 + Captain"), (6, "6: one per station")];
    let thunder = Memo::new(move |_| {
        store
            .room
            .with(|r| r.as_ref().is_some_and(|r| matches!(r.config.mode, duel_core::Mode::Thunderstruck(_))))
    });
    let seats = Memo::new(move |_| {
        store.room.with(|r| r.as_ref().map(|r| (0..r.seats.len()).collect::<Vec<_>>()).unwrap_or_default())
    });
    // Each seat's own bot level is tucked away: a ship's level fits a phone (issue 33).
    let each = RwSignal::new(false);
    view! {
        <section class="panel panel--wide" data-testid="lobby-crew">
            <h2>{move || if thunder.get() { "Ships" } else { "Ships and crews" }}</h2>
            // A guest cannot change the shape: one line says it, and its seats come first (issue 30).
            {move || (locked.get() && !thunder.get()).then(|| view! {
                <p class="hint" data-testid="lobby-shape">{move || shape_words(shape.get().0, shape.get().1)}</p>
            })}
            <div class="seg" class:is-hidden=move || thunder.get() || locked.get()>
                {layouts.into_iter().map(|(layout, label, id)| view! {
                    <button class="btn btn--small" class:is-on=move || shape.get().0 == layout disabled=locked
                        data-testid=format!("lobby-layout-{id}")
                        on:click=move |_| reshape(store, layout, shape.get_untracked().1)>{label}</button>
                }).collect_view()}
            </div>
            <div class="seg" data-testid="lobby-missions" class:is-hidden=move || thunder.get() || locked.get()>
                <span class="seg__label">"Die Fighter"</span>
                {missions.into_iter().map(|(layout, m)| view! {
                    <button class="btn btn--small" class:is-on=move || shape.get().0 == layout disabled=locked
                        data-testid=format!("lobby-mission-{}", m.index()) title=mission_text(m)
                        on:click=move |_| reshape(store, layout, shape.get_untracked().1)>
                        {format!("Mission {}: {}", m.index(), m.name())}
                    </button>
                }).collect_view()}
            </div>
            {move || shape.get().0.mission().map(|m| view! {
                <p class="hint" data-testid="lobby-mission-text">{mission_text(m)}" Each Fighter has one seat: its Pilot flies the whole cockpit."</p>
            })}
            <div class="seg" class:is-hidden=move || !capitals.get() || thunder.get() || locked.get()>
                <span class="seg__label">"Players per Capital ship"</span>
                {sizes.into_iter().map(|(n, label)| view! {
                    <button class="btn btn--small" class:is-on=move || shape.get().1 == n disabled=locked
                        data-testid=format!("lobby-crew-{n}")
                        on:click=move |_| reshape(store, shape.get_untracked().0, n)>{label}</button>
                }).collect_view()}
            </div>
            <ul class="seats">
                <For each=move || seats.get() key=|i| *i let:i>
                    <SeatRow i each />
                </For>
            </ul>
            <button class="btn btn--small" data-testid="lobby-fill-bots" disabled=locked on:click=move |_| {
                let open = store.room.with_untracked(|r| r.as_ref().map(|r| r.open_seats()).unwrap_or_default());
                for seat in open {
                    store.act(Act::Command(Command::Edit(LobbyEdit::Bot { seat, bot: true })));
                }
            }>"Bots in every empty seat"</button>
            <bot_levels::ShipLevels each />
            <bot_levels::Cover locked />
        </section>
    }
}

#[component]
fn SeatRow(i: usize, each: RwSignal<bool>) -> impl IntoView {
    let store = use_store();
    let seat = SeatId(i as u8);
    let row = Memo::new(move |_| {
        let me = store.me.get();
        store.room.with(|r| {
            let r = r.as_ref()?;
            let spec = r.config.seats.get(i)?.clone();
            let holder = *r.seats.get(i)?;
            let who = match holder {
                SeatHolder::Open => "Open".to_string(),
                SeatHolder::Bot => format!("Bot · {}", difficulty(r.bots.level(seat)).name()),
                SeatHolder::Player(p) if Some(p) == me => "You".to_string(),
                SeatHolder::Player(p) => r.player(p).map_or("A player".to_string(), |v| v.name.clone()),
            };
            let thunder = matches!(r.config.mode, duel_core::Mode::Thunderstruck(_));
            Some((
                spec,
                holder,
                who,
                me.is_some_and(|m| holder == SeatHolder::Player(m)),
                r.config.layout,
                thunder,
            ))
        })
    });
    move || {
        row.get().map(|(spec, holder, who, mine, layout, thunder)| {
            let owner = store.owner.get();
            // R23: a Thunderstruck seat is a whole ship and its console, named by colour.
            let ship = if thunder {
                duel_core::thunderstruck::Player(spec.ship.0).colour().to_string()
            } else {
                ship_name(layout, spec.ship).to_string()
            };
            let badge = if thunder { format!("seat__ship--ts ts-who--{}", ship.to_lowercase()) } else { format!("ship-badge--{}", ship_class(layout, spec.ship)) };
            let stations = if thunder {
                view! { <span class="seat__station">"Ship and console"</span> }.into_any()
            } else if layout.class_of(spec.ship) == ShipClass::Fighter {
                view! { <span class="seat__station">{fighter_icon()}"Pilot: the whole cockpit"</span> }.into_any()
            } else if spec.captain {
                view! { <span class="seat__station">{station_icon(None)}"Captain"</span> }.into_any()
            } else {
                spec.stations.iter().map(|st| view! { <span class="seat__station">{station_icon(Some(*st))}{station_short(*st)}</span> }).collect_view().into_any()
            };
            let state = match holder { SeatHolder::Open => "open", SeatHolder::Bot => "bot", SeatHolder::Player(_) => "player" };
            view! {
                <li class="seat" class:is-mine=mine data-testid=format!("seat-{i}") data-holder=state>
                    <span class=format!("seat__ship {badge}")>{ship}</span>
                    <span class="seat__stations">{stations}</span>
                    <span class="seat__who" data-testid=format!("seat-{i}-who")>{who}</span>
                    <span class="seat__actions">
                        {(holder == SeatHolder::Open).then(|| view! {
                            <button class="btn btn--small btn--helm" data-testid=format!("seat-{i}-claim")
                                on:click=move |_| { store.act(Act::Command(Command::Claim { seat })); }>"Take"</button>
                        })}
                        {mine.then(|| view! {
                            <button class="btn btn--small" data-testid=format!("seat-{i}-release")
                                on:click=move |_| { store.act(Act::Command(Command::Release { seat })); }>"Leave"</button>
                        })}
                        {(owner && holder != SeatHolder::Bot && !matches!(holder, SeatHolder::Player(_))).then(|| view! {
                            <button class="btn btn--small" data-testid=format!("seat-{i}-bot")
                                on:click=move |_| { store.act(Act::Command(Command::Edit(LobbyEdit::Bot { seat, bot: true }))); }>"Bot"</button>
                        })}
                        {(owner && holder == SeatHolder::Bot).then(|| view! {
                            {move || each.get().then(|| view! { <bot_levels::SeatLevel i seat /> })}
                            <button class="btn btn--small" data-testid=format!("seat-{i}-unbot")
                                on:click=move |_| { store.act(Act::Command(Command::Edit(LobbyEdit::Bot { seat, bot: false }))); }>"No bot"</button>
                        })}
                    </span>
                </li>
            }
        })
    }
}
