//! One peer's outgoing queue, bounded in bytes.
//!
//! The registry pushes events into a peer's [`Outbox`] while it holds a room's
//! lock, so a push never waits: it queues or refuses. A peer that reads slower than
//! it is sent to would otherwise make the server buffer without limit (four stalled
//! readers and one sender took a test server to 4 GB), so once more than
//! `max_bytes` wait, the queue is emptied, a close frame saying why is put in its
//! place, and the peer's own task is woken to disconnect it.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use axum::extract::ws::Utf8Bytes;
use tokio::sync::Notify;

use crate::refusal::SignalRefusal;

/// Queue slots an emptied queue may keep; a larger one is released.
const IDLE_QUEUE_SLOTS: usize = 4;

/// What the writer sends next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outgoing {
    /// A matchbox event (JSON text).
    Text(Utf8Bytes),
    /// A close frame with this code and reason; nothing follows it.
    Close(SignalRefusal),
}

/// Why a push was not queued.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Undelivered {
    /// The queue passed its cap with this push; the peer is being disconnected.
    #[error("the peer fell behind")]
    FellBehind,
    /// The peer is already closing.
    #[error("the peer is closing")]
    Closing,
}

/// The sending side: cheap to clone, never blocks.
#[derive(Debug, Clone)]
pub struct Outbox {
    shared: Arc<Shared>,
}

/// The receiving side, owned by the peer's writer task.
#[derive(Debug)]
pub struct OutboxReader {
    shared: Arc<Shared>,
}

#[derive(Debug)]
struct Shared {
    state: Mutex<State>,
    /// Wakes the writer when something is queued (one waiter: a stored permit
    /// covers a push that lands before the writer waits).
    writer: Notify,
    /// Wakes the peer's task when the queue overflows.
    owner: Notify,
    max_bytes: usize,
}

#[derive(Debug, Default)]
struct State {
    queue: VecDeque<Utf8Bytes>,
    bytes: usize,
    /// Set once: the close frame to send after the queue (or instead of it).
    close: Option<SignalRefusal>,
    fell_behind: bool,
    close_sent: bool,
}

impl Outbox {
    /// An empty queue holding at most `max_bytes` of text.
    pub fn new(max_bytes: usize) -> (Outbox, OutboxReader) {
        let shared = Arc::new(Shared {
            state: Mutex::default(),
            writer: Notify::new(),
            owner: Notify::new(),
            max_bytes,
        });
        (Outbox { shared: shared.clone() }, OutboxReader { shared })
    }

    /// Queues `text` for the peer.
    ///
    /// # Errors
    /// [`Undelivered::FellBehind`] when this push passes the byte cap (the queue is
    /// dropped and the peer will be closed with [`SignalRefusal::FellBehind`]);
    /// [`Undelivered::Closing`] when the peer is already closing.
    pub fn push(&self, text: Utf8Bytes) -> Result<(), Undelivered> {
        let mut state = self.shared.lock();
        if state.close.is_some() {
            return Err(Undelivered::Closing);
        }
        if state.bytes + text.len() > self.shared.max_bytes {
            state.queue = VecDeque::new();
            state.bytes = 0;
            state.close = Some(SignalRefusal::FellBehind { max_bytes: self.shared.max_bytes });
            state.fell_behind = true;
            drop(state);
            self.shared.owner.notify_one();
            self.shared.writer.notify_one();
            return Err(Undelivered::FellBehind);
        }
        state.bytes += text.len();
        state.queue.push_back(text);
        drop(state);
        self.shared.writer.notify_one();
        Ok(())
    }

    /// Sends what is queued, then a close frame for `why`; later pushes are refused.
    /// A close already decided (e.g. falling behind) is kept.
    pub fn close(&self, why: SignalRefusal) {
        let mut state = self.shared.lock();
        if state.close.is_none() {
            state.close = Some(why);
        }
        drop(state);
        self.shared.writer.notify_one();
    }

