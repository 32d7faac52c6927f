#!/usr/bin/env python3
"""Checks that the libraries under lib/ include only the layers below them.

Each directory of lib/ may include headers of the directories listed for it
in LAYERS (docs/design.md draws the same graph); codegen's internals stay
inside codegen: other libraries include codegen/CudaEmitter.h only. Prints
one line per include that breaks the rule and exits 1 if there is any.
"""
import pathlib
import re
import sys

LAYERS = {
    "ir": [],
    "target": [],
    "analysis": ["ir", "target"],
    "restructure": ["analysis", "ir"],
    "frontend": ["restructure", "schedule", "ir"],
    "schedule": ["ir"],
    "transforms": ["restructure", "analysis", "schedule", "ir", "target"],
    "codegen": ["ir"],
    "exec": ["transforms", "analysis", "schedule", "ir"],
    "report": ["transforms", "analysis", "codegen", "ir", "target"],
    "tuner": ["target"],
    "tunegen": ["transforms", "analysis", "codegen", "schedule", "tuner", "ir",
                "target"],
}
CODEGEN_PUBLIC = {"CudaEmitter.h"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([a-z]+)/([A-Za-z0-9_]+\.h)"', re.M)


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    problems, files = [], 0
    for lib in sorted((root / "lib").iterdir()):
        if not lib.is_dir():
            continue
        if lib.name not in LAYERS:
            problems.append(f"lib/{lib.name}: not in the layer table of "
                            "scripts/check-layers.py")
            continue
        allowed = set(LAYERS[lib.name]) | {lib.name}
        for src in sorted(lib.rglob("*")):
            if src.suffix not in (".h", ".cpp"):
                continue
            files += 1
            text = src.read_text(errors="replace")
            for m in INCLUDE.finditer(text):
                layer, header = m.group(1), m.group(2)
                if layer not in LAYERS:
                    continue
                line = text.count("\n", 0, m.start()) + 1
                where = f"{src.relative_to(root)}:{line}"
                if layer not in allowed:
                    problems.append(f"{where}: lib/{lib.name} includes "
                                    f"{layer}/{header}, a layer it may not "
                                    f"use (it may use: "
                                    f"{', '.join(sorted(allowed))})")
                elif (layer == "codegen" and lib.name != "codegen" and
                      header not in CODEGEN_PUBLIC):
                    problems.append(f"{where}: lib/{lib.name} includes "
                                    f"codegen/{header}, an internal header "
                                    "of codegen (use codegen/CudaEmitter.h)")
    for p in problems:
        print(p)
    if problems:
        return 1
    print(f"layers: {files} files, every include goes to a layer below")
    return 0


if __name__ == "__main__":
    sys.exit(main())
