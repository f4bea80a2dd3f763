//! Pairing codes under random input: whatever a camera reads, decoding
//! returns a code or a refusal and never panics (these run in debug, where
//! an overflow or a bad slice would), and every code the format can hold
//! comes back from its text unchanged.
#![allow(clippy::unwrap_used)]

use std::net::{Ipv4Addr, Ipv6Addr};

use duel_net::pairing::{
    base45, packing::MAX_CANDIDATES, Address, Candidate, CandidateType, Description, DtlsRole, Kind,
    PairingCode, Protocol,
};
use duel_net::PeerId;
use proptest::prelude::*;
use sha2::{Digest, Sha256};

fn address() -> impl Strategy<Value = Address> {
    prop_oneof![
        any::<[u8; 4]>().prop_map(|b| Address::V4(Ipv4Addr::from(b))),
        any::<[u8; 16]>().prop_map(|b| Address::V6(Ipv6Addr::from(b))),
        any::<u128>().prop_map(Address::Mdns),
        "[a-z0-9.-]{1,40}".prop_map(Address::Name),
    ]
}

fn candidate() -> impl Strategy<Value = Candidate> {
    let protocol = prop_oneof![
        Just(Protocol::Udp),
        Just(Protocol::TcpActive),
        Just(Protocol::TcpPassive),
        Just(Protocol::TcpSo)
    ];
    let kind = prop_oneof![
        Just(CandidateType::Host),
        Just(CandidateType::ServerReflexive),
        Just(CandidateType::PeerReflexive),
        Just(CandidateType::Relay)
    ];
    (address(), any::<u16>(), protocol, kind, any::<u32>()).prop_map(|(address, port, protocol, kind, p)| {
        Candidate {
            address,
            port,
            protocol,
            kind,
            // The format keeps the upper 24 bits; the low byte is 256 - component 1.
            priority: p | 0xFF,
        }
    })
}

fn code() -> impl Strategy<Value = PairingCode> {
    let dtls_role = prop_oneof![Just(DtlsRole::ActPass), Just(DtlsRole::Active), Just(DtlsRole::Passive)];
    let description = (
        "[A-Za-z0-9+/]{4,40}",
        "[A-Za-z0-9+/]{22,60}",
        any::<[u8; 32]>(),
        dtls_role,
        prop_oneof![Just(5000u16), any::<u16>()],
        prop_oneof![Just(262_144u32), any::<u32>()],
        prop::collection::vec(candidate(), 1..=MAX_CANDIDATES),
    )
        .prop_map(
            |(ice_ufrag, ice_pwd, fingerprint, dtls_role, sctp_port, max_message_size, candidates)| {
                Description {
                    ice_ufrag,
                    ice_pwd,
                    fingerprint,
                    dtls_role,
                    sctp_port,
                    max_message_size,
                    candidates,
                }
            },
        );
    let room = prop_oneof!["[0-9abcdefghjkmnpqrstvwxyz]{0,64}", "[A-Za-z0-9_-]{0,64}"];
    (any::<bool>(), any::<u128>(), 1..=u8::MAX, room, description).prop_map(
        |(answer, peer, invite, room, description)| PairingCode {
            kind: if answer { Kind::Answer } else { Kind::Offer },
            peer: PeerId(peer),
            invite: if answer { 0 } else { invite },
            room,
            description,
        },
    )
}

/// `bytes` as a version-1 code's text with a checksum that matches, so the
/// bytes reach the unpacking rather than being refused as damaged first.
fn with_checksum(mut bytes: Vec<u8>) -> String {
    let digest = Sha256::new().chain_update(1u32.to_be_bytes()).chain_update(&bytes).finalize();
    bytes.extend_from_slice(&digest[..3]);
    format!("DD1:{}", base45::encode(&bytes))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn every_code_comes_back_from_its_text(code in code()) {
        let text = code.encode().unwrap();
        prop_assert!(text.bytes().all(|b| b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".contains(&b)));
        prop_assert_eq!(PairingCode::decode(&text), Ok(code));
    }

    #[test]
    fn any_text_is_a_code_or_a_refusal(text in any::<String>()) {
        let _ = PairingCode::decode(&text);
    }

    #[test]
    fn any_marked_base45_is_a_code_or_a_refusal(body in "[0-9A-Z $%*+./:-]{0,300}") {
        let _ = PairingCode::decode(&format!("DD1:{body}"));
    }

    /// Bytes that pass the checksum but were never packed: refused, or read
    /// as a code that survives its own round trip.
    #[test]
    fn any_checksummed_bytes_are_a_code_or_a_refusal(bytes in prop::collection::vec(any::<u8>(), 0..220)) {
        if let Ok(code) = PairingCode::decode(&with_checksum(bytes)) {
            prop_assert_eq!(PairingCode::decode(&code.encode().unwrap()), Ok(code));
        }
    }

    /// A valid code's own bytes, one byte changed, checksum fixed up.
    #[test]
    fn a_code_with_a_byte_changed_is_a_code_or_a_refusal(code in code(), at in any::<prop::sample::Index>(), to in any::<u8>()) {
        let text = code.encode().unwrap();
        let mut bytes = base45::decode(&text[4..]).unwrap();
        bytes.truncate(bytes.len() - 3);
        let at = at.index(bytes.len());
        bytes[at] = to;
        let _ = PairingCode::decode(&with_checksum(bytes));
    }
}
