//! The camera, on demand: `web/scan.js` (loaded the first time a player
//! taps "Use the camera", never with the page) runs it and reads QR codes
//! with the browser's `BarcodeDetector` or a small Rust decoder in a worker.

use leptos::prelude::*;

/// What `scan.js` reports when the camera cannot start, in words.
fn problem_words(kind: &str) -> &'static str {
    match kind {
        "denied" => "The camera is blocked: allow it in the browser's settings for this site, or paste the code below.",
        "none" => "This device has no camera: paste the code below, or let this device show its code and the other one scan it.",
        "insecure" => "The camera only works on a secure page (https, or this device's own address): paste the code below.",
        "unsupported" => "This browser gives pages no camera (it is turned off, or missing): paste the code below.",
        "busy" => "Another app is using the camera: close it and try again.",
        "load" => "The camera reader did not load: paste the code below.",
        _ => "The camera could not start: paste the code below.",
    }
}

#[component]
pub fn Camera(on_code: Callback<String>) -> impl IntoView {
    let video = NodeRef::<leptos::html::Video>::new();
    let running = RwSignal::new(false);
    let problem = RwSignal::new(None::<&'static str>);
    let stopper: StoredValue<Option<Box<dyn Fn()>>, LocalStorage> = StoredValue::new_local(None);
    let stop = move || {
        if let Some(stop) = stopper.try_update_value(Option::take).flatten() {
            stop();
        }
        running.set(false);
    };
    on_cleanup(move || {
        if let Some(stop) = stopper.try_update_value(Option::take).flatten() {
            stop();
        }
    });
    let start = move |_| {
        problem.set(None);
        let Some(el) = video.get_untracked() else { return };
        running.set(true);
        let on_problem = move |kind: String| {
            problem.set(Some(problem_words(&kind)));
            running.set(false);
        };
        let on_text = move |text: String| on_code.run(text);
        if let Some(stop) = js::start(el, on_text, on_problem) {
            stopper.set_value(Some(stop));
        }
    };
    view! {
        <div class="pair__camera">
            <video node_ref=video class="pair__video" class:is-on=move || running.get() muted=true playsinline=true
                aria-label="The camera's view" data-testid="pair-camera"></video>
            {move || if running.get() {
                view! { <button class="btn btn--small btn--ghost" data-testid="pair-camera-stop" on:click=move |_| stop()>"Stop the camera"</button> }.into_any()
            } else {
                view! { <button class="btn btn--small btn--shields" data-testid="pair-camera-start" on:click=start>"Use the camera"</button> }.into_any()
            }}
            {move || problem.get().map(|p| view! { <p class="pair__problem" role="alert" data-testid="pair-camera-problem">{p}</p> })}
        </div>
    }
}

#[cfg(target_arch = "wasm32")]
mod js {
    use std::cell::RefCell;
    use std::rc::Rc;

    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::{JsCast, JsValue};

    type Stop = Rc<RefCell<Option<js_sys::Function>>>;

    /// Starts `scan.js` on `video` (loading it first if needed); returns
    /// what stops the camera.
    pub fn start(
        video: web_sys::HtmlVideoElement,
        on_text: impl Fn(String) + 'static,
        on_problem: impl Fn(String) + 'static,
    ) -> Option<Box<dyn Fn()>> {
        let window = web_sys::window()?;
        let stop: Stop = Rc::default();
        let on_problem = Rc::new(on_problem);
        let on_text = Closure::<dyn Fn(String)>::new(on_text).into_js_value();
        let problem_cb = {
            let on_problem = on_problem.clone();
            Closure::<dyn Fn(String)>::new(move |kind: String| on_problem(kind)).into_js_value()
        };
        let run = {
            let stop = stop.clone();
            let on_problem = on_problem.clone();
            move || {
                let Some(window) = web_sys::window() else { return };
                let scan = js_sys::Reflect::get(&window, &"ddScan".into()).ok();
                let start = scan.as_ref().and_then(|s| js_sys::Reflect::get(s, &"start".into()).ok());
                match (scan, start.and_then(|f| f.dyn_into::<js_sys::Function>().ok())) {
                    (Some(scan), Some(f)) => {
                        let args = js_sys::Array::of3(&video, &on_text, &problem_cb);
                        if let Ok(s) = f.apply(&scan, &args) {
                            *stop.borrow_mut() = s.dyn_into::<js_sys::Function>().ok();
                        }
                    }
                    _ => on_problem(String::from("load")),
                }
            }
        };
        let loaded = js_sys::Reflect::get(&window, &"ddScan".into()).is_ok_and(|v| !v.is_undefined());
        if loaded {
            run();
        } else {
            let document = window.document()?;
            let script: web_sys::HtmlScriptElement =
                document.create_element("script").ok()?.dyn_into().ok()?;
            script.set_src("/scan.js");
            let onload = Closure::once_into_js(run);
            let on_problem = on_problem.clone();
            let onerror = Closure::once_into_js(move || on_problem(String::from("load")));
            script.set_onload(Some(onload.unchecked_ref()));
            script.set_onerror(Some(onerror.unchecked_ref()));
            document.head()?.append_child(&script).ok()?;
        }
        Some(Box::new(move || {
            if let Some(f) = stop.borrow_mut().take() {
                let _ = f.call0(&JsValue::NULL);
            }
        }))
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod js {
    /// Natively there is no camera.
    pub fn start(
        _video: leptos::web_sys::HtmlVideoElement,
        _on_text: impl Fn(String) + 'static,
        on_problem: impl Fn(String) + 'static,
    ) -> Option<Box<dyn Fn()>> {
        on_problem(String::from("none"));
        None
    }
}
