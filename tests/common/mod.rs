//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod kajongg;

use std::io::Write;
use std::path::{Path, PathBuf};

/// The files with extension `ext` in `tests/<dir>`, sorted by name.
pub fn files_in(dir: &str, ext: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", root.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

/// A folder of its own for one test to write in (`mjrules-NAME-PID` in the system's
/// temporary folder), made if it is not there.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mjrules-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot make {}: {e}", dir.display()));
    dir
}

/// The gallery of hands: `tests/hands/gallery/` and the README's example hand.
pub fn gallery() -> Vec<PathBuf> {
    let mut paths = files_in("hands/gallery", "toml");
    paths.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/hands/south-dragon-pung.toml"));
    paths
}

/// The file's name without its extension.
pub fn stem(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}

/// The file's path relative to the crate, as shown in diagnostics.
pub fn display_name(path: &Path) -> String {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Runs `f` with insta writing to the top-level `snapshots/` folder, snapshots named
/// without the module prefix.
pub fn with_snapshots(input: &Path, f: impl FnOnce()) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(Path::new(env!("CARGO_MANIFEST_DIR")).join("snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_input_file(input);
    settings.bind(f);
}

/// The source texts of the variants: `../shared/seeds/` beside the crate, outside the
/// repository. `None` when they are not there, after saying so; on CI (`CI=true`), where they
/// always are, their absence fails the test instead.
pub fn seeds() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/seeds");
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "CI=true but the source texts are missing: {}",
        dir.display()
    );
    // Written to stderr directly: the test harness captures `eprintln!`, and this must show.
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED: the source texts are not at {}; the audit tests need them",
        dir.display()
    );
    None
}

/// Each variant written from a source text, and the text's number (or, for `dmjl`, the
/// name of Kajongg's rules and test data, beside the texts): what the audit tests read.
pub const AUDITED: [(&str, &str); 8] = [
    ("czech", "000"),
    ("english", "001"),
    ("polish", "002"),
    ("bmja", "003"),
    ("hong-kong", "004"),
    ("hong-kong-traditional", "004"),
    ("hong-kong-canton", "004"),
    ("dmjl", "kajongg"),
];

/// The source text whose file name starts with `id` (`003` → `003_3ae4….txt`), found
/// beside the seeds `dir` as `mjrules audit` finds it (`kajongg` →
/// `kajongg-scoring-cases.md`, the source of `dmjl`): its file name and its text.
pub fn seed(dir: &Path, id: &str) -> Option<(String, String)> {
    let path = mjrules::audit::find_source(&dir.join(".."), id)?;
    let name = path.file_name()?.to_str()?.to_string();
    let text = std::fs::read_to_string(&path).ok()?;
    Some((name, text))
}

/// Every problem of an input drawn without colour, 100 columns wide, then a count: as the
/// command line draws a corpus line's problems, and as the snapshots show them.
pub fn render_plain(error: &mjrules::diagnostic::InputError) -> String {
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(100)
            .with_links(false);
    let mut out = String::new();
    for located in error.diagnostics() {
        handler
            .render_report(&mut out, &located)
            .expect("rendering into a String does not fail");
    }
    out.push_str(&format!("{error}\n"));
    out
}
