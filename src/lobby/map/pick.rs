//! Choosing the lobby's map: a built-in map or one of the player's saved
//! maps; a map that came from a link or an import is listed as such, with
//! an offer to save it. Beside the choice: edit a copy in the editor, a
//! new map, share the chosen map, import one.

use duel_core::map::{builtin_maps, MapSpec};
use leptos::prelude::*;

use crate::panels::map_share::{ImportMap, ShareMap};
use crate::store::{use_store, Act, Acted, Errand};

/// Where the chosen map comes from: the `<select>`'s value.
fn which(map: &MapSpec, builtins: &[MapSpec], saved: &[MapSpec]) -> String {
    if let Some(i) = builtins.iter().position(|m| m == map) {
        format!("b{i}")
    } else if let Some(i) = saved.iter().position(|m| m == map) {
        format!("s{i}")
    } else {
        "other".into()
    }
}

/// A copy's name: a built-in map's name may not be saved over.
fn copy_name(name: &str) -> String {
    let stem: String = name.chars().take(34).collect();
    format!("{} copy", stem.trim())
}

#[component]
pub fn MapPick() -> impl IntoView {
    let store = use_store();
    let builtins = StoredValue::new(builtin_maps());
    let saved = store.maps.list;
    let open = RwSignal::new(None::<&'static str>);
    let map =
        Memo::new(move |_| store.room.with(|r| r.as_ref().map(|r| r.config.map.clone()).unwrap_or_default()));
    let locked = Memo::new(move |_| !store.owner.get());
    let chosen = Memo::new(move |_| map.with(|m| saved.with(|s| builtins.with_value(|b| which(m, b, s)))));
    let pick = move |value: String| {
        let (kind, index) = value.split_at(1.min(value.len()));
        let index: usize = index.parse().unwrap_or(usize::MAX);
        let map = match kind {
            "b" => builtins.with_value(|b| b.get(index).cloned()),
            "s" => saved.with_untracked(|s| s.get(index).cloned()),
            _ => None,
        };
        if let Some(map) = map {
            store.act(Errand::ChooseMap(Box::new(map)));
        }
    };
    let keep = move |_| {
        if store.act(Act::SaveMap(Box::new(map.get_untracked()))) == Acted::Done {
            store.toasts.info("Saved in your maps.");
        }
    };
    let toggle =
        move |what: &'static str| open.update(|o| *o = if *o == Some(what) { None } else { Some(what) });
    view! {
        <div class="map-pick">
            <label class="map-pick__choice">
                <span class="seg__label">"Map"</span>
                <select data-testid="lobby-map-pick" disabled=locked
                    on:change=move |ev| pick(event_target_value(&ev))>
                    <optgroup label="Built-in maps">
                        {builtins.with_value(|b| b.iter().enumerate().map(|(i, m)| view! {
                            <option value=format!("b{i}") prop:selected=move || chosen.get() == format!("b{i}")>{m.name.clone()}</option>
                        }).collect_view())}
                    </optgroup>
                    {move || saved.with(|s| (!s.is_empty()).then(|| view! {
                        <optgroup label="Your maps">
                            {s.iter().enumerate().map(|(i, m)| view! {
                                <option value=format!("s{i}") disabled=m.check().is_err()
                                    prop:selected=move || chosen.get() == format!("s{i}")>{m.name.clone()}</option>
                            }).collect_view()}
                        </optgroup>
                    }))}
                    {move || (chosen.get() == "other").then(|| view! {
                        <option value="other" selected>{move || format!("{} (not saved)", map.with(|m| m.name.clone()))}</option>
                    })}
                </select>
            </label>
            {move || (chosen.get() == "other").then(|| view! {
                <button class="btn btn--small btn--helm" data-testid="lobby-map-keep" on:click=keep>"Save to my maps"</button>
            })}
            <div class="seg">
                <button class="btn btn--small" data-testid="lobby-map-edit"
                    on:click=move |_| {
                        let m = map.get_untracked();
                        let name = if builtins.with_value(|b| b.iter().any(|b| b.name == m.name)) { copy_name(&m.name) } else { m.name.clone() };
                        store.act(Errand::EditMap(Box::new(MapSpec { name, ..m })));
                    }>"Edit a copy"</button>
                <button class="btn btn--small" data-testid="lobby-map-new" on:click=move |_| { store.act(Errand::NewMap); }>"New map"</button>
                <button class="btn btn--small" class:is-on=move || open.get() == Some("share") data-testid="lobby-map-share"
                    aria-expanded=move || (open.get() == Some("share")).to_string()
                    on:click=move |_| toggle("share")>"Share"</button>
                <button class="btn btn--small" class:is-on=move || open.get() == Some("import") data-testid="lobby-map-import"
                    aria-expanded=move || (open.get() == Some("import")).to_string() disabled=locked
                    on:click=move |_| toggle("import")>"Import"</button>
            </div>
            {move || match open.get() {
                Some("share") => view! { <ShareMap map=Signal::from(map) /> }.into_any(),
                Some("import") => view! {
                    <ImportMap on_map=Callback::new(move |m: MapSpec| {
                        if store.act(Errand::ChooseMap(Box::new(m))) == Acted::Done {
                            open.set(None);
                        }
                    }) />
                }.into_any(),
                _ => ().into_any(),
            }}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_choice_names_where_the_map_comes_from() {
        let builtins = builtin_maps();
        let mine = MapSpec { name: "Mine".into(), cols: 7, ..MapSpec::default() };
        assert_eq!(which(&builtins[2], &builtins, &[]), "b2");
        assert_eq!(which(&mine, &builtins, std::slice::from_ref(&mine)), "s0");
        assert_eq!(which(&mine, &builtins, &[]), "other");
        assert_eq!(copy_name("Rift Field"), "Rift Field copy");
    }
}
