//! Room ids and share links.
//!
//! A room id is the only secret that keeps strangers out of a room (the
//! signalling server admits anyone who knows it), so it is 100 random bits
//! from the browser's CSPRNG. It is written in lowercase Crockford base32
//! (no `i l o u`): 20 characters that survive being read aloud across the
//! table and fit the server's `[A-Za-z0-9_-]{1,64}` rule.

use duel_net::KeyPin;

use crate::platform::{query, random};

/// Characters in a room id made by [`new_room_id`] (5 bits each: 100 bits).
pub const ROOM_ID_LEN: usize = 20;
const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
/// The server refuses longer ids (crates/server: `[A-Za-z0-9_-]{1,64}`).
const MAX_ROOM_ID: usize = 64;

/// A fresh, unguessable room id: 20 characters, 100 bits of entropy.
pub fn new_room_id() -> String {
    let mut bits = random::u128();
    (0..ROOM_ID_LEN)
        .map(|_| {
            let c = ALPHABET[(bits & 31) as usize];
            bits >>= 5;
            char::from(c)
        })
        .collect()
}

/// Whether `id` is a room id the signalling server accepts:
/// 1 to 64 of `A-Z a-z 0-9 _ -`. Ids from links are checked with this
/// before they reach a URL, so a crafted link cannot inject a path.
pub fn is_valid_room_id(id: &str) -> bool {
    (1..=MAX_ROOM_ID).contains(&id.len())
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// A room code as every device writes it: lowercase. Codes are made
/// lowercase ([`new_room_id`]) and matched without regard to case, so a
/// phone that capitalises the first letter of "Xk9…" still finds the room
/// (the signalling server itself compares exactly).
pub fn normalize_room_id(id: &str) -> String {
    id.to_ascii_lowercase()
}

/// The room named by a page's `location.search` (`?room=<id>`) or, failing
/// that, its `location.hash` (`#room=<id>`), lowercase; the key matches
/// without regard to case too (`?Room=`). Invalid ids count as absent.
pub fn parse_room(search: &str, hash: &str) -> Option<String> {
    [search, hash].into_iter().find_map(|q| {
        query::param(q, "room")
            .or_else(|| query::pairs(q).find(|(k, _)| k.eq_ignore_ascii_case("room")).map(|(_, v)| v))
            .filter(|id| is_valid_room_id(id))
            .map(|id| normalize_room_id(&id))
    })
}

/// The room in what a player typed or pasted into "join": a bare room id,
/// or any link or address holding `?room=<id>` or `#room=<id>` (the
/// address bar's `…/?room=<id>#/play` included). `None` if there is none.
pub fn room_from_text(text: &str) -> Option<String> {
    let text = text.trim();
    if is_valid_room_id(text) {
        return Some(normalize_room_id(text));
    }
    let search = text.find('?').map_or("", |i| &text[i..]);
    let hash = text.find('#').map_or("", |i| &text[i..]);
    parse_room(search, hash)
}

/// What is wrong with a room link whose `room=` is not a room code (`None`:
/// no `room=` at all, or a valid one). The sentence names the code as given.
pub fn bad_room_link(search: &str, hash: &str) -> Option<String> {
    if parse_room(search, hash).is_some() {
        return None;
    }
    let given = [search, hash].into_iter().find_map(|q| query::param(q, "room"))?;
    let shown: String = given.chars().take(40).collect();
    Some(if given.is_empty() {
        "This link names no room: it ends in \"room=\" with nothing after it.".to_string()
    } else {
        format!(
            "This link's room code \u{201c}{shown}\u{201d} cannot be a room: a room code is 1 to {MAX_ROOM_ID} letters, digits, - or _. Check the link, or ask for the room's code and use Join."
        )
    })
}

/// The page's address as a bad room link, if it is one (see [`bad_room_link`]).
pub fn bad_room_in_location() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    let (search, hash) = {
        let loc = web_sys::window()?.location();
        (loc.search().unwrap_or_default(), loc.hash().unwrap_or_default())
    };
    #[cfg(not(target_arch = "wasm32"))]
    let (search, hash) = (String::new(), String::new());
    bad_room_link(&search, &hash)
}

