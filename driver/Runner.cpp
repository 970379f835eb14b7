//===--- Runner.cpp -------------------------------------------------------===//
//
// One fork per translation unit: the front end can crash or loop on input it
// was never tested with, and a linter run over thousands of files must
// survive that. fork() after start-up costs far less than a parse, and the
// children use every core without sharing any state with each other.
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace cudalint {

namespace {

struct Running {
  size_t Index;
  std::string ResultPath;
  std::chrono::steady_clock::time_point Started;
  bool TimedOut = false;
};

std::string describeStatus(int Status) {
  if (WIFSIGNALED(Status)) {
    int Signal = WTERMSIG(Status);
    return std::string("cudalint crashed while analysing this file (signal ") +
           std::to_string(Signal) + ": " + strsignal(Signal) +
           "); the other files were analysed";
  }
  return "cudalint's worker exited with status " +
         std::to_string(WEXITSTATUS(Status)) + " while analysing this file";
}

} // namespace

std::vector<FileResult>
runIsolated(const std::vector<std::string> &Files, unsigned Jobs,
            unsigned TimeoutSeconds,
            const std::function<FileResult(const std::string &)> &Work,
            bool ShowProgress) {
  std::vector<FileResult> Results(Files.size());
  if (Jobs == 0)
    Jobs = 1;
  llvm::SmallString<128> TempDir;
  if (llvm::sys::fs::createUniqueDirectory("cudalint", TempDir)) {
    // No scratch space: analyse in-process, one at a time.
    for (size_t I = 0; I < Files.size(); ++I)
      Results[I] = Work(Files[I]);
    return Results;
  }

  std::map<pid_t, Running> Active;
  size_t Next = 0, Done = 0;
  auto Finish = [&](const Running &R, int Status) {
    FileResult &Out = Results[R.Index];
    Out.File = Files[R.Index];
    bool Ok = WIFEXITED(Status) && WEXITSTATUS(Status) == 0;
    if (Ok) {
      std::ifstream In(R.ResultPath);
      try {
        nlohmann::json J = nlohmann::json::parse(In);
        Out = J.get<FileResult>();
      } catch (const std::exception &E) {
        Out.FileErrors.push_back(
            std::string("cannot read the worker's result: ") + E.what());
      }
    } else if (R.TimedOut) {
      Out.FileErrors.push_back("analysis timed out after " +
                               std::to_string(TimeoutSeconds) +
                               " s; the other files were analysed");
    } else {
      Out.FileErrors.push_back(describeStatus(Status));
    }
    std::remove(R.ResultPath.c_str());
    ++Done;
    if (ShowProgress) {
      llvm::errs() << "\r\x1b[K[" << Done << "/" << Files.size() << "] "
                   << Files[R.Index];
      llvm::errs().flush();
    }
  };

  while (Done < Files.size()) {
    while (Active.size() < Jobs && Next < Files.size()) {
      size_t Index = Next++;
      std::string ResultPath =
          (TempDir + "/" + std::to_string(Index) + ".json").str();
      llvm::outs().flush();
      llvm::errs().flush();
      std::fflush(nullptr);
      pid_t Pid = fork();
      if (Pid == 0) {
        FileResult R = Work(Files[Index]);
        {
          std::ofstream Out(ResultPath);
          Out << dumpJson(nlohmann::json(R));
          if (!Out)
            _exit(3);
        }
        _exit(0);
      }
      if (Pid < 0) {
        // Out of processes: do this one here.
        Results[Index] = Work(Files[Index]);
        ++Done;
        continue;
      }
      Active[Pid] = {Index, ResultPath, std::chrono::steady_clock::now()};
    }
    if (Active.empty())
      continue;
    int Status = 0;
    pid_t Pid = waitpid(-1, &Status, WNOHANG);
    if (Pid > 0) {
      auto It = Active.find(Pid);
      if (It != Active.end()) {
        Running R = It->second;
        Active.erase(It);
        Finish(R, Status);
      }
      continue;
    }
    auto Now = std::chrono::steady_clock::now();
    for (auto &[ChildPid, R] : Active) {
      if (TimeoutSeconds && !R.TimedOut &&
          Now - R.Started > std::chrono::seconds(TimeoutSeconds)) {
        R.TimedOut = true;
        kill(ChildPid, SIGKILL);
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (ShowProgress)
    llvm::errs() << "\r\x1b[K";
  llvm::sys::fs::remove_directories(TempDir);
  return Results;
}

} // namespace cudalint
