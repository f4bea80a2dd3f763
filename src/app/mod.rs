//! The app's screens. For now only a home screen: a shell the real app replaces.

use leptos::prelude::*;

/// Which screen the home buttons lead to (placeholder until the real routes exist).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    Practice,
    CreateRoom,
    Join,
}

impl Choice {
    fn label(self) -> &'static str {
        match self {
            Choice::Practice => "Practice against the bots",
            Choice::CreateRoom => "Create a room and share its link",
            Choice::Join => "Join a room by link or QR code",
        }
    }
}

/// Root component: the home screen.
#[component]
pub fn App() -> impl IntoView {
    let (choice, set_choice) = signal(None::<Choice>);
    view! {
        <main class="home" data-testid="home">
            <header class="home__title">
                <h1>"Dice Duel"</h1>
                <p class="home__tagline">"Two crews, one table, real-time dice."</p>
            </header>
            <nav class="home__actions">
                <button class="btn btn--helm" data-testid="home-practice"
                    on:click=move |_| set_choice.set(Some(Choice::Practice))>"Practice"</button>
                <button class="btn btn--energy" data-testid="home-create-room"
                    on:click=move |_| set_choice.set(Some(Choice::CreateRoom))>"Create room"</button>
                <button class="btn btn--shields" data-testid="home-join"
                    on:click=move |_| set_choice.set(Some(Choice::Join))>"Join"</button>
            </nav>
            <p class="home__status" data-testid="home-status" aria-live="polite">
                {move || choice.get().map(Choice::label).unwrap_or("Choose how to play.")}
            </p>
        </main>
    }
}