/// The room owner's key fingerprint a room link pins (`&k=<22 base64url
/// characters>`, issue 43): a tab that has one follows only a host that
/// proves that key. A missing or mangled `k=` is no pin (an old link: the
/// first host found, as before).
// Read from the page's address only in a browser (and in the tests).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub fn parse_pin(search: &str, hash: &str) -> Option<KeyPin> {
    [search, hash].into_iter().find_map(|q| query::param(q, "k").as_deref().and_then(KeyPin::from_link))
}

/// The pin in the page's address (see [`parse_pin`]).
pub fn pin_from_location() -> Option<KeyPin> {
    #[cfg(target_arch = "wasm32")]
    {
        let loc = web_sys::window()?.location();
        parse_pin(&loc.search().unwrap_or_default(), &loc.hash().unwrap_or_default())
    }
    #[cfg(not(target_arch = "wasm32"))]
    None
}

/// `link` with the owner's key pinned (`&k=`), if there is one.
pub fn pinned(link: String, pin: Option<KeyPin>) -> String {
    match pin {
        Some(pin) => format!("{link}&k={}", pin.to_link()),
        None => link,
    }
}

/// The room this page was opened for (`?room=<id>` or `#room=<id>`), if any.
pub fn room_from_location() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let loc = web_sys::window()?.location();
        parse_room(&loc.search().unwrap_or_default(), &loc.hash().unwrap_or_default())
    }
    #[cfg(not(target_arch = "wasm32"))]
    None
}

/// Why this page's room link is not followed: it names a room, and this
/// browser cannot be in one (the page then opens as without it). `None`: no
/// room link, or one this browser can follow.
pub fn room_link_refused() -> Option<crate::platform::webrtc::NoWebRtc> {
    room_from_location()?;
    crate::platform::webrtc::rooms().err()
}

/// The link that opens `room` on the app at `origin` (`https://host:port`,
/// no trailing slash needed). The query form survives messengers and QR
/// scanners that drop fragments; the server's SPA fallback serves `/`.
pub fn share_url_for(origin: &str, room: &str) -> String {
    format!("{}/?room={room}", origin.trim_end_matches('/'))
}

/// The link to give other players for `room`: this page's origin plus
/// `/?room=<id>`. (A `?sig=` override is deliberately not copied: a shared
/// link should use the server that served it.) Natively, a loopback origin.
pub fn share_url(room: &str) -> String {
    #[cfg(target_arch = "wasm32")]
    let origin = web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default();
    #[cfg(not(target_arch = "wasm32"))]
    let origin = String::from("http://127.0.0.1:8080");
    share_url_for(&origin, room)
}

#[cfg(test)]
mod bad_link_tests {
    use super::*;

    #[test]
    fn a_room_link_pins_the_owners_key_and_an_old_link_pins_nothing() {
        let pin = KeyPin::of(&duel_net::SeatKey::from_seed([3; 32]).public());
        let link = pinned(share_url_for("https://a", "abc"), Some(pin));
        assert_eq!(link, format!("https://a/?room=abc&k={}", pin.to_link()));
        let search = &link[link.find('?').unwrap_or(0)..];
        assert_eq!((parse_room(search, ""), parse_pin(search, "")), (Some("abc".into()), Some(pin)));
        assert_eq!(room_from_text(&link), Some("abc".into()), "a pinned link is still a room link");
        assert_eq!(parse_pin("", &format!("#room=abc&k={}", pin.to_link())), Some(pin));
        assert_eq!(parse_pin("?room=abc", ""), None, "an old link");
        assert_eq!(parse_pin("?room=abc&k=short", ""), None, "a mangled pin is none");
        assert_eq!(pinned(share_url_for("https://a", "abc"), None), "https://a/?room=abc");
    }

