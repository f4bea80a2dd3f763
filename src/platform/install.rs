//! The page's update and install hooks, kept by `index.html`'s inline script:
//! whether a newer build has taken over (`window.__ddUpdateReady`), and the
//! browser's install offer (`window.__ddInstall`, a `beforeinstallprompt`
//! event). Read through `js_sys::Reflect`, so no web-sys features are added.
//! Natively nothing is ever ready or offered.

/// Whether a newer build of the app is ready (its service worker took over).
pub fn update_ready() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        imp::global("__ddUpdateReady").is_truthy()
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
        imp::global("__ddInstall").is_truthy()
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
    use js_sys::{Function, Reflect};
    use wasm_bindgen::{JsCast, JsValue};

    pub fn global(name: &str) -> JsValue {
        Reflect::get(&js_sys::global(), &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
    }

    pub fn install() {
        let offer = global("__ddInstall");
        if !offer.is_truthy() {
            return;
        }
        if let Ok(prompt) = Reflect::get(&offer, &JsValue::from_str("prompt")) {
            if let Some(prompt) = prompt.dyn_ref::<Function>() {
                let _ = prompt.call0(&offer);
            }
        }
        // The offer is spent either way; the page says so again if it comes back.
        let _ = Reflect::set(&js_sys::global(), &JsValue::from_str("__ddInstall"), &JsValue::NULL);
    }
}
