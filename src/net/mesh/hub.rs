//! The hub: a signalling server's part, played by the devices themselves.
//!
//! matchbox learns about peers from a signaller (`IdAssigned`, `NewPeer`,
//! `Signal`) and hands it the signals to deliver. With no server, those go
//! through the hub instead:
//! - **By camera.** [`Hub::invite`] names a guest ([`invitee`]) and tells
//!   matchbox it exists; matchbox's offer to it becomes the code this screen
//!   shows. The guest's device starts from the scanned offer
//!   ([`Hub::answering`]); its answer becomes its code; the host scans that
//!   ([`Hub::scanned_answer`]) and the two link.
//! - **By introduction.** Once a device that came by camera links, the
//!   device it scanned tells every other linked peer ([`Relay::Introduce`]);
//!   they offer to it, and the introducer forwards the signals both ways. So
//!   the third or eighth device scans one code and joins the whole mesh, and
//!   a device that reloads can rejoin through any peer still in the room.
//!
//! Every relay message is untrusted: only linked peers are heard, a forward
//! goes only between two linked peers, routes are bounded and never taken
//! over, and each refusal is counted and changes nothing else.
//!
//! Pure: the browser adapter (`signaller.rs`, the driver) moves events and
//! bytes; every rule here is tested natively.

// Called by the browser driver and signaller (wasm32 only): natively only the tests call it.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use duel_net::pairing::{invitee, parse_sdp, CodeError, Kind, PairingCode};
use duel_net::PeerId;

use crate::platform::webrtc::NoWebRtc;

use super::wire::{self, Relay, Signal};

/// Camera invitations one device may have open (unanswered): each holds a
/// connection open in the browser until it is answered.
pub const MAX_INVITES: usize = 16;
/// Peers reached through an introducer at once (a room has at most eight
/// devices; the rest is room for reloads).
pub const MAX_ROUTES: usize = 16;

/// What the hub tells matchbox, as a signalling server would.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    IdAssigned(PeerId),
    NewPeer(PeerId),
    Signal { from: PeerId, signal: Signal },
}

/// Where one of matchbox's signals went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// Became the code on this screen.
    Shown,
    /// Handed to an introducer (see [`Hub::take_outbox`]).
    Relayed,
    /// Not the hub's: the signalling server's, if there is one.
    Server,
    /// Not needed (a trickled candidate: a code's SDP holds them all).
    Dropped,
}

/// The code this device shows for another to scan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Showing {
    /// The browser is gathering its addresses (a second or two).
    Making,
    /// An invitation: the joining device scans it.
    Offer(String),
    /// This device's answer: the device that invited it scans it.
    Answer(String),
    /// No code can be made, in words.
    Failed(String),
}

/// Why a scanned code does not link anything, in words for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairError {
    /// Not a code, a damaged one, or one from a newer app.
    Code(CodeError),
    NotAnAnswer,
    NotAnOffer,
    OtherRoom,
    NotInvited,
    Answered,
    TooManyInvites,
    NotReady,
    /// This browser cannot be in a room at all: nothing to pair.
    NoWebRtc(NoWebRtc),
}

impl From<CodeError> for PairError {
    fn from(e: CodeError) -> Self {
        PairError::Code(e)
    }
}

impl From<NoWebRtc> for PairError {
    fn from(e: NoWebRtc) -> Self {
        PairError::NoWebRtc(e)
    }
}

impl std::fmt::Display for PairError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PairError::Code(e) => return write!(f, "{e}"),
            PairError::NoWebRtc(e) => return write!(f, "{e}"),
            PairError::NotAnAnswer => {
                "This is an invitation, not an answer: scan it with the device that joins, then scan the code that device shows."
            }
            PairError::NotAnOffer => "This is an answer: scan it with the device that showed the invitation.",
            PairError::OtherRoom => "This code is for another room.",
            PairError::NotInvited => {
                "This answer is not to an invitation from this device: show the joining device a new code."
            }
            PairError::Answered => "That device has answered already.",
            PairError::TooManyInvites => {
                "This device has made too many invitations: leave the room and create a new one."
            }
            PairError::NotReady => "This device is not in a room yet: wait until it is connected.",
        })
    }
}

impl std::error::Error for PairError {}

#[derive(Clone, Copy, Debug)]
struct Invite {
    number: u8,
    answered: bool,
}

