// One 128-bit word and the text nvdisasm prints for it, both ways: the word decodes to the text and
// encodes back to itself, and the text parses and encodes to the word (its control bits given, as
// `--control` gives them). The form tests of each opcode pin their real words with it.
// Header-only.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/text/printer.hpp"

inline void expect_word_and_text_round_trip(gpuatom::nvidia::Architecture arch, gpuatom::nvidia::Word128 word,
                                            const std::string& text) {
  using gpuatom::nvidia::Instruction;
  using gpuatom::nvidia::Word128;
  SCOPED_TRACE(text + " on " + std::string(name(arch)));
  const auto decoded = gpuatom::nvidia::decode128(word, arch);
  ASSERT_TRUE(std::holds_alternative<Instruction>(decoded)) << std::get<gpuatom::support::Diagnostic>(decoded).message;
  EXPECT_EQ(print(std::get<Instruction>(decoded)), text);
  const auto again = encode128(std::get<Instruction>(decoded), arch);
  ASSERT_TRUE(std::holds_alternative<Word128>(again)) << std::get<gpuatom::support::Diagnostic>(again).message;
  EXPECT_EQ(std::get<Word128>(again), word);
  auto parsed = gpuatom::nvidia::parse_sass(text, "t.sass", arch);
  ASSERT_EQ(parsed.diagnostics.format_all(), "");
  ASSERT_EQ(parsed.instructions.size(), 1u);
  Instruction i = parsed.instructions[0];
  i.kept_bits = with_control_bits(i.kept_bits, gpuatom::nvidia::control_bits(word));
  const auto encoded = encode128(i, arch);
  ASSERT_TRUE(std::holds_alternative<Word128>(encoded)) << std::get<gpuatom::support::Diagnostic>(encoded).message;
  EXPECT_EQ(std::get<Word128>(encoded), word);
}
