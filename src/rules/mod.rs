//! The rules reference: a readable summary of *Space Cadets: Dice Duel* and
//! of the rulings this app plays by (their ids match docs/RULINGS.md).

use leptos::prelude::*;

use crate::route::Route;

/// (heading, paragraphs) of the summary.
const RULES: &[(&str, &[&str])] = &[
    ("The goal", &[
        "Two crews, no turns. Everyone rolls and places dice as fast as they can. A ship that takes four damage (from torpedoes or mines) explodes; its enemy wins.",
    ]),
    ("Engineering and energy", &[
        "Engineering rolls the white energy dice and sends each die to the station its number powers: 1 Weapons, 2 Sensors, 3 Tractor Beam, 4 Shields, 5 Helm. A 6 powers nothing: reroll it. Reroll as often as you like.",
        "A station may roll one of its own dice for each energy die in its striped energy section. Placing a die on the display sends one energy die back to Engineering, unrolled. Placed dice cannot be rerolled, but can be taken off at any time (placing one again needs energy again).",
        "With two players a team, Engineering is shared: either may roll and send.",
    ]),
    ("Helm", &[
        "Three slots, A, B and C. When the third die lands the ship moves: A, then B, then C. Every face moves forward one square first, then Forward 2 moves another square, or the ship turns left, right or around. A die whose forward move would leave the map only turns.",
        "Entering an asteroid field strips two shield dice, a nebula two sensor dice (the officer chooses which). Entering a mine costs one damage. A wormhole moves the ship to the other wormhole.",
        "Two ships may share a square: the one that was there moves to the far half. Arcs inside a shared square use those halves.",
    ]),
    ("Weapons, Sensors and Shields", &[
        "A torpedo needs a Nose, a Body and a Tail die in one tube; two front tubes, two rear ones. Blasts are only for the damage roll.",
        "Sensors: Lock dice go in Weapon Lock, Jammer dice in Jammers; each icon is a point.",
        "Shields: a shield die goes in the sector its number names: 1 front, 2 right, 3 aft, 4 left.",
    ]),
    ("Fire!", &[
        crate::ui::names::FIRE,
        "Either freezes the game. The torpedoes hit if the enemy is in the arc of a loaded side (front or rear arc, diagonals included) and lock ≥ range + the enemy's jammers (range counts orthogonal steps; at least one lock point is always needed).",
        "Hit or miss, the torpedoes and every lock die are spent, and if a torpedo flew from the arc's side the target's jammers are removed.",
        "On a hit, the side facing the shooter is struck (on an exact diagonal, the sector with more shields; a tie, the defender chooses). No shields there: one damage per torpedo. Three shields: none. One or two: a weapons die is rolled per torpedo; a Blast beats one shield, a Double Blast two. The struck sector's shields are removed. Used crystals then return to the map.",
    ]),
    ("Tractor Beam and mines", &[
        "Bolts make strength; reaching something needs twice its range (1 in your own square). Tractoring a crystal takes it aboard without a freeze. “Tractor!” on the enemy freezes the game and drags it to any adjacent square, facing kept. Every tractor die is spent after an attempt.",
        "A Mine A or Mine B die arms that mine; releasing it drops it in your square and spends the tractor dice. A ship entering the square takes one damage; the mine is gone. A torpedo hit removes a mine.",
    ]),
    ("Crystals", &[
        "Station Override (1): set a station die to any face, no energy, no roll. Warp jump (1): freeze, roll two energy dice, jump to one of those crystal squares (spend more crystals for more dice). Energy Surge (2, when damaged): win back an energy die from the damage track.",
    ]),
    ("Freezes", &[
        "Fire, Tractor on a ship and Warp jump stop the action. During a freeze nobody rolls or places. The team that did not freeze may queue one follow-up freeze, which goes first.",
        "With a Captain, the Captain calls Fire and Tractor; without one, Weapons fires and Tractor tractors. Anyone may call a Warp jump.",
    ]),
    ("Die Fighter: Fighters", &[
        "A Fighter is flown by one player, its Pilot, from one cockpit: two helm dice, three weapons dice, four sensor dice and one tractor die, plus a Health die starting on 3 (2 with the lobby's play-note toggle). It has no energy: the Pilot may roll any die at any time, even one already placed (it comes off the display first).",
        "Helm has two slots: the Fighter moves when both are filled. Asteroids do not affect it; a nebula strips all its placed sensor dice. Sensors take at most two jammer dice.",
        "The missile bay is one front tube: nose, body, tail make a missile. “Fire 1” only, forward only. A missile that hits a Capital ship counts its shields as one more than they are and removes at most one shield die; one that hits a Fighter deals one damage. Torpedoes that hit a Fighter deal one damage each.",
        "A pulse bomb is nose + a bolt or double-bolt tractor die + tail. Bomb! is a freeze, legal only right after the Fighter's own move ended in the enemy Capital ship's square with the bomb already loaded (and neither ship has moved since). Nose and tail are rolled: one damage per blast, no lock needed, shields ignored.",
        "Each damage turns the Health die down one; at 0 the Fighter is destroyed and leaves the board. Capital ships' tractor beams (enemy and friendly) can drag Fighters; Fighters cannot tractor, hold crystals or carry mines. Mines hit them as usual.",
    ]),
    ("Die Fighter: the missions", &[
        "Mission 1, Carrier Strike: each team a Capital ship and a Fighter; the team whose Capital ship is destroyed loses. While its Fighter is destroyed, the Capital ship's crew may call Launch! (a freeze): pay three crystals or take one damage (not at three damage); the Fighter appears in the Capital ship's square facing 90° left or right of it, Health full, cockpit empty. The team may then swap who flies it.",
        "Mission 2, Fighter Assault: White's Capital ship against Black's two Fighters; White wins by destroying both. Mission 3, Fighter Duel: one Fighter each.",
    ]),
    ("Map tiles: rifts, gravity arrows and gaps", &[
        "A tile map (chosen or drawn in the lobby) prints its own asteroids, nebulae and wormholes: nobody places tokens and the battle starts at once. Dark hatched squares are gaps between tiles: ships cannot enter them, like the map's edge.",
        "Rift (a jagged crack, RIFT): a ship moving through one loses every shield die at the end of its move. Fire cannot be traced through a rift: if the straight line between the centres of the two ships' squares passes through a rift's square, no torpedo, missile or shot at a mine may be fired (a line that only touches its corner is fine). Tractor beams pass through.",
        "Gravity arrow (a big arrow, GRAV): each forward step onto an arrow square goes with it, against it, or across it. Against it with die A or B, die C does nothing (against with die C: no effect). Each arrow moved with keeps one helm die: it comes off the display, and Helm may place it on any face for free (the “Place kept die” button). The helm's preview says what the arrows on the way will do before the last die lands.",
    ]),
];