/// The hub's state. See the module docs.
#[derive(Debug, Default)]
pub struct Hub {
    room: String,
    me: Option<PeerId>,
    invites: BTreeMap<PeerId, Invite>,
    next_invite: u8,
    /// The device whose scanned offer this one answers.
    answering: Option<PeerId>,
    /// Guests that came by camera to this device: introduced to the rest once linked.
    to_introduce: BTreeSet<PeerId>,
    /// Peers reached through an introducer: far peer → introducer.
    routes: BTreeMap<PeerId, PeerId>,
    linked: BTreeSet<PeerId>,
    events: VecDeque<Event>,
    outbox: Vec<(PeerId, Relay)>,
    showing: Option<Showing>,
    refused: u64,
}

impl Hub {
    /// A hub beside a signalling server: the server names this device.
    pub fn beside_server(room: &str) -> Hub {
        Hub { room: room.to_owned(), next_invite: 1, ..Hub::default() }
    }

    /// A room with no server, hosted here: this device names itself `me`.
    pub fn serverless(room: &str, me: PeerId) -> Hub {
        let mut hub = Hub::beside_server(room);
        hub.assigned(me);
        hub.events.push_back(Event::IdAssigned(me));
        hub
    }

    /// A device that scanned `offer` (an invitation): it takes the name the
    /// offer gives it and answers; the answer becomes its code.
    pub fn answering(offer: &PairingCode) -> Result<Hub, PairError> {
        let me = offer.guest().ok_or(PairError::NotAnOffer)?;
        let mut hub = Hub::serverless(&offer.room, me);
        hub.answering = Some(offer.peer);
        hub.showing = Some(Showing::Making);
        hub.events
            .push_back(Event::Signal { from: offer.peer, signal: Signal::Offer(offer.description.to_sdp()) });
        Ok(hub)
    }

    /// The server (or this device) named it `me`.
    pub fn assigned(&mut self, me: PeerId) {
        self.me = Some(me);
    }

    /// A new socket: the peers, routes and invitations of the last one are gone.
    pub fn socket_started(&mut self) {
        let room = std::mem::take(&mut self.room);
        let refused = self.refused;
        *self = Hub { refused, ..Hub::beside_server(&room) };
    }

    /// Invites one more device by camera: matchbox hears of a new peer and
    /// offers to it; [`Hub::showing`] becomes the invitation once the offer is made.
    pub fn invite(&mut self) -> Result<PeerId, PairError> {
        let me = self.me.ok_or(PairError::NotReady)?;
        // Open invitations are bounded (each holds a browser connection); answered ones only by
        // the 255 numbers.
        let open = self.invites.values().filter(|i| !i.answered).count();
        if open >= MAX_INVITES || self.next_invite == 0 {
            return Err(PairError::TooManyInvites);
        }
        let guest = invitee(me, self.next_invite);
        self.invites.insert(guest, Invite { number: self.next_invite, answered: false });
        // 255 invitations at most: then 0, and no more.
        self.next_invite = self.next_invite.wrapping_add(1);
        self.showing = Some(Showing::Making);
        self.events.push_back(Event::NewPeer(guest));
        Ok(guest)
    }

    /// matchbox wants `signal` delivered to `to`.
    pub fn request(&mut self, to: PeerId, signal: Signal) -> Route {
        let invited = self.invites.get(&to).copied();
        if let Some(invite) = invited {
            return match signal {
                Signal::Offer(sdp) if !invite.answered => {
                    self.show(Kind::Offer, invite.number, &sdp);
                    Route::Shown
                }
                _ => Route::Dropped,
            };
        }
        if self.answering == Some(to) {
            return match signal {
                Signal::Answer(sdp) => {
                    self.show(Kind::Answer, 0, &sdp);
                    Route::Shown
                }
                _ => Route::Dropped,
            };
        }
        match self.routes.get(&to) {
            Some(&via) if self.linked.contains(&via) => {
                self.outbox.push((via, Relay::Forward { to, signal }));
                Route::Relayed
            }
            _ => Route::Server,
        }
    }

    fn show(&mut self, kind: Kind, invite: u8, sdp: &str) {
        let Some(me) = self.me else { return };
        let made = parse_sdp(sdp)
            .map_err(|e| format!("This browser's connection details could not be read ({e})."))
            .and_then(|description| {
                PairingCode { kind, peer: me, invite, room: self.room.clone(), description }
                    .encode()
                    .map_err(|e| e.to_string())
            });
        self.showing = Some(match (made, kind) {
            (Ok(text), Kind::Offer) => Showing::Offer(text),
            (Ok(text), Kind::Answer) => Showing::Answer(text),
            (Err(words), _) => Showing::Failed(words),
        });
    }

