//! What a person can ask of the app, as data: an [`Act`] (a button, a key, a
//! field), and the one entry that carries it out, [`Store::act`]. Screens,
//! widgets and the keys act only through it.
//!
//! The store carries out what it can itself (the game's intents, lobby
//! commands, the pause, the route, the replay's controls, the room's camera
//! pairings). What needs a service — starting or leaving a session, storage,
//! rooms, watching a kept game, lessons, maps — is an [`Errand`], which the
//! store hands to the runner the services gave it at start ([`Services`],
//! `boot::SERVICES`), as GGRS's session hands its requests to the caller and an
//! Elm program returns its commands to the runtime: the store never imports a
//! service, it holds the function.

use duel_bots::{Difficulty, EnergyRequest};
use duel_core::intent::LaunchCost;
use duel_core::map::MapSpec;
use duel_core::thunderstruck::Placement;
use duel_core::{Intent, SeatId, Spot, Station};
use duel_net::pairing::PairingCode;
use duel_net::Command;
use leptos::prelude::Callback;

use super::{actions, Persist, ReplayControl, Store};
use crate::course::{Lesson, PracticeStart};
use crate::net::PairError;
use crate::pause::PauseReason;
use crate::platform::full_app::{LOADED, ROOMS};
use crate::platform::webrtc::NoWebRtc;
use crate::route::Route;
use crate::session::practice::ThunderPractice;
use crate::session::BotPace;

/// What a person asks of the app. Cheap to make and move: a key press builds
/// one on the stack and [`Store::act`] matches it, nothing more.
pub enum Act {
    /// "R" or Roll at `station`: the core says which dice, or why not.
    Roll { seat: SeatId, station: Station },
    /// "R" in a cockpit: where dice are picked, else the first station with an idle die.
    RollCockpit { seat: SeatId },
    /// "1"–"5" or a send button: Engineering sends a pool die showing `face` (R1).
    SendEnergy { seat: SeatId, face: u8 },
    /// A tap on a display spot: the picked (or first fitting) die, or the override face.
    Place { seat: SeatId, station: Station, spot: Spot },
    /// Takes a placed die off its display.
    Remove { seat: SeatId, station: Station, die: u8 },
    /// A Pilot rerolls a placed die (R22).
    Reroll { seat: SeatId, station: Station, die: u8 },
    /// "Fire 1!" / "Fire 2!" at the picked target, else the nearest enemy.
    Fire { count: u8 },
    /// "Tractor!" on the target ship.
    TractorShip,
    /// "Warp jump!"
    Warp,
    /// "Launch!", paid as chosen (R22).
    Launch(LaunchCost),
    /// Energy Surge.
    Surge,
    /// An intent a screen made itself (an answer, a draft pick, a mine, a card).
    Send { seat: SeatId, intent: Intent },
    /// An intent whose refusal the asking screen shows where the tap was (Thunderstruck's
    /// notice line), not in a toast: [`Acted::Refused`] with the reason in words.
    Submit { seat: SeatId, intent: Intent },
    /// Thunderstruck: locks in the person's plan, `placement` after `rerolls` rerolls, sealed
    /// by the session's desk (`store/thunder.rs`); refused as [`Act::Submit`] is.
    SealPlan { rerolls: u8, placement: Placement },
    /// A lobby command (or a seat taken or given to a bot in the game).
    Command(Command),
    /// A shout for energy for a station: bot Engineering honours it first.
    CallOut(EnergyRequest),
    /// Two devices host this room (issue 43): follow the other host's table.
    FollowRival,
    /// The level of the bot in `seat` (the owner's edit of the room's plan).
    BotLevel { seat: SeatId, level: Difficulty },
    /// Whether, and how well, bots play for a player whose device is gone.
    Cover(Option<Difficulty>),
    /// Pauses or resumes the bots.
    BotsPaused(bool),
    /// How fast this tab's bots act (remembered on this device).
    BotPace(BotPace),
    /// Pauses a practice battle.
    Pause(PauseReason),
    /// Ends a pause of this reason (the player's ends any).
    Resume(PauseReason),
    /// Shows a screen (and puts it in the address).
    Go(Route),
    /// Keeps a map in the player's own maps under its name (a toast says why not).
    SaveMap(Box<MapSpec>),
    /// Forgets the player's saved map of this name.
    DeleteMap(String),
    /// A control of the replay being watched.
    Replay(ReplayControl),
    /// "Add a device by camera": the room's hub makes an invitation.
    Invite,
    /// The camera read the answer of a device this one invited.
    ScannedAnswer(String),
    /// What a service carries out.
    Errand(Errand),
}

