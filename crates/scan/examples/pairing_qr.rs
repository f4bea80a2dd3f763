//! Prints `text` (the first argument) as the app draws a QR code (src/net/qr.rs: medium
//! error correction, a quiet zone, black on white, at least 192 px), an SVG on stdout.
//! The browser test of the scanner (tests/e2e/scan.test.js) shows it on a page to film.
//!
//! `cargo run -q -p duel-scan --example pairing_qr -- 'DD1:ABC…'`
use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = std::env::args().nth(1).ok_or("usage: pairing_qr TEXT")?;
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)?;
    let svg = code
        .render::<svg::Color<'_>>()
        .min_dimensions(192, 192)
        .dark_color(svg::Color("#000"))
        .light_color(svg::Color("#fff"))
        .quiet_zone(true)
        .build();
    println!("{}", svg.find("<svg").map_or(svg.as_str(), |start| &svg[start..]));
    Ok(())
}
