//! The store-free kit (data layer, see `docs/LAYERS.md`): dice faces, icons, names,
//! toasts, sounds, and the tabs a device can show. Which tab is shown, and the
//! other UI-only state, is the store's (`store::ui`).

pub mod die;
#[cfg(test)]
mod glyphs;
pub mod icons;
pub mod names;
pub mod shortcuts;
pub mod sound;
pub mod tab;
pub mod thunder_words;
pub mod toast;
