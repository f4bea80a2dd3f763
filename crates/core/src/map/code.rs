//! A map as a short text code for sharing (a link, a chat message, a file):
//! `DDM1.` and URL-safe base64 of a small binary layout with a checksum.
//! Decoding a damaged, truncated or foreign code gives a [`CodeError`]
//! and nothing else; a decoded map has passed [`MapSpec::check`].
//!
//! Layout: cols, rows, name length and UTF-8 name, one nibble per square
//! row by row (see [`nibble`]), the start count and per start its square
//! index and facing, then two checksum bytes (FNV-1a of the rest).

use std::hash::Hasher;

use super::{MapError, MapSpec, Start, Terrain, MAX_SIDE, MIN_SIDE};
use crate::geometry::{Dir, Square, DIRS};
use crate::hash::StableHasher;

/// Every map code starts with this.
pub const CODE_PREFIX: &str = "DDM1.";

/// Why a map code could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// Not a map code at all (or one from a newer version).
    NotACode,
    /// Letters that base64 does not use, or bytes cut short.
    Damaged,
    /// The checksum does not match: a letter changed on the way.
    Checksum,
    /// Crystal squares missing or repeated (a map has each of 1–6 once).
    Crystals { missing: Vec<u8>, repeated: Vec<u8> },
    /// The code reads, but the map it holds cannot be played.
    Map(MapError),
}

impl std::fmt::Display for CodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let list = |v: &[u8]| v.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
        match self {
            CodeError::NotACode => write!(f, "this is not a map code (they start with {CODE_PREFIX})"),
            CodeError::Damaged => f.write_str("this map code is cut short or damaged"),
            CodeError::Checksum => f.write_str("this map code is damaged: a letter was changed or lost"),
            CodeError::Crystals { missing, repeated } if !missing.is_empty() => {
                write!(f, "a map needs six crystal squares, 1 to 6: {} missing", list(missing))
            }
            CodeError::Crystals { repeated, .. } => {
                write!(f, "each crystal square 1 to 6 appears once: {} twice", list(repeated))
            }
            CodeError::Map(e) => write!(f, "this map cannot be played: {e}"),
        }
    }
}

impl std::error::Error for CodeError {}

/// What one square holds, as four bits.
enum Cell {
    Terrain(Terrain),
    Crystal(u8),
    Empty,
}

fn nibble(cell: Cell) -> u8 {
    match cell {
        Cell::Empty => 0,
        Cell::Terrain(Terrain::Asteroid) => 1,
        Cell::Terrain(Terrain::Nebula) => 2,
        Cell::Terrain(Terrain::Rift) => 3,
        Cell::Terrain(Terrain::Gravity(d)) => 4 + dir_index(d),
        Cell::Terrain(Terrain::Wormhole) => 8,
        Cell::Terrain(Terrain::Void) => 9,
        Cell::Crystal(n) => 9 + n,
    }
}

fn cell(n: u8) -> Cell {
    match n {
        1 => Cell::Terrain(Terrain::Asteroid),
        2 => Cell::Terrain(Terrain::Nebula),
        3 => Cell::Terrain(Terrain::Rift),
        4..=7 => Cell::Terrain(Terrain::Gravity(DIRS[usize::from(n - 4)])),
        8 => Cell::Terrain(Terrain::Wormhole),
        9 => Cell::Terrain(Terrain::Void),
        10..=15 => Cell::Crystal(n - 9),
        _ => Cell::Empty,
    }
}

fn dir_index(d: Dir) -> u8 {
    DIRS.iter().position(|x| *x == d).unwrap_or(0) as u8
}

fn checksum(bytes: &[u8]) -> [u8; 2] {
    let mut h = StableHasher::default();
    h.write(bytes);
    let v = h.finish();
    [v as u8, (v >> 8) as u8]
}

