"""Build-time file layout; the metadata is in pyproject.toml.

The catalogue stays in ``derivations/`` in the repository (docs/architecture.md) and is
shipped inside the wheel as ``symdp/catalogue/derivations/``, with the
``.proofs.json`` certificates beside the derivation files:
``symdp.catalogue.path()`` finds it in either place.
"""
from setuptools import find_namespace_packages, find_packages, setup

CATALOGUE = "symdp.catalogue.derivations"
FOLDERS = [""] + sorted(find_namespace_packages(where="derivations", exclude=["*__pycache__*"]))


def _name(folder: str) -> str:
    return CATALOGUE + ("." + folder if folder else "")


setup(
    packages=find_packages(include=["symdp", "symdp.*"]) + [_name(f) for f in FOLDERS],
    package_dir={_name(f): "derivations" + ("/" + f.replace(".", "/") if f else "") for f in FOLDERS},
    package_data={"symdp.report": ["templates/*.j2"], "symdp.schemas": ["*.json"], "symdp.notions": ["implies.json"],
                  **{_name(f): ["*.proofs.json", "*.md"] for f in FOLDERS}},
)
