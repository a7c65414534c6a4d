//! The app's keyboard shortcuts: one table ([`TABLE`]) that the app handles its own shortcuts
//! from, the menus show beside their entries, and Help > Keyboard shortcuts lists, so the list
//! shown can never differ from what the keys do.

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
/// Help > User guide.
pub const USER_GUIDE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::F1);
/// Close a window or a question (each window and prompt handles it itself).
pub const CLOSE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::Escape);
/// Confirm what is typed in a passphrase, name or note box (each box handles it itself).
pub const CONFIRM: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::Enter);

/// What the app does on a shortcut it handles itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// File > New.
    New,
    /// File > Open.
    Open,
    /// File > Save.
    Save,
    /// File > Save As.
    SaveAs,
    /// File > Print to PDF.
    Print,
    /// File > Quit.
    Quit,
    /// Edit > Undo.
    Undo,
    /// Edit > Redo.
    Redo,
    /// Help > User guide.
    UserGuide,
}

/// Who acts on a shortcut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handler {
    /// The app, once a frame, before drawing (`App::handle_shortcuts`).
    App(Action),
    /// egui itself (the zoom keys, which the View menu also shows).
    Egui,
    /// Each open window, prompt or box, for itself (Escape, Enter).
    Windows,
}

/// One keyboard shortcut: its keys, what it does in words, and who handles it.
#[derive(Clone, Copy, Debug)]
pub struct Shortcut {
    /// The keys.
    pub keys: KeyboardShortcut,
    /// What it does, in words ("Save the draft").
    pub what: &'static str,
    /// Who acts on it.
    pub handler: Handler,
}

/// Every keyboard shortcut of the app. The app's own are tried in this order, so a shortcut with
/// more modifiers comes before the same key with fewer (Ctrl+Shift+S is not taken for Ctrl+S; a
/// unit test checks the order).
pub const TABLE: [Shortcut; 15] = [
    Shortcut {
        keys: SAVE_AS,
        what: "Save the draft under another name (File > Save As…)",
        handler: Handler::App(Action::SaveAs),
    },
    Shortcut {
        keys: REDO,
        what: "Redo the change undone (Edit > Redo)",
        handler: Handler::App(Action::Redo),
    },
    Shortcut {
        keys: NEW,
        what: "Start a new draft (File > New)",
        handler: Handler::App(Action::New),
    },
    Shortcut {
        keys: OPEN,
        what: "Open a draft (File > Open…)",
        handler: Handler::App(Action::Open),
    },
    Shortcut {
        keys: PRINT,
        what: "Print the return to a PDF file (File > Print to PDF…)",
        handler: Handler::App(Action::Print),
    },
    Shortcut {
        keys: SAVE,
        what: "Save the draft (File > Save)",
        handler: Handler::App(Action::Save),
    },
    Shortcut {
        keys: UNDO,
        what: "Undo the last change (Edit > Undo)",
        handler: Handler::App(Action::Undo),
    },
    Shortcut {
        keys: QUIT,
        what: "Close the window; you are asked first about unsaved changes (File > Quit)",
        handler: Handler::App(Action::Quit),
    },
    Shortcut {
        keys: USER_GUIDE,
        what: "Open the user guide (Help > User guide)",
        handler: Handler::App(Action::UserGuide),
    },
    Shortcut {
        keys: egui::gui_zoom::kb_shortcuts::ZOOM_IN,
        what: "Make everything larger (View > Zoom in)",
        handler: Handler::Egui,
    },
    Shortcut {
        keys: egui::gui_zoom::kb_shortcuts::ZOOM_IN_SECONDARY,
        what: "Make everything larger, on keyboards where + needs Shift (View > Zoom in)",
        handler: Handler::Egui,
    },
    Shortcut {
        keys: egui::gui_zoom::kb_shortcuts::ZOOM_OUT,
        what: "Make everything smaller (View > Zoom out)",
        handler: Handler::Egui,
    },
    Shortcut {
        keys: egui::gui_zoom::kb_shortcuts::ZOOM_RESET,
        what: "Back to the actual size (View > Actual size)",
        handler: Handler::Egui,
    },
    Shortcut {
        keys: CLOSE,
        what: "Close the open window, list or question (the same as its Close or Cancel button)",
        handler: Handler::Windows,
    },
    Shortcut {
        keys: CONFIRM,
        what: "In a passphrase, name or note box: confirm what is typed (the same as its button)",
        handler: Handler::Windows,
    },
];

