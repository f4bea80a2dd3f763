//! Toasts: every refused action shows the core's or the host's reason here,
//! for a few seconds, so a player always learns why nothing happened; news
//! of the room (who hosts now, a bot in a seat) too. They sit in the
//! notices' band at the top (style/notices.css), which the screen
//! makes room for: never over a control. Two at most, one refusal above news
//! (the newest reason matters, and the news of a host leaving must not be
//! replaced at once by the bot taking its seat).

use leptos::prelude::*;

use crate::platform::now_ms;

/// How long a toast stays.
const TOAST_MS: u64 = 4_000;
/// How long an offer the player may take back stays (D46): time to read it and tap.
const OFFER_MS: u64 = 10_000;
/// Toasts on screen at most: past this the oldest of the least grave goes.
const MAX_TOASTS: usize = 2;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Toast {
    pub id: u64,
    pub text: String,
    pub error: bool,
    pub until: u64,
    /// Tapping it takes back what it offers (a quiet player's stations, D46).
    pub undo: bool,
}

/// The toast list. `Copy`.
#[derive(Clone, Copy)]
pub struct Toasts {
    list: RwSignal<Vec<Toast>>,
    next: StoredValue<u64>,
    /// An offer's toast was tapped: the store takes it back on its next pump.
    undone: StoredValue<bool>,
}

impl Toasts {
    pub fn new() -> Toasts {
        Toasts { list: RwSignal::new(Vec::new()), next: StoredValue::new(0), undone: StoredValue::new(false) }
    }

    fn push(&self, text: String, error: bool, undo: bool) {
        let id = self.next.get_value();
        self.next.set_value(id + 1);
        let stays = if undo { OFFER_MS } else { TOAST_MS };
        let toast = Toast { id, text: capitalise(&text), error, until: now_ms() + stays, undo };
        self.list.update(|l| add(l, toast));
    }

    /// A refusal or failure.
    pub fn error(&self, text: impl Into<String>) {
        self.push(text.into(), true, false);
    }

    /// News.
    pub fn info(&self, text: impl Into<String>) {
        self.push(text.into(), false, false);
    }

    /// An offer the player takes back by tapping the toast (D46).
    pub fn offer(&self, text: impl Into<String>) {
        self.push(text.into(), false, true);
    }

    /// Whether an offer's toast was tapped since the last call.
    pub fn take_undo(&self) -> bool {
        let undone = self.undone.get_value();
        if undone {
            self.undone.set_value(false);
        }
        undone
    }

    /// Drops toasts whose time is up.
    pub fn expire(&self, now: u64) {
        if self.list.with_untracked(|l| l.iter().any(|t| t.until <= now)) {
            self.list.update(|l| l.retain(|t| t.until > now));
        }
    }

    fn dismiss(&self, id: u64) {
        self.list.update(|l| l.retain(|t| t.id != id));
    }
}

/// `toast` added to `list`: the same words twice in a row are shown once, with
/// a fresh timer; a new refusal replaces the last (only the newest reason
/// matters), news stays beside it.
fn add(list: &mut Vec<Toast>, toast: Toast) {
    list.retain(|t| t.text != toast.text && !(toast.error && t.error));
    list.push(toast);
    bound(list);
}

/// Refusals above news, each in the order they came; at most [`MAX_TOASTS`].
/// The newest always shows (what the player just did, or just happened: a
/// "Link copied" after two refusals was dropped at once); of the others the
/// oldest news goes first, then the oldest refusal.
fn bound(list: &mut Vec<Toast>) {
    list.sort_by_key(|t| !t.error);
    while list.len() > MAX_TOASTS {
        let newest = list.iter().map(|t| t.id).max().unwrap_or(0);
        let others = || list.iter().enumerate().filter(|(_, t)| t.id != newest);
        let news = others().filter(|(_, t)| !t.error).min_by_key(|(_, t)| t.id).map(|(i, _)| i);
        let Some(i) = news.or_else(|| others().min_by_key(|(_, t)| t.id).map(|(i, _)| i)) else { break };
        list.remove(i);
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The toast stack (in the notices' band). Tap a toast to dismiss it.
#[component]
pub fn ToastStack(toasts: Toasts) -> impl IntoView {
    view! {
        <div class="toasts" aria-live="assertive">
            <For each=move || toasts.list.get() key=|t| t.id let:t>
                <button
                    class="toast"
                    class:toast--error=t.error
                    data-testid="toast"
                    data-undo=t.undo.then_some("true")
                    on:click=move |_| {
                        if t.undo {
                            toasts.undone.set_value(true);
                        }
                        toasts.dismiss(t.id)
                    }
                >
                    {t.text.clone()}
                </button>
            </For>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toast(id: u64, error: bool) -> Toast {
        Toast { id, text: id.to_string(), error, until: 0, undo: false }
    }

    #[test]
    fn two_toasts_at_most_one_refusal_above_news_the_oldest_news_going_first() {
        let ids = |l: &[Toast]| l.iter().map(|t| t.id).collect::<Vec<_>>();
        let mut l = Vec::new();
        add(&mut l, toast(0, false));
        add(&mut l, toast(1, false));
        add(&mut l, toast(2, true));
        assert_eq!(ids(&l), [2, 1], "a refusal above news; the oldest news made room");
        add(&mut l, toast(3, true));
        assert_eq!(ids(&l), [3, 1], "a new refusal replaces the last");
        add(&mut l, toast(4, false));
        assert_eq!(ids(&l), [3, 4], "news after news: the older goes, the refusal stays");
    }

    #[test]
    fn the_newest_always_shows() {
        let mut l = vec![toast(0, true), toast(1, true)];
        l.push(toast(2, false));
        bound(&mut l);
        assert_eq!(l.iter().map(|t| t.id).collect::<Vec<_>>(), [1, 2]);
    }
}
