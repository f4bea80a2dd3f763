//! `scan-decoder`: the decoder as the browser runs it. Trunk builds this bin to
//! `scan-decoder.js` + `scan-decoder_bg.wasm` (index.html, `data-type="worker"`: unhashed
//! names, nothing added to the page), and `web/scan-worker.js` loads them with
//! `importScripts` once the pairing screen starts the camera. Natively it does nothing.
#![forbid(unsafe_code)]

/// The texts of the QR codes in a canvas frame (`ImageData.data`, RGBA, `width` × `height`),
/// each once; empty when there is none or the frame's shape is wrong ([`duel_scan::decode_rgba`]).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn decode(rgba: &[u8], width: u32, height: u32) -> Vec<String> {
    let (Ok(width), Ok(height)) = (usize::try_from(width), usize::try_from(height)) else {
        return Vec::new();
    };
    duel_scan::decode_rgba(rgba, width, height)
}

/// Nothing to start: the worker calls [`decode`] per frame.
fn main() {}
