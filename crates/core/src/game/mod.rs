//! `Game`: the whole state of one match, built from a `GameConfig`, changed
//! only by `apply(&Event)`. The host side (`play`, `host`) validates an
//! intent, works out what happens with the caller's dice, and applies the
//! resulting events one by one, returning them for broadcast.

mod apply;
mod at_rest;
mod choices;
mod combat;
mod crystals;
mod damage;
mod energy;
mod equipment;
mod fighter;
mod freezes;
pub mod invariants;
mod legal;
mod mode;
mod movement;
mod orders;
mod play;
mod setup;
mod thunderstruck;
mod tractor;
mod validate;
mod view;

pub use combat::{FirePreview, HitTest};
pub use movement::{plan_move, plan_partial_move, plan_path, MovePlan, PathStep};

use serde::{Deserialize, Serialize};

use crate::choice::Choice;
use crate::config::{GameConfig, Ruleset, SeatSpec};
use crate::error::{RuleError, SetupError};
use crate::event::{CrystalAt, Event};
use crate::freeze::Freeze;
use crate::geometry::{Position, Square};
use crate::ids::{SeatId, ShipId, TeamId};
use crate::layout::Layout;
use crate::map::MapSpec;
use crate::obstacle::Obstacle;
use crate::ship::Ship;
use crate::station::MineId;
use mode::ModeState;

/// Where the match is.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Teams alternate placing obstacle (and wormhole) tokens (R5). `next` places now.
    Setup { next: TeamId },
    /// Real-time play.
    Battle,
    /// Finished: the winning team, or `None` for a draw (R37).
    Over { winner: Option<TeamId> },
    /// The equipment draft, before set-up (R22). `then_battle`: the tokens
    /// are already placed, so the battle begins when it ends.
    Draft { then_battle: bool },
}

/// A mine token on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MineOnMap {
    pub owner: ShipId,
    pub mine: MineId,
    pub square: Square,
}

/// The whole state of a match.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Game {
    ruleset: Ruleset,
    map: MapSpec,
    layout: Layout,
    seats: Vec<SeatSpec>,
    away: Vec<SeatId>,
    phase: Phase,
    ships: Vec<Ship>,
    /// Obstacle tokens, sorted by square (one per square).
    obstacles: Vec<(Square, Obstacle)>,
    wormholes: Vec<Square>,
    crystals: [CrystalAt; 6],
    freeze: Option<Freeze>,
    choices: Vec<Choice>,
    next_choice: u32,
    /// The equipment draft once dealt (kept after it ends, to show the picks).
    draft: Option<crate::equipment::Draft>,
    /// Events applied so far (a cheap progress counter for replicas and tests).
    applied: u64,
    /// What the match plays: Dice Duel, or a Thunderstruck duel (R23) that
    /// every intent, event and host action of the match goes to. Last, and
    /// encoded as the `Option` it once was (`thunderstruck`), so saves hold.
    #[serde(rename = "thunderstruck")]
    mode: ModeState,
}

