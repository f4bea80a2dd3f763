//! What the home says about an address that meant a room but does not name
//! one the way the app reads it: a misspelt key (`?rooom=…`, `?roon=…`) or
//! the room in the path (`/room/<code>`, `/<code>`). Such a link used to land
//! on the home with no word; now it says what it saw and offers the room it
//! most likely meant, so nobody hosts a second room by mistake.

use super::room::{is_valid_room_id, normalize_room_id, parse_room, ROOM_ID_LEN};
use crate::platform::query;

/// A sentence for the home, and the room the link probably meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkHint {
    pub why: String,
    pub room: Option<String>,
}

/// Keys the app reads itself: never taken for a misspelt `room`.
const KNOWN_KEYS: [&str; 14] = [
    "room", "sig", "ice", "ice_user", "ice_cred", "host", "map", "g", "id", "seed", "bots", "fast", "speed",
    "view",
];

/// The hint for an address (`location.search`, `location.hash`,
/// `location.pathname`) that names no room but seems to mean one; `None`
/// when it names a room, or nothing like one.
pub fn link_hint(search: &str, hash: &str, path: &str) -> Option<LinkHint> {
    if parse_room(search, hash).is_some() {
        return None;
    }
    misspelt_key(search, hash).or_else(|| room_in_path(path))
}

/// `?rooom=<code>`: a key one or two letters from `room` holding a code.
fn misspelt_key(search: &str, hash: &str) -> Option<LinkHint> {
    [search, hash].into_iter().flat_map(query::pairs).find_map(|(key, value)| {
        let lower = key.to_ascii_lowercase();
        let near = !KNOWN_KEYS.contains(&lower.as_str()) && edits(&lower, "room") <= 2 && lower.len() >= 2;
        (near && is_valid_room_id(&value)).then(|| {
            let room = normalize_room_id(&value);
            LinkHint {
                why: format!(
                    "This link says \u{201c}{key}=\u{201d} where a room link says \u{201c}room=\u{201d}, so it opened the home. It probably means the room \u{201c}{room}\u{201d}."
                ),
                room: Some(room),
            }
        })
    })
}

/// `/room/<code>`, `/join/<code>` or `/<code>`: a code where the path is.
/// Only a path segment as long as a made room code counts, so an ordinary
/// page name is never read as a room.
fn room_in_path(path: &str) -> Option<LinkHint> {
    let last = path.trim_end_matches('/').rsplit('/').next()?;
    if last.len() != ROOM_ID_LEN || !is_valid_room_id(last) {
        return None;
    }
    let room = normalize_room_id(last);
    Some(LinkHint {
        why: format!(
            "This address puts a room code in its path (\u{201c}{path}\u{201d}); a room link ends in \u{201c}?room={room}\u{201d}. It probably means that room."
        ),
        room: Some(room),
    })
}

/// Levenshtein distance, for short keys only (`room` and what a thumb made of it).
fn edits(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().take(16).collect(), b.chars().collect());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let here = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(here + 1);
            prev = here;
        }
    }
    row[b.len()]
}

/// The page's address as a [`LinkHint`], if it is one.
pub fn link_hint_in_location() -> Option<LinkHint> {
    #[cfg(target_arch = "wasm32")]
    let (search, hash, path) = {
        let loc = web_sys::window()?.location();
        (loc.search().unwrap_or_default(), loc.hash().unwrap_or_default(), loc.pathname().unwrap_or_default())
    };
    #[cfg(not(target_arch = "wasm32"))]
    let (search, hash, path) = (String::new(), String::new(), String::from("/"));
    link_hint(&search, &hash, &path)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CODE: &str = "0123456789abcdefghjk";

    #[test]
    fn a_misspelt_key_names_the_room_it_meant() {
        for key in ["rooom", "roon", "rom", "Rooms", "roomm"] {
            let hint = link_hint(&format!("?{key}={CODE}"), "", "/").unwrap_or_else(|| panic!("{key}"));
            assert_eq!(hint.room.as_deref(), Some(CODE), "{key}");
            assert!(hint.why.contains(&format!("\u{201c}{key}=\u{201d}")), "{}", hint.why);
        }
        let upper = link_hint(&format!("#rooom={}", CODE.to_ascii_uppercase()), "", "/");
        assert_eq!(upper.and_then(|h| h.room).as_deref(), Some(CODE), "the code is lowercased");
    }

    #[test]
    fn the_apps_own_keys_and_far_keys_are_not_rooms() {
        for search in
            ["?seed=5&bots=off", "?map=abc", "?g=x", "?id=abc", "?name=abc", "?rooom=a/b", "?utm_source=x"]
        {
            assert_eq!(link_hint(search, "", "/"), None, "{search}");
        }
        assert_eq!(link_hint(&format!("?room={CODE}&rooom=x"), "", "/"), None, "a good link is not hinted");
    }

    #[test]
    fn a_room_in_the_path_is_offered() {
        for path in
            [format!("/room/{CODE}"), format!("/{CODE}"), format!("/join/{}/", CODE.to_ascii_uppercase())]
        {
            let hint = link_hint("", "", &path).unwrap_or_else(|| panic!("{path}"));
            assert_eq!(hint.room.as_deref(), Some(CODE), "{path}");
            assert!(hint.why.contains(&format!("?room={CODE}")), "{}", hint.why);
        }
        for path in ["/", "/index.html", "/room/", "/room/short", "/a/b/c"] {
            assert_eq!(link_hint("", "", path), None, "{path}");
        }
    }

    #[test]
    fn edits_counts_letters_changed() {
        assert_eq!(edits("room", "room"), 0);
        assert_eq!(edits("rooom", "room"), 1);
        assert_eq!(edits("rom", "room"), 1);
        assert_eq!(edits("roam", "room"), 1);
        assert_eq!(edits("bots", "room"), 3);
        assert_eq!(edits("", "room"), 4);
    }
}
