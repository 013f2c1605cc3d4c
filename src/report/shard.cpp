#include "gpuatom/report/shard.hpp"

#include <fmt/format.h>

#include <charconv>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "gpuatom/support/input_error.hpp"
#include "run_json_objects.hpp"

namespace gpuatom::report {

namespace {

namespace fs = std::filesystem;

bool parse_number(std::string_view text, uint64_t& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && !text.empty();
}

// FNV-1a, 64 bits: a hash whose value is fixed by its definition, so that every machine and every
// release assigns a file to the same shard.
uint64_t fnv1a(std::string_view text) {
  uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

}  // namespace

Shard shard_option(const std::string& text) {
  const size_t slash = text.find('/');
  Shard shard;
  if (slash == std::string::npos || !parse_number(std::string_view(text).substr(0, slash), shard.index) ||
      !parse_number(std::string_view(text).substr(slash + 1), shard.count) || shard.index < 1 ||
      shard.index > shard.count)
    throw support::InputError(fmt::format("--shard {}: expected K/N, shard K of N with 1 ≤ K ≤ N (e.g. 1/4)", text));
  return shard;
}

const char* name(ShardSplit split) { return split == ShardSplit::files ? "files" : "subtrees"; }

std::string shard_key(const std::string& file, const std::vector<std::string>& args) {
  std::error_code ec;
  for (const std::string& arg : args) {
    if (!fs::is_directory(arg, ec)) continue;
    const fs::path relative = fs::path(file).lexically_relative(arg);
    if (!relative.empty() && *relative.begin() != "..") return relative.generic_string();
  }
  return fs::path(file).lexically_normal().generic_string();
}

bool in_shard(const std::string& key, const Shard& shard) { return fnv1a(key) % shard.count == shard.index - 1; }

std::string shard_json(const ShardHeader& header, const std::vector<FileRun>& runs) {
  nlohmann::json doc;
  doc["shard"] = {{"index", header.shard.index},
                  {"count", header.shard.count},
                  {"split", name(header.split)},
                  {"scenarios", header.scenarios},
                  {"seconds", header.seconds}};
  doc["runs"] = nlohmann::json::array();
  for (const FileRun& run : runs) {
    nlohmann::json j = file_run_json(run);
    if (header.split == ShardSplit::subtrees && run.report) {
      const scenario::RunReport& r = *run.report;
      j["shard_search"] = {{"subtrees", r.subtrees}, {"pruned", r.pruned}};
      j["shard_search"]["first_complete_subtree"] =
          r.first_complete_subtree == UINT64_MAX ? nlohmann::json(nullptr) : nlohmann::json(r.first_complete_subtree);
    }
    doc["runs"].push_back(std::move(j));
  }
  return doc.dump(2) + "\n";
}

}  // namespace gpuatom::report