impl Game {
    /// Validates `config` and builds the game at the start of set-up (or of
    /// the battle when tokens are preplaced).
    ///
    /// # Errors
    /// A [`SetupError`] naming what is wrong with the map, seats or tokens.
    pub fn new(config: GameConfig) -> Result<Game, SetupError> {
        if let crate::config::Mode::Thunderstruck(mode) = config.mode {
            return thunderstruck::new(config, mode);
        }
        config.map.check_for(config.layout).map_err(SetupError::Map)?;
        let starts = config.map.starts(config.layout);
        setup::validate_seats(&config)?;
        let ships = starts
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let id = ShipId(i as u8);
                let (team, class) = (config.layout.team_of(id), config.layout.class_of(id));
                let health = config.ruleset.fighter_health();
                Ship::of_class(class, team, Position::centre(s.square), s.facing, health)
            })
            .collect();
        let crystals = std::array::from_fn(|i| CrystalAt::OnMap(config.map.crystal_squares[i]));
        let mut ruleset = config.ruleset;
        if config.map.is_tiled() {
            // D42: the tiles say whether wormholes are in play.
            ruleset.wormholes = !config.map.printed_wormholes().is_empty();
        }
        let mut game = Game {
            ruleset,
            map: config.map,
            layout: config.layout,
            seats: config.seats,
            away: Vec::new(),
            phase: Phase::Setup { next: TeamId(0) },
            ships,
            obstacles: Vec::new(),
            wormholes: Vec::new(),
            crystals,
            freeze: None,
            choices: Vec::new(),
            next_choice: 0,
            draft: None,
            applied: 0,
            mode: ModeState::DiceDuel,
        };
        match (game.map.is_tiled(), config.preplaced) {
            (true, Some(_)) => return Err(SetupError::TokensOnTileMap),
            (true, None) => setup::lay_tiles(&mut game),
            (false, Some(pre)) => setup::preplace(&mut game, &pre)?,
            (false, None) => {}
        }
        if game.ruleset.equipment.is_on() {
            equipment::check_layout(&game)?;
            game.phase = Phase::Draft { then_battle: game.phase == Phase::Battle };
        }
        Ok(game)
    }

    /// Validates and carries out a player's intent, rolling with `dice`.
    /// Returns the events applied, in order, for broadcast.
    ///
    /// # Errors
    /// The [`RuleError`] from [`Game::validate`]; the state is unchanged.
    pub fn play(
        &mut self,
        seat: SeatId,
        intent: &crate::intent::Intent,
        dice: &mut dyn crate::dice::DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        if let (ModeState::Thunderstruck(_), _) | (_, crate::intent::Intent::Thunderstruck(_)) =
            (&self.mode, intent)
        {
            return thunderstruck::play(self, seat, intent);
        }
        self.validate(seat, intent)?;
        let mut out = Vec::new();
        play::carry_out(self, seat, intent, dice, &mut out);
        damage::check_over(self, &mut out);
        Ok(out)
    }

    /// Carries out a host action (a deadline passing, resuming after a freeze, presence).
    ///
    /// # Errors
    /// A [`RuleError`] when the action does not apply now (no such choice, not frozen).
    pub fn host(
        &mut self,
        action: &crate::intent::HostAction,
        dice: &mut dyn crate::dice::DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        if let (ModeState::Thunderstruck(_), _) | (_, crate::intent::HostAction::Thunderstruck(_)) =
            (&self.mode, action)
        {
            return thunderstruck::host(self, action, dice);
        }
        let mut out = Vec::new();
        play::host_action(self, action, dice, &mut out)?;
        damage::check_over(self, &mut out);
        Ok(out)
    }

    /// The answer the host applies to `choice` when its deadline passes.
    pub fn default_answer(&self, choice: crate::choice::ChoiceId) -> Option<crate::choice::Answer> {
        choices::default_answer(self, choice)
    }

    /// Whether `seat` is the one to answer `choice`.
    pub fn may_answer(&self, seat: SeatId, choice: &Choice) -> bool {
        choices::may_answer(self, seat, choice)
    }

    /// Snapshot to bytes-agnostic form: the `Game` itself is the snapshot
    /// (serde); this checks a restored one is usable.
    pub fn is_consistent(&self) -> bool {
        match &self.mode {
            ModeState::Thunderstruck(duel) => {
                !cfg!(feature = "thunderstruck") || duel.check_invariants().is_ok()
            }
            ModeState::DiceDuel => invariants::check(self).is_ok(),
        }
    }

    /// Applies `event` to the state and records it in `out`: the one path the host uses.
    fn emit(&mut self, out: &mut Vec<Event>, event: Event) {
        self.apply(&event);
        out.push(event);
    }

    /// Opens a choice for `ship`'s crew: the resolution steps ask here and
    /// `choices` answers, so the steps form a chain (step → choice → answer →
    /// next step) with no module calling back into the one that called it.
    fn open_choice(
        &mut self,
        out: &mut Vec<Event>,
        ship: ShipId,
        chooser: crate::choice::Chooser,
        kind: crate::choice::ChoiceKind,
    ) {
        let choice = Choice { id: crate::choice::ChoiceId(self.next_choice), ship, chooser, kind };
        self.emit(out, Event::ChoiceOpened { choice });
    }

    fn ship_mut(&mut self, ship: ShipId) -> Option<&mut Ship> {
        self.ships.get_mut(usize::from(ship.0))
    }
}
