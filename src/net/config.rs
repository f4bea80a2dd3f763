//! Where the signalling server is and which ICE servers to use.
//!
//! Defaults suit the table: the server that served the page signals
//! (`ws(s)://<page host>/signal/<room>`), and the ICE server list is empty,
//! so devices connect over host candidates on the LAN or loopback. (An
//! unreachable STUN server would stall ICE gathering for seconds, and a LAN
//! needs none.) For play across the internet, give STUN/TURN servers in
//! [`DEFAULT_ICE_URLS`] or per link: `?ice=stun:host:3478,turn:host:3478`
//! with `&ice_user=…&ice_cred=…`. `?sig=ws://host:port` points signalling at
//! another server (tests, development); it is not copied into share links.

// Mostly called by the browser driver (`driver.rs`, wasm32 only): natively (clippy, unit
// tests) that part has no caller outside the tests. The wasm32 lints check it fully.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

use super::room::is_valid_room_id;
use crate::platform::query;

/// STUN/TURN servers used when a link names none. Empty: LAN and loopback.
pub const DEFAULT_ICE_URLS: &[&str] = &[];

/// The ICE servers for the peer connections (one entry, several URLs, as
/// matchbox takes them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IceConfig {
    pub urls: Vec<String>,
    pub username: Option<String>,
    pub credential: Option<String>,
}

impl IceConfig {
    /// [`DEFAULT_ICE_URLS`], no credentials.
    pub fn defaults() -> IceConfig {
        IceConfig { urls: DEFAULT_ICE_URLS.iter().map(|s| (*s).to_owned()).collect(), ..IceConfig::default() }
    }
}

/// The ICE configuration a page's query string asks for: `ice` is a
/// comma-separated list of `stun:`/`stuns:`/`turn:`/`turns:` URLs (others are
/// ignored), `ice_user` and `ice_cred` the TURN credentials. Without `ice`,
/// [`IceConfig::defaults`]; `?ice=` (empty) also means no servers.
pub fn ice_from_query(search: &str) -> IceConfig {
    let Some(list) = query::param(search, "ice") else {
        return IceConfig::defaults();
    };
    let urls = list
        .split(',')
        .map(str::trim)
        .filter(|u| ["stun:", "stuns:", "turn:", "turns:"].iter().any(|s| u.starts_with(s)))
        .map(str::to_owned)
        .collect();
    let nonempty = |k| query::param(search, k).filter(|v| !v.is_empty());
    IceConfig { urls, username: nonempty("ice_user"), credential: nonempty("ice_cred") }
}

/// Why no signalling URL could be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SignalUrlError {
    /// Not `[A-Za-z0-9_-]{1,64}`: the server would refuse it.
    InvalidRoom,
    /// `?sig=` is not a `ws://` or `wss://` URL.
    BadOverride(String),
}

impl std::fmt::Display for SignalUrlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SignalUrlError::InvalidRoom => write!(f, "that is not a valid room id"),
            SignalUrlError::BadOverride(s) => {
                write!(f, "the signalling override {s:?} is not a ws:// or wss:// URL")
            }
        }
    }
}

impl std::error::Error for SignalUrlError {}

/// The websocket URL for `room`: `sig` (a `ws://`/`wss://` server base, with
/// or without a trailing `/signal`) when given, else the page's own host with
/// `wss:` on an `https:` page and `ws:` otherwise.
///
/// # Errors
/// [`SignalUrlError`] for an invalid room id or a non-websocket override.
pub fn signal_url(
    page_protocol: &str,
    page_host: &str,
    room: &str,
    sig: Option<&str>,
) -> Result<String, SignalUrlError> {
    if !is_valid_room_id(room) {
        return Err(SignalUrlError::InvalidRoom);
    }
    let base = match sig {
        Some(s) if s.starts_with("ws://") || s.starts_with("wss://") => s.trim_end_matches('/').to_owned(),
        Some(s) => return Err(SignalUrlError::BadOverride(s.to_owned())),
        None => {
            let scheme = if page_protocol == "https:" { "wss" } else { "ws" };
            format!("{scheme}://{page_host}")
        }
    };
    let base = base.strip_suffix("/signal").unwrap_or(&base);
    Ok(format!("{base}/signal/{room}"))
}

