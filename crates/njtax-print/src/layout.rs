//! A small page layout: a cursor that places text, rows and tables top to bottom on US Letter
//! pages, starting a new page when the next block does not fit. The result is a display list
//! ([`Page`]s of [`Item`]s) that [`crate::render`] turns into PDF, and that tests can read.
//!
//! Coordinates are `f32` points from the page's top-left corner: positions, never money.

use crate::fonts::{Face, Fonts};

/// US Letter, the size of New Jersey's printed forms.
pub const PAGE_WIDTH: f32 = 612.0;
/// US Letter height.
pub const PAGE_HEIGHT: f32 = 792.0;
/// Left and right margins.
pub const MARGIN: f32 = 42.0;
/// Where the body starts below the running head.
const BODY_TOP: f32 = 70.0;
/// Where the body ends above the footer.
const BODY_BOTTOM: f32 = PAGE_HEIGHT - 50.0;
/// Right edge of the text column.
pub const RIGHT: f32 = PAGE_WIDTH - MARGIN;
/// Baseline of the running head.
pub const HEAD_Y: f32 = 34.0;
/// Least room between the running head and the mark at its right.
const HEAD_MARK_GAP: f32 = 18.0;

/// Body text size.
pub const BODY: f32 = 8.5;
/// Small print (sources, citations).
pub const SMALL: f32 = 7.5;

/// A shade of grey, 0 black to 255 white, or the mark's red.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    /// Black text.
    Black,
    /// Secondary text and rules.
    Grey(u8),
    /// The "DRAFT - not for filing" mark and errors.
    Red,
}

/// What a piece of text is in the document's structure (the PDF's tags, read by screen readers
/// and text extraction): a heading, a paragraph, a table cell, or page furniture that is not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Not part of the content: running head, footer, page number, a repeated table header, the
    /// draft mark after the first page.
    Artifact(Furniture),
    /// A heading of `level` (1 a return or the hand-off sheet, 2 a section, 3 a schedule).
    Heading {
        /// Level, from 1.
        level: u8,
        /// Block id: the lines of one heading.
        block: u32,
    },
    /// A paragraph, a form line or a name and value: every piece with the same block id is one
    /// paragraph, in drawing order.
    Para {
        /// Block id.
        block: u32,
    },
    /// A table cell.
    Cell {
        /// Table id.
        table: u32,
        /// Row, 0 the header.
        row: u32,
        /// Column.
        col: u32,
    },
}

/// Kinds of page furniture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Furniture {
    /// Running head.
    Header,
    /// Footer text.
    Footer,
    /// "Page n of N".
    PageNumber,
    /// A mark repeated on every page.
    Watermark,
    /// A table header repeated on a new page.
    Repeated,
}

/// One thing drawn on a page.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// Text on one baseline.
    Text {
        /// Left edge.
        x: f32,
        /// Baseline.
        y: f32,
        /// Size in points.
        size: f32,
        /// Face.
        face: Face,
        /// Colour.
        ink: Ink,
        /// The text.
        text: String,
        /// Its place in the document's structure.
        role: Role,
    },
    /// A straight rule.
    Rule {
        /// Start.
        x1: f32,
        /// Start.
        y1: f32,
        /// End.
        x2: f32,
        /// End.
        y2: f32,
        /// Stroke width.
        width: f32,
        /// Colour.
        ink: Ink,
    },
    /// An outlined rectangle (the mark's frame, the header box).
    Frame {
        /// Left.
        x: f32,
        /// Top.
        y: f32,
        /// Width.
        w: f32,
        /// Height.
        h: f32,
        /// Stroke width.
        width: f32,
        /// Colour.
        ink: Ink,
    },
}

/// A laid-out page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Page {
    /// What is drawn, in order.
    pub items: Vec<Item>,
}

