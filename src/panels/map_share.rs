//! The map's share box (its link, code and file) and import box (a pasted
//! code or link, or a `.ddmap` file), in the map editor and the lobby. What
//! a code, a link and a file are is [`crate::atlas::share`]'s.

use duel_core::map::MapSpec;
use leptos::prelude::*;

use crate::atlas::share::{file_name, from_text, link, EXTENSION};
use crate::platform::clip;
use crate::store::{use_store, Store};

/// A `data:` address of the file, for a plain `<a download>` (no script needed).
/// Map codes are URL-safe, so the code goes in as it is.
fn data_url(code: &str) -> String {
    format!("data:text/plain;charset=utf-8,{code}%0A")
}

/// Copies `text`, saying so; where the browser refuses (an http page on a
/// LAN address), asks the player to copy it from the box shown.
fn copy(store: Store, text: String, what: &'static str) {
    leptos::task::spawn_local(async move {
        if clip::copy(text).await {
            store.toasts.info(format!("The {what} is copied."));
        } else {
            store.toasts.info(format!("Select the {what} in its box and copy it."));
        }
    });
}

fn select_all(ev: leptos::ev::FocusEvent) {
    use wasm_bindgen::JsCast;
    if let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
        input.select();
    }
}

/// The share box: the link, the code and the file of `map`.
#[component]
pub fn ShareMap(#[prop(into)] map: Signal<MapSpec>) -> impl IntoView {
    let code = Memo::new(move |_| map.with(MapSpec::to_code));
    let url = Memo::new(move |_| map.with(link));
    let store = use_store();
    view! {
        <div class="map-share" data-testid="map-share">
            <label class="map-share__row">
                <span>"Link"</span>
                <input readonly data-testid="map-share-link" prop:value=move || url.get() on:focus=select_all />
                <button type="button" class="btn btn--small" data-testid="map-copy-link"
                    on:click=move |_| copy(store, url.get_untracked(), "link")>"Copy link"</button>
            </label>
            <label class="map-share__row">
                <span>"Code"</span>
                <input readonly data-testid="map-share-code" prop:value=move || code.get() on:focus=select_all />
                <button type="button" class="btn btn--small" data-testid="map-copy-code"
                    on:click=move |_| copy(store, code.get_untracked(), "map code")>"Copy code"</button>
            </label>
            <a class="btn btn--small" data-testid="map-download" href=move || data_url(&code.get())
                download=move || map.with(file_name)>"Download the map file (."{EXTENSION}")"</a>
        </div>
    }
}

/// The import box: paste a code or a link, or pick a `.ddmap` file. A map
/// that reads goes to `on_map`; one that does not shows why, and nothing changes.
#[component]
pub fn ImportMap(on_map: Callback<MapSpec>) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let take = move |t: &str| match from_text(t) {
        Ok(map) => {
            error.set(None);
            text.set(String::new());
            on_map.run(map);
        }
        Err(e) => error.set(Some(format!("That map could not be read: {e}."))),
    };
    let from_file = move |_| {
        leptos::task::spawn_local(async move {
            match clip::picked_file_text("map-import-file").await {
                Some(t) => take(&t),
                None => error.set(Some("That file could not be read.".into())),
            }
        });
    };
    view! {
        <form class="map-import" data-testid="map-import"
            on:submit=move |ev| { ev.prevent_default(); take(&text.get_untracked()); }>
            <label class="map-import__code">
                <span>"Paste a map code or link"</span>
                <textarea data-testid="map-import-code" rows="2" spellcheck="false" prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))></textarea>
            </label>
            <button type="submit" class="btn btn--small btn--sensors" data-testid="map-import-go">"Import"</button>
            <label class="map-import__file">
                <span>"or open a ."{EXTENSION}" file"</span>
                <input type="file" accept=".ddmap,text/plain" data-testid="map-import-file" on:change=from_file />
            </label>
            <p class="map-error" role="alert" data-testid="map-import-error">{move || error.get()}</p>
        </form>
    }
}
