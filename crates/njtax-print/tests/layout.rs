//! The laid-out pages, before PDF: everything stays inside the page, nothing overlaps the next
//! row, the mark is on every page of a draft with errors, and the outline names each section.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::float_arithmetic)] // tests

use njtax_engine::compute::{ReturnSet, compute_set};
use njtax_engine::{Answers, ParamBook, parse_draft};
use njtax_print::fonts::Fonts;
use njtax_print::layout::{Furniture, HEAD_Y, Item, MARGIN, PAGE_HEIGHT, RIGHT, Role, SMALL};
use njtax_print::{DRAFT_MARK, PrintOptions, lay_out};

fn example(text: &str) -> (Answers, ReturnSet) {
    let a = parse_draft(text).unwrap().answers;
    let set = compute_set(&a, &ParamBook::load().unwrap()).unwrap();
    (a, set)
}

/// Every example draft under `examples/` (read at run time, so a new example is checked too).
fn examples() -> Vec<(Answers, ReturnSet)> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "ron") {
                out.push(path);
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut files = Vec::new();
    walk(&root, &mut files);
    files.sort();
    assert!(files.len() > 50, "the examples are found");
    files
        .iter()
        .map(|f| example(&std::fs::read_to_string(f).unwrap()))
        .collect()
}

/// Every text of every page starts at the left margin or right of it, ends at the right margin
/// or left of it, and sits on the page.
fn assert_inside(fonts: &Fonts, pages: &[njtax_print::layout::Page]) {
    for (n, page) in pages.iter().enumerate() {
        for item in &page.items {
            if let Item::Text {
                x,
                y,
                size,
                face,
                text,
                ..
            } = item
            {
                let w = fonts.width(*face, text, *size);
                assert!(*x >= MARGIN - 0.01, "page {n}: {text} starts at {x}");
                assert!(x + w <= RIGHT + 0.01, "page {n}: {text} ends at {}", x + w);
                assert!(*y > 0.0 && *y < PAGE_HEIGHT, "page {n}: {text} at y {y}");
            }
        }
    }
}

#[test]
fn all_text_stays_inside_the_margins_and_on_the_page() {
    let fonts = Fonts::load().unwrap();
    for (a, set) in examples() {
        let out = lay_out(&fonts, &a, &set, "", &PrintOptions::default()).unwrap();
        assert_inside(&fonts, &out.pages);
    }
}

/// Two texts on the same baseline must not overlap horizontally; texts on different baselines
/// must be at least most of a line apart when they overlap horizontally.
fn assert_no_overlap(fonts: &Fonts, pages: &[njtax_print::layout::Page]) {
    for (n, page) in pages.iter().enumerate() {
        let texts: Vec<(f32, f32, f32, f32, &str)> = page
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text {
                    x,
                    y,
                    size,
                    face,
                    text,
                    ..
                } if !text.is_empty() => Some((
                    *x,
                    *x + fonts.width(*face, text, *size),
                    *y,
                    *size,
                    text.as_str(),
                )),
                _ => None,
            })
            .collect();
        for (i, p) in texts.iter().enumerate() {
            for q in &texts[i + 1..] {
                let horizontal = p.0 < q.1 - 0.5 && q.0 < p.1 - 0.5;
                let vertical = (p.2 - q.2).abs() < p.3.min(q.3) * 0.9;
                assert!(
                    !(horizontal && vertical),
                    "page {n}: \"{}\" overlaps \"{}\"",
                    p.4,
                    q.4
                );
            }
        }
    }
}

#[test]
fn text_rows_never_overlap_on_a_page() {
    let fonts = Fonts::load().unwrap();
    for (a, set) in examples() {
        let out = lay_out(&fonts, &a, &set, "", &PrintOptions::default()).unwrap();
        assert_no_overlap(&fonts, &out.pages);
    }
}

#[test]
fn the_mark_is_on_every_page_only_when_the_return_has_errors() {
    let fonts = Fonts::load().unwrap();
    let count_marks = |a: &Answers, set: &ReturnSet| {
        let out = lay_out(&fonts, a, set, "", &PrintOptions::default()).unwrap();
        let marked = out
            .pages
            .iter()
            .filter(|p| {
                p.items
                    .iter()
                    .any(|i| matches!(i, Item::Text { text, .. } if text == DRAFT_MARK))
            })
            .count();
        (marked, out.pages.len())
    };
    let (mut a, set) = example(include_str!("../../../examples/ny-commuter-coj.ron"));
    assert_eq!(count_marks(&a, &set).0, 0);
    a.taxpayer.birth_date = Some(njtax_engine::answers::Date::new(2030, 1, 1).unwrap());
    let set = compute_set(&a, &ParamBook::load().unwrap()).unwrap();
    assert!(set.returns[0].has_errors());
    let (marked, pages) = count_marks(&a, &set);
    assert_eq!(marked, pages);
}

