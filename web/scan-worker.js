// The QR decoder's worker (issue 34): web/scan.js starts it when the browser has no
// BarcodeDetector for QR codes, and posts it camera frames. It loads the decoder Trunk builds
// from crates/scan (`scan-decoder.js`, wasm-bindgen's no-modules glue, and its wasm), beside
// this file, so the UI thread never waits on a decode.
//
// In:  { id, width, height, rgba: ArrayBuffer }   (a canvas frame, transferred)
// Out: { id, texts: string[] }   the distinct texts of the codes found (often none)
//      { id, error: string }     the decoder could not load or failed on this frame; scan.js
//                                replaces the worker (a trapped wasm instance is not reused)
/* global wasm_bindgen */
importScripts('./scan-decoder.js');

const ready = wasm_bindgen({ module_or_path: new URL('./scan-decoder_bg.wasm', self.location.href) });

self.onmessage = async (event) => {
  const { id, width, height, rgba } = event.data;
  try {
    await ready;
    const texts = wasm_bindgen.decode(new Uint8Array(rgba), width, height);
    self.postMessage({ id, texts });
  } catch (error) {
    self.postMessage({ id, error: String((error && error.message) || error) });
  }
};
