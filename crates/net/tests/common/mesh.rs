//! A room of devices on the in-memory network, every device linked to every
//! other (the WebRTC mesh): device 0 creates and hosts the room, and any of
//! them may be killed, cut off or brought back to test host succession.

use duel_core::{Event, Game, GameConfig, SeatId};
use duel_net::{
    Command, Conditions, Device, Epoch, HostConfig, MemoryEndpoint, MemoryNet, PeerId, Replica,
    ReplicaConfig, SuccessionTiming,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use super::{pick, token, BUILD, STEP};

pub const ROOM: &str = "mesh-room";

/// Cuts a link without the transport noticing: datagrams simply vanish.
pub const CUT: Conditions = Conditions {
    min_delay_ms: 0,
    max_delay_ms: 0,
    loss_permille: 1000,
    duplicate_permille: 0,
    reorder_permille: 0,
};

pub struct Mesh {
    pub net: MemoryNet,
    pub now: u64,
    pub devices: Vec<Option<Device<MemoryEndpoint>>>,
    pub ids: Vec<PeerId>,
    pub rng: ChaCha8Rng,
    pub conditions: Conditions,
    pub submitted: u64,
    /// Intents sent, by player and command id.
    pub intents: std::collections::BTreeSet<(duel_net::PlayerNo, duel_net::CommandId)>,
    /// Of those, the ones some host answered `Accepted`.
    pub accepted: std::collections::BTreeSet<(duel_net::PlayerNo, duel_net::CommandId)>,
    pub tampered: u64,
    /// Refusals the devices were told of, as players read them.
    pub rejected: Vec<String>,
    /// Commands seen run by the host of the highest epoch (sampled every step).
    pub ran: std::collections::BTreeSet<(duel_net::PlayerNo, duel_net::CommandId)>,
    ran_seen: (Epoch, usize),
}

// The rooms the succession tests start from (split by concept: presets, not the mesh); not every
// test binary starts from one.
#[allow(unused_imports)]
pub use super::officers::{four_officers, room_of_two, settled_officers};

pub fn id(i: usize) -> PeerId {
    PeerId(0xFACE_0000 + i as u128)
}

fn replica(i: usize, seed: u64) -> Replica {
    let mut cfg = ReplicaConfig::new(token(i), format!("P{i}"), BUILD);
    cfg.room = ROOM.into();
    cfg.nonce_seed[..8].copy_from_slice(&seed.to_le_bytes());
    cfg.nonce_seed[8] = i as u8;
    Replica::new(cfg)
}

impl Mesh {
    /// `n` devices, all linked, device 0 hosting a lobby for `config`.
    pub fn new(seed: u64, config: GameConfig, n: usize, conditions: Conditions) -> Mesh {
        let net = MemoryNet::new(seed);
        net.set_conditions(conditions);
        let ids: Vec<PeerId> = (0..n).map(id).collect();
        for a in 0..n {
            for b in a + 1..n {
                net.connect(ids[a], ids[b]);
            }
        }
        let timing = SuccessionTiming::default();
        let mut hc = HostConfig::new(BUILD, token(0), seed);
        hc.lobby = config;
        hc.room = ROOM.into();
        // Seal (reveal the dice secret) every 64 events, so the audit runs often.
        hc.timing.checkpoint_every = 64;
        let mut devices =
            vec![Some(Device::create(hc, replica(0, seed), net.endpoint(ids[0]), ids[0], timing))];
        for i in 1..n {
            let d =
                Device::join(replica(i, seed), net.endpoint(ids[i]), ids[i], ids[0], timing, seed ^ i as u64);
            devices.push(Some(d));
        }
        Mesh {
            net,
            now: 0,
            devices,
            ids,
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0xFEED),
            conditions,
            submitted: 0,
            intents: Default::default(),
            accepted: Default::default(),
            tampered: 0,
            rejected: Vec::new(),
            ran: Default::default(),
            ran_seen: (Epoch(0), 0),
        }
    }

    /// A started duel-style room: device `i` holds `seats[i]`.
    pub fn started(seed: u64, config: GameConfig, seats: &[Vec<SeatId>], conditions: Conditions) -> Mesh {
        let mut m = Mesh::new(seed, config, seats.len(), conditions);
        assert!(m.run_until(20_000, |m| m.alive().all(|d| d.replica.me().is_some())), "everyone joins");
        for (i, list) in seats.iter().enumerate() {
            for seat in list {
                m.command(i, Command::Claim { seat: *seat });
            }
        }
        let want = seats.to_vec();
        assert!(m.run_until(20_000, |m| (0..want.len()).all(|i| m.dev(i).replica.my_seats() == want[i])));
        m.command(0, Command::Start);
        assert!(
            m.run_until(20_000, |m| m.alive().all(|d| d.replica.game().is_some())),
            "everyone has the game"
        );
        m
    }

    pub fn dev(&self, i: usize) -> &Device<MemoryEndpoint> {
        self.devices[i].as_ref().expect("a live device")
    }

    pub fn alive(&self) -> impl Iterator<Item = &Device<MemoryEndpoint>> {
        self.devices.iter().flatten()
    }

    pub fn hosts(&self) -> Vec<usize> {
        (0..self.devices.len()).filter(|i| self.devices[*i].as_ref().is_some_and(|d| d.is_host())).collect()
    }

    /// The only live host (panics if there are none or two).
    pub fn host(&self) -> usize {
        let h = self.hosts();
        assert_eq!(h.len(), 1, "exactly one host, got {h:?}");
        h[0]
    }

    /// The device of the first successor named in the host's room view.
    pub fn first_successor(&self) -> usize {
        let room = self.dev(self.host()).host.as_ref().expect("host").room();
        let first = room.successors[0];
        (0..self.devices.len())
            .find(|i| self.devices[*i].as_ref().is_some_and(|d| d.replica.me() == Some(first)))
            .expect("a device for the first successor")
    }

    pub fn host_game(&self) -> &Game {
        self.dev(self.host()).host.as_ref().and_then(|h| h.game()).expect("a game")
    }

    pub fn step(&mut self) {
        self.now += STEP;
        self.net.set_time(self.now);
        let now = self.now;
        for d in self.devices.iter_mut().flatten() {
            d.pump(now);
            let me = d.replica.me();
            for n in d.replica.drain_notices() {
                match (n, me) {
                    (duel_net::Notice::Accepted { id }, Some(me)) if self.intents.contains(&(me, id)) => {
                        self.accepted.insert((me, id));
                    }
                    (duel_net::Notice::DiceTampered { .. }, _) => self.tampered += 1,
                    (duel_net::Notice::Rejected { reason, .. }, _) => self.rejected.push(reason.to_string()),
                    _ => {}
                }
            }
        }
        let top = self.devices.iter().flatten().filter_map(|d| d.host.as_ref()).max_by_key(|h| h.epoch());
        if let Some(h) = top {
            let from = if self.ran_seen.0 == h.epoch() { self.ran_seen.1 } else { 0 };
            self.ran.extend(h.marks().iter().skip(from).filter_map(|m| m.by));
            self.ran_seen = (h.epoch(), h.marks().len());
        }
    }

    pub fn run_until(&mut self, max_ms: u64, mut done: impl FnMut(&Mesh) -> bool) -> bool {
        let end = self.now + max_ms;
        while self.now < end {
            if done(self) {
                return true;
            }
            self.step();
        }
        done(self)
    }

    pub fn run_for(&mut self, ms: u64) {
        let end = self.now + ms;
        while self.now < end {
            self.step();
        }
    }

    pub fn command(&mut self, i: usize, command: Command) {
        let now = self.now;
        self.devices[i].as_mut().expect("live").command(now, command).expect("sent");
    }

    /// The device dies: its tab is closed, every link to it drops.
    pub fn kill(&mut self, i: usize) -> Device<MemoryEndpoint> {
        for j in 0..self.ids.len() {
            if j != i {
                self.net.disconnect(self.ids[i], self.ids[j]);
            }
        }
        self.devices[i].take().expect("live")
    }

    /// Device `i`'s tab is opened again under a new transport id; with
    /// `saved`, it restores the room it once hosted (a reloaded host tab).
    pub fn reopen(&mut self, i: usize, saved: Option<&[u8]>) {
        let fresh = PeerId(self.ids[i].0 + 0x1_0000);
        self.ids[i] = fresh;
        for j in 0..self.ids.len() {
            if j != i && self.devices[j].is_some() {
                self.net.connect(fresh, self.ids[j]);
            }
        }
        let timing = SuccessionTiming::default();
        let seed = 77 + i as u64;
        let d = match saved {
            Some(bytes) => {
                let host = duel_net::Host::restore(bytes).expect("the save restores");
                Device::hosting(host, replica(i, seed), self.net.endpoint(fresh), fresh, timing, seed)
                    .restored()
            }
            None => {
                let host_peer = self.ids[self.host()];
                Device::join(replica(i, seed), self.net.endpoint(fresh), fresh, host_peer, timing, seed)
            }
        };
        self.devices[i] = Some(d);
    }

    /// The device goes silent (a phone locks): links cut without any
    /// transport event, so only the silence threshold notices.
    pub fn vanish(&mut self, i: usize) -> Device<MemoryEndpoint> {
        let others: Vec<usize> = (0..self.ids.len()).filter(|j| *j != i).collect();
        self.partition(&[i], &others);
        self.devices[i].take().expect("live")
    }

    /// Datagrams between the two groups vanish (no transport event: silence).
    pub fn partition(&mut self, a: &[usize], b: &[usize]) {
        for &x in a {
            for &y in b {
                self.net.set_link(self.ids[x], self.ids[y], CUT);
                self.net.set_link(self.ids[y], self.ids[x], CUT);
            }
        }
    }

    pub fn heal(&mut self, a: &[usize], b: &[usize]) {
        for &x in a {
            for &y in b {
                self.net.set_link(self.ids[x], self.ids[y], self.conditions);
                self.net.set_link(self.ids[y], self.ids[x], self.conditions);
            }
        }
    }

    /// One step of random legal play by every live device on its seats.
    pub fn random_intents(&mut self, act_permille: u32) {
        let now = self.now;
        for i in 0..self.devices.len() {
            let roll = self.rng.next_u32() % 1000;
            let Some(d) = self.devices[i].as_mut() else { continue };
            if roll >= act_permille || d.replica.pending() > 0 {
                continue;
            }
            let seats = d.replica.my_seats();
            if seats.is_empty() {
                continue;
            }
            let seat = seats[(self.rng.next_u32() as usize) % seats.len()];
            let Some(game) = d.replica.game() else { continue };
            let legal = game.legal_intents(seat);
            if let Some(intent) = pick(&mut self.rng, game, seat, &legal) {
                if let (Ok(id), Some(me)) = (d.submit(now, seat, intent), d.replica.me()) {
                    self.submitted += 1;
                    self.intents.insert((me, id));
                }
            }
        }
    }

    /// Device `i` sends one random legal intent now, if it can: its player and command id.
    pub fn random_intent_of(&mut self, i: usize) -> Option<(duel_net::PlayerNo, duel_net::CommandId)> {
        let now = self.now;
        let d = self.devices[i].as_mut()?;
        let me = d.replica.me()?;
        let seat = *d.replica.my_seats().first()?;
        let game = d.replica.game()?;
        let legal = game.legal_intents(seat);
        let intent = pick(&mut self.rng, game, seat, &legal)?;
        let id = d.submit(now, seat, intent).ok()?;
        self.submitted += 1;
        self.intents.insert((me, id));
        Some((me, id))
    }

    /// [`Mesh::random_intent_of`], ignoring what it sent.
    pub fn random_intents_of(&mut self, i: usize) {
        let _ = self.random_intent_of(i);
    }

    pub fn play(&mut self, ms: u64, act_permille: u32) {
        let end = self.now + ms;
        while self.now < end && self.alive().any(|d| d.replica.game().is_some_and(|g| g.outcome().is_none()))
        {
            self.random_intents(act_permille);
            self.step();
        }
    }

    /// One host; every live replica follows its epoch, holds no unanswered
    /// command and has its head and hash.
    pub fn converged(&self) -> bool {
        let hosts = self.hosts();
        if hosts.len() != 1 {
            return false;
        }
        let h = self.dev(hosts[0]).host.as_ref().expect("host");
        let (epoch, head) = (h.epoch(), h.head());
        let hash = h.game().map(Game::state_hash);
        self.alive().all(|d| {
            d.replica.epoch() == epoch
                && d.replica.pending() == 0
                && d.replica.head() == head
                && d.replica.game().map(Game::state_hash) == hash
                && !d.replica.desynced()
        })
    }

    /// Each device's state, for a failing test's message.
    pub fn describe(&self) -> String {
        let mut out = format!("t={} hosts={:?}\n", self.now, self.hosts());
        for (i, d) in self.devices.iter().enumerate() {
            let Some(d) = d else {
                out.push_str(&format!("  {i}: dead\n"));
                continue;
            };
            let host = d.host.as_ref().map(|h| (h.epoch(), h.head()));
            out.push_str(&format!(
                "  {i}: me={:?} epoch={:?} head={:?} pending={} desynced={} standing={:?} host={host:?} host_peer={:?} silent={:?}\n",
                d.replica.me(),
                d.replica.epoch(),
                d.replica.head(),
                d.replica.pending(),
                d.replica.desynced(),
                d.standing(),
                d.host_peer,
                d.replica.host_silent_for(self.now),
            ));
        }
        out
    }

    pub fn settle(&mut self) -> bool {
        self.run_until(30_000, Mesh::converged)
    }

    /// Intents accepted for a player still in the room that no legitimate
    /// host ever ran (must be none). A dead device's own intents may die with
    /// it when its events reached nobody: its player is gone too.
    pub fn lost_intents(&self) -> usize {
        let live: Vec<duel_net::PlayerNo> = self.alive().filter_map(|d| d.replica.me()).collect();
        self.accepted.iter().filter(|a| live.contains(&a.0) && !self.ran.contains(a)).count()
    }

    pub fn epoch(&self) -> Epoch {
        self.dev(self.host()).host.as_ref().expect("host").epoch()
    }

    pub fn log(&self) -> &[Event] {
        self.dev(self.host()).host.as_ref().expect("host").log()
    }
}
