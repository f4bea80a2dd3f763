//! The screen shown: the route signal, kept in step with the address's hash,
//! and what showing a screen does to a practice battle (one in front runs,
//! any other screen pauses it).

use leptos::prelude::*;

use super::Store;
use crate::pause::PauseReason;
use crate::route::Route;

impl Store {
    /// Shows `route`'s screen (the address is the caller's: see [`Store::go`]).
    pub fn show_route(&self, route: Route) {
        self.set.route.set(route);
        // The rules page, home or any other screen in front pauses a practice battle.
        if matches!(route, Route::Play | Route::Board) {
            self.resume(PauseReason::Away);
        } else {
            self.pause(PauseReason::Away);
        }
    }

    /// Goes to `route`: the address (so Back and a reload work) and the screen
    /// (at once: `history.replaceState` and an unchanged hash fire no `hashchange`).
    pub fn go(&self, route: Route) {
        crate::platform::set_hash(route.hash());
        self.show_route(route);
    }
}