impl MapSpec {
    /// The map as a short text code (see the module docs).
    pub fn to_code(&self) -> String {
        let name: String = self.name.chars().take(40).collect();
        let mut bytes = vec![self.cols, self.rows, name.len() as u8];
        bytes.extend_from_slice(name.as_bytes());
        let cells: Vec<u8> = (0..self.rows)
            .flat_map(|r| (0..self.cols).map(move |c| Square::new(c, r)))
            .map(|sq| match (self.crystal_number(sq), self.terrain_at(sq)) {
                (Some(n), _) => nibble(Cell::Crystal(n)),
                (None, Some(t)) => nibble(Cell::Terrain(t)),
                (None, None) => nibble(Cell::Empty),
            })
            .collect();
        bytes.extend(cells.chunks(2).map(|p| (p[0] << 4) | p.get(1).copied().unwrap_or(0)));
        bytes.push(self.start_squares.len() as u8);
        for s in &self.start_squares {
            let index = usize::from(s.square.row) * usize::from(self.cols) + usize::from(s.square.col);
            bytes.push(index as u8);
            bytes.push(dir_index(s.facing));
        }
        let sum = checksum(&bytes);
        bytes.extend_from_slice(&sum);
        format!("{CODE_PREFIX}{}", base64::encode(&bytes))
    }

    /// Reads a map code (surrounding spaces and line breaks are ignored).
    ///
    /// # Errors
    /// A [`CodeError`] for a foreign, damaged or unplayable code; never panics.
    pub fn from_code(code: &str) -> Result<MapSpec, CodeError> {
        let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
        let body = code.strip_prefix(CODE_PREFIX).ok_or(CodeError::NotACode)?;
        let bytes = base64::decode(body).ok_or(CodeError::Damaged)?;
        let split = bytes.len().checked_sub(2).ok_or(CodeError::Damaged)?;
        let (data, sum) = bytes.split_at(split);
        if checksum(data) != sum {
            return Err(CodeError::Checksum);
        }
        let mut read = Reader { bytes: data, at: 0 };
        let (cols, rows) = (read.byte()?, read.byte()?);
        if !(MIN_SIDE..=MAX_SIDE).contains(&cols) || !(MIN_SIDE..=MAX_SIDE).contains(&rows) {
            return Err(CodeError::Map(MapError::Size { cols, rows }));
        }
        let name_len = usize::from(read.byte()?);
        let name = String::from_utf8(read.take(name_len)?.to_vec()).map_err(|_| CodeError::Damaged)?;
        let squares = usize::from(cols) * usize::from(rows);
        let packed = read.take(squares.div_ceil(2))?;
        let mut map = MapSpec { name, cols, rows, ..MapSpec::default() };
        let mut crystals: [Vec<Square>; 6] = Default::default();
        for i in 0..squares {
            let shift = if i % 2 == 0 { 4 } else { 0 };
            let n = (packed[i / 2] >> shift) & 0x0f;
            let sq = Square::new((i % usize::from(cols)) as u8, (i / usize::from(cols)) as u8);
            match cell(n) {
                Cell::Terrain(t) => map.paint(sq, Some(t)),
                Cell::Crystal(k) => crystals[usize::from(k - 1)].push(sq),
                Cell::Empty => {}
            }
        }
        let missing: Vec<u8> = (1..=6).filter(|k| crystals[usize::from(k - 1)].is_empty()).collect();
        let repeated: Vec<u8> = (1..=6).filter(|k| crystals[usize::from(k - 1)].len() > 1).collect();
        if !missing.is_empty() || !repeated.is_empty() {
            return Err(CodeError::Crystals { missing, repeated });
        }
        map.crystal_squares = std::array::from_fn(|k| crystals[k][0]);
        let starts = read.byte()?;
        for _ in 0..starts {
            let index = usize::from(read.byte()?);
            let facing = *DIRS.get(usize::from(read.byte()?)).ok_or(CodeError::Damaged)?;
            if index >= squares {
                return Err(CodeError::Damaged);
            }
            let square = Square::new((index % usize::from(cols)) as u8, (index / usize::from(cols)) as u8);
            map.start_squares.push(Start { square, facing });
        }
        if read.at != data.len() {
            return Err(CodeError::Damaged);
        }
        map.check().map_err(CodeError::Map)?;
        Ok(map)
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], CodeError> {
        let end = self.at.checked_add(n).ok_or(CodeError::Damaged)?;
        let out = self.bytes.get(self.at..end).ok_or(CodeError::Damaged)?;
        self.at = end;
        Ok(out)
    }

