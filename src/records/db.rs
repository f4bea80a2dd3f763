//! Saved games in the browser's IndexedDB, through the page's small
//! `window.ddGames` (web/games.js, inlined into index.html by Trunk).
//!
//! Why a script and not a crate: IndexedDB's own API is promises in twenty
//! lines of JavaScript, while `rexie`/`idb` or web-sys's Idb* bindings add
//! their glue to the wasm every first visit downloads (issue 13's budget).
//! The records are opaque bytes here; their format is `duel_net::record`.
//! Natively every call is a stand-in that finds nothing.

/// A saved game as the list shows it (the bytes stay in the database).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    /// ms since the Unix epoch.
    pub saved: u64,
    pub mode: String,
    pub crews: Vec<String>,
    pub result: String,
    pub room: String,
    pub size: u64,
}

/// The text prefix of a game file and of a replay link's `g=`.
pub const PREFIX: &str = "DDG1.";

/// Keeps `bytes` under `entry.key` (a second save of one game replaces it).
///
/// # Errors
/// The browser's reason (storage full, private mode without IndexedDB).
pub async fn put(entry: &Entry, bytes: &[u8]) -> Result<(), String> {
    #[cfg(target_arch = "wasm32")]
    {
        imp::put(entry, bytes).await
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (entry, bytes);
        Err("no browser storage here".to_string())
    }
}

/// Every saved game, newest first (empty when storage is unavailable).
pub async fn list() -> Vec<Entry> {
    #[cfg(target_arch = "wasm32")]
    {
        imp::list().await
    }
    #[cfg(not(target_arch = "wasm32"))]
    Vec::new()
}

/// The bytes saved under `key`.
pub async fn get(key: &str) -> Option<Vec<u8>> {
    #[cfg(target_arch = "wasm32")]
    {
        imp::get(key).await
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = key;
        None
    }
}

pub async fn remove(key: &str) {
    #[cfg(target_arch = "wasm32")]
    imp::remove(key).await;
    #[cfg(not(target_arch = "wasm32"))]
    let _ = key;
}

/// A game file's text: [`PREFIX`] and the bytes deflated, in URL-safe base64.
pub async fn pack(bytes: &[u8]) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        imp::pack(bytes).await.map(|t| format!("{PREFIX}{t}"))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = bytes;
        None
    }
}

/// The bytes of a game file's text or a replay link (the part after `g=`).
///
/// # Errors
/// A sentence: not a game file, or damaged.
pub async fn unpack(text: &str) -> Result<Vec<u8>, String> {
    let text = text.trim();
    let text =
        text.rsplit_once("g=").map_or(text, |(_, g)| g.split(['&', '#', ' ']).next().unwrap_or_default());
    let Some(body) = text.strip_prefix(PREFIX) else {
        return Err("this is not a Dice Duel game file (a game file's text starts with DDG1.)".to_string());
    };
    if body.is_empty() || !body.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        return Err("the game file is damaged (it has characters a game file never has)".to_string());
    }
    #[cfg(target_arch = "wasm32")]
    {
        imp::unpack(body).await.ok_or_else(|| "the game file is damaged or cut short".to_string())
    }
    #[cfg(not(target_arch = "wasm32"))]
    Err("no browser here to unpack the game".to_string())
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use js_sys::{Array, Object, Reflect, Uint8Array};
    use wasm_bindgen::{JsCast, JsValue};

    use super::Entry;
    use crate::platform::js::{call_await, get as prop, global};

    fn games() -> Option<JsValue> {
        global("ddGames")
    }

    fn text(v: &JsValue, key: &str) -> String {
        prop(v, key).and_then(|s| s.as_string()).unwrap_or_default()
    }

    pub async fn put(entry: &Entry, bytes: &[u8]) -> Result<(), String> {
        let games = games().ok_or("this browser offers no storage for saved games")?;
        let o = Object::new();
        let set = |k: &str, v: JsValue| {
            let _ = Reflect::set(&o, &JsValue::from_str(k), &v);
        };
        set("key", entry.key.as_str().into());
        set("saved", (entry.saved as f64).into());
        set("mode", entry.mode.as_str().into());
        set("crews", entry.crews.iter().map(|c| JsValue::from_str(c)).collect::<Array>().into());
        set("result", entry.result.as_str().into());
        set("room", entry.room.as_str().into());
        set("bytes", Uint8Array::from(bytes).into());
        call_await(&games, "put", &[o.into()]).await.map(|_| ()).ok_or_else(|| {
            "the browser refused to keep the game (storage full or private browsing?)".to_string()
        })
    }

    pub async fn list() -> Vec<Entry> {
        let Some(games) = games() else { return Vec::new() };
        let Some(all) = call_await(&games, "list", &[]).await else { return Vec::new() };
        let Ok(all) = all.dyn_into::<Array>() else { return Vec::new() };
        all.iter()
            .map(|v| Entry {
                key: text(&v, "key"),
                saved: prop(&v, "saved").and_then(|n| n.as_f64()).unwrap_or(0.0) as u64,
                mode: text(&v, "mode"),
                crews: prop(&v, "crews")
                    .and_then(|a| a.dyn_into::<Array>().ok())
                    .map(|a| a.iter().filter_map(|c| c.as_string()).collect())
                    .unwrap_or_default(),
                result: text(&v, "result"),
                room: text(&v, "room"),
                size: prop(&v, "size").and_then(|n| n.as_f64()).unwrap_or(0.0) as u64,
            })
            .filter(|e| !e.key.is_empty())
            .collect()
    }

    pub async fn get(key: &str) -> Option<Vec<u8>> {
        let bytes = call_await(&games()?, "get", &[key.into()]).await?;
        Some(bytes.dyn_into::<Uint8Array>().ok()?.to_vec())
    }

    pub async fn remove(key: &str) {
        if let Some(games) = games() {
            let _ = call_await(&games, "remove", &[key.into()]).await;
        }
    }

    pub async fn pack(bytes: &[u8]) -> Option<String> {
        call_await(&games()?, "pack", &[Uint8Array::from(bytes).into()]).await?.as_string()
    }

    pub async fn unpack(text: &str) -> Option<Vec<u8>> {
        let bytes = call_await(&games()?, "unpack", &[text.into()]).await?;
        Some(bytes.dyn_into::<Uint8Array>().ok()?.to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal executor: natively these futures never wait.
    fn block_on<F: std::future::Future>(f: F) -> F::Output {
        use std::task::{Context, Poll, Waker};
        let mut f = std::pin::pin!(f);
        let mut cx = Context::from_waker(Waker::noop());
        loop {
            if let Poll::Ready(v) = f.as_mut().poll(&mut cx) {
                return v;
            }
        }
    }

    #[test]
    fn foreign_and_damaged_texts_are_named_before_any_unpacking() {
        let foreign = block_on(unpack("PK\u{3}\u{4} zip")).unwrap_err();
        assert!(foreign.contains("not a Dice Duel game file"), "{foreign}");
        let map = block_on(unpack("DDM1.abcdef")).unwrap_err();
        assert!(map.contains("not a Dice Duel game file"), "{map}");
        let damaged = block_on(unpack("DDG1.ab$cd")).unwrap_err();
        assert!(damaged.contains("damaged"), "{damaged}");
        let empty = block_on(unpack("DDG1.")).unwrap_err();
        assert!(empty.contains("damaged"), "{empty}");
        // A link's `g=` is found in the whole address.
        let link = block_on(unpack("http://x/#/replay?g=DDG1.ab$")).unwrap_err();
        assert!(link.contains("damaged"), "{link}");
    }
}
