// The one check every writer makes before it writes a file: the file must not be one of the
// command's inputs (`run me.toml --junit me.toml` would replace the scenario with XML), nor the
// file standard output or standard error goes to (`--junit /dev/stdout` with standard output
// redirected to a file would replace that file, and what is printed after it would be lost).
// Files are compared by device and inode, so a hard link, a symbolic link or /dev/stdout is
// seen through.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace gpuatom::support {

// Why `output` must not be written ("is the input me.toml"), or nothing when it may be. An input
// "-" stands for standard input. An output that does not exist yet conflicts with nothing.
std::optional<std::string> output_target_conflict(const std::filesystem::path& output,
                                                  const std::vector<std::string>& inputs = {});

}  // namespace gpuatom::support
