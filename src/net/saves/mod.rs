//! What this device remembers across reloads, in `localStorage`:
//!
//! - the player's [`PlayerToken`] (who this device's player is: a reloaded tab
//!   gets its seats back because the host knows the token and the seat key,
//!   not the matchbox peer id, which changes on every connect);
//! - the player's seat key ([`seat_key`]: 32 random bytes from which the
//!   device's Ed25519 key is made; it signs this device's election votes, so
//!   no peer can forge an election in its name, and a room lets the token
//!   back in only with it, so the two are kept and lost together);
//! - the host's saved room ([`duel_net::Host::save`] bytes) per room id, so a
//!   reloaded host tab resumes the same room, and its presence marks this
//!   device as the room's host ([`role_for`]).
//!
//! - in the tab's `sessionStorage`, which rooms it was in had no server
//!   ([`mark_serverless`]): the tab's reload then asks no server for them
//!   and offers to rejoin by camera at once.
//!
//! - the player's name ([`name`]);
//!
//! Keys are namespaced `dice-duel/…`. Values are text ([`codec`]); a damaged
//! value reads as absent. The saved room contains every player's token, so
//! it stays on the host's device and is never sent anywhere.

pub mod codec;
mod name;

pub use name::{has_name, name, room_name, set_name};

use duel_net::{PlayerToken, SeatKey};

use super::connection::Role;
use crate::platform::{random, storage};

const PLAYER_KEY: &str = "dice-duel/player";
const SEAT_KEY: &str = "dice-duel/seat-key";
/// The seat key's public half, as a build that signs derived it (64 hex digits), for the
/// practice file, which cannot (issue 49).
const SEAT_PUBLIC_KEY: &str = "dice-duel/seat-public";
const HOST_PREFIX: &str = "dice-duel/host/";
const SERVERLESS_PREFIX: &str = "dice-duel/serverless/";

/// Why a write to browser storage failed (the game goes on; only a reload
/// would lose the unsaved part).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveError(String);

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "could not save the room: {}", self.0)
    }
}

impl std::error::Error for SaveError {}

/// Remembers the host's room `room` (the bytes of [`duel_net::Host::save`]).
/// Call it when the room is created (so a reload knows this tab is the host)
/// and after changes (every applied batch is fine: it is a few KiB).
///
/// # Errors
/// [`SaveError`] when the browser has no storage or it is full.
pub fn save_host(room: &str, bytes: &[u8]) -> Result<(), SaveError> {
    storage::set(&host_key(room), &codec::encode(bytes)).map_err(SaveError)
}

/// The saved room `room`, if this device hosts it. Damaged text gives `None`
/// (and [`duel_net::Host::restore`] checks the bytes themselves).
pub fn load_host(room: &str) -> Option<Vec<u8>> {
    let key = host_key(room);
    let text = match storage::get(&key) {
        Some(text) => text,
        None => adopt_mixed_case(&key)?,
    };
    codec::decode(&text)
}

/// A room saved before codes were lowercase ("Xk9…", typed on a phone that
/// capitalised it) is found by its lowercase code and moved under it, so
/// its host still gets its room back after the update.
fn adopt_mixed_case(key: &str) -> Option<String> {
    let old = storage::keys().into_iter().find(|k| k != key && k.to_ascii_lowercase() == key)?;
    let text = storage::get(&old)?;
    if storage::set(key, &text).is_ok() {
        storage::remove(&old);
    }
    Some(text)
}

/// The storage name of the practice room. `~` is not allowed in room ids, so
/// it can never collide with an online room's save.
pub const PRACTICE: &str = "practice~";

/// Whether a practice game is saved (the home screen offers to resume it).
pub fn has_practice() -> bool {
    load_host(PRACTICE).is_some()
}

/// Forgets the saved room `room` (the game is over, or the player left it).
pub fn forget_host(room: &str) {
    storage::remove(&host_key(room));
}

/// Remembers, for this tab's reloads, that `room` has no signalling server
/// (issue 45): a reloaded tab can only come back through a device still in it.
pub fn mark_serverless(room: &str) {
    storage::session_set(&format!("{SERVERLESS_PREFIX}{}", room.to_ascii_lowercase()), "1");
}

/// Whether this tab was in `room` and it had no signalling server ([`mark_serverless`]).
pub fn is_serverless(room: &str) -> bool {
    storage::session_get(&format!("{SERVERLESS_PREFIX}{}", room.to_ascii_lowercase())).is_some()
}

/// This device's role in `room`: [`Role::Host`] if it holds the room's save
/// (it created the room, so it saved it at once), else [`Role::Guest`].
pub fn role_for(room: &str) -> Role {
    if load_host(room).is_some() {
        Role::Host
    } else {
        Role::Guest
    }
}

