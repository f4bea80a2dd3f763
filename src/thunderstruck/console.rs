//! A Ship's Console drawn: eleven space buttons in rows by system, each
//! with its die, damage, shield and what it takes. The planning and action
//! screens say what each space looks like ([`SpaceView`]) and what a tap
//! does; the buttons stay in the page while their looks change, so the
//! keyboard focus stays where it was.

use duel_core::thunderstruck::{Console, ConsoleSpace, Shield, System};
use duel_core::Pip;
use leptos::prelude::*;

use crate::ui::die::plain_die_svg;
use crate::ui::thunder_words as words;

/// How one space looks now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpaceView {
    pub slot: ConsoleSpace,
    pub die: Option<Pip>,
    pub damaged: bool,
    /// Shield spaces: the shield token is raised.
    pub raised: bool,
    /// The die here is the one picked.
    pub picked: bool,
    /// A tap here does something now.
    pub open: bool,
}

impl SpaceView {
    /// The spaces of `console` as they stand (no picks, nothing open).
    pub fn of(console: &Console) -> Vec<SpaceView> {
        ConsoleSpace::ALL
            .into_iter()
            .map(|slot| SpaceView {
                slot,
                die: console.die(slot),
                damaged: console.is_damaged(slot),
                raised: slot.shield().is_some_and(|s| console.shield_up(s)),
                picked: false,
                open: false,
            })
            .collect()
    }
}

const ROWS: [System; 5] = [System::Boost, System::Manoeuvre, System::Fire, System::Power, System::Shields];

/// The console grid. `hints` adds a line per system (the planning screen's counts).
#[component]
pub fn ConsoleGrid(
    #[prop(into)] spaces: Signal<Vec<SpaceView>>,
    on_tap: Callback<ConsoleSpace>,
    #[prop(into, optional)] hints: Option<Signal<Vec<(System, String, bool)>>>,
    /// `data-testid` prefix of the space buttons (`ts-space` → `ts-space-boost-a`).
    testid: &'static str,
    #[prop(optional)] compact: bool,
) -> impl IntoView {
    let class = if compact { "ts-console ts-console--compact" } else { "ts-console" };
    let rows = ROWS.map(|system| {
        let hint = move || {
            hints.and_then(|h| {
                h.with(|v| {
                    v.iter().find(|x| x.0 == system).map(|(_, text, ok)| {
                        view! { <span class=if *ok { "ts-row__need is-ok" } else { "ts-row__need" }>{text.clone()}</span> }
                    })
                })
            })
        };
        let slots = ConsoleSpace::of(system).iter().map(|slot| space(*slot, spaces, on_tap, testid, compact)).collect_view();
        view! {
            <div class=format!("ts-row ts-row--{}", words::system_key(system))>
                <div class="ts-row__head">
                    <span class="ts-row__name">{system.to_string()}</span>
                    {(!compact).then(|| view! { <span class="ts-row__hint">{words::system_hint(system)}</span> })}
                    {hint}
                </div>
                <div class="ts-row__spaces">{slots}</div>
            </div>
        }
    });
    view! { <div class=class>{rows.into_iter().collect_view()}</div> }
}

fn space(
    slot: ConsoleSpace,
    spaces: Signal<Vec<SpaceView>>,
    on_tap: Callback<ConsoleSpace>,
    testid: &'static str,
    compact: bool,
) -> impl IntoView {
    let view_of = Memo::new(move |_| spaces.with(|v| v.iter().find(|s| s.slot == slot).cloned()));
    let class = move || {
        let mut c = String::from("ts-space");
        if let Some(v) = view_of.get() {
            for (on, name) in [
                (v.damaged, " is-damaged"),
                (v.raised, " is-raised"),
                (v.picked, " is-picked"),
                (v.open, " is-open"),
                (v.die.is_some(), " has-die"),
            ] {
                if on {
                    c += name;
                }
            }
        }
        c
    };
    let label = move || {
        let v = view_of.get();
        let mut text = slot.label().to_string();
        match v {
            Some(v) if v.damaged => text += ", damaged",
            Some(v) => {
                if let Some(p) = v.die {
                    text += &format!(", die {}", p.value());
                }
                if v.raised {
                    text += ", shield raised";
                }
            }
            None => {}
        }
        text
    };
    let face = move || match view_of.get().and_then(|v| v.die) {
        Some(p) => plain_die_svg(p).into_any(),
        None if view_of.get().is_some_and(|v| v.damaged) => {
            view! { <span class="ts-space__mark">"✕"</span> }.into_any()
        }
        None => view! { <span class="ts-space__empty"></span> }.into_any(),
    };
    // Shield spaces name the numbers they take on a second line (three share a narrow row).
    let name = match slot.shield() {
        Some(s) if compact => view! { {shield_letter(s)} }.into_any(),
        _ if compact => view! { {slot.label().chars().last().map(String::from)} }.into_any(),
        Some(_) => {
            let (what, takes) = slot.label().split_once(' ').unwrap_or((slot.label(), ""));
            view! { {what}" "<small class="ts-space__takes">{takes}</small> }.into_any()
        }
        None => view! { {slot.label()} }.into_any(),
    };
    let testid = format!("{testid}-{}", words::console_space_key(slot));
    let pip = move || view_of.get().and_then(|v| v.die).map(|p| p.value().to_string());
    let raised = move || {
        view_of
            .get()
            .is_some_and(|v| v.raised)
            .then(|| view! { <span class="ts-space__shield" title="shield raised">"▲"</span> })
    };
    let inner = view! {
        <span class="ts-space__face" aria-hidden="true">{face}</span>
        <span class="ts-space__name">{name}</span>
        {raised}
    };
    if compact {
        // Another ship's console is to look at, not to press: a picture with its words.
        view! {
            <div class=class role="img" data-slot=words::console_space_key(slot) data-testid=testid data-pip=pip aria-label=label>
                {inner}
            </div>
        }
        .into_any()
    } else {
        view! {
            <button
                class=class
                data-slot=words::console_space_key(slot)
                data-testid=testid
                data-pip=pip
                aria-label=label
                aria-pressed=move || view_of.get().is_some_and(|v| v.picked).to_string()
                on:click=move |_| on_tap.run(slot)
            >
                {inner}
            </button>
        }
        .into_any()
    }
}

fn shield_letter(shield: Shield) -> &'static str {
    match shield {
        Shield::Front => "F",
        Shield::Rear => "R",
        Shield::Mid => "M",
    }
}
