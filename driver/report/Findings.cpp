//===--- Findings.cpp -----------------------------------------------------===//

#include "report/Findings.h"

#include <nlohmann/json.hpp>

namespace cudalint {

const char *severityName(Severity S) {
  switch (S) {
  case Severity::Note:
    return "note";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "warning";
}

static Severity severityFromName(const std::string &Name) {
  if (Name == "error")
    return Severity::Error;
  if (Name == "note")
    return Severity::Note;
  return Severity::Warning;
}

std::string dumpJson(const nlohmann::json &J, int Indent) {
  return J.dump(Indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

void to_json(nlohmann::json &J, const Replacement &R) {
  J = {{"file", R.File},
       {"offset", R.Offset},
       {"length", R.Length},
       {"replacement", R.Text}};
}
void from_json(const nlohmann::json &J, Replacement &R) {
  J.at("file").get_to(R.File);
  J.at("offset").get_to(R.Offset);
  J.at("length").get_to(R.Length);
  J.at("replacement").get_to(R.Text);
}

void to_json(nlohmann::json &J, const Message &M) {
  J = {{"file", M.File},     {"line", M.Line},    {"column", M.Column},
       {"offset", M.Offset}, {"message", M.Text}, {"fixes", M.Fixes}};
}
void from_json(const nlohmann::json &J, Message &M) {
  J.at("file").get_to(M.File);
  J.at("line").get_to(M.Line);
  J.at("column").get_to(M.Column);
  J.at("offset").get_to(M.Offset);
  J.at("message").get_to(M.Text);
  J.at("fixes").get_to(M.Fixes);
}

void to_json(nlohmann::json &J, const Finding &F) {
  J = nlohmann::json(F.Main);
  J["check"] = F.Check;
  J["severity"] = severityName(F.Level);
  J["notes"] = F.Notes;
}
void from_json(const nlohmann::json &J, Finding &F) {
  from_json(J, F.Main);
  J.at("check").get_to(F.Check);
  F.Level = severityFromName(J.at("severity").get<std::string>());
  J.at("notes").get_to(F.Notes);
}

void to_json(nlohmann::json &J, const KernelRecord &K) {
  J = {{"name", K.Name},
       {"file", K.File},
       {"line", K.Line},
       {"last_line", K.LastLine},
       {"analysed", K.Analysed}};
}
void from_json(const nlohmann::json &J, KernelRecord &K) {
  J.at("name").get_to(K.Name);
  J.at("file").get_to(K.File);
  J.at("line").get_to(K.Line);
  J.at("last_line").get_to(K.LastLine);
  J.at("analysed").get_to(K.Analysed);
}

void to_json(nlohmann::json &J, const FileResult &R) {
  J = {{"file", R.File},         {"findings", R.Findings},
       {"errors", R.FileErrors}, {"included", R.Included},
       {"parsed", R.Parsed},     {"config_header_filter", R.ConfigHeaderFilter},
       {"kernels", R.Kernels}};
  if (!R.Inputs.empty())
    J["inputs"] = R.Inputs;
  if (!R.MissingHeaderDirs.empty())
    J["missing_header_dirs"] = R.MissingHeaderDirs;
  if (R.UsedHeaderSearch)
    J["used_header_search"] = true;
}
void from_json(const nlohmann::json &J, FileResult &R) {
  J.at("file").get_to(R.File);
  J.at("findings").get_to(R.Findings);
  J.at("errors").get_to(R.FileErrors);
  J.at("included").get_to(R.Included);
  J.at("parsed").get_to(R.Parsed);
  J.at("config_header_filter").get_to(R.ConfigHeaderFilter);
  J.at("kernels").get_to(R.Kernels);
  R.Inputs = J.value("inputs", std::vector<std::string>());
  R.MissingHeaderDirs =
      J.value("missing_header_dirs", std::vector<std::string>());
  R.UsedHeaderSearch = J.value("used_header_search", false);
}

} // namespace cudalint