/// An act a service carries out (the runner in [`Services`]).
pub enum Errand {
    /// Leaves the running practice or room (a practice or hosted room is forgotten) for home.
    Leave,
    /// "Practice", started as `start` says (the choice remembered).
    PracticeAs(PracticeStart),
    /// "Practice again" after a result: as Practice would start now.
    PracticeAgain,
    /// "Practice lobby": rules, crews, bots and the map first.
    PracticeLobby,
    /// Thunderstruck against bots, hosted in this tab like any practice.
    ThunderstruckPractice(ThunderPractice),
    /// Back to the practice: the running one, else the saved one resumed; then shown.
    /// [`Acted::NotDone`]: none loads.
    BackToPractice,
    /// Joins a room by its code and shows it.
    EnterRoom(String),
    /// "Create room" (on the base file, the full app loads first).
    CreateRoom,
    /// "Play here, no internet": a room with no signalling server.
    HostServerless,
    /// Joins the room of a scanned invitation, with no server; stays on the screen.
    JoinServerless(Box<PairingCode>),
    /// "Join by camera" on the practice file: loads the full app, which opens the camera's
    /// panel. [`Acted::NotDone`]: this file has the panel, open it here.
    JoinCameraElsewhere,
    /// Gives up loading the full app to host a room.
    ForgetHostAsk,
    /// Remembers the player's name; `tell_room`: renames this player in the running room too.
    SetName { name: String, tell_room: bool },
    /// The result screen's "Watch the replay": the game just played, kept and shown.
    WatchCurrent,
    /// Opens the saved game `key` in the viewer; `then` hears whether it opened.
    OpenSaved { key: String, then: Option<Callback<bool>> },
    /// Opens a game file's text or a replay link (kept in the saved games); `then` as above.
    OpenText { text: String, then: Option<Callback<bool>> },
    /// Starts a lesson afresh.
    BeginLesson(&'static Lesson),
    /// Starts the lesson an address names (an unknown one shows the list).
    LessonById(String),
    /// Leaves the lesson for the lessons list.
    LeaveLesson,
    /// "Play a practice game as Engineering with bots around you".
    PracticeAsEngineering,
    /// Opens the map editor on this map.
    EditMap(Box<MapSpec>),
    /// Opens the map editor on a blank map.
    NewMap,
    /// Chooses this map for the open lobby. [`Acted::NotDone`]: not sent (said why).
    ChooseMap(Box<MapSpec>),
    /// "Play this map": the open lobby, or a new practice lobby, with it chosen.
    PlayMap(Box<MapSpec>),
    /// Re-lays the quick-start tokens after the layout or the wormhole rule changed.
    RefreshQuickLayout,
}

impl From<Errand> for Act {
    fn from(errand: Errand) -> Act {
        Act::Errand(errand)
    }
}

/// What became of an act, for the one that asked. Most ignore it: a refusal
/// that is not theirs to show is a toast already.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Acted {
    /// Done, or begun (an errand that waits on storage, a reload to the full app).
    Done,
    /// Not done (said why in a toast, or nothing to do).
    NotDone,
    /// Not done, for a reason the asking screen shows where the tap was.
    Refused(ActError),
}

impl From<bool> for Acted {
    fn from(done: bool) -> Acted {
        if done {
            Acted::Done
        } else {
            Acted::NotDone
        }
    }
}

impl<E: Into<ActError>> From<Result<(), E>> for Acted {
    fn from(result: Result<(), E>) -> Acted {
        match result {
            Ok(()) => Acted::Done,
            Err(why) => Acted::Refused(why.into()),
        }
    }
}

