//! The user guide shown by Help > User guide (F1): the parts of the README written for users,
//! between `<!-- user-guide:start -->` and `<!-- user-guide:end -->`, embedded at build time and
//! drawn by a small renderer of the few Markdown forms those parts use (headings, paragraphs,
//! lists, tables, code blocks; bold, italics, code and links inside a line). A crate for all of
//! Markdown would be much more than these need (`docs/decisions/help-menu.md`).

use egui::text::LayoutJob;
use egui::{RichText, Ui};

use crate::theme;

/// The README, embedded when the app is built.
pub const README: &str = include_str!("../../../README.md");
/// The line that starts a part of the README for users.
pub const START: &str = "<!-- user-guide:start -->";
/// The line that ends it.
pub const END: &str = "<!-- user-guide:end -->";

/// One block of the guide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// A heading and its level (1 for `#`).
    Heading(usize, String),
    /// A paragraph, its lines joined.
    Paragraph(String),
    /// A list item, its lines joined.
    Item(String),
    /// A code block, as written.
    Code(String),
    /// A table row: each cell with its column's heading.
    Row(Vec<(String, String)>),
}

/// The README's parts for users, in order, without the markers.
///
/// # Errors
/// In words, when there is no part, or a start has no end or an end no start.
pub fn user_part(readme: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut inside = false;
    let mut parts = 0;
    for (n, line) in readme.lines().enumerate() {
        match line.trim() {
            START if inside => return Err(format!("line {}: a second start marker", n + 1)),
            START => inside = true,
            END if !inside => return Err(format!("line {}: an end marker without a start", n + 1)),
            END => {
                inside = false;
                parts += 1;
                out.push('\n');
            }
            _ if inside => {
                out.push_str(line);
                out.push('\n');
            }
            _ => {}
        }
    }
    if inside {
        return Err("a start marker without an end".to_owned());
    }
    if parts == 0 {
        return Err("no part of the README is marked for users".to_owned());
    }
    Ok(out)
}

/// Where the README points a developer at a file of the repository (`docs/…`, `forms/…`): the
/// folders a filer reading the guide in the app does not have.
const REPOSITORY_FOLDERS: [&str; 5] = ["docs/", "forms/", "tests/", "crates/", "src/"];

/// Whether a piece of text is a path in the repository (backticks around it allowed).
fn is_repository_path(piece: &str) -> bool {
    let p = piece.trim().trim_matches('`');
    REPOSITORY_FOLDERS.iter().any(|f| p.starts_with(f)) && !p.contains(' ')
}

/// A guide text as a filer reads it in the app: the README's pointers at repository files are
/// for developers, so a parenthesis or a "See …" sentence that only points at them is left out
/// (the README writes every pointer so; a test checks none is left).
#[must_use]
pub fn for_filers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(len) = rest[open..].find(')') else {
            break;
        };
        let inside = &rest[open + 1..open + len];
        let pointer = inside.split([';', ',']).all(|part| {
            let part = part.trim();
            let part = part
                .strip_prefix("decision:")
                .or_else(|| part.strip_prefix("see"))
                .unwrap_or(part);
            is_repository_path(part)
        });
        if pointer {
            out.push_str(rest[..open].trim_end());
        } else {
            out.push_str(&rest[..=open + len]);
        }
        rest = &rest[open + len + 1..];
    }
    out.push_str(rest);
    // "See `docs/decisions/x.md`." sentences, wherever they stand.
    let mut text = out;
    let mut from = 0;
    while let Some(at) = text[from..].find("See `").map(|i| i + from) {
        let path_start = at + "See `".len();
        let Some(len) = text[path_start..].find('`') else {
            break;
        };
        let path = &text[path_start..path_start + len];
        let mut end = path_start + len + 1;
        if text[end..].starts_with('.') {
            end += 1;
        }
        if is_repository_path(path) {
            let start = text[..at].trim_end().len();
            text.replace_range(start..end, "");
            from = start;
        } else {
            from = end;
        }
    }
    text
}

