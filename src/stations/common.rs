//! Pieces every station screen shares: the frame with its energy section,
//! a display spot, the tray of rolled dice, the remove bar (the override's
//! button and picker are [`super::override_bar`]'s).

use duel_core::ship::{DieState, Ship};
use duel_core::{Face, Pip, SeatId, ShipId, Spot, Station};
use duel_net::SeatHolder;
use leptos::prelude::*;

use super::override_bar::{OverrideButton, OverridePicker};
use crate::feed::die_key;
use crate::store::{use_store, Act, Store};
use crate::ui::die::{die_svg, Show};
use crate::ui::icons::station_icon;
use crate::ui::names::station_key;

/// The ship, re-read only when it changes (one memo per ship for the whole app).
pub fn ship_memo(store: Store, ship: ShipId) -> Memo<Option<Ship>> {
    store.ship(ship)
}

/// A station screen: title, energy section, the display (`children`), the tray, the bars.
#[component]
pub fn StationFrame(seat: SeatId, ship: ShipId, station: Station, children: Children) -> impl IntoView {
    let key = station_key(station);
    view! {
        <section class=format!("station station--{key}") data-testid=format!("station-{key}")>
            <header class="station__title">
                {station_icon(Some(station))}
                <super::ship_tag::ShipTag ship />
                <h2>{station.name()}</h2>
                <OverrideButton seat ship station />
                <super::legend::Legend station />
            </header>
            <EnergyStrip seat ship station />
            <div class="station__display">{children()}</div>
            <OverridePicker seat station />
            <RemoveBar seat station />
            <Tray seat ship station />
        </section>
    }
}

/// The striped energy section: the energy dice this station holds, hand-back, and a call-out.
#[component]
pub fn EnergyStrip(seat: SeatId, ship: ShipId, station: Station) -> impl IntoView {
    let store = use_store();
    let key = station_key(station);
    let s = ship_memo(store, ship);
    let count = Memo::new(move |_| s.with(|s| s.as_ref().map_or(0, |s| s.energy_at(station))));
    // In words: how many dice may still be rolled here (R6) and how many sit on the display.
    let words = Memo::new(move |_| {
        s.with(|s| {
            s.as_ref().map_or_else(String::new, |s| {
                energy_words(s.ready_to_roll(station), s.placed(station).count())
            })
        })
    });
    let number = station.energy_number().unwrap_or(0);
    // A bot runs Engineering on this ship: a person can shout for energy.
    let bot_engineer = Memo::new(move |_| {
        let Some(room) = store.room.get() else { return false };
        store.game.with(|g| {
            g.as_ref().is_some_and(|g| {
                g.seats_of(ship).any(|(id, spec)| {
                    spec.stations.contains(&Station::Engineering)
                        && room.seats.get(usize::from(id.0)) == Some(&SeatHolder::Bot)
                })
            })
        })
    });
    view! {
        <div class="energy-strip" data-testid=format!("{key}-energy") data-count=move || count.get()>
            <span class="energy-strip__label">"Energy"</span>
            <div class="energy-strip__dice">
                {move || (0..count.get()).map(|_| die_svg(None, Show::Pips(Pip::new(number)))).collect_view()}
                {move || (count.get() == 0).then(|| view! {
                    <span class="hint">{format!("none: Engineering sends {number}s here")}</span>
                })}
            </div>
            <span class="energy-strip__words" data-testid=format!("{key}-energy-words")>{move || words.get()}</span>
            <button class="btn btn--small" data-testid=format!("{key}-return")
                on:click=move |_| { store.act(Act::Send { seat, intent: duel_core::Intent::ReturnEnergy { station } }); }>
                "Hand back"
            </button>
            {move || bot_engineer.get().then(|| view! {
                <button class="btn btn--small btn--energy" data-testid=format!("{key}-call")
                    on:click=move |_| { store.act(Act::CallOut(duel_bots::EnergyRequest { ship, station })); }>
                    "Call for "{number}"s"
                </button>
            })}
        </div>
    }
}

/// A station's dice in words: "2 dice ready to roll · 1 placed".
pub fn energy_words(room: usize, placed: usize) -> String {
    let dice = |n: usize| if n == 1 { "die" } else { "dice" };
    format!("{room} {} ready to roll · {placed} placed", dice(room))
}

