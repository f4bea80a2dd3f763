//! The board in words, for a screen reader and a square's tooltip: each
//! square named for what is on it ("C4: asteroid", "E2: Black ship, facing
//! north"), and the whole board as one sentence.

use std::collections::BTreeMap;

use duel_core::event::CrystalAt;
use duel_core::map::Obstacle;
use duel_core::{Game, ShipId, Square};

use crate::ui::names::{dir_name, ship_name, square};

/// What lies on each square that holds anything, in board order.
pub fn contents(game: &Game) -> BTreeMap<(u8, u8), Vec<String>> {
    let mut at: BTreeMap<(u8, u8), Vec<String>> = BTreeMap::new();
    let mut put = |sq: Square, what: String| at.entry((sq.row, sq.col)).or_default().push(what);
    for (i, ship) in game.ships().iter().enumerate() {
        if ship.destroyed {
            continue;
        }
        let name = ship_name(game.layout(), ShipId(i as u8));
        put(ship.position.square, format!("{name} ship, facing {}", dir_name(ship.facing)));
    }
    for (sq, obstacle) in game.obstacles() {
        let word = match obstacle {
            Obstacle::Asteroid => "asteroid",
            Obstacle::Nebula => "nebula",
        };
        put(*sq, word.to_string());
    }
    for sq in game.wormholes() {
        put(*sq, "wormhole".to_string());
    }
    for c in game.crystals() {
        if let CrystalAt::OnMap(sq) = c {
            put(*sq, "crystal".to_string());
        }
    }
    for m in game.mines() {
        put(m.square, format!("{}'s mine", ship_name(game.layout(), m.owner)));
    }
    at
}

/// One square's name: "C4: asteroid", or just "C4" when it is empty.
pub fn square_name(sq: Square, what: Option<&Vec<String>>) -> String {
    match what {
        Some(list) if !list.is_empty() => format!("{}: {}", square(sq), list.join(", ")),
        _ => square(sq),
    }
}

/// The whole board as one sentence: its size, then every square that holds something.
pub fn summary(game: &Game) -> String {
    let map = game.map();
    let things: Vec<String> = contents(game)
        .iter()
        .map(|((row, col), what)| square_name(Square::new(*col, *row), Some(what)))
        .collect();
    let mut text = format!("The board, {} columns by {} rows", map.cols, map.rows);
    if !things.is_empty() {
        text.push_str(". ");
        text.push_str(&things.join("; "));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::GameConfig;

    #[test]
    fn squares_are_named_for_what_is_on_them() {
        let game = Game::new(GameConfig::quick_duel(3)).unwrap();
        let all = contents(&game);
        let white = game.ships()[0].position.square;
        let said = square_name(white, all.get(&(white.row, white.col)));
        assert_eq!(said, format!("{}: White ship, facing north", square(white)));
        let (sq, _) = game.obstacles()[0];
        assert!(
            square_name(sq, all.get(&(sq.row, sq.col))).contains(": asteroid")
                || square_name(sq, all.get(&(sq.row, sq.col))).contains(": nebula")
        );
        let text = summary(&game);
        assert!(text.starts_with("The board, 9 columns by 9 rows. "), "{text}");
        assert!(text.contains("Black ship, facing south"), "{text}");
        assert!(!text.contains("A A B B"), "{text}");
    }
}
