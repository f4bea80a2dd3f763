//! Telling the table when the owner's bots cover a departed player's seats
//! (a phone that locked, a tab the browser discarded, a battery that died)
//! and when they are that player's again: every device says it in words,
//! from the replicated room view, so a successor host's table hears it too.

use std::collections::BTreeSet;

use duel_core::{Game, SeatId, SeatSpec};
use duel_net::{PlayerNo, RoomView, SeatHolder};

/// The covered seats last seen, to say only what changed.
#[derive(Default)]
pub(super) struct CoverWatch {
    last: Vec<(SeatId, PlayerNo)>,
}

impl CoverWatch {
    /// What to tell this device about seats newly covered or given back.
    pub(super) fn update(&mut self, room: &RoomView, game: &Game, me: Option<PlayerNo>) -> Vec<String> {
        let now = room.covered_seats();
        if now == self.last {
            return Vec::new();
        }
        let before = std::mem::replace(&mut self.last, now.clone());
        let name =
            |p: PlayerNo| room.player(p).map_or_else(|| format!("Player {}", p.0 + 1), |v| v.name.clone());
        // Each player once (a set: several seats, several players in one update).
        let players = |list: &[(SeatId, PlayerNo)], other: &[(SeatId, PlayerNo)]| -> BTreeSet<PlayerNo> {
            list.iter().filter(|c| !other.contains(c)).map(|(_, p)| *p).collect()
        };
        let mut told = Vec::new();
        for player in players(&now, &before) {
            let seats: Vec<SeatId> = now.iter().filter(|(_, p)| *p == player).map(|(s, _)| *s).collect();
            let (who, what) = (name(player), seat_words(game, &seats));
            told.push(format!("{who}'s device is gone: a bot plays {what} until {who} is back."));
        }
        for player in players(&before, &now) {
            let seats: Vec<SeatId> = before.iter().filter(|(_, p)| *p == player).map(|(s, _)| *s).collect();
            // Back only if present and still holding them; else someone took them.
            let present = room.player(player).is_some_and(|v| !v.away);
            let (kept, taken): (Vec<SeatId>, Vec<SeatId>) = seats
                .iter()
                .partition(|s| room.seats.get(usize::from(s.0)) == Some(&SeatHolder::Player(player)));
            if present && !kept.is_empty() {
                let what = seat_words(game, &kept);
                told.push(if Some(player) == me {
                    format!("You are back: {what} is yours again.")
                } else {
                    format!("{} is back and plays {what} again.", name(player))
                });
            }
            for seat in taken {
                if let Some(SeatHolder::Player(by)) = room.seats.get(usize::from(seat.0)) {
                    let by = if Some(*by) == me { "You".to_string() } else { name(*by) };
                    told.push(format!("{by} took over {} from {}.", seat_words(game, &[seat]), name(player)));
                }
            }
        }
        told
    }
}

/// Seats a person plays now (bot teams never place set-up tokens or draft for
/// them); a seat the bots cover for a departed player is the bots' to play.
pub(super) fn held_by_people(room: &RoomView) -> Vec<SeatId> {
    let covered = room.covered_seats();
    room.seats
        .iter()
        .enumerate()
        .filter(|(_, h)| matches!(h, SeatHolder::Player(_)))
        .map(|(i, _)| SeatId(u8::try_from(i).unwrap_or(u8::MAX)))
        .filter(|seat| !covered.iter().any(|(s, _)| s == seat))
        .collect()
}

/// "Helm and Shields" (the stations of `seats`, in seat order; "a Captain's
/// seat" where a seat holds none).
fn seat_words(game: &Game, seats: &[SeatId]) -> String {
    words(seats.iter().filter_map(|s| game.seat(*s)))
}

/// One seat's stations in words ("Helm, Shields and Tractor Beam").
pub(super) fn stations_words(spec: &SeatSpec) -> String {
    words(std::iter::once(spec))
}

fn words<'a>(specs: impl Iterator<Item = &'a SeatSpec>) -> String {
    let mut names: Vec<&str> = Vec::new();
    for spec in specs {
        if spec.captain {
            names.push("the Captain's seat");
        }
        names.extend(spec.stations.iter().map(|st| st.name()));
    }
    names.dedup();
    and_list(&names, "their seats")
}

