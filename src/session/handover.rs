//! What a player is told when the room changes hosts, in words that fit the
//! device reading them: the one that now hosts, one that follows a new host,
//! and one that was the host itself, went away and came back to find
//! another device hosting (it used to read "The host left." about itself).

/// This device hosts the game now.
pub(super) fn now_hosting() -> String {
    "The host left. This device hosts the game now: keep this tab open.".into()
}

/// This device follows `host` after an election; `was_host`: it hosted
/// before (a host tab that closed and came back). `None` for the room's
/// first host (nothing changed hands).
pub(super) fn now_following(host: &str, was_host: bool, after_election: bool) -> Option<String> {
    if was_host {
        Some(format!("While this device was away, {host} took over hosting the game. You play on from here."))
    } else if after_election {
        Some(format!("The host left. {host} is now hosting."))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_returning_host_is_not_told_that_the_host_left() {
        let told = now_following("Ben", true, true).unwrap_or_default();
        assert!(told.starts_with("While this device was away, Ben took over"), "{told}");
        assert!(!told.contains("The host left"), "{told}");
    }

    #[test]
    fn a_guest_is_told_who_hosts_now_and_nothing_at_the_first_host() {
        assert_eq!(now_following("Cy", false, true).as_deref(), Some("The host left. Cy is now hosting."));
        assert_eq!(now_following("Ann", false, false), None);
        assert!(now_hosting().contains("This device hosts"));
    }
}