    /// Resolves once a push has overflowed the queue.
    pub async fn fell_behind(&self) {
        loop {
            if self.shared.lock().fell_behind {
                return;
            }
            self.shared.owner.notified().await;
        }
    }

    /// Bytes waiting now.
    #[cfg(test)]
    pub fn queued_bytes(&self) -> usize {
        self.shared.lock().bytes
    }
}

impl OutboxReader {
    /// The next thing to send: queued text first, then the close frame. `None`
    /// after the close frame was handed out.
    pub async fn next(&mut self) -> Option<Outgoing> {
        loop {
            if let Some(next) = self.try_next() {
                return next;
            }
            self.shared.writer.notified().await;
        }
    }

    /// Like [`Self::next`] without waiting: `None` when nothing is ready yet,
    /// `Some(None)` once the close frame was handed out.
    pub fn try_next(&mut self) -> Option<Option<Outgoing>> {
        let mut state = self.shared.lock();
        if let Some(text) = state.queue.pop_front() {
            state.bytes -= text.len();
            if state.queue.is_empty() && state.queue.capacity() > IDLE_QUEUE_SLOTS {
                // A handshake burst should not cost an idle peer its peak queue forever.
                state.queue = VecDeque::new();
            }
            return Some(Some(Outgoing::Text(text)));
        }
        if state.close_sent {
            return Some(None);
        }
        let why = state.close.clone()?;
        state.close_sent = true;
        Some(Some(Outgoing::Close(why)))
    }
}

impl Shared {
    /// Every update is one step, so a poisoned lock still holds a sane queue.
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Utf8Bytes {
        Utf8Bytes::from(s.to_owned())
    }

    #[test]
    fn delivers_in_order_then_the_close_frame() {
        let (outbox, mut reader) = Outbox::new(100);
        assert_eq!(reader.try_next(), None);
        outbox.push(text("a")).unwrap();
        outbox.push(text("bc")).unwrap();
        assert_eq!(outbox.queued_bytes(), 3);
        outbox.close(SignalRefusal::ShuttingDown);
        assert_eq!(outbox.push(text("late")), Err(Undelivered::Closing));
        assert_eq!(reader.try_next(), Some(Some(Outgoing::Text(text("a")))));
        assert_eq!(reader.try_next(), Some(Some(Outgoing::Text(text("bc")))));
        assert_eq!(reader.try_next(), Some(Some(Outgoing::Close(SignalRefusal::ShuttingDown))));
        assert_eq!(reader.try_next(), Some(None));
        assert_eq!(outbox.queued_bytes(), 0);
    }

    #[test]
    fn overflow_drops_the_queue_and_closes_with_the_reason() {
        let (outbox, mut reader) = Outbox::new(10);
        outbox.push(text("12345")).unwrap();
        outbox.push(text("67890")).unwrap();
        assert_eq!(outbox.push(text("x")), Err(Undelivered::FellBehind));
        assert_eq!(outbox.queued_bytes(), 0);
        assert_eq!(outbox.push(text("y")), Err(Undelivered::Closing));
        // A later ordinary close does not hide why.
        outbox.close(SignalRefusal::ShuttingDown);
        let why = SignalRefusal::FellBehind { max_bytes: 10 };
        assert_eq!(reader.try_next(), Some(Some(Outgoing::Close(why))));
        assert_eq!(reader.try_next(), Some(None));
    }

    #[tokio::test]
    async fn the_owner_is_woken_when_the_peer_falls_behind() {
        let (outbox, _reader) = Outbox::new(4);
        let watcher = outbox.clone();
        let woken = tokio::spawn(async move { watcher.fell_behind().await });
        tokio::task::yield_now().await;
        let _ = outbox.push(text("too long"));
        tokio::time::timeout(std::time::Duration::from_secs(1), woken).await.unwrap().unwrap();
    }
}
