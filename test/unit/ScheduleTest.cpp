//===- ScheduleTest.cpp - Nest schedules as JSON and as clauses -----------===//

#include "schedule/Schedule.h"
#include "schedule/ScheduleCheck.h"

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
            "maxrregcount, tile, shared, pad, vector, pipeline, async, lanes, "
            "split)");
  EXPECT_EQ(Error(R"({"map": {"i": "w"}})"),
            "'map.i' must be \"x\", \"y\" or \"z\"");
  EXPECT_EQ(Error(R"({"map": {"i": "x", "j": "x"}})"),
            "grid dimension 'x' appears twice in 'map'");
  EXPECT_EQ(Error(R"({"block": [64, 32]})"),
            "block of 2048 threads exceeds the CUDA limit of 1024");
  EXPECT_EQ(Error(R"({"block": [0, 32]})"),
            "'block' must be a list of positive sizes, e.g. [32, 8]");
  EXPECT_EQ(Error(R"({"thread": {"i": 0}})"),
            "'thread.i' must be a positive integer");
  EXPECT_EQ(Error(R"({"maxrregcount": 8})"),
            "maxrregcount(8) is outside the 16..255 registers a thread may "
            "have");
}

NestSchedule tiledSample() {
  NestSchedule S;
  S.Block = {16, 16};
  S.Thread = {{"i", 4}, {"j", 4}};
  S.Tile = {{"i", 64}, {"j", 64}, {"k", 8}};
  S.Shared = {"B", "A"}; // Kept in the order written.
  S.Pad = 1;
  S.Vector = {{"j", 4}};
  S.Pipeline = 2;
  return S;
}

TEST(Schedule, TiledJsonRoundTrip) {
  NestSchedule S = tiledSample();
  EXPECT_EQ(S.str(), "block(16, 16) thread(i: 4, j: 4) tile(i: 64, j: 64, "
                     "k: 8) shared(B, A) pad(1) vector(j: 4) pipeline(2)");
  EXPECT_TRUE(S.isTiled());
  nlohmann::json J = scheduleToJson(S);
  EXPECT_EQ(J, nlohmann::json::parse(
                   R"({"block": [16, 16], "thread": {"i": 4, "j": 4},
                       "tile": {"i": 64, "j": 64, "k": 8},
                       "shared": ["B", "A"], "pad": 1, "vector": {"j": 4},
                       "pipeline": 2})"));
  NestSchedule Back;
  std::string Err;
  ASSERT_TRUE(scheduleFromJson(J, Back, Err)) << Err;
  EXPECT_EQ(Back.Tile, S.Tile);
  EXPECT_EQ(Back.Shared, S.Shared);
  EXPECT_EQ(Back.Pad, 1u);
  EXPECT_EQ(Back.Vector, S.Vector);
  EXPECT_EQ(Back.Pipeline, 2u);
  EXPECT_EQ(Back.str(), S.str());
  // Through text, as a schedule file is read.
  NestSchedule FromText;
  ASSERT_TRUE(scheduleFromJson(nlohmann::json::parse(J.dump()), FromText, Err))
      << Err;
  EXPECT_EQ(scheduleToJson(FromText), J);
}

TEST(Schedule, SplitJsonRoundTripAndValues) {
  NestSchedule S = tiledSample();
  S.Split = {{"k", 16}};
  EXPECT_EQ(S.str(), "block(16, 16) thread(i: 4, j: 4) tile(i: 64, j: 64, "
                     "k: 8) shared(B, A) pad(1) vector(j: 4) pipeline(2) "
                     "split(k: 16)");
  nlohmann::json J = scheduleToJson(S);
  EXPECT_EQ(J["split"], nlohmann::json::parse(R"({"k": 16})"));
  NestSchedule Back;
  std::string Err;
  ASSERT_TRUE(scheduleFromJson(J, Back, Err)) << Err;
  EXPECT_EQ(Back.Split, S.Split);
  EXPECT_TRUE(Back.isTiled());
  auto Problem = [](NestSchedule X) {
    std::optional<ScheduleProblem> P = checkScheduleValues(X, clausesSetIn(X));
    return P ? P->Message : std::string();
  };
  NestSchedule One = S;
  One.Split = {{"k", 1}};
  EXPECT_EQ(Problem(One), "split(k: 1) is outside the 2..1024 chunks a "
                          "reduction's strips may be divided into");
  NestSchedule Two = S;
  Two.Split = {{"k", 4}, {"l", 4}};
  EXPECT_EQ(Problem(Two), "clause 'split' names more than one loop");
  NestSchedule NoStrip = S;
  NoStrip.Split = {{"l", 4}};
  EXPECT_EQ(Problem(NoStrip), "split(l: 4) divides the strips of 'l' among "
                              "blocks, but 'l' has no strip");
  NestSchedule Async = S;
  Async.Pipeline = 0;
  Async.Async = 3;
  EXPECT_EQ(Problem(Async), "");
  EXPECT_EQ(Problem(S), "");
}

