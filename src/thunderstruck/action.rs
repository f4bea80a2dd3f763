//! The person's turn in the Action Phase (`004_…` Actions, T6–T7): tap a
//! die, spend cubes on it if you have any (± a pip, or move it to a free
//! space and action it there), pick a target with three ships, and go. The
//! rules say whether it may go ([`Game::validate`]); their refusal is
//! shown as the reason while it may not.

use duel_core::thunderstruck::{Act, ConsoleSpace, Game, Intent, Player, System};
use leptos::prelude::*;

use super::console::{ConsoleGrid, SpaceView};
use super::duel::{use_duel, ActUi};
use crate::ui::thunder_words as words;

/// The act the picks describe, if a die is picked.
fn act_of(ui: &ActUi, game: &Game, me: Player) -> Option<Act> {
    let die = ui.die.get()?;
    let to = ui.to.get();
    let at = to.unwrap_or(die);
    let c = &game.ship(me)?.console;
    let with = (ui.with.get() && at.system() == System::Boost)
        .then(|| {
            ConsoleSpace::of(System::Boost)
                .iter()
                .copied()
                .find(|s| *s != at && *s != die && c.die(*s).is_some())
        })
        .flatten();
    let target = (at.system() == System::Fire).then(|| ui.target.get()).flatten();
    Some(Act { die, pips: ui.pips.get(), to, with, target })
}

/// What the act will do, in words, before it is sent.
fn preview(game: &Game, act: &Act, me: Player) -> String {
    let Some(ship) = game.ship(me) else { return String::new() };
    let value = ship.console.die(act.die).map_or(0, |p| p.value() as i8 + act.pips);
    let at = act.at();
    match at.system() {
        System::Boost => {
            let other = act.with.and_then(|w| ship.console.die(w)).map_or(0, |p| p.value() as i8);
            format!("Boost {} spaces, facing {}.", value + other, words::facing(game.board(), ship.facing))
        }
        System::Manoeuvre => {
            "Manoeuvre: every ship's Manoeuvre dice are totalled; the highest in each sector wins.".into()
        }
        System::Fire => {
            let rivals: Vec<Player> = game.living().filter(|p| *p != me).collect();
            let target = act.target.or_else(|| (rivals.len() == 1).then(|| rivals[0]));
            match target.and_then(|t| game.ship(t).map(|s| (t, s.at))) {
                Some((t, at)) => {
                    let d = game.board().distance(ship.at, at);
                    let will = if i16::from(d) <= i16::from(value) { "in range" } else { "out of range" };
                    format!("Fire a {value} at {t}, {d} away: {will}.")
                }
                None => format!("Fire a {value}: pick a target."),
            }
        }
        System::Power => format!("Power: +{}.", words::cubes(if value == 6 { 2 } else { 1 })),
        System::Shields => {
            format!("Raise the {}.", at.shield().map_or("shield".to_string(), |s| s.to_string()))
        }
    }
}

