//! Small views more than one screen (or the root) shows, beside the board and
//! the stations: the pause's controls, the map's share and import, and the
//! new version's bar and the Install button.

pub mod map_share;
pub mod pause;
pub mod update;