impl Block {
    /// The block as a filer reads it in the app ([`for_filers`] on its text).
    #[must_use]
    pub fn for_filers(self) -> Self {
        match self {
            Self::Paragraph(t) => Self::Paragraph(for_filers(&t)),
            Self::Item(t) => Self::Item(for_filers(&t)),
            Self::Row(cells) => Self::Row(
                cells
                    .into_iter()
                    .map(|(h, c)| (h, for_filers(&c)))
                    .collect(),
            ),
            other => other,
        }
    }
}

/// The cells of a table line (`| a | b |`), with `\|` read as a bar inside a cell.
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner
        .replace("\\|", "\u{1}")
        .split('|')
        .map(|c| c.trim().replace('\u{1}', "|"))
        .collect()
}

/// Whether a table line is the line under the headings (`|---|---|`).
fn is_rule(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('|') && t.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
}

/// The blocks of a Markdown text of the forms the README uses.
pub fn parse(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut para: Vec<&str> = Vec::new();
    let mut item: Option<String> = None;
    let mut code: Option<Vec<&str>> = None;
    let mut headings: Vec<String> = Vec::new();
    let flush = |blocks: &mut Vec<Block>, para: &mut Vec<&str>, item: &mut Option<String>| {
        if !para.is_empty() {
            blocks.push(Block::Paragraph(para.join(" ")));
            para.clear();
        }
        if let Some(i) = item.take() {
            blocks.push(Block::Item(i));
        }
    };
    for line in text.lines() {
        if let Some(lines) = code.as_mut() {
            if line.trim_start().starts_with("```") {
                blocks.push(Block::Code(lines.join("\n")));
                code = None;
            } else {
                lines.push(line);
            }
            continue;
        }
        let t = line.trim();
        if t.starts_with("```") {
            flush(&mut blocks, &mut para, &mut item);
            code = Some(Vec::new());
        } else if t.is_empty() || t.starts_with("<!--") {
            flush(&mut blocks, &mut para, &mut item);
            headings.clear();
        } else if t.starts_with('|') {
            flush(&mut blocks, &mut para, &mut item);
            if is_rule(t) {
                continue;
            }
            if headings.is_empty() {
                headings = cells(t);
            } else {
                let row = cells(t)
                    .into_iter()
                    .enumerate()
                    .map(|(i, c)| (headings.get(i).cloned().unwrap_or_default(), c))
                    .collect();
                blocks.push(Block::Row(row));
            }
        } else if let Some(level) = heading_level(t) {
            flush(&mut blocks, &mut para, &mut item);
            blocks.push(Block::Heading(level, t[level..].trim().to_owned()));
        } else if let Some(rest) = t.strip_prefix("- ") {
            flush(&mut blocks, &mut para, &mut item);
            item = Some(rest.trim().to_owned());
        } else if let Some(i) = item.as_mut().filter(|_| line.starts_with(' ')) {
            i.push(' ');
            i.push_str(t);
        } else {
            if let Some(i) = item.take() {
                blocks.push(Block::Item(i));
            }
            para.push(t);
        }
    }
    if let Some(lines) = code {
        blocks.push(Block::Code(lines.join("\n")));
    }
    flush(&mut blocks, &mut para, &mut item);
    blocks
}

/// `Some(n)` for a heading line of `n` `#`s and a space.
fn heading_level(line: &str) -> Option<usize> {
    let n = line.chars().take_while(|c| *c == '#').count();
    ((1..=6).contains(&n) && line[n..].starts_with(' ')).then_some(n)
}

/// How a piece of a line is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Plain text.
    Plain,
    /// `**bold**`.
    Strong,
    /// `*italics*`.
    Italics,
    /// `` `code` ``.
    Code,
}

