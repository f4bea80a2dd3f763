//! UI state, kept apart from game state: which station this device shows,
//! which dice are picked, the override face being placed, the Fire target.
//! None of it is sent anywhere; losing it on a reload loses nothing.

use duel_core::intent::LaunchSide;
use duel_core::map::Obstacle;
use duel_core::{Face, Station, Target, TubeSide};
use leptos::prelude::*;

use crate::ui::tab::Tab;

/// The UI-only signals. `Copy`.
#[derive(Clone, Copy)]
pub struct Ui {
    /// The tab shown: the one last chosen while it is still offered (a seat
    /// released, a new game), else the first offered. Derived, so it is
    /// never out of step with the tabs; [`Ui::show`] chooses.
    pub tab: Memo<Option<Tab>>,
    /// The tab last chosen (a tap, a key).
    chosen: RwSignal<Option<Tab>>,
    /// Rolled station dice picked for a reroll or a placement (of
    /// `picked_station`: a cockpit shows several stations' dice at once).
    pub picked: RwSignal<Vec<u8>>,
    /// The station the picked dice belong to.
    picked_station: RwSignal<Option<Station>>,
    /// Energy dice picked for a reroll.
    pub picked_energy: RwSignal<Vec<u8>>,
    /// A placed die picked (offering "remove"), with its station.
    pub placed_pick: RwSignal<Option<(Station, u8)>>,
    /// Station Override: the face chosen, waiting for a spot.
    pub override_face: RwSignal<Option<Face>>,
    /// The station whose override face picker is open.
    pub picker: RwSignal<Option<Station>>,
    /// The Fire / Tractor target (defaults to the nearest enemy).
    pub target: RwSignal<Option<Target>>,
    /// McGuire "Weapons names the side": the side Fire uses.
    pub fire_side: RwSignal<TubeSide>,
    /// Launch!: which way the relaunched Fighter faces from its Capital ship.
    pub launch_side: RwSignal<LaunchSide>,
    pub muted: RwSignal<bool>,
    /// Set-up: the token a board tap places (`None`: a wormhole).
    pub token: RwSignal<Option<Obstacle>>,
    /// The seed of the lobby's quick-start obstacle layout ("reshuffle" draws a new one).
    pub map_seed: RwSignal<u64>,
    /// A newer build of the app is ready (the service worker took over, or a
    /// room runs another build): a reload fetches it.
    pub update_ready: RwSignal<bool>,
    /// What a peer did that could not be refused, in words, one line per
    /// concern, gravest first (the trust bar shows them on every screen until put away).
    pub warnings: RwSignal<Vec<crate::trust::Warning>>,
    /// Two devices each host this room (issue 43): the line that offers the other table.
    pub two_tables: RwSignal<Option<crate::trust::TwoTables>>,
    /// The browser offers to install the app (`beforeinstallprompt`).
    pub installable: RwSignal<bool>,
    /// Keep the screen on while a battle is shown (Screen Wake Lock).
    pub keep_awake: RwSignal<bool>,
    /// Buzz on freezes and hits (Vibration API).
    pub haptics: RwSignal<bool>,
    /// How fast practice bots act (remembered on this device).
    pub bot_pace: RwSignal<crate::session::BotPace>,
    /// The keyboard shortcuts card is open ("?").
    pub help: RwSignal<bool>,
    /// The finished freeze whose result card was closed (its event number).
    pub freeze_read: RwSignal<Option<u64>>,
    /// This device is loading the full app before it hosts a room (issue 32):
    /// why, in words, shown in place of the screen until the page reloads.
    pub loads_full: RwSignal<Option<&'static str>>,
    /// The tab asked to join by camera before its reload to the full app (issue 49):
    /// the home opens the camera's panel, once (it takes the ask).
    pub camera_asked: RwSignal<bool>,
}

impl Ui {
    /// UI state for a device offered `tabs`; `seed` (`?seed=`) lays the quick-start tokens.
    pub fn new(tabs: Memo<Vec<Tab>>, seed: Option<u64>) -> Ui {
        let chosen = RwSignal::new(None::<Tab>);
        let tab = Memo::new(move |_| {
            let chosen = chosen.get();
            tabs.with(|list| chosen.filter(|t| list.contains(t)).or_else(|| list.first().copied()))
        });
        Ui {
            tab,
            chosen,
            picked: RwSignal::new(Vec::new()),
            picked_station: RwSignal::new(None),
            picked_energy: RwSignal::new(Vec::new()),
            placed_pick: RwSignal::new(None),
            override_face: RwSignal::new(None),
            picker: RwSignal::new(None),
            target: RwSignal::new(None),
            fire_side: RwSignal::new(TubeSide::Front),
            launch_side: RwSignal::new(LaunchSide::Left),
            muted: RwSignal::new(crate::ui::sound::stored_muted()),
            token: RwSignal::new(Some(Obstacle::Asteroid)),
            // `?seed=` (tests, demos) lays a room's quick-start tokens as it seeds its dice.
            map_seed: RwSignal::new(seed.unwrap_or_else(crate::platform::random::u64)),
            update_ready: RwSignal::new(false),
            warnings: RwSignal::new(Vec::new()),
            two_tables: RwSignal::new(None),
            installable: RwSignal::new(false),
            keep_awake: RwSignal::new(crate::platform::device::stored_keep_awake()),
            haptics: RwSignal::new(crate::platform::device::stored_haptics()),
            bot_pace: RwSignal::new(crate::pause::stored_pace()),
            help: RwSignal::new(false),
            freeze_read: RwSignal::new(None),
            loads_full: RwSignal::new(None),
            camera_asked: RwSignal::new(false),
        }
    }

    /// Forgets picks and the shown tab (a new session).
    pub fn reset(&self) {
        self.chosen.set(None);
        self.two_tables.set(None);
        self.clear_picks();
        self.target.set(None);
    }

    /// Forgets every pick (after a placement, a tab switch, a freeze).
    pub fn clear_picks(&self) {
        self.picked.set(Vec::new());
        self.picked_energy.set(Vec::new());
        self.placed_pick.set(None);
        self.override_face.set(None);
        self.picker.set(None);
    }

    /// The dice picked at `station` (tracked): none when the picks are another station's.
    pub fn picks(&self, station: Station) -> Vec<u8> {
        if self.picked_station.get() == Some(station) {
            self.picked.get()
        } else {
            Vec::new()
        }
    }

    /// [`Ui::picks`] without tracking (for a tap's handler).
    pub fn picks_untracked(&self, station: Station) -> Vec<u8> {
        if self.picked_station.get_untracked() == Some(station) {
            self.picked.get_untracked()
        } else {
            Vec::new()
        }
    }

    /// Picks or unpicks die `i` of `station`; picking at another station starts afresh.
    pub fn toggle_pick(&self, station: Station, i: u8) {
        if self.picked_station.get_untracked() != Some(station) {
            self.picked_station.set(Some(station));
            self.picked.set(vec![i]);
            return;
        }
        self.picked.update(|p| match p.iter().position(|x| *x == i) {
            Some(k) => {
                p.remove(k);
            }
            None => p.push(i),
        });
    }

    /// Shows `tab` (one tap) and drops picks that belonged to the old one.
    pub fn show(&self, tab: Tab) {
        if self.tab.get_untracked() != Some(tab) {
            self.clear_picks();
            self.chosen.set(Some(tab));
        }
    }
}
