//! Parts of the practice and base files fetched when first needed (issue 49): code splitting.
//!
//! A first screen downloads only what it needs. A first Practice's first Roll never needs the
//! lobby, the result, the rules, Learn, a lesson's card, the game's home or (at once) the bots'
//! battle thinking; a room link's lobby never needs the game's screen (fetched while the guest
//! waits in the lobby), the result, the rules, Learn, a lesson's card or the home. Each is a split
//! point: in the practice and base files (the `split` feature, built by
//! `scripts/lib/split-build.sh` with wasm-split) a wasm file of its own, fetched the first time
//! it is called; the full app, the test build and native tests keep them in the one file, and a
//! call resolves at once.
//!
//! A fetch can fail (a train's tunnel before the service worker has kept the files): the call
//! then returns [`LoadFailed`], which the caller says in words with a way to try again; a later
//! call fetches afresh (wasm-split keeps only a success).

use std::fmt;

/// A part of the game could not be downloaded. (wasm-split logs the cause to the console; the
/// player is told what to do.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoadFailed;

impl fmt::Display for LoadFailed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("this part of the game could not be downloaded. Check the connection and try again")
    }
}

impl std::error::Error for LoadFailed {}

#[cfg(feature = "split")]
impl From<leptos::wasm_split::SplitLoaderError> for LoadFailed {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        LoadFailed
    }
}

/// A split point's answer if it is here now: one poll, with no one to wake (a part already
/// fetched, or any part in one file, answers on it; a part on its way is awaited elsewhere).
pub fn poll_once<F: std::future::Future + ?Sized>(
    future: std::pin::Pin<&mut F>,
) -> std::task::Poll<F::Output> {
    future.poll(&mut std::task::Context::from_waker(std::task::Waker::noop()))
}

/// Whether this build splits (the practice and base files) or keeps every part in one file.
pub const SPLIT: bool = cfg!(feature = "split");

/// A split point: a module `$file` holding `async fn $call(args) -> Result<T, LoadFailed>` (the
/// part's code, fetched on the first call in a split file) and `async fn preload() ->
/// Result<(), LoadFailed>` (the fetch alone). The body sees the enclosing module's names.
/// `if PREDICATE` (a cfg predicate) splits it only in the files where it holds: the lobby is a
/// room link's first screen, so it is split in the practice file only (`if not(feature =
/// "rooms")`); the game screen is a first Practice's, so in the base file only.
///
/// ```ignore
/// crate::platform::split::split_point! {
///     /// The lobby.
///     pub mod lobby_file if not(feature = "rooms"): fn view() -> AnyView { view! { <Lobby /> }.into_any() }
/// }
/// ```
///
/// wasm-split's macro writes a `#[no_mangle]` export and an `extern "C"` import: a split file's
/// modules allow `unsafe_code` there, and only there (the crate denies it in those builds and
/// forbids it in every other).
macro_rules! split_point {
    (
        $(#[$doc:meta])*
        $vis:vis mod $file:ident $(if $when:meta)?: fn $call:ident ( $($arg:ident : $ty:ty),* $(,)? ) -> $ret:ty $body:block
    ) => {
        $(#[$doc])*
        #[cfg_attr(feature = "split", allow(unsafe_code))]
        $vis mod $file {
            #[allow(unused_imports)]
            use super::*;
            use $crate::platform::split::LoadFailed;

            #[cfg(all(feature = "split" $(, $when)?))]
            #[::leptos::wasm_split::wasm_split(
                $file,
                wasm_split_path = ::leptos::wasm_split,
                preload(fetch),
                fallible
            )]
            pub fn $call($($arg: $ty),*) -> ::core::result::Result<$ret, LoadFailed> {
                let value: $ret = $body;
                ::core::result::Result::Ok(value)
            }

            /// Fetches this part (once it has arrived, at once).
            #[cfg(all(feature = "split" $(, $when)?))]
            #[allow(dead_code)]
            pub async fn preload() -> ::core::result::Result<(), LoadFailed> {
                fetch().await.map_err(LoadFailed::from)
            }

            #[cfg(not(all(feature = "split" $(, $when)?)))]
            #[allow(clippy::unused_async)]
            pub async fn $call($($arg: $ty),*) -> ::core::result::Result<$ret, LoadFailed> {
                let value: $ret = $body;
                ::core::result::Result::Ok(value)
            }

            /// In one file, nothing to fetch.
            #[cfg(not(all(feature = "split" $(, $when)?)))]
            #[allow(dead_code, clippy::unused_async)]
            pub async fn preload() -> ::core::result::Result<(), LoadFailed> {
                ::core::result::Result::Ok(())
            }
        }
    };
}
pub(crate) use split_point;

#[cfg(test)]
mod tests {
    use super::*;

    fn doubled(n: u32) -> u32 {
        n * 2
    }

    crate::platform::split::split_point! {
        /// A part for the test.
        mod twice_file: fn twice(n: u32) -> u32 { doubled(n) }
    }

    crate::platform::split::split_point! {
        /// A part split only where a predicate holds (never in a test): one file's plain function.
        mod thrice_file if not(test): fn thrice(n: u32) -> u32 { n * 3 }
    }

    /// A future's answer on its first poll (a split point in one file has it at once).
    fn at_once<T>(future: impl std::future::Future<Output = T>) -> T {
        match poll_once(std::pin::pin!(future)) {
            std::task::Poll::Ready(answer) => answer,
            std::task::Poll::Pending => panic!("a split point in one file waited"),
        }
    }

    #[test]
    fn a_split_point_in_one_file_answers_at_once_and_sees_its_module() {
        assert_eq!(at_once(twice_file::twice(21)), Ok(42));
        assert_eq!(at_once(twice_file::preload()), Ok(()));
        assert_eq!(at_once(thrice_file::thrice(14)), Ok(42));
    }

    #[test]
    fn a_failed_download_is_said_in_words() {
        assert!(LoadFailed.to_string().contains("could not be downloaded"));
    }
}
