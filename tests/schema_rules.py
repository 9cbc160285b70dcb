"""A strictness checker for MCP tool schemas, from the MCP specification's tool rules plus the subset of JSON
Schema that strict function-calling clients accept.

MCP (specification 2025-06-18 and 2025-11-25, "Tools"): a tool's ``inputSchema`` is a JSON Schema object whose
``type`` is ``"object"`` (dialect 2020-12 when no ``$schema`` is given); an ``outputSchema``, when present, is one
too, and structured results must conform to it.

Strict clients (function-calling APIs that take a reduced, OpenAPI-like subset and reject or flatten the rest):
every property has exactly one ``type`` (a string, never a list, never ``"null"``); no ``anyOf``/``oneOf``/
``allOf``/``not``, no ``$ref``/``$defs``; an ``enum`` is non-empty, without duplicates, of the declared type; an
array declares ``items`` with a type; ``required`` lists declared properties only; objects close with
``additionalProperties: false``; only the keywords below appear; a ``default`` satisfies its own schema.

Output schemas are the server's description of its own results: nullable fields (``anyOf`` with ``null``) are
allowed there, but they must be self-contained (no ``$ref``/``$defs``: clients validating results resolve none).
"""

from __future__ import annotations

from typing import Any, cast

import jsonschema

TYPES = {"string", "integer", "number", "boolean", "array", "object"}
COMBINATORS = {"anyOf", "oneOf", "allOf", "not", "if", "then", "else"}
REFERENCES = {"$ref", "$defs", "definitions", "$dynamicRef", "$anchor"}
ALLOWED = {  # per property; a keyword outside this set is one some strict client rejects
    "type",
    "description",
    "title",
    "enum",
    "items",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "default",
    "properties",
    "required",
    "additionalProperties",
}
PYTHON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "array": (list,),
    "object": (dict,),
}


def _of_type(value: Any, json_type: str) -> bool:
    if isinstance(value, bool) and json_type in ("integer", "number"):
        return False
    return isinstance(value, PYTHON_TYPES[json_type])


def _property_problems(schema: Any, path: str) -> list[str]:
    if not isinstance(schema, dict):
        return [f"{path}: not a schema object"]
    node = cast(dict[str, Any], schema)
    problems = [f"{path}: uses {key}" for key in sorted(node.keys() & (COMBINATORS | REFERENCES))]
    problems += [
        f"{path}: keyword {key} outside the strict subset"
        for key in sorted(node.keys() - ALLOWED - COMBINATORS - REFERENCES)
    ]
    kind = node.get("type")
    if not isinstance(kind, str) or kind not in TYPES:
        return [*problems, f"{path}: needs one type, has {kind!r}"]
    if not isinstance(node.get("description", ""), str):
        problems.append(f"{path}: description is not a string")
    if "enum" in node:
        values = node["enum"]
        if not isinstance(values, list) or not values:
            problems.append(f"{path}: enum is empty")
        else:
            listed = cast(list[Any], values)
            if len({repr(v) for v in listed}) != len(listed):
                problems.append(f"{path}: enum has duplicates")
            problems += [f"{path}: enum value {v!r} is not a {kind}" for v in listed if not _of_type(v, kind)]
    low, high = node.get("minimum"), node.get("maximum")
    if low is not None and high is not None and low > high:
        problems.append(f"{path}: minimum {low} > maximum {high}")
    if kind == "array":
        if "items" not in node:
            problems.append(f"{path}: array without items")
        else:
            problems += _property_problems(node["items"], f"{path}[]")
    if kind == "object":
        problems += _object_problems(node, path)
    if "default" in node:
        try:
            jsonschema.validate(node["default"], node)
        except jsonschema.ValidationError:
            problems.append(f"{path}: default {node['default']!r} does not satisfy the schema")
    return problems


def _object_problems(node: dict[str, Any], path: str) -> list[str]:
    problems: list[str] = []
    properties = node.get("properties", {})
    if not isinstance(properties, dict):
        return [f"{path}: properties is not an object"]
    props = cast(dict[str, Any], properties)
    for name, sub in props.items():
        problems += _property_problems(sub, f"{path}.{name}")
    required = node.get("required", [])
    if not isinstance(required, list) or len(set(cast(list[Any], required))) != len(cast(list[Any], required)):
        problems.append(f"{path}: required is not a list of distinct names")
    else:
        problems += [f"{path}: requires undeclared {r!r}" for r in cast(list[Any], required) if r not in props]
    if node.get("additionalProperties") is not False:
        problems.append(f"{path}: additionalProperties is not false")
    return problems


def input_schema_problems(schema: Any) -> list[str]:
    """Every way ``schema`` breaks the MCP tool rules or the strict-client subset (empty: it is strict)."""
    if not isinstance(schema, dict) or cast(dict[str, Any], schema).get("type") != "object":
        return ["inputSchema: not a JSON Schema object with type 'object'"]
    node = cast(dict[str, Any], schema)
    try:
        jsonschema.Draft202012Validator.check_schema(node)
    except jsonschema.SchemaError as exc:
        return [f"inputSchema: not valid JSON Schema 2020-12: {exc.message}"]
    top = [f"inputSchema: uses {key}" for key in sorted(node.keys() & (COMBINATORS | REFERENCES))]
    return top + _object_problems(node, "inputSchema")


def output_schema_problems(schema: Any) -> list[str]:
    """Every way an ``outputSchema`` breaks the MCP rules or is not self-contained (empty: none)."""
    if schema is None:
        return []
    if not isinstance(schema, dict) or cast(dict[str, Any], schema).get("type") != "object":
        return ["outputSchema: not a JSON Schema object with type 'object'"]
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as exc:
        return [f"outputSchema: not valid JSON Schema 2020-12: {exc.message}"]
    found: list[str] = []

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            for key, value in cast(dict[str, Any], node).items():
                if key in REFERENCES:
                    found.append(f"{path}: uses {key}")
                walk(value, f"{path}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(cast(list[Any], node)):
                walk(value, f"{path}[{i}]")

    walk(schema, "outputSchema")
    return found
