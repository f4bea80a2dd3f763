//! The ruleset: base rules or the McGuire house rules, each toggle on its
//! own (R39), and the optional wormholes.

use duel_core::{Equipment, HouseRules, Layout, Mission, Ruleset};
use duel_net::{Command, LobbyEdit};
use leptos::prelude::*;

use crate::store::{use_store, Act, Errand};

type Read = fn(&HouseRules) -> bool;
type Write = fn(&mut HouseRules, bool);

/// Each McGuire toggle: test id, label, read, write.
const TOGGLES: [(&str, &str, Read, Write); 7] = [
    (
        "no-queue",
        "No freeze may be declared during a freeze",
        |h| h.no_queued_freezes,
        |h, v| h.no_queued_freezes = v,
    ),
    ("chebyshev", "Range counts diagonals (at least 1)", |h| h.chebyshev_range, |h, v| h.chebyshev_range = v),
    (
        "defender-diagonal",
        "The defender picks the sector on a diagonal",
        |h| h.defender_picks_diagonal,
        |h, v| h.defender_picks_diagonal = v,
    ),
    (
        "weapons-side",
        "Only Weapons calls Fire, naming the side",
        |h| h.weapons_name_side,
        |h, v| h.weapons_name_side = v,
    ),
    (
        "mines-everyone",
        "Mines hit every ship in the square",
        |h| h.mines_hit_everyone,
        |h, v| h.mines_hit_everyone = v,
    ),
    (
        "tractor-mines",
        "The tractor beam may move a mine",
        |h| h.tractor_moves_mines,
        |h, v| h.tractor_moves_mines = v,
    ),
    (
        "freeze-drops",
        "Unplaced rolled dice are lost when time freezes",
        |h| h.freeze_drops_rolled_dice,
        |h, v| h.freeze_drops_rolled_dice = v,
    ),
];

#[component]
pub fn Rules() -> impl IntoView {
    let store = use_store();
    let ruleset =
        Memo::new(move |_| store.room.with(|r| r.as_ref().map(|r| r.config.ruleset).unwrap_or_default()));
    let locked = Memo::new(move |_| !store.owner.get());
    let missions = Memo::new(move |_| {
        store.room.with(|r| r.as_ref().is_some_and(|r| r.config.layout.mission().is_some()))
    });
    let tiled = Memo::new(move |_| store.room.with(|r| r.as_ref().is_some_and(|r| r.config.map.is_tiled())));
    // D30: cards need two teams with one Capital ship each.
    let cards_fit = Memo::new(move |_| {
        store.room.with(|r| {
            r.as_ref().is_some_and(|r| {
                matches!(r.config.layout, Layout::Duel | Layout::Mission(Mission::CarrierStrike))
            })
        })
    });
    let set = move |r: Ruleset| {
        store.act(Act::Command(Command::Edit(LobbyEdit::Ruleset(r))));
        store.act(Errand::RefreshQuickLayout);
    };
    view! {
        <section class="panel" data-testid="lobby-rules">
            <h2>"Rules"</h2>
            <div class="seg">
                <button class="btn btn--small" class:is-on=move || ruleset.get().house == HouseRules::default()
                    data-testid="lobby-rules-base" disabled=locked
                    on:click=move |_| set(Ruleset { house: HouseRules::default(), ..ruleset.get_untracked() })>"Rulebook"</button>
                <button class="btn btn--small" class:is-on=move || ruleset.get().house == HouseRules::mcguire()
                    data-testid="lobby-rules-mcguire" disabled=locked
                    on:click=move |_| set(Ruleset { house: HouseRules::mcguire(), ..ruleset.get_untracked() })>"McGuire house rules"</button>
            </div>
            <ul class="toggles">
                {TOGGLES.into_iter().map(|(id, label, get, put)| view! {
                    <li><label>
                        <input type="checkbox" data-testid=format!("lobby-house-{id}") disabled=locked
                            prop:checked=move || get(&ruleset.get().house)
                            on:change=move |ev| {
                                let mut r = ruleset.get_untracked();
                                put(&mut r.house, event_target_checked(&ev));
                                set(r);
                            } />
                        {label}
                    </label></li>
                }).collect_view()}
                {move || if tiled.get() {
                    // D42: a tile map prints its wormholes, or has none.
                    view! { <li class="hint" data-testid="lobby-wormholes-tiled">"Wormholes: as printed on this map's tiles"</li> }.into_any()
                } else {
                    view! {
                        <li><label>
                            <input type="checkbox" data-testid="lobby-wormholes" disabled=locked
                                prop:checked=move || ruleset.get().wormholes
                                on:change=move |ev| set(Ruleset { wormholes: event_target_checked(&ev), ..ruleset.get_untracked() }) />
                            "Wormholes (optional rule)"
                        </label></li>
                    }.into_any()
                }}
                {move || missions.get().then(|| view! {
                    <li><label>
                        <input type="checkbox" data-testid="lobby-fighter-health" disabled=locked
                            prop:checked=move || ruleset.get().fighters_start_with_two_health
                            on:change=move |ev| set(Ruleset { fighters_start_with_two_health: event_target_checked(&ev), ..ruleset.get_untracked() }) />
                        "Fighters start with 2 health (Die Fighter play note)"
                    </label></li>
                })}
            </ul>
            {move || cards_fit.get().then(|| view! {
                <div class="equipment-choice">
                    <h3>"Experimental Equipment cards (Die Fighter)"</h3>
                    <div class="seg" role="group" aria-label="Equipment cards">
                        {[(Equipment::Off, "off", "Off"), (Equipment::Draft, "draft", "Draft"), (Equipment::RandomTwoEach, "random", "Random two each")]
                            .into_iter().map(|(e, id, label)| view! {
                                <button class="btn btn--small" class:is-on=move || ruleset.get().equipment == e
                                    data-testid=format!("lobby-equipment-{id}") disabled=locked
                                    on:click=move |_| set(Ruleset { equipment: e, ..ruleset.get_untracked() })>{label}</button>
                            }).collect_view()}
                    </div>
                    <p class="hint">"Each team gets two cards that give its Capital ship a special ability. Draft: one team picks one, the other two, the first the last."</p>
                </div>
            })}
        </section>
    }
}
