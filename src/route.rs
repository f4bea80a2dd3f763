//! Screens by address: `#/` home, `#/play` the running practice or room
//! (its lobby, game or result), `#/board` the shared board view, `#/rules`,
//! `#/thunderstruck` the Thunderstruck Duel against bots, `#/maps` the map
//! editor. `#/play?map=CODE` is a shared map's link: the practice lobby
//! with that map chosen ([`map_code`]). `#/learn` lists the lessons;
//! `#/learn/<id>` starts one ([`lesson_id`]), which then plays at `#/play`.
//! Hash routes need no server support and survive a reload.

/// A screen of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    Play,
    Board,
    Rules,
    Thunderstruck,
    Maps,
    /// A saved game played back (`#/replay?id=…` or `?g=…`, see `crate::replay`).
    Replay,
    /// "Learn a station": the lessons (`#/learn`, or `#/learn/<id>` to start one).
    Learn,
}

impl Route {
    /// The route a `location.hash` names (anything unknown is home).
    pub fn from_hash(hash: &str) -> Route {
        let path = hash.trim_start_matches('#').trim_start_matches('/');
        // A route's own parameters follow a `?` (`#/play?map=…`).
        match path.split('?').next().unwrap_or_default() {
            "play" => Route::Play,
            "maps" => Route::Maps,
            "replay" => Route::Replay,
            "board" => Route::Board,
            "rules" => Route::Rules,
            "thunderstruck" => Route::Thunderstruck,
            p if p == "learn" || p.starts_with("learn/") => Route::Learn,
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
            Route::Maps => "#/maps",
            Route::Replay => "#/replay",
            Route::Learn => "#/learn",
        }
    }
}

/// The map code of a shared map's link (`#/play?map=CODE`), if the hash has one.
pub fn map_code(hash: &str) -> Option<String> {
    let (_, params) = hash.split_once('?')?;
    crate::platform::query::param(params, "map").filter(|c| !c.is_empty())
}

/// The lesson a `#/learn/<id>` hash names (not checked against the list).
pub fn lesson_id(hash: &str) -> Option<String> {
    let path = hash.trim_start_matches('#').trim_start_matches('/');
    let id = path.split('?').next()?.strip_prefix("learn/")?;
    (!id.is_empty()).then(|| id.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_round_trip_and_junk_is_home() {
        for r in [
            Route::Home,
            Route::Play,
            Route::Board,
            Route::Rules,
            Route::Thunderstruck,
            Route::Maps,
            Route::Replay,
            Route::Learn,
        ] {
            assert_eq!(Route::from_hash(r.hash()), r);
        }
        assert_eq!(Route::from_hash(""), Route::Home);
        assert_eq!(Route::from_hash("#room=abc"), Route::Home);
        assert_eq!(Route::from_hash("#play"), Route::Play);
    }

    #[test]
    fn a_lesson_link_is_the_learn_route_with_its_id() {
        assert_eq!(Route::from_hash("#/learn/helm"), Route::Learn);
        assert_eq!(lesson_id("#/learn/helm").as_deref(), Some("helm"));
        assert_eq!(lesson_id("#/learn"), None);
        assert_eq!(lesson_id("#/learn/"), None);
        assert_eq!(Route::from_hash("#/learning"), Route::Home);
    }

    #[test]
    fn a_map_link_is_the_play_route_with_its_code() {
        assert_eq!(Route::from_hash("#/play?map=DDM1.abc"), Route::Play);
        assert_eq!(map_code("#/play?map=DDM1.abc").as_deref(), Some("DDM1.abc"));
        assert_eq!(map_code("#/play"), None);
        assert_eq!(map_code("#/play?map="), None);
    }
}
