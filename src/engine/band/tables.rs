//! The look-up tables of the band engine's grid node ([`super::grid`]), on a band's 27
//! bits (three rows of nine, lowest first) and a grid's 81 places: a band's minirows and
//! their permutations, what a subband's columns tell, a placed cell's peers, and a byte's
//! bits spread to bytes. Each is built at compile time from its definition.

/// The 27 bits of a band.
pub(super) const ALL: u32 = 0o777_777_777;

/// The nine bits of a row.
pub(super) const ROW: u32 = 0o777;

/// `SHRINK[r]`: for a row's nine bits `r`, the three bits of its non-empty minirows.
pub(super) static SHRINK: [u8; 512] = shrink();

/// `KEEP[s]`: for the nine bits of a band's non-empty minirows (bit `3 * row + box`), the
/// cells of the minirows in some permutation (one a row, one a box) of them; 0 if none.
pub(super) static KEEP: [u32; 512] = keep();

/// `LOCKED[s]`: for the nine bits of a band's non-empty minirows, the cells of the
/// minirows that [`KEEP`] leaves alone in their row.
pub(super) static LOCKED: [u32; 512] = locked();

/// `COLUMNS[c]`: for the nine bits of the columns a subband has, what they tell (see
/// [`Columns`]).
pub(super) static COLUMNS: [Columns; 512] = columns();

/// What the columns of a subband tell, in one entry so that one index finds both.
#[derive(Clone, Copy)]
pub(super) struct Columns {
    /// The cells the other two bands keep: all but the columns that are the only one of
    /// their box.
    pub(super) other: u32,
    /// The cells of the boxes that have one column.
    pub(super) lone: u32,
}

/// `PEERS[i]`: the cells of a band that keep a digit placed at bit `i` of it: all but its
/// row and its box, itself kept.
pub(super) static PEERS: [u32; 27] = peers();

const fn shrink() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut r = 0;
    while r < 512 {
        let mut k = 0;
        while k < 3 {
            if r >> (3 * k) & 7 != 0 {
                t[r] |= 1 << k;
            }
            k += 1;
        }
        r += 1;
    }
    t
}

/// The six permutations of three things (of a band's rows onto its boxes here, of a cell's
/// three units onto its houses in [`super::classes`]).
pub(super) const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

const fn keep() -> [u32; 512] {
    // Row r takes box PERMS[p][r] in permutation p.
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            let mut fits = true;
            let mut r = 0;
            while r < 3 {
                if s >> (3 * r + PERMS[p][r]) & 1 == 0 {
                    fits = false;
                }
                r += 1;
            }
            if fits {
                let mut r = 0;
                while r < 3 {
                    t[s] |= 0o7 << (9 * r + 3 * PERMS[p][r]);
                    r += 1;
                }
            }
            p += 1;
        }
        s += 1;
    }
    t
}

const fn locked() -> [u32; 512] {
    let keep = keep();
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut r = 0;
        while r < 3 {
            let minirows = keep[s] & ROW << (9 * r);
            if minirows != 0 && SHRINK[(minirows >> (9 * r)) as usize].count_ones() == 1 {
                t[s] |= minirows;
            }
            r += 1;
        }
        s += 1;
    }
    t
}

const fn columns() -> [Columns; 512] {
    let mut t = [Columns { other: 0, lone: 0 }; 512];
    let mut c = 0;
    while c < 512 {
        let mut other = ALL;
        let mut lone = 0;
        let mut k = 0;
        while k < 3 {
            let cols: usize = c >> (3 * k) & 7;
            if cols != 0 && cols & (cols - 1) == 0 {
                other &= !(0o001_001_001 << (3 * k + cols.trailing_zeros() as usize));
                lone |= 0o007_007_007 << (3 * k);
            }
            k += 1;
        }
        t[c] = Columns { other, lone };
        c += 1;
    }
    t
}

/// `SPOTS[p]`: where place `p` (`9 * row + column`) stands in the bands, and its peers.
pub(super) static SPOTS: [Spot; 81] = spots();

/// A place's band, its bit in the band, and in `peers[b]` the cells of band `b` that see
/// it: its row and its box in its own band (itself among them), its column in each band
/// (`peers[3]` is empty, so that the four are one vector).
#[derive(Clone, Copy)]
pub(super) struct Spot {
    pub(super) peers: [u32; 4],
    pub(super) bit: u32,
    pub(super) band: u8,
}

const fn spots() -> [Spot; 81] {
    let mut t = [Spot {
        peers: [0; 4],
        bit: 0,
        band: 0,
    }; 81];
    let mut p = 0;
    while p < 81 {
        let (b, i) = (p / 27, p % 27);
        let column = 0o001_001_001 << (i % 9);
        let mut peers = [column, column, column, 0];
        peers[b] |= ROW << (9 * (i / 9)) | 0o007_007_007 << (3 * (i % 9 / 3));
        t[p] = Spot {
            peers,
            bit: 1 << i,
            band: b as u8,
        };
        p += 1;
    }
    t
}

/// The eight bits of `bits` as the eight bytes of a word, lowest first, each 0 or 1: `bits`
/// copied into every byte, byte `j` keeping bit `j`, which the add carries to the byte's
/// top bit (no byte overflows into the next: `0x7f + 0x80` is `0xff`).
#[inline(always)]
pub(super) fn spread(bits: u8) -> u64 {
    let kept = (u64::from(bits) * 0x0101_0101_0101_0101) & 0x8040_2010_0804_0201;
    ((kept + 0x7f7f_7f7f_7f7f_7f7f) >> 7) & 0x0101_0101_0101_0101
}

const fn peers() -> [u32; 27] {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let row = ROW << (9 * (i / 9));
        let cbox = 0o007_007_007 << (3 * (i % 9 / 3));
        t[i] = (ALL & !(row | cbox)) | 1 << i;
        i += 1;
    }
    t
}
