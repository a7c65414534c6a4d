//! The open draft: its answers, where it lives, whether it has unsaved changes, and undo/redo.

use std::path::PathBuf;

use njtax_engine::{Answers, Draft, FORMAT_VERSION};

/// Revisions are unique across documents, so a newly opened draft is never mistaken for the
/// previous one's snapshot.
static NEXT_REVISION: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn next_revision() -> u64 {
    NEXT_REVISION.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// How many answer edits can be undone.
const UNDO_LIMIT: usize = 200;

/// The open draft.
#[derive(Clone, Debug)]
pub struct Document {
    answers: Answers,
    /// Where the draft is saved (`None`: never saved, or the embedded sample).
    pub path: Option<PathBuf>,
    /// A name for the title bar when there is no path.
    pub untitled_name: String,
    /// What the draft file held when it was opened or last saved here (`None`: there was no
    /// file, or it is not known). A save first checks the file still holds this: otherwise
    /// another window or program changed it meanwhile.
    pub disk: Option<crate::sharing::Stamp>,
    /// The answers the draft file held when it was opened or last saved here (`None`: not
    /// known): the common base of this window's version and another volunteer's, to say what
    /// they changed and to merge the clinic records.
    pub base: Option<Answers>,
    revision: u64,
    saved_revision: u64,
    undo: Vec<(Answers, Option<String>)>,
    redo: Vec<Answers>,
    /// The path of the last edit, to merge consecutive keystrokes into one undo step.
    last_edit_path: Option<String>,
    /// The embedded sample return shown at the first start, not the filer's own (until it is
    /// saved to a file).
    sample: bool,
}

/// Where the open draft stands, as the status bar and the title say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveState {
    /// The sample return, as it came.
    Sample,
    /// The sample return with the filer's changes, not saved.
    SampleChanged,
    /// A new draft that was never saved to a file.
    NeverSaved,
    /// Changes not saved to the draft's file (or a restored recovery).
    Changed,
    /// Saved to, or opened from, its file, with no changes since.
    Saved,
}

impl Document {
    /// A document over answers, unmodified.
    pub fn new(answers: Answers, path: Option<PathBuf>, untitled_name: &str) -> Self {
        let revision = next_revision();
        Self {
            answers,
            path,
            untitled_name: untitled_name.to_owned(),
            disk: None,
            base: None,
            revision,
            saved_revision: revision,
            undo: Vec::new(),
            redo: Vec::new(),
            last_edit_path: None,
            sample: false,
        }
    }

    /// The embedded sample return: unmodified, with no file, and said to be a sample until it is
    /// saved to a file.
    pub fn sample(answers: Answers, name: &str) -> Self {
        let mut doc = Self::new(answers, None, name);
        doc.sample = true;
        doc
    }

    /// Whether this is the sample return (not saved to a file of the filer's).
    pub fn is_sample(&self) -> bool {
        self.sample
    }

    /// Where the draft stands: only a draft with a file, saved or opened and unchanged since, is
    /// [`SaveState::Saved`].
    pub fn save_state(&self) -> SaveState {
        match (self.sample, self.is_dirty(), self.path.is_some()) {
            (true, false, _) => SaveState::Sample,
            (true, true, _) => SaveState::SampleChanged,
            (false, true, _) => SaveState::Changed,
            (false, false, false) => SaveState::NeverSaved,
            (false, false, true) => SaveState::Saved,
        }
    }

    /// A document restored from a recovery copy: it has unsaved changes from the start.
    pub fn recovered(answers: Answers, path: Option<PathBuf>, untitled_name: &str) -> Self {
        let mut doc = Self::new(answers, path, untitled_name);
        doc.saved_revision = 0;
        doc
    }

    /// The answers.
    pub fn answers(&self) -> &Answers {
        &self.answers
    }

    /// Changes whenever the answers change (the computed snapshot follows it).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether there are changes not saved to the draft file.
    pub fn is_dirty(&self) -> bool {
        self.revision != self.saved_revision
    }

    /// Replace the answers after an edit of `path` (keystrokes in one field make one undo step).
    pub fn edit(&mut self, answers: Answers, path: Option<&str>) {
        if answers == self.answers {
            return;
        }
        let merge =
            path.is_some() && self.last_edit_path.as_deref() == path && !self.undo.is_empty();
        if !merge {
            self.undo
                .push((self.answers.clone(), path.map(str::to_owned)));
            if self.undo.len() > UNDO_LIMIT {
                self.undo.remove(0);
            }
        }
        self.last_edit_path = path.map(str::to_owned);
        self.redo.clear();
        self.answers = answers;
        self.revision = next_revision();
    }

    /// Undo the last edit. Returns whether anything changed.
    pub fn undo(&mut self) -> bool {
        let Some((previous, _)) = self.undo.pop() else {
            return false;
        };
        self.redo
            .push(std::mem::replace(&mut self.answers, previous));
        self.last_edit_path = None;
        self.revision = next_revision();
        true
    }

    /// Redo the last undone edit. Returns whether anything changed.
    pub fn redo(&mut self) -> bool {
        let Some(next) = self.redo.pop() else {
            return false;
        };
        self.undo
            .push((std::mem::replace(&mut self.answers, next), None));
        self.last_edit_path = None;
        self.revision = next_revision();
        true
    }

    /// Whether undo / redo are possible.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether redo is possible.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Mark the current answers as saved at `path`, which now holds what `disk` stamps.
    pub fn mark_saved(&mut self, path: PathBuf, disk: Option<crate::sharing::Stamp>) {
        self.disk = disk;
        self.base = Some(self.answers.clone());
        // Saved to a file of the filer's, the sample is theirs.
        self.sample = false;
        self.path = Some(path);
        self.saved_revision = self.revision;
        self.last_edit_path = None;
    }

    /// The draft to write.
    pub fn to_draft(&self) -> Draft {
        Draft {
            format_version: FORMAT_VERSION,
            answers: self.answers.clone(),
        }
    }

    /// The name shown in the title bar.
    pub fn display_name(&self) -> String {
        self.path.as_ref().and_then(|p| p.file_name()).map_or_else(
            || self.untitled_name.clone(),
            |n| n.to_string_lossy().into_owned(),
        )
    }
}
