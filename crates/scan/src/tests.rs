//! Real pairing-code-sized QR codes, made by the app's encoder with the app's settings
//! (`src/net/qr.rs`), drawn into camera-like frames: scaled by a factor that is not a whole
//! number, blurred, low in contrast, off-centre on a grey background.

use super::*;
use qrcode::{Color, EcLevel, QrCode};

/// The characters of base45 (RFC 9285): all QR alphanumeric, as the pairing codes are.
const BASE45: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";

/// A stand-in pairing code: `DD1:` and `n` base45 characters from a fixed seed.
fn pairing_text(n: usize, seed: u64) -> String {
    let mut state = seed;
    let mut text = String::from("DD1:");
    for _ in 0..n {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        text.push(char::from(BASE45[(state >> 33) as usize % BASE45.len()]));
    }
    text
}

/// A grey frame, row by row.
struct Frame {
    width: usize,
    height: usize,
    luma: Vec<u8>,
}

impl Frame {
    fn filled(width: usize, height: usize, level: u8) -> Self {
        Self { width, height, luma: vec![level; width * height] }
    }

    fn at(&self, x: usize, y: usize) -> f32 {
        f32::from(self.luma[y * self.width + x])
    }

    /// `text` as src/net/qr.rs encodes it (medium error correction, four modules of quiet
    /// zone), `module` pixels a module, `dark` on `light`.
    fn qr(text: &str, module: usize, dark: u8, light: u8) -> Self {
        let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).expect("fits a QR code");
        let modules = code.width();
        let colors = code.to_colors();
        let side = (modules + 8) * module;
        let mut frame = Self::filled(side, side, light);
        for (i, color) in colors.iter().enumerate() {
            if *color == Color::Dark {
                let (mx, my) = (i % modules + 4, i / modules + 4);
                for y in my * module..(my + 1) * module {
                    frame.luma[y * side + mx * module..y * side + (mx + 1) * module].fill(dark);
                }
            }
        }
        frame
    }

    /// Resampled (bilinear) by `factor`, as a camera's picture rarely lands one module on a
    /// whole number of pixels.
    fn scaled(&self, factor: f32) -> Self {
        let (width, height) = ((self.width as f32 * factor) as usize, (self.height as f32 * factor) as usize);
        let mut out = Self::filled(width, height, 0);
        for y in 0..height {
            for x in 0..width {
                let sx = ((x as f32 + 0.5) / factor - 0.5).clamp(0.0, (self.width - 1) as f32);
                let sy = ((y as f32 + 0.5) / factor - 0.5).clamp(0.0, (self.height - 1) as f32);
                let (x0, y0) = (sx as usize, sy as usize);
                let (x1, y1) = ((x0 + 1).min(self.width - 1), (y0 + 1).min(self.height - 1));
                let (fx, fy) = (sx - x0 as f32, sy - y0 as f32);
                let top = self.at(x0, y0) * (1.0 - fx) + self.at(x1, y0) * fx;
                let bottom = self.at(x0, y1) * (1.0 - fx) + self.at(x1, y1) * fx;
                out.luma[y * width + x] = (top * (1.0 - fy) + bottom * fy).round() as u8;
            }
        }
        out
    }

    /// A 3 × 3 box blur: a camera slightly out of focus.
    fn blurred(&self) -> Self {
        let mut out = Self::filled(self.width, self.height, 0);
        for y in 0..self.height {
            for x in 0..self.width {
                let mut sum = 0.0;
                for (dx, dy) in (0..9).map(|i| (i % 3, i / 3)) {
                    let sx = (x + dx).saturating_sub(1).min(self.width - 1);
                    let sy = (y + dy).saturating_sub(1).min(self.height - 1);
                    sum += self.at(sx, sy);
                }
                out.luma[y * self.width + x] = (sum / 9.0).round() as u8;
            }
        }
        out
    }

    /// `other` drawn onto this frame with its top left corner at (`left`, `top`).
    fn with(mut self, other: &Self, left: usize, top: usize) -> Self {
        for y in 0..other.height {
            let row = &other.luma[y * other.width..(y + 1) * other.width];
            let at = (top + y) * self.width + left;
            self.luma[at..at + other.width].copy_from_slice(row);
        }
        self
    }

    /// The frame as a canvas gives it (RGBA), tinted like a screen under warm light.
    fn rgba(&self) -> Vec<u8> {
        self.luma.iter().flat_map(|&l| [l.saturating_add(12), l, l.saturating_sub(10), 255]).collect()
    }
}

