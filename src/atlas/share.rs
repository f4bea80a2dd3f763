//! Sharing a map: as its text code (`DDM1.…`), as a `.ddmap` file holding
//! that code, or as a link `#/play?map=CODE` that opens the practice lobby
//! with the map chosen. Reading one back accepts any of the three; a
//! damaged or foreign code gives the [`CodeError`] sentence and nothing else.

use duel_core::map::{CodeError, MapSpec};
use leptos::prelude::*;

use crate::platform::clip;
use crate::store::{use_store, Store};

/// The file extension of a shared map.
pub const EXTENSION: &str = "ddmap";

/// The link that opens `code`'s map in the practice lobby of the app at `origin`.
pub fn link_for(origin: &str, code: &str) -> String {
    format!("{}/#/play?map={code}", origin.trim_end_matches('/'))
}

/// The link to `map` on this page's origin.
pub fn link(map: &MapSpec) -> String {
    #[cfg(target_arch = "wasm32")]
    let origin = web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default();
    #[cfg(not(target_arch = "wasm32"))]
    let origin = String::from("http://127.0.0.1:8080");
    link_for(&origin, &map.to_code())
}

/// The map code in a link's `map=` (`None`: the text has none).
pub fn code_in_link(text: &str) -> Option<String> {
    let (_, rest) = text.rsplit_once("map=")?;
    Some(rest.split(['&', '#', ' ', '\n']).next().unwrap_or_default().to_string())
}

/// A map from what the player pasted or picked: a code, a link holding one,
/// or a `.ddmap` file's text (surrounding spaces and newlines ignored).
///
/// # Errors
/// The [`CodeError`] of a damaged, foreign or unplayable code.
pub fn from_text(text: &str) -> Result<MapSpec, CodeError> {
    let code = code_in_link(text).unwrap_or_else(|| text.trim().to_string());
    MapSpec::from_code(code.trim())
}

/// A file name for `map`: its name in letters, digits and dashes.
pub fn file_name(map: &MapSpec) -> String {
    let mut stem = String::new();
    for c in map.name.chars() {
        if c.is_alphanumeric() {
            stem.extend(c.to_lowercase());
        } else if !stem.ends_with('-') && !stem.is_empty() {
            stem.push('-');
        }
    }
    let stem = stem.trim_end_matches('-');
    format!("{}.{EXTENSION}", if stem.is_empty() { "map" } else { stem })
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::map::builtin;

    #[test]
    fn a_link_a_code_and_a_file_all_read_back() {
        let map = builtin("Rift Field").expect("built in");
        let code = map.to_code();
        let url = link_for("http://example.org/", &code);
        assert_eq!(url, format!("http://example.org/#/play?map={code}"));
        assert_eq!(from_text(&url), Ok(map.clone()));
        assert_eq!(from_text(&format!("  {code}\n")), Ok(map.clone()));
        assert_eq!(from_text(&format!("http://x/?seed=1#/play?map={code}&x=1")), Ok(map));
    }

    #[test]
    fn a_foreign_code_says_so() {
        let err = from_text("hello").unwrap_err();
        assert!(err.to_string().starts_with("this is not a map code"), "{err}");
    }

    #[test]
    fn file_names_are_tidy() {
        let map = MapSpec { name: "Rift  Field!".into(), ..MapSpec::default() };
        assert_eq!(file_name(&map), "rift-field.ddmap");
        assert_eq!(file_name(&MapSpec { name: "***".into(), ..MapSpec::default() }), "map.ddmap");
    }
}
