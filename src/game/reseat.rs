//! Crew changes around a Fighter (R22 "Player Roles", D20): while a team's
//! Fighter is destroyed in Carrier Strike its Pilot may take stations on the
//! Capital ship, and anyone may become the Pilot for the relaunch. The
//! simplest change that always keeps every station manned is a swap of two
//! seats' stations; the Seats card offers each swap the core accepts now
//! beside its Take and "Give to a bot" (one place for every crew change,
//! issue 30) and sends it through the host (`Command::Reseat`). On the game
//! screen a cue says a crew change is possible and opens that card.

use duel_core::{Game, SeatId, SeatSpec, ShipClass};
use duel_net::{Command, RoomView, SeatHolder};
use leptos::prelude::*;

use crate::store::{use_store, Act};
use crate::ui::names::{ship_of, station_short};

/// One swap on offer: my seat takes `theirs`'s stations and the other way round.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Swap {
    mine: SeatId,
    theirs: SeatId,
    /// "Fly White Fighter" or "Take White's Helm, Weapons".
    label: String,
    /// Who sits in the other seat now.
    who: String,
}

/// What a seat's stations are called on a button.
fn seat_label(game: &Game, spec: &SeatSpec) -> String {
    let ship = ship_of(game, spec.ship);
    match game.ship(spec.ship).map(|s| s.class) {
        Some(ShipClass::Fighter) => format!("Fly {ship}"),
        _ if spec.captain => format!("Captain {ship}"),
        _ if spec.stations.len() >= 6 => format!("Crew all of {ship}"),
        _ => {
            let names: Vec<&str> = spec.stations.iter().map(|s| station_short(*s)).collect();
            format!("Take {ship}'s {}", names.join(", "))
        }
    }
}

/// Every swap between a seat of mine and a teammate's the core accepts now.
pub(super) fn swaps(game: &Game, room: &RoomView, mine: &[SeatId]) -> Vec<Swap> {
    let all: Vec<(SeatId, &SeatSpec)> =
        (0u8..).map(SeatId).map_while(|id| game.seat(id).map(|spec| (id, spec))).collect();
    let mut out = Vec::new();
    for (a, spec_a) in all.iter().filter(|(id, _)| mine.contains(id)) {
        for (b, spec_b) in all.iter().filter(|(id, _)| id != a && !mine.contains(id)) {
            if spec_a == spec_b {
                continue;
            }
            let change = [(*a, (*spec_b).clone()), (*b, (*spec_a).clone())];
            if game.check_reseat(&change).is_err() {
                continue;
            }
            let who = match room.seats.get(usize::from(b.0)) {
                Some(SeatHolder::Bot) => "a bot".to_string(),
                Some(SeatHolder::Player(p)) => room.player(*p).map_or("a player".into(), |v| v.name.clone()),
                _ => "nobody".to_string(),
            };
            out.push(Swap { mine: *a, theirs: *b, label: seat_label(game, spec_b), who });
        }
    }
    out
}

/// The swaps this device may make now (none during a freeze).
pub(super) fn offers() -> Memo<Vec<Swap>> {
    let store = use_store();
    Memo::new(move |_| {
        let mine = store.my_seats();
        let room = store.room.get();
        store.game.with(|g| match (g.as_ref(), room.as_ref()) {
            (Some(g), Some(room)) if g.freeze().is_none() => swaps(g, room, &mine),
            _ => Vec::new(),
        })
    })
}

/// The cue on the game screen while a crew change is possible: it opens the Seats card.
#[component]
pub fn SwapSeats(seats: RwSignal<bool>) -> impl IntoView {
    let offers = offers();
    move || {
        (!offers.get().is_empty()).then(|| {
            view! {
                <section class="panel swap-seats" data-testid="swap-seats">
                    <h3>"Crew change"</h3>
                    <p class="hint">"Your team's Fighter is down: its Pilot may take stations on the Capital ship, and anyone may fly it when it is relaunched."</p>
                    <button class="btn btn--small btn--helm" data-testid="swap-open" on:click=move |_| seats.set(true)>"Change seats"</button>
                </section>
            }
        })
    }
}

/// The Seats card's crew changes: each swap with a teammate the rules allow now.
#[component]
pub fn SwapList() -> impl IntoView {
    let store = use_store();
    let offers = offers();
    move || {
        let list = offers.get();
        (!list.is_empty()).then(|| {
            view! {
                <div class="swap-seats__list" data-testid="swap-list">
                    <h3>"Swap with a teammate"</h3>
                    {list.into_iter().map(|s| {
                        let change = move || {
                            store.game.with_untracked(|g| {
                                let g = g.as_ref()?;
                                let a = g.seat(s.mine).cloned()?;
                                let b = g.seat(s.theirs).cloned()?;
                                Some(vec![(s.mine, b), (s.theirs, a)])
                            })
                        };
                        view! {
                            <button class="btn btn--small" data-testid=format!("swap-{}-{}", s.mine.0, s.theirs.0)
                                on:click=move |_| if let Some(seats) = change() { store.act(Act::Command(Command::Reseat { seats })); }>
                                {s.label.clone()}" (now "{s.who.clone()}")"
                            </button>
                        }
                    }).collect_view()}
                </div>
            }
        })
    }
}
