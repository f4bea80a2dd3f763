//! The built app (`dist/`) as static files, with the single-page-app fallback.
//!
//! The build writes Brotli and gzip copies beside each text and wasm file
//! (`scripts/lib/precompress.sh`, a Trunk post-build hook); a browser that
//! accepts them gets the smaller copy (a first visit: 2.3 MB of wasm becomes
//! well under a third of that), anything else the plain file.
//!
//! The app routes in the browser (`/lobby`, `/game`, …), so a reload on such a path
//! must get `index.html`. A missing *file* (`/app-1234.wasm` after a rebuild) must
//! stay a 404, or the browser would try to run HTML as wasm and fail obscurely.

use std::convert::Infallible;
use std::path::Path;

use axum::extract::Request;
use axum::http::{Method, StatusCode};
use axum::response::{IntoResponse, Response};
use tower::service_fn;
use tower::util::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

/// The longest file or folder name most file systems allow (`NAME_MAX`).
const MAX_SEGMENT_BYTES: usize = 255;
/// Far beyond any path of ours, well under `PATH_MAX`.
const MAX_PATH_BYTES: usize = 1024;

/// Serves `dist`, falling back to `dist/index.html` for unknown app routes.
///
/// `dist` may be missing at start (the app not built yet); files are looked up per
/// request, so a later `trunk build` is picked up without a restart.
pub fn app_service(
    dist: &Path,
) -> impl tower::Service<Request, Response = Response, Error = Infallible, Future = impl Send + 'static> + Clone
{
    let index = dist.join("index.html");
    let spa = service_fn(move |req: Request| {
        let index = index.clone();
        async move {
            let response = if is_app_route(req.method(), req.uri().path()) {
                ServeFile::new(index)
                    .precompressed_br()
                    .precompressed_gzip()
                    .oneshot(req)
                    .await
                    .into_response()
            } else {
                StatusCode::NOT_FOUND.into_response()
            };
            Ok::<_, Infallible>(response)
        }
    });
    let files = ServeDir::new(dist).precompressed_br().precompressed_gzip().fallback(spa);
    service_fn(move |req: Request| {
        let files = files.clone();
        async move {
            // A name longer than the file system allows makes ServeDir's open fail
            // with ENAMETOOLONG, which it answers 500 with an ERROR log line per
            // request. No such file can exist: it is simply not found. The raw
            // (percent-encoded) length bounds the decoded one.
            if !is_plausible_path(req.uri().path()) {
                return Ok(StatusCode::NOT_FOUND.into_response());
            }
            files.oneshot(req).await.map(IntoResponse::into_response)
        }
    })
}

/// Whether `path` could name a file at all.
fn is_plausible_path(path: &str) -> bool {
    path.len() <= MAX_PATH_BYTES && path.split('/').all(|segment| segment.len() <= MAX_SEGMENT_BYTES)
}

/// A browser navigation the app should handle: a GET or HEAD whose last path
/// segment has no file extension.
fn is_app_route(method: &Method, path: &str) -> bool {
    let is_read = method == Method::GET || method == Method::HEAD;
    let last = path.rsplit('/').next().unwrap_or_default();
    is_read && !last.contains('.')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn app_routes_fall_back_and_files_do_not() {
        assert!(is_app_route(&Method::GET, "/"));
        assert!(is_app_route(&Method::GET, "/lobby/abc"));
        assert!(is_app_route(&Method::HEAD, "/game"));
        assert!(!is_app_route(&Method::GET, "/dice-duel-123.wasm"));
        assert!(!is_app_route(&Method::GET, "/style/missing.css"));
        assert!(!is_app_route(&Method::POST, "/lobby"));
    }

    #[test]
    fn overlong_names_cannot_be_files() {
        assert!(is_plausible_path(&format!("/{}", "a".repeat(255))));
        assert!(!is_plausible_path(&format!("/{}", "a".repeat(256))));
        assert!(!is_plausible_path(&"/a".repeat(600)));
    }
}
