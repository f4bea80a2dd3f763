//! The layout sweep's notices (issue 48): what a pump tells at each weight,
//! in the words a real one uses, told through [`Store::tell`] as a pump's
//! are, so a single practice tab shows every kind at every size.

use duel_net::{AuditFinding, Finding, Forgery, PlayerNo, Seq};
use wasm_bindgen::prelude::*;

use super::{outcome, store};
use crate::session::trust_words::{self, Told};
use crate::session::{handover, Pumped};
use crate::store::Store;

/// What a pump at `kind` tells: `news` (a host left, a bot took its seat),
/// `caution` (a departed host's dice nobody can check), `warning` (the
/// fullest trust bar: two hosts caught, a plan forged, every kind of forged
/// message, and another device hosting its own copy) or `refusal` (a
/// refused action's reason).
fn sample(kind: &str) -> Option<Pumped> {
    let names = |p: PlayerNo| ["Hana", "Bo"].get(usize::from(p.0)).map(|s| (*s).to_string());
    let gone = |why, host: u16| Finding { since: Seq(1), why, host: Some(PlayerNo(host)) };
    let mut p = Pumped::default();
    match kind {
        "news" => {
            p.handover = handover::now_following("Bo", Some("Hana"), false, true);
            p.cover.push(
                "Hana's device is gone: a bot plays Engineering, Helm and Weapons until Hana is back.".into(),
            );
        }
        "caution" => {
            if let Told::Caution(line) =
                trust_words::finding(&gone(AuditFinding::HostGone, 0), Some("Hana"), names, "21:04")
            {
                p.story.push(line);
            }
        }
        "warning" => {
            p.warnings.push(trust_words::tampered(Some(PlayerNo(0)), Some("Hana")));
            if let Told::Warning(w) =
                trust_words::finding(&gone(AuditFinding::KeyNotShown, 1), Some("Bo"), names, "21:09")
            {
                p.warnings.push(w);
            }
            p.warnings.push(trust_words::plan_forged(Some(PlayerNo(1)), Some("Bo")));
            let kinds =
                [Forgery::Signature, Forgery::Certificate, Forgery::FalseHosting, Forgery::UnrequestedBatch];
            p.warnings.push(trust_words::forgeries(&kinds, "Bo still hosts the room and the game goes on."));
            p.two_tables = Some(Some(trust_words::two_tables("Bo", false)));
        }
        "refusal" => p.rejections.push("Sensors has no energy die to send".into()),
        _ => return None,
    }
    Some(p)
}

/// Tells this tab what a pump at `kind` would (see [`sample`]). Returns `{ok, error?}`.
#[wasm_bindgen]
pub fn test_hook_tell(kind: String) -> String {
    let Some(store) = store() else { return outcome(Err("no app".into())) };
    outcome(sample(&kind).map(|p| Store::tell(&store, &p)).ok_or_else(|| format!("no notice called {kind}")))
}
