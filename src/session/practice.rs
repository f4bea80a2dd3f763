//! Offline practice: a room hosted in this tab with no remote peers, the
//! player in White's seat and bots in the rest.

use duel_core::{GameConfig, SeatId};
use duel_net::{Command, HostConfig, LobbyEdit};

use super::{BotDriver, Offline, Options, Player, Session, BUILD};

/// The room a practice starts from: a quick duel (obstacles preplaced
/// symmetrically from `seed`), White for the player, a bot crew for Black.
fn practice_room(opts: &Options, seed: u64, player: &Player) -> HostConfig {
    let mut config = HostConfig::new(BUILD, player.token, seed);
    config.lobby = GameConfig::quick_duel(seed);
    config.timing = opts.timing();
    config
}

/// One tap from the home screen: straight into the battle.
pub fn quick(opts: &Options, seed: u64, player: Player) -> Session<Offline> {
    lobby(opts, seed, player).then([Command::Start])
}

/// A practice lobby to change the rules, crews and map before starting.
pub fn lobby(opts: &Options, seed: u64, player: Player) -> Session<Offline> {
    let config = practice_room(opts, seed, &player);
    let bots = BotDriver::new(opts.speed, seed, opts.bots_paused);
    Session::host(config, Offline, player, bots).then([
        Command::Claim { seat: SeatId(0) },
        Command::Edit(LobbyEdit::Bot { seat: SeatId(1), bot: true }),
    ])
}
