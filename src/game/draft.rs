//! The equipment draft (R22): the cards face up, whose pick it is, both
//! teams' picks so far; a team with a seat on this device takes a card with
//! one tap. "Random two each" deals without asking anyone.

use duel_core::equipment::Card;
use duel_core::{Intent, Phase, SeatId, TeamId};
use leptos::prelude::*;

use crate::store::{use_store, Act};
use crate::ui::names::{card_key, team_name};

/// What the draft panel shows.
#[derive(Clone, Debug, PartialEq)]
struct DraftView {
    dealt: bool,
    open: Vec<Card>,
    /// The team to pick, its name, and our seat on it (if this device holds one).
    turn: Option<(TeamId, &'static str, Option<SeatId>)>,
    picks: Vec<(&'static str, Vec<Card>)>,
}

#[component]
pub fn DraftPanel() -> impl IntoView {
    let store = use_store();
    let state = Memo::new(move |_| {
        let seats = store.my_seats();
        store.game.with(|g| {
            let g = g.as_ref()?;
            let Phase::Draft { .. } = g.phase() else { return None };
            let Some(d) = g.draft() else {
                return Some(DraftView { dealt: false, open: vec![], turn: None, picks: vec![] });
            };
            let turn = d.to_pick().map(|team| {
                let mine = seats
                    .iter()
                    .copied()
                    .find(|s| g.seat_ship(*s).and_then(|sh| g.ship(sh)).is_some_and(|sh| sh.team == team));
                (team, team_name(g.layout(), team), mine)
            });
            let picks = [d.first, d.other].map(|t| (team_name(g.layout(), t), d.cards_of(t))).to_vec();
            Some(DraftView { dealt: true, open: d.open(), turn, picks })
        })
    });
    move || {
        state.get().map(|v| {
            let title = "Equipment draft";
            if !v.dealt {
                return view! {
                    <section class="draft" data-testid="draft-panel">
                        <h2>{title}</h2>
                        <p class="hint">"Dealing the cards…"</p>
                    </section>
                }
                .into_any();
            }
            let (team, name, mine) = v.turn.unwrap_or((TeamId(0), "", None));
            let line = match mine {
                Some(_) => format!("{name}: your pick. Take one card."),
                None => format!("Waiting for {name} to pick…"),
            };
            view! {
                <section class="draft" data-testid="draft-panel">
                    <h2>{title}</h2>
                    <p data-testid="draft-turn" data-team=team.0>{line}</p>
                    <div class="draft__cards">
                        {v.open.into_iter().map(|card| {
                            let spec = card.spec();
                            view! {
                                <article class=format!("card card--{}", card_key(card))>
                                    <header class="card__head">
                                        <h3>{spec.name}</h3>
                                        {spec.freeze.then(|| view! { <span class="card__snow" title="Using it freezes the game">{crate::ui::icons::snow_icon()}</span> })}
                                    </header>
                                    <p class="card__text">{spec.text}</p>
                                    {mine.map(|seat| view! {
                                        <button class="btn btn--helm" data-testid=format!("draft-take-{}", card_key(card))
                                            on:click=move |_| { store.act(Act::Send { seat, intent: Intent::DraftPick { card } }); }>
                                            {format!("Take {}", spec.name)}
                                        </button>
                                    })}
                                </article>
                            }
                        }).collect_view()}
                    </div>
                    <ul class="draft__picks" data-testid="draft-picks">
                        {v.picks.into_iter().map(|(team, cards)| {
                            let names: Vec<&str> = cards.iter().map(|c| c.name()).collect();
                            let text = if names.is_empty() { "nothing yet".to_string() } else { names.join(", ") };
                            view! { <li><b>{team}</b>": "{text}</li> }
                        }).collect_view()}
                    </ul>
                </section>
            }
            .into_any()
        })
    }
}
