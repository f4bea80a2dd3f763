//! Experimental Equipment cards (R22, D25–D31) beside the station shown:
//! each of the ship's cards like a small display, its spaces taking dice
//! from the stations that roll them (pick a die in that station's tray, tap
//! the space), crystals put on and taken off, and a shout button for a card
//! used on demand. What each card does is written on it, from its data.

use duel_core::equipment::{Card, Trigger};
use duel_core::{Intent, SeatId, ShipId, Spot, Station};
use leptos::prelude::*;

use super::common::{ship_memo, SpotView};
use crate::store::seats::{acting_seat, focus_ship};
use crate::store::{use_store, Act, Store};
use crate::ui::die::{die_svg, Show};
use crate::ui::names::{card_key, slot_label};

/// The cards of the ship this device plays, if it holds any.
#[component]
pub fn CardsPanel() -> impl IntoView {
    let store = use_store();
    let held = Memo::new(move |_| {
        let seats = store.my_seats();
        let tab = store.ui.tab.get();
        store.game.with(|g| {
            let g = g.as_ref()?;
            let ship = focus_ship(g, &seats, tab)?;
            let cards = g.ship(ship)?.cards.clone();
            (!cards.is_empty()).then_some((ship, cards))
        })
    });
    let section = NodeRef::<leptos::html::Section>::new();
    move || {
        held.get().map(|(ship, cards)| {
            let n = cards.len();
            view! {
                // Below the station on a phone: a cue that stays at the foot of the screen until
                // the cards come into sight, then sits above them (issue 33).
                <button class="cards-cue" data-testid="cards-cue"
                    on:click=move |_| if let Some(s) = section.get() { s.scroll_into_view() }>
                    {format!("Your {} below", if n == 1 { "equipment card is".to_string() } else { format!("{n} equipment cards are") })}
                </button>
                <section class="cards" node_ref=section data-testid="cards" aria-label="Equipment cards">
                    {cards.into_iter().map(|card| view! { <CardView ship card /> }).collect_view()}
                    <CardRemoveBar ship />
                </section>
            }
        })
    }
}

/// The seat of this device that should act for `intent` on `ship`.
fn seat_for(store: Store, ship: ShipId, intent: &Intent) -> Option<SeatId> {
    let seats = store.my_seats_untracked();
    store.game.with_untracked(|g| g.as_ref().and_then(|g| acting_seat(g, &seats, ship, intent)))
}

/// The seat of this device holding `station` on `ship` (else any of ours there,
/// whose refusal then says who must do it).
fn station_seat(store: Store, ship: ShipId, station: Station) -> SeatId {
    let seats = store.my_seats_untracked();
    store
        .game
        .with_untracked(|g| {
            let g = g.as_ref()?;
            let ours = seats.iter().copied().filter(|s| g.seat_ship(*s) == Some(ship));
            let mut ours = ours.collect::<Vec<_>>();
            ours.sort_by_key(|s| !g.holds(*s, station));
            ours.first().copied()
        })
        .unwrap_or(SeatId(0))
}

fn send(store: Store, ship: ShipId, intent: Intent) {
    if let Some(seat) = seat_for(store, ship, &intent) {
        store.act(Act::Send { seat, intent });
    }
}

