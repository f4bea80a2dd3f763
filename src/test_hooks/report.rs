//! The room report a browser test polls (`test_hook_state`): what the
//! test's assertions read, in one JSON object.

use duel_core::Game;
use leptos::prelude::*;
use serde_json::json;
use wasm_bindgen::prelude::*;

use super::{fire_intent, my_seats, store, with_hooks};
use crate::session::SessionKind;

/// The running room as JSON (`null` when none runs): `room`, `role`, `state`
/// (the connection, e.g. `Connected` or `Failed("why")`), `hostPeer`, `me`,
/// `seats`, `started`, `head`, `hash`, `pending`, `freeze`, `fireReady`,
/// `autoload`, `rejected`, `warned` (the trust bar's words), `twoTables` (the bar's line
/// offering another host's table, issue 43: `{text, follow}`, null when one device hosts), `story` (the room's news and cautions the story told), `players`, `linked` (peers reached directly), `relayRefused`,
/// `election` (how the succession stands, for a failing test's message),
/// `covered` (seats a bot plays for a departed player), `botLevels` ([seat, level] of every seat a
/// bot plays), `ships` (each ship's square and facing).
#[wasm_bindgen]
pub fn test_hook_state() -> String {
    let Some(store) = store() else { return String::from("null") };
    let SessionKind::Online { room, host } = store.kind.get_untracked() else { return String::from("null") };
    let (rejected, warned, story, autoload) = with_hooks(|h| {
        let autoload = h.autoload.keys().map(|s| s.0).collect::<Vec<_>>();
        (h.rejected.clone(), h.warned.clone(), h.story.clone(), autoload)
    });
    let now = store.session_now();
    let two_tables =
        store.ui.two_tables.get_untracked().map(|t| json!({ "text": t.text, "follow": t.follow }));
    // Introductions refused (issue 34: forged or malformed relay messages).
    let relay_refused = store.relay_refusals();
    let report = store.with_session(|s| {
        let game = s.game();
        let seats = my_seats(s);
        let freeze = game.and_then(Game::freeze).map(|f| {
            json!({ "declared": f.declared.ship.0, "queued": f.queued.iter().map(|d| d.ship.0).collect::<Vec<_>>() })
        });
        let fire_ready: Vec<u8> =
            seats.iter().filter(|seat| game.is_some_and(|g| fire_intent(g, **seat).is_some())).map(|s| s.0).collect();
        json!({
            "room": room,
            "role": if host { "Host" } else { "Guest" },
            // As the tests name it: `Connected`, `Failed("why")`, …
            "state": format!("{:?}", s.link_state()),
            "linked": s.linked(),
            "relayRefused": relay_refused,
            "election": s.election_report(now),
            "hostPeer": s.host_peer().map(|p| format!("{:032x}", p.0)),
            "me": s.me().map(|p| p.0),
            "seats": seats.iter().map(|s| s.0).collect::<Vec<_>>(),
            "started": game.is_some(),
            "head": s.head(),
            "hash": game.map(|g| format!("{:016x}", g.state_hash())),
            "pending": s.pending(),
            "freeze": freeze,
            "fireReady": fire_ready,
            "autoload": autoload,
            "rejected": rejected,
            "warned": warned,
            "twoTables": two_tables,
            "story": story,
            "players": s.room().map_or(0, |room| room.players.len()),
            "epoch": s.hosting().0,
            "hosting": s.hosting().1,
            "over": game.is_some_and(|g| g.outcome().is_some()),
            // Seats the owner's bots play for a departed player (issue 30).
            "covered": s.room().map_or_else(Vec::new, |room| room.covered_seats().iter().map(|(seat, _)| seat.0).collect()),
            // Each seat a bot plays now, with its level from the room's plan (issue 30).
            "botLevels": s.room().map_or_else(Vec::new, |room| room.bot_seats().iter().map(|seat| {
                json!([seat.0, crate::session::difficulty(room.bot_level(*seat)).name()])
            }).collect()),
            // Where each ship is and which way it faces (did the ships move?).
            "ships": game.map_or_else(Vec::new, |g| g.ships().iter().map(|sh| format!("{:?} {:?}", sh.position, sh.facing)).collect()),
        })
    });
    report.map_or_else(|| String::from("null"), |r| r.to_string())
}
