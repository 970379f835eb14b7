//===--- Runner.cpp -------------------------------------------------------===//
//
// One fork per translation unit: the front end can crash or loop on input it
// was never tested with, and a linter run over thousands of files must
// survive that. fork() after start-up costs far less than a parse, and the
// children use every core without sharing any state with each other.
//
//===----------------------------------------------------------------------===//

#include "run/Runner.h"

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
  bool OverMemory = false;
};

std::string describeStatus(int Status) {
  if (WIFSIGNALED(Status)) {
    int Signal = WTERMSIG(Status);
    return std::string("cudalint crashed while analysing this file (signal ") +
           std::to_string(Signal) + ": " + strsignal(Signal) +
           "); the other files were analysed. To reproduce, lint this file "
           "alone with -j1; please report it with the file, or a reduced "
           "copy that still crashes";
  }
  return "cudalint's worker exited with status " +
         std::to_string(WEXITSTATUS(Status)) + " while analysing this file";
}

// The resident memory of process \p Pid in bytes (Linux's /proc); 0 when
// it cannot be read.
uint64_t residentBytes(pid_t Pid) {
  std::ifstream In("/proc/" + std::to_string(Pid) + "/statm");
  uint64_t Size = 0, Resident = 0;
  if (!(In >> Size >> Resident))
    return 0;
  return Resident * uint64_t(sysconf(_SC_PAGESIZE));
}

// What a worker may still grow by between two looks at it (the parent
// looks every 5 ms): it is stopped this far below its limit.
constexpr uint64_t LookHeadroom = uint64_t(16) << 20;

std::string outOfMemoryText(uint64_t Bytes) {
  return "analysing this file took more than the " +
         std::to_string(Bytes >> 20) +
         " MiB of memory a worker may use (a generated file, or one of tens "
         "of thousands of kernels?); the other files were analysed. "
         "--worker-memory=SIZE raises the limit (0: none)";
}

// The files of one run, each in a forked child, at most Jobs at once.
class WorkerPool {
public:
  WorkerPool(const std::vector<std::string> &Files,
             const WorkerOptions &Options, const FileWork &Work,
             llvm::StringRef TempDir)
      : Files(Files), Options(Options), Work(Work), TempDir(TempDir),
        Results(Files.size()) {}

  std::vector<FileResult> run() {
    while (Done < Files.size()) {
      startWorkers();
      if (Active.empty())
        continue;
      if (reapOne())
        continue;
      killOverdue();
      killOverMemory();
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return std::move(Results);
  }

private:
  void startWorkers() {
    while (Active.size() < std::max(1u, Options.Jobs) && Next < Files.size())
      startWorker(Next++);
  }

  void startWorker(size_t Index) {
    std::string ResultPath =
        (TempDir + "/" + std::to_string(Index) + ".json").str();
    llvm::outs().flush();
    llvm::errs().flush();
    std::fflush(nullptr);
    pid_t Pid = fork();
    if (Pid == 0)
      workInChild(Index, ResultPath);
    if (Pid < 0) {
      // Out of processes: do this one here.
      Results[Index] = Work(Files[Index]);
      ++Done;
      return;
    }
    Active[Pid] = {Index, ResultPath, std::chrono::steady_clock::now()};
  }

  [[noreturn]] void workInChild(size_t Index, const std::string &ResultPath) {
    FileResult R = Work(Files[Index]);
    {
      std::ofstream Out(ResultPath);
      Out << dumpJson(nlohmann::json(R));
      if (!Out)
        _exit(3);
    }
    _exit(0);
  }

  // Collects one child that ended, if any has; false when none had.
  bool reapOne() {
    int Status = 0;
    pid_t Pid = waitpid(-1, &Status, WNOHANG);
    if (Pid <= 0)
      return false;
    auto It = Active.find(Pid);
    if (It != Active.end()) {
      Running R = It->second;
      Active.erase(It);
      finish(R, Status);
    }
    return true;
  }

  void killOverdue() {
    auto Now = std::chrono::steady_clock::now();
    for (auto &[ChildPid, R] : Active) {
      if (Options.TimeoutSeconds && !R.TimedOut &&
          Now - R.Started > std::chrono::seconds(Options.TimeoutSeconds)) {
        R.TimedOut = true;
        kill(ChildPid, SIGKILL);
      }
    }
  }

  // Stops the workers that come within LookHeadroom of the memory limit.
  void killOverMemory() {
    if (!Options.MemoryBytes)
      return;
    for (auto &[ChildPid, R] : Active)
      if (!R.OverMemory && !R.TimedOut &&
          residentBytes(ChildPid) + LookHeadroom >= Options.MemoryBytes) {
        R.OverMemory = true;
        kill(ChildPid, SIGKILL);
      }
  }

  void finish(const Running &R, int Status) {
    FileResult &Out = Results[R.Index];
    Out.File = Files[R.Index];
    bool Ok = WIFEXITED(Status) && WEXITSTATUS(Status) == 0;
    if (Ok)
      readResult(R.ResultPath, Out);
    else if (R.OverMemory)
      Out.FileErrors.push_back(outOfMemoryText(Options.MemoryBytes));
    else if (R.TimedOut)
      Out.FileErrors.push_back(
          "analysis timed out after " + std::to_string(Options.TimeoutSeconds) +
          " s; the other files were analysed (--timeout=SECONDS allows more, "
          "--timeout=0 no limit)");
    else {
      Out.FileErrors.push_back(describeStatus(Status));
      Out.WorkerDied = true;
    }
    std::remove(R.ResultPath.c_str());
    ++Done;
    if (Options.ShowProgress) {
      llvm::errs() << "\r\x1b[K[" << Done << "/" << Files.size() << "] "
                   << Files[R.Index];
      llvm::errs().flush();
    }
  }

  static void readResult(const std::string &ResultPath, FileResult &Out) {
    std::ifstream In(ResultPath);
    try {
      nlohmann::json J = nlohmann::json::parse(In);
      Out = J.get<FileResult>();
    } catch (const std::exception &E) {
      Out.FileErrors.push_back(
          std::string("cannot read the worker's result: ") + E.what());
    }
  }

  const std::vector<std::string> &Files;
  const WorkerOptions &Options;
  const FileWork &Work;
  llvm::StringRef TempDir;
  std::vector<FileResult> Results;
  std::map<pid_t, Running> Active;
  size_t Next = 0, Done = 0;
};

} // namespace

std::vector<FileResult> runIsolated(const std::vector<std::string> &Files,
                                    const WorkerOptions &Options,
                                    const FileWork &Work) {
  llvm::SmallString<128> TempDir;
  if (llvm::sys::fs::createUniqueDirectory("cudalint", TempDir)) {
    // No scratch space: analyse in-process, one at a time.
    std::vector<FileResult> Results(Files.size());
    for (size_t I = 0; I < Files.size(); ++I)
      Results[I] = Work(Files[I]);
    return Results;
  }
  std::vector<FileResult> Results =
      WorkerPool(Files, Options, Work, TempDir).run();
  if (Options.ShowProgress)
    llvm::errs() << "\r\x1b[K";
  llvm::sys::fs::remove_directories(TempDir);
  return Results;
}

} // namespace cudalint
