//! Whether this browser can be in a room at all. A room is WebRTC data channels
//! (`RTCPeerConnection` and its `createDataChannel`), and some browsers have
//! none: Debian's WebKitGTK is built without WebRTC, and privacy settings and
//! some in-app browsers turn it off. matchbox unwraps `new RTCPeerConnection()`,
//! so a room opened there panics the page and tells the player nothing (issue 46).
//!
//! So the app asks here first, before it opens a signalling socket or a peer
//! connection: the room link, Create a room, Play here (no internet) and Join by
//! camera each say [`NoWebRtc`] in words instead, and Practice, which needs no
//! network, stays. The test is for the API itself, never the user agent (MDN's
//! feature detection habit): a browser that gains WebRTC gains rooms.

// The browser's answer is judged on wasm32 only: natively only the tests call `judge`.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

/// What a room needs that this browser lacks. Its `Display` is what the player
/// reads: why, and what to do instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoWebRtc {
    /// No `RTCPeerConnection` at all: WebRTC is off, or not built in.
    PeerConnection,
    /// An `RTCPeerConnection` without `createDataChannel` (calls only): the
    /// room's datagrams travel on data channels.
    DataChannel,
}

impl std::fmt::Display for NoWebRtc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // One sentence for both: the player can do the same about either.
        f.write_str(
            "This browser cannot join rooms: WebRTC is turned off or missing. \
             Practice works here; to play with friends, open the link in Safari, Chrome or Firefox.",
        )
    }
}

impl std::error::Error for NoWebRtc {}

/// Judges what the browser has: a peer connection, and data channels on it.
///
/// # Errors
/// The first of the two that is missing.
pub fn judge(peer_connection: bool, data_channel: bool) -> Result<(), NoWebRtc> {
    match (peer_connection, data_channel) {
        (false, _) => Err(NoWebRtc::PeerConnection),
        (true, false) => Err(NoWebRtc::DataChannel),
        (true, true) => Ok(()),
    }
}

/// Whether this browser can join and host rooms. Cheap (two property reads):
/// asked afresh on every tap, so nothing is cached that a test could outlive.
/// Natively there is no browser to ask: the inert transport says why itself.
///
/// # Errors
/// [`NoWebRtc`]: what is missing.
pub fn rooms() -> Result<(), NoWebRtc> {
    #[cfg(target_arch = "wasm32")]
    {
        use super::js::{get, global};
        let ctor = global("RTCPeerConnection").filter(|c| c.is_function());
        let channels = ctor
            .as_ref()
            .and_then(|c| get(c, "prototype"))
            .and_then(|p| get(&p, "createDataChannel"))
            .is_some_and(|f| f.is_function());
        judge(ctor.is_some(), channels)
    }
    #[cfg(not(target_arch = "wasm32"))]
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_needs_a_peer_connection_and_its_data_channels() {
        assert_eq!(judge(true, true), Ok(()));
        assert_eq!(judge(false, false), Err(NoWebRtc::PeerConnection));
        assert_eq!(judge(false, true), Err(NoWebRtc::PeerConnection), "a stray method is no WebRTC");
        assert_eq!(judge(true, false), Err(NoWebRtc::DataChannel));
    }

    #[test]
    fn the_player_reads_why_and_what_to_do() {
        for missing in [NoWebRtc::PeerConnection, NoWebRtc::DataChannel] {
            let words = missing.to_string();
            assert!(
                words.starts_with("This browser cannot join rooms: WebRTC is turned off or missing."),
                "{words}"
            );
            assert!(words.contains("Practice works here"), "{words}");
            assert!(words.contains("Safari, Chrome or Firefox"), "{words}");
            assert!(!words.contains("RTCPeerConnection"), "no API names for the player: {words}");
        }
    }
}
