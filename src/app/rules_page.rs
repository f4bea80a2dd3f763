//! The rules reference: a readable summary of *Space Cadets: Dice Duel* and
//! of the rulings this app plays by (their ids match docs/RULINGS.md).

use leptos::prelude::*;

use super::route::Route;

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
        "“Fire 1” or “Fire 2” freezes the game. The torpedoes hit if the enemy is in the arc of a loaded side (front or rear arc, diagonals included) and lock ≥ range + the enemy's jammers (range counts orthogonal steps; at least one lock point is always needed).",
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
            <section class="rules__section">
                <h2>"Our rulings"</h2>
                <dl class="rulings">
                    {RULINGS.iter().map(|(id, text)| view! { <dt>{*id}</dt><dd>{*text}</dd> }).collect_view()}
                </dl>
            </section>
            <section class="rules__section">
                <h2>"Keys"</h2>
                <p>"R roll · 1–5 send energy (Engineering) · Tab or 1–9 switch station · F fire 1 · Shift+F fire 2 · T tractor · W warp · B board · M mute"</p>
            </section>
        </main>
    }
}