/// "Helm, Shields and Tractor Beam" (`none` when there are no names).
pub(super) fn and_list(names: &[&str], none: &str) -> String {
    match names {
        [] => none.into(),
        [one] => (*one).into(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::GameConfig;
    use duel_net::wire::PlayerView;
    use duel_net::{CommandId, Timing};

    fn room(seats: Vec<SeatHolder>, away: &[u16]) -> RoomView {
        let player = |no: u16| PlayerView {
            no: PlayerNo(no),
            name: ["Hana", "Ana", "Cy"][usize::from(no)].into(),
            connected: true,
            away: away.contains(&no),
            peer: None,
            proof: [0; 32],
            next_command: CommandId(0),
            key: duel_net::SeatPublic::NONE,
            chains: vec![],
        };
        RoomView {
            version: 1,
            host: Some(PlayerNo(0)),
            successors: vec![],
            capacity: 8,
            timing: Timing::default(),
            owner: Some(PlayerNo(0)),
            started: true,
            config: GameConfig::quick_duel(1),
            seats,
            players: (0..3).map(player).collect(),
            bots: duel_net::BotPlan::default(),
        }
    }

    #[test]
    fn the_table_is_told_who_a_bot_covers_and_who_is_back() {
        let game = Game::new(GameConfig::quick_duel(1)).expect("a game");
        let seats = vec![SeatHolder::Player(PlayerNo(0)), SeatHolder::Player(PlayerNo(1))];
        let mut watch = CoverWatch::default();
        assert!(watch.update(&room(seats.clone(), &[]), &game, Some(PlayerNo(2))).is_empty());
        let told = watch.update(&room(seats.clone(), &[1]), &game, Some(PlayerNo(2)));
        assert_eq!(told.len(), 1, "{told:?}");
        assert!(told[0].starts_with("Ana's device is gone: a bot plays "), "{}", told[0]);
        assert!(told[0].ends_with(" until Ana is back."), "{}", told[0]);
        assert!(watch.update(&room(seats.clone(), &[1]), &game, Some(PlayerNo(2))).is_empty(), "said once");
        let back = watch.update(&room(seats.clone(), &[]), &game, Some(PlayerNo(2)));
        assert!(back[0].starts_with("Ana is back and plays "), "{back:?}");
        let mut mine = CoverWatch::default();
        mine.update(&room(seats.clone(), &[1]), &game, Some(PlayerNo(1)));
        let me = mine.update(&room(seats, &[]), &game, Some(PlayerNo(1)));
        assert!(me[0].starts_with("You are back: "), "{me:?}");
    }

    #[test]
    fn a_covered_seat_someone_takes_is_not_said_to_be_back() {
        let game = Game::new(GameConfig::quick_duel(1)).expect("a game");
        let mut watch = CoverWatch::default();
        let ana = vec![SeatHolder::Player(PlayerNo(0)), SeatHolder::Player(PlayerNo(1))];
        assert_eq!(watch.update(&room(ana, &[1]), &game, Some(PlayerNo(0))).len(), 1);
        let taken = vec![SeatHolder::Player(PlayerNo(0)), SeatHolder::Player(PlayerNo(2))];
        let told = watch.update(&room(taken, &[1]), &game, Some(PlayerNo(0)));
        assert_eq!(told.len(), 1, "{told:?}");
        assert!(told[0].starts_with("Cy took over ") && told[0].ends_with(" from Ana."), "{}", told[0]);
    }

    #[test]
    fn a_seat_is_named_by_its_stations() {
        use duel_core::{ShipId, Station};
        let spec = SeatSpec {
            ship: ShipId(0),
            stations: vec![Station::Helm, Station::Shields, Station::Tractor],
            captain: false,
        };
        assert_eq!(stations_words(&spec), "Helm, Shields and Tractor Beam");
        let captain = SeatSpec { ship: ShipId(0), stations: vec![], captain: true };
        assert_eq!(stations_words(&captain), "the Captain's seat");
    }

    #[test]
    fn the_host_and_a_game_not_started_cover_nothing() {
        let game = Game::new(GameConfig::quick_duel(1)).expect("a game");
        let seats = vec![SeatHolder::Player(PlayerNo(0)), SeatHolder::Player(PlayerNo(1))];
        let mut watch = CoverWatch::default();
        assert!(watch.update(&room(seats.clone(), &[0]), &game, None).is_empty(), "the host's own seats");
        let mut lobby = room(seats, &[1]);
        lobby.started = false;
        assert!(watch.update(&lobby, &game, None).is_empty(), "a lobby waits for its players");
    }
}
