//! Thunderstruck Duel at the table: one seat's secrets ([`Desk`]). The
//! rules, including why hidden planning is fair, are in
//! `duel_core::thunderstruck` (its `seal` module); the duel runs on the
//! room's [`crate::Host`], which draws each round's beacon with its
//! verifiable dice and keeps the deadlines (`host/thunder.rs`); this layer
//! keeps the secrets on the device that owns them.

mod desk;

pub use desk::Desk;
