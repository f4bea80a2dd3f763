//! What a data-channel-only WebRTC offer or answer needs, and no more; and
//! the SDP text rebuilt from it.
//!
//! A browser's SDP is 450 to 750 bytes of mostly fixed lines. Between two
//! devices that only open data channels, the lines that differ are the ICE
//! credentials, the DTLS certificate's fingerprint and role, and the
//! candidates; everything else is rebuilt here the way Chromium writes it.

use std::fmt::Write as _;
use std::net::{Ipv4Addr, Ipv6Addr};

/// Whether a description opens the negotiation (the host's offer) or
/// answers it (a guest's answer). Also the `type` of the browser's
/// `RTCSessionDescription`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The host's side: an SDP offer.
    Offer,
    /// A guest's side: an SDP answer to the host's offer.
    Answer,
}

impl Kind {
    /// `"offer"` or `"answer"`, as `RTCSessionDescription.type` spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Offer => "offer",
            Kind::Answer => "answer",
        }
    }
}

/// Which end of the DTLS handshake a device plays (`a=setup:`, RFC 8842).
/// An offer says `ActPass`; the answer picks `Active` (Chromium does) or `Passive`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DtlsRole {
    /// `actpass`: either; the answerer decides.
    ActPass,
    /// `active`: this device starts the DTLS handshake.
    Active,
    /// `passive`: this device waits for the handshake.
    Passive,
}

impl DtlsRole {
    fn as_str(self) -> &'static str {
        match self {
            DtlsRole::ActPass => "actpass",
            DtlsRole::Active => "active",
            DtlsRole::Passive => "passive",
        }
    }
}

/// Where a candidate can be reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Address {
    /// A raw IPv4 address (Chromium without mDNS hiding, or a relay).
    V4(Ipv4Addr),
    /// A raw IPv6 address.
    V6(Ipv6Addr),
    /// A `<uuid>.local` mDNS name: how Chromium hides a host's local
    /// addresses from pages by default. The other device resolves it by
    /// multicast on the shared network.
    Mdns(u128),
    /// Any other host name: 1 to 255 of `A-Z a-z 0-9 . - _` (see [`is_host_name`]).
    Name(String),
}

/// Whether `name` may stand as a candidate's host name: 1 to 255 letters,
/// digits, dots, hyphens or underscores. Nothing else, so a name read from a
/// scanned code cannot smuggle a line break (and another SDP line) into the
/// description handed to the browser.
pub fn is_host_name(name: &str) -> bool {
    (1..=255).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric() || b".-_".contains(&b))
}

impl std::fmt::Display for Address {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Address::V4(ip) => write!(f, "{ip}"),
            Address::V6(ip) => write!(f, "{ip}"),
            Address::Mdns(uuid) => {
                let hex = format!("{uuid:032x}");
                let parts = [&hex[..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..]];
                write!(f, "{}.local", parts.join("-"))
            }
            Address::Name(name) => f.write_str(name),
        }
    }
}

/// A candidate's transport; TCP candidates say which end connects (RFC 6544).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UDP: every candidate Chromium gathered in our captures.
    Udp,
    /// TCP, connecting out.
    TcpActive,
    /// TCP, listening.
    TcpPassive,
    /// TCP simultaneous open.
    TcpSo,
}

/// How a candidate was found (RFC 8445 section 5.1.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CandidateType {
    /// The device's own interface.
    Host,
    /// The device's address as a STUN server saw it.
    ServerReflexive,
    /// Learnt during connectivity checks.
    PeerReflexive,
    /// A TURN relay's address.
    Relay,
}

impl CandidateType {
    fn as_str(self) -> &'static str {
        match self {
            CandidateType::Host => "host",
            CandidateType::ServerReflexive => "srflx",
            CandidateType::PeerReflexive => "prflx",
            CandidateType::Relay => "relay",
        }
    }
}

/// One ICE candidate of component 1 (a bundled data channel has no other).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// Where to send.
    pub address: Address,
    /// The port there.
    pub port: u16,
    /// UDP or TCP.
    pub protocol: Protocol,
    /// Host, reflexive or relay.
    pub kind: CandidateType,
    /// The ICE priority. Its low byte is always 255 (256 − component 1), so
    /// a code carries only the upper 24 bits.
    pub priority: u32,
}

