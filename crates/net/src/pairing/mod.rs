//! Pairing codes: a WebRTC offer or answer small enough for a QR code read
//! across a table, so two devices with no signalling server (no internet)
//! can still connect (issue 34).
//!
//! - [`base45`]: RFC 9285, the densest text a QR code holds.

pub mod base45;