#[component]
pub fn Turn() -> impl IntoView {
    let duel = use_duel();
    let me = duel.me;
    let ui = duel.act;
    let cubes = Memo::new(move |_| {
        duel.game.with(|g| g.as_ref().and_then(|g| g.ship(me)).map_or(0, |s| s.console.cubes()))
    });
    let act = Memo::new(move |_| duel.game.with(|g| g.as_ref().and_then(|g| act_of(&ui, g, me))));
    let verdict = Memo::new(move |_| {
        let a = act.get()?;
        duel.game.with(|g| g.as_ref().map(|g| g.validate(me, &Intent::Act(a)).map_err(|r| r.to_string())))
    });
    let spaces = Signal::derive(move || {
        duel.game.with(|g| {
            let Some(c) = g.as_ref().and_then(|g| g.ship(me)).map(|s| s.console.clone()) else {
                return vec![];
            };
            let (die, to, moving) = (ui.die.get(), ui.to.get(), ui.moving.get());
            SpaceView::of(&c)
                .into_iter()
                .map(|mut v| {
                    v.picked = Some(v.slot) == die || (Some(v.slot) == to);
                    v.open = if moving { c.is_free(v.slot) } else { v.die.is_some() };
                    v
                })
                .collect()
        })
    });
    let tap = Callback::new(move |slot: ConsoleSpace| {
        let free = duel
            .game
            .with_untracked(|g| g.as_ref().and_then(|g| g.ship(me)).is_some_and(|s| s.console.is_free(slot)));
        let has_die = duel.game.with_untracked(|g| {
            g.as_ref().and_then(|g| g.ship(me)).is_some_and(|s| s.console.die(slot).is_some())
        });
        if ui.moving.get_untracked() && free {
            ui.to.set(Some(slot));
            ui.moving.set(false);
            return;
        }
        if has_die {
            let again = ui.die.get_untracked() == Some(slot);
            ui.reset();
            if !again {
                ui.die.set(Some(slot));
            }
            duel.notice.set(None);
        } else {
            duel.notice.set(Some(format!("There is no die on {slot}: tap one of your dice.")));
        }
    });
    let go = move |_| {
        if let Some(a) = act.get_untracked() {
            duel.send(Intent::Act(a));
        }
    };
    // The options block is rebuilt only when another die or space is picked:
    // a cube spent keeps the keyboard focus on its button.
    let key = Memo::new(move |_| act.get().map(|a| (a.die, a.at())));
    let value = move || {
        let a = act.get()?;
        duel.game.with(|g| {
            let pip = g.as_ref().and_then(|g| g.ship(me)).and_then(|s| s.console.die(a.die))?;
            Some(pip.value() as i8 + a.pips)
        })
    };
    let options = move || {
        let (die, at) = key.get()?;
        let other_boost = duel.game.with_untracked(|g| {
            g.as_ref().and_then(|g| g.ship(me)).is_some_and(|s| {
                ConsoleSpace::of(System::Boost)
                    .iter()
                    .any(|b| *b != at && *b != die && s.console.die(*b).is_some())
            })
        });
        let rivals = duel.game.with_untracked(|g| {
            g.as_ref()
                .map(|g| {
                    let here = g.ship(me).map(|s| s.at);
                    g.living()
                        .filter(|p| *p != me)
                        .map(|p| {
                            (
                                p,
                                here.zip(g.ship(p).map(|s| s.at))
                                    .map_or(0, |(a, b)| g.board().distance(a, b)),
                            )
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        });
        let spend = move || act.get().map_or(0, |a| a.cubes());
        // The keyboard goes on from the picked die's options (a few Tabs to
        // "Action!") instead of through the rest of the console.
        let what = NodeRef::<leptos::html::P>::new();
        Effect::new(move |_| {
            if let Some(p) = what.get() {
                let _ = p.focus();
            }
        });
        Some(view! {
            <div class="ts-options" data-testid="ts-options">
                <p class="ts-options__what" tabindex="-1" node_ref=what>
                    <strong>{move || format!("{} · {}", at.label(), value().unwrap_or(0))}</strong>
                    {(at != die).then(|| format!(" (moved from {})", die.label()))}
                </p>
                {move || (cubes.get() > 0).then(|| view! {
                    <div class="ts-options__cubes">
                        <span class="hint">{move || format!("Cubes: {} · this spends {}", cubes.get(), spend())}</span>
                        <button class="btn btn--small btn--energy" data-testid="ts-pip-down" aria-label="One pip less (1 cube)"
                            disabled=move || value().is_none_or(|v| v <= 1) on:click=move |_| ui.pips.update(|p| *p -= 1)>"− pip"</button>
                        <button class="btn btn--small btn--energy" data-testid="ts-pip-up" aria-label="One pip more (1 cube)"
                            disabled=move || value().is_none_or(|v| v >= 6) on:click=move |_| ui.pips.update(|p| *p += 1)>"+ pip"</button>
                        <button class=move || if ui.moving.get() { "btn btn--small btn--energy is-on" } else { "btn btn--small btn--energy" }
                            data-testid="ts-move" aria-pressed=move || ui.moving.get().to_string()
                            on:click=move |_| {
                                if ui.to.get_untracked().is_some() {
                                    ui.to.set(None);
                                } else {
                                    ui.moving.update(|m| *m = !*m);
                                }
                            }>
                            {move || if ui.to.get().is_some() { "Undo the move" } else if ui.moving.get() { "Now tap a free space" } else { "Move to a space (1 cube)" }}
                        </button>
                    </div>
                })}
                {(at.system() == System::Boost && other_boost).then(|| view! {
                    <label class="ts-check">
                        <input type="checkbox" data-testid="ts-with" prop:checked=move || ui.with.get()
                            on:change=move |ev| ui.with.set(event_target_checked(&ev)) />
                        "Both Boost dice together (one move)"
                    </label>
                })}
                {(at.system() == System::Fire && rivals.len() > 1).then(|| view! {
                    <div class="ts-targets" role="group" aria-label="Target">
                        {rivals.into_iter().map(|(p, d)| view! {
                            <button class=move || format!("btn btn--small ts-target ts-who--{}{}", p.colour().to_lowercase(), if ui.target.get() == Some(p) { " is-on" } else { "" })
                                data-testid=format!("ts-target-{}", p.colour().to_lowercase())
                                aria-pressed=move || (ui.target.get() == Some(p)).to_string()
                                on:click=move |_| ui.target.set(Some(p))>
                                {format!("{p} · {d} away")}
                            </button>
                        }).collect_view()}
                    </div>
                })}
                <p class="ts-preview" data-testid="ts-preview">{move || act.get().and_then(|a| duel.game.with(|g| g.as_ref().map(|g| preview(g, &a, me))))}</p>
            </div>
        })
    };
    view! {
        <section class="ts-turn" data-testid="ts-turn">
            <h2 class="ts-panel__title">"Your turn"</h2>
            <p class="hint">{move || if act.with(Option::is_none) { "Tap one of your dice to action it." } else { "Check the action, then go." }}</p>
            <ConsoleGrid spaces=spaces on_tap=tap testid="ts-space" />
            {options}
            <div class="ts-plan__actions">
                <p class="ts-reason" data-testid="ts-go-reason" aria-live="polite">{move || verdict.get().and_then(Result::err)}</p>
                <button class="btn btn--small btn--ghost" data-testid="ts-cancel" on:click=move |_| ui.reset()
                    disabled=move || act.with(Option::is_none)>"Cancel"</button>
                <button class="btn btn--weapons ts-go" data-testid="ts-go" on:click=go
                    disabled=move || !matches!(verdict.get(), Some(Ok(())))>"Action!"</button>
            </div>
        </section>
    }
}
