//! Headers on every response: the security policy and how long to cache.
//!
//! Trunk names every build output by its content hash (`dice-duel-<hash>_bg.wasm`,
//! `main-<hash>.css`), so those can be cached for a year; everything else must be
//! revalidated (`no-cache`), or a tablet would keep an `index.html`, manifest or
//! service worker that points at files of an old build.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::Response;

use crate::csp::Csp;

/// A year: the longest cache lifetime browsers honour.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Cache, but ask the server (a cheap 304) before every use.
pub const REVALIDATE: &str = "no-cache";
/// Never cache: live data, refusals and errors.
pub const NO_STORE: &str = "no-store";
/// Unhashed images (the app icon): a day. The browser asks for the favicon
/// again on every in-app navigation; offline, a `no-cache` icon fails there
/// (a console error per screen change in offline practice), and a day-old
/// icon after a release harms nobody.
pub const A_DAY: &str = "public, max-age=86400";

/// Middleware: adds the security headers and, unless the handler chose one,
/// `Cache-Control`.
pub async fn add_headers(State(csp): State<Arc<Csp>>, request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    let mut response = next.run(request).await;
    let status = response.status();
    let headers = response.headers_mut();
    headers.insert(CONTENT_SECURITY_POLICY, csp.header());
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    // Share links carry the room id: never leak it to another site.
    headers.insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    // For browsers without CSP `frame-ancestors`.
    headers.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    if !headers.contains_key(CACHE_CONTROL) {
        headers.insert(CACHE_CONTROL, HeaderValue::from_static(cache_control(&path, status)));
    }
    response
}

/// The `Cache-Control` for a response with `status` to a GET of `path`.
pub fn cache_control(path: &str, status: StatusCode) -> &'static str {
    let fresh = status.is_success() || status == StatusCode::NOT_MODIFIED;
    if !fresh || path == "/health" || path.starts_with("/signal") {
        return NO_STORE;
    }
    if is_build_output(path) {
        IMMUTABLE
    } else if is_image(path) {
        A_DAY
    } else {
        REVALIDATE
    }
}

fn is_image(path: &str) -> bool {
    [".svg", ".png", ".ico", ".webp"].iter().any(|ext| path.ends_with(ext))
}

/// A file (its last segment has an extension) whose name, or one of whose
/// folders, carries a content hash: `name-<8 to 16 hex>` with an optional `_bg`
/// (wasm-bindgen) before the extension. wasm-bindgen's `snippets/<crate>-<hash>/`
/// folders count too. App routes never do: they have no extension.
pub fn is_build_output(path: &str) -> bool {
    let mut segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let Some(file) = segments.pop() else { return false };
    let Some((stem, _extension)) = file.split_once('.') else { return false };
    has_hash(stem.strip_suffix("_bg").unwrap_or(stem)) || segments.iter().any(|dir| has_hash(dir))
}

fn has_hash(name: &str) -> bool {
    name.rsplit_once('-').is_some_and(|(base, hash)| {
        !base.is_empty() && (8..=16).contains(&hash.len()) && hash.bytes().all(|b| b.is_ascii_hexdigit())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trunk_outputs_are_immutable_and_the_rest_revalidates() {
        let ok = StatusCode::OK;
        for hashed in [
            "/dice-duel-1f2e3d4c5b6a7980_bg.wasm",
            "/dice-duel-1f2e3d4c5b6a7980.js",
            "/main-9a8b7c6d5e4f3a2b.css",
            "/snippets/leptos-0123456789abcdef/inline0.js",
        ] {
            assert_eq!(cache_control(hashed, ok), IMMUTABLE, "{hashed}");
            assert_eq!(cache_control(hashed, StatusCode::NOT_MODIFIED), IMMUTABLE, "{hashed}");
        }
        for plain in [
            "/",
            "/index.html",
            "/manifest.webmanifest",
            "/sw.js",
            "/service-worker.js",
            "/lobby/abc-1234567890",
            "/duel-deadbeef",
        ] {
            assert_eq!(cache_control(plain, ok), REVALIDATE, "{plain}");
        }
    }

    #[test]
    fn unhashed_icons_are_kept_a_day() {
        assert_eq!(cache_control("/icon.svg", StatusCode::OK), A_DAY);
        assert_eq!(cache_control("/icons/192.png", StatusCode::OK), A_DAY);
        assert_eq!(cache_control("/icon.svg", StatusCode::NOT_FOUND), NO_STORE);
    }

    #[test]
    fn errors_and_live_data_are_never_stored() {
        assert_eq!(cache_control("/dice-duel-1f2e3d4c5b6a7980_bg.wasm", StatusCode::NOT_FOUND), NO_STORE);
        assert_eq!(cache_control("/health", StatusCode::OK), NO_STORE);
        assert_eq!(cache_control("/signal/room", StatusCode::SWITCHING_PROTOCOLS), NO_STORE);
    }
}
