#!/usr/bin/env python3
"""Fails when a target of Package.swift lists a dependency that none of its sources imports.

The other direction (a target importing a module it does not list) is SwiftPM's own check,
`swift build --explicit-target-dependency-import-check error`, which CI runs; together they keep
each target's dependencies exactly what its code uses (issue 12, item 6).

    Tools/check-target-dependencies.py [--package-dump FILE]

Reads `swift package dump-package` (or FILE, its saved output). A dependency counts as used
when a source file of the target imports its module in any form (`import`, `public import`,
`@testable import`, `@_exported import`, `import struct M.T`, ...). A product's module is its
name (every product this package uses is named after its module). A test target may list one of
this package's executables without importing it: the test runs it, and the dependency makes SwiftPM
build it first. Exits 1 listing each unused
dependency as `Target: Dependency`.
"""
import json
import os
import re
import subprocess
import sys

IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public |package |internal |private |fileprivate )?"
                    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)",
                    re.MULTILINE)


def dependency_name(dependency):
    """The module a dependency entry of dump-package names."""
    for kind in ("byName", "target", "product"):
        if kind in dependency:
            return dependency[kind][0]
    raise ValueError(f"unknown dependency form: {dependency}")


def imported_modules(path):
    modules = set()
    for root, _, files in os.walk(path):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(root, name), encoding="utf-8") as source:
                    modules.update(IMPORT.findall(source.read()))
    return modules


def main():
    args = sys.argv[1:]
    if args[:1] == ["--package-dump"] and len(args) == 2:
        with open(args[1]) as dump:
            package = json.load(dump)
    elif not args:
        package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True,
                                            capture_output=True, text=True).stdout)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    unused = []
    executables = {target["name"] for target in package["targets"] if target["type"] == "executable"}
    for target in package["targets"]:
        if target["type"] in ("binary", "system", "plugin"):
            continue
        path = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])
        modules = imported_modules(path)
        for dependency in target["dependencies"]:
            name = dependency_name(dependency)
            if name not in modules and not (target["type"] == "test" and name in executables):
                unused.append(f"{target['name']}: {name}")
    if unused:
        print("Targets list dependencies that none of their sources imports (remove them from Package.swift):")
        for line in unused:
            print(f"  {line}")
        return 1
    print(f"every dependency of the {len(package['targets'])} targets is imported")
    return 0


if __name__ == "__main__":
    sys.exit(main())
