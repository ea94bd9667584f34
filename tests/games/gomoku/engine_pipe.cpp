#include "engine_pipe.h"

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

namespace gomoku {

EnginePipe::EnginePipe(const std::string& path) {
    int down[2], up[2]; // parent -> child, child -> parent
    if (pipe(down) != 0) return;
    if (pipe(up) != 0) {
        close(down[0]), close(down[1]);
        return;
    }
    pid_ = fork();
    if (pid_ == 0) {
        dup2(down[0], STDIN_FILENO);
        dup2(up[1], STDOUT_FILENO);
        close(down[0]), close(down[1]), close(up[0]), close(up[1]);
        execl(path.c_str(), path.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    close(down[0]), close(up[1]);
    if (pid_ < 0) {
        close(down[1]), close(up[0]);
        return;
    }
    std::signal(SIGPIPE, SIG_IGN); // a child that died shows as a failed write, not a signal
    to_child_ = fdopen(down[1], "w");
    from_child_ = fdopen(up[0], "r");
}

EnginePipe::~EnginePipe() {
    if (to_child_) std::fclose(to_child_);
    if (from_child_) std::fclose(from_child_);
    if (pid_ > 0) waitpid(pid_, nullptr, 0);
}

bool EnginePipe::send(const std::string& text) {
    if (!ok()) return false;
    return std::fwrite(text.data(), 1, text.size(), to_child_) == text.size() &&
           std::fflush(to_child_) == 0;
}

bool EnginePipe::read_line(std::string& line) {
    line.clear();
    if (!ok()) return false;
    int ch;
    while ((ch = std::fgetc(from_child_)) != EOF && ch != '\n')
        if (ch != '\r') line += char(ch);
    return ch != EOF || !line.empty();
}

} // namespace gomoku
