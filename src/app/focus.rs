//! Focus on navigation (issue 33, WCAG 2.4.3): moving to a new screen puts
//! the keyboard focus on that screen's heading, so the next Tab goes into
//! the new screen from its top (after Enter on "Learn a station", the first
//! lesson) instead of from wherever the old screen's control was. The first
//! screen of a page load keeps the browser's own focus.

use leptos::prelude::*;

/// Moves the focus to the new screen's heading whenever `screen` changes
/// (a route, or the running game's stage: lobby, battle, result).
pub fn follow_screens<T: PartialEq + Clone + Send + Sync + 'static>(screen: Memo<T>) {
    Effect::new(move |before: Option<T>| {
        let now = screen.get();
        if before.is_some_and(|b| b != now) {
            focus_heading();
        }
        now
    });
}

/// Puts the focus on the shown screen's first heading once it has rendered
/// (made focusable by script only: `tabindex="-1"`, out of the Tab order).
fn focus_heading() {
    #[cfg(target_arch = "wasm32")]
    set_timeout(
        || {
            use wasm_bindgen::JsCast;
            let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
            let Some(h) = doc.query_selector(".app h1").ok().flatten() else { return };
            if !h.has_attribute("tabindex") {
                let _ = h.set_attribute("tabindex", "-1");
            }
            if let Some(h) = h.dyn_ref::<web_sys::HtmlElement>() {
                let _ = h.focus();
            }
        },
        std::time::Duration::from_millis(30),
    );
}
