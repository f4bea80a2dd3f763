//! A room's camera pairings (issue 34) as the store holds them: a handle on
//! the room transport's state ([`super::RoomTransport::pairing`]), through
//! which the hub invites, reads answers and says what it shows.

use std::cell::RefCell;
use std::rc::Rc;

use super::mesh::{PairError, Showing};
use super::transport::Shared;

/// A room's camera pairings and introductions, as the screens use them
/// (a clone of the transport's state: cheap, and gone with the room).
#[derive(Clone)]
pub struct Pairing {
    shared: Rc<RefCell<Shared>>,
}

impl Pairing {
    /// The pairings of the transport whose state is `shared`.
    pub(super) fn of(shared: Rc<RefCell<Shared>>) -> Pairing {
        Pairing { shared }
    }

    /// Whether this room has no signalling server.
    pub fn is_serverless(&self) -> bool {
        self.shared.borrow().serverless
    }

    /// Invites one more device by camera: [`Pairing::showing`] becomes
    /// the invitation once the browser has gathered its addresses.
    ///
    /// # Errors
    /// [`PairError::NotReady`] before this device has an id in the room,
    /// [`PairError::TooManyInvites`] past [`super::mesh::hub::MAX_INVITES`].
    pub fn invite(&self) -> Result<(), PairError> {
        #[cfg(target_arch = "wasm32")]
        return self.shared.borrow().mesh.with(|hub| hub.invite().map(drop));
        #[cfg(not(target_arch = "wasm32"))]
        Err(PairError::NotReady)
    }

    /// This device's camera read `text`, the answer of a device it invited.
    ///
    /// # Errors
    /// A [`PairError`] that says why nothing was linked (nothing changed).
    pub fn scanned_answer(&self, text: &str) -> Result<(), PairError> {
        #[cfg(target_arch = "wasm32")]
        return self.shared.borrow().mesh.with(|hub| hub.scanned_answer(text));
        #[cfg(not(target_arch = "wasm32"))]
        {
            duel_net::pairing::PairingCode::decode(text)?;
            Err(PairError::NotReady)
        }
    }

    /// The code this device shows, if any.
    pub fn showing(&self) -> Option<Showing> {
        #[cfg(target_arch = "wasm32")]
        return self.shared.borrow().mesh.quiet(|hub| hub.showing().cloned());
        #[cfg(not(target_arch = "wasm32"))]
        None
    }

    /// Whether the code this device shows is `shown` (compared in place: the store asks on
    /// every pump, and copies the code only when it changed).
    pub fn shows(&self, shown: Option<&Showing>) -> bool {
        #[cfg(target_arch = "wasm32")]
        return self.shared.borrow().mesh.quiet(|hub| hub.showing() == shown);
        #[cfg(not(target_arch = "wasm32"))]
        shown.is_none()
    }

    /// An election made this device the host (issue 45): it finishes any
    /// introduction its predecessor left half done (see
    /// [`super::mesh::Hub::introduce_all`]).
    pub fn introduce_all(&self) {
        #[cfg(target_arch = "wasm32")]
        self.shared.borrow().mesh.with(|hub| hub.introduce_all());
    }

    /// Introduction messages refused (forged, malformed or unbounded).
    #[cfg_attr(not(feature = "test-hooks"), allow(dead_code))]
    pub fn relay_refusals(&self) -> u64 {
        #[cfg(target_arch = "wasm32")]
        return self.shared.borrow().mesh.quiet(|hub| hub.refused());
        #[cfg(not(target_arch = "wasm32"))]
        0
    }
}
