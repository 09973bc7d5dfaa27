"""Railyard's layering, checked from the sources (ARCHITECTURE.md, "Layers"):

 1. Every #include of core/<other>/ in core/<area>/ follows an arrow that
    core/<area>/CMakeLists.txt declares (target_link_libraries of
    Railyard::<Other>, directly or through the areas it links), so the
    include graph between areas has no cycle and matches the link graph.
 2. The declared link graph itself has no cycle.
 3. core/ never includes views/ or app/, nor a Qt Widgets or Charts header.
 4. No connect() in core/ or views/ passes a lambda without a context
    object (what QT_NO_CONTEXTLESS_CONNECT refuses in Qt 6.7 and later).

Prints every violation with its file and line; exits 1 when there is one."""

import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
CORE = os.path.join(ROOT, "core")


def area_of_target(name):
    return name.lower()


def declared_links():
    links = {}
    for area in sorted(os.listdir(CORE)):
        cmake = os.path.join(CORE, area, "CMakeLists.txt")
        if not os.path.isfile(cmake):
            continue
        text = open(cmake).read()
        deps = set()
        for block in re.findall(r"target_link_libraries\(\s*Railyard\w+(.*?)\)", text, re.S):
            deps.update(area_of_target(m) for m in re.findall(r"Railyard::(\w+)", block))
        links[area] = deps
    return links


def closure(links):
    reach = {}
    for area in links:
        seen, stack = set(), list(links[area])
        while stack:
            x = stack.pop()
            if x in seen:
                continue
            seen.add(x)
            stack.extend(links.get(x, ()))
        reach[area] = seen
    return reach


def main():
    problems = []
    links = declared_links()
    reach = closure(links)
    for area, seen in reach.items():
        if area in seen:
            problems.append(f"core/{area}/CMakeLists.txt: the links of {area} lead back to it (a cycle)")
    include = re.compile(r'#\s*include\s+"(core|views|app)/([a-z]+)/')
    qtgui = re.compile(r"#\s*include\s+<(QtWidgets|QtCharts|QWidget|QDialog|QMainWindow|QChart\w*|QAbstractButton)")
    contextless = re.compile(r"connect\(\s*[^,()]+,\s*&[\w:]+,\s*\[")
    for top in ("core", "views"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            for f in files:
                if not f.endswith((".h", ".cpp")):
                    continue
                path = os.path.join(dirpath, f)
                rel = os.path.relpath(path, ROOT)
                area = rel.split(os.sep)[1] if top == "core" else None
                for number, line in enumerate(open(path, errors="replace"), 1):
                    if contextless.search(line):
                        problems.append(f"{rel}:{number}: connect() to a lambda without a context object")
                    if top != "core":
                        continue
                    if qtgui.search(line):
                        problems.append(f"{rel}:{number}: core/ includes a Qt Widgets or Charts header")
                    m = include.search(line)
                    if not m:
                        continue
                    kind, other = m.group(1), m.group(2)
                    if kind != "core":
                        problems.append(f"{rel}:{number}: core/ includes {kind}/")
                    elif other != area and other not in reach.get(area, set()):
                        problems.append(f"{rel}:{number}: core/{area} includes core/{other}, but "
                                        f"core/{area}/CMakeLists.txt links no Railyard::{other.capitalize()}")
    for p in problems:
        print(p)
    edges = sum(len(v) for v in links.values())
    print(f"check_layers: {len(links)} areas, {edges} declared arrows, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
