"""run.py <tree> <out.json> <file.jsonl>...: scan each line as save_context does (SecretScanner.kinds on the
stripped text) and as save_session does (scrub); print refused and scrubbed per file (/work/breaker43/run.py's
method, with paths)."""

import json
import sys
from pathlib import Path

tree, out, files = sys.argv[1], sys.argv[2], sys.argv[3:]
sys.path.insert(0, tree + "/src")
from contextlamp.domain.secret_scan import SecretScanner  # noqa: E402

scanner = SecretScanner()
result = {}
for name in files:
    rows = []
    for line in Path(name).read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        text = row["text"].strip()
        kinds = scanner.kinds(text)
        kept = scanner.scrub(text).text
        rows.append({"text": row["text"], "kind": row.get("kind"), "refused": bool(kinds), "kinds": kinds,
                     "scrubbed": kept != text})  # fmt: skip
    result[Path(name).stem] = rows
Path(out).write_text(json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8")
for stem, rows in result.items():
    refused = sum(r["refused"] for r in rows)
    scrubbed = sum(r["scrubbed"] for r in rows)
    print(tree, stem, "refused", refused, "/", len(rows), "scrubbed", scrubbed)
