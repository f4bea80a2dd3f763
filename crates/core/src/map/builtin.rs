//! The built-in maps: the rulebook's board and three layouts in the spirit
//! of the original *Space Cadets* tiles, drawn as text so a reader sees the
//! map. Each is point-symmetric (arrows turned round, crystal square k
//! opposite 7 − k, D16), so neither colour starts ahead.
//!
//! Key: `.` empty, `A` asteroid, `N` nebula, `R` rift, `^ > v <` gravity
//! arrows, `W` wormhole, `#` a gap between tiles, `1`–`6` crystal squares,
//! `a`–`d` start squares 1–4 (D45: White, Black, White's second, Black's
//! second), facing the far side of the map.

use super::{MapSpec, Start, Terrain};
use crate::geometry::{Dir, Square};

/// The built-in maps' names, in the order the lobby lists them.
pub const BUILTIN_NAMES: [&str; 4] = ["Standard 9×9", "Rift Field", "Gravity Well", "Four Corners"];

const RIFT_FIELD: [&str; 10] = [
    "....b.....",
    ".A......N.",
    ".1..RR..2.",
    "...>>.....",
    "N.3.R.....",
    ".....R.4.N",
    ".....<<...",
    ".5..RR..6.",
    ".N......A.",
    ".....a....",
];

const GRAVITY_WELL: [&str; 12] = [
    "##...b....##",
    "#....N.....#",
    "..1.......2.",
    ".W..>>>>....",
    "...^....v.A.",
    "3..^.R..v.N.",
    ".N.^..R.v..4",
    ".A.^....v...",
    "....<<<<..W.",
    ".5.......6..",
    "#.....N....#",
    "##....a...##",
];

const FOUR_CORNERS: [&str; 12] = [
    "...d....b...",
    ".N........A.",
    "..1..RR..2..",
    "A....^^....N",
    ".>>.......3.",
    "....R.....W.",
    ".W.....R....",
    ".4.......<<.",
    "N....vv....A",
    "..5..RR..6..",
    ".A........N.",
    "...a....c...",
];

/// Every built-in map, in lobby order.
pub fn builtin_maps() -> Vec<MapSpec> {
    vec![
        MapSpec::default(),
        drawn(BUILTIN_NAMES[1], &RIFT_FIELD),
        drawn(BUILTIN_NAMES[2], &GRAVITY_WELL),
        drawn(BUILTIN_NAMES[3], &FOUR_CORNERS),
    ]
}

/// The built-in map called `name` (case and spaces ignored: "gravity-well" works).
pub fn builtin(name: &str) -> Option<MapSpec> {
    let key =
        |s: &str| s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect::<String>();
    let want = key(name);
    builtin_maps()
        .into_iter()
        .find(|m| key(&m.name) == want || key(&m.name).starts_with(&want) && !want.is_empty())
}

/// A map from its drawing (see the module docs for the key).
fn drawn(name: &str, rows: &[&str]) -> MapSpec {
    let mut map = MapSpec {
        name: name.to_string(),
        cols: rows[0].chars().count() as u8,
        rows: rows.len() as u8,
        ..MapSpec::default()
    };
    let mut starts: [Option<Start>; 4] = [None; 4];
    for (r, line) in rows.iter().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let sq = Square::new(c as u8, r as u8);
            let terrain = match ch {
                'A' => Some(Terrain::Asteroid),
                'N' => Some(Terrain::Nebula),
                'R' => Some(Terrain::Rift),
                '^' => Some(Terrain::Gravity(Dir::North)),
                '>' => Some(Terrain::Gravity(Dir::East)),
                'v' => Some(Terrain::Gravity(Dir::South)),
                '<' => Some(Terrain::Gravity(Dir::West)),
                'W' => Some(Terrain::Wormhole),
                '#' => Some(Terrain::Void),
                _ => None,
            };
            map.paint(sq, terrain);
            if let Some(n) = ch.to_digit(10).filter(|n| (1..=6).contains(n)) {
                map.crystal_squares[n as usize - 1] = sq;
            }
            if let Some(i) = "abcd".find(ch) {
                let facing = if usize::from(sq.row) * 2 < rows.len() { Dir::South } else { Dir::North };
                starts[i] = Some(Start { square: sq, facing });
            }
        }
    }
    map.start_squares = starts.into_iter().flatten().collect();
    map
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;

    #[test]
    fn d16_every_builtin_map_is_valid_and_point_symmetric() {
        for map in builtin_maps() {
            assert_eq!(map.check(), Ok(()), "{}", map.name);
            for (sq, t) in &map.terrain {
                let turned = match t {
                    Terrain::Gravity(d) => Terrain::Gravity(d.opposite()),
                    other => *other,
                };
                assert_eq!(map.terrain_at(map.mirror(*sq)), Some(turned), "{} {sq:?}", map.name);
            }
            for k in 1..=6 {
                assert_eq!(map.mirror(map.crystal_square(k)), map.crystal_square(7 - k), "{}", map.name);
            }
            for pair in map.start_squares.chunks(2) {
                assert_eq!(map.mirror(pair[0].square), pair[1].square, "{}", map.name);
                assert_eq!(pair[0].facing.opposite(), pair[1].facing, "{}", map.name);
            }
        }
    }

    #[test]
    fn the_four_ship_map_seats_every_layout_and_the_others_a_duel() {
        let four = builtin("four corners").unwrap();
        for layout in [Layout::Duel, Layout::TwoPerSide, Layout::FreeForAll] {
            assert_eq!(four.check_for(layout), Ok(()), "{layout:?}");
        }
        assert!(builtin("Rift Field").unwrap().check_for(Layout::TwoPerSide).is_err());
        assert_eq!(builtin("gravity-well").unwrap().name, "Gravity Well");
        assert_eq!(builtin("standard").unwrap(), MapSpec::default());
        assert_eq!(builtin("nowhere"), None);
    }
}
