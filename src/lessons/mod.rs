//! The "Learn a station" screen (issue 16): the list of lessons at `#/learn`
//! and the card over the game while one runs. The lessons themselves (their
//! positions, goals and hints, starting and finishing one) are the
//! foundation's [`crate::course`].

mod card;
pub mod list;

pub use card::LessonCard;
