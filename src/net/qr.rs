//! The share link as a QR code, so a tablet at the table can join by
//! pointing its camera at the host's screen.

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};

/// `text` as a standalone SVG QR code (black on white, a quiet zone,
/// `viewBox` set so CSS can size it). Medium error correction: a screen
/// photographed at an angle still scans. Returns an empty string for text too
/// long for any QR code (links are far below the ~2.3 KB limit).
///
/// The SVG is built only from the code's modules and two fixed colours, so
/// it is safe to set as `inner_html`.
pub fn qr_svg(text: &str) -> String {
    let Ok(code) = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M) else {
        return String::new();
    };
    let svg = code
        .render::<svg::Color<'_>>()
        .min_dimensions(192, 192)
        .dark_color(svg::Color("#000"))
        .light_color(svg::Color("#fff"))
        .quiet_zone(true)
        .build();
    // Drop the XML prolog: the SVG is inlined into HTML, where it is noise.
    match svg.find("<svg") {
        Some(start) => svg[start..].to_owned(),
        None => svg,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_a_standalone_svg() {
        let svg = qr_svg("http://127.0.0.1:8080/?room=0123456789abcdefghjk");
        assert!(svg.starts_with("<svg"), "{}", &svg[..40]);
        assert!(svg.ends_with("</svg>"));
        assert!(svg.contains("viewBox"));
        assert!(svg.contains("<path"));
    }

    #[test]
    fn different_texts_give_different_codes() {
        assert_ne!(qr_svg("http://a/?room=x"), qr_svg("http://a/?room=y"));
    }

    #[test]
    fn too_long_text_gives_nothing() {
        assert_eq!(qr_svg(&"x".repeat(10_000)), "");
    }
}
