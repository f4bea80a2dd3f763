//! The Planning Phase on the person's console (`004_…` Planning, T7): the
//! rolled dice, tap a die then a space (or drag it there), reroll for a
//! cube, and "Ready" once [`Placement::check`] passes (its reason shown
//! while it does not). Then "Waiting for others…" until every plan is in.

use duel_core::thunderstruck::{ConsoleSpace, Placement, Planning, System};
use duel_core::Pip;
use leptos::prelude::*;

use super::console::{ConsoleGrid, SpaceView};
use super::duel::{use_duel, Duel};
use crate::ui::die::plain_die_svg;
use crate::ui::thunder_words as words;

/// The draft, one entry per die (a draft from before a reroll is empty).
fn draft_for(duel: Duel, n: usize) -> Vec<Option<ConsoleSpace>> {
    let d = duel.plan.draft.get();
    if d.len() == n {
        d
    } else {
        vec![None; n]
    }
}

/// Puts the picked die (index `i`) on `slot`; a die already there goes back to the tray.
fn place(duel: Duel, dice: &[Pip], i: usize, slot: ConsoleSpace) {
    let Some(pip) = dice.get(i) else { return };
    if !slot.takes(*pip) {
        duel.notice.set(Some(format!("A {} does not fit {slot}.", pip.value())));
        return;
    }
    let n = dice.len();
    duel.plan.draft.update(|d| {
        if d.len() != n {
            *d = vec![None; n];
        }
        for s in d.iter_mut().filter(|s| **s == Some(slot)) {
            *s = None;
        }
        d[i] = Some(slot);
    });
    duel.plan.picked.set(None);
    duel.notice.set(None);
}

#[component]
pub fn Planning() -> impl IntoView {
    let duel = use_duel();
    let me = duel.me;
    let sealed = Memo::new(move |_| duel.game.with(|_| duel.sealed(me)));
    let state = Memo::new(move |_| {
        duel.game.with(|g| g.as_ref().and_then(|g| g.ship(me)).map(|s| (s.destroyed, s.planning)))
    });
    move || {
        match state.get() {
        Some((true, _)) => view! { <p class="ts-status" data-testid="ts-out">"Your ship is destroyed: watch the others finish."</p> }.into_any(),
        Some((_, Planning::Forfeit)) => view! { <p class="ts-status">"You sit this round out."</p> }.into_any(),
        _ if sealed.get() => view! { <Waiting /> }.into_any(),
        _ => view! { <Plan /> }.into_any(),
    }
    }
}

