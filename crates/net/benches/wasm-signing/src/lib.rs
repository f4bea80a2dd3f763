//! Seat-key signing and checking in wasm, timed from Node (issue 31 figures).
use duel_net::fair::ChainCommit;
use duel_net::wire::{Ballot, CopyState, Vote};
use duel_net::{CommandId, Epoch, PlayerNo, SeatKey, Seq};

fn vote(i: u32) -> Vote {
    let state = CopyState { epoch: Epoch(0), head: Seq(u64::from(i)), hash: Some(7), signed: None };
    Vote { epoch: Epoch(1), candidate: PlayerNo(1), voter: PlayerNo(2), granted: true, state }
}

#[no_mangle]
pub extern "C" fn sign_votes(n: u32) -> u32 {
    let key = SeatKey::from_seed([7; 32]);
    let room = [1; 32];
    let mut acc = 0u32;
    for i in 0..n {
        acc ^= u32::from(Ballot::sign(vote(i), &key, &room).sig.0[0]);
    }
    acc
}

#[no_mangle]
pub extern "C" fn verify_votes(n: u32) -> u32 {
    let key = SeatKey::from_seed([7; 32]);
    let public = key.public();
    let room = [1; 32];
    let ballot = Ballot::sign(vote(0), &key, &room);
    let mut ok = 0u32;
    for _ in 0..n {
        ok += u32::from(std::hint::black_box(ballot).signed_by(&public, &room));
    }
    ok
}

#[no_mangle]
pub extern "C" fn verify_chain_commits(n: u32) -> u32 {
    let key = SeatKey::from_seed([7; 32]);
    let public = key.public();
    let room = [1; 32];
    let c = ChainCommit::signed(CommandId(1024), [9; 32], &key, &room);
    let mut ok = 0u32;
    for _ in 0..n {
        ok += u32::from(std::hint::black_box(c).signed_by(&public, &room));
    }
    ok
}
