//! The keyboard shortcuts as the game screen's help card lists them; the
//! root's `app::keys` answers them.

/// Every shortcut, as the help card lists them.
pub const SHORTCUTS: [(&str, &str); 12] = [
    ("R", "roll the dice of the station shown"),
    ("1 – 5", "Engineering: send an energy die of that face; elsewhere: show tab 1 – 5"),
    ("] and [", "next and previous tab"),
    ("F, Shift+F", super::names::FIRE),
    ("T", "tractor the enemy ship"),
    ("W", "warp"),
    ("B", "show the board"),
    ("M", "sound on or off"),
    ("P or Space", "pause or resume a practice game"),
    ("?", "show or hide this list"),
    ("Tab, Shift+Tab", "move through the controls; Enter or Space presses one"),
    ("Esc", "close this list"),
];

#[cfg(test)]
mod tests {
    #[test]
    fn the_keys_say_fire_as_the_rules_do() {
        assert!(super::SHORTCUTS
            .iter()
            .any(|(k, what)| k.contains("Shift+F") && *what == super::super::names::FIRE));
    }
}
