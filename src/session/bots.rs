//! The bot crews the room owner's tab runs for the seats marked "bot".
//!
//! Bots send intents through the tab's replica exactly as a person's clicks
//! do (the host cannot tell them apart). Their clock is the tab's clock
//! scaled by the practice speed, so `?speed=20` plays a game twenty times
//! faster without touching the rules or the network timing.

use std::collections::BTreeMap;

use duel_bots::{shared_stations, CallOuts, Crew, Difficulty, EnergyRequest, SHARED_IDLE_MS};
use duel_core::{Game, Intent, Phase, SeatId, ShipId, Station, TeamId};

use duel_bots::suggest_token;
use duel_net::{BotLevel, RoomView};

/// A room's bot level as the bots crate knows it.
pub fn difficulty(level: BotLevel) -> Difficulty {
    match level {
        BotLevel::Learning => Difficulty::Learning,
        BotLevel::Easy => Difficulty::Easy,
        BotLevel::Medium => Difficulty::Medium,
        BotLevel::Skilled => Difficulty::Skilled,
        BotLevel::Hard => Difficulty::Hard,
    }
}

/// A lobby's chosen level as the room's plan carries it.
pub fn bot_level(difficulty: Difficulty) -> BotLevel {
    match difficulty {
        Difficulty::Learning => BotLevel::Learning,
        Difficulty::Easy => BotLevel::Easy,
        Difficulty::Medium => BotLevel::Medium,
        Difficulty::Skilled => BotLevel::Skilled,
        Difficulty::Hard => BotLevel::Hard,
    }
}

/// How long (bot time) a bot team waits before placing a set-up token.
const SETUP_PAUSE_MS: u64 = 700;

/// How fast practice bots act, so a newcomer can choose a pace (issue 16).
/// It scales the bots' clock only: the rules and the host's timing stay.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BotPace {
    /// Half speed: time to watch and learn.
    Relaxed,
    #[default]
    Normal,
    /// Half as fast again.
    Brisk,
}

impl BotPace {
    pub const ALL: [BotPace; 3] = [BotPace::Relaxed, BotPace::Normal, BotPace::Brisk];

    /// Bot time per 100 ms of the tab's time.
    fn percent(self) -> u64 {
        match self {
            BotPace::Relaxed => 50,
            BotPace::Normal => 100,
            BotPace::Brisk => 150,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BotPace::Relaxed => "relaxed",
            BotPace::Normal => "normal",
            BotPace::Brisk => "brisk",
        }
    }

