"""Packaging beyond what pyproject.toml can say: the repository keeps the games' data/ and
templates/ (and docs/) at the top, and the wheel carries them inside the package as
generator/bundled/data, generator/bundled/templates and generator/bundled/docs (generator.kit.location finds
either). Everything else (name, version, dependencies, entry points) is in pyproject.toml."""

from setuptools import find_packages, setup

BUNDLED = {"generator.bundled.data": "data", "generator.bundled.templates": "templates", "generator.bundled.docs": "docs"}

setup(
    packages=find_packages(include=["generator", "generator.*", "bot", "bot.*", "games", "games.*"]) + list(BUNDLED),
    package_dir=BUNDLED,
    package_data={**{name: ["**/*"] for name in BUNDLED},
                  "bot.web": ["static/*", "templates/*"],          # the companion page's htmx and HTML
                  "bot.stockholm1520": ["templates/*"], "bot.batalj": ["templates/*"]},   # each game's page
    exclude_package_data={name: ["**/__pycache__/*", "**/*.pyc"] for name in BUNDLED},
)
