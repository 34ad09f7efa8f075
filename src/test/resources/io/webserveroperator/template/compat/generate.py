"""Produces expected/*.json with real Jinja2 (python3 -m pip show jinja2: 3.1.6) and PyYAML.

Run from this folder: python3 generate.py. The Java test reads the JSON files; it needs no Python.
The environment matches the engine: trim_blocks on, StrictUndefined, variables spec/metadata/resource.
"""
import json, os, yaml, jinja2

here = os.path.dirname(os.path.abspath(__file__))
env = jinja2.Environment(loader=jinja2.FileSystemLoader(os.path.join(here, "templates")),
                         trim_blocks=True, undefined=jinja2.StrictUndefined)
resource = yaml.safe_load(open(os.path.join(here, "input.yaml")))
for name in sorted(os.listdir(os.path.join(here, "templates"))):
    if name.startswith("_") or not name.endswith(".yaml.j2"):
        continue
    text = env.get_template(name).render(spec=resource["spec"], metadata=resource["metadata"], resource=resource)
    docs = [d for d in yaml.safe_load_all(text) if d]
    with open(os.path.join(here, "expected", name.replace(".yaml.j2", ".json")), "w") as out:
        json.dump(docs, out, indent=2, sort_keys=True)
        out.write("\n")