/// The pieces of one line: bold, italics and code apart; a link `[text](address)` is its text
/// (the app opens nothing on the network).
pub fn spans(text: &str) -> Vec<(Style, String)> {
    let mut out: Vec<(Style, String)> = Vec::new();
    let mut plain = String::new();
    let mut rest = text;
    let push = |out: &mut Vec<(Style, String)>, plain: &mut String| {
        if !plain.is_empty() {
            out.push((Style::Plain, std::mem::take(plain)));
        }
    };
    while let Some(c) = rest.chars().next() {
        let closed = |open: &str, close: &str| -> Option<(String, usize)> {
            let body = rest.strip_prefix(open)?;
            let end = body.find(close)?;
            (end > 0).then(|| (body[..end].to_owned(), open.len() + end + close.len()))
        };
        let found = if rest.starts_with("**") {
            closed("**", "**").map(|(t, n)| (Style::Strong, t, n))
        } else if c == '`' {
            closed("`", "`").map(|(t, n)| (Style::Code, t, n))
        } else if c == '*' {
            closed("*", "*").map(|(t, n)| (Style::Italics, t, n))
        } else if c == '[' {
            closed("[", "](").and_then(|(t, n)| {
                let after = &rest[n..];
                after.find(')').map(|end| (Style::Plain, t, n + end + 1))
            })
        } else {
            None
        };
        match found {
            Some((style, t, n)) => {
                match style {
                    Style::Plain => plain.push_str(&t),
                    Style::Code => {
                        push(&mut out, &mut plain);
                        out.push((style, t));
                    }
                    // Bold or italic text may hold code (`**`njtax` command line**`): its
                    // pieces keep their code, the rest takes the outer style.
                    Style::Strong | Style::Italics => {
                        push(&mut out, &mut plain);
                        for (inner, piece) in spans(&t) {
                            let s = if inner == Style::Plain { style } else { inner };
                            out.push((s, piece));
                        }
                    }
                }
                rest = &rest[n..];
            }
            None => {
                plain.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    push(&mut out, &mut plain);
    out
}

/// One line of text with its bold, italics and code, wrapped to the width.
fn rich_line(ui: &mut Ui, text: &str, strong: bool) -> egui::Response {
    let mut job = LayoutJob::default();
    for (style, piece) in spans(text) {
        let mut t = RichText::new(piece);
        t = match style {
            Style::Plain => t,
            Style::Strong => t.strong(),
            Style::Italics => t.italics(),
            Style::Code => t.code(),
        };
        if strong {
            t = t.strong();
        }
        t.append_to(
            &mut job,
            ui.style(),
            egui::FontSelection::Default,
            egui::Align::Center,
        );
    }
    ui.add(egui::Label::new(job).wrap())
}

/// Draw the guide's blocks.
pub fn draw(ui: &mut Ui, blocks: &[Block]) {
    for b in blocks {
        match b {
            Block::Heading(level, text) => {
                ui.add_space(theme::GAP_M);
                let size = if *level <= 1 {
                    theme::TITLE
                } else {
                    theme::TITLE * 0.85
                };
                // A heading for screen readers too (level 2 and below: the window's title is
                // above them).
                crate::focus::heading(
                    ui,
                    RichText::new(plain_text(text)).strong().size(size),
                    level + 1,
                );
            }
            Block::Paragraph(text) => {
                rich_line(ui, text, false);
                ui.add_space(theme::GAP_S);
            }
            Block::Item(text) => {
                ui.horizontal_top(|ui| {
                    ui.label("•");
                    ui.vertical(|ui| rich_line(ui, text, false));
                });
            }
            Block::Code(text) => {
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    ui.add(egui::Label::new(RichText::new(text).monospace()).wrap());
                });
            }
            Block::Row(cells) => {
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    for (i, (heading, cell)) in cells.iter().enumerate() {
                        if cell.is_empty() {
                            continue;
                        }
                        if i == 0 {
                            rich_line(ui, cell, true);
                        } else {
                            rich_line(ui, &format!("*{heading}:* {cell}"), false);
                        }
                    }
                });
            }
        }
    }
}

