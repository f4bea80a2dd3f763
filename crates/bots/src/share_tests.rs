use super::*;
use crate::{Crew, Difficulty};
use duel_core::{FixedDice, GameConfig, SeatSpec};

/// A duel with two players a ship (R8): seat 0 Helm, Shields, Tractor and
/// Engineering; seat 1 Weapons, Sensors and Engineering; Black likewise (2, 3).
fn two_a_ship() -> Game {
    let mut config = GameConfig::quick_duel(1);
    config.seats = [ShipId(0), ShipId(1)].into_iter().flat_map(|s| SeatSpec::recommended(s, 2)).collect();
    Game::new(config).expect("a two-a-ship duel")
}

fn play(game: &mut Game, seat: SeatId, intent: Intent, faces: &[u8]) {
    let mut dice = FixedDice::new(faces);
    game.play(seat, &intent, &mut dice).expect("legal");
}

#[test]
fn a_roll_and_a_send_are_actions_at_engineering_and_energy_coming_back_is_not() {
    let mut game = two_a_ship();
    let mut watch = StationWatch::default();
    watch.observe(&game, 0);
    assert_eq!(watch.idle_for(ShipId(0), Station::Engineering, 5_000), 5_000);
    play(&mut game, SeatId(1), Intent::RollEnergy { dice: vec![0, 1] }, &[5, 5]);
    watch.observe(&game, 6_000);
    assert_eq!(watch.idle_for(ShipId(0), Station::Engineering, 6_000), 0, "a roll");
    assert_eq!(watch.idle_for(ShipId(0), Station::Helm, 6_000), 6_000, "Helm saw nothing");
    play(&mut game, SeatId(0), Intent::SendEnergy { die: 0 }, &[]);
    watch.observe(&game, 7_000);
    assert_eq!(watch.idle_for(ShipId(0), Station::Engineering, 8_000), 1_000, "a send");
    // Helm hands the die back: the pool gains an unrolled die, nobody worked Engineering.
    play(&mut game, SeatId(0), Intent::ReturnEnergy { station: Station::Helm }, &[]);
    watch.observe(&game, 9_000);
    assert_eq!(watch.idle_for(ShipId(0), Station::Engineering, 9_000), 2_000);
}

#[test]
fn the_shared_stations_are_those_a_bot_seat_and_a_persons_seat_both_hold() {
    let game = two_a_ship();
    assert_eq!(shared_stations(&game, &[SeatId(1)], &[SeatId(0)]), vec![Station::Engineering]);
    assert_eq!(shared_stations(&game, &[SeatId(1)], &[SeatId(2)]), vec![], "another ship");
    assert_eq!(shared_stations(&game, &[SeatId(1)], &[]), vec![]);
    assert_eq!(station_of(&Intent::SendEnergy { die: 0 }), Some(Station::Engineering));
    assert_eq!(station_of(&Intent::Fire { count: 1, target: None, side: None }), Some(Station::Weapons));
    assert_eq!(station_of(&Intent::WarpJump), None);
}

/// The first Engineering action of a crew on seat 1 sharing Engineering, with nobody else acting.
fn first_engineering(crew: &mut Crew, game: &Game) -> Option<u64> {
    (0..200).map(|t| t * 100).find(|&now| {
        crew.next_action(game, now, &[]).is_some_and(|(_, i)| station_of(&i) == Some(Station::Engineering))
    })
}

#[test]
fn d46_a_bot_sharing_engineering_waits_until_it_has_been_idle() {
    let game = two_a_ship();
    let mut free = Crew::new(Difficulty::Hard, &[SeatId(1)]);
    let at = first_engineering(&mut free, &game).expect("a crew of its own rolls energy");
    assert!(at < SHARED_IDLE_MS, "at once: {at} ms");
    let mut sharing =
        Crew::new(Difficulty::Hard, &[SeatId(1)]).sharing(&[Station::Engineering], SHARED_IDLE_MS);
    let at = first_engineering(&mut sharing, &game).expect("a sharing crew rolls energy in the end");
    assert!((SHARED_IDLE_MS..SHARED_IDLE_MS + 1_000).contains(&at), "after the bound: {at} ms");
}

#[test]
fn a_crew_working_only_some_stations_never_acts_elsewhere() {
    let game = two_a_ship();
    let mut crew = Crew::new(Difficulty::Hard, &[SeatId(0)]).working_only(&[Station::Helm]);
    for now in (0..20_000).step_by(100) {
        if let Some((_, intent)) = crew.next_action(&game, now, &[]) {
            assert_eq!(station_of(&intent), Some(Station::Helm), "{intent:?}");
        }
    }
}

#[test]
fn an_idle_persons_stations_are_offered_and_theirs_again_when_they_act() {
    let mut game = two_a_ship();
    let mut offer = IdleOffer::new(IDLE_OFFER_MS);
    let mine = [SeatId(1)];
    assert_eq!(offer.poll(&game, &mine, 0), None);
    assert_eq!(offer.poll(&game, &mine, IDLE_OFFER_MS - 1), None, "not yet");
    // The other holder of Engineering works it: only the person's own stations go.
    play(&mut game, SeatId(0), Intent::RollEnergy { dice: vec![0] }, &[3]);
    let offered = offer.poll(&game, &mine, IDLE_OFFER_MS);
    assert_eq!(offered, Some(vec![Station::Weapons, Station::Sensors]));
    assert_eq!(offer.poll(&game, &mine, IDLE_OFFER_MS + 100), None, "said once");
    // Engineering, idle too by now, joins the offer.
    let later = IDLE_OFFER_MS * 2;
    assert_eq!(offer.poll(&game, &mine, later), Some(vec![Station::Engineering]));
    assert_eq!(offer.offered(), [Station::Weapons, Station::Sensors, Station::Engineering]);
    // The person taps "keep them": all theirs again, and the clock starts over.
    assert!(offer.undo(later + 1));
    assert!(offer.offered().is_empty());
    assert_eq!(offer.poll(&game, &mine, later + IDLE_OFFER_MS), None);
    assert!(offer.poll(&game, &mine, later + 1 + IDLE_OFFER_MS).is_some());
    assert!(offer.acted(later + 2 + IDLE_OFFER_MS), "acting withdraws it too");
    assert!(!offer.acted(later + 3 + IDLE_OFFER_MS), "nothing left to withdraw");
}
