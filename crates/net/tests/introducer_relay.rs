//! Issue 43, point 10: in a room with no server, the device that introduced
//! two others relays their link (it forwarded their WebRTC signalling, so it
//! can put its own DTLS fingerprint in and sit on the data channel). Written
//! as that introducer: its own device and keys in the room, and a modified
//! client on the link between the host and the third device, which (a)
//! alters a command it relays, (b) makes one up in the third player's name,
//! (c) alters a batch of the host's it relays. Each is refused, changes
//! nothing, is counted and told in words; play otherwise goes on.
#![allow(clippy::unwrap_used)]

use duel_core::{Event, GameConfig, Intent, SeatId};
use duel_net::wire::{decode_peer, encode_host, encode_peer, HostDecoder, Stamped};
use duel_net::{
    Command, Host, HostConfig, HostMsg, Notice, PeerId, PeerMsg, PlayerToken, Replica, ReplicaConfig,
    Tampered,
};

const BUILD: &str = "relay";
/// The host's device (the room's owner), the introducer, the introduced.
const ANA: PeerId = PeerId(1);
const BO: PeerId = PeerId(2);
const CY: PeerId = PeerId(3);
const STEP: u64 = 10;

/// What the introducer does to the next datagram of its kind it relays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Trick {
    /// Relays honestly.
    Honest,
    /// Cy's next intent, replaced by another of Cy's seat's legal intents.
    AlterCommand,
    /// The host's next batch to Cy, with one event changed (its signed head kept).
    AlterBatch,
    /// The host's next batch to Cy, with one event changed and its signed head left out.
    StripAndAlterBatch,
    /// The host's next batch to Cy with a command in it, that command's act changed.
    AlterMark,
}

/// Three devices: Ana hosts, Bo introduced Cy and relays every datagram
/// between Cy and the host, with `trick`.
struct Room {
    now: u64,
    host: Host,
    ana: Replica,
    bo: Replica,
    cy: Replica,
    trick: Trick,
    /// What Bo's relay has seen of Cy's datagrams to the host.
    seen: Vec<Vec<u8>>,
}

fn replica(token: u128, name: &str) -> Replica {
    let mut cfg = ReplicaConfig::new(PlayerToken(token), name, BUILD);
    cfg.nonce_seed = [token as u8; 32];
    Replica::new(cfg)
}

impl Room {
    /// A started quick duel: Ana on seat 0, Cy on seat 1, Bo watching.
    fn started() -> Room {
        let mut config = HostConfig::new(BUILD, PlayerToken(1), 43);
        config.lobby = GameConfig::quick_duel(43);
        let (ana, bo, cy) = (replica(1, "Ana"), replica(2, "Bo"), replica(3, "Cy"));
        let mut host = Host::new(config);
        host.sign_heads_with(ana.seat_key().clone());
        let mut room = Room { now: 0, host, ana, bo, cy, trick: Trick::Honest, seen: Vec::new() };
        for who in [ANA, BO, CY] {
            let hello = room.replica(who).connect(0);
            room.up(who, hello);
        }
        room.run(1_000);
        let claims = [(ANA, SeatId(0)), (CY, SeatId(1))];
        for (who, seat) in claims {
            let now = room.now;
            let claim = room.replica(who).command(now, Command::Claim { seat }).unwrap();
            room.up(who, claim.datagrams);
        }
        let start = room.ana.command(room.now, Command::Start).unwrap();
        room.up(ANA, start.datagrams);
        room.run(1_000);
        assert!(room.cy.game().is_some() && room.converged(), "the game started on every device");
        room
    }

    fn replica(&mut self, who: PeerId) -> &mut Replica {
        match who {
            ANA => &mut self.ana,
            BO => &mut self.bo,
            _ => &mut self.cy,
        }
    }

    /// Datagrams from `who` to the host, and everything they cause, until quiet.
    fn up(&mut self, who: PeerId, datagrams: Vec<Vec<u8>>) {
        let mut queue: Vec<(PeerId, Vec<u8>)> = datagrams.into_iter().map(|d| (who, d)).collect();
        for _ in 0..32 {
            let mut down = Vec::new();
            for (from, d) in std::mem::take(&mut queue) {
                let d = if from == CY { self.relay_up(d) } else { d };
                down.extend(self.host.handle(self.now, from, &d));
            }
            for o in down {
                let d = if o.to == CY { self.relay_down(o.datagram) } else { o.datagram };
                let now = self.now;
                let back = self.replica(o.to).handle(now, &d);
                queue.extend(back.into_iter().map(|b| (o.to, b)));
            }
            if queue.is_empty() {
                return;
            }
        }
    }

    fn run(&mut self, ms: u64) {
        for _ in 0..ms / STEP {
            self.now += STEP;
            let now = self.now;
            let out = self.host.tick(now);
            for o in out {
                let d = if o.to == CY { self.relay_down(o.datagram) } else { o.datagram };
                let back = self.replica(o.to).handle(now, &d);
                self.up(o.to, back);
            }
            for who in [ANA, BO, CY] {
                let out = self.replica(who).tick(now);
                self.up(who, out);
            }
        }
    }

