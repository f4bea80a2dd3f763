//! Mines with purpose (R17) at every level above the first: a crew arms a
//! mine when the enemy comes near, drops it where the enemy will pass and
//! keeps it while the enemy is heading elsewhere, and shoots an enemy mine
//! out of its own way. Each level is checked with its own knowledge but
//! without its misreads and hesitation (`Profile::attentive`): these tests
//! are about what a level knows to do, not how quickly or how reliably.

mod common;

use common::{edit, load, lock, open_duel, place, put, roll};
use duel_bots::{Crew, Difficulty};
use duel_core::dice::{Face, TractorFace, TRACTOR_FACES};
use duel_core::ship::MineToken;
use duel_core::station::{MineId, Tube, TubeSide};
use duel_core::Spot;
use duel_core::{Dir, Game, Intent, SeatId, ShipId, Square, Station, Target};

const WHITE: ShipId = ShipId(0);
const BLACK: ShipId = ShipId(1);

/// The pip that shows Mine A on a tractor die (R2).
fn mine_a_pip() -> u8 {
    let i = TRACTOR_FACES.iter().position(|f| *f == TractorFace::MineA).expect("a Mine A face");
    i as u8 + 1
}

/// What White's crew at `level` does next.
fn next(level: Difficulty, game: &Game) -> Option<Intent> {
    let mut crew = Crew::with_profile(level.profile().attentive(), &[SeatId(0)], 7);
    crew.next_action(game, 1_000_000, &[]).map(|(_, intent)| intent)
}

/// White at E7 facing north, Black `rows` squares north of it facing south (towards White).
fn face_off(rows: u8) -> Game {
    let mut game = open_duel();
    put(&mut game, WHITE, 4, 6 + u8::from(rows > 6) * 2, Dir::North);
    put(&mut game, BLACK, 4, 6 + u8::from(rows > 6) * 2 - rows, Dir::South);
    game
}

fn arms_mine_a(die: u8) -> Intent {
    Intent::PlaceDie { station: Station::Tractor, die, spot: Spot::Mine(MineId::A) }
}

/// A rolled Mine A goes on the mine when the enemy is three squares off, not
/// when it is eight off (the die is rolled again for something useful).
fn arms_a_mine_when_the_enemy_comes_near(level: Difficulty) {
    let mut near = face_off(3);
    let die = roll(&mut near, WHITE, Station::Tractor, mine_a_pip());
    assert_eq!(next(level, &near), Some(arms_mine_a(die)), "{level}: the enemy is near");
    let mut far = face_off(8);
    let die = roll(&mut far, WHITE, Station::Tractor, mine_a_pip());
    assert_ne!(next(level, &far), Some(arms_mine_a(die)), "{level}: the enemy is far off");
}

/// An armed mine is dropped when White sits on Black's course (two squares
/// ahead of it), kept when Black is heading away.
fn drops_the_mine_where_the_enemy_will_pass(level: Difficulty) {
    let armed =
        |game: &mut Game| place(game, WHITE, Face::Tractor(TractorFace::MineA), Spot::Mine(MineId::A));
    let mut ahead = face_off(2);
    armed(&mut ahead);
    assert_eq!(next(level, &ahead), Some(Intent::ReleaseMine { mine: MineId::A }), "{level}: on its course");
    let mut behind = face_off(3);
    put(&mut behind, BLACK, 4, 3, Dir::North);
    armed(&mut behind);
    assert_ne!(
        next(level, &behind),
        Some(Intent::ReleaseMine { mine: MineId::A }),
        "{level}: it turned away"
    );
}

/// Black's mine two squares ahead of White, White's front tubes loaded and
/// locked for range 2, Black out of White's loaded arc: one torpedo clears the way.
fn shoots_an_enemy_mine_in_the_way(level: Difficulty) {
    let mut game = open_duel();
    put(&mut game, WHITE, 4, 6, Dir::North);
    put(&mut game, BLACK, 8, 8, Dir::West);
    let mine = Square::new(4, 4);
    edit(&mut game, |s| s.ship_mut(BLACK).expect("Black").mines[0] = MineToken::OnMap(mine));
    load(&mut game, WHITE, Tube { side: TubeSide::Front, index: 0 });
    load(&mut game, WHITE, Tube { side: TubeSide::Front, index: 1 });
    lock(&mut game, WHITE, 2);
    let fire = Intent::Fire { count: 1, target: Some(Target::Mine(mine)), side: None };
    assert_eq!(next(level, &game), Some(fire), "{level}");
}

fn uses_mines_with_purpose(level: Difficulty) {
    arms_a_mine_when_the_enemy_comes_near(level);
    drops_the_mine_where_the_enemy_will_pass(level);
    shoots_an_enemy_mine_in_the_way(level);
}

#[test]
fn r17_easy_uses_mines_with_purpose() {
    uses_mines_with_purpose(Difficulty::Easy);
}

#[test]
fn r17_medium_uses_mines_with_purpose() {
    uses_mines_with_purpose(Difficulty::Medium);
}

#[test]
fn r17_skilled_uses_mines_with_purpose() {
    uses_mines_with_purpose(Difficulty::Skilled);
}

#[test]
fn r17_hard_uses_mines_with_purpose() {
    uses_mines_with_purpose(Difficulty::Hard);
}

/// The first level leaves mines alone: it never drops one on purpose.
#[test]
fn r17_learning_never_drops_a_mine() {
    let mut ahead = face_off(2);
    place(&mut ahead, WHITE, Face::Tractor(TractorFace::MineA), Spot::Mine(MineId::A));
    assert_ne!(next(Difficulty::Learning, &ahead), Some(Intent::ReleaseMine { mine: MineId::A }));
}
