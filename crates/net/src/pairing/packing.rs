//! The binary form of a [`PairingCode`] (format version 1), before the
//! checksum and the text encoding of [`super::code`].
//!
//! ```text
//! flags        1 byte   bit 0 kind (0 offer, 1 answer); bits 1-2 setup
//!                       (actpass, active, passive); bit 3 an sctp-port
//!                       follows (not 5000); bit 4 a max-message-size follows
//!                       (not 262144); bits 5-7 zero
//! peer         16       the sender's matchbox peer id (a UUID), big-endian
//! invite       [1]      an offer's invitation number (1 to 255); not in an answer
//! room         1 + n    bit 7: the id is in the app's lowercase base32 and
//!                       packed 5 bits a character; bits 0-6: its length in
//!                       characters (0 to 64); then ⌈5n/8⌉ or n bytes
//! credentials  2 + m    the ufrag's and the pwd's lengths, then both
//!                       together, 6 bits an ICE character (`A-Za-z0-9+/`)
//! fingerprint  32       SHA-256 of the DTLS certificate
//! sctp-port    [2]      if flagged
//! max-message  [4]      if flagged
//! candidates   1 + …    the count (0 to 12), then each:
//!   header     1        bits 0-1 type (host, srflx, prflx, relay);
//!                       bits 2-3 udp, tcp active, tcp passive, tcp so;
//!                       bits 4-5 address: IPv4, IPv6, mDNS UUID, name
//!   address    4 | 16 | 16 | 1 + n
//!   port       2
//!   priority   3        the upper 24 bits (the low byte is 255: component 1)
//! ```
//!
//! All integers are big-endian. Chromium's ufrag (4 characters) and pwd
//! (24) take 21 bytes; a 20-character room id takes 13.

use std::net::{Ipv4Addr, Ipv6Addr};

use super::description::{
    is_host_name, Address, Candidate, CandidateType, Description, DtlsRole, Kind, Protocol,
    CHROMIUM_MAX_MESSAGE_SIZE, SCTP_PORT,
};
use super::{EncodeError, PairingCode};
use crate::ids::PeerId;

/// The most candidates a code holds: more would not fit a QR code read
/// across a table, and a device has rarely more than four interfaces.
pub const MAX_CANDIDATES: usize = 12;
/// The longest room id the signalling server accepts (`crates/server`).
pub const MAX_ROOM: usize = 64;

/// ICE characters (RFC 8839 `ice-char`) in the order of their 6-bit values.
const ICE_CHARS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
/// The app's room-id alphabet (`src/net/room.rs`: lowercase Crockford base32).
const ROOM_CHARS: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// The bytes of `code`.
///
/// # Errors
/// [`EncodeError`] for a room id the server would refuse, ICE credentials
/// outside RFC 8839's characters or above 255 of them, more than
/// [`MAX_CANDIDATES`] candidates, or a host name that is not one.
pub fn pack(code: &PairingCode) -> Result<Vec<u8>, EncodeError> {
    let d = &code.description;
    let mut out = Vec::with_capacity(160);
    let setup = match d.dtls_role {
        DtlsRole::ActPass => 0,
        DtlsRole::Active => 1,
        DtlsRole::Passive => 2,
    };
    let odd_port = d.sctp_port != SCTP_PORT;
    let odd_size = d.max_message_size != CHROMIUM_MAX_MESSAGE_SIZE;
    out.push(
        u8::from(code.kind == Kind::Answer) | setup << 1 | u8::from(odd_port) << 3 | u8::from(odd_size) << 4,
    );
    out.extend_from_slice(&code.peer.0.to_be_bytes());
    match (code.kind, code.invite) {
        (Kind::Offer, 0) | (Kind::Answer, 1..) => return Err(EncodeError::Invite),
        (Kind::Offer, n) => out.push(n),
        (Kind::Answer, _) => {}
    }
    pack_room(&code.room, &mut out)?;
    pack_credentials(&d.ice_ufrag, &d.ice_pwd, &mut out)?;
    out.extend_from_slice(&d.fingerprint);
    if odd_port {
        out.extend_from_slice(&d.sctp_port.to_be_bytes());
    }
    if odd_size {
        out.extend_from_slice(&d.max_message_size.to_be_bytes());
    }
    if d.candidates.len() > MAX_CANDIDATES {
        return Err(EncodeError::TooManyAddresses);
    }
    out.push(d.candidates.len() as u8);
    for candidate in &d.candidates {
        pack_candidate(candidate, &mut out)?;
    }
    Ok(out)
}

