//! The display list to PDF, with krilla: embedded subset fonts (text stays selectable and
//! searchable), the document's title and creator, and an outline of the headings.

use krilla::Document;
use krilla::color::rgb;
use krilla::destination::XyzDestination;
use krilla::geom::{PathBuilder, Point};
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::outline::{Outline, OutlineNode};
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::text::TextDirection;

use crate::PrintError;
use crate::fonts::{Face, Fonts};
use crate::layout::{Bookmark, Ink, Item, PAGE_HEIGHT, PAGE_WIDTH, Page};

fn colour(ink: Ink) -> rgb::Color {
    match ink {
        Ink::Black => rgb::Color::new(0, 0, 0),
        Ink::Grey(g) => rgb::Color::new(g, g, g),
        Ink::Red => rgb::Color::new(190, 20, 20),
    }
}

/// Write the pages as a PDF.
///
/// # Errors
/// [`PrintError::Pdf`] when krilla cannot write the document.
pub fn pdf(
    fonts: &Fonts,
    pages: &[Page],
    bookmarks: &[Bookmark],
    title: &str,
) -> Result<Vec<u8>, PrintError> {
    let mut document = Document::new();
    document.set_metadata(
        Metadata::new()
            .title(title.to_owned())
            .creator(format!("njtax {}", env!("CARGO_PKG_VERSION")))
            .language("en-US".to_owned()),
    );
    let settings = PageSettings::from_wh(PAGE_WIDTH, PAGE_HEIGHT)
        .ok_or_else(|| PrintError::Pdf("bad page size".to_owned()))?;
    for page in pages {
        let mut p = document.start_page_with(settings.clone());
        let mut surface = p.surface();
        for item in &page.items {
            match item {
                Item::Text {
                    x,
                    y,
                    size,
                    face,
                    ink,
                    text,
                } => {
                    surface.set_fill(Some(Fill {
                        paint: colour(*ink).into(),
                        opacity: NormalizedF32::ONE,
                        rule: Default::default(),
                    }));
                    let font = match face {
                        Face::Regular => fonts.pdf_regular.clone(),
                        Face::Bold => fonts.pdf_bold.clone(),
                    };
                    surface.draw_text(
                        Point::from_xy(*x, *y),
                        font,
                        *size,
                        text,
                        false,
                        TextDirection::Auto,
                    );
                }
                Item::Rule {
                    x1,
                    y1,
                    x2,
                    y2,
                    width,
                    ink,
                } => {
                    let mut pb = PathBuilder::new();
                    pb.move_to(*x1, *y1);
                    pb.line_to(*x2, *y2);
                    if let Some(path) = pb.finish() {
                        stroke(&mut surface, &path, *width, *ink);
                    }
                }
                Item::Frame {
                    x,
                    y,
                    w,
                    h,
                    width,
                    ink,
                } => {
                    let mut pb = PathBuilder::new();
                    pb.move_to(*x, *y);
                    pb.line_to(x + w, *y);
                    pb.line_to(x + w, y + h);
                    pb.line_to(*x, y + h);
                    pb.close();
                    if let Some(path) = pb.finish() {
                        stroke(&mut surface, &path, *width, *ink);
                    }
                }
            }
        }
        surface.finish();
        p.finish();
    }
    document.set_outline(outline(bookmarks));
    document
        .finish()
        .map_err(|e| PrintError::Pdf(format!("{e:?}")))
}

fn stroke(
    surface: &mut krilla::surface::Surface<'_>,
    path: &krilla::geom::Path,
    width: f32,
    ink: Ink,
) {
    surface.set_fill(None);
    surface.set_stroke(Some(Stroke {
        paint: colour(ink).into(),
        width,
        ..Default::default()
    }));
    surface.draw_path(path);
    surface.set_stroke(None);
}

/// Depth-0 bookmarks at the top of the outline, each with its depth-1 bookmarks inside.
fn outline(bookmarks: &[Bookmark]) -> Outline {
    let mut outline = Outline::new();
    let mut current: Option<OutlineNode> = None;
    for b in bookmarks {
        let node = OutlineNode::new(
            b.title.clone(),
            XyzDestination::new(b.page, Point::from_xy(0.0, b.y)),
        );
        if b.depth == 0 {
            if let Some(done) = current.take() {
                outline.push_child(done);
            }
            current = Some(node);
        } else if let Some(parent) = current.as_mut() {
            parent.push_child(node);
        } else {
            outline.push_child(node);
        }
    }
    if let Some(done) = current {
        outline.push_child(done);
    }
    outline
}
