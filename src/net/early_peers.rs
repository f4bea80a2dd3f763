//! The peer connections a room link answered before the game arrived (issue
//! 32): `index.html` answers the offers that come through its early
//! signalling socket (`early_signal.rs`) with a peer connection and the same
//! three ordered channels as the game's, so a guest's WebRTC handshake (six
//! round trips on a phone's network, about 1.5 s) runs while the wasm
//! downloads. When the game takes that socket over, the driver takes these
//! connections too and treats each as matchbox treats its own; matchbox never
//! hears of those peers (their frames are kept from it: [`verdict`]).
//!
//! Nothing is lost when a connection the page made fails: it closes, the
//! connection state machine hears the peer is gone, and the room recovers as
//! from any lost link (a new socket is offered to afresh).

// Used by the browser driver and signaller (wasm32 only): natively only the tests call it.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

use std::collections::BTreeSet;
use std::sync::Mutex;

/// The peers whose connections the page made, shared by the driver and the
/// adopted signaller (which hears who left).
#[derive(Debug, Default)]
pub struct Kept {
    pub ids: BTreeSet<String>,
    /// Peers the server said left, for the driver to close.
    pub left: Mutex<Vec<String>>,
}

impl Kept {
    /// Whether matchbox may see `text`; notes a peer that left.
    pub fn for_matchbox(&self, text: &str) -> bool {
        match verdict(text, &self.ids) {
            Verdict::Pass => true,
            Verdict::Keep => false,
            Verdict::Left(peer) => {
                self.left.lock().unwrap_or_else(|e| e.into_inner()).push(peer);
                false
            }
        }
    }

