"""Renders every conformance case with real Jinja2 and records what it gives.

Run through hack/jinja2-fixtures.sh, which provides jinja2==3.1.6 and pyyaml. For each topic file
cases/TOPIC.yaml it writes jinja2/TOPIC.yaml: per case, a hash of its input (template, partials,
resource) and either Jinja2's output text or the error Jinja2 raised ("UndefinedError: ...").
It also writes docs/conformance.md, the table of every case and its status. The Java test
(Jinja2ConformanceTest) reads only these files; it needs no Python.

The environment is the engine's: trim_blocks on, lstrip_blocks off, StrictUndefined, the variables
spec, metadata and resource, and the engine's own filters (to_yaml, to_json, b64encode,
b64decode, sha256, quote, nindent, required) defined here as docs/templates.md describes them, so
that cases may use them as Ansible and Helm templates do. A template whose first line is Ansible's
override header (#jinja2: lstrip_blocks: True, ...) renders as Ansible's template module renders
it: the line dropped, each setting put on the environment.
"""
import ast
import base64
import hashlib
import json
import os
import random
import re
import shlex
import sys

import jinja2
import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, *[".."] * 7))
CASES = os.path.join(HERE, "cases")
OUT = os.path.join(HERE, "jinja2")
DOC = os.path.join(ROOT, "docs", "conformance.md")
TEMPLATE = "case.yaml.j2"

CASE_KEYS = {"name", "template", "spec", "files", "status", "error", "line", "partial", "why",
             "note", "issue", "engine", "via"}
STATUSES = ["identical", "refused", "intended", "known-different"]
NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class Loader(yaml.SafeLoader):
    """YAML as Jackson reads it for the Java test: dates stay strings."""


Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


class Dumper(yaml.SafeDumper):
    """Multi-line strings as literal blocks, so that the fixtures read like the output."""


def _str(dumper, text):
    style = "|" if "\n" in text and text.strip(" \n") and not re.search(r" \n|[^\S\n]$", text) \
        else None
    if re.fullmatch(r"[0-9]+e[0-9]+", text):  # a float to YAML 1.2 (the Java test), not to PyYAML
        style = "'"
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


Dumper.add_representer(str, _str)


# The engine's own filters, as docs/templates.md defines them.

def _yaml_scalar(text):
    return json.dumps(text, ensure_ascii=False)


def _to_yaml(value, indent=0):
    pad = " " * indent
    if isinstance(value, dict) and value:
        lines = []
        for key, item in value.items():
            nested = isinstance(item, (dict, list)) and item
            head = _yaml_scalar(str(key)) + ":"
            lines.append(head + ("\n" + " " * (indent + 2) + _to_yaml(item, indent + 2)
                                 if nested else " " + _to_yaml(item, indent)))
        return ("\n" + pad).join(lines)
    if isinstance(value, list) and value:
        return ("\n" + pad).join("- " + _to_yaml(item, indent + 2) for item in value)
    if isinstance(value, dict):
        return "{}"
    if isinstance(value, list):
        return "[]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    return _yaml_scalar(str(value))


def _text(value):
    return "" if value is None else str(value)


def _nindent(value, width=4):
    return "\n" + jinja2.filters.do_indent(_text(value), width, first=True)


def _required(value, message=None):
    if isinstance(value, jinja2.Undefined) or value is None or value == "":
        raise jinja2.exceptions.TemplateRuntimeError(message or "a required value is missing")
    return value


ENGINE_FILTERS = {
    "to_yaml": _to_yaml,
    "toyaml": _to_yaml,
    "to_json": lambda v: json.dumps(v, ensure_ascii=False),
    "b64encode": lambda v: base64.b64encode(_text(v).encode()).decode(),
    "b64decode": lambda v: base64.b64decode(_text(v).strip()).decode(),
    "sha256": lambda v: hashlib.sha256(_text(v).encode()).hexdigest(),
    "quote": lambda v: shlex.quote(_text(v)),
    "nindent": _nindent,
    "required": _required,
    "multiline": lambda v: v,
}


