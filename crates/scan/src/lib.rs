//! Reads QR codes from one camera frame, for pairing by camera (issue 34).
//!
//! The browser's scanner (`web/scan.js`) grabs frames from the camera, scales them so the
//! longest side is at most 640 px, and, where the browser has no `BarcodeDetector`, hands
//! their pixels to a worker (`web/scan-worker.js`) that calls this crate compiled to wasm
//! (`src/main.rs`). The work itself is [`rqrr`]'s: find the finder patterns, sample the
//! grid, correct the errors. This crate only checks the frame's shape and turns pixels into
//! the grey levels rqrr reads. Pure computation, no I/O: it builds and tests natively.
#![forbid(unsafe_code)]

/// The largest frame, in pixels, a call reads (a 4096 × 4096 picture). The scanner sends
/// at most 640 × 640; anything larger is a caller's mistake, refused rather than allocated.
pub const MAX_PIXELS: usize = 4096 * 4096;

/// The texts of the QR codes in an 8-bit grey frame of `width` × `height` pixels (row by
/// row, one byte per pixel, 0 black), each once, in the order found. Empty when the frame
/// holds no readable code, or when `luma` is not `width * height` bytes long or the frame is
/// empty or larger than [`MAX_PIXELS`]. Codes whose bytes are not UTF-8 are skipped.
pub fn decode_luma(luma: &[u8], width: usize, height: usize) -> Vec<String> {
    match pixels(width, height) {
        Some(n) if luma.len() == n => read_codes(luma, width, height),
        _ => Vec::new(),
    }
}

/// As [`decode_luma`], for a frame as a canvas gives it (`ImageData.data`: four bytes a
/// pixel, red, green, blue, alpha; alpha ignored). `rgba` must be `width * height * 4` bytes.
pub fn decode_rgba(rgba: &[u8], width: usize, height: usize) -> Vec<String> {
    match pixels(width, height) {
        Some(n) if n.checked_mul(4) == Some(rgba.len()) => {
            let grey: Vec<u8> = rgba.chunks_exact(4).map(|p| luma(p[0], p[1], p[2])).collect();
            read_codes(&grey, width, height)
        }
        _ => Vec::new(),
    }
}

/// The number of pixels of a frame this crate reads, or `None` for an empty or oversized one.
fn pixels(width: usize, height: usize) -> Option<usize> {
    let n = width.checked_mul(height)?;
    (n > 0 && n <= MAX_PIXELS).then_some(n)
}

/// BT.601 luma with integer weights (sum 256), as cameras and `BarcodeDetector` see grey.
fn luma(r: u8, g: u8, b: u8) -> u8 {
    let y = (77 * u32::from(r) + 150 * u32::from(g) + 29 * u32::from(b)) >> 8;
    u8::try_from(y).unwrap_or(u8::MAX)
}

/// rqrr's own reading (a moving average along each row as the black/white threshold) misses
/// codes of some sizes and blurs that another threshold finds. A frame where it finds nothing
/// is read again at one global threshold, then against the mean of the square around each
/// pixel at a few sizes, each pass only when the ones before found no code. On a sweep of
/// pairing codes drawn 2.5 to 5 pixels a module, sharp and blurred, in three contrasts on three
/// backgrounds (702 frames), rqrr alone read 321, these passes 578; a frame without a code
/// costs all of them: about 13 ms natively, 27 ms in the browser's worker (median, 640 × 480).
fn read_codes(luma: &[u8], width: usize, height: usize) -> Vec<String> {
    let mut prepared = rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| luma[y * width + x]);
    let texts = distinct(prepared.detect_grids().iter().map(|grid| grid.decode()));
    if !texts.is_empty() {
        return texts;
    }
    let level = otsu_level(luma);
    let texts = read_binary(width, height, |x, y| luma[y * width + x] <= level);
    if !texts.is_empty() {
        return texts;
    }
    for window in LOCAL_WINDOWS {
        let texts = read_local_mean(luma, width, height, window);
        if !texts.is_empty() {
            return texts;
        }
    }
    Vec::new()
}

/// The sides, in pixels, of the squares a pixel is compared with in the last passes: about a
/// finder pattern of a code across a third of a 640 × 480 frame, then a few modules (the
/// sweep above found these the best three).
const LOCAL_WINDOWS: [usize; 3] = [64, 16, 12];

fn read_binary(width: usize, height: usize, dark: impl FnMut(usize, usize) -> bool) -> Vec<String> {
    let mut prepared = rqrr::PreparedImage::prepare_from_bitmap(width, height, dark);
    distinct(prepared.detect_grids().iter().map(|grid| grid.decode()))
}

/// Read with each pixel black when darker than 95 % of the mean of the `window`-sided square
/// around it (from an integral image, so the cost does not grow with the window).
fn read_local_mean(luma: &[u8], width: usize, height: usize, window: usize) -> Vec<String> {
    let stride = width + 1;
    // sum[(y * stride) + x]: the sum of all pixels above row y and left of column x.
    let mut sum = vec![0u32; stride * (height + 1)];
    for y in 0..height {
        let mut row = 0u32;
        for x in 0..width {
            row += u32::from(luma[y * width + x]);
            sum[(y + 1) * stride + x + 1] = sum[y * stride + x + 1] + row;
        }
    }
    let r = window / 2;
    read_binary(width, height, |x, y| {
        let (x0, y0) = (x.saturating_sub(r), y.saturating_sub(r));
        let (x1, y1) = ((x + r + 1).min(width), (y + r + 1).min(height));
        let total = u64::from(
            sum[y1 * stride + x1] + sum[y0 * stride + x0] - sum[y0 * stride + x1] - sum[y1 * stride + x0],
        );
        let n = ((x1 - x0) * (y1 - y0)) as u64;
        u64::from(luma[y * width + x]) * n * 100 < total * 95
    })
}

/// Otsu's threshold: the grey level that best splits the frame's histogram in two.
fn otsu_level(luma: &[u8]) -> u8 {
    let mut histogram = [0u64; 256];
    for &l in luma {
        histogram[usize::from(l)] += 1;
    }
    let total = luma.len() as u64;
    let sum_all: u64 = histogram.iter().zip(0u64..).map(|(&n, level)| level * n).sum();
    let (mut below, mut sum_below, mut best, mut level) = (0u64, 0u64, 0f64, 0u8);
    for (&n, t) in histogram.iter().zip(0u8..=u8::MAX) {
        below += n;
        sum_below += u64::from(t) * n;
        let above = total - below;
        if below == 0 || above == 0 {
            continue;
        }
        let mean_below = sum_below as f64 / below as f64;
        let mean_above = (sum_all - sum_below) as f64 / above as f64;
        let between = below as f64 * above as f64 * (mean_below - mean_above).powi(2);
        if between > best {
            best = between;
            level = t;
        }
    }
    level
}

fn distinct<E>(decoded: impl Iterator<Item = Result<(rqrr::MetaData, String), E>>) -> Vec<String> {
    let mut texts: Vec<String> = Vec::new();
    // A grid whose errors are past correcting, or whose bytes are not text, is not read: the
    // next frame gets another chance.
    for (_meta, text) in decoded.flatten() {
        if !texts.contains(&text) {
            texts.push(text);
        }
    }
    texts
}

#[cfg(test)]
mod tests;
