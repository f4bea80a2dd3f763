//! Caps on open TCP connections: per address and in total.
//!
//! Every accepted connection asks [`ConnectionCaps::admit`] first. Within the caps
//! it gets a [`ConnPermit`] that frees its place when the last holder drops it (the
//! HTTP connection, or the websocket it was upgraded to). Over a cap it may still be
//! served *one* request, answered with the refusal in words (a websocket is accepted
//! and closed with a code the app can read); such refusing connections come from a
//! small pool of their own, and past that pool the connection is answered with a
//! raw HTTP refusal and closed without being read at all.

use std::collections::HashMap;
use std::fmt;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::refusal::SignalRefusal;

/// Connections that may be open at once just to be told why they are refused.
pub const REFUSING_POOL: usize = 64;

/// The unit the per-address caps count: an IPv4 address, or an IPv6 /64 (one
/// household or one cloud machine gets a whole /64, so per-address IPv6 caps
/// would cap nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AddrKey(IpAddr);

impl From<IpAddr> for AddrKey {
    fn from(ip: IpAddr) -> Self {
        match ip {
            IpAddr::V4(_) => Self(ip),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Self(IpAddr::V4(v4)),
                None => {
                    let prefix = u128::from(v6) & (u128::MAX << 64);
                    Self(IpAddr::V6(Ipv6Addr::from(prefix)))
                }
            },
        }
    }
}

impl fmt::Display for AddrKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            IpAddr::V4(v4) => write!(f, "{v4}"),
            IpAddr::V6(v6) => write!(f, "{v6}/64"),
        }
    }
}

/// What to do with a freshly accepted connection.
#[derive(Debug)]
pub enum Admission {
    /// Serve it.
    Open(ConnPermit),
    /// Serve one request with this refusal, then close.
    Refuse(ConnPermit, SignalRefusal),
    /// Answer with this refusal unread and close.
    Drop(SignalRefusal),
}

/// Counts open connections. Cheap to clone.
#[derive(Debug, Clone)]
pub struct ConnectionCaps {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    per_address: Mutex<HashMap<AddrKey, usize>>,
    open: AtomicUsize,
    refusing: AtomicUsize,
    max_total: usize,
    max_per_address: usize,
}

impl ConnectionCaps {
    /// Caps of `max_total` connections, `max_per_address` from one [`AddrKey`].
    pub fn new(max_total: usize, max_per_address: usize) -> Self {
        Self {
            inner: Arc::new(Inner {
                per_address: Mutex::default(),
                open: AtomicUsize::new(0),
                refusing: AtomicUsize::new(0),
                max_total,
                max_per_address,
            }),
        }
    }

    /// Decides about a connection from `ip`.
    pub fn admit(&self, ip: IpAddr) -> Admission {
        let key = AddrKey::from(ip);
        let refusal = {
            let mut counts = self.lock();
            let held = counts.get(&key).copied().unwrap_or(0);
            // `open` only changes under this lock, so check-then-add is exact.
            let open = self.inner.open.load(Ordering::Relaxed);
            if held >= self.inner.max_per_address {
                SignalRefusal::AddressFull { max: self.inner.max_per_address }
            } else if open >= self.inner.max_total {
                SignalRefusal::ServerFull { max: self.inner.max_total }
            } else {
                counts.insert(key, held + 1);
                self.inner.open.fetch_add(1, Ordering::Relaxed);
                return Admission::Open(ConnPermit { caps: self.clone(), place: Place::Open(key) });
            }
        };
        let pool = self
            .inner
            .refusing
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| (n < REFUSING_POOL).then_some(n + 1));
        match pool {
            Ok(_) => Admission::Refuse(ConnPermit { caps: self.clone(), place: Place::Refusing }, refusal),
            Err(_) => Admission::Drop(refusal),
        }
    }

    /// Connections open within the caps (refusing ones not counted).
    #[cfg(test)]
    pub fn open(&self) -> usize {
        self.inner.open.load(Ordering::Relaxed)
    }

    /// Every connection this server still holds, refusing ones included.
    #[cfg(test)]
    pub fn held(&self) -> usize {
        self.open() + self.inner.refusing.load(Ordering::Relaxed)
    }

    fn release(&self, place: Place) {
        match place {
            Place::Open(key) => {
                let mut counts = self.lock();
                if let Some(held) = counts.get_mut(&key) {
                    *held = held.saturating_sub(1);
                    if *held == 0 {
                        counts.remove(&key);
                    }
                }
                self.inner.open.fetch_sub(1, Ordering::Relaxed);
            }
            Place::Refusing => {
                self.inner.refusing.fetch_sub(1, Ordering::Relaxed);
            }
        }
    }

    /// Every update is one step, so a poisoned lock still holds sane counts.
    fn lock(&self) -> MutexGuard<'_, HashMap<AddrKey, usize>> {
        self.inner.per_address.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Where a permit's connection is counted: among its address's open ones, or in the small
/// pool of connections kept only to be told why they are refused.
#[derive(Debug, Clone, Copy)]
enum Place {
    Open(AddrKey),
    Refusing,
}

/// One connection's place; dropping it frees the place.
#[derive(Debug)]
pub struct ConnPermit {
    caps: ConnectionCaps,
    place: Place,
}

impl Drop for ConnPermit {
    fn drop(&mut self) {
        self.caps.release(self.place);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    const A: IpAddr = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1));
    const B: IpAddr = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 2));

    fn permit(admission: Admission) -> ConnPermit {
        match admission {
            Admission::Open(permit) => permit,
            other => panic!("expected a place, got {other:?}"),
        }
    }

    #[test]
    fn an_address_holds_at_most_its_cap_and_gets_it_back() {
        let caps = ConnectionCaps::new(100, 2);
        let first = permit(caps.admit(A));
        let _second = permit(caps.admit(A));
        match caps.admit(A) {
            Admission::Refuse(_, refusal) => assert_eq!(refusal, SignalRefusal::AddressFull { max: 2 }),
            other => panic!("{other:?}"),
        }
        let _other = permit(caps.admit(B));
        assert_eq!(caps.open(), 3);
        drop(first);
        let _again = permit(caps.admit(A));
    }

    #[test]
    fn the_total_cap_then_the_refusing_pool_then_drop() {
        let caps = ConnectionCaps::new(1, 10);
        let _only = permit(caps.admit(A));
        let mut refusing = Vec::new();
        for _ in 0..REFUSING_POOL {
            match caps.admit(B) {
                Admission::Refuse(permit, refusal) => {
                    assert_eq!(refusal, SignalRefusal::ServerFull { max: 1 });
                    refusing.push(permit);
                }
                other => panic!("{other:?}"),
            }
        }
        assert!(matches!(caps.admit(B), Admission::Drop(SignalRefusal::ServerFull { max: 1 })));
        assert_eq!(caps.held(), 1 + REFUSING_POOL);
        refusing.clear();
        assert_eq!(caps.held(), 1);
    }

    #[test]
    fn ipv6_counts_per_64_and_mapped_ipv4_as_ipv4() {
        let a: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(AddrKey::from(a), AddrKey::from(b));
        assert_ne!(AddrKey::from(a), AddrKey::from(c));
        assert_eq!(AddrKey::from(a).to_string(), "2001:db8:1:2::/64");
        let mapped: IpAddr = "::ffff:10.0.0.1".parse().unwrap();
        assert_eq!(AddrKey::from(mapped), AddrKey::from(A));
    }
}
