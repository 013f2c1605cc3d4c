#include "gpuatom/support/output_target.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gpuatom::support {

namespace {

struct FileIdentity {
  dev_t device;
  ino_t inode;
  bool operator==(const FileIdentity&) const = default;
};

// The file a path names, links followed; nothing when there is none (yet).
std::optional<FileIdentity> identity_of_path(const std::string& path) {
  struct stat s {};
  if (stat(path.c_str(), &s) != 0) return std::nullopt;
  return FileIdentity{s.st_dev, s.st_ino};
}

// Only a regular file can be overwritten by a rename; a terminal or a pipe behind a descriptor is
// no file to protect (writing there is refused anyway: write_file_atomically writes regular files).
std::optional<FileIdentity> identity_of_descriptor(int descriptor) {
  struct stat s {};
  if (fstat(descriptor, &s) != 0 || !S_ISREG(s.st_mode)) return std::nullopt;
  return FileIdentity{s.st_dev, s.st_ino};
}

}  // namespace

std::optional<std::string> output_target_conflict(const std::filesystem::path& output,
                                                  const std::vector<std::string>& inputs) {
  const auto target = identity_of_path(output.string());
  if (!target) return std::nullopt;
  for (const std::string& input : inputs) {
    const auto read = input == "-" ? identity_of_descriptor(STDIN_FILENO) : identity_of_path(input);
    if (read != target) continue;
    const std::string what = input == "-"               ? std::string("the file standard input comes from")
                             : input == output.string() ? std::string("one of this command's inputs")
                                                        : "the same file as the input " + input;
    return fmt::format("{}: is {}; gpuatom does not write over what it reads", output.string(), what);
  }
  if (identity_of_descriptor(STDOUT_FILENO) == target)
    return fmt::format("{}: is the file standard output goes to; writing it would replace what is printed",
                       output.string());
  if (identity_of_descriptor(STDERR_FILENO) == target)
    return fmt::format("{}: is the file standard error goes to; writing it would replace what is printed",
                       output.string());
  return std::nullopt;
}

}  // namespace gpuatom::support
