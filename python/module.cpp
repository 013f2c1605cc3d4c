// The Python module's native part, `gpuatom._gpuatom`: the atomics of each vendor resolved by the
// library and run over NumPy buffers, and the checks of a kernel's output. The package gpuatom
// (gpuatom/__init__.py) gives them dtypes and shapes. The only pybind11 unit: pybind11 is slow to
// compile, so everything that does not touch Python lives in the plain C++ files beside this one.
#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <future>
#include <map>
#include <string>

#include "amd_outcome.hpp"
#include "array_atomic.hpp"
#include "checks.hpp"
#include "gpuatom/alu/operation.hpp"
#include "gpuatom/support/diagnostic.hpp"
#include "gpuatom/support/input_error.hpp"
#include "run.hpp"
#include "text.hpp"

namespace py = pybind11;

namespace gpuatom::python {

namespace {

std::string fmt_size(const char* name, std::size_t size, std::size_t bytes) {
  return fmt::format("{} holds {} bytes where {} were expected", name, size, bytes);
}

// A buffer's bytes, refused unless C-contiguous and of `bytes` bytes (the package hands over arrays
// it shaped; this guards against a caller of the native module that did not).
const void* read_bytes(const py::buffer& buffer, std::size_t bytes, const char* name) {
  const py::buffer_info info = buffer.request();
  const auto size = static_cast<std::size_t>(info.size * info.itemsize);
  if (size != bytes) throw support::InputError(fmt_size(name, size, bytes));
  return info.ptr;
}
void* write_bytes(const py::buffer& buffer, std::size_t bytes, const char* name) {
  const py::buffer_info info = buffer.request(true);
  const auto size = static_cast<std::size_t>(info.size * info.itemsize);
  if (size != bytes) throw support::InputError(fmt_size(name, size, bytes));
  return info.ptr;
}
const void* optional_bytes(const py::object& object, std::size_t bytes, const char* name) {
  return object.is_none() ? nullptr : read_bytes(object.cast<py::buffer>(), bytes, name);
}

std::size_t element_bytes(const ArrayAtomic& atomic) { return static_cast<std::size_t>(atomic.bits) / 8; }

void apply_arrays(const ArrayAtomic& atomic, const py::buffer& old, const py::buffer& first, const py::object& second,
                  const py::buffer& memory, const py::object& returned) {
  const std::size_t bytes = old.request().size * old.request().itemsize;
  ElementArrays arrays;
  arrays.count = bytes / element_bytes(atomic);
  arrays.old = read_bytes(old, bytes, "old");
  arrays.first = read_bytes(first, bytes, "the operand");
  arrays.second = optional_bytes(second, bytes, "the second operand");
  arrays.memory = write_bytes(memory, bytes, "memory");
  arrays.returned = returned.is_none() ? nullptr : write_bytes(returned.cast<py::buffer>(), bytes, "returned");
  py::gil_scoped_release release;
  apply(atomic, arrays);
}

ObservedArrays observed(const ArrayAtomic& atomic, const py::buffer& initial, const py::buffer& final_memory,
                        const py::buffer& index, const py::buffer& first, const py::object& second,
                        const py::object& returned, const py::object& thread) {
  ObservedArrays o;
  const py::buffer_info memory = initial.request(), indices = index.request();
  o.elements = static_cast<std::size_t>(memory.size * memory.itemsize) / element_bytes(atomic);
  o.atomics = static_cast<std::size_t>(indices.size);
  const std::size_t memory_bytes = o.elements * element_bytes(atomic), atomic_bytes = o.atomics * element_bytes(atomic);
  o.initial = read_bytes(initial, memory_bytes, "initial");
  o.final_memory = read_bytes(final_memory, memory_bytes, "final");
  o.index = static_cast<const int64_t*>(read_bytes(index, o.atomics * sizeof(int64_t), "index"));
  o.first = read_bytes(first, atomic_bytes, "the operand");
  o.second = optional_bytes(second, atomic_bytes, "the second operand");
  o.returned = optional_bytes(returned, atomic_bytes, "returned");
  o.thread = static_cast<const int64_t*>(optional_bytes(thread, o.atomics * sizeof(int64_t), "thread"));
  return o;
}

// Work that may be long (a serial-order search, a scenario run), off the Python thread; this thread
// watches for signals, so that Ctrl-C sets the work's stop flag and raises KeyboardInterrupt.
template <class Work>
auto interruptible(Work work) {
  std::atomic<bool> stop{false};
  std::future<decltype(work(stop))> result;
  {
    py::gil_scoped_release release;
    result = std::async(std::launch::async, [&] { return work(stop); });
  }
  for (;;) {
    std::future_status status;
    {
      py::gil_scoped_release release;
      status = result.wait_for(std::chrono::milliseconds(50));
    }
    if (status == std::future_status::ready) return result.get();
    if (PyErr_CheckSignals() != 0) {
      stop = true;
      {
        py::gil_scoped_release release;
        result.wait();
      }
      throw py::error_already_set();
    }
  }
}

// A run's report as Python values: the regions' contents as uint64 arrays of element bits, which
// the package views as the elements' dtype; bad input as a list of diagnostics.
py::object run_result(const std::variant<gpuatom::launch::RunReport, gpuatom::support::Diagnostics>& result) {
  if (const auto* diagnostics = std::get_if<gpuatom::support::Diagnostics>(&result))
    return py::make_tuple(false, diagnostics->all());
  const gpuatom::launch::RunReport& report = std::get<gpuatom::launch::RunReport>(result);
  py::list regions;
  for (const gpuatom::launch::RunReport::Dump& dump : report.dumps)
    regions.append(
        py::make_tuple(dump.region, std::string(gpuatom::launch::name(dump.type)), dump.elements,
                       py::array_t<uint64_t>(static_cast<py::ssize_t>(dump.values.size()), dump.values.data())));
  py::list outcomes;
  for (const gpuatom::launch::RunReport::Outcome& o : report.outcomes)
    outcomes.append(py::make_tuple(o.text, o.count, o.expectations_hold));
  py::dict out;
  out["name"] = report.name;
  out["file"] = report.file;
  out["mode"] = std::string(gpuatom::exec::name(report.mode));
  out["passed"] = report.passed();
  out["undecided"] = report.undecided();
  out["interrupted"] = report.interrupted;
  out["skipped"] = report.skipped;
  out["lanes"] = report.lanes;
  out["seconds"] = report.seconds;
  out["expectations"] = report.expectations;
  out["faults"] = report.fault_text;
  out["notes"] = report.notes;
  out["outcomes"] = outcomes;
  out["executions"] = report.executions;
  out["regions"] = regions;
  return py::make_tuple(true, out);
}

}  // namespace

}  // namespace gpuatom::python

