//===- ScheduleTest.cpp - Nest schedules as JSON and as clauses -----------===//

#include "schedule/Schedule.h"

#include "gtest/gtest.h"

using namespace c2cuda;

namespace {

NestSchedule sample() {
  NestSchedule S;
  S.Map = {{"j", 0}, {"i", 1}};
  S.Block = {32, 8};
  S.Thread = {{"i", 2}};
  S.Unroll = {{"k", 4}};
  S.MaxRegCount = 64;
  return S;
}

TEST(Schedule, ClauseText) {
  EXPECT_EQ(sample().str(), "map(j: x, i: y) block(32, 8) thread(i: 2) "
                            "unroll(k: 4) maxrregcount(64)");
  EXPECT_EQ(NestSchedule().str(), "");
  EXPECT_TRUE(NestSchedule().isDefault());
}

TEST(Schedule, JsonRoundTrip) {
  nlohmann::json J = scheduleToJson(sample());
  EXPECT_EQ(J, nlohmann::json::parse(
                   R"({"map": {"j": "x", "i": "y"}, "block": [32, 8],
                       "thread": {"i": 2}, "unroll": {"k": 4},
                       "maxrregcount": 64})"));
  NestSchedule Back;
  std::string Err;
  ASSERT_TRUE(scheduleFromJson(J, Back, Err)) << Err;
  EXPECT_EQ(Back.str(), sample().str());
}

TEST(Schedule, JsonErrors) {
  auto Error = [](const char *Text) {
    NestSchedule S;
    std::string Err;
    EXPECT_FALSE(scheduleFromJson(nlohmann::json::parse(Text), S, Err)) << Text;
    return Err;
  };
  EXPECT_EQ(Error(R"({"blok": [1]})"),
            "unknown key 'blok' (known: nest, map, block, thread, unroll, "
            "maxrregcount)");
  EXPECT_EQ(Error(R"({"map": {"i": "w"}})"),
            "'map.i' must be \"x\", \"y\" or \"z\"");
  EXPECT_EQ(Error(R"({"map": {"i": "x", "j": "x"}})"),
            "'map' maps two loops to 'x'");
  EXPECT_NE(Error(R"({"block": [64, 32]})").find("at most 1024"),
            std::string::npos);
  EXPECT_EQ(Error(R"({"thread": {"i": 0}})"),
            "'thread.i' must be a positive integer");
  EXPECT_EQ(Error(R"({"maxrregcount": 8})"),
            "'maxrregcount' must be an integer from 16 to 255");
}

} // namespace
