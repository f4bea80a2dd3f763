//! Sharing a map: as its text code (`DDM1.…`), as a `.ddmap` file holding
//! that code, or as a link `#/play?map=CODE` that opens the practice lobby
//! with the map chosen. Reading one back accepts any of the three; a
//! damaged or foreign code gives the [`CodeError`] sentence and nothing else.

use duel_core::map::{CodeError, MapSpec};

/// The file extension of a shared map.
pub const EXTENSION: &str = "ddmap";

/// The link that opens `code`'s map in the practice lobby of the app at `origin`.
pub fn link_for(origin: &str, code: &str) -> String {
    format!("{}/#/play?map={code}", origin.trim_end_matches('/'))
}

/// The link to `map` on this page's origin.
pub fn link(map: &MapSpec) -> String {
    #[cfg(target_arch = "wasm32")]
    let origin = web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default();
    #[cfg(not(target_arch = "wasm32"))]
    let origin = String::from("http://127.0.0.1:8080");
    link_for(&origin, &map.to_code())
}

/// The map code in a link's `map=` (`None`: the text has none).
pub fn code_in_link(text: &str) -> Option<String> {
    let (_, rest) = text.rsplit_once("map=")?;
    Some(rest.split(['&', '#', ' ', '\n']).next().unwrap_or_default().to_string())
}

/// A map from what the player pasted or picked: a code, a link holding one,
/// or a `.ddmap` file's text (surrounding spaces and newlines ignored).
///
/// # Errors
/// The [`CodeError`] of a damaged, foreign or unplayable code.
pub fn from_text(text: &str) -> Result<MapSpec, CodeError> {
    let code = code_in_link(text).unwrap_or_else(|| text.trim().to_string());
    MapSpec::from_code(code.trim())
}

/// A file name for `map`: its name in letters, digits and dashes.
pub fn file_name(map: &MapSpec) -> String {
    let mut stem = String::new();
    for c in map.name.chars() {
        if c.is_alphanumeric() {
            stem.extend(c.to_lowercase());
        } else if !stem.ends_with('-') && !stem.is_empty() {
            stem.push('-');
        }
    }
    let stem = stem.trim_end_matches('-');
    format!("{}.{EXTENSION}", if stem.is_empty() { "map" } else { stem })
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::map::builtin;

    #[test]
    fn a_link_a_code_and_a_file_all_read_back() {
        let map = builtin("Rift Field").expect("built in");
        let code = map.to_code();
        let url = link_for("http://example.org/", &code);
        assert_eq!(url, format!("http://example.org/#/play?map={code}"));
        assert_eq!(from_text(&url), Ok(map.clone()));
        assert_eq!(from_text(&format!("  {code}\n")), Ok(map.clone()));
        assert_eq!(from_text(&format!("http://x/?seed=1#/play?map={code}&x=1")), Ok(map));
    }

    #[test]
    fn a_foreign_code_says_so() {
        let err = from_text("hello").unwrap_err();
        assert!(err.to_string().starts_with("this is not a map code"), "{err}");
    }

    #[test]
    fn file_names_are_tidy() {
        let map = MapSpec { name: "Rift  Field!".into(), ..MapSpec::default() };
        assert_eq!(file_name(&map), "rift-field.ddmap");
        assert_eq!(file_name(&MapSpec { name: "***".into(), ..MapSpec::default() }), "map.ddmap");
    }
}