    fn byte(&mut self) -> Result<u8, CodeError> {
        Ok(self.take(1)?[0])
    }
}

/// URL-safe base64 without padding (RFC 4648 §5): a map code travels in a link.
mod base64 {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

    pub fn encode(bytes: &[u8]) -> String {
        let mut out = String::with_capacity(bytes.len() * 4 / 3 + 3);
        for chunk in bytes.chunks(3) {
            let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
            let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
            for i in 0..=chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            }
        }
        out
    }

    pub fn decode(text: &str) -> Option<Vec<u8>> {
        let values: Vec<u32> = text
            .bytes()
            .map(|c| ALPHABET.iter().position(|a| *a == c).map(|v| v as u32))
            .collect::<Option<_>>()?;
        if values.len() % 4 == 1 {
            return None;
        }
        let mut out = Vec::with_capacity(values.len() * 3 / 4);
        for chunk in values.chunks(4) {
            let n = chunk.iter().enumerate().fold(0u32, |n, (i, v)| n | (v << (18 - 6 * i)));
            for i in 0..chunk.len() - 1 {
                out.push((n >> (16 - 8 * i)) as u8);
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_round_trips_every_length() {
        for len in 0..20u8 {
            let bytes: Vec<u8> = (0..len).map(|i| i.wrapping_mul(37).wrapping_add(200)).collect();
            assert_eq!(base64::decode(&base64::encode(&bytes)).as_deref(), Some(&bytes[..]));
        }
    }

    #[test]
    fn every_builtin_map_round_trips_through_its_code() {
        for map in super::super::builtin_maps() {
            let code = map.to_code();
            assert!(code.len() < 200, "{} is {} long", map.name, code.len());
            assert_eq!(MapSpec::from_code(&code), Ok(map));
        }
    }

    #[test]
    fn a_changed_letter_or_a_cut_code_is_refused_with_a_reason() {
        let code = MapSpec::default().to_code();
        let mut changed: Vec<char> = code.chars().collect();
        let i = changed.len() / 2;
        changed[i] = if changed[i] == 'A' { 'B' } else { 'A' };
        let changed: String = changed.into_iter().collect();
        assert_eq!(MapSpec::from_code(&changed), Err(CodeError::Checksum));
        assert!(MapSpec::from_code(&code[..code.len() - 5]).is_err());
        assert_eq!(MapSpec::from_code("hello"), Err(CodeError::NotACode));
        assert_eq!(MapSpec::from_code("DDM1.!!!"), Err(CodeError::Damaged));
    }

    #[test]
    fn a_code_with_five_crystal_squares_names_the_missing_one() {
        let map = MapSpec::default();
        let mut bytes = vec![9, 9, 1, b'x'];
        let mut cells = [0u8; 81];
        for (k, sq) in map.crystal_squares.iter().enumerate().take(5) {
            cells[usize::from(sq.row) * 9 + usize::from(sq.col)] = 10 + k as u8;
        }
        bytes.extend(cells.chunks(2).map(|p| (p[0] << 4) | p.get(1).copied().unwrap_or(0)));
        bytes.push(0);
        let sum = checksum(&bytes);
        bytes.extend_from_slice(&sum);
        let code = format!("{CODE_PREFIX}{}", base64::encode(&bytes));
        let err = MapSpec::from_code(&code).unwrap_err();
        assert_eq!(err.to_string(), "a map needs six crystal squares, 1 to 6: 6 missing");
    }
}
