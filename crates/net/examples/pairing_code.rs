//! A browser's SDP through a pairing code and back, for checking by hand
//! (or by a browser script) that the rebuilt SDP still connects:
//!
//! ```text
//! cargo run -p duel-net --example pairing_code -- offer < offer.sdp
//! ```
//!
//! Prints the rebuilt SDP on stdout, and the code, its size and any
//! refusal on stderr.

use std::io::Read;
use std::process::ExitCode;

use duel_net::pairing::{parse_sdp, Kind, PairingCode};
use duel_net::PeerId;

fn main() -> ExitCode {
    let kind = match std::env::args().nth(1).as_deref() {
        Some("offer") => Kind::Offer,
        Some("answer") => Kind::Answer,
        _ => {
            eprintln!("usage: pairing_code offer|answer < sdp");
            return ExitCode::FAILURE;
        }
    };
    let mut sdp = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut sdp) {
        eprintln!("{e}");
        return ExitCode::FAILURE;
    }
    let description = match parse_sdp(&sdp) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let code = PairingCode {
        kind,
        peer: PeerId(u128::MAX / 3),
        invite: u8::from(kind == Kind::Offer),
        room: "k3m9x7p2q8r4t6v1w5y0".into(),
        description,
    };
    let decoded = code.encode().map_err(|e| e.to_string()).and_then(|text| {
        eprintln!("{} characters: {text}", text.len());
        PairingCode::decode(&text).map_err(|e| e.to_string())
    });
    match decoded {
        Ok(decoded) => {
            print!("{}", decoded.description.to_sdp());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
