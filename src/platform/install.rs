//! The page's update and install hooks, kept by `index.html`'s inline script:
//! whether a newer build has taken over (`window.__ddUpdateReady`), and the
//! browser's install offer (`window.__ddInstall`, a `beforeinstallprompt`
//! event). Read through `js_sys::Reflect`, so no web-sys features are added.
//! Natively nothing is ever ready or offered.

/// Whether a newer build of the app is ready (its service worker took over).
pub fn update_ready() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        super::js::global("__ddUpdateReady").is_some_and(|v| v.is_truthy())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        false
    }
}

/// Whether the browser offers to install the app now.
pub fn installable() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        super::js::global("__ddInstall").is_some_and(|v| v.is_truthy())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        false
    }
}

/// Shows the browser's own install prompt (it can be used once).
pub fn install() {
    #[cfg(target_arch = "wasm32")]
    imp::install();
}

/// Reloads the page: the service worker and the server hand out the newest build.
pub fn reload() {
    #[cfg(target_arch = "wasm32")]
    if let Some(window) = web_sys::window() {
        let _ = window.location().reload();
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use js_sys::Reflect;
    use wasm_bindgen::JsValue;

    use super::super::js::{call, global};

    pub fn install() {
        let Some(offer) = global("__ddInstall") else { return };
        let _ = call(&offer, "prompt", &[]);
        // The offer is spent either way; the page says so again if it comes back.
        let _ = Reflect::set(&js_sys::global(), &JsValue::from_str("__ddInstall"), &JsValue::NULL);
    }
}
