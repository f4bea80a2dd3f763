//! The trust bar over every screen: the lines of [`crate::trust`] (what a
//! peer did that the protocol could not refuse), "Got it", and the button
//! that takes the other table when two devices host the room.

use leptos::prelude::*;

use crate::store::{use_store, Act};
use crate::trust::{lines, Line};

/// The bar, above every screen while there is something to tell. "Got it"
/// puts the warnings away; the two tables stay until the players chose.
#[component]
pub fn TrustBar() -> impl IntoView {
    let store = use_store();
    let warnings = store.ui.warnings;
    let tables = store.ui.two_tables;
    move || {
        let list = warnings.get();
        let choice = tables.get();
        (!list.is_empty() || choice.is_some()).then(|| {
            let dismiss = !list.is_empty();
            let shown = lines(list, choice).into_iter().map(|line| match line {
                Line::Warning(w) => view! { <li>{w.text}</li> }.into_any(),
                Line::Tables(t) => {
                    let follow = t.follow.map(|words| {
                        view! {
                            <button class="btn btn--small trust-bar__follow" data-testid="two-tables-follow"
                                on:click=move |_| { store.act(Act::FollowRival); }>{words}</button>
                        }
                    });
                    view! { <li class="trust-bar__choice" data-testid="two-tables">{t.text}" "{follow}</li> }
                        .into_any()
                }
            });
            view! {
                <div class="trust-bar" role="alert" data-testid="trust-bar">
                    <ul class="trust-bar__list">{shown.collect_view()}</ul>
                    {dismiss.then(|| view! {
                        <button class="btn btn--small trust-bar__close" data-testid="trust-bar-close"
                            on:click=move |_| warnings.set(Vec::new())>"Got it"</button>
                    })}
                </div>
            }
        })
    }
}
