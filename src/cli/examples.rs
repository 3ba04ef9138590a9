//! The examples at the end of each command's help. They run from the project's folder, in
//! order (a line may use a file an earlier line wrote), and a test runs every one of them.

pub const SCORE: &str = "\
Examples:
  mjrules score examples/hands/south-dragon-pung.toml
  mjrules score examples/hands/south-dragon-pung.toml --variant bmja --variant hong-kong
  mjrules score examples/hands/south-dragon-pung.toml --variant examples/house-rules/our-club.toml
  mjrules score examples/hands/south-dragon-pung.toml --param limit=500 --format json
  mjrules score --kajongg \"c1c2c3 wewewe drdrdr dbdb DgDgDg Ldbdbdb\" --seat west --tiles unicode
  mjrules gen --seed 7 --count 10000 > hands.jsonl
  mjrules score --corpus hands.jsonl --variant polish --format summary";

pub const CHECK: &str = "\
Examples:
  mjrules check examples/house-rules/our-club.toml
  mjrules check rules/*.toml --format json";

pub const COMPARE: &str = "\
Examples:
  mjrules compare bmja hong-kong examples/hands/south-dragon-pung.toml
  mjrules gen --count 2000 > hands.jsonl
  mjrules compare bmja polish --corpus hands.jsonl --plot totals.svg";

pub const DIFF: &str = "\
Examples:
  mjrules diff bmja examples/house-rules/our-club.toml
  mjrules diff hong-kong hong-kong-canton --format json";

pub const AUDIT: &str = "\
Examples:
  mjrules audit bmja
  mjrules audit polish --format html > polish-audit.html";

pub const GEN: &str = "\
Examples:
  mjrules gen --seed 7 --count 10000 > hands.jsonl
  mjrules gen --count 3 --winners-only --format text";

pub const SETTLE: &str = "\
Examples:
  mjrules settle examples/deals/west-wins-on-a-discard.toml
  mjrules settle examples/deals/west-wins-on-a-discard.toml --variant polish --format json";

pub const GAME: &str = "\
Examples:
  mjrules game examples/games/bmja-evening.toml
  mjrules game examples/games/bmja-evening.toml --format csv --plot accounts.svg";

pub const VARIANTS: &str = "\
Examples:
  mjrules variants
  mjrules variants --format json";

pub const HAND: &str = "\
Examples:
  mjrules hand --kajongg \"c1c2c3 wewewe drdrdr dbdb DgDgDg Ldbdbdb\" --seat west > west.toml
  mjrules hand west.toml --format json >> hands.jsonl";

pub const DOC: &str = "\
Examples:
  mjrules doc bmja > bmja.md
  mjrules doc examples/house-rules/our-club.toml --param limit=500 --format json";

pub const ARRANGE: &str = "\
Examples:
  mjrules arrange examples/hands/south-dragon-pung.toml
  mjrules arrange examples/hands/south-dragon-pung.toml --tiles unicode --format json";

pub const WAITS: &str = "\
Examples:
  mjrules waits examples/hands/waiting-for-thirteen-orphans.toml
  mjrules waits examples/hands/south-dragon-pung.toml --variant hong-kong --format json";
