//! Issue 43, attack 6: the host shops for its own crew's dice. It knows its
//! secret and its own nonce links, so it can preview each command id's dice
//! ([`Host::preview`]: exactly as it would roll them) before it sends its
//! command. Two ways to buy another choice: spend the ids it dislikes on
//! commands it knows will be refused, or replace its nonce chain with a new
//! signed `Hello`. Either way its crew must roll the fair rate.
//!
//! The adversary here is the host's own device: its host and its own player
//! (token 1, the owner, seat 0) driven through duel-net's public API, against
//! a guest (token 2, seat 1) that plays straight.
#![allow(clippy::unwrap_used)]

use duel_core::{GameConfig, Intent, SeatId};
use duel_net::fair::{room_digest, NonceChain};
use duel_net::fuzz::{chain_of, hello_of, seat_key_of, BUILD};
use duel_net::wire::encode_peer;
use duel_net::{Command, CommandId, Host, HostConfig, PeerId, PeerMsg, PlayerToken};

/// The face the shopping host wants.
const WANTED: u8 = 6;
/// Choices the host buys per roll (ids burnt, or chains tried).
const TRIES: u32 = 8;
/// Dice its crew must roll before the rate is judged: at 600 the fair
/// rate's standard deviation is sqrt((1/6)(5/6)/600) = 0.0152, so
/// [`BOUND`] is more than three of them (a fair host fails about one run in
/// a thousand); a host that gets even two choices a roll sits near 0.3.
const DICE: u64 = 600;
const BOUND: f64 = 0.05;

const OWNER: PlayerToken = PlayerToken(1);
const GUEST: PlayerToken = PlayerToken(2);

/// A started quick duel hosted with `seed`: the owner (peer 1) on seat 0, the guest (peer 2) on seat 1.
fn room(seed: u64) -> Host {
    let mut config = HostConfig::new(BUILD, OWNER, seed);
    config.lobby = GameConfig::quick_duel(seed);
    let mut host = Host::new(config);
    send(&mut host, 1, &hello_of(OWNER, "A", BUILD));
    send(&mut host, 2, &hello_of(GUEST, "B", BUILD));
    send(&mut host, 1, &command(&chain_of(OWNER), 0, Command::Claim { seat: SeatId(0) }));
    send(&mut host, 2, &command(&chain_of(GUEST), 0, Command::Claim { seat: SeatId(1) }));
    send(&mut host, 1, &command(&chain_of(OWNER), 1, Command::Start));
    host
}

fn send(host: &mut Host, peer: u128, msg: &PeerMsg) {
    // Each device signs its commands with its own seat key.
    let msg = duel_net::fuzz::signed_for(host, PeerId(peer), msg.clone());
    host.handle(0, PeerId(peer), &encode_peer(&msg).unwrap());
}

fn command(chain: &NonceChain, id: u32, command: Command) -> PeerMsg {
    let unsigned = duel_net::SeatSig([0; 32], [0; 32]);
    PeerMsg::Command { id: CommandId(id), command, nonce: chain.link(CommandId(id)).unwrap(), sig: unsigned }
}

fn is_roll(i: &Intent) -> bool {
    matches!(i, Intent::RollEnergy { dice } | Intent::RollDice { dice, .. } if !dice.is_empty())
}

/// How the host's device buys another look at a roll's dice.
#[derive(Clone, Copy)]
enum Shopping {
    /// Spends ids on `Start` (refused in a game) until the previewed id it likes.
    BurnIds,
    /// Says `Hello` again with the new chain (from the next id) that previews best.
    ReplaceChain,
}

/// The owner's device in one game: its chain in use and its next command id.
struct Adversary {
    chain: NonceChain,
    next: u32,
    room: u64,
}

