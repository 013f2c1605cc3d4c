#include <cstdio>

int main() {
  // @SNIPPET@
}
