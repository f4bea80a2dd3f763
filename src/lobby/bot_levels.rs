//! How well the room's bots play, chosen in the lobby (issues 30 and 33):
//! one "bots at" level per ship that fits a phone, each seat's own level
//! tucked behind "Each bot's level", and what happens to a player's seats
//! when its device leaves. All of it is the room's replicated plan, edited
//! through the host, so a successor's bots play as chosen.

use duel_bots::Difficulty;
use duel_core::{Layout, SeatId, ShipId};
use duel_net::{RoomView, SeatHolder};
use leptos::prelude::*;

use crate::session::difficulty;
use crate::store::{use_store, Act};
use crate::ui::names::ship_name;

/// A ship's bot seats and the level they share (`None`: they differ).
#[derive(Clone, PartialEq)]
struct ShipBots {
    ship: ShipId,
    name: &'static str,
    seats: Vec<SeatId>,
    level: Option<Difficulty>,
}

fn ship_bots(room: &RoomView) -> Vec<ShipBots> {
    let layout: Layout = room.config.layout;
    let mut out: Vec<ShipBots> = Vec::new();
    for (i, (spec, holder)) in room.config.seats.iter().zip(&room.seats).enumerate() {
        if *holder != SeatHolder::Bot {
            continue;
        }
        let seat = SeatId(u8::try_from(i).unwrap_or(u8::MAX));
        let level = difficulty(room.bots.level(seat));
        match out.iter_mut().find(|s| s.ship == spec.ship) {
            Some(s) => {
                s.seats.push(seat);
                if s.level != Some(level) {
                    s.level = None;
                }
            }
            None => out.push(ShipBots {
                ship: spec.ship,
                name: ship_name(layout, spec.ship),
                seats: vec![seat],
                level: Some(level),
            }),
        }
    }
    out
}

/// The level choices, easiest first, each with what it means as its title.
fn options() -> impl IntoView {
    Difficulty::ALL
        .iter()
        .map(|d| view! { <option value=d.name() title=d.describe()>{d.name()}</option> })
        .collect_view()
}

/// "White's bots play at [medium]" for each ship with a bot seat (the owner
/// edits; everyone else reads), and the switch that shows each seat's own.
#[component]
pub fn ShipLevels(each: RwSignal<bool>) -> impl IntoView {
    let store = use_store();
    let ships = Memo::new(move |_| store.room.with(|r| r.as_ref().map(ship_bots).unwrap_or_default()));
    let locked = Memo::new(move |_| !store.owner.get());
    view! {
        <div class="bot-levels" data-testid="lobby-bot-levels" class:is-hidden=move || ships.with(Vec::is_empty)>
            <For each=move || ships.get() key=|s| (s.ship, s.seats.clone(), s.level) let:s>
                {
                    let ShipBots { ship, name, seats, level } = s;
                    let value = level.map_or("mixed", |l| l.name());
                    view! {
                        <label class="bot-levels__ship" data-testid=format!("lobby-ship-level-{}", ship.0)>
                            <span>{format!("{name}'s bots play at")}</span>
                            <select disabled=locked prop:value=value
                                title=level.map_or("Each bot has its own level", |l| l.describe())
                                on:change=move |ev| {
                                    if let Ok(level) = event_target_value(&ev).parse::<Difficulty>() {
                                        for seat in &seats {
                                            store.act(Act::BotLevel { seat: *seat, level });
                                        }
                                    }
                                }>
                                {options()}
                                {level.is_none().then(|| view! { <option value="mixed" disabled=true>"mixed"</option> })}
                            </select>
                        </label>
                    }
                }
            </For>
            {move || store.owner.get().then(|| view! {
                <button class="btn btn--small btn--ghost" data-testid="lobby-each-level" aria-expanded=move || each.get().to_string()
                    on:click=move |_| each.update(|e| *e = !*e)>
                    {move || if each.get() { "Hide each bot's level" } else { "Each bot's level" }}
                </button>
            })}
        </div>
    }
}

/// One bot seat's own level (shown with "Each bot's level").
#[component]
pub fn SeatLevel(i: usize, seat: SeatId) -> impl IntoView {
    let store = use_store();
    let level = Memo::new(move |_| {
        store.room.with(|r| r.as_ref().map_or(Difficulty::Medium, |r| difficulty(r.bots.level(seat))))
    });
    view! {
        <select aria-label="Bot level" data-testid=format!("seat-{i}-level") prop:value=move || level.get().name().to_string()
            title=move || level.get().describe()
            on:change=move |ev| {
                if let Ok(level) = event_target_value(&ev).parse::<Difficulty>() {
                    store.act(Act::BotLevel { seat, level });
                }
            }>
            {options()}
        </select>
    }
}

/// What happens to a player's seats when its device leaves mid-game (issue
/// 30): a bot at a level plays them until the player is back, or they wait.
#[component]
pub fn Cover(locked: Memo<bool>) -> impl IntoView {
    let store = use_store();
    let cover =
        Memo::new(move |_| store.room.with(|r| r.as_ref().and_then(|r| r.bots.cover.map(difficulty))));
    let value = move || cover.get().map_or("off", |d| d.name()).to_string();
    view! {
        <label class="lobby-cover" data-testid="lobby-cover">
            <span>"If a player's device leaves mid-game, who plays their seats?"</span>
            <select data-testid="lobby-cover-level" disabled=locked prop:value=value
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    store.act(Act::Cover(v.parse::<Difficulty>().ok()));
                }>
                {Difficulty::ALL.iter().map(|d| view! {
                    <option value=d.name()>{format!("A {} bot", d.name())}</option>
                }).collect_view()}
                <option value="off">"Nobody: they wait"</option>
            </select>
        </label>
    }
}
