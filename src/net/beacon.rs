//! The role beacon: on its own reliable data channel, every peer tells each
//! peer it connects to whether it is the room's host or a guest.
//!
//! Matchbox's full mesh gives no peer a special place, and the `duel-net`
//! handshake starts with the guest's `Hello` to the host, so a guest must
//! learn which of its peers is the host before the protocol can begin
//! (ARCHITECTURE: "the host is chosen by the app: the peer that created the
//! room"). A separate channel keeps protocol datagrams byte-for-byte what
//! `duel-net` produced.
//!
//! Layout: `b"DDB"`, format version 1, role (0 = host, 1 = guest).

// Mostly called by the browser driver (`driver.rs`, wasm32 only): natively (clippy, unit
// tests) that part has no caller outside the tests. The wasm32 lints check it fully.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

use super::connection::Role;

const MAGIC: [u8; 3] = *b"DDB";
const VERSION: u8 = 1;

/// The beacon announcing `role`.
pub fn encode(role: Role) -> Vec<u8> {
    let r = match role {
        Role::Host => 0,
        Role::Guest => 1,
    };
    vec![MAGIC[0], MAGIC[1], MAGIC[2], VERSION, r]
}

/// The role in a beacon; `None` for anything malformed or from another
/// format version (such a peer is ignored, as if it never announced).
pub fn decode(bytes: &[u8]) -> Option<Role> {
    match bytes {
        [m0, m1, m2, VERSION, r] if [*m0, *m1, *m2] == MAGIC => match r {
            0 => Some(Role::Host),
            1 => Some(Role::Guest),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for role in [Role::Host, Role::Guest] {
            assert_eq!(decode(&encode(role)), Some(role));
        }
    }

    #[test]
    fn rejects_anything_else() {
        for bad in
            [&b""[..], b"DDB", b"DDB\x01", b"DDB\x01\x02", b"DDB\x02\x00", b"XDB\x01\x00", b"DDB\x01\x00\x00"]
        {
            assert_eq!(decode(bad), None, "{bad:?}");
        }
    }
}
