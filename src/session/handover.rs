//! What a player is told when the room changes hosts, in words that fit the
//! device reading them: the one that now hosts, one that follows a new host,
//! and one that was the host itself, went away and came back to find
//! another device hosting (it used to read "The host left." about itself).

/// Who left, opening the news: the host's name when this device knew it.
fn left_words(left: Option<&str>) -> String {
    left.map_or_else(|| String::from("The host left."), |name| format!("{name} left."))
}

/// This device hosts the game now; `left`: the name of the host it follows on from.
pub(crate) fn now_hosting(left: Option<&str>) -> String {
    format!("{} This device hosts the game now: keep this tab open.", left_words(left))
}

/// This device follows `host` after an election (`left`: the name of the
/// host before); `was_host`: it hosted before (a host tab that closed and
/// came back). `None` for the room's first host (nothing changed hands).
pub(crate) fn now_following(
    host: &str,
    left: Option<&str>,
    was_host: bool,
    after_election: bool,
) -> Option<String> {
    if was_host {
        Some(format!("While this device was away, {host} took over hosting the game. You play on from here."))
    } else if after_election {
        Some(format!("{} {host} is now hosting.", left_words(left)))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_returning_host_is_not_told_that_the_host_left() {
        let told = now_following("Ben", Some("Ann"), true, true).unwrap_or_default();
        assert!(told.starts_with("While this device was away, Ben took over"), "{told}");
        assert!(!told.contains("The host left"), "{told}");
    }

    #[test]
    fn a_guest_is_told_who_left_and_who_hosts_now_and_nothing_at_the_first_host() {
        assert_eq!(
            now_following("Cy", Some("Ann"), false, true).as_deref(),
            Some("Ann left. Cy is now hosting.")
        );
        assert_eq!(
            now_following("Cy", None, false, true).as_deref(),
            Some("The host left. Cy is now hosting.")
        );
        assert_eq!(now_following("Ann", None, false, false), None);
        assert_eq!(now_hosting(Some("Ann")), "Ann left. This device hosts the game now: keep this tab open.");
    }
}