#[component]
fn CardView(ship: ShipId, card: Card) -> impl IntoView {
    let store = use_store();
    let spec = card.spec();
    let key = card_key(card);
    let s = ship_memo(store, ship);
    let crystals =
        Memo::new(move |_| store.game.with(|g| g.as_ref().map_or(0, |g| g.crystals_on_card(ship, card))));
    let active =
        Memo::new(move |_| store.game.with(|g| g.as_ref().is_some_and(|g| g.card_active(ship, card))));
    let usable = Memo::new(move |_| {
        let intent = Intent::UseCard { card };
        let seats = store.my_seats();
        store.game.with(|g| {
            g.as_ref().is_some_and(|g| {
                acting_seat(g, &seats, ship, &intent).is_some_and(|s| g.validate(s, &intent).is_ok())
            })
        })
    });
    let status = move || match spec.trigger {
        Trigger::OnUse if usable.get() => format!("Ready: shout “{}!”", spec.name),
        Trigger::OnUse => "Place its dice, then shout its name.".to_string(),
        Trigger::WhenFull => "Acts the moment every space is filled.".to_string(),
        Trigger::WhileFull if active.get() => "Charged: working.".to_string(),
        Trigger::WhileFull => "Not charged.".to_string(),
    };
    let slots = spec.slots.iter().enumerate().map(|(n, slot)| {
        let seat = station_seat(store, ship, slot.station);
        view! {
            <SpotView seat s spot=Spot::Card(card, n as u8) label=slot_label(slot)
                testid=format!("card-{key}-slot-{n}") class="spot--slot spot--card" />
        }
    });
    view! {
        <article class=format!("card card--{key}") class:is-active=move || active.get() data-testid=format!("card-{key}")>
            <header class="card__head">
                <h3>{spec.name}</h3>
                {spec.freeze.then(|| view! { <span class="card__snow" title="Using it freezes the game">{crate::ui::icons::snow_icon()}</span> })}
            </header>
            <p class="card__text">{card_text(spec.text)}</p>
            <div class="card__slots">{slots.collect_view()}</div>
            {(spec.crystals > 0).then(|| view! {
                <div class="card__crystals">
                    <span data-testid=format!("card-{key}-crystals") data-count=move || crystals.get()>
                        {move || format!("◆ {} of {}", crystals.get(), spec.crystals)}
                    </span>
                    <button class="btn btn--small btn--crystal" data-testid=format!("card-{key}-crystal-on")
                        on:click=move |_| send(store, ship, Intent::CrystalToCard { card })>"Put a crystal on"</button>
                    <button class="btn btn--small" data-testid=format!("card-{key}-crystal-off")
                        on:click=move |_| send(store, ship, Intent::CrystalOffCard { card })>"Take one off"</button>
                </div>
            })}
            <p class="card__status" data-testid=format!("card-{key}-status")>{status}</p>
            {(spec.trigger == Trigger::OnUse).then(|| view! {
                <button class="btn btn--freeze" data-testid=format!("card-{key}-use")
                    class:is-lit=move || usable.get()
                    on:click=move |_| send(store, ship, Intent::UseCard { card })>
                    {format!("{}!", spec.name)}
                </button>
            })}
        </article>
    }
}

/// Offers taking a picked die off a card (its station's own bar may be on another tab).
#[component]
fn CardRemoveBar(ship: ShipId) -> impl IntoView {
    let store = use_store();
    let on_card = Memo::new(move |_| {
        let (station, die) = store.ui.placed_pick.get()?;
        store.game.with(|g| {
            let s = g.as_ref()?.ship(ship)?;
            let spot = s.station_dice(station).get(usize::from(die))?.placed()?.1;
            spot.is_card().then_some((station, die))
        })
    });
    move || {
        on_card.get().map(|(station, die)| {
            let seat = station_seat(store, ship, station);
            view! {
                <div class="bar" data-testid="card-placed-bar">
                    <button class="btn btn--small" data-testid="card-remove"
                        on:click=move |_| { store.act(Act::Remove { seat, station, die }); }>"Take the die off the card"</button>
                    <button class="btn btn--small btn--ghost" on:click=move |_| store.ui.placed_pick.set(None)>"Keep it"</button>
                </div>
            }
        })
    }
}

/// A card's text with the expansion symbol drawn where the text names it (the
/// cards said "the special symbol" or "the square" and never showed it; issue 33).
fn card_text(text: &'static str) -> AnyView {
    use duel_core::dice::{SensorFace, TractorFace};
    use duel_core::Face;
    const NAMED: [(&str, Station, Face); 2] = [
        ("the special symbol", Station::Sensors, Face::Sensors(SensorFace::Special)),
        ("showing the square", Station::Tractor, Face::Tractor(TractorFace::Special)),
    ];
    for (phrase, station, face) in NAMED {
        if let Some((before, after)) = text.split_once(phrase) {
            return view! {
                {before}{phrase}" ("
                <span class="card__symbol" data-testid="card-special-symbol">{die_svg(Some(station), Show::Face(face))}</span>
                ")"{after}
            }
            .into_any();
        }
    }
    text.into_any()
}
