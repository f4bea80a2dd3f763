//! Text in and out of the page: copying to the clipboard and reading a file
//! the player picked. Called through `js_sys::Reflect` rather than web-sys
//! bindings, so no web-sys features (and no wasm) are added for them. Saving a file is a
//! download link clicked by script.
//! Natively both are stand-ins that report failure.

/// Copies `text` to the clipboard. Returns whether the browser took it:
/// `navigator.clipboard` exists only on secure pages (https, localhost), so
/// on a LAN address the caller shows the text to copy by hand instead.
pub async fn copy(text: String) -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        imp::copy(&text).await
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = text;
        false
    }
}

/// The text of the first file picked in the file `<input>` with this test id
/// (`None`: nothing picked, or unreadable).
pub async fn picked_file_text(test_id: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        imp::picked_file_text(test_id).await
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = test_id;
        None
    }
}

/// Offers `text` as a file called `name` to download (a link clicked by script).
pub fn save_file(name: &str, text: &str) {
    #[cfg(target_arch = "wasm32")]
    imp::save_file(name, text);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (name, text);
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use js_sys::Reflect;
    use wasm_bindgen::JsValue;

    use super::super::js::{call_await, get, navigator};

    pub async fn copy(text: &str) -> bool {
        let Some(clipboard) = navigator().and_then(|n| get(&n, "clipboard")) else { return false };
        call_await(&clipboard, "writeText", &[JsValue::from_str(text)]).await.is_some()
    }

    pub fn save_file(name: &str, text: &str) {
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
        let Ok(a) = doc.create_element("a") else { return };
        let href = format!("data:text/plain;charset=utf-8,{}", js_sys::encode_uri_component(text));
        let _ = a.set_attribute("href", &href);
        let _ = a.set_attribute("download", name);
        if let Some(a) = wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlElement>(&a) {
            a.click();
        }
    }

    pub async fn picked_file_text(test_id: &str) -> Option<String> {
        let input =
            web_sys::window()?.document()?.query_selector(&format!("[data-testid=\"{test_id}\"]")).ok()??;
        let file = Reflect::get_u32(&get(&input, "files")?, 0).ok().filter(|f| !f.is_undefined())?;
        call_await(&file, "text", &[]).await?.as_string()
    }
}
