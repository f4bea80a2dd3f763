//! Dice drawn as SVG faces with their icons, in the physical game's colours.
//! The icon, not the colour, says what a face is (colour-blind players read
//! the same dice); each die also carries its face name as a tooltip.

use duel_core::dice::{HelmFace, SensorFace, ShieldFace, TractorFace, WeaponFace};
use duel_core::{Face, Pip, Station};
use leptos::prelude::*;

use super::names::station_key;

/// What a die shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// Not rolled yet: an empty face with a dashed frame, unlike any face.
    Blank,
    /// An energy die's number.
    Pips(Pip),
    /// A station die's face.
    Face(Face),
}

impl Show {
    /// The name shown as the tooltip and read by screen readers.
    pub fn name(self) -> String {
        match self {
            Show::Blank => "not rolled yet".to_string(),
            Show::Pips(p) => format!("energy {}", p.value()),
            Show::Face(f) => f.name().to_string(),
        }
    }
}

/// What a screen reader says for a die: its kind and its face ("Weapons
/// die: Body", "Energy die: 3", "Helm die: not rolled yet").
pub fn spoken(station: Option<Station>, show: Show) -> String {
    let kind = station.map_or("Energy", |s| s.name());
    match show {
        Show::Blank => format!("{kind} die: not rolled yet"),
        Show::Pips(p) => format!("{kind} die: {}", p.value()),
        Show::Face(f) => format!("{kind} die: {}", f.name()),
    }
}

/// An SVG die: `station` picks the colour (`None` is a white energy die).
///
/// The face is static markup set as `inner_html` (one DOM write, and far less
/// wasm than a view type per face); it contains no player text.
pub fn die_svg(station: Option<Station>, show: Show) -> impl IntoView {
    let blank = if show == Show::Blank { " die--blank" } else { "" };
    let class = format!("die die--{}{blank}", station.map_or("energy", station_key));
    svg(class, spoken(station, show), show)
}

/// A plain white die showing `pip`, named "Die 3": Thunderstruck's dice, which
/// belong to no station and are not Engineering's energy.
pub fn plain_die_svg(pip: Pip) -> impl IntoView {
    svg("die die--energy".to_string(), format!("Die {}", pip.value()), Show::Pips(pip))
}

fn svg(class: String, name: String, show: Show) -> impl IntoView {
    let body = format!(
        r#"<title>{name}</title><rect class="die__body" x="4" y="4" width="92" height="92" rx="18"/>{}"#,
        icon(show)
    );
    view! { <svg class=class viewBox="0 0 100 100" role="img" aria-label=name inner_html=body></svg> }
}

fn icon(show: Show) -> String {
    match show {
        // Not a face: a dashed inner frame and no spot, so it never reads as a 1.
        Show::Blank => {
            r#"<rect class="die__blank" x="22" y="22" width="56" height="56" rx="10"/>"#.to_string()
        }
        Show::Pips(p) => pips(p.value()),
        Show::Face(Face::Helm(h)) => helm(h),
        Show::Face(Face::Weapons(w)) => weapons(w),
        Show::Face(Face::Sensors(s)) => sensors(s),
        Show::Face(Face::Shields(s)) => shields(s),
        Show::Face(Face::Tractor(t)) => tractor(t),
    }
}

