//! Screens by address: `#/` home, `#/play` the running practice or room
//! (its lobby, game or result), `#/board` the shared board view, `#/rules`,
//! `#/thunderstruck` the Thunderstruck Duel against bots.
//! Hash routes need no server support and survive a reload.

/// A screen of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    Play,
    Board,
    Rules,
    Thunderstruck,
}

impl Route {
    /// The route a `location.hash` names (anything unknown is home).
    pub fn from_hash(hash: &str) -> Route {
        match hash.trim_start_matches('#').trim_start_matches('/') {
            "play" => Route::Play,
            "board" => Route::Board,
            "rules" => Route::Rules,
            "thunderstruck" => Route::Thunderstruck,
            _ => Route::Home,
        }
    }

    /// The hash for this route.
    pub fn hash(self) -> &'static str {
        match self {
            Route::Home => "#/",
            Route::Play => "#/play",
            Route::Board => "#/board",
            Route::Rules => "#/rules",
            Route::Thunderstruck => "#/thunderstruck",
        }
    }
}

/// Goes to `route`: the address (so Back and a reload work) and the screen
/// (at once: `history.replaceState` and an unchanged hash fire no `hashchange`).
pub fn go(store: super::store::Store, route: Route) {
    crate::platform::set_hash(route.hash());
    store.show_route(route);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_round_trip_and_junk_is_home() {
        for r in [Route::Home, Route::Play, Route::Board, Route::Rules, Route::Thunderstruck] {
            assert_eq!(Route::from_hash(r.hash()), r);
        }
        assert_eq!(Route::from_hash(""), Route::Home);
        assert_eq!(Route::from_hash("#room=abc"), Route::Home);
        assert_eq!(Route::from_hash("#play"), Route::Play);
    }
}