/// This device's player token: created once from the CSPRNG and kept, with
/// its seat key ([`seat_key`]). The two are one identity: a room lets a
/// token back in only with the key it joined with (issue 43), so a device
/// whose key is damaged, or whose token is, starts over as a new player with
/// a new token and a new key. (A token kept from before seat keys existed,
/// with no key stored at all, keeps itself and gains a key.) If storage is
/// unavailable both live as long as the page, and a reload joins as a new
/// player (the old seats show as away).
pub fn player_token() -> PlayerToken {
    identity().0
}

/// This device's seat key: made once from the CSPRNG and kept beside the
/// token (64 hex digits); see [`player_token`] for what happens when either
/// is lost.
///
/// A build that signs keeps the key's public half beside it; the practice
/// file, which signs nothing and cannot derive it (issue 49), takes it from
/// there, so a game saved by a build that signs lists this device under the
/// key it says `Hello` with.
pub fn seat_key() -> SeatKey {
    let key = SeatKey::from_seed(identity().1);
    if duel_net::seat_key::SIGNS {
        let public = hex(&key.public().0);
        if storage::get(SEAT_PUBLIC_KEY).as_deref() != Some(public.as_str()) {
            let _ = storage::set(SEAT_PUBLIC_KEY, &public);
        }
        return key;
    }
    match storage::get(SEAT_PUBLIC_KEY).as_deref().and_then(parse_seed) {
        Some(public) => key.known_as(duel_net::SeatPublic(public)),
        None => key,
    }
}

thread_local! {
    /// The identity this page made when storage would not keep it.
    static UNSTORED: std::cell::Cell<Option<(PlayerToken, [u8; 32])>> = const { std::cell::Cell::new(None) };
}

/// The token and seat-key seed, made together when they are not both kept.
fn identity() -> (PlayerToken, [u8; 32]) {
    if let Some(made) = UNSTORED.get() {
        return made;
    }
    let token = storage::get(PLAYER_KEY).as_deref().and_then(parse_token);
    let key = storage::get(SEAT_KEY);
    let made = match (token, key.as_deref().and_then(parse_seed)) {
        (Some(token), Some(seed)) => return (token, seed),
        // Kept from before seat keys: the rooms that knew it listed it with no key.
        (Some(token), None) if key.is_none() => (token, new_seed()),
        _ => (PlayerToken(random::u128()), new_seed()),
    };
    // A new seed: the public half kept for the old one is no longer this key's.
    storage::remove(SEAT_PUBLIC_KEY);
    let kept = storage::set(PLAYER_KEY, &format!("{:032x}", made.0 .0)).is_ok()
        && storage::set(SEAT_KEY, &hex(&made.1)).is_ok();
    if !kept {
        UNSTORED.set(Some(made));
    }
    made
}

fn new_seed() -> [u8; 32] {
    let mut seed = [0u8; 32];
    random::fill(&mut seed);
    seed
}

/// Bytes as lowercase hex digits, the way this device keeps keys and desks in storage.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The bytes of [`hex`]'s text; an odd length or a non-hex digit (a damaged value) is `None`.
pub(crate) fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok()).collect()
}

