//! Every ruling id the code cites (`R14`, `D8`) can be looked up in the
//! repository's own `docs/RULINGS.md`.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() && !path.ends_with("target") {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `R12`, `D3` … as whole words.
fn citations(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    for i in 0..bytes.len() {
        let starts_word = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        if !starts_word || !(bytes[i] == b'R' || bytes[i] == b'D') {
            continue;
        }
        let digits: String = text[i + 1..].chars().take_while(char::is_ascii_digit).collect();
        let end = i + 1 + digits.len();
        let ends_word = end >= bytes.len() || !bytes[end].is_ascii_alphanumeric();
        if (1..=2).contains(&digits.len()) && ends_word {
            out.push(format!("{}{}", bytes[i] as char, digits));
        }
    }
    out
}

#[test]
fn every_cited_ruling_is_in_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let rulings = std::fs::read_to_string(root.join("docs/RULINGS.md")).expect("docs/RULINGS.md");
    let mut files = Vec::new();
    for dir in ["crates/core", "crates/net", "crates/bots", "src"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 50, "the walk found the sources");
    let mut unknown = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for id in citations(&text) {
            if !rulings.contains(&format!("| {id} |")) {
                unknown.push(format!("{id} in {}", file.display()));
            }
        }
    }
    unknown.sort();
    unknown.dedup();
    assert!(unknown.is_empty(), "cited but not in docs/RULINGS.md: {unknown:?}");
}