/// Thunderstruck Duel, the turn-based mode (`004_…`, T1–T10), briefly.
const THUNDERSTRUCK: &[&str] = &[
    "A turn-based duel for two or three ships, played here against bots. Two ships fly a straight track of two sectors, facing each other; three fly a ring of three sectors. Each ship faces one way along the track (its arrow). The game lasts 6 or 12 rounds; a ship with both spaces of Boost, Manoeuvre or Fire damaged, or hit with no shield facing the shot, is destroyed. After the last round the ship with the least damage wins (equal: a draw).",
    "Planning: everyone rolls four dice in secret (five with the green Reflex die) and puts them on their console: Boost, Manoeuvre, Fire and Power have two spaces each, the shields three (Front takes a 1 or 2, Rear a 3 or 4, Mid a 5 or 6). At least one and at most two dice go in Boost, and the same in Manoeuvre; every die that fits somewhere must be placed. A power cube buys a reroll of all your dice. Ready locks the plan; the plans are revealed together.",
    "Actions: starting with the turn marker's holder, players take turns actioning one die each. Boost moves the ship that many spaces ahead (both Boost dice may go together; other ships are passed, not counted). The first Manoeuvre die actioned settles everyone's Manoeuvre dice: the highest total in each sector wins there and may flip round, hold, or with two Manoeuvre dice warp to a warp spot (◎) on the other side. Fire hits a ship within the die's value in spaces. Shields raise a shield. Power gains a cube (two for a 6; four at most).",
    "On your own turn, each power cube turns the die you action one pip up or down, or moves it to a free space to be actioned there. A hit from the front can be taken by the front or mid shield, from behind by the rear or mid shield: the shield goes down and you put a damage token on a space that shield allows (a die waiting there is lost). The ship with the lowest Boost and Manoeuvre totals in a round hands its rival the Reflex die for the next round.",
];

