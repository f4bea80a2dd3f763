//! The trust bar: what a peer did that the protocol could not refuse (dice
//! that do not match their commitment, a host that will not show its key, a
//! forged election), told in words on every screen and kept there until the
//! player puts it away. A toast would fade while the player looked at the
//! board; a cheat the game cannot undo must not be missed. Dice nobody can
//! ever check (a host that left before showing its key) are said here too,
//! as a note that accuses nobody: a toast would replace "The host left."

use leptos::prelude::*;

use crate::store::use_store;

/// Most warnings kept: the newest matter, and a lying peer must not grow the list without bound.
const KEEP: usize = 4;

/// Adds `new` warnings to `kept`, each once (a peer that repeats a cheat is
/// told once), newest last, at most [`KEEP`].
pub fn remember(kept: &mut Vec<String>, new: &[String]) {
    for w in new {
        kept.retain(|k| k != w);
        kept.push(w.clone());
    }
    let extra = kept.len().saturating_sub(KEEP);
    kept.drain(..extra);
}

/// The bar, above every screen while there is something to tell.
#[component]
pub fn TrustBar() -> impl IntoView {
    let store = use_store();
    let warnings = store.ui.warnings;
    move || {
        let list = warnings.get();
        (!list.is_empty()).then(|| {
            view! {
                <div class="trust-bar" role="alert" data-testid="trust-bar">
                    <ul class="trust-bar__list">
                        {list.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}
                    </ul>
                    <button class="btn btn--small" data-testid="trust-bar-close"
                        on:click=move |_| warnings.set(Vec::new())>"Got it"</button>
                </div>
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_warning_is_kept_once_newest_last_and_the_list_is_bounded() {
        let mut kept = Vec::new();
        remember(&mut kept, &["a".into(), "b".into()]);
        remember(&mut kept, &["a".into()]);
        assert_eq!(kept, ["b", "a"]);
        let many: Vec<String> = (0..10).map(|i| i.to_string()).collect();
        remember(&mut kept, &many);
        assert_eq!(kept, ["6", "7", "8", "9"]);
    }
}
