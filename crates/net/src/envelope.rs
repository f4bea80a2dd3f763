//! The envelope of bytes kept outside a running game (a room's save in
//! browser storage, a recorded game in a file): four magic bytes, a u16
//! format version, the body, and a 64-bit FNV-1a checksum of the body.
//! Storage can truncate and files get mangled: the checksum says so before
//! anything is decoded, and a format from another build is named.

use std::hash::Hasher;

use duel_core::hash::StableHasher;

/// Why enveloped bytes were not opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unopened {
    /// Not this kind of envelope at all.
    Foreign,
    /// The kind, but written in another format version.
    Format(u16),
    /// Truncated or altered: the checksum does not match.
    Damaged,
}

fn checksum(body: &[u8]) -> u64 {
    let mut h = StableHasher::default();
    h.write(body);
    h.finish()
}

use core::ops::RangeInclusive;

/// `body` in its envelope.
pub(crate) fn seal(magic: [u8; 4], format: u16, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() + 14);
    out.extend_from_slice(&magic);
    out.extend_from_slice(&format.to_le_bytes());
    out.extend_from_slice(body);
    out.extend_from_slice(&checksum(body).to_le_bytes());
    out
}

/// The body of `bytes`, if they are an intact `magic` envelope of a format in
/// `formats` (an older format whose body the current types still decode, such
/// as one before an enum gained a last variant, may be read on).
pub(crate) fn open(bytes: &[u8], magic: [u8; 4], formats: RangeInclusive<u16>) -> Result<&[u8], Unopened> {
    let (Some(head), Some(rest)) = (bytes.get(..6), bytes.get(6..)) else {
        return Err(Unopened::Foreign);
    };
    if head[..4] != magic {
        return Err(Unopened::Foreign);
    }
    let found = u16::from_le_bytes([head[4], head[5]]);
    if !formats.contains(&found) {
        return Err(Unopened::Format(found));
    }
    let split = rest.len().checked_sub(8).ok_or(Unopened::Damaged)?;
    let (body, sum) = rest.split_at(split);
    let mut sum_bytes = [0u8; 8];
    sum_bytes.copy_from_slice(sum);
    if checksum(body) != u64::from_le_bytes(sum_bytes) {
        return Err(Unopened::Damaged);
    }
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_envelope_opens_only_whole_and_of_its_kind() {
        let sealed = seal(*b"TEST", 3, b"hello");
        assert_eq!(open(&sealed, *b"TEST", 3..=3), Ok(&b"hello"[..]));
        assert_eq!(open(&sealed, *b"OTHR", 3..=3), Err(Unopened::Foreign));
        assert_eq!(open(&sealed, *b"TEST", 4..=4), Err(Unopened::Format(3)));
        assert_eq!(open(&sealed[..sealed.len() - 1], *b"TEST", 3..=3), Err(Unopened::Damaged));
        assert_eq!(open(&sealed[..7], *b"TEST", 3..=3), Err(Unopened::Damaged));
        assert_eq!(open(b"TE", *b"TEST", 3..=3), Err(Unopened::Foreign));
        assert_eq!(open(&sealed, *b"TEST", 2..=4), Ok(&b"hello"[..]), "an older format still read");
        assert_eq!(open(&sealed, *b"TEST", 4..=5), Err(Unopened::Format(3)));
        let mut flipped = sealed.clone();
        flipped[7] ^= 1;
        assert_eq!(open(&flipped, *b"TEST", 3..=3), Err(Unopened::Damaged));
    }
}
