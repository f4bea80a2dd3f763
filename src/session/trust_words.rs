//! What the dice audit and the election's refusals tell the players, in
//! their words (issue 48): who did it, what it means for the game, never an
//! event number. Three weights: a caution (dice nobody can check because a
//! host left before showing its key: a line in the story, nobody accused),
//! and warnings (a proven cheat, a forged message: the pinned trust bar,
//! one line per concern). News (who hosts now, a bot in a seat) is said by
//! `handover` and `cover`.

use duel_net::{AuditFinding, Finding, Forgery, PlayerNo};

use crate::trust::{Concern, TwoTables, Warning};

/// What a finding comes to for the players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Told {
    /// Pinned in the trust bar.
    Warning(Warning),
    /// A line in the story.
    Caution(String),
}

/// Who `host` is, in a sentence: its name, or "the host" when this device
/// cannot name it (events a voter served, a key of a term it never followed).
fn who(name: Option<&str>) -> String {
    name.map_or_else(|| String::from("the host"), str::to_owned)
}

fn possessive(who: &str) -> String {
    format!("{who}'s")
}

/// What a host's failed audit means for the game.
fn dice_meaning(host: &str) -> String {
    let of = possessive(host);
    format!(
        "Treat {of} rolls as {of} own choice: finish the game if you like, or leave and play on in a \
         room someone else hosts."
    )
}

/// Capitalises the first letter ("the host" opens a sentence).
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// A finding of the dice audit: `host` the host's name when known, `name`
/// any player's, `at` this device's time of day ("21:04").
pub(crate) fn finding(
    f: &Finding,
    host: Option<&str>,
    name: impl Fn(PlayerNo) -> Option<String>,
    at: &str,
) -> Told {
    let h = who(host);
    let player = |p: PlayerNo| name(p).unwrap_or_else(|| String::from("a player"));
    let of = possessive(&h);
    let what = match f.why {
        AuditFinding::HostGone => {
            return Told::Caution(match host {
                Some(h) => format!(
                    "{h} left before showing the dice key: the rolls {h} hosted until {at} can't be double-checked."
                ),
                None => format!(
                    "A host that has left never showed its dice key: its rolls until {at} can't be double-checked."
                ),
            });
        }
        AuditFinding::HostGoneAgain => format!(
            "{h} left before showing the dice key, and not for the first time: {of} rolls until {at} can't be checked"
        ),
        AuditFinding::NoMark => format!("{h} rolled dice without saying what caused them, so they cannot be checked"),
        AuditFinding::MarksOutOfOrder => {
            format!("{h} sent the record of the dice out of order, so {of} dice cannot be checked")
        }
        AuditFinding::SealMissing => {
            format!("{h} did not show the dice key when the rules say, so {of} dice cannot be checked")
        }
        AuditFinding::KeyOutOfTurn => format!("{h} rolled with a dice key {h} had no right to use then"),
        AuditFinding::KeyNeverCommitted => {
            format!("{h} rolled with a dice key {h} never committed to, so {of} dice cannot be checked")
        }
        AuditFinding::KeyNotShown => format!("{h} has not shown the dice key, so {of} dice cannot be checked"),
        AuditFinding::NoStateHash => {
            format!("{h} stopped confirming the game's state, so nothing {h} sends can be checked")
        }
        AuditFinding::NonceNotCommitted { player: p, .. } => {
            let p = player(p);
            format!("{h} rolled {p}'s dice with numbers {p} never committed to")
        }
        AuditFinding::ChainNotSigned { player: p } => {
            let p = player(p);
            format!("{h} showed dice numbers in {p}'s name that {p} never signed, so {h} could choose {p}'s dice")
        }
    };
    let about = Concern::Dice { host: f.host.map(|p| p.0) };
    Told::Warning(Warning::new(about, format!("Warning: {}. {}", sentence(&what), dice_meaning(&h))))
}

/// Dice that do not match their commitment, delivered by `host`.
pub(crate) fn tampered(host: Option<PlayerNo>, name: Option<&str>) -> Warning {
    let h = who(name);
    let of = possessive(&h);
    let text =
        format!("Warning: {} dice are not the ones {h} committed to. {}", sentence(&of), dice_meaning(&h));
    Warning::new(Concern::Dice { host: host.map(|p| p.0) }, text)
}

/// Thunderstruck: the host revealed a plan its player never locked in (T10).
pub(crate) fn plan_forged(host: Option<PlayerNo>, name: Option<&str>) -> Warning {
    let h = who(name);
    let text = format!(
        "Warning: {} revealed a plan its player never locked in. This duel cannot be trusted: finish it if you \
         like, or leave and play on in a room someone else hosts.",
        sentence(&h)
    );
    Warning::new(Concern::Plan { host: host.map(|p| p.0) }, text)
}