/// Our rulings where the rulebook is silent (ids as in docs/RULINGS.md).
const RULINGS: &[(&str, &str)] = &[
    ("R1", "The energy mapping is 1 Weapons, 2 Sensors, 3 Tractor, 4 Shields, 5 Helm (the rulebook's examples, not the reference card)."),
    ("R7, D3", "Energy may be handed back unused, unless every energy die at the station backs a rolled die."),
    ("R12", "Range counts orthogonal steps; ships in one square are at range 0. House rule: the larger of the two distances, at least 1."),
    ("R15, D5", "A hit marks the damage track at once; which energy die goes is the damaged crew's choice, with a deadline (default: Engineering's pool first)."),
    ("R19, D6", "While frozen, only the resolution's choices are open; each has a deadline and a default. A resolved freeze stays on screen briefly before play resumes."),
    ("D4", "A tractor attempt with too little strength is refused rather than wasted; Fire with too little lock is allowed (it still strips the target's jammers)."),
    ("R26, D8", "“Fire 2” with one loaded torpedo launches one. Torpedoes fly from the side whose arc holds the target first."),
    ("R33", "Asteroid and nebula losses are chosen once, at the end of the move (default: the most recently placed dice)."),
    ("R22", "Die Fighter is played as written, reading: a placed Fighter die may be rerolled (it comes off first); torpedoes deal a Fighter one damage each; a missile counts a Capital ship's shields as one more and removes at most one; a Fighter fires only Fire 1, forward; Bomb! needs the bomb loaded before the move into the enemy's square."),
    ("D19–D24", "A Fighter's Fire outside its front arc is refused; seats change only within a team, while its Fighter is down or during its Launch; Launch! is called by any seat of the Capital ship; a mission's victory counts only Capital ships in mission 1, every ship in missions 2 and 3."),
    ("D25–D31", "Equipment: each card's spaces take the faces its text names (the expansion symbols where it names only a die); Blink goes the way its Helm die points (forward, left, right; turn-about is backwards), is shouted “Blink!” and freezes like a warp jump, and enters only its destination; crystal actions pay from the box first, then from cards; obstacles and tractor attempts never strip a card; cards are played in a duel or mission 1; Maneuver Jets move after any two helm dice."),
    ("D42–D45", "Tile maps print their set-up; a rift strips all shields and blocks fire on the line between square centres (corners do not block; tractor beams pass); a gravity arrow is judged on the square each step enters (turns are neither); against before the last die cancels the last die; each arrow moved with keeps the die that rode it, placed free until rolled; a map's start squares are numbered 1 White, 2 Black, 3 and 4 the second ships."),
    ("R39", "The McGuire house rules are separate toggles in the lobby: no queued freezes, diagonal range, the defender picks diagonals, Weapons names the side, mines hit everyone, tractor moves mines, unplaced dice are lost on a freeze."),
];

#[component]
pub fn RulesPage() -> impl IntoView {
    view! {
        <main class="rules" data-testid="rules">
            <header class="rules__head">
                <h1>"How to play"</h1>
                <a class="btn btn--small btn--ghost" href=Route::Home.hash() data-testid="rules-home">"Home"</a>
                <a class="btn btn--small btn--ghost" href=Route::Play.hash()>"Back to the game"</a>
            </header>
            {RULES.iter().map(|(title, paras)| view! {
                <section class="rules__section">
                    <h2>{*title}</h2>
                    {paras.iter().map(|p| view! { <p>{*p}</p> }).collect_view()}
                </section>
            }).collect_view()}
            <section class="rules__section" data-testid="rules-equipment">
                <h2>"Die Fighter: Experimental Equipment"</h2>
                <p>"With equipment on (lobby), five cards (here four) are dealt face up; a random team takes one, the other two, the first the last. Each card gives the team's Capital ship an ability powered by dice and crystals placed on it. Only the officer of a die's station rolls and places it; dice and crystals on a card can be taken off at any time, and a crystal action (override, warp, surge, launch) may take its crystals from a card. Using a card takes its dice off and uses its crystals, except those on a locked space (marked \u{201c}locked: stays\u{201d} on the card). A card with a snowflake is shouted by name and freezes the game like Fire. Fighters cannot use cards."</p>
                <dl class="rulings">
                    {duel_core::equipment::DECK.iter().map(|card| view! { <dt>{card.name()}</dt><dd>{card.spec().text}</dd> }).collect_view()}
                </dl>
                <p class="hint">"The box has more cards (the special torpedoes, Missile Pack, Plasma Pulse, Warp Nav, Gravimetric Bubble and others), but their effects are printed only on the physical cards, and Missile Pack cannot be built as written: they are left out rather than guessed."</p>
            </section>
            <section class="rules__section" data-testid="rules-thunderstruck">
                <h2>"Thunderstruck Duel"</h2>
                {THUNDERSTRUCK.iter().map(|p| view! { <p>{*p}</p> }).collect_view()}
                <a class="btn btn--small btn--tractor" href=Route::Thunderstruck.hash()>"Play Thunderstruck Duel"</a>
            </section>
            <section class="rules__section">
                <h2>"Our rulings"</h2>
                <dl class="rulings">
                    {RULINGS.iter().map(|(id, text)| view! { <dt>{*id}</dt><dd>{*text}</dd> }).collect_view()}
                </dl>
            </section>
            <section class="rules__section">
                <h2>"Keys"</h2>
                <p>"R roll (in a cockpit: the picked dice, else the next unrolled kind) · 1–5 send energy (Engineering) · Tab or 1–9 switch station · F Fire 1 · Shift+F Fire 2 · T tractor · W warp · B board · M mute"</p>
            </section>
        </main>
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_rules_say_fire_as_the_keys_and_the_legend_do() {
        let fire = super::RULES.iter().find(|(h, _)| *h == "Fire!").map(|(_, p)| *p).unwrap_or_default();
        assert_eq!(fire.first(), Some(&crate::ui::names::FIRE));
    }
}
