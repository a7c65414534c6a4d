//! The display list to PDF, with krilla: embedded subset fonts (text stays selectable and
//! searchable), the document's title and creator, an outline of the headings, and a tag tree
//! (headings, paragraphs, tables with header cells; page furniture marked as artifacts) so screen
//! readers and text extraction read the return in order.

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

use krilla::tagging::{
    Artifact, ArtifactType, ContentTag, Identifier, SpanTag, TableHeaderScope, Tag, TagGroup,
    TagTree,
};

use crate::PrintError;
use crate::fonts::{Face, Fonts};
use crate::layout::{Bookmark, Furniture, Ink, Item, PAGE_HEIGHT, PAGE_WIDTH, Page, Role};

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
    let mut tags = TreeBuilder::default();
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
                    role,
                } => {
                    let content = match role {
                        Role::Artifact(f) => ContentTag::Artifact(Artifact::with_kind(match f {
                            Furniture::Header => ArtifactType::Header,
                            Furniture::Footer => ArtifactType::Footer,
                            Furniture::PageNumber => ArtifactType::PageNumber,
                            Furniture::Watermark => ArtifactType::Watermark,
                            Furniture::Repeated => ArtifactType::PaginationOther,
                        })),
                        _ => ContentTag::Span(SpanTag::empty()),
                    };
                    let id = surface.start_tagged(content);
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
                    surface.end_tagged();
                    tags.add(*role, id);
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
    document.set_tag_tree(tags.finish());
    document
        .finish()
        .map_err(|e| PrintError::Pdf(e.to_string()))
}

fn stroke(
    surface: &mut krilla::surface::Surface<'_>,
    path: &krilla::geom::Path,
    width: f32,
    ink: Ink,
) {
    // Rules and frames are layout, not content.
    surface.start_tagged(ContentTag::Artifact(Artifact::with_kind(
        ArtifactType::Layout,
    )));
    surface.set_fill(None);
    surface.set_stroke(Some(Stroke {
        paint: colour(ink).into(),
        width,
        ..Default::default()
    }));
    surface.draw_path(path);
    surface.set_stroke(None);
    surface.end_tagged();
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

/// Builds the tag tree from the text pieces in drawing order: consecutive pieces of one block form
/// one heading or paragraph; a table's cells form rows (TH in row 0, TD after) inside one Table.
#[derive(Default)]
struct TreeBuilder {
    tree: TagTree,
    /// The open heading or paragraph: its block id and group.
    block: Option<(u32, TagGroup)>,
    /// The open table: its id, the group, the open row (number, group) and cell (column, group).
    table: Option<OpenTable>,
}

struct OpenTable {
    id: u32,
    group: TagGroup,
    row: Option<(u32, TagGroup)>,
    cell: Option<(u32, TagGroup)>,
}

impl OpenTable {
    fn close_cell(&mut self) {
        if let (Some((_, row)), Some((_, cell))) = (self.row.as_mut(), self.cell.take()) {
            row.push(cell);
        }
    }

    fn close_row(&mut self) {
        self.close_cell();
        if let Some((_, row)) = self.row.take() {
            self.group.push(row);
        }
    }
}

impl TreeBuilder {
    fn close_block(&mut self) {
        if let Some((_, g)) = self.block.take() {
            self.tree.push(g);
        }
    }

    fn close_table(&mut self) {
        if let Some(mut t) = self.table.take() {
            t.close_row();
            self.tree.push(t.group);
        }
    }

    fn add(&mut self, role: Role, id: Identifier) {
        let (block, heading) = match role {
            // Artifacts are not in the tree.
            Role::Artifact(_) => return,
            Role::Heading { level, block } => (block, Some(level)),
            Role::Para { block } => (block, None),
            Role::Cell { table, row, col } => {
                self.add_cell(table, row, col, id);
                return;
            }
        };
        if let Some((b, g)) = self.block.as_mut()
            && *b == block
        {
            g.push(id);
            return;
        }
        self.close_block();
        self.close_table();
        let mut g = match heading {
            Some(level) => {
                let level = std::num::NonZeroU16::new(u16::from(level))
                    .unwrap_or(std::num::NonZeroU16::MIN);
                TagGroup::new(Tag::Hn(level, None))
            }
            None => TagGroup::new(Tag::P),
        };
        g.push(id);
        self.block = Some((block, g));
    }

    fn add_cell(&mut self, table: u32, row: u32, col: u32, id: Identifier) {
        self.close_block();
        if self.table.as_ref().is_some_and(|t| t.id != table) {
            self.close_table();
        }
        let t = self.table.get_or_insert_with(|| OpenTable {
            id: table,
            group: TagGroup::new(Tag::Table),
            row: None,
            cell: None,
        });
        if t.row.as_ref().is_some_and(|(r, _)| *r != row) {
            t.close_row();
        }
        if t.row.is_none() {
            t.row = Some((row, TagGroup::new(Tag::TR)));
        }
        if t.cell.as_ref().is_some_and(|(c, _)| *c != col) {
            t.close_cell();
        }
        let cell = t.cell.get_or_insert_with(|| {
            let g = if row == 0 {
                TagGroup::new(Tag::TH(TableHeaderScope::Column))
            } else {
                TagGroup::new(Tag::TD)
            };
            (col, g)
        });
        cell.1.push(id);
    }

    fn finish(mut self) -> TagTree {
        self.close_block();
        self.close_table();
        self.tree
    }
}