    #[test]
    fn a_malformed_room_link_says_what_is_wrong() {
        assert_eq!(bad_room_link("?room=abc-12", ""), None, "a good link is not bad");
        assert_eq!(bad_room_link("?room=abc-12&k=AAAAAAAAAAAAAAAAAAAAAA", ""), None, "a pin is no bad room");
        assert_eq!(bad_room_link("", ""), None, "no room at all is not a bad link");
        let bad = bad_room_link("?room=bad!id%20x", "").unwrap();
        assert!(bad.contains("\u{201c}bad!id x\u{201d}") && bad.contains("1 to 64"), "{bad}");
        assert!(bad_room_link("?room=", "").unwrap().contains("names no room"));
        assert!(bad_room_link("", "#room=../../etc").unwrap().contains("cannot be a room"));
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn new_ids_are_valid_and_well_formed() {
        for _ in 0..200 {
            let id = new_room_id();
            assert_eq!(id.len(), ROOM_ID_LEN);
            assert!(is_valid_room_id(&id), "{id}");
            assert!(id.bytes().all(|b| ALPHABET.contains(&b)), "{id}");
        }
    }

    #[test]
    fn ids_carry_at_least_96_bits() {
        const { assert!(ROOM_ID_LEN * 5 >= 96) };
        // No repeats, and every character position takes many values: the
        // bits are spread over the whole id, not padded with constants.
        let ids: Vec<String> = (0..2_000).map(|_| new_room_id()).collect();
        assert_eq!(ids.iter().collect::<BTreeSet<_>>().len(), ids.len());
        for pos in 0..ROOM_ID_LEN {
            let seen: BTreeSet<u8> = ids.iter().map(|id| id.as_bytes()[pos]).collect();
            assert!(seen.len() >= 30, "position {pos} took only {} values", seen.len());
        }
    }

    #[test]
    fn validates_like_the_server() {
        assert!(is_valid_room_id("a"));
        assert!(is_valid_room_id("Room_1-x"));
        assert!(is_valid_room_id(&"a".repeat(64)));
        assert!(!is_valid_room_id(""));
        assert!(!is_valid_room_id(&"a".repeat(65)));
        for bad in ["a/b", "a b", "a.b", "../x", "é", "a?b", "a#b", "%41"] {
            assert!(!is_valid_room_id(bad), "{bad}");
        }
    }

    #[test]
    fn parses_rooms_from_search_then_fragment() {
        assert_eq!(parse_room("?room=abc", "").as_deref(), Some("abc"));
        assert_eq!(parse_room("", "#room=abc").as_deref(), Some("abc"));
        assert_eq!(parse_room("?x=1&room=abc&y=2", "").as_deref(), Some("abc"));
        assert_eq!(parse_room("?room=one", "#room=two").as_deref(), Some("one"));
        assert_eq!(parse_room("?room=bad/id", "#room=good").as_deref(), Some("good"));
        assert_eq!(parse_room("?room=", ""), None);
        assert_eq!(parse_room("?room=../../etc", ""), None);
        assert_eq!(parse_room("", ""), None);
        assert_eq!(parse_room("?sig=ws://x", "#top"), None);
    }

    #[test]
    fn room_codes_match_without_regard_to_case() {
        assert_eq!(parse_room("?room=Xk9ab", "").as_deref(), Some("xk9ab"), "a capitalised code");
        assert_eq!(parse_room("?Room=xk9ab", "").as_deref(), Some("xk9ab"), "a capitalised key");
        assert_eq!(parse_room("", "#ROOM=XK9AB").as_deref(), Some("xk9ab"));
        assert_eq!(room_from_text(" Xk9ab ").as_deref(), Some("xk9ab"), "typed on a phone");
        assert_eq!(room_from_text("http://x/?room=0123ABC").as_deref(), Some("0123abc"));
    }

    #[test]
    fn rooms_come_out_of_pasted_text() {
        let id = "0123456789abcdefghjk";
        for text in [
            id.to_owned(),
            format!("  {id}\n"),
            format!("http://192.168.1.5:8080/?room={id}"),
            format!("http://192.168.1.5:8080/?room={id}#/play"),
            format!("https://d.example/#room={id}"),
            format!("d.example/?x=1&room={id}&sig=ws://y"),
        ] {
            assert_eq!(room_from_text(&text).as_deref(), Some(id), "{text:?}");
        }
        for text in ["", "hello there", "http://x/?room=a/b", "http://x/#/play", "../etc/passwd"] {
            assert_eq!(room_from_text(text), None, "{text:?}");
        }
    }

    #[test]
    fn share_links_round_trip() {
        let id = new_room_id();
        let url = share_url_for("https://duel.example:8443/", &id);
        assert_eq!(url, format!("https://duel.example:8443/?room={id}"));
        let search = &url[url.find('?').unwrap()..];
        assert_eq!(parse_room(search, "").as_deref(), Some(id.as_str()));
        assert!(share_url(&id).ends_with(&format!("/?room={id}")));
    }
}
