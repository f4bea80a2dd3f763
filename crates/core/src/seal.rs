//! Commit-reveal: a secret committed to now by its digest and revealed later,
//! when anyone can check it against the commitment.
//!
//! One type for every seal in the game: the host's dice secrets (`duel-net`'s
//! `fair`: each key of each epoch) and Thunderstruck's plan seeds
//! ([`crate::thunderstruck::seal`]). Each use hashes the secret under its own
//! domain, so a commitment made for one purpose is worthless for another.
//!
//! On the wire and in saves both types are their 32 bytes and nothing else
//! (serde newtype structs), as the two types they replace were.

use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

/// A SHA-256 digest: a commitment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Digest(pub [u8; 32]);

/// A secret kept by its holder until the reveal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Secret(pub [u8; 32]);

impl std::fmt::Debug for Secret {
    /// Only a prefix: an unrevealed secret must not end up in a shared log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Secret({:02x}{:02x}…)", self.0[0], self.0[1])
    }
}

impl Secret {
    /// The public commitment to this secret for one purpose: `SHA-256(domain ‖ secret)`.
    pub fn commit(&self, domain: &[u8]) -> Digest {
        let mut h = Sha256::new();
        h.update(domain);
        h.update(self.0);
        Digest(h.finalize().into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_and_a_digest_are_their_32_bytes_on_the_wire() {
        // The two types this one replaced (`Seed`, and `duel-net`'s `Secret`)
        // were newtype structs over `[u8; 32]` too: the same bytes.
        let bytes = postcard::to_allocvec(&Secret([7; 32])).expect("encodes");
        assert_eq!(bytes, postcard::to_allocvec(&[7u8; 32]).expect("encodes"));
        assert_eq!(bytes, vec![7; 32]);
        assert_eq!(postcard::from_bytes::<Secret>(&bytes).expect("decodes"), Secret([7; 32]));
        assert_eq!(postcard::to_allocvec(&Digest([9; 32])).expect("encodes"), vec![9; 32]);
    }

    #[test]
    fn the_domain_and_the_secret_both_count() {
        let s = Secret([1; 32]);
        assert_eq!(s.commit(b"a"), Secret([1; 32]).commit(b"a"));
        assert_ne!(s.commit(b"a"), s.commit(b"b"));
        assert_ne!(s.commit(b"a"), Secret([2; 32]).commit(b"a"));
        assert!(!format!("{s:?}").contains("010101"), "the log shows a prefix only");
    }
}
