//===--- Shards.h - one run split across CI jobs, and merged back ---------===//
//
// `--shard K/N` lints a stable share of the files: those whose path (as the
// report shows it, relative to the working directory) hashes to K. Adding a
// file moves no other file between shards. A shard's JSON or SARIF report
// carries what it found before the merge (a LintRecord), and
// `--merge OUT IN...` merges the shards' records exactly as one run merges
// its own, so the merged report equals the report of a single run.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DRIVER_CI_SHARDS_H
#define CUDALINT_DRIVER_CI_SHARDS_H

#include "run/Lint.h"

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// "K/N" with 1 <= K <= N; nullopt otherwise.
std::optional<ShardSpec> parseShardSpec(llvm::StringRef Text);

/// Whether \p File (absolute) belongs to \p Shard.
bool inShard(const std::string &File, const ShardSpec &Shard);

/// The record a shard's report carries, under the key "cudalint_shard".
nlohmann::json shardRecord(const LintRecord &Record, const ShardSpec &Shard);

/// A shard's report as written by --shard with --format=json or sarif.
struct ShardReport {
  ReportFormat Format = ReportFormat::Json;
  ShardSpec Shard;
  LintRecord Record;
};

/// Reads the report in \p Path; nullopt, with the reason in \p Error, when
/// it is unreadable or not a shard's report.
std::optional<ShardReport> readShardReport(const std::string &Path,
                                           std::string &Error);

/// The record of the whole run from every shard's: nullopt, with the
/// reason in \p Error, unless the reports share one format and one N and
/// hold each shard 1..N exactly once.
std::optional<LintRecord> combineShards(std::vector<ShardReport> Reports,
                                        std::string &Error);

void to_json(nlohmann::json &J, const LintRecord &R);
void from_json(const nlohmann::json &J, LintRecord &R);

} // namespace cudalint

#endif