    /// The peers that left since the last call.
    pub fn take_left(&self) -> Vec<String> {
        std::mem::take(&mut *self.left.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

/// What the adopted socket does with one of the server's frames.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// matchbox's, as before.
    Pass,
    /// About a connection the page made: matchbox must not answer it again.
    Keep,
    /// That peer left the room: its connection is closed.
    Left(String),
}

/// Sorts a server frame (matchbox's JSON) by the peers whose connections the
/// page made. A frame that does not parse is matchbox's (it skips it).
pub fn verdict(text: &str, adopted: &BTreeSet<String>) -> Verdict {
    if adopted.is_empty() {
        return Verdict::Pass;
    }
    let Ok(event) = serde_json::from_str::<serde_json::Value>(text) else { return Verdict::Pass };
    if let Some(sender) = event["Signal"]["sender"].as_str() {
        return if adopted.contains(sender) { Verdict::Keep } else { Verdict::Pass };
    }
    match event["PeerLeft"].as_str() {
        Some(peer) if adopted.contains(peer) => Verdict::Left(peer.to_owned()),
        _ => Verdict::Pass,
    }
}

#[cfg(target_arch = "wasm32")]
pub use browser::{take, Adopted, News};

#[cfg(target_arch = "wasm32")]
mod browser {
    use std::cell::Cell;
    use std::collections::{BTreeMap, BTreeSet};
    use std::rc::Rc;

    use futures::channel::mpsc::UnboundedSender;
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::{JsCast, JsValue};
    use web_sys::{MessageEvent, RtcDataChannel, RtcPeerConnection};

    use crate::net::transport::Remote;

    /// What an adopted connection reports to the driver.
    pub enum News {
        /// Its three channels are open.
        Open,
        /// A message on channel `0..3`.
        Message(usize, Vec<u8>),
        /// It closed or failed.
        Closed,
    }

    /// One connection the page made.
    struct Peer {
        pc: RtcPeerConnection,
        channels: Vec<RtcDataChannel>,
        /// Kept alive while the page may call them.
        _handlers: Vec<Closure<dyn FnMut(JsValue)>>,
    }

    impl Drop for Peer {
        fn drop(&mut self) {
            for channel in &self.channels {
                channel.set_onmessage(None);
                channel.set_onopen(None);
                channel.set_onclose(None);
            }
            self.pc.set_onconnectionstatechange(None);
            self.pc.close();
        }
    }

    /// The connections taken from the page, by remote peer.
    #[derive(Default)]
    pub struct Adopted {
        peers: BTreeMap<Remote, Peer>,
    }

    impl Adopted {
        /// Sends `bytes` on channel `channel` to `to`; false if `to` is not one of these.
        pub fn send(&self, to: Remote, channel: usize, bytes: &[u8]) -> bool {
            let Some(peer) = self.peers.get(&to) else { return false };
            if let Some(c) = peer.channels.get(channel) {
                // A channel that is not open yet or closing drops it, as matchbox's do; the
                // protocol repairs what is lost.
                let _ = c.send_with_u8_array(bytes);
            }
            true
        }

        pub fn has(&self, peer: Remote) -> bool {
            self.peers.contains_key(&peer)
        }

        /// Closes `peer`'s connection (it left, or closed itself).
        pub fn drop_peer(&mut self, peer: Remote) {
            self.peers.remove(&peer);
        }
    }

    /// The page's connections for the socket of `url`, if the page made any and
    /// its socket is the one the game is about to take. The page answers no
    /// offer from now on: the game's own connections do.
    pub fn take(url: &str, tx: &UnboundedSender<(Remote, News)>) -> Option<(Adopted, BTreeSet<String>)> {
        let window = web_sys::window()?;
        let early = js_sys::Reflect::get(&window, &"__ddSignal".into()).ok().filter(JsValue::is_object)?;
        let get = |o: &JsValue, name: &str| js_sys::Reflect::get(o, &name.into()).ok();
        if get(&early, "url")?.as_string().as_deref() != Some(url) {
            return None;
        }
        let _ = js_sys::Reflect::set(&early, &"taken".into(), &JsValue::TRUE);
        let map: js_sys::Map = get(&early, "peers")?.dyn_into().ok()?;
        let mut adopted = Adopted::default();
        let mut ids = BTreeSet::new();
        map.for_each(&mut |peer, id| {
            let Some(id) = id.as_string() else { return };
            let Ok(uuid) = uuid::Uuid::parse_str(&id) else { return };
            ids.insert(id);
            if let Some(p) = adopt(&peer, matchbox_socket::PeerId(uuid), tx) {
                adopted.peers.insert(matchbox_socket::PeerId(uuid), p);
            }
        });
        Some((adopted, ids))
    }

    /// Takes one connection over: new handlers, then what it said before, in order.
    fn adopt(peer: &JsValue, remote: Remote, tx: &UnboundedSender<(Remote, News)>) -> Option<Peer> {
        let get = |name: &str| js_sys::Reflect::get(peer, &name.into()).ok();
        let pc: RtcPeerConnection = get("pc")?.dyn_into().ok()?;
        let channels: Vec<RtcDataChannel> =
            js_sys::Array::from(&get("channels")?).iter().filter_map(|c| c.dyn_into().ok()).collect();
        if channels.len() != 3 || get("closed")?.as_bool() == Some(true) {
            pc.close();
            return None;
        }
        let inbox = js_sys::Array::from(&get("inbox")?);
        // Open is told once: channels that opened together each see all three open.
        let told = Rc::new(Cell::new(false));
        let tell_open = {
            let (tx, told, all) = (tx.clone(), told.clone(), channels.clone());
            move || {
                if !told.get() && all.iter().all(|c| c.ready_state() == web_sys::RtcDataChannelState::Open) {
                    told.set(true);
                    let _ = tx.unbounded_send((remote, News::Open));
                }
            }
        };
        tell_open();
        for item in inbox.iter() {
            let item = js_sys::Array::from(&item);
            let channel = item.get(0).as_f64().unwrap_or(-1.0);
            if (0.0..3.0).contains(&channel) {
                let bytes = js_sys::Uint8Array::new(&item.get(1)).to_vec();
                let _ = tx.unbounded_send((remote, News::Message(channel as usize, bytes)));
            }
        }
        let mut handlers = Vec::new();
        for (i, channel) in channels.iter().enumerate() {
            let on_message = {
                let tx = tx.clone();
                Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
                    if let Ok(e) = e.dyn_into::<MessageEvent>() {
                        let bytes = js_sys::Uint8Array::new(&e.data()).to_vec();
                        let _ = tx.unbounded_send((remote, News::Message(i, bytes)));
                    }
                })
            };
            let on_open = {
                let tell_open = tell_open.clone();
                Closure::<dyn FnMut(JsValue)>::new(move |_| tell_open())
            };
            let on_close = {
                let tx = tx.clone();
                Closure::<dyn FnMut(JsValue)>::new(move |_| {
                    let _ = tx.unbounded_send((remote, News::Closed));
                })
            };
            channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            channel.set_onopen(Some(on_open.as_ref().unchecked_ref()));
            channel.set_onclose(Some(on_close.as_ref().unchecked_ref()));
            handlers.extend([on_message, on_open, on_close]);
        }
        let on_state = {
            let (tx, pc) = (tx.clone(), pc.clone());
            Closure::<dyn FnMut(JsValue)>::new(move |_| {
                use web_sys::RtcPeerConnectionState as S;
                if matches!(pc.connection_state(), S::Failed | S::Closed) {
                    let _ = tx.unbounded_send((remote, News::Closed));
                }
            })
        };
        pc.set_onconnectionstatechange(Some(on_state.as_ref().unchecked_ref()));
        handlers.push(on_state);
        Some(Peer { pc, channels, _handlers: handlers })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOST: &str = "7f9c0d5e-0000-4000-8000-000000000001";
    const OTHER: &str = "7f9c0d5e-0000-4000-8000-000000000002";

    fn adopted() -> BTreeSet<String> {
        [HOST.to_owned()].into()
    }

    #[test]
    fn a_page_made_connection_s_signals_are_kept_from_matchbox() {
        let offer = format!(r#"{{"Signal":{{"sender":"{HOST}","data":{{"Offer":"v=0"}}}}}}"#);
        let candidate = format!(r#"{{"Signal":{{"sender":"{HOST}","data":{{"IceCandidate":"{{}}"}}}}}}"#);
        assert_eq!(verdict(&offer, &adopted()), Verdict::Keep);
        assert_eq!(verdict(&candidate, &adopted()), Verdict::Keep);
    }

    #[test]
    fn everything_else_is_matchbox_s() {
        let other = format!(r#"{{"Signal":{{"sender":"{OTHER}","data":{{"Offer":"v=0"}}}}}}"#);
        assert_eq!(verdict(&other, &adopted()), Verdict::Pass);
        assert_eq!(verdict(&format!(r#"{{"IdAssigned":"{OTHER}"}}"#), &adopted()), Verdict::Pass);
        assert_eq!(verdict(&format!(r#"{{"NewPeer":"{OTHER}"}}"#), &adopted()), Verdict::Pass);
        assert_eq!(verdict(&format!(r#"{{"PeerLeft":"{OTHER}"}}"#), &adopted()), Verdict::Pass);
        // Nothing adopted: nothing is even parsed.
        let offer = format!(r#"{{"Signal":{{"sender":"{HOST}","data":{{"Offer":"v=0"}}}}}}"#);
        assert_eq!(verdict(&offer, &BTreeSet::new()), Verdict::Pass);
    }

    #[test]
    fn a_peer_that_leaves_closes_the_page_s_connection() {
        assert_eq!(
            verdict(&format!(r#"{{"PeerLeft":"{HOST}"}}"#), &adopted()),
            Verdict::Left(HOST.to_owned())
        );
        let kept = Kept { ids: adopted(), ..Kept::default() };
        assert!(!kept.for_matchbox(&format!(r#"{{"PeerLeft":"{HOST}"}}"#)));
        assert!(kept.for_matchbox(&format!(r#"{{"PeerLeft":"{OTHER}"}}"#)));
        assert_eq!(kept.take_left(), vec![HOST.to_owned()]);
        assert!(kept.take_left().is_empty(), "told once");
    }

    #[test]
    fn a_malformed_frame_is_matchbox_s_to_skip() {
        for text in ["", "not json", "[1,2]", r#"{"Signal":{"sender":7}}"#] {
            assert_eq!(verdict(text, &adopted()), Verdict::Pass, "{text}");
        }
    }
}
