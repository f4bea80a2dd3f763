//! Pending choices (a diagonal's sector, which tubes fly, where a tractored
//! ship goes, the warp square, which dice an asteroid strips, which energy
//! die a hit takes): buttons for the seat that must choose, a waiting note
//! for everyone else, and the deadline counting down.

use duel_core::{Answer, Choice, ChoiceKind, Chooser, Intent, SeatId, Station};
use leptos::prelude::*;

use crate::feed::answer_text;
use crate::store::{use_store, Act};
use crate::ui::die::{die_svg, Show};
use crate::ui::names::ship_of;

/// A choice as shown: who answers (if this device), the options, when it was seen.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Shown {
    choice: Choice,
    ship: &'static str,
    seat: Option<SeatId>,
    options: Vec<Answer>,
    /// Each option in words, with what decides it (a sector's shield dice).
    labels: Vec<String>,
    /// For dice to strip: the placed dice to choose from.
    dice: Vec<(u8, duel_core::Face)>,
}

fn chooser_name(c: Chooser) -> String {
    match c {
        Chooser::Station(s) => format!("{} officer", s.name()),
        Chooser::CaptainOr(s) => format!("Captain (or {})", s.name()),
        Chooser::AnySeat => "crew".to_string(),
    }
}

/// The open choices; `in_freeze`: those a freeze waits for, else the others.
#[component]
pub fn ChoiceList(in_freeze: bool) -> impl IntoView {
    let store = use_store();
    let list = Memo::new(move |_| {
        let seats = store.my_seats();
        store.game.with(|g| {
            let Some(g) = g.as_ref() else { return Vec::new() };
            let waits = g.freeze().and_then(|f| f.awaiting);
            g.choices()
                .iter()
                .filter(|c| (Some(c.id) == waits) == in_freeze)
                .map(|c| {
                    let dice = match c.kind {
                        ChoiceKind::StripDice { station, .. } => g
                            .ship(c.ship)
                            .map(|s| s.placed(station).map(|(i, f, _)| (i, f)).collect())
                            .unwrap_or_default(),
                        _ => Vec::new(),
                    };
                    let options = g.answer_options(c);
                    let labels = options.iter().map(|a| label(g, c, a)).collect();
                    Shown {
                        choice: c.clone(),
                        ship: ship_of(g, c.ship),
                        seat: seats.iter().copied().find(|s| g.may_answer(*s, c)),
                        options,
                        labels,
                        dice,
                    }
                })
                .collect()
        })
    });
    view! {
        <div class="choices">
            <For each=move || list.get() key=|s| s.clone() let:s>
                <ChoiceCard shown=s />
            </For>
        </div>
    }
}

/// An answer in words; a diagonal's sector says how many shield dice stand
/// there, since that is what the choice is about (R13).
fn label(game: &duel_core::Game, choice: &Choice, answer: &Answer) -> String {
    match answer {
        Answer::Sector(sector) => {
            let n = game.ship(choice.ship).map_or(0, |s| s.shields(*sector));
            let dice = if n == 1 { "die" } else { "dice" };
            format!("{} ({n} shield {dice})", answer_text(answer))
        }
        _ => answer_text(answer),
    }
}

#[component]
fn ChoiceCard(shown: Shown) -> impl IntoView {
    let store = use_store();
    let id = shown.choice.id;
    let left = Memo::new(move |_| {
        let now = store.now.get();
        let total = store.timing.get().choice_ms;
        store.log.with(|l| l.opened.get(&id).map(|t| total.saturating_sub(now.saturating_sub(*t)) / 1000))
    });
    let prompt = format!("{}: {}", shown.ship, shown.choice.kind.prompt());
    let body = match shown.seat {
        Some(seat) => answers(seat, &shown).into_any(),
        None => view! {
            <p class="choice__wait">{format!("Waiting for {}'s {}…", shown.ship, chooser_name(shown.choice.chooser))}</p>
        }
        .into_any(),
    };
    view! {
        <div class="choice" class:is-mine=shown.seat.is_some() data-testid=format!("choice-{}", id.0)>
            <p class="choice__prompt">{prompt}</p>
            {body}
            <p class="choice__clock" data-testid="choice-clock">
                {move || left.get().map(|s| format!("{s} s left, then the default applies"))}
            </p>
        </div>
    }
}

fn answers(seat: SeatId, shown: &Shown) -> impl IntoView {
    let store = use_store();
    let id = shown.choice.id;
    if let ChoiceKind::StripDice { station, count } = shown.choice.kind {
        return strip_picker(seat, shown, station, count).into_any();
    }
    shown
        .options
        .iter()
        .zip(shown.labels.iter())
        .enumerate()
        .map(|(k, (answer, text))| {
            let a = answer.clone();
            view! {
                <button class="btn btn--choice" data-testid=format!("choice-{}-{k}", id.0)
                    on:click=move |_| { store.act(Act::Send { seat, intent: Intent::Answer { choice: id, answer: a.clone() } }); }>
                    {text.clone()}
                </button>
            }
        })
        .collect_view()
        .into_any()
}

/// Asteroids and nebulae (R33): the officer picks which placed dice go.
fn strip_picker(seat: SeatId, shown: &Shown, station: Station, count: u8) -> impl IntoView {
    let store = use_store();
    let id = shown.choice.id;
    let picked = RwSignal::new(Vec::<u8>::new());
    let need = usize::from(count).min(shown.dice.len());
    let dice = shown.dice.clone();
    view! {
        <div class="choice__dice">
            {dice.into_iter().map(|(i, face)| view! {
                <button class="tray__die" class:is-picked=move || picked.get().contains(&i)
                    data-testid=format!("choice-{}-die-{i}", id.0)
                    on:click=move |_| crate::stations::engineering::toggle(picked, i)>
                    {die_svg(Some(station), Show::Face(face))}
                </button>
            }).collect_view()}
        </div>
        <button class="btn btn--choice" data-testid=format!("choice-{}-0", id.0)
            on:click=move |_| {
                let mut dice = picked.get_untracked();
                dice.truncate(need);
                if dice.len() < need {
                    // Fill up with the default (the most recently placed dice, R33).
                    if let Some(Some(Answer::Dice(default))) = store.game.with_untracked(|g| g.as_ref().map(|g| g.default_answer(id))) {
                        for d in default { if dice.len() < need && !dice.contains(&d) { dice.push(d); } }
                    }
                }
                store.act(Act::Send { seat, intent: Intent::Answer { choice: id, answer: Answer::Dice(dice) } });
            }>
            {format!("Lose {need} {}", if need == 1 { "die" } else { "dice" })}
        </button>
    }
}
