//! Reading a browser's own SDP offer or answer into a [`Description`].
//!
//! Only our own browser's local description is read here (after ICE
//! gathering completes), so anything unexpected is an error to show, not
//! something to work around: a page that added audio or video, a browser
//! that hashes its certificate with something other than SHA-256.

use std::net::{Ipv4Addr, Ipv6Addr};

use thiserror::Error;

use super::description::{is_host_name, Address, Candidate, CandidateType, Description, DtlsRole, Protocol};

/// Why a browser's SDP cannot become a pairing code.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SdpError {
    /// No `m=application … webrtc-datachannel` section.
    #[error("The connection offers no data channel.")]
    NoDataChannel,
    /// Audio, video or a second data section beside the data channel.
    #[error("The connection offers more than one data channel section.")]
    ExtraMedia,
    /// A required line is absent.
    #[error("The connection description has no {0} line.")]
    Missing(&'static str),
    /// A line we need is not as RFC 8839 / 8122 / 8841 write it.
    #[error("The connection description has a line we cannot read: {0}")]
    Unreadable(String),
    /// The certificate fingerprint uses a hash other than SHA-256.
    #[error("This browser identifies its connection with a hash Dice Duel does not know.")]
    Fingerprint,
}

/// The [`Description`] in a browser's SDP text (lines ending in CRLF or LF).
///
/// Candidates of component 2 (RTCP) are skipped: a bundled data channel has
/// none. Lines Chromium adds beside the ones we need (`a=extmap-allow-mixed`,
/// a candidate's `generation` and `network-cost`) are dropped.
///
/// # Errors
/// [`SdpError`] when the SDP has no data channel, other media, no ICE
/// credentials, fingerprint or setup role, or such a line is malformed.
pub fn parse(sdp: &str) -> Result<Description, SdpError> {
    let mut sections = 0;
    let mut data_channel = false;
    let (mut ufrag, mut pwd, mut fingerprint, mut setup) = (None, None, None, None);
    let mut sctp_port = super::description::SCTP_PORT;
    // RFC 8841 section 6: no attribute means 64 KiB.
    let mut max_message_size = 65_536;
    let mut candidates = Vec::new();
    for line in sdp.lines().map(|line| line.trim_end_matches('\r')) {
        if let Some(media) = line.strip_prefix("m=") {
            sections += 1;
            data_channel |= media.starts_with("application ") && media.ends_with(" webrtc-datachannel");
            continue;
        }
        let Some(attribute) = line.strip_prefix("a=") else { continue };
        let (name, value) = attribute.split_once(':').unwrap_or((attribute, ""));
        let unreadable = || SdpError::Unreadable(line.to_owned());
        match name {
            "ice-ufrag" => ufrag = Some(value.to_owned()),
            "ice-pwd" => pwd = Some(value.to_owned()),
            "fingerprint" => fingerprint = Some(parse_fingerprint(value, line)?),
            "setup" => {
                setup = Some(match value {
                    "actpass" => DtlsRole::ActPass,
                    "active" => DtlsRole::Active,
                    "passive" => DtlsRole::Passive,
                    _ => return Err(unreadable()),
                })
            }
            "sctp-port" => sctp_port = value.parse().map_err(|_| unreadable())?,
            "max-message-size" => max_message_size = value.parse().map_err(|_| unreadable())?,
            "candidate" => candidates.extend(parse_candidate(value).ok_or_else(unreadable)?),
            _ => {}
        }
    }
    if !data_channel {
        return Err(SdpError::NoDataChannel);
    }
    if sections > 1 {
        return Err(SdpError::ExtraMedia);
    }
    Ok(Description {
        ice_ufrag: ufrag.ok_or(SdpError::Missing("ice-ufrag"))?,
        ice_pwd: pwd.ok_or(SdpError::Missing("ice-pwd"))?,
        fingerprint: fingerprint.ok_or(SdpError::Missing("fingerprint"))?,
        dtls_role: setup.ok_or(SdpError::Missing("setup"))?,
        sctp_port,
        max_message_size,
        candidates,
    })
}

/// `sha-256 AB:CD:…` → 32 bytes.
fn parse_fingerprint(value: &str, line: &str) -> Result<[u8; 32], SdpError> {
    let (hash, hex) = value.split_once(' ').ok_or_else(|| SdpError::Unreadable(line.to_owned()))?;
    if !hash.eq_ignore_ascii_case("sha-256") {
        return Err(SdpError::Fingerprint);
    }
    let bytes: Option<Vec<u8>> = hex.split(':').map(|b| u8::from_str_radix(b, 16).ok()).collect();
    bytes.and_then(|b| <[u8; 32]>::try_from(b).ok()).ok_or_else(|| SdpError::Unreadable(line.to_owned()))
}

/// `<foundation> <component> <transport> <priority> <address> <port> typ <type> [<name> <value>]…`
/// (RFC 8839 section 5.1). `Some(None)` for a candidate of another component.
fn parse_candidate(value: &str) -> Option<Option<Candidate>> {
    let fields: Vec<&str> = value.split_ascii_whitespace().collect();
    let [_foundation, component, transport, priority, address, port, "typ", kind, extensions @ ..] =
        &fields[..]
    else {
        return None;
    };
    if *component != "1" {
        return Some(None);
    }
    let kind = match *kind {
        "host" => CandidateType::Host,
        "srflx" => CandidateType::ServerReflexive,
        "prflx" => CandidateType::PeerReflexive,
        "relay" => CandidateType::Relay,
        _ => return None,
    };
    let tcptype = extensions.chunks(2).find(|pair| pair[0] == "tcptype").and_then(|pair| pair.get(1));
    let protocol = match (transport.to_ascii_lowercase().as_str(), tcptype.copied()) {
        ("udp", _) => Protocol::Udp,
        ("tcp", Some("active")) => Protocol::TcpActive,
        ("tcp", Some("passive")) => Protocol::TcpPassive,
        ("tcp", Some("so")) => Protocol::TcpSo,
        _ => return None,
    };
    Some(Some(Candidate {
        address: parse_address(address)?,
        port: port.parse().ok()?,
        protocol,
        kind,
        priority: priority.parse().ok()?,
    }))
}

/// An IP address, a `<uuid>.local` mDNS name, or another host name.
fn parse_address(text: &str) -> Option<Address> {
    if let Ok(ip) = text.parse::<Ipv4Addr>() {
        return Some(Address::V4(ip));
    }
    if let Ok(ip) = text.parse::<Ipv6Addr>() {
        return Some(Address::V6(ip));
    }
    if let Some(uuid) = text.strip_suffix(".local").and_then(parse_uuid) {
        // Only the lowercase spelling survives the round trip through 16 bytes.
        if Address::Mdns(uuid).to_string() == text {
            return Some(Address::Mdns(uuid));
        }
    }
    is_host_name(text).then(|| Address::Name(text.to_owned()))
}

/// `8-4-4-4-12` hex digits.
fn parse_uuid(text: &str) -> Option<u128> {
    let groups: Vec<&str> = text.split('-').collect();
    let lengths: Vec<usize> = groups.iter().map(|g| g.len()).collect();
    if lengths != [8, 4, 4, 4, 12] || !groups.iter().all(|g| g.bytes().all(|b| b.is_ascii_hexdigit())) {
        return None;
    }
    u128::from_str_radix(&groups.concat(), 16).ok()
}
