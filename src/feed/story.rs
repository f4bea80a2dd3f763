//! The story of each event: the line a player reads for it, and the
//! records it adds to (damage marks, tallies, roll counters, deadlines).

use duel_core::event::{CrystalAt, Removal};
use duel_core::{Answer, EnergySource, Event, Game, HitTest, Layout, TubeSide};

use super::{die_key, energy_key, Line, Log, Mark, Tone};
use crate::ui::names::{damage_cause, dir_name, launch_line, sector_name, square, team_name};

impl Log {
    pub(super) fn one(&mut self, game: Option<&Game>, seq: u64, e: &Event, now: u64) {
        // A quick start has no "BattleBegan": the clock starts with the first event seen live.
        let setup = matches!(e, Event::ObstaclePlaced { .. } | Event::WormholePlaced { .. });
        if self.started_at.is_none() && !setup && now > 0 {
            self.started_at = Some(now);
        }
        if let Event::CrystalMoved { crystal, to } = e {
            // Spent from a card, or lost with its ship: no longer on a card.
            if !matches!(to, CrystalAt::Held(_) | CrystalAt::OnCard(..)) {
                self.on_cards.retain(|c| c != crystal);
            }
        }
        match e {
            Event::BattleBegan => {
                self.started_at = Some(now);
                self.say(seq, "Begin! Engineering, roll the energy dice.".into(), Tone::Loud);
            }
            Event::EnergyRolled { ship, faces } => {
                for (die, _) in faces {
                    *self.rolls.entry(energy_key(*ship, *die)).or_default() += 1;
                }
            }
            Event::DiceRolled { ship, station, faces } => {
                for (die, _) in faces {
                    *self.rolls.entry(die_key(*ship, *station, *die)).or_default() += 1;
                }
            }
            Event::EnergySent { ship, station, .. } => self.tally(*ship).energy[station.index()] += 1,
            Event::FreezeDeclared { declared } => {
                self.frozen = true;
                self.freeze.clear();
                self.tally(declared.ship).freezes += 1;
                // The card's heading names the call; its first line says what it means.
                self.freeze_call = Some((seq, self.call(declared), declared.ship));
                self.say(seq, "Time stops: every station waits until this is resolved.".into(), Tone::Loud);
            }
            Event::FreezeQueued { declared } => {
                let text = format!("{} (queued: it runs when this freeze is over)", self.call(declared));
                self.say(seq, text, Tone::Plain);
            }
            Event::FreezeCancelled { declared, reason } => {
                let text = format!("{} is cancelled: {reason}", self.call(declared));
                self.say(seq, text, Tone::Miss);
            }
            Event::TorpedoesLaunched { ship, tubes, on_target } if is_fighter(game, *ship) => {
                self.tally(*ship).launched += tubes.len() as u32;
                let text = format!("{} fires its missile; {on_target} on target.", self.name(*ship));
                self.say(seq, text, Tone::Plain);
            }
            Event::TorpedoesLaunched { ship, tubes, on_target } => {
                self.tally(*ship).launched += tubes.len() as u32;
                // Which ship fired, and from which side, as the rules say Fire 1 and Fire 2 (issue 33).
                let sides: Vec<TubeSide> = tubes.iter().map(|t| t.side).collect();
                let text = launch_line(self.name(*ship), &sides, *on_target);
                self.say(seq, text, Tone::Plain);
            }
            Event::HitTested { ship, lock, range, jammers, hit } => {
                if *hit {
                    self.tally(*ship).hits += 1;
                }
                let need = HitTest { lock: *lock, range: *range, jammers: *jammers }.lock_needed();
                let verdict = if *hit { "HIT" } else { "MISS" };
                let text = format!(
                    "Hit test: lock {lock} vs range {range} + jammers {jammers} (needs {need}) → {verdict}",
                );
                self.say(seq, text, if *hit { Tone::Loud } else { Tone::Miss });
            }
            Event::SectorStruck { ship, sector, shields } => {
                let text = format!(
                    "The torpedoes strike {}'s {} side: {shields} shield {}.",
                    self.name(*ship),
                    sector_name(*sector),
                    if *shields == 1 { "die" } else { "dice" },
                );
                self.say(seq, text, Tone::Plain);
            }
            Event::DamageRolled { faces, shields, damage, .. } => {
                let text = match (faces.is_empty(), shields) {
                    (true, 0) => format!("No shields there: {damage} damage."),
                    (true, _) => "Three shields: the torpedoes cannot get through.".to_string(),
                    (false, s) => format!(
                        "Damage roll against {s} shield{}: {damage} damage ({} needed per torpedo).",
                        if *s == 1 { "" } else { "s" },
                        if *s == 1 { "a Blast" } else { "a Double Blast" },
                    ),
                };
                let tone = if *damage > 0 { Tone::Damage } else { Tone::Miss };
                let line = Line { seq, text, tone, dice: faces.clone() };
                if self.frozen {
                    self.freeze.push(line);
                } else {
                    self.ticker.push(line);
                }
            }
            Event::Damaged { ship, cause } => {
                let total = game.and_then(|g| g.ship(*ship)).map_or(0, |s| s.hits);
                let at = self.started_at.map(|t| now.saturating_sub(t));
                let mark = Mark { seq, at, ship: *ship, cause: *cause, total };
                // The replica's game is the state after the batch; count marks instead.
                let before = self.damage.iter().filter(|m| m.ship == *ship).count() as u8;
                self.damage.push(Mark { total: before + 1, ..mark });
                let how = damage_cause(*cause);
                let text = if is_fighter(game, *ship) {
                    format!("{} is hit by {how}: its Health turns down one.", self.name(*ship))
                } else {
                    format!("{} takes damage from {how} ({}/4).", self.name(*ship), before + 1)
                };
                self.say(seq, text, Tone::Damage);
            }
            Event::ShipDestroyed { ship } if is_fighter(game, *ship) => {
                let back = if game.and_then(Game::mission).is_some_and(|m| m.relaunches()) {
                    " Its Capital ship may relaunch it (Launch!)."
                } else {
                    ""
                };
                let text = format!("{} is destroyed and leaves the board.{back}", self.name(*ship));
                self.say(seq, text, Tone::Damage);
            }
            Event::ShipDestroyed { ship } => {
                let text = format!("{} explodes!", self.name(*ship));
                self.say(seq, text, Tone::Damage);
            }
            Event::GameOver { winner } => {
                self.winner = Some(*winner);
                let text = match winner {
                    Some(team) => format!("{} wins!", team_name(self.layout.unwrap_or(Layout::Duel), *team)),
                    None => "Both ships are destroyed: a draw.".to_string(),
                };
                self.say(seq, text, Tone::Loud);
            }
            Event::WarpRolled { pips, .. } => {
                let rolled: Vec<String> = pips.iter().map(|p| p.value().to_string()).collect();
                self.say(seq, format!("Warp dice: {}.", rolled.join(", ")), Tone::Plain);
            }
            Event::ShipMoved { ship, to, facing } if self.frozen => {
                let text = format!(
                    "{} moves to {}, facing {}.",
                    self.name(*ship),
                    square(to.square),
                    dir_name(*facing)
                );
                self.say(seq, text, Tone::Plain);
            }
            Event::ChoiceOpened { choice } => {
                self.opened.insert(choice.id, now);
                if self.frozen {
                    let text = format!("{} decides: {}", self.name(choice.ship), choice.kind.prompt());
                    self.say(seq, text, Tone::Plain);
                }
            }
            Event::ChoiceClosed { id, answer, by_default } => {
                self.opened.remove(id);
                if self.frozen {
                    let how = if *by_default { " (time ran out: the default)" } else { "" };
                    self.say(seq, format!("Chosen: {}{how}.", answer_text(answer)), Tone::Plain);
                }
            }
            Event::FreezeEnded => self.frozen = false,
            Event::ObstacleEntered { ship, obstacle } => {
                let what = match obstacle {
                    duel_core::map::Obstacle::Asteroid => "an asteroid field",
                    duel_core::map::Obstacle::Nebula => "a nebula",
                };
                let text = format!("{} flies into {what}.", self.name(*ship));
                self.say(seq, text, Tone::Plain);
            }
            Event::DiceRemoved { ship, station, dice, why: why @ (Removal::Asteroid | Removal::Nebula) } => {
                let cause = if *why == Removal::Asteroid { "Asteroids strip" } else { "The nebula strips" };
                let text =
                    format!("{cause} {} {} dice from {}.", dice.len(), station.name(), self.name(*ship));
                self.say(seq, text, Tone::Miss);
            }
            Event::RiftEntered { ship, square: sq } => {
                let text = format!(
                    "{} crosses the rift at {}: its shields will fail.",
                    self.name(*ship),
                    square(*sq)
                );
                self.say(seq, text, Tone::Plain);
            }
            Event::DiceRemoved { ship, dice, why: Removal::Rift, .. } => {
                let text =
                    format!("The rift strips all {} shield dice from {}.", dice.len(), self.name(*ship));
                self.say(seq, text, Tone::Miss);
            }
            Event::GravityPulled { ship, square: sq, pull } => {
                let text = match pull {
                    duel_core::map::Pull::With => {
                        format!(
                            "{} rides the gravity arrow at {}: a helm die is kept.",
                            self.name(*ship),
                            square(*sq)
                        )
                    }
                    duel_core::map::Pull::Against => {
                        format!("{} fights the gravity arrow at {}.", self.name(*ship), square(*sq))
                    }
                };
                self.say(seq, text, Tone::Plain);
            }
            Event::HelmDieCancelled { ship, slot } => {
                let text =
                    format!("Against the gravity: {}'s helm die {slot:?} does nothing.", self.name(*ship));
                self.say(seq, text, Tone::Miss);
            }
            Event::HelmDiceKept { ship, dice } => {
                let n = dice.len();
                let text = format!(
                    "{} keeps {n} helm {}: Helm may place {} on any face, free.",
                    self.name(*ship),
                    if n == 1 { "die" } else { "dice" },
                    if n == 1 { "it" } else { "them" }
                );
                self.say(seq, text, Tone::Plain);
            }
            Event::MineReleased { ship, mine, square: sq } => {
                let text = format!("{} releases mine {mine:?} at {}.", self.name(*ship), square(*sq));
                self.say(seq, text, Tone::Plain);
            }
            Event::MineGone { owner, mine } => {
                let text = format!("{}'s mine {mine:?} is gone.", self.name(*owner));
                self.say(seq, text, Tone::Plain);
            }
            Event::CrystalMoved { crystal, to: CrystalAt::Held(ship) } if self.on_cards.contains(crystal) => {
                self.on_cards.retain(|c| c != crystal);
                let text = format!("{} takes crystal {} off its card.", self.name(*ship), crystal + 1);
                self.say(seq, text, Tone::Plain);
            }
            Event::CrystalMoved { crystal, to: CrystalAt::Held(ship) } => {
                self.tally(*ship).crystals += 1;
                let text = format!("{} tractors crystal {} aboard.", self.name(*ship), crystal + 1);
                self.say(seq, text, Tone::Plain);
            }
            Event::CrystalMoved { to: CrystalAt::OnMap(sq), .. } if self.frozen => {
                self.say(seq, format!("A used crystal returns to {}.", square(*sq)), Tone::Plain);
            }
            Event::BombRunBegun { ship, target } => {
                let text = format!(
                    "{} is over {} with a pulse bomb loaded: Bomb! is open until either ship moves.",
                    self.name(*ship),
                    self.name(*target)
                );
                self.say(seq, text, Tone::Loud);
            }
            Event::PulseBombRolled { ship, target, faces, damage } => {
                let text = format!(
                    "{}'s pulse bomb: nose and tail rolled against {}, one damage per blast: {damage} damage.",
                    self.name(*ship),
                    self.name(*target)
                );
                let tone = if *damage > 0 { Tone::Damage } else { Tone::Miss };
                let line = Line { seq, text, tone, dice: faces.clone() };
                if self.frozen {
                    self.freeze.push(line);
                } else {
                    self.ticker.push(line);
                }
            }
            Event::FighterLaunched { ship, to, facing, health } => {
                let text = format!(
                    "{} is relaunched at {}, facing {}, Health {health}, its cockpit empty.",
                    self.name(*ship),
                    square(to.square),
                    dir_name(*facing)
                );
                self.say(seq, text, Tone::Loud);
            }
            Event::Reseated { seats } => {
                let text = format!(
                    "Crew change: {} seat{} swap stations.",
                    seats.len(),
                    if seats.len() == 1 { "" } else { "s" }
                );
                self.say(seq, text, Tone::Plain);
            }
            Event::EquipmentDealt { cards, first } => {
                let names: Vec<&str> = cards.iter().map(|c| c.name()).collect();
                let text = format!(
                    "Equipment dealt face up: {}. {} picks first.",
                    names.join(", "),
                    team_name(self.layout.unwrap_or(Layout::Duel), *first)
                );
                self.say(seq, text, Tone::Loud);
            }
            Event::CardDrafted { team, card } => {
                let text = format!("{} takes {card}.", team_name(self.layout.unwrap_or(Layout::Duel), *team));
                self.say(seq, text, Tone::Plain);
            }
            Event::DraftEnded => self.say(seq, "Every team has its equipment.".into(), Tone::Plain),
            Event::CardUsed { ship, card } => {
                let text = format!("{}: {card}!", self.name(*ship));
                self.say(seq, text, Tone::Loud);
            }
            Event::CrystalMoved { crystal, to: CrystalAt::OnCard(ship, card) } => {
                self.on_cards.push(*crystal);
                let text = format!("{} puts crystal {} on {card}.", self.name(*ship), crystal + 1);
                self.say(seq, text, Tone::Plain);
            }
            Event::EnergyRestored { ship, .. } => {
                let text = format!("{}: Energy Surge! An energy die comes back.", self.name(*ship));
                self.say(seq, text, Tone::Loud);
            }
            _ => {}
        }
    }
}

/// Whether `ship` is a Fighter (its damage is Health, its shot a missile).
fn is_fighter(game: Option<&Game>, ship: duel_core::ShipId) -> bool {
    game.and_then(|g| g.ship(ship)).is_some_and(|s| s.class == duel_core::ShipClass::Fighter)
}

/// An answer as a player reads it.
pub fn answer_text(answer: &Answer) -> String {
    match answer {
        Answer::Sector(s) => format!("the {} shields", sector_name(*s)),
        Answer::Side(TubeSide::Front) => "the front tubes".into(),
        Answer::Side(TubeSide::Rear) => "the rear tubes".into(),
        Answer::Square(sq) => square(*sq),
        Answer::Edge(d) => format!("the {} edge", dir_name(*d)),
        Answer::Dice(d) => format!("{} dice", d.len()),
        Answer::Energy(EnergySource::Pool) => "an energy die from Engineering's pool".into(),
        Answer::Energy(EnergySource::Station(st)) => format!("an energy die from {}", st.name()),
        Answer::RollAgain => "spend a crystal and roll again".into(),
    }
}
