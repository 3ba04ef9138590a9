//! The built-in variants: the files under `rules/`, embedded in the binary.

/// (id, file text) of every built-in variant.
const BUILTIN: &[(&str, &str)] = &[
    ("czech", include_str!("../../rules/czech.toml")),
    ("english", include_str!("../../rules/english.toml")),
    ("polish", include_str!("../../rules/polish.toml")),
    ("bmja", include_str!("../../rules/bmja.toml")),
    ("hong-kong", include_str!("../../rules/hong-kong.toml")),
    (
        "hong-kong-traditional",
        include_str!("../../rules/hong-kong-traditional.toml"),
    ),
    (
        "hong-kong-canton",
        include_str!("../../rules/hong-kong-canton.toml"),
    ),
    ("dmjl", include_str!("../../rules/dmjl.toml")),
    ("riichi", include_str!("../../rules/riichi.toml")),
    ("mcr", include_str!("../../rules/mcr.toml")),
];

/// The text of the built-in variant `id`.
pub fn text(id: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(i, _)| *i == id).map(|(_, t)| *t)
}

/// The ids of the built-in variants.
pub fn ids() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(id, _)| *id)
}

/// The variant used when none is named.
pub const DEFAULT: &str = "bmja";
