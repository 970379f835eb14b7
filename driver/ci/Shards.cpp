//===--- Shards.cpp -------------------------------------------------------===//

#include "ci/Shards.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace cudalint {

static constexpr const char *RecordKey = "cudalint_shard";

std::optional<ShardSpec> parseShardSpec(llvm::StringRef Text) {
  auto [K, N] = Text.split('/');
  ShardSpec Spec;
  if (K.getAsInteger(10, Spec.Index) || N.getAsInteger(10, Spec.Count) ||
      Spec.Index < 1 || Spec.Index > Spec.Count)
    return std::nullopt;
  return Spec;
}

bool inShard(const std::string &File, const ShardSpec &Shard) {
  if (!Shard.active())
    return true;
  // The path the report shows: CI jobs check the tree out at different
  // places, but run from its top.
  uint64_t Hash = llvm::xxh3_64bits(displayPath(File));
  return Hash % Shard.Count == Shard.Index - 1;
}

static nlohmann::json errorsJson(const std::vector<FileError> &Errors) {
  nlohmann::json J = nlohmann::json::array();
  for (const FileError &E : Errors)
    J.push_back({E.File, E.Text});
  return J;
}

static std::vector<FileError> errorsFrom(const nlohmann::json &J) {
  std::vector<FileError> Errors;
  for (const nlohmann::json &E : J)
    Errors.push_back({E.at(0).get<std::string>(), E.at(1).get<std::string>()});
  return Errors;
}

void to_json(nlohmann::json &J, const LintRecord &R) {
  J = {{"units", R.Units},
       {"lone", R.Lone},
       {"fragments", R.Fragments},
       {"roots", R.Roots},
       {"path_errors", errorsJson(R.PathErrors)},
       {"unreadable_paths", R.UnreadablePaths},
       {"database_errors", errorsJson(R.DatabaseErrors)},
       {"from_cache", R.FromCache}};
  if (R.HeaderFilter)
    J["header_filter"] = *R.HeaderFilter;
}

void from_json(const nlohmann::json &J, LintRecord &R) {
  J.at("units").get_to(R.Units);
  J.at("lone").get_to(R.Lone);
  J.at("fragments").get_to(R.Fragments);
  J.at("roots").get_to(R.Roots);
  R.PathErrors = errorsFrom(J.at("path_errors"));
  J.at("unreadable_paths").get_to(R.UnreadablePaths);
  R.DatabaseErrors = errorsFrom(J.at("database_errors"));
  J.at("from_cache").get_to(R.FromCache);
  if (J.contains("header_filter"))
    R.HeaderFilter = J.at("header_filter").get<std::string>();
}

nlohmann::json shardRecord(const LintRecord &Record, const ShardSpec &Shard) {
  return {{"shard", Shard.Index}, {"of", Shard.Count}, {"record", Record}};
}

// Where a report of \p Format keeps the shard record, if it has one.
static const nlohmann::json *findRecord(const nlohmann::json &Report,
                                        ReportFormat &Format) {
  if (Report.contains(RecordKey)) {
    Format = ReportFormat::Json;
    return &Report[RecordKey];
  }
  if (Report.contains("runs") && Report["runs"].is_array() &&
      Report["runs"].size() == 1 && Report["runs"][0].contains("properties") &&
      Report["runs"][0]["properties"].contains(RecordKey)) {
    Format = ReportFormat::Sarif;
    return &Report["runs"][0]["properties"][RecordKey];
  }
  return nullptr;
}

std::optional<ShardReport> readShardReport(const std::string &Path,
                                           std::string &Error) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    Error = "cannot read '" + Path + "': " + Buffer.getError().message();
    return std::nullopt;
  }
  ShardReport Shard;
  try {
    nlohmann::json Report = nlohmann::json::parse((*Buffer)->getBuffer());
    const nlohmann::json *Record = findRecord(Report, Shard.Format);
    if (!Record) {
      Error = "'" + Path +
              "' is not the report of a shard: write each shard's with "
              "--shard K/N and --format=json or --format=sarif";
      return std::nullopt;
    }
    Record->at("shard").get_to(Shard.Shard.Index);
    Record->at("of").get_to(Shard.Shard.Count);
    Record->at("record").get_to(Shard.Record);
  } catch (const std::exception &E) {
    Error = "'" + Path + "' is not a report cudalint can merge: " + E.what();
    return std::nullopt;
  }
  return Shard;
}

// Whether \p Reports are the N shards of one run, each once, in one format.
static std::string shardSetProblem(const std::vector<ShardReport> &Reports) {
  if (Reports.empty())
    return "no reports to merge";
  const ShardReport &First = Reports.front();
  std::set<unsigned> Seen;
  for (const ShardReport &R : Reports) {
    if (R.Format != First.Format)
      return "the reports to merge mix JSON and SARIF; merge one format";
    if (R.Shard.Count != First.Shard.Count)
      return "the reports to merge come from different shard counts (" +
             std::to_string(First.Shard.Count) + " and " +
             std::to_string(R.Shard.Count) + ")";
    if (!Seen.insert(R.Shard.Index).second)
      return "shard " + std::to_string(R.Shard.Index) + "/" +
             std::to_string(R.Shard.Count) + " is given twice";
  }
  std::string Missing;
  for (unsigned K = 1; K <= First.Shard.Count; ++K)
    if (!Seen.count(K))
      Missing += (Missing.empty() ? "" : ", ") + std::to_string(K) + "/" +
                 std::to_string(First.Shard.Count);
  if (!Missing.empty())
    return "the report of shard " + Missing +
           " is missing; a merge needs every shard";
  return "";
}

// The order of one run: files sorted, headers alone before fragments alone.
static void sortLikeOneRun(LintRecord &Whole) {
  auto ByFile = [](const FileResult &A, const FileResult &B) {
    return A.File < B.File;
  };
  std::sort(Whole.Units.begin(), Whole.Units.end(), ByFile);
  std::set<std::string> Fragments(Whole.Fragments.begin(),
                                  Whole.Fragments.end());
  std::sort(Whole.Lone.begin(), Whole.Lone.end(),
            [&](const FileResult &A, const FileResult &B) {
              bool FA = Fragments.count(A.File), FB = Fragments.count(B.File);
              return FA != FB ? FB : A.File < B.File;
            });
}

std::optional<LintRecord> combineShards(std::vector<ShardReport> Reports,
                                        std::string &Error) {
  Error = shardSetProblem(Reports);
  if (!Error.empty())
    return std::nullopt;
  // Discovery and the command line are the same in every shard; what each
  // shard linted, and the databases its files used, add up.
  LintRecord Whole = std::move(Reports.front().Record);
  for (size_t I = 1; I < Reports.size(); ++I) {
    LintRecord &Part = Reports[I].Record;
    for (FileResult &R : Part.Units)
      Whole.Units.push_back(std::move(R));
    for (FileResult &R : Part.Lone)
      Whole.Lone.push_back(std::move(R));
    for (FileError &E : Part.DatabaseErrors)
      Whole.DatabaseErrors.push_back(std::move(E));
    Whole.FromCache += Part.FromCache;
  }
  sortLikeOneRun(Whole);
  return Whole;
}

} // namespace cudalint
