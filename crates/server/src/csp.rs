//! The Content-Security-Policy the app, its wasm and its service worker run under.
//!
//! Trunk puts an inline `<script type="module">` in `index.html` that imports the
//! hashed JS and starts the hashed wasm; its text names those hashes, so it
//! changes with every build. Rather than `'unsafe-inline'` (which would let any
//! injected script run), the policy lists the SHA-256 of each inline script of the
//! `index.html` being served, re-read when the file changes. Styles do allow
//! `'unsafe-inline'`: Leptos sets `style` attributes (board pieces, result bars),
//! which CSP governs as inline style, and inline style cannot run code.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime};

use axum::http::HeaderValue;
use base64::Engine as _;
use sha2::{Digest, Sha256};

/// How often `index.html` is checked for a rebuild.
const RECHECK: Duration = Duration::from_secs(1);

/// The policy for `dist`, kept in step with its `index.html`.
#[derive(Debug)]
pub struct Csp {
    index: PathBuf,
    cached: Mutex<Cached>,
}

#[derive(Debug)]
struct Cached {
    checked: Option<Instant>,
    /// Modification time and length of the `index.html` the header was made from.
    made_from: Option<(SystemTime, u64)>,
    header: HeaderValue,
}

impl Csp {
    /// The policy for the app in `dist` (which may not be built yet).
    pub fn new(dist: &Path) -> Self {
        let cached = Cached { checked: None, made_from: None, header: header_value(&policy(&[])) };
        Self { index: dist.join("index.html"), cached: Mutex::new(cached) }
    }

    /// The header for a response now.
    pub fn header(&self) -> HeaderValue {
        let mut cached = self.cached.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        if cached.checked.is_some_and(|at| now.duration_since(at) < RECHECK) {
            return cached.header.clone();
        }
        cached.checked = Some(now);
        let stamp = std::fs::metadata(&self.index).ok().and_then(|m| Some((m.modified().ok()?, m.len())));
        if stamp != cached.made_from {
            let html = std::fs::read_to_string(&self.index).unwrap_or_default();
            cached.header = header_value(&policy(&inline_script_hashes(&html)));
            cached.made_from = stamp;
        }
        cached.header.clone()
    }
}

/// The policy text, allowing inline scripts with these `'sha256-…'` sources.
pub fn policy(script_hashes: &[String]) -> String {
    let mut script_src = String::from("'self' 'wasm-unsafe-eval'");
    for hash in script_hashes {
        script_src.push_str(&format!(" '{hash}'"));
    }
    [
        "default-src 'self'".to_owned(),
        format!("script-src {script_src}"),
        "style-src 'self' 'unsafe-inline'".to_owned(),
        "img-src 'self' data:".to_owned(),
        // Signalling: ws: on http pages, wss: behind TLS, and ?sig= overrides.
        "connect-src 'self' ws: wss:".to_owned(),
        "worker-src 'self'".to_owned(),
        "manifest-src 'self'".to_owned(),
        "object-src 'none'".to_owned(),
        "base-uri 'none'".to_owned(),
        "form-action 'self'".to_owned(),
        "frame-ancestors 'none'".to_owned(),
    ]
    .join("; ")
}

fn header_value(policy: &str) -> HeaderValue {
    // Built from ASCII only (keywords and base64), so this cannot fail; fall back
    // to the strictest policy rather than panic.
    HeaderValue::from_str(policy).unwrap_or(HeaderValue::from_static("default-src 'none'"))
}

