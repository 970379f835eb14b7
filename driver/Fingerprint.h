//===--- Fingerprint.h - a finding's identity across commits --------------===//
//
// GitHub code scanning matches an alert from one commit to the next by
// `partialFingerprints.primaryLocationLineHash`, and a baseline matches a
// finding the same way: neither may change when lines are added above the
// finding or elsewhere in the file. The key is computed from what the
// finding is about, never from its line number: the check, the kernel that
// encloses it, and the text of its line and of the nearest non-blank lines
// around it, whitespace normalized.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_FINGERPRINT_H
#define CUDALINT_DRIVER_FINGERPRINT_H

#include "Report.h"

#include <string>
#include <vector>

namespace cudalint {

/// The fingerprint of each finding of \p Report, in order: a hex hash, then
/// ":N" counting the findings of one file with the same hash (GitHub's
/// convention), so that two identical lines keep apart.
std::vector<std::string> fingerprints(const RunReport &Report);

} // namespace cudalint

#endif
