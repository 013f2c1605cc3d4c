// The wrapper of a documentation snippet that is the body of main (scripts/doc-snippets): the
// headers the docs name for it, then the snippet. It returns 1 where it does not hold what its
// comment says.
#include <cstdio>
#include <gpuatom/embed/launch.hpp>

int main() {
  // @SNIPPET@
}
