//! The signalling websocket a room link opened before the game arrived
//! (issue 32): `index.html` connects to `/signal/<room>` at the top of the
//! page and keeps what the server says (its id for us, the host's offer and
//! ICE candidates) in `window.__ddSignal`. The first signaller of the page
//! takes that socket over instead of connecting again, so the host's offer is
//! already waiting when the game starts: a guest on a phone's network saves
//! the websocket's set-up and a round trip through the server.
//!
//! Taken once, and only for the URL it was opened for; a socket that already
//! closed (a refusal, a server away) is left alone and the caller connects as
//! before, so a refusal is heard again in its own words.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use futures::channel::{mpsc, oneshot};
use futures::StreamExt;
use matchbox_socket::async_trait::async_trait;
use matchbox_socket::{PeerEvent, PeerRequest, SignalingError, Signaller};
use send_wrapper::SendWrapper;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CloseEvent, MessageEvent, WebSocket};

use super::early_peers::Kept;
use super::signaller::{decode, encode, Closed};

/// What the socket said, in order: a text frame, or its end (code, reason).
enum Frame {
    Text(String),
    End(u16, String),
}

/// The page's early socket for `url`, taken over (once), or `None`: none was
/// opened, it was opened for another URL, or it has closed already.
/// The frames about `kept` peers (whose connections the page made) are kept from matchbox.
pub async fn adopt(
    url: &str,
    lost: Arc<AtomicBool>,
    closed: Closed,
    kept: Arc<Kept>,
) -> Option<AdoptedSignaller> {
    let window = web_sys::window()?;
    let key = JsValue::from_str("__ddSignal");
    let early = js_sys::Reflect::get(&window, &key).ok().filter(JsValue::is_object)?;
    let _ = js_sys::Reflect::delete_property(&window, &key);
    let get = |name: &str| js_sys::Reflect::get(&early, &name.into()).ok();
    let ws: WebSocket = get("ws")?.dyn_into().ok()?;
    if get("url")?.as_string().as_deref() != Some(url) {
        ws.close().ok();
        return None;
    }
    // Still connecting: wait for it (the page's handlers keep collecting meanwhile). Nothing may
    // be sent before it opens, and matchbox answers the host's offer as soon as it reads it.
    if ws.ready_state() == WebSocket::CONNECTING {
        let (done, settled) = oneshot::channel::<()>();
        let mut done = Some(done);
        let settle = Closure::<dyn FnMut()>::new(move || {
            if let Some(d) = done.take() {
                let _ = d.send(());
            }
        });
        // Removed when this wait ends, and also if it is dropped halfway (the connection gave up
        // on this socket): the page must never call a closure that is gone.
        let _listening = Listening::new(&ws, settle);
        let _ = settled.await;
    }
    if ws.ready_state() != WebSocket::OPEN {
        // Refused or unreachable: the caller connects as before and hears why in its own words.
        ws.set_onmessage(None);
        ws.set_onclose(None);
        return None;
    }
    let (tx, frames) = mpsc::unbounded();
    // What arrived before the game, handed on first and in order. Nothing can arrive in between:
    // the queue is read and the handlers replaced in this one turn of the page's event loop.
    if let Some(queue) = get("queue").and_then(|q| q.dyn_into::<js_sys::Array>().ok()) {
        for text in queue.iter().filter_map(|t| t.as_string()) {
            let _ = tx.unbounded_send(Frame::Text(text));
        }
    }
    let on_message = {
        let tx = tx.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            if let Some(text) = e.data().as_string() {
                let _ = tx.unbounded_send(Frame::Text(text));
            }
        })
    };
    let on_close = Closure::<dyn FnMut(CloseEvent)>::new(move |e: CloseEvent| {
        let _ = tx.unbounded_send(Frame::End(e.code(), e.reason()));
    });
    ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    Some(AdoptedSignaller {
        ws: SendWrapper::new(ws),
        frames,
        _handlers: SendWrapper::new((on_message, on_close)),
        lost,
        closed,
        kept,
    })
}

/// A closure listening for a socket's `open` and `close`, until dropped.
struct Listening<'a> {
    ws: &'a WebSocket,
    f: Closure<dyn FnMut()>,
}

impl<'a> Listening<'a> {
    fn new(ws: &'a WebSocket, f: Closure<dyn FnMut()>) -> Listening<'a> {
        for event in ["open", "close"] {
            ws.add_event_listener_with_callback(event, f.as_ref().unchecked_ref()).ok();
        }
        Listening { ws, f }
    }
}

impl Drop for Listening<'_> {
    fn drop(&mut self) {
        for event in ["open", "close"] {
            self.ws.remove_event_listener_with_callback(event, self.f.as_ref().unchecked_ref()).ok();
        }
    }
}

/// The socket's message and close handlers.
type Handlers = (Closure<dyn FnMut(MessageEvent)>, Closure<dyn FnMut(CloseEvent)>);

/// matchbox's signaller over the adopted socket: the same JSON frames as
/// [`super::signaller::WatchedSignaller`], and the same report of its end.
pub struct AdoptedSignaller {
    /// The page's one thread owns it (matchbox asks for `Send`; wasm has no other thread).
    ws: SendWrapper<WebSocket>,
    frames: mpsc::UnboundedReceiver<Frame>,
    /// Kept alive while the socket may call them.
    _handlers: SendWrapper<Handlers>,
    lost: Arc<AtomicBool>,
    closed: Closed,
    kept: Arc<Kept>,
}

impl AdoptedSignaller {
    fn ended(&self, how: Option<(u16, String)>) {
        if let (Some(how), Ok(mut slot)) = (how, self.closed.lock()) {
            *slot = Some(how);
        }
        self.lost.store(true, Ordering::Relaxed);
    }
}

impl Drop for AdoptedSignaller {
    fn drop(&mut self) {
        self.ws.set_onmessage(None);
        self.ws.set_onclose(None);
        self.ws.close().ok();
    }
}

#[async_trait(?Send)]
impl Signaller for AdoptedSignaller {
    async fn send(&mut self, request: PeerRequest) -> Result<(), SignalingError> {
        let text = encode(&request)?;
        if self.ws.ready_state() != WebSocket::OPEN || self.ws.send_with_str(&text).is_err() {
            self.ended(None);
            return Err(SignalingError::StreamExhausted);
        }
        Ok(())
    }

    async fn next_message(&mut self) -> Result<PeerEvent, SignalingError> {
        loop {
            match self.frames.next().await {
                // About a connection the page made (`early_peers.rs`): not matchbox's to answer.
                Some(Frame::Text(text)) if !self.kept.for_matchbox(&text) => {}
                Some(Frame::Text(text)) => return decode(&text),
                Some(Frame::End(code, reason)) => {
                    self.ended(Some((code, reason)));
                    return Err(SignalingError::StreamExhausted);
                }
                None => {
                    self.ended(None);
                    return Err(SignalingError::StreamExhausted);
                }
            }
        }
    }
}