PYBIND11_MODULE(_gpuatom, m) {
  using namespace gpuatom::python;
  namespace alu = gpuatom::alu;
  m.doc() = "gpuatom's native part: atomics over raw element buffers (use the package gpuatom)";
  // pybind11 takes a translator by value (void(*)(std::exception_ptr)).
  py::register_exception_translator([](std::exception_ptr p) {  // NOLINT(performance-unnecessary-value-param)
    try {
      if (p) std::rethrow_exception(p);
    } catch (const gpuatom::support::InputError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });

  py::class_<ArrayAtomic>(m, "Atomic")
      .def_property_readonly("op", [](const ArrayAtomic& a) { return std::string(alu::name(a.operation.op)); })
      .def_property_readonly("type", [](const ArrayAtomic& a) { return std::string(alu::name(a.operation.type)); })
      .def_readonly("bits", &ArrayAtomic::bits)
      .def_readonly("vector_words", &ArrayAtomic::vector_words)
      .def_readonly("returns", &ArrayAtomic::returns)
      .def_readonly("takes_second", &ArrayAtomic::takes_second)
      .def_readonly("warnings", &ArrayAtomic::warnings);

  m.def(
      "nvidia_atomic",
      [](const std::string& spelling, const std::string& arch, const std::string& inst, const std::string& nan,
         bool f16x2_flush, bool safeadd_model, bool has_swap) {
        if (nan != "canonical" && nan != "propagate")
          throw gpuatom::support::InputError("nan=" + nan + ": expected canonical or propagate");
        return nvidia_atomic(spelling, arch, inst, {nan == "propagate", f16x2_flush, safeadd_model}, has_swap);
      },
      py::arg("spelling"), py::arg("arch"), py::arg("inst"), py::arg("nan"), py::arg("f16x2_flush"),
      py::arg("safeadd_model"), py::arg("has_swap"));
  m.def("intel_atomic", &intel_atomic, py::arg("spelling"), py::arg("platform"), py::arg("form"), py::arg("data"),
        py::arg("has_src1"));
  m.def(
      "amd_atomic",
      [](const std::string& mnemonic, const std::string& target, const std::string& lds_denormals,
         const std::string& l2_add_f32, const std::string& inf_minus_inf, bool has_compare) {
        return amd_atomic(mnemonic, target, {lds_denormals, l2_add_f32, inf_minus_inf}, has_compare);
      },
      py::arg("mnemonic"), py::arg("target"), py::arg("lds_denormals"), py::arg("l2_add_f32"), py::arg("inf_minus_inf"),
      py::arg("has_compare"));
  m.def(
      "amd_outcome",
      [](const std::string& device, const std::string& op, const std::string& memory, const std::string& granularity,
         const std::string& scope, const std::string& pcie, const std::string& strategy,
         const std::map<std::string, std::string>& switches) {
        return amd_outcome_json({device, op, memory, granularity, scope, pcie, strategy, switches});
      },
      py::arg("device"), py::arg("op"), py::arg("memory"), py::arg("granularity"), py::arg("scope"), py::arg("pcie"),
      py::arg("strategy"), py::arg("switches"));
  m.def("alu_atomic", &alu_atomic, py::arg("op"), py::arg("type"));
  m.def("apply", &apply_arrays, py::arg("atomic"), py::arg("old"), py::arg("first"), py::arg("second"),
        py::arg("memory"), py::arg("returned"));

  py::class_<ElementCheck>(m, "Check")
      .def_readonly("passed", &ElementCheck::passed)
      .def_readonly("undecided", &ElementCheck::undecided)
      .def_readonly("explanation", &ElementCheck::explanation)
      .def_readonly("element", &ElementCheck::element)
      .def("__bool__", [](const ElementCheck& c) { return c.passed; })
      .def("__repr__", [](const ElementCheck& c) {
        return fmt::format("<gpuatom.Check {}: {}>",
                           c.passed      ? "passed"
                           : c.undecided ? "undecided"
                                         : "failed",
                           c.explanation);
      });
  namespace support = gpuatom::support;
  py::class_<support::Diagnostic>(m, "Diagnostic")
      .def_property_readonly(
          "severity",
          [](const support::Diagnostic& d) { return d.severity == support::Severity::error ? "error" : "warning"; })
      .def_property_readonly("file", [](const support::Diagnostic& d) { return d.where.file.str(); })
      .def_property_readonly("line", [](const support::Diagnostic& d) { return d.where.line; })
      .def_property_readonly("column", [](const support::Diagnostic& d) { return d.where.column; })
      .def_property_readonly("offset", [](const support::Diagnostic& d) { return d.where.byte_offset; })
      .def_readonly("message", &support::Diagnostic::message)
      .def_readonly("rule", &support::Diagnostic::rule)
      .def("__str__", [](const support::Diagnostic& d) { return support::format(d); })
      .def("__repr__", [](const support::Diagnostic& d) { return "<gpuatom.Diagnostic " + support::format(d) + ">"; });
  py::class_<AssembledText>(m, "Instruction")
      .def_readonly("text", &AssembledText::text)
      .def_readonly("word", &AssembledText::word)
      .def_readonly("word_high", &AssembledText::word_high)
      .def_readonly("line", &AssembledText::line)
      .def("__repr__", [](const AssembledText& t) { return "<gpuatom.Instruction " + t.text + ">"; });
  py::class_<TextResult>(m, "TextResult")
      .def_readonly("diagnostics", &TextResult::diagnostics)
      .def_readonly("lines", &TextResult::lines)
      .def_readonly("ok", &TextResult::ok);
  m.def("nvidia_check", &nvidia_check, py::arg("source"), py::arg("file"), py::arg("arch"),
        py::arg("rules_as_warnings"), py::call_guard<py::gil_scoped_release>());
  m.def("nvidia_asm", &nvidia_asm, py::arg("source"), py::arg("file"), py::arg("arch"), py::arg("encode"),
        py::arg("rules_as_warnings"), py::call_guard<py::gil_scoped_release>());
  m.def("nvidia_disasm", &nvidia_disasm, py::arg("words"), py::arg("arch"), py::arg("control"),
        py::call_guard<py::gil_scoped_release>());

  py::class_<gpuatom::launch::ExpectationResult>(m, "Expectation")
      .def_readonly("passed", &gpuatom::launch::ExpectationResult::passed)
      .def_readonly("undecided", &gpuatom::launch::ExpectationResult::undecided)
      .def_readonly("what", &gpuatom::launch::ExpectationResult::what)
      .def_readonly("detail", &gpuatom::launch::ExpectationResult::detail)
      .def_property_readonly("line", [](const gpuatom::launch::ExpectationResult& e) { return e.where.line; })
      .def("__repr__", [](const gpuatom::launch::ExpectationResult& e) {
        return fmt::format("<gpuatom.Expectation {}: {}>", e.passed ? "held" : "failed", e.what);
      });
  m.def(
      "run",
      [](const std::string& path, const std::string& text, const std::string& mode, uint64_t seed, unsigned threads,
         uint64_t max_executions, uint64_t region_limit) {
        const ScenarioRequest request{path, text, mode, seed, threads, max_executions, region_limit};
        return run_result(interruptible([&](const std::atomic<bool>& stop) { return run_scenario(request, stop); }));
      },
      py::arg("path"), py::arg("text"), py::arg("mode"), py::arg("seed"), py::arg("threads"), py::arg("max_executions"),
      py::arg("region_limit"));
  m.def(
      "explainable",
      [](const ArrayAtomic& atomic, const py::buffer& initial, const py::buffer& final_memory, const py::buffer& index,
         const py::buffer& first, const py::object& second, const py::object& returned, const py::object& thread,
         uint64_t states) {
        gpuatom::exec::SerialSearchBudget budget;
        budget.states = states;
        const ObservedArrays o = observed(atomic, initial, final_memory, index, first, second, returned, thread);
        return interruptible([&](const std::atomic<bool>& stop) { return explainable(atomic, o, budget, &stop); });
      },
      py::arg("atomic"), py::arg("initial"), py::arg("final"), py::arg("index"), py::arg("first"), py::arg("second"),
      py::arg("returned"), py::arg("thread"), py::arg("states"));
  m.def(
      "fold",
      [](const ArrayAtomic& atomic, const py::buffer& initial, const py::buffer& final_memory, const py::buffer& index,
         const py::buffer& first, const py::object& second) {
        const ObservedArrays o = observed(atomic, initial, final_memory, index, first, second, py::none(), py::none());
        py::gil_scoped_release release;
        return fold(atomic, o);
      },
      py::arg("atomic"), py::arg("initial"), py::arg("final"), py::arg("index"), py::arg("first"), py::arg("second"));
  m.def(
      "permutation",
      [](const ArrayAtomic& atomic, const py::buffer& initial, const py::buffer& final_memory, const py::buffer& index,
         const py::buffer& stored, const py::buffer& returned) {
        const ObservedArrays o =
            observed(atomic, initial, final_memory, index, stored, py::none(), returned, py::none());
        py::gil_scoped_release release;
        return permutation(atomic, o);
      },
      py::arg("atomic"), py::arg("initial"), py::arg("final"), py::arg("index"), py::arg("stored"),
      py::arg("returned"));
}