/// One spot of a display: its placed dice, lit when a rolled die could go there; tap to place.
#[component]
pub fn SpotView(
    seat: SeatId,
    /// The ship's state (one memo per station screen, shared by its spots).
    s: Memo<Option<Ship>>,
    spot: Spot,
    #[prop(into)] label: String,
    #[prop(into)] testid: String,
    #[prop(optional)] class: &'static str,
) -> impl IntoView {
    let store = use_store();
    let station = spot.station();
    let key = station_key(station);
    let placed = Memo::new(move |_| {
        s.with(|s| s.as_ref().map(|s| s.dice_at(spot).collect::<Vec<(u8, Face)>>()).unwrap_or_default())
    });
    let fits = Memo::new(move |_| {
        if let Some(face) = store.ui.override_face.get() {
            return spot.accepts(face) && station.owns(face);
        }
        let picked = store.ui.picks(station);
        s.with(|s| {
            s.as_ref().is_some_and(|s| {
                let dice = s.station_dice(station);
                let rolled = dice.iter().enumerate().filter_map(|(i, d)| d.rolled().map(|f| (i as u8, f)));
                let mut any = rolled.filter(|(i, _)| picked.is_empty() || picked.contains(i));
                s.spot_free(spot) && any.any(|(_, f)| spot.accepts(f))
            })
        })
    });
    // The box's name is a real button, so the keyboard reaches it and Enter
    // places (its click bubbles to the box); the placed dice are buttons
    // beside it, not inside it (no button within a button).
    let spoken = format!("{}: {label}, place the picked die here", station.name());
    view! {
        <div class=format!("spot {class}") class:is-target=move || fits.get()
            data-testid=testid data-count=move || placed.with(|p| p.len())
            on:click=move |_| { store.act(Act::Place { seat, station, spot }); }>
            <button class="spot__label" aria-label=spoken>{label}</button>
            <div class="spot__dice">
                <For each=move || placed.get() key=|p| *p let:p>
                    <button class="placed" class:is-picked=move || store.ui.placed_pick.get() == Some((station, p.0))
                        data-testid=format!("{key}-placed-{}", p.0) data-face=p.1.name()
                        on:click=move |ev| {
                            // With a rolled die picked, a tap anywhere on the box places it
                            // (a lock is built up by tapping); otherwise it picks this die.
                            if !store.ui.picks_untracked(station).is_empty() {
                                return;
                            }
                            ev.stop_propagation();
                            store.ui.placed_pick.update(|x| *x = if *x == Some((station, p.0)) { None } else { Some((station, p.0)) });
                        }>
                        {die_svg(Some(station), Show::Face(p.1))}
                    </button>
                </For>
            </div>
        </div>
    }
}