/// The shortcuts the app handles itself, in the order it tries them.
pub fn handled_by_app() -> impl Iterator<Item = (KeyboardShortcut, Action)> {
    TABLE.iter().filter_map(|s| match s.handler {
        Handler::App(a) => Some((s.keys, a)),
        Handler::Egui | Handler::Windows => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The number of modifiers held.
    fn held(m: Modifiers) -> usize {
        [m.alt, m.ctrl, m.shift, m.mac_cmd, m.command]
            .iter()
            .filter(|b| **b)
            .count()
    }

    #[test]
    fn a_key_with_more_modifiers_is_tried_before_the_same_key_with_fewer() {
        let app: Vec<_> = handled_by_app().collect();
        for (i, (a, _)) in app.iter().enumerate() {
            for (b, _) in &app[i + 1..] {
                if a.logical_key == b.logical_key {
                    assert!(
                        held(a.modifiers) > held(b.modifiers),
                        "{a:?} comes before {b:?} but has no more modifiers"
                    );
                }
            }
        }
    }

    /// Every Rust file under `dir`.
    fn sources(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    /// No key is handled outside this table: every key the app's code (this crate and the
    /// desktop shell) reads with `key_pressed`, `consume_key` or `consume_shortcut` is a key of
    /// [`TABLE`], and no shortcut is defined anywhere else.
    #[test]
    fn every_key_the_app_handles_is_in_the_table() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        sources(&root.join("src"), &mut files);
        sources(&root.join("../../src"), &mut files);
        assert!(files.len() > 20, "the sources are found");
        let listed: Vec<String> = TABLE
            .iter()
            .map(|s| format!("{:?}", s.keys.logical_key))
            .collect();
        let mut seen = 0;
        for file in files {
            if file.ends_with("shortcuts.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap();
            assert!(
                !text.contains("KeyboardShortcut::new"),
                "{}: a shortcut defined outside shortcuts.rs",
                file.display()
            );
            for call in ["key_pressed(", "consume_key(", "consume_shortcut("] {
                for (at, _) in text.match_indices(call) {
                    let rest = &text[at + call.len()..];
                    let arg: String = rest.chars().take_while(|c| *c != ')').collect();
                    let key = arg.rsplit("Key::").next().unwrap_or("").trim();
                    let known = listed.iter().any(|k| k == key)
                        || arg.contains("shortcuts::")
                        || arg.contains("&shortcut");
                    assert!(
                        known,
                        "{}: `{call}{arg})` handles a key Help > Keyboard shortcuts does not list",
                        file.display()
                    );
                    seen += 1;
                }
            }
        }
        assert!(seen >= 5, "the key handling is found ({seen})");
    }

    #[test]
    fn no_two_entries_have_the_same_keys_and_every_action_has_one() {
        for (i, a) in TABLE.iter().enumerate() {
            for b in &TABLE[i + 1..] {
                assert!(a.keys != b.keys, "{:?} listed twice", a.keys);
            }
            assert!(!a.what.trim().is_empty());
        }
        for action in [
            Action::New,
            Action::Open,
            Action::Save,
            Action::SaveAs,
            Action::Print,
            Action::Quit,
            Action::Undo,
            Action::Redo,
            Action::UserGuide,
        ] {
            assert_eq!(
                handled_by_app().filter(|(_, a)| *a == action).count(),
                1,
                "{action:?}"
            );
        }
    }
}