    /// Bo's relay, Cy → host: sees every datagram, and alters a command once if told to.
    fn relay_up(&mut self, d: Vec<u8>) -> Vec<u8> {
        self.seen.push(d.clone());
        let Ok(mut msg) = decode_peer(&d) else { return d };
        if self.trick != Trick::AlterCommand {
            return d;
        }
        if let PeerMsg::Command { command: Command::Intent { seat, intent }, .. } = &mut msg {
            let game = self.host.game().unwrap();
            let other = game.legal_intents(*seat).into_iter().find(|i| i != intent && !i.is_freeze());
            // Or the same roll of fewer dice.
            let fewer = match intent.clone() {
                Intent::RollEnergy { mut dice } if dice.len() > 1 => {
                    dice.pop();
                    Some(Intent::RollEnergy { dice })
                }
                _ => None,
            };
            if let Some(other) = other.or(fewer) {
                *intent = other;
                self.trick = Trick::Honest;
                return encode_peer(&msg).unwrap();
            }
        }
        d
    }

    /// Bo's relay, host → Cy: alters the next batch once if told to.
    fn relay_down(&mut self, d: Vec<u8>) -> Vec<u8> {
        if !matches!(self.trick, Trick::AlterBatch | Trick::StripAndAlterBatch | Trick::AlterMark) {
            return d;
        }
        let Ok(Some(Stamped { epoch, mut msg })) = HostDecoder::default().decode(&d) else { return d };
        let HostMsg::Events { events, marks, signed, .. } = &mut msg else { return d };
        match self.trick {
            Trick::AlterMark => {
                let Some(mark) = marks.iter_mut().find(|m| m.by.is_some()) else { return d };
                let duel_net::wire::Act::Play { seat, .. } = &mut mark.act else { return d };
                *seat = SeatId(seat.0 ^ 1);
            }
            _ => {
                let Some(first) = events.first_mut() else { return d };
                *first = Event::SeatAway { seat: SeatId(0), away: true };
                if self.trick == Trick::StripAndAlterBatch {
                    *signed = None;
                }
            }
        }
        self.trick = Trick::Honest;
        encode_host(epoch, &msg, &mut 0).unwrap().remove(0)
    }

    fn converged(&self) -> bool {
        let hash = self.host.game().map(|g| g.state_hash());
        [&self.ana, &self.bo, &self.cy].iter().all(|r| r.game().map(|g| g.state_hash()) == hash)
    }

    /// What Cy was told about tampering, in words.
    fn cy_told(&mut self) -> Vec<Tampered> {
        let told = self.cy.drain_notices().into_iter().filter_map(|n| match n {
            Notice::Tampered(t) => Some(t),
            _ => None,
        });
        told.collect()
    }

    /// A legal intent of Cy's seat that freezes nothing.
    fn cy_intent(&self) -> Intent {
        let game = self.cy.game().unwrap();
        game.legal_intents(SeatId(1)).into_iter().find(|i| !i.is_freeze()).unwrap()
    }

    /// Cy submits `intent` now; its datagrams go up through Bo's relay.
    fn cy_submits(&mut self, intent: Intent) {
        let sent = self.cy.submit(self.now, SeatId(1), intent).unwrap();
        self.up(CY, sent.datagrams);
    }
}

#[test]
fn a_command_the_introducer_alters_on_its_way_is_refused_and_the_real_one_runs() {
    let mut room = Room::started();
    room.cy_told();
    let (head, refused) = (room.host.head(), room.host.refused_commands());
    let real = room.cy_intent();
    room.trick = Trick::AlterCommand;
    room.cy_submits(real.clone());
    assert_eq!(room.trick, Trick::Honest, "the relay altered Cy's intent");
    assert_eq!(room.host.head(), head, "the altered command ran nothing");
    assert_eq!(room.host.refused_commands(), refused + 1, "and was counted");
    let told = room.cy_told();
    assert!(matches!(told[..], [Tampered::CommandRefused(_)]), "{told:?}");
    assert!(told[0].to_string().contains("did not carry this device's signature"), "{}", told[0]);
    // Cy's own command, resent, runs as Cy meant it.
    room.run(1_500);
    let ran = room.host.marks().iter().rev().find(|m| m.by.is_some_and(|(p, _)| Some(p) == room.cy.me()));
    let act = duel_net::wire::Act::Play { seat: SeatId(1), intent: real };
    assert_eq!(ran.map(|m| &m.act), Some(&act), "the real intent ran");
    assert!(room.converged() && room.cy.pending() == 0);
}

