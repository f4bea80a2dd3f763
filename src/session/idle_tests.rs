//! A quiet person at a table of friends (D46): after 30 s their stations go
//! to a bot on their own device, with a toast; tapping it takes them back.

use duel_core::SeatId;
use duel_net::{Command, HostConfig, PeerId, PlayerToken, SeatKey};

use super::tests::Mem;
use super::*;

fn player(i: u128, name: &str) -> Identity {
    Identity {
        token: PlayerToken(0x2000 + i),
        key: SeatKey::from_seed([0x20 + i as u8; 32]),
        name: name.into(),
    }
}

/// White's events in `s`'s copy of the game.
fn white_events(s: &dyn SessionApi) -> usize {
    s.copy().map_or(0, |(_, _, events)| {
        events.iter().filter(|e| format!("{e:?}").contains("ship: ShipId(0)")).count()
    })
}

#[test]
fn a_quiet_persons_stations_go_to_a_bot_until_they_tap_to_keep_them() {
    let net = duel_net::MemoryNet::new(11);
    let (a, b) = (PeerId(601), PeerId(602));
    net.connect(a, b);
    let mut config = HostConfig::new(BUILD, player(0, "Ann").token, 11);
    config.room = "room-11".into();
    config.lobby = duel_core::GameConfig::quick_duel(11);
    // Ann hosts and crews White; Ben crews Black. Neither plays.
    let ann = Session::host(
        config,
        Mem { ep: net.endpoint(a), host: None },
        player(0, "Ann"),
        BotDriver::new(1, 1, false),
    )
    .then([Command::Claim { seat: SeatId(0) }]);
    let ben = Session::join(
        Mem { ep: net.endpoint(b), host: Some(a) },
        player(1, "Ben"),
        "room-11",
        BotDriver::new(1, 2, false),
    );
    let mut tabs: Vec<Box<dyn SessionApi>> = vec![Box::new(ann), Box::new(ben)];
    let mut now = 0;
    let pump = |tabs: &mut Vec<Box<dyn SessionApi>>, now: &mut u64, ms: u64| {
        let mut said: Vec<(usize, Option<String>, Vec<String>)> = Vec::new();
        for _ in 0..ms / 20 {
            *now += 20;
            net.set_time(*now);
            for (i, t) in tabs.iter_mut().enumerate() {
                let p = t.pump(*now);
                if p.offered.is_some() || !p.cover.is_empty() {
                    said.push((i, p.offered, p.cover));
                }
            }
        }
        said
    };
    pump(&mut tabs, &mut now, 1_000);
    tabs[1].command(now, Command::Claim { seat: SeatId(1) }).expect("claim");
    pump(&mut tabs, &mut now, 500);
    tabs[0].command(now, Command::Start).expect("start");
    pump(&mut tabs, &mut now, 1_000);
    assert!(tabs.iter().all(|t| t.game().is_some()), "started");
    assert!(pump(&mut tabs, &mut now, 25_000).is_empty(), "not before 30 s");
    assert_eq!(white_events(tabs[0].as_ref()), 0, "nobody played White");
    let said = pump(&mut tabs, &mut now, 6_000);
    let offers: Vec<&(usize, Option<String>, Vec<String>)> = said.iter().filter(|s| s.1.is_some()).collect();
    assert_eq!(offers.len(), 2, "each quiet person is told once: {said:?}");
    let text = offers[0].1.clone().unwrap_or_default();
    assert!(text.starts_with("You have been quiet for 30 s: a bot works Engineering, Helm, "), "{text}");
    pump(&mut tabs, &mut now, 5_000);
    let worked = white_events(tabs[0].as_ref());
    assert!(worked > 0, "Ann's bot works White");
    // Ann taps the toast: White is hers again, and her bot stops.
    tabs[0].keep_stations(now);
    let said = pump(&mut tabs, &mut now, 2_000);
    assert!(
        said.iter().any(|(i, _, c)| *i == 0 && c.iter().any(|t| t.ends_with("are yours again."))),
        "{said:?}"
    );
    let settled = white_events(tabs[0].as_ref());
    pump(&mut tabs, &mut now, 10_000);
    assert_eq!(white_events(tabs[0].as_ref()), settled, "no bot plays White after the tap");
}

#[test]
fn a_practice_player_is_never_offered_a_bot() {
    let opts = Options::default();
    let mut s = practice::quick(&opts, 3, super::tests::me());
    let now = super::tests::run(&mut s, 1_000, 2_000, |s| s.game().is_some());
    let mut offered = false;
    for t in (now..now + 60_000).step_by(20) {
        offered |= s.pump(t).offered.is_some();
    }
    assert!(!offered, "practice waits for its one player");
}
