//! Reading `key=value` pairs out of `location.search` or `location.hash`.
//!
//! Pure (no `UrlSearchParams`) so the parsing is unit-tested natively and
//! behaves the same everywhere. Values are percent-decoded and `+` means a
//! space, as in HTML forms; a malformed escape is kept literally rather than
//! rejected, since these come from links people paste.

/// The first value of `key` in a query string or fragment (a leading `?` or
/// `#` is ignored), percent-decoded. `None` when the key is absent.
pub fn param(query: &str, key: &str) -> Option<String> {
    pairs(query).find_map(|(k, v)| (k == key).then_some(v))
}

/// Every `key=value` pair of a query string or fragment, in order, decoded
/// (a leading `?` or `#` is ignored; a pair with no `=` has an empty value).
pub fn pairs(query: &str) -> impl Iterator<Item = (String, String)> + '_ {
    let query = query.strip_prefix(['?', '#']).unwrap_or(query);
    // A pasted address (`?room=abc#/play`) ends its query at the fragment.
    let query = query.split('#').next().unwrap_or_default();
    query.split('&').filter(|pair| !pair.is_empty()).map(|pair| {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        (decode(k), decode(v))
    })
}

/// Percent-decoding; invalid escapes and invalid UTF-8 are kept (lossily).
fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
                if let Some(b) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    out.push(b);
                    i += 2;
                } else {
                    out.push(b'%');
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_keys_in_search_and_fragment() {
        assert_eq!(param("?room=abc&sig=x", "room").as_deref(), Some("abc"));
        assert_eq!(param("?room=abc&sig=x", "sig").as_deref(), Some("x"));
        assert_eq!(param("#room=abc", "room").as_deref(), Some("abc"));
        assert_eq!(param("room=abc", "room").as_deref(), Some("abc"));
        assert_eq!(param("?rooms=abc", "room"), None);
        assert_eq!(param("", "room"), None);
        assert_eq!(param("?room", "room").as_deref(), Some(""));
        assert_eq!(param("?room=a&room=b", "room").as_deref(), Some("a"), "first wins");
        assert_eq!(param("?room=abc#/play", "room").as_deref(), Some("abc"));
        assert_eq!(param("#room=abc", "room").as_deref(), Some("abc"));
    }

    #[test]
    fn lists_every_pair_in_order() {
        let all: Vec<_> = pairs("?a=1&&b&c=x%20y#/play").collect();
        assert_eq!(all, [("a".into(), "1".into()), ("b".into(), String::new()), ("c".into(), "x y".into())]);
        assert_eq!(pairs("").count(), 0);
    }

    #[test]
    fn decodes_percent_escapes_leniently() {
        assert_eq!(param("?sig=ws%3A%2F%2F127.0.0.1%3A80", "sig").as_deref(), Some("ws://127.0.0.1:80"));
        assert_eq!(param("?sig=ws://127.0.0.1:80", "sig").as_deref(), Some("ws://127.0.0.1:80"));
        assert_eq!(param("?n=a+b", "n").as_deref(), Some("a b"));
        assert_eq!(param("?n=100%", "n").as_deref(), Some("100%"));
        assert_eq!(param("?n=%zz%4", "n").as_deref(), Some("%zz%4"));
        assert_eq!(param("?n=%ff", "n").as_deref(), Some("\u{fffd}"));
    }
}