TEST(Schedule, TiledJsonDefaultsAndEdges) {
  // Absent keys stay at their defaults and are not written back.
  NestSchedule S;
  std::string Err;
  ASSERT_TRUE(
      scheduleFromJson(nlohmann::json::parse(R"({"tile": {"k": 1}})"), S, Err))
      << Err;
  EXPECT_EQ(S.Tile, (std::map<std::string, unsigned>{{"k", 1}}));
  EXPECT_TRUE(S.Shared.empty());
  EXPECT_EQ(S.Pad, 0u);
  EXPECT_EQ(S.Pipeline, 0u);
  EXPECT_EQ(scheduleToJson(S), nlohmann::json::parse(R"({"tile": {"k": 1}})"));
  // pad(0) and pipeline(1) are the defaults, but written ones are legal;
  // pipeline(1) is kept so that a round trip gives the file back.
  ASSERT_TRUE(scheduleFromJson(
      nlohmann::json::parse(R"({"pad": 0, "pipeline": 1, "vector": {"j": 1}})"),
      S, Err))
      << Err;
  EXPECT_EQ(S.Pad, 0u);
  EXPECT_EQ(S.Pipeline, 1u);
  EXPECT_FALSE(S.Vector.empty());
  EXPECT_EQ(scheduleToJson(S),
            nlohmann::json::parse(R"({"pipeline": 1, "vector": {"j": 1}})"));
  ASSERT_TRUE(scheduleFromJson(
      nlohmann::json::parse(R"({"pad": 32, "vector": {"i": 2, "j": 4}})"), S,
      Err))
      << Err;
  EXPECT_EQ(S.Pad, 32u);
  EXPECT_EQ(S.str(), "pad(32) vector(i: 2, j: 4)");
}

TEST(Schedule, TiledJsonErrors) {
  auto Error = [](const char *Text) {
    NestSchedule S;
    std::string Err;
    EXPECT_FALSE(scheduleFromJson(nlohmann::json::parse(Text), S, Err)) << Text;
    return Err;
  };
  EXPECT_EQ(Error(R"({"tile": {"i": 0}})"),
            "'tile.i' must be a positive integer");
  EXPECT_EQ(Error(R"({"tile": [64, 64]})"),
            "'tile' must be an object of loop: factor, e.g. {\"i\": 4}");
  EXPECT_EQ(Error(R"({"vector": {"j": 3}})"),
            "vector width 3 for loop 'j' is not 1, 2 or 4");
  EXPECT_EQ(Error(R"({"vector": {"j": 8}})"),
            "vector width 8 for loop 'j' is not 1, 2 or 4");
  EXPECT_EQ(Error(R"({"vector": {"j": 0}})"),
            "'vector.j' must be a positive integer");
  EXPECT_EQ(Error(R"({"shared": "A"})"),
            "'shared' must be a list of array names, e.g. [\"A\", \"B\"]");
  EXPECT_EQ(Error(R"({"shared": []})"),
            "'shared' must be a list of array names, e.g. [\"A\", \"B\"]");
  EXPECT_EQ(Error(R"({"shared": ["A", 1]})"),
            "'shared' must be a list of array names, e.g. [\"A\", \"B\"]");
  EXPECT_EQ(Error(R"({"shared": ["A", "B", "A"]})"),
            "array 'A' appears twice in 'shared'");
  EXPECT_EQ(Error(R"({"pad": 33})"),
            "pad(33) is outside the 0..32 elements a shared tile row may be "
            "padded by");
  EXPECT_EQ(Error(R"({"pad": -1})"), "'pad' must be an integer from 0 to 32");
  EXPECT_EQ(Error(R"({"pad": 1.5})"), "'pad' must be an integer from 0 to 32");
  const char *Pipeline = ") is not 1 (single-buffered), 2 (the next strip "
                         "staged in registers) or 3 (and two shared buffers)";
  EXPECT_EQ(Error(R"({"pipeline": 4})"), std::string("pipeline(4") + Pipeline);
  EXPECT_EQ(Error(R"({"pipeline": 0})"), std::string("pipeline(0") + Pipeline);
  EXPECT_EQ(Error(R"({"pipeline": "2"})"), "'pipeline' must be 1, 2 or 3");
  const char *Async = "): the number of buffers of each shared tile, filled "
                      "by asynchronous copies, must be 2, 3 or 4";
  EXPECT_EQ(Error(R"({"async": 7})"), std::string("async(7") + Async);
  EXPECT_EQ(Error(R"({"async": 1})"), std::string("async(1") + Async);
  EXPECT_EQ(Error(R"({"async": 0})"), std::string("async(0") + Async);
  EXPECT_EQ(Error(R"({"async": "3"})"), "'async' must be 2, 3 or 4");
  EXPECT_EQ(Error(R"({"async": -1})"), "'async' must be 2, 3 or 4");
  EXPECT_EQ(Error(R"({"async": 3, "pipeline": 2})"),
            "async(3) copies the next strips without registers; it replaces "
            "pipeline(2)");
}

