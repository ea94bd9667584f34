// The training tools' linear solver (src/tools/othello/linear_solve.h): Gauss-Jordan elimination
// with partial pivoting on a fixed system, a system that needs the pivoting, and a singular one.
#include <doctest/doctest.h>

#include "tools/othello/linear_solve.h"

using namespace othello;

TEST_CASE("solve_linear solves a fixed 3x3 system with either sweep") {
    for (Sweep sweep : {Sweep::FromPivot, Sweep::WholeRow}) {
        // A = [[2, 1, 0], [1, 3, 1], [0, 1, 4]], x = (1, 2, 3).
        double m[3][4] = {{2, 1, 0, 4}, {1, 3, 1, 10}, {0, 1, 4, 14}};
        double x[3];
        REQUIRE(solve_linear(m, x, sweep));
        CHECK(x[0] == doctest::Approx(1.0));
        CHECK(x[1] == doctest::Approx(2.0));
        CHECK(x[2] == doctest::Approx(3.0));
    }
}

TEST_CASE("solve_linear pivots on the largest entry of the column") {
    // Without the row swap the tiny first pivot would wipe out the answer.
    double m[2][3] = {{1e-20, 1, 1}, {1, 1, 2}};
    double x[2];
    REQUIRE(solve_linear(m, x));
    CHECK(x[0] == doctest::Approx(1.0));
    CHECK(x[1] == doctest::Approx(1.0));
}

TEST_CASE("solve_linear skips a column without a pivot and says so") {
    // The third column is empty: x[2] is 0, the others still solve.
    double m[3][4] = {{2, 0, 0, 2}, {0, 4, 0, 8}, {0, 0, 0, 0}};
    double x[3] = {-1, -1, -1};
    CHECK_FALSE(solve_linear(m, x, Sweep::WholeRow));
    CHECK(x[0] == doctest::Approx(1.0));
    CHECK(x[1] == doctest::Approx(2.0));
    CHECK(x[2] == 0.0);
}
