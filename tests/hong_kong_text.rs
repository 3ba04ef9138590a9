//! The faan-to-base-points statements of text 004, checked against the three tables. The
//! text's sentences under each table say what a hand of 3 and of 9 faan is worth; where a
//! sentence contradicts its own table, the table is encoded and the test records the slip.

use mjrules::Variant;

#[test]
fn simplified_table_matches_the_text() {
    let v = Variant::load("hong-kong", &[]).unwrap();
    // "Se um jogador tiver 3 faans, sua mão vale um ponto base. Uma mão vencedora com 9 faan
    // vale 4 pontos base."
    assert_eq!(v.rules().base_points(3), 1);
    assert_eq!(v.rules().base_points(9), 4);
    // The table rows: 4-6 → 2, 7-9 → 4, 10+ → 8 (limit); 3 faan is the minimum.
    assert_eq!(
        [4, 5, 6, 7, 8, 10, 13].map(|f| v.rules().base_points(f)),
        [2, 2, 2, 4, 4, 8, 8]
    );
    assert_eq!(v.rules().min_faan, 3);
}

#[test]
fn traditional_table_matches_the_text() {
    let v = Variant::load("hong-kong-traditional", &[]).unwrap();
    // "Se um jogador tiver 3 faan, então sua mão vale oito pontos base. Uma mão vencedora com
    // 9 faan vale 32 pontos base."
    assert_eq!(v.rules().base_points(3), 8);
    assert_eq!(v.rules().base_points(9), 32);
    // Mesa Fān-Laak: 0 → 1, 1 → 2, 2 → 4, 4-6 → 16, 10+ → 64; hands under 3 faan are paid.
    assert_eq!(
        [0, 1, 2, 4, 6, 7, 10, 13].map(|f| v.rules().base_points(f)),
        [1, 2, 4, 16, 16, 32, 64, 64]
    );
    assert_eq!(v.rules().min_faan, 0);
}

#[test]
fn canton_table_is_encoded_where_the_text_contradicts_it() {
    let v = Variant::load("hong-kong-canton", &[]).unwrap();
    // "Se um jogador tiver 3 faan, sua mão vale oito pontos base": consistent.
    assert_eq!(v.rules().base_points(3), 8);
    // "Uma mão vencedora com 9 faan vale 128 pontos base": the table beside it says 9 → 96
    // and 10 → 128. The table is encoded; the sentence is a slip (recorded in the file).
    assert_eq!(v.rules().base_points(9), 96);
    assert_eq!(v.rules().base_points(10), 128);
    assert_eq!(
        [4, 5, 6, 7, 8, 11, 12, 13].map(|f| v.rules().base_points(f)),
        [16, 24, 32, 48, 64, 192, 256, 384]
    );
    assert!(v.definition().faan_table.iter().any(|&(f, _)| f == 13));
}