// async(N): written after pipeline, kept through JSON, with pipeline(1)
// (the default, written) allowed beside it.
TEST(Schedule, AsyncJsonRoundTrip) {
  NestSchedule S = tiledSample();
  S.Pipeline = 1;
  S.Async = 3;
  EXPECT_EQ(S.str(), "block(16, 16) thread(i: 4, j: 4) tile(i: 64, j: 64, "
                     "k: 8) shared(B, A) pad(1) vector(j: 4) async(3)");
  nlohmann::json J = scheduleToJson(S);
  EXPECT_EQ(J["async"], 3);
  EXPECT_EQ(J["pipeline"], 1);
  NestSchedule Back;
  std::string Err;
  ASSERT_TRUE(scheduleFromJson(nlohmann::json::parse(J.dump()), Back, Err))
      << Err;
  EXPECT_EQ(Back.Async, 3u);
  EXPECT_EQ(Back.Pipeline, 1u);
  EXPECT_EQ(Back.str(), S.str());
  EXPECT_EQ(scheduleToJson(Back), J);
  // Absent: not asynchronous, and not written back.
  ASSERT_TRUE(scheduleFromJson(nlohmann::json::parse(R"({"tile": {"k": 1}})"),
                               Back, Err))
      << Err;
  EXPECT_EQ(Back.Async, 0u);
  EXPECT_FALSE(scheduleToJson(Back).contains("async"));
}