fn pack_room(room: &str, out: &mut Vec<u8>) -> Result<(), EncodeError> {
    let valid =
        room.len() <= MAX_ROOM && room.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if !valid {
        return Err(EncodeError::Room);
    }
    let len = room.len() as u8;
    match indices(room, ROOM_CHARS) {
        Some(values) => {
            out.push(0x80 | len);
            out.extend(pack_bits(&values, 5));
        }
        None => {
            out.push(len);
            out.extend_from_slice(room.as_bytes());
        }
    }
    Ok(())
}

fn pack_credentials(ufrag: &str, pwd: &str, out: &mut Vec<u8>) -> Result<(), EncodeError> {
    let (Ok(ufrag_len), Ok(pwd_len)) = (u8::try_from(ufrag.len()), u8::try_from(pwd.len())) else {
        return Err(EncodeError::Credentials);
    };
    if !credentials_fit(ufrag_len, pwd_len) {
        return Err(EncodeError::Credentials);
    }
    let values = indices(&format!("{ufrag}{pwd}"), ICE_CHARS).ok_or(EncodeError::Credentials)?;
    out.extend([ufrag_len, pwd_len]);
    out.extend(pack_bits(&values, 6));
    Ok(())
}

fn pack_candidate(c: &Candidate, out: &mut Vec<u8>) -> Result<(), EncodeError> {
    let kind = match c.kind {
        CandidateType::Host => 0,
        CandidateType::ServerReflexive => 1,
        CandidateType::PeerReflexive => 2,
        CandidateType::Relay => 3,
    };
    let protocol = match c.protocol {
        Protocol::Udp => 0,
        Protocol::TcpActive => 1,
        Protocol::TcpPassive => 2,
        Protocol::TcpSo => 3,
    };
    let address = match c.address {
        Address::V4(_) => 0,
        Address::V6(_) => 1,
        Address::Mdns(_) => 2,
        Address::Name(_) => 3,
    };
    out.push(kind | protocol << 2 | address << 4);
    match &c.address {
        Address::V4(ip) => out.extend_from_slice(&ip.octets()),
        Address::V6(ip) => out.extend_from_slice(&ip.octets()),
        Address::Mdns(uuid) => out.extend_from_slice(&uuid.to_be_bytes()),
        Address::Name(name) => {
            if !is_host_name(name) {
                return Err(EncodeError::Name);
            }
            out.push(name.len() as u8);
            out.extend_from_slice(name.as_bytes());
        }
    }
    out.extend_from_slice(&c.port.to_be_bytes());
    out.extend_from_slice(&c.priority.to_be_bytes()[..3]);
    Ok(())
}

/// The code in `bytes`, or `None` if they are not a well-formed version-1
/// code (short, a flag or a value out of range, bytes left over).
pub fn unpack(bytes: &[u8]) -> Option<PairingCode> {
    let mut r = Reader(bytes);
    let flags = r.byte()?;
    let kind = if flags & 1 == 0 { Kind::Offer } else { Kind::Answer };
    let setup = match flags >> 1 & 3 {
        0 => DtlsRole::ActPass,
        1 => DtlsRole::Active,
        2 => DtlsRole::Passive,
        _ => return None,
    };
    if flags >> 5 != 0 {
        return None;
    }
    let peer = PeerId(u128::from_be_bytes(r.array()?));
    let invite = match kind {
        Kind::Offer => Some(r.byte()?).filter(|n| *n != 0)?,
        Kind::Answer => 0,
    };
    let room = unpack_room(&mut r)?;
    let (ufrag_len, pwd_len) = (r.byte()?, r.byte()?);
    credentials_fit(ufrag_len, pwd_len).then_some(())?;
    let (ufrag_len, pwd_len) = (usize::from(ufrag_len), usize::from(pwd_len));
    let credentials =
        text(&unpack_bits(r.take((ufrag_len + pwd_len) * 6)?, 6, ufrag_len + pwd_len), ICE_CHARS);
    let (ice_ufrag, ice_pwd) = credentials.split_at(ufrag_len);
    let fingerprint = r.array()?;
    let sctp_port = if flags & 8 != 0 { u16::from_be_bytes(r.array()?) } else { SCTP_PORT };
    let max_message_size =
        if flags & 16 != 0 { u32::from_be_bytes(r.array()?) } else { CHROMIUM_MAX_MESSAGE_SIZE };
    let count = usize::from(r.byte()?);
    if count > MAX_CANDIDATES {
        return None;
    }
    let candidates = (0..count).map(|_| unpack_candidate(&mut r)).collect::<Option<Vec<_>>>()?;
    if !r.0.is_empty() {
        return None;
    }
    let description = Description {
        ice_ufrag: ice_ufrag.to_owned(),
        ice_pwd: ice_pwd.to_owned(),
        fingerprint,
        dtls_role: setup,
        sctp_port,
        max_message_size,
        candidates,
    };
    Some(PairingCode { kind, peer, invite, room, description })
}

