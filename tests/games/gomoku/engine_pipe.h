// engine_pipe.h — a child process spoken to in lines over its stdin and stdout (a Gomocup
// brain such as Rapfi), for the comparison tools. POSIX only (native builds).
#pragma once
#include <cstdio>
#include <string>
#include <sys/types.h>

namespace gomoku {

class EnginePipe {
  public:
    // Starts the executable `path` without arguments; ok() says whether it runs.
    explicit EnginePipe(const std::string& path);
    // Closes its input (a brain then ends) and waits for it.
    ~EnginePipe();
    EnginePipe(const EnginePipe&) = delete;
    EnginePipe& operator=(const EnginePipe&) = delete;

    bool ok() const { return to_child_ && from_child_; }
    // Writes `text` as is (lines end with "\n") and flushes; false when the child is gone.
    bool send(const std::string& text);
    // The next line of its output without the line end; false at the end of its output.
    bool read_line(std::string& line);

  private:
    pid_t pid_ = -1;
    FILE* to_child_ = nullptr;
    FILE* from_child_ = nullptr;
};

} // namespace gomoku
