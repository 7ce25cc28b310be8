#!/usr/bin/env python3
"""Where the tests' time goes: per module and the slowest test classes, from the Surefire and
Failsafe reports a build left under ROOT (default: the working directory).

    .ci/timings.py [ROOT] [--top N]
"""

import collections
import pathlib
import sys
import xml.etree.ElementTree as ET


def main():
    args = sys.argv[1:]
    top = 20
    if "--top" in args:
        index = args.index("--top")
        top = int(args[index + 1])
        del args[index:index + 2]
    root = pathlib.Path(args[0] if args else ".")
    classes = []
    modules = collections.defaultdict(lambda: [0.0, 0])
    for report in root.glob("**/target/*-reports/TEST-*.xml"):
        suite = ET.parse(report).getroot()
        seconds = float(suite.get("time", "0").replace(",", ""))
        tests = int(suite.get("tests", "0"))
        module = report.parent.parent.parent.relative_to(root).as_posix()
        kind = "IT" if report.parent.name == "failsafe-reports" else "test"
        classes.append((seconds, tests, module, kind, suite.get("name", report.stem)))
        modules[module][0] += seconds
        modules[module][1] += tests
    if not classes:
        print(f"no Surefire or Failsafe reports under {root}")
        return 0
    print(f"{'seconds':>8} {'tests':>6}  module")
    for module, (seconds, tests) in sorted(modules.items(), key=lambda item: -item[1][0]):
        print(f"{seconds:8.1f} {tests:6d}  {module}")
    print(f"{sum(m[0] for m in modules.values()):8.1f} {sum(m[1] for m in modules.values()):6d}  all, one JVM after another")
    print()
    print(f"the {min(top, len(classes))} slowest test classes")
    for seconds, tests, module, kind, name in sorted(classes, reverse=True)[:top]:
        print(f"{seconds:8.1f} {tests:6d}  {module} {kind} {name.rsplit('.', 1)[-1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