/// 64 lowercase hex digits; anything else is `None`.
fn parse_seed(text: &str) -> Option<[u8; 32]> {
    let ok = text.len() == 64 && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if !ok {
        return None;
    }
    let mut seed = [0u8; 32];
    for (i, byte) in seed.iter_mut().enumerate() {
        *byte = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(seed)
}

/// 32 lowercase hex digits; anything else (a damaged value) is `None`.
fn parse_token(text: &str) -> Option<PlayerToken> {
    let ok = text.len() == 32 && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    ok.then(|| u128::from_str_radix(text, 16).ok()).flatten().map(PlayerToken)
}

/// Codes are matched without regard to case: saves are kept under the lowercase code.
fn host_key(room: &str) -> String {
    format!("{HOST_PREFIX}{}", room.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_and_refuses_junk() {
        let bytes = vec![0, 1, 0xab, 0xff];
        assert_eq!(unhex(&hex(&bytes)), Some(bytes));
        assert_eq!(unhex("abc"), None);
        assert_eq!(unhex("zz"), None);
    }

    #[test]
    fn the_player_token_is_made_once_and_kept() {
        storage::remove(PLAYER_KEY);
        let a = player_token();
        assert_eq!(player_token(), a);
        assert_eq!(storage::get(PLAYER_KEY).map(|s| s.len()), Some(32));
    }

    #[test]
    fn the_seat_key_is_made_once_and_kept_with_its_token() {
        storage::remove(SEAT_KEY);
        storage::remove(PLAYER_KEY);
        let (token, a) = (player_token(), seat_key());
        assert_eq!((player_token(), seat_key()), (token, a.clone()));
        assert_eq!(storage::get(SEAT_KEY).map(|s| s.len()), Some(64));
        assert_eq!(parse_seed(&storage::get(SEAT_KEY).unwrap()), Some(a.seed()));
        assert_eq!(parse_seed(&"A".repeat(64)), None, "uppercase is not ours");
        assert_eq!(parse_seed(&"f".repeat(63)), None);
        assert_eq!(parse_seed(&"0f".repeat(32)), Some([15; 32]));
    }

    #[test]
    fn a_room_with_no_server_is_remembered_by_its_tab_whatever_the_case_of_its_code() {
        assert!(!is_serverless("Quiet-Table"));
        mark_serverless("Quiet-Table");
        assert!(is_serverless("quiet-table"));
        assert!(!is_serverless("another-table"));
    }

    /// Issue 43: a room lets a token back only with the key it joined with,
    /// so a device that lost either is a new player with both made anew.
    #[test]
    fn a_damaged_key_or_token_makes_a_new_player_with_a_new_key() {
        let (token, key) = (player_token(), seat_key());
        storage::set(SEAT_KEY, "not a key").unwrap();
        let (token2, key2) = (player_token(), seat_key());
        assert!(token2 != token && key2 != key, "a new token with the new key");
        assert_eq!(parse_seed(&storage::get(SEAT_KEY).unwrap()), Some(key2.seed()));
        assert_eq!(parse_token(&storage::get(PLAYER_KEY).unwrap()), Some(token2));
        storage::set(PLAYER_KEY, "not a token").unwrap();
        let (token3, key3) = (player_token(), seat_key());
        assert!(token3 != token2 && key3 != key2, "a new key with the new token");
        assert_eq!((player_token(), seat_key()), (token3, key3), "then kept");
    }

    #[test]
    fn a_token_from_before_seat_keys_keeps_itself_and_gains_a_key() {
        storage::set(PLAYER_KEY, &"0a".repeat(16)).unwrap();
        storage::remove(SEAT_KEY);
        let key = seat_key();
        assert_eq!(player_token(), parse_token(&"0a".repeat(16)).unwrap());
        assert_eq!(seat_key(), key);
    }

    #[test]
    fn a_damaged_token_is_replaced() {
        storage::set(PLAYER_KEY, "not a token").unwrap();
        let a = player_token();
        assert_eq!(parse_token(&storage::get(PLAYER_KEY).unwrap()), Some(a));
        assert_eq!(parse_token("ABCDEF00000000000000000000000000"), None, "uppercase is not ours");
        assert_eq!(parse_token("+0000000000000000000000000000000"), None);
        assert_eq!(parse_token("0"), None);
        assert_eq!(parse_token(&"f".repeat(32)), Some(PlayerToken(u128::MAX)));
    }

    #[test]
    fn host_saves_round_trip_per_room() {
        save_host("room-a", b"\x00DDSV bytes\xff").unwrap();
        save_host("room-b", b"other").unwrap();
        assert_eq!(load_host("room-a").as_deref(), Some(&b"\x00DDSV bytes\xff"[..]));
        assert_eq!(load_host("room-b").as_deref(), Some(&b"other"[..]));
        assert_eq!(load_host("room-c"), None);
        assert_eq!(role_for("room-a"), Role::Host);
        assert_eq!(role_for("room-c"), Role::Guest);
        forget_host("room-a");
        assert_eq!(load_host("room-a"), None);
        assert_eq!(role_for("room-a"), Role::Guest);
    }

    #[test]
    fn a_room_saved_under_a_capitalised_code_is_found_by_any_case_and_moved() {
        storage::set(&format!("{HOST_PREFIX}Xk9-Old"), &codec::encode(b"old save")).unwrap();
        assert_eq!(load_host("xk9-old").as_deref(), Some(&b"old save"[..]));
        assert_eq!(storage::get(&format!("{HOST_PREFIX}Xk9-Old")), None, "moved");
        assert_eq!(load_host("XK9-OLD").as_deref(), Some(&b"old save"[..]));
        assert_eq!(role_for("Xk9-old"), Role::Host);
        forget_host("XK9-old");
        assert_eq!(load_host("xk9-old"), None);
    }

    #[test]
    fn a_corrupted_save_reads_as_none() {
        for bad in ["", "garbage", "v1:Zm9", "v1:####", "v9:Zm9v"] {
            storage::set(&host_key("room-x"), bad).unwrap();
            assert_eq!(load_host("room-x"), None, "{bad:?}");
        }
    }
}
