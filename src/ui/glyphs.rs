//! No emoji in what a player reads (issue 33): 🔒 and ⏸ drew as empty boxes on a device
//! without an emoji font. We ship no font file: the page uses the system's sans
//! (`--font` in `style/main.css`), so every character beyond ASCII that a product string
//! uses must be one the common system sans fonts draw (DejaVu Sans, Noto Sans and its
//! Symbols 2, Roboto's fallbacks) — the list below. A symbol that needs more is one of
//! our own SVG icons (`ui/icons.rs`). Comment lines are not product strings.

use std::path::{Path, PathBuf};

/// Every character beyond ASCII a product string may use.
const ALLOWED: &str = "…·–—‘’“”‹›«»←↑→↓×±°éèêàçöüïñ≥≤−◆◎●○▲▢▒≋⌂↻↺✓✕✱";

/// What is wrong with `c`, if anything.
fn refused(c: char) -> Option<&'static str> {
    if c.is_ascii() || ALLOWED.contains(c) {
        return None;
    }
    let emoji = matches!(u32::from(c),
        0x1F000..=0x1FAFF | 0x2600..=0x27BF | 0x2300..=0x23FF | 0x2B00..=0x2BFF | 0xFE0F | 0x2190..=0x21FF | 0x25A0..=0x25FF);
    Some(if emoji {
        "an emoji or a symbol that needs an emoji font: draw it as an icon"
    } else {
        "a character outside the fonts we use: add it to ALLOWED only if the system sans fonts draw it"
    })
}

/// The product files: the app's sources and the page shell.
fn product_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = vec![root.join("index.html")];
    let mut dirs = vec![root.join("src"), root.join("web")];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if matches!(path.extension().and_then(|e| e.to_str()), Some("rs" | "js" | "html")) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Each refused character of `text` (a file's contents) as "line: 'c' (what is wrong)".
fn refusals(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if t.starts_with("//") || t.starts_with("* ") || t.starts_with("/*") {
            continue;
        }
        for c in line.chars() {
            if let Some(why) = refused(c) {
                out.push(format!("{}: '{c}' U+{:04X} ({why})", n + 1, u32::from(c)));
            }
        }
    }
    out
}

#[test]
fn no_product_string_uses_an_emoji_or_a_character_outside_our_fonts() {
    let this = Path::new(file!()).file_name();
    let mut found = Vec::new();
    for path in product_files() {
        // This file names the emoji it refuses.
        if path.file_name() == this {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        found.extend(refusals(&text).into_iter().map(|r| format!("{}:{r}", path.display())));
    }
    assert!(found.is_empty(), "characters a player's device may not draw:\n{}", found.join("\n"));
}

#[test]
fn the_check_refuses_the_emoji_that_drew_as_boxes() {
    assert_eq!(refusals("let s = \"🔒 locked\";").len(), 1);
    assert_eq!(refusals("let s = \"⏸ paused\";").len(), 1);
    assert_eq!(refusals("let s = \"❄\";").len(), 1);
    assert!(refusals("// a comment may say 🔒").is_empty());
    assert!(refusals("let s = \"1 → Weapons · “Fire 1”\";").is_empty());
}
