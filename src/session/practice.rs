//! Offline practice: a room hosted in this tab with no remote peers, the
//! player in White's seat and bots in the rest.

use duel_core::{GameConfig, SeatId, SeatSpec, Setup, ShipId};
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

/// A lesson: the host starts from `position` (checked like any position);
/// the learner takes seat 0, seat 1 is a bot crew kept idle so nothing moves
/// while the learner reads (its choices take their defaults).
pub fn lesson(opts: &Options, seed: u64, player: Player, position: Setup) -> Session<Offline> {
    let mut config = practice_room(opts, seed, &player);
    config.lobby = position.config.clone();
    config.position = Some(position);
    let bots = BotDriver::new(opts.speed, seed, true);
    Session::host(config, Offline, player, bots).then([
        Command::Claim { seat: SeatId(0) },
        Command::Edit(LobbyEdit::Bot { seat: SeatId(1), bot: true }),
        Command::Start,
    ])
}

/// "Play a practice game as Engineering with bots around you": White crewed
/// by three seats (the rulebook's split for three players), the player in
/// Engineering's, bots at Helm/Shields/Tractor and Weapons/Sensors and a bot
/// crew for Black.
pub fn as_engineering(opts: &Options, seed: u64, player: Player) -> Session<Offline> {
    let mut config = practice_room(opts, seed, &player);
    let mut seats = SeatSpec::recommended(ShipId(0), 3);
    let engineering = seats.iter().position(|s| s.stations == [duel_core::Station::Engineering]).unwrap_or(2);
    seats.push(SeatSpec::whole_ship(ShipId(1)));
    config.lobby.seats = seats.clone();
    let bots = BotDriver::new(opts.speed, seed, opts.bots_paused);
    let mine = SeatId(engineering as u8);
    let others = (0..seats.len() as u8).map(SeatId).filter(|s| *s != mine);
    Session::host(config, Offline, player, bots).then(
        std::iter::once(Command::Claim { seat: mine })
            .chain(others.map(|seat| Command::Edit(LobbyEdit::Bot { seat, bot: true })))
            .chain([Command::Start]),
    )
}