/// A bookmark: a heading's title, its depth (0 a return or the appendix, 1 a section) and where
/// it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Bookmark {
    /// Heading text.
    pub title: String,
    /// Nesting depth.
    pub depth: u8,
    /// Page index.
    pub page: usize,
    /// Top of the heading.
    pub y: f32,
}

/// How a table column is aligned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Left, wrapped.
    Left,
    /// Right (amounts), on one line.
    Right,
}

/// A table column: its share of the width and alignment.
#[derive(Clone, Copy, Debug)]
pub struct Column {
    /// Width in points.
    pub width: f32,
    /// Alignment.
    pub align: Align,
}

/// The cursor and the pages laid out so far.
pub struct Layout<'f> {
    fonts: &'f Fonts,
    /// Finished and current pages.
    pub pages: Vec<Page>,
    /// Bookmarks for the PDF outline.
    pub bookmarks: Vec<Bookmark>,
    y: f32,
    /// The running head printed at the top of every page (the return and the filer).
    running_head: String,
    /// The mark printed on every page when the return has errors.
    mark: Option<String>,
    /// A short mark at the right of every page's running head (a provisional year).
    head_mark: Option<String>,
    /// The last block id handed out (paragraphs, headings, tables).
    blocks: u32,
}

impl<'f> Layout<'f> {
    /// A layout with one empty page. `mark` is printed on every page (a return with errors);
    /// `head_mark` at the right of every page's running head (a provisional year).
    pub fn new(
        fonts: &'f Fonts,
        running_head: String,
        mark: Option<String>,
        head_mark: Option<String>,
    ) -> Self {
        let mut l = Self {
            fonts,
            pages: Vec::new(),
            bookmarks: Vec::new(),
            y: BODY_TOP,
            running_head,
            mark,
            head_mark,
            blocks: 0,
        };
        l.new_page();
        l
    }

    /// The fonts, for measuring.
    pub fn fonts(&self) -> &Fonts {
        self.fonts
    }

    /// Change the running head from the next page on.
    pub fn set_running_head(&mut self, head: String) {
        self.running_head = head;
    }

    /// Start a new page with the running head and, for a draft, the mark.
    pub fn new_page(&mut self) {
        let mut page = Page::default();
        page.items.push(Item::Text {
            x: MARGIN,
            y: HEAD_Y,
            size: SMALL,
            face: Face::Regular,
            ink: Ink::Grey(90),
            text: self.running_head.clone(),
            role: Role::Artifact(Furniture::Header),
        });
        if let Some(mark) = &self.head_mark {
            // At the right of the running head; on the line above it when the head is too long
            // to share its line.
            let w = self.fonts.width(Face::Bold, mark, SMALL);
            let head_w = self.fonts.width(Face::Regular, &self.running_head, SMALL);
            let y = if MARGIN + head_w + HEAD_MARK_GAP + w <= RIGHT {
                HEAD_Y
            } else {
                HEAD_Y - SMALL * 1.4
            };
            page.items.push(Item::Text {
                x: RIGHT - w,
                y,
                size: SMALL,
                face: Face::Bold,
                ink: Ink::Black,
                text: mark.clone(),
                role: Role::Artifact(Furniture::Header),
            });
        }
        // The mark is read once, on the first page; on the others it is furniture.
        let mark_role = if self.pages.is_empty() {
            Role::Para {
                block: self.next_block(),
            }
        } else {
            Role::Artifact(Furniture::Watermark)
        };
        page.items.push(Item::Rule {
            x1: MARGIN,
            y1: 40.0,
            x2: RIGHT,
            y2: 40.0,
            width: 0.5,
            ink: Ink::Grey(150),
        });
        if let Some(mark) = &self.mark {
            let size = 11.0;
            let w = self.fonts.width(Face::Bold, mark, size);
            let x = RIGHT - w - 8.0;
            page.items.push(Item::Frame {
                x: x - 6.0,
                y: 44.0,
                w: w + 12.0,
                h: 18.0,
                width: 1.2,
                ink: Ink::Red,
            });
            page.items.push(Item::Text {
                x,
                y: 57.0,
                size,
                face: Face::Bold,
                ink: Ink::Red,
                text: mark.clone(),
                role: mark_role,
            });
        }
        self.pages.push(page);
        self.y = BODY_TOP;
    }

