// The Intel oracle's committed table (tests/oracle/intel/results.md, written by `make
// oracle-intel`) is the one home of its numbers: docs/oracles.md shows it line for line, and the
// report compiles it in.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "gpuatom/report/html_report.hpp"
#include "intel/visa_test_support.hpp"

using visa_test::file_text;

TEST(IntelOracleTable, DocsAndReportShowTheCommittedRun) {
  const std::string table = file_text(std::string(GPUATOM_SOURCE_DIR) + "/tests/oracle/intel/results.md");
  ASSERT_NE(table.find("| pvc |"), std::string::npos) << table;
  EXPECT_EQ(gpuatom::report::intel_oracle_table(), table);
  const std::string docs = file_text(std::string(GPUATOM_SOURCE_DIR) + "/docs/oracles.md");
  std::istringstream lines(table);
  std::string line;
  while (std::getline(lines, line))
    EXPECT_NE(docs.find(line + "\n"), std::string::npos) << "docs/oracles.md lacks: " << line;
  const std::string page = gpuatom::report::html_report({}, "test");
  EXPECT_NE(page.find("<td>acm-g10</td>"), std::string::npos);
}