/// Why an act was refused, in words the player reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActError {
    /// This browser cannot be in a room.
    NoWebRtc(NoWebRtc),
    /// A pairing code that links nothing, or a hub that cannot make one.
    Pair(PairError),
    /// The rules' or the session's reason, already in words (a misplaced die, paused, the host away).
    Said(String),
}

impl From<String> for ActError {
    fn from(why: String) -> ActError {
        ActError::Said(why)
    }
}

impl From<NoWebRtc> for ActError {
    fn from(why: NoWebRtc) -> ActError {
        ActError::NoWebRtc(why)
    }
}

impl From<PairError> for ActError {
    fn from(why: PairError) -> ActError {
        ActError::Pair(why)
    }
}

impl std::fmt::Display for ActError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ActError::NoWebRtc(why) => why.fmt(f),
            ActError::Pair(why) => why.fmt(f),
            ActError::Said(why) => f.write_str(why),
        }
    }
}

/// Carries out an errand (a service's, handed in: the store imports no service).
pub type Runner = fn(Store, Errand) -> Acted;

/// What the services hand the store at start (`boot::SERVICES`): writing a
/// room's save, and carrying out errands.
#[derive(Clone, Copy)]
pub struct Services {
    pub persist: Persist,
    pub run: Runner,
}

impl Store {
    /// Carries out what a person asked: the one way a screen, a widget or a key acts.
    #[inline]
    pub fn act(&self, act: impl Into<Act>) -> Acted {
        self.carry_out(act.into())
    }

    fn carry_out(&self, act: Act) -> Acted {
        let store = *self;
        match act {
            Act::Roll { seat, station } => actions::roll(store, seat, station),
            Act::RollCockpit { seat } => actions::roll_cockpit(store, seat),
            Act::SendEnergy { seat, face } => actions::send_number(store, seat, face),
            Act::Place { seat, station, spot } => actions::place(store, seat, station, spot),
            Act::Remove { seat, station, die } => actions::remove(store, seat, station, die),
            Act::Reroll { seat, station, die } => actions::reroll_placed(store, seat, station, die),
            Act::Fire { count } => actions::fire(store, count),
            Act::TractorShip => actions::tractor_ship(store),
            Act::Warp => actions::warp(store),
            Act::Launch(pay) => actions::launch(store, pay),
            Act::Surge => actions::surge(store),
            Act::Send { seat, intent } => return self.send(seat, intent).into(),
            Act::Submit { seat, intent } => return self.submit(seat, intent).into(),
            Act::SealPlan { rerolls, placement } if LOADED => {
                return self.seal_plan(rerolls, placement).into()
            }
            Act::Command(command) => self.command(command),
            Act::CallOut(request) => self.call_out(request),
            Act::FollowRival => actions::follow_rival(store),
            Act::BotLevel { seat, level } => self.set_level(seat, level),
            Act::Cover(cover) => self.set_cover(cover),
            Act::BotsPaused(paused) => self.set_bots_paused(paused),
            Act::BotPace(pace) => self.set_bot_pace(pace),
            Act::Pause(reason) => return self.pause(reason).into(),
            Act::Resume(reason) => self.resume(reason),
            Act::Go(route) => self.go(route),
            Act::SaveMap(map) => return self.save_map(&map),
            Act::DeleteMap(name) => return self.delete_map(&name),
            // The base file has no replays and the practice file no rooms (issues 32, 49): their
            // acts are never asked there, and the constants leave their code out of those files.
            Act::Replay(control) if LOADED => self.control_replay(control),
            Act::Invite if ROOMS => return self.invite(),
            Act::ScannedAnswer(text) if ROOMS => return self.scanned_answer(&text),
            Act::Replay(_) | Act::Invite | Act::ScannedAnswer(_) | Act::SealPlan { .. } => {
                return Acted::NotDone
            }
            Act::Errand(errand) => return (self.services.run)(store, errand),
        }
        Acted::Done
    }
}
