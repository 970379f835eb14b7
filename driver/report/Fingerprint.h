//===--- Fingerprint.h - a finding's identity across commits --------------===//
//
// GitHub code scanning matches an alert from one commit to the next by
// `partialFingerprints.primaryLocationLineHash`, and a baseline matches a
// finding the same way: neither may change when lines are added above the
// finding or elsewhere in the file. The key is computed from what the
// finding is about, never from its line number: the check, the kernel that
// encloses it, the text of its line and of the nearest non-blank lines
// around it, whitespace normalized. Those neighbours are taken only from
// inside the kernel's definition, so that code added above or below the
// kernel, or blank lines anywhere, leave the key alone; an edit of the line
// next to a finding gives it a new one, as GitHub's own fingerprints do.
// Findings whose keys still collide are numbered in the order of the file.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_REPORT_FINGERPRINT_H
#define CUDALINT_DRIVER_REPORT_FINGERPRINT_H

#include "report/Report.h"

#include <string>
#include <vector>

namespace cudalint {

/// Gives each finding of \p Report its fingerprint: a hex hash, then ":N"
/// counting the findings of one file with the same hash (GitHub's
/// convention), so that two identical lines keep apart. Call it on the
/// whole run: the numbering must not depend on what a baseline or a diff
/// later hides.
void assignFingerprints(RunReport &Report);

} // namespace cudalint

#endif
