//! The duel screen: the round and the Reflex die up top, the battlefield,
//! a line saying what happens now, the panel for what the person does
//! (plan, act, answer, or watch), the ship cards and the log.

use duel_core::thunderstruck::{Game, Pending, Phase, Player};
use leptos::prelude::*;

use super::action::Turn;
use super::console::{ConsoleGrid, SpaceView};
use super::duel::use_duel;
use super::field::Field;
use super::planning::Planning;
use super::prompts::{HitPrompt, SteerPrompt};
use super::ships::Ships;
use crate::route::Route;

/// What the person's panel shows now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Panel {
    Plan,
    Turn,
    Hit,
    Steer,
    Watch,
    /// This device holds no seat: it only watches.
    Spectate,
}

fn panel(game: &Game, me: Player) -> Panel {
    if game.ship(me).is_none() {
        return Panel::Spectate;
    }
    match game.phase() {
        Phase::Planning { .. } => Panel::Plan,
        _ if !game.hit_answers(me).is_empty() => Panel::Hit,
        _ if !game.steers(me).is_empty() => Panel::Steer,
        _ if game.turn() == Some(me) => Panel::Turn,
        _ => Panel::Watch,
    }
}

/// What is happening now, in a sentence.
fn status(game: &Game, me: Player) -> String {
    let waiting: Vec<Player> = game.waiting_on().into_iter().filter(|p| *p != me).collect();
    let names = waiting.iter().map(ToString::to_string).collect::<Vec<_>>().join(" and ");
    match game.phase() {
        Phase::Planning { beacon: None } => "Rolling the dice…".into(),
        Phase::Planning { .. } if game.ship(me).is_none() => {
            "Planning: every ship places its dice in secret.".into()
        }
        Phase::Planning { .. } => "Planning: place your dice in secret, then Ready.".into(),
        Phase::Action { pending: Some(Pending::Hit { target, .. }), .. } if *target != me => {
            format!("{target} chooses how to take the hit…")
        }
        Phase::Action { pending: Some(Pending::Steer { .. }), .. } if !waiting.is_empty() => {
            let verb = if waiting.len() == 1 { "chooses" } else { "choose" };
            format!("{names} won the Manoeuvre and {verb} what to do…")
        }
        Phase::Action { turn, .. } if *turn != me && game.waiting_on().contains(turn) => {
            format!("{turn} is taking its turn…")
        }
        Phase::Action { .. } if game.turn() == Some(me) => "Your turn: action one of your dice.".into(),
        Phase::Action { .. } => "Your choice: answer below.".into(),
        Phase::Over { .. } => "The duel is over.".into(),
    }
}

#[component]
pub fn DuelScreen() -> impl IntoView {
    let duel = use_duel();
    let me = duel.me;
    let round = Memo::new(move |_| {
        duel.game.with(|g| g.as_ref().map(|g| (g.round(), g.config().rounds, g.reflex(), g.first())))
    });
    let panel = Memo::new(move |_| {
        if duel.sending.get() {
            return Some(Panel::Watch);
        }
        duel.game.with(|g| g.as_deref().map(|g| panel(g, me)))
    });
    let status =
        Memo::new(move |_| duel.game.with(|g| g.as_deref().map(|g| status(g, me))).unwrap_or_default());
    let head = move || {
        round.get().map(|(r, of, reflex, first)| {
            view! {
                <span class="ts-head__round" data-testid="ts-round">{format!("Round {r} of {of}")}</span>
                <span class="ts-head__reflex" data-testid="ts-reflex" title="Reflex die: a fifth die this round">
                    <span class="ts-reflex-die" aria-hidden="true"></span>
                    {match reflex { Some(p) => format!("Reflex: {p}"), None => "Reflex: nobody".into() }}
                </span>
                <span class="ts-head__first">{format!("First: {first}")}</span>
            }
        })
    };
    let main = move || match panel.get() {
        Some(Panel::Plan) => view! { <Planning /> }.into_any(),
        Some(Panel::Turn) => view! { <Turn /> }.into_any(),
        // The person's console stays in sight under a prompt: where a hit's damage would go.
        Some(Panel::Hit) => view! { <HitPrompt /> <Watch /> }.into_any(),
        Some(Panel::Steer) => view! { <SteerPrompt /> <Watch /> }.into_any(),
        Some(Panel::Watch) | None => view! { <Watch /> }.into_any(),
        Some(Panel::Spectate) => view! {
            <p class="ts-status" data-testid="ts-spectating">
                "You are watching: this device holds no seat. Every ship's console is on its card below."
            </p>
        }
        .into_any(),
    };
    let log = move || {
        duel.story(|s| {
            s.lines()
                .iter()
                .rev()
                .take(30)
                .map(|l| {
                    let class = l.who.map_or("ts-line".to_string(), |p| {
                        format!("ts-line ts-who--{}", p.colour().to_lowercase())
                    });
                    view! { <li class=class>{l.text.clone()}</li> }
                })
                .collect_view()
        })
    };
    let quitting = RwSignal::new(false);
    let last = move || duel.story(|s| s.last().map(|l| l.text.clone()));
    view! {
        <main class="ts" data-testid="ts-duel">
            <header class="ts-head">
                <h1 class="ts-head__title">"Thunderstruck"</h1>
                {head}
                <nav class="ts-head__nav">
                    <a class="btn btn--small btn--ghost" href=Route::Rules.hash() data-testid="ts-rules">"Rules"</a>
                    <a class="btn btn--small btn--ghost" href=Route::Home.hash() data-testid="ts-home">"Home"</a>
                    // Two taps: a duel is not thrown away by a slip of the finger.
                    <button class="btn btn--small btn--ghost" data-testid="ts-quit"
                        on:click=move |_| if quitting.get_untracked() { duel.leave() } else { quitting.set(true) }
                        on:blur=move |_| quitting.set(false)>
                        {move || if quitting.get() { "Really quit?" } else { "Quit" }}
                    </button>
                </nav>
            </header>
            <div class="ts-board">
                <Field />
                <p class="ts-status" data-testid="ts-status" aria-live="polite">{move || status.get()}</p>
                <p class="ts-last" data-testid="ts-last">{last}</p>
            </div>
            <div class="ts-main">
                {main}
                <p class="ts-notice" data-testid="ts-notice" role="status">{move || duel.notice.get()}</p>
            </div>
            <div class="ts-side">
                <section class="ts-cards"><Ships /></section>
                <section class="ts-log">
                    <h2 class="ts-panel__title">"Log"</h2>
                    <ol class="ts-lines" data-testid="ts-log">{log}</ol>
                </section>
            </div>
        </main>
    }
}

/// Someone else's move: the person's console as it stands.
#[component]
fn Watch() -> impl IntoView {
    let duel = use_duel();
    let me = duel.me;
    let spaces = Signal::derive(move || {
        duel.game.with(|g| {
            g.as_ref().and_then(|g| g.ship(me)).map(|s| SpaceView::of(&s.console)).unwrap_or_default()
        })
    });
    view! {
        <section class="ts-watch" data-testid="ts-watch">
            <h2 class="ts-panel__title">"Your console"</h2>
            <ConsoleGrid spaces=spaces on_tap=Callback::new(move |_| duel.notice.set(Some("Your dice are actioned on your turn.".into()))) testid="ts-space" />
        </section>
    }
}
