// pbrain-miniarena — the Gomocup / Piskvork brain: protocol lines on stdin, replies on stdout
// (each flushed). A reader thread takes stdin so that YXSTOP and END reach a running search.
#include "games/gomoku/brain.h"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>

int main() {
    std::ios::sync_with_stdio(false);
    gomoku::Brain brain(64);
    std::mutex mutex;
    std::condition_variable cv;
    // Lines with the moment they arrived: a move's time counts from then.
    std::deque<std::pair<std::string, std::chrono::steady_clock::time_point>> queue;
    bool eof = false;
    std::thread reader([&] {
        std::string line;
        // Every line read is queued and handled in order, so this count is the line's number
        // as Brain counts them: a stop applies to the searches of the lines before it.
        for (uint64_t line_no = 0; std::getline(std::cin, line); ++line_no) {
            std::string cmd; // the first word, upper case
            for (char c : line) {
                if (c == ' ' || c == '\r' || c == '\t') {
                    if (cmd.empty()) continue;
                    break;
                }
                cmd += char(std::toupper(static_cast<unsigned char>(c)));
            }
            if (cmd == "YXSTOP" || cmd == "END") brain.request_stop(line_no);
            std::lock_guard<std::mutex> lock(mutex);
            queue.emplace_back(line, std::chrono::steady_clock::now());
            cv.notify_one();
            if (cmd == "END") break;
        }
        std::lock_guard<std::mutex> lock(mutex);
        eof = true;
        cv.notify_one();
    });
    while (!brain.quit()) {
        std::string line;
        std::chrono::steady_clock::time_point received;
        {
            std::unique_lock<std::mutex> lock(mutex);
            cv.wait(lock, [&] { return !queue.empty() || eof; });
            if (queue.empty()) break;
            line = std::move(queue.front().first);
            received = queue.front().second;
            queue.pop_front();
        }
        for (const std::string& reply : brain.handle(line, received)) {
            std::fputs(reply.c_str(), stdout);
            std::fputc('\n', stdout);
            std::fflush(stdout);
        }
    }
    reader.detach(); // may be blocked in getline; the process exits anyway
    return 0;
}
