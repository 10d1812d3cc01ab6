"""Package discovery for setuptools; everything else is in pyproject.toml.

The source folder is `generator/` (the project's layout) but the import package is
`mcp2openai`, and pyproject.toml cannot rename packages it discovers. So the packages are
found here, under `generator/`, and mapped: no subpackage is ever listed by hand, and a
user's environment gains one top-level name, `mcp2openai`. The jinja2 templates ship inside
it as `mcp2openai.templates`.
"""

from setuptools import find_packages, setup

PACKAGE = "mcp2openai"
subpackages = find_packages("generator")
templates = find_packages("templates")  # the runtime's parts: templates/runtime/
setup(
    packages=[
        PACKAGE,
        *(f"{PACKAGE}.{name}" for name in subpackages),
        f"{PACKAGE}.templates",
        *(f"{PACKAGE}.templates.{name}" for name in templates),
    ],
    package_dir={PACKAGE: "generator", f"{PACKAGE}.templates": "templates"},
    package_data={f"{PACKAGE}.templates": ["*.jinja", "*.pyi"]},
)
