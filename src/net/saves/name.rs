//! The player's name, as this device remembers it (shown to the room).
//! Reading it is anyone's; changing it is the player's act
//! (`store::Errand::SetName`).

use crate::platform::storage;

// web/boot.js writes this key too (a name typed on the app shell, before the game has loaded).
const NAME_KEY: &str = "dice-duel/name";

/// The name this device's player was given (empty if none).
pub fn name() -> String {
    storage::get(NAME_KEY).unwrap_or_default()
}

/// Whether this device has ever been given a name (or chose to keep "Cadet"):
/// a guest is asked once, on its first join.
pub fn has_name() -> bool {
    storage::get(NAME_KEY).is_some()
}

/// The name this device's player goes by in a room: the one given, else "Cadet".
pub fn room_name() -> String {
    storage::get(NAME_KEY).filter(|n| !n.trim().is_empty()).unwrap_or_else(|| "Cadet".to_string())
}

/// Remembers the player's name (used from the next room joined or created).
pub fn set_name(name: &str) {
    let name: String = name.chars().filter(|c| !c.is_control()).take(24).collect();
    let _ = storage::set(NAME_KEY, name.trim());
}