/// A camera-sized frame: a pairing code about 3.3 pixels a module, blurred, dark grey on
/// light grey, off-centre on a mid-grey background.
fn camera_frame(text: &str) -> Frame {
    let code = Frame::qr(text, 4, 40, 215).scaled(0.83).blurred();
    assert!(code.width < 600, "the code fits the frame: {} px", code.width);
    Frame::filled(640, 480, 150).with(&code, 37, 21)
}

#[test]
fn a_pairing_code_of_real_size_reads_back_exactly() {
    let text = pairing_text(205, 7);
    assert_eq!(text.len(), 209);
    let frame = camera_frame(&text);
    assert_eq!(decode_luma(&frame.luma, frame.width, frame.height), vec![text.clone()]);
    assert_eq!(decode_rgba(&frame.rgba(), frame.width, frame.height), vec![text]);
}

#[test]
fn other_pairing_codes_read_back_too() {
    for (n, seed) in [(180, 1), (205, 2), (230, 3)] {
        let text = pairing_text(n, seed);
        let frame = camera_frame(&text);
        assert_eq!(
            decode_luma(&frame.luma, frame.width, frame.height),
            vec![text],
            "{n} characters, seed {seed}"
        );
    }
}

#[test]
fn a_frame_with_no_code_reads_nothing() {
    // Gradients, blocks and noise: edges everywhere, but no finder pattern.
    let (width, height) = (640, 480);
    let mut frame = Frame::filled(width, height, 0);
    let mut state = 99_u32;
    for y in 0..height {
        for x in 0..width {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let block = if (x / 40 + y / 30) % 2 == 0 { 60 } else { 0 };
            let noise = (state >> 24) % 24;
            frame.luma[y * width + x] = ((x * 120 / width + y * 60 / height) as u32 + block + noise) as u8;
        }
    }
    assert_eq!(decode_luma(&frame.luma, width, height), Vec::<String>::new());
    assert_eq!(decode_rgba(&frame.rgba(), width, height), Vec::<String>::new());
}

#[test]
fn random_noise_never_panics() {
    let mut state = 5_u64;
    for (width, height) in [(1, 1), (7, 3), (64, 64), (320, 240), (640, 360)] {
        let luma: Vec<u8> = (0..width * height)
            .map(|_| {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                (state >> 56) as u8
            })
            .collect();
        assert!(decode_luma(&luma, width, height).len() <= 1);
    }
}

#[test]
fn a_frame_of_the_wrong_shape_reads_nothing() {
    let frame = camera_frame(&pairing_text(205, 7));
    let (w, h) = (frame.width, frame.height);
    assert!(decode_luma(&frame.luma, w, h - 1).is_empty(), "too many bytes");
    assert!(decode_luma(&frame.luma[1..], w, h).is_empty(), "too few bytes");
    assert!(decode_rgba(&frame.luma, w, h).is_empty(), "grey bytes given as RGBA");
    assert!(decode_luma(&[], 0, 0).is_empty());
    assert!(decode_luma(&[0; 4], usize::MAX, 2).is_empty(), "width × height overflows");
    assert!(decode_rgba(&[0; 4], usize::MAX / 2, 1).is_empty(), "× 4 overflows");
    assert!(decode_luma(&[0; 4], MAX_PIXELS + 1, 1).is_empty());
}
