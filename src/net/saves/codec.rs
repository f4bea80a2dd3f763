//! Bytes ↔ text for `localStorage`, which only holds strings.
//!
//! `v1:` then standard base64 with padding. The prefix lets a later format
//! coexist with old saves; anything that is not exactly this shape decodes
//! to `None`, so a truncated or hand-edited value is "no save", never a panic.
//! (The host save has its own magic and checksum on top, in `duel-net`.)

const PREFIX: &str = "v1:";
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// `bytes` as storable text.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(PREFIX.len() + bytes.len().div_ceil(3) * 4);
    out.push_str(PREFIX);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> shift & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The bytes [`encode`] made, or `None` for anything else.
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let body = text.strip_prefix(PREFIX)?.as_bytes();
    if body.len() % 4 != 0 {
        return None;
    }
    let mut out = Vec::with_capacity(body.len() / 4 * 3);
    let quads = body.len() / 4;
    for (q, quad) in body.chunks(4).enumerate() {
        let pad = quad.iter().rev().take_while(|&&c| c == b'=').count();
        // Padding only at the very end, at most two.
        if pad > 2 || (pad > 0 && q + 1 != quads) {
            return None;
        }
        let mut n = 0u32;
        for &c in &quad[..4 - pad] {
            n = n << 6 | u32::from(value(c)?);
        }
        n <<= 6 * pad as u32;
        let got = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        // Bits below the last whole byte must be zero (canonical form).
        if got[3 - pad..].iter().any(|&b| b != 0) {
            return None;
        }
        out.extend_from_slice(&got[..3 - pad]);
    }
    Some(out)
}

fn value(c: u8) -> Option<u8> {
    ALPHABET.iter().position(|&a| a == c).and_then(|p| u8::try_from(p).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_length() {
        for len in 0..64 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let text = encode(&bytes);
            assert!(text.starts_with("v1:"));
            assert_eq!(decode(&text), Some(bytes), "len {len}");
        }
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(decode(&encode(&all)), Some(all));
    }

    #[test]
    fn matches_standard_base64() {
        assert_eq!(encode(b""), "v1:");
        assert_eq!(encode(b"f"), "v1:Zg==");
        assert_eq!(encode(b"fo"), "v1:Zm8=");
        assert_eq!(encode(b"foo"), "v1:Zm9v");
        assert_eq!(encode(b"foobar"), "v1:Zm9vYmFy");
        assert_eq!(decode("v1:Zm9vYg=="), Some(b"foob".to_vec()));
    }

    #[test]
    fn corrupted_text_is_none() {
        for bad in [
            "",
            "Zm9v",
            "v2:Zm9v",
            "v1:Zm9",
            "v1:Zm9v!",
            "v1:Z===",
            "v1:Zg==Zm9v",
            "v1:Zh==",
            "v1:Zm9=",
            "v1:====",
            "v1:Zm 9v",
            "v1:Zm9vYmFy\n",
        ] {
            assert_eq!(decode(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn arbitrary_text_never_panics() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..5_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = (x % 24) as usize;
            let s: String = (0..len)
                .map(|i| char::from(b"v1:AZaz09+/=-_ \x00"[((x >> (i % 60)) % 16) as usize]))
                .collect();
            if let Some(bytes) = decode(&s) {
                assert_eq!(encode(&bytes), s, "only canonical text decodes");
            }
        }
    }
}
