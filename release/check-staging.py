#!/usr/bin/env python3
"""Checks a staged release against Maven Central's rules, as release/rehearse.sh stages it.

    check-staging.py STAGING VERSION             every published module complete and valid
    check-staging.py STAGING VERSION --compare SRC   and each staged jar equal to SRC's build of it

Central's rules (its "publish/requirements" page): beside every jar a sources and a Javadoc jar,
a PGP signature and MD5 and SHA-1 checksums of every file, and a POM naming groupId, artifactId,
version, packaging (or the jar default), name, description, url, licenses, developers and scm (url,
connection), which a release may not point at a SNAPSHOT. Ours adds: no ${...} left in a POM, no
parent (the POMs are flattened), and a CycloneDX SBOM of each module.
"""

import hashlib
import json
import pathlib
import subprocess
import sys
import xml.etree.ElementTree as ET

GROUP = "io/github/tomcatlatency"
# artifactId -> (module directory, whether its version is the data's own)
PUBLISHED = {
    "tomcat-latency-advisories": ("advisories", True),
    "tomcat-latency-core": ("core", False),
    "tomcat-latency-spring-boot-common": ("spring-boot-common", False),
    "tomcat-latency-spring-boot-autoconfigure": ("autoconfigure", False),
    "tomcat-latency-spring-boot-starter": ("starter", False),
    "tomcat-latency-spring-boot3-autoconfigure": ("spring-boot3/autoconfigure", False),
    "tomcat-latency-spring-boot3-starter": ("spring-boot3/starter", False),
    "tomcat-latency-trainer": ("trainer", False),
    "tomcat-latency-cli": ("cli", False),
    "tomcat-latency-maven-plugin": ("maven-plugin", False),
}
NS = {"m": "http://maven.apache.org/POM/4.0.0"}
REQUIRED = ["groupId", "artifactId", "version", "name", "description", "url",
            "licenses/m:license/m:name", "developers/m:developer/m:name", "scm/m:url", "scm/m:connection"]


def check_pom(pom, artifact_id, version, problems):
    text = pom.read_text(encoding="utf-8")
    if "${" in text:
        problems.append(f"{pom.name}: an unresolved ${{...}} property")
    root = ET.fromstring(text)
    for path in REQUIRED:
        element = root.find("m:" + path, NS)
        if element is None or not (element.text or "").strip():
            problems.append(f"{pom.name}: no <{path.replace('m:', '')}>")
    if root.find("m:parent", NS) is not None:
        problems.append(f"{pom.name}: names a parent, which is not published")
    if root.find("m:repositories", NS) is not None:
        problems.append(f"{pom.name}: declares repositories")
    if root.findtext("m:artifactId", namespaces=NS) != artifact_id or root.findtext("m:version", namespaces=NS) != version:
        problems.append(f"{pom.name}: coordinates differ from its path")
    for dependency in root.iterfind("m:dependencies/m:dependency", NS):
        if dependency.findtext("m:version", default="", namespaces=NS).endswith("-SNAPSHOT"):
            problems.append(f"{pom.name}: depends on a SNAPSHOT, {dependency.findtext('m:artifactId', namespaces=NS)}")


def check_file(path, problems):
    if not path.is_file():
        problems.append(f"missing: {path.name}")
        return
    data = path.read_bytes()
    for algorithm in ("md5", "sha1"):
        checksum = path.with_name(path.name + "." + algorithm)
        if not checksum.is_file() or checksum.read_text().split()[0] != hashlib.new(algorithm, data).hexdigest():
            problems.append(f"{path.name}: no valid .{algorithm}")
    signature = path.with_name(path.name + ".asc")
    if not signature.is_file():
        problems.append(f"{path.name}: not signed")
    elif subprocess.run(["gpg", "--batch", "--verify", str(signature), str(path)], capture_output=True).returncode != 0:
        problems.append(f"{path.name}: its signature does not verify")


def check_sbom(path, artifact_id, problems):
    if path.is_file():
        bom = json.loads(path.read_text(encoding="utf-8"))
        if bom.get("bomFormat") != "CycloneDX" or bom.get("metadata", {}).get("component", {}).get("name") != artifact_id:
            problems.append(f"{path.name}: not a CycloneDX SBOM of {artifact_id}")


def main():
    staging, release = pathlib.Path(sys.argv[1]), sys.argv[2]
    compare = pathlib.Path(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[3] == "--compare" else None
    problems = []
    compared = 0
    for artifact_id, (module, own_version) in PUBLISHED.items():
        versions = [d for d in (staging / GROUP / artifact_id).glob("*") if d.is_dir()]
        if len(versions) != 1:
            problems.append(f"{artifact_id}: {len(versions)} versions staged, 1 expected")
            continue
        directory = versions[0]
        version = directory.name
        if not own_version and version != release:
            problems.append(f"{artifact_id}: staged as {version}, not {release}")
        base = directory / f"{artifact_id}-{version}"
        files = [pathlib.Path(f"{base}{suffix}") for suffix in
                 (".pom", ".jar", "-sources.jar", "-javadoc.jar", "-cyclonedx.json")]
        if compare is None:
            for file in files:
                check_file(file, problems)
            if files[0].is_file():
                check_pom(files[0], artifact_id, version, problems)
            check_sbom(files[4], artifact_id, problems)
            continue
        for file in files[1:4]:
            built = compare / module / "target" / file.name
            if not built.is_file() or built.read_bytes() != file.read_bytes():
                problems.append(f"{file.name}: the second build's differs")
            compared += 1
    for problem in problems:
        print("  " + problem, file=sys.stderr)
    if problems:
        return 1
    if compare is None:
        print(f"staging: {len(PUBLISHED)} modules, each with POM, jar, sources, Javadoc and SBOM, signed and summed; POMs as Central requires")
    else:
        print(f"reproducible: {compared} jars of the second build identical to the staged ones")
    return 0


if __name__ == "__main__":
    sys.exit(main())