#[test]
fn the_outline_has_each_return_its_sections_and_the_hand_off_sheet() {
    let fonts = Fonts::load().unwrap();
    let (a, set) = example(include_str!("../../../examples/ny-commuter-coj.ron"));
    let out = lay_out(&fonts, &a, &set, "", &PrintOptions::default()).unwrap();
    let top: Vec<&str> = out
        .bookmarks
        .iter()
        .filter(|b| b.depth == 0)
        .map(|b| b.title.as_str())
        .collect();
    assert_eq!(
        top,
        [
            "NJ-1040 2024: New Jersey Resident Return",
            "Hand-off sheet for New Jersey's online filing service"
        ]
    );
    for section in [
        "Lines",
        "Schedules and worksheets",
        "Explanations: why each line has its value",
    ] {
        assert!(
            out.bookmarks
                .iter()
                .any(|b| b.depth == 1 && b.title == section)
        );
    }
    // Bookmarks point at real pages, in order.
    let mut last = (0, 0.0);
    for b in &out.bookmarks {
        assert!(b.page < out.pages.len());
        assert!(
            (b.page, b.y) >= last || b.page > last.0,
            "{} out of order",
            b.title
        );
        last = (b.page, b.y);
    }
}

#[test]
fn odd_names_and_a_very_long_address_still_fit_and_render() {
    let fonts = Fonts::load().unwrap();
    let (mut a, _) = example(include_str!("../../../examples/ny-commuter-coj.ron"));
    a.taxpayer.name = "Zoë Ñúñez-O'Brien 李小龍 \u{1F600} \u{202E}reversed".to_owned();
    a.address.street =
        "Apartment-building-with-an-extremely-long-name-that-has-no-spaces-at-all-".repeat(6);
    a.address.city = "x ".repeat(300);
    let set = compute_set(&a, &ParamBook::load().unwrap()).unwrap();
    let out = lay_out(&fonts, &a, &set, "", &PrintOptions::default()).unwrap();
    assert_inside(&fonts, &out.pages);
    // Characters the font lacks are drawn as its missing-glyph box; the PDF is still written.
    let pdf = njtax_print::return_pdf(&a, &set, "", &PrintOptions::default()).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
}

/// The hand-off sheet's definition parses, and every line key it names is a line of both NJ-1040
/// layouts (2022, and 2023 on): a typo would silently drop a figure from the sheet.
#[test]
fn every_line_the_hand_off_sheet_names_exists_on_the_nj_1040() {
    use njtax_print::handoff::{ItemDef, definition};
    let def = definition().unwrap();
    let keys: Vec<njtax_engine::Key> = def
        .steps
        .iter()
        .flat_map(|s| &s.items)
        .filter_map(|i| match i {
            ItemDef::Line(k) | ItemDef::Check(k) => Some(*k),
            _ => None,
        })
        .collect();
    assert!(keys.len() > 60, "the sheet lists the form's lines");
    // The sheet is for the years the online service takes; a back year's return is mailed
    // (forms/years.ron, `online: false`), and its form lacks lines of later years.
    let book = njtax_engine::ParamBook::load().unwrap();
    let online = |year: &u16| book.years().iter().any(|y| y.year == *year && y.online);
    let mut checked = 0;
    for (name, text) in njtax_engine::lines::LINE_MAP_FILES {
        if !name.starts_with("nj1040-") {
            continue;
        }
        let map: njtax_engine::lines::LineMap = ron::from_str(text).unwrap();
        if !map.years.iter().any(online) {
            continue;
        }
        checked += 1;
        for k in &keys {
            assert!(map.find(*k).is_some(), "{name} has no line {k}");
        }
    }
    assert!(checked >= 3, "the 2022, 2023-2025 and 2026 layouts");
    // And the first thing asked is last year's gross income.
    assert_eq!(def.steps[0].items[0], ItemDef::LastYearGrossIncome);
}

/// The running head's texts of a page (page furniture above the rule under the head).
fn head_texts(page: &njtax_print::layout::Page) -> Vec<(f32, f32, &str)> {
    page.items
        .iter()
        .filter_map(|i| match i {
            Item::Text {
                x,
                y,
                text,
                role: Role::Artifact(Furniture::Header),
                ..
            } => Some((*x, *y, text.as_str())),
            _ => None,
        })
        .collect()
}