/// `sha256-<base64>` of each inline `<script>` (one without `src`) in `html`,
/// as a browser computes it: over the element's text, line breaks normalised.
pub fn inline_script_hashes(html: &str) -> Vec<String> {
    let lower = html.to_ascii_lowercase();
    let mut hashes = Vec::new();
    let mut from = 0;
    while let Some(at) = lower[from..].find("<script").map(|i| from + i) {
        let after_name = at + "<script".len();
        let Some(tag_end) = lower[after_name..].find('>').map(|i| after_name + i) else { break };
        let attributes = &lower[after_name..tag_end];
        let body_start = tag_end + 1;
        let Some(body_end) = lower[body_start..].find("</script").map(|i| body_start + i) else { break };
        from = body_end;
        // `<scripts>` or `<script-x>` are other elements.
        if !attributes.is_empty() && !attributes.starts_with(|c: char| c.is_ascii_whitespace()) {
            continue;
        }
        if has_src(attributes) {
            continue;
        }
        let text = html[body_start..body_end].replace("\r\n", "\n").replace('\r', "\n");
        let digest = Sha256::digest(text.as_bytes());
        hashes.push(format!("sha256-{}", base64::engine::general_purpose::STANDARD.encode(digest)));
    }
    hashes
}

fn has_src(attributes: &str) -> bool {
    let bytes = attributes.as_bytes();
    attributes.match_indices("src").any(|(i, _)| {
        let before_ok = i > 0 && bytes[i - 1].is_ascii_whitespace();
        let rest = attributes[i + 3..].trim_start();
        before_ok && (rest.starts_with('=') || rest.is_empty() || rest.starts_with(char::is_whitespace))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shape of Trunk 0.21's output for our `index.html`.
    const TRUNK_INDEX: &str = "<!DOCTYPE html><html><head>\
        <link rel=\"modulepreload\" href=\"/dice-duel-1f2e3d4c5b6a7980.js\" crossorigin=\"anonymous\">\
        <script type=\"module\">\nimport init, * as bindings from '/dice-duel-1f2e3d4c5b6a7980.js';\n\
        const wasm = await init({ module_or_path: '/dice-duel-1f2e3d4c5b6a7980_bg.wasm' });\n</script>\
        <script src=\"/external.js\"></script><SCRIPT data-src=\"x\">b()</SCRIPT>\
        </head><body></body></html>";

    #[test]
    fn hashes_inline_scripts_only() {
        let hashes = inline_script_hashes(TRUNK_INDEX);
        assert_eq!(hashes.len(), 2, "{hashes:?}");
        let loader = "\nimport init, * as bindings from '/dice-duel-1f2e3d4c5b6a7980.js';\n\
            const wasm = await init({ module_or_path: '/dice-duel-1f2e3d4c5b6a7980_bg.wasm' });\n";
        let expected = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(loader));
        assert_eq!(hashes[0], format!("sha256-{expected}"));
        assert_eq!(
            inline_script_hashes("<script>a()</script>"),
            inline_script_hashes("<script>a()</script >")
        );
    }

    #[test]
    fn a_known_hash() {
        // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
        assert_eq!(
            inline_script_hashes("<script>alert(1)</script>"),
            vec!["sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=".to_owned()]
        );
    }

    #[test]
    fn the_policy_names_what_the_app_needs() {
        let text = policy(&["sha256-abc".to_owned()]);
        for needed in [
            "script-src 'self' 'wasm-unsafe-eval' 'sha256-abc'",
            "connect-src 'self' ws: wss:",
            "worker-src 'self'",
            "frame-ancestors 'none'",
        ] {
            assert!(text.contains(needed), "{needed} missing from {text}");
        }
        assert!(!text.contains("script-src 'self' 'wasm-unsafe-eval' 'unsafe-inline'"));
    }

    #[test]
    fn follows_a_rebuild_of_index_html() {
        let dist = tempfile::tempdir().unwrap();
        let csp = Csp::new(dist.path());
        assert!(!csp.header().to_str().unwrap().contains("sha256-"));
        std::fs::write(dist.path().join("index.html"), "<script>alert(1)</script>").unwrap();
        // Force a recheck instead of sleeping a second.
        csp.cached.lock().unwrap().checked = None;
        assert!(csp
            .header()
            .to_str()
            .unwrap()
            .contains("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"));
    }
}
