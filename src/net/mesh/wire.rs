//! The introductions channel's messages, byte for byte.
//!
//! ```text
//! tag   1    0 introduce, 1 forward, 2 forwarded
//! peer  16   the newcomer (introduce), the addressee (forward), the sender (forwarded)
//! kind  1    forward/forwarded only: 0 offer, 1 answer, 2 ICE candidate
//! text  rest forward/forwarded only: the signal's UTF-8 text, at most MAX_SIGNAL bytes
//! ```
//!
//! Every byte comes from another peer, so decoding bounds and checks it all:
//! anything else is `None`, and the hub counts it as a refusal.

// Called by the browser driver and signaller (wasm32 only): natively only the tests call it.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

use duel_net::PeerId;

/// The longest signal text carried: an SDP with a dozen candidates is
/// under 2 KB; a browser's candidate line under 300 bytes.
pub const MAX_SIGNAL: usize = 8_192;

/// A WebRTC signal, as matchbox passes them (its `PeerSignal`, which
/// exists only in the browser build).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Signal {
    Offer(String),
    Answer(String),
    /// A trickled candidate as JSON, or `"null"` at the end of gathering.
    Candidate(String),
}

/// One message on the introductions channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Relay {
    /// "A device linked to me by camera: offer it a link, through me."
    Introduce { peer: PeerId },
    /// To an introducer: "pass this signal to `to`".
    Forward { to: PeerId, signal: Signal },
    /// From an introducer: "`from` sent you this".
    Forwarded { from: PeerId, signal: Signal },
}

pub fn encode(message: &Relay) -> Vec<u8> {
    let (tag, peer, signal) = match message {
        Relay::Introduce { peer } => (0, peer, None),
        Relay::Forward { to, signal } => (1, to, Some(signal)),
        Relay::Forwarded { from, signal } => (2, from, Some(signal)),
    };
    let mut out = vec![tag];
    out.extend_from_slice(&peer.0.to_be_bytes());
    if let Some(signal) = signal {
        let (kind, text) = match signal {
            Signal::Offer(t) => (0, t),
            Signal::Answer(t) => (1, t),
            Signal::Candidate(t) => (2, t),
        };
        out.push(kind);
        out.extend_from_slice(text.as_bytes());
    }
    out
}

pub fn decode(bytes: &[u8]) -> Option<Relay> {
    let (&tag, rest) = bytes.split_first()?;
    let peer = PeerId(u128::from_be_bytes(rest.get(..16)?.try_into().ok()?));
    let rest = &rest[16..];
    if tag == 0 {
        return rest.is_empty().then_some(Relay::Introduce { peer });
    }
    let (&kind, text) = rest.split_first()?;
    if text.len() > MAX_SIGNAL {
        return None;
    }
    let text = std::str::from_utf8(text).ok()?.to_owned();
    let signal = match kind {
        0 => Signal::Offer(text),
        1 => Signal::Answer(text),
        2 => Signal::Candidate(text),
        _ => return None,
    };
    match tag {
        1 => Some(Relay::Forward { to: peer, signal }),
        2 => Some(Relay::Forwarded { from: peer, signal }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_round_trips() {
        let messages = [
            Relay::Introduce { peer: PeerId(7) },
            Relay::Forward { to: PeerId(u128::MAX), signal: Signal::Offer("v=0\r\n".into()) },
            Relay::Forwarded { from: PeerId(1 << 100), signal: Signal::Answer(String::new()) },
            Relay::Forwarded { from: PeerId(3), signal: Signal::Candidate("null".into()) },
        ];
        for message in messages {
            assert_eq!(decode(&encode(&message)), Some(message));
        }
    }

    #[test]
    fn malformed_bytes_are_refused_not_panicked_on() {
        let good = encode(&Relay::Forward { to: PeerId(9), signal: Signal::Offer("sdp".into()) });
        for cut in 0..good.len() - 3 {
            assert_eq!(decode(&good[..cut]), None, "cut at {cut}");
        }
        let mut bad_tag = good.clone();
        bad_tag[0] = 9;
        assert_eq!(decode(&bad_tag), None);
        let mut bad_kind = good.clone();
        bad_kind[17] = 3;
        assert_eq!(decode(&bad_kind), None);
        let mut not_utf8 = good.clone();
        not_utf8.push(0xff);
        assert_eq!(decode(&not_utf8), None);
        let mut introduce = encode(&Relay::Introduce { peer: PeerId(1) });
        introduce.push(0);
        assert_eq!(decode(&introduce), None, "an introduction carries nothing more");
        let huge =
            encode(&Relay::Forward { to: PeerId(1), signal: Signal::Offer("x".repeat(MAX_SIGNAL + 1)) });
        assert_eq!(decode(&huge), None, "bounded");
    }
}