/// The dice beside the display: unrolled and rolled ones; tap to pick; Roll.
/// `kind` names the dice on the button where one card has several trays (a cockpit).
#[component]
pub fn Tray(
    seat: SeatId,
    ship: ShipId,
    station: Station,
    #[prop(optional)] kind: Option<&'static str>,
) -> impl IntoView {
    let store = use_store();
    // A cockpit's trays sit beside a Capital ship's station screens on one
    // device (a player holding both): their test ids say "cockpit-".
    let key = match kind {
        Some(_) => format!("cockpit-{}", station_key(station)),
        None => station_key(station).to_string(),
    };
    let class_key = station_key(station);
    let roll_id = format!("{key}-roll");
    let s = ship_memo(store, ship);
    let items = Memo::new(move |_| {
        let dice: Vec<DieState> =
            s.with(|s| s.as_ref().map(|s| s.station_dice(station).to_vec()).unwrap_or_default());
        store.log.with(|log| {
            dice.into_iter()
                .enumerate()
                .filter(|(_, d)| d.placed().is_none())
                .map(|(i, d)| {
                    let rolls = log.rolls.get(&die_key(ship, station, i as u8)).copied().unwrap_or(0);
                    (i as u8, d, rolls)
                })
                .collect::<Vec<_>>()
        })
    });
    let label = Memo::new(move |_| {
        let picked = store.ui.picks(station).len();
        match (picked, kind) {
            (0, None) => "Roll".to_string(),
            (0, Some(kind)) => format!("Roll {kind}"),
            (n, _) => format!("Reroll {n}"),
        }
    });
    // The picked dice by name: a tap names a face without a hover (issue 33).
    let picked_words = Memo::new(move |_| {
        let picks = store.ui.picks(station);
        let names: Vec<String> = items.with(|dice| {
            dice.iter()
                .filter(|(i, _, _)| picks.contains(i))
                .filter_map(|(_, d, _)| d.rolled().map(|f| Show::Face(f).name()))
                .collect()
        });
        (!names.is_empty()).then(|| format!("Picked: {}", names.join(", ")))
    });
    let picked_id = format!("{key}-picked");
    view! {
        <div class="tray">
            <p class="tray__picked" aria-live="polite" data-testid=picked_id>{move || picked_words.get()}</p>
            <div class="tray__dice">
                <For each=move || items.get() key=|d| *d let:d>
                    {
                        let key = key.clone();
                        let (i, state, _) = d;
                        let show = state.rolled().map_or(Show::Blank, Show::Face);
                        let rolled = state.rolled().is_some();
                        view! {
                            <button class="tray__die" class:is-rolled=rolled class:anim-roll=rolled
                                class:is-picked=move || store.ui.picks(station).contains(&i)
                                data-testid=format!("{key}-die-{i}") data-face=show.name()
                                data-state=if rolled { "rolled" } else { "idle" }
                                on:click=move |_| { if rolled { store.ui.toggle_pick(station, i) } }>
                                {die_svg(Some(station), show)}
                            </button>
                        }
                    }
                </For>
            </div>
            <RollButton seat station class=format!("btn btn--roll btn--{class_key}") testid=roll_id>
                {move || label.get()}
            </RollButton>
        </div>
    }
}

/// A station's Roll: lit only when the rules would take the roll it sends
/// (the same `roll_order` the tap asks); otherwise dimmed, with the reason as
/// its title. A tap on a dimmed Roll still says the reason aloud (a toast).
#[component]
pub fn RollButton(
    seat: SeatId,
    station: Station,
    #[prop(into)] class: String,
    #[prop(into)] testid: String,
    children: Children,
) -> impl IntoView {
    let store = use_store();
    let refusal = Memo::new(move |_| {
        let picked = if station == Station::Engineering {
            store.ui.picked_energy.get()
        } else {
            store.ui.picks(station)
        };
        store.game.with(|g| {
            g.as_ref().and_then(|g| g.roll_order(seat, station, &picked).err()).map(|e| e.to_string())
        })
    });
    view! {
        // Not `aria-disabled`: the dimmed Roll still answers a tap (with the reason), and
        // its title, the reason, is what a screen reader reads after its name.
        <button class=class data-testid=testid class:is-off=move || refusal.with(Option::is_some)
            data-refused=move || refusal.with(Option::is_some).to_string()
            title=move || refusal.get().unwrap_or_default()
            on:click=move |_| { store.act(Act::Roll { seat, station }); }>
            {children()}
        </button>
    }
}

/// Offers taking the picked placed die off `station`'s display; on a
/// Fighter also rerolling it there (R22: rolling a placed die takes it off first).
#[component]
pub fn RemoveBar(seat: SeatId, station: Station, #[prop(optional)] reroll: bool) -> impl IntoView {
    let store = use_store();
    // `reroll` is a cockpit's bar: its test ids say "cockpit-" (see [`Tray`]).
    let key =
        if reroll { format!("cockpit-{}", station_key(station)) } else { station_key(station).to_string() };
    move || {
        store.ui.placed_pick.get().filter(|(st, _)| *st == station).map(|(_, die)| {
            view! {
                <div class="bar" data-testid=format!("{key}-placed-bar")>
                    <button class="btn btn--small" data-testid=format!("{key}-remove")
                        on:click=move |_| { store.act(Act::Remove { seat, station, die }); }>
                        "Take the die off the display"
                    </button>
                    {reroll.then(|| view! {
                        <button class="btn btn--small" data-testid=format!("{key}-reroll-placed")
                            on:click=move |_| { store.act(Act::Reroll { seat, station, die }); }>
                            "Reroll it"
                        </button>
                    })}
                    <button class="btn btn--small btn--ghost" on:click=move |_| store.ui.placed_pick.set(None)>"Keep it"</button>
                </div>
            }
        })
    }
}