// The value rules themselves, as every producer's schedule meets them: the
// clause and item a problem concerns (where the pragma puts its caret), and
// the "given" set that makes pipeline(0) an error while an unset pipeline
// is not.
TEST(Schedule, CheckScheduleValues) {
  NestSchedule S;
  EXPECT_FALSE(checkScheduleValues(S, {}));
  EXPECT_TRUE(clausesSetIn(S).empty());
  auto P = checkScheduleValues(S, {"pipeline"});
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Clause, "pipeline");

  S.Block = {32, 8, 2, 2};
  P = checkScheduleValues(S, clausesSetIn(S));
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Message, "block has more than 3 dimensions");
  S.Block = {32, 8};

  S.Map = {{"j", 0}, {"i", 1}, {"j", 2}};
  P = checkScheduleValues(S, clausesSetIn(S));
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Clause, "map");
  EXPECT_EQ(P->Item, "j");
  EXPECT_EQ(P->Message, "loop 'j' appears twice in 'map'");
  S.Map = {{"j", 0}, {"i", 1}};

  S.Tile = {{"i", 64}, {"j", 64}};
  S.Vector = {{"j", 4}, {"i", 2}};
  S.Shared = {"A", "B"};
  S.Pad = 32;
  S.Pipeline = 3;
  S.MaxRegCount = 255;
  EXPECT_FALSE(checkScheduleValues(S, clausesSetIn(S)));
  EXPECT_EQ(clausesSetIn(S),
            (std::set<std::string>{"block", "map", "maxrregcount", "pad",
                                   "pipeline", "shared", "tile", "vector"}));

  S.Thread = {{"i", 0}};
  P = checkScheduleValues(S, clausesSetIn(S));
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Clause, "thread");
  EXPECT_EQ(P->Item, "i");
  S.Thread.clear();
  S.MaxRegCount = 256;
  P = checkScheduleValues(S, clausesSetIn(S));
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Clause, "maxrregcount");
  S.MaxRegCount = 255;

  // async(N) replaces pipeline(2) and (3), reported at the async clause;
  // pipeline(1) or none goes with it.
  S.Async = 3;
  EXPECT_TRUE(clausesSetIn(S).count("async"));
  P = checkScheduleValues(S, clausesSetIn(S));
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Clause, "async");
  EXPECT_EQ(P->Message, "async(3) copies the next strips without registers; "
                        "it replaces pipeline(3)");
  EXPECT_EQ(P->Hint, "leave out pipeline(...)");
  S.Pipeline = 1;
  EXPECT_FALSE(checkScheduleValues(S, clausesSetIn(S)));
  S.Pipeline = 0;
  for (unsigned N : {2u, 4u}) {
    S.Async = N;
    EXPECT_FALSE(checkScheduleValues(S, clausesSetIn(S)));
  }
  S.Async = 5;
  P = checkScheduleValues(S, clausesSetIn(S));
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Clause, "async");
  S.Async = 0;
  P = checkScheduleValues(S, {"async"});
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Clause, "async");
}

// lanes(L: N): one loop, 2 to 1024 threads, beside map, unroll and
// maxrregcount only; the file key reads and writes it as the clause.
TEST(Schedule, Lanes) {
  NestSchedule S;
  S.Map = {{"i", 0}};
  S.Unroll = {{"j", 2}};
  S.MaxRegCount = 64;
  S.Lanes = {{"j", 256}};
  EXPECT_FALSE(S.isDefault());
  EXPECT_FALSE(S.isTiled());
  EXPECT_EQ(S.str(), "map(i: x) unroll(j: 2) lanes(j: 256) maxrregcount(64)");
  EXPECT_EQ(clausesSetIn(S),
            (std::set<std::string>{"lanes", "map", "maxrregcount", "unroll"}));
  EXPECT_FALSE(checkScheduleValues(S, clausesSetIn(S)));
  nlohmann::json J = scheduleToJson(S);
  EXPECT_EQ(J["lanes"]["j"], 256);
  NestSchedule Back;
  std::string Err;
  ASSERT_TRUE(scheduleFromJson(nlohmann::json::parse(J.dump()), Back, Err))
      << Err;
  EXPECT_EQ(Back.str(), S.str());
  EXPECT_FALSE(scheduleFromJson(nlohmann::json::parse(R"({"lanes": {"j": 0}})"),
                                Back, Err));
  EXPECT_EQ(Err, "'lanes.j' must be a positive integer");

  for (unsigned N : {1u, 1025u}) {
    S.Lanes = {{"j", N}};
    auto P = checkScheduleValues(S, clausesSetIn(S));
    ASSERT_TRUE(P);
    EXPECT_EQ(P->Clause, "lanes");
    EXPECT_EQ(P->Item, "j");
  }
  S.Lanes = {{"i", 32}, {"j", 32}};
  auto P = checkScheduleValues(S, clausesSetIn(S));
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Message, "clause 'lanes' names more than one loop");
  S.Lanes = {{"j", 32}};
  S.Block = {64};
  P = checkScheduleValues(S, clausesSetIn(S));
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Message, "lanes(j: 32) chooses the threads of each point "
                        "itself; it cannot be combined with 'block(64)'");
  S.Block.clear();
  S.Tile = {{"i", 64}};
  P = checkScheduleValues(S, clausesSetIn(S));
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Clause, "lanes");
}

} // namespace