    /// Room left on the page.
    fn room(&self) -> f32 {
        BODY_BOTTOM - self.y
    }

    /// Start a new page unless `height` points still fit.
    pub fn keep(&mut self, height: f32) {
        if self.room() < height {
            self.new_page();
        }
    }

    /// Move down.
    pub fn gap(&mut self, points: f32) {
        self.y += points;
    }

    fn push(&mut self, item: Item) {
        if let Some(page) = self.pages.last_mut() {
            page.items.push(item);
        }
    }

    /// A new block id.
    fn next_block(&mut self) -> u32 {
        self.blocks += 1;
        self.blocks
    }

    #[allow(clippy::too_many_arguments)] // a text's position, look and role
    fn text_at(&mut self, x: f32, size: f32, face: Face, ink: Ink, text: &str, role: Role) {
        // Nothing to draw or to read (an empty name beside a value).
        if text.is_empty() {
            return;
        }
        self.push(Item::Text {
            x,
            y: self.y,
            size,
            face,
            ink,
            text: text.to_owned(),
            role,
        });
    }

    /// A heading, kept with at least `keep_with` points of what follows; bookmarked.
    pub fn heading(&mut self, text: &str, size: f32, depth: u8, keep_with: f32) {
        self.keep(size * 2.0 + keep_with);
        if self.y > BODY_TOP {
            self.y += size * 0.7;
        }
        let top = self.y;
        let role = Role::Heading {
            level: depth.saturating_add(1),
            block: self.next_block(),
        };
        for (i, line) in self
            .fonts
            .wrap(Face::Bold, text, size, RIGHT - MARGIN)
            .iter()
            .enumerate()
        {
            self.y += if i == 0 { size * 1.1 } else { size * 1.25 };
            self.text_at(MARGIN, size, Face::Bold, Ink::Black, line, role);
        }
        self.y += size * 0.5;
        self.bookmarks.push(Bookmark {
            title: text.to_owned(),
            depth,
            page: self.pages.len().saturating_sub(1),
            y: top,
        });
    }

    /// A wrapped paragraph from `indent` to the right margin.
    pub fn paragraph(&mut self, text: &str, size: f32, face: Face, ink: Ink, indent: f32) {
        let width = RIGHT - MARGIN - indent;
        let role = Role::Para {
            block: self.next_block(),
        };
        for line in self.fonts.wrap(face, text, size, width) {
            self.keep(size * 1.3);
            self.y += size * 1.3;
            self.text_at(MARGIN + indent, size, face, ink, &line, role);
        }
        self.y += size * 0.3;
    }

    /// A form line: its number, its label (wrapped) and its amount right-aligned, with a light
    /// rule under it. `strong` sets totals in bold.
    pub fn form_line(&mut self, id: &str, label: &str, amount: &str, strong: bool) {
        let size = BODY;
        let face = if strong { Face::Bold } else { Face::Regular };
        let id_right = MARGIN + 26.0;
        let label_x = MARGIN + 34.0;
        let amount_w = 92.0;
        let label_w = RIGHT - amount_w - label_x - 8.0;
        let lines = self.fonts.wrap(face, label, size, label_w);
        let lead = size * 1.45;
        #[allow(clippy::cast_precision_loss)]
        let height = lead * lines.len() as f32 + 3.0;
        self.keep(height);
        self.y += lead;
        let first = self.y;
        // Drawn in reading order: number, label, amount (one paragraph).
        let role = Role::Para {
            block: self.next_block(),
        };
        let idw = self.fonts.width(Face::Bold, id, size);
        self.text_at(id_right - idw, size, Face::Bold, Ink::Black, id, role);
        for (i, l) in lines.iter().enumerate() {
            if i > 0 {
                self.y += lead;
            }
            self.text_at(label_x, size, face, Ink::Black, l, role);
        }
        let last = self.y;
        self.y = first;
        let aw = self.fonts.width(face, amount, size);
        self.text_at(RIGHT - aw, size, face, Ink::Black, amount, role);
        self.y = last;
        self.y += 3.0;
        self.push(Item::Rule {
            x1: MARGIN,
            y1: self.y,
            x2: RIGHT,
            y2: self.y,
            width: 0.3,
            ink: Ink::Grey(190),
        });
    }

