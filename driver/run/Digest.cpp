//===--- Digest.cpp -------------------------------------------------------===//

#include "run/Digest.h"

#include "clang/Basic/Version.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"

#include <chrono>

namespace fs = llvm::sys::fs;

namespace cudalint {

void Digest::add(llvm::StringRef S) {
  uint64_t Size = S.size();
  H.update(llvm::ArrayRef<uint8_t>(reinterpret_cast<uint8_t *>(&Size),
                                   sizeof(Size)));
  H.update(S);
}

void Digest::add(const std::vector<std::string> &List) {
  add(std::to_string(List.size()));
  for (const std::string &S : List)
    add(S);
}

std::string Digest::hex() { return llvm::toHex(H.final(), /*LowerCase=*/true); }

int64_t nanoseconds(llvm::sys::TimePoint<> T) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             T.time_since_epoch())
      .count();
}

const std::string &toolIdentity() {
  static const std::string Identity = [] {
    std::string Id =
        std::string(CUDALINT_VERSION) + "|" + clang::getClangFullVersion();
    std::string Exe = fs::getMainExecutable(nullptr, nullptr);
    fs::file_status Status;
    if (!Exe.empty() && !fs::status(Exe, Status))
      Id += "|" + std::to_string(Status.getSize()) + "|" +
            std::to_string(nanoseconds(Status.getLastModificationTime()));
    return Id;
  }();
  return Identity;
}

} // namespace cudalint
