//! Which game the room plays: *Space Cadets: Dice Duel* or *Thunderstruck
//! Duel* (R23), and for Thunderstruck the players (2 or 3), the length
//! (T9: 6 or 12 rounds) and who holds the turn marker in round 1.

use duel_core::thunderstruck::{Config, Player};
use duel_core::Mode;
use duel_net::{Command, LobbyEdit};
use leptos::prelude::*;

use super::crew::reseat;
use crate::platform::random;
use crate::store::{use_store, Act, Store};

fn choose(store: Store, mode: Mode) {
    let seats = match mode {
        Mode::DiceDuel => 2,
        Mode::Thunderstruck(c) => usize::from(c.players),
    };
    store.act(Act::Command(Command::Edit(LobbyEdit::Mode(mode))));
    reseat(store, seats);
}

#[component]
pub fn GameChoice() -> impl IntoView {
    let store = use_store();
    let mode = Memo::new(move |_| store.room.with(|r| r.as_ref().map(|r| r.config.mode).unwrap_or_default()));
    let locked = Memo::new(move |_| !store.owner.get());
    let thunder = move || match mode.get() {
        Mode::Thunderstruck(c) => Some(c),
        Mode::DiceDuel => None,
    };
    let set = move |c: Config| choose(store, Mode::Thunderstruck(c));
    let duel = Config::default();
    view! {
        <section class="panel panel--wide" data-testid="lobby-game">
            <h2>"Game"</h2>
            <div class="seg" role="group" aria-label="Game">
                <button class="btn btn--small" class:is-on=move || thunder().is_none() disabled=locked
                    data-testid="lobby-game-dice-duel" on:click=move |_| choose(store, Mode::DiceDuel)>"Dice Duel"</button>
                <button class="btn btn--small" class:is-on=move || thunder().is_some() disabled=locked
                    data-testid="lobby-game-thunderstruck"
                    on:click=move |_| set(thunder().unwrap_or(duel))>"Thunderstruck Duel"</button>
            </div>
            {move || thunder().map(|c| view! {
                <p class="hint">"Turn-based, 2 or 3 ships: everyone plans their dice in secret, then the ships take turns. Least damage wins."</p>
                <div class="seg" role="group" aria-label="Players">
                    <span class="seg__label">"Players"</span>
                    {[2u8, 3].into_iter().map(|n| view! {
                        <button class="btn btn--small" class:is-on=c.players == n disabled=locked
                            data-testid=format!("lobby-ts-players-{n}")
                            on:click=move |_| set(Config { players: n, first: Player(0), ..c })>{n.to_string()}</button>
                    }).collect_view()}
                </div>
                <div class="seg" role="group" aria-label="Rounds">
                    <span class="seg__label">"Rounds"</span>
                    {[6u8, 12].into_iter().map(|n| view! {
                        <button class="btn btn--small" class:is-on=c.rounds == n disabled=locked
                            data-testid=format!("lobby-ts-rounds-{n}")
                            on:click=move |_| set(Config { rounds: n, ..c })>{n.to_string()}</button>
                    }).collect_view()}
                </div>
                <div class="seg" role="group" aria-label="First player">
                    <span class="seg__label">"First player"</span>
                    <span class="seg__value" data-testid="lobby-ts-first">{c.first.colour()}</span>
                    <button class="btn btn--small" disabled=locked data-testid="lobby-ts-first-random"
                        on:click=move |_| {
                            let first = Player((random::u64() % u64::from(c.players)) as u8);
                            set(Config { first, ..c });
                        }>"Draw at random"</button>
                </div>
            })}
        </section>
    }
}
