//! Thunderstruck Duel at the table: the host side ([`Table`]) and one
//! seat's secrets ([`Desk`]). The rules, including why hidden planning is
//! fair, are in `duel_core::thunderstruck` (its `seal` module); this layer
//! keeps the secrets on the device that owns them and draws the host's
//! beacon with seeded dice.

mod desk;
mod table;

pub use desk::Desk;
pub use table::Table;
