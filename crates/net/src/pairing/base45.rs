//! Base45 (RFC 9285): bytes as text in the 45 characters of a QR code's
//! alphanumeric mode (`0-9 A-Z`, space, `$%*+-./:`).
//!
//! A QR code stores an alphanumeric character in 5.5 bits and a byte in 8;
//! base45 spends 3 characters on 2 bytes (16.5 bits for 16), so a pairing
//! code in base45 fills a smaller QR code than the same bytes in byte mode
//! or in base64 (which needs byte mode for its lowercase letters).
//!
//! The text never ends with a space (the last character of a chunk is at
//! most 32 for two bytes, 5 for one), so a scanner that trims trailing
//! whitespace cannot cut a code short.

/// The alphabet, in value order (RFC 9285 table 1).
const ALPHABET: &[u8; 45] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";

/// `bytes` as base45 text: 3 characters per 2 bytes, 2 for a last odd byte.
pub fn encode(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len().div_ceil(2) * 3);
    let mut push = |mut n: usize, digits: usize| {
        for _ in 0..digits {
            text.push(char::from(ALPHABET[n % 45]));
            n /= 45;
        }
    };
    let mut pairs = bytes.chunks_exact(2);
    for pair in &mut pairs {
        push(usize::from(pair[0]) << 8 | usize::from(pair[1]), 3);
    }
    if let [last] = pairs.remainder() {
        push(usize::from(*last), 2);
    }
    text
}

/// Why a text is not base45.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base45Error {
    /// A character outside the 45 (a lowercase letter, a comma…).
    Character,
    /// A chunk worth more than its bytes can hold, or a lone last character.
    Chunk,
}

/// The bytes behind base45 `text` (uppercase; callers fold case first).
///
/// # Errors
/// [`Base45Error`] for a character outside the alphabet, a 3-character
/// chunk above 65535, a 2-character chunk above 255, or a length of 3n+1.
pub fn decode(text: &str) -> Result<Vec<u8>, Base45Error> {
    let values = text
        .bytes()
        .map(|c| ALPHABET.iter().position(|&a| a == c).ok_or(Base45Error::Character))
        .collect::<Result<Vec<usize>, _>>()?;
    let mut bytes = Vec::with_capacity(values.len() / 3 * 2 + 1);
    for chunk in values.chunks(3) {
        match *chunk {
            [c0, c1, c2] => {
                let n = c0 + c1 * 45 + c2 * 45 * 45;
                let n = u16::try_from(n).map_err(|_| Base45Error::Chunk)?;
                bytes.extend_from_slice(&n.to_be_bytes());
            }
            [c0, c1] => bytes.push(u8::try_from(c0 + c1 * 45).map_err(|_| Base45Error::Chunk)?),
            _ => return Err(Base45Error::Chunk),
        }
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The examples of RFC 9285 section 4.
    #[test]
    fn rfc_examples() {
        assert_eq!(encode(b"AB"), "BB8");
        assert_eq!(encode(b"Hello!!"), "%69 VD92EX0");
        assert_eq!(encode(b"base-45"), "UJCLQE7W581");
        assert_eq!(decode("QED8WEX0").as_deref(), Ok(&b"ietf!"[..]));
        assert_eq!(decode("%69 VD92EX0").as_deref(), Ok(&b"Hello!!"[..]));
    }

    #[test]
    fn every_length_round_trips_and_never_ends_in_a_space() {
        let bytes: Vec<u8> = (0..=255).chain((0..=255).rev()).collect();
        for len in 0..bytes.len() {
            let text = encode(&bytes[..len]);
            assert!(!text.ends_with(' '), "{text:?}");
            assert_eq!(decode(&text).as_deref(), Ok(&bytes[..len]));
        }
        assert!(!encode(&[0xFF; 3]).ends_with(' '));
    }

    #[test]
    fn not_base45_is_refused() {
        assert_eq!(decode("GGW"), Err(Base45Error::Chunk), "65536 is above two bytes");
        assert_eq!(decode(":::"), Err(Base45Error::Chunk));
        assert_eq!(decode("::"), Err(Base45Error::Chunk), "2024 is above one byte");
        assert_eq!(decode("BB8B"), Err(Base45Error::Chunk), "a lone last character");
        assert_eq!(decode("bb8"), Err(Base45Error::Character));
    }
}
