package io.github.tomcatlatency.cli;

import io.github.tomcatlatency.scan.ScanVerdict;
import org.jspecify.annotations.Nullable;

/**
 * The verdict on one application and what it was read from: an SBOM tells less than the
 * archive it describes, and the reports say so.
 *
 * @param verdict the verdict
 * @param sbomSpecVersion the CycloneDX version of the SBOM it was read from, or
 * {@code null} when it was read from an archive or directory
 */
record ScannedApplication(ScanVerdict verdict, @Nullable String sbomSpecVersion) {

}