    /// What the choice means, for the player.
    pub fn describe(self) -> &'static str {
        match self {
            BotPace::Relaxed => "Relaxed: the bots act at half speed",
            BotPace::Normal => "Normal: the bots act as fast as their level",
            BotPace::Brisk => "Brisk: the bots act half as fast again",
        }
    }

    pub fn from_name(name: &str) -> Option<BotPace> {
        BotPace::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// Bot crews keyed by ship and level, rebuilt when the bot seats change.
pub struct BotDriver {
    /// Level per bot seat, from the room's plan (default Medium).
    levels: BTreeMap<SeatId, Difficulty>,
    crews: Vec<Crew>,
    /// The seats the crews were built for, with their levels, and the seats
    /// people played then (a station a bot shares with a person waits, D46).
    built_for: (Vec<(SeatId, Difficulty)>, Vec<SeatId>),
    /// The crew working a person's stations offered to a bot (D46), and what it was built for.
    offered: Option<(Vec<SeatId>, Vec<Station>, Crew)>,
    turn: usize,
    paused: bool,
    speed: u64,
    pace: BotPace,
    /// The bot clock's hundredths of a ms not yet counted.
    carry: u64,
    seed: u64,
    /// Bot time, advanced by `speed` × the tab's elapsed time.
    clock: u64,
    last_now: Option<u64>,
    next_setup_at: u64,
    calls: CallOuts,
    /// Thunderstruck rooms: the pilots and their desks (R23).
    thunder: super::thunder_bots::ThunderBots,
}

impl BotDriver {
    /// Bots playing `speed` times faster than real time, seeded by `seed`.
    pub fn new(speed: u64, seed: u64, paused: bool) -> BotDriver {
        BotDriver {
            levels: BTreeMap::new(),
            crews: Vec::new(),
            built_for: (Vec::new(), Vec::new()),
            offered: None,
            turn: 0,
            paused,
            speed: speed.max(1),
            pace: BotPace::Normal,
            carry: 0,
            seed,
            clock: 0,
            last_now: None,
            next_setup_at: 0,
            calls: CallOuts::new(),
            thunder: super::thunder_bots::ThunderBots::new(),
        }
    }

    /// The level a bot in `seat` plays at.
    pub fn level(&self, seat: SeatId) -> Difficulty {
        self.levels.get(&seat).copied().unwrap_or(Difficulty::Medium)
    }

    /// The levels the room's plan gives its bot seats now (issue 30: the plan
    /// is in the replicated room view, so a successor's bots play alike).
    pub fn follow(&mut self, room: &RoomView, seats: &[SeatId]) {
        self.levels = seats.iter().map(|s| (*s, difficulty(room.bot_level(*s)))).collect();
    }

    /// Thunderstruck: the bot seats' secrets as bytes (saved with the room, see [`BotDriver::keep_desk`]).
    pub fn desks(&self) -> Vec<(SeatId, Vec<u8>)> {
        if !cfg!(feature = "full") {
            return Vec::new();
        }
        self.thunder.desks()
    }

    /// Thunderstruck: a bot seat's secrets saved before a reload (bytes that
    /// are not a desk are ignored: that bot then sits out a round at worst).
    pub fn keep_desk(&mut self, seat: SeatId, bytes: &[u8]) {
        if !cfg!(feature = "full") {
            return;
        }
        if let Some(desk) = duel_net::thunder::Desk::from_bytes(bytes) {
            self.thunder.keep(seat, desk);
        }
    }

    pub fn set_pace(&mut self, pace: BotPace) {
        self.pace = pace;
    }

    /// Stops or restarts the bots (test hook `?bots=off`).
    pub fn set_paused(&mut self, paused: bool) {
        self.paused = paused;
    }

    pub fn paused(&self) -> bool {
        self.paused
    }

    /// A person at the table shouts for energy ("Give me twos!"): bot Engineering honours it first.
    pub fn call_out(&mut self, game: &Game, request: EnergyRequest) {
        self.calls.raise(game, request, self.clock);
    }

    /// Open call-outs, for the UI.
    pub fn open_calls(&self) -> &[EnergyRequest] {
        self.calls.requests()
    }

    /// Moves the bot clock to the tab's `now_ms` (scaled by the speed and the pace).
    pub fn advance(&mut self, now_ms: u64) {
        if let Some(last) = self.last_now {
            // In hundredths of a ms, carried over: a relaxed pace loses no time to rounding.
            let scaled = now_ms.saturating_sub(last) * self.speed * self.pace.percent() + self.carry;
            self.clock += scaled / 100;
            self.carry = scaled % 100;
        }
        self.last_now = Some(now_ms);
    }

    /// The next intent one of the bot `seats` wants to send, if any is ready.
    pub fn next(&mut self, game: &Game, seats: &[SeatId], humans: &[SeatId]) -> Option<(SeatId, Intent)> {
        if seats.is_empty() {
            return None;
        }
        // The bots' thinking may come in a file of its own (the practice file): asked for now.
        super::bots_file::warm();
        // A paused crew still takes its equipment cards: without them the game never starts.
        if let Phase::Draft { .. } = game.phase() {
            return self.draft_move(game, seats, humans);
        }
        if self.paused {
            return None;
        }
        if let Some(duel) = game.thunderstruck() {
            if !cfg!(feature = "full") {
                return None;
            }
            let levelled: Vec<(SeatId, Difficulty)> = seats.iter().map(|s| (*s, self.level(*s))).collect();
            return self.thunder.next(duel, &levelled, self.clock, self.seed);
        }
        match game.phase() {
            Phase::Setup { next } => self.setup_move(game, seats, humans, *next),
            Phase::Draft { .. } => self.draft_move(game, seats, humans),
            Phase::Battle => self.battle_move(game, seats, humans),
            Phase::Over { .. } => None,
        }
    }

    /// The next intent of a bot working `stations` of this device's own
    /// `seats` for its idle person (D46), at `level`; `None` while paused.
    pub fn work_for(
        &mut self,
        game: &Game,
        seats: &[SeatId],
        stations: &[Station],
        level: Difficulty,
    ) -> Option<(SeatId, Intent)> {
        if self.paused || !matches!(game.phase(), Phase::Battle) {
            return None;
        }
        super::bots_file::now(super::bots_file::work_file::work(self, game, seats, stations, level)).flatten()
    }

    /// [`Self::work_for`]'s thinking (in the bots' own file where the build splits it).
    pub(super) fn work_now(
        &mut self,
        game: &Game,
        seats: &[SeatId],
        stations: &[Station],
        level: Difficulty,
    ) -> Option<(SeatId, Intent)> {
        if self.offered.as_ref().is_none_or(|(s, st, _)| s != seats || st != stations) {
            let crew = Crew::new(level, seats).seeded(self.seed ^ 0x1D1E).working_only(stations);
            self.offered = Some((seats.to_vec(), stations.to_vec(), crew));
        }
        let (_, _, crew) = self.offered.as_mut()?;
        crew.next_action(game, self.clock, &[])
    }

    fn battle_move(&mut self, game: &Game, seats: &[SeatId], humans: &[SeatId]) -> Option<(SeatId, Intent)> {
        super::bots_file::now(super::bots_file::battle_file::battle(self, game, seats, humans)).flatten()
    }

    /// [`Self::battle_move`]'s thinking (in the bots' own file where the build splits it).
    pub(super) fn battle_now(
        &mut self,
        game: &Game,
        seats: &[SeatId],
        humans: &[SeatId],
    ) -> Option<(SeatId, Intent)> {
        self.rebuild(game, seats, humans);
        self.calls.retain_open(game, self.clock);
        let requests: Vec<EnergyRequest> = self.calls.requests().to_vec();
        let n = self.crews.len();
        for k in 0..n {
            let i = (self.turn + k) % n;
            if let Some(action) = self.crews[i].next_action(game, self.clock, &requests) {
                self.turn = (i + 1) % n;
                return Some(action);
            }
        }
        None
    }

    /// One crew per (ship, level): a ship's bot seats plan together. A
    /// station the crew's seats share with a person's seat (R8's Engineering,
    /// two players a ship) it works only once nobody else has for a while (D46).
    fn rebuild(&mut self, game: &Game, seats: &[SeatId], humans: &[SeatId]) {
        let want: Vec<(SeatId, Difficulty)> = seats.iter().map(|s| (*s, self.level(*s))).collect();
        if want == self.built_for.0 && humans == self.built_for.1 {
            return;
        }
        let mut groups: BTreeMap<(ShipId, Difficulty), Vec<SeatId>> = BTreeMap::new();
        for (seat, level) in &want {
            if let Some(ship) = game.seat_ship(*seat) {
                groups.entry((ship, *level)).or_default().push(*seat);
            }
        }
        self.crews = groups
            .into_iter()
            .map(|((ship, level), seats)| {
                let shared = shared_stations(game, &seats, humans);
                Crew::new(level, &seats)
                    .seeded(self.seed ^ (u64::from(ship.0) + 1).wrapping_mul(0x9E37_79B9))
                    .sharing(&shared, SHARED_IDLE_MS)
            })
            .collect();
        self.built_for = (want, humans.to_vec());
        self.turn = 0;
    }

    /// The equipment draft (R22): a team with no person seated picks for itself,
    /// after the same pause as a set-up token so the table can see the pick.
    fn draft_move(&mut self, game: &Game, seats: &[SeatId], humans: &[SeatId]) -> Option<(SeatId, Intent)> {
        let team = game.draft()?.to_pick()?;
        let on_team =
            |s: &SeatId| game.seat_ship(*s).and_then(|sh| game.ship(sh)).map(|sh| sh.team) == Some(team);
        if humans.iter().any(on_team) || self.clock < self.next_setup_at {
            return None;
        }
        let seat = *seats.iter().find(|s| on_team(s))?;
        let intent = duel_bots::equipment::suggest_pick(game, seat)?;
        self.next_setup_at = self.clock + SETUP_PAUSE_MS;
        Some((seat, intent))
    }

    /// R5 set-up: a team with no person seated places its tokens itself.
    fn setup_move(
        &mut self,
        game: &Game,
        seats: &[SeatId],
        humans: &[SeatId],
        team: TeamId,
    ) -> Option<(SeatId, Intent)> {
        let on_team =
            |s: &SeatId| game.seat_ship(*s).and_then(|sh| game.ship(sh)).map(|sh| sh.team) == Some(team);
        if humans.iter().any(on_team) || self.clock < self.next_setup_at {
            return None;
        }
        let seat = *seats.iter().find(|s| on_team(s))?;
        let intent = suggest_token(game, seat, self.seed)?;
        self.next_setup_at = self.clock + SETUP_PAUSE_MS;
        Some((seat, intent))
    }
}