/// The server's `/health` URL for a signalling URL from [`signal_url`]:
/// polled while the websocket is down, to learn when it is worth rebuilding
/// the socket (rebuilding drops the live peer connections).
pub fn health_url(signal_url: &str) -> Option<String> {
    let (base, _) = signal_url.rsplit_once("/signal/")?;
    let http = if let Some(rest) = base.strip_prefix("wss://") {
        format!("https://{rest}")
    } else {
        format!("http://{}", base.strip_prefix("ws://")?)
    };
    Some(format!("{http}/health"))
}

/// The signalling URL and ICE servers for `room`, from this page's location.
///
/// # Errors
/// See [`signal_url`].
#[cfg(target_arch = "wasm32")]
pub fn from_location(room: &str) -> Result<(String, IceConfig), SignalUrlError> {
    let loc = web_sys::window().map(|w| w.location());
    let get = |f: fn(&web_sys::Location) -> Result<String, wasm_bindgen::JsValue>| {
        loc.as_ref().and_then(|l| f(l).ok()).unwrap_or_default()
    };
    let search = get(web_sys::Location::search);
    let sig = query::param(&search, "sig");
    let url =
        signal_url(&get(web_sys::Location::protocol), &get(web_sys::Location::host), room, sig.as_deref())?;
    Ok((url, ice_from_query(&search)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signalling_follows_the_page() {
        assert_eq!(
            signal_url("http:", "127.0.0.1:8080", "abc", None).unwrap(),
            "ws://127.0.0.1:8080/signal/abc"
        );
        assert_eq!(
            signal_url("https:", "duel.example", "abc", None).unwrap(),
            "wss://duel.example/signal/abc"
        );
    }

    #[test]
    fn signalling_can_be_overridden() {
        let url = |sig| signal_url("https:", "page", "r1", Some(sig));
        assert_eq!(url("ws://127.0.0.1:9000").unwrap(), "ws://127.0.0.1:9000/signal/r1");
        assert_eq!(url("ws://127.0.0.1:9000/").unwrap(), "ws://127.0.0.1:9000/signal/r1");
        assert_eq!(url("wss://x/signal").unwrap(), "wss://x/signal/r1");
        assert_eq!(url("wss://x/prefix/").unwrap(), "wss://x/prefix/signal/r1");
        assert!(matches!(url("http://x"), Err(SignalUrlError::BadOverride(_))));
        assert!(matches!(url("javascript:alert(1)"), Err(SignalUrlError::BadOverride(_))));
    }

    #[test]
    fn invalid_rooms_never_reach_a_url() {
        for room in ["", "a/b", "../x", "a?b=c"] {
            assert_eq!(signal_url("http:", "h", room, None), Err(SignalUrlError::InvalidRoom), "{room}");
        }
    }

    #[test]
    fn health_sits_beside_signalling() {
        assert_eq!(
            health_url("ws://127.0.0.1:8080/signal/abc").as_deref(),
            Some("http://127.0.0.1:8080/health")
        );
        assert_eq!(health_url("wss://d.example/p/signal/abc").as_deref(), Some("https://d.example/p/health"));
        assert_eq!(health_url("ftp://x/signal/abc"), None);
        assert_eq!(health_url("ws://x/abc"), None);
    }

    #[test]
    fn ice_servers_come_from_the_link() {
        assert_eq!(ice_from_query(""), IceConfig::defaults());
        assert_eq!(ice_from_query("?room=x"), IceConfig::defaults());
        assert_eq!(ice_from_query("?ice=").urls, Vec::<String>::new());
        let ice = ice_from_query(
            "?ice=stun:s.example:3478,%20turn:t.example:3478,http://evil,turns:u&ice_user=me&ice_cred=pw",
        );
        assert_eq!(ice.urls, ["stun:s.example:3478", "turn:t.example:3478", "turns:u"]);
        assert_eq!(ice.username.as_deref(), Some("me"));
        assert_eq!(ice.credential.as_deref(), Some("pw"));
        assert_eq!(ice_from_query("?ice=stun:a&ice_user=").username, None);
    }
}
