//! Chunking of host messages larger than one datagram (snapshots of big
//! games, long resends) and their reassembly on the replica.
//!
//! A chunk body is a postcard [`ChunkHead`] followed by raw payload bytes.
//! Every chunk but the last carries exactly [`CHUNK_DATA`] bytes, so the
//! head alone says where each piece goes and how long the whole is; a
//! chunk that contradicts that is refused. Lost chunks are not retransmitted
//! individually: the replica asks again for what it is missing (a snapshot
//! or a resend), which is rare because a snapshot usually fits one datagram.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{WireError, HEADER_LEN, MAX_DATAGRAM, MAX_MESSAGE};

/// Payload bytes per chunk: a datagram minus the header and a generous head.
pub const CHUNK_DATA: usize = MAX_DATAGRAM - HEADER_LEN - 27;

/// Transfers a replica assembles at once; older partial ones are dropped.
const MAX_TRANSFERS: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct ChunkHead {
    transfer: u32,
    index: u16,
    count: u16,
    /// Length of the whole payload.
    total: u32,
}

/// Splits `payload` into chunk datagrams, each starting with `header`.
pub(super) fn split(transfer: u32, payload: &[u8], header: Vec<u8>) -> Result<Vec<Vec<u8>>, WireError> {
    let too_big = || WireError::Oversized { len: payload.len(), max: MAX_MESSAGE };
    let count = u16::try_from(payload.len().div_ceil(CHUNK_DATA)).map_err(|_| too_big())?;
    let total = u32::try_from(payload.len()).map_err(|_| too_big())?;
    let mut out = Vec::with_capacity(usize::from(count));
    for (index, piece) in payload.chunks(CHUNK_DATA).enumerate() {
        let index = u16::try_from(index).map_err(|_| too_big())?;
        let head = ChunkHead { transfer, index, count, total };
        let mut datagram =
            postcard::to_extend(&head, header.clone()).map_err(|e| WireError::Malformed(e.to_string()))?;
        datagram.extend_from_slice(piece);
        out.push(datagram);
    }
    Ok(out)
}

#[derive(Debug)]
struct Partial {
    count: u16,
    total: u32,
    parts: Vec<Option<Vec<u8>>>,
    received: u16,
    /// Insertion order, to drop the oldest when too many are open.
    age: u64,
}

/// Reassembles chunked host messages. Bounded: at most [`MAX_TRANSFERS`]
/// partial messages of at most [`MAX_MESSAGE`] bytes each.
#[derive(Debug, Default)]
pub struct Reassembler {
    open: BTreeMap<u32, Partial>,
    clock: u64,
}

impl Reassembler {
    /// Adds one chunk body; returns the whole payload once every chunk is in.
    ///
    /// # Errors
    /// A chunk whose head is impossible or contradicts its transfer (which is then dropped).
    pub fn push(&mut self, body: &[u8]) -> Result<Option<Vec<u8>>, WireError> {
        let (head, data) =
            postcard::take_from_bytes::<ChunkHead>(body).map_err(|e| WireError::Malformed(e.to_string()))?;
        check_head(&head, data.len())?;
        self.clock += 1;
        if let Some(p) = self.open.get(&head.transfer) {
            if p.count != head.count || p.total != head.total {
                self.open.remove(&head.transfer);
                return Err(WireError::BadChunk("chunk disagrees with its transfer"));
            }
        } else {
            if self.open.len() >= MAX_TRANSFERS {
                let oldest = self.open.iter().min_by_key(|(_, p)| p.age).map(|(id, _)| *id);
                if let Some(id) = oldest {
                    self.open.remove(&id);
                }
            }
            let parts = vec![None; usize::from(head.count)];
            let partial =
                Partial { count: head.count, total: head.total, parts, received: 0, age: self.clock };
            self.open.insert(head.transfer, partial);
        }
        let Some(p) = self.open.get_mut(&head.transfer) else { return Ok(None) };
        if let Some(slot @ None) = p.parts.get_mut(usize::from(head.index)) {
            *slot = Some(data.to_vec());
            p.received += 1;
        }
        if p.received < p.count {
            return Ok(None);
        }
        let Some(done) = self.open.remove(&head.transfer) else { return Ok(None) };
        let mut whole = Vec::with_capacity(done.total as usize);
        for part in done.parts.into_iter().flatten() {
            whole.extend_from_slice(&part);
        }
        Ok(Some(whole))
    }

    /// Partial transfers held (for tests and diagnostics).
    pub fn open_transfers(&self) -> usize {
        self.open.len()
    }
}

/// A head is possible when the total fits the count exactly and this
/// chunk's length is the one its index implies.
fn check_head(head: &ChunkHead, len: usize) -> Result<(), WireError> {
    let total = head.total as usize;
    if total > MAX_MESSAGE {
        return Err(WireError::Oversized { len: total, max: MAX_MESSAGE });
    }
    if head.count == 0 || head.index >= head.count {
        return Err(WireError::BadChunk("index out of range"));
    }
    if total.div_ceil(CHUNK_DATA) != usize::from(head.count) {
        return Err(WireError::BadChunk("count does not match the total length"));
    }
    let start = usize::from(head.index) * CHUNK_DATA;
    let expected = (total - start).min(CHUNK_DATA);
    if len != expected {
        return Err(WireError::BadChunk("chunk length does not match its place"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bodies(payload: &[u8]) -> Vec<Vec<u8>> {
        split(7, payload, Vec::new()).unwrap_or_default()
    }

    #[test]
    fn split_and_reassemble_in_any_order() {
        let payload: Vec<u8> = (0..40_000u32).map(|i| (i % 251) as u8).collect();
        let mut parts = bodies(&payload);
        assert_eq!(parts.len(), 3);
        assert!(parts.iter().all(|p| p.len() + HEADER_LEN <= MAX_DATAGRAM));
        parts.reverse();
        let mut r = Reassembler::default();
        assert_eq!(r.push(&parts[0]), Ok(None));
        assert_eq!(r.push(&parts[0]), Ok(None), "duplicates are ignored");
        assert_eq!(r.push(&parts[1]), Ok(None));
        assert_eq!(r.push(&parts[2]), Ok(Some(payload)));
        assert_eq!(r.open_transfers(), 0);
    }

    #[test]
    fn lying_heads_are_refused() {
        let mut r = Reassembler::default();
        let head = ChunkHead { transfer: 1, index: 0, count: 1, total: 10 };
        let mut body = postcard::to_allocvec(&head).unwrap_or_default();
        body.extend_from_slice(&[0; 9]);
        assert!(r.push(&body).is_err(), "short chunk");
        let head = ChunkHead { transfer: 1, index: 0, count: 9, total: 10 };
        let body = postcard::to_allocvec(&head).unwrap_or_default();
        assert!(r.push(&body).is_err(), "count too large for the total");
        let head = ChunkHead { transfer: 1, index: 0, count: u16::MAX, total: u32::MAX };
        assert!(r.push(&postcard::to_allocvec(&head).unwrap_or_default()).is_err());
        assert_eq!(r.open_transfers(), 0);
    }

    #[test]
    fn open_transfers_are_bounded() {
        let payload = vec![1u8; CHUNK_DATA + 1];
        let mut r = Reassembler::default();
        for t in 0..10 {
            let parts = split(t, &payload, Vec::new()).unwrap_or_default();
            assert_eq!(r.push(&parts[0]), Ok(None));
        }
        assert_eq!(r.open_transfers(), MAX_TRANSFERS);
    }
}
