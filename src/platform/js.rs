//! Reaching browser APIs that web-sys would need a feature (and wasm) for:
//! a property by name, a method call, a promise awaited. Shared by the
//! clipboard, the install and update hooks and the device helpers.

use js_sys::{Array, Function, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// `target[key]`, or `None` when it is missing (undefined or null).
pub fn get(target: &JsValue, key: &str) -> Option<JsValue> {
    Reflect::get(target, &JsValue::from_str(key)).ok().filter(|v| !v.is_undefined() && !v.is_null())
}

/// `globalThis[key]`.
pub fn global(key: &str) -> Option<JsValue> {
    get(&js_sys::global(), key)
}

/// `navigator`.
pub fn navigator() -> Option<JsValue> {
    global("navigator")
}

/// Calls `target[method](args…)`; `None` when there is no such method or it threw.
pub fn call(target: &JsValue, method: &str, args: &[JsValue]) -> Option<JsValue> {
    let f: Function = get(target, method)?.dyn_into().ok()?;
    f.apply(target, &args.iter().collect::<Array>()).ok()
}

/// Calls `target[method](args…)` and awaits the promise it returns.
pub async fn call_await(target: &JsValue, method: &str, args: &[JsValue]) -> Option<JsValue> {
    let promise: Promise = call(target, method, args)?.dyn_into().ok()?;
    JsFuture::from(promise).await.ok()
}
