//! What the trust bar says (the bar itself is the root's `app/trust_bar.rs`):
//! what a peer did that the protocol could not refuse (dice that do not match their commitment, a host that will not show its key, a
//! forged election), told in words on every screen and kept there until the
//! player puts it away. A toast would fade while the player looked at the
//! board; a cheat the game cannot undo must not be missed.
//!
//! It only works if it is rare (issue 48): news (a host left, a bot took a
//! seat) is a toast and a line in the story, and dice nobody can check
//! because an honest host left before showing its key are a line in the
//! story. Only a proven cheat or a forged message is pinned here. The bar
//! takes its own space above the screen (style/notices.css): it
//! never covers a control, and nobody has to dismiss it to keep playing.

/// Lines kept: the bar stays a few lines high whatever peers send.
const KEEP: usize = 4;

/// What a line of the bar is about, gravest first (the order the bar shows
/// them in). One line each: a peer that repeats itself, or sends every kind
/// of forged message, has one line, and can never push a host's cheat out
/// of the bar (issue 43, point 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Concern {
    /// A host's dice: altered, kept from the check, or left unchecked by a
    /// host that had failed before. `host`: its player number, when this
    /// device can name it. One line per host, so every cheating host is named.
    Dice { host: Option<u16> },
    /// A host's event revealed a plan its player never locked in (Thunderstruck).
    Plan { host: Option<u16> },
    /// Election messages a peer forged, and (issue 43, point 10) commands or
    /// batches altered or made up on the way; each was refused and changed
    /// nothing. Also a room view that binds this player to another key.
    Forgery,
}

impl Concern {
    /// 0 is the gravest: what the players must never miss.
    fn gravity(self) -> u8 {
        match self {
            Concern::Dice { .. } => 0,
            Concern::Plan { .. } => 1,
            Concern::Forgery => 2,
        }
    }
}

/// One line of the bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    pub about: Concern,
    pub text: String,
}

impl Warning {
    pub fn new(about: Concern, text: impl Into<String>) -> Warning {
        Warning { about, text: text.into() }
    }
}

/// Two devices each host the room (issue 43): the line that says so, naming
/// the other host, and the button that takes its table. Not a warning the
/// player puts away: it stays while the two games do, and goes once the
/// players chose one table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwoTables {
    pub text: String,
    /// The button's words; `None` once this player chose (the line says so).
    pub follow: Option<String>,
}

/// One line of the bar as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Warning(Warning),
    Tables(TwoTables),
}

/// The bar's lines: the kept warnings, gravest first, with the two tables
/// after a host's cheats (dice, plans) and before forged messages. It never
/// counts against [`KEEP`]: the players cannot play one game until they
/// choose, and no line can push it, or be pushed by it, out of the bar.
pub fn lines(kept: Vec<Warning>, tables: Option<TwoTables>) -> Vec<Line> {
    let at = kept.iter().position(|w| w.about.gravity() > Concern::Plan { host: None }.gravity());
    let mut out: Vec<Line> = kept.into_iter().map(Line::Warning).collect();
    if let Some(t) = tables {
        out.insert(at.unwrap_or(out.len()), Line::Tables(t));
    }
    out
}

/// Adds `new` warnings to `kept`: one line per concern (its newest words),
/// the gravest first (in the order they came within a gravity), at most
/// [`KEEP`]; past that the oldest line of the least grave kind goes.
pub fn remember(kept: &mut Vec<Warning>, new: &[Warning]) {
    for w in new {
        match kept.iter_mut().find(|k| k.about == w.about) {
            Some(k) => k.text.clone_from(&w.text),
            None => kept.push(w.clone()),
        }
    }
    // Stable: within a gravity, the order they came in.
    kept.sort_by_key(|w| w.about.gravity());
    while kept.len() > KEEP {
        let least = kept.iter().map(|w| w.about.gravity()).max().unwrap_or(0);
        match kept.iter().position(|w| w.about.gravity() == least) {
            Some(i) => {
                kept.remove(i);
            }
            None => break,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(kept: &[Warning]) -> Vec<&str> {
        kept.iter().map(|w| w.text.as_str()).collect()
    }

    fn dice(host: u16, text: &str) -> Warning {
        Warning::new(Concern::Dice { host: Some(host) }, text)
    }

    #[test]
    fn a_concern_is_one_line_with_its_newest_words() {
        let mut kept = Vec::new();
        remember(&mut kept, &[dice(0, "Ana hid a key"), Warning::new(Concern::Forgery, "forged 1")]);
        remember(&mut kept, &[Warning::new(Concern::Forgery, "forged 2"), dice(0, "Ana hid a key again")]);
        assert_eq!(texts(&kept), ["Ana hid a key again", "forged 2"]);
    }

    #[test]
    fn forged_messages_of_every_kind_never_push_a_dice_warning_out() {
        let mut kept = Vec::new();
        remember(&mut kept, &[dice(0, "Ana hid a key")]);
        // Any guest can send these at will, many times, in every kind.
        for i in 0..20 {
            remember(&mut kept, &[Warning::new(Concern::Forgery, format!("forged {i}"))]);
        }
        assert_eq!(texts(&kept), ["Ana hid a key", "forged 19"]);
    }

    #[test]
    fn every_cheating_host_is_named_gravest_first_and_the_bar_is_bounded() {
        let mut kept = Vec::new();
        remember(&mut kept, &[Warning::new(Concern::Forgery, "forged")]);
        remember(&mut kept, &[Warning::new(Concern::Plan { host: Some(0) }, "Ana forged a plan")]);
        remember(&mut kept, &[dice(0, "Ana hid a key")]);
        remember(&mut kept, &[dice(2, "Bo hid a key")]);
        assert_eq!(texts(&kept), ["Ana hid a key", "Bo hid a key", "Ana forged a plan", "forged"]);
        // A fifth line: the least grave goes first.
        remember(&mut kept, &[dice(3, "Cy altered dice")]);
        assert_eq!(texts(&kept), ["Ana hid a key", "Bo hid a key", "Cy altered dice", "Ana forged a plan"]);
        remember(&mut kept, &[dice(4, "Di altered dice"), dice(5, "Ed altered dice")]);
        assert_eq!(kept.len(), KEEP);
        assert!(kept.iter().all(|w| w.about.gravity() == 0), "{kept:?}");
    }

    #[test]
    fn two_tables_sit_after_a_host_s_cheats_and_before_forged_messages_and_are_never_pushed_out() {
        let tables = TwoTables { text: "two tables".into(), follow: Some("Play at Bo's table".into()) };
        let shown = |kept: Vec<Warning>| -> Vec<String> {
            lines(kept, Some(tables.clone()))
                .into_iter()
                .map(|l| match l {
                    Line::Warning(w) => w.text,
                    Line::Tables(t) => t.text,
                })
                .collect()
        };
        let mut kept = Vec::new();
        remember(&mut kept, &[Warning::new(Concern::Forgery, "forged"), dice(0, "Ana hid a key")]);
        remember(&mut kept, &[Warning::new(Concern::Plan { host: Some(0) }, "Ana forged a plan")]);
        assert_eq!(shown(kept.clone()), ["Ana hid a key", "Ana forged a plan", "two tables", "forged"]);
        for h in 1..6 {
            remember(&mut kept, &[dice(h, "a host hid a key")]);
        }
        assert_eq!(shown(kept.clone()).len(), KEEP + 1, "the choice on top of a full bar");
        assert_eq!(shown(Vec::new()), ["two tables"]);
        assert_eq!(lines(vec![dice(0, "Ana hid a key")], None).len(), 1);
    }
}