/// Every kind of forged election message refused so far, in one line: `still`
/// says who still hosts.
pub(crate) fn forgeries(kinds: &[Forgery], still: &str) -> Warning {
    let what: Vec<String> = kinds.iter().map(ToString::to_string).collect();
    let it = if kinds.len() > 1 { "them" } else { "it" };
    let text = format!(
        "Warning: {}. This device refused {it} and nothing changed: {still}",
        sentence(&what.join("; "))
    );
    Warning::new(Concern::Forgery, text)
}

/// Two devices each host this room (issue 43): `other` is the player whose
/// device hosts the other copy; `chosen`, whether this player already chose
/// its table. Neither is called a cheat: a cut network and a lying guest
/// look the same, and the players choose.
pub(crate) fn two_tables(other: &str, chosen: bool) -> TwoTables {
    if chosen {
        return TwoTables {
            text: format!("Moving to {other}'s table: one game again in a moment."),
            follow: None,
        };
    }
    TwoTables {
        text: format!(
            "Two tables: {other}'s device also hosts this room, so you and {other} are playing separate \
             games. Choose one to play on together."
        ),
        follow: Some(format!("Play at {other}'s table")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_net::Seq;

    fn names(p: PlayerNo) -> Option<String> {
        ["Hana", "Bo", "Cy"].get(usize::from(p.0)).map(|s| (*s).to_string())
    }

    fn of(why: AuditFinding, host: Option<u16>) -> Told {
        let f = Finding { since: Seq(193), why, host: host.map(PlayerNo) };
        let name = f.host.and_then(names);
        finding(&f, name.as_deref(), names, "21:04")
    }

    #[test]
    fn an_honest_host_that_left_is_a_caution_naming_it_and_the_time() {
        assert_eq!(
            of(AuditFinding::HostGone, Some(0)),
            Told::Caution(
                "Hana left before showing the dice key: the rolls Hana hosted until 21:04 can't be double-checked."
                    .into()
            )
        );
        let Told::Caution(unnamed) = of(AuditFinding::HostGone, None) else { panic!("a caution") };
        assert!(unnamed.contains("until 21:04"), "{unnamed}");
    }

    #[test]
    fn a_finding_against_a_host_is_a_warning_naming_it_without_event_numbers() {
        let all = [
            AuditFinding::NoMark,
            AuditFinding::MarksOutOfOrder,
            AuditFinding::SealMissing,
            AuditFinding::KeyOutOfTurn,
            AuditFinding::KeyNeverCommitted,
            AuditFinding::KeyNotShown,
            AuditFinding::NoStateHash,
            AuditFinding::NonceNotCommitted { player: PlayerNo(2), id: duel_net::CommandId(7) },
            AuditFinding::ChainNotSigned { player: PlayerNo(2) },
            AuditFinding::HostGoneAgain,
        ];
        for why in all {
            let Told::Warning(w) = of(why, Some(1)) else { panic!("{why:?} is a warning") };
            assert_eq!(w.about, Concern::Dice { host: Some(1) });
            assert!(w.text.starts_with("Warning: Bo "), "{}", w.text);
            assert!(w.text.contains("Treat Bo's rolls as Bo's own choice"), "{}", w.text);
            assert!(
                !w.text.contains("event") && !w.text.contains("193") && !w.text.contains('7'),
                "{}",
                w.text
            );
            let Told::Warning(w) = of(why, None) else { panic!("{why:?} is a warning") };
            assert!(w.text.starts_with("Warning: The host"), "{}", w.text);
        }
        let Told::Warning(w) = of(AuditFinding::ChainNotSigned { player: PlayerNo(2) }, Some(1)) else {
            panic!("a warning")
        };
        assert!(w.text.contains("in Cy's name that Cy never signed"), "{}", w.text);
    }

    #[test]
    fn every_kind_of_forged_message_is_one_line() {
        let one = forgeries(&[Forgery::Certificate], "Hana still hosts the room.");
        assert_eq!(
            one.text,
            "Warning: A peer announced an election nobody won. This device refused it and nothing changed: \
             Hana still hosts the room."
        );
        let all = forgeries(&[Forgery::Certificate, Forgery::FalseHosting, Forgery::Signature], "");
        assert_eq!(all.about, Concern::Forgery);
        assert!(all.text.contains("refused them") && all.text.contains("claimed to host"), "{}", all.text);
    }

    #[test]
    fn two_tables_name_the_other_host_and_offer_its_table() {
        let t = two_tables("Bo", false);
        assert!(
            t.text.contains("Bo's device also hosts this room") && t.text.contains("separate games"),
            "{}",
            t.text
        );
        assert_eq!(t.follow.as_deref(), Some("Play at Bo's table"));
        let chosen = two_tables("Bo", true);
        assert_eq!(chosen.follow, None, "chosen: no button");
        assert!(chosen.text.contains("Bo's table"), "{}", chosen.text);
    }
}
