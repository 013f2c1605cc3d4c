// A comment may cite docs/spec/intel.md §3.1: comments are not messages.
const char* a = "a rule (docs/spec/intel.md §3.1)";                 // not shipped: reported
const char* b = "a rule (docs/page.md §2.1, §7)";                   // §7 is missing: reported
const char* c = "a rule (docs/missing.md)";                         // reported
const char* d = "a rule (docs/page.md#explicit, docs/page.md §1)";  // fine
const char* e =
    "a rule split over two literals (docs/page.md "
    "§3)";  // §3 is missing: reported
