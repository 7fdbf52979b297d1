//! `feerie merge` reads only the schema it writes: a document of another `"schema"` (a later
//! feerie's, or an edited one) may mean other things by the same fields, so it is refused in one
//! line before anything is merged, whatever its command; the same shards at the current schema
//! merge.

mod common;

use common::{feerie_in, verify_shard};
use serde_json::Value;

#[test]
fn a_document_of_an_unknown_schema_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let current = Value::from(feerie::report::json::SCHEMA_VERSION);
    let write = |name: &str, doc: &Value| {
        std::fs::write(dir.path().join(name), doc.to_string()).unwrap();
    };
    write("verify-1.json", &verify_shard(1, "agree", current.clone()));
    write("verify-2.json", &verify_shard(2, "agree", current));
    let (code, _, err) = feerie_in(dir.path(), &["merge", "verify-1.json", "verify-2.json"]);
    assert_eq!(code, 0, "{err}");

    for (schema, said) in [
        (Value::from(99), "schema 99"),
        (Value::from(0), "schema 0"),
        (Value::from("1"), "schema \"1\""),
        (Value::Null, "schema null"),
    ] {
        write("verify-2.json", &verify_shard(2, "agree", schema));
        let (code, out, err) = feerie_in(dir.path(), &["merge", "verify-1.json", "verify-2.json"]);
        assert_eq!(code, 2, "{said}: {err}");
        assert!(out.is_empty(), "{said}: {out}");
        assert_eq!(err.trim().lines().count(), 1, "{said}: {err}");
        assert!(
            err.contains("verify-2.json") && err.contains(said),
            "{said}: {err}"
        );
    }
    // Without the field at all, and for the other commands merged.
    let mut without = verify_shard(2, "agree", Value::Null);
    without.as_object_mut().unwrap().remove("schema");
    write("verify-2.json", &without);
    let (code, _, err) = feerie_in(dir.path(), &["merge", "verify-1.json", "verify-2.json"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("schema none"), "{err}");
    for command in ["check", "popeye compare"] {
        write(
            "other.json",
            &serde_json::json!({ "command": command, "schema": 99 }),
        );
        let (code, _, err) = feerie_in(dir.path(), &["merge", "other.json", "other.json"]);
        assert_eq!(code, 2, "{command}: {err}");
        assert!(err.contains("schema 99"), "{command}: {err}");
    }
}
