//! A room on the in-memory network, on a virtual clock: one host, N
//! replicas (peer 0 is the owner, on a loopback-quality link if asked),
//! helpers to seat players, start, drive random legal intents and check
//! that every replica reached the host's state. Shared by the integration
//! tests and the benches.
#![allow(dead_code, clippy::unwrap_used)]

pub mod findings;
mod gunner;
pub mod mesh;
pub mod node;
mod officers;
mod sockets;

// Not every test binary loads torpedoes.
#[allow(unused_imports)]
pub use gunner::load_both_ships;
pub use node::{HostNode, ReplicaNode};

use duel_bots::drill::gunner_score;
use duel_bots::{Crew, Difficulty, Profile};
use duel_core::{Event, Game, GameConfig, Intent, SeatId};
use duel_net::{
    Command, Conditions, Host, HostConfig, MemoryEndpoint, MemoryNet, Notice, PeerId, PlayerToken, Replica,
    ReplicaConfig,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

pub const BUILD: &str = "test-build";
pub const HOST: PeerId = PeerId(1_000);
/// Milliseconds per simulation step.
pub const STEP: u64 = 10;

pub fn token(i: usize) -> PlayerToken {
    PlayerToken(0xD1CE_0000 + i as u128)
}

/// `host`, signing its heads with the seat key of the device of `owner`
/// (as `Device::hosting` does): every replica of a room of two or more
/// refuses a batch its host did not sign (issue 43, point 10).
pub fn signing(mut host: Host, owner: PlayerToken) -> Host {
    host.sign_heads_with(ReplicaConfig::new(owner, "", BUILD).seat_key);
    host
}

pub fn peer_id(i: usize, generation: u32) -> PeerId {
    PeerId(((generation as u128) << 32) | (i as u128 + 1))
}

/// `level`'s decisions at the quick pace of a drill: no reading time after a
/// roll, no hesitation before a freeze, no misreads. The network tests are
/// about replication, and at the calibrated human pace (docs/BOTS.md) a game
/// takes 10–40 simulated minutes: several times the steps for nothing.
pub fn drill_pace(level: Difficulty) -> Profile {
    let p = level.profile().attentive();
    Profile { reaction_ms: p.reaction_ms.min(450), read_dice_ms: 0, ..p }
}

pub struct Sim {
    pub net: MemoryNet,
    pub now: u64,
    pub host: HostNode<MemoryEndpoint>,
    pub peers: Vec<ReplicaNode<MemoryEndpoint>>,
    pub rng: ChaCha8Rng,
    /// The host's current transport id.
    pub host_id: PeerId,
    /// Intents submitted by the random driver.
    pub submitted: u64,
    pub stats: Stats,
    /// Half the time, crews follow the gunner's plan (load a torpedo)
    /// instead of a random pick, so freezes, hits and choices happen.
    pub gunners: bool,
}

/// What the replicas noticed, summed.
#[derive(Debug, Default, Clone)]
pub struct Stats {
    pub rejected: u64,
    pub desyncs: u64,
    pub syncs: u64,
    pub reasons: std::collections::BTreeMap<String, u64>,
}

impl Sim {
    /// A room for `config` with `players` replicas, all connected.
    pub fn new(seed: u64, config: GameConfig, players: usize, conditions: Conditions) -> Sim {
        Sim::with_timing(seed, config, players, conditions, duel_net::Timing::default())
    }

    /// [`Sim::new`] with the host's clocks set.
    pub fn with_timing(
        seed: u64,
        config: GameConfig,
        players: usize,
        conditions: Conditions,
        timing: duel_net::Timing,
    ) -> Sim {
        let net = MemoryNet::new(seed);
        net.set_conditions(conditions);
        let mut hc = HostConfig::new(BUILD, token(0), seed);
        hc.lobby = config;
        hc.timing = timing;
        let host = HostNode::new(signing(Host::new(hc), token(0)), net.endpoint(HOST));
        let mut sim = Sim {
            net,
            now: 0,
            host,
            peers: Vec::new(),
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x5eed),
            host_id: HOST,
            submitted: 0,
            stats: Stats::default(),
            gunners: false,
        };
        for i in 0..players {
            sim.add_peer(i, 0);
        }
        sim
    }

    /// Connects player `i` through a fresh endpoint (a new transport id).
    pub fn add_peer(&mut self, i: usize, generation: u32) -> usize {
        let id = peer_id(i, generation);
        let replica = Replica::new(ReplicaConfig::new(token(i), format!("P{i}"), BUILD));
        let node = ReplicaNode::new(replica, self.net.endpoint(id), self.host_id);
        self.net.connect(self.host_id, id);
        if i < self.peers.len() {
            self.peers[i] = node;
        } else {
            self.peers.push(node);
        }
        i
    }

    /// Cuts player `i`'s link to the host (datagrams in flight are lost).
    pub fn drop_peer(&mut self, i: usize) {
        let id = self.peers[i].transport.id();
        self.net.disconnect(self.host_id, id);
    }

    /// Player `i`'s tab reconnects under a new transport id, keeping its
    /// replica (game copy and unanswered commands).
    pub fn reconnect(&mut self, i: usize, generation: u32) {
        self.drop_peer(i);
        let id = peer_id(i, generation);
        self.peers[i].transport = self.net.endpoint(id);
        self.net.connect(self.host_id, id);
    }

    /// Player `i` reloads the page: a brand-new replica with the same token.
    pub fn reload(&mut self, i: usize, generation: u32) {
        self.drop_peer(i);
        self.add_peer(i, generation);
    }

    /// The host tab reloads: the room comes back from `saved` under a new
    /// transport id, and every replica reconnects to it.
    pub fn restart_host(&mut self, saved: &[u8], new_id: PeerId) {
        let host = signing(Host::restore(saved).unwrap(), token(0));
        for p in &self.peers {
            self.net.disconnect(self.host_id, p.transport.id());
        }
        self.host_id = new_id;
        self.host = HostNode::new(host, self.net.endpoint(new_id));
        for p in &mut self.peers {
            p.host_peer = new_id;
            self.net.connect(new_id, p.transport.id());
        }
    }

    /// Advances the clock one step and pumps everyone.
    pub fn step(&mut self) {
        self.now += STEP;
        self.net.set_time(self.now);
        for p in &mut self.peers {
            p.pump(self.now);
            for n in p.replica.drain_notices() {
                match n {
                    Notice::Rejected { reason, .. } => {
                        self.stats.rejected += 1;
                        *self.stats.reasons.entry(reason.to_string()).or_default() += 1;
                    }
                    Notice::Desync { .. } => self.stats.desyncs += 1,
                    Notice::Synced { .. } => self.stats.syncs += 1,
                    _ => {}
                }
            }
        }
        self.host.pump(self.now);
    }

    /// Steps until `done` holds or `max_ms` pass. Returns whether it held.
    pub fn run_until(&mut self, max_ms: u64, mut done: impl FnMut(&Sim) -> bool) -> bool {
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

    /// Sends a command from player `i` (retried by the replica until answered).
    pub fn command(&mut self, i: usize, command: Command) {
        let now = self.now;
        self.peers[i].command(now, command).unwrap();
    }

    /// A started room with one player per seat of `config`'s table (player `i` on seat `i`).
    pub fn one_per_seat(seed: u64, config: GameConfig, conditions: Conditions) -> Sim {
        let seats = config.seats.len();
        let mut sim = Sim::new(seed, config, seats, conditions);
        let claims: Vec<Vec<SeatId>> = (0..seats).map(|i| vec![SeatId(i as u8)]).collect();
        sim.seat_and_start(&claims);
        sim
    }

    /// Waits for everyone to join, seats player `i` on `seats[i]`, starts.
    pub fn seat_and_start(&mut self, seats: &[Vec<SeatId>]) {
        assert!(self.run_until(30_000, |s| s.peers.iter().all(|p| p.replica.me().is_some())), "join");
        for (i, list) in seats.iter().enumerate() {
            for seat in list {
                self.command(i, Command::Claim { seat: *seat });
            }
        }
        let want: Vec<Vec<SeatId>> = seats.to_vec();
        assert!(self.run_until(30_000, |s| s.all_idle() && s.host_seats() == want), "claims");
        self.command(0, Command::Start);
        assert!(self.run_until(30_000, |s| s.peers.iter().all(|p| p.replica.game().is_some())), "start");
    }

    fn host_seats(&self) -> Vec<Vec<SeatId>> {
        (0..self.peers.len())
            .map(|i| self.peers[i].replica.me().map(|me| self.host.host.seats_of(me)).unwrap_or_default())
            .collect()
    }

    pub fn host_game(&self) -> &Game {
        self.host.host.game().unwrap()
    }

    /// No command anywhere waits for an answer.
    pub fn all_idle(&self) -> bool {
        self.peers.iter().all(|p| p.replica.pending() == 0)
    }

    /// Every replica holds the host's head and hash.
    pub fn converged(&self) -> bool {
        let (head, hash) = (self.host.host.head(), self.host_game().state_hash());
        self.peers
            .iter()
            .all(|p| p.replica.head() == head && p.replica.game().map(Game::state_hash) == Some(hash))
    }

    /// One step of the random crew: each idle peer, with probability
    /// `act_permille`, sends a random legal intent for one of its seats,
    /// chosen from its own copy of the game.
    pub fn random_intents(&mut self, act_permille: u32) {
        self.random_intents_where(act_permille, |_| true);
    }

    /// [`Sim::random_intents`] restricted to intents `keep` accepts.
    pub fn random_intents_where(&mut self, act_permille: u32, keep: impl Fn(&Intent) -> bool) {
        let now = self.now;
        for i in 0..self.peers.len() {
            if self.rng.next_u32() % 1000 >= act_permille || self.peers[i].replica.pending() > 0 {
                continue;
            }
            let mut seats = self.peers[i].replica.my_seats();
            seats.extend(self.peers[i].replica.bot_seats_to_drive());
            if seats.is_empty() {
                continue;
            }
            let seat = seats[(self.rng.next_u32() as usize) % seats.len()];
            let Some(game) = self.peers[i].replica.game() else { continue };
            let mut legal = game.legal_intents(seat);
            legal.retain(|i| keep(i));
            let planned = if self.gunners && self.rng.next_u32().is_multiple_of(2) {
                legal
                    .iter()
                    .filter(|i| gunner_score(game, seat, i) > 0)
                    .max_by_key(|i| gunner_score(game, seat, i))
            } else {
                None
            };
            let choice = match planned {
                Some(i) => Some(i.clone()),
                None => pick(&mut self.rng, game, seat, &legal),
            };
            if let Some(intent) = choice {
                if self.peers[i].submit(now, seat, intent).is_ok() {
                    self.submitted += 1;
                }
            }
        }
    }

    /// Plays random intents until the game ends or `cap` intents were sent,
    /// then lets the network settle. Returns whether every replica converged.
    pub fn play_random(&mut self, cap: u64, act_permille: u32) -> bool {
        let cap = self.submitted + cap;
        while self.submitted < cap && self.host_game().outcome().is_none() {
            self.random_intents(act_permille);
            self.step();
        }
        self.settle()
    }

    /// Plays a whole game with a bot crew on every seated replica (each
    /// deciding from its own, possibly stale, copy of the game), plus noise:
    /// `noise_permille` of the actions are weighted random legal intents
    /// instead. Stops at a result or after `cap_ms` of simulated time, then
    /// lets the network settle. Returns whether every replica converged.
    pub fn play_crews(&mut self, level: Difficulty, cap_ms: u64, noise_permille: u32) -> bool {
        self.play_crews_watching(level, cap_ms, noise_permille, |_| {})
    }

    /// [`Sim::play_crews`], calling `watch` after every step (what a test
    /// checks while the game runs).
    pub fn play_crews_watching(
        &mut self,
        level: Difficulty,
        cap_ms: u64,
        noise_permille: u32,
        mut watch: impl FnMut(&Sim),
    ) -> bool {
        let seed = self.rng.next_u64();
        let mut crews: Vec<Crew> = self
            .peers
            .iter()
            .enumerate()
            .map(|(i, p)| Crew::with_profile(drill_pace(level), &p.replica.my_seats(), seed ^ i as u64))
            .collect();
        let end = self.now + cap_ms;
        while self.now < end && self.host_game().outcome().is_none() {
            let now = self.now;
            for (i, crew) in crews.iter_mut().enumerate() {
                if self.peers[i].replica.pending() > 0 {
                    continue;
                }
                let Some(game) = self.peers[i].replica.game() else { continue };
                let Some((seat, mut intent)) = crew.next_action(game, now, &[]) else { continue };
                if self.rng.next_u32() % 1000 < noise_permille {
                    let legal = game.legal_intents(seat);
                    if let Some(noise) = pick(&mut self.rng, game, seat, &legal) {
                        intent = noise;
                    }
                }
                if self.peers[i].submit(now, seat, intent).is_ok() {
                    self.submitted += 1;
                }
            }
            self.step();
            watch(self);
        }
        self.settle()
    }

    /// Runs without new intents until everyone converged (up to a minute).
    pub fn settle(&mut self) -> bool {
        self.run_until(60_000, |s| s.all_idle() && s.converged())
    }

    pub fn log(&self) -> &[Event] {
        self.host.host.log()
    }
}

/// A weighted random legal intent (the core's one random-play table).
pub fn pick(rng: &mut ChaCha8Rng, game: &Game, seat: SeatId, legal: &[Intent]) -> Option<Intent> {
    duel_core::random_play::pick_weighted(game, seat, legal, rng.next_u64())
}
