//! A text file of the app's own, asked for when a screen needs it rather than carried in the
//! wasm (issue 49: the rules reference's text, `public/rules.html`, is not in any first
//! download). The service worker keeps every file of the build, so after one visit it reads
//! offline too. Through `js_sys::Reflect` like the clipboard: no web-sys features, no wasm for
//! `Response`. Natively it reads nothing.

use std::fmt;

/// Why a file of the app's could not be read: said to the player as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextFileError {
    /// No answer: no network, and the service worker had not kept the file yet.
    Unreachable,
    /// The server answered with this status instead of the file.
    // Only the browser reads a status: natively nothing is fetched.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    Status(u16),
}

impl fmt::Display for TextFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextFileError::Unreachable => f.write_str(
                "this device is offline and had not kept them yet (they are kept after one visit online)",
            ),
            TextFileError::Status(status) => write!(f, "the server answered {status} instead"),
        }
    }
}

/// The text of `path` on this page's server (`/rules.html`).
pub async fn read(path: &str) -> Result<String, TextFileError> {
    #[cfg(target_arch = "wasm32")]
    {
        imp::read(path).await
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = path;
        Err(TextFileError::Unreachable)
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use wasm_bindgen::JsValue;

    use super::super::js::{call_await, get, global};
    use super::TextFileError;

    pub async fn read(path: &str) -> Result<String, TextFileError> {
        let window = global("window").ok_or(TextFileError::Unreachable)?;
        let response = call_await(&window, "fetch", &[JsValue::from_str(path)])
            .await
            .ok_or(TextFileError::Unreachable)?;
        if get(&response, "ok").and_then(|ok| ok.as_bool()) != Some(true) {
            let status = get(&response, "status").and_then(|s| s.as_f64()).unwrap_or(0.0);
            return Err(TextFileError::Status(status as u16));
        }
        call_await(&response, "text", &[]).await.and_then(|t| t.as_string()).ok_or(TextFileError::Unreachable)
    }
}

#[cfg(test)]
mod tests {
    use super::TextFileError;

    #[test]
    fn a_file_that_cannot_be_read_says_why_in_words() {
        assert!(TextFileError::Unreachable.to_string().contains("offline"));
        assert_eq!(TextFileError::Status(404).to_string(), "the server answered 404 instead");
    }
}