/// The fields of a data-channel-only offer or answer that a pairing code
/// carries; [`Description::to_sdp`] rebuilds the rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    /// `a=ice-ufrag`: 4 to 255 ICE characters (`A-Z a-z 0-9 + /`).
    pub ice_ufrag: String,
    /// `a=ice-pwd`: 22 to 255 ICE characters.
    pub ice_pwd: String,
    /// `a=fingerprint:sha-256`: the hash of the device's DTLS certificate,
    /// what proves the data channel reaches the device that showed the code.
    pub fingerprint: [u8; 32],
    /// `a=setup`: the DTLS role.
    pub dtls_role: DtlsRole,
    /// `a=sctp-port` (5000 in every browser).
    pub sctp_port: u16,
    /// `a=max-message-size` (Chromium: 262144; absent means 65536, RFC 8841).
    pub max_message_size: u32,
    /// The addresses gathered, best first as the browser listed them.
    pub candidates: Vec<Candidate>,
}

/// The `sctp-port` every browser uses.
pub const SCTP_PORT: u16 = 5000;
/// The `max-message-size` Chromium announces.
pub const CHROMIUM_MAX_MESSAGE_SIZE: u32 = 262_144;

impl Description {
    /// The SDP text of this description, in Chromium's own layout, for
    /// `setRemoteDescription({ type: kind.as_str(), sdp })`.
    ///
    /// The media section's `mid` is always `0`: the first (and only)
    /// m-line of every browser's data-channel offer. Candidate foundations
    /// are numbered 1, 2, …: a remote foundation only groups candidates for
    /// ICE's check ordering. The related address of a reflexive or relay
    /// candidate is written `0.0.0.0` port 0, as Chromium itself writes it
    /// to hide a device's local address; ICE never uses it.
    pub fn to_sdp(&self) -> String {
        let fingerprint: Vec<String> = self.fingerprint.iter().map(|b| format!("{b:02X}")).collect();
        // A session id from the fingerprint: stable for one description, < 2^62 as RFC 3264 asks.
        let mut id = [0; 8];
        id.copy_from_slice(&self.fingerprint[..8]);
        let session = u64::from_be_bytes(id) >> 2;
        let mut sdp = String::with_capacity(640);
        // Writing to a String cannot fail.
        let _ = write!(
            sdp,
            "v=0\r\no=- {session} 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n\
             a=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n\
             c=IN IP4 0.0.0.0\r\n"
        );
        for (n, candidate) in self.candidates.iter().enumerate() {
            let _ = write!(sdp, "a={}\r\n", candidate_line(n + 1, candidate));
        }
        let _ = write!(
            sdp,
            "a=ice-ufrag:{}\r\na=ice-pwd:{}\r\na=ice-options:trickle\r\na=fingerprint:sha-256 {}\r\n\
             a=setup:{}\r\na=mid:0\r\na=sctp-port:{}\r\na=max-message-size:{}\r\n",
            self.ice_ufrag,
            self.ice_pwd,
            fingerprint.join(":"),
            self.dtls_role.as_str(),
            self.sctp_port,
            self.max_message_size,
        );
        sdp
    }
}

/// `candidate:…` (without `a=`), as in SDP and in `RTCIceCandidate.candidate`.
pub fn candidate_line(foundation: usize, c: &Candidate) -> String {
    let transport = if c.protocol == Protocol::Udp { "udp" } else { "tcp" };
    let mut line = format!(
        "candidate:{foundation} 1 {transport} {} {} {} typ {}",
        c.priority,
        c.address,
        c.port,
        c.kind.as_str()
    );
    if c.kind != CandidateType::Host {
        line.push_str(" raddr 0.0.0.0 rport 0");
    }
    match c.protocol {
        Protocol::Udp => {}
        Protocol::TcpActive => line.push_str(" tcptype active"),
        Protocol::TcpPassive => line.push_str(" tcptype passive"),
        Protocol::TcpSo => line.push_str(" tcptype so"),
    }
    line
}
