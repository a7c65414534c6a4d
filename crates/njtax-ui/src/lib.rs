//! # njtax-ui
//!
//! The desktop app's screens over the NJ-1040 engine, written against egui only (no platform shell):
//! the eframe binary in the root package wraps [`app::App`] and supplies the real file dialogs and
//! the recent-drafts store. Tests drive [`app::App`] through egui_kittest.
//!
//! Three layers of data: the [`document::Document`] (answers, saved in drafts), the computed return
//! (derived from the answers once per change, never saved) and the UI state (screen, text as typed).
//! Screens are given a [`cx::ScreenCx`] (the document, interview and snapshot to read, the UI state
//! to change) and send [`state::Command`]s; they never compute tax, and no screen names the app.
#![deny(missing_docs)]
// Screen geometry is in f32 points; money never is (it stays Decimal in the engine).
#![allow(clippy::float_arithmetic)]

pub mod app;
pub mod binding;
pub mod checklist;
pub mod chooser;
pub mod crypt;
pub mod crypt_folder;
pub mod cx;
pub mod dialogs;
pub mod document;
pub mod fields;
pub mod files;
pub mod focus;
pub mod forms;
pub mod guide;
pub mod locks;
pub mod platform;
pub mod progress;
pub mod recovery;
pub mod review;
pub mod roster;
pub mod roster_reader;
pub mod screens;
pub mod settings;
pub mod sharing;
pub mod shortcuts;
pub mod stamps;
pub mod state;
pub mod theme;
pub mod view;
#[cfg(windows)]
mod win;
pub mod words;

pub use app::{App, Command};