    /// How tall [`Layout::paragraph`] sets `text` (for a frame's height).
    pub fn paragraph_height(&self, text: &str, size: f32, face: Face, indent: f32) -> f32 {
        let lines = self
            .fonts
            .wrap(face, text, size, RIGHT - MARGIN - indent)
            .len();
        #[allow(clippy::cast_precision_loss)]
        let h = size * 1.3 * lines as f32 + size * 0.3;
        h
    }

    /// A name and a value: the name wrapped on the left, the value right-aligned (wrapped too when
    /// it is longer than most of the line) from the name's first line (worksheet steps, header
    /// fields, totals of a schedule).
    pub fn pair(&mut self, name: &str, value: &str, indent: f32) {
        let size = BODY;
        let name_x = MARGIN + indent;
        let full = RIGHT - name_x;
        let value_lines = self.fonts.wrap(Face::Regular, value, size, full * 0.6);
        let value_w = value_lines
            .iter()
            .map(|l| self.fonts.width(Face::Regular, l, size))
            .fold(0.0, f32::max);
        let name_w = (full - value_w - 12.0).max(full * 0.3);
        let name_lines = self.fonts.wrap(Face::Regular, name, size, name_w);
        let lead = size * 1.35;
        let rows = name_lines.len().max(value_lines.len());
        #[allow(clippy::cast_precision_loss)]
        self.keep(lead * rows as f32);
        let top = self.y;
        // Drawn in reading order: the name's lines, then the value's (one paragraph).
        let role = Role::Para {
            block: self.next_block(),
        };
        for (i, l) in name_lines.iter().enumerate() {
            self.y = top + lead * (i + 1) as f32;
            self.text_at(name_x, size, Face::Regular, Ink::Black, l, role);
        }
        for (i, v) in value_lines.iter().enumerate() {
            self.y = top + lead * (i + 1) as f32;
            let w = self.fonts.width(Face::Regular, v, size);
            self.text_at(RIGHT - w, size, Face::Regular, Ink::Black, v, role);
        }
        self.y = top + lead * rows as f32;
    }

    /// A table: a bold header row, then the rows; left columns wrap, right columns do not. The
    /// header repeats on a new page.
    pub fn table(&mut self, columns: &[Column], header: &[&str], rows: &[Vec<String>]) {
        let size = SMALL;
        let lead = size * 1.35;
        let header_cells: Vec<String> = header.iter().map(|h| (*h).to_owned()).collect();
        let table = self.next_block();
        self.keep(lead * 3.0);
        self.table_row(
            columns,
            &header_cells,
            Face::Bold,
            size,
            lead,
            Some((table, 0)),
        );
        for (i, row) in rows.iter().enumerate() {
            let height = self.row_height(columns, row, size, lead);
            if self.room() < height {
                self.new_page();
                // The header again, for the eye; read once.
                self.table_row(columns, &header_cells, Face::Bold, size, lead, None);
            }
            let number = u32::try_from(i + 1).unwrap_or(u32::MAX);
            self.table_row(
                columns,
                row,
                Face::Regular,
                size,
                lead,
                Some((table, number)),
            );
        }
        self.y += 4.0;
    }

    /// How a cell is set: right-aligned on one line when it fits, else wrapped from the left (a
    /// long text value in an amount column).
    fn cell_align(&self, col: &Column, text: &str, face: Face, size: f32) -> Align {
        match col.align {
            Align::Right if self.fonts.width(face, text, size) <= col.width - 4.0 => Align::Right,
            _ => Align::Left,
        }
    }

