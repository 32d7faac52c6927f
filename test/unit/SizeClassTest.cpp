//===- SizeClassTest.cpp - Which size set a call runs ---------------------===//
//
// runtime/size-classes.cuh is host code the dispatching entries of a .cu
// tuned at several sizes run (codegen/SizeDispatchPrinter.h): tested here
// as it is, included.

#include "../../lib/codegen/runtime/size-classes.cuh"

#include <gtest/gtest.h>

namespace {

int classOf(const std::vector<long long> &Classes, int Params,
            const std::vector<long long> &Call) {
  return c2c_size_class(Classes.data(),
                        static_cast<int>(Classes.size()) / Params, Params,
                        Call.data());
}

TEST(SizeClass, ExactSizesRunTheirOwnClass) {
  std::vector<long long> Cubes = {1024, 1024, 1024, 4096, 4096,
                                  4096, 8192, 8192, 8192};
  EXPECT_EQ(classOf(Cubes, 3, {1024, 1024, 1024}), 0);
  EXPECT_EQ(classOf(Cubes, 3, {4096, 4096, 4096}), 1);
  EXPECT_EQ(classOf(Cubes, 3, {8192, 8192, 8192}), 2);
}

TEST(SizeClass, NearestInLogScale) {
  std::vector<long long> Cubes = {1024, 1024, 1024, 4096, 4096,
                                  4096, 8192, 8192, 8192};
  // 3000 is 1.55 octaves above 1024 (too far) and 0.45 below 4096.
  EXPECT_EQ(classOf(Cubes, 3, {3000, 3000, 3000}), 1);
  // 6000: 0.55 octaves above 4096, 0.45 below 8192.
  EXPECT_EQ(classOf(Cubes, 3, {6000, 6000, 6000}), 2);
  // One parameter far off the others: the sum of squares decides.
  EXPECT_EQ(classOf(Cubes, 3, {4096, 4096, 7000}), 1);
}

TEST(SizeClass, TiesGoToTheFirstGiven) {
  // 2048 is one octave from both.
  EXPECT_EQ(classOf({1024, 4096}, 1, {2048}), 0);
  EXPECT_EQ(classOf({4096, 1024}, 1, {2048}), 0);
}

TEST(SizeClass, NothingWithinAFactorOfTwoRunsTheDefault) {
  std::vector<long long> Cubes = {1024, 1024, 1024, 8192, 8192, 8192};
  EXPECT_EQ(classOf(Cubes, 3, {100, 100, 100}), -1);
  EXPECT_EQ(classOf(Cubes, 3, {32768, 32768, 32768}), -1);
  // Every parameter must be near: a skinny product is not a cube.
  EXPECT_EQ(classOf(Cubes, 3, {8192, 8192, 64}), -1);
  // Exactly a factor of 2 still applies.
  EXPECT_EQ(classOf(Cubes, 3, {512, 512, 512}), 0);
  EXPECT_EQ(classOf(Cubes, 3, {511, 512, 512}), -1);
}

TEST(SizeClass, SizesBelowOneCountAsOne) {
  EXPECT_EQ(classOf({1, 64}, 1, {0}), 0);
  EXPECT_EQ(classOf({1, 64}, 1, {-5}), 0);
  EXPECT_EQ(classOf({0, 64}, 1, {2}), 0);
  EXPECT_EQ(classOf({64}, 1, {0}), -1);
}

} // namespace
