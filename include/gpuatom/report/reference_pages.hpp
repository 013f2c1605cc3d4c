// The generated reference as files (`gpuatom docs`): every page of docs/reference/ with its name,
// checked against a directory (--check) or written into one, each file atomically.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace gpuatom::report {

struct ReferencePage {
  const char* name;  // "nvidia.md"
  std::string text;
};

// The pages reference.hpp makes, then cli.md (`cli_markdown`: the CLI writes it from its own help).
std::vector<ReferencePage> reference_pages(std::string cli_markdown);

// cli.md's opening, before each command's help: the exit statuses and the nothing-read rule.
std::string_view cli_reference_preamble();

// How many pages are missing from `dir` or differ there, each said on standard error with the
// command that writes them (`gpuatom docs --out OUT`). A `dir` that is not a directory is bad input
// (support::InputError): outside a checkout there is nothing to compare with.
size_t stale_reference_pages(const std::filesystem::path& dir, const std::vector<ReferencePage>& pages,
                             std::string_view out);

// Writes every page into `dir` (created), all or none (support/files.hpp). Refused (support::InputError)
// when a page would replace the file standard output goes to, or when writing fails.
void write_reference_pages(const std::filesystem::path& dir, const std::vector<ReferencePage>& pages);

}  // namespace gpuatom::report
