//! A card per ship: where it is and which way it faces, how far from Red,
//! damage, power cubes, shields, the turn marker and the Reflex die; and
//! its console (revealed dice and damage) for the rivals.

use duel_core::thunderstruck::console::MAX_CUBES;
use duel_core::thunderstruck::{Game, Phase, Planning, Player, Shield};
use leptos::prelude::*;

use super::console::{ConsoleGrid, SpaceView};
use super::duel::use_duel;
use crate::ui::thunder_words as words;

/// What a card says about one ship (a plain value, so the card redraws only when it changes).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Card {
    player: Player,
    destroyed: bool,
    place: String,
    distance: Option<u8>,
    damage: u8,
    cubes: u8,
    shields: Vec<(Shield, bool)>,
    badges: Vec<&'static str>,
}

fn card(game: &Game, player: Player, me: Player) -> Option<Card> {
    let ship = game.ship(player)?;
    let mine = game.ship(me);
    let mut badges = Vec::new();
    if game.waiting_on().contains(&player) || game.turn() == Some(player) {
        badges.push("acting");
    }
    if game.first() == player {
        badges.push("turn marker");
    }
    if game.reflex() == Some(player) {
        badges.push("Reflex die");
    }
    if let Phase::Planning { beacon: Some(_) } = game.phase() {
        match ship.planning {
            Planning::Sealed { .. } | Planning::Revealed => badges.push("ready"),
            Planning::Forfeit => badges.push("sits out"),
            _ if !ship.destroyed => badges.push("planning…"),
            _ => {}
        }
    }
    Some(Card {
        player,
        destroyed: ship.destroyed,
        place: format!("{} · facing {}", words::space(ship.at), words::facing(game.board(), ship.facing)),
        distance: mine
            .filter(|m| player != me && !ship.destroyed && !m.destroyed)
            .map(|m| game.board().distance(m.at, ship.at)),
        damage: ship.console.damage(),
        cubes: ship.console.cubes(),
        shields: Shield::ALL.into_iter().map(|s| (s, ship.console.shield_up(s))).collect(),
        badges,
    })
}

#[component]
pub fn Ships() -> impl IntoView {
    let duel = use_duel();
    let players = Memo::new(move |_| {
        duel.game.with(|g| g.as_ref().map(|g| g.players().collect::<Vec<_>>()).unwrap_or_default())
    });
    move || players.get().into_iter().map(|p| view! { <ShipCard player=p /> }).collect_view()
}

#[component]
fn ShipCard(player: Player) -> impl IntoView {
    let duel = use_duel();
    let me = duel.me;
    let info = Memo::new(move |_| duel.game.with(|g| g.as_ref().and_then(|g| card(g, player, me))));
    let spaces = Signal::derive(move || {
        duel.game.with(|g| {
            g.as_ref().and_then(|g| g.ship(player)).map(|s| SpaceView::of(&s.console)).unwrap_or_default()
        })
    });
    let colour = player.colour().to_lowercase();
    let body = move || {
        info.get().map(|c| {
            let cubes: String = (0..MAX_CUBES).map(|i| if i < c.cubes { '●' } else { '○' }).collect();
            view! {
                <p class="ts-card__where">{if c.destroyed { "Destroyed".to_string() } else { c.place.clone() }}</p>
                <p class="ts-card__stats">
                    {c.distance.map(|d| view! { <span class="ts-stat" data-testid=format!("ts-distance-{}", c.player.colour().to_lowercase())>{format!("{d} from you")}</span> })}
                    <span class="ts-stat" data-testid=format!("ts-damage-{}", c.player.colour().to_lowercase())>{format!("damage {}", c.damage)}</span>
                    <span class="ts-stat" title=words::cubes(c.cubes)>{format!("cubes {cubes}")}</span>
                    <span class="ts-stat">
                        "shields "
                        {c.shields.iter().map(|(s, up)| view! {
                            <span class=if *up { "ts-sh is-up" } else { "ts-sh" } title=format!("{} shield {}", words::shield_short(*s), if *up { "raised" } else { "down" })>
                                {words::shield_short(*s).chars().next().map(String::from).unwrap_or_default()}
                            </span>
                        }).collect_view()}
                    </span>
                </p>
                <p class="ts-card__badges">{c.badges.iter().map(|b| view! { <span class="ts-badge">{*b}</span> }).collect_view()}</p>
            }
        })
    };
    view! {
        <article class=format!("ts-card ts-who--{colour}") data-testid=format!("ts-card-{colour}")>
            <h3 class="ts-card__name">{if player == me { format!("{player} · you") } else { player.to_string() }}</h3>
            {body}
            {(player != me).then(|| view! { <ConsoleGrid spaces=spaces on_tap=Callback::new(|_| {}) testid=rival_testid(player) compact=true /> })}
        </article>
    }
}

fn rival_testid(player: Player) -> &'static str {
    match player.0 {
        0 => "ts-rival-red",
        1 => "ts-rival-blue",
        _ => "ts-rival-green",
    }
}
