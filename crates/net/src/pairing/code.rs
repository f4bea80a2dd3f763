//! A [`PairingCode`] as the text in a QR code: `DD1:` then base45 of the
//! packed bytes and a 3-byte checksum.
//!
//! The marker tells a Dice Duel code from any other QR code (a URL, a
//! Wi-Fi login) and carries the format's version, so an old app can say
//! "update" rather than "damaged". The checksum (the first 3 bytes of
//! SHA-256, which the crate already uses for its dice) is not what catches
//! a bad scan — the QR code's own Reed–Solomon does that — but what refuses
//! a code typed or pasted with a mistake, or cut short.

use sha2::{Digest, Sha256};

use super::{base45, packing, CodeError, EncodeError, PairingCode};

/// The format this build writes and the newest it reads.
pub const VERSION: u32 = 1;
/// Every code starts with this, then the version, then `:`.
const MARKER: &str = "DD";
/// Bytes of SHA-256 kept: a damaged code passes once in 16.7 million.
const CHECKSUM: usize = 3;

impl PairingCode {
    /// This code as QR-ready text: `DD1:` and base45 (only characters of a
    /// QR code's alphanumeric mode, so the QR code stays small).
    ///
    /// # Errors
    /// [`EncodeError::NoAddress`] for a description with no candidate, and
    /// the other [`EncodeError`]s if a field does not fit the format (see
    /// [`packing::pack`]).
    pub fn encode(&self) -> Result<String, EncodeError> {
        // Refused here too, so the host sees why before a guest scans in vain.
        if self.description.candidates.is_empty() {
            return Err(EncodeError::NoAddress);
        }
        let mut bytes = packing::pack(self)?;
        let sum = checksum(VERSION, &bytes);
        bytes.extend_from_slice(&sum);
        Ok(format!("{MARKER}{VERSION}:{}", base45::encode(&bytes)))
    }

    /// The code in a scanned or pasted `text`. Surrounding whitespace and
    /// letter case are forgiven (some scanners lowercase what they read).
    ///
    /// # Errors
    /// [`CodeError::Foreign`] for text without the `DD<version>:` marker,
    /// [`CodeError::Newer`] for a version above [`VERSION`],
    /// [`CodeError::Damaged`] if the rest is not base45, fails its checksum
    /// or does not unpack, and [`CodeError::NoAddress`] for a code with no
    /// candidate (a device with no network when it made the code).
    pub fn decode(text: &str) -> Result<Self, CodeError> {
        let text = text.trim().to_ascii_uppercase();
        let (version, body) = text
            .strip_prefix(MARKER)
            .and_then(|rest| rest.split_once(':'))
            .filter(|(version, _)| {
                (1..=9).contains(&version.len()) && version.bytes().all(|b| b.is_ascii_digit())
            })
            .ok_or(CodeError::Foreign)?;
        let version: u32 = version.parse().map_err(|_| CodeError::Foreign)?;
        if version > VERSION {
            return Err(CodeError::Newer);
        }
        if version == 0 {
            return Err(CodeError::Foreign);
        }
        let bytes = base45::decode(body).map_err(|_| CodeError::Damaged)?;
        let split = bytes.len().checked_sub(CHECKSUM).ok_or(CodeError::Damaged)?;
        let (packed, sum) = bytes.split_at(split);
        if checksum(version, packed) != sum {
            return Err(CodeError::Damaged);
        }
        let code = packing::unpack(packed).ok_or(CodeError::Damaged)?;
        if code.description.candidates.is_empty() {
            return Err(CodeError::NoAddress);
        }
        Ok(code)
    }
}

/// The first [`CHECKSUM`] bytes of SHA-256 over the version and the packed code.
pub(super) fn checksum(version: u32, packed: &[u8]) -> [u8; CHECKSUM] {
    let digest = Sha256::new().chain_update(version.to_be_bytes()).chain_update(packed).finalize();
    let mut sum = [0; CHECKSUM];
    sum.copy_from_slice(&digest[..CHECKSUM]);
    sum
}