#[test]
fn a_command_the_introducer_makes_up_in_anothers_name_is_refused() {
    let mut room = Room::started();
    room.cy_told();
    // Bo takes one of Cy's own datagrams off the link and rewrites it: Cy's
    // next id, giving Cy's seat up (Bo holds no key of Cy's to sign it with).
    let cy = room.cy.me().unwrap();
    let next = room.host.room().player(cy).unwrap().next_command;
    let captured = room.seen.iter().rev().find_map(|d| match decode_peer(d) {
        Ok(msg @ PeerMsg::Command { .. }) => Some(msg),
        _ => None,
    });
    let mut forged = captured.expect("Bo saw Cy's commands");
    if let PeerMsg::Command { id, command, .. } = &mut forged {
        (*id, *command) = (next, Command::Release { seat: SeatId(1) });
    }
    let refused = room.host.refused_commands();
    let room_before = room.host.room();
    room.up(CY, vec![encode_peer(&forged).unwrap()]);
    assert_eq!(room.host.seats_of(cy), vec![SeatId(1)], "Cy keeps its seat");
    assert_eq!(room.host.room().players, room_before.players, "no id of Cy's was spent");
    assert_eq!(room.host.refused_commands(), refused + 1);
    let told = room.cy_told();
    assert!(matches!(told[..], [Tampered::CommandRefused(id)] if id == next), "{told:?}");
    // Cy's own command with that id still runs.
    let real = room.cy_intent();
    room.cy_submits(real);
    room.run(1_000);
    assert!(room.converged() && room.cy.pending() == 0, "play goes on");
}

#[test]
fn a_batch_the_introducer_alters_on_its_way_is_refused_at_once_and_asked_again() {
    for (trick, name) in [
        (Trick::AlterBatch, "altered"),
        (Trick::StripAndAlterBatch, "unsigned"),
        (Trick::AlterMark, "forged command"),
    ] {
        let mut room = Room::started();
        room.cy_told();
        let (head, hash) = (room.cy.head(), room.cy.game().unwrap().state_hash());
        let refused = room.cy.refused_messages();
        room.trick = trick;
        // Ana plays: the host's batch reaches Cy through Bo.
        let intent = room.ana.game().unwrap().legal_intents(SeatId(0)).into_iter().find(|i| !i.is_freeze());
        let sent = room.ana.submit(room.now, SeatId(0), intent.unwrap()).unwrap();
        room.up(ANA, sent.datagrams);
        assert_eq!(room.trick, Trick::Honest, "{name}: the relay altered a batch");
        assert_eq!(room.cy.refused_messages(), refused + 1, "{name}: counted");
        let told = room.cy_told();
        let expected = match trick {
            Trick::AlterBatch => matches!(told[..], [Tampered::AlteredBatch { .. }]),
            Trick::StripAndAlterBatch => matches!(told[..], [Tampered::UnsignedBatch { .. }]),
            _ => matches!(told[..], [Tampered::ForgedCommand { .. }]),
        };
        assert!(expected, "{name}: {told:?}");
        assert!(!room.cy.desynced(), "{name}: refused before anything was applied");
        assert_eq!(
            (room.cy.head(), room.cy.game().unwrap().state_hash()),
            (head, hash),
            "{name}: the altered batch changed nothing"
        );
        room.run(1_500);
        assert!(room.converged(), "{name}: Cy asked again and caught up");
        assert!(room.cy_told().is_empty(), "{name}: told once");
    }
}

/// Point 4: an introducer that put its own key in the `Hello` it relayed
/// (to sign as Cy) is seen by Cy: the room view the host signs lists it.
#[test]
fn a_device_whose_key_the_introducer_swapped_at_hello_is_told() {
    let mut config = HostConfig::new(BUILD, PlayerToken(1), 43);
    config.lobby = GameConfig::quick_duel(43);
    let (ana, cy) = (replica(1, "Ana"), replica(3, "Cy"));
    let mut host = Host::new(config);
    host.sign_heads_with(ana.seat_key().clone());
    let mut room =
        Room { now: 0, host, ana, bo: replica(2, "Bo"), cy, trick: Trick::Honest, seen: Vec::new() };
    let hello = room.ana.connect(0);
    room.up(ANA, hello);
    // Bo rewrites Cy's Hello with its own key (and a chain that key signs).
    let bo_key = duel_net::fuzz::seat_key_of(PlayerToken(99));
    let Ok(PeerMsg::Hello { player, name, build, .. }) = decode_peer(&room.cy.connect(0)[0]) else {
        panic!("Cy says Hello")
    };
    let chain = duel_net::fuzz::commit_of(PlayerToken(99), &bo_key);
    let swapped = PeerMsg::Hello { player, name, build, key: bo_key.public(), chain };
    room.up(CY, vec![encode_peer(&swapped).unwrap()]);
    assert!(room.cy.me().is_some(), "Cy was admitted, under Bo's key");
    let told = room.cy_told();
    assert!(told.contains(&Tampered::KeySwapped), "{told:?}");
    assert!(Tampered::KeySwapped.to_string().contains("another device's seat key for you"));
}
