//! Words for what an equipment card needs, built from its data so a card
//! added to the table explains itself.

use crate::equipment::Card;

/// "a Helm die and a Tractor Beam die": the card's required spaces.
pub(super) fn needs(card: Card) -> String {
    let spec = card.spec();
    let mut parts: Vec<String> =
        spec.slots.iter().filter(|s| !s.optional).map(|s| format!("a {} die", s.station)).collect();
    if spec.crystals > 0 {
        parts.push(format!("{} crystals", spec.crystals));
    }
    match parts.as_slice() {
        [] => "nothing".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::RuleError;

    #[test]
    fn a_card_says_what_it_needs() {
        assert_eq!(needs(Card::Blink), "a Helm die and a Tractor Beam die");
        assert_eq!(needs(Card::NeuroNav), "2 crystals");
        let e = RuleError::CardNotReady { card: Card::RotationalThrusters };
        assert_eq!(e.to_string(), "Rotational Thrusters needs a Helm die and a Shields die first");
        let e = RuleError::WrongCardFace { card: Card::Blink, slot: 1 };
        assert_eq!(
            e.to_string(),
            "that space on Blink takes a Tractor Beam die showing the square (expansion symbol)"
        );
    }
}
