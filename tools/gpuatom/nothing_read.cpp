#include "nothing_read.hpp"

namespace gpuatom::cli {

void NothingReadRule::add_option(CLI::App& command) {
  command.add_flag("--allow-empty", allow_empty_,
                   "accept an input that holds no instruction (empty, only comments, a cubin without code): exit 0; "
                   "without it that is bad input (exit 2), so that a tool that failed and wrote nothing does not pass");
}

}  // namespace gpuatom::cli
