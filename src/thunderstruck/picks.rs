//! What only the screen cares about while a person plays: the plan being
//! laid out and the die in hand with what is spent on it. Never part of
//! the game: a refusal or someone else's move clears it.

use duel_core::thunderstruck::{ConsoleSpace, Player, Shield, Space};
use leptos::prelude::*;

/// The planning screen's picks: rerolls paid for, where each die goes, the die in hand.
#[derive(Clone, Copy)]
pub struct PlanUi {
    pub rerolls: RwSignal<u8>,
    /// By die index, like a [`Placement`].
    pub draft: RwSignal<Vec<Option<ConsoleSpace>>>,
    pub picked: RwSignal<Option<usize>>,
}

/// The action screen's picks: the die, the cubes spent on it, a target, a prompt's half-answer.
#[derive(Clone, Copy)]
pub struct ActUi {
    pub die: RwSignal<Option<ConsoleSpace>>,
    pub pips: RwSignal<i8>,
    pub to: RwSignal<Option<ConsoleSpace>>,
    /// Waiting for a tap on the space to move the die to.
    pub moving: RwSignal<bool>,
    pub with: RwSignal<bool>,
    pub target: RwSignal<Option<Player>>,
    pub shield: RwSignal<Option<Shield>>,
    pub warp: RwSignal<Option<Space>>,
}

impl ActUi {
    pub fn reset(&self) {
        self.die.set(None);
        self.pips.set(0);
        self.to.set(None);
        self.moving.set(false);
        self.with.set(false);
        self.target.set(None);
        self.shield.set(None);
        self.warp.set(None);
    }
}

impl PlanUi {
    pub fn new() -> PlanUi {
        PlanUi { rerolls: RwSignal::new(0), draft: RwSignal::new(Vec::new()), picked: RwSignal::new(None) }
    }
}

impl ActUi {
    pub fn new() -> ActUi {
        ActUi {
            die: RwSignal::new(None),
            pips: RwSignal::new(0),
            to: RwSignal::new(None),
            moving: RwSignal::new(false),
            with: RwSignal::new(false),
            target: RwSignal::new(None),
            shield: RwSignal::new(None),
            warp: RwSignal::new(None),
        }
    }
}
