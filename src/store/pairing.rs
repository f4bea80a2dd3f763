//! The running room's camera pairings (issue 34) as the store holds them: the
//! hub of the room's transport, handed over by the service that installed the
//! room ([`Store::set_pairing`]), and what it shows, published as signals —
//! at once when it is set or acted on, and after every pump (a code appears
//! once the browser gathered its addresses) — so the pairing widgets read
//! them reactively and poll nothing.

use leptos::prelude::*;

use super::{Acted, Store};
use crate::net::{Pairing, Showing};

/// The room's pairing hub and its published state.
#[derive(Clone, Copy)]
pub(super) struct Pairings {
    hub: StoredValue<Option<Pairing>, LocalStorage>,
    showing: RwSignal<Option<Showing>>,
    serverless: RwSignal<bool>,
}

impl Pairings {
    pub(super) fn new() -> Pairings {
        Pairings {
            hub: StoredValue::new_local(None),
            showing: RwSignal::new(None),
            serverless: RwSignal::new(false),
        }
    }
}

impl Store {
    /// Makes `pairing` the running room's (none: no room, or a room without
    /// pairings). A service's, after it installed the room's session.
    pub fn set_pairing(&self, pairing: Option<Pairing>) {
        let serverless = pairing.as_ref().is_some_and(Pairing::is_serverless);
        self.pairings.hub.set_value(pairing);
        if self.pairings.serverless.get_untracked() != serverless {
            self.pairings.serverless.set(serverless);
        }
        self.publish_pairing();
    }

    /// The code this device shows for another to scan, if any. Tracked.
    pub fn showing(&self) -> Option<Showing> {
        self.pairings.showing.get()
    }

    /// Whether the running room has no signalling server (issue 34: its devices pair by
    /// camera). Tracked.
    pub fn serverless(&self) -> bool {
        self.pairings.serverless.get()
    }

    /// Introduction messages the room's hub refused (forged, malformed or unbounded).
    #[cfg(feature = "test-hooks")]
    pub fn relay_refusals(&self) -> u64 {
        self.pairings.hub.with_value(|p| p.as_ref().map_or(0, Pairing::relay_refusals))
    }

    /// Publishes what the hub shows, when it changed (compared in place: a pump copies nothing).
    pub(super) fn publish_pairing(&self) {
        // The practice file has no rooms (issue 49): nothing to publish, no hub code in it.
        if !crate::platform::full_app::ROOMS {
            return;
        }
        let shown = self.pairings.showing;
        let same = self.pairings.hub.with_value(|p| {
            shown.with_untracked(|s| p.as_ref().map_or(s.is_none(), |p| p.shows(s.as_ref())))
        });
        if !same {
            shown.set(self.pairings.hub.with_value(|p| p.as_ref().and_then(Pairing::showing)));
        }
    }

    /// "Add a device by camera": the hub makes an invitation ([`Store::showing`] says when),
    /// or says why it cannot now (not in the room yet, too many out). No room: not done.
    pub(super) fn invite(&self) -> Acted {
        let made = self.pairings.hub.with_value(|p| p.as_ref().map(Pairing::invite));
        self.publish_pairing();
        made.map_or(Acted::NotDone, Acted::from)
    }

    /// The camera read `text`, the answer of a device this one invited: linking, or why it
    /// links nothing (nothing changed). No room: not done.
    pub(super) fn scanned_answer(&self, text: &str) -> Acted {
        let read = self.pairings.hub.with_value(|p| p.as_ref().map(|p| p.scanned_answer(text)));
        self.publish_pairing();
        read.map_or(Acted::NotDone, Acted::from)
    }
}
