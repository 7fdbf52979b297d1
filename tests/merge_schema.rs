//! `feerie merge` reads only the schema it writes: a document of another `"schema"` (a later
//! feerie's, or an edited one) may mean other things by the same fields, so it is refused in one
//! line before anything is merged, whatever its command; the same shards at the current schema
//! merge.

mod common;

use common::feerie_in;
use serde_json::Value;

/// A `popeye verify` shard written by hand: one agreeing case, problem `k` of two shards.
fn verify_shard(k: u64, schema: Value) -> Value {
    serde_json::json!({
        "command": "popeye verify",
        "schema": schema,
        "version": "0",
        "verdict": "ok",
        "exit_code": 0,
        "engine": "bitboard",
        "input": "p.inp",
        "output": "p.out",
        "input_fingerprint": "0123456789abcdef",
        "problem": null,
        "shard": format!("{k}/2"),
        "counts": { "cases": 1, "agree": 1, "differ": 0, "skipped": 0 },
        "cases": [{
            "index": k - 1,
            "name": format!("problem {k}"),
            "problem": k,
            "twin": "",
            "outcome": "agree",
            "only_popeye": [],
            "only_ours": [],
        }],
        "seconds": 0.0,
    })
}

#[test]
fn a_document_of_an_unknown_schema_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let current = Value::from(feerie::report::json::SCHEMA_VERSION);
    let write = |name: &str, doc: &Value| {
        std::fs::write(dir.path().join(name), doc.to_string()).unwrap();
    };
    write("verify-1.json", &verify_shard(1, current.clone()));
    write("verify-2.json", &verify_shard(2, current));
    let (code, _, err) = feerie_in(dir.path(), &["merge", "verify-1.json", "verify-2.json"]);
    assert_eq!(code, 0, "{err}");

    for (schema, said) in [
        (Value::from(99), "schema 99"),
        (Value::from(0), "schema 0"),
        (Value::from("1"), "schema \"1\""),
        (Value::Null, "schema null"),
    ] {
        write("verify-2.json", &verify_shard(2, schema));
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
    let mut without = verify_shard(2, Value::Null);
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
