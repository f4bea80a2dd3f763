//! The store-free kit (foundation layer, see `docs/LAYERS.md`): dice faces, icons, names,
//! toasts, sounds, and the UI-only state (which station is shown, which dice are picked).

pub mod die;
#[cfg(test)]
mod glyphs;
pub mod icons;
pub mod names;
pub mod shortcuts;
pub mod sound;
pub mod state;
pub mod toast;