impl Adversary {
    /// Rolls `roll` for seat 0 after shopping; returns the faces rolled.
    fn shop(&mut self, host: &mut Host, roll: Intent, how: Shopping) -> Vec<u8> {
        let me = host.player_of(PeerId(1)).unwrap();
        let cmd = Command::Intent { seat: SeatId(0), intent: roll };
        let wanted = |f: &[u8]| f.iter().filter(|x| **x == WANTED).count();
        match how {
            Shopping::BurnIds => {
                let look = |j: u32| {
                    let id = CommandId(self.next + j);
                    host.preview(me, id, &cmd, self.chain.link(id).unwrap()).unwrap()
                };
                let best = (0..TRIES).max_by_key(|j| (wanted(&look(*j)), u32::MAX - j)).unwrap();
                for _ in 0..best {
                    let before = host.log().len();
                    send(host, 1, &command(&self.chain, self.next, Command::Start));
                    assert_eq!(host.log().len(), before, "a burnt id changes nothing");
                    self.next += 1;
                }
            }
            Shopping::ReplaceChain => {
                let fresh = |c: u32| {
                    let mut seed = [0u8; 32];
                    seed[..8].copy_from_slice(&self.room.to_le_bytes());
                    seed[8..12].copy_from_slice(&self.next.to_le_bytes());
                    seed[12..16].copy_from_slice(&c.to_le_bytes());
                    NonceChain::new(&seed, CommandId(self.next))
                };
                let id = CommandId(self.next);
                let look = |c: &NonceChain| host.preview(me, id, &cmd, c.link(id).unwrap()).unwrap();
                let best = (0..TRIES).map(fresh).max_by_key(|c| wanted(&look(c))).unwrap();
                if wanted(&look(&best)) > wanted(&look(&self.chain)) {
                    let key = seat_key_of(OWNER);
                    let chain = best.commit(&key, &room_digest(""));
                    let hello = PeerMsg::Hello {
                        player: OWNER,
                        name: "A".into(),
                        build: BUILD.into(),
                        key: key.public(),
                        chain,
                    };
                    send(host, 1, &hello);
                    self.chain = best;
                }
            }
        }
        // What the host rolls for it now, by the host's own derivation.
        let id = CommandId(self.next);
        let faces = host.preview(me, id, &cmd, self.chain.link(id).unwrap()).unwrap();
        let before = host.log().len();
        send(host, 1, &command(&self.chain, self.next, cmd));
        self.next += 1;
        assert!(host.log().len() > before, "the roll was taken");
        faces
    }
}

/// Plays games (a new room and secret each) until the owner's rolls have
/// thrown [`DICE`] dice; returns (dice showing [`WANTED`], dice).
fn measure(how: Shopping) -> (u64, u64) {
    let (mut wanted, mut rolled) = (0u64, 0u64);
    let mut seed = 1;
    while rolled < DICE {
        let mut host = room(seed);
        let mut me = Adversary { chain: chain_of(OWNER), next: 2, room: seed };
        let (guest_chain, mut guest_next) = (chain_of(GUEST), 1);
        let mut now = 0;
        for _ in 0..2_000 {
            let game = host.game().unwrap();
            // A game over, enough dice, or the chain's ids running out: next room.
            if game.outcome().is_some() || rolled >= DICE || me.next + TRIES + 2 >= 1_000 {
                break;
            }
            let mine = game.legal_intents(SeatId(0));
            let theirs = game.legal_intents(SeatId(1));
            if let Some(roll) = mine.iter().find(|i| is_roll(i)).cloned() {
                let faces = me.shop(&mut host, roll, how);
                wanted += faces.iter().filter(|f| **f == WANTED).count() as u64;
                rolled += faces.len() as u64;
            } else if let Some(i) = mine.first().cloned() {
                send(
                    &mut host,
                    1,
                    &command(&me.chain, me.next, Command::Intent { seat: SeatId(0), intent: i }),
                );
                me.next += 1;
            } else if let Some(i) = theirs.iter().find(|i| is_roll(i)).or(theirs.first()).cloned() {
                let msg = command(&guest_chain, guest_next, Command::Intent { seat: SeatId(1), intent: i });
                send(&mut host, 2, &msg);
                guest_next += 1;
            } else {
                now += 5_000;
                host.tick(now);
            }
        }
        seed += 1;
    }
    (wanted, rolled)
}

fn judge(how: Shopping, name: &str) {
    let (wanted, rolled) = measure(how);
    let rate = wanted as f64 / rolled as f64;
    eprintln!("{name}: {wanted} of {rolled} dice showed {WANTED}: {rate:.3}");
    assert!(
        (rate - 1.0 / 6.0).abs() < BOUND,
        "{name}: {wanted} of {rolled} of the host's crew's dice showed {WANTED}: {rate:.3} (fair 0.167 ± {BOUND})"
    );
}

#[test]
fn attack6_burnt_ids_cannot_shop_for_dice() {
    judge(Shopping::BurnIds, "burning ids");
}

#[test]
fn attack6_a_replaced_chain_cannot_shop_for_dice() {
    judge(Shopping::ReplaceChain, "replacing its chain");
}