#[component]
fn Plan() -> impl IntoView {
    let duel = use_duel();
    let me = duel.me;
    let console = Memo::new(move |_| {
        duel.game.with(|g| g.as_ref().and_then(|g| g.ship(me)).map(|s| s.console.clone()))
    });
    let dice = Memo::new(move |_| {
        let r = duel.plan.rerolls.get();
        duel.game.with(|_| duel.dice(r)).unwrap_or_default()
    });
    let count = Memo::new(move |_| dice.with(Vec::len));
    let draft = Memo::new(move |_| draft_for(duel, count.get()));
    let check = Memo::new(move |_| {
        let Some(c) = console.get() else { return Err("No console.".to_string()) };
        dice.with(|d| Placement::new(draft.get()).check(d, &c).map_err(|m| m.to_string()))
    });
    let cubes_left = Memo::new(move |_| {
        console.with(|c| c.as_ref().map_or(0, |c| c.cubes())).saturating_sub(duel.plan.rerolls.get())
    });
    let spaces = Signal::derive(move || {
        let Some(c) = console.get() else { return vec![] };
        let d = dice.get();
        let draft = draft.get();
        let picked = duel.plan.picked.get();
        let pick = picked.and_then(|i| d.get(i).copied());
        SpaceView::of(&c)
            .into_iter()
            .map(|mut v| {
                let here = draft.iter().position(|s| *s == Some(v.slot));
                v.die = here.and_then(|i| d.get(i).copied());
                v.picked = here.is_some() && here == picked;
                v.open = !v.damaged && pick.is_none_or(|p| v.slot.takes(p));
                v
            })
            .collect()
    });
    let hints = Signal::derive(move || {
        let draft = draft.get();
        let broken = console.with(|c| {
            c.as_ref().map(|c| {
                [System::Boost, System::Manoeuvre]
                    .map(|s| ConsoleSpace::of(s).iter().all(|slot| c.is_damaged(*slot)))
            })
        });
        [System::Boost, System::Manoeuvre]
            .into_iter()
            .enumerate()
            .map(|(k, system)| {
                let n = draft.iter().flatten().filter(|s| s.system() == system).count();
                let waived = broken.is_some_and(|b| b[k]);
                let ok = waived || (1..=2).contains(&n);
                let text = if waived {
                    "damaged: none needed".to_string()
                } else {
                    format!("{n} placed, needs 1–2")
                };
                (system, text, ok)
            })
            .collect::<Vec<_>>()
    });
    let tap_space = Callback::new(move |slot: ConsoleSpace| {
        let d = dice.get_untracked();
        match duel.plan.picked.get_untracked() {
            Some(i) => place(duel, &d, i, slot),
            None => {
                // Tapping a placed die picks it up again (to move it, or put it back with a tap on it in the tray).
                let here = draft.get_untracked().iter().position(|s| *s == Some(slot));
                match here {
                    Some(i) => duel.plan.picked.set(Some(i)),
                    None => {
                        duel.notice.set(Some("Tap one of your dice first, then the space for it.".into()))
                    }
                }
            }
        }
    });
    // A drag from the tray ends over a space: the die goes there (and the click that follows is ignored).
    let dropped = StoredValue::new(false);
    let tray = move || {
        (0..count.get())
            .map(|i| {
                let pip = move || dice.with(|d| d.get(i).copied());
                let on = move || draft.with(|d| d.get(i).copied().flatten());
                let class = move || {
                    let mut c = String::from("ts-die");
                    if duel.plan.picked.get() == Some(i) {
                        c += " is-picked";
                    }
                    if on().is_some() {
                        c += " is-placed";
                    }
                    c
                };
                let label = move || {
                    let v = pip().map_or(0, |p| p.value());
                    match on() {
                        Some(s) => format!("Die {v}, on {}", s.label()),
                        None => format!("Die {v}, not placed"),
                    }
                };
                let click = move |_| {
                    if dropped.get_value() {
                        dropped.set_value(false);
                        return;
                    }
                    let now = duel.plan.picked.get_untracked();
                    duel.plan.picked.set(if now == Some(i) { None } else { Some(i) });
                    duel.notice.set(None);
                };
                // The die keeps the pointer (a mouse too, not only a finger), so the drag ends here.
                let down = move |ev: leptos::ev::PointerEvent| {
                    use wasm_bindgen::JsCast;
                    if let Some(el) = ev.current_target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
                        let _ = el.set_pointer_capture(ev.pointer_id());
                    }
                };
                let up = move |ev: leptos::ev::PointerEvent| {
                    if let Some(slot) = slot_under(ev.client_x(), ev.client_y()) {
                        dropped.set_value(true);
                        place(duel, &dice.get_untracked(), i, slot);
                    }
                };
                view! {
                    <button class=class data-testid=format!("ts-die-{i}") data-pip=move || pip().map(|p| p.value())
                        aria-label=label aria-pressed=move || (duel.plan.picked.get() == Some(i)).to_string()
                        on:click=click on:pointerdown=down on:pointerup=up>
                        // The label says the die; the picture is not read twice.
                        <span class="ts-die__face" aria-hidden="true">{move || pip().map(plain_die_svg)}</span>
                        <span class="ts-die__on">{move || on().map(ConsoleSpace::label).unwrap_or("")}</span>
                    </button>
                }
            })
            .collect_view()
    };
    let reroll = move |_| {
        if cubes_left.get_untracked() > 0 {
            duel.plan.rerolls.update(|r| *r += 1);
            duel.plan.draft.set(Vec::new());
            duel.plan.picked.set(None);
        }
    };
    let clear = move |_| {
        duel.plan.draft.set(Vec::new());
        duel.plan.picked.set(None);
    };
    view! {
        <section class="ts-plan" data-testid="ts-plan">
            <h2 class="ts-panel__title">"Plan your round"</h2>
            <p class="hint">"Tap a die, then the space for it (or drag it). Every die that fits must be placed."</p>
            <div class="ts-tray" data-testid="ts-tray">{tray}</div>
            <ConsoleGrid spaces=spaces on_tap=tap_space hints=hints testid="ts-space" />
            // The bar stays on screen while the console scrolls under it, with the reason
            // Ready is off above its buttons: a phone never has to scroll to learn why.
            <div class="ts-plan__actions">
                <p class="ts-reason" data-testid="ts-ready-reason" aria-live="polite">
                    {move || check.get().err()}
                </p>
                <button class="btn btn--small btn--energy" data-testid="ts-reroll" on:click=reroll
                    disabled=move || cubes_left.get() == 0>
                    "Reroll "<small>{move || format!("1 cube · {} left", cubes_left.get())}</small>
                </button>
                <button class="btn btn--small btn--ghost" data-testid="ts-clear" on:click=clear>"Clear"</button>
                <button class="btn btn--helm ts-ready" data-testid="ts-ready" on:click=move |_| duel.seal()
                    disabled=move || check.with(Result::is_err)>
                    "Ready"
                </button>
            </div>
        </section>
    }
}

