//! The equipment draft (`001_…` "Setup", R22): cards dealt face up, a random
//! team picks one, the other two, the first one of those left, the rest are
//! discarded.

use serde::{Deserialize, Serialize};

use super::Card;
use crate::ids::TeamId;

/// Cards dealt face up (fewer when the deck is smaller, R22).
pub const DRAFT_DEAL: usize = 5;

/// Whose pick it is, relative to the team drawn to go first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DraftTurn {
    First,
    Other,
}

/// The rulebook's order: one, two, one.
pub const PICK_ORDER: [DraftTurn; 4] =
    [DraftTurn::First, DraftTurn::Other, DraftTurn::Other, DraftTurn::First];

/// The draft as dealt and picked so far.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Draft {
    /// The cards face up, in deal order.
    pub dealt: Vec<Card>,
    /// The team drawn to pick first.
    pub first: TeamId,
    /// The other team.
    pub other: TeamId,
    /// Picks so far, in order.
    pub picks: Vec<(TeamId, Card)>,
}

impl Draft {
    /// Dealt cards nobody has picked yet.
    pub fn open(&self) -> Vec<Card> {
        self.dealt.iter().copied().filter(|c| !self.picks.iter().any(|(_, p)| p == c)).collect()
    }

    /// The team to pick next; `None` once the draft is over.
    pub fn to_pick(&self) -> Option<TeamId> {
        if self.open().is_empty() {
            return None;
        }
        PICK_ORDER.get(self.picks.len()).map(|turn| match turn {
            DraftTurn::First => self.first,
            DraftTurn::Other => self.other,
        })
    }

    /// Whether every pick has been made.
    pub fn is_done(&self) -> bool {
        self.to_pick().is_none()
    }

    /// The cards a team has picked.
    pub fn cards_of(&self, team: TeamId) -> Vec<Card> {
        self.picks.iter().filter(|(t, _)| *t == team).map(|(_, c)| *c).collect()
    }

    /// Cards left face up when the draft is over: discarded.
    pub fn discarded(&self) -> Vec<Card> {
        if self.is_done() {
            self.open()
        } else {
            Vec::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equipment::DECK;

    fn draft(dealt: &[Card]) -> Draft {
        Draft { dealt: dealt.to_vec(), first: TeamId(1), other: TeamId(0), picks: vec![] }
    }

    #[test]
    fn r22_the_first_team_picks_one_the_other_two_the_first_one_more() {
        let mut d = draft(&DECK);
        let mut order = vec![];
        while let Some(team) = d.to_pick() {
            order.push(team);
            let card = d.open()[0];
            d.picks.push((team, card));
        }
        assert_eq!(order, vec![TeamId(1), TeamId(0), TeamId(0), TeamId(1)]);
        assert_eq!(d.cards_of(TeamId(0)).len(), 2);
        assert_eq!(d.cards_of(TeamId(1)).len(), 2);
        assert!(d.discarded().is_empty(), "four dealt: nothing is discarded");
    }
}