fn pips(n: u8) -> String {
    const L: u8 = 27;
    const M: u8 = 50;
    const H: u8 = 73;
    let spots: &[(u8, u8)] = match n {
        1 => &[(M, M)],
        2 => &[(L, L), (H, H)],
        3 => &[(L, L), (M, M), (H, H)],
        4 => &[(L, L), (H, L), (L, H), (H, H)],
        5 => &[(L, L), (H, L), (M, M), (L, H), (H, H)],
        _ => &[(L, L), (H, L), (L, M), (H, M), (L, H), (H, H)],
    };
    spots.iter().map(|(x, y)| format!(r#"<circle class="die__pip" cx="{x}" cy="{y}" r="9"/>"#)).collect()
}

/// Stroked icon paths.
fn strokes(ds: &[&str]) -> String {
    ds.iter().map(|d| format!(r#"<path class="die__stroke" d="{d}"/>"#)).collect()
}

fn fill(d: &str) -> String {
    format!(r#"<path class="die__fill" d="{d}"/>"#)
}

fn text(t: &str, size: u8, y: u8) -> String {
    format!(r#"<text class="die__text" x="50" y="{y}" text-anchor="middle" font-size="{size}">{t}</text>"#)
}

fn helm(face: HelmFace) -> String {
    match face {
        HelmFace::Forward1 => strokes(&["M50 84 V22", "M32 40 L50 20 L68 40"]),
        HelmFace::Forward2 => strokes(&["M50 84 V22", "M32 40 L50 20 L68 40", "M32 60 L50 40 L68 60"]),
        HelmFace::TurnLeft => strokes(&["M62 84 V50 Q62 38 50 38 H26", "M40 24 L24 38 L40 52"]),
        HelmFace::TurnRight => strokes(&["M38 84 V50 Q38 38 50 38 H74", "M60 24 L76 38 L60 52"]),
        HelmFace::TurnAround => strokes(&["M34 84 V42 A16 16 0 0 1 66 42 V72", "M52 60 L66 76 L80 60"]),
    }
}

fn blast(cx: f32, cy: f32, r: f32) -> String {
    let mut d = String::new();
    for i in 0..16 {
        let a = std::f32::consts::PI * 2.0 * i as f32 / 16.0;
        let rr = if i % 2 == 0 { r } else { r * 0.45 };
        let (x, y) = (cx + rr * a.cos(), cy + rr * a.sin());
        d.push_str(&format!("{}{x:.1} {y:.1} ", if i == 0 { 'M' } else { 'L' }));
    }
    d.push('Z');
    fill(&d)
}

fn weapons(face: WeaponFace) -> String {
    match face {
        WeaponFace::Nose => fill("M32 84 V54 Q32 20 50 12 Q68 20 68 54 V84 Z"),
        WeaponFace::Body => strokes(&["M32 18 H68 V82 H32 Z", "M32 40 H68", "M32 60 H68"]),
        WeaponFace::Tail => fill("M40 14 H60 V58 L80 86 H60 L50 74 L40 86 H20 L40 58 Z"),
        WeaponFace::Blast => blast(50.0, 50.0, 36.0),
        WeaponFace::DoubleBlast => blast(32.0, 36.0, 22.0) + &blast(68.0, 64.0, 22.0),
    }
}

fn crosshair(cx: u8, cy: u8, r: u8) -> String {
    let (l, rr) = (cx - r - 6, cx + r + 6);
    let (t, b) = (cy - r - 6, cy + r + 6);
    format!(
        r#"<circle class="die__stroke" cx="{cx}" cy="{cy}" r="{r}"/><path class="die__stroke" d="M{l} {cy} H{} M{} {cy} H{rr} M{cx} {t} V{} M{cx} {} V{b}"/>"#,
        cx - 4,
        cx + 4,
        cy - 4,
        cy + 4
    )
}

fn zigzag(y: u8) -> String {
    format!("M14 {y} L26 {} L38 {} L50 {} L62 {} L74 {} L86 {y}", y - 12, y + 12, y - 12, y + 12, y - 12)
}

/// The expansion's special symbol on the Sensors and Shields dice: the "✱" the
/// equipment cards ask for, drawn (not a font's glyph), inside a diamond. The
/// Tractor die's is the square (R2).
fn special() -> String {
    strokes(&["M50 18 L80 50 L50 82 L20 50 Z", "M50 36 L50 64", "M38 43 L62 57", "M38 57 L62 43"])
}

fn sensors(face: SensorFace) -> String {
    match face {
        SensorFace::Lock => crosshair(50, 50, 24),
        SensorFace::DoubleLock => crosshair(31, 31, 13) + &crosshair(69, 69, 13),
        SensorFace::Jammer => strokes(&[&zigzag(50)]),
        SensorFace::DoubleJammer => strokes(&[&zigzag(34), &zigzag(68)]),
        SensorFace::Special => special(),
    }
}

fn shields(face: ShieldFace) -> String {
    let n = match face {
        ShieldFace::Front => "1",
        ShieldFace::Right => "2",
        ShieldFace::Back => "3",
        ShieldFace::Left => "4",
        ShieldFace::Special => return special(),
    };
    strokes(&["M50 12 L80 24 V48 Q80 74 50 88 Q20 74 20 48 V24 Z"]) + &text(n, 40, 64)
}

const BOLT: &str = "M56 10 L28 56 H47 L40 90 L72 42 H53 Z";

fn tractor(face: TractorFace) -> String {
    match face {
        TractorFace::Bolt => fill(BOLT),
        TractorFace::DoubleBolt => format!(
            r#"<path class="die__fill" d="{BOLT}" transform="translate(-16 -6) scale(0.8) translate(12 10)"/><path class="die__fill" d="{BOLT}" transform="translate(18 12) scale(0.8) translate(12 10)"/>"#
        ),
        TractorFace::MineA | TractorFace::MineB => {
            let letter = if face == TractorFace::MineA { "A" } else { "B" };
            strokes(&["M50 14 V26 M50 74 V86 M14 50 H26 M74 50 H86 M25 25 L33 33 M75 75 L67 67 M75 25 L67 33 M25 75 L33 67"])
                + r#"<circle class="die__stroke" cx="50" cy="50" r="22"/>"#
                + &text(letter, 32, 62)
        }
        // R2: the Tractor die's expansion symbol is the square (Blink's cards ask for it).
        TractorFace::Special => strokes(&["M26 26 H74 V74 H26 Z"]),
    }
}
