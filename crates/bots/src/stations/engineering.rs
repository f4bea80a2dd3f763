//! Engineering (R1, R7): roll the energy pool and send each die to the
//! station its number powers, by what the crew needs now. Open call-outs
//! ("Give me twos!") come first; dice nobody needs are rerolled together.

use duel_core::station::DICE_STATIONS;
use duel_core::{Intent, Station};

use crate::callout::EnergyRequest;
use crate::plan::Plan;
use crate::proposal::{band, Proposal};
use crate::situation::Situation;

/// Pushes Engineering's proposals: sends for rolled dice a station needs,
/// and one roll of every die no station needs while some station is short.
pub(crate) fn propose(sit: &Situation, plan: &Plan, requests: &[EnergyRequest], out: &mut Vec<Proposal>) {
    let mut need = [0u8; 6];
    let mut asked = [false; 6];
    for st in DICE_STATIONS {
        need[st.index()] = plan.need(sit, st);
    }
    for r in requests.iter().filter(|r| r.ship == sit.me && r.station != Station::Engineering) {
        let i = r.station.index();
        // A request is honoured even when the plan disagrees: the player knows why.
        if !asked[i] {
            asked[i] = true;
            need[i] = need[i].max(1);
        }
    }
    let mut covered = [0u8; 6];
    let mut reroll: Vec<u8> = Vec::new();
    for (die, pip) in sit.ship.pool() {
        match pip.and_then(Station::for_energy) {
            Some(st) if covered[st.index()] < need[st.index()] => {
                let i = st.index();
                covered[i] += 1;
                let (b, rank) =
                    if asked[i] { (band::SEND_REQUESTED, 9) } else { (band::SEND, plan.rank(st)) };
                out.push(Proposal::new(b, rank, Intent::SendEnergy { die }));
            }
            _ => reroll.push(die),
        }
    }
    let short = DICE_STATIONS.iter().any(|st| covered[st.index()] < need[st.index()]);
    if short && !reroll.is_empty() {
        out.push(Proposal::new(band::ROLL_ENERGY, 0, Intent::RollEnergy { dice: reroll }));
    }
}
