// Writing files so that nothing is ever half-written, and stopping long work on Ctrl-C.
//
// write_file_atomically writes the whole contents to a temporary file in the target's directory
// (".NAME.tmp-PID-N"), flushes it to disk and renames it over the target: a reader sees the old
// file or the new one, never a part. On any failure the temporary file is removed and the old
// file is left as it was. SIGINT, SIGTERM and SIGHUP are held back while the temporary file
// exists, so an interrupt cannot leave one behind either.
//
// The interrupt flag: install_interrupt_handler() makes the first SIGINT (or SIGTERM, SIGHUP, SIGPIPE) set a flag
// that long loops poll (interrupted()); a second one ends the process at once, as without the
// handler.
#pragma once

#include <atomic>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuatom::support {

// Nothing on success; else why it failed ("cannot write DIR/.x.tmp-ab12cd: No space left on device").
// A symbolic link is written through (the file it names is replaced; the link stays); an existing
// target that is not a regular file (a device, a FIFO, a directory) is refused, so is the file
// standard output or error goes to (output_target.hpp), and an existing file's permission bits
// are kept.
std::optional<std::string> write_file_atomically(const std::filesystem::path& path, std::string_view contents);

// Several files as one: every one is written to its temporary file first, and only when all are
// written are they renamed into place, so a full disk or a refused target replaces none of them.
// Should a rename itself fail, the message says which files were replaced.
std::optional<std::string> write_files_atomically(
    const std::vector<std::pair<std::filesystem::path, std::string>>& files);

// The process-wide stop request, set by the interrupt handler (or by tests).
std::atomic<bool>& interrupt_flag();
inline bool interrupted() { return interrupt_flag().load(std::memory_order_relaxed); }

// SIGINT, SIGTERM and SIGHUP set interrupt_flag() once; the next one has its default effect.
// SIGPIPE (the reader of standard output went away) sets it every time, and the write that raised
// it fails with EPIPE instead of ending the process.
void install_interrupt_handler();

// The exit status of a command stopped by SIGINT (128 + 2), as shells report it.
inline constexpr int exit_interrupted = 130;

}  // namespace gpuatom::support