/// The console space under a point (the end of a drag), if any.
fn slot_under(x: i32, y: i32) -> Option<ConsoleSpace> {
    let doc = web_sys::window()?.document()?;
    let el = doc.element_from_point(x as f32, y as f32)?;
    let space = el.closest("[data-slot]").ok()??;
    let key = space.get_attribute("data-slot")?;
    ConsoleSpace::ALL.into_iter().find(|s| words::console_space_key(*s) == key)
}

/// The person's plan is in: the locked console and who is still planning.
#[component]
fn Waiting() -> impl IntoView {
    let duel = use_duel();
    let me = duel.me;
    let spaces = Signal::derive(move || {
        duel.game.with(|g| {
            let Some(c) = g.as_ref().and_then(|g| g.ship(me)).map(|s| s.console.clone()) else {
                return vec![];
            };
            let Some((rerolls, plan)) = duel.my_plan() else { return SpaceView::of(&c) };
            let dice = duel.dice(rerolls).unwrap_or_default();
            SpaceView::of(&c)
                .into_iter()
                .map(|mut v| {
                    let here = plan.slots().iter().position(|s| *s == Some(v.slot));
                    v.die = v.die.or(here.and_then(|i| dice.get(i).copied()));
                    v
                })
                .collect()
        })
    });
    let others = move || {
        duel.game.with(|g| {
            let Some(g) = g else { return vec![] };
            g.living()
                .filter(|p| *p != me)
                .map(|p| {
                    let ready = duel.sealed(p);
                    view! {
                        <li class=format!("ts-who ts-who--{}", p.colour().to_lowercase())>
                            {format!("{p}: {}", if ready { "ready" } else { "planning…" })}
                        </li>
                    }
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="ts-plan" data-testid="ts-waiting">
            <h2 class="ts-panel__title pulse">"Waiting for others…"</h2>
            <p class="hint">"Your plan is locked in. All plans are revealed together."</p>
            <ul class="ts-whos">{others}</ul>
            <ConsoleGrid spaces=spaces on_tap=Callback::new(|_| {}) testid="ts-locked" />
        </section>
    }
}