    /// The host's camera read `text`: an answer to one of its invitations links that device.
    pub fn scanned_answer(&mut self, text: &str) -> Result<(), PairError> {
        let code = PairingCode::decode(text)?;
        if code.kind != Kind::Answer {
            return Err(PairError::NotAnAnswer);
        }
        if code.room != self.room {
            return Err(PairError::OtherRoom);
        }
        let invite = self.invites.get_mut(&code.peer).ok_or(PairError::NotInvited)?;
        if invite.answered {
            return Err(PairError::Answered);
        }
        invite.answered = true;
        self.to_introduce.insert(code.peer);
        self.showing = None;
        self.events
            .push_back(Event::Signal { from: code.peer, signal: Signal::Answer(code.description.to_sdp()) });
        Ok(())
    }

    /// The data channels to `peer` opened.
    pub fn linked(&mut self, peer: PeerId) {
        self.linked.insert(peer);
        if self.answering == Some(peer) {
            self.showing = None;
        }
        if self.to_introduce.remove(&peer) {
            let others: Vec<PeerId> = self.linked.iter().copied().filter(|p| *p != peer).collect();
            for other in others {
                self.outbox.push((other, Relay::Introduce { peer }));
            }
        }
    }

    /// This device hosts the room now (issue 45). Its predecessor may have
    /// left mid-introduction: a device linked to some of the others and not
    /// to the rest, which an election after the next departure would need.
    /// So every two linked peers are introduced to each other, one way (the
    /// earlier id offers to the later, so two offers never cross); a peer
    /// that already links the other takes it as old news, so a whole mesh
    /// costs a few bytes.
    pub fn introduce_all(&mut self) {
        let linked: Vec<PeerId> = self.linked.iter().copied().collect();
        for (i, &to) in linked.iter().enumerate() {
            for &peer in linked.iter().skip(i + 1) {
                self.outbox.push((to, Relay::Introduce { peer }));
            }
        }
    }

    /// The link to `peer` closed: what went through it goes no more.
    pub fn unlinked(&mut self, peer: PeerId) {
        self.linked.remove(&peer);
        self.routes.retain(|far, via| *via != peer && *far != peer);
    }

    /// A message from `from` on the introductions channel.
    pub fn relay_in(&mut self, from: PeerId, bytes: &[u8]) {
        let heard = self.linked.contains(&from).then(|| wire::decode(bytes)).flatten();
        let ok = match heard {
            Some(Relay::Introduce { peer }) => self.introduced(from, peer),
            Some(Relay::Forward { to, signal }) => {
                let ok = to != from && self.linked.contains(&to);
                if ok {
                    self.outbox.push((to, Relay::Forwarded { from, signal }));
                }
                ok
            }
            Some(Relay::Forwarded { from: origin, signal }) => self.forwarded(from, origin, signal),
            None => false,
        };
        if !ok {
            self.refused += 1;
        }
    }

    fn introduced(&mut self, via: PeerId, peer: PeerId) -> bool {
        if Some(peer) == self.me || peer == via {
            return false;
        }
        if self.linked.contains(&peer) || self.routes.contains_key(&peer) {
            // Already known: a second introducer's news, harmless.
            return true;
        }
        if self.routes.len() >= MAX_ROUTES {
            return false;
        }
        self.routes.insert(peer, via);
        self.events.push_back(Event::NewPeer(peer));
        true
    }

    fn forwarded(&mut self, via: PeerId, origin: PeerId, signal: Signal) -> bool {
        if Some(origin) == self.me || origin == via {
            return false;
        }
        match self.routes.get(&origin) {
            // Another peer's route: nobody takes it over.
            Some(&known) if known != via => return false,
            Some(_) => {}
            None if self.routes.len() >= MAX_ROUTES => return false,
            None => {
                self.routes.insert(origin, via);
            }
        }
        self.events.push_back(Event::Signal { from: origin, signal });
        true
    }

    /// The next event for matchbox.
    pub fn next_event(&mut self) -> Option<Event> {
        self.events.pop_front()
    }

    /// Relay messages to send, each to a linked peer.
    pub fn take_outbox(&mut self) -> Vec<(PeerId, Relay)> {
        std::mem::take(&mut self.outbox)
    }

    /// The code to show, if any.
    pub fn showing(&self) -> Option<&Showing> {
        self.showing.as_ref()
    }

    /// Relay messages refused since this device joined.
    pub fn refused(&self) -> u64 {
        self.refused
    }
}

#[cfg(test)]
mod tests;
