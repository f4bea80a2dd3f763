//! Offline practice: a room hosted in this tab with no remote peers, the
//! player in White's seat (Red's in Thunderstruck) and bots in the rest.

use duel_bots::Difficulty;
use duel_core::thunderstruck::{Config, Player as Colour};
use duel_core::{GameConfig, SeatId, SeatSpec, Setup, ShipId, Station};
use duel_net::{Command, HostConfig, LobbyEdit};

use super::{BotDriver, Identity, Offline, Options, Session, BUILD};

/// The room a practice starts from: a quick duel (obstacles preplaced
/// symmetrically from `seed`), White for the player, a bot crew for Black.
fn practice_room(opts: &Options, seed: u64, player: &Identity) -> HostConfig {
    let mut config = HostConfig::new(BUILD, player.token, seed);
    config.lobby = GameConfig::quick_duel(seed);
    config.timing = opts.timing();
    config
}

/// One tap from the home screen: straight into the battle.
pub fn quick(opts: &Options, seed: u64, player: Identity) -> Session<Offline> {
    lobby(opts, seed, player).then([Command::Start])
}

/// A practice lobby to change the rules, crews and map before starting.
pub fn lobby(opts: &Options, seed: u64, player: Identity) -> Session<Offline> {
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
pub fn lesson(opts: &Options, seed: u64, player: Identity, position: Setup) -> Session<Offline> {
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
pub fn as_engineering(opts: &Options, seed: u64, player: Identity) -> Session<Offline> {
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

/// A newcomer's first practice (issue 33): the player holds one `station`
/// of White, a Hard bot crew holds the rest of White (Engineering included,
/// so energy comes without being asked), and Black is a Learning crew.
/// Slow, forgiving rivals and strong crewmates: a first game a person who
/// never played can win.
pub fn one_station(opts: &Options, seed: u64, player: Identity, station: Station) -> Session<Offline> {
    let mut config = practice_room(opts, seed, &player);
    let rest = duel_core::station::ALL_STATIONS.iter().copied().filter(|s| *s != station).collect();
    config.lobby.seats = vec![
        SeatSpec { ship: ShipId(0), stations: vec![station], captain: false },
        SeatSpec { ship: ShipId(0), stations: rest, captain: false },
        SeatSpec::whole_ship(ShipId(1)),
    ];
    let bots = BotDriver::new(opts.speed, seed, opts.bots_paused);
    let level = |seat, level| Command::Edit(LobbyEdit::Level { seat: SeatId(seat), level });
    Session::host(config, Offline, player, bots).then([
        Command::Claim { seat: SeatId(0) },
        Command::Edit(LobbyEdit::Bot { seat: SeatId(1), bot: true }),
        Command::Edit(LobbyEdit::Bot { seat: SeatId(2), bot: true }),
        level(1, duel_net::BotLevel::Hard),
        level(2, duel_net::BotLevel::Learning),
        Command::Start,
    ])
}

/// A Thunderstruck practice as its set-up screen chooses it (`004_…` Setup, T9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThunderPractice {
    /// 2 or 3 ships.
    pub players: u8,
    /// 6 or 12.
    pub rounds: u8,
    /// The bots' level (the lower two levels fly Easy, the rest Hard).
    pub level: Difficulty,
    /// Red holds the turn marker in round 1; otherwise `seed` picks who does.
    pub red_first: bool,
}

impl Default for ThunderPractice {
    fn default() -> ThunderPractice {
        // A first duel a newcomer can win (issue 33): six rounds against Easy bots.
        ThunderPractice { players: 2, rounds: 6, level: Difficulty::Easy, red_first: false }
    }
}

impl ThunderPractice {
    /// The rules' config; `seed` picks the first player unless Red goes first.
    pub fn config(&self, seed: u64) -> Config {
        let players = u64::from(self.players.max(1));
        let first = if self.red_first { Colour(0) } else { Colour((seed % players) as u8) };
        Config { players: self.players, rounds: self.rounds, first }
    }
}

/// Thunderstruck against bots on the same host as a room's match (R23): the
/// host's verifiable dice draw every beacon, its deadlines keep the table
/// moving, and the bots fly their seats through the same path as a room's
/// bot seats. The player flies Red (seat 0).
pub fn thunderstruck(
    opts: &Options,
    seed: u64,
    player: Identity,
    choice: ThunderPractice,
) -> Session<Offline> {
    let mut config = practice_room(opts, seed, &player);
    config.lobby = GameConfig::thunderstruck(choice.config(seed));
    // `?bots=off` is not for Thunderstruck: its screens have no switch to wake the bots.
    let bots = BotDriver::new(opts.speed, seed, false);
    let others: Vec<SeatId> = (1..choice.players).map(SeatId).collect();
    // The bots' levels are the room's plan, as in any room (issue 30).
    let level = super::bot_level(choice.level);
    Session::host(config, Offline, player, bots).then(
        std::iter::once(Command::Claim { seat: SeatId(0) })
            .chain(others.iter().map(|&seat| Command::Edit(LobbyEdit::Bot { seat, bot: true })))
            .chain(others.iter().map(|&seat| Command::Edit(LobbyEdit::Level { seat, level })))
            .chain([Command::Start]),
    )
}
