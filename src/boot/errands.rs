//! The services' side of the one way to act: the store hands every
//! [`Errand`] (what needs sessions, storage, rooms, replays, lessons or maps)
//! to [`run`], which the root gives the store at start in [`SERVICES`].

use duel_net::Command;
use leptos::prelude::*;

use super::{learn, maps};
use crate::platform::full_app;
use crate::route::Route;
use crate::session::SessionKind;
use crate::store::{Acted, Errand, Services, Store};

/// What the services hand the store (`Store::new`): writing a room's save, and errands.
pub const SERVICES: Services = Services { persist: super::persist, run };

/// Carries out `errand` for the store.
pub fn run(store: Store, errand: Errand) -> Acted {
    match errand {
        Errand::Leave => super::leave(store),
        Errand::PracticeAs(start) => super::practice_as(store, start),
        Errand::PracticeAgain => super::practice_again(store),
        Errand::PracticeLobby => super::practice_lobby(store),
        // Only the full app has Thunderstruck's screens (issue 32): its code stays out of the others.
        Errand::ThunderstruckPractice(choice) if full_app::LOADED => {
            super::thunderstruck_practice(store, choice)
        }
        Errand::ThunderstruckPractice(_) => return Acted::NotDone,
        Errand::BackToPractice => return back_to_practice(store),
        Errand::EnterRoom(room) => return super::enter_room(store, &room).into(),
        Errand::CreateRoom => return super::create_room(store).into(),
        Errand::HostServerless => return super::host_serverless(store).into(),
        Errand::JoinServerless(offer) => return super::join_serverless(store, &offer).into(),
        Errand::JoinCameraElsewhere => {
            return match super::join_camera_elsewhere(store) {
                Ok(loads) => loads.into(),
                Err(why) => Acted::Refused(why.into()),
            }
        }
        Errand::ForgetHostAsk => super::forget_host_ask(store),
        Errand::SetName { name, tell_room } => {
            crate::net::saves::set_name(&name);
            if tell_room {
                store.command(Command::Rename { name: crate::net::saves::room_name() });
            }
        }
        Errand::WatchCurrent => super::watch::watch_current(store),
        Errand::OpenSaved { key, then } => leptos::task::spawn_local(async move {
            let opened = super::watch::open_saved(store, &key).await;
            // The screen that asked may be gone by now: then nobody hears.
            if let Some(then) = then {
                let _ = then.try_run(opened);
            }
        }),
        Errand::OpenText { text, then } => leptos::task::spawn_local(async move {
            let opened = super::watch::open_text(store, &text).await;
            if let Some(then) = then {
                let _ = then.try_run(opened);
            }
        }),
        Errand::BeginLesson(lesson) => learn::begin(store, lesson),
        Errand::LessonById(id) => learn::begin_by_id(store, &id),
        Errand::LeaveLesson => learn::leave(store),
        Errand::PracticeAsEngineering => learn::practice_as_engineering(store),
        Errand::EditMap(map) => maps::edit(store, *map),
        Errand::NewMap => maps::edit_new(store),
        Errand::ChooseMap(map) => return maps::choose(store, *map).into(),
        Errand::PlayMap(map) => return maps::play(store, *map).into(),
        Errand::RefreshQuickLayout => maps::refresh_quick_layout(store),
    }
    Acted::Done
}

/// Back to the practice: the running one, else the saved one resumed; then shown.
fn back_to_practice(store: Store) -> Acted {
    let back = store.kind.get_untracked() == SessionKind::Practice || super::resume_practice(store);
    if back {
        store.go(Route::Play);
    }
    back.into()
}
