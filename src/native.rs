//! The platform's own services for the desktop app, behind the UI crate's traits
//! (`njtax_ui::platform`): the system clipboard.

use njtax_ui::platform::Clipboard;

/// The system clipboard through arboard (X11, or Wayland's data-control protocol where the
/// compositor has it). The connection is made at the first copy and kept while the app runs: on X11
/// the copied text is served from this process until another program copies something.
#[derive(Default)]
pub struct SystemClipboard {
    inner: Option<arboard::Clipboard>,
}

impl Clipboard for SystemClipboard {
    fn copy_text(&mut self, _ctx: &egui::Context, text: &str) -> Result<(), String> {
        let clipboard = match &mut self.inner {
            Some(c) => c,
            None => self
                .inner
                .insert(arboard::Clipboard::new().map_err(|e| e.to_string())?),
        };
        // `Ok` once the platform has taken ownership of the text (on X11 the selection is ours).
        clipboard.set_text(text).map_err(|e| e.to_string())
    }
}