fn unpack_room(r: &mut Reader) -> Option<String> {
    let header = r.byte()?;
    let len = usize::from(header & 0x7F);
    if len > MAX_ROOM {
        return None;
    }
    let room = if header & 0x80 != 0 {
        text(&unpack_bits(r.take(len * 5)?, 5, len), ROOM_CHARS)
    } else {
        String::from_utf8(r.take(len * 8)?.to_vec()).ok()?
    };
    room.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-').then_some(room)
}

fn unpack_candidate(r: &mut Reader) -> Option<Candidate> {
    let header = r.byte()?;
    let kind = [
        CandidateType::Host,
        CandidateType::ServerReflexive,
        CandidateType::PeerReflexive,
        CandidateType::Relay,
    ][usize::from(header & 3)];
    let protocol = [Protocol::Udp, Protocol::TcpActive, Protocol::TcpPassive, Protocol::TcpSo]
        [usize::from(header >> 2 & 3)];
    let address = match header >> 4 {
        0 => Address::V4(Ipv4Addr::from(r.array::<4>()?)),
        1 => Address::V6(Ipv6Addr::from(r.array::<16>()?)),
        2 => Address::Mdns(u128::from_be_bytes(r.array()?)),
        3 => {
            let len = usize::from(r.byte()?);
            let name = String::from_utf8(r.take(len * 8)?.to_vec()).ok()?;
            is_host_name(&name).then_some(Address::Name(name))?
        }
        _ => return None,
    };
    let port = u16::from_be_bytes(r.array()?);
    let [a, b, c] = r.array()?;
    Some(Candidate { address, port, protocol, kind, priority: u32::from_be_bytes([a, b, c, 0xFF]) })
}

/// RFC 8839 section 5.4: a ufrag of 4 to 256 characters, a pwd of 22 to 256
/// (a length byte holds 255 at most; browsers make 4 and 24, or 16 and 32).
fn credentials_fit(ufrag_len: u8, pwd_len: u8) -> bool {
    ufrag_len >= 4 && pwd_len >= 22
}

/// Bytes not yet read.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn byte(&mut self) -> Option<u8> {
        Some(self.array::<1>()?[0])
    }

    fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        self.take(N * 8)?.try_into().ok()
    }

    /// The bytes that hold `bits` bits (rounded up to whole bytes).
    fn take(&mut self, bits: usize) -> Option<&'a [u8]> {
        let n = bits.div_ceil(8);
        let (taken, rest) = (self.0.get(..n)?, self.0.get(n..)?);
        self.0 = rest;
        Some(taken)
    }
}

/// Each character's position in `alphabet`, or `None` if one is not in it.
fn indices(text: &str, alphabet: &[u8]) -> Option<Vec<u8>> {
    text.bytes().map(|c| alphabet.iter().position(|&a| a == c).map(|i| i as u8)).collect()
}

fn text(values: &[u8], alphabet: &[u8]) -> String {
    values.iter().map(|&v| char::from(alphabet[usize::from(v)])).collect()
}

/// `values` of `width` bits each, most significant first, zero-padded to a byte.
fn pack_bits(values: &[u8], width: u32) -> Vec<u8> {
    let (mut out, mut acc, mut held) = (Vec::new(), 0u32, 0u32);
    for &v in values {
        acc = acc << width | u32::from(v);
        held += width;
        while held >= 8 {
            held -= 8;
            out.push((acc >> held) as u8);
            acc &= (1 << held) - 1;
        }
    }
    if held > 0 {
        out.push((acc << (8 - held)) as u8);
    }
    out
}

/// The first `count` values of `width` bits in `bytes` (which hold enough).
fn unpack_bits(bytes: &[u8], width: u32, count: usize) -> Vec<u8> {
    let (mut out, mut acc, mut held) = (Vec::with_capacity(count), 0u32, 0u32);
    let mut bytes = bytes.iter();
    while out.len() < count {
        if held < width {
            acc = acc << 8 | u32::from(bytes.next().copied().unwrap_or(0));
            held += 8;
        }
        held -= width;
        out.push((acc >> held) as u8 & ((1 << width) - 1) as u8);
        acc &= (1 << held) - 1;
    }
    out
}
