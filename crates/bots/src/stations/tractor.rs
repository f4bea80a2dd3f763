//! Tractor beam: grab crystals within reach (R16, R35), arm mines and drop
//! them where the enemy will pass (R17). Dragging the enemy ship is a freeze
//! and belongs to the Captain (`captain`).

use duel_core::dice::{Face, TractorFace};
use duel_core::event::CrystalAt;
use duel_core::geometry::{tractor_needed, Square};
use duel_core::ship::{mine_index, MineToken};
use duel_core::station::MineId;
use duel_core::Spot;
use duel_core::{Intent, Station};

use super::{dice_turn, Verdict};
use crate::level::Profile;
use crate::plan::Plan;
use crate::proposal::{band, Proposal};
use crate::situation::Situation;

/// Pushes the tractor beam's proposals.
pub(crate) fn propose(sit: &Situation, plan: &Plan, profile: &Profile, out: &mut Vec<Proposal>) {
    let ship = sit.ship;
    let strength = ship.tractor_strength();
    let armable =
        |id: MineId| ship.mines[mine_index(id)] == MineToken::Held && ship.spot_free(Spot::Mine(id));
    let judge = |face: Face| match face {
        Face::Tractor(TractorFace::Bolt | TractorFace::DoubleBolt) if strength < plan.bolts_target => {
            Verdict::Place(Spot::Bolts, band::PLACE)
        }
        Face::Tractor(TractorFace::Bolt | TractorFace::DoubleBolt) => Verdict::Spare(Spot::Bolts),
        Face::Tractor(TractorFace::MineA) if armable(MineId::A) => mine_verdict(plan, MineId::A),
        Face::Tractor(TractorFace::MineB) if armable(MineId::B) => mine_verdict(plan, MineId::B),
        _ => Verdict::Reroll,
    };
    dice_turn(sit, plan, profile, Station::Tractor, judge, out);

    let rank = plan.rank(Station::Tractor);
    if profile.crystals && strength > 0 {
        // The nearest crystal in reach; a crystal needs no freeze.
        let here = ship.position.square;
        let grab = sit
            .game
            .crystals()
            .iter()
            .enumerate()
            .filter_map(|(i, c)| match c {
                CrystalAt::OnMap(sq) => Some((tractor_needed(here, *sq, sit.rule), i as u8)),
                _ => None,
            })
            .filter(|(need, _)| *need <= strength)
            .min();
        if let Some((_, crystal)) = grab {
            out.push(Proposal::new(band::TRACTOR_CRYSTAL, rank, Intent::TractorCrystal { crystal }));
        }
    }
    if profile.mines && on_enemy_path(sit) {
        for mine in [MineId::A, MineId::B] {
            if ship.mine_armed(mine) {
                out.push(Proposal::new(band::RELEASE_MINE, rank, Intent::ReleaseMine { mine }));
            }
        }
    }
}

fn mine_verdict(plan: &Plan, id: MineId) -> Verdict {
    if plan.arm_mine == Some(id) {
        Verdict::Place(Spot::Mine(id), band::PLACE)
    } else {
        Verdict::Spare(Spot::Mine(id))
    }
}

/// Whether our square lies where the enemy is likely to move next: up to
/// three squares straight ahead of it, or right beside it. A mine goes off
/// only when a ship enters its square (R17), so never our square if we
/// share it with the enemy.
fn on_enemy_path(sit: &Situation) -> bool {
    let Some(foe) = &sit.foe else { return false };
    let here = sit.ship.position.square;
    let there = foe.ship.position.square;
    if here == there || sit.mines.contains(&here) {
        return false;
    }
    let map = sit.game.map();
    let mut sq: Square = there;
    for _ in 0..3 {
        match map.step(sq, foe.ship.facing) {
            Some(next) if next == here => return true,
            Some(next) => sq = next,
            None => break,
        }
    }
    there.col.abs_diff(here.col) <= 1 && there.row.abs_diff(here.row) <= 1
}
