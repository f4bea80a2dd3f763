//! Room ids: the only room names that reach the registry.

use std::fmt;

/// Longest room id we accept. Share links carry it, so it stays short.
pub const MAX_ROOM_ID_LEN: usize = 64;

/// A validated room id: 1 to 64 of `A-Z a-z 0-9 _ -`.
///
/// Nothing else can reach the registry, so room names are safe to log and to use as keys.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RoomId(String);

impl RoomId {
    /// Checks a room id taken from a URL.
    ///
    /// # Errors
    /// [`InvalidRoomId`] when it is empty, longer than 64 bytes, or holds any
    /// character outside `A-Z a-z 0-9 _ -`.
    pub fn parse(raw: &str) -> Result<Self, InvalidRoomId> {
        let ok = !raw.is_empty()
            && raw.len() <= MAX_ROOM_ID_LEN
            && raw.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if ok {
            Ok(Self(raw.to_owned()))
        } else {
            Err(InvalidRoomId)
        }
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for RoomId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A room id that is not `[A-Za-z0-9_-]{1,64}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("room ids are 1 to 64 characters of A-Z, a-z, 0-9, '_' and '-'")]
pub struct InvalidRoomId;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_ids_follow_the_pattern() {
        assert!(RoomId::parse("abc-DEF_123").is_ok());
        assert!(RoomId::parse(&"a".repeat(64)).is_ok());
        for bad in ["", "a b", "a/b", "..", "é", "a%20", &"a".repeat(65)] {
            assert_eq!(RoomId::parse(bad), Err(InvalidRoomId), "{bad:?}");
        }
    }
}
