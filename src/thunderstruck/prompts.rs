//! Questions only the person can answer: which shield takes a hit and
//! where its damage goes (`004_…` Fire 3, D32), and what a Manoeuvre
//! winner does (flip, hold, or warp with two dice: `004_…` Manoeuvre 2).

use duel_core::thunderstruck::{ConsoleSpace, Facing, Intent, Pending, Phase, Shield, Space, Steer};
use leptos::html;
use leptos::prelude::*;

use super::duel::use_duel;
use crate::ui::thunder_words as words;

/// Puts the keyboard focus on a prompt's heading when it appears (the
/// button that brought play here is gone), so Tab goes on to its choices
/// and a screen reader reads the question.
fn focus_on_mount() -> NodeRef<html::H2> {
    let heading = NodeRef::<html::H2>::new();
    Effect::new(move |_| {
        if let Some(h) = heading.get() {
            let _ = h.focus();
        }
    });
    heading
}

/// The hit prompt: a shield first, then a damage space it allows.
#[component]
pub fn HitPrompt() -> impl IntoView {
    let duel = use_duel();
    let me = duel.me;
    let heading = focus_on_mount();
    let answers =
        Memo::new(move |_| duel.game.with(|g| g.as_ref().map(|g| g.hit_answers(me)).unwrap_or_default()));
    let headline = Memo::new(move |_| {
        duel.game.with(|g| {
            let g = g.as_ref()?;
            let Phase::Action { turn, pending: Some(Pending::Hit { frontal, .. }), .. } = g.phase() else {
                return None;
            };
            let side = if *frontal { "from the front" } else { "from behind" };
            Some(format!("{turn} hits you {side}! Which shield takes it?"))
        })
    });
    let shields = move || {
        let mut list: Vec<Shield> = answers.with(|a| a.iter().map(|x| x.0).collect());
        list.dedup();
        list.into_iter()
            .map(|s| {
                let class = move || {
                    if duel.act.shield.get() == Some(s) { "btn btn--shields is-on" } else { "btn btn--shields" }
                };
                view! {
                    <button class=class data-testid=format!("ts-hit-shield-{}", words::shield_short(s).to_lowercase())
                        aria-pressed=move || (duel.act.shield.get() == Some(s)).to_string()
                        on:click=move |_| duel.act.shield.set(Some(s))>
                        {format!("{} shield", words::shield_short(s))}
                    </button>
                }
            })
            .collect_view()
    };
    let spaces = move || {
        let shield = duel.act.shield.get()?;
        let list: Vec<ConsoleSpace> =
            answers.with(|a| a.iter().filter(|x| x.0 == shield).map(|x| x.1).collect());
        Some(view! {
            <p class="hint">"Where does the damage token go? A die waiting there is lost."</p>
            <div class="ts-choices">
                {list.into_iter().map(|slot| view! {
                    <button class="btn btn--small btn--weapons" data-testid=format!("ts-hit-damage-{}", words::console_space_key(slot))
                        on:click=move |_| duel.send(Intent::TakeHit { shield, damage: slot })>
                        {slot.label()}
                    </button>
                }).collect_view()}
            </div>
        })
    };
    view! {
        <section class="ts-prompt" data-testid="ts-hit" role="alertdialog" aria-label="You are hit">
            <h2 class="ts-panel__title" tabindex="-1" node_ref=heading>{headline}</h2>
            <p class="hint">"The shield goes down. Its damage token goes on a space it allows: the front shield's on an A space or the front shield space, the rear's on a B space or the rear shield space, the mid shield's anywhere."</p>
            <div class="ts-choices">{shields}</div>
            {spaces}
        </section>
    }
}

/// The Manoeuvre winner's prompt.
#[component]
pub fn SteerPrompt() -> impl IntoView {
    let duel = use_duel();
    let me = duel.me;
    let heading = focus_on_mount();
    let steers = Memo::new(move |_| duel.game.with(|g| g.as_ref().map(|g| g.steers(me)).unwrap_or_default()));
    let spots = Memo::new(move |_| {
        let mut s: Vec<Space> = steers.with(|v| {
            v.iter().filter_map(|x| if let Steer::Warp { to, .. } = x { Some(*to) } else { None }).collect()
        });
        s.dedup();
        s
    });
    let facing_of = move || {
        duel.game.with(|g| {
            let g = g.as_ref()?;
            Some((g.board().to_owned(), g.ship(me)?.facing))
        })
    };
    let flip_label = move || {
        facing_of()
            .map_or("Flip".to_string(), |(b, f)| format!("Flip (face {})", words::facing(&b, f.flipped())))
    };
    let warp = move || {
        let to = duel.act.warp.get()?;
        let board = facing_of()?.0;
        Some(view! {
            <p class="hint">{format!("Warp to {}: which way will you face?", words::space(to))}</p>
            <div class="ts-choices">
                {[Facing::Up, Facing::Down].map(|f| view! {
                    <button class="btn btn--small btn--crystal" data-testid=format!("ts-warp-facing-{}", if f == Facing::Up { "up" } else { "down" })
                        on:click=move |_| duel.send(Intent::Steer(Steer::Warp { to, facing: f }))>
                        {format!("Face {}", words::facing(&board, f))}
                    </button>
                }).into_iter().collect_view()}
            </div>
        })
    };
    view! {
        <section class="ts-prompt" data-testid="ts-steer" role="alertdialog" aria-label="You won the Manoeuvre">
            <h2 class="ts-panel__title" tabindex="-1" node_ref=heading>"You win the Manoeuvre!"</h2>
            <p class="hint">{move || if spots.with(Vec::is_empty) { "Flip your ship round, or hold your course." } else { "Flip, hold, or warp (you had two Manoeuvre dice)." }}</p>
            <div class="ts-choices">
                <button class="btn btn--helm" data-testid="ts-steer-flip" on:click=move |_| duel.send(Intent::Steer(Steer::Flip))>{flip_label}</button>
                <button class="btn btn--ghost" data-testid="ts-steer-hold" on:click=move |_| duel.send(Intent::Steer(Steer::Hold))>"Hold"</button>
            </div>
            {move || (!spots.with(Vec::is_empty)).then(|| view! {
                <p class="hint">"Warp spots (marked ◎ on the battlefield):"</p>
                <div class="ts-choices">
                    {spots.get().into_iter().map(|to| view! {
                        <button class=move || if duel.act.warp.get() == Some(to) { "btn btn--small btn--crystal is-on" } else { "btn btn--small btn--crystal" }
                            data-testid=format!("ts-warp-{}", to.0 + 1)
                            on:click=move |_| duel.act.warp.set(Some(to))>
                            {format!("Warp to {}", words::space(to))}
                        </button>
                    }).collect_view()}
                </div>
            })}
            {warp}
        </section>
    }
}
