//! What a host said back, for the tests that talk to a `Host` directly:
//! its refusals, whether sent as a rejected command or a refused connection.
//! Included by `#[path]` so such tests need not build the whole sim.

use duel_net::{HostMsg, HostRefusal};

/// Every refusal among `msgs`, in order.
pub fn refusals(msgs: &[HostMsg]) -> Vec<HostRefusal> {
    msgs.iter()
        .filter_map(|m| match m {
            HostMsg::Rejected { reason, .. } | HostMsg::Refused { reason } => Some(reason.clone()),
            _ => None,
        })
        .collect()
}
