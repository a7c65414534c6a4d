//! The two embedded faces (DejaVu Sans Condensed, regular and bold: `assets/fonts/`, Bitstream Vera
//! licence in `DejaVu-LICENSE.txt`) and their glyph advances for measuring text.
//!
//! Measuring uses `f32` layout points: positions on the page, never money.

use crate::PrintError;

/// Regular face.
const REGULAR: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSansCondensed.ttf");
/// Bold face.
const BOLD: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSansCondensed-Bold.ttf");

/// Which face a piece of text is set in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// Body text and amounts.
    Regular,
    /// Headings, line numbers and totals.
    Bold,
}

/// Advance widths of one face, in font units, by character (looked up once per character).
struct Metrics {
    face: ttf_parser::Face<'static>,
    units_per_em: f32,
}

impl Metrics {
    fn parse(data: &'static [u8], name: &str) -> Result<Self, PrintError> {
        let face = ttf_parser::Face::parse(data, 0)
            .map_err(|e| PrintError::Font(format!("{name}: {e}")))?;
        let units_per_em = f32::from(face.units_per_em());
        Ok(Self { face, units_per_em })
    }

    /// Width of `text` at `size` points: the sum of the glyph advances (the shaper krilla uses
    /// applies no kerning to this face's Latin text, so the sum is what is drawn).
    fn width(&self, text: &str, size: f32) -> f32 {
        let units: u32 = text
            .chars()
            .map(|c| {
                self.face
                    .glyph_index(c)
                    .or_else(|| self.face.glyph_index('?'))
                    .and_then(|g| self.face.glyph_hor_advance(g))
                    .map_or(0, u32::from)
            })
            .sum();
        // Font units to points: the page never holds more than a few thousand glyphs a line, so
        // the conversion is exact enough for placing text.
        #[allow(clippy::cast_precision_loss)]
        let units = units as f32;
        units * size / self.units_per_em
    }
}

/// Both faces, parsed once for measuring and loaded once for the PDF.
pub struct Fonts {
    regular: Metrics,
    bold: Metrics,
    /// The regular face for krilla.
    pub pdf_regular: krilla::text::Font,
    /// The bold face for krilla.
    pub pdf_bold: krilla::text::Font,
}

impl Fonts {
    /// Parse the embedded faces.
    ///
    /// # Errors
    /// [`PrintError::Font`] when a face cannot be read (a broken build).
    pub fn load() -> Result<Self, PrintError> {
        let pdf = |data: &'static [u8], name: &str| {
            krilla::text::Font::new(data.into(), 0)
                .ok_or_else(|| PrintError::Font(format!("{name}: not a usable font")))
        };
        Ok(Self {
            regular: Metrics::parse(REGULAR, "DejaVu Sans Condensed")?,
            bold: Metrics::parse(BOLD, "DejaVu Sans Condensed Bold")?,
            pdf_regular: pdf(REGULAR, "DejaVu Sans Condensed")?,
            pdf_bold: pdf(BOLD, "DejaVu Sans Condensed Bold")?,
        })
    }

    /// Width of `text` in `face` at `size` points.
    pub fn width(&self, face: Face, text: &str, size: f32) -> f32 {
        match face {
            Face::Regular => self.regular.width(text, size),
            Face::Bold => self.bold.width(text, size),
        }
    }

    /// Break `text` into lines no wider than `width` at `size`: at spaces, and inside a word only
    /// when the word alone is wider than the line. Never returns an empty list. Each word is
    /// measured once (a line's width is the sum of its words and spaces: no kerning is applied).
    pub fn wrap(&self, face: Face, text: &str, size: f32, width: f32) -> Vec<String> {
        let space = self.width(face, " ", size);
        let mut lines = Vec::new();
        for paragraph in text.split('\n') {
            let mut line = String::new();
            let mut line_w = 0.0;
            for word in paragraph.split(' ').filter(|w| !w.is_empty()) {
                let w = self.width(face, word, size);
                if line.is_empty() && w <= width {
                    line.push_str(word);
                    line_w = w;
                    continue;
                }
                if !line.is_empty() && line_w + space + w <= width {
                    line.push(' ');
                    line.push_str(word);
                    line_w += space + w;
                    continue;
                }
                if !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                }
                // A word wider than the line (a long path or citation) is cut where it overflows.
                let mut piece = String::new();
                let mut piece_w = 0.0;
                for c in word.chars() {
                    let cw = self.width(face, c.encode_utf8(&mut [0; 4]), size);
                    if piece_w + cw > width && !piece.is_empty() {
                        lines.push(std::mem::take(&mut piece));
                        piece_w = 0.0;
                    }
                    piece.push(c);
                    piece_w += cw;
                }
                line = piece;
                line_w = piece_w;
            }
            lines.push(line);
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::float_arithmetic)]
    use super::*;

    #[test]
    fn wider_text_measures_wider_and_bold_is_wider_than_regular() {
        let f = Fonts::load().unwrap();
        let a = f.width(Face::Regular, "Wages", 10.0);
        assert!(a > 0.0);
        assert!(f.width(Face::Regular, "Wages, salaries", 10.0) > a);
        assert!(f.width(Face::Bold, "Wages", 10.0) > a);
        // Twice the size, twice the width.
        assert!((f.width(Face::Regular, "Wages", 20.0) - 2.0 * a).abs() < 0.01);
    }

    #[test]
    fn wrapping_keeps_every_word_and_every_line_fits() {
        let f = Fonts::load().unwrap();
        let text =
            "Excludable pensions, annuities, and IRA withdrawals (not included in total income)";
        let lines = f.wrap(Face::Regular, text, 9.0, 120.0);
        assert!(lines.len() > 1);
        for l in &lines {
            assert!(f.width(Face::Regular, l, 9.0) <= 120.0, "{l}");
        }
        assert_eq!(lines.join(" "), text);
    }

    #[test]
    fn a_word_longer_than_the_line_is_cut_without_losing_characters() {
        let f = Fonts::load().unwrap();
        let word = "other_jurisdictions[0].income_taxed_by_both";
        let lines = f.wrap(Face::Regular, word, 9.0, 60.0);
        assert!(lines.len() > 1);
        assert_eq!(lines.concat(), word);
        assert_eq!(f.wrap(Face::Regular, "", 9.0, 60.0), vec![String::new()]);
    }
}
