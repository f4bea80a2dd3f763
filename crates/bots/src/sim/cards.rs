//! Equipment-card figures over a series (R22): how often each card was
//! taken, taken first, used, and how often the team holding it won.

use std::fmt;

use duel_core::equipment::DECK;

use super::{Outcome, SimSummary};

/// Per card, in deck order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardTally {
    /// Games in which the card was dealt.
    pub dealt: [u32; DECK.len()],
    /// Games in which a team took it.
    pub held: [u32; DECK.len()],
    /// Games in which it was the draft's first pick.
    pub first_pick: [u32; DECK.len()],
    /// Games the holding team won.
    pub holder_won: [u32; DECK.len()],
    /// Times it went off (used, or acted by itself when full).
    pub uses: [u32; DECK.len()],
    /// Steps it was charged, and steps it was held (lasting cards work while charged).
    pub charged: [(u64, u64); DECK.len()],
}

impl CardTally {
    pub fn add(&mut self, rec: &SimSummary) {
        for card in &rec.dealt {
            self.dealt[card.index()] += 1;
        }
        if let Some((_, card)) = rec.picks.first() {
            self.first_pick[card.index()] += 1;
        }
        for (team, card) in &rec.picks {
            self.held[card.index()] += 1;
            if rec.outcome == Outcome::Won(*team) {
                self.holder_won[card.index()] += 1;
            }
        }
        for card in &rec.uses {
            self.uses[card.index()] += 1;
        }
        for (i, (on, held)) in rec.charged.iter().enumerate() {
            self.charged[i].0 += u64::from(*on);
            self.charged[i].1 += u64::from(*held);
        }
    }

    /// Whether any card was dealt at all (equipment was in play).
    pub fn any(&self) -> bool {
        self.dealt.iter().any(|d| *d > 0)
    }

    pub fn header() -> &'static str {
        "| card | dealt | taken | first pick % | holder wins % | uses/game held | charged % of play |\n|---|---:|---:|---:|---:|---:|---:|"
    }
}

fn percent(part: u32, whole: u32) -> String {
    let tenths = u64::from(part) * 1000 / u64::from(whole.max(1));
    format!("{}.{}", tenths / 10, tenths % 10)
}

fn percent64(part: u64, whole: u64) -> String {
    let tenths = part * 1000 / whole.max(1);
    format!("{}.{}", tenths / 10, tenths % 10)
}

impl fmt::Display for CardTally {
    /// One Markdown row per card (see [`CardTally::header`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let games = self.dealt.iter().copied().max().unwrap_or(0);
        for card in DECK {
            let i = card.index();
            let per_game = u64::from(self.uses[i]) * 10 / u64::from(self.held[i].max(1));
            writeln!(
                f,
                "| {card} | {} | {} | {} | {} | {}.{} | {} |",
                self.dealt[i],
                self.held[i],
                percent(self.first_pick[i], games),
                percent(self.holder_won[i], self.held[i]),
                per_game / 10,
                per_game % 10,
                percent64(self.charged[i].0, self.charged[i].1),
            )?;
        }
        Ok(())
    }
}
