//! The signalling server's refusals, as the player reads them.

/// Why the signalling server closed a websocket, for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerRefusal {
    /// The sentence to show: the server's own reason, or ours when it sent none.
    pub words: String,
    /// Whether trying again can help (a full room may empty; a bad room id never works).
    pub retry: bool,
}

/// The refusals `duel-server` closes a websocket with (`docs/PROTOCOL.md`,
/// "Signalling server"): 4400 bad request (final), 4403 room full, 4429 and
/// 4430 too many connections from this address, 4503 too many rooms, 4504
/// the server's connection limit, 1009 message too long. Idle (4408), fell
/// behind (4507), going away (1001) and normal closes are not refusals: the
/// connection simply reconnects.
pub fn server_refusal(code: u16, reason: &str) -> Option<ServerRefusal> {
    let fallback = match code {
        4400 => "the server refused this room link as malformed",
        4403 => "this room is full",
        4429 | 4430 => "too many connections from your address; try again shortly",
        4503 => "the server has too many rooms open; try again in a minute",
        4504 => "the server is at its connection limit; try again in a minute",
        1009 => "a message was too long for the server",
        _ => return None,
    };
    let reason = reason.trim();
    let words = if reason.is_empty() { fallback.to_string() } else { format!("the server says: {reason}") };
    Some(ServerRefusal { words, retry: code != 4400 })
}