/// A provisional year's return carries its short mark at the right of every page's running head
/// (every example of the year), and a final year's none; a head too long to share its line
/// with the mark puts the mark on the line above, inside the margins, overlapping nothing.
#[test]
fn a_provisional_years_mark_is_in_every_pages_head_and_a_final_years_has_none() {
    let fonts = Fonts::load().unwrap();
    let mut provisional = 0;
    for (a, set) in examples() {
        let out = lay_out(&fonts, &a, &set, "", &PrintOptions::default()).unwrap();
        let mark = njtax_print::document::provisional_mark(&set);
        for (n, page) in out.pages.iter().enumerate() {
            let head = head_texts(page);
            match &mark {
                Some(m) => {
                    let found = head.iter().find(|(_, _, t)| t == m);
                    assert!(found.is_some(), "{}: page {n} has no {m}", set.tax_year);
                    let (x, y, _) = found.unwrap();
                    let right = x + fonts.width(njtax_print::fonts::Face::Bold, m, SMALL);
                    assert!((right - RIGHT).abs() < 0.01, "at the right margin");
                    assert!(*y <= HEAD_Y, "in the head");
                }
                None => assert_eq!(head.len(), 1, "page {n}: the running head alone"),
            }
        }
        if let Some(m) = &mark {
            assert_eq!(m, &format!("PROVISIONAL {} figures", set.tax_year));
            provisional += 1;
        }
    }
    assert!(provisional >= 10, "the 2026 examples are provisional");

    let (mut a, _) = example(include_str!("../../../examples/family-2026.ron"));
    a.taxpayer.name =
        "Keisha Alexandra Montgomery-Barnes de la Fuente y Villanueva-Okafor Richardson".to_owned();
    let set = compute_set(&a, &ParamBook::load().unwrap()).unwrap();
    let out = lay_out(&fonts, &a, &set, "", &PrintOptions::default()).unwrap();
    assert_inside(&fonts, &out.pages);
    let head = head_texts(&out.pages[0]);
    let mark = head
        .iter()
        .find(|(_, _, t)| t.starts_with("PROVISIONAL"))
        .unwrap();
    let title = head
        .iter()
        .find(|(_, _, t)| t.contains("Montgomery"))
        .unwrap();
    let regular = njtax_print::fonts::Face::Regular;
    let bold = njtax_print::fonts::Face::Bold;
    assert!(
        fonts.width(regular, title.2, SMALL) + fonts.width(bold, mark.2, SMALL)
            > RIGHT - MARGIN - 18.0,
        "the head is too long to share its line"
    );
    assert!(mark.1 < title.1 - SMALL, "the mark moves above a long head");
}

/// An amended return whose original is given for every line has a table longer than a page: it
/// flows onto the next page with its header repeated, every row printed once, nothing outside
/// the margins or overlapping; a long explanation of changes wraps and flows too.
#[test]
fn a_long_amended_table_and_explanation_flow_onto_further_pages_without_clipping() {
    let book = ParamBook::load().unwrap();
    let (original, set) = example(
        &std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../examples/head-of-household-college-two-employers.ron"),
        )
        .unwrap(),
    );
    let mut a = njtax_engine::amend::start_amendment(&original, &set);
    let am = a.amends.as_mut().unwrap();
    am.reasons.other_mistake = true;
    // Column A typed for every line: each one dollar more than the corrected amount.
    for r in &set.returns {
        let o = am.original.iter_mut().find(|o| o.form == r.form).unwrap();
        o.from_draft = false;
        for l in r.lines.iter().filter(|l| !l.is_ratio()) {
            o.lines.insert(l.key, l.value + rust_decimal::Decimal::ONE);
        }
    }
    let set = compute_set(&a, &book).unwrap();
    let x = set.returns[0].amended.as_ref().unwrap();
    assert!(x.rows.len() > 50, "{} rows", x.rows.len());
    // A word no other text has, to count.
    let changes = "A Zqxfigure was left out of the original return. ".repeat(400);
    let fonts = Fonts::load().unwrap();
    let out = lay_out(&fonts, &a, &set, &changes, &PrintOptions::default()).unwrap();
    assert_inside(&fonts, &out.pages);
    assert_no_overlap(&fonts, &out.pages);
    // The amended table: its header cell names column A; its rows' first cells are the line ids.
    let cells: Vec<(usize, Role, &str)> = out
        .pages
        .iter()
        .enumerate()
        .flat_map(|(n, p)| {
            p.items.iter().filter_map(move |i| match i {
                Item::Text { role, text, .. } => Some((n, *role, text.as_str())),
                _ => None,
            })
        })
        .collect();
    let table = cells
        .iter()
        .find_map(|(_, role, text)| match role {
            Role::Cell { table, row: 0, .. } if *text == "A As originally reported" => Some(*table),
            _ => None,
        })
        .expect("the amended table's header");
    let ids: Vec<(usize, &str)> = cells
        .iter()
        .filter_map(|(n, role, text)| match role {
            Role::Cell {
                table: t,
                row,
                col: 0,
            } if *t == table && *row > 0 => Some((*n, *text)),
            _ => None,
        })
        .collect();
    let want: Vec<&str> = x.rows.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(
        ids.iter().map(|(_, id)| *id).collect::<Vec<_>>(),
        want,
        "every row once, in order"
    );
    let (first, last) = (ids[0].0, ids[ids.len() - 1].0);
    assert!(last > first, "the table flows onto a further page");
    // The header again at the top of the next page, as page furniture.
    assert!(cells.iter().any(|(n, role, text)| *n == first + 1
        && *role == Role::Artifact(Furniture::Repeated)
        && *text == "B Net change"));
    // The explanation flows over pages, every word of it printed.
    let with_word: Vec<usize> = cells
        .iter()
        .filter(|(_, _, t)| t.contains("Zqxfigure"))
        .map(|(n, _, _)| *n)
        .collect();
    let printed: usize = cells
        .iter()
        .map(|(_, _, t)| t.matches("Zqxfigure").count())
        .sum();
    assert!(
        with_word.last() > with_word.first(),
        "over more than one page"
    );
    assert_eq!(printed, 400);
}
