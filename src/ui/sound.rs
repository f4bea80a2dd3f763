//! Sounds from Web Audio oscillators: no audio files to download. The
//! audio context starts on the first tap (browsers allow sound only after a
//! gesture); a mute toggle is remembered on the device.

use std::cell::RefCell;

use duel_core::{Event, Game, Intent};
use web_sys::{AudioContext, AudioContextState, OscillatorType};

const MUTED_KEY: &str = "dice-duel/muted";

/// What a sound says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    /// Dice rattling.
    Roll,
    /// A die set down on a display.
    Place,
    /// "Freeze!": time stops.
    Freeze,
    /// A ship takes damage.
    Hit,
    /// The game is over.
    Fanfare,
}

thread_local! {
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// Creates or resumes the audio context: call from a user gesture.
pub fn unlock() {
    CONTEXT.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            *c = AudioContext::new().ok();
        }
        if let Some(ctx) = c.as_ref() {
            if ctx.state() != AudioContextState::Running {
                let _ = ctx.resume();
            }
        }
    });
}

/// Whether the player muted the game on this device.
pub fn stored_muted() -> bool {
    crate::platform::storage::get(MUTED_KEY).as_deref() == Some("1")
}

/// Remembers the mute toggle.
pub fn store_muted(muted: bool) {
    let _ = crate::platform::storage::set(MUTED_KEY, if muted { "1" } else { "0" });
}

/// The sound a person's own action makes when it is sent.
pub fn cue_for(intent: &Intent) -> Option<Sound> {
    match intent {
        Intent::RollEnergy { .. } | Intent::RollDice { .. } => Some(Sound::Roll),
        Intent::PlaceDie { .. }
        | Intent::Override { .. }
        | Intent::SendEnergy { .. }
        | Intent::PlaceObstacle { .. }
        | Intent::PlaceWormhole { .. } => Some(Sound::Place),
        _ => None,
    }
}

/// Sounds for what the host decided (freezes, hits, the end), whoever caused them.
pub fn cues_for_events(_game: &Game, events: &[(u64, Event)]) -> Vec<Sound> {
    let mut out = Vec::new();
    for (_, e) in events {
        let cue = match e {
            Event::FreezeDeclared { .. } => Sound::Freeze,
            Event::Damaged { .. } => Sound::Hit,
            Event::GameOver { .. } => Sound::Fanfare,
            _ => continue,
        };
        if !out.contains(&cue) {
            out.push(cue);
        }
    }
    out
}

/// One tone: `kind` from `f0` to `f1` Hz over `dur` s, starting `at` s from now.
struct Tone {
    kind: OscillatorType,
    f0: f32,
    f1: f32,
    at: f64,
    dur: f64,
    gain: f32,
}

fn tones(sound: Sound) -> Vec<Tone> {
    let t = |kind, f0, f1, at, dur, gain| Tone { kind, f0, f1, at, dur, gain };
    use OscillatorType::{Sawtooth, Sine, Square, Triangle};
    match sound {
        Sound::Roll => (0..5)
            .map(|i| t(Square, 420.0 + 90.0 * ((i * 7) % 5) as f32, 300.0, 0.035 * f64::from(i), 0.03, 0.05))
            .collect(),
        Sound::Place => vec![t(Sine, 720.0, 520.0, 0.0, 0.08, 0.18)],
        Sound::Freeze => {
            vec![t(Sawtooth, 900.0, 180.0, 0.0, 0.45, 0.10), t(Sine, 1800.0, 360.0, 0.0, 0.45, 0.05)]
        }
        Sound::Hit => vec![t(Triangle, 140.0, 38.0, 0.0, 0.6, 0.35), t(Square, 90.0, 30.0, 0.02, 0.3, 0.08)],
        Sound::Fanfare => [523.0, 659.0, 784.0, 1046.0]
            .iter()
            .enumerate()
            .map(|(i, f)| t(Triangle, *f, *f, 0.12 * i as f64, 0.25, 0.15))
            .collect(),
    }
}

/// Plays `sound` unless muted or the audio context is not running yet.
pub fn play(sound: Sound, muted: bool) {
    if muted {
        return;
    }
    CONTEXT.with(|c| {
        let c = c.borrow();
        let Some(ctx) = c.as_ref() else { return };
        if ctx.state() != AudioContextState::Running {
            return;
        }
        let now = ctx.current_time();
        for tone in tones(sound) {
            let _ = schedule(ctx, &tone, now);
        }
    });
}

fn schedule(ctx: &AudioContext, tone: &Tone, now: f64) -> Result<(), wasm_bindgen::JsValue> {
    let osc = ctx.create_oscillator()?;
    let gain = ctx.create_gain()?;
    let (start, end) = (now + tone.at, now + tone.at + tone.dur);
    osc.set_type(tone.kind);
    osc.frequency().set_value_at_time(tone.f0, start)?;
    osc.frequency().exponential_ramp_to_value_at_time(tone.f1.max(1.0), end)?;
    gain.gain().set_value_at_time(tone.gain, start)?;
    gain.gain().exponential_ramp_to_value_at_time(0.001, end)?;
    osc.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&ctx.destination())?;
    osc.start_with_when(start)?;
    osc.stop_with_when(end + 0.02)?;
    Ok(())
}
