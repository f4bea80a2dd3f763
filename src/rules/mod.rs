//! The rules reference: a readable summary of *Space Cadets: Dice Duel* and
//! of the rulings this app plays by (their ids match docs/RULINGS.md). The
//! text is `public/rules.html`, read when the page opens; the equipment cards
//! are drawn from the rules core's deck.

use leptos::prelude::*;

use crate::platform::text_file::{self, TextFileError};
use crate::route::Route;

/// The rules reference's text: `public/rules.html`, asked for when this page opens (issue 49:
/// 6 KB of every first download was this text). Its sections are ours, as written there.
const RULES_FILE: &str = "/rules.html";

/// Where the equipment cards' section goes in the text: its cards are the rules core's own.
const EQUIPMENT_MARK: &str = "<!-- equipment -->";

/// The text before and after the equipment section (all of it before, if the mark is missing).
fn around_equipment(text: &str) -> (String, String) {
    match text.split_once(EQUIPMENT_MARK) {
        Some((before, after)) => (before.to_owned(), after.to_owned()),
        None => (text.to_owned(), String::new()),
    }
}

#[component]
pub fn RulesPage() -> impl IntoView {
    let text: RwSignal<Option<Result<String, TextFileError>>> = RwSignal::new(None);
    let ask = move || {
        text.set(None);
        leptos::task::spawn_local(async move { text.set(Some(text_file::read(RULES_FILE).await)) });
    };
    ask();
    view! {
        <main class="rules" data-testid="rules">
            <header class="rules__head">
                <h1>"How to play"</h1>
                <a class="btn btn--small btn--ghost" href=Route::Home.hash() data-testid="rules-home">"Home"</a>
                <a class="btn btn--small btn--ghost" href=Route::Play.hash()>"Back to the game"</a>
            </header>
            {move || match text.get() {
                None => view! { <p class="hint" role="status" data-testid="rules-loading">"Loading the rules…"</p> }.into_any(),
                Some(Ok(text)) => {
                    let (before, after) = around_equipment(&text);
                    view! {
                        <div data-testid="rules-text" inner_html=before></div>
                        <Equipment />
                        <div inner_html=after></div>
                    }
                    .into_any()
                }
                Some(Err(why)) => view! {
                    <p class="panel" role="alert" data-testid="rules-error">{format!("The rules could not load: {why}.")}</p>
                    <button class="btn btn--small" data-testid="rules-retry" on:click=move |_| ask()>"Try again"</button>
                }
                .into_any(),
            }}
        </main>
    }
}

/// Die Fighter's equipment cards, as the rules core deals them.
#[component]
fn Equipment() -> impl IntoView {
    view! {
        <section class="rules__section" data-testid="rules-equipment">
            <h2>"Die Fighter: Experimental Equipment"</h2>
            <p>"With equipment on (lobby), five cards (here four) are dealt face up; a random team takes one, the other two, the first the last. Each card gives the team's Capital ship an ability powered by dice and crystals placed on it. Only the officer of a die's station rolls and places it; dice and crystals on a card can be taken off at any time, and a crystal action (override, warp, surge, launch) may take its crystals from a card. Using a card takes its dice off and uses its crystals, except those on a locked space (marked \u{201c}locked: stays\u{201d} on the card). A card with a snowflake is shouted by name and freezes the game like Fire. Fighters cannot use cards."</p>
            <dl class="rulings">
                {duel_core::equipment::DECK.iter().map(|card| view! { <dt>{card.name()}</dt><dd>{card.spec().text}</dd> }).collect_view()}
            </dl>
            <p class="hint">"The box has more cards (the special torpedoes, Missile Pack, Plasma Pulse, Warp Nav, Gravimetric Bubble and others), but their effects are printed only on the physical cards, and Missile Pack cannot be built as written: they are left out rather than guessed."</p>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::{around_equipment, EQUIPMENT_MARK};

    /// The text the page reads (the build copies `public/` as it is).
    const TEXT: &str = include_str!("../../public/rules.html");

    #[test]
    fn the_rules_say_fire_as_the_keys_and_the_legend_do() {
        let fire =
            TEXT.split("<h2>Fire!</h2>").nth(1).and_then(|s| s.split("<p>").nth(1)).unwrap_or_default();
        assert!(
            fire.starts_with(crate::ui::names::FIRE),
            "the Fire! section opens with the shared wording: {fire}"
        );
    }

    #[test]
    fn the_equipment_cards_stand_after_die_fighter_and_before_thunderstruck() {
        assert_eq!(TEXT.matches(EQUIPMENT_MARK).count(), 1);
        let (before, after) = around_equipment(TEXT);
        assert!(before.contains("Die Fighter: the missions") && !before.contains("Thunderstruck Duel"));
        assert!(after.contains("<h2>Thunderstruck Duel</h2>") && after.contains("<h2>Our rulings</h2>"));
    }

    #[test]
    fn the_rules_text_is_markup_only() {
        // It is set as the page's own markup: no script, no handler, nothing from another origin.
        let tags: Vec<String> = TEXT
            .split('<')
            .skip(1)
            .filter_map(|t| t.split('>').next())
            .map(str::to_ascii_lowercase)
            .collect();
        assert!(tags.len() > 100);
        for tag in tags.iter().filter(|t| !t.starts_with("!--")) {
            let name = tag.split([' ', '/']).find(|n| !n.is_empty()).unwrap_or_default();
            assert!(
                ["section", "h2", "p", "dl", "dt", "dd", "a"].contains(&name),
                "public/rules.html holds <{tag}>"
            );
            assert!(
                !tag.contains(" on") && !tag.contains("style=") && !tag.contains(':'),
                "public/rules.html holds <{tag}>"
            );
        }
    }

    #[test]
    fn every_ruling_the_rules_cite_is_in_our_rulings() {
        let rulings = include_str!("../../docs/RULINGS.md");
        let cited: Vec<&str> = TEXT.split("<dt>").skip(1).filter_map(|s| s.split("</dt>").next()).collect();
        assert!(cited.len() >= 10, "{cited:?}");
        for id in cited.iter().flat_map(|c| c.split([',', '–', ' ']).filter(|id| id.starts_with('D'))) {
            assert!(
                rulings.contains(&format!("**{id}")) || rulings.contains(&format!("{id} ")),
                "{id} is not in docs/RULINGS.md"
            );
        }
    }
}
