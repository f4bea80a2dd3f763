//! The TURN relay the server offers. Players on networks that block direct
//! WebRTC (symmetric NAT, many mobile carriers) meet through a relay; the
//! server that introduces the peers mints a short-lived credential for the
//! room at `/ice?room=<room>` (see `crates/server/src/ice.rs`). Asked before
//! every socket is built (credentials expire); a link's own `?ice=` wins, and
//! a server with no relay, a slow answer or no network leave the default.
//! Only the page's own server is asked (the page's CSP allows no other).

// Called by the browser driver (wasm32 only): natively only the tests call it.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

use super::config::IceConfig;

/// How long joining waits for `/ice` before going on without a relay.
#[cfg(target_arch = "wasm32")]
const PATIENCE_MS: u64 = 2_000;

/// `/ice?room=<room>` on the server behind a signalling URL
/// (`ws://host/signal/<room>` → `http://host/ice?room=<room>`).
pub fn ice_url(signal_url: &str) -> Option<String> {
    let (base, room) = signal_url.rsplit_once("/signal/")?;
    let http = match base.strip_prefix("wss://") {
        Some(rest) => format!("https://{rest}"),
        None => format!("http://{}", base.strip_prefix("ws://")?),
    };
    Some(format!("{http}/ice?room={room}"))
}

/// The relay in a `/ice` answer: its first server with a URL, or `None`
/// (no relay configured, or an answer we do not understand).
pub fn from_answer(text: &str) -> Option<IceConfig> {
    let answer: serde_json::Value = serde_json::from_str(text).ok()?;
    let text_of = |v: &serde_json::Value| v.as_str().map(str::to_owned);
    answer["iceServers"].as_array()?.iter().find_map(|server| {
        let urls: Vec<String> = server["urls"].as_array()?.iter().filter_map(text_of).collect();
        (!urls.is_empty()).then(|| IceConfig {
            urls,
            username: text_of(&server["username"]),
            credential: text_of(&server["credential"]),
        })
    })
}

/// The ICE servers for a socket to `signal_url`: the link's own when it set
/// them, else the server's relay if it offers one in time, else `link`.
#[cfg(target_arch = "wasm32")]
pub async fn resolve(signal_url: &str, link: &IceConfig) -> IceConfig {
    use futures::FutureExt;
    if *link != IceConfig::defaults() {
        return link.clone();
    }
    let asked = ask(signal_url).fuse();
    let late = futures_timer::Delay::new(std::time::Duration::from_millis(PATIENCE_MS)).fuse();
    futures::pin_mut!(asked, late);
    let relay = futures::select! {
        relay = asked => relay,
        () = late => None,
    };
    relay.unwrap_or_else(|| link.clone())
}

#[cfg(target_arch = "wasm32")]
async fn ask(signal_url: &str) -> Option<IceConfig> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let url = ice_url(signal_url)?;
    let window = web_sys::window()?;
    // Only the page's own server: a `?sig=` server elsewhere (tests, development)
    // is outside the page's connect-src, and a relay is the deployment's to offer.
    let origin = window.location().origin().ok()?;
    if !url.starts_with(&format!("{origin}/")) {
        return None;
    }
    if let Some(text) = early_answer(&window, &url) {
        return from_answer(&JsFuture::from(text).await.ok()?.as_string()?);
    }
    let response = JsFuture::from(window.fetch_with_str(&url)).await.ok()?;
    let get = |name: &str| js_sys::Reflect::get(&response, &name.into()).ok();
    if get("ok").and_then(|v| v.as_bool()) != Some(true) {
        return None;
    }
    let text: js_sys::Function = get("text")?.dyn_into().ok()?;
    let promise: js_sys::Promise = text.call0(&response).ok()?.dyn_into().ok()?;
    from_answer(&JsFuture::from(promise).await.ok()?.as_string()?)
}

/// The answer the page asked for while the game loaded (`index.html`: a room
/// link asks at once), if it asked for `url`; taken once, as credentials expire.
#[cfg(target_arch = "wasm32")]
fn early_answer(window: &web_sys::Window, url: &str) -> Option<js_sys::Promise> {
    use wasm_bindgen::JsCast;
    let key = wasm_bindgen::JsValue::from_str("__ddIce");
    let early = js_sys::Reflect::get(window, &key).ok().filter(|v| v.is_object())?;
    let _ = js_sys::Reflect::delete_property(window, &key);
    let asked = js_sys::Reflect::get(&early, &"url".into()).ok()?.as_string()?;
    (asked == url).then(|| js_sys::Reflect::get(&early, &"text".into()).ok()?.dyn_into().ok())?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ice_is_asked_of_the_server_that_signals() {
        assert_eq!(
            ice_url("ws://127.0.0.1:8080/signal/table-7").as_deref(),
            Some("http://127.0.0.1:8080/ice?room=table-7")
        );
        assert_eq!(
            ice_url("wss://play.example.org/signal/r").as_deref(),
            Some("https://play.example.org/ice?room=r")
        );
        assert_eq!(ice_url("http://x/signal/r"), None);
        assert_eq!(ice_url("ws://x/other"), None);
    }

    #[test]
    fn the_servers_relay_is_read_and_anything_else_leaves_the_default() {
        let answer =
            r#"{"iceServers":[{"urls":["turn:t:3478"],"username":"1:r","credential":"c2VjcmV0"}],"ttl":600}"#;
        let ice = from_answer(answer).unwrap();
        assert_eq!(ice.urls, ["turn:t:3478"]);
        assert_eq!(ice.username.as_deref(), Some("1:r"));
        assert_eq!(ice.credential.as_deref(), Some("c2VjcmV0"));
        assert_eq!(from_answer(r#"{"iceServers":[],"ttl":0}"#), None, "no relay configured");
        assert_eq!(from_answer("<html>"), None, "an older server without /ice");
    }
}