/// A line's text without its Markdown marks (for headings and tests).
pub fn plain_text(text: &str) -> String {
    spans(text).into_iter().map(|(_, t)| t).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_readme_marks_its_parts_for_users_and_the_guide_has_the_app_section() {
        let part = user_part(README).unwrap();
        let blocks = parse(&part);
        let headings: Vec<String> = blocks
            .iter()
            .filter_map(|b| match b {
                Block::Heading(_, t) => Some(plain_text(t)),
                _ => None,
            })
            .collect();
        for wanted in ["The desktop app", "What it covers", "Clinic security"] {
            assert!(
                headings.iter().any(|h| h == wanted),
                "{wanted} missing from {headings:?}"
            );
        }
        // The developers' parts stay out.
        for not in ["Set up on a fresh machine", "Fuzzing", "Layout"] {
            assert!(!headings.iter().any(|h| h == not), "{not} in the guide");
        }
        assert!(!part.contains(START) && !part.contains(END));
    }

    #[test]
    fn markers_out_of_order_are_refused() {
        assert!(user_part("no markers").is_err());
        assert!(user_part(&format!("{START}\na\n")).is_err());
        assert!(user_part(&format!("{END}\na\n")).is_err());
        assert!(user_part(&format!("{START}\n{START}\n{END}\n")).is_err());
        assert_eq!(
            user_part(&format!("x\n{START}\na\n{END}\ny\n{START}\nb\n{END}\n")).unwrap(),
            "a\n\nb\n\n"
        );
    }

    #[test]
    fn headings_paragraphs_lists_tables_and_code_are_read() {
        let md = "# Title\n\nOne line\nand the next.\n\n- first item\n  goes on\n- second\n\n| a | b |\n|---|---|\n| x | y \\| z |\n\n```bash\ncargo run\n```\n";
        assert_eq!(
            parse(md),
            vec![
                Block::Heading(1, "Title".into()),
                Block::Paragraph("One line and the next.".into()),
                Block::Item("first item goes on".into()),
                Block::Item("second".into()),
                Block::Row(vec![("a".into(), "x".into()), ("b".into(), "y | z".into())]),
                Block::Code("cargo run".into()),
            ]
        );
    }

    #[test]
    fn bold_italics_code_and_links_are_pieces_of_a_line() {
        assert_eq!(
            spans("a **b** *c* `d` [e](https://x.example) f"),
            vec![
                (Style::Plain, "a ".into()),
                (Style::Strong, "b".into()),
                (Style::Plain, " ".into()),
                (Style::Italics, "c".into()),
                (Style::Plain, " ".into()),
                (Style::Code, "d".into()),
                (Style::Plain, " e f".into()),
            ]
        );
        assert_eq!(
            spans("the **`njtax` command line** over"),
            vec![
                (Style::Plain, "the ".into()),
                (Style::Code, "njtax".into()),
                (Style::Strong, " command line".into()),
                (Style::Plain, " over".into()),
            ]
        );
        // A lone mark stays as written.
        assert_eq!(plain_text("5 * 3 and `x"), "5 * 3 and `x");
    }

    /// Issue 39: the guide in the app points a filer at nothing the filer does not have: every
    /// pointer of the README's user part at a repository file is left out or put in words.
    #[test]
    fn the_guide_in_the_app_names_no_repository_file() {
        let blocks: Vec<Block> = parse(&user_part(README).unwrap())
            .into_iter()
            .map(Block::for_filers)
            .collect();
        let text = format!("{blocks:?}");
        for folder in REPOSITORY_FOLDERS {
            for (at, _) in text.match_indices(folder) {
                let before = text[..at].chars().last().unwrap_or(' ');
                assert!(
                    !(before == '`' || before == ' ' || before == '('),
                    "{folder} at: {}",
                    &text[at.saturating_sub(80)..(at + 60).min(text.len())]
                );
            }
        }
    }

    #[test]
    fn pointers_are_left_out_or_put_in_words() {
        assert_eq!(
            for_filers("Amended returns are mailed (decision: `docs/x/amended.md`)."),
            "Amended returns are mailed."
        );
        assert_eq!(
            for_filers("Drafts are locked. See `docs/x/locks.md`. Nothing is lost."),
            "Drafts are locked. Nothing is lost."
        );
        assert_eq!(
            for_filers("Worked by hand (`docs/a.md`, `docs/b.md`); data (`forms/years.ron`)."),
            "Worked by hand; data."
        );
        assert_eq!(for_filers("Lost.** See `docs/x/encrypted.md`."), "Lost.**");
        assert_eq!(for_filers("A (plain) aside."), "A (plain) aside.");
    }
}
