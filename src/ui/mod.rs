//! Pieces every screen uses: dice faces, icons, toasts, sounds, keys, and
//! the UI-only state (which station is shown, which dice are picked).

pub mod die;
pub mod icons;
pub mod keys;
pub mod names;
pub mod sound;
pub mod state;
pub mod toast;
