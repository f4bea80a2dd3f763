//! One pump of the session, published: the replica's game and room, this
//! tab's player and link, the events (sounds, the story's log, the replay
//! keeper), refusals, handovers, the election and the camera pairing's code,
//! each signal set only when its value changed.

use std::sync::Arc;

use leptos::prelude::*;

use super::Store;
use crate::feed::Tone;
use crate::session::Pumped;
use crate::ui::sound;

/// What hears of every pump (the browser tests' hooks): the store, the pump's
/// news and when its events were applied (`platform::test_clock::precise`).
#[cfg(feature = "test-hooks")]
pub type PumpWatch = fn(&Store, &Pumped, f64);

impl Store {
    /// From now on `watch` hears of every pump.
    #[cfg(feature = "test-hooks")]
    pub fn watch_pumps(&self, watch: PumpWatch) {
        self.pump_watch.set_value(Some(watch));
    }

    /// Moves the session on and publishes what changed.
    pub fn pump(&self) {
        // A paused practice stands still: nothing moves, nothing arrives.
        if self.paused.get_untracked().is_some() {
            return;
        }
        let now = self.session_now();
        let keep = self.toasts.take_undo();
        let Some((p, game, room, state)) = self.with_session(|s| {
            if keep {
                s.keep_stations(now);
            }
            let p = s.pump(now);
            let game = p.game_changed.then(|| s.game().cloned().map(Arc::new));
            let room = p.room_changed.then(|| s.room().cloned());
            let state = (s.me(), s.is_owner(), s.link_state(), s.bots_ref().open_calls().to_vec());
            (p, game, room, state)
        }) else {
            return;
        };
        // When this tab applied the pump's events, for the latency figures.
        #[cfg(feature = "test-hooks")]
        let at = crate::platform::test_clock::precise();
        let (me, owner, link, calls) = state;
        if let Some(game) = game {
            self.set.game.set(game);
            // A reloaded host's duel, told at once now that its battlefield is known.
            if self.log.with_untracked(|l| l.thunder.untold()) {
                self.set.log.update(|log| self.game.with_untracked(|g| log.record(g.as_deref(), &[], now)));
            }
        }
        if let Some(room) = room {
            self.set.room.set(room);
        }
        if self.me.get_untracked() != me {
            self.set.me.set(me);
        }
        if self.owner.get_untracked() != owner {
            self.set.owner.set(owner);
        }
        if self.link.with_untracked(|l| *l != link) {
            self.set.link.set(link);
        }
        if self.calls.with_untracked(|c| *c != calls) {
            self.set.calls.set(calls);
        }
        if !p.events.is_empty() {
            self.publish_events(&p.events, now);
        }
        self.tell(&p);
        if p.outdated {
            self.ui.update_ready.set(true);
        }
        if p.save_due {
            // Saved on the next clock tick, off the input → screen path.
            self.save_due.set_value(true);
        }
        if self.election.with_untracked(|e| *e != p.election) {
            self.set.election.set(p.election.clone());
        }
        if let Some(hosting) = p.hosting {
            self.hosting_changed(hosting);
        }
        // A camera's code appears when the browser gathered its addresses; a link opens later.
        self.publish_pairing();
        #[cfg(feature = "test-hooks")]
        if let Some(watch) = self.pump_watch.get_value() {
            watch(self, &p, at);
        }
    }

    /// What a pump tells the players, each at its weight (issue 48): a
    /// refusal is a toast; news of the room (who hosts now, a bot in a seat)
    /// a toast and a line in the story; a caution (dice nobody can check) a
    /// line in the story; a warning (a proven cheat, a forged message) a
    /// line of the trust bar, which stays.
    pub fn tell(&self, p: &Pumped) {
        for reason in &p.rejections {
            self.toasts.error(reason.clone());
        }
        if !p.warnings.is_empty() {
            self.ui.warnings.update(|w| crate::trust::remember(w, &p.warnings));
        }
        if let Some(tables) = &p.two_tables {
            self.ui.two_tables.set(tables.clone());
        }
        if let Some(reason) = &p.refused {
            self.toasts.error(format!("The room refused this device: {reason}"));
        }
        for text in p.handover.iter().chain(&p.cover).chain(&p.news) {
            self.toasts.info(text.clone());
            self.set.log.update(|log| log.tell(text.clone(), Tone::News));
        }
        for text in &p.story {
            self.set.log.update(|log| log.tell(text.clone(), Tone::Caution));
        }
        // A quiet player's stations offered to a bot (D46): tapping the toast keeps them.
        if let Some(text) = &p.offered {
            self.toasts.offer(text.clone());
            self.set.log.update(|log| log.tell(text.clone(), Tone::News));
        }
    }

    /// The events a pump applied: their sounds and vibrations, the story's
    /// log (Thunderstruck's story with it), the replay keeper.
    fn publish_events(&self, events: &[(u64, duel_core::Event)], now: u64) {
        let muted = self.ui.muted.get_untracked();
        self.game.with_untracked(|g| {
            if let Some(g) = g {
                for cue in sound::cues_for_events(g, events) {
                    sound::play(cue, muted);
                    if self.ui.haptics.get_untracked() {
                        match cue {
                            sound::Sound::Freeze => crate::platform::device::vibrate(&[60]),
                            sound::Sound::Hit => crate::platform::device::vibrate(&[120, 60, 120]),
                            _ => {}
                        }
                    }
                }
            }
        });
        self.set.log.update(|log| self.game.with_untracked(|g| log.record(g.as_deref(), events, now)));
        self.keeper.update_value(|k| k.saw(events[0].0, now));
        self.keep_if_over();
    }
}
