//! Which squares the board lights up for the ship this device plays.

use duel_core::geometry::{arc_of, tractor_needed, Arc};
use duel_core::{ChoiceKind, Game, Intent, Phase, Position, SeatId, ShipId, Square, Station};

use crate::ui::tab::Tab;

/// A square's overlay flags (a tiny bit set).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mark(u8);

impl Mark {
    /// In the focus ship's front arc.
    pub const FRONT: Mark = Mark(1);
    pub const REAR: Mark = Mark(2);
    /// Within the tractor beam's reach.
    pub const REACH: Mark = Mark(4);
    /// Offered by a choice this device answers (tap to choose).
    pub const OPTION: Mark = Mark(8);
    /// A set-up token may go here now.
    pub const PLACE: Mark = Mark(16);

    pub fn contains(self, other: Mark) -> bool {
        self.0 & other.0 != 0
    }

    fn add(&mut self, other: Mark) {
        self.0 |= other.0;
    }
}

/// One mark per square, row by row.
pub fn square_marks(
    game: &Game,
    focus: Option<ShipId>,
    tab: Option<Tab>,
    seats: &[SeatId],
    _picked: &[u8],
) -> Vec<Mark> {
    let (cols, rows) = (game.map().cols, game.map().rows);
    let mut out = vec![Mark::default(); usize::from(cols) * usize::from(rows)];
    let idx = |sq: Square| usize::from(sq.row) * usize::from(cols) + usize::from(sq.col);
    let all = (0..rows).flat_map(|r| (0..cols).map(move |c| Square::new(c, r)));
    if let Phase::Setup { .. } = game.phase() {
        for sq in all {
            let ok = seats.iter().any(|s| {
                game.validate(
                    *s,
                    &Intent::PlaceObstacle { square: sq, obstacle: duel_core::map::Obstacle::Asteroid },
                )
                .is_ok()
                    || game.validate(*s, &Intent::PlaceWormhole { square: sq }).is_ok()
            });
            if ok {
                out[idx(sq)].add(Mark::PLACE);
            }
        }
        return out;
    }
    if let Some(ship) = focus.and_then(|f| game.ship(f)) {
        let tractor_tab = tab.and_then(Tab::station) == Some(Station::Tractor);
        let rule = game.ruleset().range_rule();
        for sq in all {
            let i = idx(sq);
            match arc_of(ship.position, ship.facing, Position::centre(sq)) {
                Some(Arc::Front) if sq != ship.position.square => out[i].add(Mark::FRONT),
                // A Fighter fires forward only (R22): its rear arc means nothing.
                Some(Arc::Rear) if sq != ship.position.square && !ship.class.fires_one_forward() => {
                    out[i].add(Mark::REAR)
                }
                _ => {}
            }
            if tractor_tab && tractor_needed(ship.position.square, sq, rule) <= ship.tractor_strength() {
                out[i].add(Mark::REACH);
            }
        }
    }
    for choice in game.choices() {
        let mine = seats.iter().any(|s| game.may_answer(*s, choice));
        let options: &[Square] = match &choice.kind {
            ChoiceKind::TractorDestination { options, .. } | ChoiceKind::WarpDestination { options, .. } => {
                options
            }
            _ => &[],
        };
        if mine {
            for sq in options {
                out[idx(*sq)].add(Mark::OPTION);
            }
        }
    }
    out
}
