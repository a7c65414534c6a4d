//! The app's keyboard shortcuts, shown beside their entries in the menus and handled by the app.

use egui::{Key, KeyboardShortcut, Modifiers};

/// The command key with Shift.
const SHIFT: Modifiers = Modifiers {
    shift: true,
    ..Modifiers::COMMAND
};
/// File > New.
pub const NEW: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::N);
/// File > Open.
pub const OPEN: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
/// File > Save.
pub const SAVE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
/// File > Save As.
pub const SAVE_AS: KeyboardShortcut = KeyboardShortcut::new(SHIFT, Key::S);
/// File > Print to PDF.
pub const PRINT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::P);
/// File > Quit.
pub const QUIT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Q);
/// Edit > Undo.
pub const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
/// Edit > Redo.
pub const REDO: KeyboardShortcut = KeyboardShortcut::new(SHIFT, Key::Z);