    fn cell_lines(&self, col: &Column, text: &str, face: Face, size: f32) -> Vec<String> {
        match self.cell_align(col, text, face, size) {
            Align::Left => self.fonts.wrap(face, text, size, col.width - 4.0),
            Align::Right => vec![text.to_owned()],
        }
    }

    fn row_height(&self, columns: &[Column], row: &[String], size: f32, lead: f32) -> f32 {
        let n = columns
            .iter()
            .zip(row)
            .map(|(c, t)| self.cell_lines(c, t, Face::Regular, size).len())
            .max()
            .unwrap_or(1);
        #[allow(clippy::cast_precision_loss)]
        let h = lead * n as f32 + 2.0;
        h
    }

    /// One row: `cell` is the table and row number, `None` for a repeated header (furniture).
    fn table_row(
        &mut self,
        columns: &[Column],
        row: &[String],
        face: Face,
        size: f32,
        lead: f32,
        cell: Option<(u32, u32)>,
    ) {
        let top = self.y;
        let mut bottom = top;
        let mut x = MARGIN;
        for (c, (col, text)) in columns.iter().zip(row).enumerate() {
            let role = match cell {
                Some((table, row)) => Role::Cell {
                    table,
                    row,
                    col: u32::try_from(c).unwrap_or(u32::MAX),
                },
                None => Role::Artifact(Furniture::Repeated),
            };
            let lines = self.cell_lines(col, text, face, size);
            let align = self.cell_align(col, text, face, size);
            let mut y = top;
            for l in lines {
                y += lead;
                let lx = match align {
                    Align::Left => x,
                    Align::Right => x + col.width - 4.0 - self.fonts.width(face, &l, size),
                };
                self.push(Item::Text {
                    x: lx,
                    y,
                    size,
                    face,
                    ink: Ink::Black,
                    text: l,
                    role,
                });
            }
            bottom = bottom.max(y);
            x += col.width;
        }
        self.y = bottom + 2.0;
        self.push(Item::Rule {
            x1: MARGIN,
            y1: self.y,
            x2: x.min(RIGHT),
            y2: self.y,
            width: 0.3,
            ink: Ink::Grey(200),
        });
    }

    /// A frame around the block drawn by `body`, on one page (the block must fit on a page).
    pub fn framed(&mut self, height: f32, body: impl FnOnce(&mut Self)) {
        self.keep(height + 8.0);
        let top = self.y;
        self.y += 4.0;
        body(self);
        self.y += 6.0;
        let h = self.y - top;
        self.push(Item::Frame {
            x: MARGIN - 4.0,
            y: top,
            w: RIGHT - MARGIN + 8.0,
            h,
            width: 0.8,
            ink: Ink::Grey(80),
        });
        self.y += 4.0;
    }

    /// Finish: add "page n of N" and the footer to every page, and return the pages.
    pub fn finish(mut self, footer: &str) -> (Vec<Page>, Vec<Bookmark>) {
        let total = self.pages.len();
        for (i, page) in self.pages.iter_mut().enumerate() {
            let number = format!("Page {} of {total}", i + 1);
            let w = self.fonts.width(Face::Regular, &number, SMALL);
            page.items.push(Item::Text {
                x: RIGHT - w,
                y: PAGE_HEIGHT - 30.0,
                size: SMALL,
                face: Face::Regular,
                ink: Ink::Grey(90),
                text: number,
                role: Role::Artifact(Furniture::PageNumber),
            });
            page.items.push(Item::Text {
                x: MARGIN,
                y: PAGE_HEIGHT - 30.0,
                size: SMALL,
                face: Face::Regular,
                ink: Ink::Grey(90),
                text: footer.to_owned(),
                role: Role::Artifact(Furniture::Footer),
            });
        }
        (self.pages, self.bookmarks)
    }
}
