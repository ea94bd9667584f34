// One main() for every doctest executable.
//
// It also refuses a run in which no test case matched the filter: CTest runs each case by
// name, and a name CTest cannot pass through intact (a ';' splits it) would otherwise select
// nothing and "pass" without testing anything.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>

namespace {

int g_cases_run = 0;

// Counts the test cases that start; reports nothing.
struct CaseCounter : doctest::IReporter {
    explicit CaseCounter(const doctest::ContextOptions&) {}
    void report_query(const doctest::QueryData&) override {}
    void test_run_start() override {}
    void test_run_end(const doctest::TestRunStats&) override {}
    void test_case_start(const doctest::TestCaseData&) override { ++g_cases_run; }
    void test_case_reenter(const doctest::TestCaseData&) override {}
    void test_case_end(const doctest::CurrentTestCaseStats&) override {}
    void test_case_exception(const doctest::TestCaseException&) override {}
    void subcase_start(const doctest::SubcaseSignature&) override {}
    void subcase_end() override {}
    void log_assert(const doctest::AssertData&) override {}
    void log_message(const doctest::MessageData&) override {}
    void test_case_skipped(const doctest::TestCaseData&) override {}
};

REGISTER_LISTENER("case-counter", 1, CaseCounter);

} // namespace

int main(int argc, char** argv) {
    doctest::Context context(argc, argv);
    const int result = context.run();
    if (context.shouldExit()) return result; // --list-test-cases, --help, …
    if (result == 0 && g_cases_run == 0) {
        std::fprintf(stderr, "doctest: no test case matched the filter: nothing was tested\n");
        return 1;
    }
    return result;
}