def canonical_hash(template, files, resource):
    """The hash the Java test recomputes: sha256 of canonical JSON, first 16 hex digits."""
    text = json.dumps({"files": files, "resource": resource, "template": template},
                      sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


ANSIBLE_HEADER = "#jinja2:"


def ansible_header(env, template):
    """Ansible's Templar.do_template: the override line is dropped and each pair set on env."""
    if not template.startswith(ANSIBLE_HEADER):
        return template
    eol = template.find("\n")
    for pair in template[len(ANSIBLE_HEADER):eol].split(","):
        if ":" not in pair:
            raise ValueError(f"failed to parse jinja2 override '{pair.strip()}'")
        key, value = pair.split(":", 1)
        try:
            setting = ast.literal_eval(value.strip())
        except (ValueError, SyntaxError):  # Ansible's message holds an object address; unstable
            raise ValueError(f"malformed jinja2 override value {value.strip()!r}") from None
        setattr(env, key.strip(), setting)
    return template[eol + 1:]


def render(template, files, resource):
    env = jinja2.Environment(trim_blocks=True, undefined=jinja2.StrictUndefined)
    env.filters.update(ENGINE_FILTERS)
    random.seed(0)  # random and shuffle exist in Jinja2; the fixture must still be stable
    try:
        env.loader = jinja2.DictLoader({**files, TEMPLATE: ansible_header(env, template)})
        text = env.get_template(TEMPLATE).render(
            spec=resource["spec"], metadata=resource["metadata"], resource=resource)
        return {"output": text}
    except Exception as e:  # the verdict is the error itself
        return {"error": f"{type(e).__name__}: {e}"}


def _string_keys(value):
    if isinstance(value, dict):
        return all(isinstance(k, str) and _string_keys(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_string_keys(v) for v in value)
    return True


def load_topic(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for event in yaml.parse(text, Loader=Loader):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            sys.exit(f"{path}: line {event.start_mark.line + 1}: no YAML anchors or aliases,"
                     " which the Java test's YAML reader does not read the same; write it out")
    cases = yaml.load(text, Loader=Loader)
    if not isinstance(cases, list):
        sys.exit(f"{path}: a topic file is a YAML list of cases")
    seen = set()
    for case in cases:
        where = f"{path}: case {case.get('name')!r}"
        unknown = set(case) - CASE_KEYS
        if unknown:
            sys.exit(f"{where}: unknown keys {sorted(unknown)}")
        if not NAME.match(str(case.get("name", ""))) or case["name"] in seen:
            sys.exit(f"{where}: a name is lower-case words joined by '-', unique in its file")
        seen.add(case["name"])
        if not isinstance(case.get("template"), str):
            sys.exit(f"{where}: no template")
        if case.get("status", "identical") not in STATUSES:
            sys.exit(f"{where}: status is one of {STATUSES}")
        if "line" in case and not (isinstance(case["line"], int) and case["line"] > 0
                                   and case.get("error")):
            sys.exit(f"{where}: 'line:' is the line number a refusal names, beside 'error:'")
        if "partial" in case and (case.get("partial") not in (case.get("files") or {})
                                  or "line" not in case):
            sys.exit(f"{where}: 'partial:' names the file of 'files:' whose 'line:' is refused")
        if not _string_keys(case.get("spec")):
            sys.exit(f"{where}: spec keys must be strings: quote yes, no, on, off, numbers")
    return cases


def cell(text, limit=90):
    flat = " ⏎ ".join(text.rstrip("\n").split("\n")).replace("\r", "\\r").replace("\t", "\\t")
    if len(flat) > limit:
        flat = flat[: limit - 1] + "…"
    return "`" + flat.replace("|", "\\|").replace("`", "'") + "`" if flat else ""


def summary(topics, counts, total):
    """The page in a few lines: how much renders as Jinja2 does, and what does not, by kind."""
    def where(status):
        per = {}
        for topic, cases in topics.items():
            n = sum(1 for case in cases if case.get("status", "identical") == status)
            if n:
                per[topic] = n
        return ", ".join(f"{topic} {n}" for topic, n in sorted(per.items(), key=lambda t: -t[1]))
    reasons = {}
    for cases in topics.values():
        for case in cases:
            if case.get("status") == "intended":
                why = str(case.get("why") or case.get("note") or "").split(";")[0].split(": ")[0]
                reasons[why] = reasons.get(why, 0) + 1
    known = [case["name"] for cases in topics.values() for case in cases
             if case.get("status") == "known-different"]
    lines = [
        "## Summary",
        "",
        f"- **{counts['identical']} of {total} cases ({100 * counts['identical'] / total:.1f} %)"
        " render as Jinja2 3.1.6 renders them**, or fail where it fails.",
        f"- {counts['refused']} are refused on purpose, each with a message at its file and line;"
        f" by topic: {where('refused')}.",
        f"- {counts['intended']} differ on purpose; the most frequent reasons: "
        + "; ".join(f"{why} ({n})" for why, n in sorted(reasons.items(), key=lambda r: -r[1])[:5])
        + ".",
    ]
    if known:
        lines.append(f"- {len(known)} {'differs' if len(known) == 1 else 'differ'} and"
                     f" {'is' if len(known) == 1 else 'are'} to be fixed: " + ", ".join(known) + ".")
    lines += [
        "- None differs silently: every case has one of these statuses, and"
        " `Jinja2ConformanceTest` checks each on every build.",
        "",
    ]
    return lines


def write_doc(topics):
    counts = {status: 0 for status in STATUSES}
    for cases in topics.values():
        for case in cases:
            counts[case.get("status", "identical")] += 1
    total = sum(counts.values())
    out = [
        "# Jinja2 conformance",
        "",
        "<!-- Generated by hack/jinja2-fixtures.sh from"
        " src/test/resources/io/webserveroperator/template/conformance/cases/; do not edit. -->",
        "",
    ]
    out += summary(topics, counts, total)
    out += [
        "## The cases",
        "",
        "Each idiom below is a small template rendered by real Jinja2 3.1.6 (trim_blocks,"
        " StrictUndefined) and by the engine; `Jinja2ConformanceTest` (part of `./mvnw verify`)"
        " checks every status on every build.",
        "",
        "- **identical**: the engine renders the same YAML documents as Jinja2, or fails where"
        " Jinja2 fails.",
        "- **refused**: the engine fails on purpose, with a message naming the file and line (the"
        " line given, where the case gives one).",
        "- **intended**: the engine differs on purpose (the reason is given).",
        "- **known-different**: a difference that exists today and is to be fixed (issue 9); the"
        " test fails once the engine matches, so that the case is marked identical.",
        "",
        "Jinja2's output and the engine's are compared as YAML documents, read by the engine's"
        " YAML reader. The engine's own filters (`to_yaml`, `to_json`, `b64encode`, `b64decode`,"
        " `sha256`, `quote`, `nindent`, `required`, `multiline`) are given to Jinja2 as docs/templates.md"
        " defines them. A first line `#jinja2: ...` is read as Ansible's"
        " template module reads it. Cases marked `via: render` compare what the `render` command"
        " prints with Jinja2's output, both read by a YAML 1.1 reader. A case is a few lines of YAML under"
        " `src/test/resources/io/webserveroperator/template/conformance/cases/`; after adding or"
        " editing one, run `hack/jinja2-fixtures.sh` and commit what it writes.",
        "",
        f"{total} cases: " + ", ".join(f"{counts[s]} {s}" for s in STATUSES) + ".",
        "",
    ]
    for topic, cases in topics.items():
        per = {status: 0 for status in STATUSES}
        for case in cases:
            per[case.get("status", "identical")] += 1
        out.append(f"- [{topic}](#{topic}): "
                   + ", ".join(f"{per[s]} {s}" for s in STATUSES if per[s]))
    out.append("")
    for topic, cases in topics.items():
        out += [f"## {topic}", "", "| case | template | status | note |", "| --- | --- | --- | --- |"]
        for case in cases:
            status = case.get("status", "identical")
            where = f" at {case.get('partial', '')}:{case['line']}" if "line" in case else ""
            note = case.get("note") or case.get("why") or (
                f"fails{where} with `" + case["error"] + "`" if status == "refused" else "")
            note = str(note).replace("|", "\\|").replace("\n", " ")
            out.append(f"| {case['name']} | {cell(case['template'])} | {status} | {note} |")
        out.append("")
    with open(DOC, "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    return counts


def main():
    with open(os.path.join(HERE, "resource.yaml"), encoding="utf-8") as f:
        base = yaml.load(f, Loader=Loader)
    os.makedirs(OUT, exist_ok=True)
    topics = {}
    for file in sorted(os.listdir(CASES)):
        if not file.endswith(".yaml"):
            continue
        topic = file[: -len(".yaml")]
        cases = load_topic(os.path.join(CASES, file))
        topics[topic] = cases
        results = {}
        for case in cases:
            files = case.get("files") or {}
            resource = dict(base, spec=case.get("spec") if case.get("spec") is not None else {})
            results[case["name"]] = {
                "hash": canonical_hash(case["template"], files, resource),
                **render(case["template"], files, resource),
            }
        with open(os.path.join(OUT, file), "w", encoding="utf-8") as f:
            f.write(f"# What Jinja2 {jinja2.__version__} renders for each case of ../cases/{file}.\n"
                    "# Generated by hack/jinja2-fixtures.sh; do not edit.\n")
            yaml.dump(results, f, Dumper=Dumper, sort_keys=False, allow_unicode=True, width=100)
    for stale in set(os.listdir(OUT)) - {f"{t}.yaml" for t in topics}:
        os.remove(os.path.join(OUT, stale))
    counts = write_doc(topics)
    print("jinja2-fixtures: " + ", ".join(f"{n} {s}" for s, n in counts.items())
          + f"; wrote {os.path.relpath(OUT, ROOT)}/ and {os.path.relpath(DOC, ROOT)}")


if __name__ == "__main__":
    main()
